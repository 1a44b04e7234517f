"""TEMP stand-in (dropped at merge for the tutor branch's rulebook.py): rule tips."""

from __future__ import annotations

from .engine.components import ACTION_TITLES, CARD_BY_KEY, MARKET_CARDS

_TERRAIN = {"wreckage": "Wreckage: a ship that moves in takes a damage.",
            "fog": "Fog: a ship that enters stops.", "island": "Island: the region's heart.",
            "harbor": "Harbor: anchor here to repair or move a die to Cannons.",
            "current": "Strong Current: pushes a ship one space."}


def tip(kind: str, key: str) -> str | None:
    """A short explanation of a slot, Crew, plan, terrain, Cargo or verb (stand-in)."""
    if kind == "slot" and key in ACTION_TITLES:
        return f"{ACTION_TITLES[key]}: place a die here to take this action."
    if kind == "crew" and key in CARD_BY_KEY:
        return MARKET_CARDS[CARD_BY_KEY[key]]["text"]
    if kind == "terrain":
        return _TERRAIN.get(key)
    return None
