"""Shipwright: a die on its slot repairs all your damage (then "repair" fires, as any
repair does: Powder Monkey may answer it).

>>> list(CARD.hooks)
['crew die']
"""

from __future__ import annotations

from ...rules import Play, name
from . import Crew, register

KEY = "shipwright"


def on_die(g: Play, f: str, card: int, value: int) -> None:
    n = g.repair_all(f)
    g.say(f"{name(f)} repairs all its damage: {n} (Shipwright)")
    g.fire("repair", f, n)


CARD = register(Crew(KEY, tip="A die here repairs all of your damage at once.",
                     hooks={"crew die": on_die}))
