"""Aeronauts: "While your Flagship is at an Island, you may spend 1 gold to move it
directly to the other Island of that suit." An action on your turn, without a die.

>>> CARD.name, CARD.verbs[0].name == CARD.key
('Aeronauts', True)
"""

from __future__ import annotations

from ...geometry import Space
from ...rules import Play, name
from . import Crew, Verb, register
from .common import move_directly

KEY = "aeronauts"


def other_island(g: Play, island: Space) -> Space | None:
    suit = g.map.spaces[island].suit
    return next((s for s in sorted(g.map.islands) if s != island and g.map.spaces[s].suit == suit), None)


def refusal(g: Play, f: str) -> str | None:
    island = g.island_here(f)
    if not island:
        return "Aeronauts may only be used while your Flagship is at an Island"
    if not other_island(g, island):
        return "the other Island of that suit is not on the map"
    gold = g.faction(f)["gold"]
    if gold < 1:
        return f"Aeronauts costs 1 gold, and {name(f)} has {gold}"
    return None


def options(g: Play, f: str) -> list:
    return [(KEY, do_aeronauts, (other_island(g, g.island_here(f)),))]


def do_aeronauts(g: Play, frame, target: Space) -> None:
    f = g.turn_player()
    g.faction(f)["gold"] -= 1
    g.say(f"{name(f)} spends 1 gold (Aeronauts)")
    move_directly(g, f, target, "Aeronauts")


CARD = register(Crew(
    KEY, order=10,
    tip="At an Island, pay 1 gold to fly your Flagship to the other Island of the same suit.",
    verbs=(Verb(KEY, "Fly to the other Island of this suit (Aeronauts, 1 gold)",
                actions=((21, ()),)),),
    options=options, refusal=refusal,
    hint="Aeronauts moves your Flagship to the other Island of that suit: write 'aeronauts'",
))
