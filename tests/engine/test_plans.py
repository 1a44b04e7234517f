"""Mollusk plan cards, the Cutter and the Gunship (rulebook pages 18-19, Appendix B: Plans).

The map is the set-up map of ``support.TWO_TILES``::

    0,0 Fish Island   1,0 open, Tailwind 6   | 2,1 Strong Current (down)   3,1 Harbor
    0,1 Wreckage 2g   1,1 Fog                | 2,2 open, Tailwind 2        3,2 Skull Island

``THREE_TILES`` adds a Tree tile (9) at 4,0: 4,0 Wreckage with Tailwind 3, 5,0 open,
4,1 Wreckage with Tailwind 4, 5,1 Tree Island.
"""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, scenario
from ahoy_nb.engine import explain
from ahoy_nb.engine.cards import plans

from support import TWO_TILES, at, damaged, events_since, legal, play, refused

THREE_TILES = TWO_TILES + [(9, "4,0", 0)]


def mollusk_turn(**kw):
    """Mollusk's turn: Flagship on the Skull Island (3 Comrades), dice 4 and 6, no plans."""
    dice = {"bluefin": [1, 2, 3], "mollusk": [4, 6]}
    dice.update(kw.pop("dice", {}))
    base = dict(players=3, tiles=TWO_TILES,
                figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
                comrades={"3,2": 3}, turn="mollusk", dice=dice, hand=[])
    base.update(kw)
    return scenario(**base)


def plays(s) -> set[str]:
    return {a for a in legal(s) if a.startswith("play ")}


def mollusk(s):
    return s.faction("mollusk")


def hand_keys(s) -> list[str]:
    return sorted(mollusk(s).plans)


def discard_keys(s) -> list[str]:
    return sorted(mollusk(s).plan_discard)


def asked(s) -> set[str]:
    """The decision asked now and those waiting after it."""
    return {s.decision.kind, *s.decision.waiting}


def patrols(s) -> list[tuple[int, int]]:
    return sorted(f["at"] for f in s.figures() if f["kind"] == "patrol")


# ---------------------------------------------------------------------------
# Playing plans: when, and refusals
# ---------------------------------------------------------------------------

def test_action_plans_are_offered_once_per_name_on_mollusks_turn():
    s = mollusk_turn(hand=["sneak-attack-a", "sneak-attack-b", "evacuation", "enlist",
                           "dynamic-entry-a", "cutter", "gunship", "secret-weapon",
                           "close-call", "weapons-cache-a"])
    assert plays(s) == {"play sneak-attack", "play evacuation", "play enlist",
                        "play dynamic-entry", "play cutter", "play gunship"}
    play(s, "play sneak-attack", "sneak 3,2")
    # One copy is played; the other stays in hand and can be played again later.
    assert hand_keys(s).count("sneak-attack-a") + hand_keys(s).count("sneak-attack-b") == 1
    assert "play sneak-attack" in plays(s)


def test_action_plans_need_no_die_and_can_be_played_after_both_dice():
    s = mollusk_turn(hand=["dynamic-entry-a"], placed_this_turn=2, dice={"mollusk": []})
    assert "play dynamic-entry" in legal(s)
    play(s, "play dynamic-entry", "stay")
    assert s.turn.placed == 2
    assert discard_keys(s) == ["dynamic-entry-a"]


@pytest.mark.parametrize("plan", ["secret-weapon", "close-call", "weapons-cache"])
def test_battle_plans_cannot_be_played_as_an_action(plan):
    s = mollusk_turn(hand=["secret-weapon", "close-call", "weapons-cache-a"])
    assert not plays(s)
    refused(s, f"play {plan}", "at the start of a battle with you", "not as an action")


def test_a_plan_not_in_hand_is_refused():
    s = mollusk_turn(hand=["evacuation"])
    refused(s, "play enlist", "Enlist is not in your hand")
    refused(s, "play sneak-attack-a", "without its copy letter", "play sneak-attack")
    refused(s, "play treasure-map", "not a plan card")


def test_only_the_mollusk_union_plays_plans():
    s = mollusk_turn(hand=["evacuation"], turn="bluefin", dice={"bluefin": [1, 2, 3]})
    refused(s, "play evacuation", "only the Mollusk Union plays plan cards")


def test_an_action_plan_waits_until_the_current_action_is_done():
    s = mollusk_turn(hand=["evacuation"])
    play(s, "sail 4")
    refused(s, "play evacuation", "once the current one is done")


def test_an_action_plan_cannot_be_played_at_the_start_of_a_battle():
    s = mollusk_turn(figures={"bluefin": "3,1", "mollusk": "3,2"}, placed={"mollusk": {"cannons": 5}},
                     hand=["evacuation", "close-call"])
    play(s, "sail 4", "move 3,1", "battle bluefin")
    assert s.decision.kind == "battle-plans"
    assert legal(s) == {"play close-call", "no-plan"}
    refused(s, "play evacuation", "Evacuation is played as an action, not at the start of a battle")


# ---------------------------------------------------------------------------
# Evacuation
# ---------------------------------------------------------------------------

