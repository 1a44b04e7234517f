"""Fit a faction's heuristic weights on tournament games: a value learned from play.

The hard bot scores the leaves of its search with :func:`ahoy_nb.ai.bots.evaluate`, a
sum of terms (Fame, gold, Crew, a Smuggler's deliveries in prospect, ...) with weights
set by hand. This script asks the games what those terms were worth. It replays
tournament games (``tournament.py`` results, which keep their actions), takes the
positions where the bot's faction was to decide (every ``--every``-th), and computes each
term of that faction's value there. Then it fits, by ridge regression, the weights that
best predict the faction's **final Fame margin** (its Fame at the end less the best
other faction's): Texel's tuning, with the margin in place of the result, since a
margin says more per game than a win. A few dozen games cannot pin ten weights down, so
the fit is held to the bot's own weights (``--l2``, in games' worth of evidence) and
moves them only where the games insist (``--toward zero`` for a plain ridge fit), and
no weight may change sign (``--free-signs`` lets it).

It prints the fitted weights beside the bot's own, with 95% intervals from refits on
games drawn with replacement, and how well each set predicts the margin on held-out
games (those with an odd seed by a fit on the even ones, and the other way round): the
mean squared error of the bot's weights (given their best scale and offset, which a
search's comparisons do not see) against the fitted weights'. The last line is the
``--option`` that plays the fitted weights in a tournament.

    python scripts/value_fit.py data/tournament/hard1000-smuggler-3p-played.jsonl
    python scripts/value_fit.py a.jsonl b.jsonl --every 2 --l2 10
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

import numpy as np

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.ai.bots import faction_weights, evaluate, region_summary  # noqa: E402
from ahoy_nb.ai.ismcts import HARD_WEIGHTS  # noqa: E402
from ahoy_nb.ai.lab import replay  # noqa: E402
from ahoy_nb.engine.rules import board_kind  # noqa: E402

#: The terms of :func:`evaluate` each kind of faction's value reads (its weights' names).
TERMS = {
    "smuggler": ("fame", "gold", "crew", "rival_fame", "damage", "enemy_damage", "aside",
                 "pledged", "pledge_regions", "route"),
    "bluefin": ("fame", "gold", "crew", "rival_fame", "damage", "enemy_damage", "aside",
                "presence", "controlled", "contested", "held", "distance"),
    "mollusk": ("fame", "gold", "crew", "rival_fame", "damage", "enemy_damage", "aside",
                "presence", "controlled", "contested", "held", "distance", "ready"),
}
#: Weights that are not terms (how a term is measured) keep the bot's own value.
SHAPE = ("fade", "sea")


def terms_at(state, me: str, kind: str, regions: list[dict] | None = None) -> list[float]:
    """Each term of ``me``'s value in ``state``: :func:`evaluate` with that term's weight 1
    and every other 0 (the value is a sum of its terms). ``regions``: the position's
    :func:`region_summary`, when the caller has it."""
    if regions is None:
        regions = region_summary(state.data)
    own = faction_weights(me, HARD_WEIGHTS)
    zero = {t: 0.0 for ts in TERMS.values() for t in ts}
    out = []
    for term in TERMS[kind]:
        w = {**zero, term: 1.0, **{k: own[k] for k in SHAPE}}
        out.append(evaluate(state, me, {kind: w}, regions))
    return out


def samples(game: dict, every: int) -> tuple[list[list[float]], float]:
    """The terms at the bot's decisions in ``game`` and its final Fame margin."""
    me = game["faction"]
    kind = board_kind(me)
    s = replay(game, upto=0)
    rows, mine = [], 0
    for notation in game["played"]:
        if s.current_player == me and len(s.legal_actions()) > 1:
            if mine % every == 0:
                rows.append(terms_at(s, me, kind))
            mine += 1
        s.apply(notation)
    fame = game["fame"]
    margin = fame[me] - max(v for f, v in fame.items() if f != me)
    return rows, float(margin)


def ridge(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float,
          prior: np.ndarray) -> np.ndarray:
    """Weights (and, last, an offset) minimising the weighted squared error plus ``l2``
    times the squared distance of the weights from ``prior`` (the offset is free)."""
    a = np.hstack([x, np.ones((len(x), 1))])
    sw = np.sqrt(w)[:, None]
    penalty = l2 * np.eye(a.shape[1])
    penalty[-1, -1] = 0.0
    start = np.append(prior, 0.0)
    return np.linalg.solve((a * sw).T @ (a * sw) + penalty,
                           (a * sw).T @ (y * sw[:, 0]) + penalty @ start)


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float, prior: np.ndarray,
        signs: np.ndarray | None) -> np.ndarray:
    """:func:`ridge`, and with ``signs`` (the bot's weights' signs) no weight on the other
    side of 0. A term is an asset or a cost, and a fit that flips one has read a
    correlation (a Smuggler busy recruiting is one not delivering), not what the term is
    worth: such a weight is held at 0 and the rest fitted again, until none flips."""
    free = np.ones(len(prior), dtype=bool)
    while True:
        out = np.zeros(len(prior) + 1)
        out[np.append(free, True)] = ridge(x[:, free], y, w, l2, prior[free])
        if signs is None:
            return out
        flipped = free & (out[:-1] * signs < 0)
        if not flipped.any():
            return out
        free &= ~flipped


