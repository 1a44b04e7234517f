"""The scripts that need Chromium, run with their smallest arguments (the ``"browser"``
lines of ``tests/script_runs.py``; the fast lane runs the others)."""

from __future__ import annotations

import pytest

from script_runs import RUNS, run

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("script_run", [r for r in RUNS if r.lane == "browser"], ids=lambda r: r.id)
def test_script_runs_in_the_browser(script_run, chromium, tmp_path):
    run(script_run, tmp_path)