def test_evacuation_moves_every_comrade_of_one_island_to_others():
    s = mollusk_turn(tiles=THREE_TILES, comrades={"3,2": 5, "0,0": 1}, hand=["evacuation"])
    play(s, "play evacuation")
    assert discard_keys(s) == ["evacuation"]
    assert legal(s) == {"evacuate 3,2", "evacuate 0,0"}
    play(s, "evacuate 3,2")
    assert s.comrades().get((3, 2), 0) == 0
    options = legal(s)
    assert "relocate 0,0 5" in options and "relocate 5,1 1" in options
    assert not any(o.startswith("relocate 3,2") for o in options)  # "any other Island"
    refused(s, "relocate 3,2 1")
    play(s, "relocate 0,0 2")
    assert "relocate 0,0 4" not in legal(s)  # only the 3 left
    play(s, "relocate 5,1 3")
    assert s.comrades() == {(0, 0): 3, (5, 1): 3}
    assert s.decision.kind == "turn" and s.turn.placed == 0


def test_evacuation_needs_an_island_with_comrades():
    s = mollusk_turn(comrades={}, hand=["evacuation"])
    assert "play evacuation" not in legal(s)
    refused(s, "play evacuation", "no Island has any Comrades")


# ---------------------------------------------------------------------------
# Sneak Attack
# ---------------------------------------------------------------------------

def test_sneak_attack_removes_up_to_two_patrols_from_one_region():
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "3,2", "patrol": ["2,1", "3,1", "3,2", "1,0"],
                              "stronghold": ["3,2"]},
                     comrades={"3,2": 1}, hand=["sneak-attack-a"])
    play(s, "play sneak-attack")
    # Only regions whose Island has Comrades: the Fish Island has none.
    assert legal(s) == {"sneak 3,2"}
    play(s, "sneak 3,2")
    assert legal(s) == {"remove-patrol 2,1", "remove-patrol 3,1", "remove-patrol 3,2", "done"}
    play(s, "remove-patrol 2,1", "remove-patrol 3,2")
    assert s.decision.kind == "turn"  # two is the most
    assert patrols(s) == [(1, 0), (3, 1)]
    assert any(f["kind"] == "stronghold" for f in s.figures("3,2"))  # not a Patrol
    assert s.supplies.patrols == 8  # they return to Bluefin's supply


def test_sneak_attack_may_remove_fewer_or_none():
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "3,2", "patrol": ["3,1"]},
                     comrades={"3,2": 1}, hand=["sneak-attack-a"])
    play(s, "play sneak-attack", "sneak 3,2", "done")
    assert patrols(s) == [(3, 1)]
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "3,2", "patrol": ["3,1"]},
                     comrades={"3,2": 1}, hand=["sneak-attack-a"])
    play(s, "play sneak-attack", "sneak 3,2", "remove-patrol 3,1")
    assert patrols(s) == [] and s.decision.kind == "turn"


def test_sneak_attack_needs_a_region_whose_island_has_comrades():
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "3,2", "patrol": ["3,1"]},
                     comrades={}, hand=["sneak-attack-a"])
    refused(s, "play sneak-attack", "region whose Island has any Comrades")


# ---------------------------------------------------------------------------
# Enlist
# ---------------------------------------------------------------------------

def test_enlist_recruits_crew_of_the_islands_suit_ignoring_cost():
    # Gunner costs a die on its slot, Mystic 1 gold; both Skull. Sailor is Compass.
    s = mollusk_turn(market=["gunner", "mystic", "sailor"], gold={"mollusk": 0},
                     comrades={"3,2": 1}, figures={"bluefin": "0,0", "mollusk": "0,0"},
                     hand=["enlist"])
    play(s, "play enlist")
    assert legal(s) == {"enlist 3,2"}  # the Fish Island has no Comrades
    play(s, "enlist 3,2")  # the Flagship need not be there
    assert legal(s) == {"recruit gunner", "recruit mystic", "done"}
    refused(s, "recruit sailor")
    play(s, "recruit gunner")
    assert mollusk(s).crew == ("gunner",)
    assert mollusk(s).placed == {}  # no die placed for its cost
    assert s.turn.placed == 0 and s.dice("mollusk") == [4, 6]
    assert mollusk(s).gold == 0
    assert len(s.market.row) == 2  # the Market is refilled only when done
    play(s, "recruit mystic")  # no Skull card is left: Enlist is done
    assert s.decision.kind == "turn"
    assert len(mollusk(s).crew) == 2
    assert len(s.market.row) == 3


def test_enlist_refills_the_market_when_done():
    s = mollusk_turn(market=["gunner", "mystic", "sailor"], comrades={"3,2": 1}, hand=["enlist"])
    play(s, "play enlist", "enlist 3,2", "recruit mystic")
    assert len(s.market.row) == 2
    play(s, "done")
    assert len(s.market.row) == 3


def test_enlist_needs_an_island_with_comrades():
    s = mollusk_turn(comrades={}, hand=["enlist"])
    refused(s, "play enlist", "Enlist needs an Island with any Comrades")


