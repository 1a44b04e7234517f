"""Exploring: moving off the map, where a new region tile may go, and what exploring ends."""

from __future__ import annotations

import re

from ...engine import space_name
from ...engine.geometry import island_offset
from .. import goals
from ..core import Scene, Step, Tutorial
from .common import TWO_REGIONS, position


def explain_tile(state, notation: str) -> str:
    """Why a tile placement is wrong, in the rules' words (for the tutorial's feedback)."""
    m = re.fullmatch(r"tile (-?\d+),(-?\d+) r(0|90|180|270)", notation)
    top = state.data["pending"][-1] if state.data["pending"] else None
    if not m or top is None or top["type"] != "explore":
        return ""
    x, y, rot = int(m.group(1)), int(m.group(2)), int(m.group(3))
    target = tuple(top["target"])
    block = [(x + dx, y + dy) for dx in (0, 1) for dy in (0, 1)]
    if target not in block:
        return (f"A tile at {x},{y} covers {space_name(block[0])} to {space_name(block[3])}; it must "
                f"cover {space_name(target)}, the space you are moving to.")
    board = state.map
    taken = [s for s in block if s in board.spaces]
    if taken:
        return f"It would overlap the region already at {space_name(taken[0])}."
    ix, iy = island_offset(rot)
    island = (x + ix, y + iy)
    for other in board.islands:
        if abs(island[0] - other[0]) + abs(island[1] - other[1]) == 1:
            return (f"Its Island would be at {space_name(island)}, right next to the Island at "
                    f"{space_name(other)}: you cannot place its Island adjacent to any other "
                    f"Island (diagonal is fine).")
    return ""


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
    name="exploring", order=40, title="Exploring",
    summary="moving off the map, placing and turning a new region, Islands never side by side, "
            "no more moves after exploring, no room to explore",
    scenes=[
        Scene("Off the edge of the map", explore_right, intro=(
            "You are the **Mollusk Union**, at the Harbor 3,1 on the right edge of the map. "
            "The map grows as the players explore: 10 more region tiles wait in the stack."),
            steps=[
            Step(section="Exploring", ask="Place a die on Sail.",
                 text="Any move may go off the edge of the map. That is **exploring**: you draw "
                      "a region tile and place it so that one of its spaces is where you are "
                      "moving to.",
                 expect=["sail 2", "sail 4", "sail 5"], hint="'sail 2'."),
            Step(section="Exploring", ask="Move off the map to the right, to 4,1.",
                 quote="Whenever you move one of your figures off the map, you EXPLORE a new "
                       "region... Draw a region tile from the tile stack. Place the region tile "
                       "so that one space is where you are moving to.",
                 text="The space 4,1 is not on the map yet: moving there explores.",
                 expect="move 4,1", highlight=["4,1"], hint="'move 4,1'."),
            Step(section="Exploring", title="Placing the new region",
                 text="You drew a **Skull** region. You may turn it any way, and place it so that "
                      "any of its four spaces lands on 4,1 — as long as it overlaps no other "
                      "region and its Island is not next to another Island (diagonal is fine). "
                      "Notation: `tile x,y rN` puts the tile's top-left space at x,y turned N "
                      "degrees clockwise.",
                 quote="You can rotate the region, but you cannot place its Island adjacent to "
                       "any other Island. (They can be diagonal.)",
                 ask="Place the tile so that its Island is at 4,1, diagonal to the Skull Island "
                     "at 3,2: your Flagship lands right on it.",
                 expect=["tile 4,1 r180", "tile 4,0 r90"],
                 hint="Either 'tile 4,1 r180' (the Island, printed bottom-right, turned to the "
                      "top-left) or 'tile 4,0 r90'.",
                 wrong={"tile": explain_tile}),
            Step(section="Exploring", title="Exploring ends the move",
                 text="Sail allowed 2 spaces, but exploring (like battling) ends your movement "
                      "at once, so you **anchor** on the new Island. The new region has its own "
                      "wealth die at 1. The Union's Sail lets it place 2 Comrades on an Island "
                      "where it anchors.",
                 quote="After exploring, you cannot move your figure any more spaces with your "
                       "current action.",
                 ask="Place 2 Comrades on your new Island.", expect="place-comrades",
                 hint="'place-comrades'."),
        ]),
        Scene("No room", no_room, intro=(
            "A third region now sits at the top right, leaving a one-space notch at 2,0. You "
            "are the Union at 1,0."), steps=[
            Step(section="Exploring", title="There must be enough room",
                 text="You cannot explore where no tile fits: 2,0 is a notch between regions, "
                      "and no 2×2 tile covering it could avoid overlapping them.",
                 quote="You cannot move off the map to explore if there isn't enough room to "
                       "place the region without overlapping another, or if the tile stack is "
                       "empty.",
                 ask="Sail and explore off the top of the map instead.",
                 goal=goals.event("explores", "explore a new region"),
                 answer=["sail 4", "move 1,-1"],
                 hint="'sail 4', then 'move 1,-1' (up from 1,0). 'move 2,0' is refused: no room.",
                 wrong={"move 2,0": "That is the notch: no room for a tile there."}),
            Step(section="Exploring", ask="Place the new Tree region anywhere it fits.",
                 text="Choose a spot and a turn; the board shows every legal placement "
                      "among the legal actions.",
                 goal=goals.anything("any legal placement"),
                 hint="Every tile placement in the list is legal: pick one and "
                      "see where its Island lands.",
                 wrong={"tile": explain_tile}),
        ]),
    ])
