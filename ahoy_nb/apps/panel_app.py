"""The game as a stand-alone web app, served by Panel: ``ahoy-nb serve``.

The page holds a new-game form (number of players, who plays each faction: you or a
bot, the seed), the bot controls, the board (with its action list and log) and live
charts. One game per browser tab (Panel session).

* **The board** is the notebook's own front end: ``ahoy_nb/widgets/board.js`` runs
  unchanged in :class:`PanelBoard`, a ``pn.custom.AnyWidgetComponent``. The game's
  flow is the session layer's, as in the notebook: each page holds a
  :class:`~ahoy_nb.session.game.GameSession` (who may act, undo, conceding, opening a
  save), a :class:`~ahoy_nb.session.board.Board` (what the board shows, the answer to
  each click) and a :class:`~ahoy_nb.session.bots.BotRunner` (the bots and their pace);
  :class:`PanelBoard` mirrors the Board's traits into Panel parameters and passes the
  front end's ``intent`` back. The board talks through traits only, so this is all it
  needs.
* **The charts** are Bokeh figures (Bokeh is Panel's own plotting library, served
  by the Panel server itself), drawing the same public facts as the notebook's
  bqplot charts (:class:`~ahoy_nb.session.chartdata.Timeline`,
  :func:`~ahoy_nb.session.chartdata.region_rows`). bqplot would need its JavaScript
  from a CDN under Panel; Bokeh needs nothing from the network.
* **The advisor** (:class:`PanelAdvisor`): the win chance now, the Hint button and the
  Analysis toggle in the board's side column (the same panel as ``play()``'s), and a
  win-chance chart beside the others, worked out by the same
  :class:`~ahoy_nb.session.advice.AdvisorCore` as ``play()``'s, on a worker thread; results
  are applied on the session's document. Off by default in hot seat.
* **The review** (:class:`PanelReviewer`): the Review button beside the advisor's; the
  win-chance line over the whole game with the mistakes marked (:class:`ReviewFigure`;
  a tap on a mark shows that decision on the board with the better move marked), by
  the same :class:`~ahoy_nb.session.reviewing.ReviewCore` as ``play()``'s.
* **Bots** are the session layer's :class:`~ahoy_nb.session.bots.BotRunner`, on the
  page's document (:class:`PanelScheduler`); a bot that takes time (the hard bot) thinks
  on a worker thread while the board's ``"bots"`` panel shows its progress.
* **Offline.** Panel serves BokehJS, its own bundle and the board's ES module from
  the local server; ``PanelBoard`` drops the React import map that Panel's
  AnyWidgetComponent declares by default (pointing at a CDN), since board.js is a
  plain ES module that imports nothing. The browser tests check that the page makes
  no request to any other host.

Serve it with ``ahoy-nb serve`` (see :mod:`ahoy_nb.apps.cli`), or ``panel serve
ahoy_nb/apps/panel_app.py``; query parameters set the first game: ``?players=4&seed=7&people=
bluefin,mollusk&bots=random``. In Python: ``create_app(players=3, seed=1)`` returns
the app (a Panel layout), ``create_page(...)`` the page as served (the app in a ``<main>``
landmark). ``?mode=puzzles`` is the puzzle trainer
(:mod:`ahoy_nb.apps.panel_puzzles`), linked from the top of the page.
"""

from __future__ import annotations

import html
import io
import math
import secrets
from concurrent.futures import ThreadPoolExecutor
from typing import Iterable, Mapping

import panel as pn
from bokeh.models import (ColumnDataSource, FactorRange, HoverTool, Legend, LegendItem,
                          NumeralTickFormatter, Range1d, Span)
from bokeh.plotting import figure
from panel.io.state import set_curdoc

# Absolute imports: `panel serve ahoy_nb/apps/panel_app.py` runs this file as a script.
from ahoy_nb.session.advice import CHART_TITLE, AdvisorCore
from ahoy_nb.session.reviewing import LABEL_COLORS, ReviewCore, cores, decision_text, review_summary
from ahoy_nb.ai.analysis import REVIEW_SIMULATIONS
from ahoy_nb.engine import new_game as _new_game
from ahoy_nb.engine.components import FAME_TO_END
from ahoy_nb.engine.words import faction_name
from ahoy_nb.render import FACTION_COLORS
from ahoy_nb import savegame
from ahoy_nb.session.board import Board
from ahoy_nb.session.bots import BotRunner
from ahoy_nb.session.chartdata import WEALTH_COLOR, Timeline, position_state, region_rows
from ahoy_nb.session.game import GameSession, SeatsError, people_of
from ahoy_nb.session.panels import AdvisorPanel, ReviewPanel
from ahoy_nb.session.seats import (PERSON, SEAT_CHOICES, bot_standings, initial_seats,
                                   people_and_bots, people_in_text, seat_choice, seat_options)
