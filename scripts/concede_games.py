"""Conceded games at scale: every one saves, opens again and replays to the same end.

    python scripts/concede_games.py [--games 1000] [--most-actions 200] [--seed 26]

Each 2-player game (seeds 0, 1, ...) is played by random choices for a random number of
actions (0 to ``--most-actions``), then a random seat concedes, whatever the decision
waiting (a tile being placed, a battle, the other's turn...). Checked: the other player
wins and the result names the concession; ``to_json`` opens again to the same text; a
save file (``savegame``) opens to it; replaying the log's actions on a new game gives it.
Prints how many games were checked, over how many kinds of decision, the failures, and
the time. (The test with a few games: tests/engine/test_conceding.py.)
"""

from __future__ import annotations

import argparse
import pathlib
import random
import sys
import time
from collections import Counter

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))  # when not installed

from ahoy_nb import savegame  # noqa: E402
from ahoy_nb.engine import State, new_game  # noqa: E402


def check(seed: int, rng: random.Random, most: int) -> str | None:
    """Play, concede and check one game; the decision conceded at (``None``: it ended first)."""
    s = new_game(2, seed=seed)
    for _ in range(rng.randrange(0, most + 1)):
        if s.is_over:
            return None
        s.apply(rng.choice(s.legal_actions()))
    if s.is_over:
        return None
    kind = s.decision.kind
    who = rng.choice(s.players)
    s.concede(who)
    text = s.to_json()
    assert s.winners == [f for f in s.players if f != who], s.winners
    assert s.result.endswith(" conceded"), s.result
    assert State.from_json(text).to_json() == text, "to_json does not open to the same text"
    assert savegame.loads(savegame.dumps(s)).to_json() == text, "the save file differs"
    replayed = new_game(2, seed=seed)
    for entry in s.log[1:]:
        replayed.apply(entry.action)
    assert replayed.to_json() == text, "the replay differs"
    return kind


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--most-actions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    start = time.perf_counter()
    kinds: Counter = Counter()
    failures = []
    for seed in range(args.games):
        try:
            kind = check(seed, rng, args.most_actions)
        except Exception as err:  # noqa: BLE001 - counted and shown
            failures.append(f"seed {seed}: {type(err).__name__}: {str(err)[:200]}")
            continue
        if kind is not None:
            kinds[kind] += 1
    took = time.perf_counter() - start
    print(f"{sum(kinds.values()):,} of {args.games:,} games conceded and checked "
          f"({args.games - sum(kinds.values()) - len(failures)} ended first), "
          f"at {len(kinds)} kinds of decision; {len(failures)} failed; {took:.1f} s")
    print("  most met: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common(8)))
    for line in failures[:10]:
        print("  " + line)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
