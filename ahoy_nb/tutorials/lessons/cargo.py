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


TUTORIAL = Tutorial(
    name="cargo", order=100, title="Smuggling and delivering Cargo",
    quiz=("deliver", "deliver", "pledge"), requires=("scoring",),
    summary="smuggling from the Market, the Cargo limit, the rulebook's Sword Island delivery, "
            "the Rewards grid, pledges",
    scenes=[
        Scene("Smuggling", smuggling, intro=(
            "You are **Smuggler 1** on the Skull Island at 3,2, carrying Jewelry. Every Market "
            "card is both a Crew and a **Cargo**: its suit (top left) says where it can be "
            "smuggled, its Deliver suit (bottom) where it must be delivered. The Market: "
            "Gunner (Skull; its Cargo, Furs, goes to a Tree Island), Mystic (Skull; Herbs, to "
            "a Swords Island) and Sea Dog (Fish; Ropes, to a Tree Island)."), steps=[
            Step(section="Smugglers", title="Smuggle",
                 text="While your Flagship is at an Island, you may **smuggle** any number of "
                      "Market cards **whose suit matches the Island**, at no cost. The Market "
                      "refills.",
                 quote="To smuggle Cargo, take a card from the Market whose suit matches your "
                       "Island's suit. (Unlike recruiting, smuggling has no cost.)",
                 ask="Take on a Cargo that you could deliver at a Tree Island.",
                 expect="smuggle furs",
                 rule="You may smuggle only cards of this Island's suit, Skull. Of those, whose "
                      "Cargo is delivered to a Tree Island?",
                 why="The Gunner is a Skull card, and its Cargo, Furs, is delivered to a Tree "
                     "Island.",
                 wrong={"smuggle herbs": "Legal — the Mystic is Skull too — but Herbs go to a "
                                         "Swords Island."},
                 basis=[("Cargo", "To smuggle Cargo, take a card from the Market whose suit matches your Island's suit. (Unlike recruiting, smuggling has no cost.)"),
                        ("Cargo", "To deliver Cargo, your Flagship must be at an Island whose suit matches the Cargo's Deliver suit, shown at the bottom of the card.")]),
            Step(section="Smugglers", title="Up to 2 Cargo",
                 text="You may carry up to **2 Cargo**. Take a third and you must cast one into "
                      "the sea (back to the box).",
                 quote="You may have up to 2 Cargo. If you ever have more than 2 Cargo, you must "
                       "return Cargo to the box until you have 2 Cargo.",
                 ask="Carry the Furs and the Mystic card's Cargo, and nothing else.",
                 goal=goals.custom("Furs and Herbs aboard", lambda b, a: (
                     sorted(a.data["factions"]["smuggler1"]["cargo"])
                     == sorted([CARGO_BY_KEY["furs"], CARGO_BY_KEY["herbs"]])
                     and goals.settled(a))),
                 answer=["smuggle herbs", "discard jewelry"],
                 rule="You hold Jewelry and Furs: 2 Cargo already. What happens to a third, and "
                      "which Cargo goes?",
                 why="Smuggling the Herbs makes 3 Cargo: the Jewelry goes back to the box.",
                 basis=[("Cargo", "You may have up to 2 Cargo. If you ever have more than 2 Cargo, you must return Cargo to the box until you have 2 Cargo.")]),
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
                 ask="Earn Fame with the Cargo you carry.", expect="deliver jewelry",
                 rule="Cargo is delivered at an Island of its Deliver suit. What is the Jewelry's, "
                      "and where are you?",
                 why="Jewelry is delivered to a Swords Island, and you are on one.",
                 basis=[("Cargo", "Gain 2 Fame. Gain 2 Fame."),
                        ("Cargo", "Increase Wealth. Increase the wealth die on your Flagship's region by one.")]),
            Step(section="Delivering Cargo", title="The Rewards grid",
                 text="Move your **white** reward marker to an adjacent space — never onto the "
                      "black one — and gain what it shows; the black marker then moves to where "
                      "the white one was. From the middle: up is 1 gold, left 1 Fame, right a "
                      "new region tile, down “Recruit 1 Crew”.",
                 quote="As your Reward, you could gain 1 gold, gain 1 Fame, or add a new region "
                       "tile to any explorable map edge, but you choose to recruit a card from the "
                       "Market into your Crew, ignoring its cost and suit.",
                 ask="Take the rulebook's reward: a new Crew from the Market.",
                 expect="reward down",
                 rule="The grid is drawn below the lesson. Which of the four spaces next to the "
                      "middle recruits a Crew?",
                 why="Down from the middle is “Recruit 1 Crew”.",
                 wrong={"reward": "Legal, but the rulebook's Smuggler recruits a Crew."},
                 basis=[("Cargo", "Gain Reward. On your player board, move your white reward marker on the Rewards grid to an adjacent space, except the one with the black reward marker.")]),
            Step(section="Delivering Cargo", ask="Recruit any card from the Market, ignoring cost and suit.",
                 text="Any of the three: the reward ignores both the cost and the suit.",
                 goal=goals.event("recruits", "recruit a Crew"), answer="recruit cutpurse",
                 why="Any card will do: the reward ignores cost and suit.",
                 basis=[("Cargo", "you choose to recruit a card from the Market into your Crew, ignoring its cost and suit.")]),
            Step(section="Pledges", title="Pledge the Cargo",
                 text="Finally, the delivered Cargo goes **facedown** under your Squadron or "
                      "your Union pledge marker. Nobody else knows which. At the end of the game "
                      "**you** score 1 Fame for each region the faction you pledged it to "
                      "controls whose Island has the Cargo's suit.",
                 quote="Finally, you put the Jewelry facedown under your Union pledge marker, "
                       "which is also facedown.",
                 ask="Pledge the Jewelry to the Union, as in the rulebook.",
                 expect="pledge mollusk",
                 rule="Each Smuggler has a Squadron and a Union pledge marker; the rulebook's "
                      "Smuggler chooses the Union's.",
                 why="The rulebook pledges the Jewelry to the Union.",
                 wrong={"pledge bluefin": "A fine bet in a game; the rulebook pledges it to "
                                          "the Union."},
                 basis=[("Cargo", "Pledge Cargo. Place the delivered Cargo card facedown under either your Squadron or Union pledge marker, keeping the pledge marker facedown."),
                        ("Pledged Cargo", "For each Cargo, you gain 1 Fame for each region that the pledged faction controls whose Island matches the Cargo's top-left suit.")]),
        ]),
        Scene("Your next delivery", second_delivery, intro=(
            "Later, at the **Fish** Island at 0,0, carrying **Linen** (delivered to Fish). Your "
            "white marker is on “Recruit 1 Crew” below the middle; the black one is in the "
            "middle."), picture=lambda s: rewards_grid(s)._repr_svg_(), steps=[
            Step(section="Delivering Cargo", ask="Earn Fame with your Cargo here.",
                 expect="deliver linen",
                 text="Every delivery raises the wealth of the region you deliver in — making "
                      "it worth more to whoever controls it.",
                 rule="Cargo is delivered at an Island of its Deliver suit. What is the Linen's?",
                 why="Linen is delivered to a Fish Island, and you are on one.",
                 basis=[("Cargo", "Increase Wealth. Increase the wealth die on your Flagship's region by one.")]),
            Step(section="Delivering Cargo", title="Moving around the grid",
                 text="The white marker cannot move onto the black one, so you cannot go back "
                      "up. From here: left “Move 2 ignoring battles”, right “2 gold”, down "
                      "“2 Fame”.",
                 ask="Move the white marker to gain 2 Fame.", expect="reward down",
                 rule="The marker moves to a space next to it, never onto the black one. Which "
                      "of those shows Fame?",
                 why="Down from “Recruit 1 Crew” is “2 Fame”.",
                 wrong={"reward up": "The black marker is there: the white one cannot move onto "
                                     "it."},
                 basis=[("Cargo", "move your white reward marker on the Rewards grid to an adjacent space, except the one with the black reward marker."),
                        ("Cargo", "Then, move the black reward marker to the space that the white reward marker moved out of.")]),
            Step(section="Pledges", ask="Pledge the Linen.", text="Either pledge marker.",
                 goal=goals.anything("either pledge"), answer="pledge mollusk",
                 why="Either marker will do; the end-of-game lesson shows how pledges score.",
                 basis=[("Cargo", "Place the delivered Cargo card facedown under either your Squadron or Union pledge marker, keeping the pledge marker facedown.")]),
        ]),
    ])
