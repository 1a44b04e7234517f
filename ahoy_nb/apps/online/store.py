"""Where the tables live: one row per table in SQLite or PostgreSQL (SQLAlchemy Core).

A table's row holds how to replay its game, never a position to trust: the start
position (with its generator: it holds the seed, and is never sent to anyone), the
actions since, and a ``version`` that every write increases by one. A move is written
with compare-and-swap on that version (``UPDATE ... WHERE id = ? AND version = ?``): if
another process wrote first, no row changes and the writer learns it is stale. So any
number of processes on one store serve one table, and no move is lost or applied twice.

Tokens are stored only as their SHA-256 (:func:`token_hash`); a stolen database holds
no link that works.

>>> store = Store("sqlite://")                # in memory (a file: sqlite:///PATH)
>>> row = TableRow.new("t1", start="{}", seats={"bluefin": {"token": token_hash("a")}},
...                    spectator=token_hash("s"))
>>> store.create(row)
>>> store.write("t1", 0, ["start 0,0"], over=False)   # version 0 -> 1
True
>>> store.write("t1", 0, ["start 3,2"], over=False)   # stale: someone wrote version 1
False
>>> store.get("t1").actions, store.version("t1")
(['start 0,0'], 1)
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Store", "StoreError", "TableRow", "token_hash", "default_url", "open_store"]

# A store is named by an SQLAlchemy-style URL; these are the two this project supports.
SCHEMES = ("sqlite", "postgresql")


class StoreError(ValueError):
    """A store that cannot be opened (bad URL, missing driver, no database there)."""


def token_hash(token: str) -> str:
    """The SHA-256 of a token, as stored (hex).

    >>> token_hash("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def default_url() -> str:
    """The SQLite file under the user's data directory (``ahoy-nb/tables.sqlite``);
    ``$AHOY_NB_STORE`` overrides it."""
    given = os.environ.get("AHOY_NB_STORE")
    if given:
        return given
    try:
        from platformdirs import user_data_dir
        base = Path(user_data_dir("ahoy-nb", appauthor=False))
    except ImportError:  # (platformdirs comes with the app extra; a plain guess otherwise)
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "ahoy-nb"
    return f"sqlite:///{base / 'tables.sqlite'}"


@dataclass
class TableRow:
    """One table as stored. ``seats``: ``{faction: {"token": hash}}`` for a person,
    ``{faction: {"bot": level, ...options}}`` for a bot. Times are Unix seconds."""

    id: str
    start: str                      # State.to_json() of the start position (holds the seed)
    actions: list[str] = field(default_factory=list)
    version: int = 0
    seats: dict = field(default_factory=dict)
    spectator: str = ""             # the spectator token's hash
    created: float = 0.0
    updated: float = 0.0
    over: bool = False
    seed_chosen: bool = False       # the creator chose the seed (said on every answer)

    @classmethod
    def new(cls, id: str, start: str, seats: dict, spectator: str,
            seed_chosen: bool = False) -> "TableRow":
        now = time.time()
        return cls(id, start, [], 0, seats, spectator, now, now, False, seed_chosen)


def _driver_missing(url: str, err: ImportError) -> StoreError:
    if url.startswith("postgresql"):
        return StoreError(f"the PostgreSQL store needs the psycopg driver: "
                          f"pip install 'ahoy-nb[postgresql]' ({err})")
    return StoreError(f"the table store needs SQLAlchemy: pip install 'ahoy-nb[app]' ({err})")


def _engine_url(url: str) -> str:
    """SQLAlchemy's URL for ``url``: ``postgresql://`` goes through psycopg 3."""
    scheme = url.split(":", 1)[0]
    if scheme in ("postgresql", "postgres"):
        return "postgresql+psycopg:" + url.split(":", 1)[1]
    if scheme == "postgresql+psycopg" or scheme == "sqlite":
        return url
    raise StoreError(f"a store is sqlite:///PATH or postgresql://USER@HOST:PORT/DB, "
                     f"not {url.split('://')[0][:40]!r}://...")


class Store:
    """The tables' rows, through SQLAlchemy Core 2 (SQLite by default, PostgreSQL).

    Every method is one short transaction; the object may be shared between threads.
    """

    def __init__(self, url: str | None = None):
        try:
            import sqlalchemy as sa
        except ImportError as err:
            raise _driver_missing("sqlite", err) from None
        self.url = url or default_url()
        target = _engine_url(self.url)
        self.kind = "postgresql" if target.startswith("postgresql") else "sqlite"
        options: dict = {}
        if self.kind == "sqlite":
            path = target.split("sqlite:///", 1)[1] if target.startswith("sqlite:///") else ""
            if path:
                Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
            # Several processes share the file: wait for a writer rather than fail.
            options["connect_args"] = {"timeout": 30, "check_same_thread": False}
            if not path:  # in memory: one connection, or each would see its own database
                options["poolclass"] = sa.pool.StaticPool
        else:
            options["pool_pre_ping"] = True
        try:
            self.engine = sa.create_engine(target, **options)
        except ImportError as err:
            raise _driver_missing(self.url, err) from None
        except sa.exc.ArgumentError as err:
            raise StoreError(f"not a store URL: {err}") from None
        if self.kind == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        self.sa = sa
        meta = sa.MetaData()
        self.tables = sa.Table(
            "ahoy_tables", meta,
            sa.Column("id", sa.String(64), primary_key=True),
            sa.Column("start", sa.Text, nullable=False),
            sa.Column("actions", sa.Text, nullable=False),
            sa.Column("version", sa.Integer, nullable=False),
            sa.Column("seats", sa.Text, nullable=False),
            sa.Column("spectator", sa.String(64), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("updated", sa.Float, nullable=False),
            sa.Column("over", sa.Boolean, nullable=False),
            sa.Column("seed_chosen", sa.Boolean, nullable=False),
        )
        # Who is connected: each seat's (or spectator's) last request, by any process.
        self.presence = sa.Table(
            "ahoy_presence", meta,
            sa.Column("table_id", sa.String(64), primary_key=True),
            sa.Column("who", sa.String(32), primary_key=True),
            sa.Column("seen", sa.Float, nullable=False),
        )
        try:
            meta.create_all(self.engine)
        except sa.exc.OperationalError as err:
            raise StoreError(f"cannot open the store {self.safe_url}: "
                             f"{str(err.orig).strip()[:200]}") from None
        # The statements every request runs, built once (SQLAlchemy then reuses their
        # compiled form): building a statement costs more than running it on SQLite.
        t, p, key = self.tables, self.presence, sa.bindparam("key")
        head = [c for c in t.c if c.name not in ("start", "actions")]
        self._get = sa.select(t).where(t.c.id == key)
        self._head = sa.select(*head).where(t.c.id == key)
        self._version = sa.select(t.c.version).where(t.c.id == key)
        self._write = (t.update().where(t.c.id == key, t.c.version == sa.bindparam("seen"))
                       .values(actions=sa.bindparam("new_actions"),
                               version=sa.bindparam("new_version"),
                               over=sa.bindparam("new_over"),
                               updated=sa.bindparam("now")))
        self._seen = sa.select(p.c.who, p.c.seen).where(p.c.table_id == key)
        self._touch = (p.update().where(p.c.table_id == key, p.c.who == sa.bindparam("who_"))
                       .values(seen=sa.bindparam("when")))

    @property
    def safe_url(self) -> str:
        """The URL without its password (for messages and logs)."""
        return self.sa.engine.make_url(_engine_url(self.url)).render_as_string(hide_password=True)

    # -- rows ---------------------------------------------------------------
    def create(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(self.tables.insert().values(
                id=row.id, start=row.start, actions=json.dumps(row.actions),
                version=row.version, seats=json.dumps(row.seats, sort_keys=True),
                spectator=row.spectator, created=row.created, updated=row.updated,
                over=row.over, seed_chosen=row.seed_chosen))

    def get(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(self._get, {"key": table_id}).first()
        if r is None:
            return None
        return TableRow(r.id, r.start, json.loads(r.actions), r.version, json.loads(r.seats),
                        r.spectator, r.created, r.updated, bool(r.over), bool(r.seed_chosen))

    def head(self, table_id: str) -> TableRow | None:
        """The row without its start position and actions (``start`` empty, ``actions``
        ``None``): all a request needs when the position at that version is cached."""
        with self.engine.connect() as conn:
            r = conn.execute(self._head, {"key": table_id}).first()
        if r is None:
            return None
        return TableRow(r.id, "", None, r.version, json.loads(r.seats), r.spectator,
                        r.created, r.updated, bool(r.over), bool(r.seed_chosen))

    def version(self, table_id: str) -> int | None:
        """The stored version (one cheap query: what pages poll), or ``None``."""
        with self.engine.connect() as conn:
            return conn.execute(self._version, {"key": table_id}).scalar()

    def versions(self, table_ids) -> dict[str, int]:
        """The stored version of each of ``table_ids`` (one query for many watched tables)."""
        t = self.tables
        ids = list(table_ids)
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(self.sa.select(t.c.id, t.c.version).where(t.c.id.in_(ids)))
            return {r.id: r.version for r in rows}

    def write(self, table_id: str, version: int, actions: list[str], over: bool) -> bool:
        """Store ``actions`` as version ``version + 1`` if the row is still at ``version``
        (compare-and-swap); whether it was written."""
        with self.engine.begin() as conn:
            done = conn.execute(self._write, {
                "key": table_id, "seen": version, "new_actions": json.dumps(actions),
                "new_version": version + 1, "new_over": over, "now": time.time()})
            return done.rowcount == 1

    def set_seats(self, table_id: str, old: dict, seats: dict, spectator_old: str,
                  spectator: str) -> bool:
        """Replace the seats and spectator hashes if they are still ``old`` and
        ``spectator_old`` (compare-and-swap: a token rotated twice at once changes once)."""
        t = self.tables
        with self.engine.begin() as conn:
            done = conn.execute(
                t.update().where(t.c.id == table_id,
                                 t.c.seats == json.dumps(old, sort_keys=True),
                                 t.c.spectator == spectator_old)
                .values(seats=json.dumps(seats, sort_keys=True), spectator=spectator))
            return done.rowcount == 1

    # -- presence -------------------------------------------------------------
    def touch(self, table_id: str, who: str, when: float | None = None) -> None:
        """Record that ``who`` (a faction or ``"spectator"``) asked about the table now."""
        p = self.presence
        when = time.time() if when is None else when
        with self.engine.begin() as conn:
            done = conn.execute(self._touch, {"key": table_id, "who_": who, "when": when})
            if done.rowcount:
                return
        try:
            with self.engine.begin() as conn:
                conn.execute(p.insert().values(table_id=table_id, who=who, seen=when))
        except self.sa.exc.IntegrityError:  # another process inserted it first
            with self.engine.begin() as conn:
                conn.execute(self._touch, {"key": table_id, "who_": who, "when": when})

    def seen(self, table_id: str) -> dict[str, float]:
        """``{who: last seen}`` for the table."""
        with self.engine.connect() as conn:
            return {r.who: r.seen for r in conn.execute(self._seen, {"key": table_id})}

    def count(self) -> int:
        t = self.tables
        with self.engine.connect() as conn:
            return conn.execute(self.sa.select(self.sa.func.count()).select_from(t)).scalar()

    def close(self) -> None:
        self.engine.dispose()


def _sqlite_pragmas(dbapi_connection, record) -> None:
    # WAL: readers never wait for the writer (pages poll while a move is written).
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
    finally:
        cursor.close()


def open_store(url: str | None = None) -> Store:
    """The store at ``url`` (default: :func:`default_url`)."""
    return Store(url)
