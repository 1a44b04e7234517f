"""Your turn: placing dice on slots, changing dice with gold, two dice a turn,
Bluefin's fifth die, and how a round ends."""

from __future__ import annotations

from ...engine.words import slot_title
from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, position


def first_turn():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "2,2", "patrol": ["2,2"], "smuggler1": "0,1",
                             "mollusk": "3,2"},
                    comrades={"3,2": 3}, turn="bluefin",
                    dice={"bluefin": [2, 3, 3, 6, 6], "smuggler1": [1, 2, 4, 6],
                          "mollusk": [1, 2, 6, 6]},
                    gold={"bluefin": 1})


def _last_die(state) -> int:
    """The die Bluefin kept for its third turn (the lesson lets the learner choose)."""
    return state.dice("bluefin")[0]


def _last_die_fits(state) -> str:
    """Where the last die may go now, as the engine offers it: slots already holding a
    die this round (Deploy, Cannons) are not named."""
    slots = list(dict.fromkeys(slot_title(a.args["slot"]) for a in state.legal_actions()
                               if "slot" in a.args))
    die = _last_die(state)
    where = ", ".join(slots[:-1]) + (f" or {slots[-1]}" if len(slots) > 1 else slots[-1])
    return f"Your {die} fits an empty slot that takes it: {where}."


# The other players' turns, played for them.
SMUGGLER_1 = ["cannons 1", "repair 2", "end"]
MOLLUSK_1 = ["rally 6", "assemble 1", "assemble 4", "end"]
SMUGGLER_2 = ["sail 4", "move 1,1", "anchor", "tailwind 6", "stay", "end"]
MOLLUSK_2 = ["inspire 6", "inspire 0,0", "done", "cannons 2", "end"]

