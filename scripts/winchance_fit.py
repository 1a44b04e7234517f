"""Fit the win-chance model on self-play games and judge the estimator on held-out games.

The second step of the win-chance pipeline (docs/judgement.md); the first is
``winchance_games.py``. Each file of games is a *set*, named by its file (``games``:
the hard bots at 30 iterations; ``levels``: seats drawn from ``normal`` and ``hard``).
The script

1. replays every game and samples positions along it (every ``--every`` decisions),
   each as the player to decide there sees it, *settled* as the estimator settles it
   (``analysis.settle``, with the model shipped before this fit making the choices):
   the model is fitted on the positions it will judge;
2. plays out the judged positions with random playouts, the chart's number
   (``--simulations``; kept in ``--cache``): 10%, 30%, 50%, 70% and 90% of each game's
   decisions, and for the sets named by ``--starts`` each round's first decision instead;
3. judges by *cross-fitting*: the games with an odd seed are judged by a model, a blend
   weight and a faction prior fitted on those with an even seed, and the other way
   round, so every game is a held-out game for what judges it. Methods: the model, the
   estimator (``evaluate``: the model and the playouts blended, as the chart shows it),
   the playouts alone, the faction prior (each faction's win rate in the set's fitting
   games), ``before``: the model shipped before this fit on the position as it is (not
   settled) with the same playouts (the estimator before issue 48), and ``shipped``: the
   model shipped before this fit on the settled position with the same playouts (today's
   ``evaluate``; its model was not fitted on the ``levels`` games). Brier scores with 95% intervals (bootstrap over
   games) by set, phase and player count; the estimator's Brier score over the prior's
   at round starts; reliability diagrams (``--png``);
4. fits the model shipped on every game of the sets in ``--fit`` (default: all), with
   ``--resamples`` refits on games drawn with replacement (its uncertainty) and its blend
   weight, and writes it with what it was fitted on (``ahoy_nb/data/winchance.json``) and
   the figures (``--report``, JSON; docs/judgement.md quotes them).

A file is a set of its own, named by its file (``levels``), or joins the set ``NAME``
given as ``NAME=FILE`` (the tournaments' games of one hard seat against ``normal``, say).

Playouts take most of the time; they are kept in ``--cache`` so that a refit with other
features runs in minutes.

    nice -n 10 python scripts/winchance_fit.py data/judgement/games.jsonl.gz \\
        data/judgement/levels.jsonl --starts levels

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
from ahoy_nb.ai.analysis import (START_FLOOR, _seeds, _playouts, blend, floor_at,  # noqa: E402
                                 floored, settle, wilson)
from ahoy_nb.ai.winchance import Sample, WinModel, features, fit, lateness  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402
from ahoy_nb.engine.observe import determinize  # noqa: E402

JUDGED = (0.1, 0.3, 0.5, 0.7, 0.9)   # where along a held-out game its positions are judged
PHASES = (("early", 0.0, 0.4), ("middle", 0.4, 0.8), ("late", 0.8, 1.0))
METHODS = ("model", "estimator", "playouts", "prior", "before", "shipped")


def stem(path: Path) -> str:
    """``data/judgement/levels.jsonl`` -> ``levels`` (``.gz`` too)."""
    name = path.name[:-3] if path.suffix == ".gz" else path.name
    return name.rsplit(".", 1)[0]


def sources(args: list[str]) -> list[tuple[str, Path]]:
    """``(set, file)`` for each argument: a file is a set of its own, named by its stem;
    ``name=file`` puts the file in the set ``name`` (several files may share one)."""
    out = []
    for arg in args:
        name, _, path = arg.rpartition("=")
        out.append((name or stem(Path(path)), Path(path)))
    return out


def read_games(files: list[tuple[str, Path]]) -> list[dict]:
    games = {}
    for name, path in files:
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt") as fh:
            for line in fh:
                if line.strip():
                    r = json.loads(line)
                    if isinstance(r.get("actions"), list):   # written before "played"
                        r["played"] = r.pop("actions")
                    r["set"], r["file"] = name, stem(path)
                    games[key(r)] = r
    return [games[k] for k in sorted(games)]


def key(game: dict) -> tuple[str, int, int]:
    return (game["file"], game["players"], game["seed"])


def replays(game: dict) -> bool:
    """Whether the game still replays to its result under the rules it was played with."""
    try:
        s = replay(game)
    except ValueError:   # an action a later fix of the engine no longer allows
        return False
    return s.winners == game["winners"]


def meta_of(files: list[tuple[str, Path]]) -> dict:
    """The bots and commits of the games (from ``<file>.meta.json``), by file; a file
    without one (a tournament's) names its bots in its records."""
    out = {}
    for name, path in files:
        base = path.name[:-3] if path.suffix == ".gz" else path.name
        where = path.resolve().relative_to(ROOT) if path.resolve().is_relative_to(ROOT) else path
        metas = [path.with_name(path.name + ".meta.json"), path.with_name(base + ".meta.json")]
        meta_path = next((m for m in metas if m.exists()), None)
        if meta_path is None:
            out[stem(path)] = {"set": name, "file": str(where)}
            continue
        meta = json.loads(meta_path.read_text())
        bots = meta.get("bots") or []
        if len(bots) == 2 and isinstance(bots[0], str) and isinstance(bots[1], dict):
            bots = [bots]   # written before --seats: one bot and its options
        out[stem(path)] = {"set": name, "file": str(where), "bots": bots,
                           **({"seats": meta["seats"]} if "seats" in meta else {}),
                           "commits": sorted({r["commit"] for r in meta.get("runs", [])})}
    return out


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


def settled(s, model: WinModel, seed: int):
    """``s`` as its player to decide sees it, settled as the estimator settles it."""
    who = s.current_player
    return settle(determinize(s, who, seed), who, random.Random(seed), model), who


def position_seed(game: dict, index: int) -> int:
    # Drawn from the position's name as the fit's cache was (analysis' _seeds, salt 0).
    name = f"{game['file']}/{game['players']}/{game['seed']}/{index}"
    return random.Random(f"{name}/0").getrandbits(63)


def samples_of(game: dict, every: int, model: WinModel) -> list[Sample]:
    n = len(game["played"])
    at = list(range(0, n, every))
    won = shares(game["winners"], new_game(game["players"], seed=0).players)
    out = []
    for i, s in positions(game, at):
        world, who = settled(s, model, position_seed(game, i))
        if world.is_over:
            continue   # decided inside the action under way: the model is not asked
        x = features(world, who)
        out.append(Sample(tuple(s.players), [x[f] for f in s.players], won, 1.0 / len(at),
                          key(game)))
    return out


def round_starts(game: dict) -> list[int]:
    """The index of each round's first decision (the positions a person sees the chart
    at as each round begins)."""
    s = replay(game, upto=0)
    out, last = [], None
    for i, action in enumerate(game["played"]):
        if s.round != last and s.data["phase"] != "setup":
            out.append(i)
            last = s.round
        s.apply(action)
    return out


def judged_at(game: dict, starts: set[str]) -> list[int]:
    if game["set"] in starts:
        return round_starts(game)
    n = len(game["played"])
    return sorted({min(n - 1, int(q * n)) for q in JUDGED})


# -- playouts, kept in a cache -------------------------------------------------------------

def cache_key(game: dict, index: int, sims: int) -> str:
    head = "" if game["file"] == "games" else f"{game['file']}/"   # the first file's as they were
    return f"{head}{game['players']}/{game['seed']}/{index}/{sims}"


def playout_job(game: dict, index: int, sims: int) -> dict:
    """The playouts ``evaluate`` plays at a position (the same seeds: ``seed=index``)."""
    s = replay(game, upto=index)
    results = _playouts(s.data, s.current_player, [(None, x) for x in _seeds(index, sims)])
    results = [r for r in results if r]
    chances = {f: sum(r[f] for r in results) / len(results) for f in s.players}
    return {"key": cache_key(game, index, sims), "chances": chances,
            "simulations": len(results)}


def playouts(games: list[dict], sims: int, cache: Path, workers: int,
             starts: set[str]) -> dict[str, dict]:
    done = {}
    if cache.exists():
        for line in cache.read_text().splitlines():
            if line.strip():
                r = json.loads(line)
                done[r["key"]] = r
    jobs = [(g, i, sims) for g in games for i in judged_at(g, starts)
            if cache_key(g, i, sims) not in done]
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


def bootstrap(by: dict, stat, rounds: int = 1000, seed: int = 0) -> tuple[float, float]:
    """A 95% interval of ``stat(rows)`` by resampling whole games (``by``: game -> rows;
    a game's positions are not independent)."""
    keys = sorted(by)
    rng = random.Random(seed)
    values = []
    for _ in range(rounds):
        values.append(stat([row for _ in keys for row in by[keys[rng.randrange(len(keys))]]]))
    values.sort()
    return values[int(0.025 * rounds)], values[int(0.975 * rounds)]


def mean_ci(values: list[float], groups: list, rounds: int = 1000, seed: int = 0):
    """The mean, and a 95% interval by resampling whole games."""
    by: dict = {}
    for v, g in zip(values, groups):
        by.setdefault(g, []).append(v)
    low, high = bootstrap(by, lambda rows: sum(rows) / len(rows), rounds, seed)
    return sum(values) / len(values), low, high


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


def band(pairs: list[tuple[float, float]], low: float, high: float) -> dict:
    """The chances given in ``[low, high)``: how many, their mean, how often they came true
    (with a 95% Wilson interval)."""
    inside = [(p, y) for p, y in pairs if low <= p < high]
    n = len(inside)
    wins = sum(y for _, y in inside)
    lo, hi = wilson(wins, n)
    return {"n": n, "predicted": sum(p for p, _ in inside) / max(1, n),
            "observed": wins / max(1, n), "low": lo, "high": hi}


COLORS = {"model": "#1b7837", "estimator": "#2166ac", "playouts": "#d6604d", "prior": "#7f7f7f"}
NAMES = {"model": "the model", "estimator": "the estimator",
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
    """A judged position: its game, where it is, what the player to decide sees (settled,
    and as it is: what the estimator shipped before read), the playouts' chances, and the
    result."""

    game: tuple
    set: str
    fold: int
    players: list[str]
    phase: str
    start: bool
    round: int
    x: dict[str, list[float]] | None      # None: decided inside the action under way
    over: dict[str, float] | None         # ... and then its result
    late: float
    floor: float
    raw: dict[str, list[float]]
    raw_late: float
    raw_floor: float
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
    side = {k: i % 2 for i, k in enumerate(keys)}
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
    """The model's chances as the estimator shows them without playouts."""
    if j.x is None:
        return j.over
    return floored(model._chances(j.x, model.weights, model.prior), j.floor)


def estimator_chances(model: WinModel, j: Judged, a: float, b: float) -> dict[str, float]:
    """The estimator's: the model's and the playouts' blended (``k = exp(a + b late)``)."""
    if j.x is None:
        return j.over
    m = model._chances(j.x, model.weights, model.prior)
    return floored(blend(m, j.play["chances"], j.play["simulations"], math.exp(a + b * j.late)),
                   j.floor)


def before_chances(model: WinModel, j: Judged) -> dict[str, float]:
    """The estimator shipped before this fit, as it judged a position: its model on the
    position as it is (not settled), blended with the same playouts."""
    m = model._chances(j.raw, model.weights, model.prior)
    return floored(blend(m, j.play["chances"], j.play["simulations"],
                         math.exp(model.blend["a"] + model.blend["b"] * j.raw_late)), j.raw_floor)


def fit_blend(model: WinModel, judged: list[Judged]) -> dict[str, float]:
    """``k = exp(a + b late)`` of :meth:`WinModel.playout_weight`, by the least Brier score."""
    best = None
    for a in [x / 2 for x in range(0, 25)]:          # k from 1 to 160,000 ...
        for b in [-x / 2 for x in range(0, 25)]:     # ... and smaller near the end
            score = sum(brier(list(estimator_chances(model, j, a, b).values()), j.won)
                        for j in judged) / len(judged)
            if best is None or score < best[0] - 1e-12:
                best = (score, a, b)
    return {"a": best[1], "b": best[2]}


def held_out_prior(games: list[dict]) -> dict[tuple, dict[str, float]]:
    """For each game, each faction's win rate in the *other* games of its set and player
    count (all of them: the more games, the fairer to the prior), floored as the chart's
    chances are; a game alone in its set and count gets the rate over every other set's
    games of its count."""
    out = {}
    for g in games:
        same = [h for h in games if h["players"] == g["players"] and h is not g]
        mine = [h for h in same if h["set"] == g["set"]] or same
        seats = new_game(g["players"], seed=0).players
        rate = {f: sum(shares(h["winners"], seats)[i] for h in mine) / len(mine)
                for i, f in enumerate(seats)}
        out[key(g)] = floored(rate, START_FLOOR)   # as the chart would show it: never 0%
    return out


def faction_prior(games: list[dict]) -> dict[tuple[str, int], dict[str, float]]:
    """Each faction's win rate in ``games``, by set and player count."""
    prior = {}
    for s, n in sorted({(g["set"], g["players"]) for g in games}):
        gs = [g for g in games if g["players"] == n and g["set"] == s]
        seats = new_game(n, seed=0).players
        prior[s, n] = {f: sum(shares(g["winners"], seats)[i] for g in gs) / len(gs)
                       for i, f in enumerate(seats)}
    return prior


def judge_positions(games: list[dict], cached: dict, sims: int, starts: set[str],
                    settle_model: WinModel) -> list[Judged]:
    judged = []
    for g in games:
        seats = new_game(g["players"], seed=0).players
        n = len(g["played"])
        begun = set(round_starts(g)) if g["set"] in starts else set()
        for i, s in positions(g, judged_at(g, starts)):
            world, who = settled(s, settle_model, position_seed(g, i))
            over = None
            if world.is_over:
                won = world.winners or world.players
                over = {f: (1.0 / len(won) if f in won else 0.0) for f in seats}
            judged.append(Judged(
                key(g), g["set"], g["seed"] % 2, seats,
                next(name for name, lo, hi in PHASES if lo <= i / n < hi or hi == 1.0),
                i in begun, s.round, None if over else features(world, who), over,
                lateness(world), floor_at(world), features(s, who), lateness(s), floor_at(s),
                cached[cache_key(g, i, sims)], shares(g["winners"], seats)))
    return judged


def main(argv: list[str] | None = None) -> dict:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("games", nargs="+",
                   help="JSON-lines files of games with their actions (winchance_games.py's, "
                        "a tournament's); NAME=FILE puts a file in the set NAME")
    p.add_argument("--starts", default="levels",
                   help="sets judged at each round's start (comma-separated; the others at "
                        "10%%, 30%%... 90%% of their decisions)")
    p.add_argument("--fit", default=None,
                   help="the sets the model shipped is fitted on (default: all)")
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
                   help="at most this many games of each set and player count (a quick try)")
    p.add_argument("--cache", type=Path, default=Path("data/judgement/playouts.jsonl"))
    p.add_argument("--model", type=Path, default=winchance.MODEL_PATH)
    p.add_argument("--before", type=Path, default=winchance.MODEL_PATH,
                   help="the model shipped before this fit: it settles the positions, and "
                        "its estimator is scored as 'before' (read before --model is written)")
    p.add_argument("--report", type=Path, default=Path("data/judgement/report.json"))
    p.add_argument("--png", type=Path, default=Path("docs/judgement-reliability.png"))
    args = p.parse_args(argv)
    for path in (args.cache, args.model, args.report, args.png):
        path.parent.mkdir(parents=True, exist_ok=True)
    starts = set(args.starts.split(",")) if args.starts else set()
    previous = WinModel.from_dict(json.loads(args.before.read_text()))
    t0 = time.time()
    files = sources(args.games)
    games = [g for g in read_games(files) if g.get("played")]
    stale = [g for g in games if not replays(g)]
    if stale:
        print(f"{len(stale)} games no longer replay (a ruling changed the engine since they "
              f"were played): left out; play them again", flush=True)
        games = [g for g in games if g not in stale]
    sets = sorted({g["set"] for g in games})
    if args.limit is not None:
        games = [g for s in sets for n in (2, 3, 4)
                 for g in [g for g in games if g["players"] == n and g["set"] == s][:args.limit]]
    fitted_sets = set(args.fit.split(",")) if args.fit else set(sets)
    odd = sum(g["seed"] % 2 for g in games)
    print(f"{len(games)} games ({odd} with odd seeds) in {len(sets)} sets: " + ", ".join(
        f"{s} {sum(g['set'] == s for g in games)}" for s in sets), flush=True)
    if args.playouts_only:
        playouts(games, args.simulations, args.cache, args.workers, starts)
        print(f"playouts of {len(games)} games in {args.cache}")
        return {}

    fold = {key(g): g["seed"] % 2 for g in games}
    samples = [s for g in games if g["set"] in fitted_sets
               for s in samples_of(g, args.every, previous)]
    print(f"{len(samples)} positions sampled and settled in {time.time() - t0:.0f} s", flush=True)
    cached = playouts(games, args.simulations, args.cache, args.workers, starts)
    judged = judge_positions(games, cached, args.simulations, starts, previous)

    # Cross-fitting: each half of the games is judged by what was fitted on the other.
    scores: dict[str, list[float]] = {m: [] for m in METHODS}
    pairs: dict[str, list] = {m: [] for m in METHODS}
    order: list[Judged] = []
    prior = held_out_prior(games)
    for k in (0, 1):
        model = fit_model([s for s in samples if fold[s.game] != k], args.l2)
        model.blend = fit_blend(model, [j for j in judged if j.fold != k])
        for j in (j for j in judged if j.fold == k):
            est = {"model": model_chances(model, j),
                   "estimator": estimator_chances(model, j, model.blend["a"], model.blend["b"]),
                   "playouts": j.play["chances"], "prior": prior[j.game],
                   "before": before_chances(previous, j),
                   "shipped": estimator_chances(previous, j, previous.blend["a"],
                                                previous.blend["b"])}
            for method in METHODS:
                p = [est[method][f] for f in j.players]
                scores[method].append(brier(p, j.won))
                pairs[method].append(list(zip(p, j.won)))
            order.append(j)
        print(f"half {k}: l2 {model.about['l2']}, blend {model.blend}", flush=True)

    def summary(select) -> dict:
        keep = [k for k, j in enumerate(order) if select(j)]
        if not keep:
            return {}
        groups = [order[k].game for k in keep]
        out: dict = {}
        for method in METHODS:
            mean, low, high = mean_ci([scores[method][k] for k in keep], groups)
            out[method] = {"brier": mean, "low": low, "high": high}
        for method in ("model", "playouts", "prior", "before"):
            mean, low, high = mean_ci([scores["estimator"][k] - scores[method][k] for k in keep],
                                      groups)
            out[method]["estimator_minus"] = {"mean": mean, "low": low, "high": high}
        by: dict = {}
        for k in keep:
            by.setdefault(order[k].game, []).append(k)
        ratio = lambda rows: (sum(scores["estimator"][k] for k in rows)  # noqa: E731
                              / max(1e-12, sum(scores["prior"][k] for k in rows)))
        low, high = bootstrap(by, ratio)
        out["estimator_over_prior"] = {"ratio": ratio(keep), "low": low, "high": high}
        shipped = lambda rows: (sum(scores["shipped"][k] for k in rows)  # noqa: E731
                                / max(1e-12, sum(scores["prior"][k] for k in rows)))
        low, high = bootstrap(by, shipped)
        out["shipped_over_prior"] = {"ratio": shipped(keep), "low": low, "high": high}
        out["positions"], out["games"] = len(keep), len(set(groups))
        return out

    report: dict = {}
    for s in sets:
        part = {"all": summary(lambda j, s=s: j.set == s)}
        for name, _, _ in PHASES:
            part[name] = summary(lambda j, s=s, name=name: j.set == s and j.phase == name)
        for n in (2, 3, 4):
            part[f"{n} players"] = summary(lambda j, s=s, n=n: j.set == s and len(j.players) == n)
        if s in starts:
            part["round starts"] = summary(lambda j, s=s: j.set == s and j.start)
            part["after round 1"] = summary(lambda j, s=s: j.set == s and j.start
                                            and j.round > 1)
            part["reliability"] = {m: reliability([pr for k, j in enumerate(order) if j.set == s
                                                   for pr in pairs[m][k]]) for m in METHODS}
            part["30-50%"] = {m: band([pr for k, j in enumerate(order) if j.set == s and j.start
                                       for pr in pairs[m][k]], 0.3, 0.5) for m in METHODS}
        report[s] = {k: v for k, v in part.items() if v}
    report["all"] = summary(lambda j: True)
    curves = {m: reliability([pr for prs in pairs[m] for pr in prs])
              for m in ("model", "estimator", "playouts", "prior")}

    # The model shipped: fitted on every game of the fitted sets.
    model = fit_model(samples, args.l2, args.resamples)
    model.blend = fit_blend(model, judged)
    starts_at = {n: {f: round(v, 4) for f, v in model.prior_chances(
        new_game(n, seed=0).players).items()} for n in (2, 3, 4)}
    files_meta = meta_of(files)
    fitted_files = [m for m in files_meta.values() if m["set"] in fitted_sets]
    bots: list = []   # what "these bots" are: those of the games fitted on
    for b in (b for m in fitted_files for b in m.get("bots", [])):
        if b not in bots:
            bots.append(b)
    about = {"fitted": datetime.date.today().isoformat(), "files": files_meta,
             "fitted_on": sorted(fitted_sets), "bots": bots,
             "commits": sorted({c for m in fitted_files for c in m.get("commits", [])}),
             "games": {s: {str(n): sum(1 for g in games if g["players"] == n and g["set"] == s)
                           for n in (2, 3, 4)} for s in sets},
             "positions": len(samples), "every": args.every, "l2": model.about["l2"],
             "settled_with": previous.about.get("fitted", "?"),
             "judged": {"games": report["all"]["games"], "positions": len(order),
                        "simulations": args.simulations, "starts": sorted(starts)},
             "brier": {s: {m: round(report[s]["all"][m]["brier"], 4) for m in METHODS}
                       for s in sets}}
    model.about = about
    args.model.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    report.update({"about": about, "reliability": curves,
                   "faction_prior": {f"{s} {n}": v for (s, n), v in faction_prior(games).items()},
                   "start": starts_at, "weights": model.weights, "prior": model.prior,
                   "blend": model.blend})
    args.report.parent.mkdir(parents=True, exist_ok=True)
    args.report.write_text(json.dumps(report, indent=1) + "\n")
    svg = diagram_svg(curves, {m: report["all"][m]["brier"] for m in curves},
                      f"Win chance on {report['all']['games']} held-out games, "
                      f"against these bots")
    import cairosvg
    args.png.write_bytes(cairosvg.svg2png(bytestring=svg.encode("utf-8")))
    for s in sets:
        for part, r in report[s].items():
            if part == "30-50%":
                print(f"{s:8} chances of 30-50% at round starts came true: " + "  ".join(
                    f"{m} {b['observed']:.0%} of {b['n']} ({b['low']:.0%}-{b['high']:.0%})"
                    for m, b in r.items()))
                continue
            if part == "reliability":
                continue
            print(f"{s:8} {part:13} {r['games']:4} games {r['positions']:5} positions  "
                  + "  ".join(f"{m} {r[m]['brier']:.3f} [{r[m]['low']:.3f}, {r[m]['high']:.3f}]"
                              for m in METHODS)
                  + "  estimator/prior {ratio:.2f} [{low:.2f}, {high:.2f}]".format(
                      **r["estimator_over_prior"])
                  + "  shipped/prior {ratio:.2f} [{low:.2f}, {high:.2f}]".format(
                      **r["shipped_over_prior"]))
    print(f"l2 {model.about['l2']}; blend {model.blend}; weights {model.weights}; "
          f"prior {model.prior}")
    print(f"model written to {args.model}; report {args.report}; diagram {args.png} "
          f"({time.time() - t0:.0f} s)")
    return report


if __name__ == "__main__":
    main()
