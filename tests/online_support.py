"""Helpers for the online tables' tests: the API served from a thread of the test process,
and a throw-away PostgreSQL cluster.

* :func:`serve_api` runs ``ahoy_nb.apps.online.api.application`` on a free localhost port
  on a thread with its own event loop (what ``ahoy-nb serve`` adds to Panel's server,
  without Panel), for tests that talk HTTP without starting a process.
* :func:`postgres_cluster` starts Debian's PostgreSQL (``initdb`` + ``pg_ctl``, as the
  ``postgres`` user when run as root) in a temporary folder on a free port and removes it
  afterwards; :func:`postgres_or_skip` is the pytest side: skipped with a message where
  PostgreSQL is not installed, a failure under ``CI=true`` (``.ci/run`` installs it).
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import threading
from pathlib import Path

POSTGRES_MISSING = ("PostgreSQL not found (no /usr/lib/postgresql/*/bin/initdb): the PostgreSQL "
                    "tests are skipped (apt-get install postgresql, or run .ci/run)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


@contextlib.contextmanager
def serve_api(tables, allow_origins=()):
    """The tables' API on ``http://127.0.0.1:PORT/`` (yielded) until the block ends."""
    from tornado.httpserver import HTTPServer

    from ahoy_nb.apps.online.api import application

    port = free_port()
    ready = threading.Event()
    box: dict = {}

    def run():
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        server = HTTPServer(application(tables, allow_origins))
        server.listen(port, "127.0.0.1")
        box["loop"], box["server"] = loop, server
        ready.set()
        loop.run_forever()
        server.stop()
        pending = asyncio.all_tasks(loop)
        for task in pending:
            task.cancel()
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
        loop.close()

    thread = threading.Thread(target=run, daemon=True, name="ahoy-api-test")
    thread.start()
    ready.wait(10)
    try:
        yield f"http://127.0.0.1:{port}/"
    finally:
        box["loop"].call_soon_threadsafe(box["loop"].stop)
        thread.join(10)


def postgres_bin() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


@contextlib.contextmanager
def postgres_cluster():
    """A PostgreSQL server of its own; yields its URL (``postgresql://postgres@...``)."""
    bindir = postgres_bin()
    if bindir is None:
        raise FileNotFoundError(POSTGRES_MISSING)
    root = os.geteuid() == 0
    folder = Path(tempfile.mkdtemp(prefix="ahoy-pg-"))
    data = folder / "data"
    port = free_port()

    def as_owner(*cmd: str) -> list[str]:
        # PostgreSQL refuses to run as root: as root, run it as the postgres user.
        return ["runuser", "-u", "postgres", "--", *cmd] if root else list(cmd)

    if root:
        shutil.chown(folder, "postgres", "postgres")
    log = folder / "server.log"
    try:
        subprocess.run(as_owner(str(bindir / "initdb"), "-D", str(data), "-A", "trust",
                                "-U", "postgres", "--no-sync", "-E", "UTF8"),
                       check=True, capture_output=True, timeout=120)
        options = (f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
                   f"-c max_connections=200")
        subprocess.run(as_owner(str(bindir / "pg_ctl"), "-D", str(data), "-o", options,
                                "-l", str(log), "-w", "-t", "60", "start"),
                       check=True, capture_output=True, timeout=120)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as err:
        tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
        shutil.rmtree(folder, ignore_errors=True)
        out = getattr(err, "stderr", b"") or b""
        raise RuntimeError(f"PostgreSQL did not start: {err}\n{out.decode(errors='replace')}"
                           f"\n{tail}") from None
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(as_owner(str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                                "-w", "stop"), capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def postgres_or_skip():
    """Skip (or, under CI, fail) when PostgreSQL is not installed."""
    import pytest

    if postgres_bin() is None:
        if in_ci():
            pytest.fail(POSTGRES_MISSING + ", and CI=true: the PostgreSQL tests must run in CI",
                        pytrace=False)
        pytest.skip(POSTGRES_MISSING)
