"""Self-play games for the win-chance model: ``simulate`` records with every action.

The first step of the win-chance pipeline (docs/judgement.md): the bots play whole
games and each game's record keeps its actions, so that ``winchance_fit.py`` can
replay any position along it. Games go to a JSON-lines file as each batch ends; a run
that is stopped and started again plays only the games missing from the file.

    python scripts/winchance_games.py --players 2,3,4 --games 240,220,140 \\
        --iterations 50 --out data/judgement/games.jsonl

Game ``i`` of a player count has seed ``first_seed + i`` (as ``simulate`` numbers them),
and the player counts take turns, so a run stopped early still holds games of every
count. ``--seats normal,hard`` draws each seat's bot from those levels, from the game's
seed (the games between the levels a person picks); ``--random-seat`` gives one seat,
chosen from the seed, to the random bot (the games on which the review is judged). Odd seeds are the held-out games (``winchance_fit.py``). The bots,
their budget and the commit go to ``<out>.meta.json``; figures in the docs name them.
Run it with ``nice -n 10`` in the background: it is hours of CPU.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # when ahoy_nb is not installed

from ahoy_nb.ai.lab import simulate  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402


def commit() -> str:
    """The commit the bots came from (with ``+dirty`` when the work tree differs)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout
    head = git("rev-parse", "--short=10", "HEAD").strip() or "unknown"
    dirty = git("status", "--porcelain", "--untracked-files=no", "ahoy_nb").strip()
    return head + ("+dirty" if dirty else "")


def spec_of(level: str, iterations: int):
    """A bot spec for ``simulate``: the hard bot at a fixed number of iterations, so that
    its games repeat."""
    return [level, {"iterations": iterations}] if level in ("hard", "ismcts") else level


def seats(players: int, seed: int, levels: list[str], iterations: int,
          random_seat: bool = False) -> list:
    """Each seat's bot spec for game ``seed``: drawn from ``levels`` (one level: every
    seat), and with ``random_seat`` one seat playing at random; a function of the seed.

    >>> seats(3, 7, ["normal", "hard"], 100, random_seat=True)
    ['normal', 'normal', 'random']
    """
    rng = random.Random(f"seats/{players}/{seed}")
    specs = [spec_of(rng.choice(levels), iterations) for _ in range(players)]
    if random_seat:
        specs[rng.randrange(players)] = "random"
    return [tuple(s) if isinstance(s, list) else s for s in specs]


def done_seeds(path: Path) -> set[tuple[int, int]]:
    if not path.exists():
        return set()
    out = set()
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            out.add((r["players"], r["seed"]))
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    p.add_argument("--games", default="240,220,140", help="games per player count")
    p.add_argument("--bot", default="hard", help="the bot in every seat")
    p.add_argument("--seats", default=None,
                   help="levels, comma-separated: each seat's bot is drawn from them, from "
                        "the game's seed (instead of --bot in every seat)")
    p.add_argument("--random-seat", action="store_true",
                   help="one seat, drawn from the game's seed, plays at random")
    p.add_argument("--iterations", type=int, default=50,
                   help="the hard bot's iterations a decision (repeatable games)")
    p.add_argument("--first-seed", type=int, default=0)
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    p.add_argument("--out", type=Path, required=True)
    args = p.parse_args(argv)
    counts = [int(x) for x in args.players.split(",")]
    games = [int(x) for x in args.games.split(",")]
    if len(games) != len(counts):
        p.error("--games needs one number per player count")
    levels = args.seats.split(",") if args.seats else [args.bot]
    for level in levels:
        make_bot(level, seed=0)   # an unknown name fails here, not in a worker
    args.out.parent.mkdir(parents=True, exist_ok=True)
    meta_path = args.out.with_name(args.out.name + ".meta.json")
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {"runs": []}
    meta["bots"] = [spec_of(level, args.iterations) for level in levels]
    meta["seats"] = ("each seat drawn from the bots, from the game's seed" if args.seats
                     else "the bot in every seat")
    if args.random_seat:
        meta["seats"] += "; one seat, drawn from the seed, plays at random"
    meta["runs"].append({"commit": commit(), "started": datetime.datetime.now(
        datetime.timezone.utc).isoformat(timespec="seconds"), "command": " ".join(sys.argv)})
    meta_path.write_text(json.dumps(meta, indent=1) + "\n")

    have = done_seeds(args.out)
    todo = {n: [args.first_seed + i for i in range(g) if (n, args.first_seed + i) not in have]
            for n, g in zip(counts, games)}
    print(f"{sum(map(len, todo.values()))} games to play "
          f"({', '.join(f'{len(v)} at {n} players' for n, v in todo.items())})", flush=True)
    # Player counts take turns, so a run stopped early holds games of every count.
    order = [(n, todo[n][i]) for i in range(max(map(len, todo.values()), default=0))
             for n in counts if i < len(todo[n])]
    start = time.time()
    with ProcessPoolExecutor(args.workers) as pool, args.out.open("a") as out:
        futures = [pool.submit(simulate, 1, n, seats(n, seed, levels, args.iterations,
                                                    args.random_seat),
                               seed, executor="inline", progress=False, played=True)
                   for n, seed in order]
        for k, future in enumerate(as_completed(futures), start=1):
            for r in future.result():
                out.write(json.dumps(r, separators=(",", ":")) + "\n")
            out.flush()
            if k % 10 == 0 or k == len(futures):
                print(f"{k}/{len(futures)} games in {time.time() - start:.0f} s", flush=True)


if __name__ == "__main__":
    main()