from ahoy_nb.apps.panel_board import PanelBoard, _widget


__all__ = ["PanelBoard", "PanelScheduler", "GameApp", "FameFigure", "ControlFigure",
           "WinChanceFigure", "PanelAdvisor", "ReviewFigure", "PanelReviewer", "create_app", "create_page"]

class PanelScheduler:
    """The bots' :class:`~ahoy_nb.session.bots.Scheduler` on a served page: steps on the
    session's document, a bot that takes time on a worker thread."""

    def __init__(self, doc):
        self.doc = doc
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ahoy-bot")

    def later(self, seconds: float, fn) -> None:
        def arm() -> None:
            self.doc.add_timeout_callback(fn, max(1, int(seconds * 1000)))
        _on_session(self.doc, arm)

    def think(self, work, done) -> None:
        def run():
            try:
                return work()
            except Exception as err:  # noqa: BLE001 - handed to done(), which reports it
                return err
        future = self._pool.submit(run)
        future.add_done_callback(lambda f: _on_session(self.doc, lambda: done(f.result())))

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


# -- charts ----------------------------------------------------------------------------


class FameFigure:
    """Fame of each player after each action (Bokeh): one line per player, dashed
    lines where rounds begin (R2, R3...), the Fame that ends the game, and a cursor at
    the position shown."""

    def __init__(self, players: Iterable[str]):
        self.players = list(players)
        self.timeline = Timeline()
        self.lines = ColumnDataSource({"x": [0], **{f: [0] for f in self.players}},
                                      name="fame-lines")
        self.rounds = ColumnDataSource({"x": [], "y0": [], "y1": [], "label": []},
                                       name="fame-rounds")
        fig = figure(title="Fame", height=300, width=520, x_axis_label="action",
                     y_axis_label="Fame", toolbar_location=None, tools="",
                     y_range=(0, FAME_TO_END + 2))
        fig.segment(x0="x", x1="x", y0="y0", y1="y1", source=self.rounds,
                    line_dash="dashed", line_color="#9aa7b5")
        fig.text(x="x", y="y1", text="label", source=self.rounds, text_font_size="11px",
                 text_color="#555", x_offset=2, y_offset=12)
        items = []
        for f in self.players:
            r = fig.line("x", f, source=self.lines, line_width=2,
                         line_color=FACTION_COLORS.get(f, "#333"), name=f"fame-{f}")
            items.append(LegendItem(label=faction_name(f), renderers=[r]))
        # Above the plot: inside, it covered the 30-Fame line and the lines that reach it.
        fig.add_layout(Legend(items=items, orientation="horizontal", location="top_left",
                              label_text_font_size="11px"), "above")
        self.goal = Span(location=FAME_TO_END, dimension="width", line_color="#d62828",
                         line_dash="dotted")
        self.cursor = Span(location=0, dimension="height", line_color="#222")
        fig.add_layout(self.goal)
        fig.add_layout(self.cursor)
        fig.xaxis.ticker.min_interval = 1
        fig.yaxis.ticker.min_interval = 1
        self.figure = fig

    def update(self, state, position: int | None = None) -> None:
        rows = self.timeline.rows(state)
        n = len(rows) - 1
        fame = {f: [row["fame"][f] for row in rows] for f in self.players}
        top = max([FAME_TO_END + 2] + [max(v) + 2 for v in fame.values()])
        starts = [(i, row["round"]) for i, row in enumerate(rows)
                  if i and row["round"] != rows[i - 1]["round"]]
        self.lines.data = {"x": list(range(len(rows))), **fame}
        self.rounds.data = {"x": [i for i, _ in starts], "y0": [0] * len(starts),
                            "y1": [top] * len(starts), "label": [f"R{r}" for _, r in starts]}
        self.figure.y_range.end = top
        self.cursor.location = n if position is None else max(0, min(position, n))

    def series(self) -> dict:
        """What is drawn: ``{"x": [...], faction: [...]}`` and the round starts."""
        return {"lines": dict(self.lines.data), "rounds": dict(self.rounds.data)}


