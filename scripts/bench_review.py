"""How long a person waits for a review: a 130-action 3-player game (docs/judgement.md).

A held-out 3-player game is cut at ``--actions`` actions (a game under way, as the
Review button reviews it) and reviewed for one player, as the game widgets do:

* with the chart's estimates reused (the chart as an advisor that kept up with the game
  has it: every position, at the chart's budget), here, and on the front ends' process
  pool (``session.reviewing.cores``: the machine's cores), first as the first review of a
  session meets it (its processes started by that review), then again;
* cold: no chart, on the pool.

The reference, in the same run: one chart point (``evaluate`` at the chart's budget, the
median of ``--repeat`` points), so the figures can be read on a faster or busier machine
as "a review costs so many chart points". Measure on a quiet machine (the load average
is printed before and after).

    nice -n 10 python scripts/bench_review.py
"""

from __future__ import annotations

import argparse
import json
import marshal
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import REVIEW_SIMULATIONS, evaluate, review  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402
from ahoy_nb.engine import State  # noqa: E402
from ahoy_nb.session.reviewing import cores  # noqa: E402


def timed(work) -> tuple[object, float, float]:
    """``work()``, its wall time and this process's CPU time (s)."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = work()
    return out, time.perf_counter() - wall, time.process_time() - cpu


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--games", type=Path, default=ROOT / "data" / "judgement" / "review-games.jsonl")
    p.add_argument("--actions", type=int, default=130)
    p.add_argument("--player", default="bluefin")
    p.add_argument("--chart-simulations", type=int, default=60)
    p.add_argument("--simulations", type=int, default=REVIEW_SIMULATIONS,
                   help="the review's playouts a decision")
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args(argv)
    print(f"load average (1/5/15 min) {'/'.join(f'{x:.2f}' for x in os.getloadavg())} at the "
          f"start, {os.cpu_count()} cores", flush=True)
    game = next(g for g in map(json.loads, args.games.read_text().splitlines())
                if g["players"] == 3 and len(g["played"]) >= args.actions)
    s = replay(game, upto=args.actions)
    mine = sum(1 for e in s.log[len(s.log) - len(s.history):] if e.player == args.player)
    print(f"game: 3 players, seed {game['seed']}, cut at {args.actions} actions; "
          f"{args.player}'s decisions: {mine}", flush=True)
    positions = [State(marshal.loads(d)) for d in s.history] + [s]
    refs = []
    for k in range(args.repeat):
        i = len(positions) * (k + 1) // (args.repeat + 1)
        refs.append(timed(lambda: evaluate(positions[i], args.player, args.chart_simulations,
                                           seed=i, progress=False))[1])
    point = statistics.median(refs)
    print(f"reference: a chart point ({args.chart_simulations} playouts) {point:.2f} s",
          flush=True)
    chart, wall, _ = timed(lambda: {i: evaluate(p, args.player, args.chart_simulations, seed=i,
                                                progress=False)
                                    for i, p in enumerate(positions)})
    print(f"the chart of all {len(positions)} positions: {wall:.0f} s (what an advisor that "
          f"kept up worked out during the game)", flush=True)
    rows = []
    here, wall, cpu = timed(lambda: review(s, args.player, args.simulations, known=chart,
                                           progress=False))
    rows.append(("chart reused, here", wall, cpu))
    pool, n = cores(), os.cpu_count()
    for name in (f"chart reused, {n} processes, started by this review",
                 f"chart reused, {n} processes"):
        there, wall, cpu = timed(lambda: review(s, args.player, args.simulations, known=chart,
                                                executor=pool, progress=False))
        rows.append((name, wall, cpu))
        assert there.decisions == here.decisions and there.chances == here.chances
    _, wall, cpu = timed(lambda: review(s, args.player, args.simulations, executor=pool,
                                        progress=False))
    rows.append((f"no chart, {n} processes", wall, cpu))
    print(f"review of {len(here.decisions)} decisions, {args.simulations} playouts a decision "
          f"at most ({sum(d.simulations > 0 for d in here.decisions)} with playouts):")
    print("| review | wall s | CPU s here | chart points |")
    print("|---|---|---|---|")
    for name, wall, cpu in rows:
        print(f"| {name} | {wall:.1f} | {cpu:.1f} | {wall / point:.1f} |")
    print(f"load average (1/5/15 min) {'/'.join(f'{x:.2f}' for x in os.getloadavg())} at the end")


if __name__ == "__main__":
    main()
