"""The bots' moves, paced for a person to watch: one loop for every front end.

A :class:`BotRunner` plays the bots of a :class:`~ahoy_nb.session.game.GameSession`
whenever one must decide: by itself (``auto``), one visible step at a time, or on demand
(:meth:`~BotRunner.step`, :meth:`~BotRunner.run`). Where the work runs and when the next
step comes is the front end's :class:`Scheduler`: the kernel's event loop in a notebook
(:class:`LoopScheduler`), the session's document in the Panel app. Without one (a script,
a test) the bots play at once, up to a person's decision.

**Pace.** Each step waits ``delay`` seconds, so that it can be seen, but a bot's whole
turn is shown within :data:`TURN_SHOWN_S` seconds however many steps it has: as the turn
goes on, the wait shrinks to a share of the time left (the log keeps every step).

A bot that fails stops the bots playing by themselves, and says so on the board: the
game never hangs on a bot's fault.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.session.game import GameSession
>>> game = GameSession.of(new_game(3, seed=1), people=("bluefin",), bots="easy")
>>> runner = BotRunner(game, delay=0)
>>> _ = game.act("bluefin", "start 0,0")       # the runner follows the game: the bots move
>>> game.state.current_player, game.state.log[-1].player
('bluefin', 'smuggler1')
>>> runner.delay = 0.5                          # the wait shrinks as a bot's turn goes on
>>> runner.pace(now=100.0), round(runner.pace(now=102.0), 3)
(0.5, 0.167)
"""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Protocol

from ..ai.levels import takes_time
from ..engine import Action
from .game import GameSession
from .panels import bots_panel

__all__ = ["BotRunner", "Scheduler", "LoopScheduler", "TURN_SHOWN_S", "DEFAULT_DELAY"]

DEFAULT_DELAY = 0.5   # seconds between two bot actions, so that each can be seen
TURN_SHOWN_S = 2.5    # a bot's whole turn is shown within this, however many steps it has


class Scheduler(Protocol):
    """Where a front end runs the bots' work (called from any thread)."""

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        """Run ``fn`` on the front end's thread after ``seconds``."""

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        """Run ``work`` off the front end's thread if it can (a bot thinking for a second
        must not hold up the page), then ``done(result)`` on the front end's thread;
        ``done`` gets the exception if ``work`` raised."""


class LoopScheduler:
    """A :class:`Scheduler` on an asyncio event loop (the notebook kernel's): work on a
    worker thread, or on the loop itself in the browser, where there are no threads.

    Front-end messages may be handled on another thread than the kernel's event loop
    (JupyterLab 4 with ipykernel 7 runs widget messages on a subshell thread), so timers
    are armed from the loop's own thread."""

    def __init__(self, loop, threads: bool = True):
        self.loop = loop
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ahoy-bot") if threads else None

    def later(self, seconds: float, fn: Callable[[], None]) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.loop.call_later, seconds, fn)

    def think(self, work: Callable[[], Any], done: Callable[[Any], None]) -> None:
        if self._pool is None:
            done(_result(work))
            return
        future = self._pool.submit(_result, work)
        future.add_done_callback(
            lambda f: None if self.loop.is_closed() else
            self.loop.call_soon_threadsafe(done, f.result()))

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


def _result(work: Callable[[], Any]) -> Any:
    try:
        return work()
    except Exception as err:  # noqa: BLE001 - handed to done(), which reports it
        return err


