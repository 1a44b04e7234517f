"""Playing the Game and Taking Action: dice, die slots, gold, the two-dice quota,
Bluefin's fifth die, dice set aside, actions that need no die, ending a turn."""

from __future__ import annotations

import re

import pytest

from ahoy_nb.engine import IllegalActionError, scenario

from support import FIGS3, TWO_TILES, builder, legal, placed, play, play_round

game = builder("bluefin")


def placements(s, verb):
    return {a for a in legal(s) if a.split(" ")[0] == verb and a.count(" ") == 1}


# -- two dice a turn -------------------------------------------------------------

def test_must_place_two_dice_no_more_no_less():
    s = game("mollusk", dice={"mollusk": [2, 4, 4, 6]})
    assert "end" not in legal(s)
    s.apply("cannons 2")
    assert "end" not in legal(s)
    with pytest.raises(IllegalActionError, match="2 action dice"):
        s.apply("end")
    s.apply("repair 4")  # nothing damaged: the Repair resolves at once
    assert s.turn.placed == 2
    assert "end" in legal(s)
    assert not placements(s, "sail") and not placements(s, "cannons")
    with pytest.raises(IllegalActionError, match="already placed"):
        s.apply("sail 4")
    s.apply("end")
    assert s.turn_player == "bluefin"
    assert s.dice("mollusk") == [4, 6]


def test_placed_die_stays_until_end_of_round_and_slot_is_then_full():
    s = game("smuggler1", dice={"smuggler1": [2, 2, 4, 5]})
    s.apply("cannons 2")
    assert placed(s, "smuggler1") == {"cannons": [2]}
    assert not placements(s, "cannons")


@pytest.mark.parametrize("first, expected", [
    ("bluefin", [("bluefin", 2), ("smuggler1", 2), ("mollusk", 2),
                 ("bluefin", 2), ("smuggler1", 2), ("mollusk", 2), ("bluefin", 1)]),
    ("smuggler1", [("smuggler1", 2), ("mollusk", 2), ("bluefin", 2),
                   ("smuggler1", 2), ("mollusk", 2), ("bluefin", 2), ("bluefin", 1)]),
])
def test_bluefin_fifth_die_two_two_one_and_third_turn_right_after_second_when_last(first, expected):
    """Bluefin places 2, 2 then 1 die; last in turn order, it takes its third turn right
    after its second."""
    s = game(first, first=first)
    assert play_round(s) == expected


@pytest.mark.parametrize("first, expected", [
    ("bluefin", [("bluefin", 2), ("mollusk", 2), ("bluefin", 2), ("mollusk", 2), ("bluefin", 1)]),
    ("mollusk", [("mollusk", 2), ("bluefin", 2), ("mollusk", 2), ("bluefin", 2), ("bluefin", 1)]),
])
def test_two_players_turns_alternate_and_bluefin_ends_the_round(first, expected):
    """Fifth Die: whoever went first, Bluefin places dice after the Mollusk's last die of
    the round (1 when it went first, 3 when it went second), and then the regions are
    scored; docs/balance.md measures what that last word is worth."""
    s = scenario(2, tiles=TWO_TILES, figures={"bluefin": "0,0", "mollusk": "3,2"}, first=first)
    assert play_round(s) == expected


# -- die slots --------------------------------------------------------------------