class ControlFigure:
    """Bluefin and Mollusk control of each region, and its wealth (grouped bars)."""

    SERIES = (("bluefin", "Bluefin control", FACTION_COLORS["bluefin"]),
              ("mollusk", "Mollusk control", FACTION_COLORS["mollusk"]),
              ("wealth", "Wealth", WEALTH_COLOR))

    def __init__(self):
        self.source = ColumnDataSource({"x": [], "value": [], "series": [], "color": []})
        # An explicit range that update() grows: a control of 7 is drawn whole.
        fig = figure(title="Control of each region", height=300, width=520,
                     x_range=FactorRange(), y_range=Range1d(0, 5), toolbar_location=None,
                     tools="hover",
                     tooltips=[("region", "@x"), ("value", "@value")])
        fig.vbar(x="x", top="value", width=0.9, source=self.source, fill_color="color",
                 line_color="color", legend_field="series")
        fig.yaxis.ticker.min_interval = 1
        fig.xaxis.major_label_text_font_size = "0pt"   # the series: see the legend
        fig.xaxis.group_text_font_size = "11px"        # the regions, turned: nine fit
        fig.xaxis.group_label_orientation = 0.6
        fig.x_range.range_padding = 0.1
        fig.xgrid.grid_line_color = None
        fig.legend.location = "top_left"
        fig.legend.orientation = "horizontal"
        fig.legend.label_text_font_size = "11px"
        fig.add_layout(fig.legend[0], "above")
        self.figure = fig

    def update(self, state, position: int | None = None) -> None:
        shown = position_state(state, position)
        rows = region_rows(shown)
        xs, values, series, colors = [], [], [], []
        for r in rows:
            for key, label, color in self.SERIES:
                xs.append((r["label"], label))
                values.append(r[key])
                series.append(label)
                colors.append(color)
        self.figure.x_range.factors = xs
        self.source.data = {"x": xs, "value": values, "series": series, "color": colors}
        self.figure.y_range.end = max([3] + values) + 1
        live = position is None or position >= len(state.history)
        self.figure.title.text = (f"Control of each region, round {shown.round}"
                                  + ("" if live else f" (after {position} actions)"))


class WinChanceFigure:
    """Each faction's chance to win against these bots after each action (Bokeh), as the
    advisor worked it out: one line with dots per faction in a shaded band of its 95%
    interval (positions the bots passed quickly may have none)."""

    def __init__(self, players: Iterable[str]):
        self.players = list(players)
        self.source = ColumnDataSource({"x": [], **{k: [] for f in self.players
                                                    for k in (f, f"{f}_low", f"{f}_high")}},
                                       name="win-chance")
        fig = figure(title=CHART_TITLE, height=300, width=520, x_axis_label="action",
                     y_axis_label="chance to win", toolbar_location=None, tools="hover",
                     tooltips=[("action", "@x")] + [
                         (faction_name(f), f"@{{{f}}}{{0%}} (@{{{f}_low}}{{0%}}–"
                                           f"@{{{f}_high}}{{0%}})") for f in self.players],
                     x_range=Range1d(0, 1), y_range=Range1d(0, 1.08))
        items = []
        for f in self.players:
            color = FACTION_COLORS.get(f, "#333")
            fig.varea("x", f"{f}_low", f"{f}_high", source=self.source, fill_color=color,
                      fill_alpha=0.15)
            line = fig.line("x", f, source=self.source, line_width=2, line_color=color)
            dots = fig.scatter("x", f, source=self.source, size=7, color=color)
            items.append(LegendItem(label=faction_name(f), renderers=[line, dots]))
        # Above the plot: chances near 100% would run under a legend inside it.
        fig.add_layout(Legend(items=items, orientation="horizontal", location="top_left",
                              label_text_font_size="11px"), "above")
        fig.yaxis.formatter = NumeralTickFormatter(format="0%")
        fig.xaxis.ticker.min_interval = 1
        self.figure = fig

    def update(self, chances: Mapping[int, Mapping[str, float]]) -> None:
        """Draw ``{action index: {faction: chance}}``; a chance with an ``interval`` (an
        :class:`~ahoy_nb.ai.analysis.Evaluation`) gets its band."""
        xs = sorted(chances)
        intervals = {x: getattr(chances[x], "interval", {}) for x in xs}
        data: dict = {"x": xs}
        for f in self.players:
            data[f] = [chances[x].get(f, 0.0) for x in xs]
            data[f"{f}_low"] = [intervals[x].get(f, (p, p))[0] for x, p in zip(xs, data[f])]
            data[f"{f}_high"] = [intervals[x].get(f, (p, p))[1] for x, p in zip(xs, data[f])]
        self.source.data = data
        self.figure.x_range.end = max([1] + xs)


