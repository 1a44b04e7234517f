"""Pilot: sailing into Wreckage, your Flagship may ignore its damage.

>>> CARD.frames[CARD.key].prompt.startswith("Pilot:")
True
"""

from __future__ import annotations

from ...rules import Play, name
from ...schema import Below
from . import Crew, Decision, Verb, register
from .common import has

KEY = "pilot"


def on_terrain(g: Play, fig: dict, frame: dict) -> bool:
    """A Flagship is about to resolve Wreckage: ask its owner. True if asked."""
    f = fig["owner"]
    if (fig["kind"] != "flagship" or g.map.spaces[tuple(fig["at"])].terrain != "wreckage"
            or not has(g, f, KEY)):
        return False
    g.push({"type": KEY, "player": f, "step": len(g.data["pending"]) - 1})
    return True


def legal_pilot(g: Play, frame) -> list:
    return [(KEY, do_pilot, (True,)), (f"no-{KEY}", do_pilot, (False,))]


def do_pilot(g: Play, frame, use: bool) -> None:
    g.pop()
    if use:
        g.data["pending"][frame["step"]]["ignore_wreckage"] = True
        g.say(f"{name(frame['player'])}'s Flagship ignores the Wreckage's damage (Pilot)")


CARD = register(Crew(
    KEY, tip="Sailing into Wreckage, you may skip its damage.",
    verbs=(Verb(KEY, "Ignore the Wreckage's damage (Pilot)", actions=((24, ()),)),
           Verb(f"no-{KEY}", "Take the Wreckage's damage", actions=((25, ()),))),
    # For the ``step`` into Wreckage.
    frames={KEY: Decision({"step": Below("step")},
                          prompt="Pilot: ignore the Wreckage damage (pilot), or take it (no-pilot)",
                          legal=legal_pilot)},
    hooks={"terrain": on_terrain},
))
