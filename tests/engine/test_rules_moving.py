"""Moving, Exploring, Terrain and anchoring (rulebook pages 11-14)."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, scenario

from support import TWO_TILES, at, damaged, events_since, kinds_at, legal, play

# Tiles 11 (Parrot) and 9 (Tree):
#   0,0 open         1,0 Harbor 1g    | 2,1 Wreckage 1g Tw3   3,1 open
#   0,1 open Tw4  || 1,1 Parrot Island| 2,2 Wreckage 1g Tw4   3,2 Tree Island
#   (|| a Sandbar between 0,1 and 1,1)
PARROT_TREE = [(11, "0,0", 0), (9, "2,1", 0)]

# Tiles 1 (Fish) and 7 (Skull):
#   0,0 open 2g  |  1,0 open              (| a Sandbar)
#   0,1 Strong Current (down)   1,1 Fish Island
#   0,2 Harbor   1,2 open 1g
#   0,3 open 1g  1,3 Skull Island
CURRENT_HARBOR = [(1, "0,0", 0), (7, "0,2", 0)]


def moves(s):
    return {a for a in legal(s) if a.startswith("move ")}


# -- steps -------------------------------------------------------------------------

def test_sail_moves_one_or_two_adjacent_spaces_not_diagonal():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]})
    s.apply("sail 3")
    # Left, down, and off the map up and right (to explore); never diagonal.
    assert moves(s) == {"move 0,0", "move 1,1", "move 1,-1", "move 2,0"}
    assert "anchor" not in legal(s)  # Sail moves at least 1 space
    with pytest.raises(IllegalActionError, match="not diagonal"):
        s.apply("move 0,1")
    s.apply("move 1,1")
    assert "anchor" in legal(s)
    s.apply("move 1,0")
    # Two spaces moved: the Flagship anchors; the turn goes on.
    assert s.decision.kind == "turn"
    assert at(s, "smuggler1") == (1, 0)


def test_sandbars_cannot_be_crossed():
    s = scenario(3, tiles=CURRENT_HARBOR, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]})
    s.apply("sail 3")
    assert "move 0,0" not in moves(s)
    assert "move 1,1" in moves(s)
    with pytest.raises(IllegalActionError, match="Sandbars"):
        s.apply("move 0,0")


@pytest.mark.parametrize("die, most", [(1, 1), (4, 4), (6, 6)])
def test_full_sail_moves_up_to_the_die_value_and_at_least_one(die, most):
    tiles = [(7, "0,0", 0), (5, "2,0", 0), (3, "0,2", 0), (8, "2,2", 0)]  # a 4x4 map, no Sandbar in the way
    s = scenario(3, tiles=tiles, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [die, 2]}, gold={"smuggler1": 0})
    s.apply(f"fullsail {die}")
    path = ["1,0", "2,0", "3,0", "3,1", "2,1", "1,1"]  # around open spaces and Islands
    n = 0
    while s.decision.kind == "move":
        assert "anchor" in legal(s) or n == 0
        s.apply(f"move {path[n]}")
        n += 1
    assert n == most


# -- exploring -------------------------------------------------------------------

def test_explore_draws_a_tile_places_it_under_the_figure_and_ends_the_move():
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "0,0"}, turn="mollusk",
                 dice={"mollusk": [3, 3]})
    s.fix("tile", [5])  # tile 5: no terrain at its printed BL
    stack = s.supplies.tiles
    play(s, "sail 3", "move 0,-1")
    assert s.current_player == "mollusk"
    options = legal(s)
    assert options and all(a.startswith("tile ") for a in options)
    s.apply("tile 0,-2 r0")
    assert len(s.regions()) == 3 and s.regions()[-1]["wealth"] == 1
    assert s.supplies.tiles == stack - 1
    assert at(s, "mollusk") == (0, -1)
    # Sail had a second space, but exploring ends the movement: the Flagship anchored.
    assert s.decision.kind == "turn"
    assert s.turn.placed == 1


def test_explore_never_puts_an_island_next_to_another_island():
    """You can rotate the region, but you cannot place its Island adjacent to any other
    Island (they can be diagonal)."""
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "0,0"}, turn="mollusk",
                 dice={"mollusk": [3, 3]})
    s.fix("tile", [5])
    play(s, "sail 3", "move 0,-1")
    assert legal(s) == {"tile -1,-2 r90", "tile -1,-2 r180", "tile -1,-2 r270",
                        "tile 0,-2 r0", "tile 0,-2 r180", "tile 0,-2 r270"}
    # Turned 0 at -1,-2 its Island would be at 0,-1, next to the Fish Island at 0,0.
    with pytest.raises(IllegalActionError):
        s.apply("tile -1,-2 r0")
    s.apply("tile -1,-2 r90")  # Island at -1,-1: diagonal to 0,0 is fine
    assert (-1, -1) in s.map.islands


def test_cannot_move_off_the_map_where_no_region_fits():
    """There must be enough room to place the region without overlapping another."""
    tiles = [(0, "0,0", 180), (6, "3,0", 0)]  # a one-space-wide gap at x=2
    s = scenario(3, tiles=tiles, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]})
    s.apply("sail 3")
    assert "move 2,0" not in moves(s)
    assert "move 1,-1" in moves(s)
    with pytest.raises(IllegalActionError, match="enough room"):
        s.apply("move 2,0")


def test_cannot_explore_when_the_tile_stack_is_empty():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, tile_stack=[])
    s.apply("sail 3")
    assert moves(s) == {"move 0,0", "move 1,1"}
    with pytest.raises(IllegalActionError, match="tile stack is empty"):
        s.apply("move 1,-1")


def test_explored_space_then_resolves_its_terrain():
    """Ruling: exploring is moving, so after the tile is placed the explored space's
    battle and terrain steps still apply (the rulebook: a Strong Current still moves you
    after exploring). Here the explored space is Wreckage."""
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]})
    s.fix("tile", [3])  # tile 3: Wreckage (2 gold) at its printed TR
    play(s, "sail 3", "move 0,-1", "tile 0,-2 r180")  # turned 180, TR lands on 0,-1
    assert s.map.spaces[(0, -1)].terrain == "wreckage"
    assert s.current_player == "smuggler1"
    assert legal(s) >= {"damage sail", "damage cannons"}
    s.apply("damage cannons")
    assert damaged(s, "smuggler1") == ["cannons"]
    assert s.gold["smuggler1"] == 1 + 2  # anchored at the Wreckage: its Treasure


# -- explore, battle, terrain: in that order --------------------------------------

def test_battle_comes_before_terrain():
    """Each space: explore, then battle, then terrain. A Smuggler with loaded Cannons sails
    into Wreckage where the Mollusk Flagship is: the battle is fought first."""
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0", "mollusk": "0,1"},
                 turn="smuggler1", dice={"smuggler1": [3, 3]}, placed={"smuggler1": {"cannons": 4}},
                 hand=[])
    s.fix_battle(1, 6)
    n = len(s.log)
    play(s, "sail 3", "move 1,1", "move 0,1")
    # In Fog at 1,1: no battle and the move goes on; at 0,1 the battle starts.
    assert legal(s) == {"battle mollusk"}
    play(s, "battle mollusk", "hold")
    # The Mollusk won; the Wreckage has not hurt the Smuggler yet.
    assert legal(s) == {"victory place-comrade", "victory steal", "victory none"}
    play(s, "victory none")
    events = events_since(s, n)
    assert any("Wreckage" in e for e in events[-3:])
    assert legal(s) >= {"damage sail"}  # now the Wreckage damage
    s.apply("damage sail")
    assert s.decision.kind == "turn" and at(s, "smuggler1") == (0, 1)


# -- anchoring, Treasure and Harbor -------------------------------------------------

def test_wreckage_example_two_damage_but_only_one_gold():
    """You Sail and move 2 spaces, each with a Wreckage. You take 2 damage, but only gain
    1 gold when you anchor at the second Wreckage."""
    s = scenario(3, tiles=PARROT_TREE, figures={"smuggler1": "3,1"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, gold={"smuggler1": 0})
    play(s, "sail 3", "move 2,1", "damage tailwind")
    assert s.gold["smuggler1"] == 0
    play(s, "move 2,2", "damage cannons")
    assert damaged(s, "smuggler1") == ["cannons", "tailwind"]
    assert s.gold["smuggler1"] == 1
    assert s.decision.kind == "turn"


def test_wreckage_damage_is_chosen_by_the_owner_on_an_empty_undashed_slot():
    s = scenario(3, tiles=PARROT_TREE, figures={"smuggler1": "3,1"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, placed={"smuggler1": {"cannons": 2}},
                 damage={"smuggler1": ["fullsail"]})
    play(s, "sail 3", "move 2,1")
    assert s.current_player == "smuggler1"
    # Sail has 2 empty slots (one has the die); Full Sail is damaged; Cannons is full;
    # Repair is dashed.
    assert legal(s) == {"damage sail", "damage tailwind", "damage negotiate"}


def test_strong_current_and_harbor_example():
    """You Sail and move 2 spaces. The Strong Current moves you 1 more space. You anchor
    at the Harbor, so you repair 2 damage."""
    s = scenario(3, tiles=CURRENT_HARBOR, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, damage={"smuggler1": ["cannons", "tailwind", "fullsail"]})
    play(s, "sail 3", "move 1,1", "move 0,1")
    assert at(s, "smuggler1") == (0, 2)
    assert legal(s) == {"harbor-repair", "harbor-none"}  # Cannons is damaged: no die can go there
    play(s, "harbor-repair", "repair cannons", "repair tailwind")
    assert damaged(s, "smuggler1") == ["fullsail"]
    assert s.decision.kind == "turn"


def test_strong_current_moves_for_free():
    """Don't spend movement: after the Current, Sail still has its second space."""
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "3,1"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]})
    play(s, "sail 3", "move 2,1")
    assert at(s, "smuggler1") == (2, 2)
    assert "anchor" in legal(s) and "move 3,2" in moves(s)


