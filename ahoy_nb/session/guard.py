"""The guarded game: a warning before a person's move that throws the game away.

A :class:`Guard` watches one :class:`~ahoy_nb.session.board.Board`. When a person here
picks an action that :func:`ahoy_nb.ai.blunders.blunder` calls a blunder (a battle fired
far worse than it could be, exact; or much less chance to win than the best action, by
the one estimator against these bots), the action is held: the board says why, and a
"Careful" panel offers to play it anyway, choose again, or stop warning. Picking the same
action again plays it. Bots are never guarded.

The estimator's judgement of a person's decision is made as soon as the decision comes
(on a worker thread where there are threads), so a click is answered at once.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.session.board import Board
>>> from ahoy_nb.session.game import GameSession
>>> board = Board(GameSession(new_game(2, seed=1)), viewer="bluefin", people=["bluefin"])
>>> guard = Guard(board, wait=True)
>>> guard.allows("start 0,0")
True
"""

from __future__ import annotations

import sys
from concurrent.futures import Future, ThreadPoolExecutor

from ..ai.analysis import judge
from ..ai.blunders import Blunder, blunder
from .board import Board

PANEL = "guard"


class Guard:
    """Warns the people at ``board`` before a blunder (see the module).

    * ``enabled``: warnings on (they can be switched off from the panel, or with
      :meth:`set_enabled`).
    * ``wait=True``: judge on the calling thread (scripts, tests, a browser's Python).
    """

    def __init__(self, board: Board, *, enabled: bool = True, wait: bool = False):
        self.board = board
        self.enabled = enabled
        self.held: Blunder | None = None
        threads = not wait and sys.platform != "emscripten"
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="ahoy-guard") if threads else None
        self._judged: dict[int, Future] = {}
        board.before_action = self.allows
        board.listen(self._on_board)
        self._on_board({}, True)

    def set_enabled(self, on: bool) -> None:
        """Switch the warnings on or off (off: a held action stays unplayed, its panel goes)."""
        self.enabled = bool(on)
        if not self.enabled:
            self._release()

    def allows(self, notation: str) -> bool:
        """Whether a person's ``notation`` may be played now: ``False`` holds a blunder
        (the board says why); the same action picked again is allowed."""
        if not self.enabled:
            return True
        if self.held is not None and self.held.action == notation:
            self._release()
            return True
        state = self.board.state
        found = blunder(state, notation, self._estimates(state))
        self._release()
        if found is None:
            return True
        self.held = found
        board = self.board
        with board.batch():
            board.say(f"Careful: {found.text}", kind="hint",
                      lines=["Pick it again to play it anyway, or choose another move."])
            board.set_panel(PANEL, title="Careful", buttons=[
                {"id": "play", "label": "Play it anyway"},
                {"id": "back", "label": "Choose again", "primary": True},
                {"id": "off", "label": "Stop warning me",
                 "title": "No more warnings in this game"},
            ], on_press=self._press)
        return False

    def close(self) -> None:
        """Stop watching the board (the worker thread ends)."""
        self.board.unlisten(self._on_board)
        if self.board.before_action == self.allows:
            self.board.before_action = None
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    # -- inside ----------------------------------------------------------------------------
    def _estimates(self, state):
        if state.is_over or state.current_player is None:
            return None
        future = self._judged.get(len(state.history))
        if future is None:
            return judge(state, simulations=0, seed=0)
        return future.result()

    def _on_board(self, changed: dict, revised: bool) -> None:
        if not revised:
            return
        board, state = self.board, self.board.state
        n = len(state.history)
        if self.held is not None:
            self._release()
        self._judged = {k: f for k, f in self._judged.items() if k == n}
        if (not self.enabled or self._pool is None or n in self._judged or state.is_over
                or state.current_player not in board.people):
            return
        self._judged[n] = self._pool.submit(judge, state.copy(), 0, 0)

    def _release(self) -> None:
        if self.held is None:
            return
        self.held = None
        with self.board.batch():
            self.board.remove_panel(PANEL)
            self.board.say("")

    def _press(self, button: str) -> None:
        held = self.held
        if button == "off":
            self.set_enabled(False)
        elif button == "back":
            self._release()
        elif button == "play" and held is not None:
            self.board.choose(held.action)
