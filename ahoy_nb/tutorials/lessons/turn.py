"""Your turn: placing dice on slots, changing dice with gold, two dice a turn,
Bluefin's fifth die, and how a round ends. Only the actions every faction has (Sail,
Tailwind, Cannons, Repair) and Bluefin's Patrols placed on anchoring are used: the
factions' own actions come in their lesson."""

from __future__ import annotations

from ...engine.words import slot_title
from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, calm_placement, position


def first_turn():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "2,2", "patrol": ["2,2"], "smuggler1": "0,1",
                             "mollusk": "3,2"},
                    comrades={"3,2": 3}, turn="bluefin",
                    dice={"bluefin": [1, 3, 3, 6, 6], "smuggler1": [1, 2, 4, 6],
                          "mollusk": [1, 2, 6, 6]},
                    damage={"bluefin": ["tailwind"]}, gold={"bluefin": 1})


def _last_die(state) -> int:
    """The die Bluefin kept for its third turn (the lesson lets the learner choose)."""
    return state.dice("bluefin")[0]


def _last_die_fits(state) -> str:
    """Where the last die may go now, as the engine offers it: slots already holding a
    die this round (Cannons, those used before) are not named."""
    slots = list(dict.fromkeys(slot_title(a.args["slot"]) for a in state.legal_actions()
                               if "slot" in a.args))
    die = _last_die(state)
    where = ", ".join(slots[:-1]) + (f" or {slots[-1]}" if len(slots) > 1 else slots[-1])
    return f"Your {die} fits an empty slot that takes it: {where}."


def _dice_left(state) -> str:
    dice = sorted(state.dice("bluefin"))
    return ", ".join(map(str, dice[:-1])) + f" and {dice[-1]}"


# The other players' turns, played for them.
SMUGGLER_1 = ["cannons 1", "repair 2", "end"]
MOLLUSK_1 = ["rally 6", "assemble 1", "assemble 4", "end"]
SMUGGLER_2 = ["sail 4", "move 1,1", "anchor", "tailwind 6", "stay", "end"]
MOLLUSK_2 = ["inspire 6", "inspire 0,0", "done", "cannons 2", "end"]