def test_strong_current_can_make_you_explore():
    s = scenario(3, tiles=CURRENT_HARBOR[:1] + [(6, "2,1", 0)], figures={"smuggler1": "1,1"},
                 turn="smuggler1", dice={"smuggler1": [3, 3]})
    s.fix("tile", [8])
    play(s, "sail 3", "move 0,1")
    # The Current pushes the Flagship off the bottom edge: it explores 0,2.
    assert all(a.startswith("tile ") for a in legal(s))
    s.apply(sorted(legal(s))[0])
    assert at(s, "smuggler1") == (0, 2)


def test_strong_current_can_make_you_battle():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "3,1", "mollusk": "2,2"},
                 turn="smuggler1", dice={"smuggler1": [3, 3], "mollusk": [1, 2, 3]},
                 placed={"mollusk": {"cannons": 3}})
    play(s, "sail 3", "move 2,1")
    assert at(s, "smuggler1") == (2, 2)
    assert legal(s) == {"battle mollusk"}


def test_after_exploring_a_strong_current_still_moves_you():
    """After exploring you cannot move any more spaces; a Strong Current still moves you
    before you anchor."""
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]})
    s.fix("tile", [1])  # tile 1: Strong Current at printed BL, pushing off its bottom edge
    play(s, "sail 3", "move -1,0")
    # Turned 270 at -2,-1: printed BL lands on -1,0 and its Current pushes right, to 0,0.
    s.apply("tile -2,-1 r270")
    assert at(s, "smuggler1") == (0, 0)
    assert s.decision.kind == "turn"


