"""Play a seat of an online table from a notebook: ``ahoy_nb.join(link)``.

Someone made a table on an ``ahoy-nb serve`` server (its page ``/tables``, or ``POST
/api/tables``) and sent you your seat's link. In any notebook (JupyterLab, Binder,
JupyterLite)::

    board = ahoy_nb.join("http://their-host:5006/tables/AbC123#token=...")
    board          # click to play your seat; others' moves appear by themselves

The board is the game widget's own front end (:class:`~ahoy_nb.widgets.board.BoardFace`,
board.js), but the game stays on the server: it draws your seat's view, checks every
move and words every refusal (the engine's reason for an illegal action, "It is
Mollusk's decision now, not Bluefin's"...). Only your seat's view ever reaches the
notebook. Clicks become calls to the server's HTTP API (docs/online.md), and the board
waits for other players' moves by polling it. This module talks HTTP only: through
``urllib`` in Python, through ``fetch`` (``pyodide.http``) in the browser.

In Python, :meth:`OnlineBoard.act`, :meth:`~OnlineBoard.undo` and
:meth:`~OnlineBoard.refresh` wait for the server's answer (in JupyterLite, where
nothing may wait, ``await board.act_async("sail 4")``).

A link is read without asking any server:

>>> parse_link("http://127.0.0.1:5006/tables/AbC123#token=s3cret")
('http://127.0.0.1:5006/', 'AbC123', 's3cret')
>>> parse_link("s3cret", server="https://ahoy.example.org/games", table="AbC123")
('https://ahoy.example.org/games/', 'AbC123', 's3cret')
>>> parse_link("http://127.0.0.1:5006/")
Traceback (most recent call last):
...
ahoy_nb.widgets.join.JoinError: not a table's link: expected http(s)://HOST/tables/ID#token=TOKEN (or a token with server= and table=)
"""

from __future__ import annotations

import asyncio
import json
import re
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import Future
from typing import Any, Callable

from ..engine import IllegalActionError
from ..engine.words import faction_name
from ..session.view import SERVED, intent_id, parse_intent
from .board import BoardFace
from .loop import running_loop

__all__ = ["join", "OnlineBoard", "JoinError", "parse_link", "create_table"]

IN_BROWSER = sys.platform == "emscripten"
WAIT_S = 10          # a poll waits this long on the server for a move
TIMEOUT_S = 30       # any request gives up after this long (a poll: WAIT_S more)
RETRY_S = 1.0        # after a lost connection, try again this soon
_LINK = re.compile(r"^(https?://[^#?]*?/)tables/([A-Za-z0-9_-]{1,64})/?(?:\?([^#]*))?(?:#(.*))?$")


class JoinError(ValueError):
    """The link is not a table's, or the server refused or could not be reached;
    ``status`` is the server's HTTP status (0: no answer)."""

    def __init__(self, message: str, status: int = 0):
        super().__init__(message)
        self.status = status


def parse_link(link: str, server: str | None = None, table: str | None = None
               ) -> tuple[str, str, str]:
    """``(server, table, token)`` of a seat's or the spectator's link, or of a token
    given with its ``server`` (base address) and ``table`` id."""
    if not isinstance(link, str) or not link.strip() or len(link) > 2000:
        raise JoinError("a link is text like http://HOST/tables/ID#token=TOKEN")
    link = link.strip()
    if server is not None or table is not None:
        if server is None or table is None or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", table):
            raise JoinError("a token alone needs server= (its address) and table= (its id)")
        if not re.fullmatch(r"https?://\S+", server):
            raise JoinError(f"server is an address like http://HOST:PORT/, not {server[:60]!r}")
        return server.rstrip("/") + "/", table, link
    match = _LINK.match(link)
    if not match:
        raise JoinError("not a table's link: expected http(s)://HOST/tables/ID#token=TOKEN "
                        "(or a token with server= and table=)")
    base, table_id, query, fragment = match.groups()
    found = dict(urllib.parse.parse_qsl(fragment or "")) | dict(urllib.parse.parse_qsl(query or ""))
    token = found.get("token", "")
    if not token:
        raise JoinError("this link has no token: use the whole link, with its #token=...")
    return base, table_id, token


# -- HTTP, in Python and in the browser ----------------------------------------------------