class PanelAdvisor:
    """The advisor in the Panel app: in the board's side column, the win chance now, the
    Hint button and the Analysis toggle (:class:`~ahoy_nb.session.panels.AdvisorPanel`, the
    same panel as ``play()``'s), and the win-chance chart with the other charts; a
    Panel front of :class:`~ahoy_nb.session.advice.AdvisorCore` (which works them out on a
    worker thread, as in ``play()``).

    Results are applied on the session's document: the worker schedules them as a
    next-tick callback holding the document's lock. Without a server (scripts, tests)
    they are applied where they arrive; ``wait=True`` works on the calling thread.
    """

    def __init__(self, board, *, enabled: bool = True, simulations: int = 60,
                 hint_simulations: int = 150, wait: bool = False):
        self.board = board
        self.chart = WinChanceFigure(board.state.players)
        self.chart_pane = pn.pane.Bokeh(self.chart.figure, visible=bool(enabled))
        self.panel = AdvisorPanel(board, on_chances=self.chart.update)
        self._doc = _session_doc()
        self.core = AdvisorCore(board, self, enabled=enabled, simulations=simulations,
                                hint_simulations=hint_simulations, wait=wait,
                                deliver=lambda fn: _on_session(self._doc, fn))
        self.panel.core = self.core
        self.panel.draw()
        self._presses = 0

    def press(self, button: str) -> None:
        """Press the panel's ``"hint"`` or ``"analysis"`` button as the page does."""
        self._presses += 1
        self.board.handle({"press": {"panel": AdvisorPanel.ID, "button": button},
                           "id": f"advisor-press-{self._presses}"})

    # -- the view (AdvisorView) ------------------------------------------------------------
    def show_chances(self, chances) -> None:
        self.panel.show_chances(chances)   # and, through on_chances, the chart

    def show_hint(self, html_text: str) -> None:
        self.panel.show_hint(html_text)

    def show_status(self, html_text: str) -> None:
        self.panel.show_status(html_text)

    def show_controls(self, enabled: bool, can_hint: bool) -> None:
        self.chart_pane.visible = enabled
        self.panel.show_controls(enabled, can_hint)

    def close(self) -> None:
        self.core.close()
        self.board.remove_panel(AdvisorPanel.ID)


def _session_doc():
    """The session's document, if this runs in a served session."""
    doc = pn.state.curdoc
    return doc if doc is not None and doc.session_context is not None else None


def _on_session(doc, fn) -> None:
    """(On a worker thread.) Run ``fn`` on the session's document, holding its lock, once
    the page has loaded (at once without a document).

    Before the page has told the server it is ready, Panel drops changes to the models
    (it expects to send the whole document then), but the page may already have fetched
    it: the advisor's first chances, worked out while the page loads, were lost now and
    then, and the page said "Working out who is winning…" for ever. So ``fn`` waits for
    the session's load; on the document's thread, where Panel runs its load callbacks,
    that test cannot race them.
    """
    if doc is None:
        fn()
        return

    def when_loaded() -> None:
        if pn.state.loaded:
            fn()
        else:
            pn.state.onload(fn)

    with set_curdoc(doc):
        pn.state.execute(when_loaded, schedule=True)


class ReviewFigure:
    """A reviewed game (Bokeh): each faction's chance to win against these bots at every
    position, and a mark at each inaccuracy, mistake and blunder; a tap on a mark calls
    ``on_select(action index)``."""

    def __init__(self, players: Iterable[str], on_select=None):
        self.players = list(players)
        self.on_select = on_select
        self.lines = ColumnDataSource({"x": [], **{f: [] for f in self.players}},
                                      name="review-lines")
        self.marks = ColumnDataSource({"x": [], "y": [], "color": [], "text": []},
                                      name="review-marks")
        fig = figure(title=f"Review: {CHART_TITLE.lower()}", height=320, width=620,
                     x_axis_label="action", y_axis_label="chance to win",
                     toolbar_location=None, tools="tap", x_range=Range1d(0, 1),
                     y_range=Range1d(0, 1.08))
        items = []
        for f in self.players:
            line = fig.line("x", f, source=self.lines, line_width=2,
                            line_color=FACTION_COLORS.get(f, "#333"))
            items.append(LegendItem(label=faction_name(f), renderers=[line]))
        dots = fig.scatter("x", "y", source=self.marks, size=13, color="color",
                           line_color="white", name="review-dots",
                           nonselection_alpha=0.6, selection_line_color="black")
        fig.add_tools(HoverTool(renderers=[dots], tooltips=[("", "@text")]))
        fig.add_layout(Legend(items=items, orientation="horizontal", location="top_left",
                              label_text_font_size="11px"), "above")
        fig.yaxis.formatter = NumeralTickFormatter(format="0%")
        fig.xaxis.ticker.min_interval = 1
        self.marks.selected.on_change("indices", self._on_tap)
        self.marks_at: list[int] = []
        self.figure = fig

    def update(self, result) -> None:
        if result is None:
            self.lines.data = {"x": [], **{f: [] for f in self.players}}
            self.marks.data = {"x": [], "y": [], "color": [], "text": []}
            self.marks_at = []
            return
        xs = list(range(len(result.chances)))
        self.lines.data = {"x": xs, **{f: [c.get(f, 0.0) for c in result.chances]
                                       for f in self.players}}
        marked = result.mistakes()
        self.marks_at = [d.index for d in marked]
        self.marks.selected.indices = []
        self.marks.data = {"x": self.marks_at,
                           "y": [result.chances[d.index].get(d.player, d.before) for d in marked],
                           "color": [LABEL_COLORS[d.label] for d in marked],
                           "text": [decision_text(d) for d in marked]}
        self.figure.x_range.end = max(1, xs[-1])

    def _on_tap(self, attr, old, new) -> None:
        if new and self.on_select is not None:
            self.on_select(self.marks_at[new[0]])


