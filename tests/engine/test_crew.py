"""Crew (rulebook page 15 and Appendix A; printed text in ahoy-components.md).

Each card is tested from its text: the effect at the moment the text names, what it
must not do, its edge cases, and illegal uses refused in the rules' words with the
state unchanged.
"""

from __future__ import annotations


from ahoy_nb.engine import scenario
from ahoy_nb.engine.words import label

from support import (TWO_TILES, at, damaged, events_since, legal, play, quiet_choice, refused,
                     builder)

# TWO_TILES: 0,0 Fish Island, 1,0 open (Tailwind 6), 0,1 Wreckage 2g, 1,1 Fog |
#            2,1 Current (down), 3,1 Harbor, 2,2 open (Tailwind 2), 3,2 Skull Island

# Two Fish tiles: 0,0 Fish Island ... | 2,1 Treasure 2g, 3,1 open (Sandbar between them),
#                                       2,2 Current (down, off the map), 3,2 Fish Island
TWO_FISH = [(0, "0,0", 180), (1, "2,1", 0)]

# TWO_TILES and a Skull tile at 4,0: 4,0 Harbor, 5,0 Treasure 1g, 4,1 Treasure 1g,
# 5,1 Skull Island. Row y=0 has a gap at 2,0 and 3,0.
THREE_TILES = TWO_TILES + [(7, "4,0", 0)]


game = builder("smuggler1", hand=[])  # Smuggler 1 to play; the Mollusk holds no plans


def crew_of(s, f):
    return sorted(s.faction(f).crew)


def has_card(s, f, key):
    return key in s.faction(f).crew


def battle(**kw):
    """Smuggler 1 (Cannons 1 placed, dice 4 4) sails from 1,0 into Bluefin at 0,0."""
    kw.setdefault("placed", {"smuggler1": {"cannons": 1}})
    kw.setdefault("dice", {"smuggler1": [4, 4]})
    s = game(**kw)
    play(s, "sail 4", "move 0,0")
    return s


# -- Aeronauts ------------------------------------------------------------------------

def test_aeronauts_moves_directly_to_the_other_island_of_that_suit_for_1_gold():
    s = game("smuggler1", tiles=TWO_FISH, figures={"bluefin": "1,0", "smuggler1": "0,0"},
             crew={"smuggler1": ["aeronauts"]}, gold={"smuggler1": 2})
    assert "aeronauts" in legal(s)
    n = len(s.log)
    s.apply("aeronauts")
    assert at(s, "smuggler1") == (3, 2)
    assert s.gold["smuggler1"] == 1
    assert "Smuggler 1's Flagship anchors at 3,2" in events_since(s, n)
    assert s.turn.placed == 0  # no die
    # Not once per turn: it may fly back.
    s.apply("aeronauts")
    assert at(s, "smuggler1") == (0, 0)


def test_aeronauts_is_not_a_tailwind_action_so_bluefin_places_no_patrol():
    s = game("bluefin", tiles=TWO_FISH, figures={"bluefin": "0,0"},
             crew={"bluefin": ["aeronauts"]}, gold={"bluefin": 1})
    s.apply("aeronauts")
    assert at(s, "bluefin") == (3, 2)
    assert s.current_player == "bluefin" and s.decision.kind == "turn"
    assert not [f for f in s.figures() if f["kind"] == "patrol"]


def test_aeronauts_refused_without_gold_away_from_an_island_or_without_a_twin_island():
    s = game("smuggler1", tiles=TWO_FISH, figures={"smuggler1": "0,0"},
             crew={"smuggler1": ["aeronauts"]}, gold={"smuggler1": 0})
    assert "aeronauts" not in legal(s)
    refused(s, "aeronauts", "Aeronauts costs 1 gold, and Smuggler 1 has 0")
    s = game("smuggler1", tiles=TWO_FISH, figures={"smuggler1": "1,0"},
             crew={"smuggler1": ["aeronauts"]}, gold={"smuggler1": 3})
    refused(s, "aeronauts", "while your Flagship is at an Island")
    s = game("smuggler1", figures={"smuggler1": "0,0"}, crew={"smuggler1": ["aeronauts"]},
             gold={"smuggler1": 3})  # Fish and Skull: no second Fish Island
    refused(s, "aeronauts", "other Island of that suit is not on the map")
    s = game("smuggler1", tiles=TWO_FISH, figures={"smuggler1": "0,0"}, gold={"smuggler1": 3})
    refused(s, "aeronauts", "Aeronauts is not in your Crew")


# -- Middleman -------------------------------------------------------------------------

def test_middleman_changes_a_die_by_up_to_2_per_gold():
    s = game(dice={"smuggler1": [2, 2]}, crew={"smuggler1": ["middleman"]}, gold={"smuggler1": 1})
    assert {"cannons 2>4", "cannons 2>3", "cannons 2>1"} <= legal(s)
    assert "cannons 2>5" not in legal(s)
    n = len(s.log)
    s.apply("cannons 2>4")
    assert s.gold["smuggler1"] == 0
    assert "Smuggler 1 places a 2 on Cannons, spending 1 gold to make it a 4 (Middleman)" in events_since(s, n)
    plain = game(dice={"smuggler1": [2, 2]}, gold={"smuggler1": 1})
    assert "cannons 2>4" not in legal(plain) and "cannons 2>3" in legal(plain)


# -- Documentarian, Elder ----------------------------------------------------------------

def test_documentarian_gains_1_gold_at_the_end_of_turn_with_an_enemy_flagship_in_the_region():
    s = game(crew={"smuggler1": ["documentarian"]}, placed_this_turn=2, gold={"smuggler1": 0},
             figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "0,1"})
    n = len(s.log)
    s.apply("end")
    # Two enemy Flagships there, still only 1 gold.
    assert s.gold["smuggler1"] == 1
    assert any("(Documentarian)" in e for e in events_since(s, n))
    alone = game(crew={"smuggler1": ["documentarian"]}, placed_this_turn=2, gold={"smuggler1": 0},
                 figures={"bluefin": "3,2", "smuggler1": "1,0", "mollusk": "2,2"})
    alone.apply("end")
    assert alone.gold["smuggler1"] == 0


