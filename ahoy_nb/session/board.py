"""The board of one screen, in plain Python: what it shows and how it answers a click.

A :class:`Board` shows a :class:`~ahoy_nb.session.game.GameSession` to the people at one
screen and keeps everything that screen adds to the game: whose eyes the board shows
(one faction, hot seat, everything, a spectator), the position shown (the latest, or a
past one), the answer to the last click, the marks of a hint, the side column's panels.
Its :attr:`~Board.traits` are the board's traits (:data:`~ahoy_nb.session.view.TRAITS`)
and :meth:`~Board.handle` takes the front end's intents. A front end mirrors the traits
and passes the intents on: the notebook's :class:`~ahoy_nb.widgets.board.BoardWidget`
and the Panel app's board do only that.

>>> from ahoy_nb.engine import new_game
>>> from ahoy_nb.session.game import GameSession
>>> board = Board(GameSession.of(new_game(2, seed=1), people=("bluefin",), bots="easy"),
...               viewer="bluefin")
>>> board.traits["actions"]
['start 0,0', 'start 3,2']
>>> board.handle({"action": "start 5,5", "id": 1})
>>> board.traits["error"], board.traits["ack"]
("'start 5,5' is not allowed: 5,5 is not on the map: no region tile covers it. Choices now: start 0,0, start 3,2", 1)
>>> board.handle({"action": "start 0,0", "id": 2})
>>> board.state.log[-1].action, board.traits["error"], board.traits["can_undo"]
('start 0,0', '', True)
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterable

from ..engine import Action, IllegalActionError, State
from ..engine.words import faction_name
from ..tutorials.friendly import explain_click
from .game import GameSession, NotYours, Refusal, standing
from .text import NotPossible, read_line
from .view import (TRAITS, Answers, Intent, board_view, cut, first_action, intent_id,
                   log_parts, parse_intent, shown_state)

__all__ = ["Board", "PANEL_KEYS", "BUTTON_KEYS", "VIEWER_MODES"]

PANEL_KEYS = ("title", "lines", "items", "buttons", "busy")
BUTTON_KEYS = ("id", "label", "title", "disabled", "pressed", "primary")
VIEWER_MODES = ("hotseat",)


class Board:
    """The board of one screen (see the module notes).

    * ``game``: the :class:`GameSession` shown.
    * ``viewer``: ``"hotseat"`` (default: the view follows whichever person here must
      decide), a faction (only what it may see), ``"all"`` (everything, for analysis) or
      ``None`` (a spectator).
    * ``people``: the factions played from this screen (default: the viewer's; every
      player for ``"hotseat"`` and ``"all"``; nobody for a spectator). They become the
      game's people here.
    * ``on_action(notation)``: if given, an action allowed from this screen is handed to
      it instead of being applied (a lesson checks the learner's move); it applies it
      (or raises :class:`IllegalActionError`).
    * ``on_refused(target)``: the words for a click where nothing is offered.
    * ``on_undo()``: if given, an allowed undo is handed to it (a lesson's Back).
    * ``may_act()``: if given, a further condition for acting from here (a lesson takes
      no click while it shows a step's result).
    * ``before_action(notation)``: if given, asked before a person's action from here is
      taken; ``False`` holds it (the guarded game warns first, :class:`~.guard.Guard`).
    * ``confirm_handover``: in hot seat with several people, hide the next person's view
      until the front end says the device was passed (a ``reveal`` intent).
    * ``text``: text mode: the board also shows the position in words (the ``text``
      trait) and takes typed lines (``line`` intents; docs/accessibility.md). The front
      end switches it with a ``text`` intent.

    Listeners (:meth:`listen`) get ``(changed traits, revised)`` after each change:
    ``revised`` when the live game changed (not only what is shown).
    """

    def __init__(self, game: GameSession, viewer: str | None = "hotseat", *,
                 people: Iterable[str] | str | None = None,
                 on_action: Callable[[str], object] | None = None,
                 on_refused: Callable[[dict], str | None] | None = None,
                 on_undo: Callable[[], object] | None = None,
                 may_act: Callable[[], bool] | None = None,
                 before_action: Callable[[str], bool] | None = None,
                 confirm_handover: bool = True, text: bool = False):
        self.game = game
        self.text = bool(text)
        # Front-end messages may be handled on another thread than bots: every change of
        # the board and its game goes through this lock.
        self.lock = threading.RLock()
        self.traits: dict[str, Any] = {name: _copy(t.default) for name, t in TRAITS.items()
                                       if t.by != "front"}
        self.traits.update(svg="", entries=[])
        self.on_action = on_action
        self.on_refused_hook = on_refused
        self.on_undo = on_undo
        self.may_act_hook = may_act
        self.before_action = before_action
        self.confirm_handover = confirm_handover
        self.revision = 0
        self._listeners: list[Callable[[dict, bool], None]] = []
        self._changed: dict[str, Any] = {}
        self._revised = False
        self._stale = False     # the marks changed: redraw once the batch ends
        self._depth = 0
        self._shown: int | None = None              # a past position shown (None: the latest)
        self._mark: tuple[int, str] | None = None   # (past position, action) shown marked
        self._panels: dict[str, dict] = {}          # the side column's panels, by id
        self._on_press: dict[str, Callable[[str], object]] = {}
        self._said = 0
        self._log_cache: dict = {}
        self._person: str | None = None             # hot seat: whose view is shown
        self._check_viewer(viewer)
        self._mode = "hotseat" if viewer == "hotseat" else "fixed"
        self._fixed_viewer = None if viewer == "hotseat" else viewer
        self._people_explicit = people is not None
        game.set_people(self._default_people(viewer) if people is None else people)
        game.on_change(self._on_game)
        self.refresh()

    # -- reading ---------------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live game."""
        return self.game.state

    @property
    def people(self) -> tuple[str, ...]:
        return self.game.people

    @property
    def viewer(self) -> str | None:
        return self.traits["viewer"]

    @property
    def position(self) -> int:
        return self.traits["position"]

    @property
    def live(self) -> bool:
        """Whether the latest position is shown (not a past one)."""
        return self._shown is None

    @property
    def handover(self) -> str:
        return self.traits["handover"]

    def shown_state(self) -> State:
        """The position shown: the live game, or a read-only copy of a past position."""
        return shown_state(self.state, self.position)

    # -- listeners -------------------------------------------------------------------------
    def listen(self, listener: Callable[[dict, bool], None]) -> None:
        """Call ``listener(changed, revised)`` after each change (see the class notes)."""
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[dict, bool], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    @contextmanager
    def batch(self):
        """Changes made inside reach the listeners once, at the end."""
        with self.lock:
            self._depth += 1
            try:
                yield
            finally:
                self._depth -= 1
                if not self._depth:
                    if self._stale:
                        self._redraw()
                    self._flush()

    def _set(self, **traits) -> None:
        for name, value in traits.items():
            if self.traits.get(name) != value or name == "ack":
                self.traits[name] = value
                self._changed[name] = value

    def _flush(self) -> None:
        changed, revised = self._changed, self._revised
        self._changed, self._revised = {}, False
        if revised:
            self.revision += 1
        if changed or revised:
            for listener in list(self._listeners):
                listener(changed, revised)

    # -- the game ----------------------------------------------------------------------------
    def set_state(self, state: State) -> None:
        """Show another game (or another position of it: a lesson's step) live."""
        with self.batch():
            self._shown = None
            self.game.state = state     # the game's listeners redraw this board

    def _on_game(self, game: GameSession) -> None:
        with self.batch():
            self.refresh()

    def act(self, action: Action | str) -> State:
        """Apply ``action`` for whoever must decide (a bot, a script), then redraw. Raises
        :class:`IllegalActionError` (the game is unchanged) if it is not legal. Unlike an
        intent, it does not ask who may act from this screen."""
        with self.batch():
            self.game.apply(action)
            self._set(error="")
        return self.state

    def undo(self) -> State:
        """Take back the last action of a person here and the actions after it (with
        nobody here, the last action), whatever the undo rule (a script's undo)."""
        with self.batch():
            s = self.state
            taken = s.log[first_action(s):]
            if not taken:
                raise IllegalActionError("There is no action to undo: this is the start of the game")
            people = self.people
            count = 1
            if people:
                mine = [i for i, e in enumerate(taken) if e.player in people]
                if not mine:
                    raise IllegalActionError("There is no action of yours to undo")
                count = len(taken) - mine[-1]
            self._shown = None
            self.game.take_back(count)
            self._set(error="")
        return self.state

    def undoer(self) -> str | None:
        """Whose undo the board's Undo is: the viewer's, or (hot seat while the device is
        passed, or everything shown) the person here who acted last."""
        v = self.viewer
        if v in self.people:
            return v
        s = self.state
        return next((e.player for e in reversed(s.log[first_action(s):])
                     if e.player in self.people), None)

    def undo_refusal(self) -> str | None:
        """Why an undo from this screen would be refused now (``"You cannot undo: ..."``),
        or ``None``."""
        why = self.game.undo_refusal(self.undoer())
        return f"You cannot undo: {why}" if why else None

    # -- the side column ---------------------------------------------------------------------
    def say(self, text: str, kind: str = "info", lines: Iterable[str] = (),
            focus: bool = False) -> None:
        """Show ``text`` in the message area beside the board (``""`` clears it); ``kind``:
        ``"right"``, ``"wrong"``, ``"refused"``, ``"hint"``, ``"info"``... (its colour);
        ``lines``: a list under it; ``focus``: the page brings the board into view (the
        message is about the position it shows)."""
        with self.batch():
            self._said += 1
            message = {"id": self._said, "kind": str(kind), "text": str(text),
                       "lines": [str(x) for x in lines]}
            if focus:
                message["focus"] = True
            self._set(message=message if text else {})

    def set_panel(self, id: str, *, title: str = "", lines: Iterable[str] = (),
                  items: Iterable[str] = (), buttons: Iterable[dict] = (),
                  busy: dict | None = None,
                  on_press: Callable[[str], object] | None = None) -> None:
        """Add or redraw the side panel ``id`` (panels keep the order they were added in):
        ``title``, ``lines`` (paragraphs), ``items`` (a list), ``buttons`` (``{"id",
        "label"[, "title", "disabled", "pressed", "primary"]}``; a press calls
        ``on_press(button_id)``), ``busy`` (``{"text", "seconds"}``: a progress bar)."""
        panel = {"id": str(id), "title": str(title), "lines": [str(x) for x in lines],
                 "items": [str(x) for x in items],
                 "buttons": [{k: b[k] for k in BUTTON_KEYS if k in b} for b in buttons],
                 "busy": dict(busy) if busy else None}
        with self.batch():
            if on_press is not None:
                self._on_press[panel["id"]] = on_press
            if self._panels.get(panel["id"]) != panel:
                self._panels[panel["id"]] = panel
                self._set(panels=list(self._panels.values()))

    def remove_panel(self, id: str) -> None:
        """Take the side panel ``id`` away (if it is there)."""
        with self.batch():
            if self._panels.pop(id, None) is not None:
                self._on_press.pop(id, None)
                self._set(panels=list(self._panels.values()))

    def set_marks(self, *, hints: Iterable[str] | None = None,
                  highlight: Iterable[str] | None = None, error: str | None = None) -> None:
        """Set the suggested moves marked on the board (a Hint), the spaces outlined, or
        the message of a refusal, and redraw."""
        with self.batch():
            if hints is not None:
                self._set(hints=[str(h) for h in hints])
            if highlight is not None:
                self._set(highlight=[str(h) for h in highlight])
            if error is not None:
                self._set(error=str(error))
            if hints is not None or highlight is not None:
                self._stale = True

    # -- viewer and people ------------------------------------------------------------------
    def _check_viewer(self, viewer) -> None:
        ok = viewer in (None, "all", "hotseat") or viewer in self.state.players
        if not ok:
            raise ValueError(f"viewer is one of {', '.join(self.state.players)}, 'all', "
                             f"'hotseat' or None, not {viewer!r}")

    def _default_people(self, viewer) -> tuple[str, ...]:
        if viewer in ("hotseat", "all"):
            return tuple(self.state.players)
        return () if viewer is None else (viewer,)

    def set_viewer(self, viewer: str | None) -> None:
        """Look at the board with other eyes (see the class notes for the values)."""
        self._check_viewer(viewer)
        with self.batch():
            self._mode = "hotseat" if viewer == "hotseat" else "fixed"
            self._fixed_viewer = None if viewer == "hotseat" else viewer
            self._person = None
            self._set(handover="")
            if not self._people_explicit:
                self.game.set_people(self._default_people(viewer))
            self.refresh(live=self.live)

    def set_people(self, people: Iterable[str] | str) -> None:
        """Change which factions may be played from this screen."""
        with self.batch():
            self.game.set_people(people)
            self._people_explicit = True
            self.refresh(live=self.live)

    def _follow_decider(self) -> None:
        """Set the viewer and the handover: in hot seat the view follows the person who
        must decide (and stays put while a bot decides)."""
        if self._mode != "hotseat":
            self._set(handover="", viewer=self._fixed_viewer)
            return
        who = self.state.current_player
        people = self.people
        if who in people and who != self._person:
            if self._person is None or not self.confirm_handover or len(people) < 2:
                self._person = who
                self._set(handover="")
            else:
                self._set(handover=who)
        elif who == self._person:
            self._set(handover="")
        if self._person is None and people:
            self._person = people[0]
        self._set(viewer=None if self.handover else self._person)

    # -- drawing ---------------------------------------------------------------------------
    def may_act(self) -> bool:
        """Whether the person at this screen may act now (the latest position, their
        decision, their eyes, no handover waiting)."""
        s = self.state
        return (self.live and not s.is_over and not self.handover
                and s.current_player in self.people and self.viewer in (s.current_player, "all")
                and (self.may_act_hook is None or self.may_act_hook()))

    def _answers(self) -> Answers:
        if not self.live or self.handover:
            return Answers()
        viewer = self.viewer
        concede = [f for f in self.people if viewer in (f, "all")]
        return Answers(can_act=self.may_act(), can_undo=self.undo_refusal() is None,
                       concessions=tuple(self.game.concessions(concede)))

    def refresh(self, live: bool | None = None) -> None:
        """Recompute every trait from the game (after it changed from outside).

        ``live``: show the latest position (default: if it was shown, or the shown past
        position no longer exists)."""
        with self.batch():
            n = len(self.state.history)
            if live or (live is None and self._shown is not None and self._shown > n):
                self._shown = None
            self._follow_decider()
            self._redraw()
            self._revised = True

    def _redraw(self) -> None:
        self._stale = False
        s = self.state
        n = len(s.history)
        position = n if self._shown is None else min(self._shown, n)
        if self._mark is not None and (self.live or self._mark[0] != position):
            self._mark = None   # a review's mark belongs to its own past position
        view = board_view(s, self.viewer, position, answers=self._answers(),
                          hints=self.traits["hints"], highlight=self.traits["highlight"],
                          mark=self._mark[1] if self._mark else None,
                          log_cache=self._log_cache, text=self.text)
        entries = view.pop("entries")
        if "error" in view:
            self._set(error=view.pop("error"))
        self._set(**view)
        self._sync_log(entries)

    def _sync_log(self, entries: list[dict]) -> None:
        head, tail = log_parts(entries, self.traits["log_head"])
        self._set(log_head=head, log_tail=tail)
        self.traits["entries"] = self._changed["entries"] = entries

    def set_text(self, on: bool) -> None:
        """Text mode on or off (see the class notes)."""
        with self.batch():
            if self.text != bool(on):
                self.text = bool(on)
                self._redraw()

    def show(self, position: int, mark: str | None = None) -> None:
        """Show the position after ``position`` actions (read-only unless it is the latest).
        ``mark``: an action of the player deciding there, marked on that past position as a
        hint is (a review's better move); it goes when another position is shown."""
        n = len(self.state.history)
        if isinstance(position, bool) or not isinstance(position, int) or not 0 <= position <= n:
            raise ValueError(f"a position is a whole number from 0 to {n}, not {position!r}")
        with self.batch():
            self._shown = None if position == n else position
            self._mark = (position, mark) if mark and position < n else None
            self._redraw()

    # -- intents ---------------------------------------------------------------------------
    def handle(self, intent: Any) -> None:
        """Answer an intent of the front end (a click, a button): do it, or set ``error``
        to why not, changing nothing else; ``ack`` echoes its id either way."""
        with self.batch():
            try:
                self._handle(parse_intent(intent, len(self.state.history)))
            except ValueError as err:  # IllegalActionError, and any parsing of bad input
                self._set(error=cut(str(err)))
            except Exception as err:  # noqa: BLE001 - a bug must still answer the click
                self._set(error=cut(f"The board could not do that ({type(err).__name__}: {err})"))
            finally:
                self._set(ack=intent_id(intent))

    def _handle(self, intent: Intent) -> None:
        kind, value = intent.kind, intent.value
        if kind == "action":
            self.choose(value)
        elif kind == "concede":
            self._concede(value)
        elif kind == "undo":
            self._undo()
        elif kind == "scrub":
            self._set(error="")
            self.show(value)
        elif kind == "refused":
            self._set(error=self.on_refused(value) or "")
        elif kind == "press":
            self._press(value["panel"], value["button"])
        elif kind == "line":
            self._line(value)
        elif kind == "text":
            self._set(error="")
            self.set_text(value)
        elif kind == "reveal":
            if not self.handover:
                raise IllegalActionError("There is no handover waiting")
            self._person = self.handover
            self._set(error="")
            self.refresh(live=self.live)

    def choose(self, notation: str) -> None:
        """Play ``notation`` as the person deciding here, with every check a click gets
        (who may act from this screen, the live position, a guard's warning); raises an
        ``IllegalActionError`` saying why not, the game unchanged."""
        s = self.state
        if not self.live:
            raise IllegalActionError(
                f"You are looking at a past position (after {self.position} of "
                f"{len(s.history)} actions): go to the latest position to act")
        if s.is_over:
            raise IllegalActionError(f"'{notation[:60]}' is not allowed: the game is over")
        if self.handover:
            raise IllegalActionError(f"Pass the device to {faction_name(self.handover)} first")
        who = s.current_player
        if who not in self.people:
            raise NotYours(f"It is {faction_name(who)}'s decision now, "
                           f"and {faction_name(who)} is not played from here")
        if self.viewer not in (who, "all"):
            raise NotYours(f"It is {faction_name(who)}'s decision now, "
                           f"not {faction_name(self.viewer)}'s")
        if self.before_action is not None and not self.before_action(notation):
            self._set(error="")
            return
        if self.on_action is not None:
            self.on_action(notation)
            self._set(error="")
            self.refresh()
            return
        self.game.act(who, notation)
        self._set(error="")

    def _concede(self, faction: str) -> None:
        s = self.state
        if faction not in s.players:
            raise IllegalActionError(f"Malformed intent: concede names a player of this game "
                                     f"({', '.join(s.players)}), not {cut(repr(faction), 40)}")
        if not self.live:
            raise IllegalActionError("You are looking at a past position: go to the latest "
                                     "position to concede")
        if self.handover:
            raise IllegalActionError(f"Pass the device to {faction_name(self.handover)} first")
        if faction not in self.people or self.viewer not in (faction, "all"):
            raise NotYours(f"Only {faction_name(faction)} can concede for "
                           f"{faction_name(faction)}, and not from this board")
        notation = f"concede {faction}"
        if self.on_action is not None:
            self.on_action(notation)
            self._set(error="")
            self.refresh()
            return
        self.game.concede(faction)
        self._set(error="")

    def _undo(self) -> None:
        if self.handover:
            raise IllegalActionError(f"Pass the device to {faction_name(self.handover)} first")
        why = self.undo_refusal()
        if why:
            raise Refusal(why)
        self._shown = None
        if self.on_undo is not None:
            self.on_undo()
        else:
            self.game.undo(self.undoer())
        self._set(error="")
        self.refresh(live=True)

    def _press(self, panel_id: str, button_id: str) -> None:
        panel = self._panels.get(panel_id)
        button = next((b for b in panel["buttons"] if b["id"] == button_id),
                      None) if panel else None
        if button is None or panel_id not in self._on_press:
            raise IllegalActionError(f"There is no button {cut(button_id, 40)!r} here any more")
        if button.get("disabled"):
            raise IllegalActionError(f"{button['label']} is not available now"
                                     + (f": {button['title']}" if button.get("title") else ""))
        self._set(error="")
        self._on_press[panel_id](button_id)

    def _line(self, line: str) -> None:
        """A line typed in text mode: an action of the person here, or a question about
        the position shown, answered in the message area (the page's notice region)."""
        shown = self.shown_state()
        legal = shown.legal_actions() if self.may_act() else []
        reading = read_line(shown, self.viewer, line, legal,
                            choices=self.traits["choices"] if legal else [])
        self._set(error="")
        if reading.kind == "action":
            self.say("")    # the log says what it did
            self.choose(reading.value)
        elif reading.kind == "undo":
            self._undo()
        elif reading.kind == "answer":
            self.say(reading.value, "answer", reading.lines)
        elif reading.kind == "chance":
            advice = self._panels.get("advisor")
            lines = [x for x in advice["lines"]] if advice else []
            if not lines:
                raise NotPossible("Not possible: no chance to win is worked out on this board "
                                  "(its Analysis is off, or it has none)")
            self.say(lines[0], "answer", lines[1:])
        else:   # a button of a side panel, by its name
            self._press_named(reading.value)

    def _press_named(self, name: str) -> None:
        for panel in self._panels.values():
            for button in panel["buttons"]:
                words = button["label"].lower().strip(" ›‹»«↶")
                if name in (words, button["id"]):
                    self._press(panel["id"], button["id"])
                    return
        raise NotPossible(f"Not possible: there is no {name} button here now")

    def on_refused(self, target: dict) -> str:
        """The message shown for a click on ``target`` (the clicked element's data
        attributes, ``{"space": "3,1", ...}``) where no action is offered: the rule that
        refuses it, in the engine's words (:func:`ahoy_nb.tutorials.friendly.explain_click`),
        or whose decision it is. ``on_refused=`` replaces it (a lesson explains a wrong
        click its own way)."""
        if self.on_refused_hook is not None:
            return self.on_refused_hook(target)
        s = self.state
        if not self.may_act():
            if s.is_over:
                return "The game is over"
            if not self.live:
                return "This is a past position: go to the latest position to act"
            return f"It is {faction_name(s.current_player)}'s decision now"
        return explain_click(s, target)

    def close(self) -> None:
        """Stop following the game."""
        self.game.remove_listener(self._on_game)
        self._listeners.clear()

    def __repr__(self) -> str:
        text = standing(self.state)
        if not self.live:
            text += f", showing position {self.position} of {len(self.state.history)}"
        return text


def _copy(value):
    return list(value) if isinstance(value, list) else dict(value) if isinstance(value, dict) else value
