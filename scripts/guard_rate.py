"""How often would the guarded game warn a good player? The guard on the hard bot's moves.

Plays games among ``hard`` bots (or the ``--bots`` given) and asks, at each decision with
a choice, whether the guard (:func:`ahoy_nb.ai.blunders.blunder`, with the same estimator
call as the guarded game's) would have held the action the bot chose. A guard that
warns on more than a few of a strong bot's moves would cry wolf to a learner; issue 50
asks for at most 2% (docs/tutorials.md has the figures).

    nice -n 10 python scripts/guard_rate.py --games 20 --players 3
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import judge, wilson  # noqa: E402
from ahoy_nb.ai.blunders import blunder  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402


def game(players: int, seed: int, bot: str, **options) -> tuple[int, list[tuple]]:
    """One game among ``bot`` bots: the decisions with a choice, and the warnings (kind,
    loss, prompt, action) the guard would have given on them."""
    state = new_game(players, seed=seed)
    bots = {p: make_bot(bot, seed=seed * 10 + i, **options) for i, p in enumerate(state.players)}
    decisions, warned = 0, []
    while not state.is_over:
        me = state.current_player
        action = bots[me].choose(state)
        if len(state.legal_actions()) > 1:
            decisions += 1
            found = blunder(state, action.notation, judge(state, simulations=0, seed=0))
            if found is not None:
                warned.append((found.kind, round(found.loss, 3), state.prompt[:60],
                               action.notation))
        state = state.apply(action)
    return decisions, warned


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=3)
    p.add_argument("--bots", default="hard", help="the level in every seat (default hard)")
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--iterations", type=int, default=None,
                   help="the hard bot's search size instead of its time budget (a tiny run)")
    args = p.parse_args(argv)
    options = {"iterations": args.iterations} if args.iterations else {}
    t0 = time.time()
    decisions, warned = 0, []
    for k in range(args.games):
        n, w = game(args.players, args.seed + k, args.bots, **options)
        decisions += n
        warned += w
        print(f"game {k + 1}: {len(w)} warnings in {n} decisions", flush=True)
    low, high = wilson(len(warned), decisions)
    print(f"{args.games} games of {args.players} {args.bots} bots, {decisions} decisions "
          f"with a choice: the guard warns on {len(warned)} = {len(warned) / decisions:.1%} "
          f"(95%: {low:.1%}-{high:.1%})")
    for kind, n in sorted(Counter(w[0] for w in warned).items()):
        print(f"  {kind}: {n}")
    for w in warned[:10]:
        print("  ", w)
    print(f"{time.time() - t0:.0f} s")
    return {"decisions": decisions, "warned": warned}


if __name__ == "__main__":
    main()
