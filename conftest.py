"""What pytest collects: the modules of an optional extra that is not installed are left
out of the doctest run (their tests skip, naming the extra to install); the fast lane
(``./dev test --fast``) leaves out the tests listed in ``tests/slow-tests.txt``."""

import importlib.util
import os
from pathlib import Path

_EXTRAS = {"ahoy_nb/adapters/openspiel.py": "pyspiel", "ahoy_nb/adapters/pettingzoo.py": "pettingzoo",
           "ahoy_nb/adapters/observation.py": "numpy"}

collect_ignore = [path for path, module in _EXTRAS.items() if importlib.util.find_spec(module) is None]

# Each listed test took over a second in the fast lane when last timed
# (scripts/record_slow_tests.py): leaving them out keeps the lane under two minutes, and
# the whole suite (CI) still runs them.
SLOW_TESTS = Path(__file__).parent / "tests" / "slow-tests.txt"


def slow_tests() -> set[str]:
    """The node ids listed in ``tests/slow-tests.txt`` (a line: an id, then ``  # seconds``)."""
    lines = SLOW_TESTS.read_text().splitlines() if SLOW_TESTS.exists() else []
    return {line.split("  # ")[0].strip() for line in lines if line.strip() and not line.startswith("#")}


def pytest_collection_modifyitems(config, items):
    if os.environ.get("AHOY_NB_FAST_LANE") != "1" or os.environ.get("AHOY_NB_KEEP_SLOW_TESTS") == "1":
        return
    slow = slow_tests()
    left_out = [item for item in items if item.nodeid in slow]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item.nodeid not in slow]
