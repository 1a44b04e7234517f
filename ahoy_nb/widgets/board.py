"""The Ahoy board in a notebook: an anywidget that draws, and Python that decides.

``BoardWidget(state, viewer=...)`` wraps a :class:`~ahoy_nb.engine.State`. The front
end (``board.js``) only draws the traits below and sends *intents*; every rule is
checked here, by the engine. Front end and kernel talk only through synced traits
(no custom messages), so the same ES module can run under Panel's
``AnyWidgetComponent``.

Trait protocol
--------------
Python -> front end (the front end never sets these):

``parts``          the shown position drawn by ``render_parts`` for the viewer:
                   ``{"head", "map", "market", <faction>: <svg>}`` (the caption with the
                   decision buttons, the map, the Market, each player's board); with the legal actions
                   (``data-action``/``data-actions``) only when the viewer may act now.
                   The front end redraws only the parts whose text changed.
                   (``svg``, not synced, is the parts joined, for Python readers.)
``actions``        the legal notations (empty unless the viewer may act now)
``choices``        one ``{"n", "label", "group", "verb"[, "slot", "die", "value",
                   "gold", "card", "cargo", "pay", "warn"]}`` per legal action: its
                   words, its chooser group and, before a costly step, a warning
``hints``          notations to mark as suggested moves (set from Python: Hint button)
``notices``        panels over the board: ``[{"id", "kind", "title", "lines",
                   "choices"}]`` (a battle with the odds of each choice, a battle's
                   result, the round's scoring, the game over); each can be dismissed
``prompt``         what the player who must decide is asked, in words
``status``         a one-line summary (round, who decides, whether you view the past)
``error``          why the last intent was refused (the engine's reason), or ``""``
``log_head``,      the log as the viewer may see it, ``[{"i", "player", "name",
``log_tail``       "action", "events"}]`` (``i`` = 0 is the setup, ``i`` = k the k-th
                   action), in two parts so that an action sends only the recent tail:
                   the head changes once every ``LOG_PAGE`` actions (or on undo past it).
                   (``entries``, not synced, is the whole log, for Python readers.)
``history_length`` how many actions were taken (positions are ``0..history_length``)
``position``       the position shown: after that many actions (``history_length`` =
                   the live position)
``viewer``         whose eyes the board shows: a faction, ``"all"`` or ``None``
                   (a spectator, also while a hot-seat handover waits)
``deciding``       who must decide in the live position (``None`` once it is over)
``players``        ``[{"id", "name", "fame", "gold"}]`` (public facts)
``can_act``        whether the viewer may act now (live position, its decision)
``can_undo``       whether ``{"undo": true}`` would be accepted
``can_concede``    who may concede from this board now: ``[{"f", "label", "warn"}]``
                   (the engine's words for what conceding does), empty in most games
``handover``       in hot-seat play, the faction the device must be passed to before
                   its view is shown (``""`` otherwise)
``ack``            the ``id`` of the last intent handled (accepted or refused)
``highlight``      spaces to outline (``"x,y"``), set from Python (tutorials)
``message``        the answer to the last thing done that is not a refusal (a lesson's
                   "Right!", a hint): ``{"id", "kind", "text", "lines"}`` (``text`` in the
                   lessons' little Markdown: bold, italics and code), set
                   with :meth:`say`. The front end shows ``error`` or, without one, this,
                   in the message area at the top of the side column
``panels``         the side column's panels, in order: ``[{"id", "title", "lines",
                   "items", "buttons": [{"id", "label", "title", "disabled", "pressed",
                   "primary"}], "busy": {"text", "seconds"} | None}]``, set with
                   :meth:`set_panel` (a lesson's controls, the advisor, the bots)

Front end -> Python: ``intent``, a dict with an ``id`` (any number, new each time)
and exactly one of:

* ``{"action": "move 3,1"}``: take this action (only at the live position, by the
  viewer when it is the viewer's decision);
* ``{"concede": "mollusk"}``: that faction concedes (a game of two: at any moment,
  even while the other player decides), sent once the person confirmed it;
* ``{"undo": true}``: take back the last action made from this widget (by one of
  its ``people``), together with the bot actions that followed it;
* ``{"scrub": k}``: show the position after ``k`` actions (read-only unless ``k`` is
  the live position);
* ``{"reveal": true}``: hot seat: the next person has the device, show their view;
* ``{"refused": {...}}``: a click on something no action is offered for; the value is
  the clicked element's ``data-*`` attributes without the prefix (``{"space": "3,1",
  "terrain": "sea"}``, ``{"die": "bluefin:0", "value": "4"}``...). ``on_refused(target)``
  answers with the message the board shows (in ``error``);
* ``{"press": {"panel": "advisor", "button": "hint"}}``: a button of a side panel; the
  panel's ``on_press(button)`` handles it.

A malformed or refused intent sets ``error`` and changes nothing else.

Viewing the past is read-only: acting or undoing brings the board back to the live
position first (an action intent sent while a past position is shown is refused,
so a click on an old picture never plays into the present).
"""

