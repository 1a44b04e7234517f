"""Who is winning, and what to do: the advisor beside the board, and its chart.

``Advisor(board)`` follows a :class:`~ahoy_nb.widgets.BoardWidget`:

* in the board's side column (its ``"advisor"`` panel, :class:`~ahoy_nb.session.panels.AdvisorPanel`):
  each faction's **chance to win** against these bots now (:func:`ahoy_nb.ai.analysis.evaluate`, as the
  board's viewer may know it), the **Hint** button (for a person whose decision it is: the
  3 best actions, :func:`ahoy_nb.ai.analysis.best_actions`, listed with their estimated
  chances and marked on the board's ``hints``) and the **Analysis** toggle;
* the **win-chance chart** (this widget, shown with the other charts) gains a point after
  each action, in a shaded band of its 95% interval.

The work and its rules are :class:`~ahoy_nb.session.advice.AdvisorCore`'s (the Panel app's
advisor shares them): both run on a worker thread, so the board answers clicks while
they think; a result that arrives after the game moved on is dropped. The analysis only ever uses what the
board's viewer may see: a spectator's analysis guesses every secret, a faction's
guesses the others'. ``enabled`` switches it all on and off (``play()`` leaves it off
in hot-seat games, where it would help one player against another).

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.widgets import BoardWidget
>>> adv = Advisor(BoardWidget(new_game(2, seed=1), viewer="bluefin"), simulations=8, wait=True)
>>> sorted(adv.chances[0])
['bluefin', 'mollusk']
>>> [b["id"] for b in adv.board.panels[0]["buttons"]]
['hint', 'analysis']
"""

from __future__ import annotations

import bqplot as bq
import ipywidgets as widgets

from ..session.advice import CHART_TITLE, AdvisorCore
from ..engine.words import faction_name
from ..render import FACTION_COLORS
from .charts import PAPER, legend, whole_ticks
from .loop import running_loop
from ..session.panels import AdvisorPanel

__all__ = ["Advisor", "WinChanceChart"]


class WinChanceChart(bq.Figure):
    """Each faction's chance to win after each action (x: the action's index), each in a
    shaded band of its 95% interval."""

    def __init__(self, players: list[str], **kwargs):
        self.players = list(players)
        self.x_scale = bq.LinearScale(min=0.0, max=1.0)
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        colors = [FACTION_COLORS.get(f, "#888") for f in self.players]
        self.bands = [bq.Lines(x=[], y=[[], []], scales=scales, fill="between",
                               colors=[c, c], fill_colors=[c], fill_opacities=[0.15],
                               opacities=[0, 0], stroke_width=0) for c in colors]
        self.lines = bq.Lines(x=[], y=[[] for _ in self.players], scales=scales, marker="circle",
                              marker_size=16, stroke_width=2,
                              colors=colors,
                              labels=[faction_name(f) for f in self.players])
        # Whole actions only: ticks at 0.1, 0.2... would read "0 0 0 0 0 1 1 1 1 1".
        self.x_axis = bq.Axis(scale=self.x_scale, side="bottom", label="action",
                              tick_format="d", tick_values=whole_ticks(1))
        axes = [self.x_axis,
                bq.Axis(scale=self.y_scale, side="left", label="chance to win",
                        tick_format=".0%")]
        kwargs.setdefault("title", CHART_TITLE)
        kwargs.setdefault("layout", widgets.Layout(width="520px", height="300px"))
        kwargs.setdefault("fig_margin", {"top": 40, "bottom": 45, "left": 55, "right": 20})
        kwargs.setdefault("background_style", PAPER)
        kwargs.setdefault("animation_duration", 0)
        super().__init__(marks=[*self.bands, self.lines], axes=axes, **kwargs)

    def show(self, chances: dict[int, dict[str, float]]) -> None:
        """Draw ``{action index: {faction: chance}}``; a chance with an ``interval`` (an
        :class:`~ahoy_nb.ai.analysis.Evaluation`) gets its band."""
        xs = sorted(chances)
        intervals = {x: chances[x].interval for x in xs if hasattr(chances[x], "interval")}
        with self.hold_sync(), self.lines.hold_sync():
            self.x_scale.max = float(max(1, xs[-1] if xs else 1))
            self.x_axis.tick_values = whole_ticks(int(self.x_scale.max))
            self.lines.x = xs
            self.lines.y = [[chances[x][f] for x in xs] for f in self.players]
            for f, band in zip(self.players, self.bands):
                near = [x for x in xs if x in intervals]
                band.x = near
                band.y = [[intervals[x][f][0] for x in near], [intervals[x][f][1] for x in near]]


