"""The golden games replay byte for byte (``scripts/record_golden.py`` records them).

Each game is replayed from its start; every ``EVERY`` actions and at the end the
sha256 of ``to_json()`` and the legal actions must be what was recorded. A failure
names the first game and checkpoint that differ. If a change is meant to change
games (a rule fix), re-record with ``python scripts/record_golden.py`` and say so
in the commit.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import pytest

from ahoy_nb.engine import State, new_game

GOLDEN = Path(__file__).parent / "golden"
FILES = sorted(p.name for p in GOLDEN.glob("*.json.gz"))


def load(name: str) -> list[dict]:
    return json.loads(gzip.decompress((GOLDEN / name).read_bytes()))


def test_the_golden_games_are_all_there():
    assert FILES == sorted([f"{bot}-{n}p.json.gz" for bot in ("greedy", "random") for n in (2, 3, 4)]
                           + ["tutorials.json.gz"])
    for name in FILES:
        games = load(name)
        if name != "tutorials.json.gz":
            assert len(games) >= 15 and len({g["seed"] for g in games}) == len(games)


@pytest.mark.parametrize("name", FILES)
def test_golden_games_replay_byte_for_byte(name):
    for game in load(name):
        if "start" in game:
            where = f"{game['tutorial']} / {game['scene']}"
            state = State.from_json(game["start"])
        else:
            where = f"{game['bot']} {game['players']}p seed {game['seed']}"
            state = new_game(game["players"], seed=game["seed"])
        checks = {c["at"]: c for c in game["checks"]}
        for i, notation in enumerate([None] + game["actions"]):
            if notation is not None:
                state.apply(notation)
            check = checks.get(i)
            if check is None:
                continue
            assert [str(a) for a in state.legal_actions()] == check["legal"], \
                f"{where}: legal actions differ after {i} actions"
            digest = hashlib.sha256(state.to_json().encode()).hexdigest()
            assert digest == check["sha256"], f"{where}: to_json() differs after {i} actions"
        assert max(checks) == len(game["actions"])
        if "start" not in game:
            assert state.is_over, f"{where}: the game did not end"
