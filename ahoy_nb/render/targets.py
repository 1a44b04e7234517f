"""Which drawn element each legal action belongs to: apart from the drawing.

A click on the picture is a click on an element (a space, a die, a slot, a Market card,
a figure, a reward cell...). :class:`Targets` reads each action's structured arguments
and records the element it points at, by a key the drawing also uses
(``("space", (3, 1))``, ``("die", "bluefin", 4)``, ``("slot", "bluefin", "board:0")``...).
The drawing (:mod:`ahoy_nb.render.draw`) then gives each element the attributes of its
actions (:meth:`Targets.attrs`): ``data-action`` or ``data-actions``, the class
``clickable`` and a name in words for assistive technology.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=1)
>>> t = Targets(s, s.data, "bluefin", ["start 0,0", "start 3,2"])
>>> t.by_key[("space", (0, 0))], t.attrs(("space", (0, 0)))["aria-label"]
(['start 0,0'], 'Start on the Island at 0,0')
"""

from __future__ import annotations

import json
from typing import Iterable

from ..engine import Action
from ..engine.components import (ACTION_TITLES, CARD_BY_KEY, CARGO_BY_KEY, PLAN_CARDS,
                                 PLAN_KEYS, REWARD_STEPS)
from ..engine.geometry import Map
from ..engine.notation import normalise, read
from ..engine.words import label

__all__ = ["Targets", "slot_entries"]


def slot_entries(state, f: str) -> list[tuple[str, str, str, object, bool, dict]]:
    """``(uid, key, action, need, dashed, slot)`` for every die slot of ``f``, as the
    engine lists them (``State.slots``): board, Crew, then the Union ships. ``uid`` names
    the drawn slot (``"board:0"``, ``"crew:gunner"``, ``"ship:cutter:0"``)."""
    out, board, ships = [], 0, {}
    for slot in state.slots(f):
        action = slot["action"]
        if action in CARD_BY_KEY:
            uid = f"crew:{slot['key']}"
        elif action in ACTION_TITLES:
            uid, board = f"board:{board}", board + 1
        else:
            i = ships[action] = ships.get(action, -1) + 1
            uid = f"ship:{action}:{i}"
        out.append((uid, slot["key"], action, slot["need"], slot["dashed"], slot))
    return out


def _slug(name: str) -> str:
    return name.lower().replace("'", "").replace(" ", "-")


