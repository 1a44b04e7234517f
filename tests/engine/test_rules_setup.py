"""Game Setup and Faction Setup (rulebook pages 4-6)."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, new_game
from ahoy_nb.engine.components import CARD_BY_KEY, MARKET_CARDS, SUITS

from support import at, legal, play, refused


@pytest.mark.parametrize("players, seats", [
    (2, ["bluefin", "mollusk"]),
    (3, ["bluefin", "smuggler1", "mollusk"]),
    (4, ["bluefin", "smuggler1", "mollusk", "smuggler2"]),
])
def test_factions_and_seats_by_player_count(players, seats):
    """Two players: Squadron and Union; three add a Smuggler; four add both, seated
    Bluefin, Smuggler, Mollusk, Smuggler."""
    s = new_game(players, seed=1)
    assert s.players == seats
    assert sorted(s.factions) == sorted(seats)


@pytest.mark.parametrize("players", [0, 1, 5])
def test_ahoy_is_for_two_to_four_players(players):
    with pytest.raises(ValueError):
        new_game(players, seed=1)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_region_stack_one_tile_boxed_two_on_the_table(seed):
    """12 tiles: one back to the box facedown, 11 in the stack, 2 of them dealt face up."""
    s = new_game(3, seed=seed)
    assert s.supplies.tiles_boxed == 1
    assert len({r["tile"] for r in s.regions()}) == 2
    assert s.supplies.tiles == 9


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_setup_map_one_space_touches_islands_far_apart_wealth_one(seed):
    s = new_game(3, seed=seed)
    m = s.map
    first, second = s.regions()
    a = {sp for sp, info in m.spaces.items() if info.region == 0}
    b = {sp for sp, info in m.spaces.items() if info.region == 1}
    touching_a = {p for p in a if any(n in b for n in m.neighbours(p))}
    touching_b = {p for p in b if any(n in a for n in m.neighbours(p))}
    assert len(touching_a) == 1 and len(touching_b) == 1
    # Each Island is in the corner of its tile farthest from the other tile.
    assert sorted(m.islands) == [(0, 0), (3, 2)]
    assert first["wealth"] == second["wealth"] == 1


@pytest.mark.parametrize("players, boxed", [(2, 6), (3, 6), (4, 0)])
def test_market_one_card_of_each_suit_boxed_with_two_or_three_players(players, boxed):
    market = new_game(players, seed=5).market
    assert len(market.box) == boxed
    if boxed:
        assert sorted(MARKET_CARDS[CARD_BY_KEY[k]]["suit"] for k in market.box) == sorted(SUITS)
    assert len(market.row) == 3
    assert market.deck_size == 30 - boxed - 3


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_faction_starts_with_its_dice_one_gold_and_no_fame(players):
    s = new_game(players, seed=11)
    for f in s.players:
        me = s.faction(f)
        assert len(me.dice) == (5 if f == "bluefin" else 4)
        assert all(1 <= v <= 6 for v in me.dice)
        assert me.gold == 1
        assert me.fame == 0
        assert all(slot["die"] is None and not slot["damage"] for slot in s.slots(f))


def test_bluefin_chooses_either_island_and_places_flagship_and_one_patrol():
    s = new_game(3, seed=2)
    assert s.current_player == "bluefin"
    assert legal(s) == {"start 0,0", "start 3,2"}
    s.apply("start 3,2")
    assert sorted(f["kind"] for f in s.figures("3,2")) == ["flagship", "patrol"]
    assert sum(f["kind"] == "patrol" for f in s.figures()) == 1


@pytest.mark.parametrize("bluefin_island, mollusk_island", [("0,0", (3, 2)), ("3,2", (0, 0))])
def test_mollusk_takes_the_empty_island_with_two_comrades(bluefin_island, mollusk_island):
    s = new_game(2, seed=4).apply(f"start {bluefin_island}")
    assert at(s, "mollusk") == mollusk_island
    assert s.comrades() == {mollusk_island: 2}
    union = s.faction("mollusk")
    assert union.ready_comrades == 6
    assert union.plan_count == 2
    assert union.plan_deck_size == 10


def test_smuggler_starts_on_any_space_except_an_island():
    s = new_game(3, seed=2).apply("start 0,0")
    assert s.current_player == "smuggler1"
    options = legal(s)
    assert options == {f"start {x},{y}" for (x, y), info in s.map.spaces.items()
                       if not info.is_island}
    assert len(options) == 6
    with pytest.raises(IllegalActionError):
        s.apply("start 3,2")


def test_smuggler_reward_markers_start_stacked_on_the_middle_and_nothing_pledged():
    s = new_game(4, seed=2)
    for f in ("smuggler1", "smuggler2"):
        me = s.faction(f)
        assert me.reward_markers.white == me.reward_markers.black == (2, 2)
        assert me.pledges == {"bluefin": (), "mollusk": ()}
        assert me.cargo == ()


def test_faction_setup_order_four_players_then_bluefin_begins():
    """Bluefin, first Smuggler, Mollusk, second Smuggler; then play starts with the
    Bluefin Squadron."""
    s = new_game(4, seed=9)
    order = []
    while s.phase == "setup":
        order.append(s.current_player)
        if s.current_player == "smuggler2":
            # Mollusk has set up on the empty Island before the second Smuggler chooses.
            assert at(s, "mollusk") is not None
        else:
            assert at(s, "mollusk") is None
        s.apply(s.legal_actions()[0])
    assert order == ["bluefin", "smuggler1", "smuggler2"]
    assert s.phase == "play"
    assert s.turn_player == "bluefin" and s.current_player == "bluefin"
    assert s.first_player == "bluefin"
    assert s.round == 1


def test_two_player_setup_needs_only_bluefins_choice():
    s = new_game(2, seed=9).apply("start 0,0")
    assert s.phase == "play"
    assert s.current_player == "bluefin"


def test_second_smuggler_may_start_on_the_first_smugglers_space():
    s = new_game(4, seed=9)
    play(s, "start 0,0", "start 1,0")
    assert "start 1,0" in legal(s)


def test_same_seed_same_setup():
    assert new_game(3, seed=42) == new_game(3, seed=42)
    assert new_game(3, seed=42) != new_game(3, seed=43)


def test_a_refused_start_says_which_rule():
    """Faction Setup: Bluefin's Flagship and Patrol go on an Island, a Smuggler's Flagship
    on any space but an Island; a space off the map is named as such; nothing but a start
    is possible before the Flagships are placed."""
    s = new_game(3, seed=4)
    sea = next(f"{x},{y}" for (x, y), info in sorted(s.map.spaces.items()) if not info.is_island)
    refused(s, f"start {sea}", "Bluefin's Flagship and Patrol start on an Island", f"and {sea} is")
    refused(s, "start 9,9", "9,9 is not on the map")
    refused(s, "recruit gunner", "the game begins with Faction Setup")
    island = next(a.notation for a in s.legal_actions())
    s.apply(island)
    assert s.current_player == "smuggler1"
    refused(s, island, "a Smuggler's Flagship starts on any space but an Island",
            f"{island.split()[1]} is an Island")
