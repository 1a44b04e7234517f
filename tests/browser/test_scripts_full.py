"""The script runs the fast lane leaves out (``tests/script_runs.py``): those that need
Chromium (lane ``"browser"``) and those that take longer than a few seconds (``"slow"``),
each with its smallest arguments. They run with the browser tests, in the full suite."""

from __future__ import annotations

import pytest

from script_runs import RUNS, run

pytestmark = pytest.mark.slow


@pytest.mark.parametrize("script_run", [r for r in RUNS if r.lane != "fast"], ids=lambda r: r.id)
def test_script_runs_in_the_full_suite(script_run, tmp_path, request):
    if script_run.lane == "browser":
        request.getfixturevalue("chromium")  # skipped without Chromium (failed under CI)
    run(script_run, tmp_path)