class Targets:
    """The elements the ``actions`` of the player deciding in ``state`` point at, as
    ``viewer`` sees the position (``data``: the state data drawn for that viewer).

    Attributes: ``by_key`` (element key -> its notations), ``labels`` (notation -> words),
    ``ghosts`` (where a drawn region tile may go: ``(x, y, rotation, notation)``),
    ``offmap`` (spaces off the map that actions name), ``controls`` (actions with nothing
    to point at, drawn as buttons in words, only for eyes that may see the decider's
    choices).

    A clickable element is a button for assistive technology: ``role="button"``,
    ``tabindex="0"`` and an ``aria-label`` in words (the action's label when one action
    targets it; the element's name and the number of choices when several do).
    """

    def __init__(self, state, data: dict, viewer: str | None, actions: Iterable = (),
                 hints: Iterable[str] = ()):
        self.state, self.data = state, data
        self.map = Map.of(data["tiles"])
        self.decider = state.current_player
        self.by_key: dict[tuple, list[str]] = {}
        self.labels: dict[str, str] = {}
        self.hints = set(hints)
        self.ghosts: list[tuple[int, int, int, str]] = []
        self.offmap: list[tuple[int, int]] = []
        self.controls: list[str] = []
        chosen = []
        if actions:
            legal = {a.notation: a for a in state.legal_actions()}
            for action in actions:
                text = action.notation if isinstance(action, Action) else action
                if text not in legal:
                    text = normalise(text)  # NotationError unless it is notation
                    read(text)              # ... with every word known (it names the word)
                chosen.append(legal.get(text) or Action(self.decider, text))
                self.labels[text] = label(state, chosen[-1])
        for action in chosen:
            before = sum(map(len, self.by_key.values()))
            self._aim(action)
            if (sum(map(len, self.by_key.values())) == before
                    and viewer in ("all", self.decider)):
                self.controls.append(action.notation)

    # -- the attributes of an element -------------------------------------------------------
    def add(self, key: tuple, notation: str) -> None:
        lst = self.by_key.setdefault(key, [])
        if notation not in lst:
            lst.append(notation)

    def attrs(self, key: tuple, cls: str | None = None, name: str | None = None) -> dict:
        """The attributes of the element ``key``: its actions, class and name in words."""
        notations = self.by_key.get(key)
        if not notations:
            return {"cls": cls} if cls else {}
        classes = [c for c in (cls, "clickable") if c]
        if self.hints.intersection(notations):
            classes.append("hint")
        out = {"cls": " ".join(classes), "role": "button", "tabindex": 0}
        if len(notations) == 1:
            out["data-action"] = notations[0]
            words = self.labels.get(notations[0], notations[0])
            out["aria-label"] = f"{name}: {words}" if name and name not in words else words
        else:
            out["data-actions"] = json.dumps(notations, separators=(",", ":"))
            out["aria-label"] = f"{name or 'Choose'}: {len(notations)} choices"
        return out

    def has(self, key: tuple) -> bool:
        return key in self.by_key

    # -- which element each action points at --------------------------------------------------
    def _faction(self, f: str) -> dict:
        return self.data["factions"][f]

    def _top_frame(self) -> dict | None:
        pending = self.data.get("pending") or []
        return pending[-1] if pending else None

    def _aim(self, action) -> None:
        """Record the drawn element ``action`` points at, from its structured ``args``."""
        notation, verb, a = action.notation, action.verb, action.args
        f = self.decider
        if verb == "tile":
            x, y = a["space"]
            self.ghosts.append((x, y, a["rotation"], notation))
            self.add(("ghost", x, y, a["rotation"]), notation)
            return
        if "cargo" in a and f:
            card = CARGO_BY_KEY[a["cargo"]]
            self.add(("market", card) if verb == "smuggle" else ("cargo", f, card), notation)
            return
        if verb == "recruit":
            self.add(("market", CARD_BY_KEY[a["card"]]), notation)
            return
        if "defender" in a:
            self.add(("figure", a["defender"]), notation)
            return
        if ("slot" in a or verb == "fire") and f:   # fire turns down the die on Cannons
            self._aim_at_slot(action, f)
            return
        if verb == "reward" and f and "white" in self._faction(f):
            dr, dc = REWARD_STEPS[a["option"]]
            r, c = self._faction(f)["white"]
            self.add(("reward", f, r + dr, c + dc), notation)
            return
        if "faction" in a and a["faction"] in self.data["factions"]:
            self.add(("board", a["faction"]), notation)
            return
        if "plan" in a and "mollusk" in self.data["factions"]:
            hand = self._faction("mollusk")["hand"]
            cards = [c for c in (hand if isinstance(hand, list) else [])
                     if a["plan"] in (PLAN_KEYS[c], _slug(PLAN_CARDS[c]["name"]))]
            for c in cards:
                self.add(("plan", c), notation)
            if cards:
                return
        # order a>b, convince a>b: the destination; anything else naming a space: that space.
        space = a.get("to") or a.get("space")
        if space is not None:
            self._aim_at_space(tuple(space), notation)

    def _aim_at_slot(self, action, f: str) -> None:
        """A die placed on a slot (the die and the slot group), or a slot named by key."""
        notation, verb, a = action.notation, action.verb, action.args
        top = self._top_frame()
        if "die" in a and top is None and verb not in ("fire", "harbor-cannons"):
            self.add(("die", f, a["die"]), notation)
            if a["slot"] in CARD_BY_KEY:
                self.add(("crew", f, CARD_BY_KEY[a["slot"]]), notation)
            else:
                self.add(("group", f, a["slot"]), notation)
            return
        if verb == "damage" and top and top.get("figure"):
            fig = next((x for x in self.data["figures"] if x["id"] == top["figure"]), None)
            if fig is not None:
                f = fig["owner"]
        for uid, key, group, need, dashed, slot in slot_entries(self.state, f):
            if verb == "fire":
                hit = group == "cannons" and slot["die"] == a["die"]
            elif verb == "harbor-cannons":
                hit = key == a["slot"] and slot["die"] is not None and a.get("die") in (None, slot["die"])
            elif verb == "damage":
                hit = key == a["slot"] and slot["die"] is None and not slot["damage"]
            elif verb == "repair":
                hit = key == a["slot"] and slot["damage"]
            else:
                hit = key == a["slot"]
            if hit:
                self.add(("slot", f, uid), notation)
                return

    def _aim_at_space(self, space: tuple[int, int], notation: str) -> None:
        if not self.map.on_map(space) and space not in self.offmap:
            self.offmap.append(space)
        self.add(("space", space), notation)