class PanelReviewer:
    """The review in the Panel app, a Panel front of
    :class:`~ahoy_nb.session.reviewing.ReviewCore` (as :class:`~ahoy_nb.widgets.review.Reviewer`
    in ``play()``): the Review button, its progress and the costliest decisions in the
    board's side column (:class:`~ahoy_nb.session.panels.ReviewPanel`), the summary and
    the decision picked (``text``) and the chart (``chart_pane``) under the board. Results
    are applied on the session's document, as the advisor's are."""

    def __init__(self, board, *, simulations: int = REVIEW_SIMULATIONS, wait: bool = False,
                 during_game=None, known=None, executor=None):
        self.text = pn.pane.HTML("", css_classes=["ahoy-review-text"],
                                 styles={"font-size": "14px"}, margin=(0, 10), visible=False)
        self.chart = ReviewFigure(board.state.players, on_select=self.select)
        self.chart_pane = pn.pane.Bokeh(self.chart.figure, visible=False)
        self._doc = _session_doc()
        self._summary = ""
        self.panel = ReviewPanel(board, on_review=self._show_review, on_select=self._show_detail)
        self.core = ReviewCore(board, self.panel, simulations=simulations, wait=wait,
                               deliver=lambda fn: _on_session(self._doc, fn),
                               during_game=during_game, known=known, executor=executor)
        self.panel.core = self.core
        self.panel.draw()

    def select(self, index: int) -> None:
        """Show the decision taken at position ``index`` (as a tap on its mark does)."""
        self.panel.select(index)

    def _show_detail(self, index: int) -> None:
        self.text.object = (self._summary + "<div class='ahoy-review-detail'>"
                            + html.escape(decision_text(self.core.decision(index))) + "</div>")

    def _show_review(self, result) -> None:
        self.chart.update(result)
        self.chart_pane.visible = result is not None
        self._summary = "" if result is None else (
            "<div class='ahoy-review-summary'><b>Review</b> (chances against these bots; "
            "tap a mark to see that decision on the board):<br>"
            + "<br>".join(html.escape(x) for x in review_summary(result).split("\n"))
            + "</div>")
        self.text.object = self._summary
        self.text.visible = result is not None

    def close(self) -> None:
        self.core.close()
        self.core.board.remove_panel(ReviewPanel.ID)


# -- the app ---------------------------------------------------------------------------


