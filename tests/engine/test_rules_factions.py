"""The factions' own rules: the Bluefin Squadron (pages 16-17), the Mollusk Union (18-19)
and the Smugglers (20-21)."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, scenario
from ahoy_nb.engine.components import CARGO_BY_KEY, REWARDS
from ahoy_nb.engine.views import RewardMarkers
from ahoy_nb.engine.words import label

from support import (TWO_TILES, at, damaged, events_since, kinds_at, legal, play,
                           play_round, ready)

# TWO_TILES: 0,0 Fish Island, 1,0 open Tw6, 0,1 Wreckage 2g, 1,1 Fog |
#            2,1 Current (down), 3,1 Harbor, 2,2 open Tw2, 3,2 Skull Island

# Five regions whose Islands are 1,1  3,1  5,1  1,3  3,3.
FIVE_ISLANDS = [(7, "0,0", 0), (5, "2,0", 0), (4, "4,0", 0), (3, "0,2", 0), (9, "2,2", 0)]


def g3(turn, **kw):
    kw.setdefault("tiles", TWO_TILES)
    kw.setdefault("hand", [])
    return scenario(3, turn=turn, **kw)


def patrols(s):
    return sorted(f["at"] for f in s.figures() if f["kind"] == "patrol")


def strongholds(s):
    return sorted(f["at"] for f in s.figures() if f["kind"] == "stronghold")


# =====================================================================================
# Bluefin Squadron
# =====================================================================================

def test_bluefin_sail_may_place_a_patrol_when_anchoring():
    s = g3("bluefin", figures={"bluefin": "0,0"}, dice={"bluefin": [3, 3, 3]})
    play(s, "sail 3", "move 1,0", "anchor")
    assert legal(s) == {"patrol", "no-patrol"}
    s.apply("patrol")
    assert patrols(s) == [(1, 0)]
    assert s.decision.kind == "turn"


def test_bluefin_may_decline_the_patrol():
    s = g3("bluefin", figures={"bluefin": "0,0"}, dice={"bluefin": [3, 3, 3]})
    play(s, "sail 3", "move 1,0", "anchor", "no-patrol")
    assert patrols(s) == []


def test_bluefin_tailwind_may_place_a_patrol_when_anchoring():
    s = g3("bluefin", figures={"bluefin": "0,0"}, dice={"bluefin": [2, 3, 3]})
    play(s, "tailwind 2", "move 2,2")
    assert legal(s) == {"patrol", "no-patrol"}
    s.apply("patrol")
    assert patrols(s) == [(2, 2)]


def test_bluefin_tailwind_that_stays_places_no_patrol():
    """Ruling: Tailwind is optional; staying is not anchoring, so no Patrol is placed."""
    s = g3("bluefin", figures={"bluefin": "0,0"}, dice={"bluefin": [5, 3, 3]}, gold={"bluefin": 0})
    play(s, "tailwind 5", "stay")
    assert s.decision.kind == "turn" and patrols(s) == []


def test_no_patrol_is_offered_when_the_supply_is_empty():
    s = g3("bluefin", figures={"bluefin": "0,0", "patrol": ["1,1"] * 10}, dice={"bluefin": [3, 3, 3]})
    play(s, "sail 3", "move 1,0", "anchor")
    assert s.decision.kind == "turn"
    assert len(patrols(s)) == 10


def test_placing_a_patrol_with_an_enemy_starts_no_battle():
    s = g3("bluefin", figures={"bluefin": "0,0", "mollusk": "1,0"},
           dice={"bluefin": [3, 3, 3], "mollusk": [1, 2, 3]}, placed={"mollusk": {"cannons": 6}})
    # The Flagship itself battles on moving in; the Patrol placed after does not.
    s.fix_battle(1, 6)
    play(s, "sail 3", "move 1,0", "battle mollusk", "hold", "victory none", "patrol")
    assert s.decision.kind == "turn"
    assert kinds_at(s, "1,0") == ["bluefin", "mollusk", "patrol-1"]


def test_order_moves_up_to_four_different_patrols_one_space_each():
    s = g3("bluefin", figures={"bluefin": "0,0", "patrol": ["1,0", "1,0", "3,1", "2,2", "0,0"]},
           dice={"bluefin": [3, 3, 3]})
    s.apply("order 3")
    assert {"order 1,0>1,1", "order 3,1>3,2", "order 2,2>3,2", "order 0,0>0,1", "done"} <= legal(s)
    play(s, "order 1,0>1,1", "order 1,0>1,1", "order 3,1>3,2")
    # The Patrol that moved to 3,2 cannot move again; the one at 0,0 and 2,2 can.
    assert not any(a.startswith("order 3,2>") for a in legal(s))
    s.apply("order 2,2>3,2")
    # Four Patrols moved: Order is over.
    assert s.decision.kind == "turn"
    assert patrols(s) == [(0, 0), (1, 1), (1, 1), (3, 2), (3, 2)]


def test_order_may_stop_early():
    s = g3("bluefin", figures={"bluefin": "0,0", "patrol": ["1,0", "3,1"]}, dice={"bluefin": [3, 3, 3]})
    play(s, "order 3", "order 1,0>1,1", "done")
    assert s.decision.kind == "turn" and patrols(s) == [(1, 1), (3, 1)]


def test_order_patrols_take_wreckage_and_currents_and_can_explore():
    s = g3("bluefin", figures={"bluefin": "0,0", "patrol": ["0,0", "3,1", "1,0"]},
           dice={"bluefin": [3, 3, 3]})
    s.fix("tile", [5])
    play(s, "order 3", "order 0,0>0,1")
    assert patrols(s) == [(1, 0), (3, 1)]  # damaged by the Wreckage: back to the supply
    s.apply("order 3,1>2,1")
    assert patrols(s) == [(1, 0), (2, 2)]  # the Strong Current pushed it on
    s.apply("order 1,0>1,-1")
    assert s.current_player == "bluefin" and all(a.startswith("tile ") for a in legal(s))
    s.apply("tile 1,-2 r180")
    assert patrols(s) == [(1, -1), (2, 2)]
    assert s.decision.kind == "turn"


def test_order_battles_do_not_end_the_other_patrols_movement():
    s = g3("bluefin", figures={"bluefin": "0,0", "patrol": ["3,1", "1,0"], "mollusk": "3,2"},
           dice={"bluefin": [3, 3, 3]}, placed={"bluefin": {"cannons5": 5}})
    s.fix_battle(6, 1)
    play(s, "order 3", "order 3,1>3,2")
    assert legal(s) == {"battle mollusk"}
    play(s, "battle mollusk", "hold", "victory none")
    assert "order 1,0>1,1" in legal(s)  # Order goes on
    s.apply("order 1,0>1,1")
    assert patrols(s) == [(1, 1), (3, 2)]


def test_deploy_places_a_patrol_on_the_flagships_space_or_next_to_it():
    s = g3("bluefin", figures={"bluefin": "1,1"}, dice={"bluefin": [1, 3, 3]})
    s.apply("deploy 1")
    # Not diagonal, not off the map.
    assert legal(s) == {"deploy 1,1", "deploy 1,0", "deploy 0,1", "deploy 2,1"}
    s.apply("deploy 2,1")
    # Placed on a Strong Current: it does not move (placing ignores terrain).
    assert patrols(s) == [(2, 1)]


def test_deploy_ignores_sandbars():
    tiles = [(1, "0,0", 0), (7, "0,2", 0)]  # a Sandbar between 0,0 and 1,0
    s = g3("bluefin", tiles=tiles, figures={"bluefin": "1,0"}, dice={"bluefin": [1, 3, 3]})
    s.apply("deploy 1")
    assert "deploy 0,0" in legal(s)


def test_deploy_with_no_patrol_left_in_the_supply_places_nothing():
    """Piece Limits: if the supply is empty, do not place the piece."""
    s = g3("bluefin", figures={"bluefin": "1,1", "patrol": ["3,1"] * 10}, dice={"bluefin": [1, 3, 3]})
    s.apply("deploy 1")
    assert s.decision.kind == "turn" and len(patrols(s)) == 10


def test_bombard_removes_all_comrades_from_the_island_in_the_flagships_region():
    s = g3("bluefin", figures={"bluefin": "2,2"}, comrades={"3,2": 3, "0,0": 2},
           dice={"bluefin": [4, 3, 3]}, ready=6)
    s.apply("bombard 4")
    assert s.comrades() == {(0, 0): 2}
    assert ready(s) == 6  # back to the Union's supply, not its Ready Comrades


def test_strongholds_at_the_end_of_bluefins_turn_any_number_of_times():
    s = g3("bluefin", figures={"bluefin": "1,0", "patrol": ["0,0"] * 4 + ["3,2", "1,1", "1,1"]},
           dice={"bluefin": [5, 6, 3]})
    play(s, "cannons 5", "cannons 6")
    assert not any(a.startswith("stronghold") for a in legal(s))  # only at the end of the turn
    s.apply("end")
    assert s.current_player == "bluefin"
    # Only an Island with 2 Patrols qualifies (1,1 is Fog, not an Island).
    assert legal(s) == {"stronghold 0,0", "done"}
    s.apply("stronghold 0,0")
    assert legal(s) == {"stronghold 0,0", "done"}
    s.apply("stronghold 0,0")
    assert strongholds(s) == [(0, 0), (0, 0)]
    assert patrols(s) == [(1, 1), (1, 1), (3, 2)]
    # No Island has 2 Patrols any more: the turn passes.
    assert s.turn_player == "smuggler1"


def test_strongholds_may_be_declined():
    s = g3("bluefin", figures={"bluefin": "1,0", "patrol": ["0,0"] * 2}, dice={"bluefin": [5, 6, 3]})
    play(s, "cannons 5", "cannons 6", "end", "done")
    assert strongholds(s) == [] and s.turn_player == "smuggler1"


def test_a_position_with_a_stronghold_off_an_island_is_refused():
    """Strongholds are built on Islands ("remove 2 Patrols from an Island to place a
    Stronghold there") and nothing moves them: a position with one elsewhere cannot arise."""
    with pytest.raises(ValueError, match="a Stronghold stands on an Island, and 3,1 is not one"):
        g3("bluefin", figures={"bluefin": "0,0", "stronghold": ["3,1"]})
    assert g3("bluefin", figures={"bluefin": "0,0", "stronghold": ["3,2"]}).figures()


def test_no_stronghold_when_all_three_are_on_the_map():
    s = g3("bluefin", figures={"bluefin": "1,0", "patrol": ["0,0"] * 2, "stronghold": ["3,2"] * 3},
           dice={"bluefin": [5, 6, 3]})
    play(s, "cannons 5", "cannons 6", "end")
    assert s.turn_player == "smuggler1"


def test_island_dominance_bluefin_recruits_from_any_stronghold_island():
    s = g3("bluefin", figures={"bluefin": "1,0", "stronghold": ["3,2"]}, gold={"bluefin": 3},
           market=["buccaneer", "sea-dog", "sea-witch"], dice={"bluefin": [5, 6, 3]})
    # At sea, the Skull Stronghold lets Bluefin recruit Skull Crew.
    assert {a for a in legal(s) if a.startswith("recruit")} == {"recruit buccaneer"}


@pytest.mark.parametrize("action", ["recruit buccaneer", "smuggle gems", "deliver iron"])
def test_island_dominance_smuggler_at_a_stronghold_island_cannot_trade(action):
    s = g3("smuggler1", figures={"smuggler1": "3,2", "stronghold": ["3,2"]}, gold={"smuggler1": 3},
           market=["buccaneer", "sea-dog", "gunner"], cargo={"smuggler1": ["iron"]})
    assert not any(a.split(" ")[0] in ("recruit", "smuggle", "deliver") for a in legal(s))
    with pytest.raises(IllegalActionError, match="Stronghold"):
        s.apply(action)


def test_island_dominance_mollusk_at_a_stronghold_island_cannot_recruit():
    s = g3("mollusk", figures={"mollusk": "3,2", "stronghold": ["3,2"]}, gold={"mollusk": 3},
           market=["buccaneer", "sea-dog", "gunner"])
    assert not any(a.startswith("recruit") for a in legal(s))
    with pytest.raises(IllegalActionError, match="Stronghold"):
        s.apply("recruit buccaneer")


def test_island_dominance_blocks_negotiate_and_the_recruit_reward():
    s = g3("smuggler1", figures={"smuggler1": "3,2", "stronghold": ["3,2"]},
           market=["buccaneer", "sea-dog", "gunner"], dice={"smuggler1": [2, 3]})
    s.apply("negotiate 2")
    assert s.decision.kind == "turn"
    assert s.faction("smuggler1").crew == ()
    # A Recruit reward is refused at the Stronghold Island too ("Smugglers cannot recruit
    # Crew even if they gain a Reward"): the Smuggler wins a battle there as defender.
    s = g3("mollusk", figures={"smuggler1": "3,2", "stronghold": ["3,2"], "mollusk": "2,2"},
           market=["buccaneer", "sea-dog", "gunner"], dice={"mollusk": [3, 4]},
           placed={"mollusk": {"cannons": 1}}, reward_markers={"smuggler1": ((3, 1), (4, 1))})
    s.fix_battle(1, 6)
    play(s, "sail 3", "move 3,2", "battle smuggler1", "victory reward", "damage sail")
    n = len(s.log)
    s.apply("reward right")  # "Recruit 1 Crew ignoring cost & suit"
    assert "Smuggler 1 cannot recruit Crew at an Island with a Stronghold" in events_since(s, n)
    assert s.faction("smuggler1").crew == ()
    assert legal(s) == {"battle stronghold"}  # the Mollusk's battles go on


def test_island_dominance_mollusk_can_still_place_comrades():
    s = g3("mollusk", figures={"mollusk": "3,1", "stronghold": ["3,2"]}, dice={"mollusk": [3, 3]})
    s.fix_battle(1, 6)
    play(s, "sail 3", "move 3,2", "battle stronghold", "victory none")
    assert "place-comrades" in legal(s)
    s.apply("place-comrades")
    assert s.comrades()[(3, 2)] == 2


# =====================================================================================
# Mollusk Union
# =====================================================================================

def test_mollusk_sail_to_an_island_places_two_comrades():
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [3, 3]}, ready=6)
    play(s, "sail 3", "move 3,2", "anchor")
    assert legal(s) == {"place-comrades", "ready-comrades", "no-comrades"}
    s.apply("place-comrades")
    assert s.comrades() == {(3, 2): 2} and ready(s) == 4


