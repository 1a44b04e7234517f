"""Battling and Damage (rulebook pages 13 and 15), and every faction's Battle Victory."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, scenario

from support import TWO_TILES, at, damaged, events_since, kinds_at, legal, placed, play, ready

# TWO_TILES: 0,0 Fish Island, 1,0 open, 0,1 Wreckage 2g, 1,1 Fog |
#            2,1 Current (down), 3,1 Harbor, 2,2 open, 3,2 Skull Island


def battle_at_22(**kw):
    """A position on the Mollusk's turn with figures at 2,2 (no plans in hand)."""
    kw.setdefault("tiles", TWO_TILES)
    kw.setdefault("hand", [])
    kw.setdefault("turn", "mollusk")
    return scenario(kw.pop("players", 3), **kw)


# -- the rulebook's battle example -------------------------------------------------

def test_battle_example_mollusk_fires_4_to_1_wins_the_tie_steals_then_battles_the_patrol():
    """You want to battle in your Flagship's space, so you move out and back in. You have
    loaded Cannons, so you must battle each enemy figure there, one by one. First you
    battle the Smuggler Flagship. You lower your die on Cannons from "4" to "1." They have
    no die on Cannons. You roll a "2" and add your +3 from Cannons, for a total of 5. They
    roll a "5," but you win the tie because you are the attacker. For your Battle Victory,
    you deal 1 damage and steal 1 gold from the Smuggler. You place the damage token on
    their Full Sail. Now you must battle the Squadron Patrol, which basically works the
    same way, though you won't be able to lower your Cannons."""
    s = battle_at_22(figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "2,2",
                              "patrol": ["2,2"]},
                     dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 4}},
                     gold={"mollusk": 1, "smuggler1": 2})
    play(s, "sail 3", "move 3,2", "move 2,2")
    # Every enemy figure there, in the order the attacker chooses.
    assert s.current_player == "mollusk"
    assert legal(s) == {"battle smuggler1", "battle patrol"}
    s.apply("battle smuggler1")
    assert legal(s) == {"fire 4>3", "fire 4>2", "fire 4>1", "hold"}
    s.fix_battle(2, 5)
    n = len(s.log)
    s.apply("fire 4>1")
    # The Smuggler has no die on Cannons: it is not asked to fire.
    assert "Mollusk wins the battle 5 to 5 (attacker wins ties)" in events_since(s, n)
    assert s.current_player == "mollusk"
    assert legal(s) == {"victory place-comrade", "victory steal", "victory none"}
    s.apply("victory steal")
    assert s.gold == {"bluefin": 1, "smuggler1": 1, "mollusk": 2}
    assert s.current_player == "mollusk"  # the winner deals the damage: it chooses
    assert "damage fullsail" in legal(s)
    s.apply("damage fullsail")
    assert damaged(s, "smuggler1") == ["fullsail"]
    # Now the Patrol: the die on Cannons is at 1 and cannot be lowered further.
    assert legal(s) == {"battle patrol"}
    s.fix_battle(4, 1)
    n = len(s.log)
    s.apply("battle patrol")
    assert not any(e.startswith("Mollusk fires") for e in events_since(s, n))
    assert "victory steal" in legal(s)
    play(s, "victory place-comrade")
    # The Patrol is damaged, so it is removed; the Comrade goes on the Skull Island.
    assert kinds_at(s, "2,2") == ["mollusk", "smuggler1"]
    assert s.comrades()[(3, 2)] == 1
    assert placed(s, "mollusk")["cannons"] == [1]
    # The battle ended the move: the Flagship anchored where it fought.
    assert s.decision.kind == "turn" and at(s, "mollusk") == (2, 2)


# -- who battles -------------------------------------------------------------------

def test_no_battle_when_no_one_there_has_loaded_cannons():
    s = battle_at_22(figures={"mollusk": "3,2", "smuggler1": "2,2", "patrol": ["2,2"]},
                     dice={"mollusk": [3, 5]})
    play(s, "sail 3", "move 2,2")
    assert "anchor" in legal(s)  # no battle: the move goes on


def test_loaded_attacker_must_battle_every_enemy_figure_there():
    s = battle_at_22(figures={"mollusk": "3,2", "smuggler1": "2,2", "patrol": ["2,2", "2,2"]},
                     dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 2}})
    play(s, "sail 3", "move 2,2")
    assert legal(s) == {"battle smuggler1", "battle patrol"}
    queue = s.decision.details["queue"]
    assert sorted(queue) == ["patrol-1", "patrol-2", "smuggler1"]


