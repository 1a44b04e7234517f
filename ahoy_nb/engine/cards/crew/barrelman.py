"""Barrelman: sailing into Fog, your Flagship may treat it as a Strong Current toward a
space of your choice (it sets the step's ``current``).

>>> from ahoy_nb.engine.kernel import FRAMES
>>> sorted(FRAMES[CARD.key].fields) == sorted(CARD.frames[CARD.key].fields)   # as declared
True
"""

from __future__ import annotations

from ...geometry import space_name
from ...rules import Play, do_pop
from ...schema import Below, FigureId
from . import Crew, Decision, Verb, register
from . import common
from .common import has

KEY = "barrelman"


def on_terrain(g: Play, fig: dict, frame: dict) -> bool:
    """A Flagship is about to resolve Fog: ask its owner, if the Fog could carry it. True
    if asked."""
    f = fig["owner"]
    here = tuple(fig["at"])
    if (fig["kind"] != "flagship" or g.map.spaces[here].terrain != "fog" or not has(g, f, KEY)
            or not common.push_options(g, fig, here, frame)):
        return False
    g.push({"type": KEY, "player": f, "step": len(g.data["pending"]) - 1, "figure": fig["id"]})
    return True


def legal_barrelman(g: Play, frame) -> list:
    fig = g.figure(frame["figure"])
    step = g.data["pending"][frame["step"]]
    out = [(f"{KEY} {space_name(s)}", common.do_current,
            (s, "Barrelman", "treats the Fog as a Strong Current"))
           for s in common.push_options(g, fig, tuple(fig["at"]), step)]
    out.append((f"no-{KEY}", do_pop, ()))
    return out


CARD = register(Crew(
    KEY,
    tip="Sailing into Fog, you may let it carry you on like a Strong Current, in the direction you choose.",
    verbs=(Verb(KEY, "Let the Fog carry you to {space} (Barrelman)", space=True,
                actions=((93, ("place",)),)),
           Verb(f"no-{KEY}", actions=((26, ()),))),
    # For the ``step`` into Fog.
    frames={KEY: Decision({"step": Below("step"), "figure": FigureId(asked=True)},
                          prompt="Barrelman: treat the Fog as a Strong Current toward a space "
                                 "(barrelman x,y), or not (no-barrelman)",
                          legal=legal_barrelman)},
    hooks={"terrain": on_terrain},
))