def test_enlist_cannot_recruit_while_the_flagship_is_at_a_stronghold_island():
    """Island Dominance: "while an enemy's Flagship is at an Island with a Stronghold, they
    cannot recruit Crew"; CANNOT is absolute unless a rule says IGNORE (Rules Hierarchy), and
    Enlist ignores only the cost. Ruling: Enlist is then not offered."""
    s = mollusk_turn(market=["gunner", "mystic", "diver"], comrades={"3,2": 1, "0,0": 1},
                     figures={"bluefin": "0,0", "mollusk": "3,2", "stronghold": ["3,2"]},
                     hand=["enlist"], gold={"mollusk": 5})
    assert not any(a.startswith("recruit") for a in legal(s))  # as an ordinary recruit
    assert "play enlist" not in legal(s)
    refused(s, "play enlist", "Island with a Stronghold", "cannot recruit Crew", "Island Dominance")
    # Away from the Stronghold, Enlist at that Island works as usual.
    s = mollusk_turn(market=["gunner", "mystic", "diver"], comrades={"3,2": 1},
                     figures={"bluefin": "0,0", "mollusk": "3,1", "stronghold": ["3,2"]},
                     hand=["enlist"])
    play(s, "play enlist", "enlist 3,2")
    assert "recruit gunner" in legal(s)


# ---------------------------------------------------------------------------
# Dynamic Entry
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("before, after", [(1, 3), (3, 5), (4, 6), (5, 6), (6, 6)])
def test_dynamic_entry_raises_the_cannons_die_by_two_not_above_six(before, after):
    s = mollusk_turn(placed={"mollusk": {"cannons": before}}, hand=["dynamic-entry-a"])
    play(s, "play dynamic-entry")
    cannons = next(slot for slot in s.slots("mollusk") if slot["action"] == "cannons")
    assert cannons["die"] == after


def test_dynamic_entry_then_moves_directly_to_any_tailwind_space():
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "3,2"}, hand=["dynamic-entry-a"])
    play(s, "play dynamic-entry")
    events = s.log[-1].events
    assert "Mollusk has no die on Cannons to increase" in events
    assert legal(s) == {"move 1,0", "move 2,2", "stay"}  # Tailwind 6 and Tailwind 2
    play(s, "move 1,0")
    assert at(s, "mollusk") == (1, 0)
    assert s.turn.placed == 0


def test_dynamic_entry_move_can_battle():
    s = mollusk_turn(figures={"smuggler1": "1,0", "mollusk": "3,2", "bluefin": "0,0"},
                     placed={"mollusk": {"cannons": 3}}, hand=["dynamic-entry-a"])
    play(s, "play dynamic-entry", "move 1,0")
    assert legal(s) == {"battle smuggler1"}


def test_dynamic_entry_may_stay():
    s = mollusk_turn(hand=["dynamic-entry-a"])
    play(s, "play dynamic-entry", "stay")
    assert at(s, "mollusk") == (3, 2)


# ---------------------------------------------------------------------------
# The Cutter and the Gunship: placing
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("ship", ["cutter", "gunship"])
def test_a_ship_is_placed_by_removing_two_comrades_without_battle(ship):
    s = mollusk_turn(figures={"bluefin": "3,2", "mollusk": "0,0", "patrol": ["3,2"]},
                     placed={"bluefin": {"cannons5": 5}}, comrades={"3,2": 3, "0,0": 1},
                     hand=[ship])
    play(s, f"play {ship}")
    assert legal(s) == {"launch 3,2"}  # the Fish Island has only 1 Comrade
    play(s, "launch 3,2")
    assert at(s, ship) == (3, 2)
    assert s.comrades()[(3, 2)] == 1
    assert s.decision.kind == "turn"  # placed, not moved: no battle
    assert mollusk(s).ships == {ship: (3, 2)}  # the plan stays in front of the Union
    assert hand_keys(s) == [] and discard_keys(s) == []
    assert "play " + ship not in legal(s)
    refused(s, f"play {ship}", "already in play")


def test_a_ship_needs_an_island_with_two_comrades():
    s = mollusk_turn(comrades={"3,2": 1, "0,0": 1}, hand=["cutter"])
    refused(s, "play cutter", "remove 2 Comrades from 1 Island", "no Island has 2 Comrades")


# ---------------------------------------------------------------------------
# Ship die slots and moves
# ---------------------------------------------------------------------------

def test_cutter_slot_takes_any_die_and_sails_up_to_three_ignoring_wreckage():
    s = mollusk_turn(figures={"bluefin": "3,1", "mollusk": "3,2"}, ships={"cutter": "0,0"},
                     dice={"mollusk": [1, 6]}, gold={"mollusk": 0})
    assert {"cutter 1", "cutter 6"} <= legal(s)
    play(s, "cutter 1")
    assert legal(s) == {"sail", "tailwind"}
    play(s, "sail", "move 0,1")  # Wreckage
    assert damaged(s, "mollusk") == [] and s.decision.kind == "move"
    assert s.decision.details["steps"] == 2
    play(s, "move 1,1", "move 1,0")
    assert at(s, "cutter") == (1, 0)
    assert s.decision.kind == "turn"
    assert s.turn.placed == 1  # the ship's die counts toward the turn's two
    assert "cutter" not in mollusk(s).damaged


def test_gunship_slots_take_only_a_four_and_a_six():
    s = mollusk_turn(ships={"gunship": "3,2"}, dice={"mollusk": [4, 5]}, gold={"mollusk": 1})
    assert {"gunship 4", "gunship 5>4", "gunship 5>6"} <= legal(s)
    assert "gunship 5" not in legal(s)
    refused(s, "gunship 5", "only accepts", '"4"', '"6"')
    play(s, "gunship 4", "sail", "move 3,1", "anchor")
    assert s.decision.kind == "turn"
    assert "gunship 5>4" not in legal(s) and "gunship 5>6" in legal(s)


