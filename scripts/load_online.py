"""Load on the online tables: many tables, three API clients each, on one server process.

Each client plays one seat by the HTTP API only, as a page or a notebook does: it waits
for its decision (``/poll``), reads its view and legal actions (``GET``), picks one at
random and sends it (``POST .../actions`` with the version it saw). Now and then (5%) it
first sends a move on the previous version, which must be refused with 409: the
compare-and-swap at work under load. At the end every table's stored actions are
compared with the moves the clients were told were made: none may be lost or written
twice.

It prints (and with ``--json`` writes) p50/p95 of the time per action (the POST) and
per view (the GET), the server's CPU time per action and its share of a core, the
server's memory (resident, at the start, the end and its peak), moves, 409s, errors.
The figures go in docs/online.md.

    python scripts/load_online.py                          # 50 tables x 3 clients, whole games
    python scripts/load_online.py --tables 10 --max-actions 100
    python scripts/load_online.py --store postgresql://postgres@127.0.0.1:5432/postgres
    python scripts/load_online.py --temp-postgres          # a throw-away PostgreSQL cluster
    python scripts/load_online.py --tiny                   # 2 tables, 30 actions, in-process

By default it starts ``ahoy-nb serve`` (one process, a fresh SQLite file in a temporary
folder) and stops it at the end; ``--in-process`` serves the API from a thread of this
process instead (no Panel; the memory is then this whole process's).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))   # when ahoy_nb is not installed

STALE_SHARE = 0.05      # how often a client first sends a deliberately stale move


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, method: str, path: str, token: str | None = None, data=None,
         timeout: float = 60) -> tuple[int, dict]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    body = None
    if data is not None:
        body = json.dumps(data).encode()
        headers["Content-Type"] = "application/json"
    req = urllib.request.Request(base + path, data=body, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as err:
        text = err.read()
        try:
            return err.code, json.loads(text)
        except ValueError:
            return err.code, {"error": text[:200].decode(errors="replace")}


def cpu_seconds(pid: int) -> float:
    """The CPU time (user + system) a process used so far (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory_kb(pid: int) -> dict[str, int]:
    """Resident memory now and at its peak (Linux /proc), in kB."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(("VmRSS:", "VmHWM:")):
                out[line.split(":")[0]] = int(line.split()[1])
    except OSError:
        pass
    return out


class Client(threading.Thread):
    """One seat of one table, played through the API until the game ends (or the
    table has had ``max_actions`` moves)."""

    def __init__(self, base, table, seat, token, max_actions, seed, report):
        super().__init__(daemon=True, name=f"{table}-{seat}")
        self.base, self.table, self.seat, self.token = base, table, seat, token
        self.max_actions = max_actions
        self.rng = random.Random(seed)
        self.report = report

    def run(self):
        version = -1
        r = self.report
        try:
            while True:
                status, seen = call(self.base, "GET", f"api/tables/{self.table}/poll?version="
                                    f"{version}&wait=10", self.token)
                if status != 200:
                    r.error(f"poll {status}: {seen.get('error')}")
                    return
                if seen["version"] != version:
                    r.seen(self.table, self.seat, seen["version"])
                version = seen["version"]
                if seen["over"] or version >= self.max_actions:
                    return
                if seen["deciding"] != self.seat:
                    continue
                t0 = time.perf_counter()
                status, view = call(self.base, "GET", f"api/tables/{self.table}", self.token)
                r.view_times.append(time.perf_counter() - t0)
                if status != 200:
                    r.error(f"view {status}: {view.get('error')}")
                    return
                if not view["legal"]:
                    continue   # the table moved on meanwhile
                action = self.rng.choice(view["legal"])
                if version > 0 and self.rng.random() < STALE_SHARE:
                    status, answer = call(self.base, "POST", f"api/tables/{self.table}/actions",
                                          self.token, {"version": version - 1, "action": action})
                    if status == 409:
                        r.count("stale_409")
                    else:
                        r.error(f"a stale move got {status}: {answer}")
                t0 = time.perf_counter()
                r.sent(self.table, view["version"] + 1, self.seat, t0)
                status, answer = call(self.base, "POST", f"api/tables/{self.table}/actions",
                                      self.token, {"version": view["version"], "action": action})
                took = time.perf_counter() - t0
                if status == 200:
                    r.action_times.append(took)
                    r.accepted(self.table, view["version"], answer["action"])
                elif status == 409:
                    r.count("race_409")
                else:
                    r.error(f"action {action!r} got {status}: {answer.get('error')}")
        except Exception as err:  # noqa: BLE001 - reported, not raised: the run goes on
            r.error(f"{type(err).__name__}: {err}")


class Report:
    def __init__(self):
        self.lock = threading.Lock()
        self.action_times: list[float] = []
        self.view_times: list[float] = []
        self.counts = {"stale_409": 0, "race_409": 0}
        self.errors: list[str] = []
        self.moves: dict[str, dict[int, list[str]]] = {}
        self.sent_at: dict[tuple[str, int], tuple[str, float]] = {}
        self.seen_times: list[float] = []

    def sent(self, table, version, seat, when):
        with self.lock:
            self.sent_at[(table, version)] = (seat, when)

    def seen(self, table, seat, version):
        """Another seat's poll returned with ``version``: how long after its mover sent it."""
        now = time.perf_counter()
        with self.lock:
            mover = self.sent_at.get((table, version))
            if mover is not None and mover[0] != seat:
                self.seen_times.append(now - mover[1])

    def count(self, what):
        with self.lock:
            self.counts[what] += 1

    def error(self, text):
        with self.lock:
            self.errors.append(text)

    def accepted(self, table, version, action):
        with self.lock:
            self.moves.setdefault(table, {}).setdefault(version, []).append(action)


def pct(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q * (len(values) - 1))))] * 1000


