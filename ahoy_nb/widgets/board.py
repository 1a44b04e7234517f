"""The Ahoy board in a notebook: an anywidget that draws, and Python that decides.

``BoardWidget(state, viewer=...)`` wraps a :class:`~ahoy_nb.engine.State`. The front
end (``board.js``) only draws the traits below and sends *intents*; every rule is
checked here, by the engine. Front end and kernel talk only through synced traits
(no custom messages), so the same ES module can run under Panel's
``AnyWidgetComponent``.

Trait protocol
--------------
Python -> front end (the front end never sets these):

``svg``            the shown position drawn by ``render_svg`` for the viewer; with the
                   legal actions (``data-action``/``data-actions``) only when the
                   viewer may act now
``actions``        the legal notations, for the fallback button list (empty unless the
                   viewer may act now)
``prompt``         what the player who must decide is asked, in words
``status``         a one-line summary (round, who decides, whether you view the past)
``error``          why the last intent was refused (the engine's reason), or ``""``
``entries``        the log as the viewer may see it: ``[{"i", "player", "name",
                   "action", "events"}]``; ``i`` = 0 is the setup, ``i`` = k the k-th action
``history_length`` how many actions were taken (positions are ``0..history_length``)
``position``       the position shown: after that many actions (``history_length`` =
                   the live position)
``viewer``         whose eyes the board shows: a faction, ``"all"`` or ``None``
                   (a spectator, also while a hot-seat handover waits)
``deciding``       who must decide in the live position (``None`` once it is over)
``players``        ``[{"id", "name", "fame", "gold"}]`` (public facts)
``can_act``        whether the viewer may act now (live position, its decision)
``can_undo``       whether ``{"undo": true}`` would be accepted
``handover``       in hot-seat play, the faction the device must be passed to before
                   its view is shown (``""`` otherwise)
``ack``            the ``id`` of the last intent handled (accepted or refused)
``highlight``      spaces to outline (``"x,y"``), set from Python (tutorials)

Front end -> Python: ``intent``, a dict with an ``id`` (any number, new each time)
and exactly one of:

* ``{"action": "move 3,1"}``: take this action (only at the live position, by the
  viewer when it is the viewer's decision);
* ``{"undo": true}``: take back the last action made from this widget (by one of
  its ``people``), together with the bot actions that followed it;
* ``{"scrub": k}``: show the position after ``k`` actions (read-only unless ``k`` is
  the live position);
* ``{"reveal": true}``: hot seat: the next person has the device, show their view.

A malformed or refused intent sets ``error`` and changes nothing else.

Viewing the past is read-only: acting or undoing brings the board back to the live
position first (an action intent sent while a past position is shown is refused,
so a click on an old picture never plays into the present).
"""

from __future__ import annotations

import functools
import html
import marshal
import pathlib
import threading
from typing import Callable, Iterable

import anywidget
import traitlets as t

from ..engine import IllegalActionError, State, new_game
from ..engine.components import FACTION_NAMES
from ..render import render_svg

HERE = pathlib.Path(__file__).parent

INTENT_KINDS = ("action", "undo", "scrub", "reveal")
MAX_NOTATION = 200   # longer text is no notation: refused before the engine reads it
MAX_ERROR = 300      # an error never echoes more than this back to the front end
VIEWER_MODES = ("hotseat",)


def faction_name(f: str | None) -> str:
    if f is None:
        return "nobody"
    if f == "setup":
        return "Setup"
    if f == "all":
        return "everyone"
    return FACTION_NAMES.get(f, f)