@pytest.mark.parametrize("faction, action, accepted", [
    ("bluefin", "sail", {1, 2, 3, 4, 5, 6}),
    ("bluefin", "tailwind", {1, 2, 3, 4, 5, 6}),
    ("bluefin", "order", {3}),
    ("bluefin", "cannons", {5, 6}),
    ("bluefin", "bombard", {4}),
    ("bluefin", "deploy", {1, 2, 3, 4, 5, 6}),
    ("bluefin", "repair", {2}),
    ("mollusk", "sail", {1, 2, 3, 4, 5, 6}),
    ("mollusk", "assemble", {1}),
    ("mollusk", "cannons", {1, 2, 3, 4, 5, 6}),
    ("mollusk", "inspire", {6}),
    ("mollusk", "rally", {6}),
    ("mollusk", "repair", {2, 4, 6}),
    ("smuggler1", "sail", {1, 2, 3, 4, 5, 6}),
    ("smuggler1", "fullsail", {1, 2, 3, 4, 5, 6}),
    ("smuggler1", "tailwind", {1, 2, 3, 4, 5, 6}),
    ("smuggler1", "cannons", {1, 2, 3, 4, 5, 6}),
    ("smuggler1", "negotiate", {2, 4, 6}),
    ("smuggler1", "repair", {2, 4, 6}),
])
def test_die_slot_value_requirements(faction, action, accepted):
    """A blank slot takes any die, a slot with a value only that value, "even" 2, 4 or 6."""
    for dice in ([1, 2, 3], [4, 5, 6]):
        s = game(faction, dice={faction: dice}, gold={faction: 0})
        assert {int(a.split(" ")[1]) for a in placements(s, action)} == accepted & set(dice)
        for v in set(dice) - accepted:
            with pytest.raises(IllegalActionError, match="only accepts"):
                s.apply(f"{action} {v}")


def test_bluefin_cannons_holds_a_5_and_a_6():
    s = game("bluefin", dice={"bluefin": [5, 6, 1, 1, 1]}, gold={"bluefin": 0})
    play(s, "cannons 5", "cannons 6")
    assert placed(s, "bluefin") == {"cannons5": [5], "cannons6": [6]}


def test_full_or_damaged_slots_cannot_take_a_die():
    """You cannot place a die on the first two die slots. One is damaged, and the other
    has a die already."""
    s = game("smuggler1", dice={"smuggler1": [3, 4]}, placed={"smuggler1": {"sail": [1, 2]}},
             damage={"smuggler1": ["sail", "cannons"]})
    assert not placements(s, "sail")
    assert not placements(s, "cannons")
    with pytest.raises(IllegalActionError, match="must be empty"):
        s.apply("sail 3")
    assert placements(s, "fullsail")


# -- gold changes dice ------------------------------------------------------------

def test_spend_a_gold_to_turn_a_6_into_a_5_but_not_into_a_1():
    """The rulebook's example: one gold turns a "6" into a "5"; it could not turn it into
    a "1" (dice do not wrap)."""
    s = game("smuggler1", dice={"smuggler1": [6, 6]}, gold={"smuggler1": 1})
    assert placements(s, "cannons") == {"cannons 6", "cannons 6>5"}
    with pytest.raises(IllegalActionError, match="costs 5 gold"):
        s.apply("cannons 6>1")
    s.apply("cannons 6>5")
    assert placed(s, "smuggler1") == {"cannons": [5]}
    assert s.gold["smuggler1"] == 0
    assert s.dice("smuggler1") == [6]


def test_an_effectless_change_of_a_die_is_taken_for_2_gold_but_not_listed():
    """The Fine Print, Effectless Actions: "You can do things with no outcome, such as spending
    2 gold to decrease and increase a die." Ruling (docs/rulings.md): 'sail 3>3' is taken as
    the rulebook says, the die placed as it showed for 2 gold; it is not listed among the legal
    actions (so neither on the board's buttons nor among the bots' choices): its only outcome
    is its owner's gold going back to the supply. Before, it was refused."""
    s = game("smuggler1", dice={"smuggler1": [3, 5]}, gold={"smuggler1": 4})
    assert not [a for a in legal(s) if re.search(r" ([1-6])>\1$", a)]
    assert s.is_legal("sail 3>3") and s.is_legal("cannons 5>5")
    after = s.after("sail 3>3")
    assert placed(after, "smuggler1") == {"sail": [3]} and after.gold["smuggler1"] == 2
    assert after.dice("smuggler1") == [5]
    assert after.log[-1].events[0] == ("Smuggler 1 spends 2 gold turning a die down and back "
                                       "up: it shows what it showed (an effectless action)")
    # Only where the plain placement is offered (no 4 was rolled); firing is no placement.
    assert not s.is_legal("sail 4>4") and not s.is_legal("fire 3>3")
    with pytest.raises(IllegalActionError):
        s.apply("sail 4>4")
    # With less than 2 gold it is refused with the reason, and nothing changes.
    poor = game("smuggler1", dice={"smuggler1": [3, 5]}, gold={"smuggler1": 1})
    before = poor.to_json()
    for text in ("sail 3>3", "cannons 5>5"):
        assert not poor.is_legal(text)
        with pytest.raises(IllegalActionError, match="effectless") as err:
            poor.apply(text)
        assert poor.to_json() == before
    assert "costs 2 gold, and Smuggler 1 has 1; place the die as it is: 'cannons 5'" in str(err.value)
    # Saved and replayed like any other action.
    from ahoy_nb import savegame
    assert savegame.loads(savegame.dumps(after)) == after