def test_mollusk_sail_to_an_island_may_gain_two_ready_comrades():
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [3, 3]}, ready=6)
    play(s, "sail 3", "move 3,2", "anchor", "ready-comrades")
    assert s.comrades() == {} and ready(s) == 8


def test_mollusk_places_only_ready_comrades():
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [3, 3]}, ready=1)
    play(s, "sail 3", "move 3,2", "anchor")
    s.apply("place-comrades")
    assert s.comrades() == {(3, 2): 1} and ready(s) == 0
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [3, 3]}, ready=0)
    play(s, "sail 3", "move 3,2", "anchor")
    assert legal(s) == {"ready-comrades", "no-comrades"}


def test_mollusk_gains_only_comrades_left_in_the_supply():
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [3, 3]}, ready=9,
           comrades={"0,0": 10})
    play(s, "sail 3", "move 3,2", "anchor", "ready-comrades")
    assert ready(s) == 10  # 20 Comrades: 10 on the Fish Island, 9 Ready, 1 in the supply


def test_mollusk_sail_elsewhere_and_tailwind_give_no_comrades():
    s = g3("mollusk", figures={"mollusk": "3,1"}, dice={"mollusk": [3, 6]})
    play(s, "sail 3", "move 2,1", "anchor")  # the Current takes it on to 2,2
    assert s.decision.kind == "turn"
    play(s, "tailwind 6", "move 1,0")
    assert s.decision.kind == "turn"


