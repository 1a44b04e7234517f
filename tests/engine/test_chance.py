"""Explicit chance (OpenSpiel's chance player): every random event is a chance point.

With ``chance="explicit"`` the game stops at each random event (``current_player`` is
``"chance"``) until ``apply(outcome)`` picks one of ``chance_outcomes()``. These tests
play whole games that way, check that it agrees with the exact battle odds, and that
the default (seeded) games are unchanged.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from ahoy_nb.ai.analysis import battle_odds, battle_winner
from ahoy_nb.engine import IllegalActionError, OutcomeLimitError, new_game, rulebook_battle
from ahoy_nb.engine.chance import KINDS

from test_simulation import check_invariants, check_legal, check_over


def expectimax(s, me: str) -> Fraction:
    """P(``me`` wins the battle): chance averages, ``me`` maximises, the other side minimises."""
    if s.current_player == "chance":
        outcomes = s.chance_outcomes()
        assert sum(p for _, p in outcomes) == 1
        return sum(p * expectimax(s.copy().apply(o), me) for o, p in outcomes)
    winner = battle_winner(s)
    if winner is not None:
        return Fraction(winner == me)
    values = [expectimax(s.copy().apply(a), me) for a in s.legal_actions()]
    return max(values) if s.current_player == me else min(values)


def test_expectimax_over_chance_outcomes_is_the_exact_battle_odds():
    s = rulebook_battle()
    me = s.current_player
    s.chance = "explicit"
    by_amount: dict[int, Fraction] = {}
    for a in s.legal_actions():
        amount = a.args["die"] - a.args["value"] if a.verb == "fire" else 0
        p = expectimax(s.copy().apply(a), me)
        by_amount[amount] = max(by_amount.get(amount, Fraction(0)), p)
    assert by_amount == battle_odds(rulebook_battle(), exact=True)
    assert by_amount[0] == Fraction(21, 36) and by_amount[3] == Fraction(33, 36)


def test_a_battle_roll_is_one_chance_point_of_36_outcomes():
    s = rulebook_battle()
    s.chance = "explicit"
    before = s.to_json()
    s.apply("fire 4>1")
    assert s.current_player == "chance" and s.chance_kind == "battle"
    assert s.legal_actions() == [] and not s.is_legal("hold")
    assert s.to_json() == before  # nothing happens until the roll is chosen
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36 and sum(p for _, p in outcomes) == 1
    with pytest.raises(IllegalActionError):
        s.apply([[7], [1]])
    s.apply([[4], [6]])
    assert battle_winner(s) == "mollusk"  # 4 + 3 from Cannons beats 6
    assert s.log[-1].action == "fire 4>1"


def test_fixed_outcomes_are_taken_before_a_chance_point():
    s = rulebook_battle().fix_battle(6, 1)
    s.chance = "explicit"
    s.apply("hold")
    assert s.current_player == "mollusk" and "rolls 6" in " ".join(s.log[-1].events)


def test_switching_to_seeded_at_a_chance_point_draws_the_rest():
    explicit = new_game(3, seed=11, chance="explicit")
    assert explicit.current_player == "chance" and explicit.chance_kind == "box-tile"
    explicit.chance = "seeded"
    assert explicit.to_json() == new_game(3, seed=11).to_json()
    assert explicit.chance_outcomes() == []


def test_undo_at_a_chance_point_takes_back_the_action_unseen():
    s = rulebook_battle()
    s.chance = "explicit"
    before = s.to_json()
    s.apply("hold")
    s.undo()
    assert s.current_player == "mollusk" and s.to_json() == before


def test_outcomes_follow_every_random_event_of_an_action():
    s = rulebook_battle()
    results = s.outcomes("hold")
    assert len(results) == 36 and sum(p for p, _, _ in results) == 1
    assert all(len(o) == 1 and len(o[0]) == 2 for _, o, _ in results)
    with pytest.raises(OutcomeLimitError):
        s.outcomes("hold", limit=35)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_with_explicit_chance(players):
    """Whole games where chance is a player choosing outcomes at random."""
    kinds = set()
    for seed in range(3):
        rng = random.Random(seed)
        s = new_game(players, seed=seed, chance="explicit")
        steps = 0
        while not s.is_over:
            steps += 1
            assert steps < 5000
            if s.current_player == "chance":
                kinds.add(s.chance_kind)
                outcomes = s.chance_outcomes()
                assert outcomes and sum(p for _, p in outcomes) == 1
                assert all(p == outcomes[0][1] for _, p in outcomes)
                s.apply(rng.choice(outcomes)[0])
                continue
            check_invariants(s)
            s.apply(rng.choice(check_legal(s)))
        check_over(s)
    assert {"die", "battle", "tile", "market", "box-tile"} <= kinds <= set(KINDS)


def test_the_setups_random_draws_can_be_shown_and_seen():
    """Before the setup's first decision no one decides: the position still prints, prompts
    and is viewed (it raised KeyError: there was no player to name)."""
    s = new_game(3, seed=2, chance="explicit")
    for _ in range(4):                       # the boxed tile, two tiles, a Market card...
        assert s.current_player == "chance"
        assert s.prompt.startswith("Setting up")
        assert str(s).splitlines()[1] == s.prompt
        for viewer in (None, "bluefin", "mollusk"):
            assert s.view(viewer)["prompt"] == s.prompt
        s.apply(s.chance_outcomes()[0][0])
