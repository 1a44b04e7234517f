"""Ending the Round (rulebook page 9): control, scoring, clean-up, the end of the game."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, scenario
from ahoy_nb.engine.components import CARGO_BY_KEY

from support import TWO_TILES, damaged, legal, play

# TWO_TILES: the Fish region (Island 0,0: spaces 0,0 1,0 0,1 1,1) and the
# Skull region (Island 3,2: spaces 2,1 3,1 2,2 3,2).

NO_DICE3 = {"bluefin": [], "smuggler1": [], "mollusk": []}


def last_turn(players=3, turn="mollusk", **kw):
    """A position whose turn player has nothing left to place: ``end`` ends the round."""
    kw.setdefault("tiles", TWO_TILES)
    kw.setdefault("hand", [])
    kw.setdefault("dice", dict(NO_DICE3) if players == 3 else {"bluefin": [], "mollusk": []})
    return scenario(players, turn=turn, **kw)


# -- control ---------------------------------------------------------------------------

def test_bluefin_control_patrol_one_stronghold_two_flagship_two():
    s = last_turn(figures={"bluefin": "1,0", "patrol": ["0,1", "1,1"], "stronghold": ["0,0"]})
    assert s.control("0,0") == {"bluefin": 1 + 1 + 2 + 2, "mollusk": 0}
    assert s.control("3,2") == {"bluefin": 0, "mollusk": 0}


def test_mollusk_control_one_per_comrade_on_the_island_and_one_per_union_ship():
    """Ruling: the Mollusk Flagship is a Union ship (+1 control)."""
    s = last_turn(figures={"mollusk": "2,2"}, comrades={"3,2": 3}, ready=6)
    assert s.control("3,2") == {"bluefin": 0, "mollusk": 3 + 1}
    # Ready Comrades add nothing.
    assert s.control("0,0") == {"bluefin": 0, "mollusk": 0}


def test_smugglers_do_not_affect_control():
    s = last_turn(players=4, figures={"smuggler1": "1,0", "smuggler2": "0,0", "patrol": ["0,1"]},
                  dice={"bluefin": [], "smuggler1": [], "mollusk": [], "smuggler2": []})
    assert s.control("0,0") == {"bluefin": 1, "mollusk": 0}
    assert s.regions()[0]["controller"] == "bluefin"


def test_the_controller_gains_fame_equal_to_the_wealth_die():
    s = last_turn(tiles=[(0, "0,0", 180, 4), (6, "2,1", 0, 2)],
                  figures={"bluefin": "1,0", "mollusk": "2,2"}, comrades={"3,2": 2})
    s.apply("end")
    assert s.fame == {"bluefin": 4, "smuggler1": 0, "mollusk": 2}


def test_scoring_is_data_in_the_log_beside_its_text():
    s = last_turn(tiles=[(0, "0,0", 180, 4), (6, "2,1", 0, 2)],
                  figures={"bluefin": "1,0", "mollusk": "2,2"}, comrades={"3,2": 2})
    s.apply("end")
    fame = [f for f in s.log[-1].facts if f["kind"] == "fame"]
    assert fame == [
        {"kind": "fame", "faction": "bluefin", "fame": 4, "source": "control", "round": 1,
         "region": 0, "control": {"bluefin": 2, "mollusk": 0}},
        {"kind": "fame", "faction": "mollusk", "fame": 2, "source": "control", "round": 1,
         "region": 1, "control": {"bluefin": 0, "mollusk": 3}}]


def test_a_tie_for_control_scores_nothing():
    # Fish region: Bluefin Flagship 2 against 1 Comrade and the Mollusk Flagship, 2.
    s = last_turn(figures={"bluefin": "1,0", "mollusk": "0,1"}, comrades={"0,0": 1})
    assert s.control("0,0") == {"bluefin": 2, "mollusk": 2}
    s.apply("end")
    assert s.fame == {"bluefin": 0, "smuggler1": 0, "mollusk": 0}
    assert s.regions()[0]["controller"] is None


def test_scoring_happens_only_when_everyone_has_placed_all_dice():
    s = last_turn(figures={"bluefin": "1,0"}, dice={"bluefin": [], "smuggler1": [3, 3], "mollusk": []})
    s.apply("end")
    assert s.fame["bluefin"] == 0 and s.turn_player == "smuggler1" and s.round == 1


# -- clean-up --------------------------------------------------------------------------

def test_clean_up_rerolls_every_die_clears_slots_keeps_damage_and_passes_first_player():
    s = last_turn(figures={"bluefin": "1,0", "smuggler1": "2,2", "mollusk": "3,2"},
                  placed={"bluefin": {"cannons5": 5, "sail": 1}, "mollusk": {"cannons": 2}},
                  damage={"smuggler1": ["sail"]}, first="bluefin", aside={"smuggler1": [4]})
    s.fix_dice([1, 2, 3, 4, 5, 6, 6, 6, 6, 1, 1, 1, 1])
    s.apply("end")
    assert s.round == 2
    assert s.dice("bluefin") == [1, 2, 3, 4, 5]
    assert s.dice("smuggler1") == [6, 6, 6, 6]
    assert s.dice("mollusk") == [1, 1, 1, 1]
    assert s.faction("smuggler1").aside == ()
    assert all(slot["die"] is None for f in s.players for slot in s.slots(f))  # Cannons unloaded
    assert damaged(s, "smuggler1") == ["sail"]
    assert s.first_player == "smuggler1"
    assert s.turn_player == "smuggler1" and s.turn.quota == 2


def test_first_player_card_goes_round_clockwise():
    s = last_turn(figures={"bluefin": "1,0"}, first="mollusk")
    s.apply("end")
    assert s.first_player == "bluefin" and s.turn_player == "bluefin"


def test_plans_are_drawn_after_cleaning_up():
    s = last_turn(figures={"bluefin": "1,0"}, hand=[])
    s.apply("end")
    assert s.faction("mollusk").plan_count == 2


def test_two_players_first_player_raises_a_wealth_die_then_may_flush_the_market():
    s = last_turn(players=2, turn="bluefin", figures={"bluefin": "1,0", "mollusk": "3,2"},
                  first="bluefin")
    s.apply("end")
    # Fame is scored before the adjustment (Fish 2-0 for Bluefin, Skull 0-1 for Mollusk).
    assert s.fame == {"bluefin": 1, "mollusk": 1}
    assert s.current_player == "bluefin"  # the first player
    assert legal(s) == {"wealth 0,0", "wealth 3,2"}
    s.apply("wealth 3,2")
    assert [r["wealth"] for r in s.regions()] == [1, 2]
    assert legal(s) == {"flush", "keep"}
    market = s.market.row
    s.apply("flush")
    assert set(market) <= set(s.market.box)
    assert len(s.market.row) == 3 and not set(market) & set(s.market.row)
    # Then the reroll and the first player card: Mollusk begins round 2.
    assert s.round == 2 and s.first_player == "mollusk" and s.turn_player == "mollusk"


def test_two_players_may_keep_the_market():
    s = last_turn(players=2, turn="bluefin", figures={"bluefin": "1,0"}, first="bluefin")
    market = s.market.row
    play(s, "end", "wealth 0,0", "keep")
    assert s.market.row == market and s.round == 2


def test_three_players_no_wealth_adjustment():
    s = last_turn(figures={"bluefin": "1,0"})
    s.apply("end")
    assert s.round == 2 and [r["wealth"] for r in s.regions()] == [1, 1]


# -- the end of the game -----------------------------------------------------------------

def test_game_ends_after_scoring_when_a_player_has_30_fame():
    s = last_turn(figures={"bluefin": "1,0"}, fame={"bluefin": 29, "mollusk": 25})
    s.apply("end")
    assert s.is_over and s.fame["bluefin"] == 30
    assert s.winner == "bluefin" and s.winners == ["bluefin"]
    assert s.current_player is None and s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        s.apply("end")


def test_game_goes_on_below_30():
    s = last_turn(figures={"bluefin": "1,0"}, fame={"bluefin": 28})
    s.apply("end")
    assert not s.is_over and s.round == 2


def test_thirty_fame_during_a_round_ends_the_game_only_at_the_end_of_the_round():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "3,2"}, turn="smuggler1", hand=[],
                 fame={"smuggler1": 29}, cargo={"smuggler1": ["iron"]},
                 dice={"bluefin": [], "smuggler1": [2, 2], "mollusk": []})
    play(s, "deliver iron", "reward left", "pledge bluefin")
    assert s.fame["smuggler1"] == 32 and not s.is_over
    play(s, "cannons 2", "repair 2", "end")
    assert s.is_over and s.winner == "smuggler1"


def test_two_players_game_end_comes_before_the_wealth_adjustment():
    s = last_turn(players=2, turn="bluefin", figures={"bluefin": "1,0"}, fame={"bluefin": 30})
    s.apply("end")
    assert s.is_over and s.current_player is None


def test_pledged_cargo_example_two_fish_cargo_to_the_union_controlling_two_fish_regions():
    """It is the end of the game. You reveal both of your pledge markers and the Cargo under
    them that you had delivered. No delivered Cargo is pledged to the Squadron. Two
    delivered Cargo of Fish suit are pledged to the Union. The Union controls 2 regions
    with Fish Islands, so you gain 4 Fame."""
    fish_fish = [(0, "0,0", 180), (1, "2,1", 0)]  # two Fish regions, Islands 0,0 and 3,2
    s = last_turn(tiles=fish_fish, figures={"mollusk": "3,2"}, comrades={"0,0": 1},
                  fame={"mollusk": 29, "smuggler1": 26},
                  pledged={"smuggler1": {"mollusk": ["rare-wood", "iron"]}})
    s.apply("end")
    assert s.is_over
    assert s.fame["mollusk"] == 31
    assert s.fame["smuggler1"] == 26 + 4
    assert s.winner == "mollusk"
    pledges = [f for f in s.log[-1].facts if f["source"] == "pledge"]
    assert [(f["faction"], f["fame"], f["to"], f["suit"]) for f in pledges] == [
        ("smuggler1", 2, "mollusk", "fish"), ("smuggler1", 2, "mollusk", "fish")]


def test_pledged_cargo_scores_per_region_of_its_suit_controlled_by_the_pledged_faction():
    fish_fish = [(0, "0,0", 180), (1, "2,1", 0)]
    s = last_turn(tiles=fish_fish, figures={"mollusk": "3,2", "bluefin": "1,0"},
                  fame={"mollusk": 30},
                  pledged={"smuggler1": {"bluefin": ["iron", "gems"], "mollusk": ["rare-wood"]}})
    s.apply("end")
    # Bluefin controls the Fish region at 0,0: Iron (Fish) scores 1, Gems (Skull) 0.
    # The Union controls the Fish region at 3,2: Rare Wood (Fish) scores 1.
    assert s.fame["smuggler1"] == 2


def test_pledged_cargo_counts_only_when_the_game_ends():
    """Ruling: pledged Cargo is scored once the game has ended, so it cannot itself reach the
    30 Fame that ends the game."""
    fish_fish = [(0, "0,0", 180), (1, "2,1", 0)]
    s = last_turn(tiles=fish_fish, figures={"mollusk": "3,2"}, comrades={"0,0": 1},
                  fame={"smuggler1": 29},
                  pledged={"smuggler1": {"mollusk": ["rare-wood", "iron"]}})
    s.apply("end")
    assert not s.is_over and s.fame["smuggler1"] == 29


def test_winner_by_fame_then_gold():
    s = last_turn(figures={"bluefin": "1,0"}, fame={"bluefin": 29, "mollusk": 30, "smuggler1": 30},
                  gold={"bluefin": 5, "mollusk": 2, "smuggler1": 1})
    s.apply("end")
    # Bluefin and Mollusk tie on 30 Fame: Bluefin has more gold.
    assert s.fame == {"bluefin": 30, "smuggler1": 30, "mollusk": 30}
    assert s.winners == ["bluefin"]


def test_a_full_tie_is_shared():
    """Ruling: players tied on Fame and on gold share the victory."""
    s = last_turn(figures={}, fame={"bluefin": 31, "mollusk": 31}, gold={"bluefin": 2, "mollusk": 2})
    s.apply("end")
    assert s.winners == ["bluefin", "mollusk"] and s.winner is None


def test_the_examples_cargo_are_of_the_suits_they_claim():
    # The Cargo keys used by the examples exist and are of the suits they claim.
    from ahoy_nb.engine.components import MARKET_CARDS
    assert MARKET_CARDS[CARGO_BY_KEY["rare-wood"]]["suit"] == "fish"
    assert MARKET_CARDS[CARGO_BY_KEY["iron"]]["suit"] == "fish"
    assert MARKET_CARDS[CARGO_BY_KEY["jewelry"]]["deliver"] == "swords"