def test_inspire_one_comrade_each_on_up_to_four_different_islands():
    s = g3("mollusk", tiles=FIVE_ISLANDS, figures={"mollusk": "0,0"}, dice={"mollusk": [6, 3]}, ready=6)
    s.apply("inspire 6")
    islands = {"inspire 1,1", "inspire 3,1", "inspire 5,1", "inspire 1,3", "inspire 3,3"}
    assert legal(s) == islands | {"done"}
    play(s, "inspire 1,1", "inspire 3,3")
    assert "inspire 1,1" not in legal(s)
    play(s, "inspire 5,1", "inspire 1,3")
    assert s.decision.kind == "turn"
    assert s.comrades() == {(1, 1): 1, (3, 3): 1, (5, 1): 1, (1, 3): 1}
    assert ready(s) == 2


def test_inspire_with_two_islands_places_two_and_is_limited_by_ready_comrades():
    s = g3("mollusk", figures={"mollusk": "0,0"}, dice={"mollusk": [6, 3]}, ready=6)
    play(s, "inspire 6", "inspire 0,0", "inspire 3,2")
    assert s.decision.kind == "turn"
    s = g3("mollusk", figures={"mollusk": "0,0"}, dice={"mollusk": [6, 3]}, ready=1)
    play(s, "inspire 6", "inspire 3,2")
    assert s.decision.kind == "turn" and s.comrades() == {(3, 2): 1}