def test_gunship_sails_only_two():
    s = mollusk_turn(ships={"gunship": "0,0"}, dice={"mollusk": [4, 6]})
    play(s, "gunship 4", "sail", "move 0,1", "move 1,1")
    assert s.decision.kind == "turn" and at(s, "gunship") == (1, 1)


def test_ship_dice_count_toward_the_turns_two():
    s = mollusk_turn(ships={"gunship": "3,2"}, dice={"mollusk": [4, 6]})
    play(s, "gunship 4", "tailwind", "stay", "sail 6", "move 3,1", "anchor")
    assert s.turn.placed == 2
    assert not any(a.startswith("gunship") for a in legal(s))


def test_ship_placement_refused_for_a_full_turn_or_without_the_ship():
    s = mollusk_turn(dice={"mollusk": [4, 6]})
    refused(s, "cutter 4", "the Cutter is not in play")
    s = mollusk_turn(ships={"gunship": "3,2"}, dice={"mollusk": [4, 6]}, placed_this_turn=2)
    refused(s, "gunship 4", "already placed your 2 dice")


def test_ship_tailwind_uses_the_placed_value_and_ignores_wreckage():
    s = mollusk_turn(tiles=THREE_TILES, ships={"gunship": "3,2"}, dice={"mollusk": [4, 6]})
    play(s, "gunship 4", "tailwind")
    assert legal(s) == {"move 4,1", "stay"}  # Wreckage with a printed 4
    play(s, "move 4,1")
    assert at(s, "gunship") == (4, 1)
    assert s.decision.kind == "turn"
    assert not {"gunship4", "gunship6"} & set(mollusk(s).damaged)


def test_the_flagship_still_takes_wreckage_damage():
    s = mollusk_turn(figures={"bluefin": "3,1", "mollusk": "0,0"}, ships={"cutter": "3,2"})
    play(s, "sail 4", "move 0,1")
    assert s.decision.kind == "damage"


# ---------------------------------------------------------------------------
# Ship battles
# ---------------------------------------------------------------------------

def test_cutter_cannot_load_cannons():
    # Mollusk has a die on Cannons, but the Cutter does not start battles with it.
    s = mollusk_turn(figures={"smuggler1": "3,1", "mollusk": "0,0", "bluefin": "0,0"},
                     ships={"cutter": "3,2"}, placed={"mollusk": {"cannons": 5}})
    play(s, "cutter 4", "sail", "move 3,1")
    assert s.decision.kind == "move"  # no battle
    assert "anchor" in legal(s)


def test_cutter_battles_a_loaded_enemy_without_the_cannons_die():
    s = mollusk_turn(figures={"bluefin": "3,1", "mollusk": "0,0"}, ships={"cutter": "3,2"},
                     placed={"mollusk": {"cannons": 5}, "bluefin": {"cannons5": 5}})
    s.fix_battle(6, 1)
    play(s, "cutter 4", "sail", "move 3,1", "battle bluefin")
    # Mollusk is never asked to fire for the Cutter; Bluefin, the defender, is.
    assert s.decision.kind == "fire"
    assert s.current_player == "bluefin"
    n = len(s.log)
    play(s, "hold")
    assert "Mollusk rolls 6 = 6; Bluefin rolls 1 = 1" in events_since(s, n)


def test_an_unloaded_enemy_moving_into_the_cutter_does_not_battle():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "0,0"},
                     ships={"cutter": "3,2"}, dice={"bluefin": [1, 2, 3]})
    play(s, "sail 1", "move 3,2")
    assert s.decision.kind in ("move", "patrol")


def test_gunship_always_has_loaded_cannons_and_adds_three():
    s = mollusk_turn(figures={"smuggler1": "3,1", "mollusk": "0,0", "bluefin": "0,0"},
                     ships={"gunship": "3,2"})
    s.fix_battle(1, 3)
    play(s, "gunship 4", "sail", "move 3,1")
    assert legal(s) == {"battle smuggler1"}  # no die on Cannons, yet it battles
    n = len(s.log)
    play(s, "battle smuggler1")
    assert "Mollusk rolls 1 +3 Gunship = 4; Smuggler 1 rolls 3 = 3" in events_since(s, n)
    assert s.current_player == "mollusk" and s.decision.kind == "victory"


def test_gunship_may_still_fire_the_cannons_die():
    s = mollusk_turn(figures={"smuggler1": "3,1", "mollusk": "0,0", "bluefin": "0,0"},
                     ships={"gunship": "3,2"}, placed={"mollusk": {"cannons": 4}})
    s.fix_battle(1, 6)
    play(s, "gunship 4", "sail", "move 3,1", "battle smuggler1")
    assert "fire 4>1" in legal(s)
    n = len(s.log)
    play(s, "fire 4>1")
    assert "Mollusk rolls 1 +3 from Cannons +3 Gunship = 7; Smuggler 1 rolls 6 = 6" in events_since(s, n)


def test_an_unloaded_enemy_moving_into_the_gunship_must_battle_it():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "0,0"},
                     ships={"gunship": "3,2"}, dice={"bluefin": [1, 2, 3]})
    play(s, "sail 1", "move 3,2")
    assert legal(s) == {"battle gunship"}