def test_treasure_and_harbor_only_when_anchoring_there():
    s = scenario(3, tiles=CURRENT_HARBOR, figures={"smuggler1": "1,2"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, gold={"smuggler1": 0}, damage={"smuggler1": ["cannons"]})
    # Through the Harbor (no repair offered) to the 1-gold Treasure at 0,3.
    play(s, "sail 3", "move 0,2", "move 0,3")
    assert s.gold["smuggler1"] == 1
    assert damaged(s, "smuggler1") == ["cannons"]
    assert s.decision.kind == "turn"


def test_treasure_gains_one_gold_per_icon():
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, gold={"smuggler1": 0})
    play(s, "sail 3", "move 0,0", "move 0,1", "damage sail")
    assert s.gold["smuggler1"] == 2


def test_harbor_moves_a_placed_die_onto_cannons():
    """Ruling: the die taken to Cannons leaves its slot empty, so that slot may take
    another die this round."""
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "3,2"}, turn="mollusk",
                 dice={"mollusk": [2, 3]}, placed={"mollusk": {"assemble": 1}})
    play(s, "sail 3", "move 3,1", "anchor")
    assert legal(s) == {"harbor-cannons sail", "harbor-cannons assemble", "harbor-none"}
    s.apply("harbor-cannons sail")
    assert s.slots("mollusk")[7]["die"] == 3  # Cannons
    assert all(slot["die"] is None for slot in s.slots("mollusk")[:4])  # Sail is free again
    assert "sail 2" in legal(s)