TUTORIAL = Tutorial(
    name="turn", order=20, title="Your turn: placing dice",
    summary="die slots and their values, changing a die with gold, two dice a turn, "
            "Bluefin's fifth die, the end of a round",
    scenes=[
        Scene("A round as the Squadron", first_turn, intro=(
            "You are the **Bluefin Squadron** (5 dice: 2, 3, 3, 6, 6, and 1 gold), at 2,2 in "
            "the Skull region with a Patrol. The Union's Flagship and 3 Comrades hold the "
            "Skull Island at 3,2. Play a whole round."), steps=[
            Step(section="Taking Action", title="Slot requirements",
                 text="On your turn you place action dice on the **die slots** of your player "
                      "board; each slot is an action. A slot must be empty, and some only take "
                      "certain values: Bluefin's **Cannons** slots take only a 5 or a 6.",
                 quote="A slot with no icon accepts any die. A slot with a die value only "
                       "accepts that exact value. A slot that says \"even\" only accepts an even "
                       "number: 2, 4, or 6.",
                 ask="Load your Cannons.", expect="cannons 6",
                 hint="Only a 5 or a 6 fits: 'cannons 6'.",
                 wrong={"cannons": "Bluefin's Cannons take a 5 or a 6 — and you have a 6."}),
            Step(section="Taking Action", title="Changing a die with gold",
                 text="**Bombard** (a “4” slot) removes every Comrade from the Island in your "
                      "Flagship's region. You have no 4 — but you may spend gold to change a "
                      "die: one gold per step up or down. A die never goes above 6, below 1, "
                      "or wraps from 1 to 6.",
                 quote="When placing a die, you may spend any number of gold tokens to increase "
                       "or decrease the die's value by one per gold you spend.",
                 ask="Bombard the Union's Island, spending your gold.", expect="bombard 3>4",
                 hint="Spend 1 gold to turn a 3 into a 4: 'bombard 3>4'.",
                 wrong={"end": "You have placed only one die: you must place two.",
                        "bombard 2>4": "That costs 2 gold, and you have 1."},
                 done="The 3 Comrades on the Skull Island go back to the Union's supply."),
            Step(section="Playing the Game", title="Two dice a turn",
                 text="You must place **exactly 2 dice** on your turn, no more and no less "
                      "(actions that need no die, like recruiting for gold, are extra). "
                      "Then your turn ends and the next player clockwise with dice left takes "
                      "a turn.",
                 quote="In total, you must place 2 action dice on your turn, no more and no less.",
                 ask="You have placed two dice: end your turn.", expect="end",
                 hint="'end'.",
                 then=SMUGGLER_1 + MOLLUSK_1,
                 then_text="Smuggler 1 loaded its Cannons and repaired (nothing to repair), then "
                           "the Union rallied 4 Ready Comrades and assembled 4 of them back on "
                           "its Island. Your turn again."),
            Step(section="Bluefin Squadron", title="Deploy",
                 text="Your second turn: dice 2, 3 and 6 are left. **Deploy** (any die) places "
                      "a Patrol in your Flagship's space or next to it, ignoring battle and "
                      "terrain. Keep your 6: the next step needs it.",
                 ask="Deploy a Patrol onto the Strong Current at 2,1, without using your 6.",
                 goal=goals.custom("a Patrol at 2,1, and your 6 kept", lambda b, a: any(
                     f["kind"] == "patrol" and f["at"] == (2, 1) for f in a.figures())
                     and 6 in a.dice("bluefin")),
                 answer=["deploy 3", "deploy 2,1"],
                 hint="Deploy takes any die: the 2 or the 3 ('deploy 3', then 'deploy 2,1'). "
                      "Adjacent means up, down, left or right — never diagonal.",
                 wrong={"deploy 3,1": "3,1 is diagonal from your Flagship at 2,2: not adjacent.",
                        "deploy 6": "Your 6 is for the Tailwind in the next step: deploy with "
                                    "another die."},
                 done="A placed figure does not trigger terrain: the Current does not move it."),
            Step(section="Bluefin Squadron", title="Tailwind and place a Patrol",
                 text="**Tailwind** moves your Flagship directly to any space with a printed die "
                      "matching the die you place, ignoring everything between. Bluefin's Sail "
                      "and Tailwind may also place a Patrol in the Flagship's space when it "
                      "anchors.",
                 ask="Use your 6 on Tailwind to reach 1,0, and place a Patrol there.",
                 goal=goals.custom("your Flagship and a Patrol at 1,0", lambda b, a: (
                     any(f["id"] == "bluefin" and f["at"] == (1, 0) for f in a.figures())
                     and any(f["kind"] == "patrol" and f["at"] == (1, 0) for f in a.figures())
                     and goals.settled(a))),
                 answer=["tailwind 6", "move 1,0", "patrol"],
                 hint="'tailwind 6', 'move 1,0' (the space with a printed 6), then 'patrol'.",
                 wrong={"sail": "Sailing onto the Union's Island would start a battle: your "
                                "Cannons are loaded. Use the Tailwind."},
                 then=["end"] + SMUGGLER_2 + MOLLUSK_2,
                 then_text="You had placed your two dice, so the lesson ended your turn for you. "
                           "Smuggler 1 sailed into the Fog and chose not to use its Tailwind; "
                           "the Union inspired a Comrade onto the Fish Island and loaded its "
                           "Cannons. Everyone else is out of dice."),
            Step(section="Bluefin Squadron", title="The fifth die",
                 text="Bluefin has **5 dice**: 2 on its first turn, 2 on its second, and only "
                      "**1** on its third.",
                 quote="On their final turn of the round, though, the Bluefin Squadron places "
                       "only 1 action die.",
                 ask=lambda s: f"Place your last die (the {_last_die(s)}), anywhere it fits.",
                 goal=goals.custom("your last die placed", lambda b, a: (
                     not a.dice("bluefin") and goals.settled(a))),
                 hint=_last_die_fits),
            Step(section="Ending the Round", title="The round ends",
                 text="When everyone has placed all their dice, the round ends: every region "
                      "is scored (the faction with more control gains Fame equal to its wealth "
                      "die), then everyone rerolls and the first player card passes clockwise.",
                 ask="End your turn, and the round.", expect="end", hint="'end'.",
                 done="Read the log: each region's control and Fame, the rerolls, and Smuggler 1 "
                      "taking the first player card for round 2."),
        ]),
    ])
