"""Rules at hand: short tips for what is on the board, and the rulebook in short.

The texts live once, in ``ahoy_nb/data/tips.json``, in this project's own words (a
short explanation, not the rulebook's sentences). The board shows them on hover and
focus, the tutorials use them for hints, and :func:`rules` lists them as a searchable
panel.

>>> tip("slot", "cannons").startswith("Load your guns")
True
>>> tip("crew", "convincing-comrade-b") == tip("crew", "convincing-comrade-a")
True
>>> tip("cargo", "furs")
'Furs: Cargo from the Gunner card. Carry it to an Island of the Tree suit and deliver it for Fame, wealth and a reward.'
>>> tip("slot", "no-such-slot") is None
True
"""

from __future__ import annotations

import functools
import html
import json
import re
from importlib import resources

from .engine.components import BOARDS, CARD_KEYS, CARGO_KEYS, MARKET_CARDS, SHIP_SLOTS

__all__ = ["KINDS", "Rules", "rules", "sections", "tip"]

KINDS = ("slot", "crew", "plan", "terrain", "cargo", "verb")


@functools.lru_cache(maxsize=1)
def _tips() -> dict:
    return json.loads(resources.files("ahoy_nb").joinpath("data/tips.json").read_text("utf-8"))


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
    ``components.BOARDS``, or a slot key like ``"cannons5"``), ``"crew"`` (a Crew slug),
    ``"plan"`` (a plan slug), ``"terrain"``, ``"cargo"`` (a Cargo key) or ``"verb"``
    (the first word of an action's notation).

    >>> tip("terrain", "fog")
    'Fog: a figure that sails in must stop here.'
    >>> tip("verb", "no-patrol")
    'Leave no Patrol behind.'
    >>> tip("verb", "no-pilot")
    'Decline: Sailing into Wreckage, you may skip its damage.'
    """
    if kind not in KINDS or not isinstance(key, str):
        return None
    tips = _tips()
    table = tips[kind]
    if kind == "slot":
        return table.get(key) or table.get(_slot_action(key))
    if kind in ("crew", "plan"):
        return table.get(key) or table.get(_base(key))
    if kind == "cargo":
        if key not in CARGO_KEYS:
            return None
        card = MARKET_CARDS[CARGO_KEYS.index(key)]
        return table["_template"].format(name=card["cargo"], card=card["name"],
                                         deliver=card["deliver"].title())
    if kind == "verb":
        if key.startswith("_"):
            return None
        if key in table:
            return table[key]
        # A placement on a slot or a Crew card, and declining a Crew's offer.
        if key in tips["slot"]:
            return tips["slot"][key]
        if key in CARD_KEYS:
            return tip("crew", key)
        if key.startswith("no-"):
            what = tip("verb", key[3:]) or tip("crew", key[3:])
            return table["_decline"].format(what=what) if what else None
        return None
    return table.get(key)


def sections() -> dict[str, str]:
    """The rulebook's sections in short: ``{section title: a few sentences}``.

    >>> "Battling" in sections()
    True
    """
    return dict(_tips()["section"])


def _entries() -> list[tuple[str, str, str]]:
    """Every text as ``(group, title, text)``: the sections first, then the tips."""
    out = [("Rules", title, text) for title, text in sections().items()]
    groups = {"slot": "Die slots", "crew": "Crew", "plan": "Plans", "terrain": "Terrain",
              "verb": "Notation"}
    names = {c_key: card["name"] for c_key, card in zip(CARD_KEYS, MARKET_CARDS)}
    for kind, group in groups.items():
        for key, text in _tips()[kind].items():
            if key.startswith("_"):
                continue
            title = names.get(f"{key}-a", names.get(key, key.replace("-", " ").title()))
            if kind == "verb":
                title = key
            out.append((group, title, text))
    return out


class Rules:
    """The rulebook in short, filtered by ``query`` (words that must all appear).

    Shows as HTML in a notebook; :meth:`widget` gives a search box that filters live.

    >>> r = Rules("tailwind jump")
    >>> any(title == "Tailwind" for _, title, _ in r.entries)
    True
    """

    def __init__(self, query: str | None = None):
        self.query = (query or "").strip()
        self.entries = search(self.query)

    def _repr_html_(self) -> str:
        return _html(self.entries, self.query)

    def __str__(self) -> str:
        """The entries as lines; a search that finds nothing says so.

        >>> print(Rules("xyzzy"))
        No rule mentions 'xyzzy'. Try fewer words, or ahoy_nb.rules() for them all.
        """
        if not self.entries:
            return (f"No rule mentions {self.query!r}. Try fewer words, or ahoy_nb.rules() "
                    f"for them all.")
        return "\n".join(f"{group} · {title}: {text}" for group, title, text in self.entries)

    def __repr__(self) -> str:
        return f"<Rules {self.query!r}: {len(self.entries)} entries>"

    def widget(self):
        """A search box over the rules (ipywidgets): type words to filter."""
        import ipywidgets as widgets
        box = widgets.Text(value=self.query, placeholder="search the rules, e.g. tailwind",
                           description="Rules", continuous_update=True)
        out = widgets.HTML(_html(self.entries, self.query))

        def update(change):
            out.value = _html(search(change["new"]), change["new"])
        box.observe(update, "value")
        panel = widgets.VBox([box, out])
        panel.add_class("ahoy-rules")
        return panel

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget())


def search(query: str | None) -> list[tuple[str, str, str]]:
    """The entries whose title or text contain every word of ``query`` (any case)."""
    words = (query or "").lower().split()
    return [e for e in _entries()
            if all(w in f"{e[1]} {e[2]}".lower() for w in words)]


def _html(entries, query: str) -> str:
    if not entries:
        return f"<p>No rule mentions {html.escape(query)!s}.</p>"
    rows, group = [], None
    for g, title, text in entries:
        if g != group:
            rows.append(f"<h4 style='margin:8px 0 2px'>{html.escape(g)}</h4>")
            group = g
        rows.append(f"<div style='margin:2px 0'><b>{html.escape(title)}</b>: "
                    f"{html.escape(text)}</div>")
    return ("<div class='ahoy-rules-list' style='max-height:420px;overflow:auto;"
            "max-width:760px;font-size:14px'>" + "".join(rows) + "</div>")


def rules(query: str | None = None) -> Rules:
    """The rulebook's sections and every tip in short, searchable.

    In a notebook, ``ahoy_nb.rules()`` shows a search box; ``ahoy_nb.rules("fog")``
    starts filtered.

    >>> len(rules("wreckage").entries) >= 2
    True
    """
    return Rules(query)
