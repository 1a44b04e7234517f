"""scripts/load_online.py in its tiny mode (2 tables, 3 API clients each, 30 moves, the API
served from a thread): the smoke run of the load test whose figures are in
docs/online.md. Nothing is timed here: it checks that no move is lost or written twice,
that the stale probes got their 409, and that there was no other error."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "load_online.py"


def test_the_load_script_in_its_tiny_mode():
    spec = importlib.util.spec_from_file_location("load_online", SCRIPT)
    load = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(load)
    figures = load.run(tables=2, max_actions=30, in_process=True, seed=3)
    assert figures["errors"] == 0, figures["first_errors"]
    assert (figures["lost"], figures["duplicated"]) == (0, 0)
    assert figures["stale_409"] > 0      # (3 at these seeds: each client's draws are seeded)
    assert figures["actions"] == 2 * 30 and figures["clients"] == 6
    assert figures["action_ms_p95"] >= figures["action_ms_p50"] > 0
    assert figures["server_rss_mb_peak"] > 0
