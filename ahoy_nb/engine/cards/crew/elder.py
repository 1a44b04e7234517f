"""Elder: at the end of your turn, gain 1 gold if you have no damaged die slots (Crew
included).

>>> list(CARD.hooks)
['end of turn']
"""

from __future__ import annotations

from ...rules import Play
from . import Crew, register
from .common import has

KEY = "elder"


def end_of_turn(g: Play, f: str) -> None:
    if has(g, f, KEY) and not g.damaged(f):
        g.gain_gold(f, 1, " for having no damaged die slots (Elder)")


CARD = register(Crew(KEY, tip="End your turn with no damaged slot (Crew included) and you earn 1 gold.",
                     hooks={"end of turn": end_of_turn}))
