"""Sea Witch: when your Flagship moves off the map, it may move directly to the space on
the nearest opposite edge.

>>> sorted(CARD.hooks)
['leaving the map', 'off-map step']
"""

from __future__ import annotations

from ...geometry import Space, space_name
from ...rules import Play, name
from ...schema import FLAG, Below, Space as SpaceField
from . import Crew, Decision, Verb, register
from .common import has

KEY = "sea-witch"


def destination(g: Play, here: Space, target: Space) -> Space | None:
    """Trace back from the direction of the move to the nearest opposite edge.

    The Flagship goes to the last space of the map along that line before the first
    gap (the nearest edge, not the furthest): the space adjacent to that edge. ``None``
    when that is the space it leaves (cannot happen with 2x2 tiles, kept as a guard).
    """
    dx, dy = target[0] - here[0], target[1] - here[1]
    m = g.map
    space = here
    while m.on_map((space[0] - dx, space[1] - dy)):
        space = (space[0] - dx, space[1] - dy)
    return space if space != here else None


def can_step(g: Play, fig: dict, target: Space, carried: list = ()) -> bool:
    """This Flagship may step off the map toward ``target``, even where it cannot explore;
    not back into a space it was ``carried`` out of in this movement (a ruling)."""
    if fig["kind"] != "flagship" or g.map.on_map(target) or not has(g, fig["owner"], KEY):
        return False
    land = destination(g, tuple(fig["at"]), target)
    return land is not None and list(land) not in carried


def off_map(g: Play, fig: dict, frame: dict) -> bool:
    """The figure of the step ``frame`` moves off the map: offer Sea Witch. True if asked."""
    target = tuple(frame["to"])
    if (frame.get("stay_on_map") or frame.get("witch")
            or not can_step(g, fig, target, frame.get("carried", []))):
        return False
    frame["witch"] = True
    can_explore = bool(g.data["tile_stack"]) and g.map.can_explore(target)
    g.push({"type": KEY, "player": fig["owner"], "step": len(g.data["pending"]) - 1,
            "to": list(destination(g, tuple(fig["at"]), target)),
            "decline": can_explore or bool(frame.get("pushed"))})
    return True


def legal_sea_witch(g: Play, frame) -> list:
    out = [(KEY, do_sea_witch, (True,))]
    if frame["decline"]:
        out.append((f"no-{KEY}", do_sea_witch, (False,)))
    return out


def do_sea_witch(g: Play, frame, use: bool) -> None:
    g.pop()
    if not use:
        return
    step = g.data["pending"][frame["step"]]
    step["to"] = frame["to"]
    step["direct"] = True
    g.say(f"{name(frame['player'])}'s Flagship moves off the map and directly to "
          f"{space_name(frame['to'])} on the opposite edge (Sea Witch)")


CARD = register(Crew(
    KEY,
    tip="Sail off one edge of the map and you may come back in on the opposite edge.",
    verbs=(Verb(KEY, "Sail on from the opposite edge (Sea Witch)", actions=((22, ()),)),
           Verb(f"no-{KEY}", "Stop at the edge", actions=((23, ()),))),
    # For the ``step`` off the map: directly ``to`` the opposite edge, or (``decline``)
    # explore or stay.
    frames={KEY: Decision({"step": Below("step"), "to": SpaceField(), "decline": FLAG},
                          prompt="Sea Witch: move directly to the space on the nearest opposite "
                                 "edge (sea-witch), or not (no-sea-witch)",
                          legal=legal_sea_witch)},
    # ``witch``: the step has asked already.
    extends={"step": {"witch": FLAG}},
    hooks={"off-map step": can_step, "leaving the map": off_map},
))
