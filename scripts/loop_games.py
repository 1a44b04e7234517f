"""Play seeded games of adversarial loopers: no position repeats, and every game ends.

    python scripts/loop_games.py [--games 240] [--first-seed 1]

``tests/engine/looper.py``: at every decision each seat takes an action that returns to a
position already seen in the game if there is one, else keeps free moves going, else plays
at random. Games rotate 2, 3 and 4 players; every other one starts with a faction holding
Barrelman, Sea Dog, Sea Witch and Aeronauts. Prints the games, actions, positions, the
longest calm stretch (decisions in a turn without a random event; the engine's bound is
``limits.MOST_DECISIONS_WITHOUT_CHANCE``) and any failure.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(1, str(ROOT))  # when ahoy_nb is not installed

import looper  # noqa: E402
from ahoy_nb.engine import limits  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    done = actions = positions = free = looked = calm = 0
    failures = []
    for k in range(args.games):
        players, seed, movers = 2 + k % 3, args.first_seed + k, (k // 3) % 2 == 1
        try:
            r = looper.play(players, seed, movers=movers)
        except Exception as err:  # noqa: BLE001 - counted and shown
            failures.append(f"{players}p seed {seed}{' movers' if movers else ''}: "
                            f"{type(err).__name__}: {str(err)[:200]}")
            continue
        done += 1
        actions += r["actions"]
        positions += r["positions"]
        free += r["free"]
        looked += r["looked_ahead"]
        calm = max(calm, r["longest_calm"])
    took = time.perf_counter() - start
    print(f"{args.games:,} looper games (2-4 players, half with Barrelman, Sea Dog, Sea Witch and "
          f"Aeronauts) in {took:.0f} s: {done:,} ended with no position repeated, "
          f"{len(failures)} failed")
    print(f"  {actions:,} actions, {positions:,} distinct positions, {looked:,} actions looked "
          f"ahead for a way back, {free:,} free moves taken")
    print(f"  longest calm stretch: {calm} decisions (the engine's bound: "
          f"{limits.MOST_DECISIONS_WITHOUT_CHANCE:,})")
    for line in failures[:20]:
        print("  " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