def test_gold_changes_a_die_by_one_per_gold_without_wrapping():
    s = game("mollusk", dice={"mollusk": [1, 6]}, gold={"mollusk": 5})
    # Assemble needs a 1; a 6 becomes a 1 for 5 gold, never by wrapping round.
    s.apply("assemble 6>1")
    assert s.gold["mollusk"] == 0


def test_gold_makes_a_die_fit_a_slot_that_needs_a_value():
    s = game("bluefin", dice={"bluefin": [4, 4, 4, 4, 4]}, gold={"bluefin": 1})
    options = {a for a in legal(s) if a.split(" ")[0] in ("order", "cannons", "bombard", "repair")}
    assert options == {"order 4>3", "cannons 4>5", "bombard 4"}


# -- dice that cannot be placed -----------------------------------------------------

def test_a_die_that_cannot_be_placed_is_set_aside_for_the_round():
    """In the rare situation that you cannot place a die, set it aside."""
    s = game("smuggler1", dice={"smuggler1": [2, 3]}, gold={"smuggler1": 0},
             damage={"smuggler1": ["sail", "sail", "sail", "fullsail", "tailwind", "cannons"]})
    s.apply("negotiate 2")  # at sea: nothing to recruit
    # A 3 fits neither Negotiate nor Repair (even) and there is no gold to change it.
    assert legal(s) == {"end"}
    s.apply("end")
    me = s.faction("smuggler1")
    assert me.dice == () and me.aside == (3,)
    assert s.turn_player == "mollusk"


def test_a_player_who_cannot_place_any_die_may_end_the_turn_at_once():
    s = game("smuggler1", dice={"smuggler1": [1, 3]}, gold={"smuggler1": 0},
             damage={"smuggler1": ["sail", "sail", "sail", "fullsail", "tailwind", "cannons"]})
    assert legal(s) == {"end"}
    s.apply("end")
    assert s.faction("smuggler1").aside == (1, 3)
    assert s.turn_player == "mollusk"


def test_a_die_gold_can_make_fit_must_be_placed():
    s = game("smuggler1", dice={"smuggler1": [1, 3]}, gold={"smuggler1": 1},
             damage={"smuggler1": ["sail", "sail", "sail", "fullsail", "tailwind", "cannons"]})
    assert "end" not in legal(s)
    assert {"negotiate 1>2", "negotiate 3>2", "negotiate 3>4"} <= legal(s)


def test_dice_set_aside_come_back_at_the_reroll():
    s = scenario(2, tiles=TWO_TILES, figures={"bluefin": "0,0", "mollusk": "3,2"},
                 turn="mollusk", first="mollusk", dice={"mollusk": [3, 5], "bluefin": []},
                 gold={"mollusk": 0},
                 damage={"mollusk": ["sail"] * 4 + ["tailwind"] * 2 + ["cannons"]})
    s.apply("end")
    # Nobody has dice left: the round ends (two players: adjust wealth, keep the Market)
    # and everyone rerolls all their dice.
    play(s, "wealth 0,0", "keep")
    assert s.round == 2
    assert len(s.dice("mollusk")) == 4 and len(s.dice("bluefin")) == 5
    assert s.faction("mollusk").aside == ()


