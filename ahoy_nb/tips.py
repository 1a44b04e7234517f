"""Short rule tips for what is on the board, in this project's own words.

The texts live once: a Crew card's in its block in the engine (``engine/cards/crew/``,
with the tips of the verbs it brings), the others in ``ahoy_nb/data/tips.json``. The
board shows them on hover and focus (``render``), the tutorials use them for hints and
``rulebook`` lists them as a searchable panel; ``render`` and ``rulebook`` both read
them here and neither imports the other.

>>> tip("slot", "cannons").startswith("Load your guns")
True
>>> tip("cargo", "furs")
'Furs: Cargo from the Gunner card. Carry it to an Island of the Tree suit and deliver it for Fame, wealth and a reward.'
>>> tip("slot", "no-such-slot") is None
True
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from .engine.cards import crew
from .engine.components import BOARDS, CARD_KEYS, CARGO_KEYS, MARKET_CARDS, SHIP_SLOTS

__all__ = ["KINDS", "crew_tips", "search", "sections", "table", "tip"]

KINDS = ("slot", "crew", "plan", "terrain", "cargo", "verb")


@functools.lru_cache(maxsize=1)
def table() -> dict:
    """The texts of ``data/tips.json``: ``{kind: {key: text}}`` and the rulebook's sections."""
    return json.loads(resources.files("ahoy_nb").joinpath("data/tips.json").read_text("utf-8"))


def crew_tips() -> dict[str, str]:
    """Each Crew card's tip by its key (one for a card printed twice), in printed order."""
    return {c["slug"]: crew.CREW[c["slug"]].tip for c in MARKET_CARDS if c["slug"] in crew.CREW}


def _base(key: str) -> str:
    """A card printed twice has keys ``name-a`` and ``name-b``: one tip for both."""
    return re.sub(r"-[ab]$", "", key)


def _slot_action(key: str) -> str:
    """A slot key as in ``State.slots`` ("cannons5", "gunship4") to its action."""
    for spec in [s for board in (*BOARDS.values(), *SHIP_SLOTS.values()) for s in board]:
        if spec["key"] == key:
            return spec["action"]
    return key


def tip(kind: str, key: str) -> str | None:
    """A short explanation of a board element, or ``None`` if there is none.

    ``kind`` is one of :data:`KINDS`: ``"slot"`` (an action as in
    ``components.BOARDS``, or a slot key like ``"cannons5"``), ``"crew"`` (a Crew key),
    ``"plan"`` (a plan slug), ``"terrain"``, ``"cargo"`` (a Cargo key) or ``"verb"``
    (the first word of an action's notation).

    >>> tip("terrain", "fog")
    'Fog: a figure that sails in must stop here.'
    >>> tip("verb", "no-patrol")
    'Leave no Patrol behind.'
    """
    if kind not in KINDS or not isinstance(key, str):
        return None
    tips = table()
    if kind == "crew":
        return crew.tip(key)
    group = tips[kind]
    if kind == "slot":
        return group.get(key) or group.get(_slot_action(key))
    if kind == "plan":
        return group.get(key) or group.get(_base(key))
    if kind == "cargo":
        if key not in CARGO_KEYS:
            return None
        card = MARKET_CARDS[CARGO_KEYS.index(key)]
        return group["_template"].format(name=card["cargo"], card=card["name"],
                                         deliver=card["deliver"].title())
    if kind == "verb":
        if key.startswith("_"):
            return None
        if key in group:
            return group[key]
        # A Crew card's verb, a placement on a slot or a Crew card, declining a Crew's offer.
        if crew.verb_tip(key):
            return crew.verb_tip(key)
        if key in tips["slot"]:
            return tips["slot"][key]
        if key in CARD_KEYS:
            return tip("crew", key)
        if key.startswith("no-"):
            what = tip("verb", key[3:]) or tip("crew", key[3:])
            return group["_decline"].format(what=what) if what else None
        return None
    return group.get(key)


def sections() -> dict[str, str]:
    """The rulebook's sections in short: ``{section title: a few sentences}``.

    >>> "Battling" in sections()
    True
    """
    return dict(table()["section"])


def _entries() -> list[tuple[str, str, str]]:
    """Every text as ``(group, title, text)``: the sections first, then the tips."""
    out = [("Rules", title, text) for title, text in sections().items()]
    groups = {"slot": "Die slots", "crew": "Crew", "plan": "Plans", "terrain": "Terrain",
              "verb": "Notation"}
    names = {c_key: card["name"] for c_key, card in zip(CARD_KEYS, MARKET_CARDS)}
    texts = {**table(), "crew": crew_tips()}
    texts["verb"] = {**texts["verb"], **{verb: crew.verb_tip(verb) for verb in crew.VERBS
                                         if crew.verb_tip(verb)}}
    for kind, group in groups.items():
        for key, text in texts[kind].items():
            if key.startswith("_"):
                continue
            title = names.get(f"{key}-a", names.get(key, key.replace("-", " ").title()))
            if kind == "verb":
                title = key
            out.append((group, title, text))
    return out


def search(query: str | None) -> list[tuple[str, str, str]]:
    """The entries whose title or text contain every word of ``query`` (any case)."""
    words = (query or "").lower().split()
    return [e for e in _entries()
            if all(w in f"{e[1]} {e[2]}".lower() for w in words)]
