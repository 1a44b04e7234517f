"""Draw a mid-game position for the README: docs/board.svg and docs/board.png.

    python scripts/render_board.py [--seed N] [--steps N]

The position comes from a seeded random game: ``new_game(4, seed)`` and then
``steps`` random legal actions chosen with ``random.Random(seed)``, so the picture
is the same every time. The PNG needs cairosvg (in the ``test`` extra).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ahoy_nb.engine import new_game  # noqa: E402
from ahoy_nb.render import render_svg  # noqa: E402


def position(seed: int, steps: int):
    state = new_game(4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    state = position(args.seed, args.steps)
    svg = render_svg(state)
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "board.svg").write_text(svg, encoding="utf-8")
    import cairosvg
    cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(args.out / "board.png"))
    print(f"wrote {args.out / 'board.svg'} and {args.out / 'board.png'}: {state!r}")


if __name__ == "__main__":
    main()
