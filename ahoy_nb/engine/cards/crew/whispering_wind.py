"""Whispering Wind: once per turn, spend 2 gold to move your Flagship directly to another
space with a printed Tailwind. An action on your turn, without a die.

>>> CARD.refusal is not None and CARD.options is not None
True
"""

from __future__ import annotations

from ...geometry import Space, space_name
from ...rules import Play, name
from . import Crew, Verb, register
from .common import move_directly

KEY = "whispering-wind"


def refusal(g: Play, f: str) -> str | None:
    if KEY in g.data["turn"].get("once", []):
        return "Whispering Wind may be used only once per turn"
    gold = g.faction(f)["gold"]
    if gold < 2:
        return f"Whispering Wind costs 2 gold, and {name(f)} has {gold}"
    return None


def options(g: Play, f: str) -> list:
    here = g.flagship_space(f)
    return [(f"{KEY} {space_name(s)}", do_whispering_wind, (s,))
            for s in g.map.tailwind_spaces() if s != here]


def do_whispering_wind(g: Play, frame, target: Space) -> None:
    f = g.turn_player()
    g.data["turn"]["once"].append(KEY)
    g.faction(f)["gold"] -= 2
    g.say(f"{name(f)} spends 2 gold (Whispering Wind)")
    move_directly(g, f, target, "Whispering Wind")


CARD = register(Crew(
    KEY, order=14,
    tip="Once a turn, pay 2 gold to jump your Flagship to any space with a printed Tailwind.",
    verbs=(Verb(KEY, "Move directly to {space} (Whispering Wind, 2 gold)", space=True,
                actions=((92, ("place",)),)),),
    options=options, refusal=refusal,
    hint="Whispering Wind moves your Flagship directly to another space with Tailwind terrain",
))