def test_documentarian_does_not_pay_on_another_players_turn():
    s = game("bluefin", crew={"smuggler1": ["documentarian"]}, placed_this_turn=2,
             gold={"smuggler1": 0}, dice={"bluefin": [1, 2, 3]})
    s.apply("end")
    assert s.gold["smuggler1"] == 0


def test_elder_gains_1_gold_at_the_end_of_turn_only_with_no_damaged_slot_even_crew():
    s = game(crew={"smuggler1": ["elder"]}, placed_this_turn=2, gold={"smuggler1": 0})
    s.apply("end")
    assert s.gold["smuggler1"] == 1
    hurt = game(crew={"smuggler1": ["elder", "gunner"]}, placed_this_turn=2, gold={"smuggler1": 0},
                damage={"smuggler1": ["gunner"]})
    hurt.apply("end")
    assert hurt.gold["smuggler1"] == 0


# -- Sea Witch ---------------------------------------------------------------------------

def test_sea_witch_moves_off_the_map_even_where_no_tile_can_go_to_the_nearest_opposite_edge():
    """Trace back from the direction you're moving until you hit the nearest opposite
    edge; move to the space adjacent to that edge along the traced path."""
    s = game(tiles=THREE_TILES, figures={"smuggler1": "5,0"}, dice={"smuggler1": [3, 3]},
                      crew={"smuggler1": ["sea-witch"]}, tile_stack=[])
    s.apply("sail 3")
    assert "move 6,0" in legal(s)
    s.apply("move 6,0")
    assert legal(s) == {"sea-witch"}  # cannot explore: the Sea Witch is the only way
    n = len(s.log)
    s.apply("sea-witch")
    # The row is broken at 2,0-3,0: the nearest edge is left of 4,0, not left of 0,0.
    assert at(s, "smuggler1") == (4, 0)
    assert any("(Sea Witch)" in e for e in events_since(s, n))
    # "For free": it may go on moving with its second space.
    assert "anchor" in legal(s) and "move 4,1" in legal(s)


def test_without_sea_witch_no_step_off_the_map_where_no_tile_fits():
    s = game(tiles=THREE_TILES, figures={"smuggler1": "5,0"}, dice={"smuggler1": [3, 3]}, tile_stack=[])
    s.apply("sail 3")
    assert "move 6,0" not in legal(s)
    refused(s, "move 6,0", "tile stack is empty")


def test_sea_witch_may_be_declined_to_explore_instead():
    s = game(figures={"smuggler1": "1,0"}, dice={"smuggler1": [3, 3]}, crew={"smuggler1": ["sea-witch"]})
    play(s, "sail 3", "move 1,-1")
    assert legal(s) == {"sea-witch", "no-sea-witch"}
    witch = s.after("sea-witch")
    assert at(witch, "smuggler1") == (1, 1)  # back down the column: 1,0 then 1,1 (Fog)
    s.apply("no-sea-witch")
    assert s.decision.kind == "explore"


def test_sea_witch_is_only_for_the_flagship():
    s = game("bluefin", tiles=THREE_TILES, figures={"bluefin": "0,0", "patrol": ["5,0"]},
                      dice={"bluefin": [3, 3]}, crew={"bluefin": ["sea-witch"]}, tile_stack=[])
    s.apply("order 3")
    assert not any(a.startswith("order 5,0>6,0") for a in legal(s))


# -- Buccaneer ---------------------------------------------------------------------------

def test_buccaneer_returns_itself_and_2_crew_of_the_loser_of_your_choice_to_the_box():
    s = battle(crew={"smuggler1": ["buccaneer"], "bluefin": ["gunner", "pilot", "diver"]})
    s.fix_battle(6, 1)
    s.apply("battle bluefin")
    assert legal(s) == {"buccaneer diver gunner", "buccaneer diver pilot", "buccaneer gunner pilot",
                        "no-buccaneer"}
    s.apply("buccaneer gunner pilot")
    assert {"buccaneer", "gunner", "pilot"} <= set(s.market.box)
    assert crew_of(s, "bluefin") == ["diver"]
    assert crew_of(s, "smuggler1") == []
    # Then the Battle Victory, as usual.
    assert s.decision.kind == "victory"


def test_buccaneer_takes_the_only_crew_and_may_be_kept():
    s = battle(crew={"smuggler1": ["buccaneer"], "bluefin": ["gunner"]})
    s.fix_battle(6, 1)
    s.apply("battle bluefin")
    assert legal(s) == {"buccaneer gunner", "no-buccaneer"}
    s.apply("no-buccaneer")
    assert has_card(s, "smuggler1", "buccaneer") and has_card(s, "bluefin", "gunner")


def test_buccaneer_not_offered_when_losing_or_against_no_crew():
    s = battle(crew={"smuggler1": ["buccaneer"]})
    s.fix_battle(6, 1)
    s.apply("battle bluefin")
    assert s.decision.kind == "victory"
    s = battle(crew={"smuggler1": ["buccaneer"], "bluefin": ["gunner"]})
    s.fix_battle(1, 6)
    s.apply("battle bluefin")
    assert s.current_player == "bluefin" and s.decision.kind == "victory"


# -- Mystic ------------------------------------------------------------------------------

