"""Fit the win-chance model on self-play games and judge it on held-out games.

The second step of the win-chance pipeline (docs/judgement.md); the first is
``winchance_games.py``. It

1. replays every game and samples positions along it (every ``--every`` decisions),
   each as the player to decide there sees it (:func:`ahoy_nb.ai.winchance.features`);
2. plays out 5 positions of every game (10%, 30%, 50%, 70% and 90% of its decisions)
   with ``evaluate(method="playouts")``, the chart's number of simulations;
3. judges by *cross-fitting*: the games with an odd seed are judged by a model, a blend
   weight and a faction prior fitted on those with an even seed, and the other way
   round, so every game is a held-out game for what judges it. Methods: the model,
   the blend (``evaluate``'s default), the playouts, and the faction prior (each
   faction's win rate in the fitting games). Brier scores with 95% intervals (bootstrap
   over games), by phase and player count, and a reliability diagram (``--png``);
4. fits the model shipped on every game, with ``--resamples`` refits on games drawn
   with replacement (its uncertainty) and its blend weight, and writes it with what it
   was fitted on (``ahoy_nb/data/winchance.json``) and the figures (``--report``, JSON;
   docs/judgement.md quotes them).

Playout estimates take most of the time; they are kept in ``--cache`` so that a refit
with other features runs in a minute.

    nice -n 10 python scripts/winchance_fit.py data/judgement/games.jsonl

Run it again after the bots change: play new games (winchance_games.py), fit, and
update docs/judgement.md from the report.
"""

from __future__ import annotations

import argparse
import datetime
import gzip
import json
import math
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai import winchance  # noqa: E402
from ahoy_nb.ai.analysis import blend, evaluate, floor_at, floored, wilson  # noqa: E402
from ahoy_nb.ai.winchance import Sample, WinModel, features, fit, lateness  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402

JUDGED = (0.1, 0.3, 0.5, 0.7, 0.9)   # where along a held-out game its positions are judged
PHASES = (("early", 0.0, 0.4), ("middle", 0.4, 0.8), ("late", 0.8, 1.0))


def read_games(paths: list[Path]) -> list[dict]:
    games = {}
    for path in paths:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt") as fh:
            for line in fh:
                if line.strip():
                    r = json.loads(line)
                    if isinstance(r.get("actions"), list):   # written before "played"
                        r["played"] = r.pop("actions")
                    games[(r["players"], r["seed"])] = r
    return [games[k] for k in sorted(games)]


def replays(game: dict) -> bool:
    """Whether the game still replays to its result under the rules it was played with."""
    try:
        s = replay(game)
    except ValueError:   # an action a later fix of the engine no longer allows
        return False
    return s.winners == game["winners"]


def meta_of(paths: list[Path]) -> dict:
    """The bots and commits of the games (from ``<file>.meta.json``)."""
    bots, commits = set(), []
    for path in paths:
        name = path.name[:-3] if path.suffix == ".gz" else path.name
        meta_path = path.with_name(name + ".meta.json")
        if meta_path.exists():
            meta = json.loads(meta_path.read_text())
            bots.add(json.dumps(meta.get("bots")))
            commits += [run["commit"] for run in meta.get("runs", [])]
    return {"bots": [json.loads(b) for b in sorted(bots)], "commits": sorted(set(commits))}


def shares(winners: list[str], players: list[str]) -> list[float]:
    return [1.0 / len(winners) if f in winners else 0.0 for f in players]


def positions(game: dict, at: list[int]):
    """Replay ``game``; yield ``(index, state)`` before each decision in ``at``."""
    s = replay(game, upto=0)
    wanted = set(at)
    for i, action in enumerate(game["played"]):
        if i in wanted:
            yield i, s
        s.apply(action)


def samples_of(game: dict, every: int) -> list[Sample]:
    n = len(game["played"])
    at = list(range(0, n, every))
    won = shares(game["winners"], new_game(game["players"], seed=0).players)
    out = []
    for i, s in positions(game, at):
        x = features(s, s.current_player)
        out.append(Sample(tuple(s.players), [x[f] for f in s.players], won, 1.0 / len(at),
                          (game["players"], game["seed"])))
    return out


def judged_at(game: dict) -> list[int]:
    n = len(game["played"])
    return sorted({min(n - 1, int(q * n)) for q in JUDGED})


