"""Every game ends: free moves never loop (docs/rulings.md, "Free moves end"), and a turn
that ran past the engine's bound would be an engine error (docs/engine.md, "How long a
turn can be").
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import looper
from ahoy_nb.engine import State, limits, new_game, scenario
from ahoy_nb.engine.cards.crew import common
from ahoy_nb.engine.errors import EngineError

# Deal 1005 of the 2-player matches (docs/bots.md), the hard bot as the Mollusk with
# Barrelman: its first 48 actions, up to the Flagship carried by Barrelman from the Fog at
# 1,1 onto the Fog at 1,2 (exploring the Tree region there). The hard bot then chose
# "barrelman 1,1", "barrelman 1,2", ... for 46 minutes.
DEAL_1005 = (
    "start 3,2|sail 3|move 3,3|tile 2,3 r90|patrol|tailwind 5>6|move 1,0|patrol|end|inspire 6|"
    "inspire 0,0|inspire 2,4|inspire 3,2|cannons 3|recruit barrelman|play dynamic-entry|"
    "move 1,0|battle bluefin|play weapons-cache|hold|victory place-comrade|damage cannons6|"
    "battle patrol|fire 5>1|victory damage2|damage tailwind|damage rally|end|order 3|"
    "order 2,3>3,3|order 3,2>3,3|order 1,0>2,0|tile 2,-1 r0|sail 1|move 0,0|move -1,0|"
    "tile -2,0 r90|patrol|end|repair 2|repair tailwind|repair rally|sail 4|move 1,1|"
    "barrelman 1,0|move 1,1|barrelman 1,2|tile 0,2 r0").split("|")


def position(state) -> str:
    """The position (not its log) as canonical text."""
    return json.dumps(state.data, sort_keys=True)


def test_the_deal_1005_loop_is_gone():
    s = new_game(2, seed=1005)
    for action in DEAL_1005:
        s.apply(action)
    assert s.figure("mollusk").at == (1, 2) and s.space("1,2").terrain == "fog"
    assert s.space("1,1").terrain == "fog"
    # Carried out of 1,1 in this space of movement: Barrelman does not carry it back.
    offered = [str(a) for a in s.legal_actions()]
    assert offered == ["barrelman 0,2", "barrelman 1,3", "barrelman 2,2", "no-barrelman"]
    assert not s.is_legal("barrelman 1,1")
    # Every way on ends this movement: no choice leads back to a position already seen.
    seen = {position(s)}
    frontier = [s]
    while frontier:
        state = frontier.pop()
        if state.data["pending"] and state.data["pending"][-1]["type"] in ("barrelman", "sea-dog",
                                                                             "sea-witch", "explore"):
            for action in state.legal_actions():
                after = state.after(action)
                key = position(after)
                assert key not in seen
                seen.add(key)
                frontier.append(after)
    assert len(seen) > 4


# -- free moves end, in every order a player may choose them --------------------------

FREE = {"barrelman", "sea-dog", "sea-witch", "pilot", "explore"}


def free_moves_end(state) -> int:
    """Follow every sequence of choices from ``state`` while a free move is being decided:
    each ends, and no position repeats along one. Returns the positions visited."""
    visited = 0
    stack = [(state, frozenset({position(state)}))]
    while stack:
        s, path = stack.pop()
        visited += 1
        assert visited < 300, "the free moves of one movement branch out without end"
        if not s.data["pending"] or s.data["pending"][-1]["type"] not in FREE:
            continue
        for action in s.legal_actions():
            after = s.after(action)
            key = position(after)
            assert key not in path, f"a position repeats after {[e.action for e in after.log[-6:]]}"
            stack.append((after, path | {key}))
    return visited


def fog_pair():
    """The Mollusk sails into the Fog at 1,1, beside the Fog at 2,1, with Barrelman."""
    s = scenario(2, tiles=[(0, "0,0", 180), (3, "2,1", 90)], tile_stack=[],
                 figures={"bluefin": "3,2", "mollusk": "1,0"}, crew={"mollusk": ["barrelman"]},
                 turn="mollusk", dice={"mollusk": [2, 4]})
    assert s.space("1,1").terrain == s.space("2,1").terrain == "fog"
    return s.apply("sail 2").apply("move 1,1")


def currents_pair():
    """Strong Currents side by side (0,0 down, -1,0 left); Sea Dog may turn either."""
    s = scenario(2, tiles=[(6, "0,0", 0), (10, "-2,0", 90)], tile_stack=[],
                 figures={"bluefin": "1,1", "mollusk": "0,1"}, crew={"mollusk": ["sea-dog"]},
                 turn="mollusk", dice={"mollusk": [2, 4]})
    assert s.space("0,0").current == (0, 1) and s.space("-1,0").current == (-1, 0)
    return s.apply("sail 2").apply("move 0,0")


def fog_row_with_sea_witch():
    """Fog at both ends of the row y=0 (0,0 and 3,0), nothing left to explore: Barrelman
    pushes off one edge, Sea Witch brings the Flagship in at the other."""
    s = scenario(2, tiles=[(0, "0,0", 0), (2, "2,0", 0)], tile_stack=[],
                 figures={"bluefin": "3,1", "mollusk": "0,1"},
                 crew={"mollusk": ["barrelman", "sea-witch"]}, turn="mollusk",
                 dice={"mollusk": [2, 4]})
    assert s.space("0,0").terrain == s.space("3,0").terrain == "fog"
    return s.apply("sail 2").apply("move 0,0")


def test_barrelman_does_not_carry_back_between_two_fogs():
    s = fog_pair()
    assert [str(a) for a in s.legal_actions()] == ["barrelman 0,1", "barrelman 1,0",
                                                   "barrelman 2,1", "no-barrelman"]
    s.apply("barrelman 2,1")
    assert s.figure("mollusk").at == (2, 1)
    assert "barrelman 1,1" not in [str(a) for a in s.legal_actions()]  # carried out of it
    assert free_moves_end(fog_pair()) > 3


def test_sea_dog_does_not_turn_a_current_back():
    s = currents_pair()
    assert "sea-dog -1,0" in [str(a) for a in s.legal_actions()]
    s.apply("sea-dog -1,0")
    assert s.figure("mollusk").at == (-1, 0)
    offered = [str(a) for a in s.legal_actions()]
    assert "sea-dog 0,0" not in offered and "sea-dog ignore" in offered
    assert free_moves_end(currents_pair()) > 3


def test_sea_witch_does_not_land_where_it_was_carried_from():
    s = fog_row_with_sea_witch()
    assert "barrelman -1,0" in [str(a) for a in s.legal_actions()]  # off the map: Sea Witch
    s.apply("barrelman -1,0")
    assert [str(a) for a in s.legal_actions()] == ["sea-witch", "no-sea-witch"]
    s.apply("sea-witch")
    assert s.figure("mollusk").at == (3, 0)
    # Off the east edge Sea Witch would land back on 0,0, which it was carried out of.
    assert "barrelman 4,0" not in [str(a) for a in s.legal_actions()]
    assert free_moves_end(fog_row_with_sea_witch()) > 3


def test_without_the_ruling_the_loops_come_back(monkeypatch):
    """The checks above can fail: with Barrelman and Sea Dog blind to the spaces carried
    out of, these movements never end (the position comes back, each time with a longer
    list of spaces carried out of)."""
    original = common.push_options
    monkeypatch.setattr(common, "push_options",
                        lambda g, fig, here, step, skip=None: original(g, fig, here, {}, skip))
    for build in (fog_pair, currents_pair):
        with pytest.raises(AssertionError, match="without end"):
            free_moves_end(build())
    s = new_game(2, seed=1005)
    for action in DEAL_1005:
        s.apply(action)
    assert s.is_legal("barrelman 1,1")


# -- the engine's bound -------------------------------------------------------------------

def test_a_turn_past_the_bound_is_an_engine_error(monkeypatch):
    """More decisions without a random event than limits.MOST_DECISIONS_WITHOUT_CHANCE
    raise EngineError (not a ValueError), with the position, which is left as it was."""
    monkeypatch.setattr(limits, "MOST_DECISIONS_WITHOUT_CHANCE", 1)
    s = fog_pair()  # "sail 2" begins the stretch, "move 1,1" is its first decision
    before = position(s)
    with pytest.raises(EngineError) as caught:
        s.apply("barrelman 2,1")
    assert not isinstance(caught.value, ValueError)
    assert "past the bound of 1 decisions without a random event" in str(caught.value)
    assert position(s) == before and len(s.log) == len(fog_pair().log)
    assert State.from_json(caught.value.position) == s
    # A random event starts a new stretch: a battle roll, here.
    monkeypatch.setattr(limits, "MOST_DECISIONS_WITHOUT_CHANCE", 1)
    t = new_game(2, seed=3)
    t.apply("start 0,0")
    t.apply(t.legal_actions()[0])
    assert t._calm == 1


def test_automatic_steps_past_the_bound_are_an_engine_error(monkeypatch):
    s = fog_pair()
    before = position(s)
    monkeypatch.setattr(limits, "MOST_AUTO_STEPS", 1)
    with pytest.raises(EngineError, match="automatic steps") as caught:
        s.apply("no-barrelman")  # the step ends and the move anchors: more than 1 step
    assert position(s) == before and State.from_json(caught.value.position) == s


def test_the_bound_is_exported_and_documented():
    assert limits.MOST_DECISIONS_WITHOUT_CHANCE == (
        limits.TURN_CHOICES + limits.STEPS + limits.ENTRIES * limits.PER_ENTRY
        + limits.BATTLES * limits.PER_BATTLE + limits.ANCHORS * limits.PER_ANCHOR + limits.OTHER)
    doc = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text()
    assert f"{limits.MOST_DECISIONS_WITHOUT_CHANCE:,}" in doc
    assert f"{limits.MOST_AUTO_STEPS:,}" in doc


# -- adversarial games -------------------------------------------------------------------

@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("movers", [False, True])
def test_looper_games_end_without_a_repeated_position(players, movers):
    """A fast subset of scripts/loop_games.py (figures in docs/engine.md)."""
    result = looper.play(players, 100 + players, movers=movers)
    assert result["actions"] > 100
    assert result["longest_calm"] < limits.MOST_DECISIONS_WITHOUT_CHANCE
