"""How the self-play lab scales: games per second with 1 and 2 local worker processes.

Plays the same games (the same seeds) with a process pool of 1 worker, then of 2
workers (``--workers`` to change it), alternating, ``--repeat`` times, and prints games
per second of each run, the median of the pairwise speed-ups (each 2-worker run against
the 1-worker run just before it, so that a drift in the machine's load cancels) and the
speed-up of the best runs. ``--dask`` runs the 2-worker case on a
``distributed.LocalCluster`` of 2 worker processes as well. Figures are recorded in
``docs/bots.md``.

On Linux with autogroup scheduling (``/proc/sys/kernel/sched_autogroup_enabled``), all
processes of one session share one slot of the CPU when the machine is busy with other
sessions: two workers then get no more CPU than one, whatever the code does. By default
each worker starts its own session (``os.setsid``), as a separate program would, so that
the figure measures how the work parallelises; ``--shared-session`` keeps them in this
one (what a busy shared machine gives ``simulate`` by default).

    python scripts/bench_lab.py                       # 24 games of 2 easy bots, 5 rounds
    python scripts/bench_lab.py --games 100 --bots random --players 3 --dask
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.ai.lab import simulate  # noqa: E402


def rate(games: int, players: int, bots: str, executor) -> float:
    t = time.perf_counter()
    simulate(games, players, bots, seed=0, executor=executor, progress=False)
    return games / (time.perf_counter() - t)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=int, default=24)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--bots", default="easy")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--dask", action="store_true", help="also a Dask LocalCluster")
    p.add_argument("--shared-session", action="store_true",
                   help="keep the workers in this session (see above)")
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
    start = None if args.shared_session else os.setsid
    print("workers in " + ("this session" if args.shared_session else "sessions of their own"))
    with ProcessPoolExecutor(1, initializer=start) as one, \
            ProcessPoolExecutor(args.workers, initializer=start) as many:
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
    print(f"{'1 worker':>18}: best {base:.2f} games/s")
    for k, v in list(runs.items())[1:]:
        pairs = sorted(b / a for a, b in zip(runs["1 worker"], v))
        print(f"{k:>18}: best {max(v):.2f} games/s  ({max(v) / base:.2f}x the best of one "
              f"worker); pairwise speed-up median {statistics.median(pairs):.2f}x "
              f"(range {pairs[0]:.2f}-{pairs[-1]:.2f})")
    print(f"load average {os.getloadavg()[0]:.1f} at the end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
