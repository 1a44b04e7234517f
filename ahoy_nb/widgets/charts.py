"""Live bqplot charts of a game: Fame over time, and control of each region.

They show only public facts (Fame, rounds, figures on the map, wealth), so they are
the same for every viewer. ``GameCharts.follow(board)`` keeps them in step with a
:class:`~ahoy_nb.widgets.BoardWidget`: they redraw after each action and move with
its scrubber (the Fame chart's cursor marks the position shown; the control chart
shows that position). bqplot ships its JavaScript in its JupyterLab extension, so
nothing is fetched from the network.

>>> from ahoy_nb.engine import new_game
>>> charts = GameCharts(new_game(3, seed=1))
>>> charts.fame.series(charts.state)["fame"]
{'bluefin': [0], 'smuggler1': [0], 'mollusk': [0]}
"""

from __future__ import annotations

import bqplot as bq
import ipywidgets as widgets

from ..engine import State
from ..engine.components import FAME_TO_END
from ..engine.words import faction_name
from ..render import FACTION_COLORS
# The data (shared with the light charts of lightchart.py); re-exported for app.py.
from ..session.chartdata import WEALTH_COLOR, Timeline, fame_series, region_rows
from ..session.chartdata import position_state as _position_state
from .lightchart import FollowsBoard


__all__ = ["FameChart", "ControlChart", "GameCharts", "Timeline", "legend", "region_rows",
           "whole_ticks"]

# The plot area's own paper, as the board has its own: the factions' colours read on it in
# JupyterLab's light and dark themes alike (a dark blue line on a black plot did not).
PAPER = {"fill": "#fbfaf6"}


def legend(items: list[tuple[str, str, str]]) -> widgets.HTML:
    """A legend above a chart, ``[(label, colour, "line" | "box")]``, in the theme's own
    text colour. (bqplot draws its legend inside the plot, over the lines, each label in
    its line's colour: grey on black in the dark theme.)

    >>> "Bluefin" in legend([("Bluefin", "#416eb0", "line")]).value
    True
    """
    from html import escape
    swatch = {"line": "width:18px;height:0;border-top:3px solid {c}",
              "box": "width:11px;height:11px;background:{c}"}
    spans = "".join(
        f"<span style='white-space:nowrap'><span style='display:inline-block;margin-right:5px;"
        f"vertical-align:middle;{swatch[kind].format(c=escape(color))}'></span>"
        f"{escape(label)}</span>" for label, color, kind in items)
    html = (f"<div class='ahoy-legend' style='display:flex;flex-wrap:wrap;gap:4px 14px;"
            f"font-size:12px;margin:0 20px 0 50px'>{spans}</div>")
    return widgets.HTML(html, layout=widgets.Layout(width="520px"))


def whole_ticks(top: int, most: int = 8) -> list[int]:
    """Tick positions for an axis of whole numbers from 0 to ``top``: 0 and every step of
    1, 2, 5, 10, 20, 25, 50... (the smallest giving at most ``most`` + 1 ticks).

    >>> whole_ticks(3), whole_ticks(11), whole_ticks(32)
    ([0, 1, 2, 3], [0, 2, 4, 6, 8, 10], [0, 5, 10, 15, 20, 25, 30])
    """
    steps = (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000)
    step = next((s for s in steps if top / s <= most), steps[-1])
    return list(range(0, int(top) + 1, step))


class FameChart(bq.Figure):
    """Fame of each player after each action (one line per player, x = action index).

    Dashed vertical lines mark where each round begins (labelled R2, R3...); the
    dotted red line is the Fame that ends the game; the black line is the position
    shown. Marks for tests: ``lines``, ``rounds``, ``round_labels``, ``cursor``, ``goal``.
    """

    def __init__(self, state: State | None = None, **kwargs):
        self.timeline = Timeline()
        self.x_scale = bq.LinearScale(min=0.0, max=1.0)
        self.y_scale = bq.LinearScale(min=0.0, max=float(FAME_TO_END + 2))
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.lines = bq.Lines(x=[0, 0], y=[[0, 0], [0, 0]], scales=scales, stroke_width=2,
                              labels=["", ""])
        self.rounds = bq.Lines(x=[[0, 0]], y=[[0, 0]], scales=scales, colors=["#9aa7b5"],
                               line_style="dashed", stroke_width=1, visible=False)
        self.round_labels = bq.Label(x=[0], y=[0], text=[""], scales=scales, colors=["#555"],
                                     default_size=11, align="start", x_offset=2, y_offset=12,
                                     visible=False)
        self.goal = bq.Lines(x=[0, 1], y=[FAME_TO_END, FAME_TO_END], scales=scales,
                             colors=["#d62828"], line_style="dotted", stroke_width=1)
        self.cursor = bq.Lines(x=[0, 0], y=[0, FAME_TO_END + 2], scales=scales,
                               colors=["#222"], stroke_width=1)
        # Ticks at whole numbers only, where they belong (not rounded labels of fractions).
        self.x_axis = bq.Axis(scale=self.x_scale, side="bottom", label="action", tick_format="d",
                              tick_values=[0, 1])
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", label="Fame", tick_format="d",
                              tick_values=whole_ticks(FAME_TO_END + 2))
        axes = [self.x_axis, self.y_axis]
        kwargs.setdefault("title", "Fame")
        kwargs.setdefault("display_toolbar", False)   # it would cover the title
        kwargs.setdefault("layout", widgets.Layout(width="520px", height="300px"))
        kwargs.setdefault("fig_margin", {"top": 40, "bottom": 45, "left": 50, "right": 20})
        kwargs.setdefault("background_style", PAPER)
        kwargs.setdefault("animation_duration", 0)
        super().__init__(marks=[self.rounds, self.round_labels, self.goal, self.lines, self.cursor],
                         axes=axes, **kwargs)
        if state is not None:
            self.update(state)

    def series(self, state: State) -> dict:
        """The chart's data: ``{"x", "fame": {faction: [...]}, "rounds": [(index, round)]}``."""
        return fame_series(self.timeline.rows(state), state.players)

    def update(self, state: State, position: int | None = None) -> None:
        data = self.series(state)
        n = len(data["x"]) - 1
        players = state.players
        top = float(max([FAME_TO_END + 2] + [max(v) + 2 for v in data["fame"].values()]))
        k = n if position is None else max(0, min(position, n))
        with self.hold_sync():
            self.x_scale.max = float(max(n, 1))
            self.x_axis.tick_values = whole_ticks(max(n, 1))
            self.y_scale.max = top
            self.y_axis.tick_values = whole_ticks(int(top))
            with self.lines.hold_sync():
                x, ys = data["x"], [data["fame"][f] for f in players]
                if len(x) == 1:
                    # bqplot squeezes a (players, 1) array into one line: draw a dot-sized
                    # segment until the first action.
                    x, ys = x * 2, [y * 2 for y in ys]
                self.lines.x = x
                self.lines.y = ys
                self.lines.colors = [FACTION_COLORS.get(f, "#333") for f in players]
                self.lines.labels = [faction_name(f) for f in players]
            starts = data["rounds"]
            with self.rounds.hold_sync(), self.round_labels.hold_sync():
                if starts:
                    self.rounds.x = [[i, i] for i, _ in starts]
                    self.rounds.y = [[0, top] for _ in starts]
                    self.round_labels.x = [i for i, _ in starts]
                    self.round_labels.y = [top for _ in starts]
                    self.round_labels.text = [f"R{r}" for _, r in starts]
                self.rounds.visible = self.round_labels.visible = bool(starts)
            self.goal.x = [0, max(n, 1)]
            with self.cursor.hold_sync():
                self.cursor.x = [k, k]
                self.cursor.y = [0, top]


