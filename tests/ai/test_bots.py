"""The bots: legal, deterministic, fair (no hidden information), and sensible."""

from __future__ import annotations

import random

import pytest

from ahoy_nb.ai.levels import make_bot
from ahoy_nb.ai.bots import (GreedyBot, RandomBot, determinize, evaluate,
                          region_summary)
from ahoy_nb.engine import new_game, scenario
from ahoy_nb.engine.components import PLAN_KEYS

TWO_TILES = [(0, "0,0", 180), (6, "2,1", 0)]    # a Fish Island at 0,0, a Skull Island at 3,2


def play_out(state, bots, limit=3000):
    n = 0
    while not state.is_over and n < limit:
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)
        n += 1
    return n


def test_random_bot_is_legal_and_deterministic():
    a, b = new_game(2, seed=3), new_game(2, seed=3)
    play_out(a, {f: RandomBot(1) for f in a.players})
    play_out(b, {f: RandomBot(1) for f in b.players})
    assert a.is_over and a.to_json() == b.to_json()


def test_greedy_bot_plays_a_whole_game():
    s = new_game(2, seed=5)
    bots = {"bluefin": GreedyBot(1, depth=1, samples=2), "mollusk": RandomBot(2)}
    play_out(s, bots)
    assert s.is_over and s.winners


def test_greedy_bot_is_deterministic_and_leaves_the_state_alone():
    s = new_game(3, seed=2)
    r = random.Random(0)
    for _ in range(20):
        s.apply(r.choice(s.legal_actions()))
    before = s.to_json()
    first = [GreedyBot(7).choose(s) for _ in range(2)]
    assert first[0] == first[1]
    assert s.to_json() == before and s.current_player == first[0].player


def test_lookahead_takes_one_of_its_best_actions_and_leaves_the_state_alone():
    s = new_game(2, seed=5)
    r = random.Random(5)
    checked, second_best = 0, 0
    while checked < 12:
        if len(s.legal_actions()) > 3 and s.phase == "play":
            me, before = s.current_player, s.to_json()
            chosen = [GreedyBot(7, lookahead=2).choose(s) for _ in range(2)]
            assert chosen[0] == chosen[1] and s.to_json() == before
            # The same bot without the lookahead values the actions on the same guess.
            plain = GreedyBot(7)
            world = determinize(s, me, plain.rng)
            ranked = [a for _, a in sorted(((plain.value(world, a, me, plain.depth), a)
                                            for a in s.legal_actions()), key=lambda va: -va[0])]
            assert chosen[0] in ranked[:2]
            second_best += chosen[0] != ranked[0]
            checked += 1
        s.apply(r.choice(s.legal_actions()))
    # Where the round's end says otherwise, it takes the action valued second.
    assert second_best

def test_normal_looks_ahead_as_the_mollusk_and_one_action_in_the_other_seats():
    s = new_game(3, seed=4)
    r = random.Random(4)
    seats, told_apart = set(), 0
    while len(seats) < 3 or not told_apart:
        if len(s.legal_actions()) > 3 and s.phase == "play":
            me = s.current_player
            level = make_bot("normal", seed=9).choose(s)
            looks = GreedyBot(9, lookahead=4).choose(s)
            one_action = GreedyBot(9).choose(s)
            assert level == (looks if me == "mollusk" else one_action), me
            seats.add(me)
            told_apart += me == "mollusk" and looks != one_action
        s.apply(r.choice(s.legal_actions()))
    assert make_bot("greedy", seed=9).looks_ahead("mollusk") == 0


@pytest.mark.parametrize("lookahead", [-1, 1.5, {"union": 4}, {"mollusk": -2}])
def test_a_lookahead_is_a_number_of_actions_for_each_kind_of_faction(lookahead):
    with pytest.raises(ValueError, match="lookahead is a number of actions"):
        GreedyBot(1, lookahead=lookahead)



def test_greedy_delivers_cargo_when_it_can():
    s = scenario(3, tiles=TWO_TILES, turn="smuggler1", dice={"smuggler1": [3, 4]},
                 figures={"bluefin": "1,1", "smuggler1": "0,0", "mollusk": "3,2"},
                 cargo={"smuggler1": ["weapons"]})              # Weapons go to a Fish Island
    assert "deliver weapons" in [a.notation for a in s.legal_actions()]
    for seed in range(3):
        assert GreedyBot(seed).choose(s).notation == "deliver weapons"


def test_greedy_takes_fame_when_spending_gold_for_it():
    s = scenario(3, tiles=TWO_TILES, turn="smuggler1", dice={"smuggler1": [3, 4]},
                 figures={"bluefin": "1,1", "smuggler1": "0,0", "mollusk": "3,2"},
                 gold={"smuggler1": 4})
    # The Reward "spend up to 3 gold: 1 Fame per gold": Fame is worth more than gold.
    s.data["pending"].append({"type": "spend", "player": "smuggler1", "most": 3})
    assert sorted(a.notation for a in s.legal_actions()) == [f"spend {n}" for n in range(4)]
    assert GreedyBot(0).choose(s).notation == "spend 3"