def test_assemble_places_four_on_the_island_of_the_flagships_region():
    """Ruling: the rulebook's Assemble places 4 Comrades (the printed board's "up to 4"
    differs; the rulebook wins): no smaller count is offered."""
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [1, 3]}, ready=6)
    s.apply("assemble 1")
    assert legal(s) == {"assemble 4"}
    with pytest.raises(IllegalActionError):
        s.apply("assemble 3")
    s.apply("assemble 4")
    assert s.comrades() == {(3, 2): 4} and ready(s) == 2


def test_assemble_places_every_ready_comrade_when_fewer_than_four():
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [1, 3]}, ready=2)
    s.apply("assemble 1")
    assert legal(s) == {"assemble 2"}
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [1, 3]}, ready=0)
    s.apply("assemble 1")
    assert s.decision.kind == "turn" and s.comrades() == {}


def test_rally_at_an_island_gains_four_ready_comrades():
    s = g3("mollusk", figures={"mollusk": "3,2"}, dice={"mollusk": [6, 3]}, ready=2)
    s.apply("rally 6")
    assert ready(s) == 6


def test_rally_away_from_an_island_gains_nothing():
    s = g3("mollusk", figures={"mollusk": "2,2"}, dice={"mollusk": [6, 3]}, ready=2)
    s.apply("rally 6")
    assert ready(s) == 2


