"""How fast the engine plays: decisions per second and complete random games per second.

A decision is one ``legal_actions()`` call plus one ``apply`` of a uniformly random
legal action. Games are played from ``new_game`` (setup included) to the end, single
process. Figures are recorded in ``docs/benchmark.md``.

    python scripts/benchmark.py                 # 40 games per player count
    python scripts/benchmark.py --games 100
    python scripts/benchmark.py --profile       # cProfile of the same run, top functions
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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


def run(games: int, first_seed: int = 0) -> list[tuple[int, int, float]]:
    """``(players, decisions, seconds)`` for ``games`` games of each player count."""
    out = []
    for players in (2, 3, 4):
        play(players, 10_000)  # warm up caches
        t = time.perf_counter()
        decisions = sum(play(players, first_seed + i) for i in range(games))
        out.append((players, decisions, time.perf_counter() - t))
    return out


def report(results: list[tuple[int, int, float]], games: int) -> None:
    print(f"Python {platform.python_version()} on {platform.machine()}, single process, "
          f"{games} random games per player count")
    print(f"{'players':>7} {'decisions/game':>15} {'decisions/s':>12} {'games/s':>8}")
    for players, decisions, seconds in results:
        print(f"{players:>7} {decisions / games:>15.0f} {decisions / seconds:>12,.0f} "
              f"{games / seconds:>8.1f}")
    total_d = sum(d for _, d, _ in results)
    total_s = sum(s for _, _, s in results)
    print(f"{'all':>7} {total_d / (3 * games):>15.0f} {total_d / total_s:>12,.0f} "
          f"{3 * games / total_s:>8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--profile", action="store_true", help="print a cProfile of the run")
    args = parser.parse_args()
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
        report(run(args.games, args.seed), args.games)


if __name__ == "__main__":
    main()
