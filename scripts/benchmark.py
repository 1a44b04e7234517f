"""How fast the engine plays: decisions per second and complete random games per second.

A decision is one ``legal_actions()`` call plus one ``apply`` of a uniformly random
legal action. Games are played from ``new_game`` (setup included) to the end, single
process. Figures are recorded in ``docs/benchmark.md``.

    python scripts/benchmark.py                 # 40 games per player count, best of 3 runs
    python scripts/benchmark.py --games 100 --repeat 5
    python scripts/benchmark.py --profile       # cProfile of the same run, top functions
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.engine import new_game  # noqa: E402


def play(players: int, seed: int) -> int:
    """One complete random game; returns the number of decisions."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    choice = rng.choice
    n = 0
    while not s.is_over:
        s.apply(choice(s.legal_actions()))
        n += 1
    return n


def run(games: int, first_seed: int = 0, repeat: int = 1) -> list[tuple[int, int, float, float]]:
    """``(players, decisions, wall seconds, CPU seconds)`` for ``games`` games of each count.

    With ``repeat`` > 1 the same games are played again and the fastest run is kept
    (like ``timeit``): on a shared machine the fastest run is the least disturbed one.
    """
    out = []
    for players in (2, 3, 4):
        play(players, 10_000)  # warm up caches
        best = None
        for _ in range(repeat):
            wall, cpu = time.perf_counter(), time.process_time()
            decisions = sum(play(players, first_seed + i) for i in range(games))
            run_ = (players, decisions, time.perf_counter() - wall, time.process_time() - cpu)
            if best is None or run_[2] < best[2]:
                best = run_
        out.append(best)
    return out


def report(results: list[tuple[int, int, float, float]], games: int, repeat: int = 1) -> None:
    """Rates by wall clock, and by this process's CPU time (steadier on a busy machine)."""
    print(f"Python {platform.python_version()} on {platform.machine()}, single process, "
          f"{games} random games per player count" + (f", best of {repeat} runs" if repeat > 1 else ""))
    print(f"load average (1/5/15 min) {'/'.join(f'{x:.1f}' for x in os.getloadavg())} at the end, "
          f"{os.cpu_count()} cores")
    print(f"{'players':>7} {'decisions/game':>15} {'decisions/s':>12} {'games/s':>8}"
          f" {'decisions/CPU-s':>16} {'games/CPU-s':>12}")
    rows = [(str(p), d, games, w, c) for p, d, w, c in results]
    rows.append(("all", sum(r[1] for r in rows), 3 * games, sum(r[3] for r in rows),
                 sum(r[4] for r in rows)))
    for label, decisions, n, wall, cpu in rows:
        print(f"{label:>7} {decisions / n:>15.0f} {decisions / wall:>12,.0f} {n / wall:>8.1f}"
              f" {decisions / cpu:>16,.0f} {n / cpu:>12.1f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--repeat", type=int, default=3, help="runs of the same games; the fastest is kept")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the run")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    if args.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.enable()
        results = run(args.games, args.seed)
        profiler.disable()
        report(results, args.games)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
    else:
        report(run(args.games, args.seed, args.repeat), args.games, args.repeat)


if __name__ == "__main__":
    main()