# -- playouts, kept in a cache -------------------------------------------------------------

def playout_job(game: dict, index: int, sims: int) -> dict:
    s = replay(game, upto=index)
    e = evaluate(s, simulations=sims, seed=index, method="playouts", progress=False)
    return {"key": f"{game['players']}/{game['seed']}/{index}/{sims}", "chances": dict(e),
            "simulations": e.simulations}


def playouts(games: list[dict], sims: int, cache: Path, workers: int) -> dict[str, dict]:
    done = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["key"]] = r
    jobs = [(g, i, sims) for g in games for i in judged_at(g)
            if f"{g['players']}/{g['seed']}/{i}/{sims}" not in done]
    if jobs:
        print(f"  {len(jobs)} positions to play out ({sims} simulations each)", flush=True)
        start = time.time()
        with ProcessPoolExecutor(workers) as pool, cache.open("a") as out:
            for k, r in enumerate(pool.map(playout_job, *zip(*jobs), chunksize=4), start=1):
                done[r["key"]] = r
                out.write(json.dumps(r) + "\n")
                out.flush()
                if k % 50 == 0:
                    print(f"  {k}/{len(jobs)} in {time.time() - start:.0f} s", flush=True)
    return done


# -- scores ----------------------------------------------------------------------------------

def brier(p: list[float], y: list[float]) -> float:
    """The Brier score of one position: the squared distance between the chances and
    the result, summed over the factions (0 is perfect)."""
    return sum((a - b) ** 2 for a, b in zip(p, y))


def mean_ci(values: list[float], groups: list, rounds: int = 1000, seed: int = 0):
    """The mean, and a 95% interval by resampling whole games (positions of a game are
    not independent)."""
    by: dict = {}
    for v, g in zip(values, groups):
        by.setdefault(g, []).append(v)
    keys = sorted(by)
    rng = random.Random(seed)
    means = []
    for _ in range(rounds):
        pick = [by[keys[rng.randrange(len(keys))]] for _ in keys]
        flat = [v for vs in pick for v in vs]
        means.append(sum(flat) / len(flat))
    means.sort()
    return sum(values) / len(values), means[int(0.025 * rounds)], means[int(0.975 * rounds)]


def reliability(pairs: list[tuple[float, float]], bins: int = 10) -> list[dict]:
    """Predicted chances against how often it happened, in ``bins`` equal bins of the chance."""
    out = []
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        inside = [(p, y) for p, y in pairs if lo <= p < hi or (b == bins - 1 and p == 1.0)]
        if not inside:
            continue
        n = len(inside)
        wins = sum(y for _, y in inside)
        low, high = wilson(wins, n)
        out.append({"bin": [lo, hi], "n": n, "predicted": sum(p for p, _ in inside) / n,
                    "observed": wins / n, "low": low, "high": high})
    return out


COLORS = {"model": "#1b7837", "blend": "#2166ac", "playouts": "#d6604d", "prior": "#7f7f7f"}
NAMES = {"model": "the model", "blend": "model + playouts",
         "playouts": "random playouts", "prior": "faction prior"}


