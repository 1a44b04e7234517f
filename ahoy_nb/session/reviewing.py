"""The Review button's state and work, shared by its front ends (the notebook's and the Panel app's).

:class:`ReviewCore` follows a :class:`~ahoy_nb.session.board.Board`: on :meth:`~ReviewCore.start`
it reviews the game so far (:func:`ahoy_nb.ai.analysis.review`) on a worker thread, and
its *view* draws the result: the win-chance line over the whole game with the
inaccuracies, mistakes and blunders marked. :meth:`~ReviewCore.select` (a click on a
mark) shows the board at that decision with the better move marked on it.

Whose decisions: the board viewer's own (a faction), everyone's for a viewer who sees
everything (``"all"``), and a spectator's review waits for the end of the game. Each
decision is judged with what its player could see then, so a review never shows a
player another's secrets while the game runs; after the game it shows every player's
options, which is what reviewing a finished game is for.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.session.board import Board
>>> from ahoy_nb.session.game import GameSession
>>> board = Board(GameSession(new_game(2, seed=1)), viewer="bluefin")
>>> _ = board.act("start 0,0")
>>> core = ReviewCore(board, simulations=0, wait=True)
>>> core.start()
>>> [d.action for d in core.result.decisions]
['start 0,0']
>>> core.select(0)
>>> board.position
0
"""

from __future__ import annotations

import marshal
import multiprocessing
import os
import sys
import threading
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, \
    ThreadPoolExecutor
from html import escape
from typing import Callable, Protocol

from ..ai.analysis import REVIEW_SIMULATIONS, Decision, Review, percent, review
from ..engine import State
from ..engine.words import faction_name
from ..render import Picture

__all__ = ["ReviewCore", "ReviewView", "cores", "decision_text", "picture", "review_on",
           "review_summary", "verdict_words"]

#: The colour of each label a review marks on the chart (``Review.mistakes()``), worst last.
LABEL_COLORS = {"inaccuracy": "#e6b400", "mistake": "#e67300", "blunder": "#c4161c"}


_cores: ProcessPoolExecutor | None = None
_cores_lock = threading.Lock()


def cores() -> Executor | None:
    """A process pool over this machine's cores that reviews spread their work over, made
    at its first use and kept while the process lives (the front ends share it); ``None``
    on one core, or where there are no processes (Pyodide). On a busy machine a review
    in one process waited 13.9 s where two processes took 9.1 (docs/judgement.md).

    Its processes are started afresh (``spawn``), not forked from a process whose
    threads (a kernel's, a server's) may hold a lock at the moment of the fork.
    """
    global _cores
    with _cores_lock:
        if _cores is None and (os.cpu_count() or 1) > 1 and sys.platform != "emscripten":
            _cores = ProcessPoolExecutor(os.cpu_count(),
                                         mp_context=multiprocessing.get_context("spawn"))
        return _cores


def _forget(pool: Executor | None) -> None:
    """A pool whose worker died is of no more use: the next :func:`cores` makes another."""
    global _cores
    with _cores_lock:
        if pool is _cores:
            _cores = None


def review_on(executor: Executor | None, *args, **kwargs) -> Review:
    """:func:`~ahoy_nb.ai.analysis.review` over ``executor``; if a worker of it died (killed,
    out of memory), the review is made again here, and the pool forgotten."""
    try:
        return review(*args, executor=executor, **kwargs)
    except BrokenExecutor:
        _forget(executor)
        return review(*args, **kwargs)


class ReviewView(Protocol):
    """What a front end draws for :class:`ReviewCore` (called on the front end's thread)."""

    def show_review(self, result: Review | None) -> None:
        """Draw the review (``None``: none, or no longer valid)."""

    def show_status(self, html: str) -> None:
        """Show what the review is doing (escaped HTML; ``""``: nothing)."""

    def show_controls(self, can_review: bool, why: str) -> None:
        """Enable the Review button or not (``why``: the reason, when not)."""

    # Optional: a view with ``show_progress(done, total)`` gets how many of the decisions
    # reviewed are done, as the work goes on (first ``done == 0``; ``done == total``: all).


