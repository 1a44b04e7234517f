"""The tables' HTTP API and pages, as Tornado handlers on the server ``ahoy-nb serve``
starts (Panel's, through ``pn.serve(extra_patterns=routes(...))``). See docs/online.md.

=======  ===============================  ==============================================
method   path                             what
=======  ===============================  ==============================================
POST     /api/tables                      a new table: each seat's link, the spectator's
GET      /api/tables/ID                   what the token's holder may see (+ ``legal``)
GET      /api/tables/ID/board             the board for that seat, as the page draws it
                                          (``?at=K``: a past position; ``&mark=A``: a move
                                          marked on it, once the game is over)
GET      /api/tables/ID/poll              waits (``version``, ``wait`` seconds) for a move
POST     /api/tables/ID/actions           ``{"token", "version", "action"}``: a move
POST     /api/tables/ID/undo              ``{"token", "version"}``: take back your move
POST     /api/tables/ID/line              ``{"token", "version", "line"[, "at"]}``: a typed line
POST     /api/tables/ID/token             ``{"token"[, "spectator": true]}``: a new link
GET      /api/tables/ID/review            a finished game's review (its progress until done)
GET      /tables                          the page that makes a table
GET      /tables/ID#token=T               the page of a seat (or the spectator)
=======  ===============================  ==============================================

A token goes in ``Authorization: Bearer T``, the query (``?token=T``) or the body's
``token``. Every answer is JSON: ``{"error": reason}`` with 400 (a malformed request,
an illegal action: the engine's reason), 403 (a bad token, a decision not this seat's),
404 (no such table), 409 (made on an old version; a review before the end), 413 (a body
over 10 kB).

>>> [pattern for pattern, *_ in routes(None)][:3]
['/api/tables', '/api/tables/([A-Za-z0-9_-]{1,64})', '/api/tables/([A-Za-z0-9_-]{1,64})/board']
"""

from __future__ import annotations

import asyncio
import gzip
import html
import json
import logging
import re
from pathlib import Path

import tornado.web

from ...engine.components import FACTION_NAMES, SEATS
from ...engine.words import faction_name
from ...session.seats import SEAT_CHOICES, bot_standings
from ...session.view import MAX_NOTATION
from .tables import BadRequest, TableError, Tables

log = logging.getLogger("ahoy_nb.online")

MAX_BODY = 10_000          # bytes: a move is a few dozen; anything larger is refused (413)
HARD_LIMIT = 1_000_000     # a chunked body's connection is closed past this (chunks are dropped)
POLL_EVERY_S = 0.25        # how often waiting pages' tables are checked in the store
WAIT_S = 10.0              # how long a poll waits for a move by default (at most MAX_WAIT_S)
MAX_WAIT_S = 30.0
GZIP_OVER = 2048           # answers longer than this are compressed when the client can
TABLE_ID = r"([A-Za-z0-9_-]{1,64})"
STATIC = Path(__file__).resolve().parent / "static"
# The board's front end, served as a file: the server never imports the widgets.
FRONT_END = Path(__file__).resolve().parents[2] / "widgets"
# The page's policy: its own scripts and styles only, and the API on the same server.
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
               "img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; "
               "frame-ancestors 'none'")


class Watcher:
    """Wakes the requests waiting for a table to move: at once for a move made in this
    process, within :data:`POLL_EVERY_S` for one made by another process on the same
    store (one query for every watched table)."""

    def __init__(self, tables: Tables):
        self.tables = tables
        self._waiting: dict[str, list[tuple[int, asyncio.Future]]] = {}
        self._task: asyncio.Task | None = None

    async def wait(self, table_id: str, version: int, timeout: float) -> None:
        """Return once ``table_id`` is at another version than ``version``, or after
        ``timeout`` seconds."""
        future = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(table_id, []).append((version, future))
        if self._task is None or self._task.done():
            self._task = asyncio.ensure_future(self._check())
        try:
            await asyncio.wait_for(asyncio.shield(future), timeout)
        except asyncio.TimeoutError:
            pass
        finally:
            waiting = self._waiting.get(table_id, [])
            waiting[:] = [(v, f) for v, f in waiting if f is not future]
            if not waiting:
                self._waiting.pop(table_id, None)

    def changed(self, table_id: str, version: int) -> None:
        """A table's new version (on the event loop's thread)."""
        for seen, future in self._waiting.get(table_id, []):
            if seen != version and not future.done():
                future.set_result(version)

    async def _check(self) -> None:
        while self._waiting:
            await asyncio.sleep(POLL_EVERY_S)
            try:
                versions = self.tables.store.versions(list(self._waiting))
            except Exception:  # noqa: BLE001 - the store may be down a moment: try again
                log.exception("checking the tables' versions failed")
                continue
            for table_id, version in versions.items():
                self.changed(table_id, version)


