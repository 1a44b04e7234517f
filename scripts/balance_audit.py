"""Where each faction's Fame comes from, between equal bots: the tables of docs/balance.md.

Plays games between the same bot in every seat (``--bots normal``, or ``--bots hard
--iterations 200``), one record a game (:func:`ahoy_nb.ai.lab.play_game`) appended to
``--out`` as it ends (a stopped run resumes where it stopped), and prints the tables
from any number of such files:

    python scripts/balance_audit.py --players 2 --games 200 --bots normal --out normal-2p.jsonl
    python scripts/balance_audit.py --players 3 --games 40 --bots hard --iterations 200 --out hard-3p.jsonl
    python scripts/balance_audit.py --report normal-2p.jsonl hard-3p.jsonl
    python scripts/balance_audit.py --players 2 --games 100 --played --out normal-2p-played.jsonl
    python scripts/balance_audit.py --players 2 --games 100 --bots greedy --out greedy-2p.jsonl
    python scripts/balance_audit.py --players 2 --games 100 --lookahead 4 --played --out look4-2p.jsonl

(``normal`` looks past its action as the Mollusk only; ``greedy`` is the same bot with a
one-action look in every seat, and ``--lookahead N`` gives every seat the look.)

The tables (markdown): wins by faction with 95% Wilson intervals; mean Fame a game by
source (control, Cargo delivered, rewards, pledges); Fame from control by round and by
region (the two regions of the setup, and explored ones); how often each faction took
its key actions; how many wins were by 2 Fame or less; at 2 players, with ``--played``,
what Bluefin's last word in each round is worth (:func:`ahoy_nb.ai.balance.last_word`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.ai.balance import (SOURCES, action_counts, control_fame,  # noqa: E402
                                fame_by_source, last_word, win_margins, win_rates)
from ahoy_nb.ai.lab import play_game  # noqa: E402
from ahoy_nb.engine.components import BOARDS  # noqa: E402

# The choices worth counting besides dice, by faction.
KEY_VERBS = {
    "bluefin": ("patrol", "stronghold", "recruit", "battle"),
    "mollusk": ("place-comrades", "ready-comrades", "play", "recruit", "battle"),
    "smuggler": ("smuggle", "deliver", "recruit", "battle", "reward"),
}
BOARD_SLOTS = {spec["action"] for board in BOARDS.values() for spec in board}


def label(records: list[dict]) -> str:
    r = records[0]
    bots = sorted(set(r["bots"].values()))
    return f"{r['players']} players, {' / '.join(bots)}"


def report(records: list[dict]) -> str:
    groups: dict[tuple, list[dict]] = defaultdict(list)
    for r in records:
        groups[(r["players"], tuple(sorted(r["bots"].items())), json.dumps(r.get("options")))
               ].append(r)
    out = []
    for key, rs in groups.items():
        opts = rs[0].get("options")
        out.append(f"### {label(rs)}{' ' + json.dumps(opts) if opts else ''}: {len(rs)} games "
                   f"(seeds {min(r['seed'] for r in rs)}-{max(r['seed'] for r in rs)}), "
                   f"{sum(r['rounds'] for r in rs) / len(rs):.1f} rounds a game\n")
        rates = {row["faction"]: row for row in win_rates(rs)}
        out.append("| faction | wins | 95% CI | Fame | control | delivery | reward | pledge |")
        out.append("|---|---|---|---|---|---|---|---|")
        for row in fame_by_source(rs):
            w = rates[row["faction"]]
            out.append(f"| {row['faction']} | {w['wins']:g}/{w['games']} = {w['rate']:.0%} | "
                       f"{w['low']:.0%}-{w['high']:.0%} | {row['fame']:.1f} | "
                       + " | ".join(f"{row[k]:.1f}" for k in SOURCES) + " |")
        out.append("")
        margins = win_margins(rs)
        out.append("Won by 2 Fame or less (a tie on Fame settled by gold counts), and the "
                   "median winning margin: " + "; ".join(
                       f"{m['faction']} {m['close']} of {m['wins']} wins"
                       + (f", median {m['median']:g}" if m["median"] is not None else "")
                       for m in margins) + "\n")
        played = [r for r in rs if "played" in r]
        if played and rs[0]["players"] == 2:
            w = last_word(played)
            out.append(f"Bluefin's last word in each round, the dice it places after the "
                       f"Mollusk's last ({w['games']} games with their actions, {w['rounds']} "
                       f"rounds): its control Fame less the Mollusk's rose {w['swing']:+.1f} "
                       f"a round on them ({w['final_swing']:+.1f} in a game's last round); "
                       f"{w['turned']} of its wins would not have been wins on the scores "
                       f"standing before them.\n")
        for by in ("round", "region"):
            rows = control_fame(rs, by)
            keys = sorted({row[by] for row in rows}, key=str)
            factions = sorted({row["faction"] for row in rows})
            cell = {(row["faction"], row[by]): row["fame"] for row in rows}
            out.append(f"Fame from control a game, by {by}:\n")
            out.append(f"| faction | " + " | ".join(str(k) for k in keys) + " |")
            out.append("|---|" + "---|" * len(keys))
            for f in factions:
                out.append(f"| {f} | " + " | ".join(f"{cell.get((f, k), 0):.1f}" for k in keys)
                           + " |")
            out.append("")
        out.append("Dice placed a game, by slot (Crew slots together), and other choices:\n")
        for f in sorted({f for r in rs for f in r["actions"]}):
            counts: dict[str, float] = defaultdict(float)
            for row in action_counts(rs, field="dice"):
                if row["faction"] == f:
                    counts[row["verb"] if row["verb"] in BOARD_SLOTS else "crew"] += row["count"]
            verbs = KEY_VERBS["smuggler" if f.startswith("smuggler") else f]
            steps = {row["verb"]: row["count"] for row in action_counts(rs, verbs)
                     if row["faction"] == f}
            out.append(f"- {f}: dice on " + ", ".join(
                f"{v} {n:.1f}" for v, n in sorted(counts.items(), key=lambda kv: -kv[1]))
                + "; " + ", ".join(f"{v} {steps[v]:.1f}" for v in verbs if v in steps))
        out.append("")
    return "\n".join(out)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=2)
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--bots", default="normal", help="the bot in every seat")
    p.add_argument("--iterations", type=int, default=None, help="a hard bot's iterations")
    p.add_argument("--lookahead", type=int, default=None,
                   help="a normal bot's lookahead in every seat: its best N actions "
                        "played on, to the round's end or 40 decisions (0: none)")
    p.add_argument("--out", default=None, help="append each game's record here (JSON lines)")
    p.add_argument("--played", action="store_true",
                   help="keep every game's actions in its record (for Bluefin's last word)")
    p.add_argument("--report", nargs="+", default=None, metavar="FILE",
                   help="only print the tables of these files")
    args = p.parse_args(argv)
    if args.report:
        records = [json.loads(line) for f in args.report
                   for line in Path(f).read_text().splitlines() if line]
        print(report(records))
        return 0
    options = {"iterations": args.iterations} if args.iterations else {}
    if args.lookahead is not None:
        options["lookahead"] = args.lookahead
    spec = (args.bots, options) if options else args.bots
    done = set()
    records = []
    if args.out and Path(args.out).exists():
        records = [json.loads(line) for line in Path(args.out).read_text().splitlines() if line]
        done = {r["seed"] for r in records}
    for i in range(args.games):
        seed = args.first_seed + i
        if seed in done:
            continue
        t = time.process_time()
        r = play_game(args.players, [spec] * args.players, seed, game=i, played=args.played)
        r["options"] = options
        r["cpu"] = round(time.process_time() - t, 1)
        records.append(r)
        if args.out:
            with open(args.out, "a") as out:
                out.write(json.dumps(r) + "\n")
        print(f"seed {seed}: {r['winners']} {r['final_fame']} ({r['cpu']} s CPU)", flush=True)
    print(report(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