class Headless:
    """The view of a core with no front end: it keeps what a front end would show."""

    def __init__(self) -> None:
        self.result: Review | None = None
        self.status = ""
        self.controls = (False, "")
        self.progress: list[tuple[int, int]] = []

    def show_review(self, result: Review | None) -> None:
        self.result = result

    def show_status(self, html: str) -> None:
        self.status = html

    def show_controls(self, can_review: bool, why: str) -> None:
        self.controls = (can_review, why)

    def show_progress(self, done: int, total: int) -> None:
        self.progress.append((done, total))


def picture(state: State, d: Decision) -> Picture:
    """The position where ``d`` was decided, as its player saw it, the better move marked
    (nothing marked when the action played was the best found).

    >>> from ahoy_nb.savegame import example
    >>> from ahoy_nb.ai.analysis import review
    >>> game = example()
    >>> first = review(game, "mollusk", simulations=0, progress=False).decisions[0]
    >>> picture(game, first).state.current_player
    'mollusk'
    """
    before = State(marshal.loads(state.history[d.index]))
    better = d.best != d.action
    return Picture(before, viewer=d.player, marked=[d.best] if better else [])


def decision_text(d: Decision) -> str:
    """One reviewed decision in words (plain text).

    >>> from ahoy_nb.ai.analysis import Decision
    >>> decision_text(Decision(12, 2, "mollusk", "stay", "Stay where you are", 0.4, 0.1,
    ...                        "move -2,1", "Move directly to -2,1", 0.6, 0.5, "blunder", 3, 0))
    'Action 12 (round 2), Mollusk: Stay where you are: a blunder, 50% of its chance lost (10% to win; better: Move directly to -2,1, 60%)'
    >>> decision_text(Decision(40, 3, "smuggler1", "anchor", "Anchor here", 0.02, 0.02,
    ...                        "load", "Load a Cargo", 0.02, 0.08, "inaccuracy", 2, 0, True))
    'Action 40 (round 3), Smuggler 1: Anchor here: an inaccuracy at even odds: its chance stayed at about 2% whatever it chose, but better: Load a Cargo, a gap worth 8% of the chance to win in an even game'
    """
    head = f"Action {d.index} (round {d.round}), {faction_name(d.player)}: {d.words}"
    if d.label in ("best", "good"):
        if d.even_odds:
            return (f"{head}: {d.label} at even odds (about {d.after:.0%} to win whatever it "
                    f"chose)")
        return f"{head}: {d.label} ({d.after:.0%} to win)"
    article = "an" if d.label[0] in "aeiou" else "a"
    if d.even_odds:
        return (f"{head}: {article} {d.label} at even odds: its chance stayed at about "
                f"{d.after:.0%} whatever it chose, but better: {d.best_words}, a gap worth "
                f"{percent(d.loss)} of the chance to win in an even game")   # never "100%"
    return (f"{head}: {article} {d.label}, {d.loss:.0%} of its chance lost ({d.after:.0%} to "
            f"win; better: {d.best_words}, {d.best_after:.0%})")


def verdict_words(d: Decision) -> str:
    """A decision's label and loss in a few words, for a button or a mark.

    >>> from ahoy_nb.ai.analysis import Decision
    >>> verdict_words(Decision(12, 2, "mollusk", "stay", "Stay", 0.4, 0.1, "move -2,1",
    ...                        "Move", 0.6, 0.5, "blunder", 3, 0))
    'blunder, -50%'
    >>> verdict_words(Decision(40, 3, "mollusk", "sail 1", "Sail", 0.01, 0.01, "move 2,1",
    ...                        "Move", 0.01, 0.9999, "blunder", 3, 0, True))
    'blunder at even odds, -99%'
    """
    if d.even_odds:   # the gap nears 1 where one option ends the game lost: never "-100%"
        return f"{d.label} at even odds, -{min(d.loss, 0.99):.0%}"
    return f"{d.label}, -{d.loss:.0%}"


