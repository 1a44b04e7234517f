"""Light live charts: Fame and control drawn as SVG in an ``ipywidgets.HTML``.

bqplot needs numpy, which a Pyodide built from PyPI wheels does not have (the
JupyterLite site, docs/lite.md). There :class:`LightCharts` stands in for
:class:`~ahoy_nb.widgets.charts.GameCharts`, with the same data
(:mod:`ahoy_nb.session.chartdata`) and the same API (``update``, ``follow``): Fame
of each player after each action, with round starts, the Fame that ends the game
and the position shown; and each region's control and wealth. What it lacks:
tooltips on hover (each bar and line has an SVG title instead), zoom and animation.

>>> from ahoy_nb.engine import new_game
>>> charts = LightCharts(new_game(3, seed=1))
>>> charts.fame_data["fame"]
{'bluefin': [0], 'smuggler1': [0], 'mollusk': [0]}
>>> "<svg" in charts.value
True
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from ..ai.analysis import battle_odds
from ..engine import State
from ..engine.components import FAME_TO_END
from ..engine.words import faction_name
from ..engine.rules import name
from ..render import FACTION_COLORS
from ..session.chartdata import (WEALTH_COLOR, Timeline, fame_series, position_state,
                        region_rows)

__all__ = ["LightCharts", "odds_svg", "light_odds_explorer"]

WIDTH, HEIGHT = 520, 300
MARGIN = {"top": 40, "bottom": 45, "left": 50, "right": 20}
FONT = "font-family:sans-serif"


def _ticks(top: float, most: int = 10) -> list[int]:
    """Whole-number ticks from 0 to ``top``, at most ``most`` of them."""
    step = next(s for s in (1, 2, 5, 10, 20, 50, 100, 200, 500) if top / s <= most)
    return list(range(0, int(top) + 1, step))


class _Frame:
    """Scales from data to the SVG's pixels, and the axes around the plot."""

    def __init__(self, x_max: float, y_max: float, x_label: str, y_label: str):
        self.x0, self.x1 = MARGIN["left"], WIDTH - MARGIN["right"]
        self.y0, self.y1 = HEIGHT - MARGIN["bottom"], MARGIN["top"]
        self.x_max, self.y_max = max(x_max, 1), max(y_max, 1)
        self.x_label, self.y_label = x_label, y_label

    def x(self, v: float) -> float:
        return round(self.x0 + (self.x1 - self.x0) * v / self.x_max, 1)

    def y(self, v: float) -> float:
        return round(self.y0 - (self.y0 - self.y1) * v / self.y_max, 1)

    def axes(self, x_ticks: list[tuple[float, str]]) -> list[str]:
        out = [f'<line x1="{self.x0}" y1="{self.y0}" x2="{self.x1}" y2="{self.y0}" stroke="#888"/>',
               f'<line x1="{self.x0}" y1="{self.y0}" x2="{self.x0}" y2="{self.y1}" stroke="#888"/>']
        for v in _ticks(self.y_max):
            y = self.y(v)
            out.append(f'<line x1="{self.x0 - 4}" y1="{y}" x2="{self.x0}" y2="{y}" stroke="#888"/>'
                       f'<text x="{self.x0 - 7}" y="{y + 4}" text-anchor="end" font-size="11" '
                       f'fill="#444">{v}</text>')
        for x, label in x_ticks:
            out.append(f'<text x="{x}" y="{self.y0 + 16}" text-anchor="middle" font-size="11" '
                       f'fill="#444">{escape(label)}</text>')
        out.append(f'<text x="{(self.x0 + self.x1) / 2}" y="{HEIGHT - 8}" text-anchor="middle" '
                   f'font-size="12" fill="#333">{escape(self.x_label)}</text>')
        out.append(f'<text transform="translate(14 {(self.y0 + self.y1) / 2}) rotate(-90)" '
                   f'text-anchor="middle" font-size="12" fill="#333">{escape(self.y_label)}</text>')
        return out


