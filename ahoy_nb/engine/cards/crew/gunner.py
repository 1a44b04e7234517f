"""Gunner: when your Flagship wins a battle, it deals an extra damage (with the Battle
Victory option it takes).

>>> CARD.limits
{'extra damage': 1}
"""

from __future__ import annotations

from ...rules import Play, name
from . import Crew, register
from .common import has

KEY = "gunner"


def on_win(g: Play, fight: dict, winner: dict, loser: dict) -> None:
    w = winner["owner"]
    if winner["kind"] == "flagship" and has(g, w, KEY):
        fight["extra_damage"] = (fight.get("extra_damage") or 0) + 1
        g.say(f"{name(w)} deals an extra damage if it takes a Battle Victory option (Gunner)")


CARD = register(Crew(KEY, order=31, tip="Your Flagship's battle wins deal one more damage.",
                     hooks={"battle won": on_win}, limits={"extra damage": 1}))