def test_rally_is_limited_by_the_supply():
    s = g3("mollusk", figures={"mollusk": "3,2"}, dice={"mollusk": [6, 3]}, ready=2,
           comrades={"0,0": 16})
    s.apply("rally 6")
    assert ready(s) == 4


def test_plans_drawn_after_each_clean_up():
    s = g3("bluefin", figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
           hand=["evacuation"])
    play_round(s)
    union = s.faction("mollusk")
    assert s.round == 2 and union.plan_count == 3 and union.plan_deck_size == 9


def test_no_plans_drawn_from_an_empty_deck():
    s = g3("bluefin", figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
           hand=["evacuation"], plan_deck=["enlist"])
    play_round(s)
    union = s.faction("mollusk")
    assert union.plan_count == 2 and union.plan_deck_size == 0


# =====================================================================================
# Smugglers
# =====================================================================================

def test_negotiate_recruits_any_card_ignoring_cost_and_suit():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, gold={"smuggler1": 0},
           market=["sea-witch", "gunner", "pilot"], dice={"smuggler1": [2, 3]})
    s.apply("negotiate 2")
    assert legal(s) == {"recruit sea-witch", "recruit gunner", "recruit pilot", "done"}
    s.apply("recruit sea-witch")
    # No Comrades on the Island: no second recruit.
    assert s.decision.kind == "turn"
    assert s.gold["smuggler1"] == 0
    assert len(s.faction("smuggler1").crew) == 1
    assert len(s.market.row) == 3


