"""Ghastly Gust: return it to the box to move your Flagship directly to any space of the
map. An action on your turn, without a die.

>>> CARD.verbs[0].space
True
"""

from __future__ import annotations

from ...geometry import Space, space_name
from ...rules import Play, name
from . import Crew, Verb, register
from .common import move_directly, return_own

KEY = "ghastly-gust"


def options(g: Play, f: str) -> list:
    here = g.flagship_space(f)
    return [(f"{KEY} {space_name(s)}", do_ghastly_gust, (s,)) for s in sorted(g.map.spaces)
            if s != here]


def do_ghastly_gust(g: Play, frame, target: Space) -> None:
    f = g.turn_player()
    return_own(g, f, KEY)
    g.say(f"{name(f)} returns Ghastly Gust to the box (Ghastly Gust)")
    move_directly(g, f, target, "Ghastly Gust")


CARD = register(Crew(
    KEY, order=13,
    tip="Give up this card to put your Flagship on any space of the map.",
    verbs=(Verb(KEY, "Move directly to {space} (Ghastly Gust, then it goes to the box)", space=True,
                actions=((91, ("place",)),)),),
    options=options,
    hint="Ghastly Gust moves your Flagship directly to another space on the map (ghastly-gust x,y)",
))
