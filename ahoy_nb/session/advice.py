"""The Advisor's state and work, shared by its front ends (the notebook's and the Panel app's).

:class:`AdvisorCore` follows a :class:`~ahoy_nb.session.board.Board` and decides what
the advisor shows; a front end draws it. The core knows no widget library: it calls
its *view* (see :class:`AdvisorView`) with what to draw, always on the front end's
own thread (the kernel's, or the Panel session's), through the ``deliver`` function
the front end gives it.

* the **win-chance chart** gains a point after each action: each faction's chance to
  win against these bots (:func:`ahoy_nb.ai.analysis.evaluate`: the win-chance model,
  refined by random playouts) as the board's viewer may know it, with its 95% interval;
* a **hint**, for a person whose decision it is, lists the 3 best actions
  (:func:`ahoy_nb.ai.analysis.best_actions`: each one's chance is the chance of the
  position after it, by the same estimator) and marks them on the board (its ``hints``).

Both use the position's number as their seed, as :func:`ahoy_nb.ai.analysis.review` does:
a review of the same game says the same chance before a decision as the chart, and the
same chance of an action as a hint at the same budget (docs/judgement.md).

Both are worked out on one worker thread, so the board answers clicks meanwhile: one
chart point at a time, and once it is done, the newest position (the positions passed
in between are skipped); a result that arrives after the game moved on is dropped.
The analysis only ever uses what the board's viewer may see: a spectator's analysis
guesses every secret, a faction's guesses the others'.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.session.board import Board
>>> from ahoy_nb.session.game import GameSession
>>> core = AdvisorCore(Board(GameSession(new_game(2, seed=1)), viewer="bluefin"),
...                    simulations=8, wait=True)
>>> sorted(core.chances[0])
['bluefin', 'mollusk']
>>> core.view.chances == core.chances    # no front end: a Headless view keeps what it shows
True
"""

from __future__ import annotations

import marshal
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from html import escape
from typing import Callable, Protocol

from ..ai.analysis import Estimate, at_floor, best_actions, evaluate, interval, percent
from ..engine import State
from ..engine.words import faction_name, label

__all__ = ["CHART_TITLE", "MEANING", "AdvisorCore", "AdvisorView", "Headless", "chance_words",
           "floor_words", "hint_html"]

NOT_YOURS = "A hint is for a person whose decision it is"
#: The win-chance chart's title: the chances are the win-chance model's (fitted on games
#: between the bots) refined by random playouts, not a fact about the game.
CHART_TITLE = "Chance to win against these bots"
#: What the chart's and the hints' chances mean, in one sentence a learner reads under the
#: chart (docs/judgement.md, "What the number means").
MEANING = ("How often the side wins when our bots play on from a position like this one, "
           "as far as you can see it; the range in brackets is 95% sure.")


class AdvisorView(Protocol):
    """What a front end draws for :class:`AdvisorCore` (called on the front end's thread)."""

    def show_chances(self, chances: dict[int, dict[str, float]]) -> None:
        """Redraw the chart: ``{action index: {faction: chance to win}}`` (each an
        :class:`~ahoy_nb.ai.analysis.Evaluation`, with its ``interval``)."""

    def show_hint(self, html: str) -> None:
        """Show the hint (escaped HTML; ``""``: none)."""

    def show_status(self, html: str) -> None:
        """Show what the advisor is doing (escaped HTML; ``""``: nothing)."""

    def show_controls(self, enabled: bool, can_hint: bool) -> None:
        """Show or hide the chart and the Hint button; enable the button or not."""


class Headless:
    """The view of a core with no front end (scripts, tests): it keeps what a front end
    would show, in ``chances``, ``hint``, ``status`` and ``controls``."""

    def __init__(self) -> None:
        self.chances: dict[int, dict[str, float]] = {}
        self.hint = self.status = ""
        self.controls = (False, False)

    def show_chances(self, chances: dict[int, dict[str, float]]) -> None:
        self.chances = chances

    def show_hint(self, html: str) -> None:
        self.hint = html

    def show_status(self, html: str) -> None:
        self.status = html

    def show_controls(self, enabled: bool, can_hint: bool) -> None:
        self.controls = (enabled, can_hint)


