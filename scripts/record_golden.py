"""Record the golden games that ``tests/engine/test_golden.py`` replays.

A golden game is a list of actions in notation and, every ``EVERY`` actions and at
the end, a sha256 of ``State.to_json()`` and the legal actions at that point. The
replay must reproduce them byte for byte: a change to the engine that changes any
of them changes what a player sees (a die, an event's text, a legal action).

    python scripts/record_golden.py            # re-record everything (a few minutes)
    python scripts/record_golden.py --check    # record again and compare, writing nothing
    python scripts/record_golden.py --check --seeds 1 --bots random
                                               # a part: seed 1 of the random games, and
                                               # the tutorials (seconds)

Recorded:

* ``random-{2,3,4}p.json.gz`` and ``greedy-{2,3,4}p.json.gz``: seeds 1 to ``SEEDS``,
  played from ``new_game(players, seed)`` to the end by ``RandomBot(seed)`` /
  ``GreedyBot(seed)`` choosing for every player;
* ``tutorials.json.gz``: every tutorial played to its end by its answers, one record
  per scene: the scene's starting position (``to_json()``, so that a change to a
  lesson does not hide a change to the engine) and the actions the session applied.

Re-record only when a change is meant to change games (a rule fix), and say so in
the commit. The files are gzip with a zero timestamp: the same games give the same bytes.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # when ahoy_nb is not installed

import ahoy_nb.tutorials as tutorials  # noqa: E402
from ahoy_nb.ai.levels import make_bot  # noqa: E402
from ahoy_nb.engine import State, new_game  # noqa: E402
from ahoy_nb.tutorials.core import Session  # noqa: E402

GOLDEN = ROOT / "tests" / "engine" / "golden"
EVERY = 50
SEEDS = 15
PLAYERS = (2, 3, 4)
BOTS = ("random", "greedy")


def digest(state: State) -> str:
    return hashlib.sha256(state.to_json().encode()).hexdigest()


def checkpoint(state: State, at: int) -> dict:
    return {"at": at, "sha256": digest(state), "legal": [str(a) for a in state.legal_actions()]}


def checks_for(start: State, actions: list[str]) -> list[dict]:
    """Replay ``actions`` on ``start`` (changed in place), checkpointing as recorded."""
    out = [checkpoint(start, 0)]
    for i, notation in enumerate(actions, 1):
        start.apply(notation)
        if i % EVERY == 0 or i == len(actions):
            out.append(checkpoint(start, i))
    return out


def play(bot: str, players: int, seed: int) -> dict:
    chooser = make_bot(bot, seed)
    state = new_game(players, seed=seed)
    actions = []
    while not state.is_over:
        actions.append(str(chooser.choose(state)))
        state.apply(actions[-1])
    return {"bot": bot, "players": players, "seed": seed, "actions": actions,
            "checks": checks_for(new_game(players, seed=seed), actions)}


def record_tutorials() -> list[dict]:
    """Each tutorial's scenes, played by a tutorial session with the tutorial's answers."""
    class Recorder(Session):
        # Each scene starts from a fresh position (its ``build``): keep the one it ends with.
        def _enter(self, index: int, fresh: bool = False) -> None:
            before = getattr(self, "state", None)
            super()._enter(index, fresh)
            if before is not None and (self.state is not before or self.finished):
                self.played.append(before)
            if self.state is not before:
                self.starts.append(self.state.to_json())

    out = []
    for tutorial in tutorials.catalog():
        Recorder.played, Recorder.starts = [], []
        run = Recorder(tutorial)
        for answer in tutorial.solution():
            for notation in answer:
                fb = run.try_action(notation)
                if not fb.ok:
                    raise RuntimeError(f"{tutorial.name}: its answer {notation!r} was refused: {fb}")
        if not run.finished:
            raise RuntimeError(f"{tutorial.name}: its answers do not finish it")
        scenes = [scene.title for scene in tutorial.scenes]
        assert len(run.played) == len(run.starts) == len(scenes), tutorial.name
        for title, start, end in zip(scenes, run.starts, run.played):
            actions = [e.action for e in end.log[len(State.from_json(start).log):]]
            out.append({"tutorial": tutorial.name, "scene": title, "start": start,
                        "actions": actions,
                        "checks": checks_for(State.from_json(start), actions)})
    return out


def _play(job: tuple[str, int, int]) -> dict:
    return play(*job)


def record(seeds: int = SEEDS, bots: tuple[str, ...] = BOTS) -> dict[str, list[dict]]:
    """Every golden file's records (of seeds 1 to ``seeds``, of ``bots``' games), by file name."""
    jobs = [(bot, players, seed) for bot in bots for players in PLAYERS
            for seed in range(1, seeds + 1)]
    with ProcessPoolExecutor() as pool:
        games = list(pool.map(_play, jobs))
    files = {f"{bot}-{players}p.json.gz": [g for g in games
                                           if g["bot"] == bot and g["players"] == players]
             for bot in bots for players in PLAYERS}
    files["tutorials.json.gz"] = record_tutorials()
    return files


def write(path: Path, records: list[dict]) -> None:
    text = json.dumps(records, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(text, compresslevel=9, mtime=0))


def read(path: Path) -> list[dict]:
    return json.loads(gzip.decompress(path.read_bytes()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="record again and report the files that would change, writing nothing")
    parser.add_argument("--seeds", type=int, default=SEEDS, metavar="N",
                        help=f"with --check: only seeds 1 to N of each game file (default {SEEDS})")
    parser.add_argument("--bots", nargs="+", choices=BOTS, default=list(BOTS),
                        help="with --check: only these bots' game files (default: all)")
    args = parser.parse_args(argv)
    if not 1 <= args.seeds <= SEEDS:
        parser.error(f"--seeds is from 1 to {SEEDS}")
    if (args.seeds < SEEDS or set(args.bots) != set(BOTS)) and not args.check:
        parser.error("--seeds and --bots are for --check (the files are recorded whole)")
    files = record(args.seeds, tuple(b for b in BOTS if b in args.bots))
    changed = []
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, records in files.items():
        path = GOLDEN / name
        recorded = read(path) if path.exists() else None
        if recorded is not None and args.seeds < SEEDS and name != "tutorials.json.gz":
            recorded = recorded[:len(records)]  # a game file holds seeds 1 to SEEDS in order
        if recorded == records:
            continue
        changed.append(name)
        if not args.check:
            write(path, records)
    games = sum(len(r) for name, r in files.items() if name != "tutorials.json.gz")
    scenes = len(files["tutorials.json.gz"])
    actions = sum(len(g["actions"]) for r in files.values() for g in r)
    verb = "would change" if args.check else "changed"
    print(f"{games} games and {scenes} tutorial scenes, {actions} actions; "
          f"{verb}: {', '.join(changed) or 'nothing'}")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
