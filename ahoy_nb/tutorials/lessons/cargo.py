"""Smuggling and delivering Cargo: the Market, the Cargo limit, the rulebook's Sword Island
delivery, the Rewards grid, pledges and their scoring at the end of the game."""

from __future__ import annotations

from ...engine.components import CARGO_BY_KEY
from .. import goals
from ..core import Scene, Step, Tutorial
from ..friendly import rewards_grid
from .common import TWO_REGIONS, position


def smuggling():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "0,0", "mollusk": "2,2", "smuggler1": "3,2"},
                    turn="smuggler1", dice={"smuggler1": [2, 3, 4, 5]},
                    market=["gunner", "mystic", "sea-dog"], cargo={"smuggler1": ["jewelry"]})


SWORDS = [(0, "0,0", 180), (2, "2,1", 0, 2)]   # a Fish region and a Swords region at wealth 2


def sword_island():
    return position(tiles=SWORDS,
                    figures={"bluefin": "0,0", "mollusk": "2,2", "smuggler1": "3,2"},
                    turn="smuggler1", dice={"smuggler1": [2, 3, 4, 5]},
                    market=["gunner", "cutpurse", "barrelman"], cargo={"smuggler1": ["jewelry"]})


def second_delivery():
    return position(tiles=SWORDS,
                    figures={"bluefin": "3,2", "mollusk": "2,2", "smuggler1": "0,0"},
                    turn="smuggler1", dice={"smuggler1": [2, 3, 4, 5]},
                    cargo={"smuggler1": ["linen"]}, reward_markers={"smuggler1": ((3, 2), (2, 2))},
                    fame={"smuggler1": 2})


# Two Fish regions (Islands 0,0 and 3,2) and a Skull region (Island 5,3).
FISH_FISH_SKULL = [(0, "0,0", 180), (1, "2,1", 0), (7, "4,2", 0)]


def game_end():
    return position(tiles=FISH_FISH_SKULL,
                    figures={"bluefin": "4,2", "mollusk": "1,1", "smuggler1": "5,3"},
                    comrades={"0,0": 3, "3,2": 3}, turn="smuggler1",
                    dice={"smuggler1": [], "bluefin": [], "mollusk": []},
                    cargo={"smuggler1": ["iron"]}, pledged={"smuggler1": {"mollusk": ["ropes"]}},
                    fame={"mollusk": 28, "bluefin": 20, "smuggler1": 20})


