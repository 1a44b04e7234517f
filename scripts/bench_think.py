"""How long the hard bot thinks, as a person waits for it: per decision and per turn.

Plays games with the ``hard`` bot as it is built for a game (``make_bot("hard")``: its
own time budget, no iteration cap) in one seat and ``normal`` bots in the others, and
times every decision of the hard bot with more than one legal action, around
``choose``: wall clock (what a person waits) and the thread's CPU time (what the
search got of a core). A *turn* is every decision from the bot's first die of a turn
to its End turn, as the board shows it moving.

The bot searches on ``--workers`` processes (default: as ``make_bot("hard")`` does, both
cores of a two-core machine); the CPU time is this process's thread only.

``--advisor`` runs, as ``play()`` does for a person playing alone, the win-chance
estimate (``analysis.evaluate``, 60 playouts) on another thread after every action: it
competes with the bot for the interpreter.

    python scripts/bench_think.py --players 2 --games 2
    python scripts/bench_think.py --players 3 --games 1 --advisor
    python scripts/bench_think.py --games 1 --time-budget 0.01     # a quick look

Prints the median, 95th percentile and maximum of each, the iterations a decision
reached, and the load average (1 minute) before, during and after: on a shared machine
the wall clock stretches with the load, the CPU time does not.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.ai.analysis import evaluate  # noqa: E402
from ahoy_nb.ai.ismcts import HARD_WORKERS, TIME_BUDGET  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402


class Advisor(threading.Thread):
    """The win-chance estimate after every action, on its own thread (as in ``play()``)."""

    def __init__(self):
        super().__init__(daemon=True)
        self.todo: list = []
        self.wake = threading.Event()
        self.done = False

    def submit(self, state) -> None:
        self.todo = [state.copy()]      # only the newest position, as the advisor does
        self.wake.set()

    def run(self) -> None:
        while not self.done:
            self.wake.wait(0.1)
            self.wake.clear()
            while self.todo:
                s = self.todo.pop()
                evaluate(s, "public", 60, seed=len(s.history), progress=False)


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def play(players: int, seed: int, seat: int, advisor: Advisor | None, loads: list[float],
         budget: float, workers: int) -> dict:
    s = new_game(players, seed=seed)
    bots = {f: (make_bot("hard", seed=seed * 10 + i, time_budget=budget, workers=workers)
                if i == seat
                else make_bot("normal", seed=seed * 10 + i))
            for i, f in enumerate(s.players)}
    me = s.players[seat]
    wall, cpu, iters, turns = [], [], [], []
    turn = 0.0
    while not s.is_over:
        who = s.current_player
        several = len(s.legal_actions()) > 1
        t, c = time.perf_counter(), time.thread_time()
        action = bots[who].choose(s)
        dt, dc = time.perf_counter() - t, time.thread_time() - c
        s.apply(action)
        if advisor is not None:
            advisor.submit(s)
        if who == me:
            turn += dt
            if several:
                wall.append(dt)
                cpu.append(dc)
                iters.append(bots[who].last.iterations)
                if len(wall) % 20 == 0:
                    loads.append(os.getloadavg()[0])
            if action.notation == "end":
                turns.append(turn)
                turn = 0.0
    return {"wall": wall, "cpu": cpu, "iterations": iters, "turns": turns, "rounds": s.round}


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=2, help="games per seat (Bluefin and Mollusk)")
    p.add_argument("--first-seed", type=int, default=500)
    p.add_argument("--advisor", action="store_true",
                   help="the win-chance estimate runs on another thread, as in play()")
    p.add_argument("--time-budget", type=float, default=None,
                   help=f"seconds a decision (default: the bot's own, {TIME_BUDGET:g})")
    p.add_argument("--workers", type=int, default=HARD_WORKERS,
                   help=f"processes the search runs on (default: the hard bot's own, "
                        f"{HARD_WORKERS} here)")
    args = p.parse_args(argv)
    budget = TIME_BUDGET if args.time_budget is None else args.time_budget
    load_before = os.getloadavg()[0]
    advisor = Advisor() if args.advisor else None
    if advisor is not None:
        advisor.start()
    seats = [0, 2 if args.players > 2 else 1]       # Bluefin and the Mollusk Union
    wall, cpu, iters, turns, loads = [], [], [], [], []
    for g in range(args.games):
        for seat in seats:
            r = play(args.players, args.first_seed + g, seat, advisor, loads, budget, args.workers)
            wall += r["wall"]
            cpu += r["cpu"]
            iters += r["iterations"]
            turns += r["turns"]
            print(f"game {args.first_seed + g}, seat {seat}: {len(r['wall'])} decisions, "
                  f"{r['rounds']} rounds", flush=True)
    if advisor is not None:
        advisor.done = True
    load_after = os.getloadavg()[0]
    print(f"\nhard bot, time budget {budget:g} s on {args.workers} process(es), "
          f"{args.players} players"
          f"{', advisor thread on' if args.advisor else ''}; {len(wall)} decisions with a "
          f"choice, {len(turns)} turns")
    for name, values in (("wall s / decision", wall), ("CPU s / decision (this process)", cpu),
                         ("wall s / turn", turns), ("iterations / decision", iters)):
        if values:
            print(f"  {name:32} median {statistics.median(values):7.2f}   "
                  f"p95 {quantile(values, 0.95):7.2f}   max {max(values):7.2f}")
    during = f"{min(loads):.1f}-{max(loads):.1f}" if loads else "-"
    print(f"  load average (1 min): {load_before:.1f} before, {during} during, "
          f"{load_after:.1f} after; {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