def test_harbor_bluefin_may_only_move_a_5_or_6_onto_cannons():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "3,2"}, turn="bluefin",
                 dice={"bluefin": [4, 4, 4]}, placed={"bluefin": {"deploy": 5, "order": 3}})
    play(s, "sail 4", "move 3,1", "anchor")
    assert legal(s) == {"harbor-cannons deploy", "harbor-none"}


# -- Tailwind --------------------------------------------------------------------------

def test_tailwind_example_jump_the_sandbar_battle_then_sail_off_the_map():
    """You place a "4" die on your Tailwind, letting you move directly to any space with a
    "4" die printed in the corner. You jump over the Sandbar into a space with an enemy
    figure, which starts a battle since you have loaded Cannons. After the battle, you
    place a die on Sail. You move off the map, so you explore a new region. Sail lets you
    move up to 2 spaces, but you lose your second move because you explored."""
    s = scenario(3, tiles=PARROT_TREE, figures={"mollusk": "1,1", "smuggler1": "0,1"},
                 turn="mollusk", dice={"mollusk": [4, 5]}, placed={"mollusk": {"cannons": 3}},
                 hand=[])
    s.apply("tailwind 4")
    assert legal(s) == {"move 0,1", "move 2,2", "stay"}
    s.apply("move 0,1")  # over the Sandbar between 1,1 and 0,1
    assert legal(s) == {"battle smuggler1"}
    s.fix_battle(6, 1)
    play(s, "battle smuggler1", "hold", "victory none")
    assert s.decision.kind == "turn" and at(s, "mollusk") == (0, 1)
    s.fix("tile", [5])
    play(s, "sail 5", "move -1,1", "tile -2,0 r180")
    assert at(s, "mollusk") == (-1, 1)
    assert s.decision.kind == "turn"  # the second space of Sail is lost


def test_tailwind_only_to_spaces_with_the_matching_printed_die():
    s = scenario(3, tiles=PARROT_TREE, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 6]})
    s.apply("tailwind 3")
    assert legal(s) == {"move 2,1", "stay"}
    with pytest.raises(IllegalActionError, match="printed 3"):
        s.apply("move 2,2")


def test_tailwind_with_no_matching_space_may_stay():
    s = scenario(3, tiles=PARROT_TREE, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [6, 6]}, gold={"smuggler1": 0})
    s.apply("tailwind 6")
    assert legal(s) == {"stay"}
    s.apply("stay")
    assert at(s, "smuggler1") == (0, 0)


def test_tailwind_into_wreckage_takes_damage_and_anchors_for_its_treasure():
    """Ruling: a Tailwind is a move (MOVE DIRECTLY), so the Wreckage it lands on damages
    the Flagship, and it anchors there for the Treasure."""
    s = scenario(3, tiles=PARROT_TREE, figures={"smuggler1": "0,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 6]}, gold={"smuggler1": 0})
    play(s, "tailwind 3", "move 2,1")
    assert s.current_player == "smuggler1" and "damage cannons" in legal(s)
    s.apply("damage cannons")
    assert damaged(s, "smuggler1") == ["cannons"]
    assert s.gold["smuggler1"] == 1


# -- Fog, and placing -------------------------------------------------------------------

def test_no_battle_in_fog_and_the_move_goes_on():
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "1,0", "smuggler1": "1,1"},
                 turn="mollusk", dice={"mollusk": [3, 3], "smuggler1": [1, 2, 3]},
                 placed={"mollusk": {"cannons": 5}, "smuggler1": {"cannons": 5}})
    play(s, "sail 3", "move 1,1")
    assert at(s, "mollusk") == (1, 1)
    assert "anchor" in legal(s) and "move 2,1" in moves(s)


