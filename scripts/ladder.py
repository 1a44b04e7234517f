"""The rating ladder: games between the bot levels in every seat, rated, and the table printed.

Each game's seats and levels are drawn from its seed (``ahoy_nb.ai.ladder.Draw``: as many
different levels as players, in random seats) among ``random``, ``easy``, ``greedy``,
``normal``, ``hard`` at 30, 100 and 300 iterations a decision (on one core) and
OpenSpiel's Python ISMCTS (``--openspiel-simulations`` a decision; left out without
OpenSpiel). Games are played on the self-play lab (``ahoy_nb.simulate``): in this process
(``--jobs 1``), a process pool (``--jobs N``) or a Dask cluster (``--scheduler``).

Every game is appended to ``OUT/ladder-<players>p.jsonl`` as its batch ends, with its
actions (``played``) and the rules' edition; ``OUT/ladder-<players>p.jsonl.meta.json``
says what was played. Run it again to go on where it stopped: it plays the seeds not yet
recorded, up to ``--games`` a player count. ``--ship`` writes the chooser's table
(``ahoy_nb/data/ladder.json``, or the file named) from the games recorded.

    python scripts/ladder.py --games 300 --players 2,3,4              # the full ladder
    python scripts/ladder.py --games 300 --scheduler tcp://10.0.0.5:8786
    python scripts/ladder.py --report --ship                          # the table again, no games
    python scripts/ladder.py --report --ship --tournament FILE...   # and tournament games (docs/bots.md)
    python scripts/ladder.py --seat-targets data/tournament/hard1000-bluefin-3p-normal-looks.jsonl \\
        data/tournament/hard1000-smuggler-3p-widen.jsonl data/tournament/hard1000-mollusk-3p-prior.jsonl \\
        --baseline data/tournament/normal-mollusk-3p.jsonl            # issue 45's seat targets
    python scripts/ladder.py --games 2 --players 2 --out /tmp/l --levels random,easy,hard-30 \\
        --budgets 5,10,20 --ship /tmp/l/ladder.json                   # a tiny run
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed
SHIPPED = ROOT / "ahoy_nb" / "data" / "ladder.json"

from ahoy_nb.ai import ladder  # noqa: E402
from ahoy_nb.ai.lab import simulate  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine.schema import RULES  # noqa: E402


def levels(args) -> dict:
    """The ladder's levels for this run: name -> lab spec."""
    found = {k: v for k, v in ladder.LADDER.items() if k not in ladder.HARD_BUDGETS}
    budgets = [int(b) for b in args.budgets.split(",")]
    for name, n in zip(ladder.HARD_BUDGETS, budgets):
        found[name] = (name, partial(make_bot, "hard", iterations=n, workers=1))
    if not args.no_openspiel:
        try:
            from ahoy_nb.adapters.openspiel import OpenSpielBot
        except ImportError as e:
            print(f"OpenSpiel's ISMCTS left out: {e}")
        else:
            found["openspiel-ismcts"] = ("openspiel-ismcts", partial(
                OpenSpielBot, "ismcts", simulations=args.openspiel_simulations))
    if args.levels:
        names = args.levels.split(",")
        unknown = [n for n in names if n not in found]
        if unknown:
            raise SystemExit(f"unknown levels: {', '.join(unknown)}; levels: {', '.join(found)}")
        found = {n: found[n] for n in names}
    return found


def describe(factory: partial) -> str:
    """A level's bot as a call: ``make_bot('hard', iterations=30, workers=1)``."""
    args = [repr(a) for a in factory.args] + [f"{k}={v!r}" for k, v in factory.keywords.items()]
    return f"{factory.func.__name__}({', '.join(args)})"


