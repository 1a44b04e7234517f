"""The PettingZoo environment: PettingZoo's own API test, masked random play, the rewards."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install 'ahoy-nb[rl]'")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from ahoy_nb.adapters import actions, observation  # noqa: E402
from ahoy_nb.adapters.pettingzoo import env, raw_env  # noqa: E402
from ahoy_nb.engine import IllegalActionError  # noqa: E402


# PettingZoo's advice for environments without action masks (a Dict observation holds the
# mask here) and its naming style for agents (here they are the factions).
API_ADVICE = [pytest.mark.filterwarnings("ignore:Observation space for each agent probably"),
              pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
              pytest.mark.filterwarnings("ignore:We recommend agents to be named")]


@pytest.mark.parametrize("players", [2, 3, 4])
@API_ADVICE[0]
@API_ADVICE[1]
@API_ADVICE[2]
def test_pettingzoo_api_test(players):
    api_test(env(players=players), num_cycles=300)


def test_same_seed_same_game():
    seed_test(lambda: env(players=3), num_cycles=50)


def play(e, seed: int) -> tuple[dict, bool]:
    """A whole game with a random masked policy: the rewards each agent got, and whether
    it was truncated."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    truncated = False
    for agent in e.agent_iter():
        obs, reward, termination, truncation, _ = e.last()
        total[agent] += reward
        truncated |= truncation
        assert obs["observation"].shape == (observation.SIZE,)
        if termination or truncation:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0 and agent == e.unwrapped.ahoy_state.current_player
            action = int(rng.choice(legal))
        e.step(action)
    return total, truncated


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_random_masked_policy_plays_a_whole_game(players):
    e = env(players=players)
    total, truncated = play(e, seed=players)
    state = e.unwrapped.ahoy_state
    assert state.is_over and not truncated
    assert total == {f: (1 / len(state.winners) if f in state.winners else 0.0) for f in state.players}


def test_only_the_agent_deciding_has_legal_actions():
    e = env(players=3)
    e.reset(seed=4)
    decider = e.agent_selection
    for agent in e.agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (actions.NUM_ACTIONS,)
        assert (mask.sum() > 0) == (agent == decider)


def test_a_game_reaching_max_turns_is_truncated_without_rewards():
    e = env(players=2, max_turns=4)
    total, truncated = play(e, seed=1)
    assert truncated and total == {"bluefin": 0.0, "mollusk": 0.0}
    assert not e.unwrapped.ahoy_state.is_over


def test_an_illegal_action_is_refused_and_changes_nothing():
    e = env(players=2)
    e.reset(seed=2)
    before = e.unwrapped.ahoy_state.to_json()
    for action in (0, "x", 2.5, None):   # not an id: the same refusal, not int()'s words
        with pytest.raises(IllegalActionError, match=f"action {action!r} is not legal for bluefin"):
            e.step(action)
    assert e.unwrapped.ahoy_state.to_json() == before


def test_views_and_pictures_for_those_who_want_more_than_numbers():
    e = raw_env(players=3, render_mode="svg")
    e.reset(seed=5)
    assert e.render().startswith("<svg")
    view = e.view("mollusk")
    assert isinstance(view["state"]["factions"]["mollusk"]["hand"], list)
    assert e.view("bluefin")["state"]["factions"]["mollusk"]["hand"] == 2
    assert e.notation(actions.action_id(e.ahoy_state, "start 0,0")) == "start 0,0"
    with pytest.raises(ValueError, match="render_mode"):
        raw_env(render_mode="human")
    with pytest.raises(ValueError, match="2 to 4 players"):
        raw_env(players=5)