def review_summary(result: Review) -> str:
    """The review in one line of words per player (plain text).

    >>> from ahoy_nb.ai.analysis import Decision, Review
    >>> review_summary(Review("mollusk", "mollusk", [], [{}]))
    'No decision to review yet.'
    >>> lost = Decision(8, 1, "mollusk", "stay", "Stay", 0.4, 0.34, "sail 2", "Sail", 0.4,
    ...                 0.06, "inaccuracy", 3, 0)
    >>> late = Decision(90, 5, "mollusk", "stay", "Stay", 0.02, 0.02, "sail 2", "Sail", 0.02,
    ...                 0.02, "good", 3, 0, True)
    >>> print(review_summary(Review("mollusk", "mollusk", [lost, late], [{}])))
    Mollusk: 2 decisions, 1 inaccuracy, 0 mistakes, 0 blunders; 1 at the floor, judged at even odds; on average a choice above the floor lost 6.0% of the chance to win
    """
    rows = result.summary()
    if not rows:
        return "No decision to review yet."
    parts = []
    for f, row in rows.items():
        counts = ", ".join(f"{row[k]} {k}{'s' if row[k] != 1 else ''}"
                           for k in ("inaccuracy", "mistake", "blunder"))
        counts = counts.replace("inaccuracys", "inaccuracies")
        line = f"{faction_name(f)}: {row['decisions']} decisions, {counts}"
        if row["even_odds"]:
            line += f"; {row['even_odds']} at the floor, judged at even odds"
        if row["average_loss"] is not None:
            where = " above the floor" if row["even_odds"] else ""
            line += (f"; on average a choice{where} lost {row['average_loss']:.1%} of the "
                     f"chance to win")
        parts.append(line)
    return "\n".join(parts)