def load(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def pending(args, out: Path, players: int) -> list[int]:
    """The seeds still to play at ``players``; writes the run's ``.meta.json``."""
    path = out / f"ladder-{players}p.jsonl"
    done = {r["seed"] for r in load(path)}
    meta = {"players": players, "first_seed": args.first_seed, "rules": RULES,
            "levels": {name: describe(spec[1]) for name, spec in levels(args).items()},
            "draw": "ahoy_nb.ai.ladder.Draw: different levels, random seats, from the seed",
            "python": platform.python_version(),
            "command": "python scripts/ladder.py " + " ".join(sys.argv[1:])}
    (out / f"{path.name}.meta.json").write_text(json.dumps(meta, indent=1) + "\n")
    return [args.first_seed + i for i in range(args.games) if args.first_seed + i not in done]


def play(out: Path, players: int, seeds: list[int], draw, executor) -> None:
    """Play the games of ``seeds`` (consecutive) and append their records."""
    t = time.process_time()
    records = simulate(len(seeds), players, draw, seed=seeds[0], executor=executor,
                       progress=False, played=True)
    with (out / f"ladder-{players}p.jsonl").open("a") as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
    for r in records:
        print(f"{players}p seed {r['seed']}: " + ", ".join(
            f"{b}{' (won)' if f in r['winners'] else ''}" for f, b in r["bots"].items()),
            flush=True)
    print(f"  {time.process_time() - t:.1f} s of this process's CPU", flush=True)


def from_tournament(paths: list[Path]) -> list[dict]:
    """``scripts/tournament.py``'s games as ladder records: the bot in its seat by its
    budget (``hard-1000``), ``--against`` in the others. Only a bot with no option but
    ``iterations`` (and the widening that is now its default) is taken: the others were
    screens of other bots."""
    out = []
    for path in paths:
        for r in load(path):
            options = {k: v for k, v in r["options"].items() if (k, v) != ("widen", 1.0)}
            if set(options) - {"iterations"} or r["against_options"]:
                raise SystemExit(f"{path}: a screen ({r['options']}), not a level")
            label = f"{r['bot']}-{options['iterations']}" if options else r["bot"]
            out.append({"players": r["players"], "seed": r["seed"], "winners": r["winners"],
                        "final_fame": r["fame"],
                        "bots": {f: label if f == r["faction"] else r["against"]
                                 for f in r["fame"]}})
    return out


def report(out: Path, player_counts: list[int], ship: Path | None,
           tournament: list[Path] = ()) -> None:
    records = [r for n in player_counts for r in load(out / f"ladder-{n}p.jsonl")]
    records += [r for r in from_tournament(tournament) if r["players"] in player_counts]
    if not records:
        print("no games recorded")
        return
    ratings = ladder.rate(records)
    games = {n: sum(r["players"] == n for r in records) for n in player_counts}
    for n in player_counts:
        if not games[n]:
            continue
        print(f"\n{n} players, {games[n]} games: rating mu (95% interval), games, "
              f"share ahead of normal (95%)")
        print("| rank | level | rating | 95% interval | games | ahead of `normal` |")
        print("|---|---|---|---|---|---|")
        for k, x in enumerate(r for r in ratings if r.players == n):
            vs = ""
            if x.level != "normal" and any(r.level == "normal" and r.players == n for r in ratings):
                s = ladder.head_to_head(ratings, x.level, "normal", n)
                vs = f"{100 * s.share:.0f}% ({100 * s.low:.0f}-{100 * s.high:.0f}%)"
            print(f"| {k + 1} | `{x.level}` | {x.mu:.1f} | {x.low:.1f} to {x.high:.1f} | "
                  f"{x.games} | {vs} |")
    if ship:
        table = ladder.ship(ratings, {n: g for n, g in games.items() if g},
                            f"scripts/ladder.py, {sum(games.values())} games")
        ship.write_text(json.dumps(table, indent=1, ensure_ascii=False) + "\n")
        print(f"\nwrote {ship}")
        for level in ladder.RUNGS:
            for n in sorted(games):
                words = ladder.standing(level, n, table)
                if words:
                    print(f"{level}: {words}")


def seat_targets(hard: list[Path], baseline: Path) -> None:
    """Issue 45's seat targets, paired by deal: the hard bot's share in a seat against two
    ``normal`` bots (``scripts/tournament.py`` records) less ``normal``'s share in the same
    seat of the same deal with ``normal`` in every seat (``baseline``)."""
    import statistics
    base = {r["seed"]: r for r in load(baseline)}
    by_seat: dict[str, list[tuple[float, float]]] = {}
    for path in hard:
        for r in load(path):
            b = base.get(r["seed"])
            if b is None:
                continue
            f = r["faction"]
            normal = 1 / len(b["winners"]) if f in b["winners"] else 0.0
            by_seat.setdefault(f, []).append((r["score"], normal))
    print("| seat | deals | hard's share | normal's share, same deals | gain, points (95%) | "
          "target: +15, interval above 0 |")
    print("|---|---|---|---|---|---|")
    for f, pairs in by_seat.items():
        gains = [h - n for h, n in pairs]
        mean = statistics.mean(gains)
        half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 1.0
        met = mean >= 0.15 and mean - half > 0
        print(f"| {f} | {len(pairs)} | {sum(h for h, _ in pairs):g}/{len(pairs)} | "
              f"{sum(n for _, n in pairs):g}/{len(pairs)} | {100 * mean:+.0f} "
              f"({100 * (mean - half):+.0f} to {100 * (mean + half):+.0f}) | "
              f"{'met' if met else 'not met'} |")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300, help="games a player count")
    p.add_argument("--players", default="2,3,4")
    p.add_argument("--first-seed", type=int, default=50_000)
    p.add_argument("--out", type=Path, default=ROOT / "data" / "ladder")
    p.add_argument("--budgets", default=",".join(str(n) for n in ladder.HARD_BUDGETS.values()),
                   help="the hard bot's three budgets, iterations a decision")
    p.add_argument("--openspiel-simulations", type=int, default=8)
    p.add_argument("--no-openspiel", action="store_true")
    p.add_argument("--levels", help="only these levels (names, with commas)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (1: this one)")
    p.add_argument("--scheduler", help="a Dask scheduler's address: play there")
    p.add_argument("--report", action="store_true", help="only rate the games recorded")
    p.add_argument("--ship", type=Path, nargs="?", const=SHIPPED,
                   help=f"write the chooser's table (default {SHIPPED.relative_to(ROOT)})")
    p.add_argument("--tournament", type=Path, nargs="+", default=[], metavar="FILE",
                   help="rate scripts/tournament.py's games too (a level against another)")
    p.add_argument("--seat-targets", type=Path, nargs="+", metavar="HARD",
                   help="only the seat targets: the hard bot's tournament records, by seat")
    p.add_argument("--baseline", type=Path, help="with --seat-targets: games of normal bots "
                   "in every seat, the same deals")
    args = p.parse_args(argv)
    if args.seat_targets:
        if not args.baseline:
            raise SystemExit("--seat-targets needs --baseline, the games of normal in every seat")
        seat_targets(args.seat_targets, args.baseline)
        return
    player_counts = [int(n) for n in args.players.split(",")]
    args.out.mkdir(parents=True, exist_ok=True)
    if not args.report:
        if args.scheduler:
            from dask.distributed import Client
            executor = Client(args.scheduler).get_executor()
        elif args.jobs > 1:
            from concurrent.futures import ProcessPoolExecutor
            executor = ProcessPoolExecutor(args.jobs)
        else:
            executor = "inline"
        start = time.perf_counter()
        draw = ladder.Draw(levels(args))
        todo = {n: pending(args, args.out, n) for n in player_counts}
        step = 1 if executor == "inline" else 4 * max(2, args.jobs)
        # Player counts in turn, a batch each, so a run stopped early has some of each.
        while any(todo.values()):
            for n in player_counts:
                seeds, todo[n] = todo[n][:step], todo[n][step:]
                while seeds:  # runs of consecutive seeds (a stopped run leaves gaps)
                    k = next((i for i in range(1, len(seeds)) if seeds[i] != seeds[0] + i),
                             len(seeds))
                    play(args.out, n, seeds[:k], draw, executor)
                    seeds = seeds[k:]
        print(f"played for {time.perf_counter() - start:.0f} s")
    report(args.out, player_counts, args.ship, args.tournament)


if __name__ == "__main__":
    main()
