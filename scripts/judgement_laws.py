"""The one estimator's law, on positions of held-out games (docs/judgement.md).

At each position (a decision with a choice, 2, 3 and 4 players, each seat in turn):

1. the chart's chance there (``evaluate``, as ``AdvisorCore`` charts it) is the review's
   "before" for the decision (the review reusing the chart, as the game widgets do);
2. a hint's chance for the action then played (``judge`` at the hint's budget) holds the
   review's "after" for it (at the review's budget) within the hint's interval;
3. the action the hint ranks first, played instead, is labelled "best" or "good" by a
   review at the hint's budget.

    nice -n 10 python scripts/judgement_laws.py data/judgement/review-games.jsonl \\
        --positions 210 --out data/judgement/laws.json
    python scripts/judgement_laws.py --report data/judgement/laws.json

``tests/ai/test_judgement.py`` checks a small sample of the same in the fast lane.
"""

from __future__ import annotations

import argparse
import json
import marshal
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import REVIEW_SIMULATIONS, evaluate, judge, review  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402
from ahoy_nb.engine import State  # noqa: E402


def sample(games: list[dict], per_count: int, step: int) -> list[tuple[dict, int, str]]:
    """``(game, index, player)``: every ``step``-th decision with a choice of each game,
    each by a different seat in turn, ``per_count`` of each player count."""
    out = []
    for n in (2, 3, 4):
        picked = []
        for g in (g for g in games if g["players"] == n):
            s = replay(g)
            shift = len(s.log) - len(s.history)
            turn = 0
            for i in range(0, len(s.history), step):
                who = s.log[shift + i].player
                if who != s.players[turn % n]:
                    continue
                if len(State(marshal.loads(s.history[i])).legal_actions()) > 1:
                    picked.append((g, i, who))
                    turn += 1
                if len(picked) == per_count:
                    break
            if len(picked) == per_count:
                break
        out += picked
    return out


#: Floating-point noise, far below any figure shown (a tenth of a percent): at the 3% floor
#: an interval is as narrow as the floor's arithmetic, and two ways to the same chance
#: may differ in the eighth decimal.
TOLERANCE = 1e-6


def check(game: dict, i: int, who: str, chart_sims: int, hint_sims: int,
          review_sims: int) -> dict:
    """The three parts of the law at one position."""
    s = replay(game, upto=i + 1)
    before = State(marshal.loads(s.history[i]))
    point = evaluate(before, who, chart_sims, seed=i, progress=False)
    d = review(s, who, simulations=review_sims, progress=False, first=i,
               known={i: point}).decisions[0]
    hint = judge(before, hint_sims, seed=i)
    played = next(e for e in hint if e.notation == d.action)
    instead = replay(game, upto=i).apply(hint[0].notation)
    d2 = review(instead, who, simulations=hint_sims, progress=False, first=i).decisions[0]
    return {"players": game["players"], "seed": game["seed"], "index": i, "player": who,
            "chart": point[who], "before": d.before, "after": d.after,
            "hint": played.win, "interval": list(played.interval),
            "hint_playouts": played.simulations, "review_playouts": d.simulations,
            "first": hint[0].notation, "first_label": d2.label, "first_even_odds": d2.even_odds,
            "chart_is_before": d.before == point[who],
            "within": (played.interval[0] - TOLERANCE <= d.after
                       <= played.interval[1] + TOLERANCE),
            "first_good": not d2.is_mistake and d2.action == hint[0].notation}


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("games", nargs="*", type=Path, help="JSON-lines files of held-out games")
    p.add_argument("--positions", type=int, default=210, help="positions, a third per player count")
    p.add_argument("--step", type=int, default=7, help="a position every N decisions of a game")
    p.add_argument("--chart-simulations", type=int, default=60)
    p.add_argument("--hint-simulations", type=int, default=150)
    p.add_argument("--review-simulations", type=int, default=REVIEW_SIMULATIONS)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=None, help="every position's figures (JSON)")
    p.add_argument("--report", type=Path, default=None,
                   help="print the figures of an --out file again, checking nothing anew")
    args = p.parse_args(argv)
    if args.report is not None:
        report = json.loads(args.report.read_text())
        show(report["rows"], report["settings"])
        return report
    if not args.games:
        p.error("give the files of held-out games (or --report)")
    t0 = time.time()
    games = [json.loads(line) for path in args.games for line in path.read_text().splitlines()
             if line.strip()]
    picked = sample(games, -(-args.positions // 3), args.step)
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(check, *zip(*picked), *[[x] * len(picked) for x in (
            args.chart_simulations, args.hint_simulations, args.review_simulations)]))
    settings = {k: getattr(args, k) for k in ("chart_simulations", "hint_simulations",
                                              "review_simulations", "step")}
    show(rows, settings)
    print(f"{time.time() - t0:.0f} s")
    report = {"positions": len(rows), "counts": {n: sum(r["players"] == n for r in rows)
                                                 for n in (2, 3, 4)},
              "rows": rows, "settings": settings}
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=1) + "\n")
    failed = len(rows) - sum(r["chart_is_before"] and r["within"] and r["first_good"]
                             for r in rows)
    if failed:
        print(f"{failed} positions break the law")
        raise SystemExit(1)
    return report


def show(rows: list[dict], settings: dict) -> None:
    """Print how many positions keep each part of the law."""
    counts = {n: sum(r["players"] == n for r in rows) for n in (2, 3, 4)}
    n = len(rows)
    print(f"{n} positions of {len({(r['players'], r['seed']) for r in rows})} held-out games "
          f"(2 players {counts[2]}, 3 players {counts[3]}, 4 players {counts[4]}); chart "
          f"{settings['chart_simulations']}, hint {settings['hint_simulations']}, review "
          f"{settings['review_simulations']} playouts")
    print(f"the chart's chance is the review's before: {sum(r['chart_is_before'] for r in rows)}"
          f"/{n}")
    gap = max(abs(r["hint"] - r["after"]) for r in rows)
    print(f"the hint's chance of the action played holds the review's after: "
          f"{sum(r['within'] for r in rows)}/{n} (largest difference {gap:.1%}; playouts in "
          f"the hint's {sum(r['hint_playouts'] > 0 for r in rows)}, in the review's "
          f"{sum(r['review_playouts'] > 0 for r in rows)})")
    labels = {k: sum(r["first_label"] == k for r in rows) for k in ("best", "good")}
    even = sum(r["first_even_odds"] for r in rows)
    print(f"the hint's first, played instead, labelled best or good at the hint's budget: "
          f"{sum(r['first_good'] for r in rows)}/{n} (best {labels['best']}, good "
          f"{labels['good']}; at even odds, at the floor, {even})")


if __name__ == "__main__":
    main()