def test_negotiate_recruits_again_by_removing_a_comrade_at_most_twice():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, comrades={"3,2": 2},
           market=["sea-witch", "gunner", "pilot"], dice={"smuggler1": [2, 3]})
    play(s, "negotiate 2", "recruit gunner")
    assert "done" in legal(s)
    s.apply("recruit pilot")
    assert s.comrades() == {(3, 2): 1}
    assert s.decision.kind == "turn"  # never more than twice
    assert len(s.faction("smuggler1").crew) == 2


def test_negotiate_away_from_an_island_does_nothing():
    s = g3("smuggler1", figures={"smuggler1": "2,2"}, dice={"smuggler1": [2, 3]})
    s.apply("negotiate 2")
    assert s.decision.kind == "turn" and s.faction("smuggler1").crew == ()


def test_smuggle_cargo_of_the_islands_suit_for_free():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, gold={"smuggler1": 0},
           market=["buccaneer", "gunner", "pilot"])
    options = {a for a in legal(s) if a.startswith("smuggle")}
    assert options == {"smuggle gems", "smuggle furs"}  # the Skull cards, not the Fish one
    s.apply("smuggle gems")
    assert s.faction("smuggler1").cargo == ("gems",)
    assert s.gold["smuggler1"] == 0 and len(s.market.row) == 3
    assert s.turn.placed == 0


def test_more_than_two_cargo_must_be_cast_into_the_sea():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, market=["buccaneer", "gunner", "pilot"],
           cargo={"smuggler1": ["wine", "lace"]})
    s.apply("smuggle gems")
    assert s.current_player == "smuggler1"
    assert legal(s) == {"discard wine", "discard lace", "discard gems"}
    s.apply("discard wine")
    assert sorted(s.faction("smuggler1").cargo) == ["gems", "lace"]
    assert "grogmaster" in s.market.box  # the Wine card
    assert s.decision.kind == "turn"


def test_deliver_only_at_an_island_of_the_cargos_deliver_suit():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, cargo={"smuggler1": ["gems", "iron"]})
    assert {a for a in legal(s) if a.startswith("deliver")} == {"deliver iron"}
    with pytest.raises(IllegalActionError, match="Parrot Island"):
        s.apply("deliver gems")


def test_sword_island_delivery_example():
    """At a Sword Island, you deliver Jewelry, gain 2 Fame, and turn your region's wealth
    die from "2" up to "3." As your Reward, you could gain 1 gold, gain 1 Fame, or add a
    new region tile to any explorable map edge, but you choose to recruit a card from the
    Market into your Crew, ignoring its cost and suit. This is your first Reward of the
    game, so you simply move your white reward marker to "Recruit 1 Crew." Finally, you put
    the Jewelry facedown under your Union pledge marker, which is also facedown."""
    s = g3("smuggler1", tiles=[(2, "0,0", 180, 2), (6, "2,1", 0)], figures={"smuggler1": "0,0"},
           cargo={"smuggler1": ["jewelry"]}, market=["sea-witch", "gunner", "pilot"],
           gold={"smuggler1": 0})
    s.apply("deliver jewelry")
    assert s.fame["smuggler1"] == 2
    assert s.regions()[0]["wealth"] == 3
    assert [f for f in s.log[-1].facts if f["kind"] == "fame"] == [
        {"kind": "fame", "faction": "smuggler1", "fame": 2, "source": "delivery", "round": 1,
         "cargo": CARGO_BY_KEY["jewelry"]}]
    # Reward choices: up 1 gold, left 1 Fame, right add a tile, down recruit.
    grid = {w: REWARDS[r][c] for w, (r, c) in
            {"up": (1, 2), "left": (2, 1), "right": (2, 3), "down": (3, 2)}.items()}
    assert grid == {"up": ("gold", 1), "left": ("fame", 1), "right": ("add-tile", 1),
                    "down": ("recruit", 1)}
    assert legal(s) == {"reward up", "reward down", "reward left", "reward right"}
    s.apply("reward down")
    s.apply("recruit sea-witch")  # costs 2 gold, and the Smuggler has none
    me = s.faction("smuggler1")
    assert me.reward_markers == RewardMarkers(white=(3, 2), black=(2, 2))
    assert me.crew == ("sea-witch",)  # the Tinctures card
    assert legal(s) == {"pledge bluefin", "pledge mollusk"}
    s.apply("pledge mollusk")
    me = s.faction("smuggler1")
    assert me.pledges == {"bluefin": (), "mollusk": ("jewelry",)}
    assert me.cargo == () and s.gold["smuggler1"] == 0