class GameApp:
    """One session's page: the new-game form, the bot controls, the board, the charts.

    Attributes for code and tests: ``game`` (the
    :class:`~ahoy_nb.session.game.GameSession`), ``board`` (:class:`PanelBoard`; its
    ``board`` is the :class:`~ahoy_nb.session.board.Board`), ``runner`` (the
    :class:`~ahoy_nb.session.bots.BotRunner`), ``fame``/``control`` (the chart figures),
    ``advisor`` (:class:`PanelAdvisor`: Analysis, Hint, the win-chance chart), ``layout``
    (the page). ``new_game()`` starts a game from the form.
    """

    def __init__(self, players: int = 3, seed: int | None = None,
                 people: Iterable[str] | str = ("bluefin",), bots: str | Mapping = "normal",
                 bot_delay: float = 0.5, analysis: bool | None = None,
                 simulations: int = 60, hint_simulations: int = 150):
        self.bot_delay = float(bot_delay)
        self.analysis = analysis
        self.simulations, self.hint_simulations = int(simulations), int(hint_simulations)
        self.players_select = _widget(pn.widgets.Select, "Players", options=[2, 3, 4],
                                      value=int(players), width=80)
        # Bokeh's spin buttons have no name a screen reader can say (axe: button-name);
        # the arrow keys in the box do the same.
        self.seed_input = _widget(pn.widgets.IntInput, "Seed (empty: random)", value=seed,
                                  width=160, stylesheets=[".bk-spin-wrapper { display: none !important; }"])
        self.seats = pn.Row()
        # How the bot levels stand on the rating ladder, at the form's number of players.
        self.standings = pn.pane.HTML("", styles={"color": "#555", "font-size": "90%"})
        self.start_button = _widget(pn.widgets.Button, "New game", button_type="primary",
                                    width=110, align="end")
        self.step_button = _widget(pn.widgets.Button, "Bot action", width=110)
        self.run_button = _widget(pn.widgets.Button, "Bots to my turn", width=130)
        self.auto = _widget(pn.widgets.Toggle, "Auto", value=True, width=80)
        self.info = pn.pane.HTML("", styles={"color": "#555"})
        self.notice = pn.pane.HTML("", visible=False, css_classes=["ahoy-notice"],
                                   styles={"color": "#b03030", "font-weight": "bold"})
        self.board_area = pn.Column(sizing_mode="stretch_width")
        self.charts_area = pn.Row(styles={"flex-wrap": "wrap"})
        self.review_area = pn.Column()   # the review's words, over the charts
        self.advisor = None
        self.reviewer = None
        self.runner = None
        self.players_select.param.watch(lambda e: self._make_seats(), "value")
        self.start_button.on_click(lambda e: self.new_game())
        self.step_button.on_click(lambda e: self.runner.step())
        self.run_button.on_click(lambda e: self.runner.run())
        self.auto.param.watch(self._on_auto, "value")
        self._seat_values = initial_seats(people, bots)
        self._make_seats()
        form = pn.Row(self.players_select, self.seats, self.seed_input, self.start_button,
                      styles={"flex-wrap": "wrap"})
        controls = pn.Row(self.step_button, self.run_button, self.auto, self.info)
        # Save and open a game (.ahoy.json, see ahoy_nb.savegame).
        self.download = pn.widgets.FileDownload(callback=self._save_file, embed=False,
                                                filename="ahoy-game.ahoy.json",
                                                label="Save game", width=130)
        self.upload = _widget(pn.widgets.FileInput, "Open a saved game", accept=".json", width=260)
        self.file_info = pn.pane.HTML("", css_classes=["ahoy-file-info"])
        self.upload.param.watch(lambda e: self.open_file(e.new), "value")
        files = pn.Row(self.download, self.upload, self.file_info)
        self.layout = pn.Column(
            # The puzzle trainer opens in a new browser tab: this game goes on here.
            pn.pane.HTML("<h1 style='margin:4px 0;font-size:1.5em'>Ahoy</h1><a href='?mode=puzzles' "
                         "target='_blank' class='ahoy-puzzles-link'>Puzzles (a new tab)</a>"),
            self.notice, form, self.standings, controls, self.board_area, files,
            self.review_area, self.charts_area,
            sizing_mode="stretch_width", css_classes=["ahoy-app"])
        if _session_doc() is not None:
            pn.state.on_session_destroyed(lambda context: self._close_game())
        self.new_game()

    # -- the form ------------------------------------------------------------------
    def _make_seats(self) -> None:
        factions = seat_options(int(self.players_select.value))
        self._seat_widgets = {}
        for f in factions:
            w = _widget(pn.widgets.Select, faction_name(f), width=130,
                        options={label: key for key, label in SEAT_CHOICES.items()},
                        value=self._seat_values.get(f, "normal"))
            w.param.watch(lambda e, f=f: self._seat_values.__setitem__(f, e.new), "value")
            self._seat_widgets[f] = w
        self.seats.objects = list(self._seat_widgets.values())
        found = bot_standings(int(self.players_select.value))
        self.standings.object = ("The bots against each other (the rating ladder):<br>"
                                 + "<br>".join(html.escape(words) for words in found.values())
                                 ) if found else ""

    def seat_choices(self) -> dict:
        """{faction: "person" | a level} for the factions of the form's game."""
        return {f: w.value for f, w in self._seat_widgets.items()}

    # -- the game ------------------------------------------------------------------
    def show_notice(self, lines: list[str]) -> None:
        """Show what was wrong (e.g. with the page's address) above the form, escaped."""
        self.notice.object = "<br>".join(html.escape(line) for line in lines)
        self.notice.visible = bool(lines)

    def new_game(self) -> None:
        """Start a game as the form says (a random seed if none is given).

        The seed is not shown while the game runs (it reveals every hidden card and die):
        the form's field is emptied once the game starts; the info line gives the seed
        when the game is over.
        """
        players = int(self.players_select.value)
        people, bots = people_and_bots(players, self.seat_choices())
        seed = self.seed_input.value
        self.seed_chosen = seed is not None
        if seed is None:
            seed = secrets.randbits(31)
        self.seed = int(seed)  # for code and tests; never shown while the game runs
        self.seed_input.value = None
        self._close_game()
        self.game = GameSession.of(_new_game(players, seed=self.seed), people, bots,
                                   seed=self.seed, undo="fair" if people else "free")
        self._show_game()

    def _show_game(self) -> None:
        """The board, the bots, the charts, the advisor and the review of ``self.game``."""
        people = self.game.people
        viewer = people[0] if len(people) == 1 else "hotseat" if people else None
        self.board = PanelBoard(Board(self.game, viewer, people=people),
                                sizing_mode="stretch_width")
        doc = _session_doc()
        # Made before the advisor (its "bots" panel comes first in the side column); it
        # starts once everything is in place.
        self.runner = BotRunner(self.game, delay=self.bot_delay, board=self.board.board,
                                scheduler=PanelScheduler(doc) if doc is not None else None,
                                auto=False)
        self.fame = FameFigure(self.game.state.players)
        self.control = ControlFigure()
        # The advisor: on unless several people share the screen (hot seat), where it would
        # help one against another; its Analysis toggle turns it on.
        enabled = self.analysis if self.analysis is not None else len(people) <= 1
        self.advisor = PanelAdvisor(self.board.board, enabled=enabled,
                                    simulations=self.simulations,
                                    hint_simulations=self.hint_simulations)
        # Review: during the game while Analysis is on (as hints are), after it always.
        self.reviewer = PanelReviewer(self.board.board,
                                      during_game=lambda: self.advisor.core.enabled,
                                      known=lambda: self.advisor.core.chances,
                                      executor=cores())
        self.advisor.core.on_enabled = self.reviewer.core.refresh
        self.board_area.objects = [self.board]
        self.review_area.objects = [self.reviewer.text]
        self.charts_area.objects = [pn.pane.Bokeh(self.fame.figure),
                                    pn.pane.Bokeh(self.control.figure), self.advisor.chart_pane,
                                    self.reviewer.chart_pane]
        self._drawn = None
        self.board.board.listen(lambda changed, revised: self._on_board())
        self._on_board()
        self.runner.auto = self.auto.value

    def _close_game(self) -> None:
        for part in (self.advisor, self.reviewer, self.runner):
            if part is not None:
                part.close()
        if getattr(self, "board", None) is not None:
            self.board.board.close()

    def _on_auto(self, event) -> None:
        if self.runner is not None:
            self.runner.auto = event.new

    def _save_file(self):
        return io.BytesIO(savegame.dumps(self.game.state).encode("utf-8"))

    def open_file(self, data: bytes | None) -> None:
        """Open a saved game (the file's bytes) in place of this one; a file that does
        not load, or whose players cannot be seated here, is refused with its reason and
        changes nothing. A faction new to this game is played by a bot."""
        if not data:
            return
        try:
            state = savegame.loads(data)
            before = self.game.state.players
            with self.board.board.lock:
                seated = self.game.open(state)
        except (savegame.SaveFileError, SeatsError) as err:
            self.file_info.object = (f"<span class='ahoy-file-error' style='color:#b03030'>"
                                     f"Not opened: {html.escape(str(err))}</span>")
            return
        if state.players != before:   # other players: charts and advice drawn for them
            self._close_game()
            self._show_game()
        self.board.board.set_marks(error="")
        self.file_info.object = ("<span class='ahoy-file-ok'>Opened the saved game"
                                 + (f": {html.escape(seated)}" if seated else "") + "</span>")
        self._on_board()

    def info_text(self) -> str:
        """The info line in plain text: the bots, the one to play, the seed once the game
        is over, why undo is refused now."""
        seed = f"Seed {self.seed}" if self.game.state.is_over else ""
        return self.game.info_line(self.board.board.undoer(), seed)

    def _on_board(self) -> None:
        board = self.board.board
        s = self.game.state
        last = s.history[-1] if s.history else None
        key = (s, len(s.history), last, board.position)
        if key != self._drawn:
            self._drawn = key
            self.fame.update(s, board.position)
            self.control.update(s, board.position)
        if self.auto.value != self.runner.auto and self.runner.error:
            self.auto.value = self.runner.auto    # a bot that failed stopped the bots
        who = self.game.bot_to_move()
        self.step_button.disabled = self.run_button.disabled = who is None
        self.info.object = html.escape(self.info_text() or "Bots: none")