def test_unloaded_attacker_battles_only_the_enemies_with_loaded_cannons():
    s = battle_at_22(turn="smuggler1",
                     figures={"smuggler1": "3,2", "mollusk": "2,2", "patrol": ["2,2"]},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"mollusk": {"cannons": 2}})
    play(s, "sail 3", "move 2,2")
    assert legal(s) == {"battle mollusk"}


def test_strongholds_always_have_loaded_cannons_and_add_two():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "2,2", "stronghold": ["3,2"]},
                     dice={"smuggler1": [3, 5]})
    play(s, "sail 3", "move 3,2")
    assert legal(s) == {"battle stronghold"}
    s.fix_battle(5, 3)
    n = len(s.log)
    s.apply("battle stronghold")  # no Cannons die on either side: nobody fires
    # 3 + 2 = 5 against the Smuggler's 5: the attacker wins the tie.
    assert "Smuggler 1 wins the battle 5 to 5 (attacker wins ties)" in events_since(s, n)


def test_stronghold_defender_can_still_lower_bluefins_cannons_die():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "2,2", "stronghold": ["3,2"]},
                     dice={"smuggler1": [3, 5], "bluefin": [1, 1, 1, 1]},
                     placed={"bluefin": {"cannons5": 5}})
    play(s, "sail 3", "move 3,2", "battle stronghold")
    assert s.current_player == "bluefin"
    assert "fire 5>1" in legal(s)
    s.fix_battle(6, 1)
    n = len(s.log)
    s.apply("fire 5>1")
    # 1 + 4 from Cannons + 2 Stronghold = 7 beats 6.
    assert "Bluefin wins the battle 7 to 6" in events_since(s, n)


def test_own_figures_are_not_battled():
    s = battle_at_22(turn="bluefin", figures={"bluefin": "3,2", "patrol": ["2,2"]},
                     dice={"bluefin": [3, 3, 3, 3]}, placed={"bluefin": {"cannons5": 5}})
    play(s, "sail 3", "move 2,2")
    assert "anchor" in legal(s)


def test_smugglers_battle_each_other():
    s = battle_at_22(players=4, turn="smuggler1",
                     figures={"smuggler1": "3,2", "smuggler2": "2,2"},
                     dice={"smuggler1": [3, 5]}, placed={"smuggler1": {"cannons": 2}})
    play(s, "sail 3", "move 2,2")
    assert legal(s) == {"battle smuggler2"}


# -- firing --------------------------------------------------------------------------

def test_attacker_fires_first_then_defender():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "3,2", "mollusk": "2,2"},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"mollusk": {"cannons": 3}, "smuggler1": {"cannons": 6}})
    play(s, "sail 3", "move 2,2", "battle mollusk")
    assert s.current_player == "smuggler1"
    assert legal(s) == {"fire 6>5", "fire 6>4", "fire 6>3", "fire 6>2", "fire 6>1", "hold"}
    s.apply("fire 6>2")
    assert s.current_player == "mollusk"
    assert legal(s) == {"fire 3>2", "fire 3>1", "hold"}
    s.fix_battle(1, 1)
    n = len(s.log)
    s.apply("fire 3>1")
    # 1 + 4 against 1 + 2.
    assert "Smuggler 1 wins the battle 5 to 3" in events_since(s, n)
    assert placed(s, "smuggler1")["cannons"] == [2]
    assert placed(s, "mollusk")["cannons"] == [1]


def test_cannons_cannot_be_turned_up():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "3,2", "mollusk": "2,2"},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"mollusk": {"cannons": 3}, "smuggler1": {"cannons": 4}})
    play(s, "sail 3", "move 2,2", "battle mollusk")
    with pytest.raises(IllegalActionError, match="not up"):
        s.apply("fire 4>5")


def test_bluefin_may_turn_down_only_one_of_its_two_cannons_dice():
    s = battle_at_22(turn="bluefin", figures={"bluefin": "3,2", "mollusk": "2,2"},
                     dice={"bluefin": [3, 3, 3]}, placed={"bluefin": {"cannons5": 5, "cannons6": 6}})
    play(s, "sail 3", "move 2,2", "battle mollusk")
    fires = {a for a in legal(s) if a.startswith("fire")}
    assert {"fire 5>1", "fire 6>1", "fire 6>5"} <= fires
    s.fix_battle(1, 6)
    s.apply("fire 6>1")
    # Not asked again: the Mollusk has no Cannons, so the dice are rolled at once:
    # 1 + 5 against 6, a tie won by the attacker.
    assert s.current_player == "bluefin"
    assert "victory damage2" in legal(s)
    assert placed(s, "bluefin") == {"cannons5": [5], "cannons6": [1], "sail": [3]}


