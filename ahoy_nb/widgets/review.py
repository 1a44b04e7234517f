"""The Review button beside the board: the win chance over the whole game, mistakes marked.

``Reviewer(board)`` follows a :class:`~ahoy_nb.widgets.BoardWidget`. **Review** reviews the
game so far (:func:`ahoy_nb.ai.analysis.review`, on a worker thread) and draws
:class:`ReviewChart`: each faction's chance to win against these bots at every position,
with the reviewed player's inaccuracies (yellow), mistakes (orange) and blunders (red)
marked where they were made. A click on a mark shows the board at that decision (the
scrubber moves there) with the better move marked on it, and says what it cost.

The work and its rules (whose decisions, what a spectator may see) are
:class:`~ahoy_nb.session.reviewing.ReviewCore`'s; the Panel app's review shares them.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.widgets import BoardWidget
>>> board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
>>> _ = board.act("start 0,0")
>>> rv = Reviewer(board, simulations=0, wait=True)
>>> rv.review()
>>> len(rv.chart.lines.x), [d.action for d in rv.result.decisions]
(2, ['start 0,0'])
"""

from __future__ import annotations

from html import escape

import bqplot as bq
import ipywidgets as widgets

from ..session.advice import CHART_TITLE
from ..ai.analysis import REVIEW_SIMULATIONS, Review
from ..session.panels import ReviewPanel
from ..session.reviewing import (LABEL_COLORS, ReviewCore, decision_text, review_summary,
                                 verdict_words)
from ..engine.words import faction_name
from ..render import FACTION_COLORS
from .charts import whole_ticks
from .loop import running_loop

__all__ = ["Reviewer", "ReviewChart"]


class ReviewChart(bq.Figure):
    """Each faction's chance to win at every position of a reviewed game (x: actions
    taken), and a clickable mark at each inaccuracy, mistake and blunder."""

    def __init__(self, players: list[str], on_select=None, **kwargs):
        self.players = list(players)
        self.on_select = on_select
        self.x_scale = bq.LinearScale(min=0.0, max=1.0)
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.lines = bq.Lines(x=[], y=[[] for _ in self.players], scales=scales, stroke_width=2,
                              colors=[FACTION_COLORS.get(f, "#888") for f in self.players],
                              labels=[faction_name(f) for f in self.players],
                              display_legend=True)
        self.marks_at: list[int] = []   # the decision (action index) of each mark
        self.dots = bq.Scatter(x=[], y=[], scales=scales, colors=["#c4161c"], default_size=110,
                               stroke="white", interactions={"click": "select"},
                               display_names=False,   # in the tooltip: labels would overlap
                               selected_style={"stroke": "black", "stroke-width": 3},
                               tooltip=bq.Tooltip(fields=["name"], labels=["decision"]))
        self.dots.observe(self._on_click, "selected")
        # Whole actions only: ticks at 0.1, 0.2... would read "0 0 0 0 0 1 1 1 1 1".
        self.x_axis = bq.Axis(scale=self.x_scale, side="bottom", label="action",
                              tick_format="d", tick_values=whole_ticks(1))
        axes = [self.x_axis,
                bq.Axis(scale=self.y_scale, side="left", label="chance to win",
                        tick_format=".0%")]
        kwargs.setdefault("title", f"Review: {CHART_TITLE.lower()}")
        kwargs.setdefault("layout", widgets.Layout(width="620px", height="320px"))
        kwargs.setdefault("fig_margin", {"top": 40, "bottom": 45, "left": 55, "right": 20})
        kwargs.setdefault("legend_location", "top-left")
        kwargs.setdefault("animation_duration", 0)
        super().__init__(marks=[self.lines, self.dots], axes=axes, **kwargs)

    def show(self, result: Review | None) -> None:
        with self.hold_sync():
            if result is None:
                self.lines.x, self.lines.y = [], [[] for _ in self.players]
                self.dots.x, self.dots.y, self.marks_at = [], [], []
                return
            xs = list(range(len(result.chances)))
            self.x_scale.max = float(max(1, xs[-1]))
            self.x_axis.tick_values = whole_ticks(int(self.x_scale.max))
            self.lines.x = xs
            self.lines.y = [[c.get(f, 0.0) for c in result.chances] for f in self.players]
            marked = result.mistakes()
            self.marks_at = [d.index for d in marked]
            with self.dots.hold_sync():
                self.dots.selected = None
                self.dots.x = [d.index for d in marked]
                self.dots.y = [result.chances[d.index].get(d.player, d.before) for d in marked]
                self.dots.colors = [LABEL_COLORS[d.label] for d in marked] or ["#c4161c"]
                self.dots.names = [f"{d.words}: {verdict_words(d)}" for d in marked]

    def _on_click(self, change) -> None:
        picked = change["new"]
        if picked is not None and len(picked) and self.on_select is not None:
            self.on_select(self.marks_at[int(picked[0])])