def _svg(title: str, parts: list[str], legend: list[tuple[str, str]], label: str) -> str:
    x = MARGIN["left"] + 8
    keys = []
    for name, color in legend:
        keys.append(f'<rect x="{x}" y="{MARGIN["top"] - 2}" width="10" height="10" fill="{color}"/>'
                    f'<text x="{x + 14}" y="{MARGIN["top"] + 7}" font-size="11" fill="#333">'
                    f'{escape(name)}</text>')
        x += 22 + 7 * len(name)
    # Scales down with the output's width (viewBox), so two fit side by side.
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'role="img" aria-label="{escape(label)}" class="ahoy-lightchart" '
            f'style="{FONT};background:#fff;width:100%;max-width:{WIDTH}px;height:auto">'
            f'<text x="{WIDTH / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold" '
            f'fill="#222">{escape(title)}</text>' + "".join(parts) + "".join(keys) + "</svg>")


def fame_svg(data: dict, players: list[str], position: int | None = None) -> str:
    """The Fame chart of :func:`~ahoy_nb.session.chartdata.fame_series` data, as SVG."""
    n = len(data["x"]) - 1
    top = max([FAME_TO_END + 2] + [max(v) + 2 for v in data["fame"].values()])
    k = n if position is None else max(0, min(position, n))
    f = _Frame(n, top, "action", "Fame")
    step = max(1, -(-n // 10))
    parts = f.axes([(f.x(i), str(i)) for i in range(0, n + 1, step)])
    for i, r in data["rounds"]:
        parts.append(f'<line x1="{f.x(i)}" y1="{f.y0}" x2="{f.x(i)}" y2="{f.y1}" stroke="#9aa7b5" '
                     f'stroke-dasharray="4 3"/><text x="{f.x(i) + 2}" y="{f.y1 + 12}" '
                     f'font-size="11" fill="#555">R{r}</text>')
    parts.append(f'<line x1="{f.x0}" y1="{f.y(FAME_TO_END)}" x2="{f.x1}" y2="{f.y(FAME_TO_END)}" '
                 f'stroke="#d62828" stroke-dasharray="1 3"><title>{FAME_TO_END} Fame ends the game'
                 f'</title></line>')
    for p in players:
        ys = data["fame"][p]
        points = " ".join(f"{f.x(i)},{f.y(v)}" for i, v in zip(data["x"], ys))
        if n == 0:  # one position: a dot-sized segment
            points += f" {f.x(0) + 2},{f.y(ys[0])}"
        name = faction_name(p)
        parts.append(f'<polyline points="{points}" fill="none" stroke-width="2" '
                     f'stroke="{FACTION_COLORS.get(p, "#333")}" data-faction="{escape(p)}">'
                     f'<title>{escape(name)}: {ys[k]} Fame</title></polyline>')
    parts.append(f'<line x1="{f.x(k)}" y1="{f.y0}" x2="{f.x(k)}" y2="{f.y1}" stroke="#222" '
                 f'class="ahoy-cursor"/>')
    legend = [(faction_name(p), FACTION_COLORS.get(p, "#333")) for p in players]
    return _svg("Fame", parts, legend, f"Fame after {k} actions")


SERIES = (("bluefin", "Bluefin control", FACTION_COLORS["bluefin"]),
          ("mollusk", "Mollusk control", FACTION_COLORS["mollusk"]),
          ("wealth", "Wealth", WEALTH_COLOR))


def control_svg(rows: list[dict], title: str) -> str:
    """The control chart of :func:`~ahoy_nb.session.chartdata.region_rows`, as SVG."""
    top = max([4] + [r[key] + 1 for r in rows for key, _, _ in SERIES])
    f = _Frame(max(len(rows), 1), top, "region (suit, Island)", "")
    slot = (f.x1 - f.x0) / max(len(rows), 1)
    bar = slot * 0.8 / len(SERIES)
    parts = f.axes([(f.x0 + slot * (i + 0.5), r["label"]) for i, r in enumerate(rows)])
    for i, r in enumerate(rows):
        for j, (key, name, color) in enumerate(SERIES):
            x = round(f.x0 + slot * (i + 0.1) + bar * j, 1)
            y = f.y(r[key])
            parts.append(f'<rect x="{x}" y="{y}" width="{round(bar - 1, 1)}" '
                         f'height="{round(f.y0 - y, 1)}" fill="{color}" data-series="{key}">'
                         f'<title>{escape(r["label"])}: {escape(name)} {r[key]}</title></rect>')
    legend = [(name, color) for _, name, color in SERIES]
    return _svg(title, parts, legend, title)


class FollowsBoard:
    """Mixin of the chart widgets: ``follow(board)`` calls ``self.update(state, position)``
    after each change of the board's game and of its scrubber, once per change."""

    _board = None
    _drawn = None

    def follow(self, board):
        """Redraw after each change of ``board``'s game and of its scrubber."""
        if self._board is not None:
            self._board.unobserve(self._on_board, names=["revision", "position"])
        self._board = board
        board.observe(self._on_board, names=["revision", "position"])
        self._on_board()
        return self

    def _on_board(self, change=None) -> None:
        board = self._board
        s = board.state
        # One redraw per change, though an action changes both revision and position.
        last = s.history[-1] if s.history else None
        drawn = self._drawn
        if (drawn is not None and drawn[0] is s and drawn[1] == len(s.history)
                and drawn[2] is last and drawn[3] == board.position):
            return
        self._drawn = (s, len(s.history), last, board.position)
        self.update(s, board.position)


class LightCharts(FollowsBoard, widgets.HTML):
    """The Fame chart and the control chart side by side, as SVG (no bqplot needed).

    ``LightCharts(state)`` draws a game once; ``charts.follow(board)`` keeps them live.
    ``fame_data`` and ``control_rows`` hold what is drawn (for tests).
    """

    def __init__(self, state: State | None = None, **kwargs):
        self.timeline = Timeline()
        self.state, self.position = state, None
        self.fame_data: dict = {}
        self.control_rows: list[dict] = []
        super().__init__(**kwargs)
        self.add_class("ahoy-lightcharts")
        if state is not None:
            self.update(state)

    def update(self, state: State, position: int | None = None) -> None:
        """Draw ``state`` (its whole history), showing ``position`` (default: the latest)."""
        self.state, self.position = state, position
        self.fame_data = fame_series(self.timeline.rows(state), state.players)
        shown = position_state(state, position)
        self.control_rows = region_rows(shown)
        live = position is None or position >= len(state.history)
        title = (f"Control of each region, round {shown.round}"
                 + ("" if live else f" (after {position} actions)"))
        cell = f'<div style="flex:1 1 400px;max-width:{WIDTH}px">'
        self.value = ('<div style="display:flex;flex-wrap:wrap;gap:12px">'
                      + cell + fame_svg(self.fame_data, list(state.players), position) + "</div>"
                      + cell + control_svg(self.control_rows, title) + "</div></div>")


def odds_svg(odds: dict, shown: int, title: str) -> str:
    """Bars of ``{amount turned down: chance to win}``; the ``shown`` choice stands out."""
    f = _Frame(max(len(odds), 1), 100, "how far you turn your die on Cannons down",
               "chance to win (%)")
    slot = (f.x1 - f.x0) / max(len(odds), 1)
    parts = f.axes([(f.x0 + slot * (i + 0.5), str(k)) for i, k in enumerate(odds)])
    for i, (k, p) in enumerate(odds.items()):
        y = f.y(100 * float(p))
        parts.append(f'<rect x="{round(f.x0 + slot * (i + 0.15), 1)}" y="{y}" '
                     f'width="{round(slot * 0.7, 1)}" height="{round(f.y0 - y, 1)}" '
                     f'fill="#9bb7d4" opacity="{1.0 if k == shown else 0.45}" data-amount="{k}">'
                     f'<title>turned down by {k}: {float(p):.1%} to win</title></rect>')
    return _svg(title, parts, [], title)


def light_odds_explorer(state: State, against: str = "best") -> widgets.VBox:
    """:func:`ahoy_nb.ai.analysis.odds_explorer` without bqplot: the same odds and slider,
    the chart as SVG. ``.slider``, ``.label``, ``.odds`` and ``.figure`` as there."""
    odds = battle_odds(state, against=against, exact=True)
    amounts = list(odds)
    title = f"{name(state.current_player)}: chance to win this battle"
    figure = widgets.HTML()
    slider = widgets.IntSlider(value=amounts[0], min=amounts[0], max=amounts[-1], step=1,
                               description="turn down by", style={"description_width": "initial"})
    label = widgets.HTML()

    def show(change=None):
        k = min(amounts, key=lambda a: abs(a - slider.value))
        p = odds[k]
        figure.value = odds_svg(odds, k, title)
        label.value = (f"<b>Turn down by {k}</b>: {escape(name(state.current_player))} wins "
                       f"with probability <b>{p.numerator}/{p.denominator}</b> = {float(p):.1%}")

    slider.observe(show, "value")
    show()
    box = widgets.VBox([slider, figure, label])
    box.slider, box.label, box.odds, box.figure = slider, label, odds, figure
    return box
