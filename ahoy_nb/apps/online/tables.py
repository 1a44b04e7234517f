"""The tables: the Master of online play (boardgame.io's word), over a :class:`Store`.

Every decision is checked here, against the stored version: who may see what (a seat
gets the engine's :func:`~ahoy_nb.engine.observe.view` for that seat, a spectator the
public view), who may act (only the seat that must decide), whether an action is
legal (the engine's reason if not), whether the writer saw the latest version
(compare-and-swap in the store). Memory holds only a cache: the :class:`State` of each
table at the version last seen, advanced by the new actions when the store moved on,
replayed from the start position otherwise. So any number of processes on one store
serve one table correctly.

Bots take seats too (a level of :data:`ahoy_nb.ai.levels.LEVELS`) and move here, on the
server, through the same compare-and-swap as people. Who may act, undo and concede is
the session layer's to say (:class:`~ahoy_nb.session.game.GameSession`, the same rules as
the notebook's game and the Panel app's), and a seat's board is the session layer's view
of the position (:func:`~ahoy_nb.session.view.board_view`): the server imports no widget
library.

>>> from ahoy_nb.apps.online.store import Store
>>> tables = Tables(Store("sqlite://"))
>>> made = tables.create({"players": 2, "bots": {"mollusk": "easy"}, "seed": 3},
...                      base_url="http://127.0.0.1:5006/")
>>> me = made["seats"]["bluefin"]["token"]
>>> seen = tables.get(made["table"], me)
>>> seen["seat"], seen["version"], seen["legal"]
('bluefin', 0, ['start 0,0', 'start 3,2'])
>>> tables.act(made["table"], me, 0, "start 0,0")["version"]
1
>>> tables.act(made["table"], me, 0, "start 3,2")
Traceback (most recent call last):
...
ahoy_nb.apps.online.tables.Stale: This move was made on version 0, but the table is at version 1: reload it
>>> tables.get(made["table"], "not-a-token")
Traceback (most recent call last):
...
ahoy_nb.apps.online.tables.Forbidden: This link's token is not one of this table's: ask for a new link
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import marshal
import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import replace
from typing import Callable

from ...ai.analysis import review
from ...ai.levels import LEVELS, make_bot
from ...engine import IllegalActionError, State, new_game
from ...engine.components import SEATS
from ...session.game import GameSession, Refusal, Seat
from ...session.panels import ReviewPanel
from ...session.reviewing import cores, decision_text, review_on
from ...session.text import MAX_LINE, NotPossible, read_line
from ...session.view import MAX_NOTATION, SERVED, Answers, board_view, shown_state
from .store import Store, TableRow, token_hash

__all__ = ["Tables", "TableError", "BadRequest", "Forbidden", "NotFound", "Stale", "Broken",
           "NotYet", "session_of", "SPECTATOR"]

log = logging.getLogger("ahoy_nb.online")

SPECTATOR = "spectator"        # who a spectator is, in presence records
MAX_ITERATIONS = 5000          # a hard bot's iterations a decision, at most
CONNECTED_S = 15.0             # seen this recently: connected
TOUCH_EVERY_S = 3.0            # presence written at most this often per seat and process
SEEN_EVERY_S = 1.0             # ... and read at most this often per table and process
STALLED_S = 3.0                # a bot to move and no write for this long: this process plays it


class TableError(ValueError):
    """A request the tables refuse; ``status`` is its HTTP status, the message the reason."""

    status = 400


class BadRequest(TableError):
    status = 400


class Forbidden(TableError):
    status = 403


class NotFound(TableError):
    status = 404


class Stale(TableError):
    """The request was made on an older version than the table's (``version``: the latest)."""

    status = 409

    def __init__(self, message: str, version: int):
        super().__init__(message)
        self.version = version


class NotYet(TableError):
    """A request that waits for the end of the game (a review)."""

    status = 409


class Broken(TableError):
    """A stored table this version of ahoy-nb cannot replay (a server-side fault)."""

    status = 500


def session_of(state: State, seats: dict) -> GameSession:
    """The table's game as a session: its stored seats (``{"bot": level, ...}`` or a
    person's ``{"token": hash}``), each person elsewhere, under the fair undo rule.

    >>> s = new_game(2, seed=3).apply("start 0,0")
    >>> game = session_of(s, {"bluefin": {"token": "…"}, "mollusk": {"token": "…"}})
    >>> game.undo_refusal("bluefin") is None
    True
    >>> str(game.undo_refusal("mollusk"))
    "the last action is Bluefin's, not yours"
    """
    return GameSession(state, {f: Seat("bot", spec["bot"]) if "bot" in spec else Seat("remote")
                               for f, spec in seats.items()}, undo="fair")


