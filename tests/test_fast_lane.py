"""The fast lane's list of slow tests (``tests/slow-tests.txt``): each line names a test
that is still there, and the fast lane leaves exactly the listed tests out."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from conftest import SLOW_TESTS, slow_tests  # noqa: E402  (the repository's own conftest)


def _names_a_test_that_is_there(nodeid: str) -> bool:
    path, _, name = nodeid.partition("::")
    file = ROOT / path
    if not file.is_file() or not name:
        return False
    source = file.read_text()
    if path.endswith(".py") and path.startswith("ahoy_nb/"):   # a doctest: module.qualname
        module = path[:-3].replace("/", ".")
        if name == module:
            return True
        inner = name[len(module) + 1:] if name.startswith(module + ".") else None
        return bool(inner) and all(re.search(rf"^\s*(def|class) {re.escape(part)}\b", source, re.M)
                                   for part in inner.split("."))
    function = name.split("[")[0]
    return re.search(rf"^\s*def {re.escape(function)}\(", source, re.M) is not None


def test_every_listed_slow_test_is_still_there():
    listed = slow_tests()
    assert len(listed) >= 50, f"{SLOW_TESTS} lists {len(listed)} tests"
    gone = sorted(n for n in listed if not _names_a_test_that_is_there(n))
    assert not gone, ("tests/slow-tests.txt names tests that are gone (run "
                      f"scripts/record_slow_tests.py): {gone}")


def test_a_line_is_a_node_id_and_its_seconds():
    lines = [line for line in SLOW_TESTS.read_text().splitlines() if line and not line.startswith("#")]
    for line in lines:
        assert re.fullmatch(r"\S.*::\S.*  # \d+\.\d s", line), line


@pytest.mark.full
def test_the_fast_lane_leaves_out_the_listed_tests_and_only_those():
    listed = sorted(n for n in slow_tests() if n.startswith("tests/engine/test_golden.py"))
    assert listed, "no golden game is listed: choose another file for this test"

    def collected(fast: bool) -> set[str]:
        env = {**os.environ, "AHOY_NB_FAST_LANE": "1" if fast else "0"}
        env.pop("AHOY_NB_KEEP_SLOW_TESTS", None)
        out = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                              "no:cacheprovider", "tests/engine/test_golden.py"],
                             cwd=ROOT, env=env, capture_output=True, text=True, timeout=120).stdout
        return {line for line in out.splitlines() if "::" in line}

    everything, fast = collected(False), collected(True)
    assert set(listed) <= everything
    assert fast == everything - set(listed)
