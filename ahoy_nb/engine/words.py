"""TEMP stand-in (dropped at merge for the engine branch's words.py): structured
arguments of an action's notation, and the action in plain words."""

from __future__ import annotations

import re
from typing import Any

from .board import parse_space
from .components import (ACTION_TITLES, CARD_BY_KEY, CARGO_BY_KEY, FACTION_NAMES, MARKET_CARDS,
                         PLAN_BY_KEY, PLAN_CARDS, PLAN_KEYS)

_SPACE = re.compile(r"^-?\d+,-?\d+$")
_DIE = re.compile(r"^([1-6])(?:>([1-6]))?$")
_SHIPS = ("cutter", "gunship")


def _die_args(word: str, gold_per_pip: int = 1) -> dict:
    m = _DIE.match(word)
    die = int(m.group(1))
    value = int(m.group(2) or die)
    return {"die": die, "value": value, "gold": -(-abs(value - die) // gold_per_pip)}


def parse_args(notation: str, data: dict | None = None, player: str | None = None) -> dict[str, Any]:
    """The standard keys of CONTRACTS.md read from ``notation`` (``data``: names defenders)."""
    verb, *rest = notation.split(" ")
    out: dict[str, Any] = {}
    per = 1
    if data and player in data.get("factions", {}):
        per = 2 if any(MARKET_CARDS[m["card"]]["slug"] == "middleman"
                       for m in data["factions"][player]["crew"]) else 1
    if verb == "tile":
        out["space"] = parse_space(rest[0])
        out["rotation"] = int(rest[1][1:])
        return out
    if verb == "recruit":
        out["card"] = rest[0]
        if len(rest) > 1:
            out.update(_die_args(rest[1], per), pay="die", slot=rest[0])
        else:
            out["pay"] = "gold"
        return out
    if verb in ("smuggle", "deliver", "discard"):
        return {"cargo": rest[0]}
    if verb in ("damage", "repair") and rest and not _DIE.match(rest[0]):
        return {"slot": rest[0]}
    if verb == "harbor-cannons":
        out["slot"] = rest[0]
        if len(rest) > 1:
            out["die"] = int(rest[1])
        return out
    if verb == "fire":
        return {"slot": "cannons", **_die_args(rest[0])} | {"gold": 0}
    if verb == "battle":
        out["defender"] = rest[0]
        if data:
            top = next((f for f in reversed(data["pending"]) if f.get("space")), None)
            where = tuple(top["space"]) if top else None
            for fig in data["figures"]:
                word = fig["owner"] if fig["kind"] == "flagship" else fig["kind"]
                if word == rest[0] and (where is None or tuple(fig["at"]) == where):
                    out["defender"] = fig["id"]
                    break
        return out
    if verb in ("reward", "victory"):
        return {"option": rest[0]}
    if verb == "pledge":
        return {"faction": rest[0]}
    if verb == "play":
        return {"plan": rest[0]}
    if verb in ("assemble",) and rest and _DIE.match(rest[0]) is None:
        return {"count": int(rest[0])}
    if rest and _DIE.match(rest[0]) and (verb in ACTION_TITLES or verb in _SHIPS
                                         or verb in CARD_BY_KEY):
        return {"slot": verb, **_die_args(rest[0], per)}
    for word in rest:
        if ">" in word and _SPACE.match(word.split(">")[0]):
            a, b = word.split(">")
            out["space"], out["to"] = parse_space(a), parse_space(b)
        elif _SPACE.match(word):
            out["space"] = parse_space(word)
        elif word.isdigit():
            out["count"] = int(word)
        else:
            out["option"] = word
    return out


def _card_name(key: str) -> str:
    return MARKET_CARDS[CARD_BY_KEY[key]]["name"] if key in CARD_BY_KEY else key


def _slot_name(key: str) -> str:
    base = key.rstrip("0123456789")
    if base in ACTION_TITLES:
        return ACTION_TITLES[base]
    if base in _SHIPS:
        return base.title()
    return _card_name(key)


def label(state, action) -> str:
    """``action`` in plain words, e.g. "Place your 4 on Sail"."""
    notation = str(action)
    verb = notation.split(" ")[0]
    a = parse_args(notation, state.data, state.current_player)
    if "die" in a and verb != "harbor-cannons" and verb != "fire":
        where = _slot_name(a["slot"])
        if verb == "recruit":
            head = f"Recruit the {_card_name(a['card'])}, placing your {a['die']} on it"
        else:
            head = f"Place your {a['die']} on {where}"
        if a["gold"]:
            return f"Spend {a['gold']} gold: {a['die']} → {a['value']} on {where}" + (
                f" (recruit the {_card_name(a['card'])})" if verb == "recruit" else "")
        return head
    if verb == "recruit":
        cost = MARKET_CARDS[CARD_BY_KEY[a["card"]]]["cost"] if a["card"] in CARD_BY_KEY else "?"
        return f"Recruit the {_card_name(a['card'])} for {cost} gold"
    if verb == "fire":
        return (f"Turn your Cannons die down {a['die']} → {a['value']} (+{a['die'] - a['value']})")
    fixed = {"end": "End your turn", "anchor": "Anchor here", "patrol": "Place a Patrol",
             "no-patrol": "No Patrol", "done": "Done", "hold": "Hold: keep your die",
             "harbor-repair": "Harbor: repair", "harbor-none": "Harbor: nothing",
             "place-comrades": "Place Comrades here", "ready-comrades": "Ready Comrades",
             "no-comrades": "No Comrades", "flush": "Flush the Market", "keep": "Keep the Market",
             "stay": "Stay", "emissary": "Use the Emissary", "no-emissary": "Not the Emissary",
             "no-plan": "No plan", "no-barrelman": "Not the Barrelman", "sail": "Sail",
             "tailwind": "Tailwind"}
    if notation in fixed:
        return fixed[notation]
    if verb in ("smuggle", "deliver", "discard"):
        cargo = MARKET_CARDS[CARGO_BY_KEY[a["cargo"]]]["cargo"] if a["cargo"] in CARGO_BY_KEY else a["cargo"]
        return f"{verb.title()} {cargo}"
    if verb in ("damage", "repair"):
        return f"{'Damage' if verb == 'damage' else 'Repair'} {_slot_name(a['slot'])}"
    if verb == "harbor-cannons":
        return f"Harbor: move your {_slot_name(a['slot'])} die to Cannons"
    if verb == "battle":
        return f"Battle {notation.split(' ')[1]}"
    if verb == "pledge":
        return f"Pledge to {FACTION_NAMES.get(a['faction'], a['faction'])}"
    if verb == "play":
        plan = a["plan"]
        names = {PLAN_KEYS[i]: p["name"] for i, p in enumerate(PLAN_CARDS)}
        base = {k.rsplit("-", 1)[0]: v for k, v in names.items()}
        return f"Play {names.get(plan) or base.get(plan) or plan}"
    if verb == "tile":
        x, y = a["space"]
        return f"Place the tile at {x},{y}, turned {a['rotation']}°"
    if verb == "move":
        return f"Move to {a['space'][0]},{a['space'][1]}"
    if verb == "reward":
        return f"Move your reward marker {a['option']}"
    if verb == "victory":
        return f"Victory: {a['option']}"
    words = verb.replace("-", " ").capitalize()
    if "space" in a:
        words += f" {a['space'][0]},{a['space'][1]}"
    if "to" in a:
        words += f" to {a['to'][0]},{a['to'][1]}"
    return words