def start_server(store_url: str, folder: Path) -> tuple[str, subprocess.Popen]:
    port = free_port()
    exe = Path(sys.executable).parent / "ahoy-nb"
    cmd = [str(exe) if exe.exists() else "ahoy-nb", "serve", "--port", str(port),
           "--store", store_url]
    log = open(folder / "serve.log", "wb")
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, cwd=folder,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"ahoy-nb serve exited: {(folder / 'serve.log').read_text()[-2000:]}")
        try:
            urllib.request.urlopen(base + "liveness", timeout=2).close()
            return base, proc
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("ahoy-nb serve did not start within 120 s")


def run(tables: int = 50, max_actions: int = 100_000, store: str | None = None,
        in_process: bool = False, server: str | None = None, seed: int = 0,
        players: int = 3) -> dict:
    """The load run; its figures as a dict."""
    folder = Path(tempfile.mkdtemp(prefix="ahoy-load-"))
    store_url = store or f"sqlite:///{folder / 'tables.sqlite'}"
    proc = None
    stop_in_process = None
    pid = os.getpid()
    try:
        if server:
            base, pid = server.rstrip("/") + "/", None
        elif in_process:
            sys.path.append(str(ROOT / "tests"))
            from online_support import serve_api   # the same handlers, on a thread here
            from ahoy_nb.apps.online.store import Store
            from ahoy_nb.apps.online.tables import Tables
            from concurrent.futures import ThreadPoolExecutor
            context = serve_api(Tables(Store(store_url), bots_in=ThreadPoolExecutor(2)))
            base = context.__enter__()
            stop_in_process = context
        else:
            base, proc = start_server(store_url, folder)
            pid = proc.pid
        mem_start = memory_kb(pid) if pid else {}
        cpu_start = cpu_seconds(pid) if pid else 0.0
        report = Report()
        clients = []
        made_at = time.perf_counter()
        for i in range(tables):
            status, made = call(base, "POST", "api/tables", data={"players": players,
                                                                  "seed": seed + i})
            if status != 200:
                raise SystemExit(f"making a table failed: {status} {made}")
            for f, s in made["seats"].items():
                clients.append(Client(base, made["table"], f, s["token"], max_actions,
                                      seed * 1000 + i * 10 + len(clients), report))
        t0 = time.perf_counter()
        for c in clients:
            c.start()
        peak = {}
        while any(c.is_alive() for c in clients):
            time.sleep(0.5)
            if pid:
                now = memory_kb(pid)
                peak["VmRSS"] = max(peak.get("VmRSS", 0), now.get("VmRSS", 0))
        wall = time.perf_counter() - t0
        mem_end = memory_kb(pid) if pid else {}
        cpu = cpu_seconds(pid) - cpu_start if pid else 0.0
        # Every move the clients were told was made is in the store, once, in order.
        # (A given server's store must be given too: --store.)
        from ahoy_nb.apps.online.store import Store
        db = Store(store_url)
        lost = duplicated = 0
        over = 0
        for table, moves in report.moves.items():
            row = db.get(table)
            if row is None:
                raise SystemExit(f"table {table} is not in {store_url}: give the server's --store")
            over += row.over
            told = [moves[v] for v in sorted(moves)]
            twice = sum(len(m) - 1 for m in told)
            duplicated += twice + max(0, len(row.actions) - len(moves))
            for v, m in moves.items():
                if v >= len(row.actions) or row.actions[v] != m[0]:
                    lost += 1
        db.close()
        actions = len(report.action_times)
        figures = {
            "tables": tables, "clients": len(clients), "players": players,
            "store": "postgresql" if store_url.startswith("postgres") else "sqlite",
            "server": "in-process" if in_process else ("given" if server else "ahoy-nb serve"),
            "actions": actions, "games_over": over, "wall_s": round(wall, 1),
            "actions_per_s": round(actions / wall, 1) if wall else 0,
            "action_ms_p50": round(pct(report.action_times, 0.5), 1),
            "action_ms_p95": round(pct(report.action_times, 0.95), 1),
            "view_ms_p50": round(pct(report.view_times, 0.5), 1),
            "view_ms_p95": round(pct(report.view_times, 0.95), 1),
            # From a move sent to another seat's waiting poll answering with it.
            "move_seen_ms_p50": round(pct(report.seen_times, 0.5), 1),
            "move_seen_ms_p95": round(pct(report.seen_times, 0.95), 1),
            # The server's own CPU time per action (its share of the polls, views and
            # moves): what the machine's other load does not change.
            "server_cpu_ms_per_action": round(1000 * cpu / actions, 2) if actions else 0,
            "server_cpu_share": round(cpu / wall, 2) if wall else 0,
            "server_rss_mb_start": round(mem_start.get("VmRSS", 0) / 1024, 1),
            "server_rss_mb_end": round(mem_end.get("VmRSS", 0) / 1024, 1),
            "server_rss_mb_peak": round(max(peak.get("VmRSS", 0), mem_end.get("VmHWM", 0)) / 1024, 1),
            "lost": lost, "duplicated": duplicated, "stale_409": report.counts["stale_409"],
            "race_409": report.counts["race_409"], "errors": len(report.errors),
            "first_errors": report.errors[:5], "set_up_s": round(t0 - made_at, 1),
        }
        return figures
    finally:
        if proc is not None and proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
        if stop_in_process is not None:
            stop_in_process.__exit__(None, None, None)
        shutil.rmtree(folder, ignore_errors=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    parser.add_argument("--max-actions", type=int, default=100_000,
                        help="stop each table after this many moves (default: whole games)")
    parser.add_argument("--store", default=None, help="the server's store (default: a fresh "
                                                      "SQLite file)")
    parser.add_argument("--temp-postgres", action="store_true",
                        help="a throw-away PostgreSQL cluster as the store (Debian's "
                             "initdb/pg_ctl, as the tests start it)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--in-process", action="store_true",
                       help="serve the API from a thread of this process")
    where.add_argument("--server", default=None, help="a running server's address")
    parser.add_argument("--tiny", action="store_true",
                        help="2 tables, 30 moves each, in-process (the test suite's smoke run)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", default=None, help="write the figures here")
    args = parser.parse_args(argv)
    if args.tiny:
        args.tables, args.max_actions, args.in_process = 2, 30, args.server is None
    if args.temp_postgres:
        sys.path.append(str(ROOT / "tests"))
        from online_support import postgres_cluster
        with postgres_cluster() as url:
            figures = run(args.tables, args.max_actions, url, args.in_process, args.server,
                          args.seed, args.players)
    else:
        figures = run(args.tables, args.max_actions, args.store, args.in_process, args.server,
                      args.seed, args.players)
    for key, value in figures.items():
        print(f"{key:>22}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1) + "\n")
    ok = not figures["lost"] and not figures["duplicated"] and not figures["errors"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
