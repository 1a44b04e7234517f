"""Does a hint find the best action? Its first against a 4,000-playout ranking.

At each round's first decision of held-out games (a die to place: the choice with the
most options), the reference ranks every legal action by the estimator with
``--reference`` playouts shared evenly among them (``judge(..., played=None)``: the model
refined by as many random games as a hint could never wait for). Against it:

* **the hint** (``best_actions`` at its budget, ``--simulations``): the estimator, the
  model judging every action and the playouts refining its best six;
* **before**: ``best_actions`` as it was before the one estimator, random playouts alone
  (half of them shared by every action, half by the ``2 k`` best of those), kept here to
  measure against.

Printed: how often each one's first is the reference's first, is in its first three,
and the reference's chance it loses on average. Figures in docs/judgement.md.

    nice -n 10 python scripts/hint_agreement.py data/judgement/review-games.jsonl \\
        --positions 30 --out data/judgement/hint-agreement.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import _run, _seeds, best_actions, judge  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402


def before(state, k: int, simulations: int, seed: int) -> list[str]:
    """The ``k`` best actions as ``best_actions`` found them before the one estimator:
    by the share of random playouts won alone, best first."""
    me = state.current_player
    names = [a.notation for a in state.legal_actions()]
    first = max(len(names), simulations // 2)
    seeds = _seeds(seed, simulations + len(names), salt=1)
    jobs = [(names[i % len(names)], seeds[i]) for i in range(first)]
    tally = {a: [0.0, 0] for a in names}
    for (a, _), r in zip(jobs, _run(state, me, jobs, None, "", False)):
        if r is not None:
            tally[a][0] += r[me]
            tally[a][1] += 1
    mean = lambda a: tally[a][0] / tally[a][1] if tally[a][1] else -1.0  # noqa: E731
    rest = simulations - first
    if rest > 0:
        top = sorted(names, key=lambda a: (-mean(a), a))[:2 * k]
        jobs = [(top[i % len(top)], seeds[first + i]) for i in range(rest)]
        for (a, _), r in zip(jobs, _run(state, me, jobs, None, "", False)):
            if r is not None:
                tally[a][0] += r[me]
                tally[a][1] += 1
    return sorted((a for a in names if tally[a][1]), key=lambda a: (-mean(a), a))[:k]


def round_starts(game: dict) -> list[int]:
    s = replay(game, upto=0)
    out, last = [], None
    for i, action in enumerate(game["played"]):
        if s.round != last and s.data["phase"] != "setup" and len(s.legal_actions()) > 1:
            out.append(i)
            last = s.round
        s.apply(action)
    return out


def compare(game: dict, index: int, reference: int, simulations: int) -> dict:
    s = replay(game, upto=index)
    ref = judge(s, reference, seed=index, played=None)
    chance = {e.notation: e.win for e in ref}
    hint = best_actions(s, k=3, simulations=simulations, seed=index)[0].notation
    old = before(s, 3, simulations, index)[0]
    top3 = [e.notation for e in ref[:3]]
    return {"players": game["players"], "seed": game["seed"], "index": index,
            "options": len(ref), "reference": ref[0].notation, "hint": hint, "before": old,
            "hint_first": hint == ref[0].notation, "before_first": old == ref[0].notation,
            "hint_top3": hint in top3, "before_top3": old in top3,
            "hint_lost": ref[0].win - chance[hint], "before_lost": ref[0].win - chance[old]}


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("games", nargs="+", type=Path, help="JSON-lines files of held-out games")
    p.add_argument("--positions", type=int, default=30, help="a third per player count")
    p.add_argument("--reference", type=int, default=4000, help="the reference's playouts")
    p.add_argument("--simulations", type=int, default=150, help="a hint's playouts")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args(argv)
    t0 = time.time()
    games = [json.loads(line) for path in args.games for line in path.read_text().splitlines()
             if line.strip()]
    picked = []
    for n in (2, 3, 4):
        mine = []
        for g in (g for g in games if g["players"] == n):
            mine += [(g, i) for i in round_starts(g)[1:]]   # round 1's is the setup's choice
        step = max(1, len(mine) // max(1, args.positions // 3))
        picked += mine[::step][:-(-args.positions // 3)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(compare, *zip(*picked), [args.reference] * len(picked),
                             [args.simulations] * len(picked)))
    n = len(rows)
    print(f"{n} positions (a round's first decision, {sum(r['options'] for r in rows) / n:.0f} "
          f"options on average) of {len({(r['players'], r['seed']) for r in rows})} held-out "
          f"games; reference: {args.reference} playouts shared by every action, with the model")
    for name, what in (("hint", "the hint (the estimator)"), ("before", "before (playouts alone)")):
        first = sum(r[f"{name}_first"] for r in rows)
        top3 = sum(r[f"{name}_top3"] for r in rows)
        lost = sum(r[f"{name}_lost"] for r in rows) / n
        print(f"{what}, {args.simulations} playouts: the reference's first {first}/{n} = "
              f"{first / n:.0%}, in its first three {top3}/{n} = {top3 / n:.0%}, chance lost "
              f"{lost:.1%} on average")
    print(f"{time.time() - t0:.0f} s")
    report = {"reference": args.reference, "simulations": args.simulations, "rows": rows}
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    return report


if __name__ == "__main__":
    main()
