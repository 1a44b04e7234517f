"""Every state of thousands of seeded games saves and opens again (the round-trip law).

    python scripts/roundtrip_games.py [--random 2000] [--greedy 100] [--hard 0] [--first-seed 1]
                                      [--every 1] [--whole-every 25] [--savegame-every 200]

Games rotate 2, 3 and 4 players; the same bot plays every seat (greedy at 2 samples and
depth 1, hard at 8 iterations: it is the games that are checked, not the play). At every
``--every``-th state, and at every state whose stack of decisions has a shape not met before
in the run, the position and the log entries written since the last check are saved and
opened (``tests/engine/roundtrip_support.py``); every ``--whole-every`` states (0: never) and
at each game's end the whole ``to_json()`` text; a save file (``savegame``) every
``--savegame-every`` states and at the end. Prints the games, states checked, failures (the first ones in full) and time.
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "engine"))
sys.path.insert(1, str(ROOT))  # when ahoy_nb is not installed

from roundtrip_support import play_checked  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--random", type=int, default=2000)
    parser.add_argument("--greedy", type=int, default=100)
    parser.add_argument("--hard", type=int, default=0)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--every", type=int, default=1)
    parser.add_argument("--whole-every", type=int, default=25)
    parser.add_argument("--savegame-every", type=int, default=200)
    args = parser.parse_args(argv)
    failures = []
    for bot in ("random", "greedy", "hard"):
        count = getattr(args, bot)
        if not count:
            continue
        start = time.perf_counter()
        states = actions = 0
        shapes: set = set()
        for k in range(count):
            players, seed = 2 + k % 3, args.first_seed + k
            try:
                checked, played = play_checked(players, seed, bot, every=args.every,
                                               whole_every=args.whole_every,
                                               savegame_every=args.savegame_every,
                                               shapes=shapes)
            except Exception as err:  # noqa: BLE001 - counted and shown
                failures.append(f"{type(err).__name__}: {str(err)[:300]}")
                continue
            states += checked
            actions += played
            if (k + 1) % 100 == 0:
                print(f"  {bot}: {k + 1:,} games, {states:,} states, {len(failures)} failures, "
                      f"{time.perf_counter() - start:.0f} s", flush=True)
        took = time.perf_counter() - start
        print(f"{bot}: {count:,} games (2-4 players), {actions:,} actions, {states:,} states "
              f"checked, {len(failures)} failures so far, {took:.0f} s", flush=True)
        print(f"  {len(shapes):,} shapes of the stack of decisions met", flush=True)
    for line in failures[:20]:
        print("  " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
