"""Seat-rotated matches between two bots: win rates with 95% intervals, think time per decision.

One bot (``--bot``, default ``hard``) takes one seat; the other seats are ``--against``
(default ``normal``). Each deal (game seed) is played once with the bot in every seat,
so no faction's strength favours either side. A full tie counts as a shared win.
Results go to a JSON-lines file as each game ends (``--out``), so a long run can be
stopped and summarised at any time with ``--report``.

    python scripts/tournament.py --players 2 --deals 20 --time-budget 1.0
    python scripts/tournament.py --players 3 --deals 10 --iterations 400 --out t3.jsonl
    python scripts/tournament.py --report t3.jsonl
    python scripts/tournament.py --report a.jsonl b.jsonl   # two runs of other deals, together
    python scripts/tournament.py --players 3 --seats 1 --iterations 200 --option relative=false
    python scripts/tournament.py --compare before.jsonl after.jsonl   # game by game
    python scripts/tournament.py --compare a.jsonl,b.jsonl after.jsonl   # runs of other deals, together

``--seats`` plays only those seats (for tuning one faction); ``--option key=value`` passes
another option to the bot (a JSON value: ``scale=3``, ``weights={"cargo": 2}``).

Against OpenSpiel's own searches (``pip install 'ahoy-nb[openspiel]'``): ``--against
openspiel-ismcts`` or ``openspiel-mcts`` give the other seats the same ``--time-budget``
(or ``--simulations``), and ``--clock cpu`` measures both budgets in CPU time of this
process, so each decision gets the same CPU whatever else runs on the machine:

    python scripts/tournament.py --players 2 --deals 15 --against openspiel-ismcts \
        --time-budget 0.5 --clock cpu --out t2-os.jsonl

Each result keeps the game's actions in order (``played``, their notation): replayed from
``new_game(players, seed=seed)`` they give the same game, so a tournament's games can be
reviewed, or fitted on as ``scripts/winchance_fit.py`` fits on self-play.

Think time is seconds per decision, measured around ``choose``, both of the wall clock
and of the process's CPU (what "a second on one core" means when other programs share
the machine); decisions with one legal action (answered without a search) are left
out of it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import wilson  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402
from ahoy_nb.engine.words import faction_name  # noqa: E402


def make(name: str, seed: int, options: dict):
    """A bot by name: the project's (``make_bot``) or OpenSpiel's (``openspiel-ismcts``)."""
    if name.startswith("openspiel-"):
        from ahoy_nb.adapters.openspiel import OpenSpielBot
        return OpenSpielBot(name.removeprefix("openspiel-"), seed, **options)
    return make_bot(name, seed=seed, **options)


def play(players: int, seed: int, seat: int, bot: str, against: str, options: dict,
         against_options: dict | None = None) -> dict:
    """One game with ``bot`` in ``seat``; its result and think times."""
    s = new_game(players, seed=seed)
    bots = {f: (make(bot, seed * 10 + i, options) if i == seat
                else make(against, seed * 10 + i, against_options or {}))
            for i, f in enumerate(s.players)}
    me = s.players[seat]
    think = {"bot": [], "against": []}
    cpu = {"bot": [], "against": []}
    played = []
    while not s.is_over:
        who = s.current_player
        several = len(s.legal_actions()) > 1
        t, c = time.perf_counter(), time.process_time()
        action = bots[who].choose(s)
        dt, dc = time.perf_counter() - t, time.process_time() - c
        s.apply(action)
        played.append(action.notation)
        if several:
            think["bot" if who == me else "against"].append(dt)
            cpu["bot" if who == me else "against"].append(dc)
    share = 1.0 / len(s.winners) if me in s.winners else 0.0
    return {"players": players, "seed": seed, "seat": seat, "faction": me, "bot": bot,
            "against": against, "options": _plain(options),
            "against_options": _plain(against_options or {}), "score": share, "winners": s.winners,
            "fame": s.fame, "rounds": s.round, "think": think, "cpu": cpu, "played": played,
            "rules": s.rules}


def _plain(options: dict) -> dict:
    """Options as JSON can hold them (a clock by its name)."""
    return {k: getattr(v, "__name__", v) for k, v in options.items()}


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def margin(r: dict) -> int:
    """The bot's Fame less the best other faction's, at the end of the game."""
    me = r["fame"][r["faction"]]
    return me - max(v for f, v in r["fame"].items() if f != r["faction"])


def compare(base: list[dict], new: list[dict]) -> str:
    """Game by game, on the deals and seats both played: wins and mean Fame margins."""
    old = {(r["seed"], r["seat"]): r for r in base}
    pairs = [(old[(r["seed"], r["seat"])], r) for r in new if (r["seed"], r["seat"]) in old]
    lines = []
    for f in sorted({b["faction"] for b, _ in pairs}):
        fp = [(b, n) for b, n in pairs if b["faction"] == f]
        diffs = [margin(n) - margin(b) for b, n in fp]
        sd = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
        lines.append(f"{f}: {len(fp)} games; wins {sum(b['score'] for b, _ in fp):g} -> "
                     f"{sum(n['score'] for _, n in fp):g}; margin "
                     f"{statistics.mean(margin(b) for b, _ in fp):+.1f} -> "
                     f"{statistics.mean(margin(n) for _, n in fp):+.1f} "
                     f"(difference {statistics.mean(diffs):+.1f} +- {sd:.1f})")
    return "\n".join(lines)


def report(results: list[dict]) -> str:
    lines = []
    for players, against in sorted({(r["players"], r["against"]) for r in results}):
        rs = [r for r in results if (r["players"], r["against"]) == (players, against)]
        n = len(rs)
        wins = sum(r["score"] for r in rs)
        low, high = wilson(wins, n)
        bot = rs[0]["bot"]
        fair = 1 / players
        rival = against + (f" {rs[0]['against_options']}" if rs[0].get("against_options") else "")
        lines.append(f"{players} players: {bot} {rs[0]['options']} against {players - 1} x "
                     f"{rival}, {n} games ({len({r['seed'] for r in rs})} deals, seats rotated)")
        lines.append(f"  {bot} wins {wins:g}/{n} = {wins / n:.1%}, 95% CI {100 * low:.1f}-{high:.1%} "
                     f"(fair share {fair:.0%}: {'cleared' if low > fair else 'not cleared'})")
        seats: dict[str, list[float]] = {}
        for r in sorted(rs, key=lambda r: r["seat"]):
            seats.setdefault(r["faction"], []).append(r["score"])
        lines.append("  by seat: " + ", ".join(f"{faction_name(f)} {sum(v):g}/{len(v)}"
                                               for f, v in seats.items()))
        for f in seats:  # each seat's 95% interval and Fame margin (its Fame less the best other)
            fr = [r for r in rs if r["faction"] == f]
            w = sum(r["score"] for r in fr)
            lo, hi = wilson(w, len(fr))
            lines.append(f"    {faction_name(f)}: {w:g}/{len(fr)} = {w / len(fr):.0%} "
                         f"({lo:.0%}-{hi:.0%}), Fame margin a game "
                         f"{statistics.mean(margin(r) for r in fr):+.1f}")
            # Every faction's Fame a game in those games: who the seat was up against.
            lines.append("      Fame a game: " + ", ".join(
                f"{faction_name(g)} {statistics.mean(r['fame'][g] for r in fr):.1f}"
                for g in fr[0]["fame"]))
        for side in ("bot", "against"):
            who = bot if side == "bot" else against
            for kind, clock in (("think", "wall clock"), ("cpu", "CPU")):
                t = [x for r in rs for x in r.get(kind, {}).get(side, [])]
                if t:
                    lines.append(f"  think time ({clock}), {who}: median "
                                 f"{statistics.median(t):.3f} s, p95 {pct(t, 0.95):.3f} s, "
                                 f"max {max(t):.3f} s over {len(t)} decisions")
        lines.append(f"  rounds a game: {statistics.mean(r['rounds'] for r in rs):.1f}")
    return "\n".join(lines)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    p.add_argument("--deals", type=int, default=10, help="game seeds; each is played once per seat")
    p.add_argument("--first-seed", type=int, default=1000)
    p.add_argument("--bot", default="hard")
    p.add_argument("--against", default="normal")
    p.add_argument("--iterations", type=int, default=None, help="the bot's iterations per decision")
    p.add_argument("--time-budget", type=float, default=None, help="the bot's seconds per decision")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="what --time-budget is measured on: the wall clock, or this process's CPU")
    p.add_argument("--simulations", type=int, default=None,
                   help="an OpenSpiel bot's simulations per decision (instead of --time-budget)")
    p.add_argument("--seats", type=int, nargs="+", default=None,
                   help="play only these seats (0 = Bluefin)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="another option for the bot, e.g. scale=3")
    p.add_argument("--out", default=None, help="append each game's result here (JSON lines)")
    p.add_argument("--report", nargs="+", default=None, metavar="FILE",
                   help="only summarise these files")
    p.add_argument("--compare", nargs=2, default=None, metavar=("BASE", "NEW"),
                   help="compare two runs game by game (the deals and seats both played); "
                        "either may be several files joined by commas")
    args = p.parse_args(argv)

    def results_in(files: list[str]) -> list[dict]:
        missing = [f for f in files if not Path(f).is_file()]
        if missing:
            p.error(f"no such results file: {', '.join(missing)}")
        return [json.loads(line) for f in files for line in Path(f).read_text().splitlines() if line]

    if args.compare:
        base, new = (results_in(files.split(",")) for files in args.compare)
        print(compare(base, new))
        return 0
    if args.report:
        print(report(results_in(args.report)))
        return 0
    options = {k: v for k, v in (("iterations", args.iterations),
                                 ("time_budget", args.time_budget)) if v is not None}
    if args.clock == "cpu":
        options["clock"] = time.process_time
    if any(name.startswith("openspiel-") for name in (args.bot, args.against)):
        try:  # before any game is played: the error names the extra to install
            import ahoy_nb.adapters.openspiel  # noqa: F401
        except ImportError as err:
            p.error(str(err))
    against_options = {}
    if args.against.startswith("openspiel-"):
        # The same budget for both sides: OpenSpiel's bot by time, or by simulations.
        against_options = ({"simulations": args.simulations} if args.simulations else
                           {k: v for k, v in options.items() if k in ("time_budget", "clock")})
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    results = []
    done = set()
    if args.out and Path(args.out).exists():  # resume a stopped run
        results = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line]
        done = {(r["seed"], r["seat"]) for r in results}
    for d in range(args.deals):
        seed = args.first_seed + d
        for seat in args.seats if args.seats is not None else range(args.players):
            if (seed, seat) in done:
                continue
            t = time.perf_counter()
            r = play(args.players, seed, seat, args.bot, args.against, options, against_options)
            results.append(r)
            if args.out:
                with open(args.out, "a") as out:
                    out.write(json.dumps(r) + "\n")
            print(f"deal {seed} seat {r['faction']}: winners {r['winners']} fame {r['fame']} "
                  f"({time.perf_counter() - t:.0f} s)", flush=True)
    print(report(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
