"""Who is winning: ``analysis.evaluate`` and ``analysis.best_actions`` against exact answers."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from ahoy_nb.analysis import best_actions, evaluate, wilson
from ahoy_nb.engine import new_game


def last_decision(players: int, seed: int):
    """The position before the last action of a seeded random game."""
    s = new_game(players, seed=seed)
    r = random.Random(seed)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    s.undo()
    return s


def results(s, budget: list[int]) -> set:
    """Every possible winners of ``s`` over all continuations (no chance may happen)."""
    if s.is_over:
        return {tuple(s.winners)}
    out = set()
    for a in s.legal_actions():
        budget[0] -= 1
        assert budget[0] > 0, "too many continuations to enumerate"
        out |= results(s.copy().apply(a), budget)
    return out


@pytest.fixture(scope="module")
def decisive():
    """A decision near a game's end whose every action has a certain result.

    Seed 10 (2 players), four decisions before the end: the Mollusk moves directly to
    a Tailwind space or stays. Whatever anyone does after it, and with no random event
    left (explicit chance would stop at one), moving to -2,1 wins and the rest lose.
    """
    s = new_game(2, seed=10)
    r = random.Random(10)
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    for _ in range(4):
        s.undo()
    exact = {}
    for a in s.legal_actions():
        after = s.copy().apply(a)
        after.chance = "explicit"   # any random event would stop at a chance point
        (winners,) = results(after, [5000])
        exact[a.notation] = 1.0 if winners == ("mollusk",) else 0.0
    return s, exact


def test_best_actions_at_the_last_decision_are_exact(decisive):
    s, exact = decisive
    assert exact == {"move -2,1": 1.0, "move -2,3": 0.0, "stay": 0.0}
    top = best_actions(s, k=5, simulations=12, seed=1, progress=False)
    assert {e.notation: e.win for e in top} == exact
    assert top[0].notation == "move -2,1" and top[0].interval[0] > 0.5
    assert sum(e.simulations for e in top) == 12


def test_evaluate_at_the_last_decision(decisive):
    """Playouts choose at random: each faction's exact chance is the average over the actions."""
    s, exact = decisive
    e = evaluate(s, simulations=200, seed=3, progress=False)
    p = sum(exact.values()) / len(exact)
    assert e.interval["mollusk"][0] <= p <= e.interval["mollusk"][1]
    assert e["bluefin"] + e["mollusk"] == pytest.approx(1.0)
    assert e.simulations == 200


def test_a_finished_game_is_certain():
    s = last_decision(3, 46)
    s.apply(s.legal_actions()[0])
    assert dict(evaluate(s)) == {"bluefin": 1.0, "smuggler1": 0.0, "mollusk": 0.0}


def test_seeded_and_the_same_on_an_executor():
    s = new_game(3, seed=5)
    r = random.Random(5)
    for _ in range(250):
        s.apply(r.choice(s.legal_actions()))
    here = evaluate(s, simulations=24, seed=7, progress=False)
    with ThreadPoolExecutor(2) as pool:
        there = evaluate(s, simulations=24, seed=7, executor=pool, progress=False)
    assert dict(here) == dict(there) and here.interval == there.interval
    assert sum(here.values()) == pytest.approx(1.0)
    a = best_actions(s, k=3, simulations=30, seed=2, progress=False)
    b = best_actions(s, k=3, simulations=30, seed=2, progress=False)
    assert a == b and len(a) <= 3
    assert [e.win for e in a] == sorted((e.win for e in a), reverse=True)


def test_what_the_viewer_cannot_see_does_not_matter():
    s = new_game(3, seed=8)
    r = random.Random(8)
    for _ in range(70):
        s.apply(r.choice(s.legal_actions()))
    other = s.copy()
    other.data["rng"] ^= 12345
    other.data["tile_box"][0], other.data["tile_stack"][0] = (other.data["tile_stack"][0],
                                                              other.data["tile_box"][0])
    assert dict(evaluate(s, "bluefin", 16, seed=1, progress=False)) == \
        dict(evaluate(other, "bluefin", 16, seed=1, progress=False))


def test_wilson():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        evaluate(new_game(2, seed=1), simulations=0)