# ---------------------------------------------------------------------------
# Ship damage
# ---------------------------------------------------------------------------

def bluefin_beats(ship: str, **kw):
    """Bluefin sails into the ship at 3,2 and wins the battle; its Victory is next."""
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "0,0"},
                     ships={ship: "3,2"}, dice={"bluefin": [1, 2, 3]},
                     placed={"bluefin": {"cannons5": 5}}, **kw)
    s.fix_battle(6, 1)
    play(s, "sail 1", "move 3,2", f"battle {ship}")
    if s.decision.kind == "fire":
        play(s, "hold")
    assert s.decision.kind == "victory"
    return s


def test_ship_damage_goes_on_the_ships_card_and_destroys_it_when_all_slots_are_damaged():
    s = bluefin_beats("gunship")
    play(s, "victory steal")
    assert legal(s) == {"damage gunship4", "damage gunship6"}
    play(s, "damage gunship6")
    assert at(s, "gunship") == (3, 2)  # one slot left
    assert damaged(s, "mollusk") == ["gunship6"]  # on the ship, not on the player board


def test_gunship_is_destroyed_by_its_second_damage():
    s = bluefin_beats("gunship")
    n = len(s.log)
    play(s, "victory damage2", "damage gunship4", "damage gunship6")
    assert at(s, "gunship") is None
    assert "gunship" not in mollusk(s).ships
    assert discard_keys(s) == ["gunship"]
    assert "The Gunship is destroyed: its plan is discarded" in events_since(s, n)


def test_cutter_is_destroyed_by_one_damage_and_extra_damage_is_ignored():
    s = bluefin_beats("cutter")
    play(s, "victory damage2", "damage cutter")
    assert at(s, "cutter") is None and discard_keys(s) == ["cutter"]
    assert "damage" not in asked(s)


def test_a_full_ship_slot_cannot_be_damaged():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "0,0"},
                     ships={"cutter": "3,2"}, dice={"bluefin": [1, 2, 3]},
                     placed={"bluefin": {"cannons5": 5}, "mollusk": {"cutter": 4}})
    s.fix_battle(6, 1)
    play(s, "sail 1", "move 3,2", "battle cutter", "hold")
    n = len(s.log)
    play(s, "victory damage2")
    assert "Mollusk's Cutter has no slot that can be damaged: the damage is ignored" in events_since(s, n)
    assert at(s, "cutter") == (3, 2)


def test_ship_damage_cannot_be_repaired():
    s = mollusk_turn(ships={"gunship": "3,2"}, dice={"mollusk": [2, 6]},
                     damage={"mollusk": ["gunship4", "sail"]})
    play(s, "repair 2")
    assert legal(s) == {"repair sail", "done"}
    refused(s, "repair gunship4")
    play(s, "repair sail")
    assert damaged(s, "mollusk") == ["gunship4"]


def test_ship_damage_stays_and_dice_leave_at_the_end_of_the_round():
    s = mollusk_turn(ships={"gunship": "3,2"}, damage={"mollusk": ["gunship6"]},
                     placed={"mollusk": {"gunship4": 4}}, placed_this_turn=2, first="smuggler1",
                     dice={"mollusk": [], "bluefin": [], "smuggler1": []})
    play(s, "end")
    while s.round == 1:
        s.apply(sorted(legal(s))[0])
    slots = [(x.key, x.die, x.damage) for x in mollusk(s).slots if x.key.startswith("gunship")]
    assert slots == [("gunship4", None, False), ("gunship6", None, True)]


# ---------------------------------------------------------------------------
# Control
# ---------------------------------------------------------------------------

def test_cutter_doubles_comrades_on_its_regions_island_and_adds_one():
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "0,0"}, comrades={"3,2": 3},
                     ships={"cutter": "2,2"})
    assert s.control("3,2")["mollusk"] == 3 * 2 + 1
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "0,0"}, comrades={"3,2": 3},
                     ships={"cutter": "1,1"})
    assert s.control("3,2")["mollusk"] == 3
    assert s.control("0,0")["mollusk"] == 1 + 1  # the Flagship and the Cutter, no Comrades


def test_gunship_adds_one_control_without_doubling():
    s = mollusk_turn(figures={"bluefin": "0,0", "mollusk": "3,2"}, comrades={"3,2": 3},
                     ships={"gunship": "3,1"})
    assert s.control("3,2")["mollusk"] == 3 + 1 + 1


# ---------------------------------------------------------------------------
# Battle plans
# ---------------------------------------------------------------------------

def mollusk_attacks(hand, **kw):
    """Mollusk (Cannons 5) sails from 3,2 into Bluefin's Flagship at 3,1 and starts the battle."""
    base = dict(figures={"bluefin": "3,1", "mollusk": "3,2"}, placed={"mollusk": {"cannons": 5}},
                hand=hand)
    base.update(kw)
    s = mollusk_turn(**base)
    play(s, "sail 4", "move 3,1", "battle bluefin")
    return s


def test_battle_plans_are_offered_at_the_start_of_a_battle():
    s = mollusk_attacks(["secret-weapon", "close-call", "weapons-cache-a", "weapons-cache-b",
                         "evacuation"])
    assert s.current_player == "mollusk"
    assert legal(s) == {"play secret-weapon", "play close-call", "play weapons-cache", "no-plan"}


