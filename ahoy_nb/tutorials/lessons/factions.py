"""Each faction's own actions: Bluefin's Order, Bombard, Strongholds, Deploy and Island
Dominance; a Crew's power; the Union's Comrades, Rally and Assemble; the Smugglers'
Crew recruiting and Negotiate."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, position


def squadron():
    # The others are out of dice: Bluefin's turns follow one another.
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "1,0", "patrol": ["2,2", "3,1"], "mollusk": "2,1",
                             "smuggler1": "1,1"},
                    comrades={"0,0": 3}, turn="bluefin", dice={"bluefin": [1, 3, 4, 5, 6],
                                                               "smuggler1": [], "mollusk": []},
                    market=["mystic", "gunner", "sea-dog"])


def union():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "0,0", "mollusk": "2,2", "smuggler1": "1,0"},
                    comrades={"3,2": 1}, turn="mollusk",
                    dice={"mollusk": [1, 3, 6, 6], "bluefin": [], "smuggler1": []}, ready=1)


def smuggler():
    return position(tiles=TWO_REGIONS,
                    figures={"bluefin": "0,0", "mollusk": "2,2", "smuggler1": "3,2"},
                    comrades={"3,2": 2}, turn="smuggler1", dice={"smuggler1": [1, 2, 4, 5]},
                    market=["mystic", "gunner", "sea-dog"], gold={"smuggler1": 1})


def _count(kind: str, space: tuple) -> callable:
    return lambda b, a: sum(1 for f in a.figures() if f["kind"] == kind and f["at"] == space)


def _crew(state, faction: str) -> int:
    return len(state.data["factions"][faction]["crew"])


TUTORIAL = Tutorial(
    name="factions", order=70, title="The factions' own actions",
    quiz=("control", "die_fits", "control"), requires=("defending",),
    summary="Bluefin's Order, Bombard, Strongholds, Deploy and Island Dominance, a Crew's "
            "power; the Union's Comrades, Rally and Assemble; the Smugglers' Crew and "
            "Negotiate",
    scenes=[
        Scene("The Bluefin Squadron", squadron, intro=(
            "You are the **Bluefin Squadron**: you gain Fame by controlling regions with your "
            "Flagship, Patrols and Strongholds. Your own actions: **Order** (a “3”), "
            "**Bombard** (a “4”), **Deploy** (any die). Your Flagship is at 1,0 in the Fish "
            "region, where the Union has 3 Comrades on the Island; your Patrols are at 2,2 and "
            "3,1, by the Skull Island. The others have no dice left this round."), steps=[
            Step(section="Bluefin Squadron", title="Order",
                 text="**Order** moves up to 4 different Patrols 1 space each. They may explore "
                      "and battle like any moving figure.",
                 quote="Order: Place a \"3\" die. Move up to 4 different Patrols, each 1 space.",
                 ask="Get both Patrols onto the Skull Island at 3,2, with your 3.",
                 goal=goals.custom("2 Patrols on the Island at 3,2, with your 3", lambda b, a: (
                     _count("patrol", (3, 2))(b, a) >= 2 and goals.settled(a)
                     and 3 not in a.dice("bluefin") and 4 in a.dice("bluefin"))),
                 answer=["order 3", "order 2,2>3,2", "order 3,1>3,2"],
                 rule="Your Sail and Tailwind move your Flagship, not Patrols. Which of your "
                      "actions moves Patrols, and what die does it take?",
                 why="Order (a 3) moves each Patrol one space: both are next to the Island.",
                 basis=[("Bluefin Squadron", "Order: Place a \"3\" die. Move up to 4 different Patrols, each 1 space.")]),
            Step(section="Bluefin Squadron", title="Bombard",
                 text="**Bombard** (a “4”) removes every Comrade from the Island in your "
                      "Flagship's region, back to the Union's supply.",
                 quote="Bombard: Place a \"4\" die. Remove all Comrades from the Island in your "
                       "Flagship's region, returning them to the Union's supply.",
                 ask="Clear the Union's Comrades off the Island of your Flagship's region.",
                 expect="bombard 4",
                 rule="The Union controls a region with Comrades on its Island. Which of your "
                      "actions removes them, and which die does it take?",
                 why="Bombard takes a 4 and removes every Comrade from the Fish Island.",
                 basis=[("Bluefin Squadron", "Bombard: Place a \"4\" die. Remove all Comrades from the Island in your Flagship's region, returning them to the Union's supply.")]),
            Step(section="Strongholds", title="Strongholds",
                 text="At the end of your turn, any number of times, you may remove 2 Patrols "
                      "from an Island to place a **Stronghold** there: +2 control, always-loaded "
                      "Cannons (+2 in battle), and **Island Dominance** (the next steps).",
                 quote="At the end of your turn, any number of times, you may remove 2 Patrols "
                       "from an Island to place a Stronghold there.",
                 ask="Make the Skull Island yours for good before your turn is over.",
                 goal=goals.custom("a Stronghold at 3,2", _count("stronghold", (3, 2))),
                 answer=["end", "stronghold 3,2"],
                 rule="Two Patrols on one Island may become a Stronghold, but only at one moment "
                      "of your turn. When?",
                 why="Ending the turn offers the Stronghold: your two Patrols on the Skull "
                     "Island become one.",
                 done="Your two Patrols became a Stronghold. The others are out of dice, so "
                      "your second turn begins.",
                 basis=[("Strongholds", "Placing: At the end of your turn, any number of times, you may remove 2 Patrols from an Island to place a Stronghold there."),
                        ("Ending the Round", "+2 control per Stronghold")]),
            Step(section="Bluefin Squadron", title="Deploy",
                 text="**Deploy** (any die) places a Patrol from your supply in your Flagship's "
                      "space or next to it (not diagonally), ignoring battle and all terrain, "
                      "even Sandbars.",
                 quote="Deploy: Place any die. Place 1 Patrol in your Flagship's space or an "
                       "adjacent space.",
                 ask="Put a Patrol on the Fish Island at 0,0, with your Flagship staying where "
                     "it is and your gold kept.",
                 goal=goals.custom("a Patrol at 0,0, the Flagship at 1,0, your gold kept",
                                   lambda b, a: (_count("patrol", (0, 0))(b, a) >= 1
                                                 and a.figure("bluefin").at == (1, 0)
                                                 and a.gold["bluefin"] == b.gold["bluefin"]
                                                 and goals.settled(a))),
                 answer=["deploy 1", "deploy 0,0"],
                 rule="One action places a Patrol next to your Flagship without moving either. "
                      "Is 0,0 next to 1,0 (never diagonal)?",
                 why="Deploy places a Patrol next to your Flagship, across the Sandbar too.",
                 basis=[("Bluefin Squadron", "Deploy: Place any die. Place 1 Patrol in your Flagship's space or an adjacent space. (You cannot place it diagonally. Ignore battle and all terrain, including Sandbars.)")]),
            Step(section="Strongholds", title="Island Dominance",
                 text="**Island Dominance**: you may recruit Crew of the suit of any Island with "
                      "your Stronghold, as if your Flagship were there. Recruiting Crew needs no "
                      "die: you pay the cost under its suit (gold, or a die on the card).",
                 quote="Island Dominance: You may recruit Crew of matching suit from any Islands "
                       "with a Stronghold, as if your Flagship were there.",
                 ask="Add a Skull Crew from the Market to your Crew, paying gold, without "
                     "sailing to the Skull Island.",
                 expect="recruit mystic",
                 rule="Crew is recruited at an Island of its suit, and your Stronghold stands "
                      "on the Skull Island. Which Skull card in the Market costs gold?",
                 why="The Mystic is a Skull Crew for 1 gold; your Stronghold's Island is Skull.",
                 wrong={"recruit gunner": "The Gunner costs a die on its card; this step pays "
                                          "gold."},
                 basis=[("Strongholds", "Island Dominance: You may recruit Crew of matching suit from any Islands with a Stronghold, as if your Flagship were there."),
                        ("Crew", "To recruit Crew, you must pay the cost shown under its suit.")]),
            Step(section="Crew", title="A Crew's power",
                 text="Crew give new actions or powers. The **Mystic**: once a turn, take 1 "
                      "damage yourself to deal 1 damage to a figure in your Flagship's region, "
                      "no battle needed. Taking it, you choose your slot; dealing it, you "
                      "choose the enemy's.",
                 ask="Hurt the Smuggler in your Flagship's region, without a battle.",
                 goal=goals.custom("the Smuggler damaged, and nothing left to decide", lambda b, a: (
                     sum(1 for s in a.slots("smuggler1") if s["damage"])
                     > sum(1 for s in b.slots("smuggler1") if s["damage"])
                     and goals.settled(a))),
                 answer=["mystic 1,1", "damage tailwind", "damage fullsail"],
                 rule="Your new Crew card has a power that damages a figure in your region. What "
                      "does it cost you, and where is the Smuggler?",
                 why="The Mystic's power: you take 1 damage (on a slot you can spare) and "
                     "deal 1 to the Smuggler at 1,1.",
                 basis=[("Appendix A: Crew", "Mystic (Action): Once per turn, take 1 damage to deal 1 damage to any figure in your Flagship's region."),
                        ("Crew", "Some Crew give a new action, which may require placing a die. Other Crew give a passive power that you can use at the time it says.")]),
        ]),
        Scene("The Mollusk Union", union, intro=(
            "You are the **Mollusk Union**: you control regions with **Comrades** on Islands "
            "(+1 each) and your ships (+1 each). Comrades come from your supply to your board "
            "as **Ready Comrades**, and only Ready Comrades can be placed. You have 1, and "
            "dice 1, 3, 6 and 6; the others have no dice left."),
            steps=[
            Step(section="The Mollusk Union", title="Sail to an Island",
                 text="The Union's Sail: when you anchor at an Island, you may either **place 2 "
                      "Comrades** on it or **gain 2 Ready Comrades**.",
                 ask="Land on the Skull Island at 3,2 and stock up on Ready Comrades there.",
                 goal=goals.custom("2 more Ready Comrades", lambda b, a: (
                     a.data["factions"]["mollusk"]["ready"] == 3 and goals.settled(a))),
                 answer=["sail 3", "move 3,2", "anchor", "ready-comrades"],
                 rule="The Union gains or places Comrades when its Flagship anchors at an "
                      "Island after its Sail. Which action gets you there?",
                 why="Sail onto the Island, anchor, and take 2 Ready Comrades.",
                 basis=[("The Mollusk Union", "Sail: Place any die. Move your Flagship 1 or 2 spaces. If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades.")]),
            Step(section="The Mollusk Union", title="Rally",
                 text="**Rally** (a “6”): if your Flagship is at an Island, gain 4 Ready "
                      "Comrades. **Inspire**, also a “6”, places 1 Comrade on each of up to 4 "
                      "different Islands.",
                 quote="Rally: Place a \"6\" die. If your Flagship is at an Island, gain 4 Ready "
                       "Comrades.",
                 ask="Gather 4 more Ready Comrades with one die.", expect="rally 6",
                 rule="Two of your slots take a 6: one places Comrades, one gathers them. Which "
                      "gathers?",
                 why="Rally gives 4 Ready Comrades while your Flagship is at an Island.",
                 wrong={"inspire": "Inspire places Comrades; this step gathers them."},
                 then=["end"],
                 then_text="Your two dice are placed: the lesson ended your turn. The others "
                           "have no dice, so your second turn begins.",
                 basis=[("The Mollusk Union", "Rally: Place a “6” die. If your Flagship is at an Island, gain 4 Ready Comrades."),
                        ("The Mollusk Union", "Inspire: Place a “6” die. Place 1 Comrade each on up to 4 different Islands.")]),
            Step(section="The Mollusk Union", title="Assemble",
                 text="**Assemble** (a “1”) places 4 Ready Comrades on the Island in your "
                      "Flagship's region.",
                 ask="Put 4 Comrades on the Skull Island with one die.",
                 goal=goals.custom("4 more Comrades on the Skull Island", lambda b, a: (
                     a.comrades().get((3, 2), 0) >= b.comrades().get((3, 2), 0) + 4
                     and goals.settled(a))),
                 answer=["assemble 1", "assemble 4"],
                 rule="Inspire puts 1 Comrade on each Island; one action puts 4 on the Island of "
                      "your Flagship's region. Which, and which die does it take?",
                 why="Assemble takes your 1 and places 4 Ready Comrades on the Skull Island.",
                 wrong={"inspire": "Inspire places only 1 Comrade on each Island."},
                 basis=[("The Mollusk Union", "Assemble: Place a “1” die. Place 4 Comrades on the Island in your Flagship’s region.")]),
        ]),
        Scene("The Smugglers", smuggler, intro=(
            "You are **Smuggler 1**, on the Skull Island at 3,2 with 1 gold; 2 Union Comrades "
            "stand there. The Market holds Mystic (Skull, 1 gold), Gunner (Skull, costs a "
            "die) and Sea Dog (Fish)."), steps=[
            Step(section="Crew", title="Recruiting Crew",
                 text="As an action that needs no die, while your Flagship is at an Island you "
                      "may recruit Market cards **of the Island's suit** into your Crew, paying "
                      "the cost under the suit: gold, or a die placed on the card. The Market "
                      "refills from the deck.",
                 quote="As an action, while your Flagship is at an Island, you may recruit any "
                       "number of cards from the Market into your Crew, as long as the Crew's "
                       "suit matches the Island.",
                 ask="Take on the Skull Crew that you can pay for with gold.",
                 expect="recruit mystic",
                 rule="Crew must match your Island's suit, and each shows its cost: gold, or a "
                      "die on the card. Which card is Skull and costs gold?",
                 why="The Mystic is Skull and costs 1 gold, which you have.",
                 wrong={"recruit gunner": "The Gunner costs a die placed on it; this step pays "
                                          "gold."},
                 basis=[("Crew", "As an action, while your Flagship is at an Island, you may recruit any number of cards from the Market into your Crew, as long as the Crew's suit matches the Island."),
                        ("Crew", "It either requires you to place a die on the card or spend 1 or 2 gold back to the supply.")]),
            Step(section="Smugglers", title="Negotiate",
                 text="The Smugglers' **Negotiate** (an even die): at an Island, recruit any "
                      "Market card ignoring its cost and suit — and one more if you remove a "
                      "Comrade from the Island.",
                 quote="Negotiate: Place an even die. While your Flagship is at an Island, you "
                       "may recruit any card from the Market into your Crew, ignoring its cost "
                       "and suit.",
                 ask="Get the Gunner and the Sea Dog into your Crew, with one die.",
                 goal=goals.custom("Gunner and Sea Dog in your Crew", lambda b, a: (
                     _crew(a, "smuggler1") >= 3 and goals.settled(a))),
                 answer=["negotiate 4", "recruit gunner", "recruit sea-dog"],
                 rule="The Sea Dog is Fish, and this Island is Skull. Which of your actions "
                      "ignores a card's suit and cost, and what does it take?",
                 why="Negotiate (an even die) recruits any card, and a second one by removing a "
                     "Comrade.",
                 done="The second recruit removed one of the Union's Comrades from the Island.",
                 basis=[("Smugglers", "Negotiate: Place an even die. While your Flagship is at an Island, you may recruit any card from the Market into your Crew, ignoring its cost and suit requirement."),
                        ("Smugglers", "You may recruit one more Crew, as described, if you choose to remove one Comrade from the Island.")]),
        ]),
    ])
