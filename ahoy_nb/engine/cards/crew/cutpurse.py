"""Cutpurse: gain 2 gold for each battle you win (not just with your Flagship).

>>> CARD.order < 50     # before the other Crew that answer a won battle
True
"""

from __future__ import annotations

from ...rules import Play
from . import Crew, register
from .common import has

KEY = "cutpurse"


def on_win(g: Play, fight: dict, winner: dict, loser: dict) -> None:
    if has(g, winner["owner"], KEY):
        g.gain_gold(winner["owner"], 2, " for winning the battle (Cutpurse)")


CARD = register(Crew(KEY, order=30, tip="Every battle you win earns you 2 gold.",
                     hooks={"battle won": on_win}))
