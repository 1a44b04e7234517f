"""Watch one bot play one game, decision by decision: how bots were debugged (docs/balance.md).

One seat (``--seat``, 0 = Bluefin) is played by ``--bot`` (``hard`` with ``--iterations``,
or ``normal``, with ``--weights`` for the heuristic), the others by ``normal``. Each of
its decisions with a choice is printed with what it knew: Fame, where its Flagship is,
its dice; a Smuggler's Cargo and the Market (suit > Deliver suit); the Mollusk's Ready
Comrades and Comrades on Islands. Then what happened, from the log.

    python scripts/watch_game.py --players 3 --seed 2002 --seat 1 --bot hard --iterations 200
    python scripts/watch_game.py --players 2 --seed 3 --seat 1 --weights '{"presence": 0.5}'
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # when ahoy_nb is not installed

from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine import new_game  # noqa: E402
from ahoy_nb.engine.components import MARKET_CARDS  # noqa: E402


def cards(ids: list[int]) -> str:
    return ", ".join(f"{MARKET_CARDS[c]['suit']}>{MARKET_CARDS[c]['deliver']}" for c in ids)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seat", type=int, default=1)
    p.add_argument("--bot", default="hard")
    p.add_argument("--iterations", type=int, default=200)
    p.add_argument("--weights", default=None, help="heuristic weights for the watched bot (JSON)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=JSON",
                   help="another option for the watched bot, e.g. scale=3")
    args = p.parse_args(argv)
    s = new_game(args.players, seed=args.seed)
    options = {"weights": json.loads(args.weights)} if args.weights else {}
    if args.bot == "hard":
        options["iterations"] = args.iterations
    for item in args.option:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    bots = {f: make_bot(args.bot, seed=args.seed * 10 + i, **options) if i == args.seat
            else make_bot("normal", seed=args.seed * 10 + i) for i, f in enumerate(s.players)}
    me = s.players[args.seat]
    while not s.is_over:
        who = s.current_player
        several = len(s.legal_actions()) > 1
        action = bots[who].choose(s)
        if who == me and several:
            fs = s.data["factions"][me]
            at = next((f["at"] for f in s.data["figures"] if f["id"] == me), None)
            known = f"Fame {s.fame} at {at} dice {fs['dice']}"
            if "cargo" in fs:
                known += f" | Cargo {cards(fs['cargo'])} | Market {cards(s.data['market'])}"
            if me == "mollusk":
                known += f" | Ready {fs['ready']} | Comrades {s.data['comrades']}"
            print(f"round {s.round}: {known}\n  -> {action}")
        s.apply(action)
        if who == me:
            for event in s.log[-1].events:
                print(f"     {event}")
    print(f"Fame {s.fame}; winners {s.winners}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
