"""Gunner's Mate: when you place a die on Cannons, your Flagship may battle any space of
its region as if it moved there (it stays where it is).

>>> from ahoy_nb.engine.kernel import FRAMES
>>> FRAMES["series"].fields["remote"].optional      # a field a card adds is optional
True
"""

from __future__ import annotations

from ...geometry import Space, space_name
from ...rules import Play, do_pop, name
from ...schema import FLAG
from . import Crew, Decision, Verb, register
from .common import has

KEY = "gunners-mate"


def on_cannons(g: Play, f: str) -> None:
    if has(g, f, KEY) and targets(g, f):
        g.push({"type": KEY, "player": f})


def targets(g: Play, f: str) -> dict[Space, list[str]]:
    """Spaces of the Flagship's region with enemy figures to battle (Fog: battles cannot happen)."""
    here = g.flagship_space(f)
    if here is None:
        return {}
    m = g.map
    out: dict[Space, list[str]] = {}
    for space in m.region_spaces[m.region_of(here)]:
        if m.spaces[space].terrain == "fog":
            continue
        enemies = [fig["id"] for fig in g.figures_at(space) if fig["owner"] != f]
        if enemies:
            out[space] = enemies
    return out


def legal_gunners_mate(g: Play, frame) -> list:
    out = [(f"{KEY} {space_name(s)}", do_gunners_mate, (s,))
           for s in sorted(targets(g, frame["player"]))]
    out.append((f"no-{KEY}", do_pop, ()))
    return out


def do_gunners_mate(g: Play, frame, space: Space) -> None:
    g.pop()
    f = frame["player"]
    g.say(f"{name(f)}'s Flagship battles at {space_name(space)} as if it moved there (Gunner's Mate)")
    g.push({"type": "series", "player": f, "attacker": f, "space": list(space),
            "queue": targets(g, f)[space], "remote": True})


CARD = register(Crew(
    KEY,
    tip="While your Cannons are loaded, your Flagship can attack any space of its region without going there.",
    verbs=(Verb(KEY, "Battle at {space} (Gunner's Mate)", space=True,
                actions=((95, ("place",)),)),
           Verb(f"no-{KEY}", actions=((28, ()),))),
    frames={KEY: Decision(
        prompt="Gunner's Mate: battle a space in your Flagship's region as if you moved "
               "there (gunners-mate x,y), or not (no-gunners-mate)",
        legal=legal_gunners_mate)},
    # Its battles are a series ``remote`` from the Flagship, which stays where it is.
    extends={"series": {"remote": FLAG}},
    hooks={"cannons": on_cannons},
))
