"""python_ahoy, the OpenSpiel game: OpenSpiel's own checks, its bots, and no secret in a string."""

from __future__ import annotations

import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install "
                              "'ahoy-nb[openspiel]' (Python 3.11 or 3.12)")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from ahoy_nb.adapters import actions  # noqa: E402
from ahoy_nb.adapters.episode import MOST_DECISIONS_WITHOUT_CHANCE  # noqa: E402
from ahoy_nb.adapters.openspiel import (MAX_CHANCE_OUTCOMES, OpenSpielBot, chance_id,  # noqa: E402
                                        from_ahoy, load)
from ahoy_nb.engine import IllegalActionError, new_game  # noqa: E402

from twins import blind, twins  # noqa: E402

def random_state(players: int, steps: int, seed: int):
    """An OpenSpiel state after ``steps`` random actions and chance outcomes."""
    rng = random.Random(seed)
    s = load(players).new_initial_state()
    for _ in range(steps):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    return s


def test_the_game_says_what_it_is():
    game = load(3)
    t = game.get_type()
    assert t.short_name == "python_ahoy"
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == 3
    assert game.num_distinct_actions() == actions.NUM_ACTIONS
    assert game.max_chance_outcomes() == MAX_CHANCE_OUTCOMES == 6 ** 4
    assert game.max_game_length() == MOST_DECISIONS_WITHOUT_CHANCE * (1_000 + 1 + 5_000)
    assert (game.min_utility(), game.max_utility()) == (0.0, 1.0)
    assert pyspiel.load_game("python_ahoy(players=4)").num_players() == 4


@pytest.mark.parametrize("params", [{"players": 5}, {"players": 1}, {"max_turns": 0}])
def test_bad_parameters_are_refused(params):
    with pytest.raises(Exception, match="players|max_turns"):
        load(**{"players": 2, **params})


@pytest.mark.full
@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_random_simulation(players):
    """5 games per player count here; scripts/openspiel_sim.py runs 100 (docs/agents.md)."""
    pyspiel.random_sim_test(load(players), num_sims=5, serialize=True, verbose=False)


def test_chance_nodes_have_the_engines_probabilities():
    s = load(2).new_initial_state()
    seen = set()
    rng = random.Random(5)
    while not s.is_terminal():
        if s.is_chance_node():
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert all(0 <= a < MAX_CHANCE_OUTCOMES for a, _ in outcomes)
            assert len({a for a, _ in outcomes}) == len(outcomes)
            seen.add(s.ahoy_state.chance_kind)
            a = rng.choice([a for a, _ in outcomes])
            assert s.action_to_string(pyspiel.PlayerId.CHANCE, a)
            s.apply_action(a)
        else:
            s.apply_action(rng.choice(s.legal_actions()))
    assert {"box-tile", "tile", "die", "battle", "market", "plan"} <= seen
    assert chance_id("battle", [[6, 6], [6, 6]]) == MAX_CHANCE_OUTCOMES - 1


def test_returns_share_a_win_and_the_game_ends_with_the_engine():
    s = random_state(2, 5000, seed=2)
    assert s.is_terminal() and not s.is_truncated()
    winners = s.ahoy_state.winners
    assert s.returns() == [1 / len(winners) if f in winners else 0.0 for f in s.ahoy_state.players]
    assert s.current_player() == pyspiel.PlayerId.TERMINAL


def test_a_game_cut_short_by_a_cap_has_no_winner():
    rng = random.Random(1)
    s = load(2, max_turns=3).new_initial_state()
    while not s.is_terminal():
        outcomes = s.chance_outcomes() if s.is_chance_node() else None
        s.apply_action(rng.choice([a for a, _ in outcomes]) if outcomes else rng.choice(s.legal_actions()))
    assert s.is_truncated() and not s.ahoy_state.is_over
    assert s.returns() == [0.0, 0.0]
    assert "Cut short after 3 turns" in str(s)


def test_actions_are_the_fixed_ids_with_notation_and_words():
    s = random_state(2, 60, seed=4)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    legal = s.legal_actions()
    assert legal == sorted(legal)
    engine = s.ahoy_state
    assert [s.action_to_string(a) for a in legal] == sorted(
        (a.notation for a in engine.legal_actions()), key=lambda t: actions.action_id(engine, t))
    worded = from_ahoy(load(2, action_words=True), engine)
    assert worded.action_to_string(legal[0]).startswith(s.action_to_string(legal[0]) + ": ")
    with pytest.raises(Exception, match="not legal now"):
        s.apply_action(max(set(range(actions.NUM_ACTIONS)) - set(legal)))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_strings_and_tensors_change_only_with_what_the_player_may_see(players):
    """Twin games differ in the boxed tile, the Mollusk's plans and the Smugglers' pledges:
    Bluefin, who sees none of them, has the same strings and tensor in both throughout;
    the Mollusk's own strings differ (the test can fail)."""
    game = load(players)
    differed = set()
    for k, (a, b) in enumerate(twins(2000 + players, players, secrets=True)):
        if k % 4:
            continue
        sa, sb = from_ahoy(game, a), from_ahoy(game, b)
        for i, p in enumerate(a.players):
            same = (sa.information_state_string(i) == sb.information_state_string(i),
                    sa.observation_string(i) == sb.observation_string(i),
                    sa.observation_tensor(i) == sb.observation_tensor(i))
            if p in blind(a.players, secrets=True):
                assert same == (True, True, True), (k, p)
            elif not all(same):
                differed.add(p)
    assert "mollusk" in differed


