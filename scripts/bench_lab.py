"""How the self-play lab scales: games per second with 1 and 2 local worker processes.

Plays the same games (the same seeds) with a process pool of 1 worker, then of 2
workers (``--workers`` to change it), alternating, ``--repeat`` times, and prints games
per second of each run and the speed-up of the best runs (the machine is shared: the
best of several runs is the steadiest figure). ``--dask`` runs the 2-worker case on a
``distributed.LocalCluster`` of 2 worker processes as well. Figures are recorded in
``docs/bots.md``.

    python scripts/bench_lab.py                       # 40 games of 2 normal bots, 3 rounds
    python scripts/bench_lab.py --games 100 --bots random --players 3 --dask
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.lab import simulate  # noqa: E402


def rate(games: int, players: int, bots: str, executor) -> float:
    t = time.perf_counter()
    simulate(games, players, bots, seed=0, executor=executor, progress=False)
    return games / (time.perf_counter() - t)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", default="normal")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--dask", action="store_true", help="also a Dask LocalCluster")
    args = p.parse_args(argv)
    print(f"{args.games} games, {args.players} players, bots {args.bots}; "
          f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start")
    runs: dict[str, list[float]] = {"1 worker": [], f"{args.workers} workers": []}
    cluster = client = None
    if args.dask:
        from distributed import Client, LocalCluster
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
        runs[f"dask {args.workers} workers"] = []
    with ProcessPoolExecutor(1) as one, ProcessPoolExecutor(args.workers) as many:
        for pool in (one, many):  # start the workers before timing
            list(pool.map(abs, range(args.workers)))
        for i in range(args.repeat):
            runs["1 worker"].append(rate(args.games, args.players, args.bots, one))
            runs[f"{args.workers} workers"].append(rate(args.games, args.players, args.bots, many))
            if client is not None:
                runs[f"dask {args.workers} workers"].append(
                    rate(args.games, args.players, args.bots, client.get_executor()))
            print(f"run {i + 1}: " + ", ".join(f"{k} {v[-1]:.2f} games/s" for k, v in runs.items()),
                  flush=True)
    if client is not None:
        client.close()
        cluster.close()
    base = max(runs["1 worker"])
    for k, v in runs.items():
        print(f"{k:>18}: best {max(v):.2f} games/s  ({max(v) / base:.2f}x one worker)")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