class Advisor(widgets.VBox):
    """The advisor of one board: its side panel and its win-chance chart (see the module
    notes). This widget is the chart; the panel is drawn by the board.

    The ipywidgets front of :class:`~ahoy_nb.session.advice.AdvisorCore`, which does the work.
    ``simulations``: playouts per point of the chart; ``hint_simulations``: for a hint.
    ``wait=True`` computes on the calling thread (scripts, tests). Attributes for tests:
    ``chart``, ``panel`` (:class:`~ahoy_nb.session.panels.AdvisorPanel`), ``core``, ``chances``
    (``{action index: {faction: chance}}``), ``hints`` (the last hint's estimates);
    :meth:`press` presses a button of the panel as a click does.
    """

    def __init__(self, board, *, enabled: bool = True, simulations: int = 60,
                 hint_simulations: int = 150, wait: bool = False, **kwargs):
        self.board = board
        self._loop = running_loop()
        self._presses = 0
        self.chart = WinChanceChart(board.state.players)
        self.panel = AdvisorPanel(board.board, on_chances=self.chart.show)
        items = [(faction_name(f), FACTION_COLORS.get(f, "#888"), "line")
                 for f in board.state.players]
        super().__init__([legend(items), self.chart], **kwargs)
        self.core = AdvisorCore(board.board, self, enabled=enabled, simulations=simulations,
                                hint_simulations=hint_simulations, wait=wait,
                                deliver=self._on_kernel_thread)
        self.panel.core = self.core
        self.panel.draw()

    @property
    def enabled(self) -> bool:
        return self.core.enabled

    @property
    def chances(self) -> dict[int, dict[str, float]]:
        return self.core.chances

    @property
    def hints(self) -> list:
        return self.core.hints

    def viewer(self) -> str | None:
        """Whose knowledge the analysis uses (see :meth:`AdvisorCore.viewer`)."""
        return self.core.viewer()

    def may_hint(self) -> bool:
        """A hint is for a person whose decision it is, on the live position."""
        return self.core.may_hint()

    def hint(self) -> None:
        """Work out the 3 best actions and show them (only for a person to decide)."""
        self.core.hint()

    def press(self, button: str) -> None:
        """Press the panel's ``"hint"`` or ``"analysis"`` button through the board, as the
        front end does (a disabled button is refused: ``board.error`` says why)."""
        self._presses += 1
        self.board.intent = {"press": {"panel": AdvisorPanel.ID, "button": button},
                             "id": f"advisor-press-{self._presses}"}

    # -- the view (AdvisorView): the panel, and the chart ------------------------------------
    def show_chances(self, chances: dict[int, dict[str, float]]) -> None:
        self.panel.show_chances(chances)   # and, through on_chances, the chart

    def show_hint(self, html: str) -> None:
        self.panel.show_hint(html)

    def show_status(self, html: str) -> None:
        self.panel.show_status(html)

    def show_controls(self, enabled: bool, can_hint: bool) -> None:
        self.layout.display = None if enabled else "none"
        self.panel.show_controls(enabled, can_hint)

    def _on_kernel_thread(self, fn) -> None:
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(fn)  # widget updates on the kernel's thread
        else:
            fn()

    def close(self):
        self.core.close()
        self.board.remove_panel(AdvisorPanel.ID)
        super().close()
