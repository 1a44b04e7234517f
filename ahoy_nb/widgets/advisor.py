"""Who is winning, and what to do: a win-chance chart and a Hint button beside the board.

``Advisor(board)`` follows a :class:`~ahoy_nb.widgets.BoardWidget`:

* the **win-chance chart** gains a point after each action: each faction's chance to
  win (:func:`ahoy_nb.analysis.evaluate`) as the board's viewer may know it;
* the **Hint** button, for a person whose decision it is, lists the 3 best actions
  (:func:`ahoy_nb.analysis.best_actions`) with their estimated chances and highlights
  them on the board (the board's ``hints``).

Both run on a worker thread, so the board answers clicks while they think; a result
that arrives after the game moved on is dropped. The analysis only ever uses what the
board's viewer may see: a spectator's analysis guesses every secret, a faction's
guesses the others'. ``enabled`` switches it all on and off (``play()`` leaves it off
in hot-seat games, where it would help one player against another).

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.widgets import BoardWidget
>>> adv = Advisor(BoardWidget(new_game(2, seed=1), viewer="bluefin"), simulations=8, wait=True)
>>> sorted(adv.chances[0])
['bluefin', 'mollusk']
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from html import escape

import bqplot as bq
import ipywidgets as widgets

from ..analysis import best_actions, evaluate
from ..engine import State
from ..engine.words import label
from .board import faction_name
from .charts import FACTION_COLORS

__all__ = ["Advisor", "WinChanceChart"]


class WinChanceChart(bq.Figure):
    """Each faction's chance to win after each action (x: the action's index)."""

    def __init__(self, players: list[str], **kwargs):
        self.players = list(players)
        self.x_scale = bq.LinearScale(min=0.0, max=1.0)
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        scales = {"x": self.x_scale, "y": self.y_scale}
        self.lines = bq.Lines(x=[], y=[[] for _ in self.players], scales=scales, marker="circle",
                              marker_size=16, stroke_width=2, display_legend=True,
                              colors=[FACTION_COLORS.get(f, "#888") for f in self.players],
                              labels=[faction_name(f) for f in self.players])
        axes = [bq.Axis(scale=self.x_scale, side="bottom", label="action", tick_format="d"),
                bq.Axis(scale=self.y_scale, side="left", label="chance to win",
                        tick_format=".0%")]
        kwargs.setdefault("title", "Chance to win")
        kwargs.setdefault("layout", widgets.Layout(width="520px", height="300px"))
        kwargs.setdefault("fig_margin", {"top": 40, "bottom": 45, "left": 55, "right": 20})
        kwargs.setdefault("legend_location", "top-left")
        kwargs.setdefault("animation_duration", 0)
        super().__init__(marks=[self.lines], axes=axes, **kwargs)

    def show(self, chances: dict[int, dict[str, float]]) -> None:
        xs = sorted(chances)
        with self.hold_sync(), self.lines.hold_sync():
            self.x_scale.max = float(max(1, xs[-1] if xs else 1))
            self.lines.x = xs
            self.lines.y = [[chances[x][f] for x in xs] for f in self.players]


class Advisor(widgets.VBox):
    """The win-chance chart and the Hint button for one board (see the module notes).

    ``simulations``: playouts per point of the chart; ``hint_simulations``: for a hint.
    ``wait=True`` computes on the calling thread (scripts, tests). Attributes for tests:
    ``chart``, ``hint_button``, ``hint_text``, ``toggle``, ``chances``
    (``{action index: {faction: chance}}``), ``hints`` (the last hint's estimates).
    """

    def __init__(self, board, *, enabled: bool = True, simulations: int = 60,
                 hint_simulations: int = 150, wait: bool = False, **kwargs):
        self.board = board
        self.simulations = simulations
        self.hint_simulations = hint_simulations
        self.wait = wait
        self.chances: dict[int, dict[str, float]] = {}
        self.hints: list = []
        self._pool = None if wait else ThreadPoolExecutor(1, thread_name_prefix="ahoy-advisor")
        self._busy = False     # a chart point is being worked out
        self._stale = False    # ... and the game has moved on since it started
        self._loop = _running_loop()
        self._lock = threading.Lock()
        self.chart = WinChanceChart(board.state.players)
        self.toggle = widgets.ToggleButton(value=enabled, description="Analysis",
                                           icon="line-chart",
                                           tooltip="Show who is winning, and allow hints")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o",
                                          tooltip="The 3 best actions by simulation, "
                                                  "highlighted on the board")
        self.hint_text = widgets.HTML()
        self.status = widgets.HTML()
        self.hint_button.on_click(lambda _: self.hint())
        self.toggle.observe(self._on_toggle, "value")
        controls = widgets.HBox([self.toggle, self.hint_button, self.status])
        super().__init__([controls, self.hint_text, self.chart], **kwargs)
        self._show_enabled()
        board.observe(self._on_board, names=["revision"])
        self._on_board()

    @property
    def enabled(self) -> bool:
        return self.toggle.value

    def viewer(self) -> str | None:
        """Whose knowledge the analysis uses: the board's viewer (``"public"`` for a spectator)."""
        v = self.board.viewer
        if v == "all":
            return None  # sees everything: the player to decide knows no less
        return "public" if v is None else v

    def may_hint(self) -> bool:
        """A hint is for a person whose decision it is, on the live position."""
        s = self.board.state
        return (self.enabled and not s.is_over and s.current_player in self.board.people
                and self.board.viewer in (s.current_player, "all"))

    # -- the chart ---------------------------------------------------------------------
    def _on_board(self, change=None) -> None:
        s = self.board.state
        n = len(s.history)
        with self._lock:
            for k in [k for k in self.chances if k > n]:  # undone
                del self.chances[k]
        self._clear_hints()
        self._show_enabled()
        if not self.enabled or n in self.chances:
            return
        if self._busy:  # one point at a time: the latest position once this one is done
            self._stale = True
            return
        self._busy, self._stale = True, False
        snapshot = State(s.copy().data)
        viewer = self.viewer()
        self._run(lambda: evaluate(snapshot, viewer, self.simulations, seed=n, progress=False),
                  lambda result: self._add_point(n, s, result), "working out who is winning…")

    def _add_point(self, n: int, state: State, result) -> None:
        self._busy = False
        self.status.value = ""
        if state is self.board.state and len(state.history) >= n:  # not undone meanwhile
            with self._lock:
                self.chances[n] = dict(result)
            self.chart.show(self.chances)
        if self._stale:
            self._on_board()

    # -- hints -------------------------------------------------------------------------
    def hint(self) -> None:
        """Work out the 3 best actions and show them (only for a person to decide)."""
        if not self.may_hint():
            self.hint_text.value = "<i>A hint is for a person whose decision it is.</i>"
            return
        s = self.board.state
        n = len(s.history)
        snapshot = State(s.copy().data)
        self.hint_button.disabled = True
        self._run(lambda: best_actions(snapshot, k=3, simulations=self.hint_simulations,
                                       seed=n, progress=False),
                  lambda result: self._show_hint(n, s, snapshot, result), "thinking of a hint…")

    def _show_hint(self, n: int, state: State, snapshot: State, result) -> None:
        self.hint_button.disabled = False
        self.status.value = ""
        if state is not self.board.state or len(state.history) != n:
            return
        self.hints = list(result)
        items = "".join(
            f"<li><b>{escape(label(snapshot, e.action))}</b> <code>{escape(e.notation)}</code>: "
            f"{e.win:.0%} to win (95% {e.interval[0]:.0%}–{e.interval[1]:.0%}, "
            f"{e.simulations} games)</li>" for e in self.hints)
        self.hint_text.value = f"<div class='ahoy-hint'>Hint:<ol>{items}</ol></div>"
        self.board.hints = [e.notation for e in self.hints]

    def _clear_hints(self) -> None:
        self.hints = []
        self.hint_text.value = ""
        if self.board.hints:
            self.board.hints = []

    # -- running off the UI thread -------------------------------------------------------
    def _run(self, work, done, message: str) -> None:
        if self._pool is None:
            done(work())
            return
        self.status.value = f"<span style='color:#555'>{message}</span>"
        future: Future = self._pool.submit(work)
        future.add_done_callback(lambda f: self._deliver(f, done))

    def _deliver(self, future: Future, done) -> None:
        def finish():
            try:
                done(future.result())
            except Exception as err:  # analysis must never break the game
                self._busy = False
                self.hint_button.disabled = False
                self.status.value = (f"<span style='color:#a00'>analysis failed: "
                                     f"{type(err).__name__}</span>")
        loop = self._loop
        if loop is not None and not loop.is_closed():
            loop.call_soon_threadsafe(finish)  # widget updates on the kernel's thread
        else:
            finish()

    def _on_toggle(self, change) -> None:
        self._show_enabled()
        if change["new"]:
            self._on_board()
        else:
            self._clear_hints()

    def _show_enabled(self) -> None:
        self.chart.layout.display = None if self.enabled else "none"
        self.hint_button.layout.display = None if self.enabled else "none"
        self.hint_button.disabled = not self.may_hint()

    def close(self):
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        super().close()


def _running_loop():
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
