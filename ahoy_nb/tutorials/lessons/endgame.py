"""The end of the game: the round in which someone reaches 30 Fame, the pledges revealed
and scored, and a tie on Fame broken by gold."""

from __future__ import annotations

from ...engine.rules import name
from .. import goals
from ..core import Scene, Step, Tutorial
from .common import calm_placement, position

TWO_REGIONS_END = [(0, "0,0", 180, 2), (6, "2,1", 0, 4)]
# Two Fish regions (Islands 0,0 and 3,2) and a Skull region (Island 5,3).
FISH_FISH_SKULL = [(0, "0,0", 180), (1, "2,1", 0), (7, "4,2", 0)]


def last_round():
    return position(tiles=TWO_REGIONS_END,
                    figures={"bluefin": "3,1", "patrol": ["3,2", "0,1"], "mollusk": "2,2",
                             "smuggler1": "1,0"},
                    comrades={"0,0": 3, "3,2": 1}, ready=4, turn="mollusk",
                    dice={"mollusk": [1, 6], "bluefin": [], "smuggler1": []},
                    fame={"mollusk": 25, "bluefin": 27, "smuggler1": 24})


def pledges():
    return position(tiles=FISH_FISH_SKULL,
                    figures={"bluefin": "4,2", "mollusk": "1,1", "smuggler1": "5,3"},
                    comrades={"0,0": 3, "3,2": 3}, turn="smuggler1",
                    dice={"smuggler1": [], "bluefin": [], "mollusk": []},
                    cargo={"smuggler1": ["iron"]}, pledged={"smuggler1": {"mollusk": ["ropes"]}},
                    fame={"mollusk": 28, "bluefin": 20, "smuggler1": 20})


def tie():
    return position(players=2, tiles=TWO_REGIONS_END,
                    figures={"bluefin": "0,0", "patrol": ["1,1"], "mollusk": "3,2"},
                    comrades={"3,2": 2}, turn="bluefin", dice={"bluefin": [4], "mollusk": []},
                    fame={"bluefin": 28, "mollusk": 26}, gold={"bluefin": 1, "mollusk": 2})


def _result(state) -> str:
    fame = ", ".join(f"{name(f)} {state.fame[f]}" for f in state.players)
    return f"The game is over: {state.result}. Final Fame: {fame}."