def _request(base: str, method: str, path: str, token: str | None, data: Any = None,
             timeout: float = TIMEOUT_S) -> dict:
    """One API call with urllib (blocking); the answer's JSON, or :class:`JoinError`."""
    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    body = None
    if data is not None:
        body = json.dumps(data).encode("utf-8")
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            return _decode(answer.read(), answer.status)
    except urllib.error.HTTPError as err:
        raise JoinError(_decode(err.read(), err.code, error=True).get("error")
                        or f"the server answered {err.code}", err.code) from None
    except (urllib.error.URLError, OSError) as err:
        reason = getattr(err, "reason", err)
        raise JoinError(f"the server at {base} cannot be reached ({reason})") from None


async def _fetch(base: str, method: str, path: str, token: str | None, data: Any = None,
                 timeout: float = TIMEOUT_S) -> dict:
    """One API call with the browser's fetch (Pyodide)."""
    from pyodide.http import pyfetch  # type: ignore[import-not-found]

    headers = {"Accept": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    options: dict = {"method": method, "headers": headers, "cache": "no-store"}
    if data is not None:
        options["body"] = json.dumps(data)
        headers["Content-Type"] = "application/json"
    try:
        answer = await asyncio.wait_for(pyfetch(base + path, **options), timeout)
        text = await answer.bytes()
    except Exception as err:  # noqa: BLE001 - a network error (or a refused origin)
        raise JoinError(f"the server at {base} cannot be reached from this page ({err}); "
                        "a server on another site must allow this one: ahoy-nb serve "
                        "--allow-origin ORIGIN") from None
    payload = _decode(text, answer.status, error=not answer.ok)
    if not answer.ok:
        raise JoinError(payload.get("error") or f"the server answered {answer.status}",
                        answer.status)
    return payload


def _decode(raw: bytes, status: int, error: bool = False) -> dict:
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        data = None
    if not isinstance(data, dict):
        if error:
            return {}
        raise JoinError(f"the server's answer ({status}) is not the tables' API: is this an "
                        "ahoy-nb server?", status)
    return data


class _Runner:
    """Where the board's requests run. In Python: a thread of its own with an event
    loop, each request on a worker thread (a poll waiting for a move never holds up a
    click). In the browser: the page's event loop, with fetch."""

    def __init__(self, base: str):
        self.base = base
        if IN_BROWSER:
            self.loop = asyncio.get_event_loop()
            self.thread = None
        else:
            self.loop = asyncio.new_event_loop()
            self.thread = threading.Thread(target=self.loop.run_forever, daemon=True,
                                           name="ahoy-join")
            self.thread.start()

    async def call(self, method: str, path: str, token: str | None, data: Any = None,
                   timeout: float = TIMEOUT_S) -> dict:
        if IN_BROWSER:
            return await _fetch(self.base, method, path, token, data, timeout)
        return await asyncio.to_thread(_request, self.base, method, path, token, data, timeout)

    def spawn(self, coro) -> "Future | asyncio.Future":
        if IN_BROWSER:
            return asyncio.ensure_future(coro)
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def wait(self, coro, timeout: float = TIMEOUT_S + 5):
        """Run ``coro`` and wait for its result (Python only)."""
        if IN_BROWSER:
            coro.close()
            raise JoinError("in the browser nothing may wait for the server: use the _async "
                            "methods, e.g. await board.act_async('sail 4')")
        return self.spawn(coro).result(timeout)

    def close(self) -> None:
        if self.thread is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.loop.stop)


# -- the board ---------------------------------------------------------------------------------