class BotRunner:
    """The bots of ``game`` (see the module notes).

    * ``delay``: seconds between bot actions when they play by themselves (``0``: at once,
      up to a person's decision; ``None``: only on :meth:`step` and :meth:`run`, and
      ``auto`` starts off).
    * ``scheduler``: the front end's :class:`Scheduler`; ``None``: everything at once, here.
    * ``board``: the :class:`~ahoy_nb.session.board.Board` that shows the game: its
      ``"bots"`` panel says who the bots are and which one is thinking, and a bot's
      failure is shown there.
    * ``auto``: whether the bots start playing by themselves (default: unless ``delay``
      is ``None``).

    Attributes: ``auto`` (bots play by themselves), ``error`` (the last failure, in words).
    """

    def __init__(self, game: GameSession, *, delay: float | None = DEFAULT_DELAY,
                 scheduler: Scheduler | None = None, board=None, auto: bool | None = None):
        if delay is not None and not (isinstance(delay, (int, float)) and delay >= 0):
            raise ValueError(f"a bot delay is a number of seconds (or None), not {delay!r}")
        self.game = game
        self.delay = delay
        self.scheduler = scheduler
        self.board = board
        self.error = ""
        self._auto = delay is not None if auto is None else auto
        self._armed = False       # a step is waiting on the scheduler
        self._thinking = False    # a bot is thinking off the front end's thread
        self._running = False
        self._turn: tuple | None = None   # the bot turn under way, and when it began
        self._turn_start = 0.0
        # The board's lock when there is a board: intents and bots change the game one at
        # a time, and never wait for each other's locks in opposite orders.
        self._lock = board.lock if board is not None else threading.RLock()
        self._draw()
        if board is not None:   # once the board has shown the change: the page sees a move
            board.listen(lambda changed, revised: self.schedule() if revised else None)
        else:                   # before a bot answers it
            game.on_change(lambda g: self.schedule())
        self.schedule()

    # -- on and off ---------------------------------------------------------------------
    @property
    def auto(self) -> bool:
        """Whether the bots play by themselves."""
        return self._auto

    @auto.setter
    def auto(self, on: bool) -> None:
        self._auto = bool(on)
        self.schedule()

    def stop(self) -> None:
        """Stop the bots playing by themselves."""
        self._auto = False

    # -- playing -------------------------------------------------------------------------
    def step(self) -> Action | None:
        """One bot action now, on this thread, if a bot must decide; returns it."""
        with self._lock:
            who = self.game.bot_to_move()
            if who is None or self._thinking:
                return None
            bot = self.game.seats[who].bot
            state = self.game.state
            slow = takes_time(bot, who) and len(state.legal_actions()) > 1
            if slow:   # drawn at once: this thread is busy until the choice
                self._draw(thinking=who)
            try:
                action = bot.choose(state)
                self.game.apply(action)
            except Exception as err:  # noqa: BLE001 - a bot's fault must not hang the game
                self._failed(err)
                return None
            finally:
                if slow:
                    self._draw()
            return action

    def run(self, most: int = 100_000) -> int:
        """Bots play until a person must decide or the game ends; how many actions."""
        if self._running:
            return 0
        self._running = True
        n = 0
        try:
            while n < most and self.step() is not None:
                n += 1
        finally:
            self._running = False
        return n

    def pace(self, now: float | None = None) -> float:
        """The wait before the next bot action: ``delay``, shrinking within a bot's turn
        so that the whole turn is shown within :data:`TURN_SHOWN_S` seconds."""
        s = self.game.state
        now = time.monotonic() if now is None else now
        turn = (s.round, s.turn_player or s.current_player)
        if turn != self._turn:
            self._turn, self._turn_start = turn, now
        left = TURN_SHOWN_S - (now - self._turn_start)
        delay = DEFAULT_DELAY if self.delay is None else self.delay
        return max(0.0, min(delay, left / 3))

    def schedule(self) -> None:
        """Arm the next bot action if the bots play by themselves and one must decide
        (called after every change of the game)."""
        with self._lock:
            if not self._thinking:
                self._draw()   # the seats may have changed (a save opened)
            if (not self._auto or self._running or self._armed or self._thinking
                    or self.game.bot_to_move() is None):
                return
            if self.scheduler is None or self.delay == 0:
                self.run()
                return
            who = self.game.bot_to_move()
            bot = self.game.seats[who].bot
            state = self.game.state
            wait = self.pace()
            if not (takes_time(bot, who) and len(state.legal_actions()) > 1):
                self._armed = True
                self.scheduler.later(wait, self._tick)
                return
            # A bot that takes time thinks at once, off the front end's thread (the page
            # shows its progress and answers meanwhile), while its step's wait passes: its
            # choice is shown when both are over, if the game is still where it was.
            self._thinking = True
            n, began = len(state.history), time.monotonic()
            snapshot = state.copy()
            self._draw(thinking=who)
        self.scheduler.think(lambda: bot.choose(snapshot),
                             lambda result: self._thought(state, n, result, began + wait))

    def _tick(self) -> None:
        with self._lock:
            self._armed = False
            if self._auto and not self._thinking and self.game.bot_to_move() is not None:
                self.step()   # the change schedules the next one

    def _thought(self, state, n: int, result, show_at: float) -> None:
        with self._lock:
            if isinstance(result, Exception):
                self._thinking = False
                self._draw()
                self._failed(result)
                return
            if state is not self.game.state or len(state.history) != n or not self._auto:
                self._thinking = False
                self._draw()
                self.schedule()   # a new game, an undo, another action, Auto off: again
                return
            left = show_at - time.monotonic()
            if left > 0:    # thought quicker than the step's wait: show it when that ends
                self.scheduler.later(left, lambda: self._thought(state, n, result, 0.0))
                return
            self._thinking = False
            self._draw()
            try:
                self.game.apply(result)
            except Exception as err:  # noqa: BLE001
                self._failed(err)

    # -- what the board shows ----------------------------------------------------------------
    def _failed(self, err: Exception) -> None:
        self._auto = False
        self.error = f"A bot failed ({type(err).__name__}: {err}); auto-play stopped"
        if self.board is not None:
            self.board.set_marks(error=self.error)

    def _draw(self, thinking: str | None = None) -> None:
        if self.board is not None:
            bots_panel(self.board, self.game.bots, thinking=thinking)

    def close(self) -> None:
        self._auto = False
        close = getattr(self.scheduler, "close", None)
        if close is not None:
            close()
