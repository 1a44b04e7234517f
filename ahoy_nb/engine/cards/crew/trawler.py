"""Trawler: a die on its slot moves your Flagship 1 or 2 spaces, and it gains the
Treasure of each space it passes, not only where it stops.

>>> sorted(CARD.extends["move"])
['trawl_started', 'trawler']
"""

from __future__ import annotations

from ...geometry import space_name
from ...rules import Play, name
from ...schema import FLAG
from . import Crew, register

KEY = "trawler"


def on_die(g: Play, f: str, card: int, value: int) -> None:
    g.say(f"{name(f)} may move its Flagship 1 or 2 spaces, gaining Treasure on the way (Trawler)")
    g.push({"type": "move", "player": f, "figure": f, "steps": 2, "moved": 0, "anchor": None,
            "no_battle": False, KEY: True})


def leaving(g: Play, fig: dict, frame: dict) -> None:
    """The figure of the step ``frame`` leaves its space: the Treasure on the way."""
    parent = frame.get("parent")
    if parent is None or fig["kind"] != "flagship":
        return
    move = g.data["pending"][parent]
    if move.get("type") != "move" or not move.get(KEY):
        return
    if not move.get("trawl_started"):
        move["trawl_started"] = True  # the space the action starts from was not moved into
        return
    here = tuple(fig["at"])
    info = g.map.spaces.get(here)
    if info is not None and info.gold:
        g.gain_gold(fig["owner"], info.gold, f" from the Treasure at {space_name(here)} (Trawler)")


CARD = register(Crew(
    KEY,
    tip="A die here sails your Flagship up to 2 spaces and picks up Treasure on the way, not only where it stops.",
    hooks={"crew die": on_die, "leaving a space": leaving},
    # The move pays each Treasure it passes (``trawl_started``: past its first space).
    extends={"move": {KEY: FLAG, "trawl_started": FLAG}},
))