class Online:
    """What the handlers share: the tables, the watcher, the origins allowed to call
    the API from their pages (CORS)."""

    def __init__(self, tables: Tables, allow_origins=()):
        self.tables = tables
        self.allow_origins = {o.rstrip("/") for o in allow_origins}
        self.watcher = Watcher(tables)
        self.loop: asyncio.AbstractEventLoop | None = None
        tables.listeners.append(self._changed)

    def _changed(self, table_id: str, version: int) -> None:
        # Called from whichever thread wrote (a bot's): wake the waiters on the loop's.
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.watcher.changed, table_id, version)


@tornado.web.stream_request_body
class JsonHandler(tornado.web.RequestHandler):
    """JSON in and out, tokens kept out of the logs, bodies over :data:`MAX_BODY` refused
    before they are read (the body is streamed in: a large one is never held)."""

    #: The body this address takes, as an example in a refusal's words.
    EXAMPLE_BODY = '{"token": "...", "version": 3, "action": "sail 4"}'

    def initialize(self, online: Online):
        self.online = online
        self.tables = online.tables
        if online.loop is None:
            online.loop = asyncio.get_event_loop()
        self._cors()

    def set_default_headers(self):
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self._cors()

    def _cors(self) -> None:
        # (set_default_headers also runs before initialize: no origins known yet then)
        online = getattr(self, "online", None)
        origin = self.request.headers.get("Origin", "").rstrip("/")
        if online is not None and origin and origin in online.allow_origins:
            self.set_header("Access-Control-Allow-Origin", origin)
            self.set_header("Vary", "Origin")

    def prepare(self):
        self._chunks: list[bytes] = []
        self._size = 0
        length = self.request.headers.get("Content-Length")
        if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
            self.refuse(413, f"A request body is at most {MAX_BODY} bytes")
            return
        # A body sent in chunks (no length) is refused in data_received past the limit,
        # and its connection closed by Tornado past this much.
        self.request.connection.set_max_body_size(HARD_LIMIT)

    def data_received(self, chunk: bytes) -> None:
        if self._finished:
            return
        self._size += len(chunk)
        if self._size > MAX_BODY:
            self.refuse(413, f"A request body is at most {MAX_BODY} bytes")
            return
        self._chunks.append(chunk)

    def options(self, *args):
        """A CORS preflight: allowed only for the origins given with ``--allow-origin``."""
        origin = self.request.headers.get("Origin", "").rstrip("/")
        if origin not in self.online.allow_origins:
            self.refuse(403, f"This server does not take API calls from pages of {origin[:80]!r} "
                             "(ahoy-nb serve --allow-origin ORIGIN allows them)")
            return
        self.set_header("Access-Control-Allow-Methods", "GET, POST, OPTIONS")
        self.set_header("Access-Control-Allow-Headers", "Content-Type, Authorization")
        self.set_header("Access-Control-Max-Age", "600")
        self.set_status(204)
        self.finish()

    # -- answers -----------------------------------------------------------------------
    def answer(self, data: dict, status: int = 200) -> None:
        if self._finished:   # already refused (a body too large)
            return
        body = json.dumps(data, separators=(",", ":")).encode("utf-8")
        self.set_status(status)
        if len(body) > GZIP_OVER and "gzip" in self.request.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, 5)
            self.set_header("Content-Encoding", "gzip")
            self.add_header("Vary", "Accept-Encoding")
        self.finish(body)

    def refuse(self, status: int, reason: str, **extra) -> None:
        self.clear_header("Content-Encoding")
        self.answer({"error": reason, **extra}, status)

    def write_error(self, status_code: int, **kwargs) -> None:
        # Tornado's own errors (405, a malformed request...) answer in JSON too.
        reason = self._reason or "error"
        exc = kwargs.get("exc_info")
        if exc and isinstance(exc[1], tornado.web.HTTPError) and exc[1].log_message:
            reason = exc[1].log_message
        self.finish(json.dumps({"error": reason}))

    def run(self, fn, *args, **kwargs) -> None:
        """``fn(*args)``'s answer, or its refusal with the reason."""
        if self._finished:   # already refused (a body too large)
            return
        try:
            data = fn(*args, **kwargs)
        except TableError as err:
            extra = {"version": err.version} if hasattr(err, "version") else {}
            if err.status >= 500:
                log.error("%s", err)
            self.refuse(err.status, str(err), **extra)
            return
        self.answer(data)

    # -- reading the request -----------------------------------------------------------
    def body(self) -> dict:
        try:
            data = json.loads(b"".join(self._chunks) or b"{}")
        except (ValueError, UnicodeDecodeError):
            raise BadRequest(f"The body is not JSON: send an object like {self.EXAMPLE_BODY}") from None
        if not isinstance(data, dict):
            raise BadRequest(f"The body is a JSON object, like {self.EXAMPLE_BODY}")
        return data

    def token(self, body: dict | None = None) -> str | None:
        auth = self.request.headers.get("Authorization", "")
        if auth.lower().startswith("bearer "):
            return auth[7:].strip()
        if body is not None and isinstance(body.get("token"), str):
            return body["token"]
        return self.get_query_argument("token", None)

    def base_url(self) -> str:
        return f"{self.request.protocol}://{self.request.host}/"

    def _request_summary(self) -> str:
        # The access log never shows a token from the query.
        uri = re.sub(r"([?&]token=)[^&]*", r"\1…", self.request.uri or "")
        return f"{self.request.method} {uri} ({self.request.remote_ip})"


