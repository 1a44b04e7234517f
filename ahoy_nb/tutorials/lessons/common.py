"""Shared pieces of the lessons: positions built with ``scenario``, and maps."""

from __future__ import annotations

from ...engine import State, scenario

# The two regions every game starts with here: a Fish region (Island 0,0) and a
# Skull region (Island 3,2).
#   0,0 Island    1,0 Tailwind 6
#   0,1 Wreckage  1,1 Fog          2,1 Current (down)    3,1 Harbor
#                                  2,2 open, Tailwind 2  3,2 Island
TWO_REGIONS = [(0, "0,0", 180), (6, "2,1", 0)]
# The same two regions, the Skull one worth 3.
TWO_REGIONS_WEALTH = [(0, "0,0", 180, 1), (6, "2,1", 0, 3)]


def position(**kw) -> State:
    """``scenario(...)`` with the Union holding no plans unless the lesson gives some,
    so no plan interrupts a lesson that is not about plans."""
    kw.setdefault("hand", [])
    kw.setdefault("players", 3)
    return scenario(**kw)