def test_greedy_mollusk_places_comrades_to_hold_a_region():
    s = scenario(3, tiles=TWO_TILES, turn="mollusk", dice={"mollusk": [1, 4]},
                 figures={"bluefin": "1,1", "smuggler1": "2,1", "mollusk": "3,1"}, ready=4)
    bot = GreedyBot(0)
    while s.current_player == "mollusk":
        s.apply(bot.choose(s))
    skull = next(r for r in s.regions() if r["island"] == (3, 2))
    assert s.comrades().get((3, 2), 0) > 0 and skull["controller"] == "mollusk"


def fire_decisions(count=3):
    """Positions from random games where someone decides how far to fire."""
    found = []
    for seed in range(40):
        s = new_game(3, seed=seed)
        r = random.Random(seed)
        while not s.is_over and len(found) < count:
            verbs = {a.verb for a in s.legal_actions()}
            if "fire" in verbs and verbs <= {"fire", "hold"}:
                found.append(s.copy())
            s.apply(r.choice(s.legal_actions()))
        if len(found) >= count:
            break
    return found


def test_greedy_fires_for_the_biggest_bonus():
    positions = fire_decisions()
    assert positions
    for s in positions:
        fires = [a.notation for a in s.legal_actions() if a.verb == "fire"]
        best = max(int(n[5]) - int(n[7]) for n in fires)
        chosen = GreedyBot(0).choose(s).notation
        assert int(chosen[5]) - int(chosen[7]) == best


def test_greedy_rarely_pays_to_change_dice():
    changed = placed = 0
    for seed in range(2):
        s = new_game(3, seed=seed)
        bot = GreedyBot(seed)
        for _ in range(40):
            a = bot.choose(s)
            words = a.notation.split()
            if len(words) == 2 and words[1][:1].isdigit():
                placed += 1
                changed += ">" in words[1]
            s.apply(a)
    assert placed >= 10 and changed <= placed // 4


# -- fair play ------------------------------------------------------------------------

def hidden_twin(s, me):
    """The same position with everything ``me`` cannot see changed."""
    t = s.copy()
    d = t.data
    d["rng"] = (d["rng"] * 7 + 1) % (1 << 64)
    d["seed"] = 12345
    if d["tile_box"] and d["tile_stack"]:
        d["tile_box"][0], d["tile_stack"][0] = d["tile_stack"][0], d["tile_box"][0]
    d["tile_stack"].reverse()
    if me != "mollusk" and "mollusk" in d["factions"]:
        m = d["factions"]["mollusk"]
        if m["hand"] and m["plan_deck"]:
            m["hand"][0], m["plan_deck"][0] = m["plan_deck"][0], m["hand"][0]
    return t


@pytest.mark.parametrize("me", ["bluefin", "smuggler1"])
def test_determinize_sees_only_what_the_faction_sees(me):
    s = scenario(3, tiles=TWO_TILES, turn=me, hand=["evacuation", "enlist"], dice={me: [2, 5]},
                 figures={"bluefin": "1,1", "smuggler1": "2,1", "mollusk": "3,2"})
    twin = hidden_twin(s, me)
    assert twin.data != s.data
    a = determinize(s, me, random.Random(3)).data
    b = determinize(twin, me, random.Random(3)).data
    assert a == b
    # So the bot's choice cannot depend on the secrets either.
    assert GreedyBot(4).choose(s) == GreedyBot(4).choose(twin)


def test_determinize_in_a_real_game_hides_the_boxed_tile_and_the_plans():
    s = new_game(3, seed=9)
    r = random.Random(9)
    while s.current_player != "bluefin" or s.phase != "play":
        s.apply(r.choice(s.legal_actions()))
    assert s.data["tile_box"] and s.data["factions"]["mollusk"]["hand"]
    twin = hidden_twin(s, "bluefin")
    assert twin.data["tile_box"] != s.data["tile_box"]
    assert determinize(s, "bluefin", random.Random(1)).data == \
        determinize(twin, "bluefin", random.Random(1)).data
    assert GreedyBot(2).choose(s) == GreedyBot(2).choose(twin)
    # Playing the round on, the lookahead plays the Mollusk's plans from its guess too.
    assert GreedyBot(2, lookahead=3).choose(s) == GreedyBot(2, lookahead=3).choose(twin)


def test_determinize_keeps_the_mollusks_own_hand():
    s = scenario(3, tiles=TWO_TILES, turn="mollusk", hand=["evacuation", "enlist"],
                 dice={"mollusk": [2, 5]},
                 figures={"bluefin": "1,1", "smuggler1": "2,1", "mollusk": "3,2"})
    d = determinize(s, "mollusk", random.Random(0)).data
    assert sorted(d["factions"]["mollusk"]["hand"]) == sorted(
        PLAN_KEYS.index(k) for k in ["evacuation", "enlist"])
    assert d["fixed"] == {} and d["rng"] != s.data["rng"]


