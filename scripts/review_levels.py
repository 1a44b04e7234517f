"""Does the review tell good play from bad? Its labels for each level's decisions.

Every seat of held-out games is reviewed (``review``, at its own budget) and the labels
of its decisions with a choice are counted by the seat's bot: ``random`` (a random legal
action), ``normal``, ``hard``. A review that tells good play from bad labels many of the
random seats' decisions an inaccuracy or worse and few of the hard bot's
(docs/judgement.md has the figures; the games: ``winchance_games.py --random-seat`` and
``--bot random``).

    nice -n 10 python scripts/review_levels.py data/judgement/review-games.jsonl \\
        data/judgement/random-games.jsonl --out data/judgement/review-levels.json
    python scripts/review_levels.py --report data/judgement/review-levels.json
    python scripts/review_levels.py data/judgement/review-games.jsonl \\
        --spread data/judgement/review-levels.json      # what the judge can see at all

``--spread``: for 150 decisions of each level (drawn from a ``--out`` file's, seed 1),
how far apart the model (the judge without playouts, unfloored) puts the chooser's
chances of its options, and how many decisions a threshold on the loss in log-odds
(as centipawns are in chess, the same in a decided game as in an open one) would label:
what no choice of thresholds on the chance to win can exceed.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import REVIEW_SIMULATIONS, THRESHOLDS, judge, wilson, review  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402


def seat(game: dict, player: str, simulations: int) -> list[dict]:
    """The decisions with a choice of one seat, as the review labels them."""
    rv = review(replay(game), player, simulations, progress=False)
    return [{"file": game["file"], "players": game["players"], "seed": game["seed"],
             "player": player, "bot": game["bots"][player], "index": d.index,
             "before": d.before, "loss": d.loss, "label": d.label, "even_odds": d.even_odds}
            for d in rv.decisions if d.options > 1]


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("games", nargs="*", type=Path, help="JSON-lines files of held-out games")
    p.add_argument("--simulations", type=int, default=REVIEW_SIMULATIONS)
    p.add_argument("--limit", type=int, default=None, help="at most N games of each file")
    p.add_argument("--bots", default=None,
                   help="review only the seats of these bots (comma-separated: random,hard)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--out", type=Path, default=None)
    p.add_argument("--report", type=Path, default=None,
                   help="print the figures of an --out file again, reviewing nothing")
    p.add_argument("--spread", type=Path, default=None,
                   help="an --out file: how far apart the model puts its decisions' options")
    args = p.parse_args(argv)
    if args.report is not None:
        report = json.loads(args.report.read_text())
        show(report["rows"], report["simulations"])
        return report
    if not args.games:
        p.error("give the files of games to review (or --report)")
    if args.spread is not None:
        return spread(args.games, json.loads(args.spread.read_text())["rows"], args.workers)
    t0 = time.time()
    games = []
    for path in args.games:
        lines = [line for line in path.read_text().splitlines() if line.strip()]
        games += [dict(json.loads(line), file=path.name) for line in lines[:args.limit]]
    wanted = set(args.bots.split(",")) if args.bots else None
    jobs = [(g, f) for g in games for f, bot in g["bots"].items()
            if wanted is None or bot in wanted]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = [r for part in pool.map(seat, *zip(*jobs), [args.simulations] * len(jobs))
                for r in part]
    table = show(rows, args.simulations)
    print(f"{time.time() - t0:.0f} s")
    report = {"simulations": args.simulations, "levels": table, "rows": rows}
    if args.out is not None:
        args.out.write_text(json.dumps(report) + "\n")
    return report


def show(rows: list[dict], simulations: int) -> dict:
    """Print the labels of ``rows`` by level (a Markdown table); return its figures."""
    files = sorted({r["file"] for r in rows})
    print(f"{len({(r['file'], r['players'], r['seed']) for r in rows})} held-out games "
          f"({', '.join(files)}), {simulations} playouts a decision at most; decisions "
          f"with a choice:")
    print("| seat | games | decisions | inaccuracy or worse | mistake or worse | at the floor "
          "(judged at even odds) | inaccuracy or worse: above the floor | at the floor "
          "| average chance lost, above the floor | while its chance was 10-90% |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    table = {}
    for bot in sorted({r["bot"] for r in rows}, key=["random", "easy", "normal", "hard"].index):
        mine = [r for r in rows if r["bot"] == bot]
        bad = sum(r["label"] in THRESHOLDS for r in mine)
        worse = sum(r["label"] in ("mistake", "blunder") for r in mine)
        floor = [r for r in mine if r["even_odds"]]
        floor_bad = sum(r["label"] in THRESHOLDS for r in floor)
        above = len(mine) - len(floor)
        low, high = wilson(bad, len(mine))
        alive = [r for r in mine if 0.1 <= r["before"] <= 0.9]
        alive_bad = sum(r["label"] in THRESHOLDS for r in alive)
        n_games = len({(r["file"], r["players"], r["seed"]) for r in mine})
        print(f"| {bot} | {n_games} | {len(mine)} | {bad / len(mine):.1%} ({low:.0%}-{high:.0%}) "
              f"| {worse / len(mine):.1%} | {len(floor) / len(mine):.1%} "
              f"| {bad - floor_bad}/{above} = {(bad - floor_bad) / max(1, above):.1%} "
              f"| {floor_bad}/{len(floor)} = {floor_bad / max(1, len(floor)):.1%} "
              f"| {sum(r['loss'] for r in mine if not r['even_odds']) / max(1, above):.3f} "
              f"| {alive_bad}/{len(alive)} = {alive_bad / max(1, len(alive)):.0%} |")
        table[bot] = {"games": n_games, "decisions": len(mine), "inaccuracy_or_worse": bad,
                      "mistake_or_worse": worse, "even_odds": len(floor),
                      "even_odds_bad": floor_bad, "alive": len(alive),
                      "alive_bad": alive_bad}
    return table


def options(game: dict, index: int) -> dict[str, float]:
    """The model's chance (unfloored) of each option at decision ``index``, for its chooser."""
    return {e.notation: e.model for e in judge(replay(game, upto=index), 0, seed=index)}