class OnlineBoard(BoardFace):
    """A seat of an online table (or its spectator view), drawn by the board's front end.

    Attributes: ``server``, ``table``, ``seat`` (``None`` for a spectator), ``version``
    (the table's version shown), ``seats`` (who plays each: ``"person"`` or ``"hard
    bot"``...), ``connected`` (the seats seen lately), ``over``, ``winners``.
    """

    def __init__(self, link: str, *, server: str | None = None, table: str | None = None,
                 watch: bool = True, **kwargs):
        base, table_id, token = parse_link(link, server, table)
        super().__init__(**kwargs)
        self.server, self.table = base, table_id
        self._token = token
        self.seat: str | None = None
        self.version = -1
        self.seats: dict[str, str] = {}
        self.connected: list[str] = []
        self.over = False
        self.winners: list[str] = []
        self._at: int | None = None           # a past position shown (None: the latest)
        self._closed = False
        self._lock = threading.RLock()
        self._kernel = running_loop()         # where trait changes go (the kernel's loop)
        self._io = _Runner(base)
        self.observe(self._on_intent, "intent")
        if IN_BROWSER:
            self.status = "Joining the table…"
            self._io.spawn(self._start(watch))
        else:
            try:
                self._apply(self._io.wait(self._board()))
            except BaseException:
                self.close()   # no thread left behind by a link that does not work
                raise
            if watch:
                self._io.spawn(self._watch())

    # -- Python API ----------------------------------------------------------------
    def act(self, action: str) -> dict:
        """Take ``action`` for this seat and wait for the server; raises
        :class:`~ahoy_nb.engine.IllegalActionError` with the server's reason (an illegal
        action, a decision not this seat's, a table that moved on) and changes nothing."""
        answer, board = self._io.wait(self._act(action))
        self._apply(board)
        return answer

    async def act_async(self, action: str) -> dict:
        """:meth:`act`, awaited (JupyterLite)."""
        answer, board = await self._act(action)
        self._apply(board)
        return answer

    def undo(self) -> dict:
        """Take back this seat's last action (the fair rule: only while the next decision
        is yours and nothing hidden was revealed); raises with the reason if refused."""
        answer, board = self._io.wait(self._undo())
        self._apply(board)
        return answer

    async def undo_async(self) -> dict:
        answer, board = await self._undo()
        self._apply(board)
        return answer

    def refresh(self) -> None:
        """Show the table as it is now on the server."""
        self._apply(self._io.wait(self._board()))

    async def refresh_async(self) -> None:
        self._apply(await self._board())

    def fetch_view(self) -> dict:
        """This seat's view as the server sends it: the engine's ``observe`` for the seat
        (``{"version", "seat", "view", "legal", "over", ...}``)."""
        return self._io.wait(self._io.call("GET", f"api/tables/{self.table}", self._token))

    def rotate_token(self) -> str:
        """A new link for this seat; the old one stops working (this board uses the new)."""
        answer = self._io.wait(self._io.call("POST", f"api/tables/{self.table}/token",
                                             self._token, {}))
        self._token = answer["token"]
        return answer["url"]

    def close(self) -> None:
        """Stop waiting for moves and close the widget."""
        self._closed = True
        io = getattr(self, "_io", None)    # (None if __init__ failed before it was made)
        if io is not None:
            io.close()
        super().close()

    # -- talking to the server ---------------------------------------------------------
    async def _board(self) -> dict:
        query = "" if self._at is None else f"?at={self._at}"
        return await self._io.call("GET", f"api/tables/{self.table}/board{query}", self._token)

    async def _act(self, action: str) -> tuple[dict, dict]:
        if self._at is not None:
            raise IllegalActionError(
                f"You are looking at a past position (after {self._at} of "
                f"{self.history_length} actions): go to the latest position to act")
        return await self._post("actions", {"action": action})

    async def _undo(self) -> tuple[dict, dict]:
        self._at = None
        return await self._post("undo", {})

    async def _post(self, what: str, data: dict) -> tuple[dict, dict]:
        """The server's answer, and the board after it (to apply where the caller may)."""
        try:
            answer = await self._io.call("POST", f"api/tables/{self.table}/{what}", self._token,
                                         {"version": self.version, **data})
        except JoinError as err:
            if err.status == 409:
                self._deliver(await self._board())
                raise IllegalActionError("The table moved on before this arrived, so it was "
                                         "not made: here is the table as it is now") from None
            if err.status in (400, 403):
                raise IllegalActionError(str(err)) from None
            raise
        return answer, await self._board()

    async def _start(self, watch: bool) -> None:
        try:
            self._deliver(await self._board())
        except JoinError as err:
            self._deliver_error(str(err))
            return
        if watch:
            await self._watch()

    async def _watch(self) -> None:
        """Wait for moves: the server answers a poll as soon as the version changes."""
        while not self._closed:
            try:
                seen = await self._io.call(
                    "GET", f"api/tables/{self.table}/poll?version={self.version}&wait={WAIT_S}",
                    self._token, timeout=TIMEOUT_S + WAIT_S)
                if seen["version"] != self.version:
                    self._deliver(await self._board())
                else:
                    self._deliver_facts(seen)
            except JoinError as err:
                if self._closed:
                    return
                self._deliver_error(str(err))
                if err.status in (403, 404):
                    return   # a token rotated away, a table gone: no use asking again
                await asyncio.sleep(RETRY_S)

    # -- intents from the front end -------------------------------------------------------
    def _on_intent(self, change) -> None:
        intent = change["new"]
        if intent is None or self._closed:
            return
        self._io.spawn(self._handle(intent))

    async def _handle(self, intent) -> None:
        error = ""
        try:
            parsed = parse_intent(intent, self.history_length)
            kind, value = parsed.kind, parsed.value
            if kind == "action":
                self._deliver((await self._act(value))[1])
            elif kind == "concede":  # out of turn too: the table checks the seat
                self._deliver((await self._act(f"concede {value}"))[1])
            elif kind == "undo":
                self._deliver((await self._undo())[1])
            elif kind == "scrub":
                self._at = None if value >= self.history_length else value
                self._deliver(await self._board())
            elif kind == "refused":
                error = self.on_refused(value)
            elif kind == "reveal":
                error = "There is no handover waiting"
            elif kind == "press":
                error = "There is no such button on a table's board"
        except ValueError as err:   # IllegalActionError, JoinError
            error = str(err)[:300]
        self._deliver(lambda: self._set(error=error, ack=intent_id(intent)))

    def on_refused(self, target) -> str:
        """The words for a click where no action is offered (the widget's own)."""
        if not self.can_act:
            if self.over:
                return "The game is over"
            if self._at is not None:
                return "This is a past position: go to the latest position to act"
            return f"It is {faction_name(self.deciding)}'s decision now" if self.deciding else ""
        return f"Nothing to do there now. {self.prompt}"

    # -- applying answers ---------------------------------------------------------------
    def _deliver(self, what: "dict | Callable[[], None]") -> None:
        """Apply an answer (or run a change) where the widget's traits may change: the
        kernel's event loop when there is one, else here."""
        fn = (lambda: self._apply(what)) if isinstance(what, dict) else what
        if self._kernel is not None and not self._kernel.is_closed() and not IN_BROWSER:
            self._kernel.call_soon_threadsafe(fn)
        else:
            fn()

    def _deliver_error(self, text: str) -> None:
        self._deliver(lambda: self._set(error=text[:300]))

    def _deliver_facts(self, seen: dict) -> None:
        def apply():
            with self._lock:
                if seen.get("version") == self.version:
                    self.connected = list(seen.get("connected", ()))
        self._deliver(apply)

    def _set(self, **traits) -> None:
        with self._lock, self.hold_sync():
            for name, value in traits.items():
                setattr(self, name, value)

    def _apply(self, answer: dict) -> None:
        with self._lock:
            if answer["version"] < self.version:
                return   # an older answer that arrived late
            board = dict(answer["board"])
            if self._at is not None and board["position"] != self._at:
                return   # the position shown changed since this was asked
            self.seat = answer["seat"]
            self.version = answer["version"]
            self.seats = dict(answer.get("seats", {}))
            self.connected = list(answer.get("connected", ()))
            self.over = bool(answer.get("over"))
            self.winners = list(answer.get("winners", ()))
            entries = board.pop("entries", [])
            with self.hold_sync():
                for name in SERVED:
                    if name in board and getattr(self, name) != board[name]:
                        setattr(self, name, board[name])
                self._sync_log(entries)
                self.svg = "".join(board.get("parts", {}).values())
                self.revision += 1

    def __repr__(self) -> str:
        who = faction_name(self.seat) if self.seat else "spectator"
        if self.over:
            now = f"over: {' and '.join(map(faction_name, self.winners))} won"
        else:
            now = f"{faction_name(self.deciding)} to decide" if self.deciding else "joining"
        return f"OnlineBoard(table {self.table}, {who}, version {self.version}; {now})"


