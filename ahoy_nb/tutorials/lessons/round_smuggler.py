"""A whole round as a Smuggler, with its plan for winning: deliver Cargo for Fame,
pledge it where it will score at the end, and fight through a Stronghold's Island
Dominance."""

from __future__ import annotations

from ...engine.components import CARGO_BY_KEY
from .. import goals
from ..core import Scene, Step, Tutorial
from ..friendly import rewards_grid
from .common import position

# A Fish region (Island 0,0), a second Fish region (Island 3,2, Bluefin's Stronghold on
# it) and a Skull region (Island 5,3). A Sandbar runs between 2,1 and 3,1; the Current at
# 2,2 points down, off the map.
FISH_FISH_SKULL = [(0, "0,0", 180, 1), (1, "2,1", 0, 2), (7, "4,2", 0, 2)]

MOLLUSK_1 = ["inspire 6", "inspire 5,3", "inspire 0,0", "done", "assemble 1", "assemble 4", "end"]
BLUEFIN_2 = ["repair 2", "tailwind 3", "stay", "end"]
MOLLUSK_2 = ["cannons 3", "repair 6", "end"]
BLUEFIN_3 = ["tailwind 5", "stay", "end"]


def round_start():
    # Bluefin has taken its first turn (a 4 on Sail, a 1 on Deploy).
    s = position(tiles=FISH_FISH_SKULL,
                 figures={"bluefin": "2,1", "stronghold": ["3,2"], "patrol": ["3,1", "0,0"],
                          "mollusk": "5,2", "smuggler1": "4,2"},
                 comrades={"5,3": 3}, turn="smuggler1",
                 dice={"smuggler1": [2, 4, 5, 6], "bluefin": [2, 3, 5], "mollusk": [1, 3, 6, 6]},
                 placed={"bluefin": {"sail": 4, "deploy": 1}}, cargo={"smuggler1": ["iron"]},
                 market=["gunners-mate", "mystic", "gunner"])
    return s.fix_battle(5, 2)


def _rest_of_round(state) -> list[str]:
    """Smuggler 1's last die placed where it changes nothing (Repair, or a Tailwind that
    stays), then the others' last turns: the round's end."""
    die = state.dice("smuggler1")[0]
    last = [f"repair {die}"] if state.is_legal(f"repair {die}") else [f"tailwind {die}", "stay"]
    return last + ["end"] + MOLLUSK_2 + BLUEFIN_3


def _pledged(state, cargo: str, to: str) -> bool:
    return CARGO_BY_KEY[cargo] in state.data["factions"]["smuggler1"]["pledged"][to]


def _cannons_die(state) -> int | None:
    return next((s["die"] for s in state.slots("smuggler1") if s["action"] == "cannons"
                 and s["die"] is not None), None)