TUTORIAL = Tutorial(
    name="endgame", order=140, title="The end of the game",
    quiz=("winner", "pledge", "winner"), requires=("round-smuggler",),
    summary="the last round: reaching 30 Fame, pledges revealed and scored, a tie on Fame "
            "broken by gold",
    scenes=[
        Scene("The last round", last_round, intro=(
            "The game ends at the end of a round in which any player has **30 Fame** or more; "
            "then the most Fame wins. You are the **Mollusk Union** with 25 Fame and the last "
            "two dice of the round (1 and 6). Bluefin has 27. The Fish region (wealth **2**) is "
            "yours; the Skull region (wealth **4**) is Bluefin's, 3 against your 2 (your "
            "Flagship at 2,2 and 1 Comrade on the Island)."), steps=[
            Step(section="Ending the Round", title="Reach 30 first",
                 text="If Bluefin keeps the Skull region it scores 4: 31 Fame, and the game ends "
                      "with Bluefin ahead. If you take it, you score 2 + 4.",
                 quote="If any player has at least 30 Fame, end the game.",
                 ask="Make sure that when this round ends, the game ends with you ahead.",
                 goal=goals.all_of(goals.controls("mollusk", "3,2"),
                                   goals.controls("mollusk", "0,0")),
                 answer=["assemble 1", "assemble 4"],
                 rule="You have 25 and Bluefin 27. Which regions must be yours when the round "
                      "ends for you to reach 30 and Bluefin not to, and how many Comrades does "
                      "that take on the Skull Island?",
                 why="Assemble puts 4 Comrades on the Skull Island: 6 against 3. You score 2 + 4 "
                     "= 31; Bluefin scores nothing.",
                 basis=[("Clean Up", "End Game? If any player has at least 30 Fame, end the game."),
                        ("Overview", "The game ends at the end of a round if any player has at least 30 Fame.")]),
            Step(section="Ending the Round", title="The game ends",
                 text="Your last die cannot change the regions now; place it, and the lesson "
                      "ends your turn: the round ends, the regions are scored, and someone has 30 "
                      "Fame.",
                 ask="Place your last die, anywhere it fits.",
                 goal=goals.custom("your last die placed", lambda b, a: (
                     not a.dice("mollusk") and goals.settled(a))),
                 answer=calm_placement, why="Any slot that takes it will do.",
                 rule="The regions are settled: your last die changes nothing now. Any slot "
                      "that takes it will do.",
                 then=["end"], then_text=_result,
                 basis=[("Clean Up", "Smugglers score pledged Cargo (page 21), then the player with the most Fame wins!")]),
        ]),
        Scene("Pledges revealed", pledges, intro=(
            "The last turn of another game: the Union has 28 Fame and controls **both Fish "
            "regions**, so it will pass 30 at the end of this round. You are **Smuggler 1** on "
            "the Skull Island at 5,3, carrying Iron (a **Fish** card, delivered to Skull). "
            "Ropes, another Fish card, is already pledged to the Union."), steps=[
            Step(section="Delivering Cargo", ask="Earn Fame with your Cargo.",
                 expect="deliver iron",
                 text="At the end of the game each pledged Cargo scores **1 Fame for each region "
                      "the pledged faction controls whose Island matches the Cargo's suit** (its "
                      "top-left suit, not its Deliver suit).",
                 rule="Cargo is delivered at an Island of its Deliver suit. What is the Iron's?",
                 why="Iron is delivered to a Skull Island, and you are on one.",
                 basis=[("Pledged Cargo", "For each Cargo, you gain 1 Fame for each region that the pledged faction controls whose Island matches the Cargo's top-left suit.")]),
            Step(section="Delivering Cargo", ask="Take any reward.",
                 text="Your markers are in the middle: any direction.",
                 goal=goals.custom("a reward taken, up to the pledge", lambda b, a: bool(
                     a.data["pending"]) and a.data["pending"][-1]["type"] == "pledge"),
                 answer="reward up",
                 rule="From the middle: up is 1 gold, left 1 Fame, right a new region tile, "
                      "down “Recruit 1 Crew”. Any of them will do here.",
                 why="Any reward will do; up from the middle is 1 gold.",
                 basis=[("Cargo", "move your white reward marker on the Rewards grid to an adjacent space, except the one with the black reward marker.")]),
            Step(section="Pledges", title="Pledge to the winner of the Fish regions",
                 text="The Union controls 2 Fish regions; the Squadron none.",
                 quote="For each Cargo, you gain 1 Fame for each region that the pledged faction "
                       "controls whose Island matches the Cargo's top-left suit.",
                 ask="Put the Iron where it will score when the game ends.",
                 expect="pledge mollusk",
                 rule="Iron is a Fish card. Which faction controls Fish regions, and how many?",
                 why="The Union controls both Fish regions: 2 Fame for the Iron at the end.",
                 wrong={"pledge bluefin": "The Squadron controls no Fish region: the Iron would "
                                          "score nothing there."},
                 basis=[("Pledged Cargo", "For each Cargo, you gain 1 Fame for each region that the pledged faction controls whose Island matches the Cargo's top-left suit.")]),
            Step(section="Pledges", title="The pledges revealed",
                 text="When the round ends, regions are scored; if anyone has 30 Fame the game "
                      "ends, the Smugglers reveal and score their pledges, and the most Fame "
                      "wins.",
                 quote="Two delivered Cargo of Fish suit are pledged to the Union. The Union "
                       "controls 2 regions with Fish Islands, so you gain 4 Fame.",
                 ask="End your turn: the round and the game end.", expect="end",
                 rule="Nobody has dice left: the round ends when your turn does.",
                 why="The last turn's end ends the round, and the game with it.",
                 done="Two Fish Cargo pledged to the Union × 2 Fish regions = 4 Fame.",
                 basis=[("Pledged Cargo", "At the end of the game, you reveal your Squadron and Union pledge markers and the delivered Cargo under them.")]),
        ]),
        Scene("A tie on Fame", tie, intro=(
            "A two-player game's last turn. You are **Bluefin** with 28 Fame and 1 gold, on the "
            "Fish Island (wealth 2, yours); the Union has 26 Fame, 2 gold and the Skull region "
            "(wealth 4). When the round ends you will both have **30**. You have one die left, "
            "a 4."), steps=[
            Step(section="Ending the Round", title="Ties go to the richer",
                 text="On a tie for the most Fame, the tied player with the most gold wins. The "
                      "Wreckage at 0,1, in your own region, has Treasure: 2 gold to a Flagship "
                      "that anchors there (and 1 damage for moving in).",
                 quote="On a tie, the tied player with the most gold wins.",
                 ask="Make sure the tie on 30 Fame goes to you.",
                 goal=goals.custom("more gold than the Union, the Fish region still yours",
                                   lambda b, a: a.gold["bluefin"] > a.gold["mollusk"]
                                   and goals.controls("bluefin", "0,0")(b, a)
                                   and goals.settled(a)),
                 answer=["sail 4", "move 0,1", "damage tailwind", "anchor", "no-patrol"],
                 rule="You have 1 gold and the Union 2. Where on your side of the map is there "
                      "gold to pick up, and how do you pick it up?",
                 why="Sail into the Wreckage at 0,1 and anchor: 2 gold from its Treasure, 3 "
                     "against 2, and the Fish region is still yours.",
                 then=["end"], then_text=_result,
                 basis=[("Clean Up", "On a tie, the tied player with the most gold wins."),
                        ("Terrain", "Treasure: When your Flagship anchors here, you may gain 1 gold for each gold icon shown in the corner of the space.")]),
        ]),
    ])
