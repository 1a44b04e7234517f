"""The undo history kept lazily (engine/history.py): an entry kept as the action that
leads to it is the same position a copy taken at the time would have been."""

from __future__ import annotations

import marshal
import random

import pytest

from ahoy_nb.engine import new_game
from ahoy_nb.engine.errors import EngineError
from ahoy_nb.engine.history import CHECKPOINT
from support import at_scale


def _play(state, rng, n):
    for _ in range(n):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def _eager_positions(players, seed, n):
    """The positions before each action, copied as they happen (what history held)."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        if s.is_over:
            break
        out.append(marshal.loads(marshal.dumps(s.data)))
        s.apply(rng.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize("seed", range(at_scale(12, 4)))
def test_replayed_entries_are_the_positions_copied_at_the_time(seed):
    players = 2 + seed % 3
    n = 3 * CHECKPOINT + 5
    s = _play(new_game(players, seed=seed), random.Random(seed), n)
    assert s.history.kept() < len(s.history)  # most entries were kept as actions
    expected = _eager_positions(players, seed, n)
    assert [marshal.loads(b) for b in s.history] == expected
    assert s.history.kept() == len(s.history)  # read once, kept


def test_undo_through_replayed_entries_gives_each_earlier_position():
    s = _play(new_game(3, seed=5), random.Random(5), 40)
    expected = _eager_positions(3, 5, 40)
    for position in reversed(expected):
        s.undo()
        assert s.data == position


def test_data_handed_out_and_edited_between_actions_is_in_the_history():
    s = _play(new_game(2, seed=8), random.Random(8), 10)
    data = s.data  # from here on the State cannot know what changes it
    rng = random.Random(1)
    s.apply(rng.choice(s.legal_actions()))
    data["factions"]["bluefin"]["gold"] += 3   # an edit through the old reference
    gold = data["factions"]["bluefin"]["gold"]
    s.apply(rng.choice(s.legal_actions()))
    assert marshal.loads(s.history[-1])["factions"]["bluefin"]["gold"] == gold


def test_fixed_outcomes_are_in_the_history():
    s = _play(new_game(2, seed=9), random.Random(9), 12)
    s.fix("die", [6, 6, 6, 6])
    s.apply(s.legal_actions()[0])
    assert marshal.loads(s.history[-1])["fixed"]["die"] == [6, 6, 6, 6]


def test_a_failed_action_puts_back_the_position_before_it(monkeypatch):
    s = _play(new_game(3, seed=4), random.Random(4), 30)
    before = s.copy().data
    action = s.legal_actions()[0]
    assert s.history.kept() < len(s.history)  # the position before is not copied: replayed
    import ahoy_nb.engine.kernel as kernel
    advance, failed = kernel.Context.advance, []

    def fails_once(self, most=None):  # the action's handler has changed the data by now
        if not failed:
            failed.append(True)
            raise EngineError("a rule broke: an engine bug")
        return advance(self, most)
    monkeypatch.setattr(kernel.Context, "advance", fails_once)
    with pytest.raises(EngineError):
        s.apply(action)
    assert failed
    assert s.data == before
    s.apply(action)  # and the game goes on from it


def test_copies_share_nothing_they_change():
    s = _play(new_game(2, seed=3), random.Random(3), 20)
    twin = s.copy()
    _play(twin, random.Random(7), 10)
    assert len(s.history) == 20 and len(twin.history) == 30
    assert [marshal.loads(b) for b in s.history] == _eager_positions(2, 3, 20)