def test_placing_a_figure_never_triggers_battle_or_terrain():
    """Deploy puts a Patrol on Wreckage next to a loaded enemy: no damage, no battle."""
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0", "mollusk": "0,1"},
                 turn="bluefin", dice={"bluefin": [1, 5, 6], "mollusk": [1, 2, 3]},
                 placed={"mollusk": {"cannons": 6}})
    play(s, "deploy 1", "deploy 0,1")
    assert s.decision.kind == "turn"
    assert kinds_at(s, "0,1") == ["mollusk", "patrol-1"]


def test_bluefin_patrol_placed_on_anchoring_at_wreckage_is_not_damaged():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0"}, turn="bluefin",
                 dice={"bluefin": [3, 3, 3]})
    play(s, "sail 3", "move 0,1", "damage tailwind", "anchor", "patrol")
    assert kinds_at(s, "0,1") == ["bluefin", "patrol-1"]
    assert s.decision.kind == "turn"


def test_treasure_is_limited_by_the_gold_supply():
    """All pieces are limited by the contents of the box: 20 gold."""
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="smuggler1",
                 dice={"smuggler1": [3, 3]}, gold={"smuggler1": 0, "bluefin": 10, "mollusk": 9})
    play(s, "sail 3", "move 0,0", "move 0,1", "damage sail")
    assert s.gold["smuggler1"] == 1
    assert sum(s.gold.values()) == 20


def test_anchoring_at_a_harbor_with_treasure_gold_then_harbor_then_patrol():
    """Ruling: on anchoring, Treasure gold is gained at once, then the Harbor choice, then
    the action's own bonus (Bluefin's Patrol)."""
    s = scenario(3, tiles=PARROT_TREE, figures={"bluefin": "0,0"}, turn="bluefin",
                 dice={"bluefin": [3, 3, 3]}, gold={"bluefin": 0}, damage={"bluefin": ["deploy"]})
    play(s, "sail 3", "move 1,0")  # the Harbor with 1 gold; its only way on is back
    s.apply("anchor")
    assert s.gold["bluefin"] == 1
    assert legal(s) == {"harbor-repair", "harbor-none"}
    play(s, "harbor-repair", "repair deploy")
    assert legal(s) == {"patrol", "no-patrol"}
    s.apply("patrol")
    assert damaged(s, "bluefin") == [] and kinds_at(s, "1,0") == ["bluefin", "patrol-1"]


def test_harbor_names_the_die_when_two_dice_on_one_kind_of_slot_differ():
    """Like SAN, ``harbor-cannons sail`` grows a value only when the slot's name is not
    enough: the Sail dice here are a 2 and a 5, and which one goes to Cannons matters."""
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "3,2"}, turn="mollusk",
                 dice={"mollusk": [2, 3]}, placed={"mollusk": {"sail": 5}})
    play(s, "sail 2", "move 3,1", "anchor")
    assert legal(s) == {"harbor-cannons sail 2", "harbor-cannons sail 5", "harbor-none"}
    s.apply("harbor-cannons sail 5")
    assert s.slots("mollusk")[7]["die"] == 5  # Cannons
    assert sorted(slot["die"] for slot in s.slots("mollusk")[:4] if slot["die"]) == [2]


def test_harbor_may_take_the_die_on_a_union_ship():
    """Ruling: "any die that you have already placed" includes a die on the Cutter's or
    the Gunship's slot; that slot is empty again (and can be damaged)."""
    s = scenario(3, tiles=TWO_TILES, figures={"mollusk": "3,2"}, turn="mollusk",
                 ships={"cutter": "0,0"}, dice={"mollusk": [3, 4]},
                 placed={"mollusk": {"cutter": 6}})
    play(s, "sail 3", "move 3,1", "anchor")
    assert "harbor-cannons cutter" in legal(s)
    s.apply("harbor-cannons cutter")
    cutter = next(slot for slot in s.slots("mollusk") if slot["key"] == "cutter")
    assert cutter["die"] is None and s.slots("mollusk")[7]["die"] == 6