def hint_html(state: State, estimates: list[Estimate]) -> str:
    """The hint as HTML (an ordered list in words, escaped), as both front ends show it.

    >>> from ahoy_nb.engine import new_game
    >>> from ahoy_nb.ai.analysis import Estimate
    >>> s = new_game(2, seed=1)
    >>> a = s.legal_actions()[0]
    >>> hint_html(s, [Estimate(a, 0.5, (0.4, 0.6), 10)]).count("50% to win (40–60%)")
    1
    >>> "in an even game" in hint_html(s, [Estimate(a, 0.03, (0.03, 0.03), 0)])
    True
    """
    items = "".join(
        f"<li><b>{escape(label(state, e.action))}</b> <code>{escape(e.notation)}</code>: "
        f"{escape(chance_words(e))}</li>" for e in estimates)
    alike = floor_words(state, estimates)
    alike = f"<p>{escape(alike)}</p>" if alike else ""
    return f"<div class='ahoy-hint'>Hint:<ol>{items}</ol>{alike}</div>"


def floor_words(state: State, estimates: list[Estimate]) -> str:
    """What a hint says when even its best action leaves the player at the floor, where
    every choice reads the same chance: they are ranked by the model's own chances, as a
    review judges such a decision (at even odds: docs/judgement.md); ``""`` otherwise.

    >>> from ahoy_nb.engine import new_game
    >>> from ahoy_nb.ai.analysis import Estimate
    >>> s = new_game(3, seed=1)
    >>> floor_words(s, [Estimate(s.legal_actions()[0], 0.03, (0.03, 0.04), 0)])
    'Every choice leaves your chance at about 3%, the lowest shown: they are ranked by what they would be worth in an even game.'
    >>> floor_words(s, [Estimate(s.legal_actions()[0], 0.2, (0.1, 0.3), 0)])
    ''
    """
    if not estimates or not at_floor(estimates[0].win, state):
        return ""
    return (f"Every choice leaves your chance at about {percent(estimates[0].win)}, the "
            f"lowest shown: they are ranked by what they would be worth in an even game.")


def chance_words(estimate: Estimate) -> str:
    """An action's chance to win in words, with its 95% interval: never 0% or 100%.

    >>> from ahoy_nb.ai.analysis import Estimate
    >>> chance_words(Estimate(None, 0.72, (0.612, 0.894), 25))
    '72% to win (61–89%)'
    >>> chance_words(Estimate(None, 0.999, (0.99, 1.0), 0))
    'over 99% to win (99–100%)'
    """
    return f"{percent(estimate.win)} to win ({interval(*estimate.interval)})"