def test_ties_go_to_the_attacker():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "3,2", "mollusk": "2,2"},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"mollusk": {"cannons": 1}})
    s.fix_battle(4, 4)
    play(s, "sail 3", "move 2,2", "battle mollusk")
    assert s.current_player == "smuggler1"
    assert "victory reward" in legal(s)


def test_defender_who_wins_chooses_victory_and_damages_the_attacker():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "3,2", "mollusk": "2,2"},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"mollusk": {"cannons": 1}}, gold={"smuggler1": 1, "mollusk": 0})
    s.fix_battle(1, 2)
    play(s, "sail 3", "move 2,2", "battle mollusk")
    assert s.current_player == "mollusk"
    s.apply("victory steal")
    assert s.gold["mollusk"] == 1 and s.gold["smuggler1"] == 0
    assert s.current_player == "mollusk"
    s.apply("damage cannons")
    assert damaged(s, "smuggler1") == ["cannons"]
    # The loser's move is over too.
    assert s.decision.kind == "turn" and at(s, "smuggler1") == (2, 2)


# -- Battle Victory options -------------------------------------------------------------

def bluefin_wins_against(loser: str, **kw):
    figures = {"bluefin": "3,2", loser: "2,2"}
    s = battle_at_22(turn="bluefin", figures=figures, dice={"bluefin": [3, 3, 3]},
                     placed={"bluefin": {"cannons5": 5}}, **kw)
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 2,2", f"battle {loser}", "hold")
    return s


def test_bluefin_victory_options_against_a_smuggler():
    s = bluefin_wins_against("smuggler1")
    assert legal(s) == {"victory steal", "victory damage2", "victory none"}


def test_bluefin_victory_against_a_union_ship_may_remove_a_comrade():
    s = bluefin_wins_against("mollusk", comrades={"3,2": 2, "0,0": 1})
    assert legal(s) == {"victory steal", "victory damage2", "victory remove-comrade", "victory none"}
    s.apply("victory remove-comrade")
    assert s.comrades() == {(3, 2): 1, (0, 0): 1}  # the Island in the region of battle
    assert ready(s) == 6  # returned to the supply, not to Ready Comrades
    assert s.current_player == "bluefin" and "damage sail" in legal(s)


def test_bluefin_victory_deal_two_damage():
    s = bluefin_wins_against("smuggler1")
    s.apply("victory damage2")
    assert s.current_player == "bluefin"
    play(s, "damage sail", "damage sail")
    assert damaged(s, "smuggler1") == ["sail", "sail"]
    assert legal(s) == {"patrol", "no-patrol"}  # the Sail's anchoring


def test_steal_from_a_player_with_no_gold_deals_only_the_damage():
    """Ruling: "steal 1 gold" takes nothing from a player with no gold; the damage is
    still dealt."""
    s = bluefin_wins_against("smuggler1", gold={"smuggler1": 0, "bluefin": 1})
    s.apply("victory steal")
    assert s.gold["bluefin"] == 1 and s.gold["smuggler1"] == 0
    s.apply("damage tailwind")
    assert damaged(s, "smuggler1") == ["tailwind"]


def test_victory_none_deals_no_damage():
    s = bluefin_wins_against("smuggler1")
    s.apply("victory none")
    assert damaged(s, "smuggler1") == []
    assert legal(s) == {"patrol", "no-patrol"}  # straight on to the Sail's anchoring


def test_mollusk_victory_places_a_ready_comrade_on_the_island_of_the_battle_region():
    s = battle_at_22(figures={"mollusk": "3,2", "smuggler1": "2,2"}, dice={"mollusk": [3, 5]},
                     placed={"mollusk": {"cannons": 2}}, ready=3)
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 2,2", "battle smuggler1", "hold", "victory place-comrade")
    assert s.comrades()[(3, 2)] == 1
    assert ready(s) == 2
    s.apply("damage cannons")
    assert damaged(s, "smuggler1") == ["cannons"]