class ControlChart(bq.Figure):
    """Bluefin and Mollusk control of each region (grouped bars), with its wealth.

    The controller of a region at the end of a round gains its wealth in Fame.
    Marks for tests: ``bars`` (``x``: region labels, ``y``: rows Bluefin control,
    Mollusk control, wealth).
    """

    SERIES = ("bluefin", "mollusk", "wealth")

    def __init__(self, state: State | None = None, **kwargs):
        self.x_scale = bq.OrdinalScale()
        self.y_scale = bq.LinearScale(min=0.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.bars = bq.Bars(x=[""], y=[[0], [0], [0]], scales=scales, type="grouped",
                            colors=[FACTION_COLORS["bluefin"], FACTION_COLORS["mollusk"], WEALTH_COLOR],
                            labels=["Bluefin control", "Mollusk control", "Wealth"],
                            padding=0.2,
                            tooltip=bq.Tooltip(fields=["x", "y"], labels=["region", "value"]))
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", tick_format="d",
                              tick_values=whole_ticks(4))
        # The regions' names turned, so that nine of them do not run into each other.
        axes = [bq.Axis(scale=self.x_scale, side="bottom", label="region (suit, Island)",
                        tick_rotate=-35, tick_style={"text-anchor": "end"},
                        label_offset="62px"),
                self.y_axis]
        kwargs.setdefault("title", "Control of each region")
        kwargs.setdefault("display_toolbar", False)   # it would cover the title
        kwargs.setdefault("layout", widgets.Layout(width="520px", height="300px"))
        kwargs.setdefault("fig_margin", {"top": 40, "bottom": 80, "left": 40, "right": 20})
        kwargs.setdefault("background_style", PAPER)
        kwargs.setdefault("animation_duration", 0)
        super().__init__(marks=[self.bars], axes=axes, **kwargs)
        if state is not None:
            self.update(state)

    def update(self, state: State, position: int | None = None) -> None:
        shown = _position_state(state, position)
        rows = region_rows(shown)
        with self.hold_sync(), self.bars.hold_sync():
            self.bars.x = [r["label"] for r in rows]
            self.bars.y = [[r[k] for r in rows] for k in self.SERIES]
            top = max([4] + [r[k] + 1 for r in rows for k in self.SERIES])
            self.y_scale.max = float(top)
            self.y_axis.tick_values = whole_ticks(top)
            live = position is None or position >= len(state.history)
            self.title = (f"Control of each region, round {shown.round}"
                          + ("" if live else f" (after {position} actions)"))


class GameCharts(FollowsBoard, widgets.HBox):
    """The Fame chart and the control chart side by side.

    ``GameCharts(state)`` draws a game once; ``charts.follow(board)`` keeps them live.
    """

    def __init__(self, state: State | None = None, **kwargs):
        self.fame = FameChart()
        self.control = ControlChart()
        self.fame_legend = legend([])
        control_legend = legend([(label, color, "box") for label, color in
                                 zip(self.control.bars.labels, self.control.bars.colors)])
        self.state = state
        self.position = None
        super().__init__([widgets.VBox([self.fame_legend, self.fame]),
                          widgets.VBox([control_legend, self.control])], **kwargs)
        if state is not None:
            self.update(state)

    def update(self, state: State, position: int | None = None) -> None:
        """Draw ``state`` (its whole history), showing ``position`` (default: the latest)."""
        self.state, self.position = state, position
        self.fame.update(state, position)
        self.control.update(state, position)
        items = [(faction_name(f), FACTION_COLORS.get(f, "#333"), "line") for f in state.players]
        value = legend(items).value
        if self.fame_legend.value != value:
            self.fame_legend.value = value
