"""The Ahoy board in a notebook: an anywidget that draws, and the session that decides.

``BoardWidget(state, viewer=...)`` shows a :class:`~ahoy_nb.engine.State` through a
:class:`~ahoy_nb.session.board.Board` (plain Python: who may act, undo, the position
shown, the side column) and mirrors its traits to the front end (``board.js``), which
only draws them and sends *intents*; every rule is checked by the engine, every flow
decided by the session layer. Front end and kernel talk only through synced traits (no
custom messages), so the same ES module runs under Panel's ``AnyWidgetComponent`` and
on an online table's page. The traits, and who sets each, are listed once:
:data:`ahoy_nb.session.view.TRAITS` (docs/widgets.md, "Trait protocol", says what each
holds); the intents are read by :func:`ahoy_nb.session.view.parse_intent`.

Viewing the past is read-only: acting or undoing brings the board back to the latest
position first (an action intent sent while a past position is shown is refused, so a
click on an old picture never plays into the present).
"""

from __future__ import annotations

import os
import pathlib
from typing import Callable, Iterable

import anywidget
import traitlets as t

from .. import savegame
from ..engine import State, new_game
from ..session.board import Board
from ..session.game import GameSession
from ..session.view import TRAITS, log_parts

__all__ = ["BoardFace", "BoardWidget", "replay", "HERE"]

HERE = pathlib.Path(__file__).parent


def _trait(spec) -> t.TraitType:
    """The traitlet for a trait of :data:`~ahoy_nb.session.view.TRAITS`."""
    kinds = {dict: lambda d: t.Dict(d), list: lambda d: t.List(d), str: lambda d: t.Unicode(d),
             int: lambda d: t.Int(d), bool: lambda d: t.Bool(d),
             "optional str": lambda d: t.Unicode(d, allow_none=True),
             "any": lambda d: t.Any(d, allow_none=True)}
    return kinds[spec.type](spec.default).tag(sync=True)


class BoardFace(anywidget.AnyWidget):
    """The board's front end (``board.js``) and its traits, with no game behind them:
    :class:`BoardWidget` fills them from a :class:`~ahoy_nb.session.board.Board`, a seat
    of an online table (:mod:`ahoy_nb.widgets.join`) from the server's answers.

    >>> face = BoardFace(prompt="Bluefin: choose where to start")
    >>> face.prompt, face.can_act, face.log_tail
    ('Bluefin: choose where to start', False, [])
    """

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    # The synced traits, declared from the one list of them (a class body's namespace).
    locals().update({name: _trait(spec) for name, spec in TRAITS.items()})

    # Not synced: bumped after every change of the live game (charts and bots observe it).
    revision = t.Int(0)
    # Not synced, for Python readers: the picture in one string, the whole log.
    # (Not ``log``: ipywidgets' Widget.log is its logger.)
    svg = t.Unicode("")
    entries = t.List(t.Dict())

    def _sync_log(self, entries: list[dict]) -> None:
        """Send the log as a head that rarely changes and a short tail of recent entries."""
        self.entries = entries
        head, tail = log_parts(entries, self.log_head)
        if head != self.log_head:
            self.log_head = head
        if tail != self.log_tail:
            self.log_tail = tail


# Set from Python on the widget, these go to the board (the front end never sets them).
_FROM_PYTHON = ("viewer", "position", "hints", "highlight", "error")


