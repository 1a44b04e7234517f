"""How fast the engine plays: decisions per second and complete random games per second,
against python-chess's random play in the same run.

A decision is one ``legal_actions()`` call plus one ``apply`` of a uniformly random
legal action. Games are played from ``new_game`` (setup included) to the end, single
process. The yardstick is python-chess playing random games the same way: a decision
there is one ``list(board.legal_moves)`` plus one ``board.push`` of a random move, and a
game goes on until ``board.is_game_over()`` (checkmate, stalemate, insufficient material,
the 75-move rule, fivefold repetition). Each side's end-of-game test is part of its
game: Ahoy's runs inside ``apply``, python-chess's in ``is_game_over``. The two are run
in turn, ``--repeat`` times, each time with the next ``--games`` seeds (games the
engine's caches have not seen), and the fastest run of each is kept, so that a change
in the machine's load hits both. Figures are recorded in
``docs/benchmark.md``. The comparison needs python-chess: ``pip install 'ahoy-nb[bench]'``.

    python scripts/benchmark.py                 # 40 games each, best of 3 runs
    python scripts/benchmark.py --games 100 --repeat 5
    python scripts/benchmark.py --no-chess      # the engine alone
    python scripts/benchmark.py --profile       # cProfile of the engine's run, top functions
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.engine import new_game  # noqa: E402

Row = tuple[str, int, int, float, float]  # label, decisions, games, wall s, CPU s


def play(players: int, seed: int) -> int:
    """One complete random game; returns the number of decisions."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    choice = rng.choice
    n = 0
    while not s.is_over:
        s.apply(choice(s.legal_actions()))
        n += 1
    return n


def play_chess(seed: int) -> int:
    """One complete random game of chess (python-chess); returns the number of decisions."""
    import chess
    board = chess.Board()
    choice = random.Random(seed).choice
    n = 0
    while not board.is_game_over():
        board.push(choice(list(board.legal_moves)))
        n += 1
    return n


def timed(label: str, games: int, game, seeds: range) -> Row:
    wall, cpu = time.perf_counter(), time.process_time()
    decisions = sum(game(seed) for seed in seeds)
    return label, decisions, games, time.perf_counter() - wall, time.process_time() - cpu


def run(games: int, first_seed: int = 0, repeat: int = 1, chess: bool = False) -> list[Row]:
    """One row per player count (and one for chess): ``games`` games each, the fastest of
    ``repeat`` runs by wall clock (on a shared machine the least disturbed one), each run
    with new seeds. The runs alternate (Ahoy 2, 3, 4 players, chess; again...) so that a
    change in load hits all."""
    sides = [(str(p), (lambda seed, p=p: play(p, seed))) for p in (2, 3, 4)]
    if chess:
        sides.append(("chess", play_chess))
    best: dict[str, Row] = {}
    for label, game in sides:
        game(10_000_000)  # warm up
    for r in range(repeat):
        # New games each run: the engine's caches (maps, die placements) must not have
        # seen them, as in a real game.
        seeds = range(first_seed + r * games, first_seed + (r + 1) * games)
        for label, game in sides:
            row = timed(label, games, game, seeds)
            if label not in best or row[3] < best[label][3]:
                best[label] = row
    return [best[label] for label, _ in sides]


def report(rows: list[Row], games: int, repeat: int = 1, load_before: str = "") -> None:
    """Rates by wall clock, and by this process's CPU time (steadier on a busy machine)."""
    print(f"Python {platform.python_version()} on {platform.machine()}, single process, "
          f"{games} random games per player count" + (f", best of {repeat} runs" if repeat > 1 else ""))
    load = "/".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"load average (1/5/15 min) {load_before + ' at the start, ' if load_before else ''}"
          f"{load} at the end, {os.cpu_count()} cores")
    print(f"{'players':>7} {'decisions/game':>15} {'decisions/s':>12} {'games/s':>8}"
          f" {'decisions/CPU-s':>16} {'games/CPU-s':>12}")
    ahoy = [r for r in rows if r[0] != "chess"]
    total = ("all", sum(r[1] for r in ahoy), sum(r[2] for r in ahoy), sum(r[3] for r in ahoy),
             sum(r[4] for r in ahoy))
    chess = [r for r in rows if r[0] == "chess"]
    for label, decisions, n, wall, cpu in [*ahoy, total, *chess]:
        print(f"{label:>7} {decisions / n:>15.0f} {decisions / wall:>12,.0f} {n / wall:>8.1f}"
              f" {decisions / cpu:>16,.0f} {n / cpu:>12.1f}")
    if chess:
        import chess as python_chess
        (_, cd, _, cw, cc), (_, ad, _, aw, ac) = chess[0], total
        print(f"Ahoy / python-chess {python_chess.__version__} (decisions/s): "
              f"{(ad / aw) / (cd / cw):.2f} by wall clock, {(ad / ac) / (cd / cc):.2f} by CPU time")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40,
                        help="games per player count, and of chess")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of new games (the next seeds); the fastest is kept")
    parser.add_argument("--no-chess", action="store_true",
                        help="leave out the python-chess yardstick")
    parser.add_argument("--profile", action="store_true",
                        help="print a cProfile of the engine's run (no chess), top functions")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    chess = not (args.no_chess or args.profile)
    if chess:
        try:
            import chess as _  # noqa: F401
        except ImportError:
            parser.error("the yardstick needs python-chess: pip install 'ahoy-nb[bench]' "
                         "(or run with --no-chess)")
    load_before = "/".join(f"{x:.1f}" for x in os.getloadavg())
    if args.profile:
        import cProfile
        import pstats
        profiler = cProfile.Profile()
        profiler.enable()
        rows = run(args.games, args.seed)
        profiler.disable()
        report(rows, args.games, load_before=load_before)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(30)
    else:
        report(run(args.games, args.seed, args.repeat, chess), args.games, args.repeat, load_before)


if __name__ == "__main__":
    main()