def _session_args() -> dict:
    """Query parameters of the page (``?players=4&seed=7``), as strings."""
    try:
        args = pn.state.session_args or {}
    except Exception:
        return {}
    out = {}
    for key, values in args.items():
        key = key.decode() if isinstance(key, bytes) else key
        if values:
            v = values[-1]
            out[key] = v.decode() if isinstance(v, bytes) else str(v)
    return out


def parse_args(args: Mapping[str, str], players: int = 3, seed: int | None = None,
               people: Iterable[str] | str = ("bluefin",), bots: str | Mapping = "normal",
               bot_delay: float = 0.5) -> tuple[dict, list[str]]:
    """The first game's settings from the page's query parameters, and what was wrong.

    A bad parameter is left out (the default stands) and named in a message:

    >>> parse_args({"players": "abc", "bot_delay": "nan", "seed": "1e9"})[1][0]
    "The address's players=abc is not 2, 3 or 4: 3 players are used"
    """
    out = {"players": players, "seed": seed, "people": people, "bots": bots,
           "bot_delay": bot_delay}
    problems = []

    def bad(key: str, why: str) -> None:
        problems.append(f"The address's {key}={args[key][:40]}"
                        f"{'…' if len(args[key]) > 40 else ''} {why}")

    if "players" in args:
        if args["players"].strip() in ("2", "3", "4"):
            out["players"] = int(args["players"])
        else:
            bad("players", f"is not 2, 3 or 4: {players} players are used")
    if "seed" in args:
        text = args["seed"].strip()
        if not text:
            out["seed"] = None
        elif text.lstrip("-").isdigit() and len(text) <= 19:
            out["seed"] = int(text)
        else:
            bad("seed", "is not a whole number (at most 18 digits): a random seed is used")
    if "people" in args:
        factions = seat_options(out["players"])
        try:
            out["people"] = people_of(factions, people_in_text(args["people"]))
        except ValueError:
            bad("people", f"names a faction not in this game ({', '.join(factions)}, "
                          f"'all' or 'none'): Bluefin is played here")
            out["people"] = ("bluefin",)
    if "bots" in args:
        kind = seat_choice(args["bots"])
        if kind in SEAT_CHOICES and kind != PERSON:
            out["bots"] = kind
        else:
            names = ", ".join(k for k in SEAT_CHOICES if k != PERSON)
            bad("bots", f"is not one of {names}: normal bots play")
    if "bot_delay" in args:
        try:
            delay = float(args["bot_delay"])
        except ValueError:
            delay = math.nan
        if math.isfinite(delay) and 0 <= delay <= 60:
            out["bot_delay"] = delay
        else:
            bad("bot_delay", f"is not a number of seconds from 0 to 60: {bot_delay} s is used")
    return out, problems


