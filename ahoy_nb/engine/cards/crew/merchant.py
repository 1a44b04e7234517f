"""Merchant: anchoring at a Harbor, gain 1 gold.

>>> list(CARD.hooks)
['anchoring']
"""

from __future__ import annotations

from ...rules import Play
from . import Crew, register
from .common import has

KEY = "merchant"


def on_anchor(g: Play, f: str, info) -> None:
    if has(g, f, KEY) and info.terrain == "harbor":
        g.gain_gold(f, 1, " for anchoring at a Harbor (Merchant)")


CARD = register(Crew(KEY, tip="Stopping at a Harbor (not an Island) earns you 1 gold.",
                     hooks={"anchoring": on_anchor}))
