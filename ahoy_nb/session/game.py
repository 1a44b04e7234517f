"""One game, its seats, and the answers every front end asks for.

A :class:`GameSession` holds the live :class:`~ahoy_nb.engine.State` and who plays each
faction (a :class:`Seat`: a person at this screen, a person elsewhere, or a bot), and
answers, the same way for the notebook's game, the Panel app and the online tables:

* who may act now, and on what (:meth:`~GameSession.act_refusal`, :meth:`~GameSession.act`);
* whether a seat may take its last action back (:meth:`~GameSession.undo_refusal`): the
  fair rule, nobody takes back what revealed a roll or a card, nor what another person
  has seen and answered;
* conceding (:meth:`~GameSession.concessions`, :meth:`~GameSession.concede`);
* opening a save (:meth:`~GameSession.open`): the seats follow the saved game's
  players, or the file is refused with the reason;
* which bot must move (:meth:`~GameSession.bot_to_move`); the bots' pace is
  :class:`~ahoy_nb.session.bots.BotRunner`'s.

>>> from ahoy_nb.engine import new_game
>>> game = GameSession.of(new_game(3, seed=1), people=("bluefin",), bots="easy")
>>> game
GameSession(round 1, bluefin to decide; people: bluefin; bots: smuggler1 easy, mollusk easy)
>>> game.act_refusal("mollusk", "start 0,0")
"It is Bluefin's decision now, not Mollusk's"
>>> _ = game.act("bluefin", "start 0,0")
>>> game.undo_refusal("bluefin") is None, game.bot_to_move()
(True, 'smuggler1')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Literal, Mapping

from ..ai.bots import Bot
from ..ai.levels import make_bot, think_time
from ..engine import Action, IllegalActionError, State
from ..engine.state import require_state
from ..engine.undo import revealed
from ..engine.words import faction_name
from .view import first_action

__all__ = ["GameSession", "Seat", "Refusal", "NotYours", "NothingToUndo", "SeatsError",
           "UNDO_RULES"]

UNDO_RULES = ("fair", "free")


class Refusal(IllegalActionError):
    """Something a seat may not do now, with the reason in words; nothing changed.
    ``forbidden``: whether it is refused because of *who* asks (an HTTP 403) rather than
    because of the position (a 400)."""

    forbidden = False

    def __init__(self, text: str, forbidden: bool | None = None):
        super().__init__(text)
        if forbidden is not None:
            self.forbidden = forbidden


class NotYours(Refusal):
    """The decision, the action or the concession is another seat's."""

    forbidden = True


class NothingToUndo(Refusal):
    """The seat has no action to take back (none at all, or none of its own)."""


class SeatsError(ValueError):
    """A saved game whose players cannot be seated here (no faction played here is in it)."""


@dataclass
class Seat:
    """Who plays a faction: ``"here"`` (a person at this screen), ``"remote"`` (a person
    elsewhere: another seat of an online table, or code calling :meth:`GameSession.act`)
    or ``"bot"`` (``level``: its name, ``bot``: the bot itself)."""

    kind: Literal["here", "remote", "bot"]
    level: str | None = None
    bot: Any = field(default=None, repr=False)

    @property
    def person(self) -> bool:
        return self.kind != "bot"

    @classmethod
    def of_bot(cls, kind: str | Bot, seed: int | None = None, **options) -> "Seat":
        """A bot's seat, from a level (``"normal"``...) or a bot object."""
        bot = make_bot(kind, seed=seed, **options)
        return cls("bot", getattr(bot, "name", type(bot).__name__), bot)