def join(link: str, *, server: str | None = None, table: str | None = None,
         watch: bool = True) -> OnlineBoard:
    """The board of your seat at an online table, from the link you were sent (or a
    spectator's link: the public view, no moves).

    * ``link``: ``http(s)://HOST/tables/ID#token=TOKEN``, or the token alone with
      ``server=`` (the server's address) and ``table=`` (the table's id);
    * ``watch``: follow other players' moves as they are made (default).

    Raises :class:`JoinError` (a ``ValueError``) for a link that is not a table's, a
    token the table does not know (403), a table that does not exist (404), or a server
    that cannot be reached. In JupyterLite the board appears at once and fills in when
    the server answers; errors show on it.
    """
    return OnlineBoard(link, server=server, table=table, watch=watch)


def create_table(server: str, players: int = 3, bots: dict | None = None,
                 seed: int | None = None) -> dict:
    """Make a table on the server at ``server`` (``POST /api/tables``): each seat's
    ``{"token", "url"}`` (a bot seat: ``{"bot": level}``) and the spectator's. Send
    each player only their own link. (Python only; in the browser use the server's
    ``/tables`` page.)"""
    if IN_BROWSER:
        raise JoinError("in the browser, make a table on the server's /tables page")
    base = server.rstrip("/") + "/"
    spec: dict = {"players": players, "bots": bots or {}}
    if seed is not None:
        spec["seed"] = seed
    return _request(base, "POST", "api/tables", None, spec)