def _locked(method):
    """Run under the widget's lock: intents may be handled on another thread than bots."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)
    return run


def _render(state: State, viewer, actions, highlight) -> str:
    """The position as SVG, drawn by ``ahoy_nb.render``."""
    return render_svg(state, viewer=viewer, actions=actions, highlight=list(highlight))


def _summary_svg(state: State) -> str:
    """Only public facts as text: shown if the board cannot be drawn."""
    lines = [f"Round {state.round}", state.prompt]
    lines += [f"{faction_name(f)}: {fame} Fame" for f, fame in state.fame.items()]
    body = "".join(f'<text x="10" y="{24 + 20 * i}">{html.escape(line)}</text>'
                   for i, line in enumerate(lines))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="600" height="{40 + 20 * len(lines)}" '
            f'font-family="sans-serif" font-size="14">{body}</svg>')


def _first_action(state: State) -> int:
    """Where the actions begin in ``state.log``: 1 after the setup entry of a
    ``new_game``, 0 in a position built without one (``scenario``, the tutorials)."""
    return len(state.log) - len(state.history)


class BoardWidget(anywidget.AnyWidget):
    """An interactive Ahoy board (see the module notes for the trait protocol).

    * ``state``: the :class:`State` to wrap (a new 3-player game if omitted); the
      widget acts on this very object.
    * ``viewer``: ``"hotseat"`` (default: the view follows whichever person must
      decide), a faction (``"bluefin"``: only what Bluefin may see), ``"all"``
      (everything, for analysis) or ``None`` (a spectator).
    * ``people``: the factions that may be played from this widget's front end.
      Default: the viewer's faction; every player for ``"hotseat"`` and ``"all"``;
      nobody for a spectator. Bots act through :meth:`act`.
    * ``on_action``: if given, an accepted action intent calls ``on_action(notation)``
      instead of applying it (a tutorial checking the learner's move); it should
      apply it to ``state`` (or raise :class:`IllegalActionError`) and call
      :meth:`refresh`.
    * ``confirm_handover``: in hot-seat play with several people, hide the next
      person's view until the front end confirms the device was passed.

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

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    svg = t.Unicode("").tag(sync=True)
    actions = t.List(t.Unicode()).tag(sync=True)
    prompt = t.Unicode("").tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    # Not ``log``: ipywidgets' Widget.log is its logger.
    entries = t.List(t.Dict()).tag(sync=True)
    history_length = t.Int(0).tag(sync=True)
    position = t.Int(0).tag(sync=True)
    viewer = t.Unicode(None, allow_none=True).tag(sync=True)
    deciding = t.Unicode(None, allow_none=True).tag(sync=True)
    players = t.List(t.Dict()).tag(sync=True)
    can_act = t.Bool(False).tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    handover = t.Unicode("").tag(sync=True)
    ack = t.Any(None, allow_none=True).tag(sync=True)
    highlight = t.List(t.Unicode()).tag(sync=True)
    intent = t.Any(None, allow_none=True).tag(sync=True)

    # Not synced: bumped after every change of the live game (charts and bots observe it).
    revision = t.Int(0)

    def __init__(self, state: State | None = None, viewer: str | None = "hotseat", *,
                 people: Iterable[str] | None = None,
                 on_action: Callable[[str], object] | None = None,
                 confirm_handover: bool = True, **kwargs):
        self._state = state if state is not None else new_game()
        # Front-end messages may be handled on a kernel subshell thread while bots play
        # on the event loop: every change of the game goes through this lock.
        self.lock = threading.RLock()
        self._updating = True
        self._people_explicit = people is not None
        self._mode = "hotseat" if viewer == "hotseat" else "fixed"
        self._person: str | None = None       # hot seat: whose view is shown
        self._check_viewer(viewer)
        self.people = self._default_people(viewer) if people is None else self._check_people(people)
        self.on_action = on_action
        self.confirm_handover = confirm_handover
        # undo_rule(board) -> why the front end may not undo now, or None (free undo).
        self.undo_rule: Callable[["BoardWidget"], str | None] | None = None
        super().__init__(**kwargs)
        self._fixed_viewer = None if self._mode == "hotseat" else viewer
        self._updating = False
        self.refresh()

    # -- the wrapped game ---------------------------------------------------------
    @property
    def state(self) -> State:
        """The live game this widget wraps."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self.set_state(state)

    @_locked
    def set_state(self, state: State) -> None:
        """Wrap another game (or the same one changed from outside) and show it live."""
        if isinstance(state, dict):
            # ipywidgets' own Widget.set_state(sync_data): how every change from the
            # front end (the intent of a click) arrives. Not a game: pass it on.
            return super().set_state(state)
        self._state = state
        self.refresh(live=True)

    @property
    def live(self) -> bool:
        """Whether the live position is shown (not a past one)."""
        return self.position >= len(self._state.history)

    @_locked
    def shown_state(self) -> State:
        """The position shown: the live state, or a read-only copy of a past one."""
        s = self._state
        k = self.position
        if k >= len(s.history):
            return s
        return State(marshal.loads(s.history[k]), list(s.log[:k + _first_action(s)]),
                     list(s.history[:k]))

    # -- Python API ----------------------------------------------------------------
    @_locked
    def act(self, action) -> State:
        """Apply ``action`` for whoever must decide (a bot, a script), then refresh.

        Raises :class:`IllegalActionError` (the state is unchanged) if it is not legal.
        Unlike an intent, it does not check ``people`` or the viewer.
        """
        was_live = self.live
        self._state.apply(action)
        self.error = ""
        self.refresh(live=was_live)
        return self._state

    @_locked
    def undo(self) -> State:
        """Take back the last action made by one of ``people`` and the bot actions after it.

        With no ``people`` (a spectator, or bots only), take back one action.
        """
        s = self._state
        entries = s.log[_first_action(s):]
        if not entries:
            raise IllegalActionError("There is no action to undo: this is the start of the game")
        if self.people:
            if not any(e.player in self.people for e in entries):
                raise IllegalActionError("There is no action of yours to undo")
            while s.log[-1].player not in self.people:
                s.undo()
        s.undo()
        self.error = ""
        self.refresh(live=True)
        return s

    def undo_refusal(self) -> str | None:
        """Why an undo intent would be refused by ``undo_rule`` now, or ``None``."""
        why = self.undo_rule(self) if self.undo_rule is not None else None
        return f"You cannot undo: {why}" if why else None

    @_locked
    def show(self, position: int) -> None:
        """Show the position after ``position`` actions (read-only unless it is the latest)."""
        n = len(self._state.history)
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= n:
            raise ValueError(f"a position is a whole number from 0 to {n}, not {position!r}")
        self._updating = True
        try:
            self.position = position
        finally:
            self._updating = False
        self._redraw()

    @_locked
    def refresh(self, live: bool | None = None) -> None:
        """Recompute every trait from the wrapped state (after changing it from outside).

        ``live``: show the live position (default: if it was shown, or the shown past
        position no longer exists).
        """
        s = self._state
        n = len(s.history)
        old_n = self.history_length
        if live is None:
            live = self.position >= old_n or self.position > n
        self._updating = True
        try:
            with self.hold_sync():
                self.history_length = n
                self.position = n if live else min(self.position, n)
                self._follow_decider()
                self.deciding = s.current_player
                self.players = [{"id": f, "name": faction_name(f), "fame": s.fame[f],
                                 "gold": s.gold[f]} for f in s.players]
                self.entries = self._log_entries()
                self._redraw(hold=False)
                self.revision += 1
        finally:
            self._updating = False

    # -- intents ---------------------------------------------------------------------
    @t.observe("intent")
    @_locked
    def _on_intent(self, change) -> None:
        intent = change["new"]
        if intent is None:
            return
        ident = intent.get("id") if isinstance(intent, dict) else None
        if not isinstance(ident, (int, float, str)):
            ident = None  # the ack echoes the id: only a number or a short text
        elif isinstance(ident, str):
            ident = ident[:64]
        try:
            self._handle(intent)
        except ValueError as err:  # IllegalActionError, and any parsing of bad input
            self.error = _cut(str(err))
        except Exception as err:  # noqa: BLE001 - a bug must still answer the click
            self.error = _cut(f"The board could not do that ({type(err).__name__}: {err})")
        finally:
            self.ack = ident

    def _handle(self, intent) -> None:
        if not isinstance(intent, dict):
            raise IllegalActionError(
                f"Malformed intent {_cut(repr(intent), 80)}: expected an object like "
                '{"action": "sail 4", "id": 1}')
        kinds = [k for k in INTENT_KINDS if k in intent]
        unknown = sorted(set(intent) - set(INTENT_KINDS) - {"id"})
        if len(kinds) != 1 or unknown:
            raise IllegalActionError(
                f"Malformed intent {_cut(repr(intent), 80)}: it needs exactly one of "
                f"{', '.join(INTENT_KINDS)} (and an id)")
        kind = kinds[0]
        value = intent[kind]
        if kind == "action":
            if not isinstance(value, str) or not value.strip() or len(value) > MAX_NOTATION:
                raise IllegalActionError(f"Malformed intent: an action is its notation, "
                                         f"like 'sail 4', not {_cut(repr(value), 60)}")
            self._intent_action(value)
        elif kind == "undo":
            if value is not True:
                raise IllegalActionError(f"Malformed intent: write {{\"undo\": true}}, not {value!r}")
            if self.handover:
                raise IllegalActionError(f"Pass the device to {faction_name(self.handover)} first")
            why = self.undo_refusal()
            if why:
                raise IllegalActionError(why)
            if not self.can_undo:
                raise IllegalActionError("There is nothing you can undo")
            self.undo()
        elif kind == "scrub":
            n = len(self._state.history)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= n:
                raise IllegalActionError(
                    f"Malformed intent: scrub to a position from 0 to {n}, not {value!r}")
            self.error = ""
            self.show(value)
        elif kind == "reveal":
            if value is not True:
                raise IllegalActionError(f"Malformed intent: write {{\"reveal\": true}}, not {value!r}")
            if not self.handover:
                raise IllegalActionError("There is no handover waiting")
            self._person = self.handover
            self.error = ""
            self.refresh(live=self.live)

    def _intent_action(self, notation: str) -> None:
        s = self._state
        who = s.current_player
        if not self.live:
            raise IllegalActionError(
                f"You are looking at a past position (after {self.position} of "
                f"{len(s.history)} actions): go to the latest position to act")
        if s.is_over:
            raise IllegalActionError(f"'{notation}' is not allowed: the game is over")
        if self.handover:
            raise IllegalActionError(f"Pass the device to {faction_name(self.handover)} first")
        if who not in self.people:
            raise IllegalActionError(f"It is {faction_name(who)}'s decision now, "
                                     f"and {faction_name(who)} is not played from here")
        if self.viewer not in (who, "all"):
            raise IllegalActionError(f"It is {faction_name(who)}'s decision now, "
                                     f"not {faction_name(self.viewer)}'s")
        if self.on_action is not None:
            self.on_action(notation)
            self.error = ""
            self.refresh()
            return
        self.act(notation)

    # -- viewer and people ----------------------------------------------------------
    def _check_viewer(self, viewer) -> None:
        ok = viewer in (None, "all", "hotseat") or viewer in self._state.players
        if not ok:
            raise ValueError(f"viewer is one of {', '.join(self._state.players)}, 'all', "
                             f"'hotseat' or None, not {viewer!r}")

    def _check_people(self, people) -> tuple[str, ...]:
        if isinstance(people, str):
            people = self._state.players if people == "all" else (people,)
        people = tuple(people)
        for f in people:
            if f not in self._state.players:
                raise ValueError(f"{f!r} is not a player of this game "
                                 f"({', '.join(self._state.players)})")
        return people

    def _default_people(self, viewer) -> tuple[str, ...]:
        if viewer in ("hotseat", "all"):
            return tuple(self._state.players)
        if viewer is None:
            return ()
        return (viewer,)

    @t.validate("viewer")
    def _validate_viewer(self, proposal):
        value = proposal["value"]
        if not self._updating:
            self._check_viewer(value)
        return value

    @t.observe("viewer")
    @_locked
    def _on_viewer(self, change) -> None:
        if self._updating:
            return
        # Set from Python: a new way of looking at the board.
        value = change["new"]
        self._mode = "hotseat" if value == "hotseat" else "fixed"
        self._fixed_viewer = None if value == "hotseat" else value
        self._person = None
        self.handover = ""
        if not self._people_explicit:
            self.people = self._default_people(value)
        self.refresh(live=self.live)

    @_locked
    def set_people(self, people: Iterable[str]) -> None:
        """Change which factions may be played from the front end."""
        self.people = self._check_people(people)
        self._people_explicit = True
        self.refresh(live=self.live)

    def _follow_decider(self) -> None:
        """Set ``viewer`` and ``handover``: in hot-seat play the view follows the person
        who must decide (and stays put while a bot decides)."""
        if self._mode != "hotseat":
            self.handover = ""
            self.viewer = self._fixed_viewer
            return
        who = self._state.current_player
        if who in self.people and who != self._person:
            if self._person is None or not self.confirm_handover or len(self.people) < 2:
                self._person = who
                self.handover = ""
            else:
                self.handover = who
        elif who == self._person:
            self.handover = ""
        if self._person is None and self.people:
            self._person = self.people[0]
        self.viewer = None if self.handover else self._person

    # -- drawing ----------------------------------------------------------------------
    @t.observe("position")
    @_locked
    def _on_position(self, change) -> None:
        if self._updating:
            return
        n = len(self._state.history)
        if not 0 <= self.position <= n:
            self._updating = True
            try:
                self.position = max(0, min(self.position, n))
            finally:
                self._updating = False
        self._redraw()

    def _may_act(self) -> bool:
        s = self._state
        return (self.live and not s.is_over and not self.handover
                and s.current_player in self.people and self.viewer in (s.current_player, "all"))

    def _redraw(self, hold: bool = True) -> None:
        """Draw the shown position for the viewer; actions only if the viewer may act."""
        shown = self.shown_state()
        may_act = self._may_act()
        actions = [a.notation for a in self._state.legal_actions()] if may_act else []
        try:
            svg = _render(shown, self.viewer, actions if may_act else None, self.highlight)
        except Exception as err:  # a drawing bug must not break the game
            svg = _summary_svg(shown)
            self.error = f"The board could not be drawn ({type(err).__name__}: {err})"
        s = self._state
        n = len(s.history)
        if s.is_over:
            status = f"Round {s.round}: game over, {' and '.join(map(faction_name, s.winners))} won"
        else:
            status = f"Round {s.round}: {faction_name(s.current_player)} to decide"
        if not self.live:
            status = (f"Viewing the position after {self.position} of {n} actions "
                      f"(round {shown.round}, read-only). " + status)
        taken = s.log[_first_action(s):]
        undoable = bool(taken) and (not self.people
                                    or any(e.player in self.people for e in taken))
        with self.hold_sync() if hold else _nothing():
            self.svg = svg
            self.actions = actions
            self.prompt = shown.prompt
            self.status = status
            self.can_act = may_act
            self.can_undo = undoable and not self.handover and not self.undo_refusal()
        # (``entries`` is redrawn by refresh: it belongs to the live game.)

    def _log_entries(self) -> list[dict]:
        viewer = self.viewer
        out = []
        # i = k: the k-th action (0: the setup entry, when the game has one).
        shift = 1 - _first_action(self._state)
        for i, entry in enumerate(self._state.log, start=shift):
            seen = entry if viewer == "all" else entry.seen_by(viewer)
            out.append({"i": i, "player": seen.player, "name": faction_name(seen.player),
                        "action": seen.action, "events": list(seen.events)})
        return out

    # -- display ----------------------------------------------------------------------
    def __repr__(self) -> str:
        s = self._state
        if s.is_over:
            text = f"round {s.round}, over: {' and '.join(s.winners)} won"
        else:
            text = f"round {s.round}, {s.current_player} to decide"
        if not self.live:
            text += f", showing position {self.position} of {len(s.history)}"
        return f"BoardWidget({text})"


def _cut(text: str, limit: int = MAX_ERROR) -> str:
    """``text`` cut to ``limit`` characters (an error must not echo a huge input back)."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


class _nothing:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False