class ReviewCore:
    """The Review button of one board (see the module notes).

    * ``view``: the front end (a :class:`ReviewView`); ``None``: a :class:`Headless` one.
      A view with ``show_progress(done, total)`` gets the review's progress as it goes.
    * ``simulations``: playouts a decision at most (see :func:`~ahoy_nb.ai.analysis.review`).
    * ``known()``: the chart's estimates so far (``{position: Evaluation}``, as
      :attr:`AdvisorCore.chances <ahoy_nb.session.advice.AdvisorCore.chances>`): the review
      reuses them (its line and "before" are the chart's where it has them).
    * ``executor``: a ``concurrent.futures.Executor`` the review's work is spread over
      (the front ends give :func:`cores`); ``None``: the worker thread alone.
    * ``wait=True``: work on the calling thread (scripts, tests).
    * ``deliver(fn)``: called on the worker thread with a function that applies a result;
      it must run ``fn`` on the front end's thread (default: at once, on the worker).
    * ``during_game()``: whether a review may be made before the game is over (the
      game widgets: while its Analysis is on, so not in hot seat unless turned on, where
      it would help one player against another).

    Attributes: ``result`` (the last :class:`~ahoy_nb.ai.analysis.Review`, or ``None``).
    """

    def __init__(self, board, view: ReviewView | None = None, *,
                 simulations: int = REVIEW_SIMULATIONS, wait: bool = False,
                 deliver: Callable[[Callable[[], None]], None] | None = None,
                 during_game: Callable[[], bool] | None = None,
                 known: Callable[[], dict] | None = None, executor=None):
        self.board = board
        self.known = known
        self.executor = executor
        self.during_game = during_game or (lambda: True)
        self.view = view if view is not None else Headless()
        self.simulations = int(simulations)
        self.result: Review | None = None
        self._deliver = deliver or (lambda fn: fn())
        self._pool = None if wait else ThreadPoolExecutor(1, thread_name_prefix="ahoy-review")
        self._busy = False
        self._closed = False
        self._game = board.state
        board.listen(self._on_change)
        self._on_board()

    def player(self) -> str | None:
        """Whose decisions: the viewer's (a faction), or everyone's (``None``)."""
        v = self.board.viewer
        return v if v in self.board.state.players else None

    def refusal(self) -> str:
        """Why there is no review now, in words (``""`` if there may be one)."""
        s = self.board.state
        if self._busy:
            return "A review is being worked out."
        if self.board.viewer is None and not s.is_over:
            return ("A spectator's review waits for the end of the game (it shows each "
                    "player's options).")
        if not s.is_over and not self.during_game():
            return "Review is for after the game, unless Analysis is on."
        who = self.player()
        first = len(s.log) - len(s.history)
        if not any(who is None or e.player == who for e in s.log[first:]):
            return "There is no decision to review yet."
        return ""

    def refresh(self) -> None:
        """Enable or disable the button again (after Analysis was turned on or off)."""
        self._show_controls()

    def _on_change(self, changed: dict, revised: bool) -> None:
        if revised:   # the live game changed (not only the position shown)
            self._on_board()

    def _on_board(self, change=None) -> None:
        if self._closed:
            return
        if self.board.state is not self._game:   # another game: the review is of the old one
            self._game = self.board.state
            self.result = None
            self.view.show_review(None)
        self._show_controls()

    def _show_controls(self) -> None:
        why = self.refusal()
        self.view.show_controls(not why, why)

    def start(self) -> None:
        """Review the game so far (the viewer's decisions; see the module notes)."""
        why = self.refusal()
        if why:
            self.view.show_status(f"<i class='ahoy-review-refused'>{escape(why)}</i>")
            return
        s = self.board.state
        snapshot = s.copy()
        who = self.player()
        self._busy = True
        self._show_controls()
        known = dict(self.known()) if self.known is not None else None
        show = getattr(self.view, "show_progress", None)
        progress = False if show is None else (  # noqa: E731
            lambda done, total: self._deliver(lambda: show(done, total)))
        work = lambda: review_on(self.executor, snapshot, who,  # noqa: E731
                                 simulations=self.simulations, seed=0, progress=progress,
                                 known=known)
        if self._pool is None:
            self._done(s, work())
            return
        self.view.show_status("<span class='ahoy-review-status'>reviewing the game…</span>")
        future: Future = self._pool.submit(work)
        future.add_done_callback(lambda f: self._deliver(lambda: self._finish(s, f)))

    def _finish(self, state: State, future: Future) -> None:
        if self._closed or future.cancelled():
            return
        try:
            self._done(state, future.result())
        except Exception as err:  # a review must never break the game
            self._busy = False
            self._show_controls()
            self.view.show_status(f"<span style='color:#a00'>review failed: "
                                  f"{escape(type(err).__name__)}</span>")

    def _done(self, state: State, result: Review) -> None:
        self._busy = False
        self.view.show_status("")
        self._show_controls()
        if state is not self.board.state:
            return   # another game was opened meanwhile
        self.result = result
        self.view.show_review(result)

    def decision(self, index: int) -> Decision:
        """The reviewed decision taken at position ``index``."""
        if self.result is not None:
            for d in self.result.decisions:
                if d.index == index:
                    return d
        raise ValueError(f"no reviewed decision at action {index!r}")

    def select(self, index: int) -> None:
        """Show the board at the decision taken at position ``index``, with the better
        move marked (when the action played was not the best found)."""
        d = self.decision(index)
        if index > len(self.board.state.history):
            raise ValueError(f"action {index} was undone since the review")
        self.board.show(d.index, mark=None if d.best == d.action else d.best)

    def close(self) -> None:
        """Stop following the board; work under way is dropped."""
        if self._closed:
            return
        self._closed = True
        self.board.unlisten(self._on_change)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
