"""Middleman: each gold spent to change a die changes it by up to 2.

>>> CARD.hooks["die change"].__name__
'die_change'
"""

from __future__ import annotations

from ...rules import Play
from . import Crew, register
from .common import has

KEY = "middleman"


def die_change(g: Play, f: str) -> tuple[int, str] | None:
    return (2, "Middleman") if has(g, f, KEY) else None


CARD = register(Crew(KEY, tip="Each gold you spend changes a die by up to 2 instead of 1.",
                     hooks={"die change": die_change}))