TUTORIAL = Tutorial(
    name="turn", order=40, title="Your turn: placing dice", quiz=("die_fits", "gold", "die_fits"),
    requires=("moving",),
    summary="die slots and their values, changing a die with gold, two dice a turn, "
            "Bluefin's fifth die, the end of a round",
    scenes=[
        Scene("A round as the Squadron", first_turn, intro=(
            "You are the **Bluefin Squadron** (5 dice: 1, 3, 3, 6, 6, and 1 gold), at 2,2 in "
            "the Skull region with a Patrol; a damage token sits on one of your Tailwind slots. "
            "The Union's Flagship and 3 Comrades hold the Skull Island at 3,2. Play a whole "
            "round."), steps=[
            Step(section="Taking Action", title="Slot requirements",
                 text="On your turn you place action dice on the **die slots** of your player "
                      "board; each slot is an action. A slot must be empty, and some only take "
                      "certain values: a printed number takes only that value. **Cannons** "
                      "gives your figures *loaded Cannons* until the end of the round: moving "
                      "into enemies then starts a battle.",
                 quote="A slot with no icon accepts any die. A slot with a die value only "
                       "accepts that exact value. A slot that says \"even\" only accepts an even "
                       "number: 2, 4, or 6.",
                 ask="Make your figures ready to battle for the rest of the round.",
                 expect="cannons 6",
                 rule="Loaded Cannons come from a die on a Cannons slot; Bluefin's take only a "
                      "5 or a 6. Which of your dice (1, 3, 3, 6, 6) fits?",
                 why="A 6 fits Bluefin's Cannons, which take only a 5 or a 6.",
                 wrong={"cannons": "Bluefin's Cannons take a 5 or a 6 — and you have a 6."},
                 basis=[("Taking Action", "Some die slots only accept dice of certain values."),
                        ("Taking Action", "The die slot must be empty. It cannot be filled with a die or damage token."),
                        ("Common Actions", "Cannons: Your figures have LOADED CANNONS from now until the end of the round."),
                        ("Bluefin Squadron", "Cannons: Place a \"5\" or \"6\" die.")]),
            Step(section="Taking Action", title="Changing a die with gold",
                 text="**Repair** removes up to 2 damage tokens from your slots; Bluefin's Repair "
                      "slot takes only a **2**. You may spend gold to change a die as you place "
                      "it: one gold per step up or down. A die never goes above 6 or below 1, "
                      "and never wraps from 1 to 6.",
                 quote="When placing a die, you may spend any number of gold tokens to increase "
                       "or decrease the die's value by one per gold you spend.",
                 ask="Get the damage token off your Tailwind slot.",
                 goal=goals.custom("no damage left", lambda b, a: not any(
                     s["damage"] for s in a.slots("bluefin")) and goals.settled(a)),
                 answer=["repair 1>2", "repair tailwind"],
                 rule="Repair takes a 2, and you have none. Which of your dice is one step from "
                      "a 2, and what does one step cost?",
                 why="One gold turns a 1 (or a 3) into the 2 that Repair takes.",
                 wrong={"end": "You have placed only one die: you must place two.",
                        "repair 6>2": "That costs 4 gold, and you have 1."},
                 done="The damage token is off: your Tailwind slot takes dice again.",
                 basis=[("Taking Action", "You may spend gold to modify your die. When placing a die, you may spend any number of gold tokens to increase or decrease the die's value by one per gold you spend."),
                        ("Bluefin Squadron", "Repair: Place a \"2\" die. Remove up to 2 damage from any of your die slots."),
                        ("Die Values", "A die cannot increase over 6, decrease below 1, or wrap from 1 to 6 or reverse.")]),
            Step(section="Playing the Game", title="Two dice a turn",
                 text="You must place **exactly 2 dice** on your turn, no more and no less "
                      "(actions that need no die, like recruiting for gold, are extra). "
                      "Then your turn ends and the next player clockwise with dice left takes "
                      "a turn.",
                 quote="In total, you must place 2 action dice on your turn, no more and no less.",
                 ask="You have placed two dice: end your turn.", expect="end",
                 rule="Two dice a turn, no more and no less. How many have you placed?",
                 why="Two dice are placed: the turn is over.",
                 then=SMUGGLER_1 + MOLLUSK_1,
                 then_text="Smuggler 1 loaded its Cannons and repaired (nothing to repair), then "
                           "the Union rallied 4 Ready Comrades and assembled 4 of them back on "
                           "its Island. Your turn again.",
                 basis=[("Playing the Game", "In total, you must place 2 action dice on your turn, no more and no less."),
                        ("Playing the Game", "The next player in clockwise order who has any action dice left to place begins their turn.")]),
            Step(section="Bluefin Squadron", title="Tailwind and a Patrol",
                 text=lambda s: (
                     f"Your second turn: dice {_dice_left(s)} are left. Bluefin's **Sail** and "
                     f"**Tailwind** may also place a **Patrol** from your supply in the "
                     f"Flagship's space when it anchors (placed, not moved: no battle, no "
                     f"terrain). Each Patrol adds to your control of its region."),
                 ask="Jump to 1,0 (a printed 6) in one action, and leave a Patrol there.",
                 goal=goals.custom("your Flagship and a Patrol at 1,0", lambda b, a: (
                     any(f["id"] == "bluefin" and f["at"] == (1, 0) for f in a.figures())
                     and any(f["kind"] == "patrol" and f["at"] == (1, 0) for f in a.figures())
                     and goals.settled(a))),
                 answer=["tailwind 6", "move 1,0", "patrol"],
                 rule="Sail goes 1 or 2 spaces, one adjacent space at a time; Tailwind jumps "
                      "to any space printed with the die you place. What is printed at 1,0, and "
                      "what do you do when you anchor?",
                 why="Tailwind with your 6 lands on the printed 6 at 1,0; anchoring, you place "
                     "a Patrol.",
                 wrong={"sail": "Sailing from 2,2, your Flagship cannot get to 1,0 in one "
                                "action without battling: your Cannons are loaded.",
                        "no-patrol": "Without a Patrol there, nothing of yours stays at 1,0 "
                                     "when the Flagship leaves."},
                 basis=[("Bluefin Squadron", "Tailwind: Place any die. You may move your Flagship as described in Common Actions (page 10). When your Flagship anchors, you may place a Patrol in your Flagship's space."),
                        ("Bluefin Squadron", "Placing: Whenever you take the Sail or Tailwind action, you may place 1 Patrol from your supply into your Flagship's space when you anchor.")]),
            Step(section="Playing the Game", title="The second die",
                 text="A turn is not over after one die: you must place a second one.",
                 ask=lambda s: f"Place your second die of this turn (you have {_dice_left(s)}), "
                               f"anywhere it fits.",
                 goal=goals.custom("a second die placed", lambda b, a: (
                     len(a.dice("bluefin")) == len(b.dice("bluefin")) - 1
                     and goals.settled(a))),
                 answer=calm_placement, why="Any slot that takes the die will do.",
                 then=["end"] + SMUGGLER_2 + MOLLUSK_2,
                 then_text="You had placed your two dice, so the lesson ended your turn for you. "
                           "Smuggler 1 sailed into the Fog and chose not to use its Tailwind; "
                           "the Union inspired a Comrade onto the Fish Island and loaded its "
                           "Cannons. Everyone else is out of dice.",
                 basis=[("Playing the Game", "In total, you must place 2 action dice on your turn, no more and no less.")]),
            Step(section="Bluefin Squadron", title="The fifth die",
                 text="Bluefin has **5 dice**: 2 on its first turn, 2 on its second, and only "
                      "**1** on its third.",
                 quote="On their final turn of the round, though, the Bluefin Squadron places "
                       "only 1 action die.",
                 ask=lambda s: f"Place your last die (the {_last_die(s)}), anywhere it fits.",
                 goal=goals.custom("your last die placed", lambda b, a: (
                     not a.dice("bluefin") and goals.settled(a))),
                 rule=_last_die_fits, answer=calm_placement,
                 why="Any slot that takes it will do: it is your only die this turn.",
                 basis=[("Fifth Die", "You have 5 dice. On your first and second turns, you place 2 dice. On your third turn, you place 1 die.")]),
            Step(section="Ending the Round", title="The round ends",
                 text="When everyone has placed all their dice, the round ends: every region "
                      "is scored (the faction with more control gains Fame equal to its wealth "
                      "die), then everyone rerolls and the first player card passes clockwise.",
                 ask="End your turn, and the round.", expect="end",
                 rule="Your last die is placed, and nobody has dice left. What ends a turn?",
                 why="Your last die is placed: ending the turn ends the round.",
                 done="Read the log: each region's control and Fame, the rerolls, and Smuggler 1 "
                      "taking the first player card for round 2.",
                 basis=[("Playing the Game", "If everyone has already placed all their action dice, the round ends."),
                        ("Ending the Round", "The controller gains Fame equal to the region's wealth die."),
                        ("Clean Up", "Reroll Dice. Each player rolls all of their action dice and places them nearby."),
                        ("Clean Up", "Pass First Player. Give the first player card to the next clockwise player.")]),
        ]),
    ])
