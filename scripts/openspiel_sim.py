"""OpenSpiel's own random simulation test on ``python_ahoy``, for many games.

``pyspiel.random_sim_test`` plays whole games with uniformly random actions and chance
outcomes drawn with their probabilities, checking at every step what OpenSpiel asks of a
game: legal actions sorted and matching the mask, clones and serialized copies equal to
the state, chance probabilities that sum to 1, observation tensors of the declared shape
for every player, the game no longer than ``max_game_length`` and returns within the
utility range. Needs ``pip install 'ahoy-nb[openspiel]'``.

    python scripts/openspiel_sim.py --games 100            # 100 games for 2, 3 and 4 players
    python scripts/openspiel_sim.py --games 5 --players 3
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

try:
    from ahoy_nb.adapters.openspiel import load  # noqa: E402 - its ImportError names the extra
except ImportError as err:
    sys.exit(f"openspiel_sim.py: {err}")
import pyspiel  # noqa: E402


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=100, help="games per player count")
    p.add_argument("--players", type=int, nargs="+", choices=(2, 3, 4), default=[2, 3, 4])
    args = p.parse_args(argv)
    failed = 0
    for players in args.players:
        game = load(players)
        wall, cpu = time.perf_counter(), time.process_time()
        try:
            pyspiel.random_sim_test(game, num_sims=args.games, serialize=True, verbose=False)
            verdict = "passed"
        except Exception as err:  # noqa: BLE001 - reported, and the exit code says so
            verdict = f"FAILED: {type(err).__name__}: {str(err)[:300]}"
            failed += 1
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(f"{players} players: {args.games} games {verdict} in {cpu:.1f} s CPU "
              f"({cpu / args.games:.2f} s a game; {wall:.0f} s wall clock)", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