class BoardWidget(BoardFace):
    """An interactive Ahoy board: a :class:`~ahoy_nb.session.board.Board` (see it for the
    arguments) drawn by ``board.js``.

    * ``state``: the :class:`State` to show (a new 3-player game if omitted); the widget
      acts on this very object. Or ``game``: a
      :class:`~ahoy_nb.session.game.GameSession` (a game with its seats and undo rule).
    * ``viewer``, ``people``, ``on_action``, ``on_refused``, ``confirm_handover``, ``text``
      (text mode: the position in words, a box for typed lines): as
      :class:`~ahoy_nb.session.board.Board`'s. A board made from a bare ``state`` lets
      its people take back any action (the free undo rule; ``play()`` is fair).

    >>> from ahoy_nb.engine import new_game
    >>> w = BoardWidget(new_game(3, seed=1), viewer="bluefin")
    >>> w
    BoardWidget(round 1, bluefin to decide)
    >>> w.actions
    ['start 0,0', 'start 3,2']
    >>> w.intent = {"action": "start 0,0", "id": 1}
    >>> w.state.log[-1].action, w.error
    ('start 0,0', '')
    """

    def __init__(self, state: State | None = None, viewer: str | None = "hotseat", *,
                 game: GameSession | None = None,
                 people: Iterable[str] | None = None,
                 on_action: Callable[[str], object] | None = None,
                 on_refused: Callable[[dict], str | None] | None = None,
                 confirm_handover: bool = True, text: bool = False, **kwargs):
        if game is None:
            game = GameSession(state if state is not None else new_game(), undo="free")
        # Made first: a refused viewer then opens no widget (no comm left behind).
        board = Board(game, viewer, people=people, on_action=on_action,
                      on_refused=on_refused, confirm_handover=confirm_handover, text=text)
        self._mirroring = True
        super().__init__(**kwargs)
        self.board = board
        self.board.listen(self._mirror)
        self._mirror(dict(self.board.traits), False)
        self._mirroring = False
        self.observe(self._from_python, names=list(_FROM_PYTHON))
        self.observe(self._from_front_end, names=["intent"])

    # -- mirroring the board -------------------------------------------------------------------
    def _mirror(self, changed: dict, revised: bool) -> None:
        mirroring, self._mirroring = self._mirroring, True
        try:
            with self.hold_sync():
                for name, value in changed.items():
                    if name != "entries":
                        setattr(self, name, value)
                if "entries" in changed:
                    self.entries = changed["entries"]
        finally:
            self._mirroring = mirroring
        # After the held sync is sent: an observer of the revision (a bot that thinks for a
        # second) must not keep the new position, or its own progress, from the page.
        if revised:
            self.revision += 1

    def _from_python(self, change) -> None:
        if self._mirroring:
            return
        name, value = change["name"], change["new"]
        if name == "viewer":
            self.board.set_viewer(value)
        elif name == "position":
            n = len(self.state.history)
            self.board.show(max(0, min(value, n)) if isinstance(value, int) else n)
        else:
            self.board.set_marks(**{name: value})

    def _from_front_end(self, change) -> None:
        if change["new"] is not None:
            self.board.handle(change["new"])

    # -- the board's Python API ------------------------------------------------------------------
    @property
    def game(self) -> GameSession:
        return self.board.game

    @property
    def state(self) -> State:
        """The live game this widget shows."""
        return self.board.state

    @state.setter
    def state(self, state: State) -> None:
        self.board.set_state(state)

    def set_state(self, state) -> None:
        """Show another game (or the same one changed from outside) live."""
        if isinstance(state, dict):
            # ipywidgets' own Widget.set_state(sync_data): how every change from the
            # front end (the intent of a click) arrives. Not a game: pass it on.
            return super().set_state(state)
        self.board.set_state(state)

    @property
    def lock(self):
        return self.board.lock

    @property
    def on_action(self) -> Callable[[str], object] | None:
        """Where an action allowed from this board goes instead of being applied (a
        lesson's check), or ``None``."""
        return self.board.on_action

    @on_action.setter
    def on_action(self, fn: Callable[[str], object] | None) -> None:
        self.board.on_action = fn

    @property
    def people(self) -> tuple[str, ...]:
        return self.board.people

    @property
    def live(self) -> bool:
        return self.board.live

    def shown_state(self) -> State:
        return self.board.shown_state()

    def set_people(self, people: Iterable[str]) -> None:
        self.board.set_people(people)

    def act(self, action) -> State:
        """Apply ``action`` for whoever must decide (a bot, a script), then redraw; raises
        :class:`~ahoy_nb.engine.IllegalActionError` (the state is unchanged) if it is not
        legal. Unlike an intent, it does not ask who may act from this board."""
        return self.board.act(action)

    def undo(self) -> State:
        """Take back the last action of one of ``people`` and the actions after it (with
        nobody here, the last action)."""
        return self.board.undo()

    def undo_refusal(self) -> str | None:
        """Why an undo intent would be refused now, or ``None``."""
        return self.board.undo_refusal()

    def refresh(self, live: bool | None = None) -> None:
        """Recompute every trait from the game (after changing it from outside)."""
        self.board.refresh(live)

    def show(self, position: int, mark: str | None = None) -> None:
        """Show the position after ``position`` actions (read-only unless it is the latest);
        ``mark``: an action marked there (a review's better move).

        >>> w = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        >>> _ = w.act("start 0,0")
        >>> w.show(0, mark="start 3,2")
        >>> w.position, 'data-action="start 3,2"' in w.svg, w.can_act
        (0, True, False)
        """
        self.board.show(position, mark)

    def say(self, text: str, kind: str = "info", lines: Iterable[str] = ()) -> None:
        """Show ``text`` in the message area beside the board (announced to screen
        readers), e.g. a lesson's answer to a try; ``""`` clears it.

        >>> w = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        >>> w.say("Right! The Flagship is on the Island.", "right")
        >>> w.message["text"], w.message["kind"]
        ('Right! The Flagship is on the Island.', 'right')
        """
        self.board.say(text, kind, lines)

    def set_panel(self, id: str, **panel) -> None:
        """Add or redraw the side panel ``id`` (see
        :meth:`~ahoy_nb.session.board.Board.set_panel`).

        >>> w = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        >>> pressed = []
        >>> w.set_panel("advisor", title="Advice", buttons=[{"id": "hint", "label": "Hint"}],
        ...             on_press=pressed.append)
        >>> w.intent = {"press": {"panel": "advisor", "button": "hint"}, "id": 1}
        >>> pressed, [p["id"] for p in w.panels]
        (['hint'], ['advisor'])
        """
        self.board.set_panel(id, **panel)

    def remove_panel(self, id: str) -> None:
        self.board.remove_panel(id)

    def on_refused(self, target: dict) -> str:
        """The message for a click on ``target`` where no action is offered.

        >>> w = BoardWidget(new_game(3, seed=1), viewer="bluefin")
        >>> w.on_refused({"space": "5,5"})
        "Not possible: 'start 5,5' is not allowed: 5,5 is not on the map: no region tile covers it."
        """
        return self.board.on_refused(target)

    def close(self) -> None:
        if hasattr(self, "board"):   # not on a widget whose viewer was refused (__del__)
            self.board.close()
        super().close()

    def __repr__(self) -> str:
        return f"BoardWidget({self.board!r})"


def replay(source: "str | os.PathLike | State", viewer: str | None = None) -> BoardWidget:
    """A read-only board to step through a saved game with the scrubber, from its
    first action. ``viewer``: whose eyes (``None``: a spectator, ``"all"``: everything).

    ``source``: a file's path, or a :class:`State` already loaded.
    """
    state = source if isinstance(source, State) else savegame.load(source)
    board = BoardWidget(state, viewer=viewer, people=())
    board.show(0)
    return board