class Reviewer(widgets.VBox):
    """The review of one board (see the module notes): its **Review** button, progress and
    costliest decisions in the board's side column
    (:class:`~ahoy_nb.session.panels.ReviewPanel`), and, under the board, the chart with
    every mark, the summary and the decision picked.

    The ipywidgets front of :class:`~ahoy_nb.session.reviewing.ReviewCore`. ``simulations``:
    playouts a decision at most; ``known()``: the chart's estimates, which the review
    reuses; ``executor``: where the review's work runs (see ``ReviewCore``); ``wait=True``
    reviews on the calling thread; ``during_game()``: whether a review may be made before
    the end. Attributes
    for tests: ``panel``, ``chart``, ``summary``, ``detail``, ``core``.
    """

    def __init__(self, board, *, simulations: int = REVIEW_SIMULATIONS, wait: bool = False,
                 during_game=None, known=None, executor=None, **kwargs):
        self.board = board
        self._loop = running_loop()
        self.summary = widgets.HTML()
        self.detail = widgets.HTML()
        self.chart = ReviewChart(board.state.players, on_select=self.select)
        self.chart.layout.display = "none"
        super().__init__([self.summary, self.chart, self.detail], **kwargs)
        self.panel = ReviewPanel(board.board, on_review=self._show_review,
                                 on_select=self._show_detail)
        self.core = ReviewCore(board.board, self.panel, simulations=simulations, wait=wait,
                               deliver=self._on_kernel_thread, during_game=during_game,
                               known=known, executor=executor)
        self.panel.core = self.core
        self.panel.draw()

    @property
    def result(self) -> Review | None:
        return self.core.result

    def review(self) -> None:
        """Review the game so far (as the Review button does)."""
        self.core.start()

    def select(self, index: int) -> None:
        """Show the decision taken at position ``index`` (as a click on its mark does)."""
        self.panel.select(index)

    def _show_detail(self, index: int) -> None:
        self.detail.value = (f"<div class='ahoy-review-detail'>"
                             f"{escape(decision_text(self.core.decision(index)))}</div>")

    def _show_review(self, result: Review | None) -> None:
        self.chart.show(result)
        self.chart.layout.display = None if result is not None else "none"
        self.detail.value = ""
        if result is None:
            self.summary.value = ""
            return
        lines = review_summary(result).split("\n")
        scope = ("your decisions" if result.player is not None else "every player's decisions")
        self.summary.value = (
            f"<div class='ahoy-review-summary'><b>Review of {escape(scope)}</b> (chances "
            f"against these bots; a mark: an inaccuracy, mistake or blunder; click one to "
            f"see it on the board):<br>{'<br>'.join(escape(x) for x in lines)}</div>")

    def _on_kernel_thread(self, fn) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(fn)
        else:
            fn()

    def close(self):
        self.core.close()
        self.board.remove_panel(ReviewPanel.ID)
        super().close()