def create_app(players: int = 3, seed: int | None = None,
               people: Iterable[str] | str = ("bluefin",), bots: str | Mapping = "normal",
               bot_delay: float = 0.5, analysis: bool | None = None, simulations: int = 60,
               hint_simulations: int = 150):
    """The page for one session. The page's query parameters (``players``, ``seed``,
    ``people`` comma-separated or ``all`` or ``none``, ``bots``, ``bot_delay``)
    override the arguments; a bad one is named in a message on the page.
    ``mode=puzzles`` (and ``theme``) makes it the puzzle trainer's page instead
    (:mod:`ahoy_nb.apps.panel_puzzles`).

    ``analysis``: the advisor (win-chance chart, Hint button) at the start of each game;
    ``None``: on, but off when several people share the screen (hot seat).
    ``simulations``/``hint_simulations``: games simulated per chart point / per hint."""
    args = _session_args()
    mode = args.get("mode", "game").strip()
    if mode == "puzzles":   # the puzzle trainer (ahoy_nb.apps.panel_puzzles)
        from ahoy_nb.apps.panel_puzzles import puzzle_page
        return puzzle_page(args)
    settings, problems = parse_args(args, players, seed, people, bots, bot_delay)
    if mode != "game":
        problems.insert(0, f"The address's mode={mode[:40]} is not game or puzzles: "
                           f"a game is shown")
    app = GameApp(**settings, analysis=analysis, simulations=simulations,
                  hint_simulations=hint_simulations)
    app.show_notice(problems)
    return app.layout


# Panel's own page puts the app straight in <body>: a screen reader's "main" and
# "skip to main" find nothing, and axe counts every part of the page outside a landmark.
PAGE = """{% extends base %}
{% block contents %}
<main>{{ embed(roots.app) }}</main>
{% endblock %}"""


def create_page(**kwargs) -> pn.Template:
    """The page as served: :func:`create_app`'s layout (same arguments) in a ``<main>``
    landmark, under its ``<h1>``. ``ahoy-nb serve`` and ``panel serve`` serve this.

    >>> type(create_page(players=2, seed=1, people=("mollusk",), bot_delay=0)).__name__
    'Template'
    """
    page = pn.Template(PAGE)
    page.add_panel("app", create_app(**kwargs))
    return page


if __name__.startswith("bokeh_app"):  # `panel serve ahoy_nb/apps/panel_app.py`
    create_page().servable(title="Ahoy")