def _seat_names(seats: dict) -> dict[str, str]:
    """Who plays each seat, in words everyone may read: ``"person"`` or ``"hard bot"``."""
    return {f: (f"{spec['bot']} bot" if "bot" in spec else "person") for f, spec in seats.items()}


class _Cached:
    __slots__ = ("version", "actions", "state")

    def __init__(self, version: int, actions: list[str], state: State):
        self.version, self.actions, self.state = version, actions, state


class _Review:
    """A finished game's review for one seat (or the spectator), as it is worked out."""

    def __init__(self) -> None:
        self.done, self.total = 0, 0
        self.answer: dict | None = None

    def report(self, done: int, total: int) -> None:
        self.done, self.total = done, total


class _Panel:
    """Where a :class:`~ahoy_nb.session.panels.ReviewPanel` draws: the panel kept as data."""

    def __init__(self) -> None:
        self.panel: dict = {}

    def set_panel(self, id: str, *, title: str = "", lines=(), buttons=(), busy=None,
                  on_press=None) -> None:
        self.panel = {"id": id, "title": title, "lines": list(lines), "items": [],
                      "buttons": list(buttons), "busy": busy}


def review_answer(state: State, seat: str | None) -> dict:
    """The review of the finished game ``state`` for ``seat`` (``None``: the spectator,
    every player's decisions), as a page shows it: ``panel`` (the side column's review
    panel, as the notebook's game draws it: the summary and the costliest decisions,
    buttons ``mark-<k>``) and ``marks`` (``{k: {"text", "best"}}``: the decision at
    position ``k`` in words, and the better move to mark on that position).
    Each decision is judged as its player saw it (:func:`~ahoy_nb.ai.analysis.review`).

    >>> import random
    >>> s, r = new_game(2, seed=3), random.Random(3)
    >>> while not s.is_over:
    ...     _ = s.apply(r.choice(s.legal_actions()))
    >>> answer = review_answer(s, "bluefin")
    >>> answer["panel"]["title"], answer["panel"]["lines"][0].startswith("Bluefin: ")
    ('Review', True)
    """
    return _review_answer(review(state, seat, progress=False))


def _review_answer(result) -> dict:
    drawn = _Panel()
    panel = ReviewPanel(drawn)
    panel.show_controls(False, "The game is reviewed")
    panel.show_review(result)
    # The page has no chart under the board: the decisions not listed are only counted.
    drawn.panel["lines"] = [line.replace(" on the chart below.", " not listed.")
                            for line in drawn.panel["lines"]]
    return {"panel": drawn.panel,
            "marks": {str(d.index): {"text": decision_text(d), "best": d.best}
                      for d in panel.listed()}}