class NewTable(JsonHandler):
    EXAMPLE_BODY = '{"players": 3, "bots": {"mollusk": "hard"}}'

    def post(self):
        try:
            spec = self.body()
        except TableError as err:
            self.refuse(err.status, str(err))
            return
        self.run(self.tables.create, spec, base_url=self.base_url())


class TableView(JsonHandler):
    def get(self, table_id):
        self.run(self.tables.get, table_id, self.token())


class TableBoard(JsonHandler):
    def get(self, table_id):
        at = self.get_query_argument("at", None)
        if at is not None:
            if not re.fullmatch(r"\d{1,6}", at):
                self.refuse(400, f"at is a position (a whole number), not {at[:20]!r}")
                return
            at = int(at)
        mark = self.get_query_argument("mark", None)
        if mark is not None and len(mark) > MAX_NOTATION:
            self.refuse(400, "mark is a move's notation: this one is too long")
            return
        text = self.get_query_argument("text", "") == "1"   # the position in words too
        self.run(self.tables.board, table_id, self.token(), at, mark, text)


class TableReview(JsonHandler):
    def get(self, table_id):
        self.run(self.tables.review, table_id, self.token())


class TablePoll(JsonHandler):
    async def get(self, table_id):
        token = self.token()
        try:
            version = int(self.get_query_argument("version", "-1"))
            wait = min(max(float(self.get_query_argument("wait", str(WAIT_S))), 0.0), MAX_WAIT_S)
        except ValueError:
            self.refuse(400, "version is a whole number and wait a number of seconds")
            return
        try:
            seen = self.tables.poll(table_id, token)
            if seen["version"] == version and wait > 0:
                await self.online.watcher.wait(table_id, version, wait)
                if self.request.connection.stream.closed():
                    return
                seen = self.tables.poll(table_id, token)
        except TableError as err:
            self.refuse(err.status, str(err))
            return
        self.answer(seen)


class TableActions(JsonHandler):
    def post(self, table_id):
        def act():
            body = self.body()
            return self.tables.act(table_id, self.token(body), body.get("version"),
                                   body.get("action"))
        self.run(act)


