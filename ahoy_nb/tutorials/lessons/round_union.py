"""A whole round as the Mollusk Union, with its plan for winning: land on the wealthy
Island, gather Ready Comrades, then place many at once where they count, with a plan card
to finish the job."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS_WEALTH, position

# The others' turns, played for them.
BLUEFIN_2 = ["bombard 4", "deploy 2", "deploy 3,2", "end"]
SMUGGLER_2 = ["cannons 2", "repair 4", "end"]
BLUEFIN_3 = ["cannons 5", "end"]


def round_start():
    # Bluefin (a 3 on Sail, a 6 on Tailwind) and Smuggler 1 have taken their first turns.
    return position(tiles=TWO_REGIONS_WEALTH,
                    figures={"bluefin": "3,1", "patrol": ["3,1", "0,0"], "mollusk": "1,1",
                             "smuggler1": "1,0"},
                    ready=3, turn="mollusk", hand=["sneak-attack-a"],
                    dice={"bluefin": [2, 4, 5], "smuggler1": [2, 4], "mollusk": [1, 3, 6, 6]},
                    placed={"bluefin": {"sail": 3, "tailwind": 6},
                            "smuggler1": {"fullsail": 1, "tailwind": 5}})


def _skull(state) -> str:
    c = state.control("3,2")
    return f"the Union {c['mollusk']}, Bluefin {c['bluefin']}"


def _patrols(state, region: set) -> int:
    return sum(1 for f in state.figures() if f["kind"] == "patrol" and tuple(f["at"]) in region)


SKULL = {(2, 1), (2, 2), (3, 1), (3, 2)}

TUTORIAL = Tutorial(
    name="round-union", order=120, title="A round as the Mollusk Union",
    quiz=("control", "fame_round", "control"), requires=("round-bluefin",),
    summary="a whole round as the Union: land Comrades, gather more, place them in force, a "
            "plan card, and leave Bluefin nothing to score",
    scenes=[
        Scene("Comrades in force", round_start, intro=(
            "**The Union's plan for winning:** like Bluefin, you score the regions you control "
            "at each round's end, worth their wealth die. Your strength is the Comrades on "
            "the Islands: they stay when your Flagship sails on, and you can place many at "
            "once. Gather Ready Comrades, place them where the wealth is, and keep a plan "
            "card for the moment Bluefin thinks it is safe.\n\n"
            "You are the Union, in the Fog at 1,1 with dice 1, 3, 6, 6 and 3 Ready Comrades; "
            "you hold a secret plan, Sneak Attack. Bluefin's Flagship and a Patrol sit at 3,1 "
            "in the **Skull** region (wealth **3**); another Patrol holds the Fish Island "
            "(wealth 1)."), steps=[
            Step(section="The Mollusk Union", title="Land and place",
                 text="When your Flagship anchors at an Island after your Sail, you may place "
                      "2 Comrades there (from your Ready Comrades) or gain 2 Ready Comrades.",
                 ask="Land on the Skull Island and put Comrades straight onto it.",
                 goal=goals.custom("Comrades on the Skull Island", lambda b, a: (
                     a.comrades().get((3, 2), 0) >= 2 and goals.settled(a))),
                 answer=["sail 3", "move 2,1", "move 3,2", "place-comrades"],
                 rule="Sail moves 1 or 2 spaces, and a Strong Current carries you one more for "
                      "free. Which path reaches the Island at 3,2, and what do you choose when "
                      "you anchor?",
                 why="Onto the Current at 2,1, which carries you to 2,2, then onto the Island; "
                     "anchoring, you place 2 Comrades.",
                 basis=[("The Mollusk Union", "Sail: Place any die. Move your Flagship 1 or 2 spaces. If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades.")]),
            Step(section="The Mollusk Union", title="Gather",
                 text=lambda s: f"The Skull region now: {_skull(s)}. Your Ready Comrades are "
                                f"spent; the next big placement needs more.",
                 ask="Gather Ready Comrades for a big placement next turn.",
                 expect=["rally 6"],
                 rule="Two of your slots take a 6. Which one gives Ready Comrades, and where must "
                      "your Flagship be?",
                 why="Rally gives 4 Ready Comrades while your Flagship is at an Island.",
                 wrong={"inspire": "Inspire places Comrades; you have none ready to place."},
                 then=["end"] + BLUEFIN_2 + SMUGGLER_2,
                 then_text="The lesson ended your turn. Bluefin bombarded the Skull Island (your "
                           "Comrades went back to your supply) and deployed a Patrol onto it; "
                           "Smuggler 1 loaded its Cannons. Your second turn.",
                 basis=[("The Mollusk Union", "Rally: Place a “6” die. If your Flagship is at an Island, gain 4 Ready Comrades."),
                        ("The Mollusk Union", "Removing: Removed Comrades are returned to your supply, not your Ready Comrades.")]),
            Step(section="The Mollusk Union", title="Place in force",
                 text=lambda s: f"The Skull region now: {_skull(s)}. You have "
                                f"{s.data['factions']['mollusk']['ready']} Ready Comrades.",
                 ask="Win back the Skull region with one die.",
                 goal=goals.controls("mollusk", "3,2"),
                 answer=["assemble 1", "assemble 4"],
                 rule="Bluefin has its Flagship (+2) and two Patrols (+1 each) there. How many "
                      "Comrades do you need on the Island, and which action places that many at "
                      "once?",
                 why="Assemble puts 4 Comrades on the Island of your Flagship's region: 5 "
                     "against 4.",
                 wrong={"inspire": "Inspire places 1 Comrade on each Island: not enough here."},
                 basis=[("The Mollusk Union", "Assemble: Place a “1” die. Place 4 Comrades on the Island in your Flagship’s region.")]),
            Step(section="Plans", title="A plan for the moment",
                 text="Bluefin still has a die to place this round. **Sneak Attack** (a plan, "
                      "played as an action, no die): remove up to 2 Patrols from one region whose "
                      "Island has Comrades.",
                 ask="Widen your lead in the Skull region without placing a die.",
                 goal=goals.custom("2 fewer Patrols in the Skull region", lambda b, a: (
                     _patrols(a, SKULL) <= _patrols(b, SKULL) - 2 and goals.settled(a))),
                 answer=["play sneak-attack", "sneak 3,2", "remove-patrol 3,1", "remove-patrol 3,2"],
                 rule="Actions that need no die: plan cards played as an action. What does "
                      "yours remove, and from which region?",
                 why="Sneak Attack removes Bluefin's two Patrols from the Skull region.",
                 basis=[("Appendix B: Plans", "Sneak Attack (2x): Play as an action, then discard. Remove up to 2 Patrols from any 1 region whose Island has any Comrades.")]),
            Step(section="Ending the Round", title="Nothing for Bluefin",
                 text=lambda s: f"The Skull region now: {_skull(s)}. In the Fish region "
                                f"Bluefin's Patrol holds the Island alone: 1 against 0.",
                 ask="With your last die, leave Bluefin no region to score this round.",
                 goal=goals.custom("no region Bluefin's", lambda b, a: (
                     not goals.controls("bluefin", "0,0")(b, a)
                     and not goals.controls("bluefin", "3,2")(b, a) and goals.settled(a)
                     and len(a.dice("mollusk")) < len(b.dice("mollusk")))),
                 answer=["inspire 6", "inspire 0,0"],
                 rule="A tie scores nobody. Which of your actions puts a Comrade on an Island "
                      "far from your Flagship?",
                 why="Inspire puts a Comrade on the Fish Island: 1 against 1, a tie, and nobody "
                     "scores it.",
                 then=["end"] + BLUEFIN_3,
                 then_text="The lesson ended your turn; Bluefin placed its last die, and the round "
                           "ended: you scored the Skull region's 3 Fame, and the tied Fish region "
                           "scored nobody.",
                 basis=[("The Mollusk Union", "Inspire: Place a “6” die. Place 1 Comrade each on up to 4 different Islands."),
                        ("Ending the Round", "On a tie for control of a region, no one scores Fame for it.")]),
        ]),
    ])