# -- actions that need no die ---------------------------------------------------

def test_recruit_any_number_of_crew_for_gold_without_placing_dice():
    """At the Fish Island with Fish cards in the Market: recruiting for gold does not count
    toward the two dice, and works after both dice are placed."""
    s = game("bluefin", market=["sea-dog", "diver", "pilot"], gold={"bluefin": 3},
             dice={"bluefin": [2, 2, 3, 4, 5]})
    s.apply("recruit sea-dog")
    assert s.turn.placed == 0
    play(s, "cannons 5", "deploy 4", "deploy 0,0")
    assert s.turn.placed == 2
    s.apply("recruit diver")
    assert s.faction("bluefin").crew == ("sea-dog", "diver")
    assert s.gold["bluefin"] == 1
    assert len(s.market.row) == 3  # refilled after each recruit
    s.apply("end")


def test_recruiting_a_slot_cost_crew_places_a_die_and_counts_toward_two():
    """You recruit the Gunner by placing a die on it to pay its cost. This is the last die
    you can place this turn!"""
    tiles = [(7, "0,0", 180), (6, "2,1", 0)]  # Skull Islands at 0,0 and 3,2
    s = scenario(3, tiles=tiles, figures=FIGS3, turn="bluefin", market=["gunner", "cutpurse", "buccaneer"],
                 dice={"bluefin": [1, 4, 5, 6, 6]}, gold={"bluefin": 0})
    s.apply("cannons 5")
    assert "recruit gunner 4" in legal(s)
    s.apply("recruit gunner 4")
    assert s.turn.placed == 2
    assert s.faction("bluefin").placed["gunner"] == (4,)
    assert not [a for a in legal(s) if a.startswith("recruit")]
    assert "end" in legal(s)


def test_recruit_needs_the_flagship_at_an_island_of_the_crews_suit():
    s = game("smuggler1", market=["sea-dog", "gunner", "diver"], gold={"smuggler1": 5})
    assert not [a for a in legal(s) if a.startswith("recruit")]  # at sea
    with pytest.raises(IllegalActionError, match="must be at an Island"):
        s.apply("recruit sea-dog")
    s = game("bluefin", market=["sea-dog", "gunner", "diver"], gold={"bluefin": 5})
    assert {a for a in legal(s) if a.startswith("recruit")} == {"recruit sea-dog", "recruit diver"}
    with pytest.raises(IllegalActionError, match="suit must match"):
        s.apply("recruit gunner 3")


def test_recruit_costs_its_gold():
    s = game("bluefin", market=["sea-witch", "sea-dog", "diver"],
             figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
             tiles=[(11, "0,0", 180), (6, "2,1", 0)], gold={"bluefin": 1})
    # Sea Witch (Parrot) costs 2 gold: with 1 gold it cannot be recruited.
    assert "recruit sea-witch" not in legal(s)
    with pytest.raises(IllegalActionError, match="costs 2 gold"):
        s.apply("recruit sea-witch")


def test_one_action_at_a_time():
    """You must complete your action before taking another one."""
    s = game("mollusk", dice={"mollusk": [4, 5]})
    s.apply("sail 4")
    assert all(a.startswith("move") for a in legal(s))
    with pytest.raises(IllegalActionError):
        s.apply("cannons 5")


# -- ending the turn -------------------------------------------------------------

def test_next_player_clockwise_with_dice_left_begins():
    s = game("bluefin", dice={"bluefin": [5, 6, 1], "smuggler1": [], "mollusk": [2, 2]})
    play(s, "cannons 5", "cannons 6", "end")
    assert s.turn_player == "mollusk"  # the Smuggler has no dice left


def test_when_everyone_has_placed_all_dice_the_round_ends():
    s = game("mollusk", dice={"bluefin": [], "smuggler1": [], "mollusk": [2, 2]})
    play(s, "cannons 2", "repair 2", "end")
    assert s.round == 2
