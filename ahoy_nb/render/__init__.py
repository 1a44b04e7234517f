"""A static picture of an Ahoy position as SVG, with no running kernel.

``render_svg(state)`` draws the map (region tiles, terrain, wealth dice, figures),
each player's board, the Market and a caption. The picture is plain SVG made of
shapes, paths and text (no images, no web fonts, no external resources), the same
bytes for the same position, so it shows up in a saved notebook, on GitHub and on
nbviewer. ``State._repr_svg_`` calls it (through ``ahoy_nb.engine.display``).

>>> from ahoy_nb.engine import new_game
>>> svg = render_svg(new_game(3, seed=1))
>>> svg.startswith("<svg") and 'data-figure="' not in svg  # no figures before setup
True

Interactive front ends pass ``actions``: every drawn element that a legal action
targets gets ``data-action="<notation>"`` (one action) or ``data-actions='[...]'``
(several, JSON) and the CSS class ``clickable``. Elements carry data attributes
naming what they are: ``data-space="x,y"``, ``data-tile``, ``data-figure``,
``data-market``, ``data-cargo``, ``data-die``, ``data-slot``, ``data-slot-group``,
``data-crew``, ``data-reward``, ``data-plan``, ``data-board``, ``data-ghost``.

The package: :mod:`~ahoy_nb.render.draw` draws, :mod:`~ahoy_nb.render.targets` decides
which drawn element each action belongs to, :mod:`~ahoy_nb.render.palette` holds the
colours and measures.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..engine import State
from .draw import Renderer
from .palette import FACTION_COLORS, SUIT_COLORS

__all__ = ["render_svg", "render_parts", "fit_width", "Picture", "FACTION_COLORS", "SUIT_COLORS"]


def render_svg(state, *, viewer: str | None = "all", actions: Iterable | None = None,
               highlight: Iterable = (), arrows: Iterable = (), show_boards: bool = True,
               hints: Iterable[str] = ()) -> str:
    """The position as an SVG string.

    * ``viewer``: ``"all"`` (analysis: everything), a faction id (only what that player
      may see: other hands as card backs, pledges facedown), or ``None`` (a spectator).
    * ``actions``: legal actions (notations or ``Action``); each element they target gets
      ``data-action``/``data-actions``, the class ``clickable`` and an accessible name;
      the ones with nothing to point at (``end``, ``anchor``...) become buttons in words.
    * ``highlight``: spaces to outline; ``arrows``: ``(from, to)`` spaces to draw arrows between.
    * ``show_boards``: draw the player boards and the Market beside the map.
    * ``hints``: notations to mark as suggested moves (class ``hint``).
    """
    return Renderer(state, viewer, actions, highlight, arrows, show_boards, hints).render()


def render_parts(state, *, viewer: str | None = "all", actions: Iterable | None = None,
                 highlight: Iterable = (), arrows: Iterable = (), hints: Iterable[str] = ()
                 ) -> dict[str, str]:
    """The same picture in parts, for a front end that lays them out itself:
    ``{"head": caption and decision buttons, "map", "market", <faction>: that player's
    board}``.

    Each part is an ``<svg>`` whose ``style`` gives its natural width as ``--w``.

    >>> from ahoy_nb.engine import new_game
    >>> list(render_parts(new_game(2, seed=1)))
    ['head', 'map', 'market', 'bluefin', 'mollusk']
    """
    return Renderer(state, viewer, actions, highlight, arrows, True, hints).parts()


def fit_width(svg: str) -> str:
    """An SVG picture for a notebook's output: as wide as the output (JupyterLab shows it
    as an image, which keeps its own width and is cut at the output's edge otherwise),
    and no wider than its natural width where it is inlined (Voila, the classic notebook).

    >>> fit_width('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="300"><rect/></svg>')
    '<svg xmlns="http://www.w3.org/2000/svg" width="100%" style="max-width:900px;height:auto"><rect/></svg>'
    """
    m = re.match(r'(<svg[^>]*?) width="([0-9.]+)" height="[0-9.]+"', svg)
    if not m:
        return svg
    return (f'{m.group(1)} width="100%" style="max-width:{m.group(2)}px;height:auto"'
            + svg[m.end():])


def _listed(items, name: str, kind: str) -> list[str]:
    """One item or several, as a list of words ("2,2" is one space, not three characters)."""
    if isinstance(items, str):
        return [items]
    try:
        return [str(x) for x in items]
    except TypeError:
        raise ValueError(f"{name} is a list of {kind}, not {items!r:.60}") from None


class Picture:
    """A position to look at: its SVG, with highlighted spaces and ``marked`` actions (of
    the player deciding, drawn as hints: a review's better move); no controls.

    >>> from ahoy_nb.engine import new_game
    >>> "<svg" in Picture(new_game(2, seed=1), highlight=["0,0"])._repr_svg_()
    True
    >>> 'clickable hint' in Picture(new_game(2, seed=1), marked=["start 3,2"])._repr_svg_()
    True
    """

    def __init__(self, state, viewer: str | None = "all", highlight=(), marked=()):
        if not isinstance(state, State):
            raise ValueError(f"a picture is of a game's State, not {state!r:.60}")
        self.state = state
        self.viewer = viewer
        self.highlight = _listed(highlight, "highlight", "spaces, like ['2,2']")
        self.marked = _listed(marked, "marked", "actions, like ['move 2,2']")

    def _repr_svg_(self) -> str:
        return fit_width(render_svg(self.state, viewer=self.viewer, highlight=self.highlight,
                                    actions=self.marked or None, hints=self.marked))

    def __repr__(self) -> str:
        return f"<picture of {self.state!r}>"