from __future__ import annotations

import functools
import html
import marshal
import os
import pathlib
import threading
from typing import Callable, Iterable

import anywidget
import traitlets as t

from .. import savegame
from ..ai.analysis import battle_odds, fire_amount
from ..engine import Action, IllegalActionError, State, new_game
from ..engine.words import faction_name, label
from ..render import _slot_title, render_parts
from ..tutorials.friendly import explain_click

HERE = pathlib.Path(__file__).parent

INTENT_KINDS = ("action", "concede", "undo", "scrub", "reveal", "refused", "press")
PANEL_KEYS = ("title", "lines", "items", "buttons", "busy")
BUTTON_KEYS = ("id", "label", "title", "disabled", "pressed", "primary")
LOG_PAGE = 25          # the log's head is resent once every LOG_PAGE actions
MAX_NOTATION = 200   # longer text is no notation: refused before the engine reads it
MAX_ERROR = 300      # an error never echoes more than this back to the front end
VIEWER_MODES = ("hotseat",)
# The traits a server sends for a seat's board (``entries`` as the whole log): what the
# front end draws. The others belong to the front end (``intent``, ``ack``, ``error``,
# ``hints``, ``highlight``) or to hot seat (``handover``).
SERVED = ("parts", "actions", "choices", "notices", "prompt", "status", "history_length",
          "position", "viewer", "deciding", "players", "can_act", "can_undo", "can_concede",
          "entries")


def _locked(method):
    """Run under the widget's lock: intents may be handled on another thread than bots."""
    @functools.wraps(method)
    def run(self, *args, **kwargs):
        with self.lock:
            return method(self, *args, **kwargs)
    return run


def _render(state: State, viewer, actions, highlight, hints=()) -> dict[str, str]:
    """The position as SVG parts, drawn by ``ahoy_nb.render``."""
    return render_parts(state, viewer=viewer, actions=actions, highlight=list(highlight),
                        hints=list(hints))


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


class BoardFace(anywidget.AnyWidget):
    """The board's front end (``board.js``) and the traits it reads and sets (the
    trait protocol above), with no game behind them.

    :class:`BoardWidget` fills them from a :class:`State` it holds; a board that plays
    a seat of an online table (:mod:`ahoy_nb.widgets.join`) fills them from the server's
    answers, since only the server holds the game.

    >>> face = BoardFace(prompt="Bluefin: choose where to start")
    >>> face.prompt, face.can_act, face.log_tail
    ('Bluefin: choose where to start', False, [])
    """

    _esm = HERE / "board.js"
    _css = HERE / "board.css"

    parts = t.Dict().tag(sync=True)
    actions = t.List(t.Unicode()).tag(sync=True)
    choices = t.List(t.Dict()).tag(sync=True)
    hints = t.List(t.Unicode()).tag(sync=True)
    notices = t.List(t.Dict()).tag(sync=True)
    prompt = t.Unicode("").tag(sync=True)
    status = t.Unicode("").tag(sync=True)
    error = t.Unicode("").tag(sync=True)
    log_head = t.List(t.Dict()).tag(sync=True)
    log_tail = t.List(t.Dict()).tag(sync=True)
    history_length = t.Int(0).tag(sync=True)
    position = t.Int(0).tag(sync=True)
    viewer = t.Unicode(None, allow_none=True).tag(sync=True)
    deciding = t.Unicode(None, allow_none=True).tag(sync=True)
    players = t.List(t.Dict()).tag(sync=True)
    can_act = t.Bool(False).tag(sync=True)
    can_undo = t.Bool(False).tag(sync=True)
    can_concede = t.List(t.Dict()).tag(sync=True)
    handover = t.Unicode("").tag(sync=True)
    ack = t.Any(None, allow_none=True).tag(sync=True)
    highlight = t.List(t.Unicode()).tag(sync=True)
    message = t.Dict().tag(sync=True)
    panels = t.List(t.Dict()).tag(sync=True)
    intent = t.Any(None, allow_none=True).tag(sync=True)

    # Not synced: bumped after every change of the live game (charts and bots observe it).
    revision = t.Int(0)
    # Not synced, for Python readers: the picture in one string, the whole log.
    # (Not ``log``: ipywidgets' Widget.log is its logger.)
    svg = t.Unicode("")
    entries = t.List(t.Dict())

    def _sync_log(self, entries: list[dict]) -> None:
        """Send the log as a head that rarely changes and a short tail of recent entries."""
        self.entries = entries
        head = self.log_head
        k = len(head)
        if k > len(entries) or len(entries) - k > LOG_PAGE or entries[:k] != head:
            k = (len(entries) - 1) // LOG_PAGE * LOG_PAGE if entries else 0
            self.log_head = entries[:k]
        tail = entries[k:]
        if tail != self.log_tail:
            self.log_tail = tail


