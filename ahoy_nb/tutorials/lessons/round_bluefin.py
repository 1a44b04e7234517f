"""A whole round as the Bluefin Squadron, with its plan for winning: hold the wealthiest
region with the Flagship and Patrols, and clear the Union's Comrades off its Island."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS_WEALTH, calm_placement, position

# The others' turns, played for them (they never touch the Squadron's figures).
SMUGGLER_1 = ["cannons 2", "repair 4", "end"]
MOLLUSK_1 = ["assemble 1", "assemble 2", "cannons 3", "end"]
SMUGGLER_2 = ["sail 3", "move 1,1", "anchor", "tailwind 5", "stay", "end"]
MOLLUSK_2 = ["rally 6", "inspire 6", "inspire 0,0", "done", "end"]


def round_start():
    s = position(tiles=TWO_REGIONS_WEALTH,
                 figures={"bluefin": "1,1", "patrol": ["0,0"], "mollusk": "3,2",
                          "smuggler1": "1,0"},
                 comrades={"3,2": 3}, ready=2, turn="bluefin",
                 dice={"bluefin": [1, 2, 3, 4, 6], "smuggler1": [2, 3, 4, 5],
                       "mollusk": [1, 3, 6, 6]}, gold={"bluefin": 1})
    return s.fix_battle(2, 4)


def _in_skull(state, kind: str) -> int:
    skull = {(2, 1), (2, 2), (3, 1), (3, 2)}
    return sum(1 for f in state.figures() if f["owner"] == "bluefin" and f["kind"] == kind
               and tuple(f["at"]) in skull)


def _skull(state) -> str:
    c = state.control("3,2")
    return f"Bluefin {c['bluefin']}, the Union {c['mollusk']}"


TUTORIAL = Tutorial(
    name="round-bluefin", order=110, title="A round as the Bluefin Squadron",
    quiz=("control", "fame_round", "control"), requires=("cargo",),
    summary="a whole round as Bluefin: move into the wealthy region, bombard, take the lead, "
            "keep it to the round's end",
    scenes=[
        Scene("Three turns in the Skull region", round_start, intro=(
            "**The Squadron's plan for winning:** Fame comes from the regions you control when "
            "each round ends, worth their wealth die. So go where the wealth is, with your "
            "Flagship (+2) and Patrols (+1 each), knock the Union's Comrades off the Island "
            "there, and still be ahead when the last die of the round is placed.\n\n"
            "You are Bluefin, with dice 1, 2, 3, 4, 6 and 1 gold, in the Fog at 1,1 (Fish "
            "region, wealth **1**; your Patrol holds its Island). The **Skull** region (wealth "
            "**3**) belongs to the Union: its Flagship and 3 Comrades stand on the Island at "
            "3,2."), steps=[
            Step(section="Bluefin Squadron", title="Into the wealthy region",
                 text="The Skull region is worth 3 Fame a round; yours is worth 1. Your Sail and "
                      "Tailwind may leave a Patrol where the Flagship anchors.",
                 ask="Bring your Flagship into the Skull region and leave a Patrol there, "
                     "keeping your 4 for later.",
                 goal=goals.custom("the Flagship and a Patrol in the Skull region, the 4 kept",
                                   lambda b, a: (_in_skull(a, "flagship") and _in_skull(a, "patrol")
                                                 and 4 in a.dice("bluefin") and goals.settled(a))),
                 answer=["sail 2", "move 2,1", "anchor", "patrol"],
                 rule="Sail moves 1 or 2 spaces (a Strong Current carries you one more, free); "
                      "Tailwind jumps to a printed number. Which Skull space can you reach, and "
                      "what do you do when you anchor?",
                 why="Sail onto the Current at 2,1, which carries you to 2,2; anchor and leave a "
                     "Patrol.",
                 basis=[("Bluefin Squadron", "Sail: Place any die. Move your Flagship 1 or 2 spaces. When your Flagship anchors, you may place a Patrol in your Flagship's space."),
                        ("Ending the Round", "The controller gains Fame equal to the region's wealth die.")]),
            Step(section="Bluefin Squadron", title="Bombard",
                 text=lambda s: f"The Skull region now: {_skull(s)}. The Union's Comrades on the "
                                f"Island count +1 each.",
                 ask="Clear the Union's Comrades off the Skull Island.",
                 expect=["bombard 4", "bombard 3>4", "bombard 6>4"],
                 rule="Bombard removes every Comrade from the Island of your Flagship's region, "
                      "and takes a 4. Is your Flagship in that region, and which die is a 4 "
                      "(or a gold away from one)?",
                 why="Bombard (your 4) sends the Comrades back to the Union's supply.",
                 then=["end"] + SMUGGLER_1 + MOLLUSK_1,
                 then_text="Your two dice are placed: the lesson ended your turn. Smuggler 1 "
                           "loaded its Cannons; the Union assembled its 2 Ready Comrades back "
                           "on the Skull Island and loaded its Cannons (a 3). Your second "
                           "turn.",
                 basis=[("Bluefin Squadron", "Bombard: Place a \"4\" die. Remove all Comrades from the Island in your Flagship's region, returning them to the Union's supply.")]),
            Step(section="Ending the Round", title="Take the lead",
                 text=lambda s: f"The Skull region now: {_skull(s)}, a tie, and on a tie nobody "
                                f"scores. The Union's Cannons are loaded: moving into its "
                                f"Flagship's space would start a battle.",
                 ask="Take the lead in the Skull region, keeping your 6 for later.",
                 goal=goals.custom("more control than the Union in the Skull region, the 6 kept",
                                   lambda b, a: goals.controls("bluefin", "3,2")(b, a)
                                   and 6 in a.dice("bluefin")),
                 answer=["deploy 1", "deploy 3,2"],
                 rule="Each Patrol in the region adds +1. Which of your actions places one next "
                      "to your Flagship without moving it?",
                 why="Deploy puts a Patrol next to your Flagship: +1 in the Skull region.",
                 wrong={"deploy 6": "Your 6 is for your Cannons later this round: deploy with "
                                    "another die.",
                        "sail 6": "Your 6 is for your Cannons later this round."},
                 basis=[("Bluefin Squadron", "Deploy: Place any die. Place 1 Patrol in your Flagship's space or an adjacent space."),
                        ("Ending the Round", "+1 control per Patrol")]),
            Step(section="Battling", title="Cannons for defence",
                 text="Loaded Cannons work both ways: any enemy moving into your figures must "
                      "battle them, and you may turn your die down in battle.",
                 ask="Make every figure of yours ready to battle for the rest of the round.",
                 expect=["cannons 6"],
                 rule="Bluefin's Cannons take a 5 or a 6. Which of your dice fits?",
                 why="Your 6 loads your Cannons until the round ends.",
                 then=["end"] + SMUGGLER_2 + MOLLUSK_2,
                 then_text="The lesson ended your turn. Smuggler 1 sailed into the Fog; the "
                           "Union rallied 4 Ready Comrades and inspired one onto the Fish Island "
                           "(now a tie there). Your last turn: one die.",
                 basis=[("Common Actions", "Cannons: Your figures have LOADED CANNONS from now until the end of the round.")]),
            Step(section="Fifth Die", title="The last die",
                 text=lambda s: f"The Skull region now: {_skull(s)}. Your Flagship counts +2 "
                                f"only while it is in the region.",
                 ask="Place your last die so that the Skull region is still yours when the "
                     "round ends.",
                 goal=goals.custom("the Skull region yours, your last die placed", lambda b, a: (
                     goals.controls("bluefin", "3,2")(b, a) and not a.dice("bluefin"))),
                 answer=calm_placement,
                 rule="Your lead is your Flagship's +2 and your Patrols. Which places of your "
                      "last die keep the Flagship in the region?",
                 why="Any placement that leaves your Flagship in the Skull region keeps it yours; "
                     "Repair moves nothing.",
                 basis=[("Fifth Die", "On your third turn, you place 1 die."),
                        ("Ending the Round", "+2 control for their Flagship")]),
            Step(section="Ending the Round", title="Scoring",
                 text="Nobody has dice left: ending your turn ends the round, and each region "
                      "is scored.",
                 ask="End your turn, and the round.", expect="end",
                 rule="The round ends when the last die is placed and the turn is over.",
                 why="Ending the last turn ends the round.",
                 done="You scored the Skull region's 3 Fame; the Fish region, tied, scored "
                      "nothing. Next round: the Union will be back with its Ready Comrades.",
                 basis=[("Ending the Round", "The controller gains Fame equal to the region's wealth die.")]),
        ]),
    ])