TUTORIAL = Tutorial(
    name="cargo", order=80, title="Smuggling and delivering Cargo",
    summary="smuggling from the Market, the Cargo limit, the rulebook's Sword Island delivery, "
            "the Rewards grid, pledges and how they score at the end of the game",
    scenes=[
        Scene("Smuggling", smuggling, intro=(
            "You are **Smuggler 1** on the Skull Island at 3,2, carrying Jewelry. Every Market "
            "card is both a Crew and a **Cargo**: its suit (top left) says where it can be "
            "smuggled, its Deliver suit (bottom) where it must be delivered."), steps=[
            Step(section="Smugglers", title="Smuggle",
                 text="While your Flagship is at an Island, you may **smuggle** any number of "
                      "Market cards **whose suit matches the Island**, at no cost. The Market "
                      "refills.",
                 quote="To smuggle Cargo, take a card from the Market whose suit matches your "
                       "Island's suit. (Unlike recruiting, smuggling has no cost.)",
                 ask="Smuggle the Furs (the Gunner card, a Skull card delivered to a Tree Island).",
                 expect="smuggle furs", hint="'smuggle furs'.",
                 wrong={"smuggle herbs": "Legal — the Mystic is Skull too — but this step asks "
                                         "for the Furs."}),
            Step(section="Smugglers", title="Up to 2 Cargo",
                 text="You may carry up to **2 Cargo**. Take a third and you must cast one into "
                      "the sea (back to the box).",
                 quote="You may have up to 2 Cargo. If you ever have more than 2 Cargo, you must "
                       "return Cargo to the box until you have 2 Cargo.",
                 ask="Smuggle the Herbs too, then throw the Jewelry overboard.",
                 goal=goals.custom("Furs and Herbs aboard", lambda b, a: (
                     sorted(a.data["factions"]["smuggler1"]["cargo"])
                     == sorted([CARGO_BY_KEY["furs"], CARGO_BY_KEY["herbs"]])
                     and goals.settled(a))),
                 answer=["smuggle herbs", "discard jewelry"],
                 hint="'smuggle herbs', then 'discard jewelry'."),
        ]),
        Scene("The Sword Island", sword_island, intro=(
            "The rulebook's example. You are **Smuggler 1** on the **Swords** Island at 3,2, "
            "whose region's wealth die shows **2**. You carry **Jewelry**, delivered to a Swords "
            "Island. Your two reward markers sit together in the middle of your Rewards grid "
            "(drawn below)."), picture=lambda s: rewards_grid(s)._repr_svg_(), steps=[
            Step(section="Delivering Cargo", title="Deliver",
                 text="To **deliver** Cargo your Flagship must be at an Island of its Deliver "
                      "suit. Then: gain 2 Fame; the region's wealth die goes up by 1; gain a "
                      "reward; pledge the Cargo.",
                 quote="At a Sword Island, you deliver Jewelry, gain 2 Fame, and turn your "
                       "region's wealth die from \"2\" up to \"3.\"",
                 ask="Deliver the Jewelry.", expect="deliver jewelry", hint="'deliver jewelry'."),
            Step(section="Delivering Cargo", title="The Rewards grid",
                 text="Move your **white** reward marker to an adjacent space — never onto the "
                      "black one — and gain what it shows; the black marker then moves to where "
                      "the white one was. From the middle: up is 1 gold, left 1 Fame, right a "
                      "new region tile, down “Recruit 1 Crew”.",
                 quote="As your Reward, you could gain 1 gold, gain 1 Fame, or add a new region "
                       "tile to any explorable map edge, but you choose to recruit a card from the "
                       "Market into your Crew, ignoring its cost and suit.",
                 ask="Take the rulebook's reward: recruit a Crew.", expect="reward down",
                 hint="'reward down'.",
                 wrong={"reward": "Legal, but the rulebook's Smuggler moves down to "
                                  "“Recruit 1 Crew”."}),
            Step(section="Delivering Cargo", ask="Recruit any card from the Market, ignoring cost and suit.",
                 text="Any of the three: the reward ignores both the cost and the suit.",
                 goal=goals.event("recruits", "recruit a Crew"), answer="recruit cutpurse",
                 hint="For example 'recruit cutpurse'."),
            Step(section="Pledges", title="Pledge the Cargo",
                 text="Finally, the delivered Cargo goes **facedown** under your Squadron or "
                      "your Union pledge marker. Nobody else knows which. At the end of the game "
                      "**you** score 1 Fame for each region the faction you pledged it to "
                      "controls whose Island has the Cargo's suit.",
                 quote="Finally, you put the Jewelry facedown under your Union pledge marker, "
                       "which is also facedown.",
                 ask="Pledge the Jewelry to the Union, as in the rulebook.",
                 expect="pledge mollusk", hint="'pledge mollusk'.",
                 wrong={"pledge bluefin": "A fine bet in a game; the rulebook pledges it to "
                                          "the Union."}),
        ]),
        Scene("Your next delivery", second_delivery, intro=(
            "Later, at the **Fish** Island at 0,0, carrying **Linen** (delivered to Fish). Your "
            "white marker is on “Recruit 1 Crew” below the middle; the black one is in the "
            "middle."), steps=[
            Step(section="Delivering Cargo", ask="Deliver the Linen.", expect="deliver linen",
                 text="Every delivery raises the wealth of the region you deliver in — making "
                      "it worth more to whoever controls it.",
                 hint="'deliver linen'."),
            Step(section="Delivering Cargo", title="Moving around the grid",
                 text="The white marker cannot move onto the black one, so you cannot go back "
                      "up. From here: left “Move 2 ignoring battles”, right “2 gold”, down "
                      "“2 Fame”.",
                 ask="Move the white marker to gain 2 Fame.", expect="reward down",
                 hint="'reward down'.",
                 wrong={"reward up": "The black marker is there: the white one cannot move onto "
                                     "it."}),
            Step(section="Pledges", ask="Pledge the Linen.", text="Either pledge marker.",
                 goal=goals.anything("either pledge"), answer="pledge mollusk",
                 hint="'pledge mollusk' or 'pledge bluefin'."),
        ]),
        Scene("Pledges at the end of the game", game_end, intro=(
            "The last turn of the game: the Union has 28 Fame and controls **both Fish "
            "regions**, so it will pass 30 at the end of this round. You are **Smuggler 1** on "
            "the Skull Island at 5,3, carrying Iron (a **Fish** card, delivered to Skull). "
            "Ropes, another Fish card, is already pledged to the Union."), steps=[
            Step(section="Delivering Cargo", ask="Deliver the Iron.", expect="deliver iron",
                 hint="'deliver iron'.",
                 text="At the end of the game each pledged Cargo scores **1 Fame for each region "
                      "the pledged faction controls whose Island matches the Cargo's suit** (its "
                      "top-left suit, not its Deliver suit)."),
            Step(section="Delivering Cargo", ask="Take any reward.",
                 text="Your markers are in the middle: any direction.",
                 goal=goals.custom("a reward taken, up to the pledge", lambda b, a: bool(
                     a.data["pending"]) and a.data["pending"][-1]["type"] == "pledge"),
                 answer="reward up",
                 hint="From the middle: up is 1 gold, left 1 Fame, right a new region tile, "
                      "down “Recruit 1 Crew”. Any of them will do here."),
            Step(section="Pledges", title="Pledge to the winner of the Fish regions",
                 text="The Union controls 2 Fish regions; the Squadron none.",
                 quote="For each Cargo, you gain 1 Fame for each region that the pledged faction "
                       "controls whose Island matches the Cargo's top-left suit.",
                 ask="Pledge the Iron where it will score.", expect="pledge mollusk",
                 hint="'pledge mollusk'.",
                 wrong={"pledge bluefin": "The Squadron controls no Fish region: the Iron would "
                                          "score nothing there."}),
            Step(section="Pledges", title="The end of the game",
                 text="When the round ends, regions are scored; if anyone has 30 Fame the game "
                      "ends, the Smugglers reveal and score their pledges, and the most Fame "
                      "wins (ties: most gold).",
                 quote="Two delivered Cargo of Fish suit are pledged to the Union. The Union "
                       "controls 2 regions with Fish Islands, so you gain 4 Fame.",
                 ask="End your turn: the round and the game end.", expect="end", hint="'end'.",
                 done="Two Fish Cargo pledged to the Union × 2 Fish regions = 4 Fame."),
        ]),
    ])