def test_delivering_at_a_region_of_wealth_6_leaves_it_at_6():
    """Die Values: "A die cannot increase over 6" (the wealth die is a die); the Fame is
    gained all the same."""
    s = g3("smuggler1", tiles=[(2, "0,0", 180, 6), (6, "2,1", 0)], figures={"smuggler1": "0,0"},
           cargo={"smuggler1": ["jewelry"]})
    s.apply("deliver jewelry")
    assert s.regions()[0]["wealth"] == 6 and s.fame["smuggler1"] == 2


def test_reward_white_marker_cannot_move_onto_the_black_marker():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, cargo={"smuggler1": ["iron"]},
           reward_markers={"smuggler1": ((1, 1), (1, 2))})
    s.apply("deliver iron")
    assert legal(s) == {"reward up", "reward down", "reward left"}
    s.apply("reward up")
    assert s.faction("smuggler1").reward_markers == RewardMarkers(white=(0, 1), black=(1, 1))


def _reward_cells():
    steps = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}
    for r in range(5):
        for c in range(5):
            if (r, c) == (2, 2):
                continue
            for word, (dr, dc) in steps.items():
                frm = (r - dr, c - dc)
                if 0 <= frm[0] < 5 and 0 <= frm[1] < 5:
                    break
            black = next((x, y) for x in range(5) for y in range(5) if (x, y) not in (frm, (r, c)))
            yield pytest.param((r, c), frm, black, word, id=f"{r},{c}-{REWARDS[r][c][0]}")


@pytest.mark.parametrize("cell, white, black, word", list(_reward_cells()))
def test_every_reward_on_the_rewards_grid(cell, white, black, word):
    """Deliver Iron at the Skull Island with the white marker next to ``cell``, move it
    there, and check the reward."""
    kind, n = REWARDS[cell[0]][cell[1]]
    s = g3("smuggler1", figures={"smuggler1": "3,2", "mollusk": "2,2"},
           cargo={"smuggler1": ["iron"]}, reward_markers={"smuggler1": (white, black)},
           gold={"smuggler1": 5, "mollusk": 0, "bluefin": 0},
           damage={"smuggler1": ["sail", "cannons", "tailwind"]},
           dice={"mollusk": [1, 2, 3]}, placed={"mollusk": {"cannons": 6}},
           market=["sea-witch", "gunner", "sea-dog"])
    s.apply("deliver iron")
    s.apply(f"reward {word}")
    assert s.faction("smuggler1").reward_markers == RewardMarkers(white=cell, black=white)
    fame = 2  # for the delivery
    if kind == "gold":
        assert s.gold["smuggler1"] == 5 + n
    elif kind == "fame":
        fame += n
    elif kind == "fame-for-gold":
        assert legal(s) == {f"spend {k}" for k in range(6)}
        s.apply("spend 3")
        fame += 3
        assert s.gold["smuggler1"] == 2
    elif kind == "fame-and-wealth":
        fame += n
        assert legal(s) == {"wealth 0,0", "wealth 3,2", "no-reward"}
        s.apply("wealth 0,0")
        assert s.regions()[0]["wealth"] == 2
        assert s.regions()[1]["wealth"] == 2  # the delivery raised the Skull region
    elif kind == "move":
        assert "anchor" not in legal(s)
        assert "stay" in legal(s)  # Ruling: a reward "may" be gained, so the move may be declined
        play(s, "move 3,1", "anchor")
        assert at(s, "smuggler1") == (3, 1)
        assert "harbor-repair" in legal(s)  # it anchors at the Harbor
        s.apply("harbor-none")
    elif kind == "move-no-battle":
        assert "stay" in legal(s)
        s.apply("move 2,2")  # the loaded Mollusk Flagship is there: no battle
        assert "anchor" in legal(s)
        s.apply("anchor")
        assert at(s, "smuggler1") == (2, 2)
    elif kind == "tailwind":
        assert legal(s) == {"move 1,0", "move 2,2", "stay"}  # any Tailwind, whatever its value
        s.apply("move 1,0")
        assert at(s, "smuggler1") == (1, 0)
    elif kind == "recruit":
        assert legal(s) == {"recruit sea-witch", "recruit gunner", "recruit sea-dog", "done"}
        s.apply("recruit gunner")
        assert s.faction("smuggler1").crew == ("gunner",) and s.gold["smuggler1"] == 5
    elif kind == "repair-all":
        assert damaged(s, "smuggler1") == []
    elif kind == "repair-for-fame":
        assert damaged(s, "smuggler1") == []
        fame += 3
    elif kind == "add-tile":
        assert legal(s) == {"add-tile", "no-reward"}
        s.apply("add-tile")
        assert all(a.startswith("tile ") for a in legal(s))
        s.apply(sorted(legal(s))[0])
        assert len(s.regions()) == 3
    else:
        raise AssertionError(f"untested reward {kind}")
    if kind not in ("repair-all", "repair-for-fame"):
        assert damaged(s, "smuggler1") == ["cannons", "sail", "tailwind"]
    assert s.fame["smuggler1"] == fame
    assert legal(s) == {"pledge bluefin", "pledge mollusk"}  # step 4 comes last


