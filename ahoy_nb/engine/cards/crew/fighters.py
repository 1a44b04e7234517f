"""Fighters: +1 to your roll in any battle (not just your Flagship's).

>>> CARD.limits
{'battle bonus': 1}
"""

from __future__ import annotations

from ...rules import Play, name
from . import Crew, register
from .common import has

KEY = "fighters"


def add_why(fight: dict, side: str, text: str) -> None:
    why = fight.setdefault("bonus_why", {})
    why[side] = f"{why[side]} and {text}" if why.get(side) else text


def battle_start(g: Play, fight: dict) -> None:
    attacker, defender = g.figure(fight["attacker"]), g.figure(fight["defender"])
    for side, fig in (("attacker", attacker), ("defender", defender)):
        if has(g, fig["owner"], KEY):
            fight["bonus"][side] += 1
            add_why(fight, side, "Fighters")
            g.say(f"{name(fig['owner'])} adds +1 to its roll (Fighters)")


CARD = register(Crew(KEY, tip="Every battle roll you make gets +1, whichever of your figures fights.",
                     hooks={"battle start": battle_start}, limits={"battle bonus": 1}))
