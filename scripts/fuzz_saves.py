"""Load many mutated saved games and count what happens (issue 12's bulk run).

    python scripts/fuzz_saves.py [--count 20000] [--seed 1] [--runs 20]

Each mutated save (tests/engine/save_fuzz.py: deleted keys, wrong types, out-of-range numbers,
unknown factions, duplicated pieces, truncated text, deep nesting) is loaded with
``State.from_json``; an accepted one plays 50 random actions, is drawn and shown to every
faction. Prints how many were refused, accepted, and failed (with the first failures).
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import random
import sys
import time
import traceback

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent / "tests" / "engine"))

from save_fuzz import check, mutate, real_saves  # noqa: E402


def far_tile_ms(runs: int = 20) -> tuple[float, float]:
    """Median ms to refuse a save with a tile at x = 10**9, and to load the same save intact."""
    import json
    import statistics

    from ahoy_nb.engine import State, new_game

    game, rnd = new_game(4, seed=1), random.Random(1)
    for _ in range(300):  # a game under way: a longer log, more pieces
        game.apply(rnd.choice(game.legal_actions()))
    good = game.to_json()
    doc = json.loads(good)
    doc["state"]["tiles"][1]["x"] = 10**9
    bad = json.dumps(doc)

    def timed(text: str) -> float:
        start = time.perf_counter()
        try:
            State.from_json(text)
        except ValueError:
            pass
        return 1000 * (time.perf_counter() - start)

    return (statistics.median(timed(bad) for _ in range(runs)),
            statistics.median(timed(good) for _ in range(runs)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=pathlib.Path, default=None,
                        help="a folder to write each failing save into (fail-N.json)")
    parser.add_argument("--runs", type=int, default=20,
                        help="timed loads of the far-away tile's save and of the intact one "
                             "(the median is shown; default 20)")
    args = parser.parse_args(argv)
    if args.count < 1 or args.runs < 1:
        parser.error("--count and --runs must be at least 1")
    refused_ms, loaded_ms = far_tile_ms(args.runs)
    print(f"a tile at x = 10**9: refused in {refused_ms:.2f} ms "
          f"(the intact save loads in {loaded_ms:.1f} ms)", flush=True)
    saves = real_saves()
    rnd = random.Random(args.seed)
    counts = collections.Counter()
    failures = []
    start = time.perf_counter()
    for i in range(args.count):
        text = mutate(rnd.choice(saves), rnd)
        try:
            counts[check(text, rnd)] += 1
        except Exception as err:  # noqa: BLE001 - counted and shown
            counts["failed"] += 1
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"fail-{i}.json").write_text(text, encoding="utf-8")
            where = traceback.extract_tb(err.__traceback__)[-1]
            failures.append(f"#{i} {type(err).__name__}: {str(err)[:150]} "
                            f"({pathlib.Path(where.filename).name}:{where.lineno})")
    took = time.perf_counter() - start
    print(f"{args.count} mutated saves from {len(saves)} real ones in {took:.0f} s: "
          f"{counts['refused']} refused (ValueError), {counts['accepted']} accepted and played "
          f"{50} actions, drawn, viewed; {counts['failed']} failed")
    for line in failures[:40]:
        print("  " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