def test_mollusk_victory_with_no_ready_comrades_only_deals_the_damage():
    s = battle_at_22(figures={"mollusk": "3,2", "smuggler1": "2,2"}, dice={"mollusk": [3, 5]},
                     placed={"mollusk": {"cannons": 2}}, ready=0)
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 2,2", "battle smuggler1", "hold", "victory place-comrade", "damage sail")
    assert s.comrades() == {} and damaged(s, "smuggler1") == ["sail"]


def smuggler_wins_against_mollusk(**kw):
    kw.setdefault("figures", {"smuggler1": "3,2", "mollusk": "2,2", "patrol": ["2,2"]})
    s = battle_at_22(turn="smuggler1", dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"smuggler1": {"cannons": 2}}, **kw)
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 2,2", "battle mollusk", "hold")
    return s


def test_smuggler_victory_options():
    s = smuggler_wins_against_mollusk()
    assert legal(s) == {"victory move", "victory reward", "victory none"}


def test_smuggler_victory_move_ignores_the_other_battles_in_the_space_and_anchors_once():
    """Deal 1 damage and move 1 or 2 spaces immediately, ignoring all other battles in your
    space. Ruling: the victory move ends the action the battle interrupted, so the Flagship
    anchors once, where the victory move ends (one Harbor, one Treasure)."""
    s = smuggler_wins_against_mollusk(gold={"smuggler1": 0, "mollusk": 0, "bluefin": 0})
    play(s, "victory move", "damage sail")
    assert {"move 2,1", "move 3,2", "move 1,2", "move 2,3"} <= legal(s)
    assert "anchor" not in legal(s)
    play(s, "move 3,2", "move 3,1")
    # No battle with the Patrol.
    assert s.decision.kind == "turn"
    assert kinds_at(s, "2,2") == ["mollusk", "patrol-1"]
    assert at(s, "smuggler1") == (3, 1)


def test_smuggler_victory_move_to_treasure_gains_it_once():
    """Ruling: see above; the Wreckage's Treasure is gained once, not again by the Sail."""
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "1,0", "mollusk": "0,0"},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"smuggler1": {"cannons": 2}},
                     gold={"smuggler1": 0, "mollusk": 0, "bluefin": 0})
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 0,0", "battle mollusk", "hold", "victory move", "damage sail",
         "move 0,1", "damage tailwind", "anchor")
    assert s.gold["smuggler1"] == 2  # the Wreckage's 2 gold, once
    assert s.decision.kind == "turn"


def test_recruit_reward_works_away_from_an_island():
    """Ruling: "Recruit 1 Crew ignoring cost & suit" needs no Island (only an Island with a
    Stronghold blocks it): a Smuggler wins a battle at sea and recruits."""
    s = smuggler_wins_against_mollusk(reward_markers={"smuggler1": ((3, 1), (4, 1))},
                                      market=["sea-witch", "gunner", "sea-dog"])
    play(s, "victory reward", "damage sail", "reward right")
    assert legal(s) == {"recruit sea-witch", "recruit gunner", "recruit sea-dog", "done"}
    s.apply("recruit gunner")
    assert len(s.faction("smuggler1").crew) == 1


def test_smuggler_victory_reward_moves_the_white_marker():
    """Ruling: "Deal 1 damage and gain a reward": the damage is dealt first, then the reward."""
    s = smuggler_wins_against_mollusk()
    play(s, "victory reward", "damage sail")
    assert legal(s) == {"reward up", "reward down", "reward left", "reward right"}
    fame = s.fame["smuggler1"]
    s.apply("reward left")  # 1 Fame
    markers = s.faction("smuggler1").reward_markers
    assert (markers.white, markers.black) == ((2, 1), (2, 2))
    assert s.fame["smuggler1"] == fame + 1


# -- damage -------------------------------------------------------------------------------

def test_damage_only_on_empty_undamaged_undashed_slots():
    s = battle_at_22(turn="bluefin", figures={"bluefin": "3,2", "smuggler1": "2,2"},
                     dice={"bluefin": [3, 3, 3], "smuggler1": [1, 2]},
                     placed={"bluefin": {"cannons5": 5}, "smuggler1": {"sail": 4, "tailwind": 3}},
                     damage={"smuggler1": ["sail", "fullsail"]})
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 2,2", "battle smuggler1", "hold", "victory steal")
    # Sail: one has a die, one is damaged, one is empty; Repair is dashed.
    assert legal(s) == {"damage sail", "damage cannons", "damage negotiate"}