class Tables:
    """The tables of one server process, kept in ``store``.

    * ``bots_in``: how bots play: ``None`` (default) inline, right after the write that
      gave them the decision; or an executor (``submit(fn, *args)``), as the server does,
      so that a hard bot's second of thought never holds up a request. Reviews are worked
      out there too (:meth:`review`).
    * ``cache_size``: how many tables' positions to keep in memory (a whole game with
      its history is about 1.3 MB).

    Listeners (``tables.listeners.append(fn)``) are called with ``(table_id, version)``
    after each write this process makes, from the writing thread.
    """

    def __init__(self, store: Store, *, bots_in=None, cache_size: int = 100,
                 board_cache_size: int = 256):
        self.store = store
        self.bots_in = bots_in
        self.cache_size = cache_size
        self.board_cache_size = board_cache_size
        self.listeners: list[Callable[[str, int], None]] = []
        self._lock = threading.RLock()
        self._states: OrderedDict[str, _Cached] = OrderedDict()
        self._boards: OrderedDict[tuple, dict] = OrderedDict()
        self._touched: dict[tuple[str, str], float] = {}
        self._seen: dict[str, tuple[float, dict]] = {}
        self._bots_running: set[str] = set()
        self._reviews: OrderedDict[tuple, _Review] = OrderedDict()

    # -- creating ------------------------------------------------------------------
    def create(self, spec: dict, base_url: str = "") -> dict:
        """A new table from ``{"players": 3, "bots": {"mollusk": "hard"}, "seed": 7}``
        (``bots`` and ``seed`` optional; a bot is a level or ``{"level": "hard",
        "iterations": 30}``). Returns each seat's token and link (a bot's level for a
        bot seat) and the spectator's: the only time the tokens are ever shown."""
        if not isinstance(spec, dict):
            raise BadRequest('A new table is an object like {"players": 3, "bots": '
                             '{"mollusk": "hard"}}')
        unknown = sorted(set(spec) - {"players", "bots", "seed"})
        if unknown:
            raise BadRequest(f"Unknown field {unknown[0][:40]!r}: a new table takes players, "
                             f"bots and seed")
        players = spec.get("players", 3)
        if isinstance(players, bool) or players not in SEATS:
            raise BadRequest(f"players is 2, 3 or 4, not {str(players)[:40]!r}")
        factions = list(SEATS[players])
        bots = spec.get("bots") or {}
        if not isinstance(bots, dict):
            raise BadRequest('bots is an object like {"mollusk": "hard"}')
        seed = spec.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2 ** 32):
            raise BadRequest(f"seed is a whole number from 0 to {2 ** 32 - 1}, "
                             f"not {str(seed)[:40]!r}")
        seats: dict[str, dict] = {}
        tokens: dict[str, str] = {}
        for f, level in bots.items():
            if f not in factions:
                raise BadRequest(f"{str(f)[:40]!r} is not a seat of a {players}-player game "
                                 f"({', '.join(factions)})")
            seats[f] = _bot_spec(f, level)
        for f in factions:
            if f not in seats:
                tokens[f] = secrets.token_urlsafe(32)
                seats[f] = {"token": token_hash(tokens[f])}
        if not tokens:
            raise BadRequest("A table needs at least one person: every seat is a bot")
        watch = secrets.token_urlsafe(32)
        state = new_game(players, seed=seed)
        table_id = secrets.token_urlsafe(9)
        self.store.create(TableRow.new(table_id, state.to_json(), seats, token_hash(watch),
                                       seed_chosen=seed is not None))
        self._remember(table_id, 0, [], state)
        link = _linker(base_url, table_id)
        self._wake_bots(table_id, state, seats)
        return {"table": table_id, "version": 0,
                "seats": {f: ({"token": tokens[f], "url": link(tokens[f])} if f in tokens
                              else {"bot": seats[f]["bot"]}) for f in factions},
                "spectator": {"token": watch, "url": link(watch)}}

    # -- reading -------------------------------------------------------------------
    def get(self, table_id: str, token: str | None) -> dict:
        """What the token's holder may see: ``{"table", "version", "seat", "view",
        "legal", "over", "deciding", "seats", "connected", "can_undo", "seed_chosen"}``.
        ``legal`` is empty unless the seat must decide now."""
        row, seat = self._admit(table_id, token)
        row, state = self._position(row)
        self._wake_bots(table_id, state, row.seats, row)
        view = state.view(seat)
        return {"table": row.id, "version": row.version, "seat": seat,
                "view": view, "legal": list(view.get("legal_actions", ())),
                **self._public(row, state, seat)}

    def board(self, table_id: str, token: str | None, at: int | None = None,
              mark: str | None = None, text: bool = False) -> dict:
        """The board as the token's holder sees it, as the front end draws it: the
        :data:`~ahoy_nb.session.view.SERVED` traits of a board for that seat (``at``: the
        position after that many actions, read-only; default the latest). ``mark``: once
        the game is over, an action of the player deciding at ``at``, marked on it as a
        hint is (a review's better move). ``text``: with the position in words, for a page
        in text mode."""
        row, seat = self._admit(table_id, token)
        row, state = self._position(row)
        self._wake_bots(table_id, state, row.seats, row)
        n = len(state.history)
        if at is not None and (isinstance(at, bool) or not isinstance(at, int)
                               or not 0 <= at <= n):
            raise BadRequest(f"at is a position from 0 to {n}, not {str(at)[:20]!r}")
        if mark is not None:
            if not state.is_over:
                raise NotYet("A move is marked on a past position once the game is over")
            if at is None or at >= n:
                raise BadRequest("A marked move needs a past position (at)")
            past = State(marshal.loads(state.history[at]))
            if mark not in {a.notation for a in past.legal_actions()}:
                raise BadRequest(f"{mark[:40]!r} was not a choice at position {at}")
        key = (row.id, row.version, seat, n if at is None else at, mark, bool(text))
        with self._lock:
            traits = self._boards.get(key)
            if traits is not None:
                self._boards.move_to_end(key)
        if traits is None:
            traits = self._board_traits(row, state, seat, at, mark, bool(text))
            with self._lock:
                self._boards[key] = traits
                while len(self._boards) > self.board_cache_size:
                    self._boards.popitem(last=False)
        return {"table": row.id, "version": row.version, "seat": seat, "board": traits,
                **self._public(row, state, seat)}

    def poll(self, table_id: str, token: str | None) -> dict:
        """The little a waiting page needs: ``{"version", "over", "deciding", "connected"}``."""
        row, seat = self._admit(table_id, token)
        row, state = self._position(row)
        self._wake_bots(table_id, state, row.seats, row)
        return {"table": row.id, "version": row.version, "over": row.over,
                "deciding": None if state.is_over else state.current_player,
                "connected": self.connected(row)}

    def review(self, table_id: str, token: str | None) -> dict:
        """The review of a finished game for the token's holder: a seat's own decisions,
        every player's for the spectator, each judged as its player saw it. The first
        request starts it (on ``bots_in``, or at once); until it is done the answer is
        ``{"done", "total"}`` (decisions reviewed, of how many), then ``{"panel", "marks"}``
        (:func:`review_answer`). 409 while the game goes on: a review during the game
        would help one player against the others."""
        row, seat = self._admit(table_id, token)
        row, state = self._position(row)
        if not state.is_over:
            raise NotYet("A review waits for the end of the game")
        key = (row.id, row.version, seat)
        with self._lock:
            job = self._reviews.get(key)
            start = job is None
            if start:
                job = self._reviews[key] = _Review()
                while len(self._reviews) > self.cache_size:
                    self._reviews.popitem(last=False)

        def work():
            try:
                job.answer = _review_answer(review_on(cores(), state, seat,
                                                      progress=job.report))
            except Exception:   # a review must never break the table: ask again later
                log.exception("review of table %s failed", row.id)
                with self._lock:
                    self._reviews.pop(key, None)
                raise
        if start:
            if self.bots_in is None:
                work()
            else:
                self.bots_in.submit(work)
        head = {"table": row.id, "version": row.version, "seat": seat}
        if job.answer is None:
            return {**head, "done": job.done, "total": job.total}
        return {**head, **job.answer}

    def version(self, table_id: str) -> int | None:
        """The stored version (``None``: no such table)."""
        return self.store.version(table_id)

    # -- acting ----------------------------------------------------------------------
    def act(self, table_id: str, token: str | None, version, action) -> dict:
        """Take ``action`` (notation) for the token's seat on ``version`` of the table.

        A seat may concede (``concede <its faction>``) whoever is deciding, as the engine
        allows (``State.who_acts``). Raises :class:`Stale` (409) if the table moved on,
        :class:`Forbidden` (403) for a spectator, a decision that is not this seat's or
        another seat's concession, :class:`BadRequest` (400) with the engine's reason for
        an illegal action; nothing changes then."""
        row, seat = self._admit(table_id, token)
        if seat is None:
            raise Forbidden("A spectator's link cannot act")
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_NOTATION:
            raise BadRequest(f"An action is its notation, like 'sail 4', not "
                             f"{str(action)[:60]!r}")
        row, state = self._position(row)
        self._check_version(row, version)
        after = state.copy()
        try:
            session_of(after, row.seats).act(seat, action)
        except IllegalActionError as err:   # a Refusal (whose decision), or the rules'
            raise _refused(err) from None
        notation = after.log[-1].action
        self._write(row, row.actions + [notation], after)
        return {"table": row.id, "version": row.version + 1, "action": notation,
                "over": after.is_over}

    def undo(self, table_id: str, token: str | None, version) -> dict:
        """Take back the seat's own last action, and the bots' actions after it, if the
        fair rule allows (:meth:`~ahoy_nb.session.game.GameSession.undo_refusal`): the
        answer's ``undone`` is the seat's action, ``actions`` how many were taken back."""
        row, seat = self._admit(table_id, token)
        if seat is None:
            raise Forbidden("A spectator's link cannot undo")
        row, state = self._position(row)
        self._check_version(row, version)
        after = state.copy()
        try:
            taken = session_of(after, row.seats).undo(seat)
        except Refusal as err:
            raise _refused(err, "You cannot undo: ") from None
        self._write(row, row.actions[:-len(taken)], after)
        return {"table": row.id, "version": row.version + 1, "undone": taken[0],
                "actions": len(taken), "over": after.is_over}

    def line(self, table_id: str, token: str | None, version, line, at: int | None = None) -> dict:
        """A line typed on the token's page in text mode (:func:`~ahoy_nb.session.text.read_line`):
        an action or an undo is made as :meth:`act` and :meth:`undo` make them (and
        answered as they answer); a question about the position shown (``at``: a past
        one) is answered ``{"answer", "lines"}``. A line that is neither is refused (400)
        with why; nothing changes then."""
        row, seat = self._admit(table_id, token)
        if not isinstance(line, str) or len(line) > MAX_LINE:
            raise BadRequest(f"A line is text of at most {MAX_LINE} characters")
        row, state = self._position(row)
        n = len(state.history)
        if at is not None and (isinstance(at, bool) or not isinstance(at, int)
                               or not 0 <= at <= n):
            raise BadRequest(f"at is a position from 0 to {n}, not {str(at)[:20]!r}")
        shown = shown_state(state, n if at is None else at)
        mine = (seat is not None and at in (None, n) and not state.is_over
                and state.current_player == seat)
        legal = state.legal_actions() if mine else []
        try:
            reading = read_line(shown, seat, line, legal)
        except NotPossible as err:
            raise BadRequest(str(err)) from None
        if reading.kind == "action":
            return self.act(table_id, token, version, reading.value)
        if reading.kind == "undo":
            return self.undo(table_id, token, version)
        if reading.kind == "answer":
            return {"table": row.id, "version": row.version, "answer": reading.value,
                    "lines": list(reading.lines)}
        what = "chance to win" if reading.kind == "chance" else f"{reading.value} button"
        raise BadRequest(f"Not possible: an online table has no {what}")

    def rotate(self, table_id: str, token: str | None, spectator: bool = False,
               base_url: str = "") -> dict:
        """A new token for the caller's seat (the old one stops working at once), or,
        with ``spectator=True`` and a seat's token, a new spectator link (the old
        spectator link stops working)."""
        row, seat = self._admit(table_id, token)
        if seat is None:   # one spectator must not lock the others out
            raise Forbidden("Only a seat's link can make a new spectator link")
        fresh = secrets.token_urlsafe(32)
        seats = {f: dict(spec) for f, spec in row.seats.items()}
        watch = row.spectator
        if spectator:
            watch = token_hash(fresh)
        else:
            seats[seat]["token"] = token_hash(fresh)
        if not self.store.set_seats(row.id, row.seats, seats, row.spectator, watch):
            raise Stale("The table's links changed meanwhile: try again",
                        self.store.version(row.id) or row.version)
        who = None if spectator else seat
        return {"table": row.id, "seat": who, "token": fresh,
                "url": _linker(base_url, row.id)(fresh)}

    # -- bots ------------------------------------------------------------------------
    def play_bots(self, table_id: str, limit: int = 100_000) -> int:
        """Bots move until a person must decide or the game ends; how many moved here.

        Each move is written with compare-and-swap: when another process wrote first,
        the table is read again and the bot thinks again if it still must decide."""
        moved = 0
        while moved < limit:
            row = self.store.get(table_id)
            if row is None or row.over:
                break
            row, state = self._position(row)
            who = session_of(state, row.seats).bot_to_move()
            if who is None:
                break
            spec = row.seats[who]
            options = {k: v for k, v in spec.items() if k != "bot"}
            # The same decision gets the same bot seed in every process (it is never shown).
            seed = int.from_bytes(hashlib.sha256(f"{row.start}|{row.version}".encode())
                                  .digest()[:8], "big")
            choice = make_bot(spec["bot"], seed=seed, **options).choose(state.copy())
            after = state.copy().apply(choice)
            try:
                self._write(row, row.actions + [after.log[-1].action], after, wake=False)
            except Stale:
                continue  # another process moved first: read the table again
            moved += 1
        return moved

    def _wake_bots(self, table_id: str, state: State, seats: dict,
                   row: TableRow | None = None) -> None:
        """Let the bots play if one must decide. After a read (``row`` given), only if no
        write came for :data:`STALLED_S` seconds: the process that wrote last normally
        plays the bots; this one takes over if it is gone (a restart, a crash)."""
        if state.is_over or "bot" not in seats.get(state.current_player, {}):
            return
        if row is not None and time.time() - row.updated < STALLED_S:
            return
        with self._lock:
            if table_id in self._bots_running:
                return
            self._bots_running.add(table_id)
        if self.bots_in is None:
            self._run_bots(table_id)
        else:
            self.bots_in.submit(self._run_bots, table_id)

    def _run_bots(self, table_id: str) -> None:
        try:
            self.play_bots(table_id)
        except Exception:  # noqa: BLE001 - a bot's fault must not take the server down
            log.exception("the bots of table %s stopped", table_id)
        finally:
            with self._lock:
                self._bots_running.discard(table_id)

    # -- presence ---------------------------------------------------------------------
    def connected(self, row: TableRow) -> list[str]:
        """The seats (and ``"spectator"``) that asked about the table in the last
        :data:`CONNECTED_S` seconds, from any process."""
        now = time.time()
        with self._lock:
            cached = self._seen.get(row.id)
        if cached is None or now - cached[0] > SEEN_EVERY_S:
            cached = (now, self.store.seen(row.id))
            with self._lock:
                self._seen[row.id] = cached
                if len(self._seen) > 4 * self.cache_size:
                    self._seen.clear()
        seen = cached[1]
        order = list(row.seats) + [SPECTATOR]
        return [w for w in order if now - seen.get(w, 0.0) < CONNECTED_S]

    def _touch(self, table_id: str, who: str) -> None:
        now = time.time()
        key = (table_id, who)
        if now - self._touched.get(key, 0.0) < TOUCH_EVERY_S:
            return
        self._touched[key] = now
        if len(self._touched) > 10_000:   # forget old tables
            cutoff = now - CONNECTED_S
            self._touched = {k: t for k, t in self._touched.items() if t > cutoff}
        self.store.touch(table_id, who, now)
        with self._lock:   # this process sees its own visitors at once
            cached = self._seen.get(table_id)
            if cached is not None:
                cached[1][who] = now

    def _board_traits(self, row: TableRow, state: State, seat: str | None,
                      at: int | None, mark: str | None = None, text: bool = False) -> dict:
        """What the board shows the token's holder (``at``: a past position): the session
        layer's view of the position, with the session's answers for that seat."""
        game = session_of(state, row.seats)
        answers = Answers() if seat is None else Answers(
            can_act=not state.is_over and state.current_player == seat,
            can_undo=game.undo_refusal(seat) is None,
            concessions=tuple(game.concessions([seat])))
        view = board_view(state, seat, at, answers=answers, mark=mark, text=text)
        return {name: view[name] for name in SERVED}

    # -- inside ------------------------------------------------------------------------
    def _admit(self, table_id, token) -> tuple[TableRow, str | None]:
        """The table and whose token this is (``None``: the spectator's); 404 or 403."""
        if not isinstance(table_id, str) or not 0 < len(table_id) <= 64:
            raise NotFound("There is no such table")
        row = self.store.head(table_id)
        if row is None:
            raise NotFound(f"There is no table {table_id!r} here")
        if not isinstance(token, str) or not token:
            raise Forbidden("This table needs a seat's or the spectator's token")
        if len(token) > 200:
            raise Forbidden("This link's token is not one of this table's: ask for a new link")
        given = token_hash(token)
        seat, found = None, False
        # Every hash is compared (in constant time), whichever matches.
        for f, spec in row.seats.items():
            if hmac.compare_digest(given, spec.get("token", "")):
                seat, found = f, True
        if hmac.compare_digest(given, row.spectator):
            found = True
        if not found:
            raise Forbidden("This link's token is not one of this table's: ask for a new link")
        self._touch(row.id, seat or SPECTATOR)
        return row, seat

    def _check_version(self, row: TableRow, version) -> None:
        if isinstance(version, bool) or not isinstance(version, int):
            raise BadRequest(f"version is the table's version number the move was made on, "
                             f"not {str(version)[:40]!r}")
        if version != row.version:
            raise Stale(f"This move was made on version {version}, but the table is at "
                        f"version {row.version}: reload it", row.version)

    def _public(self, row: TableRow, state: State, seat: str | None) -> dict:
        game = session_of(state, row.seats)
        return {"over": state.is_over,
                "deciding": None if state.is_over else state.current_player,
                "winners": list(state.winners) if state.is_over else [],
                "result": state.result, "can_concede": bool(seat) and state.may_concede(seat),
                "seats": _seat_names(row.seats), "connected": self.connected(row),
                "can_undo": game.undo_refusal(seat) is None, "seed_chosen": row.seed_chosen}

    def _write(self, row: TableRow, actions: list[str], after: State, wake: bool = True) -> None:
        if not self.store.write(row.id, row.version, actions, after.is_over):
            raise Stale(f"Another move was made on version {row.version} first: reload the "
                        f"table", self.store.version(row.id) or row.version)
        version = row.version + 1
        self._remember(row.id, version, actions, after)
        for listener in list(self.listeners):
            try:
                listener(row.id, version)
            except Exception:  # noqa: BLE001
                log.exception("a table listener failed")
        if wake:
            self._wake_bots(row.id, after, row.seats)

    def _remember(self, table_id: str, version: int, actions: list[str], state: State) -> None:
        with self._lock:
            old = self._states.get(table_id)
            if old is None or old.version <= version:
                self._states[table_id] = _Cached(version, list(actions), state)
            self._states.move_to_end(table_id)
            while len(self._states) > self.cache_size:
                self._states.popitem(last=False)

    def _position(self, row: TableRow) -> tuple[TableRow, State]:
        """The row with its actions, and the table's position at its version: from the
        cache, advanced or taken back from it when the store moved on, or replayed from
        the start. (A row read without its actions is read again in full when the cache
        does not have its version: the version may then be a newer one.) The cached
        State is never changed in place (copies are), so readers may keep it."""
        with self._lock:
            hit = self._states.get(row.id)
        if hit is not None and hit.version == row.version:
            return (row if row.actions is not None else replace(row, actions=hit.actions)), hit.state
        if row.actions is None:
            row = self.store.get(row.id)
            if row is None:
                raise NotFound("There is no such table")
            if hit is not None and hit.version == row.version:
                return row, hit.state
        actions = row.actions
        if hit is not None and hit.actions == actions[:len(hit.actions)]:
            state, done = hit.state.copy(), len(hit.actions)
        elif hit is not None and actions == hit.actions[:len(actions)] and \
                len(hit.actions) - len(actions) <= len(hit.state.history):
            state, done = hit.state.copy(), len(actions)
            for _ in range(len(hit.actions) - len(actions)):
                state.undo()
        else:
            try:
                state, done = State.from_json(row.start), 0
            except ValueError as err:
                raise Broken(f"Table {row.id}'s start position does not load: {err}") from None
        for i in range(done, len(actions)):
            try:
                state.apply(actions[i])
            except ValueError as err:
                raise Broken(f"Table {row.id} does not replay with this version of ahoy-nb: "
                             f"action {i + 1} ({actions[i]!r}): {err}") from None
        self._remember(row.id, row.version, actions, state)
        return row, state


