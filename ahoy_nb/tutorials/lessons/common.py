"""Shared pieces of the lessons: positions built with ``scenario``, and maps."""

from __future__ import annotations

from ...engine import State, scenario
from .. import goals

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


def calm_placement(state: State) -> list[str]:
    """The shortest way for the deciding faction to place one die that moves, explores
    and battles nothing if it can (and, if it must move, with an action every faction has
    before the factions' own): what *Show me* plays where any placement will do."""
    who = state.current_player
    dice = len(state.dice(who))
    for skip in (("move", "order", "deploy", "bombard"), ("order", "deploy", "bombard"), ()):
        ways = [([], state)]
        while ways:
            path, s = ways.pop(0)
            # Dice as they are before dice changed with gold.
            for action in sorted(s.legal_actions(), key=lambda a: a.args.get("gold", 0)):
                if action.verb in ("tile", "battle", *skip) or action.verb == "move" and not \
                        s.map.on_map(action.args["space"]):
                    continue
                after = s.after(action)
                way = path + [action.notation]
                if len(after.dice(who)) < dice and goals.settled(after):
                    return way
                if after.current_player == who and after.data["pending"] and len(way) < 5:
                    ways.append((way, after))
    raise ValueError("no calm placement")