@pytest.mark.parametrize("cell, kind", [((0, 4), "fame-and-wealth"), ((2, 3), "add-tile")])
def test_every_reward_may_be_declined(cell, kind):
    """Delivering Cargo, step 3: "You *may* gain the reward in the space with the white reward
    marker." Ruling: "4 Fame and +1 to a wealth die" and "Add a tile to the map" are gained
    whole or not at all (`no-reward`); a Smuggler need not raise a region its opponent
    controls, and no tile is drawn before the Smuggler chooses to add one."""
    white = (cell[0] + 1, cell[1])
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, cargo={"smuggler1": ["iron"]},
           reward_markers={"smuggler1": (white, (0, 0))})
    s.apply("deliver iron")
    stack, wealth = s.supplies.tiles, [r["wealth"] for r in s.regions()]
    s.apply("reward up")
    assert REWARDS[cell[0]][cell[1]][0] == kind and "no-reward" in legal(s)
    assert "or take no reward (no-reward)" in s.prompt and label(s, "no-reward") == "Take no reward"
    if kind == "add-tile":
        assert label(s, "add-tile") == "Draw a region tile to add to the map"
    s.apply("no-reward")
    assert s.log[-1].events == ("Smuggler 1 does not gain the reward",)
    assert s.fame["smuggler1"] == 2  # the delivery's Fame only
    assert [r["wealth"] for r in s.regions()] == wealth
    assert s.supplies.tiles == stack and len(s.regions()) == 2
    assert legal(s) == {"pledge bluefin", "pledge mollusk"}


def test_pledges_are_hidden_from_other_players():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, cargo={"smuggler1": ["iron"]},
           pledged={"smuggler1": {"bluefin": ["wine"]}})
    play(s, "deliver iron", "reward left", "pledge mollusk")
    for viewer in ("bluefin", "mollusk", None):
        v = s.view(viewer)
        fs = v["state"]["factions"]["smuggler1"]
        assert fs["pledged"] is None
        assert sorted(fs["delivered"]) == sorted([CARGO_BY_KEY["iron"], CARGO_BY_KEY["wine"]])
        assert v["log"][-1]["action"] == "pledge (hidden)"
        assert not any("Mollusk" in e for e in v["log"][-1]["events"])
    own = s.view("smuggler1")
    assert own["state"]["factions"]["smuggler1"]["pledged"] == {
        "bluefin": [CARGO_BY_KEY["wine"]], "mollusk": [CARGO_BY_KEY["iron"]]}
    assert own["log"][-1]["action"] == "pledge mollusk"