def test_mystic_once_per_turn_takes_1_damage_on_the_board_to_deal_1_to_a_figure_in_the_region():
    """Ruling: the damage taken goes on the player board (printed), the target is an enemy."""
    s = game(crew={"smuggler1": ["mystic", "elder"]},
             figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2", "patrol": ["0,1"]})
    # Enemy figures of the Flagship's region only (not Mollusk at 3,2).
    assert {a for a in legal(s) if a.startswith("mystic")} == {"mystic 0,0", "mystic 0,1"}
    s.apply("mystic 0,0")
    # "take 1 damage on your player board": not on a Crew slot (Elder).
    assert s.current_player == "smuggler1"
    assert "damage elder" not in legal(s) and "damage sail" in legal(s)
    s.apply("damage sail")
    assert damaged(s, "smuggler1") == ["sail"]
    assert s.current_player == "smuggler1"  # dealing damage: the dealer chooses the slot
    s.apply("damage tailwind")
    assert damaged(s, "bluefin") == ["tailwind"]
    assert s.turn.placed == 0
    refused(s, "mystic 0,1", "Mystic may be used only once per turn")


def test_mystic_removes_a_patrol_and_needs_a_board_slot_that_can_take_the_damage():
    s = game(crew={"smuggler1": ["mystic"]}, figures={"smuggler1": "1,0", "patrol": ["0,1"]})
    play(s, "mystic 0,1", "damage sail")
    assert not [f for f in s.figures() if f["kind"] == "patrol"]
    full = game(crew={"smuggler1": ["mystic"]}, figures={"smuggler1": "1,0", "bluefin": "0,0"},
                damage={"smuggler1": ["sail", "sail", "sail", "fullsail", "tailwind", "cannons",
                                      "negotiate"]})
    assert not [a for a in legal(full) if a.startswith("mystic")]
    refused(full, "mystic 0,0", "you must be able to place the damage")


# -- Gunner ------------------------------------------------------------------------------

def test_gunner_deals_an_extra_damage_when_the_flagship_wins():
    s = battle(crew={"smuggler1": ["gunner"]})
    s.fix_battle(6, 1)
    play(s, "battle bluefin", "victory reward")
    hits = 0
    while s.decision.kind == "damage":
        s.apply(sorted(legal(s))[0])
        hits += 1
    assert hits == 2 and len(damaged(s, "bluefin")) == 2


def test_gunner_only_with_the_flagship():
    """Bluefin's Patrol wins a battle: no extra damage although Bluefin has the Gunner."""
    s = game(crew={"bluefin": ["gunner"]}, placed={"smuggler1": {"cannons": 1}},
             dice={"smuggler1": [4, 4]}, figures={"smuggler1": "1,0", "bluefin": "3,2", "patrol": ["0,0"]})
    s.fix_battle(1, 6)
    play(s, "sail 4", "move 0,0", "battle patrol", "victory steal")
    assert legal(s) == {f"damage {k}" for k in ("sail", "fullsail", "tailwind", "negotiate")}
    s.apply("damage sail")
    assert damaged(s, "smuggler1") == ["sail"]
    assert s.decision.kind == "turn" or s.decision.kind != "damage"


# -- Gunner's Mate -------------------------------------------------------------------------

def test_gunners_mate_battles_any_space_in_the_region_as_if_it_moved_there():
    """Ruling: one space of the region with enemies, not Fog; the Flagship stays put."""
    s = game(crew={"smuggler1": ["gunners-mate"]}, dice={"smuggler1": [4, 4]},
             figures={"smuggler1": "1,0", "bluefin": "0,1", "mollusk": "1,1", "patrol": ["3,1"]})
    s.apply("cannons 4")
    # Fog at 1,1: battles cannot happen there. 3,1 is in another region.
    assert legal(s) == {"gunners-mate 0,1", "no-gunners-mate"}
    s.apply("gunners-mate 0,1")
    assert legal(s) == {"battle bluefin"}
    s.apply("battle bluefin")
    s.fix_battle(6, 1)
    s.apply("hold")
    assert at(s, "smuggler1") == (1, 0)  # it battles from where it is
    assert s.current_player == "smuggler1" and "victory reward" in legal(s)


def test_gunners_mate_not_offered_with_no_enemy_in_the_region_or_without_the_card():
    s = game(crew={"smuggler1": ["gunners-mate"]}, dice={"smuggler1": [4, 4]},
             figures={"smuggler1": "1,0", "bluefin": "3,2"})
    s.apply("cannons 4")
    assert s.decision.kind == "turn"
    s = game(dice={"smuggler1": [4, 4]}, figures={"smuggler1": "1,0", "bluefin": "0,1"})
    s.apply("cannons 4")
    assert s.decision.kind == "turn"


def test_gunners_mate_also_when_a_harbor_puts_a_die_on_cannons():
    s = game(crew={"smuggler1": ["gunners-mate"]}, dice={"smuggler1": [4, 4]},
             placed={"smuggler1": {"sail": 5}},
             figures={"smuggler1": "2,2", "bluefin": "3,2"})
    play(s, "sail 4", "move 3,2", "move 3,1")
    assert "harbor-cannons sail 4" in legal(s)
    s.apply("harbor-cannons sail 4")
    assert legal(s) == {"gunners-mate 3,2", "no-gunners-mate"}


# -- Powder Monkey ----------------------------------------------------------------------------

def test_powder_monkey_deals_1_damage_in_the_region_when_you_repair():
    s = game(crew={"smuggler1": ["powder-monkey"]}, dice={"smuggler1": [2, 2]},
             damage={"smuggler1": ["sail"]}, figures={"smuggler1": "1,0", "bluefin": "0,0"})
    play(s, "repair 2", "repair sail")
    assert legal(s) == {"powder-monkey 0,0", "no-powder-monkey"}
    s.apply("powder-monkey 0,0")
    s.apply("damage sail")
    assert damaged(s, "bluefin") == ["sail"]


def test_powder_monkey_needs_damage_repaired():
    s = game(crew={"smuggler1": ["powder-monkey"]}, dice={"smuggler1": [2, 2]},
             figures={"smuggler1": "1,0", "bluefin": "0,0"})
    s.apply("repair 2")
    assert s.decision.kind == "turn"


# -- Fighters, Cutpurse --------------------------------------------------------------------------

def test_fighters_add_1_in_any_battle_even_a_patrols_and_cutpurse_pays_2_gold_for_any_win():
    s = game(crew={"bluefin": ["fighters", "cutpurse"]}, placed={"smuggler1": {"cannons": 1}},
             dice={"smuggler1": [4, 4]}, gold={"bluefin": 0},
             figures={"smuggler1": "1,0", "bluefin": "3,2", "patrol": ["0,0"]})
    s.fix_battle(4, 4)
    n = len(s.log)
    play(s, "sail 4", "move 0,0", "battle patrol")
    events = events_since(s, n)
    assert "Smuggler 1 rolls 4 = 4; Bluefin rolls 4 +1 Fighters = 5" in events
    assert "Bluefin wins the battle 5 to 4" in events
    assert s.gold["bluefin"] == 2 and "Bluefin gains 2 gold for winning the battle (Cutpurse)" in events


def test_cutpurse_pays_nothing_to_the_loser():
    s = battle(crew={"smuggler1": ["cutpurse"]}, gold={"smuggler1": 0})
    s.fix_battle(1, 6)
    s.apply("battle bluefin")
    assert s.gold["smuggler1"] == 0


# -- Shipwright ---------------------------------------------------------------------------------

def test_shipwright_repairs_all_damage_board_and_crew_for_a_die():
    s = game(crew={"smuggler1": ["shipwright", "gunner"]}, dice={"smuggler1": [3, 5]},
             damage={"smuggler1": ["sail", "sail", "cannons", "gunner"]})
    assert "shipwright 3" in legal(s)
    s.apply("shipwright 3")
    assert damaged(s, "smuggler1") == []
    assert s.turn.placed == 1
    assert "shipwright 5" not in legal(s)  # its slot is full now


def test_shipwright_triggers_powder_monkey():
    s = game(crew={"smuggler1": ["shipwright", "powder-monkey"]}, dice={"smuggler1": [3, 5]},
             damage={"smuggler1": ["sail"]}, figures={"smuggler1": "1,0", "bluefin": "0,0"})
    s.apply("shipwright 3")
    assert legal(s) == {"powder-monkey 0,0", "no-powder-monkey"}


# -- Emissary ------------------------------------------------------------------------------------

def test_emissary_gives_the_defender_1_gold_to_ignore_the_battle_and_keeps_moving():
    """Ruling: with every battle in the space ignored, the figure keeps its movement."""
    s = game(crew={"smuggler1": ["emissary"]}, placed={"smuggler1": {"cannons": 1}},
             dice={"smuggler1": [4, 4]}, gold={"smuggler1": 2, "bluefin": 0},
             figures={"smuggler1": "1,0", "bluefin": "0,0", "mollusk": "3,2"})
    play(s, "sail 4", "move 0,0", "battle bluefin")
    assert legal(s) == {"emissary", "no-emissary"}
    n = len(s.log)
    s.apply("emissary")
    assert s.gold["smuggler1"] == 1 and s.gold["bluefin"] == 1
    assert not any("wins the battle" in e for e in events_since(s, n))
    # Every battle there was ignored: it did not battle, so its second space is left.
    assert "move 0,1" in legal(s) and "anchor" in legal(s)


def test_emissary_declined_means_battle_and_not_on_another_players_turn():
    s = battle(crew={"smuggler1": ["emissary"]}, gold={"smuggler1": 2})
    s.apply("battle bluefin")
    s.fix_battle(6, 1)
    s.apply("no-emissary")
    assert "victory reward" in legal(s)
    # Bluefin attacks: the Smuggler is the defender and may not pay.
    s = game("bluefin", crew={"smuggler1": ["emissary"]}, gold={"smuggler1": 2},
             placed={"bluefin": {"cannons5": 5}}, dice={"bluefin": [4, 4]},
             figures={"bluefin": "0,0", "smuggler1": "1,0"})
    play(s, "sail 4", "move 1,0", "battle smuggler1")
    assert s.decision.kind != "emissary"


def test_emissary_needs_gold():
    s = battle(crew={"smuggler1": ["emissary"]}, gold={"smuggler1": 0})
    s.fix_battle(6, 1)
    s.apply("battle bluefin")
    assert s.decision.kind == "victory"


# -- Grogmaster ----------------------------------------------------------------------------------

def test_grogmaster_takes_1_damage_to_reroll_the_battle_die_once():
    s = battle(crew={"smuggler1": ["grogmaster"]})
    s.fix_battle(1, 6)
    s.apply("battle bluefin")
    assert legal(s) == {"grogmaster", "no-grogmaster"}
    s.fix_battle(6, [])
    s.apply("grogmaster")
    assert "damage sail" in legal(s)  # its own slot, its own choice
    n = len(s.log)
    s.apply("damage sail")
    assert damaged(s, "smuggler1") == ["sail"]
    events = events_since(s, n)
    assert "Smuggler 1 rerolls: 6 (Grogmaster)" in events
    assert "Smuggler 1 wins the battle 6 to 6 (attacker wins ties)" in events
    assert s.decision.kind == "victory"  # once per battle: not asked again


def test_grogmaster_for_the_defender_and_keeping_the_roll():
    s = game("bluefin", crew={"smuggler1": ["grogmaster"]},
             placed={"bluefin": {"cannons5": 5}}, dice={"bluefin": [4, 4]},
             figures={"bluefin": "0,0", "smuggler1": "1,0"})
    s.fix_battle(5, 1)
    play(s, "sail 4", "move 1,0", "battle smuggler1", "hold")
    assert s.current_player == "smuggler1" and legal(s) == {"grogmaster", "no-grogmaster"}
    s.fix_battle([], 6)
    play(s, "grogmaster", "damage sail")
    assert s.current_player == "smuggler1" and "victory reward" in legal(s)


def test_grogmaster_needs_a_slot_that_can_take_the_damage_and_the_flagship():
    full = ["sail", "sail", "fullsail", "tailwind", "negotiate"]
    s = battle(crew={"smuggler1": ["grogmaster"]}, damage={"smuggler1": full})
    s.fix_battle(1, 6)
    s.apply("battle bluefin")
    assert s.decision.kind == "victory"  # Cannons full, Repair dashed: no offer
    # Bluefin's Patrol is not its Flagship.
    s = game(crew={"bluefin": ["grogmaster"]}, placed={"smuggler1": {"cannons": 1}},
             dice={"smuggler1": [4, 4]}, figures={"smuggler1": "1,0", "bluefin": "3,2", "patrol": ["0,0"]})
    s.fix_battle(6, 1)
    play(s, "sail 4", "move 0,0", "battle patrol")
    assert s.decision.kind == "victory"


def test_grogmaster_with_secret_weapon_rerolls_both_dice():
    s = scenario(3, tiles=TWO_TILES, turn="mollusk", hand=["secret-weapon"],
                 crew={"mollusk": ["grogmaster"]}, placed={"mollusk": {"cannons": 1}},
                 dice={"mollusk": [4, 4]}, figures={"mollusk": "1,0", "bluefin": "0,0"})
    play(s, "sail 4", "move 0,0", "battle bluefin")
    assert "play secret-weapon" in legal(s)
    s.fix_battle([1, 1], 6)
    s.apply("play secret-weapon")
    assert legal(s) == {"grogmaster", "no-grogmaster"}
    s.fix_battle([5, 6], [])
    n = len(s.log)
    play(s, "grogmaster", "damage sail")
    assert "Mollusk rerolls: 5+6 (Grogmaster)" in events_since(s, n)


# -- Convincing Comrade, Convincing Official ------------------------------------------------------

def test_convincing_comrade_moves_up_to_2_comrades_from_one_island_to_another():
    s = game(crew={"smuggler1": ["convincing-comrade-a"]}, dice={"smuggler1": [3, 5]},
             comrades={"3,2": 3})
    s.apply("convincing-comrade-a 3")
    assert legal(s) == {"convince 3,2>0,0 2", "convince 3,2>0,0 1", "done"}
    s.apply("convince 3,2>0,0 2")
    assert s.comrades() == {(3, 2): 1, (0, 0): 2}
    assert s.turn.placed == 1 and s.decision.kind == "turn"


def test_convincing_comrade_with_no_comrades_anywhere_does_nothing():
    s = game(crew={"smuggler1": ["convincing-comrade-b"]}, dice={"smuggler1": [3, 5]})
    n = len(s.log)
    s.apply("convincing-comrade-b 5")
    assert s.decision.kind == "turn" and "Convincing Comrade: no Island has Comrades to move" in events_since(s, n)


def test_convincing_official_moves_up_to_2_patrols_1_or_2_spaces_ignoring_battle():
    s = game("mollusk", crew={"mollusk": ["convincing-official-a"]}, dice={"mollusk": [3, 5]},
             placed={"mollusk": {"cannons": 4}},
             figures={"mollusk": "1,0", "bluefin": "3,2", "patrol": ["0,0", "3,1"]})
    s.apply("convincing-official-a 3")
    assert legal(s) == {"official 0,0", "official 3,1", "done"}
    play(s, "official 0,0", "move 1,0")
    # The Union has loaded Cannons at 1,0, but the Patrol ignores battle.
    assert at(s, "patrol-1") == (1, 0) and s.decision.kind == "move"
    play(s, "anchor", "official 3,1", "move 3,2", "move 2,2")
    assert at(s, "patrol-2") == (2, 2)
    assert s.decision.kind == "turn"  # two Patrols: done


def test_convincing_official_patrol_still_meets_wreckage():
    s = game(crew={"smuggler1": ["convincing-official-b"]}, dice={"smuggler1": [3, 5]},
             figures={"smuggler1": "3,2", "patrol": ["0,0"]})
    play(s, "convincing-official-b 3", "official 0,0", "move 0,1")
    assert not [f for f in s.figures() if f["kind"] == "patrol"]


# -- Naive Noble -----------------------------------------------------------------------------------

def test_naive_noble_steals_a_crew_from_a_flagship_in_the_region_and_leaves_the_game():
    s = game(crew={"smuggler1": ["naive-noble"], "bluefin": ["gunner"], "mollusk": ["pilot"]},
             figures={"smuggler1": "1,0", "bluefin": "0,1", "mollusk": "3,2"})
    options = {a for a in legal(s) if a.startswith("naive-noble")}
    assert options == {"naive-noble bluefin gunner crew", "naive-noble bluefin gunner cargo"}
    s.apply("naive-noble bluefin gunner crew")
    assert has_card(s, "smuggler1", "gunner") and not has_card(s, "bluefin", "gunner")
    assert "naive-noble" in s.market.box
    assert not has_card(s, "smuggler1", "naive-noble")
    assert s.turn.placed == 0


def test_naive_noble_turns_crew_into_cargo_and_a_smuggler_over_2_cargo_discards():
    s = game(crew={"smuggler1": ["naive-noble"], "bluefin": ["gunner"]}, cargo={"smuggler1": ["wine", "lace"]},
             figures={"smuggler1": "1,0", "bluefin": "0,0"})
    s.apply("naive-noble bluefin gunner cargo")
    assert "furs" in s.faction("smuggler1").cargo  # the Gunner's card, by its Cargo side
    assert s.decision.kind == "discard"
    s.apply("discard wine")
    assert len(s.faction("smuggler1").cargo) == 2


def test_naive_noble_takes_cargo_as_crew_and_non_smugglers_only_tuck_crew():
    s = game("bluefin", crew={"bluefin": ["naive-noble"]}, cargo={"smuggler1": ["wine"]},
             figures={"smuggler1": "1,0", "bluefin": "0,0"}, dice={"bluefin": [1, 2, 3]})
    assert {a for a in legal(s) if a.startswith("naive-noble")} == {"naive-noble smuggler1 wine crew"}
    s.apply("naive-noble smuggler1 wine crew")
    assert has_card(s, "bluefin", "grogmaster")  # Wine is the Grogmaster's Cargo
    assert s.faction("smuggler1").cargo == ()


def test_naive_noble_refused_with_nothing_to_steal():
    s = game(crew={"smuggler1": ["naive-noble"]}, figures={"smuggler1": "1,0", "bluefin": "0,0"})
    refused(s, "naive-noble bluefin gunner crew", "no enemy Flagship in your Flagship's region has Crew or Cargo")


# -- Sailor, Trawler ---------------------------------------------------------------------------------

def test_sailor_moves_1_to_3_spaces_and_is_not_a_sail_action():
    s = game("bluefin", crew={"bluefin": ["sailor"]}, dice={"bluefin": [3, 5]},
             figures={"bluefin": "0,0"})
    play(s, "sailor 3", "move 1,0", "move 1,1", "move 2,1")
    # The Strong Current at 2,1 pushes on to 2,2; three spaces used: it anchors.
    assert at(s, "bluefin") == (2, 2)
    assert s.decision.kind == "turn"  # no Patrol: not a Sail action
    assert s.turn.placed == 1


def test_trawler_gains_treasure_passed_through_and_anchored_at_once():
    """Ruling: a space moved into and left pays its Treasure; the anchoring space pays once."""
    s = game(crew={"smuggler1": ["trawler"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "0,0"})
    play(s, "trawler 3", "move 0,1")  # Wreckage with 2 gold: 1 damage
    s.apply("damage sail")
    n = len(s.log)
    s.apply("move 1,1")
    assert s.gold["smuggler1"] == 2
    assert "Smuggler 1 gains 2 gold from the Treasure at 0,1 (Trawler)" in events_since(s, n)
    # Anchoring at a Treasure gains it once, as usual.
    s = game(crew={"smuggler1": ["trawler"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "1,1"})
    play(s, "trawler 3", "move 0,1", "damage sail", "anchor")
    assert s.gold["smuggler1"] == 2


def test_trawler_does_not_pay_for_its_starting_space_and_sail_pays_only_when_anchoring():
    s = game(crew={"smuggler1": ["trawler"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "0,1"})
    play(s, "trawler 3", "move 1,1", "anchor")
    assert s.gold["smuggler1"] == 0
    s = game(crew={"smuggler1": ["trawler"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "0,0"})
    play(s, "sail 3", "move 0,1", "damage sail", "move 1,1")
    assert s.gold["smuggler1"] == 0


# -- Battering Beakhead ------------------------------------------------------------------------------

def test_battering_beakhead_moves_the_damaged_flagship_1_space_ignoring_battle_treasure_harbor():
    """Appendix A: "When you damage an enemy figure (unless it would be removed), you may move
    it 1 space. It cannot move off map [...] It ignores battle, Harbors, and Treasure."
    Ruling: the appendix wins over the printed card ("when you win a battle against a
    Flagship"), so it is offered at each damage, after the damage."""
    s = battle(crew={"smuggler1": ["battering-beakhead"]}, gold={"bluefin": 0},
               figures={"smuggler1": "1,0", "bluefin": "0,0", "mollusk": "0,1"})
    s.fix_battle(6, 1)
    s.apply("battle bluefin")
    assert not any(a.startswith("beakhead") for a in legal(s))  # winning is not damaging
    play(s, "victory reward", "damage sail")
    # Not off the map; 1,0 is the winner's own space.
    assert legal(s) == {"beakhead 0,1", "beakhead 1,0", "no-beakhead"}
    s.apply("beakhead 0,1")
    # Wreckage still damages it (its own damage: no second ram); no Treasure; no battle.
    assert at(s, "bluefin") == (0, 1)
    assert s.current_player == "bluefin" and "damage order" in legal(s)
    s.apply("damage order")
    assert s.gold["bluefin"] == 0 and damaged(s, "bluefin") == ["order", "sail"]
    assert s.current_player == "smuggler1" and "reward up" in legal(s)  # then the reward


def test_battering_beakhead_not_without_damage_nor_against_a_removed_patrol():
    s = battle(crew={"smuggler1": ["battering-beakhead"]})
    s.fix_battle(6, 1)
    play(s, "battle bluefin", "victory none")
    assert not any(a.startswith("beakhead") for a in legal(s))
    s = game(crew={"smuggler1": ["battering-beakhead"]}, placed={"smuggler1": {"cannons": 1}},
             dice={"smuggler1": [4, 4]}, figures={"smuggler1": "1,0", "bluefin": "3,2", "patrol": ["0,0"]})
    s.fix_battle(6, 1)
    play(s, "sail 4", "move 0,0", "battle patrol", "victory reward")
    assert not [f for f in s.figures() if f["kind"] == "patrol"]  # damaged, so removed
    assert not any(a.startswith("beakhead") for a in legal(s))


def test_battering_beakhead_after_mystic_damages_the_union_flagship():
    """"When you damage an enemy figure": every way of dealing damage counts (Mystic here)."""
    s = game(crew={"smuggler1": ["battering-beakhead", "mystic"]},
             figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "3,2"})
    play(s, "mystic 3,2", "damage sail", "damage sail")
    assert damaged(s, "mollusk") == ["sail"]
    assert legal(s) == {"beakhead 3,1", "beakhead 2,2", "no-beakhead"}
    assert "move the damaged Flagship 1 space" in s.prompt
    assert label(s, "beakhead 3,1") == "Push Mollusk's Flagship at 3,2 to 3,1 (Battering Beakhead)"
    s.apply("beakhead 3,1")  # a Harbor: ignored
    assert at(s, "mollusk") == (3, 1) and s.decision.kind == "turn"


def test_battering_beakhead_moves_a_damaged_gunship_but_not_a_sunk_one():
    """"(unless it would be removed)": the Gunship's second damage sinks it."""
    s = game(crew={"smuggler1": ["battering-beakhead", "mystic"]}, ships={"gunship": "3,2"},
             figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "3,1"})
    play(s, "mystic 3,2", "damage sail")
    gunship = [a for a in legal(s) if a.startswith("damage")]
    s.apply(gunship[0])
    assert "no-beakhead" in legal(s)
    s.apply("no-beakhead")
    s = game(crew={"smuggler1": ["battering-beakhead", "mystic"]}, ships={"gunship": "3,2"},
             figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "3,1"},
             damage={"mollusk": ["gunship4"]})
    play(s, "mystic 3,2", "damage sail", "damage gunship6")
    assert at(s, "gunship") is None and "no-beakhead" not in legal(s)


def test_battering_beakhead_a_current_cannot_push_it_off_the_map():
    # Two Fish tiles: the Current at 2,2 pushes down, off the map.
    s = game(tiles=TWO_FISH, crew={"smuggler1": ["battering-beakhead"]},
             placed={"smuggler1": {"cannons": 1}}, dice={"smuggler1": [4, 4]},
             figures={"smuggler1": "3,1", "bluefin": "3,2"})
    s.fix_battle(6, 1)
    play(s, "sail 4", "move 3,2", "battle bluefin", "victory reward", "damage sail", "beakhead 2,2")
    assert at(s, "bluefin") == (2, 2)
    assert "reward up" in legal(s)


# -- Ghastly Gust, Whispering Wind -------------------------------------------------------------------

def test_ghastly_gust_moves_directly_anywhere_then_leaves_the_game():
    s = game(crew={"smuggler1": ["ghastly-gust"]}, figures={"smuggler1": "0,0"}, gold={"smuggler1": 0})
    assert len([a for a in legal(s) if a.startswith("ghastly-gust")]) == 7
    s.apply("ghastly-gust 3,1")
    assert at(s, "smuggler1") == (3, 1)
    assert s.decision.kind == "turn"  # it anchors (nothing to repair at the Harbor)
    assert "ghastly-gust" in s.market.box
    assert not has_card(s, "smuggler1", "ghastly-gust")
    assert not [a for a in legal(s) if a.startswith("ghastly-gust")]
    refused(s, "ghastly-gust 0,0", "Ghastly Gust is not in your Crew")


def test_ghastly_gust_battles_where_it_lands():
    s = game(crew={"smuggler1": ["ghastly-gust"]}, placed={"smuggler1": {"cannons": 1}},
             dice={"smuggler1": [3, 5]}, figures={"smuggler1": "0,0", "bluefin": "3,2"})
    s.apply("ghastly-gust 3,2")
    assert legal(s) == {"battle bluefin"}


def test_whispering_wind_once_per_turn_for_2_gold_to_any_tailwind_space():
    s = game(crew={"smuggler1": ["whispering-wind"]}, gold={"smuggler1": 5}, dice={"smuggler1": [3, 5]},
             figures={"smuggler1": "0,0", "bluefin": "0,1", "mollusk": "3,2"})
    assert {a for a in legal(s) if a.startswith("whispering-wind")} == {"whispering-wind 1,0",
                                                                        "whispering-wind 2,2"}
    s.apply("whispering-wind 2,2")
    assert at(s, "smuggler1") == (2, 2) and s.gold["smuggler1"] == 3
    assert s.turn.placed == 0
    refused(s, "whispering-wind 1,0", "Whispering Wind may be used only once per turn")
    # Next turn it may be used again.
    play(s, "tailwind 3", "stay", "cannons 5", "end")
    while s.turn_player != "smuggler1":
        s.apply(quiet_choice(s))
    assert "whispering-wind 1,0" in legal(s)


def test_whispering_wind_refused_without_2_gold_or_to_a_space_without_tailwind():
    s = game(crew={"smuggler1": ["whispering-wind"]}, figures={"smuggler1": "0,0"}, gold={"smuggler1": 1})
    refused(s, "whispering-wind 1,0", "Whispering Wind costs 2 gold, and Smuggler 1 has 1")
    s = game(crew={"smuggler1": ["whispering-wind"]}, figures={"smuggler1": "0,0"}, gold={"smuggler1": 2})
    refused(s, "whispering-wind 3,1", "directly to another space with Tailwind terrain")


# -- Barrelman, Pilot, Sea Dog --------------------------------------------------------------------------

def test_barrelman_treats_fog_as_a_strong_current_in_any_direction():
    s = game(crew={"smuggler1": ["barrelman"]}, dice={"smuggler1": [3, 5]}, figures={"smuggler1": "1,0"})
    play(s, "sail 3", "move 1,1")
    assert {"barrelman 0,1", "barrelman 1,0", "barrelman 2,1", "no-barrelman"} <= legal(s)
    s.apply("barrelman 2,1")
    # On to 2,1, whose own Strong Current pushes on to 2,2; no movement spent.
    assert at(s, "smuggler1") == (2, 2)
    assert "move 2,3" in legal(s) or "anchor" in legal(s)
    assert s.decision.details["steps"] == 1


def test_barrelman_declined_and_only_for_the_flagship():
    s = game(crew={"smuggler1": ["barrelman"]}, dice={"smuggler1": [3, 5]}, figures={"smuggler1": "1,0"})
    play(s, "sail 3", "move 1,1", "no-barrelman")
    assert at(s, "smuggler1") == (1, 1)
    s = game("bluefin", crew={"bluefin": ["barrelman"]}, dice={"bluefin": [3, 5]},
             figures={"bluefin": "3,2", "patrol": ["1,0"]})
    play(s, "order 3", "order 1,0>1,1")
    assert at(s, "patrol-1") == (1, 1) and s.decision.kind == "turn"


def test_pilot_ignores_wreckage_damage_only_for_the_flagship():
    s = game(crew={"smuggler1": ["pilot"]}, dice={"smuggler1": [3, 5]}, figures={"smuggler1": "0,0"})
    play(s, "sail 3", "move 0,1")
    assert legal(s) == {"pilot", "no-pilot"}
    s.apply("pilot")
    assert damaged(s, "smuggler1") == [] and "move 1,1" in legal(s)
    s = game(crew={"smuggler1": ["pilot"]}, dice={"smuggler1": [3, 5]}, figures={"smuggler1": "0,0"})
    play(s, "sail 3", "move 0,1", "no-pilot", "damage sail")
    assert damaged(s, "smuggler1") == ["sail"]
    s = game("bluefin", crew={"bluefin": ["pilot"]}, dice={"bluefin": [3, 5]},
             figures={"bluefin": "3,2", "patrol": ["0,0"]})
    play(s, "order 3", "order 0,0>0,1")
    assert not [f for f in s.figures() if f["kind"] == "patrol"]


def test_sea_dog_ignores_a_strong_current_or_turns_it():
    def into_current(**kw):
        s = game(crew={"smuggler1": ["sea-dog"]}, dice={"smuggler1": [3, 5]},
                 figures={"smuggler1": "1,1"}, **kw)
        play(s, "sail 3", "move 2,1")
        return s
    s = into_current()
    assert {"sea-dog ignore", "sea-dog 1,1", "sea-dog 3,1", "no-sea-dog"} <= legal(s)
    assert "sea-dog 2,2" not in legal(s)  # that is the printed direction: no-sea-dog
    ignore = s.after("sea-dog ignore")
    assert at(ignore, "smuggler1") == (2, 1) and "move 3,1" in legal(ignore)
    turned = s.after("sea-dog 3,1")
    assert at(turned, "smuggler1") == (3, 1)
    follow = s.after("no-sea-dog")
    assert at(follow, "smuggler1") == (2, 2)


# -- Diver, Merchant ---------------------------------------------------------------------------------

def test_diver_gains_an_extra_gold_anchoring_at_wreckage_only():
    s = game(crew={"smuggler1": ["diver"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "0,0"})
    play(s, "sail 3", "move 0,1", "damage sail", "anchor")
    assert s.gold["smuggler1"] == 3
    s = game(tiles=TWO_FISH, crew={"smuggler1": ["diver"]}, dice={"smuggler1": [3, 5]},
             gold={"smuggler1": 0}, figures={"smuggler1": "2,2"})
    play(s, "sail 3", "move 2,1", "anchor")  # Treasure, not Wreckage
    assert s.gold["smuggler1"] == 2


def test_merchant_gains_1_gold_anchoring_at_a_harbor_not_passing_it():
    s = game(crew={"smuggler1": ["merchant"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "3,2"})
    play(s, "sail 3", "move 3,1", "anchor")
    assert s.gold["smuggler1"] == 1
    s = game(crew={"smuggler1": ["merchant"]}, dice={"smuggler1": [3, 5]}, gold={"smuggler1": 0},
             figures={"smuggler1": "3,2"})
    play(s, "sail 3", "move 3,1", "move 2,1")
    assert s.gold["smuggler1"] == 0


# -- Rulings ------------------------------------------------------------------------------------------

def test_ruling_sea_witch_when_a_strong_current_pushes_off_the_map_may_be_declined():
    """Ruling: a Strong Current pushing the Flagship off the map also calls the Sea Witch;
    declining where no tile fits leaves the Flagship on the Current."""
    s = game(tiles=TWO_FISH, crew={"smuggler1": ["sea-witch"]}, dice={"smuggler1": [3, 5]},
                      figures={"smuggler1": "3,2"}, tile_stack=[])
    play(s, "sail 3", "move 2,2")
    assert legal(s) == {"sea-witch", "no-sea-witch"}
    witch = s.after("sea-witch")
    assert at(witch, "smuggler1") == (2, 1)  # traced back up the column to the top edge
    s.apply("no-sea-witch")
    assert at(s, "smuggler1") == (2, 2)


def test_ruling_sea_witch_lands_like_a_move_terrain_acts_there():
    """Ruling: the Sea Witch's jump is a direct move: terrain acts where it lands (here a
    Strong Current pushes it back)."""
    s = game(tiles=THREE_TILES, crew={"smuggler1": ["sea-witch"]}, dice={"smuggler1": [3, 5]},
                      figures={"smuggler1": "2,2"}, tile_stack=[])
    s.apply("sail 3")
    # 2,2: down is off the map; up the column 2,1 is on it, 2,0 is not: to 2,1.
    assert "move 2,3" in legal(s)
    play(s, "move 2,3", "sea-witch")
    assert at(s, "smuggler1") == (2, 2)  # 2,1 has a Strong Current: back down to 2,2


def test_ruling_elder_and_shipwright_leave_the_union_ships_damage_alone():
    """Ruling: the Cutter's and Gunship's damage "cannot be repaired": Shipwright leaves it
    and Elder does not count it."""
    s = game("mollusk", crew={"mollusk": ["elder", "shipwright"]}, ships={"gunship": "2,2"},
             damage={"mollusk": ["gunship4", "sail"]}, dice={"mollusk": [3, 5]}, gold={"mollusk": 0})
    s.apply("shipwright 3")
    assert [k for k in damaged(s, "mollusk")] == ["gunship4"]
    play(s, "cannons 5", "end")
    assert s.gold["mollusk"] == 1


def test_ruling_convincing_official_patrol_explores_and_the_cards_owner_places_the_tile():
    """Ruling: a Patrol moved off the map by a Convincing Official explores; the player who
    moves it places the tile."""
    s = game(crew={"smuggler1": ["convincing-official-a"]}, dice={"smuggler1": [3, 5]},
             figures={"smuggler1": "3,2", "patrol": ["1,0"]})
    play(s, "convincing-official-a 3", "official 1,0", "move 1,-1")
    assert s.decision.kind == "explore" and s.current_player == "smuggler1"


def test_ruling_gunner_no_extra_damage_without_a_battle_victory_option():
    """Ruling: Gunner's extra damage comes with a Battle Victory option that deals damage."""
    s = battle(crew={"smuggler1": ["gunner"]})
    s.fix_battle(6, 1)
    play(s, "battle bluefin", "victory none")
    assert damaged(s, "bluefin") == []


def test_ruling_stolen_crew_arrives_with_an_empty_slot():
    """Ruling: a Crew taken by Naive Noble loses its die and damage token."""
    s = game(crew={"smuggler1": ["naive-noble"], "bluefin": ["gunner", "pilot"]},
             placed={"bluefin": {"gunner": 4}}, damage={"bluefin": ["pilot"]},
             figures={"smuggler1": "1,0", "bluefin": "0,0"}, dice={"bluefin": [1, 2, 3, 5]})
    play(s, "naive-noble bluefin gunner crew")
    gunner = next(slot for slot in s.faction("smuggler1").slots if slot.key == "gunner")
    assert gunner.die is None and not gunner.damage
