"""Documentarian: at the end of your turn, gain 1 gold if your Flagship shares a region
with an enemy Flagship.

>>> list(CARD.hooks)
['end of turn']
"""

from __future__ import annotations

from ...rules import Play
from . import Crew, register
from .common import has

KEY = "documentarian"


def end_of_turn(g: Play, f: str) -> None:
    if not has(g, f, KEY):
        return
    here = g.flagship_space(f)
    if here is not None:
        region = g.map.region_of(here)
        if any(fig["kind"] == "flagship" and fig["owner"] != f for fig in g.region_figures(region)):
            g.gain_gold(f, 1, " for sharing a region with an enemy Flagship (Documentarian)")


CARD = register(Crew(KEY, tip="Finish your turn sharing a region with an enemy Flagship: +1 gold.",
                     hooks={"end of turn": end_of_turn}))