TUTORIAL = Tutorial(
    name="round-smuggler", order=130, title="A round as a Smuggler",
    quiz=("deliver", "pledge", "deliver"), requires=("round-union",),
    summary="a whole round as Smuggler 1: deliver, take rewards, pledge where it will score, "
            "and battle a Stronghold that bars an Island",
    scenes=[
        Scene("Two deliveries", round_start, picture=lambda s: rewards_grid(s)._repr_svg_(),
              intro=(
            "**The Smugglers' plan for winning:** every delivered Cargo is 2 Fame at once, a "
            "reward from your grid, and a pledge that scores again at the end of the game for "
            "each region its faction then controls with the Cargo's suit. So carry Cargo you "
            "can deliver soon, pledge it to the faction that holds (and will hold) those "
            "regions, and keep out of battles you cannot win.\n\n"
            "You are Smuggler 1 at the Harbor 4,2, with dice 2, 4, 5, 6, carrying **Iron** (a "
            "Fish card, delivered to a Skull Island). The Union holds the Skull Island at 5,3; "
            "Bluefin holds both Fish regions, one of them with a **Stronghold** on its Island "
            "at 3,2."), steps=[
            Step(section="Delivering Cargo", title="To the right Island",
                 text="Cargo is delivered at an Island of its Deliver suit (at the bottom of the "
                      "card).",
                 ask="Reach the Island where your Iron can be delivered.",
                 goal=goals.at("smuggler1", "5,3"), answer=["sail 2", "move 4,3", "move 5,3"],
                 rule="Iron is delivered to a Skull Island. Which one is it, and how many "
                      "spaces away?",
                 why="The Skull Island at 5,3 is two spaces away: Sail goes 2.",
                 basis=[("Cargo", "To deliver Cargo, your Flagship must be at an Island whose suit matches the Cargo's Deliver suit, shown at the bottom of the card.")]),
            Step(section="Delivering Cargo", ask="Cash in your Cargo.", expect="deliver iron",
                 text="Delivering needs no die: 2 Fame, the region's wealth die +1, a reward, "
                      "then the pledge.",
                 rule="Actions that need no die: smuggling and delivering at an Island. Which "
                      "of them earns Fame?",
                 why="Delivering the Iron here gains 2 Fame and raises the Skull region's "
                     "wealth.",
                 basis=[("Cargo", "Gain 2 Fame. Gain 2 Fame."),
                        ("Cargo", "As a Smuggler, you have two unique actions that do not require placing dice: While your Flagship is at an Island, you may SMUGGLE and DELIVER any number of cards.")]),
            Step(section="Delivering Cargo", title="A reward",
                 text="Your markers start together in the middle of the Rewards grid (drawn "
                      "below): up is 1 gold, left 1 Fame, right a new region tile, down "
                      "“Recruit 1 Crew”.",
                 ask="Take the reward that adds to your Fame at once.", expect="reward left",
                 rule="Which of the four spaces next to the middle shows Fame?",
                 why="Left of the middle is 1 Fame.",
                 wrong={"reward": "Legal, but that space gives no Fame."},
                 basis=[("Cargo", "You may gain the reward in the space with the white reward marker.")]),
            Step(section="Pledges", title="Pledge to the winner",
                 text="The pledge scores at the end of the game: 1 Fame for each region the "
                      "pledged faction then controls whose Island has the Cargo's suit (top "
                      "left). Iron is a **Fish** card.",
                 ask="Pledge the Iron where it is likely to score.", expect="pledge bluefin",
                 rule="Which faction controls the Fish regions now, and how many are there?",
                 why="Bluefin controls both Fish regions: pledged to it, the Iron would score 2.",
                 wrong={"pledge mollusk": "The Union controls no Fish region: there the Iron "
                                          "would score nothing as things stand."},
                 basis=[("Pledged Cargo", "For each Cargo, you gain 1 Fame for each region that the pledged faction controls whose Island matches the Cargo's top-left suit.")]),
            Step(section="Smugglers", title="The next Cargo",
                 text="While at an Island you may smuggle any Market card of its suit, free.",
                 ask="Take on a Cargo that you can deliver somewhere on this map.",
                 expect="smuggle weapons",
                 rule="This map has Fish and Skull Islands. Of the Skull cards here, whose Cargo "
                      "goes to one of those?",
                 why="Weapons, on the Gunner's Mate, are delivered to a Fish Island.",
                 wrong={"smuggle herbs": "Herbs go to a Swords Island: there is none on this "
                                         "map.",
                        "smuggle furs": "Furs go to a Tree Island: there is none on this map."},
                 basis=[("Cargo", "To smuggle Cargo, take a card from the Market whose suit matches your Island's suit.")]),
            Step(section="Strongholds", title="Island Dominance",
                 text="The nearer Fish Island, 3,2, has a Bluefin Stronghold: while one stands "
                      "there, enemies at that Island cannot smuggle or deliver (**Island "
                      "Dominance**). Strongholds always battle anyone who moves in.",
                 quote="Also, while an enemy's Flagship is at an Island with a Stronghold, they "
                       "cannot recruit Crew or smuggle or deliver Cargo.",
                 ask="Get ready to fight your way onto that Island next turn.",
                 goal=goals.custom("a die on your Cannons", lambda b, a: (
                     _cannons_die(a) is not None and goals.settled(a))),
                 answer=["cannons 4"],
                 rule="A Stronghold battles whoever moves in. What makes your roll stronger in "
                      "a battle, and from which slot?",
                 why="A die on Cannons: you may turn it down to add to your roll.",
                 then=["end"] + MOLLUSK_1 + BLUEFIN_2,
                 then_text="The lesson ended your turn. The Union inspired and assembled "
                           "Comrades onto its Skull Island; Bluefin repaired and stayed put. "
                           "Your second turn.",
                 basis=[("Strongholds", "Also, while an enemy's Flagship is at an Island with a Stronghold, they cannot recruit Crew or smuggle or deliver Cargo."),
                        ("Strongholds", "Battling: They always have loaded Cannons.")]),
            Step(section="Strongholds", title="Attack the Stronghold",
                 text="From 5,3 the Fish Island at 3,2 is three spaces away (Full Sail goes as "
                      "far as its die).",
                 ask="Attack the Stronghold on the Fish Island at 3,2.",
                 goal=goals.event("battles Bluefin's Stronghold", "battle the Stronghold"),
                 rule="Sail goes 2 spaces; Full Sail as many as its die. How many spaces is 3,2 "
                      "from you?",
                 why="Full Sail: three spaces to the Island, into the Stronghold.",
                 basis=[("Smugglers", "Full Sail: Place any die. Move your Flagship a number of spaces up to the value of the die you placed, but at least 1 space.")]),
            Step(section="Battling", title="Keep your die",
                 text="The dice are fixed: you roll **5**, the Stronghold **2** +2 = 4.",
                 ask="Win, and keep your Cannons die as it is.",
                 goal=goals.all_of(goals.wins_battle("smuggler1"), goals.custom(
                     "your Cannons die still a 4", lambda b, a: _cannons_die(a) == 4)),
                 answer="hold",
                 rule="5 against 4, and ties go to the attacker. Do you need to fire at all?",
                 why="5 beats 4 without firing.",
                 wrong={"fire": "You would win, but your die stays turned down for the rest of "
                                "the round."},
                 basis=[("Strongholds", "In this battle, add +2 to your roll.")]),
            Step(section="Battle Victory", title="Clear the Island",
                 text="Either Smuggler option deals 1 damage, which sends a Stronghold back to "
                      "Bluefin's supply; one of them moves you away.",
                 ask="Take a Battle Victory that clears the Island and keeps you on it.",
                 goal=goals.custom("no Stronghold at 3,2, you still there", lambda b, a: (
                     not any(f["kind"] == "stronghold" for f in a.figures("3,2"))
                     and a.figure("smuggler1").at == (3, 2) and goals.settled(a))),
                 answer=["victory reward", "reward down", "stay"],
                 rule="Both options deal the damage. Which one lets you stay where you can "
                      "deliver?",
                 why="The reward keeps you on the Island; the Stronghold is gone.",
                 wrong={"victory move": "You would leave the Island you came to deliver at."},
                 basis=[("Smugglers", "Deal 1 damage and gain a reward, exactly as in step 3 of delivering Cargo (page 20)."),
                        ("Strongholds", "Damaging: Whenever a Stronghold is damaged, return the Stronghold to your supply instead of placing a damage token.")]),
            Step(section="Pledges", title="Deliver and pledge",
                 text="Weapons is a **Skull** card: its pledge scores with the Skull regions.",
                 ask="Deliver the Weapons, and pledge them where they are likely to score.",
                 goal=goals.custom("Weapons delivered and pledged to the Union", lambda b, a: (
                     _pledged(a, "weapons", "mollusk") and goals.settled(a))),

                 rule="Who controls the Skull region now?",
                 why="The Union holds the Skull region: pledged to it, the Weapons score there.",
                 then=_rest_of_round,
                 then_text="The lesson placed your last die on a slot that changes nothing and "
                           "ended your turn; the Union and Bluefin placed their last dice and the "
                           "round ended. Your Fame came from two deliveries and "
                           "your rewards; your two pledges wait for the end of the game.",
                 basis=[("Pledged Cargo", "At the end of the game, you reveal your Squadron and Union pledge markers and the delivered Cargo under them.")]),
        ]),
    ])