def _earlier_positions(n: int, most: int = 12) -> list[int]:
    """Up to ``most`` positions before position ``n``, spread over the game, latest first,
    and always its start.

    >>> _earlier_positions(100, most=4)
    [75, 50, 25, 0]
    >>> _earlier_positions(3)
    [2, 1, 0]
    >>> _earlier_positions(200)[-2:]
    [13, 0]
    """
    step = max(1, -(-n // most))
    return list(range(n - step, 0, -step))[:most - 1] + [0] if n else []


def _status(text: str, color: str = "#555") -> str:
    return f"<span class='ahoy-advisor-status' style='color:{color}'>{escape(text)}</span>"


class AdvisorCore:
    """The win-chance chart's points and the hints for one board (see the module notes).

    * ``view``: the front end (an :class:`AdvisorView`); ``None``: a :class:`Headless` one.
    * ``simulations``: playouts per point of the chart; ``hint_simulations``: for a hint.
    * ``wait=True``: work on the calling thread (scripts, tests).
    * ``deliver(fn)``: called on the worker thread with a function that applies a result;
      it must run ``fn`` on the front end's thread (default: at once, on the worker).

    Attributes: ``chances`` (``{action index: Evaluation}``: each faction's chance and
    its ``interval``), ``hints`` (the last hint's
    :class:`~ahoy_nb.ai.analysis.Estimate` list), ``enabled``.
    """

    def __init__(self, board, view: AdvisorView | None = None, *, enabled: bool = True,
                 simulations: int = 60, hint_simulations: int = 150, wait: bool = False,
                 deliver: Callable[[Callable[[], None]], None] | None = None):
        self.board = board
        self.view = view if view is not None else Headless()
        self.enabled = bool(enabled)
        self.simulations = int(simulations)
        self.hint_simulations = int(hint_simulations)
        self.chances: dict[int, dict[str, float]] = {}
        self.hints: list[Estimate] = []
        self._deliver = deliver or (lambda fn: fn())
        self._pool = None if wait else ThreadPoolExecutor(1, thread_name_prefix="ahoy-advisor")
        self._busy = False     # a chart point is being worked out
        self._stale = False    # ... and the game has moved on since it started
        self._hinting = False  # a hint is being worked out
        self._closed = False
        self._game = board.state  # the game followed (opening a saved game replaces it)
        self.on_enabled: Callable[[], None] | None = None
        # Earlier positions of a game opened part-way (or finished), to chart when idle.
        self._earlier: list[int] = _earlier_positions(len(board.state.history))
        self._wanted: int | None = None   # a past position shown, to chart next
        self._lock = threading.Lock()
        board.listen(self._on_change)
        self._on_board()

    # -- who may know what ----------------------------------------------------------------
    def viewer(self) -> str | None:
        """Whose knowledge the analysis uses: the board's viewer (``"public"`` for a spectator)."""
        v = self.board.viewer
        if v == "all":
            return None  # sees everything: the player to decide knows no less
        return "public" if v is None else v

    @property
    def hinting(self) -> bool:
        """Whether a hint is being worked out (a front end shows that it is)."""
        return self._hinting

    def may_hint(self) -> bool:
        """A hint is for a person whose decision it is, on the live position."""
        s = self.board.state
        return (self.enabled and not s.is_over and s.current_player in self.board.people
                and self.board.viewer in (s.current_player, "all"))

    def refusal(self) -> str:
        """Why there is no hint now, in words (``""`` if there may be one)."""
        if self.may_hint():
            return ""
        s = self.board.state
        if not self.enabled:
            return "Turn Analysis on for a hint."
        if s.is_over:
            return "The game is over."
        who = faction_name(s.current_player)
        if s.current_player not in self.board.people:
            return f"{NOT_YOURS}: {who} is a bot."
        return f"{NOT_YOURS}: it is {who}'s decision."

    # -- on and off -------------------------------------------------------------------------
    def set_enabled(self, on: bool) -> None:
        """Switch the analysis on (the chart catches up with the game) or off; then call
        ``on_enabled()``, if set (the Review button follows it)."""
        self.enabled = bool(on)
        if self.enabled:
            self._on_board()
            if not self.board.live:
                self._chart_shown()
        else:
            self._clear_hints()
            self._show_controls()
        if self.on_enabled is not None:
            self.on_enabled()

    # -- the chart ---------------------------------------------------------------------------
    def _on_change(self, changed: dict, revised: bool) -> None:
        if revised:   # the live game changed (not only the position shown)
            self._on_board()
        elif "position" in changed and not self.board.live:
            self._chart_shown()

    def _chart_shown(self) -> None:
        """A past position shown without a point (a review's mark, the slider) is
        charted next, so the advice can speak of it; only the one shown then (the
        positions a slider passes over are not worked out)."""
        k = self.board.position
        if self._closed or not self.enabled or k in self.chances:
            return
        self._wanted = k
        if not self._busy:
            self._chart_earlier(self.board.state)

    def _on_board(self, change=None) -> None:
        if self._closed:
            return
        s = self.board.state
        n = len(s.history)
        with self._lock:
            if s is not self._game:  # another game opened on this board: start afresh
                self._game = s
                undone = list(self.chances)
                self._earlier = _earlier_positions(n)
            else:
                undone = [k for k in self.chances if k > n]
            for k in undone:
                del self.chances[k]
        if undone:
            self.view.show_chances(dict(self.chances))
        self._clear_hints()
        self._show_controls()
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
        self.view.show_status("")
        if state is self.board.state and len(state.history) >= n:  # not undone meanwhile
            with self._lock:
                self.chances[n] = result   # an Evaluation: the chances and their intervals
            self.view.show_chances(dict(self.chances))
        if self._stale:
            self._on_board()
        elif (self._earlier or self._wanted is not None) and state is self.board.state \
                and self.enabled:
            self._chart_earlier(state)

    def _chart_earlier(self, s: State) -> None:
        """An opened game's chart gets points before the position it was opened at too,
        one at a time while nothing newer waits (a sample, not every action); first, a
        past position still shown that has none."""
        wanted, self._wanted = self._wanted, None
        if wanted is not None and not self.board.live and self.board.position == wanted:
            k = wanted
        elif self._earlier:
            k = self._earlier.pop(0)
        else:
            return
        if k in self.chances or k >= len(s.history):
            self._chart_earlier(s)
            return
        self._busy, self._stale = True, False
        snapshot = State(marshal.loads(s.history[k]))   # the position after k actions
        viewer = self.viewer()
        self._run(lambda: evaluate(snapshot, viewer, self.simulations, seed=k, progress=False),
                  lambda result: self._add_point(k, s, result), "charting the game so far…")

    # -- hints -------------------------------------------------------------------------------
    def hint(self) -> None:
        """Work out the 3 best actions and show them (only for a person to decide)."""
        if self._hinting:
            return
        if not self.may_hint():
            self.view.show_hint(f"<i class='ahoy-hint-refused'>{escape(self.refusal())}</i>")
            return
        s = self.board.state
        n = len(s.history)
        snapshot = State(s.copy().data)
        self._hinting = True
        self._show_controls()
        self._run(lambda: best_actions(snapshot, k=3, simulations=self.hint_simulations,
                                       seed=n, progress=False),
                  lambda result: self._show_hint(n, s, snapshot, result), "thinking of a hint…")

    def _show_hint(self, n: int, state: State, snapshot: State, result) -> None:
        self._hinting = False
        self.view.show_status("")
        self._show_controls()
        if state is not self.board.state or len(state.history) != n or not self.enabled:
            return
        self.hints = list(result)
        self.view.show_hint(hint_html(snapshot, self.hints))
        self.board.set_marks(hints=[e.notation for e in self.hints])

    def _clear_hints(self) -> None:
        self.hints = []
        self.view.show_hint("")
        if self.board.traits["hints"]:
            self.board.set_marks(hints=[])

    def _show_controls(self) -> None:
        self.view.show_controls(self.enabled, self.may_hint() and not self._hinting)

    # -- running off the UI thread -------------------------------------------------------------
    def _run(self, work, done, message: str) -> None:
        if self._pool is None:
            done(work())
            return
        self.view.show_status(_status(message))
        future: Future = self._pool.submit(work)
        future.add_done_callback(lambda f: self._deliver(lambda: self._finish(f, done)))

    def _finish(self, future: Future, done) -> None:
        if self._closed or future.cancelled():
            return
        try:
            done(future.result())
        except Exception as err:  # analysis must never break the game
            self._busy = self._hinting = False
            self._show_controls()
            self.view.show_status(_status(f"analysis failed: {type(err).__name__}", "#a00"))

    def close(self) -> None:
        """Stop following the board; work under way is dropped."""
        if self._closed:
            return
        self._closed = True
        self.board.unlisten(self._on_change)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