class BoardWidget(BoardFace):
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


    def __init__(self, state: State | None = None, viewer: str | None = "hotseat", *,
                 people: Iterable[str] | None = None,
                 on_action: Callable[[str], object] | None = None,
                 on_refused: Callable[[dict], str | None] | None = None,
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
        if on_refused is not None:
            self.on_refused = on_refused
        self.confirm_handover = confirm_handover
        # undo_rule(board) -> why the front end may not undo now, or None (free undo).
        self.undo_rule: Callable[["BoardWidget"], str | None] | None = None
        self._mark: tuple[int, str] | None = None   # (past position, action) shown marked
        self._panels: dict[str, dict] = {}          # the side column's panels, by id
        self._on_press: dict[str, Callable[[str], object]] = {}
        self._said = 0
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

    # -- the side column: the message area and the panels -------------------------------
    @_locked
    def say(self, text: str, kind: str = "info", lines: Iterable[str] = ()) -> None:
        """Show ``text`` in the message area beside the board (announced to screen
        readers), e.g. a lesson's answer to a try; ``""`` clears it. ``kind``: ``"right"``,
        ``"wrong"``, ``"refused"``, ``"hint"``, ``"info"``... (its colour); ``lines``: a
        list under it (what happened).

        >>> w = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        >>> w.say("Right! The Flagship is on the Island.", "right")
        >>> w.message["text"], w.message["kind"]
        ('Right! The Flagship is on the Island.', 'right')
        """
        self._said += 1
        self.message = ({"id": self._said, "kind": str(kind), "text": str(text),
                         "lines": [str(x) for x in lines]} if text else {})

    @_locked
    def set_panel(self, id: str, *, title: str = "", lines: Iterable[str] = (),
                  items: Iterable[str] = (), buttons: Iterable[dict] = (),
                  busy: dict | None = None,
                  on_press: Callable[[str], object] | None = None) -> None:
        """Add or redraw the side panel ``id`` (panels keep the order they were added in).

        * ``title``, ``lines`` (paragraphs), ``items`` (a list): text, drawn as text;
        * ``buttons``: ``{"id", "label"[, "title", "disabled", "pressed", "primary"]}``;
          a press calls ``on_press(button_id)`` (kept from an earlier call if not given);
        * ``busy``: ``{"text", "seconds"}`` while something is being worked out: a
          progress bar that fills in about ``seconds`` (``None``: no estimate).

        >>> w = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        >>> pressed = []
        >>> w.set_panel("advisor", title="Advice", buttons=[{"id": "hint", "label": "Hint"}],
        ...             on_press=pressed.append)
        >>> w.intent = {"press": {"panel": "advisor", "button": "hint"}, "id": 1}
        >>> pressed, [p["id"] for p in w.panels]
        (['hint'], ['advisor'])
        """
        panel = {"id": str(id), "title": str(title), "lines": [str(x) for x in lines],
                 "items": [str(x) for x in items],
                 "buttons": [{k: b[k] for k in BUTTON_KEYS if k in b} for b in buttons],
                 "busy": dict(busy) if busy else None}
        if on_press is not None:
            self._on_press[panel["id"]] = on_press
        if self._panels.get(panel["id"]) != panel:
            self._panels[panel["id"]] = panel
            self.panels = list(self._panels.values())

    @_locked
    def remove_panel(self, id: str) -> None:
        """Take the side panel ``id`` away (if it is there)."""
        if self._panels.pop(id, None) is not None:
            self._on_press.pop(id, None)
            self.panels = list(self._panels.values())

    @_locked
    def show(self, position: int, mark: str | None = None) -> None:
        """Show the position after ``position`` actions (read-only unless it is the latest).

        ``mark``: an action of the player deciding there, marked on that past position as
        a hint is (a review's better move); it goes when another position is shown.

        >>> w = BoardWidget(new_game(2, seed=1), viewer="bluefin")
        >>> _ = w.act("start 0,0")
        >>> w.show(0, mark="start 3,2")
        >>> w.position, 'data-action="start 3,2"' in w.svg, w.can_act
        (0, True, False)
        """
        n = len(self._state.history)
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= n:
            raise ValueError(f"a position is a whole number from 0 to {n}, not {position!r}")
        self._updating = True
        try:
            self.position = position
        finally:
            self._updating = False
        self._mark = (position, mark) if mark and position < n else None
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
                self._sync_log(self._log_entries())
                self._redraw(hold=False)
        finally:
            self._updating = False
        # After the held sync is sent: an observer of the revision (a bot that thinks for
        # a second) must not keep the new position, or its own progress, from the page.
        self.revision += 1

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
        elif kind == "concede":
            self._intent_concede(value)
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
        elif kind == "refused":
            if (not isinstance(value, dict) or len(value) > 12
                    or not all(isinstance(k, str) and isinstance(v, str) and len(k) < 40
                               and len(v) < 200 for k, v in value.items())):
                raise IllegalActionError("Malformed intent: a refused click names the element's "
                                         'data attributes, like {"space": "3,1"}')
            self.error = self.on_refused(value) or ""
        elif kind == "press":
            if (not isinstance(value, dict) or set(value) != {"panel", "button"}
                    or not all(isinstance(v, str) for v in value.values())):
                raise IllegalActionError('Malformed intent: a press names its panel and button, '
                                         'like {"panel": "advisor", "button": "hint"}')
            panel = self._panels.get(value["panel"])
            button = next((b for b in panel["buttons"] if b["id"] == value["button"]),
                          None) if panel else None
            if button is None or value["panel"] not in self._on_press:
                raise IllegalActionError(f"There is no button {_cut(value['button'], 40)!r} "
                                         f"here any more")
            if button.get("disabled"):
                raise IllegalActionError(f"{button['label']} is not available now"
                                         + (f": {button['title']}" if button.get("title") else ""))
            self.error = ""
            self._on_press[value["panel"]](value["button"])
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

    def _intent_concede(self, faction) -> None:
        s = self._state
        if not isinstance(faction, str) or faction not in s.players:
            raise IllegalActionError(f"Malformed intent: concede names a player of this game "
                                     f"({', '.join(s.players)}), not {_cut(repr(faction), 40)}")
        if not self.live:
            raise IllegalActionError("You are looking at a past position: go to the latest "
                                     "position to concede")
        if self.handover:
            raise IllegalActionError(f"Pass the device to {faction_name(self.handover)} first")
        if faction not in self.people or self.viewer not in (faction, "all"):
            raise IllegalActionError(f"Only {faction_name(faction)} can concede for "
                                     f"{faction_name(faction)}, and not from this board")
        notation = f"concede {faction}"
        if self.on_action is not None:
            self.on_action(notation)
            self.error = ""
            self.refresh()
            return
        self.act(Action(faction, notation))

    def _concessions(self) -> list[dict]:
        """Who may concede from this board now, with the engine's words for its effect."""
        s = self._state
        if not self.live or self.handover:
            return []
        out = []
        for f in s.players:
            if f in self.people and self.viewer in (f, "all") and s.may_concede(f):
                # Who would win is the engine's to say (the position after it, on a copy).
                after = s.after(Action(f, f"concede {f}"))
                others = " and ".join(map(faction_name, after.winners))
                out.append({"f": f, "label": f"Concede for {faction_name(f)}",
                            "warn": f"If {faction_name(f)} concedes, the game ends now and "
                                    f"{others} wins."})
        return out

    def on_refused(self, target: dict) -> str:
        """The message shown for a click on ``target``, where no action is offered.

        ``target``: the clicked element's data attributes (``{"space": "3,1", ...}``).
        Override it (or pass ``on_refused=``) to explain a wrong click, as a tutorial does.

        By default: the rule that refuses it, in the engine's words
        (:func:`ahoy_nb.tutorials.friendly.explain_click`), or whose decision it is.

        >>> w = BoardWidget(new_game(3, seed=1), viewer="bluefin")
        >>> w.on_refused({"space": "5,5"})
        "Not possible: 'start 5,5' is not allowed: 5,5 is not on the map: no region tile covers it."
        """
        s = self._state
        if not self._may_act():
            if s.is_over:
                return "The game is over"
            if not self.live:
                return "This is a past position: go to the latest position to act"
            return f"It is {faction_name(s.current_player)}'s decision now"
        return explain_click(s, target)

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
        legal = self._state.legal_actions() if may_act else []
        actions = [a.notation for a in legal]
        if self._mark is not None and (self.live or self._mark[0] != self.position):
            self._mark = None   # a review's mark belongs to its own past position
        marked = [self._mark[1]] if self._mark is not None else []
        try:
            parts = _render(shown, self.viewer, marked or (actions if may_act else None),
                            self.highlight, marked or (self.hints if may_act else ()))
        except Exception as err:  # a drawing bug must not break the game
            parts = {"map": _summary_svg(shown)}
            self.error = f"The board could not be drawn ({type(err).__name__}: {err})"
        s = self._state
        n = len(s.history)
        if s.is_over:
            status = f"Round {s.round}: game over, {s.result}"
        else:
            status = f"Round {s.round}: {faction_name(s.current_player)} to decide"
        if not self.live:
            status = (f"Viewing the position after {self.position} of {n} actions "
                      f"(round {shown.round}, read-only). " + status)
        taken = s.log[_first_action(s):]
        undoable = bool(taken) and (not self.people
                                    or any(e.player in self.people for e in taken))
        choices = _choices(s, legal)
        with self.hold_sync() if hold else _nothing():
            if parts != self.parts:
                self.parts = parts
            self.svg = "".join(parts.values())
            self.actions = actions
            if choices != self.choices:
                self.choices = choices
            notices = _notices(s, self.viewer, may_act) if self.live else []
            if notices != self.notices:
                self.notices = notices
            self.prompt = shown.prompt
            self.status = status
            self.can_act = may_act
            self.can_undo = undoable and not self.handover and not self.undo_refusal()
            concessions = self._concessions()
            if concessions != self.can_concede:
                self.can_concede = concessions
        # (the log is redrawn by refresh: it belongs to the live game.)

    @t.observe("hints")
    @_locked
    def _on_hints(self, change) -> None:
        if not self._updating:
            self._redraw()

    def _log_entries(self) -> list[dict]:
        viewer = self.viewer
        # i = k: the k-th action (0: the setup entry, when the game has one).
        shift = 1 - _first_action(self._state)
        # Log entries never change once written: reuse what was made for the same entry
        # object, viewer and number, so a long game costs no more than a short one.
        cache = getattr(self, "_log_cache", {})
        out, fresh = [], {}
        for i, entry in enumerate(self._state.log, start=shift):
            key = (id(entry), viewer, i)
            item = cache.get(key)
            if item is None or item[0] is not entry:
                seen = entry if viewer == "all" else entry.seen_by(viewer)
                item = (entry, {"i": i, "player": seen.player, "name": faction_name(seen.player),
                                "action": seen.action, "events": list(seen.events)})
            fresh[key] = item
            out.append(item[1])
        self._log_cache = fresh
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


# -- what the front end shows beside the picture ------------------------------------------

def _choices(state: State, legal) -> list[dict]:
    """Each legal action in words, with its chooser group and any warning before it."""
    out = []
    for action in legal:
        a = action.args
        info = {"n": action.notation, "label": label(state, action), "verb": action.verb}
        for key in ("slot", "die", "value", "gold", "card", "cargo", "pay"):
            if key in a:
                info[key] = a[key]
        if action.verb == "recruit":
            # Recruiting for gold, with a die, and smuggling the card's Cargo: apart.
            info["group"] = "Recruit with a die" if "die" in a else "Recruit for gold"
        elif "die" in a and action.verb not in ("fire", "harbor-cannons"):
            info["group"] = _slot_title(a["slot"])
        else:
            info["group"] = action.verb.replace("-", " ").capitalize()
        warn = _warning(state, action)
        if warn:
            info["warn"] = warn
        out.append(info)
    return out


def _warning(state: State, action) -> str:
    """What a move costs that a player may not expect: a damage, a battle (asking the
    engine what the move does, on a copy)."""
    if action.verb != "move" or not state.map.on_map(tuple(action.args["space"])):
        return ""
    before = [f["type"] for f in state.data["pending"]]
    after = state.after(action)
    words = []
    words += [e for e in after.log[-1].events if "damage" in e.lower()]
    new = [f["type"] for f in after.data["pending"]][len(before):]
    if "series" in new or "fight" in new:
        words.append("a battle starts")
    return "; ".join(words)


def _fight(state: State) -> dict | None:
    return next((f for f in reversed(state.data["pending"]) if f["type"] == "fight"), None)


def _notices(state: State, viewer, may_act: bool) -> list[dict]:
    """The panels over the board: a battle, its result, the round's scoring, the game over."""
    out = []
    log = state.log
    fight = _fight(state)
    top = state.data["pending"][-1] if state.data["pending"] else None
    if fight is not None:
        figs = {f["id"]: f for f in state.figures()}
        sides = []
        for side in ("attacker", "defender"):
            fig = figs.get(fight[side])
            if fig is None:
                continue
            owner = fig["owner"]
            cannons = [sl["die"] for sl in state.slots(owner)
                       if sl["action"] == "cannons" and sl["die"]]
            sides.append(f"{side.title()}: {faction_name(owner)}"
                         + (f" {fig['kind']}" if fig["kind"] != "flagship" else "")
                         + f", Cannons {', '.join(map(str, cannons)) or 'none'}")
        notice = {"id": f"battle-{state.round}-{fight['space'][0]},{fight['space'][1]}-"
                        f"{fight['attacker']}-{fight['defender']}",
                  "kind": "battle", "title": f"Battle at {fight['space'][0]},{fight['space'][1]}",
                  "lines": sides, "choices": []}
        if may_act and top is not None and top["type"] == "fire":
            try:
                odds = battle_odds(state)
            except ValueError:
                odds = {}
            fixed = bool(state.data["fixed"].get("battle"))   # a lesson's dice
            if fixed and odds:
                notice["lines"].append("The dice of this battle are fixed (a lesson): the "
                                       "chances are those of a real game's roll.")
            for action in state.legal_actions():
                p = odds.get(fire_amount(action.notation))
                notice["choices"].append({"n": action.notation, "label": label(state, action),
                                          "odds": None if p is None else round(p, 4),
                                          "odds_label": "in a real game, wins" if fixed else "wins"})
        out.append(notice)
    if log:
        last = log[-1].seen_by(viewer) if viewer != "all" else log[-1]
        if any(" wins the battle " in e for e in last.events):
            out.append({"id": f"result-{len(log)}", "kind": "battle-result",
                        "title": "Battle result", "lines": list(last.events), "choices": []})
    # the last round's scoring, within the latest round
    for k in range(len(log) - 1, max(-1, len(log) - 80), -1):
        events = log[k].events
        start = next((i for i, e in enumerate(events) if " ends: scoring regions" in e), None)
        if start is None:
            continue
        lines = [events[start]]
        for e in events[start + 1:]:
            if "controls" not in e and "controlling" not in e:
                break
            lines.append(e)
        lines.append("Fame now: " + ", ".join(f"{faction_name(f)} {n}"
                                              for f, n in state.fame.items()))
        out.append({"id": f"round-{k}", "kind": "round", "title": events[start].split(":")[0],
                    "lines": lines, "choices": []})
        break
    if state.is_over:
        fame, gold = state.fame, state.gold
        ranked = sorted(state.players, key=lambda f: (-fame[f], -gold[f]))
        lines = [f"{faction_name(f)}: {fame[f]} Fame, {gold[f]} gold" for f in ranked]
        best = fame[ranked[0]]
        tied = [f for f in ranked if fame[f] == best]
        if len(tied) > 1:
            lines.append(f"Tied on {best} Fame: " + (
                "gold breaks the tie" if len(state.winners) == 1 else "the tie stands on gold too"))
        final = log[-1].seen_by(viewer) if viewer != "all" else log[-1]
        lines += [e for e in final.events if "pledge" in e.lower() or " wins" in e]
        out.insert(0, {"id": "over", "kind": "over",
                    "title": f"Game over: {state.result}",
                    "lines": lines, "choices": []})
    return out


def replay(source: "str | os.PathLike | State", viewer: str | None = None) -> BoardWidget:
    """A read-only board to step through a saved game with the scrubber, from its
    first action. ``viewer``: whose eyes (``None``: a spectator, ``"all"``: everything).

    ``source``: a file's path, or a :class:`State` already loaded.
    """
    state = source if isinstance(source, State) else savegame.load(source)
    board = BoardWidget(state, viewer=viewer, people=())
    board.show(0)
    return board
