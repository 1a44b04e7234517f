"""Diver: anchoring at Wreckage with Treasure, gain 1 more gold from it.

>>> list(CARD.hooks)
['anchoring']
"""

from __future__ import annotations

from ...rules import Play
from . import Crew, register
from .common import has

KEY = "diver"


def on_anchor(g: Play, f: str, info) -> None:
    if has(g, f, KEY) and info.terrain == "wreckage" and info.gold:
        g.gain_gold(f, 1, " more from the Wreckage's Treasure (Diver)")


CARD = register(Crew(KEY, tip="Stopping on Wreckage, you take one more gold from its Treasure.",
                     hooks={"anchoring": on_anchor}))