def _bot_spec(faction: str, level) -> dict:
    """A bot seat as stored: ``{"bot": level}`` (+ ``iterations`` for a hard bot)."""
    options = {}
    if isinstance(level, dict):
        extra = sorted(set(level) - {"level", "iterations"})
        if extra:
            raise BadRequest(f"A bot is a level or {{\"level\": ..., \"iterations\": ...}}; "
                             f"unknown field {extra[0][:40]!r}")
        options = {k: v for k, v in level.items() if k == "iterations"}
        level = level.get("level")
    if level not in LEVELS:
        raise BadRequest(f"{faction}'s bot is one of {', '.join(LEVELS)}, not {str(level)[:40]!r}")
    if options:
        n = options["iterations"]
        if level != "hard":
            raise BadRequest("iterations are for a hard bot only")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ITERATIONS:
            raise BadRequest(f"iterations is a whole number from 1 to {MAX_ITERATIONS}, "
                             f"not {str(n)[:20]!r}")
    return {"bot": level, **options}


def _linker(base_url: str, table_id: str) -> Callable[[str], str]:
    """The page link for a token: the token in the fragment, which browsers never send
    to a server (nor put in a Referer header), so it stays out of every log."""
    base = base_url if base_url.endswith("/") or not base_url else base_url + "/"
    return lambda token: f"{base}tables/{table_id}#token={token}"


def _refused(err: IllegalActionError, prefix: str = "") -> TableError:
    """A session's refusal as the HTTP answer: 403 when it is about who asks, else 400."""
    forbidden = isinstance(err, Refusal) and err.forbidden
    return (Forbidden if forbidden else BadRequest)(f"{prefix}{err}")