class TableUndo(JsonHandler):
    EXAMPLE_BODY = '{"token": "...", "version": 3}'

    def post(self, table_id):
        def undo():
            body = self.body()
            return self.tables.undo(table_id, self.token(body), body.get("version"))
        self.run(undo)


class TableLine(JsonHandler):
    EXAMPLE_BODY = '{"token": "...", "version": 3, "line": "help"}'

    def post(self, table_id):
        def line():
            body = self.body()
            return self.tables.line(table_id, self.token(body), body.get("version"),
                                    body.get("line"), body.get("at"))
        self.run(line)


class TableToken(JsonHandler):
    EXAMPLE_BODY = '{"token": "...", "spectator": false}'

    def post(self, table_id):
        def rotate():
            body = self.body()
            spectator = body.get("spectator", False)
            if not isinstance(spectator, bool):
                raise BadRequest("spectator is true or false")
            return self.tables.rotate(table_id, self.token(body), spectator=spectator,
                                      base_url=self.base_url())
        self.run(rotate)


class NoSuchPath(JsonHandler):
    """Any other address under /api/: a JSON 404 too."""

    def get(self, *args):
        self.refuse(404, "There is no such API address: see docs/online.md")

    post = get


class Page(tornado.web.RequestHandler):
    """A seat's (or the spectator's) page, or the page that makes a table: the board's
    own front end (board.js) over the API; the token stays in the address's fragment."""

    def initialize(self, online: Online):
        self.online = online

    def set_default_headers(self):
        self.set_header("Content-Security-Policy", PAGE_POLICY)
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("Cache-Control", "no-store")

    def get(self, table_id=None):
        text = (STATIC / "page.html").read_text(encoding="utf-8")
        title = "Ahoy: a table" if table_id else "Ahoy: a new online table"
        self.set_header("Content-Type", "text/html; charset=utf-8")
        fills = {"title": title, "table": table_id or "", "mode": "table" if table_id else "new",
                 "factions": json.dumps({f: faction_name(f) for f in FACTION_NAMES}),
                 "seats": json.dumps({n: list(seats) for n, seats in SEATS.items()}),
                 "choices": json.dumps(SEAT_CHOICES),
                 "standings": json.dumps({n: list(bot_standings(n).values()) for n in SEATS})}
        for key, value in fills.items():
            text = text.replace("{{%s}}" % key, html.escape(value))
        self.finish(text)


class Static(tornado.web.StaticFileHandler):
    def set_extra_headers(self, path):
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Cache-Control", "no-cache")


def routes(tables: Tables | None, allow_origins=()) -> list[tuple]:
    """The API's and the pages' routes, for ``pn.serve(extra_patterns=...)`` (or any
    Tornado application)."""
    online = Online(tables, allow_origins) if tables is not None else None
    shared = {"online": online}
    return [
        ("/api/tables", NewTable, shared),
        (f"/api/tables/{TABLE_ID}", TableView, shared),
        (f"/api/tables/{TABLE_ID}/board", TableBoard, shared),
        (f"/api/tables/{TABLE_ID}/poll", TablePoll, shared),
        (f"/api/tables/{TABLE_ID}/actions", TableActions, shared),
        (f"/api/tables/{TABLE_ID}/undo", TableUndo, shared),
        (f"/api/tables/{TABLE_ID}/line", TableLine, shared),
        (f"/api/tables/{TABLE_ID}/token", TableToken, shared),
        (f"/api/tables/{TABLE_ID}/review", TableReview, shared),
        (r"/api/.*", NoSuchPath, shared),
        ("/tables/?", Page, shared),
        (f"/tables/{TABLE_ID}", Page, shared),
        (r"/online/static/(board\.js|board\.css)", Static, {"path": str(FRONT_END)}),
        (r"/online/static/(online\.js|online\.css)", Static, {"path": str(STATIC)}),
    ]


def application(tables: Tables, allow_origins=()) -> tornado.web.Application:
    """The API and pages alone, as a Tornado application (tests, another server)."""
    return tornado.web.Application(routes(tables, allow_origins))