def test_ruling_battle_plans_are_asked_whenever_mollusk_holds_a_plan():
    """Ruling: holding only action plans, Mollusk is still asked (no-plan only), so the
    question reveals nothing about its hand; with no plans at all it is not asked."""
    s = mollusk_attacks(["evacuation"])
    assert legal(s) == {"no-plan"}
    s = mollusk_attacks([])
    assert s.decision.kind != "battle-plans"


def test_battle_plans_are_offered_to_the_defender_outside_its_turn():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "3,2"},
                     dice={"bluefin": [1, 2, 3]}, placed={"bluefin": {"cannons5": 5}},
                     hand=["secret-weapon"])
    play(s, "sail 1", "move 3,2", "battle mollusk")
    assert s.current_player == "mollusk"
    assert legal(s) == {"play secret-weapon", "no-plan"}
    s.fix_battle(1, [3, 3])
    play(s, "play secret-weapon")
    assert s.battle.dice == {"attacker": 1, "defender": 2}


def test_battles_without_the_union_offer_no_plans():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "smuggler1": "3,2", "mollusk": "0,0"},
                     dice={"bluefin": [1, 2, 3]}, placed={"bluefin": {"cannons5": 5}},
                     hand=["secret-weapon"])
    play(s, "sail 1", "move 3,2", "battle smuggler1")
    assert s.current_player == "bluefin"


def test_secret_weapon_rolls_two_dice_and_deals_an_extra_damage_on_a_win():
    s = mollusk_attacks(["secret-weapon"])
    s.fix_battle([2, 3], 4)
    n = len(s.log)
    play(s, "play secret-weapon", "hold")
    assert discard_keys(s) == ["secret-weapon"]
    assert "Mollusk rolls 2+3 = 5; Bluefin rolls 4 = 4" in events_since(s, n)
    play(s, "victory steal")
    # 1 damage from the Victory option, and 1 more from Secret Weapon.
    play(s, "damage sail")
    play(s, sorted(a for a in legal(s) if a.startswith("damage"))[0])
    assert len(damaged(s, "bluefin")) == 2


def test_secret_weapon_deals_no_extra_damage_when_mollusk_loses():
    s = mollusk_attacks(["secret-weapon"], placed={"mollusk": {"cannons": 5},
                                                   "bluefin": {"cannons5": 5}})
    s.fix_battle([1, 1], 6)
    play(s, "play secret-weapon", "hold", "hold", "victory steal", "damage sail")
    assert damaged(s, "mollusk") == ["sail"]
    assert s.decision.kind == "turn" or s.decision.kind != "damage"


def test_weapons_cache_adds_the_ready_comrades_at_that_moment():
    s = mollusk_attacks(["weapons-cache-a"], ready=3)
    play(s, "play weapons-cache")
    assert s.battle.bonus["attacker"] == 3
    s.data["factions"]["mollusk"]["ready"] = 9  # later changes do not count
    s.fix_battle(1, 6)
    n = len(s.log)
    play(s, "hold")
    assert "Mollusk rolls 1 +3 Weapons Cache = 4; Bluefin rolls 6 = 6" in events_since(s, n)


def test_weapons_cache_with_no_ready_comrades_adds_nothing():
    s = mollusk_attacks(["weapons-cache-a"], ready=0)
    play(s, "play weapons-cache")
    assert s.battle.bonus["attacker"] == 0
    assert discard_keys(s) == ["weapons-cache-a"]


def test_both_weapons_caches_and_secret_weapon_in_one_battle():
    s = mollusk_attacks(["weapons-cache-a", "weapons-cache-b", "secret-weapon", "close-call"], ready=2)
    play(s, "play weapons-cache", "play secret-weapon", "play weapons-cache")
    assert legal(s) == {"play close-call", "no-plan"}
    s.fix_battle([1, 1], 6)
    n = len(s.log)
    play(s, "no-plan", "hold")
    assert "Mollusk rolls 1+1 +4 Weapons Cache x2 = 6; Bluefin rolls 6 = 6" in events_since(s, n)
    assert s.decision.kind == "victory"  # the attacker wins the tie


def test_close_call_ignores_the_battle_and_the_mover_keeps_moving():
    s = mollusk_attacks(["close-call"])
    n = len(s.log)
    play(s, "play close-call")
    events = events_since(s, n)
    assert "Mollusk plays Close Call: the battle is ignored" in events
    assert not any("rolls" in e for e in events)
    assert discard_keys(s) == ["close-call"]
    assert s.decision.kind == "move" and s.decision.details["steps"] == 1  # Sail: 1 of 2 left
    assert {"move 2,1", "anchor"} <= legal(s)
    play(s, "move 2,1")  # the Strong Current pushes on to 2,2
    assert at(s, "mollusk") == (2, 2)


def test_without_close_call_a_battle_ends_the_movement():
    s = mollusk_attacks(["secret-weapon"])
    s.fix_battle(6, 1)
    play(s, "no-plan", "hold", "victory none")
    assert s.decision.kind == "turn"


def test_close_call_keeps_no_movement_when_another_battle_in_the_space_is_fought():
    s = mollusk_attacks(["close-call"], figures={"bluefin": "3,1", "mollusk": "3,2", "patrol": ["3,1"]})
    play(s, "play close-call")
    assert legal(s) == {"battle patrol"}
    s.fix_battle(6, 1)
    play(s, "battle patrol", "hold", "victory none")
    assert s.decision.kind == "turn"  # the movement is over
    assert at(s, "mollusk") == (3, 1)


