"""The ISMCTS bot: legal, deterministic at an iteration budget, blind to what its faction cannot see."""

from __future__ import annotations

import copy
import random

import pytest

from ahoy_nb.ai.bots import FACTION_WEIGHTS, EasyBot, GreedyBot, RandomBot, faction_weights
from ahoy_nb.ai.levels import make_bot
from ahoy_nb.engine import State, new_game, scenario
from ahoy_nb.ai.ismcts import HARD_WEIGHTS, ISMCTSBot, rewards

TWO_TILES = [(0, "0,0", 180), (6, "2,1", 0)]    # a Fish Island at 0,0, a Skull Island at 3,2


def position(players: int, seed: int, me: str, steps: int, also=lambda s: True) -> State:
    """A position reached by random play where ``me`` decides among several actions."""
    s = new_game(players, seed=seed)
    r = random.Random(seed)
    n = 0
    while True:
        if n >= steps and s.current_player == me and len(s.legal_actions()) > 2 and also(s):
            return s
        s.apply(r.choice(s.legal_actions()))
        n += 1


def test_levels_by_name():
    assert isinstance(make_bot("easy", seed=1), EasyBot)
    assert isinstance(make_bot("normal", seed=1), GreedyBot)
    hard = make_bot("hard", seed=1, iterations=10)
    assert isinstance(hard, ISMCTSBot) and hard.name == "hard" and hard.iterations == 10
    assert isinstance(make_bot("ismcts", seed=1), ISMCTSBot)
    assert isinstance(make_bot("random", seed=1), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'expert'"):
        make_bot("expert")
    with pytest.raises(ValueError, match="iterations"):
        ISMCTSBot(iterations=0)


def test_deterministic_at_an_iteration_budget_and_leaves_the_state_alone():
    s = position(3, seed=2, me="mollusk", steps=30)
    before = s.to_json()
    a = ISMCTSBot(seed=9, iterations=80)
    b = ISMCTSBot(seed=9, iterations=80)
    assert a.choose(s) == b.choose(s)
    assert a.last.stats == b.last.stats and a.last.iterations == 80
    assert sum(v for v, _ in a.last.stats.values()) == 80
    assert s.to_json() == before


def test_it_stops_early_only_when_the_rest_could_not_change_its_choice():
    s = position(2, seed=5, me="mollusk", steps=12)
    full = ISMCTSBot(seed=3, iterations=600, stop_early=False)
    early = ISMCTSBot(seed=3, iterations=600)
    assert early.choose(s) == full.choose(s)
    assert full.last.iterations == 600 and early.last.iterations < 600
    visits = sorted((v for v, _ in early.last.stats.values()), reverse=True)
    assert visits[0] - visits[1] > 600 - early.last.iterations
    # up to the stop, the two searches are the same search
    assert sum(v for v, _ in early.last.stats.values()) == early.last.iterations


def test_time_budget_runs_at_least_one_iteration():
    s = position(2, seed=3, me="bluefin", steps=20)
    bot = ISMCTSBot(seed=1, time_budget=0.01)
    assert bot.choose(s) in s.legal_actions()
    assert bot.last.iterations >= 1


@pytest.mark.parametrize("seed", [4, 11])
def test_the_bots_choice_ignores_what_its_faction_cannot_see(seed):
    """Bluefin's choice is the same whatever the secrets it cannot see are."""
    s = position(4, seed=seed, me="bluefin", steps=120,
                 also=lambda s: s.data["factions"]["mollusk"]["hand"])
    data = s.data
    mollusk = data["factions"]["mollusk"]
    assert mollusk["hand"] and mollusk["plan_deck"] and data["tile_stack"]
    other = State(copy.deepcopy(data))
    o = other.data
    # Another Mollusk hand (the same number of plans), another tile in the box,
    # other pledges, another generator and seed.
    om = o["factions"]["mollusk"]
    om["hand"][0], om["plan_deck"][0] = om["plan_deck"][0], om["hand"][0]
    o["tile_box"][0], o["tile_stack"][0] = o["tile_stack"][0], o["tile_box"][0]
    for f in ("smuggler1", "smuggler2"):
        p = o["factions"][f]["pledged"]
        p["bluefin"], p["mollusk"] = p["mollusk"], p["bluefin"]
    o["rng"] ^= 0x5DEECE66D
    o["seed"] += 1
    assert other.data != s.data and other.legal_actions() == s.legal_actions()
    a, b = ISMCTSBot(seed=5, iterations=60), ISMCTSBot(seed=5, iterations=60)
    assert a.choose(s) == b.choose(other)
    assert a.last.stats == b.last.stats


def test_what_it_may_see_does_change_the_search():
    """The control for the test above: a change Bluefin can see changes its statistics."""
    s = position(3, seed=4, me="bluefin", steps=60)
    other = s.copy()
    other.data["factions"]["mollusk"]["fame"] += 12
    a, b = ISMCTSBot(seed=5, iterations=60), ISMCTSBot(seed=5, iterations=60)
    a.choose(s), b.choose(other)
    assert a.last.stats != b.last.stats


def test_hard_delivers_cargo_when_it_can():
    s = scenario(3, tiles=TWO_TILES, turn="smuggler1", dice={"smuggler1": [3, 4]},
                 figures={"bluefin": "1,1", "smuggler1": "0,0", "mollusk": "3,2"},
                 cargo={"smuggler1": ["weapons"]})              # Weapons go to a Fish Island
    assert ISMCTSBot(seed=1, iterations=300).choose(s).notation == "deliver weapons"


def test_rewards():
    s = new_game(2, seed=1)
    r = rewards(s)
    assert set(r) == {"bluefin", "mollusk"} and all(0 < v < 1 for v in r.values())
    s.data["phase"], s.data["winners"] = "over", ["mollusk"]
    assert rewards(s) == {"bluefin": 0.0, "mollusk": 1.0}


def test_relative_rewards_tell_a_smugglers_actions_apart_far_behind():
    # 20 Fame behind: against the best other faction its reward is all but 0 whatever it
    # does; against its own margin where the search began, a delivery (with its reward
    # and pledge) stands out.
    from ahoy_nb.ai.ismcts import margins
    s = scenario(3, tiles=TWO_TILES, turn="smuggler1", dice={"smuggler1": [3, 4]},
                 figures={"bluefin": "1,1", "smuggler1": "0,0", "mollusk": "3,2"},
                 cargo={"smuggler1": ["weapons"]}, fame={"bluefin": 20})
    after = s.copy().apply("deliver weapons").apply("reward left").apply("pledge mollusk")
    weights = ISMCTSBot().weights
    assert rewards(s, 2.0, weights)["smuggler1"] < 0.01
    assert rewards(after, 2.0, weights)["smuggler1"] < 0.01
    baseline = margins(s, weights)
    assert rewards(s, 2.0, weights, baseline)["smuggler1"] == pytest.approx(0.5)
    assert rewards(after, 2.0, weights, baseline)["smuggler1"] > 0.6


def test_its_weights_change_the_heuristics():
    assert ISMCTSBot().weights == {**HARD_WEIGHTS}
    bot = ISMCTSBot(weights={"ready": 0.2, "gold": 0.5})
    assert bot.weights == {**HARD_WEIGHTS, "ready": 0.2, "gold": 0.5}
    # a faction's own weights are merged with the hard bot's and the faction's
    smuggler = faction_weights("smuggler1", ISMCTSBot(weights={"smuggler": {"crew": 0.1}}).weights)
    assert smuggler["crew"] == 0.1 and smuggler["route"] == FACTION_WEIGHTS["smuggler"]["route"]
    # the Mollusk's Ready Comrades are worth more to the hard bot than to normal
    s = new_game(2, seed=1)
    before = rewards(s, weights=bot.weights)["mollusk"]
    s.data["factions"]["mollusk"]["ready"] += 4
    assert rewards(s, weights=bot.weights)["mollusk"] > before


def test_hard_and_easy_play_whole_games():
    s = new_game(2, seed=6)
    bots = {"bluefin": ISMCTSBot(seed=1, iterations=8, rollout=2), "mollusk": EasyBot(seed=2)}
    n = 0
    while not s.is_over:
        action = bots[s.current_player].choose(s)
        assert action in s.legal_actions()
        s.apply(action)
        n += 1
    assert s.winners and n > 50


def test_it_searches_only_normals_best_root_actions_biased_by_normals_values():
    s = position(3, 7, "smuggler1", 30)
    assert len(s.legal_actions()) > 4
    bot = ISMCTSBot(seed=2, iterations=80, width=3)
    choice = bot.choose(s)
    prior = bot.last.prior
    assert len(prior) == 3 and max(prior.values()) == 1.0
    assert set(bot.last.stats) == set(prior) and choice.notation in prior
    everything = ISMCTSBot(seed=2, iterations=80, width=None)
    everything.choose(s)
    assert len(everything.last.prior) == len(s.legal_actions()) > 3
    assert len(everything.last.stats) > 3
    with pytest.raises(ValueError, match="width"):
        ISMCTSBot(width=0)


def test_a_smugglers_reward_counts_its_own_value_and_no_rivals():
    # With HARD_RIVALRY a Smuggler's margin is its own value (which weighs the leader's
    # Fame a little); Bluefin's 8 more Fame cost the Mollusk's margin 8 points, and would
    # the Smuggler's with a rivalry of 1.
    from ahoy_nb.ai.bots import evaluate
    from ahoy_nb.ai.ismcts import HARD_RIVALRY, margins
    weights = ISMCTSBot().weights
    table = dict(tiles=TWO_TILES, turn="smuggler1", dice={"smuggler1": [3, 4]},
                 figures={"bluefin": "1,1", "smuggler1": "0,0", "mollusk": "3,2"},
                 cargo={"smuggler1": ["weapons"]})
    s, ahead = scenario(3, **table, fame={"bluefin": 20}), scenario(3, **table, fame={"bluefin": 28})
    assert HARD_RIVALRY == {"smuggler": 0.0}
    before, after = margins(s, weights, HARD_RIVALRY), margins(ahead, weights, HARD_RIVALRY)
    assert before["smuggler1"] == pytest.approx(evaluate(s, "smuggler1", weights))
    assert after["smuggler1"] == pytest.approx(evaluate(ahead, "smuggler1", weights))
    assert before["smuggler1"] - after["smuggler1"] < 2
    assert after["mollusk"] < before["mollusk"] - 7
    assert margins(ahead, weights)["smuggler1"] < margins(s, weights)["smuggler1"] - 7
    assert ISMCTSBot(rivalry={"smuggler": 1.0}).rivalry == {"smuggler": 1.0}


def test_a_smugglers_search_widens_below_the_root_as_its_visits_grow(monkeypatch):
    # HARD_WIDEN: below the root a Smuggler's tree grows a node's children as sqrt of its
    # visits, where the plain search tries every option once before it compares any.
    from ahoy_nb.ai import ismcts
    made = []

    class Recorded(ismcts._Node):
        __slots__ = ()

        def __init__(self, player):
            super().__init__(player)
            made.append(self)

    monkeypatch.setattr(ismcts, "_Node", Recorded)
    s = position(3, 7, "smuggler1", 30, lambda s: len(s.legal_actions()) > 40)

    def overgrown(widen: dict | None) -> int:
        """How many nodes below the root have more children than 2 + sqrt(visits)."""
        made.clear()
        ISMCTSBot(seed=2, iterations=400, stop_early=False, widen=widen).search(s)
        return sum(len(n.children) > 2 + n.visits ** 0.5 for n in made[1:])

    assert ismcts.HARD_WIDEN == {"smuggler": 1.0}
    assert overgrown(None) == 0
    assert overgrown({"smuggler": None}) > 10   # e.g. 29 children after 30 visits
    with pytest.raises(ValueError, match="widen"):
        ISMCTSBot(widen={"smuggler": 0})


# -- root-parallel search (workers) --------------------------------------------------

def test_root_parallel_search_sums_the_trees_of_its_workers():
    s = position(3, 21, "smuggler1", 30)
    bot = ISMCTSBot(seed=2, iterations=60, workers=2, stop_early=False)
    action = bot.choose(s)
    assert action in s.legal_actions()
    assert bot.last.iterations == 60 == sum(n for n, _ in bot.last.stats.values())
    # The same as the two trees grown one after the other with the workers' seeds, summed.
    parts = ISMCTSBot(seed=2, iterations=60, workers=2, stop_early=False)._parts()
    assert [p.iterations for p in parts] == [30, 30]
    found = [p._search(s, s.current_player) for p in parts]
    expected = {a: sum(f.stats.get(a, (0, 0.0))[0] for f in found)
                for f in found for a in f.stats}
    assert {a: n for a, (n, _) in bot.last.stats.items()} == expected
    again = ISMCTSBot(seed=2, iterations=60, workers=2, stop_early=False)
    assert again.choose(s) == action and again.last.stats == bot.last.stats


def test_without_other_processes_the_search_runs_alone(monkeypatch):
    import sys
    import ahoy_nb.ai.ismcts as ismcts
    with monkeypatch.context() as browser:
        browser.setattr(sys, "platform", "emscripten")
        assert ismcts._pool(1) is None                         # Pyodide starts no process
    monkeypatch.setattr(ismcts, "_pool", lambda size: None)
    s = position(2, 5, "mollusk", 20)
    bot = ISMCTSBot(seed=3, iterations=40, workers=2, stop_early=False)
    assert bot.choose(s) in s.legal_actions() and bot.last.iterations == 40


def test_the_hard_level_searches_on_the_hard_workers():
    from ahoy_nb.ai.ismcts import HARD_WORKERS
    assert make_bot("hard", seed=1).workers == HARD_WORKERS
    assert make_bot("hard", seed=1, workers=1).workers == 1
    with pytest.raises(ValueError, match="workers"):
        ISMCTSBot(workers=0)