def design(games: list[tuple[list[list[float]], float, int]]):
    """Rows, margins and row weights (each game weighs 1 in all, however long)."""
    xs, ys, ws = [], [], []
    for rows, margin, _ in games:
        for r in rows:
            xs.append(r)
            ys.append(margin)
            ws.append(1.0 / len(rows))
    return np.array(xs), np.array(ys), np.array(ws)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("files", nargs="+", help="tournament.py results that keep their actions")
    p.add_argument("--every", type=int, default=3, help="every n-th decision of the bot's")
    p.add_argument("--l2", type=float, default=3.0,
                   help="the ridge penalty, in games: how strongly the weights are held")
    p.add_argument("--toward", choices=("bot", "zero"), default="bot",
                   help="what the penalty holds the weights to: the bot's own (a few games "
                        "move them only where they agree), or 0")
    p.add_argument("--resamples", type=int, default=200)
    p.add_argument("--free-signs", action="store_true",
                   help="let a weight change sign (a cost become an asset)")
    args = p.parse_args(argv)

    records = [json.loads(line) for f in args.files for line in Path(f).read_text().splitlines()
               if line.strip()]
    unplayed = [r["seed"] for r in records if "played" not in r]
    if unplayed:
        p.error(f"results without their actions (played before tournament.py kept them): "
                f"deals {unplayed[:5]}")
    kinds = {board_kind(r["faction"]) for r in records}
    if len(kinds) != 1:
        p.error(f"the files mix the bot's factions ({', '.join(sorted(kinds))}): fit one at a time")
    kind = kinds.pop()
    names = TERMS[kind]
    games = []
    for r in records:
        rows, margin = samples(r, args.every)
        if rows:
            games.append((rows, margin, r["seed"]))
    own = faction_weights(records[0]["faction"], HARD_WEIGHTS)
    bot = np.array([own[t] for t in names])
    prior = bot if args.toward == "bot" else np.zeros(len(names))
    signs = None if args.free_signs else np.sign(bot)
    l2 = args.l2  # each game's rows weigh 1 in all, so the penalty is in games
    x, y, w = design(games)
    fitted = fit(x, y, w, l2, prior, signs)
    rng = random.Random(0)
    boot = []
    for _ in range(args.resamples):
        bx, by, bw = design([rng.choice(games) for _ in games])
        boot.append(fit(bx, by, bw, l2, prior, signs))
    lo, hi = np.percentile(np.array(boot), [2.5, 97.5], axis=0)

    # Held out: the odd seeds judged by the even ones' fit, and the other way round.
    errors = {"bot": [], "fitted": [], "offset": []}
    for held in (0, 1):
        train = [g for g in games if g[2] % 2 != held]
        test = [g for g in games if g[2] % 2 == held]
        if not train or not test:
            continue
        tx, ty, tw = design(train)
        f = fit(tx, ty, tw, l2, prior, signs)
        a, b = ridge((tx @ bot)[:, None], ty, tw, 0.0, np.zeros(1))  # the bot's best scale
        mean = float(np.average(ty, weights=tw))
        hx, hy, hw = design(test)
        for name, pred in (("bot", a * (hx @ bot) + b), ("fitted", hx @ f[:-1] + f[-1]),
                           ("offset", np.full(len(hy), mean))):
            errors[name] += list(zip((pred - hy) ** 2, hw))

    def mse(name: str) -> float:
        e = np.array(errors[name])
        return float(np.average(e[:, 0], weights=e[:, 1]))

    wins = sum(g[1] > 0 for g in games)
    print(f"{kind}: {len(games)} games ({wins} with the best Fame), {len(y)} positions; "
          f"final Fame margin {np.mean([g[1] for g in games]):+.1f} a game")
    print(f"{'term':<16}{'the bot':>9}{'fitted':>9}   95% interval")
    for i, t in enumerate(names):
        print(f"{t:<16}{bot[i]:>9.2f}{fitted[i]:>9.2f}   {lo[i]:.2f} to {hi[i]:.2f}")
    if errors["bot"]:
        print(f"held out, mean squared error of the final margin: the bot's weights "
              f"{mse('bot'):.1f}, fitted {mse('fitted'):.1f}, the mean margin alone "
              f"{mse('offset'):.1f}")
    option = {kind: {t: round(float(fitted[i]), 3) for i, t in enumerate(names)}}
    print(f"--option 'weights={json.dumps(option)}'")
    return 0


if __name__ == "__main__":
    sys.exit(main())
