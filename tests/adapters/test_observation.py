"""The observation vector: a fixed layout, and nothing a player may not see."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy", reason="the observation vector needs numpy: pip install 'ahoy-nb[rl]'")

from ahoy_nb.adapters import observation  # noqa: E402
from ahoy_nb.adapters.observation import LAYOUT, SIZE, named, vector  # noqa: E402
from ahoy_nb.engine import new_game, observe  # noqa: E402

from twins import blind, twins  # noqa: E402


def test_the_layout_is_the_same_for_every_player_count():
    sizes = {len(vector(new_game(p, seed=1), "bluefin")) for p in (2, 3, 4)}
    assert sizes == {SIZE} == {sum(size for _, size in LAYOUT)}
    assert len({name for name, _ in LAYOUT}) == len(LAYOUT)


def test_pieces_say_what_they_hold():
    s = new_game(3, seed=7).apply("start 0,0")
    v = named(vector(s, "smuggler1"))
    assert v["viewer"].tolist() == [0, 1, 0, 0]
    assert v["deciding"].tolist() == [0, 1, 0, 0, 0, 0]          # Smuggler 1 starts next
    assert v["smuggler2.present"].tolist() == [0] and v["mollusk.present"].tolist() == [1]
    assert v["region0.present"].tolist() == [1] and v["region2.present"].tolist() == [0]
    assert v["region0.tl.flagships"].tolist() == [1, 0, 0, 0]    # Bluefin on its Island at 0,0
    assert v["region0.tl.terrain"][observation.TERRAINS.index("island")] == 1
    assert v["bluefin.gold"].tolist() == [1] and v["market"].sum() == 3


@pytest.mark.parametrize("secrets", [False, True])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_what_a_player_may_not_see_does_not_change_its_vector(players, secrets):
    differed = set()
    for k, (a, b) in enumerate(twins(1000 * players, players, secrets)):
        if k % 3:
            continue   # every third decision: the games are long
        for p in a.players:
            va, vb = vector(a, p), vector(b, p)
            if p in blind(a.players, secrets):
                assert np.array_equal(va, vb), [n for n, x in named(va).items()
                                                if not np.array_equal(x, named(vb)[n])]
            elif not np.array_equal(va, vb):
                differed.add(p)
    if secrets:   # the test can fail: the Mollusk sees its own hand
        assert "mollusk" in differed


def test_a_determinized_position_looks_the_same_to_its_viewer():
    rng = random.Random(3)
    s = new_game(4, seed=3)
    for step in range(400):
        if s.is_over:
            break
        if step % 20 == 0:
            for p in s.players:
                guess = observe.determinize(s, p, rng.random())
                assert np.array_equal(vector(s, p), vector(guess, p))
        s.apply(rng.choice(s.legal_actions()))


def test_a_spectator_sees_no_hand():
    s = new_game(2, seed=5)
    assert named(vector(s, None))["mollusk.hand"].sum() == 0
    assert named(vector(s, "mollusk"))["mollusk.hand"].sum() == 2
    assert named(vector(s, None))["mollusk.hand_size"].tolist() == [2]
