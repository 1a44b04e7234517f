"""Record the example game that notebooks/07_review.ipynb and tests/ai/test_review.py review.

A 2-player game: Bluefin is the ``normal`` bot, the Mollusk Union the ``easy`` one
(a random action 60% of the time: a learner's mistakes, to be found by the review).
It is saved as an analysis file (everything in the clear), so the review may use it all.

    python scripts/record_review_game.py     # writes ahoy_nb/data/easy-mollusk.ahoy.json

``ahoy_nb.savegame.example("easy-mollusk")`` opens it.

Record it again only when a ruling changes what the saved actions do (opening the file
then fails with the action that no longer plays), as for the golden games.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb import savegame  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402

SEED = 11
OUT = ROOT / "ahoy_nb" / "data" / "easy-mollusk.ahoy.json"


def record(seed: int = SEED):
    s = new_game(2, seed=seed)
    bots = {"bluefin": make_bot("normal", seed=seed), "mollusk": make_bot("easy", seed=seed + 1)}
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s))
    return s


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, default=SEED)
    p.add_argument("--out", type=Path, default=OUT)
    args = p.parse_args(argv)
    s = record(args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    savegame.save(s, args.out, kind="analysis")
    print(f"{args.out}: {len(s.history)} actions, {s.round} rounds, Fame {s.fame}, "
          f"won by {', '.join(s.winners)}")


if __name__ == "__main__":
    main()