def test_no_one_sees_the_tile_boxed_at_setup():
    game = load(3)
    for k, (a, b) in enumerate(twins(7, 3, secrets=False)):
        if k % 10 == 0:
            sa, sb = from_ahoy(game, a), from_ahoy(game, b)
            for i in range(3):
                assert sa.information_state_string(i) == sb.information_state_string(i)
        if k > 120:
            break


def test_the_information_state_keeps_the_log_as_the_player_saw_it():
    s = random_state(3, 200, seed=8)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    text = s.information_state_string(0)
    assert text.startswith("bluefin sees:\n")
    assert text.count("\n") == len(s.ahoy_state.log) + 1
    assert s.observation_string(0) == text.splitlines()[-1]


def test_resampling_redeals_what_the_player_cannot_see_and_nothing_else():
    s = random_state(3, 150, seed=3)
    while s.is_chance_node() or s.faction(s.current_player()) == "mollusk":
        s.apply_action(s.chance_outcomes()[0][0] if s.is_chance_node() else s.legal_actions()[0])
    rng = random.Random(0)
    p = s.current_player()
    hands = set()
    for _ in range(8):
        r = s.resample_from_infostate(p, rng.random)
        assert r.information_state_string(p) == s.information_state_string(p)
        assert r.observation_tensor(p) == s.observation_tensor(p)
        assert r.legal_actions() == s.legal_actions()
        hands.add(r.ahoy_state.faction("mollusk").plans)     # the Mollusk's hand, redealt
        r.apply_action(r.legal_actions()[0])        # a resampled state plays on
    assert len(hands) > 1


def test_a_state_survives_serialization_at_a_chance_point():
    s = random_state(2, 120, seed=6)
    while not s.is_chance_node():
        s.apply_action(s.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(s.get_game(), s)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(s) and back.history() == s.history()
    assert back.chance_outcomes() == s.chance_outcomes()
    assert pickle.loads(pickle.dumps(s._game)).state == s.ahoy_state


def test_from_ahoy_starts_from_any_engine_position():
    engine = new_game(2, seed=9)
    s = from_ahoy(load(2), engine)
    assert s.history() == [] and s.current_player() == 0
    s.apply_action(s.legal_actions()[0])
    assert engine.log[-1].action == "setup"       # the engine's position is untouched
    with pytest.raises(ValueError, match="3-player position"):
        from_ahoy(load(2), new_game(3, seed=1))


def test_openspiel_bots_choose_a_legal_action_from_a_position():
    s = random_state(2, 80, seed=1)
    while s.is_chance_node():
        s.apply_action(s.chance_outcomes()[0][0])
    game = s.get_game()
    rng = __import__("numpy").random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    assert mcts.MCTSBot(game, 2, 3, evaluator, random_state=rng).step(s) in s.legal_actions()
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 3, random_state=rng)
    assert bot.step(s) in s.legal_actions()


def test_openspiel_bot_is_repeatable_and_keeps_to_its_budget():
    engine = new_game(2, seed=3)
    for _ in range(25):
        engine.apply(engine.legal_actions()[-1])
    a = OpenSpielBot("ismcts", seed=4, simulations=3).choose(engine)
    assert a == OpenSpielBot("ismcts", seed=4, simulations=3).choose(engine)
    clock = iter(range(100)).__next__          # one "second" a reading
    timed = OpenSpielBot("mcts", seed=4, time_budget=2.5, clock=lambda: float(clock()))
    assert timed.choose(engine) in engine.legal_actions()
    with pytest.raises(ValueError, match="kind"):
        OpenSpielBot("alphazero")
    with pytest.raises(IllegalActionError, match="over"):
        OpenSpielBot().choose(random_state(2, 5000, seed=2).ahoy_state)


def _play_whole_game(bot_for, seed: int):
    rng = random.Random(seed)
    s = load(2).new_initial_state()
    decisions = 0
    while not s.is_terminal():
        if s.is_chance_node():
            s.apply_action(rng.choice([a for a, _ in s.chance_outcomes()]))
        else:
            s.apply_action(bot_for(s.current_player()).step(s))
            decisions += 1
    return s, decisions


@pytest.mark.full
def test_openspiel_mcts_plays_a_whole_two_player_game():
    import numpy as np
    game = load(2)
    rng = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, 2, 2, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    s, decisions = _play_whole_game(lambda p: bot, seed=1)
    assert s.ahoy_state.is_over and sum(s.returns()) == 1 and decisions > 100


@pytest.mark.full
def test_openspiel_ismcts_plays_a_whole_two_player_game():
    import numpy as np
    game = load(2)
    rng = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 2, random_state=rng)
    s, decisions = _play_whole_game(lambda p: bot, seed=2)
    assert s.ahoy_state.is_over and sum(s.returns()) == 1 and decisions > 100
