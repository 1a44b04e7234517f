"""Control and scoring at the end of a round: control counts, ties, two players, the Cutter's claw."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import position

# A Fish region (Island 0,0) and a Skull region (Island 3,2):
#   0,0 Island    1,0 Tailwind 6
#   0,1 Wreckage  1,1 Fog        2,1 Harbor        3,1 Treasure 1
#                                2,2 Treasure 1    3,2 Island
FISH_SKULL = [(0, "0,0", 180), (7, "2,1", 0, 3)]


def last_turn():
    return position(tiles=FISH_SKULL,
                    figures={"bluefin": "0,0", "patrol": ["0,0", "3,1"], "stronghold": ["3,2"],
                             "mollusk": "2,1", "smuggler1": "2,2"},
                    comrades={"0,0": 2, "3,2": 1}, turn="mollusk",
                    dice={"mollusk": [1, 4], "bluefin": [], "smuggler1": []}, ready=6)


def two_players():
    return position(players=2, tiles=FISH_SKULL,
                    figures={"bluefin": "0,0", "patrol": ["0,0"], "mollusk": "3,2"},
                    comrades={"3,2": 2}, turn="bluefin",
                    dice={"bluefin": [], "mollusk": []})


def claw():
    return position(tiles=FISH_SKULL,
                    figures={"bluefin": "0,0", "patrol": ["3,1", "2,1"], "stronghold": ["3,2"],
                             "mollusk": "1,0", "smuggler1": "1,1"},
                    ships={"cutter": "3,1"}, comrades={"3,2": 2}, turn="mollusk",
                    dice={"mollusk": [2, 6], "bluefin": [], "smuggler1": []}, ready=4)


CONTROL_TABLE = (
    "| Bluefin Squadron | Mollusk Union |\n|---|---|\n"
    "| +1 per Patrol | +1 per Comrade on the region's Island |\n"
    "| +2 per Stronghold | +1 per Union ship (Flagship, Cutter, Gunship) |\n"
    "| +2 for its Flagship | |")

TUTORIAL = Tutorial(
    name="scoring", order=90, title="Control and scoring",
    quiz=("control", "fame_round", "control"), requires=("plans",),
    summary="who controls a region, Fame from wealth dice, ties, the two-player adjustments, "
            "the Cutter's claw",
    scenes=[
        Scene("The last turn of the round", last_turn, intro=(
            "You are the **Mollusk Union**, with the last two dice of the round (1 and 4). "
            "At the end of the round, each region goes to the faction with the higher "
            "**control**:\n\n" + CONTROL_TABLE + "\n\nSmugglers never control regions. The "
            "Skull region's wealth die shows **3**; the Fish region's shows 1."), steps=[
            Step(section="Ending the Round", title="Taking control",
                 text="In the Skull region Bluefin has a Stronghold (+2) and a Patrol (+1): 3. "
                      "You have 1 Comrade on the Island and your Flagship (+1): 2. **Assemble** "
                      "(a “1”) places 4 Ready Comrades on the Island in your Flagship's "
                      "region.",
                 ask="Take control of the Skull region, with enough Comrades to keep it when "
                     "your Flagship sails away.",
                 goal=goals.custom("more Comrades on the Skull Island than Bluefin's 3 control",
                                   lambda b, a: a.comrades().get((3, 2), 0) > 3
                                   and goals.settled(a)),
                 answer=["assemble 1", "assemble 4"],
                 rule="Bluefin has 3 here, and your Flagship's +1 leaves with it. How many "
                      "Comrades must stand on the Island, and which of your actions puts that "
                      "many there with one die?",
                 why="Assemble puts 4 more Comrades on the Island: 5 against 3 even without your "
                     "Flagship.",
                 wrong={"inspire": "Inspire puts only 1 Comrade on each Island."},
                 basis=[("Ending the Round", "Check every region for control."),
                        ("Ending the Round", "+1 control per Comrade on the region's Island"),
                        ("Ending the Round", "+1 control per Union ship"),
                        ("Ending the Round", "+2 control per Stronghold")]),
            Step(section="Ending the Round", title="Ties",
                 text=lambda s: (
                     "In the Fish region Bluefin has its Flagship (+2) and a Patrol (+1): 3; you "
                     "have 2 Comrades on its Island: 2. On a tie for control, **no one** scores "
                     "the region. Your Flagship counts +1 wherever it is in the region — even in "
                     "the Fog at 1,1. (Leaving the Skull region, you keep "
                     f"{s.comrades().get((3, 2), 0)} there against 3.)"),
                 quote="On a tie for control of a region, no one scores Fame for it.",
                 ask="Tie the Fish region, so Bluefin scores nothing there.",
                 goal=goals.all_of(goals.tied("0,0"), goals.controls("mollusk", "3,2")),
                 answer=["sail 4", "move 1,1", "anchor"],
                 rule="Bluefin has 3 in the Fish region and you have 2 Comrades there. What does "
                      "one Union ship anywhere in the region add, and which of its spaces can you "
                      "reach?",
                 why="Your Flagship in the Fish region makes 2 + 1 = 3 against Bluefin's 3: a "
                     "tie.",
                 basis=[("Ending the Round", "On a tie for control of a region, no one scores Fame for it."),
                        ("Ending the Round", "+1 control per Union ship")]),
            Step(section="Ending the Round", title="Scoring",
                 text="Everyone has placed their dice, so ending your turn ends the round: "
                      "**the controller of each region gains Fame equal to its wealth die**. "
                      "Then, if anyone has 30 Fame, the game ends; otherwise everyone rerolls "
                      "and the first player card passes clockwise.",
                 quote="The controller gains Fame equal to the region's wealth die.",
                 ask="End your turn and watch the scoring.", expect="end",
                 rule="Nobody has dice left: the round ends when your turn does.",
                 why="The last turn's end ends the round, and the regions are scored.",
                 basis=[("Ending the Round", "The controller gains Fame equal to the region's wealth die."),
                        ("Clean Up", "If any player has at least 30 Fame, end the game.")],
                 done="You gained 3 Fame for the Skull region; the tied Fish region scored "
                      "nothing."),
        ]),
        Scene("Two players", two_players, intro=(
            "With **two players**, the first player has two extra chores when cleaning up. "
            "You are the Bluefin Squadron, with the first player card and no dice left."),
            steps=[
            Step(section="Ending the Round", ask="End your turn, and with it the round.",
                 text="Scoring comes first: your Flagship and Patrol control the Fish region; "
                      "the Union's Flagship and 2 Comrades control the Skull region.",
                 expect="end", rule="Nobody has dice left: the round ends when your turn does.",
                 why="Ending the last turn ends the round.",
                 basis=[("Ending the Round", "When the round ends, score Fame from controlled regions and then clean up.")]),
            Step(section="Ending the Round", title="Adjust for two",
                 text="With two players, the first player must increase one region's wealth "
                      "die by 1 — a region you control is worth more to you next round.",
                 quote="With 2 players, the first player must increase one region's wealth die "
                       "by 1, then may return all cards in the Market to the box.",
                 ask="Make next round's scoring better for you.", expect="wealth 0,0",
                 rule="A region's controller gains its wealth in Fame. Which region is yours, "
                      "and what does a higher wealth die give its controller?",
                 why="You control the Fish region: a higher wealth die there is worth more to "
                     "you.",
                 basis=[("Clean Up", "Adjust for Two? With 2 players, the first player must increase one region's wealth die by 1, then may return all cards in the Market to the box.")],
                 wrong={"wealth 3,2": "That is the Union's region: raising it helps them."}),
            Step(section="Ending the Round", ask="Keep the Market, or flush it and deal 3 new cards.",
                 text="Then you may return all the Market cards to the box and refill it.",
                 goal=goals.anything("flush or keep"), answer="keep",
                 rule="Either is allowed: the Market's 3 cards stay, or 3 new ones come.",
                 why="Either is fine: flushing deals 3 new cards.",
                 basis=[("Clean Up", "Adjust for Two? With 2 players, the first player must increase one region's wealth die by 1, then may return all cards in the Market to the box.")],
                 done="Then everyone rerolls, and the first player card passes to the Union."),
        ]),
        Scene("The Cutter's claw", claw, intro=(
            "You are the Union. Your **Cutter** (a ship from a plan card) sits at 3,1 in the "
            "Skull region, where you have 2 Comrades on the Island. Bluefin has a Stronghold "
            "and two Patrols there: 4."), steps=[
            Step(section="The Mollusk Union", title="The Mighty Claw",
                 text="Besides its own +1, the **Cutter doubles your Comrades** on the Island of "
                      "its region: each counts +2. Now: 2 × 2 + 1 = 5 against 4 — just ahead. "
                      "**Inspire** (a “6”) places 1 Ready Comrade on each of up to 4 different "
                      "Islands.",
                 quote="The Mighty Claw: In addition to adding +1 control, the Cutter doubles the "
                       "control of all Comrades on the Island in its region.",
                 ask="Stay ahead in the Skull region even if Bluefin adds a Patrol there: add "
                     "Comrades to its Island with one die.",
                 goal=goals.all_of(goals.controls("mollusk", "3,2"), goals.custom(
                     "3 Comrades on the Skull Island",
                     lambda b, a: a.comrades().get((3, 2), 0) >= 3)),
                 answer=["inspire 6", "inspire 3,2", "inspire 0,0"],
                 rule="With the Cutter in the region each Comrade there counts +2. Which of your "
                      "dice places Comrades on Islands, and how many on each?",
                 why="Inspire (your 6) places 1 Comrade on each Island: +2 on the Skull Island "
                     "with the claw.",
                 basis=[("Cutter and Gunship", "The Mighty Claw: In addition to adding +1 control, the Cutter doubles the control of all Comrades on the Island in its region—each Comrade adds +2 control instead of +1."),
                        ("The Mollusk Union", "Inspire: Place a “6” die. Place 1 Comrade each on up to 4 different Islands.")],
                 done="3 Comrades × 2 + the Cutter = 7 against 4."),
        ]),
    ])
