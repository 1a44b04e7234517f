"""Rules at hand: the rulebook in short, and every tip, as a searchable panel.

The tips (``ahoy_nb.tips``: one text per slot, Crew card, plan, terrain, Cargo and verb,
in this project's own words) are read here as the board reads them; :func:`rules` lists
them with the rulebook's sections. ``tip`` is re-exported for the tutorials.

>>> tip("slot", "cannons").startswith("Load your guns")
True
>>> tip("verb", "no-patrol")
'Leave no Patrol behind.'
"""

from __future__ import annotations

import html

from .tips import KINDS, search, sections, tip

__all__ = ["KINDS", "Rules", "rules", "search", "sections", "tip"]


class Rules:
    """The rulebook in short, filtered by ``query`` (words that must all appear).

    Shows as HTML in a notebook; :meth:`widget` gives a search box that filters live.

    >>> r = Rules("tailwind jump")
    >>> any(title == "Tailwind" for _, title, _ in r.entries)
    True
    """

    def __init__(self, query: str | None = None):
        if query is not None and not isinstance(query, str):
            raise ValueError(f"a query is words to look for, like 'fog', not {query!r}")
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