def diagram_svg(curves: dict[str, list[dict]], scores: dict[str, float], title: str) -> str:
    """Reliability diagrams, one panel per method: how often a faction won against the
    chance it was given, in 10% bins, with 95% Wilson intervals and each bin's size."""
    P, G, L, T = 250, 60, 70, 70          # panel side, gap, left and top margins
    W, H = L + 2 * P + G + 50, T + 2 * (P + G) + 40
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
           f'font-family="DejaVu Sans, sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{W / 2}" y="26" text-anchor="middle" font-size="16">{title}</text>',
           f'<text x="{W / 2}" y="46" text-anchor="middle" fill="#555">x: the chance given to '
           f'a faction; y: how often it won. Dashed: perfectly calibrated.</text>']
    for k, (method, bins) in enumerate(curves.items()):
        ox, oy = L + (k % 2) * (P + G), T + (k // 2) * (P + G)
        x = lambda p, ox=ox: ox + p * P  # noqa: E731
        y = lambda p, oy=oy: oy + (1 - p) * P  # noqa: E731
        c = COLORS[method]
        out.append(f'<text x="{x(0)}" y="{oy - 8}" font-size="13" font-weight="bold">'
                   f'{NAMES[method]}: Brier {scores[method]:.3f}</text>')
        for v in range(0, 11, 2):
            out.append(f'<line x1="{x(0)}" y1="{y(v / 10)}" x2="{x(1)}" y2="{y(v / 10)}" '
                       f'stroke="#eee"/>')
            out.append(f'<text x="{x(v / 10)}" y="{y(0) + 15}" text-anchor="middle">{v * 10}%'
                       f'</text>')
            out.append(f'<text x="{x(0) - 5}" y="{y(v / 10) + 4}" text-anchor="end">{v * 10}%'
                       f'</text>')
        total = sum(b["n"] for b in bins) or 1
        for b in bins:   # how many chances fell in each bin: light bars from the bottom
            h = 0.25 * P * b["n"] / total
            out.append(f'<rect x="{x(b["bin"][0]) + 1}" y="{y(0) - h:.1f}" width="{P / 10 - 2}" '
                       f'height="{h:.1f}" fill="{c}" opacity="0.18"/>')
        out.append(f'<rect x="{x(0)}" y="{y(1)}" width="{P}" height="{P}" fill="none" '
                   f'stroke="#333"/>')
        out.append(f'<line x1="{x(0)}" y1="{y(0)}" x2="{x(1)}" y2="{y(1)}" stroke="#333" '
                   f'stroke-dasharray="5,4"/>')
        pts = " ".join(f"{x(b['predicted']):.1f},{y(b['observed']):.1f}" for b in bins)
        out.append(f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"/>')
        for b in bins:
            cx = x(b["predicted"])
            out.append(f'<line x1="{cx:.1f}" y1="{y(b["low"]):.1f}" x2="{cx:.1f}" '
                       f'y2="{y(b["high"]):.1f}" stroke="{c}" stroke-width="1.5"/>')
            out.append(f'<circle cx="{cx:.1f}" cy="{y(b["observed"]):.1f}" r="3.5" fill="{c}"/>')
    out.append(f'<text x="{W / 2}" y="{H - 14}" text-anchor="middle" fill="#555">Dots: the '
               f'mean of each 10% bin, with its 95% interval; shaded bars: how many chances '
               f'fell in it.</text>')
    out.append("</svg>")
    return "\n".join(out)


# -- the pipeline -----------------------------------------------------------------------------

@dataclass
class Judged:
    """A judged position: its game, where it is, what the player to decide sees, the
    playouts' chances, and the result."""

    game: tuple[int, int]
    fold: int
    players: list[str]
    phase: str
    x: dict[str, list[float]]
    late: float
    floor: float
    play: dict
    won: list[float]


L2_GRID = (0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0)


def log_loss(model: WinModel, samples: list[Sample]) -> float:
    total = weight = 0.0
    for s in samples:
        p = model._chances(dict(zip(s.players, s.x)), model.weights, model.prior)
        total -= s.weight * sum(y * math.log(max(p[f], 1e-12)) for f, y in zip(s.players, s.won))
        weight += s.weight
    return total / weight


def choose_l2(samples: list[Sample]) -> float:
    """The L2 penalty with the least log loss on half the games, fitted on the other half
    (both ways round)."""
    keys = sorted({s.game for s in samples})
    side = {key: i % 2 for i, key in enumerate(keys)}
    half = [[s for s in samples if side[s.game] == k] for k in (0, 1)]
    if not half[0] or not half[1]:
        return 1.0   # too few games to choose: a mild penalty
    scores = {l2: sum(log_loss(fit(half[1 - k], l2=l2), half[k]) for k in (0, 1))
              for l2 in L2_GRID}
    return min(scores, key=scores.get)


def fit_model(samples: list[Sample], l2: float | None, resamples: int = 0) -> WinModel:
    """The model (``l2=None``: the penalty chosen by :func:`choose_l2`), and (its
    uncertainty) the model refitted on games drawn with replacement."""
    if l2 is None:
        l2 = choose_l2(samples)
    model = fit(samples, l2=l2)
    model.about["l2"] = l2
    rng = random.Random(0)
    keys = sorted({s.game for s in samples})
    for _ in range(resamples):
        count: dict = {}
        for _ in keys:
            k = keys[rng.randrange(len(keys))]
            count[k] = count.get(k, 0) + 1
        m = fit(samples, l2=l2, weights=[s.weight * count.get(s.game, 0) for s in samples])
        model.resampled.append((m.weights, m.prior))
    return model


def model_chances(model: WinModel, j: Judged) -> dict[str, float]:
    """The model's chances as evaluate shows them (never under the floor)."""
    return floored(model._chances(j.x, model.weights, model.prior), j.floor)


def fit_blend(model: WinModel, judged: list[Judged]) -> dict[str, float]:
    """``k = exp(a + b late)`` of :meth:`WinModel.playout_weight`, by the least Brier score."""
    rows = [(model_chances(model, j), j) for j in judged]
    best = None
    for a in [x / 2 for x in range(0, 25)]:          # k from 1 to 160,000 ...
        for b in [-x / 2 for x in range(0, 25)]:     # ... and smaller near the end
            score = sum(brier(list(floored(blend(m, j.play["chances"], j.play["simulations"],
                                                 math.exp(a + b * j.late)), j.floor).values()),
                              j.won) for m, j in rows) / len(rows)
            if best is None or score < best[0] - 1e-12:
                best = (score, a, b)
    return {"a": best[1], "b": best[2]}


def faction_prior(games: list[dict]) -> dict[int, dict[str, float]]:
    """Each faction's win rate in ``games``, by player count."""
    prior = {}
    for n in sorted({g["players"] for g in games}):
        gs = [g for g in games if g["players"] == n]
        seats = new_game(n, seed=0).players
        prior[n] = {f: sum(shares(g["winners"], seats)[i] for g in gs) / len(gs)
                    for i, f in enumerate(seats)}
    return prior


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("games", nargs="+", type=Path, help="JSON-lines files of winchance_games.py")
    p.add_argument("--every", type=int, default=6, help="sample a position every N decisions")
    p.add_argument("--l2", type=float, default=None,
                   help="the L2 penalty (default: chosen by cross-validation on games)")
    p.add_argument("--resamples", type=int, default=40)
    p.add_argument("--simulations", type=int, default=60,
                   help="playouts a judged position (the chart's number)")
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--playouts-only", action="store_true",
                   help="only play out the judged positions of games not in the cache yet "
                        "(run it while winchance_games.py plays, to save time later)")
    p.add_argument("--limit", type=int, default=None,
                   help="at most this many games of each player count (a quick try)")
    p.add_argument("--cache", type=Path, default=Path("data/judgement/playouts.jsonl"))
    p.add_argument("--model", type=Path, default=winchance.MODEL_PATH)
    p.add_argument("--report", type=Path, default=Path("data/judgement/report.json"))
    p.add_argument("--png", type=Path, default=Path("docs/judgement-reliability.png"))
    args = p.parse_args(argv)
    for path in (args.cache, args.model, args.report, args.png):
        path.parent.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    games = [g for g in read_games(args.games) if g.get("played")]
    stale = [g for g in games if not replays(g)]
    if stale:
        print(f"{len(stale)} games no longer replay (a ruling changed the engine since they "
              f"were played): left out; play them again", flush=True)
        games = [g for g in games if g not in stale]
    if args.limit is not None:
        games = [g for n in (2, 3, 4) for g in [g for g in games if g["players"] == n][:args.limit]]
    fold = {(g["players"], g["seed"]): g["seed"] % 2 for g in games}
    print(f"{len(games)} games ({sum(fold.values())} with odd seeds)", flush=True)
    if args.playouts_only:
        playouts(games, args.simulations, args.cache, args.workers)
        print(f"playouts of {len(games)} games in {args.cache}")
        return {}

    samples = [s for g in games for s in samples_of(g, args.every)]
    print(f"{len(samples)} positions sampled in {time.time() - t0:.0f} s", flush=True)
    cached = playouts(games, args.simulations, args.cache, args.workers)
    judged = []
    for g in games:
        seats = new_game(g["players"], seed=0).players
        n = len(g["played"])
        for i, s in positions(g, judged_at(g)):
            judged.append(Judged(
                (g["players"], g["seed"]), fold[(g["players"], g["seed"])], seats,
                next(name for name, lo, hi in PHASES if lo <= i / n < hi or hi == 1.0),
                features(s, s.current_player), lateness(s), floor_at(s),
                cached[f"{g['players']}/{g['seed']}/{i}/{args.simulations}"],
                shares(g["winners"], seats)))

    # Cross-fitting: each half of the games is judged by what was fitted on the other.
    methods = ("model", "blend", "playouts", "prior")
    scores: dict[str, list[float]] = {m: [] for m in methods}
    pairs: dict[str, list] = {m: [] for m in methods}
    order: list[Judged] = []
    for k in (0, 1):
        model = fit_model([s for s in samples if fold[s.game] != k], args.l2)
        model.blend = fit_blend(model, [j for j in judged if j.fold != k])
        prior = faction_prior([g for g in games if g["seed"] % 2 != k])
        for j in (j for j in judged if j.fold == k):
            m = model_chances(model, j)
            est = {"model": m, "playouts": j.play["chances"], "prior": prior[len(j.players)],
                   "blend": floored(blend(m, j.play["chances"], j.play["simulations"],
                                          math.exp(model.blend["a"] + model.blend["b"] * j.late)),
                                    j.floor)}
            for method in methods:
                p = [est[method][f] for f in j.players]
                scores[method].append(brier(p, j.won))
                pairs[method] += list(zip(p, j.won))
            order.append(j)
        print(f"half {k}: l2 {model.about['l2']}, blend {model.blend}", flush=True)

    def summary(select) -> dict:
        keep = [k for k, j in enumerate(order) if select(j)]
        groups = [order[k].game for k in keep]
        out: dict = {}
        for method in methods:
            mean, low, high = mean_ci([scores[method][k] for k in keep], groups)
            out[method] = {"brier": mean, "low": low, "high": high}
        for method in ("blend", "playouts", "prior"):
            mean, low, high = mean_ci([scores[method][k] - scores["model"][k] for k in keep],
                                      groups)
            out[method]["minus_model"] = {"mean": mean, "low": low, "high": high}
        out["positions"], out["games"] = len(keep), len(set(groups))
        return out

    report = {"all": summary(lambda j: True)}
    for name, _, _ in PHASES:
        report[name] = summary(lambda j, name=name: j.phase == name)
    for n in sorted({len(j.players) for j in order}):
        report[f"{n} players"] = summary(lambda j, n=n: len(j.players) == n)
    curves = {m: reliability(pairs[m]) for m in methods}

    # The model shipped: fitted on every game.
    model = fit_model(samples, args.l2, args.resamples)
    model.blend = fit_blend(model, judged)
    starts = {n: {f: round(v, 4) for f, v in model.prior_chances(
        new_game(n, seed=0).players).items()} for n in (2, 3, 4)}
    about = {"fitted": datetime.date.today().isoformat(), **meta_of(args.games),
             "games": {str(n): sum(1 for g in games if g["players"] == n) for n in (2, 3, 4)},
             "positions": len(samples), "every": args.every, "l2": model.about["l2"],
             "judged": {"games": report["all"]["games"], "positions": len(order),
                        "simulations": args.simulations},
             "brier": {m: round(report["all"][m]["brier"], 4) for m in methods}}
    model.about = about
    args.model.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    report.update({"about": about, "reliability": curves, "faction_prior": faction_prior(games),
                   "start": starts, "weights": model.weights, "prior": model.prior,
                   "blend": model.blend})
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n")
    svg = diagram_svg(curves, {m: report["all"][m]["brier"] for m in methods},
                      f"Win chance on {report['all']['games']} held-out games, "
                      f"against these bots")
    import cairosvg
    args.png.write_bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8")))
    for part in ["all"] + [name for name, _, _ in PHASES] + [k for k in report if "players" in k]:
        r = report[part]
        print(f"{part:10} {r['games']:4} games {r['positions']:5} positions  " + "  ".join(
            f"{m} {r[m]['brier']:.3f} [{r[m]['low']:.3f}, {r[m]['high']:.3f}]" for m in methods))
    print(f"l2 {model.about['l2']}; blend {model.blend}; weights {model.weights}; "
          f"prior {model.prior}")
    print(f"model written to {args.model}; report {args.report}; diagram {args.png} "
          f"({time.time() - t0:.0f} s)")
    return report

if __name__ == "__main__":
    main()