class GameSession:
    """One game and its seats (see the module notes).

    * ``state``: the live game; the session changes this very object.
    * ``seats``: ``{faction: Seat}``; factions not named are ``"remote"`` (played by code).
    * ``undo``: ``"fair"`` (see :meth:`undo_refusal`) or ``"free"`` (anything may be
      taken back: analysis, a lesson).

    Listeners (:meth:`on_change`) are called with the session after every change of the
    game (an action, an undo, a save opened).
    """

    def __init__(self, state: State, seats: Mapping[str, Seat] | None = None, *,
                 undo: str = "fair"):
        if undo not in UNDO_RULES:
            raise ValueError(f"undo is 'fair' or 'free', not {undo!r}")
        require_state(state)
        self.undo_rule = undo
        self._state = state
        self.seats: dict[str, Seat] = {}
        self._seat(state.players, seats or {})
        self._listeners: list[Callable[["GameSession"], None]] = []
        self.revision = 0

    @classmethod
    def of(cls, state: State, people: Iterable[str] | str = (),
           bots: str | Bot | Mapping[str, str | Bot] = "normal", seed: int | None = None,
           undo: str = "fair") -> "GameSession":
        """A session from ``play()``'s arguments: ``people`` at this screen (``"all"``:
        every faction), the others played by ``bots`` (a level or bot for all, or
        ``{faction: level}``, the rest ``"normal"``), seeded from ``seed`` (never shown)."""
        players = state.players
        people = people_of(players, people)
        if isinstance(bots, Mapping):
            for f in bots:
                _check_faction(players, f)
        base = 0 if seed is None else int(seed)
        seats = {}
        for i, f in enumerate(players):
            if f in people:
                seats[f] = Seat("here")
            else:
                kind = bots.get(f, "normal") if isinstance(bots, Mapping) else bots
                seats[f] = Seat.of_bot(kind, seed=base * 10 + i + 1)
        return cls(state, seats, undo=undo)

    def _seat(self, players: list[str], seats: Mapping[str, Seat]) -> None:
        for f in seats:
            _check_faction(players, f)
        self.seats = {f: seats.get(f) or Seat("remote") for f in players}

    # -- reading ---------------------------------------------------------------------
    @property
    def state(self) -> State:
        """The live game."""
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        """Go on with another position (a lesson's next step, a position set by code):
        each faction keeps its seat; a faction new here is played by code (``"remote"``)."""
        self._seat(state.players, {f: seat for f, seat in self.seats.items()
                                   if f in state.players})
        self._state = state
        self.changed()

    @property
    def people(self) -> tuple[str, ...]:
        """The factions played by people at this screen, in seat order."""
        return tuple(f for f, seat in self.seats.items() if seat.kind == "here")

    @property
    def bots(self) -> dict[str, Any]:
        """``{faction: bot}`` for the factions bots play."""
        return {f: seat.bot for f, seat in self.seats.items() if seat.kind == "bot"}

    def is_bot(self, faction: str | None) -> bool:
        seat = self.seats.get(faction) if faction else None
        return seat is not None and seat.kind == "bot"

    def set_people(self, people: Iterable[str] | str) -> None:
        """Which factions are played by people at this screen; the other person seats
        become ``"remote"`` (bots keep their seats)."""
        chosen = people_of(self._state.players, people)
        for f, seat in self.seats.items():
            if f in chosen:
                self.seats[f] = Seat("here")
            elif seat.kind == "here":
                self.seats[f] = Seat("remote")

    # -- listeners ---------------------------------------------------------------------
    def on_change(self, listener: Callable[["GameSession"], None]) -> None:
        """Call ``listener(session)`` after every change of the game."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[["GameSession"], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def changed(self) -> None:
        """Tell the listeners the game changed (called by every change made here, and by
        code that changed :attr:`state` itself)."""
        self.revision += 1
        for listener in list(self._listeners):
            listener(self)

    # -- acting ------------------------------------------------------------------------
    def act_refusal(self, seat: str | None, action: Action | str) -> str | None:
        """Why ``seat`` may not take ``action`` now (``None``: it may try; the engine
        still judges whether the action is legal)."""
        why = self._act_refusal(seat, action)
        return str(why) if why else None

    def _act_refusal(self, seat: str | None, action: Action | str) -> Refusal | None:
        s = self._state
        text = action.notation if isinstance(action, Action) else str(action)
        if seat is None:
            return NotYours("A spectator cannot act")
        if s.is_over:
            return Refusal(f"'{text[:60]}' is not allowed: the game is over")
        who = s.who_acts(action)
        if who != seat:
            if Action(seat, text.strip().lower()).verb == "concede":
                return NotYours(f"Only {faction_name(who)} can concede for {faction_name(who)}")
            return NotYours(f"It is {faction_name(who)}'s decision now, not "
                            f"{faction_name(seat)}'s")
        return None

    def act(self, seat: str | None, action: Action | str) -> State:
        """Take ``action`` for ``seat``: refused with :class:`NotYours` if it is not that
        seat's to take, with the engine's :class:`IllegalActionError` if the rules do not
        allow it; the game is unchanged then."""
        why = self._act_refusal(seat, action)
        if why:
            raise why
        return self.apply(action)

    def apply(self, action: Action | str) -> State:
        """Apply ``action`` for whoever must decide (a bot, a script, a lesson)."""
        self._state.apply(action)
        self.changed()
        return self._state

    # -- undo ----------------------------------------------------------------------------
    def undo_refusal(self, seat: str | None) -> Refusal | None:
        """Why ``seat`` may not take back its last action now, or ``None``.

        Undo takes back the seat's last action and the bots' actions after it. The fair
        rule allows it only if no other person has acted since nor must decide now (they
        have seen the position), the game is not over, and those actions revealed nothing
        to the seat (:func:`~ahoy_nb.engine.undo.revealed`: no roll, no card or tile
        drawn). The free rule allows taking back the last action of any person here, and
        whatever followed it.
        """
        s = self._state
        if seat is None or seat not in self.seats or not self.seats[seat].person:
            return NotYours("a spectator cannot undo")
        taken = s.log[first_action(s):]
        if not taken:
            return NothingToUndo("there is no action to undo: this is the start of the game")
        if self.undo_rule == "free":
            return None if self._undo_count(seat) else NothingToUndo("there is no action of yours to undo", forbidden=True)
        if s.is_over:
            return Refusal("the game is over")
        last = taken[-1].player
        if last != seat and not self.is_bot(last):
            return NotYours(f"the last action is {faction_name(last)}'s, not yours")
        count = self._undo_count(seat)
        if not count:
            return NothingToUndo("there is no action of yours to undo", forbidden=True)
        other = next((e.player for e in taken[len(taken) - count:]
                      if e.player != seat and not self.is_bot(e.player)), None)
        if other is not None:
            return NotYours(f"{faction_name(other)} has played since your last action")
        deciding = s.current_player
        if deciding not in (seat, None) and not self.is_bot(deciding):
            return NotYours(f"{faction_name(deciding)} has the decision now")
        why = revealed(s, count, viewer=seat)
        return Refusal(why) if why else None

    def _undo_count(self, seat: str) -> int:
        """How many actions an undo by ``seat`` takes back (0: none of its own): back to
        its last action, or, under the free rule, to the last action of a person here
        (one action when nobody plays here)."""
        s = self._state
        taken = s.log[first_action(s):]
        mine = {seat} if self.undo_rule == "fair" else (set(self.people) | {seat})
        for back, entry in enumerate(reversed(taken), start=1):
            if entry.player in mine:
                return back
        return 0

    def undo(self, seat: str | None) -> list[str]:
        """Take back ``seat``'s last action and the actions after it, if the undo rule
        allows (else its :class:`Refusal`); the notations taken back, oldest first."""
        why = self.undo_refusal(seat)
        if why:
            raise why
        return self.take_back(self._undo_count(seat))

    def take_back(self, count: int = 1) -> list[str]:
        """Take back the last ``count`` actions, whoever made them (a script's undo)."""
        s = self._state
        taken = []
        for _ in range(count):
            taken.append(s.log[-1].action if s.log else "")
            s.undo()
        self.changed()
        return taken[::-1]

    # -- conceding ------------------------------------------------------------------------
    def concessions(self, seats: Iterable[str]) -> list[dict]:
        """Who among ``seats`` may concede now, with the engine's words for its effect:
        ``[{"f", "label", "warn"}]``."""
        s = self._state
        out = []
        for f in seats:
            if f in self.seats and self.seats[f].person and s.may_concede(f):
                # Who would win is the engine's to say (the position after it, on a copy).
                after = s.after(Action(f, f"concede {f}"))
                others = " and ".join(map(faction_name, after.winners))
                out.append({"f": f, "label": f"Concede for {faction_name(f)}",
                            "warn": f"If {faction_name(f)} concedes, the game ends now and "
                                    f"{others} wins."})
        return out

    def concede(self, seat: str | None) -> State:
        """``seat`` concedes (in a game of two, at any moment: the other player wins)."""
        if seat is None or seat not in self.seats or not self.seats[seat].person:
            raise NotYours("Only a player can concede")
        return self.act(seat, Action(seat, f"concede {seat}"))

    # -- bots -------------------------------------------------------------------------------
    def bot_to_move(self) -> str | None:
        """The faction of the bot that must decide now, if any."""
        s = self._state
        who = s.current_player
        return who if not s.is_over and self.is_bot(who) else None

    def info_line(self, undoer: str | None, seed: str = "") -> str:
        """The line a game's page shows above its board, in plain text: the bots (how long
        one thinks), the one to play now, ``seed`` (when it may be shown), and why the
        person here (``undoer``) may not undo now.

        >>> from ahoy_nb.engine import new_game
        >>> GameSession.of(new_game(2, seed=3), people=("bluefin",), bots="hard").info_line("bluefin")
        'Bots: Mollusk (hard, about 0.3 s a decision)'
        """
        who = self.bot_to_move()
        parts = []
        if self.bots:
            names = ", ".join(f"{faction_name(f)} ({getattr(seat.bot, 'name', seat.level)}"
                              + (f", {think_time(seat.bot)})" if think_time(seat.bot) else ")")
                              for f, seat in self.seats.items() if seat.kind == "bot")
            parts.append(f"Bots: {names}" + (f" · {faction_name(who)} to play" if who else ""))
        if seed:
            parts.append(seed)
        why = self.undo_refusal(undoer)
        if why and self.people and not isinstance(why, NothingToUndo):
            parts.append(f"You cannot undo: {why}")
        return " · ".join(parts)

    # -- opening a save ---------------------------------------------------------------------
    def open(self, state: State) -> str:
        """Continue with ``state`` (a saved game) in place of this game: the people here
        keep their factions, bots keep theirs, and a faction that had no seat gets a bot
        of the level the others have (``normal`` if they differ). Returns the new seats in
        words (``""``: none). Raises :class:`SeatsError` if none of the factions played
        here is in the saved game (the game is unchanged then)."""
        players = state.players
        people = self.people
        if people and not any(f in players for f in people):
            raise SeatsError(
                f"this save is a game of {_names(players)}, and none of them is played here "
                f"(you play {_names(people)}): start a game in which you play one of them, "
                f"then open it")
        levels = {seat.level for seat in self.seats.values() if seat.kind == "bot"}
        level = levels.pop() if len(levels) == 1 else "normal"
        kept = {f: self.seats[f] for f in players if f in self.seats}
        new = [f for f in players if f not in kept]
        for i, f in enumerate(players):
            if f in new:
                kept[f] = Seat.of_bot(level, seed=state.data.get("seed", 0) * 10 + i + 1)
        self._state = state
        self.seats = {f: kept[f] for f in players}
        self.changed()
        return "; ".join(f"{faction_name(f)} is played by a {self.seats[f].level} bot"
                         for f in new)

    def __repr__(self) -> str:
        head = standing(self._state)
        people = ", ".join(self.people) or "none"
        bots = ", ".join(f"{f} {seat.level}" for f, seat in self.seats.items()
                         if seat.kind == "bot") or "none"
        return f"GameSession({head}; people: {people}; bots: {bots})"


def standing(state: State) -> str:
    """Where a game stands, in a repr's few words: ``"round 2, mollusk to decide"``."""
    if state.is_over:
        return f"round {state.round}, over: {' and '.join(state.winners)} won"
    return f"round {state.round}, {state.current_player} to decide"


def _names(factions: Iterable[str]) -> str:
    names = [faction_name(f) for f in factions]
    return ", ".join(names[:-1]) + (" and " if len(names) > 1 else "") + names[-1]


def _check_faction(players: list[str], f) -> None:
    if f not in players:
        raise ValueError(f"{f!r} is not a player of this game ({', '.join(players)})")


def people_of(players: list[str], people: Iterable[str] | str) -> tuple[str, ...]:
    """The factions played by people, from ``play()``'s ``people`` (one faction, several,
    ``"all"`` or ``()``), each checked to be a player of the game.

    >>> people_of(["bluefin", "mollusk"], "all"), people_of(["bluefin", "mollusk"], "mollusk")
    (('bluefin', 'mollusk'), ('mollusk',))
    """
    if isinstance(people, str):
        people = players if people == "all" else (people,)
    elif not isinstance(people, Iterable):
        raise ValueError(f"people is a faction, several, 'all' or (), not {people!r}")
    people = tuple(people)
    for f in people:
        _check_faction(players, f)
    return people
