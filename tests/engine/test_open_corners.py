"""Five situations the rulebook leaves open (docs/rulings.md, "Open corners"): each
built with ``scenario``, each checking what the engine does and, where it refuses,
that ``explain`` says why."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, scenario
from ahoy_nb.engine.components import TILES
from support import TWO_TILES, damaged, legal, play, ready


# -- 1. "Remove 1 Comrade" where the Island has none -----------------------------------------

def _bluefin_beats_the_mollusk(comrades: dict):
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "3,2", "mollusk": "2,2"}, hand=[],
                 turn="bluefin", dice={"bluefin": [3, 3, 3]}, placed={"bluefin": {"cannons5": 5}},
                 comrades=comrades)
    s.fix_battle(6, 1)
    return play(s, "sail 3", "move 2,2", "battle mollusk", "hold")


def test_ruling_remove_a_comrade_is_offered_with_none_there_and_deals_only_the_damage():
    """Ruling: Bluefin's "remove 1 Comrade" is offered whether or not the Island of the
    battle's region has Comrades; with none there it deals its 1 damage and removes nothing
    (like "steal 1 gold" from a player with no gold), never a Comrade of another Island."""
    s = _bluefin_beats_the_mollusk({"0,0": 2})  # Comrades only on the other region's Island
    assert "victory remove-comrade" in legal(s)
    s.apply("victory remove-comrade")
    assert s.comrades() == {(0, 0): 2} and ready(s) == 6
    s.apply("damage sail")
    assert damaged(s, "mollusk") == ["sail"]
    assert not any("Comrade is removed" in e for entry in s.log for e in entry.events)


# -- 2. Full Sail with nowhere to go -----------------------------------------------------------

@pytest.mark.parametrize("tile", range(len(TILES)))
def test_ruling_a_flagship_always_has_a_space_to_sail_into(tile):
    """Ruling: Full Sail moves "at least 1 space", and it always can: a tile has at most one
    Sandbar and each space two neighbours on its own tile, so even alone on a one-tile map
    with an empty tile stack, a Flagship in any corner has a space to move into."""
    for rot in (0, 90, 180, 270):
        for x, y in ((0, 0), (1, 0), (0, 1), (1, 1)):
            s = scenario(3, tiles=[(tile, "0,0", rot)], tile_stack=[],
                         figures={"smuggler1": f"{x},{y}"}, hand=[], turn="smuggler1",
                         dice={"smuggler1": [6]})
            s.apply("fullsail 6")
            moves = legal(s)
            assert moves and all(m.startswith("move ") for m in moves), (tile, rot, x, y)


def test_ruling_full_sail_beside_a_sandbar_must_take_the_one_open_space_first():
    s = scenario(3, tiles=[(1, "0,0", 0)], tile_stack=[], figures={"smuggler1": "0,0"},
                 hand=[], turn="smuggler1", dice={"smuggler1": [6]})
    s.apply("fullsail 6")
    assert legal(s) == {"move 0,1"}  # the Sandbar closes 1,0; the map's edge the rest
    for refused, words in [("anchor", "move at least one space first"),
                           ("move 1,0", "cannot move across Sandbars"),
                           ("move -1,0", "the tile stack is empty")]:
        with pytest.raises(IllegalActionError, match=words):
            s.apply(refused)


# -- 3. A Union ship's Sail ending at an Island ------------------------------------------------

def test_ruling_a_union_ships_sail_places_and_gains_no_comrades():
    """Ruling: only the Mollusk board's Sail places or gains Comrades when the Flagship
    anchors at an Island; the Cutter's and Gunship's Sail moves the ship and nothing more."""
    s = scenario(2, tiles=TWO_TILES, figures={"bluefin": "0,0", "mollusk": "3,1"},
                 ships={"cutter": "2,2"}, hand=[], turn="mollusk", dice={"mollusk": [3, 4]})
    play(s, "cutter 3", "sail", "move 3,2", "anchor")  # the Cutter anchors at the Skull Island
    assert s.figure("cutter").at == (3, 2)
    assert s.decision.kind == "turn" and s.comrades() == {} and ready(s) == 6
    with pytest.raises(IllegalActionError, match="only when the Mollusk Flagship anchors"):
        s.apply("place-comrades")
    # The Flagship's own Sail to the same Island does offer them.
    play(s, "sail 4", "move 3,2", "anchor")
    assert legal(s) == {"place-comrades", "ready-comrades", "no-comrades"}


# -- 4. Exploring where the drawn tile would not fit -------------------------------------------

def test_ruling_the_drawn_tile_always_fits_where_the_explorer_was_let_off_the_map():
    """Ruling: "there must be enough room" is checked before the draw, and every tile has
    the same shape with its Island in the same corner, so whichever tile is drawn it has
    the same places; where none fits, the move off the map is refused before any draw."""
    tiles = TWO_TILES + [(7, "-1,2", 0)]  # leaves 1,2 a one-space nook
    stack = [t for t in range(len(TILES)) if t not in (0, 6, 7)]
    places = set()
    for drawn in stack:
        s = scenario(2, tiles=tiles, tile_stack=stack, figures={"bluefin": "0,0"}, hand=[],
                     turn="bluefin", dice={"bluefin": [3]})
        s.fix("tile", [drawn])
        play(s, "sail 3", "move 0,-1")  # off the map to the north: explores
        assert s.decision.kind == "explore"
        places.add(frozenset(legal(s)))
    assert len(places) == 1 and next(iter(places))  # the same, non-empty, for every tile
    s = scenario(2, tiles=tiles, tile_stack=stack, figures={"bluefin": "1,1"}, hand=[],
                 turn="bluefin", dice={"bluefin": [3]})
    s.apply("sail 3")
    assert "move 1,2" not in legal(s)
    before = s.supplies.tiles
    with pytest.raises(IllegalActionError, match="isn't enough room to place a region"):
        s.apply("move 1,2")
    assert s.supplies.tiles == before


# -- 5. A Strong Current pushing off the map where no tile can go ------------------------------

def test_ruling_a_current_that_cannot_push_off_the_map_leaves_the_figure_and_its_move():
    """Ruling: a Strong Current that would push a figure off the map where it cannot explore
    (no room, or an empty stack) does not move it: the figure stays on the Current, keeps
    the movement it has left (the Current spends none) and may anchor there."""
    s = scenario(2, tiles=[(1, "0,0", 0), (6, "2,1", 0)], tile_stack=[],
                 figures={"bluefin": "0,0", "mollusk": "3,2"}, hand=[], turn="bluefin",
                 dice={"bluefin": [3, 4]})
    play(s, "sail 3", "move 0,1")  # 0,1: a Current pointing down, off the map
    assert s.figure("bluefin").at == (0, 1)
    assert s.log[-1].events[-1] == "Bluefin's Flagship cannot be pushed off the map there"
    assert legal(s) == {"move 0,0", "move 1,1", "anchor"}  # one space of Sail left
    s.apply("anchor")
    assert s.figure("bluefin").at == (0, 1) and legal(s) >= {"patrol", "no-patrol"}
