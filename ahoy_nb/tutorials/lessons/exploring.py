"""Exploring: moving off the map, where a new region tile may go, and what exploring ends."""

from __future__ import annotations

from .. import goals
from ..core import Scene, Step, Tutorial
from ..friendly import explain_tile
from .common import TWO_REGIONS, position


def explore_right():
    s = position(tiles=TWO_REGIONS, figures={"bluefin": "0,0", "mollusk": "3,1", "smuggler1": "1,0"},
                 turn="mollusk", dice={"mollusk": [2, 4, 5, 5]})
    return s.fix("tile", [7])   # a Skull region: Harbor, Treasure, Treasure, Island


NOTCH = TWO_REGIONS + [(7, "3,-1", 0)]


def no_room():
    s = position(tiles=NOTCH, figures={"bluefin": "0,0", "mollusk": "1,0", "smuggler1": "2,2"},
                 turn="mollusk", dice={"mollusk": [2, 4, 5, 5]})
    return s.fix("tile", [9])   # a Tree region


TUTORIAL = Tutorial(
    name="exploring", order=30, title="Exploring", quiz=("explore", "explore", "reach"),
    requires=("moving",),
    summary="moving off the map, placing and turning a new region, Islands never side by side, "
            "no more moves after exploring, no room to explore",
    scenes=[
        Scene("Off the edge of the map", explore_right, intro=(
            "You are the **Mollusk Union**, at the Harbor 3,1 on the right edge of the map, "
            "with dice 2, 4, 5 and 5. The map grows as the players explore: 10 more region "
            "tiles wait in the stack."),
            steps=[
            Step(section="Exploring", title="Moving off the map",
                 text="Any move may go off the edge of the map. That is **exploring**: you draw "
                      "a region tile and place it so that one of its spaces is where you are "
                      "moving to.",
                 quote="Whenever you move one of your figures off the map, you EXPLORE a new "
                       "region... Draw a region tile from the tile stack. Place the region tile "
                       "so that one space is where you are moving to.",
                 ask="Explore: take your Flagship off the right edge of the map.",
                 goal=goals.custom("explore off the right edge, at 4,1", lambda b, a: (
                     bool(a.data["pending"]) and a.data["pending"][-1]["type"] == "explore"
                     and tuple(a.data["pending"][-1]["target"]) == (4, 1))),
                 answer=["sail 2", "move 4,1"],
                 rule="Exploring is a move, one space at a time, off the map's edge. Which action "
                      "moves your Flagship space by space?",
                 why="Sail moves your Flagship; one step right from 3,1 leaves the map.",
                 wrong={"tailwind": "Tailwind jumps to a printed number on the map; it cannot "
                                    "take you off it."},
                 basis=[("Moving", "If you're on the map edge, you can move off the map."),
                        ("Exploring", "Whenever you move one of your figures off the map, you EXPLORE a new region...")]),
            Step(section="Exploring", title="Placing the new region",
                 text="You drew a **Skull** region. You may turn it any way, and place it so that "
                      "any of its four spaces lands on 4,1 — as long as it overlaps no other "
                      "region and its Island is not next to another Island (diagonal is fine). "
                      "Notation: `tile x,y rN` puts the tile's top-left space at x,y turned N "
                      "degrees clockwise.",
                 quote="You can rotate the region, but you cannot place its Island adjacent to "
                       "any other Island. (They can be diagonal.)",
                 ask="Place the new region so that your Flagship lands right on its Island.",
                 expect=["tile 4,1 r180", "tile 4,0 r90"],
                 rule="Your Flagship lands on the space it moved to. Turning the tile moves its "
                      "Island from corner to corner: which turns put the Island on that space "
                      "(it may touch the Island at 3,2 only diagonally)?",
                 why="Either placement puts the Island, printed bottom-right, on the space you "
                     "moved to, diagonal to the Skull Island at 3,2.",
                 wrong={"tile": explain_tile},
                 basis=[("Exploring", "Place the region tile so that one space is where you are moving to."),
                        ("Exploring", "You can rotate the region, but you cannot place its Island adjacent to any other Island. (They can be diagonal.)")]),
            Step(section="Exploring", title="Exploring ends the move",
                 text="Sail allowed 2 spaces, but exploring (like battling) ends your movement "
                      "at once, so you **anchor** on the new Island. The new region has its own "
                      "wealth die at 1. The Union's Sail lets it place 2 Comrades on an Island "
                      "where it anchors, or gain 2 Ready Comrades (see the factions lesson).",
                 quote="After exploring, you cannot move your figure any more spaces with your "
                       "current action.",
                 ask="Add to your control of the new region at once.", expect="place-comrades",
                 rule="Comrades on an Island count for the Union's control of its region; Ready "
                      "Comrades on your board do not. Which choice puts some on the Island?",
                 why="Comrades on the Island count +1 each for control; Ready ones do not.",
                 wrong={"ready-comrades": "Ready Comrades wait on your board: they do not count "
                                          "for control until placed on an Island.",
                        "no-comrades": "That adds nothing to your control."},
                 basis=[("Exploring", "After exploring, you cannot move your figure any more spaces with your current action."),
                        ("Exploring", "Place a wealth die showing \"1\" on the center of the region."),
                        ("The Mollusk Union", "If you anchor at an Island, you may either place 2 Comrades on the Island or gain 2 Ready Comrades.")]),
        ]),
        Scene("No room", no_room, intro=(
            "A third region now sits at the top right, leaving a one-space notch at 2,0. You "
            "are the Union at 1,0."), steps=[
            Step(section="Exploring", title="There must be enough room",
                 text="You cannot explore where no tile fits: a 2×2 tile must cover the space "
                      "you move to without overlapping another region.",
                 quote="You cannot move off the map to explore if there isn't enough room to "
                       "place the region without overlapping another, or if the tile stack is "
                       "empty.",
                 ask="Explore a new region from where you are.",
                 goal=goals.event("explores", "explore a new region"),
                 answer=["sail 4", "move 1,-1"],
                 rule="A new region is 2×2 spaces and may not overlap one on the map. Count the "
                      "free spaces around each edge near you: where is there room for 2×2?",
                 why="Up from 1,0 there is room for a whole tile; the notch at 2,0 has none.",
                 wrong={"move 2,0": "That is the notch: no 2×2 tile covering it fits without "
                                    "overlapping a region."},
                 basis=[("Exploring", "You cannot move off the map to explore if there isn't enough room to place the region without overlapping another, or if the tile stack is empty.")]),
            Step(section="Exploring", ask="Place the new Tree region anywhere it fits.",
                 text="Choose a spot and a turn; the board shows every legal placement "
                      "among the legal actions.",
                 goal=goals.anything("any legal placement"),
                 why="Every placement offered is legal; each puts the Island somewhere else.",
                 wrong={"tile": explain_tile},
                 basis=[("Exploring", "Place the region tile so that one space is where you are moving to.")]),
        ]),
    ])
