"""Each faction's own actions: Bluefin's Order and Strongholds, the Union's Comrades,
the Smugglers' Crew recruiting and Negotiate."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, position


def squadron():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "1,0", "patrol": ["2,2", "3,1"], "mollusk": "0,0",
                             "smuggler1": "1,1"},
                    comrades={"0,0": 3}, turn="bluefin", dice={"bluefin": [1, 3, 5, 5, 6]})


def union():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "0,0", "mollusk": "2,2", "smuggler1": "1,0"},
                    comrades={"3,2": 1}, turn="mollusk", dice={"mollusk": [2, 3, 6, 6]}, ready=1)


def smuggler():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "0,0", "mollusk": "2,2", "smuggler1": "3,2"},
                    comrades={"3,2": 2}, turn="smuggler1", dice={"smuggler1": [1, 2, 4, 5]},
                    market=["mystic", "gunner", "sea-dog"], gold={"smuggler1": 1})


def _count(kind: str, space: tuple) -> callable:
    return lambda b, a: sum(1 for f in a.figures() if f["kind"] == kind and f["at"] == space)


TUTORIAL = Tutorial(
    name="factions", order=70, title="The factions' own actions",
    summary="Bluefin's Patrols, Order and Strongholds; the Union's Comrades and Rally; "
            "the Smugglers' Crew and Negotiate",
    scenes=[
        Scene("The Bluefin Squadron", squadron, intro=(
            "You are the **Bluefin Squadron**: you gain Fame by controlling regions with your "
            "Flagship, Patrols and Strongholds. Your unique actions: **Order** (a “3”), "
            "**Deploy** (any die), **Bombard** (a “4”)."), steps=[
            Step(section="Bluefin Squadron", title="Order",
                 text="**Order** moves up to 4 different Patrols 1 space each. They may explore "
                      "and battle like any moving figure.",
                 quote="Order: Place a \"3\" die. Move up to 4 different Patrols, each 1 space.",
                 ask="Order both Patrols onto the Skull Island at 3,2.",
                 goal=goals.custom("2 Patrols on the Island at 3,2", lambda b, a: (
                     _count("patrol", (3, 2))(b, a) >= 2 and goals.settled(a))),
                 answer=["order 3", "order 2,2>3,2", "order 3,1>3,2"],
                 hint="'order 3', then 'order 2,2>3,2' and 'order 3,1>3,2'."),
            Step(section="Bluefin Squadron", ask="Place your second die: load your Cannons.",
                 text="Your Cannons take a 5 or a 6.", expect=["cannons 5", "cannons 6"],
                 hint="'cannons 5'."),
            Step(section="Strongholds", title="Strongholds",
                 text="At the end of your turn, any number of times, you may remove 2 Patrols "
                      "from an Island to place a **Stronghold** there: +2 control, always-loaded "
                      "Cannons (+2 in battle), and **Island Dominance** — you may recruit Crew of "
                      "its suit from anywhere, and enemy Flagships at its Island cannot recruit, "
                      "smuggle or deliver.",
                 quote="At the end of your turn, any number of times, you may remove 2 Patrols "
                       "from an Island to place a Stronghold there.",
                 ask="End your turn and build a Stronghold on the Skull Island.",
                 goal=goals.custom("a Stronghold at 3,2", _count("stronghold", (3, 2))),
                 answer=["end", "stronghold 3,2"],
                 hint="'end', then 'stronghold 3,2'."),
        ]),
        Scene("The Mollusk Union", union, intro=(
            "You are the **Mollusk Union**: you control regions with **Comrades** on Islands "
            "(+1 each) and your ships (+1 each). Comrades come from your supply to your board "
            "as **Ready Comrades**, and only Ready Comrades can be placed. You have 1."),
            steps=[
            Step(section="The Mollusk Union", title="Sail to an Island",
                 text="The Union's Sail: when you anchor at an Island, you may either **place 2 "
                      "Comrades** on it or **gain 2 Ready Comrades**.",
                 ask="Sail onto the Skull Island at 3,2 and gain 2 Ready Comrades.",
                 goal=goals.custom("2 more Ready Comrades", lambda b, a: (
                     a.data["factions"]["mollusk"]["ready"] == 3 and goals.settled(a))),
                 answer=["sail 3", "move 3,2", "anchor", "ready-comrades"],
                 hint="'sail 3', 'move 3,2', 'anchor', then 'ready-comrades'."),
            Step(section="The Mollusk Union", title="Rally",
                 text="**Rally** (a “6”): if your Flagship is at an Island, gain 4 Ready "
                      "Comrades. (**Inspire**, also a “6”, places 1 Comrade on each of up to 4 "
                      "Islands; **Assemble**, a “1”, places 4 on the Island in your "
                      "Flagship's region.)",
                 quote="Rally: Place a \"6\" die. If your Flagship is at an Island, gain 4 Ready "
                       "Comrades.",
                 ask="Rally.", expect="rally 6", hint="'rally 6'.",
                 wrong={"inspire": "Inspire places Comrades; this step gathers them: Rally."}),
        ]),
        Scene("The Smugglers", smuggler, intro=(
            "You are **Smuggler 1**, on the Skull Island at 3,2 with 1 gold. The Market holds "
            "Mystic (Skull, 1 gold), Gunner (Skull, costs a die) and Sea Dog (Fish)."), steps=[
            Step(section="Crew", title="Recruiting Crew",
                 text="As an action that needs no die, while your Flagship is at an Island you "
                      "may recruit Market cards **of the Island's suit** into your Crew, paying "
                      "the cost under the suit: gold, or a die placed on the card. The Market "
                      "refills from the deck.",
                 quote="As an action, while your Flagship is at an Island, you may recruit any "
                       "number of cards from the Market into your Crew, as long as the Crew's "
                       "suit matches the Island.",
                 ask="Recruit the Mystic for 1 gold.", expect="recruit mystic",
                 hint="'recruit mystic'.",
                 wrong={"recruit": "This step recruits the Mystic, paying gold."}),
            Step(section="Smugglers", title="Negotiate",
                 text="The Smugglers' **Negotiate** (an even die): at an Island, recruit any "
                      "Market card ignoring its cost and suit — and one more if you remove a "
                      "Comrade from the Island.",
                 quote="Negotiate: Place an even die. While your Flagship is at an Island, you "
                       "may recruit any card from the Market into your Crew, ignoring its cost "
                       "and suit requirement.",
                 ask="Negotiate for the Gunner and the Sea Dog.",
                 goal=goals.custom("Gunner and Sea Dog in your Crew", lambda b, a: (
                     len(a.data["factions"]["smuggler1"]["crew"]) >= 3 and goals.settled(a))),
                 answer=["negotiate 4", "recruit gunner", "recruit sea-dog"],
                 hint="'negotiate 4' (or 2), then 'recruit gunner', then 'recruit sea-dog'.",
                 done="The second recruit removed one of the Union's Comrades from the Island."),
        ]),
    ])