def test_damage_is_ignored_when_no_slot_can_be_damaged():
    s = battle_at_22(turn="bluefin", figures={"bluefin": "3,2", "smuggler1": "2,2"},
                     dice={"bluefin": [3, 3, 3], "smuggler1": [1]},
                     placed={"bluefin": {"cannons5": 5},
                             "smuggler1": {"sail": [1, 2], "fullsail": 3}},
                     damage={"smuggler1": ["sail", "tailwind", "cannons", "negotiate"]})
    s.fix_battle(6, 1)
    n = len(s.log)
    play(s, "sail 3", "move 2,2", "battle smuggler1", "hold", "victory damage2")
    assert legal(s) == {"patrol", "no-patrol"}
    assert sum("the damage is ignored" in e for e in events_since(s, n)) == 2


def test_damaged_patrol_returns_to_the_supply():
    # The Smuggler wins: the Patrol is removed; its other battle stays to be fought.
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "3,2", "patrol": ["2,2", "2,2"]},
                     dice={"smuggler1": [3, 5]}, placed={"smuggler1": {"cannons": 2}})
    s.fix("battle", [[[6], [1]], [[6], [1]]])
    play(s, "sail 3", "move 2,2", "battle patrol", "hold", "victory reward", "reward left")
    assert kinds_at(s, "2,2") == ["patrol-2", "smuggler1"]
    assert legal(s) == {"battle patrol"}
    play(s, "battle patrol", "hold", "victory none")
    assert s.decision.kind == "turn"


def test_damaged_stronghold_returns_to_the_supply():
    s = battle_at_22(turn="mollusk", figures={"mollusk": "2,2", "stronghold": ["3,2"]},
                     dice={"mollusk": [3, 5]})
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 3,2", "battle stronghold", "victory steal", "no-comrades")
    assert kinds_at(s, "3,2") == ["mollusk"]
    assert s.decision.kind == "turn"


def test_a_losing_patrol_attacker_is_removed_and_its_battles_end():
    s = battle_at_22(turn="bluefin", figures={"bluefin": "0,0", "patrol": ["3,2"],
                                             "mollusk": "2,2", "smuggler1": "2,2"},
                     dice={"bluefin": [3, 3, 3], "mollusk": [1, 2, 3], "smuggler1": [1, 2, 3]},
                     placed={"bluefin": {"cannons5": 5}, "mollusk": {"cannons": 1},
                             "smuggler1": {"cannons": 1}})
    s.fix_battle(1, 6)
    play(s, "order 3", "order 3,2>2,2", "battle mollusk", "hold", "victory steal")
    assert at(s, "patrol-1") is None
    # The Patrol is gone: no battle with the Smuggler; Order goes on with no Patrol left.
    assert s.decision.kind == "turn"


# -- no further movement ----------------------------------------------------------------

def test_battle_ends_the_move_even_for_the_loser():
    s = battle_at_22(turn="smuggler1", figures={"smuggler1": "2,1", "mollusk": "3,1"},
                     dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]},
                     placed={"mollusk": {"cannons": 1}})
    s.fix_battle(1, 6)
    play(s, "sail 3", "move 3,1", "battle mollusk", "victory none")
    # Sail had a second space; the battle ended the move: the Flagship anchors at the Harbor.
    assert legal(s) == {"harbor-cannons sail", "harbor-none"}


def test_the_attacker_must_fight_every_eligible_enemy_even_after_losing():
    s = battle_at_22(figures={"mollusk": "3,2", "smuggler1": "2,2", "patrol": ["2,2"]},
                     dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 2}})
    s.fix("battle", [[[1], [6]], [[6], [1]]])
    play(s, "sail 3", "move 2,2", "battle smuggler1", "hold", "victory none")
    assert legal(s) == {"battle patrol"}
    play(s, "battle patrol", "hold", "victory none")
    assert kinds_at(s, "2,2") == ["mollusk", "patrol-1", "smuggler1"]


def test_crew_die_slots_can_be_damaged_crew_without_one_cannot():
    s = battle_at_22(turn="bluefin", figures={"bluefin": "3,2", "smuggler1": "2,2"},
                     dice={"bluefin": [3, 3, 3]}, placed={"bluefin": {"cannons5": 5}},
                     crew={"smuggler1": ["gunner", "sea-dog", "shipwright"]})
    s.fix_battle(6, 1)
    play(s, "sail 3", "move 2,2", "battle smuggler1", "hold", "victory steal")
    options = legal(s)
    assert {"damage gunner", "damage shipwright"} <= options
    assert "damage sea-dog" not in options
    s.apply("damage gunner")
    assert damaged(s, "smuggler1") == ["gunner"]
