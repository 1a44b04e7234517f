"""Emissary: on your turn, at the start of a battle you start, you may give the defender
1 gold to ignore the battle. An offer of the battle's start (its order with the Mollusk's
battle plans may be chosen: ``emissary-first``).

>>> list(CARD.offers)
['emissary']
"""

from __future__ import annotations

from ...rules import Play, do_pop, name
from ...schema import Below
from . import Crew, Decision, Verb, register
from .common import has

KEY = "emissary"


def applies(g: Play, fight: dict) -> bool:
    """Offered when the attacker, on its own turn, has Emissary and 1 gold."""
    a = g.figure(fight["attacker"])["owner"]
    return g.turn_player() == a and has(g, a, KEY) and g.faction(a)["gold"] >= 1


def offer_emissary(g: Play, fight: dict) -> None:
    """At the start of a battle (``fight`` is the top frame), offer Emissary if it applies."""
    if applies(g, fight):
        g.push({"type": KEY, "player": g.figure(fight["attacker"])["owner"],
                "fight": len(g.data["pending"]) - 1})


def legal_emissary(g: Play, frame) -> list:
    return [(KEY, do_emissary, ()), (f"no-{KEY}", do_pop, ())]


def do_emissary(g: Play, frame) -> None:
    g.pop()
    f = frame["player"]
    fight = g.data["pending"][frame["fight"]]
    them = g.figure(fight["defender"])["owner"]
    g.faction(f)["gold"] -= 1
    g.faction(them)["gold"] += 1
    fight["ignored"] = True
    g.say(f"{name(f)} gives {name(them)} 1 gold to ignore the battle (Emissary)")


CARD = register(Crew(
    KEY,
    tip="On your turn, when a battle would start, you may pay the enemy 1 gold and skip it.",
    verbs=(Verb(KEY, "Pay 1 gold to avoid the battle (Emissary)", actions=((30, ()),)),
           Verb(f"no-{KEY}", actions=((31, ()),)),
           # Its place in the order chosen with the Mollusk's battle plans (the adapters
           # number it with every offer's).
           Verb(f"{KEY}-first", tip="Settle the Emissary's offer before the battle plans.")),
    frames={KEY: Decision(
        {"fight": Below("fight")},
        prompt="Emissary: give the defender 1 gold to ignore this battle (emissary), "
               "or battle (no-emissary)",
        legal=legal_emissary)},
    offers={KEY: (applies, offer_emissary)},
))
