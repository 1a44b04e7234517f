"""Time every test of the fast lane and list those over half a second in ``tests/slow-tests.txt``.

    python scripts/record_slow_tests.py [--over 0.5] [--out tests/slow-tests.txt] [pytest args]

Runs the fast lane as ``./dev test --fast`` does (its smaller sizes, every core), with the
listed tests kept in, and writes each test whose setup, call and teardown took over
``--over`` seconds, slowest first, with its time. The fast lane leaves the listed tests
out (``conftest.py``) so that it stays under two minutes; the whole suite (CI,
``./dev test``) runs them all. Prints the tests timed, the tests listed, their seconds and
the rest's. Run it again after adding a test that takes seconds.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import sys
from collections import defaultdict

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADER = """\
# The fast lane's slow tests: each took over {over:g} s in the fast lane when last timed
# (scripts/record_slow_tests.py, {when}). `./dev test --fast` leaves them out so that it
# stays under two minutes (conftest.py); the whole suite (`./dev test`, CI) runs them.
"""

# The fast lane's own arguments (./dev, cmd_test --fast).
FAST_LANE = ["tests", "ahoy_nb", "--ignore=tests/browser", "--ignore=tests/test_binder.py",
             "-m", "not full", "-n", "auto", "--dist", "worksteal", "-q", "-p", "no:cacheprovider"]


class Timer:
    """Adds up each test's phases as the reports come in (from every xdist worker)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.failed: list[str] = []

    def pytest_runtest_logreport(self, report) -> None:
        self.seconds[report.nodeid] += report.duration
        if report.failed:
            self.failed.append(report.nodeid)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--over", type=float, default=0.5, help="seconds (default 0.5)")
    parser.add_argument("--out", type=pathlib.Path, default=ROOT / "tests" / "slow-tests.txt")
    parser.add_argument("pytest_args", nargs="*", help="instead of the fast lane's paths")
    args = parser.parse_args(argv)

    os.environ["AHOY_NB_FAST_LANE"] = "1"
    os.environ["AHOY_NB_KEEP_SLOW_TESTS"] = "1"   # time the listed tests too
    os.chdir(ROOT)
    timer = Timer()
    run = FAST_LANE if not args.pytest_args else [*args.pytest_args, "-q", "-p", "no:cacheprovider"]
    code = pytest.main(run, plugins=[timer])
    if code not in (0, 1) or timer.failed:
        print(f"the run failed (pytest exit code {code}); {args.out} left as it was")
        return 1

    slow = sorted(((s, n) for n, s in timer.seconds.items() if s > args.over), reverse=True)
    when = datetime.date.today().isoformat()
    lines = [HEADER.format(over=args.over, when=when)]
    lines += [f"{nodeid}  # {seconds:.1f} s\n" for seconds, nodeid in slow]
    args.out.write_text("".join(lines))
    total = sum(timer.seconds.values())
    listed = sum(s for s, _ in slow)
    print(f"{len(timer.seconds)} tests timed in {total:.0f} s; {len(slow)} over {args.over:g} s "
          f"({listed:.0f} s) listed in {args.out}; the rest take "
          f"{total - listed:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
