"""Sailor: a die on its slot moves your Flagship 1 to 3 spaces.

>>> CARD.tip
'A die here moves your Flagship 1 to 3 spaces.'
"""

from __future__ import annotations

from ...rules import Play, name
from . import Crew, register

KEY = "sailor"


def on_die(g: Play, f: str, card: int, value: int) -> None:
    g.say(f"{name(f)} may move its Flagship 1 to 3 spaces (Sailor)")
    g.push({"type": "move", "player": f, "figure": f, "steps": 3, "moved": 0, "anchor": None,
            "no_battle": False})


CARD = register(Crew(KEY, tip="A die here moves your Flagship 1 to 3 spaces.",
                     hooks={"crew die": on_die}))