def test_region_summary_matches_the_engine():
    for seed in range(3):
        s = new_game(3, seed=seed)
        r = random.Random(seed)
        while not s.is_over:
            fast, engine = region_summary(s.data), s.regions()
            assert [(x["island"], x["suit"], x["wealth"], x["control"], x["controller"])
                    for x in fast] == [(x["island"], x["suit"], x["wealth"], x["control"],
                                        x["controller"]) for x in engine]
            s.apply(r.choice(s.legal_actions()))


def test_evaluate_prefers_fame_and_dislikes_damage():
    s = scenario(3, tiles=TWO_TILES, turn="bluefin",
                 figures={"bluefin": "1,1", "smuggler1": "0,1", "mollusk": "3,2"})
    base = evaluate(s, "bluefin")
    richer = s.copy()
    richer.data["factions"]["bluefin"]["fame"] += 3
    hurt = s.copy()
    hurt.data["factions"]["bluefin"]["slots"][0]["damage"] = True
    assert evaluate(richer, "bluefin") > base > evaluate(hurt, "bluefin")


def test_make_bot():
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    bot = RandomBot(1)
    assert make_bot(bot) is bot
    with pytest.raises(ValueError):
        make_bot("clever")
    with pytest.raises(ValueError, match="a bot is one of"):
        make_bot(3)
    with pytest.raises(ValueError, match="a seed is a whole number"):
        make_bot("normal", seed=[1])   # random.Random's TypeError otherwise


def test_sea_distances_ride_strong_currents_and_never_fight_them():
    # TWO_TILES: from the Fish Island, 2,1's Strong Current carries a Flagship on to 2,2,
    # so the Skull Island is 4 spaces away (5 in a straight line), and nothing sails back.
    from ahoy_nb.engine.geometry import Map
    from ahoy_nb.ai.bots import sea_distances
    s = scenario(3, tiles=TWO_TILES, turn="smuggler1",
                 figures={"bluefin": "1,1", "smuggler1": "0,1", "mollusk": "3,2"})
    m = Map.of(s.data["tiles"])
    assert sea_distances(m, (0, 0))[(3, 2)] == 4
    assert (2, 1) not in sea_distances(m, (0, 0))          # the Current never lets it stop there
    assert (0, 0) not in sea_distances(m, (3, 2))


def test_faction_weights_by_faction_then_for_everyone_then_for_one_kind():
    from ahoy_nb.ai.bots import WEIGHTS, faction_weights
    assert faction_weights("bluefin") == {**WEIGHTS, **faction_weights("bluefin")}
    w = {"gold": 0.2, "smuggler": {"gold": 0.1}}
    assert faction_weights("smuggler1", w)["gold"] == 0.1
    assert faction_weights("mollusk", w)["gold"] == 0.2


def test_a_smugglers_route_values_deliverable_cargo_the_nearer_the_more():
    # Iron is Fish Cargo delivered to a Skull Island; Gems deliver to Parrot, not on the map.
    def smuggler(at, cargo):
        return scenario(3, tiles=TWO_TILES, turn="smuggler1", cargo={"smuggler1": cargo},
                        figures={"bluefin": "1,1", "smuggler1": at, "mollusk": "0,0"})
    w = {"route": 1.0, "cargo": 0.0, "distance": 0.0}
    near, far = smuggler("2,2", ["iron"]), smuggler("0,1", ["iron"])
    assert evaluate(near, "smuggler1", w) > evaluate(far, "smuggler1", w)
    nowhere = smuggler("2,2", ["gems"])
    assert evaluate(nowhere, "smuggler1", w) < evaluate(near, "smuggler1", w)


def test_every_step_of_a_smugglers_trip_is_worth_more_than_the_one_before():
    # A trip: sail to the Fish Island (0,0) where the Market has Iron (on Pilot's card), take
    # it, sail to the Skull Island (3,2), deliver it. Buccaneer's Gems go to Parrot: no trip. Treasure and Crew aside, each step must look better
    # than the last to the Smugglers' own weights, or a one-step lookahead dawdles.
    def smuggler(at, cargo=(), market=("pilot", "buccaneer"), fame=0):
        return scenario(3, tiles=TWO_TILES, turn="smuggler1", cargo={"smuggler1": list(cargo)},
                        market=list(market), fame={"smuggler1": fame},
                        figures={"bluefin": "1,1", "smuggler1": at, "mollusk": "2,1"})
    trip = [smuggler("2,2"), smuggler("0,1"), smuggler("0,0"),
            smuggler("0,0", ["iron"], market=["buccaneer"]),
            smuggler("2,2", ["iron"], market=["buccaneer"]),
            smuggler("3,2", ["iron"], market=["buccaneer"]),
            smuggler("3,2", market=["buccaneer"], fame=2)]    # delivered: 2 Fame
    values = [evaluate(s, "smuggler1") for s in trip]
    assert values == sorted(values) and len(set(values)) == len(values), values