def test_close_call_outside_mollusks_turn_ignores_the_battle():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "3,2"},
                     dice={"bluefin": [1, 2, 3]}, placed={"bluefin": {"cannons5": 5}},
                     hand=["close-call"])
    play(s, "sail 1", "move 3,2", "battle mollusk")
    n = len(s.log)
    play(s, "play close-call")
    assert not any("rolls" in e for e in events_since(s, n))
    assert s.current_player == "bluefin"
    assert damaged(s, "mollusk") == [] and damaged(s, "bluefin") == []


def test_close_call_protects_a_ship():
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "0,0"},
                     ships={"cutter": "3,2"}, dice={"bluefin": [1, 2, 3]},
                     placed={"bluefin": {"cannons5": 5}}, hand=["close-call"])
    play(s, "sail 1", "move 3,2", "battle cutter", "play close-call")
    assert at(s, "cutter") == (3, 2)
    assert "cutter" in mollusk(s).ships


def test_every_plan_decision_has_a_prompt_and_readable_notation():
    for kind in plans.PROMPTS:
        assert explain.PROMPTS[kind] == plans.PROMPTS[kind]
    s = mollusk_turn(hand=["evacuation"])
    play(s, "play evacuation")
    assert s.prompt.startswith("Mollusk: Evacuation: choose the Island")
    with pytest.raises(IllegalActionError) as err:
        s.apply("evacuate here")
    assert "evacuate is written like 'evacuate 3,2'" in str(err.value)


def test_ruling_close_call_out_of_turn_lets_the_enemy_mover_move_on():
    """Ruling: an ignored battle is not a battle, so a mover that battled no one in the
    space keeps its remaining movement, also when Close Call is played against it."""
    s = mollusk_turn(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "3,2"},
                     dice={"bluefin": [1, 2, 3]}, placed={"bluefin": {"cannons5": 5}},
                     hand=["close-call"])
    play(s, "sail 1", "move 3,2", "battle mollusk", "play close-call")
    assert s.current_player == "bluefin"
    assert {"move 2,2", "anchor"} <= legal(s)


def test_ruling_secret_weapons_extra_damage_comes_with_a_battle_victory_option():
    """Ruling: like the Gunner's, the extra damage is added to the damage of the Battle
    Victory option; taking no option deals no damage at all."""
    s = mollusk_attacks(["secret-weapon"])
    s.fix_battle([6, 6], 1)
    play(s, "play secret-weapon", "hold", "victory none")
    assert damaged(s, "bluefin") == []
    assert "damage" not in asked(s)


# -- Emissary and battle plans: both "at the start of a battle" ---------------------------------

def bluefin_attacks_with_emissary(hand=("close-call",), **kw):
    """Bluefin (Emissary, 2 gold, Cannons 5) sails from 3,1 into the Mollusk Flagship at 3,2."""
    base = dict(turn="bluefin", figures={"bluefin": "3,1", "mollusk": "3,2"},
                dice={"bluefin": [1, 2, 3]}, placed={"bluefin": {"cannons5": 5}},
                crew={"bluefin": ["emissary"]}, gold={"bluefin": 2, "mollusk": 0}, hand=list(hand))
    base.update(kw)
    return play(mollusk_turn(**base), "sail 1", "move 3,2", "battle mollusk")


def test_ruling_the_turn_player_orders_emissary_and_battle_plans():
    """Ruling (Simultaneous Timing): Emissary and the battle plans both happen at the start of
    the battle, so when both are offered the turn player chooses which is resolved first."""
    s = bluefin_attacks_with_emissary()
    assert s.current_player == "bluefin"
    assert legal(s) == {"emissary-first", "plans-first"}
    assert s.prompt.startswith("Bluefin: at the start of the battle, Emissary and the Mollusk's "
                               "battle plans happen at the same time")
    assert s.gold["bluefin"] == 2 and s.gold["mollusk"] == 0  # nothing resolved yet
    # On its own turn the Mollusk, attacking with Emissary, is asked the same.
    s = mollusk_attacks(["close-call"], crew={"mollusk": ["emissary"]}, gold={"mollusk": 2})
    assert s.current_player == "mollusk" and legal(s) == {"emissary-first", "plans-first"}


def test_ruling_the_order_question_reveals_nothing_about_the_mollusk_hand():
    """The question is asked whenever the Mollusk holds any plan: Bluefin sees the same
    position whether the hand is Close Call or a plan with no use in battle."""
    close_call = bluefin_attacks_with_emissary(["close-call"])
    evacuation = bluefin_attacks_with_emissary(["evacuation"])
    assert close_call.view("bluefin") == evacuation.view("bluefin")
    assert legal(evacuation) == {"emissary-first", "plans-first"}


def test_plans_first_then_close_call_offers_no_emissary_and_the_mover_keeps_moving():
    s = bluefin_attacks_with_emissary()
    n = len(s.log)
    play(s, "plans-first")
    assert "Bluefin resolves the Mollusk's battle plans first, then Emissary" in events_since(s, n)
    assert s.current_player == "mollusk" and legal(s) == {"play close-call", "no-plan"}
    play(s, "play close-call")
    assert "emissary" not in asked(s)
    assert s.gold["bluefin"] == 2 and s.gold["mollusk"] == 0  # Emissary was never paid
    assert s.current_player == "bluefin" and {"move 2,2", "anchor"} <= legal(s)
    assert not any("rolls" in e for e in events_since(s, n))


