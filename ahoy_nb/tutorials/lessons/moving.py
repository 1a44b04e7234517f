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
    # All dice odd and no gold: the Smugglers' Repair slot (an even die) is out of reach.
    return position(tiles=TOUR, figures={"smuggler1": "2,1", "bluefin": "3,1", "mollusk": "1,3"},
                    turn="smuggler1", dice={"smuggler1": [1, 3, 5, 5]}, gold={"smuggler1": 0},
                    damage={"smuggler1": ["sail", "tailwind"]})


def tailwind():
    return position(tiles=TOUR, figures={"smuggler1": "2,0", "bluefin": "3,1", "mollusk": "1,3"},
                    turn="smuggler1", dice={"smuggler1": [1, 3, 5, 6]})


SHORT = "Sail moves your Flagship 1 or 2 spaces: not far enough for this voyage."

TUTORIAL = Tutorial(
    name="moving", order=20, title="Moving and terrain", quiz=("reach", "damage", "reach"),
    requires=("setup",),
    summary="placing a die to move, moving space by space, Sandbars, Strong Currents, Fog, "
            "Wreckage, Treasure, Harbors, Tailwinds",
    scenes=[
        Scene("A voyage", sail_tour, intro=(
            "You are **Smuggler 1**, at 1,0 with a 2 on Cannons (loaded). On your turn you "
            "place **action dice** on the **die slots** of your player board: each slot is an "
            "action, and the die you place can decide how far it goes. Terrain is printed on "
            "each space: a Sandbar between 0,0 and 1,0, a Strong Current at 0,1 pointing down, "
            "Fog at 0,2 (with a Bluefin Patrol in it), a Wreckage at 1,2."), steps=[
            Step(section="Smugglers", title="Full Sail",
                 text="Every faction's **Sail** moves its Flagship 1 or 2 spaces. The Smugglers "
                      "also have **Full Sail**: up to as many spaces as the die you place (at "
                      "least 1). Each move goes to an adjacent space: up, down, left or right, "
                      "never diagonal.",
                 quote="Full Sail: Place any die. Move your Flagship a number of spaces up to the "
                       "value of the die you placed, but at least 1 space.",
                 ask="Set off on a long voyage: place a die that lets your Flagship go at least "
                     "5 spaces.",
                 expect=["fullsail 5", "fullsail 6"],
                 rule="Sail goes 1 or 2 spaces whatever the die; Full Sail goes up to the "
                      "die's value. Which slot, and which of your dice (1, 5, 6), give 5 spaces?",
                 why="Full Sail goes up to the die's value: a 5 or a 6 will do.",
                 wrong={"sail": SHORT, "fullsail 1": "A 1 on Full Sail moves you 1 space.",
                        "tailwind": "Tailwind jumps to one space with a printed number; this "
                                    "voyage goes space by space."},
                 basis=[("Taking Action", "On your turn, you must take two actions that require placing a die."),
                        ("Common Actions", "Sail: Move your Flagship 1 or 2 spaces."),
                        ("Smugglers", "Move your Flagship a number of spaces up to the value of the die you placed, but at least 1 space."),
                        ("Moving", "You may only move to an adjacent space: one space up, down, left, or right from your space, not diagonal.")]),
            Step(section="Moving", title="Sandbars and Strong Currents",
                 text="A **Sandbar** is an edge you cannot move across. A **Strong Current** moves "
                      "a figure that enters it one more space in its direction, for free. And "
                      "in **Fog**, battles cannot happen — even with loaded Cannons.",
                 quote="Strong Current: When any of your figures moves here, you must move it to "
                       "the adjacent space in the direction shown for free.",
                 ask="Ride the Strong Current at 0,1: the Sandbar blocks the short way.",
                 goal=goals.event("Strong Current pushes", "ride the Strong Current"),
                 answer=["move 1,1", "move 0,1"],
                 rule="You cannot cross the Sandbar between 1,0 and 0,0, and you move one "
                      "adjacent space at a time. Which two spaces take you around it?",
                 why="Around the Sandbar: down to the Island at 1,1, then left onto the Current.",
                 done="The Current carried you into the Fog at 0,2, where the Patrol is: no "
                      "battle in Fog, and the free move did not use up any of your movement.",
                 basis=[("Terrain", "Sandbar: You cannot move across this edge."),
                        ("Terrain", "Strong Current: When any of your figures moves here, you must move it to the adjacent space in the direction shown for free."),
                        ("Terrain", "Fog: Battles cannot happen here.")]),
            Step(section="Terrain", title="Wreckage",
                 text="**Wreckage**: a figure that moves into it must take 1 damage. When *you* "
                      "take damage, you choose which of your own empty slots gets the token. "
                      "Every Wreckage also holds **Treasure** (the gold icons in its corner).",
                 ask="Head for the Wreckage's 2 gold.",
                 goal=goals.at("smuggler1", "1,2", anchored=False), answer="move 1,2",
                 highlight=["1,2"],
                 rule="The Wreckage is the space with the broken ship. Which adjacent space is "
                      "it, from the Fog at 0,2?",
                 why="The Wreckage at 1,2 is right next to you.",
                 wrong={"anchor": "Anchoring here leaves the Treasure where it is."},
                 basis=[("Terrain", "Wreckage: When any figure moves here, it must take 1 damage."),
                        ("Damage", "In this case, you choose which die slot of your own to damage.")]),
            Step(section="Damage", ask="Choose the slot that takes the damage.",
                 text="A slot with a die or a damage token, or a dashed box (Repair), cannot be "
                      "damaged. A damaged slot cannot take a die until repaired.",
                 quote="Wreckage terrain and some Crew make your Flagship TAKE DAMAGE. In this "
                       "case, you choose which die slot of your own to damage.",
                 goal=goals.anything("damage any of your empty slots"), answer="damage negotiate",
                 why="Any empty slot will do; one you will not need this round costs least.",
                 basis=[("Damage", "A die slot cannot be damaged if it already has a damage token or die on it, or if it has a dashed box around it, such as the Repair slot."),
                        ("Taking Action", "The die slot must be empty. It cannot be filled with a die or damage token.")]),
            Step(section="Terrain", title="Treasure",
                 text="**Treasure**: when your Flagship *anchors* on a space with gold icons, "
                      "you gain that much gold. You still have moves left; stopping is "
                      "**anchoring**.",
                 quote="Treasure: When your Flagship anchors here, you may gain 1 gold for each "
                       "gold icon shown in the corner of the space.",
                 ask="Collect the Treasure.", expect="anchor",
                 rule="Treasure pays only where your Flagship stops. How do you stop here?",
                 why="Treasure pays where you stop, and stopping is anchoring.",
                 wrong={"move": "Moving on would leave the Treasure behind: you gain it only "
                                "where you anchor."},
                 done="2 gold from the Wreckage's Treasure.",
                 basis=[("Terrain", "Treasure: When your Flagship anchors here, you may gain 1 gold for each gold icon shown in the corner of the space."),
                        ("Moving", "After moving a space, if you choose not to move another space or cannot move another space, you ANCHOR.")]),
        ]),
        Scene("A Harbor", harbor, intro=(
            "You are Smuggler 1 at 2,1, with damage on a Sail slot and on Tailwind. Your dice "
            "are 1, 3, 5 and 5, and you have no gold. The Harbor is at 2,0."), steps=[
            Step(section="Terrain", title="Harbor",
                 text="**Harbor**: when your Flagship anchors there, you may repair 2 damage, or "
                      "move a die you already placed onto your Cannons. Your own **Repair** slot "
                      "takes only an even die.",
                 ask="Get your board mended: your dice are all odd.",
                 goal=goals.at("smuggler1", "2,0"), answer=["sail 1", "move 2,0", "anchor"],
                 rule="Your Repair slot wants an even die, and you have no gold to change one. "
                      "Which space repairs a Flagship that anchors there?",
                 why="The Harbor repairs 2 damage when you anchor there, and it is one space up.",
                 basis=[("Terrain", "Harbor: When your Flagship anchors here, you may repair 2 damage, or you may take any die that you have already placed and place it on your Cannons die slot."),
                        ("Smugglers", "Repair: Place an even die. Remove up to 2 damage from any of your die slots.")]),
            Step(section="Terrain", ask="Use what the Harbor offers to mend your board.",
                 quote="Harbor: When your Flagship anchors here, you may repair 2 damage, or you "
                       "may take any die that you have already placed and place it on your "
                       "Cannons die slot.",
                 text="The other choice would move your Sail die onto Cannons: loaded Cannons for "
                      "the rest of the round.",
                 expect="harbor-repair",
                 rule="The Harbor offers two things: repairing 2 damage, or loading your Cannons "
                      "with a die you placed. Which one mends?",
                 why="The Harbor's repair mends 2 damage.",
                 wrong={"harbor-cannons": "A good trick for loading Cannons; it mends nothing.",
                        "harbor-none": "That takes nothing from the Harbor."},
                 basis=[("Terrain", "Harbor: When your Flagship anchors here, you may repair 2 damage, or you may take any die that you have already placed and place it on your Cannons die slot.")]),
            Step(section="Damage", ask="Get both damage tokens off your board.",
                 text="Repairing removes damage tokens from your slots, one slot at a time, up "
                      "to 2 here.",
                 goal=goals.custom("no damage left", lambda b, a: not any(
                     s["damage"] for s in a.slots("smuggler1")) and goals.settled(a)),
                 answer=["repair sail", "repair tailwind"],
                 rule="Each repair takes one token off one slot. Which slots hold a token?",
                 why="One token is on a Sail slot, the other on Tailwind.",
                 wrong={"done": "That stops repairing with damage still on your board."},
                 basis=[("Damage", "Whenever you REPAIR DAMAGE, remove a damage token from any damaged die slot on your player board or Crew, returning it to the supply.")]),
        ]),
        Scene("Tailwind", tailwind, intro="You are Smuggler 1 at the Harbor 2,0.", steps=[
            Step(section="Common Actions", title="Tailwind",
                 text="**Tailwind** moves your Flagship directly to any space with a printed "
                      "die matching the die you place on your Tailwind slot — not adjacent, "
                      "ignoring Sandbars and everything between.",
                 quote="Tailwind basically lets you teleport around the map.",
                 ask="Get to the far corner at 0,3 in one action.",
                 goal=goals.at("smuggler1", "0,3"), answer=["tailwind 6", "move 0,3"],
                 rule="Look at the small die printed in the corner of 0,3. Which of your dice, "
                      "on which slot, takes you straight to a space printed with it?",
                 why="0,3 shows a printed 6, and Tailwind goes to a space printed with your die.",
                 wrong={"tailwind 5": "A 5 takes you to 3,0, the only printed 5."},
                 basis=[("Common Actions", "Tailwind: You may move your Flagship directly to any space on the map with a printed die in the corner whose value matches the die you placed on the Tailwind die slot."),
                        ("Terrain", "Tailwind: You can move here directly, ignoring everything between, by placing a matching die on your Tailwind action.")]),
        ]),
    ])
