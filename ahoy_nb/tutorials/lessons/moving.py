"""Moving and terrain: Sandbars, Strong Currents, Fog, Wreckage, Treasure, Harbor, Tailwind."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from .common import position

# Three regions:
#   0,0 Treasure 2 |1,0 open      2,0 Harbor     3,0 Wreckage (Tailwind 5, Treasure 1)
#   0,1 Current v   1,1 Island     2,1 open       3,1 Island
#   0,2 Fog         1,2 Wreckage (Treasure 2)
#   0,3 Tailwind 6  1,3 Island
# A Sandbar (|) runs between 0,0 and 1,0.
TOUR = [(1, "0,0", 0), (4, "2,0", 0), (0, "0,2", 0)]


def sail_tour():
    return position(tiles=TOUR, figures={"smuggler1": "1,0", "bluefin": "3,1", "mollusk": "1,3",
                                         "patrol": ["0,2"]},
                    turn="smuggler1", dice={"smuggler1": [1, 5, 6]},
                    placed={"smuggler1": {"cannons": 2}}, gold={"smuggler1": 0})


def harbor():
    return position(tiles=TOUR, figures={"smuggler1": "2,1", "bluefin": "3,1", "mollusk": "1,3"},
                    turn="smuggler1", dice={"smuggler1": [2, 3, 4, 4]},
                    damage={"smuggler1": ["sail", "tailwind"]})


def tailwind():
    return position(tiles=TOUR, figures={"smuggler1": "2,0", "bluefin": "3,1", "mollusk": "1,3"},
                    turn="smuggler1", dice={"smuggler1": [1, 3, 5, 6]})


TUTORIAL = Tutorial(
    name="moving", order=30, title="Moving and terrain",
    summary="moving space by space, Sandbars, Strong Currents, Fog, Wreckage, Treasure, "
            "Harbors, Tailwinds",
    scenes=[
        Scene("A voyage", sail_tour, intro=(
            "You are **Smuggler 1**, at 1,0 with a 2 on Cannons (loaded). Terrain is printed on "
            "each space: a Sandbar between 0,0 and 1,0, a Strong Current at 0,1 pointing down, "
            "Fog at 0,2 (with a Bluefin Patrol in it), a Wreckage at 1,2."), steps=[
            Step(section="Smugglers", title="Full Sail",
                 text="The Smugglers' **Full Sail** moves your Flagship up to as many spaces as "
                      "the die you place (at least 1). Each move goes to an adjacent space: up, "
                      "down, left or right, never diagonal.",
                 quote="Full Sail: Place any die. Move your Flagship a number of spaces up to the "
                       "value of the die you placed, but at least 1 space.",
                 ask="Place your 5 on Full Sail.", expect=["fullsail 5", "fullsail 6"],
                 hint="'fullsail 5'."),
            Step(section="Terrain", title="Sandbars and Strong Currents",
                 text="A **Sandbar** is an edge you cannot move across. A **Strong Current** moves "
                      "a figure that enters it one more space in its direction, for free. And "
                      "in **Fog**, battles cannot happen — even with loaded Cannons.",
                 quote="Strong Current: When any of your figures moves here, you must move it to "
                       "the adjacent space in the direction shown for free.",
                 ask="Reach the Strong Current at 0,1 (the Sandbar blocks the short way).",
                 goal=goals.event("Strong Current pushes", "ride the Strong Current"),
                 answer=["move 1,1", "move 0,1"],
                 hint="Around the Sandbar: 'move 1,1', then 'move 0,1'.",
                 done="The Current carried you into the Fog at 0,2, where the Patrol is: no "
                      "battle in Fog, and the free move did not use up any of your movement."),
            Step(section="Terrain", title="Wreckage",
                 text="**Wreckage**: a figure that moves into it must take 1 damage. When *you* "
                      "take damage, you choose which of your own empty slots gets the token.",
                 ask="Move into the Wreckage at 1,2.", expect="move 1,2",
                 hint="'move 1,2'.", highlight=["1,2"],
                 wrong={"move 0,3": "Fine sailing, but this step heads for the Wreckage's "
                                    "Treasure."}),
            Step(section="Damage", ask="Choose the slot that takes the damage.",
                 text="A slot with a die or a damage token, or a dashed box (Repair), cannot be "
                      "damaged. A damaged slot cannot take a die until repaired.",
                 quote="Wreckage terrain and some Crew make your Flagship TAKE DAMAGE. In this "
                       "case, you choose which die slot of your own to damage.",
                 goal=goals.anything("damage any of your empty slots"), answer="damage negotiate",
                 hint="Pick a slot you can spare: 'damage negotiate'."),
            Step(section="Terrain", title="Treasure",
                 text="**Treasure**: when your Flagship *anchors* on a space with gold icons, "
                      "you gain that much gold. Every Wreckage has Treasure. You still have "
                      "moves left; stopping is **anchoring**.",
                 quote="Treasure: When your Flagship anchors here, you may gain 1 gold for each "
                       "gold icon shown in the corner of the space.",
                 ask="Anchor here to collect the Treasure.", expect="anchor",
                 hint="'anchor'.",
                 wrong={"move": "Moving on would leave the Treasure behind: you gain it only "
                                "where you anchor."},
                 done="2 gold from the Wreckage's Treasure."),
        ]),
        Scene("A Harbor", harbor, intro=(
            "You are Smuggler 1 at 2,1, with damage on a Sail slot and on Tailwind. The Harbor "
            "is at 2,0."), steps=[
            Step(section="Terrain", title="Harbor",
                 text="**Harbor**: when your Flagship anchors there, you may repair 2 damage, or "
                      "move a die you already placed onto your Cannons.",
                 ask="Sail to the Harbor at 2,0 and anchor there.",
                 goal=goals.at("smuggler1", "2,0"), answer=["sail 2", "move 2,0", "anchor"],
                 hint="'sail 2', 'move 2,0', 'anchor'."),
            Step(section="Terrain", ask="Repair at the Harbor.",
                 quote="Harbor: When your Flagship anchors here, you may repair 2 damage, or you "
                       "may take any die that you have already placed and place it on your "
                       "Cannons die slot.",
                 text="The other choice, `harbor-cannons sail`, would move your Sail die onto "
                      "Cannons: loaded Cannons for the rest of the round.",
                 expect="harbor-repair", hint="'harbor-repair'.",
                 wrong={"harbor-cannons": "A good trick for loading Cannons; this step asks you "
                                          "to repair."}),
            Step(section="Damage", ask="Remove both damage tokens.",
                 text="Repairing removes damage tokens from your slots, up to 2 here.",
                 goal=goals.custom("no damage left", lambda b, a: not any(
                     s["damage"] for s in a.slots("smuggler1")) and goals.settled(a)),
                 answer=["repair sail", "repair tailwind"],
                 hint="'repair sail', then 'repair tailwind'."),
        ]),
        Scene("Tailwind", tailwind, intro="You are Smuggler 1 at the Harbor 2,0.", steps=[
            Step(section="Common Actions", title="Tailwind",
                 text="**Tailwind** moves your Flagship directly to any space with a printed "
                      "die matching the die you place on your Tailwind slot — not adjacent, "
                      "ignoring Sandbars and everything between.",
                 quote="Tailwind basically lets you teleport around the map.",
                 ask="Jump to the far corner at 0,3.",
                 goal=goals.at("smuggler1", "0,3"), answer=["tailwind 6", "move 0,3"],
                 hint="0,3 shows a printed 6: 'tailwind 6', then 'move 0,3'.",
                 wrong={"tailwind 5": "A 5 takes you to 3,0, the only printed 5."}),
        ]),
    ])