def test_plans_first_then_no_plan_still_offers_emissary():
    s = play(bluefin_attacks_with_emissary(), "plans-first", "no-plan")
    assert s.current_player == "bluefin" and legal(s) == {"emissary", "no-emissary"}
    play(s, "emissary")
    assert s.gold["bluefin"] == 1 and s.gold["mollusk"] == 1
    assert hand_keys(s) == ["close-call"]
    assert {"move 2,2", "anchor"} <= legal(s)  # every battle here was ignored


def test_emissary_first_and_paid_ignores_the_battle_and_asks_no_plans():
    s = bluefin_attacks_with_emissary()
    n = len(s.log)
    play(s, "emissary-first")
    assert "Bluefin resolves Emissary first, then the Mollusk's battle plans" in events_since(s, n)
    assert legal(s) == {"emissary", "no-emissary"}
    play(s, "emissary")
    assert s.gold["bluefin"] == 1 and s.gold["mollusk"] == 1
    assert "battle-plans" not in asked(s)
    assert hand_keys(s) == ["close-call"] and s.current_player == "bluefin"
    assert {"move 2,2", "anchor"} <= legal(s)


def test_emissary_first_and_declined_then_asks_the_plans():
    s = play(bluefin_attacks_with_emissary(), "emissary-first", "no-emissary")
    assert s.current_player == "mollusk" and legal(s) == {"play close-call", "no-plan"}
    s.fix_battle(6, 1)
    play(s, "no-plan", "hold")
    assert s.decision.kind == "victory"  # the battle is fought


def test_no_order_question_when_only_one_offer_applies():
    # Emissary, and no plan in the Mollusk's hand: Emissary straight away.
    s = bluefin_attacks_with_emissary([])
    assert legal(s) == {"emissary", "no-emissary"}
    # Plans, and no Emissary (or no gold to pay it): the plans straight away.
    s = bluefin_attacks_with_emissary(crew={})
    assert s.current_player == "mollusk" and legal(s) == {"play close-call", "no-plan"}
    s = bluefin_attacks_with_emissary(gold={"bluefin": 0})
    assert s.current_player == "mollusk" and legal(s) == {"play close-call", "no-plan"}
    # Emissary out of its owner's turn is never offered: the defender's plans only.
    s = mollusk_attacks(["close-call"], crew={"bluefin": ["emissary"]}, gold={"bluefin": 2})
    assert legal(s) == {"play close-call", "no-plan"}
    assert "offer-order" not in asked(s)


def test_ordering_words_are_refused_unless_asked_and_leave_the_state_unchanged():
    s = bluefin_attacks_with_emissary()
    refused(s, "mollusk-first", "Cannot read 'mollusk-first'")
    refused(s, "plans-first now", "Cannot read 'plans-first now'", "written like 'plans-first'")
    refused(s, "emissary", "not possible now", "choose which is resolved first")
    refused(s, "no-plan", "not possible now")
    refused(s, "play close-call", "only the Mollusk Union plays plan cards")
    # Once the order is chosen, or when only one offer applies, it is not asked again.
    s = play(bluefin_attacks_with_emissary(), "emissary-first")
    refused(s, "plans-first", "not possible now")
    s = bluefin_attacks_with_emissary([])
    refused(s, "emissary-first", "not possible now")
    refused(mollusk_turn(), "plans-first", "not possible now")


def test_a_ship_die_keeps_the_turn_going_when_no_board_slot_fits():
    """A die that fits only a ship's slot must be placed there: the turn cannot end."""
    full = {"mollusk": {"repair": 2}}
    damage = {"mollusk": ["sail"] * 4 + ["tailwind"] * 2 + ["assemble", "cannons", "inspire", "rally"]}
    s = mollusk_turn(ships={"cutter": "3,2"}, dice={"mollusk": [5]}, gold={"mollusk": 0},
                     placed=full, damage=damage)
    assert legal(s) == {"cutter 5"}
    s = mollusk_turn(ships={"gunship": "3,2"}, dice={"mollusk": [5]}, gold={"mollusk": 0},
                     placed=full, damage=damage)
    assert legal(s) == {"end"}  # a 5 fits neither a "4" nor a "6"


def test_a_ship_cannot_be_destroyed_in_its_own_move():
    """Its die fills its slot ("full die slots cannot be damaged"): the Cutter loses the
    battle but takes no damage; the battle still ends its movement."""
    s = mollusk_turn(figures={"bluefin": "3,1", "mollusk": "0,0"}, ships={"cutter": "3,2"},
                     placed={"bluefin": {"cannons5": 5}})
    s.fix_battle(1, 6)
    n = len(s.log)
    play(s, "cutter 4", "sail", "move 3,1", "battle bluefin", "hold", "victory damage2")
    assert "Mollusk's Cutter has no slot that can be damaged: the damage is ignored" in events_since(s, n)
    assert at(s, "cutter") == (3, 1) and "cutter" in mollusk(s).ships
    assert s.decision.kind == "turn"
    assert s.current_player == "mollusk" and s.turn.placed == 1