def spread(paths: list[Path], rows: list[dict], workers: int, per_level: int = 150) -> dict:
    """Print how far apart the model puts the options of sampled decisions, by level."""
    games = {(path.name, g["players"], g["seed"]): g for path in paths
             for g in map(json.loads, path.read_text().splitlines())}
    rng = random.Random(1)
    picked = []
    for bot in ("random", "hard"):
        mine = [r for r in rows if r["bot"] == bot and (r["file"], r["players"], r["seed"]) in games]
        picked += rng.sample(mine, min(per_level, len(mine)))
    with ProcessPoolExecutor(workers) as pool:
        values = list(pool.map(options, [games[r["file"], r["players"], r["seed"]] for r in picked],
                               [r["index"] for r in picked]))
    odds = lambda p: math.log(max(p, 1e-6) / max(1 - p, 1e-6))  # noqa: E731
    print(f"{len(picked)} decisions with a choice, the model alone (unfloored), log-odds loss "
          f"= best's log-odds - played's:")
    print("| seat | decisions | options within 1 point | within 0.1 log-odds | loss >= 0.1 "
          "| >= 0.2 | >= 0.3 | chance loss >= 5 points |")
    print("|---|---|---|---|---|---|---|---|")
    table = {}
    for bot in ("random", "hard"):
        mine = [(r, v) for r, v in zip(picked, values) if r["bot"] == bot]
        game_of = lambda r: games[r["file"], r["players"], r["seed"]]  # noqa: E731
        played = [v[game_of(r)["played"][r["index"]]] for r, v in mine]
        best = [max(v.values()) for _, v in mine]
        close = sum(max(v.values()) - min(v.values()) < 0.01 for _, v in mine)
        flat = sum(odds(max(v.values())) - odds(min(v.values())) < 0.1 for _, v in mine)
        loss = [odds(b) - odds(x) for b, x in zip(best, played)]
        n = len(mine)
        row = {"decisions": n, "within_1_point": close, "within_0.1_log_odds": flat,
               **{f"log_odds_loss_{t}": sum(x >= t for x in loss) for t in (0.1, 0.2, 0.3)},
               "chance_loss_5": sum(b - x >= 0.05 for b, x in zip(best, played))}
        print(f"| {bot} | {n} | {close / n:.0%} | {flat / n:.0%} | "
              + " | ".join(f"{row[f'log_odds_loss_{t}'] / n:.0%}" for t in (0.1, 0.2, 0.3))
              + f" | {row['chance_loss_5'] / n:.0%} |")
        table[bot] = row
    return table


if __name__ == "__main__":
    main()
