"""Refusals: illegal actions, malformed notation, corrupt saved states, hidden information."""

from __future__ import annotations

import json

import pytest

from ahoy_nb.engine import (Action, IllegalActionError, InvalidStateError, NotationError, State,
                            new_game, scenario)
from ahoy_nb.engine.components import CARD_KEYS, CARGO_BY_KEY

from support import TWO_TILES, play

# TWO_TILES: 0,0 Fish Island, 1,0 open Tw6, 0,1 Wreckage 2g, 1,1 Fog |
#            2,1 Current (down), 3,1 Harbor, 2,2 open Tw2, 3,2 Skull Island


@pytest.mark.parametrize("seed", ["x", 1.5, "7", [1]])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(ValueError, match=r"a seed is a whole number \(or None for a random one\), not "):
        new_game(2, seed=seed)


@pytest.mark.parametrize("players", ["3", 2.0, True, 5, None])
def test_a_player_count_that_is_not_2_3_or_4_is_refused(players):
    with pytest.raises(ValueError, match=r"players is 2, 3 or 4 \(Ahoy is for 2 to 4 players\), "
                                         rf"not {players!r}$"):
        new_game(players, seed=1)


def test_a_seed_may_be_numpys_whole_number_and_is_kept_as_an_int():
    np = pytest.importorskip("numpy")
    s = new_game(2, seed=np.int64(7))
    assert s.to_json() == new_game(2, seed=7).to_json()   # '"seed": 7', as json.dumps writes an int
    assert new_game(np.int64(3), seed=7).to_json() == new_game(3, seed=7).to_json()


def g3(turn, **kw):
    kw.setdefault("tiles", TWO_TILES)
    kw.setdefault("hand", [])
    return scenario(3, turn=turn, **kw)


def bluefin_turn():
    """Bluefin at the Fish Island with dice 1, 4, 6 and 1 gold; two Sail slots hold dice and
    two are damaged."""
    return g3("bluefin", figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "3,2"},
              dice={"bluefin": [1, 4, 6]}, gold={"bluefin": 1}, placed={"bluefin": {"sail": [1, 2]}},
              damage={"bluefin": ["sail", "sail"]}, market=["gunner", "sea-dog", "diver"])


def bluefin_at_sea():
    return g3("bluefin", figures={"bluefin": "1,0"}, dice={"bluefin": [1, 4, 6]},
              market=["gunner", "sea-dog", "diver"])


def smuggler_turn():
    return g3("smuggler1", figures={"smuggler1": "3,2", "mollusk": "0,0", "stronghold": ["0,0"]},
              dice={"smuggler1": [3, 4]}, cargo={"smuggler1": ["gems"]},
              market=["sea-dog", "gunner", "diver"])


def sailing_smuggler():
    s = g3("smuggler1", tiles=[(1, "0,0", 0), (7, "0,2", 0)], figures={"smuggler1": "1,0"},
           dice={"smuggler1": [3, 4]})
    return s.apply("sail 3")


def firing_smuggler():
    s = g3("smuggler1", figures={"smuggler1": "3,2", "mollusk": "2,2"},
           dice={"smuggler1": [3, 5], "mollusk": [1, 2, 3]}, placed={"smuggler1": {"cannons": 4}})
    return play(s, "sail 3", "move 2,2", "battle mollusk")


def tailwind_smuggler():
    s = g3("smuggler1", tiles=[(11, "0,0", 0), (9, "2,1", 0)], figures={"smuggler1": "0,0"},
           dice={"smuggler1": [3, 4]})
    return s.apply("tailwind 3")


def roomless_smuggler():
    s = g3("smuggler1", tiles=[(0, "0,0", 180), (6, "3,0", 0)], figures={"smuggler1": "1,0"},
           dice={"smuggler1": [3, 4]})
    return s.apply("sail 3")


def empty_stack_smuggler():
    s = g3("smuggler1", figures={"smuggler1": "1,0"}, dice={"smuggler1": [3, 4]}, tile_stack=[])
    return s.apply("sail 3")


ILLEGAL = [
    (bluefin_turn, "order 4", 'Order slot only accepts a "3"'),
    (bluefin_turn, "cannons 4", 'only accepts a "5" or a "6"'),
    (bluefin_turn, "repair 4", 'only accepts a "2"'),
    (bluefin_turn, "sail 4", "the die slot must be empty"),
    (bluefin_turn, "deploy 5", "you have no unplaced 5"),
    (bluefin_turn, "bombard 1>4", "costs 3 gold, and Bluefin has 1"),
    (bluefin_turn, "end", "you must place 2 action dice on your turn, no more and no less"),
    (bluefin_turn, "recruit gunner 4", "the Crew's suit must match the Island"),
    (bluefin_at_sea, "recruit sea-dog", "your Flagship must be at an Island to recruit Crew"),
    (bluefin_turn, "smuggle lace", "only the Smugglers smuggle and deliver Cargo"),
    (smuggler_turn, "recruit sea-dog", "the Crew's suit must match the Island"),
    (smuggler_turn, "smuggle ropes", "suit matches your Island"),
    (smuggler_turn, "deliver gems", "you may only deliver Gems at a Parrot Island"),
    (smuggler_turn, "deliver wine", "you do not carry Wine"),
    (smuggler_turn, "negotiate 3", "only accepts an even number"),
    (sailing_smuggler, "move 0,0", "you cannot move across Sandbars"),
    (sailing_smuggler, "move 0,1", "not diagonal"),
    (sailing_smuggler, "move 1,2", "only move to an adjacent space"),
    (sailing_smuggler, "anchor", "move at least one space first"),
    (sailing_smuggler, "cannons 4", "not possible now"),
    (firing_smuggler, "fire 4>5", "not below 1, but not up"),
    (firing_smuggler, "fire 3>1", "your die on Cannons shows 4"),
    (tailwind_smuggler, "move 2,2", "Tailwind moves you directly to a space with a printed 3 die"),
    (roomless_smuggler, "move 2,0", "there isn't enough room to place a region"),
    (empty_stack_smuggler, "move 1,-1", "the tile stack is empty"),
]


@pytest.mark.parametrize("make, action, words", ILLEGAL, ids=[f"{m.__name__}:{a}" for m, a, _ in ILLEGAL])
def test_illegal_action_says_why_and_changes_nothing(make, action, words):
    s = make()
    before = s.to_json()
    log = list(s.log)
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    assert words in str(err.value)
    assert not isinstance(err.value, NotationError)
    assert s.to_json() == before
    assert s.log == log
    assert not s.is_legal(action)


def test_the_prompt_before_the_first_step_does_not_offer_anchoring():
    s = sailing_smuggler()
    assert "anchor" not in s.prompt
    s.apply("move 1,1")
    assert "anchor" in s.prompt


def test_smuggler_at_a_stronghold_island_is_told_why():
    s = g3("smuggler1", figures={"smuggler1": "0,0", "stronghold": ["0,0"]},
           market=["sea-dog", "gunner", "diver"], cargo={"smuggler1": ["lace"]}, gold={"smuggler1": 3})
    for action in ("recruit sea-dog", "smuggle ropes", "deliver lace"):
        with pytest.raises(IllegalActionError, match="while your Flagship is at an Island with a "
                                                     "Stronghold, you cannot recruit Crew"):
            s.apply(action)


def test_an_action_of_the_wrong_player_is_refused():
    s = bluefin_turn()
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="It is Bluefin's decision now, not Mollusk's"):
        s.apply(Action("mollusk", "cannons 6"))
    assert s.to_json() == before
    s.apply(Action("bluefin", "cannons 6"))


def test_no_action_once_the_game_is_over():
    s = g3("mollusk", figures={"bluefin": "1,0"}, fame={"bluefin": 30},
           dice={"bluefin": [], "smuggler1": [], "mollusk": []})
    s.apply("end")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply("sail 3")
    assert s.to_json() == before


def test_a_failed_apply_restores_the_state_exactly():
    """An error in the middle of an action (here a fixed battle roll that cannot happen)
    leaves the position as it was, fixed outcomes included."""
    s = firing_smuggler()
    s.fix("battle", [[[1, 2], [3]]])  # two attacker dice: impossible without Secret Weapon
    before = s.to_json()
    with pytest.raises(ValueError, match="cannot happen here"):
        s.apply("hold")
    assert s.to_json() == before


def test_undo_steps_back_exactly_and_not_past_the_start():
    s = g3("smuggler1", figures={"smuggler1": "1,0"}, dice={"smuggler1": [3, 4]})
    start = s.to_json()
    play(s, "sail 3", "move 1,1")
    s.undo().undo()
    assert s.to_json() == start
    with pytest.raises(IllegalActionError, match="no action to undo"):
        s.undo()


# -- notation ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["fly 3", "cannons", "move 3", "move 3,x", "tile 4,0 r45", "fire 4",
                                  "stronghold", "reward north", "pledge smuggler2", "spend x", ""])
def test_malformed_notation_raises_notation_error(text):
    s = sailing_smuggler()
    before = s.to_json()
    with pytest.raises(NotationError) as err:
        s.apply(text)
    assert isinstance(err.value, IllegalActionError) and isinstance(err.value, ValueError)
    assert "Cannot read" in str(err.value) or "not an Ahoy action" in str(err.value)
    assert s.to_json() == before



def test_a_bare_sail_reads_but_only_a_union_ship_may_make_it():
    s = sailing_smuggler()
    with pytest.raises(IllegalActionError, match="'sail' is not possible now") as err:
        s.apply("sail")
    assert not isinstance(err.value, NotationError)

def test_non_text_action_raises_notation_error():
    s = sailing_smuggler()
    with pytest.raises(NotationError, match="not int"):
        s.apply(42)


def test_notation_is_case_and_space_insensitive():
    s = g3("smuggler1", figures={"smuggler1": "1,0"}, dice={"smuggler1": [3, 4]})
    s.apply("  SAIL   3 ")
    assert s.log[-1].action == "sail 3"


def test_placements_on_slots_named_like_choices_read_as_placements():
    """'order 4' and 'deploy 7' are Bluefin placements, refused for the rules' reasons;
    not notation errors."""
    s = bluefin_turn()
    with pytest.raises(IllegalActionError) as err:
        s.apply("order 4")
    assert not isinstance(err.value, NotationError)


# -- corrupt saved states -------------------------------------------------------------

def saved():
    # A save has every Flagship on the map (a scenario may leave one out; a save may not).
    return json.loads(g3("smuggler1", figures={"smuggler1": "1,0", "bluefin": "0,0",
                                               "mollusk": "3,2"}).to_json())


def corrupt(path_fn):
    doc = saved()
    path_fn(doc["state"])
    return json.dumps(doc)


def _set(key, value):
    def fn(state):
        state[key] = value
    return fn


CORRUPT = {
    "not json": "{not json",
    "not an object": json.dumps([1, 2, 3]),
    "no state": json.dumps({"log": []}),
    "wrong format": corrupt(_set("format", "ahoy-nb/99")),
    "missing key": corrupt(lambda st: st.pop("figures")),
    "wrong seats": corrupt(_set("players", ["mollusk", "bluefin", "smuggler1"])),
    "unknown phase": corrupt(_set("phase", "lunch")),
    "round zero": corrupt(_set("round", 0)),
    "first not playing": corrupt(_set("first", "smuggler2")),
    "overlapping tiles": corrupt(lambda st: st["tiles"][1].update(x=1, y=1)),
    "bad rotation": corrupt(lambda st: st["tiles"][0].update(rot=45)),
    "wealth 7": corrupt(lambda st: st["tiles"][0].update(wealth=7)),
    "tile twice": corrupt(lambda st: st["tile_stack"].append(st["tiles"][0]["tile"])),
    "card twice": corrupt(lambda st: st["market"].append(st["market_deck"][0])),
    "too much gold": corrupt(lambda st: st["factions"]["bluefin"].update(gold=21)),
    "die of 7": corrupt(lambda st: st["factions"]["smuggler1"].update(dice=[7, 1, 1, 1])),
    "too many dice": corrupt(lambda st: st["factions"]["smuggler1"].update(dice=[1, 1, 1, 1, 1])),
    "figure off the map": corrupt(lambda st: st["figures"][0].update(at=[9, 9])),
    "unknown figure": corrupt(lambda st: st["figures"][0].update(kind="kraken")),
    "comrades at sea": corrupt(_set("comrades", {"1,0": 2})),
    "too many comrades": corrupt(_set("comrades", {"0,0": 20})),
    "unknown decision": corrupt(_set("pending", [{"type": "teleport", "player": "bluefin"}])),
    "reward marker off grid": corrupt(lambda st: st["factions"]["smuggler1"].update(white=[5, 0])),
    "nobody's turn": corrupt(_set("turn", None)),
}


@pytest.mark.parametrize("name", list(CORRUPT))
def test_corrupt_saved_state_raises_invalid_state_error(name):
    with pytest.raises(InvalidStateError):
        State.from_json(CORRUPT[name])


def test_malformed_log_raises_invalid_state_error():
    doc = saved()
    doc["log"] = [{"player": "bluefin"}]
    with pytest.raises(InvalidStateError, match="log"):
        State.from_json(json.dumps(doc))


def test_saved_state_round_trips_and_plays_on_identically():
    s = new_game(3, seed=5)
    play(s, "start 0,0", "start 1,0")
    loaded = State.from_json(s.to_json())
    assert loaded.to_json() == s.to_json()
    for _ in range(6):
        a = s.legal_actions()[0]
        s.apply(a)
        loaded.apply(str(a))
    assert loaded.to_json() == s.to_json()


# -- hidden information ---------------------------------------------------------------

def test_view_hides_decks_the_tile_stack_and_the_generator():
    s = new_game(3, seed=5)
    for viewer in ("bluefin", "smuggler1", "mollusk", None):
        st = s.view(viewer)["state"]
        assert isinstance(st["tile_stack"], int) and st["tile_stack"] == 9
        assert isinstance(st["tile_box"], int)
        assert isinstance(st["market_deck"], int)
        assert isinstance(st["factions"]["mollusk"]["plan_deck"], int)
        for secret in ("rng", "seed", "fixed"):
            assert secret not in st
        # Public: the market row, the map, dice values.
        assert [CARD_KEYS[c] for c in st["market"]] == list(s.market.row)
        assert st["factions"]["bluefin"]["dice"] == s.dice("bluefin")


def test_plan_hand_is_seen_only_by_the_mollusk():
    s = new_game(3, seed=5)
    hand = s.faction("mollusk").plans
    from ahoy_nb.engine.components import PLAN_KEYS
    assert tuple(PLAN_KEYS[p] for p in s.view("mollusk")["state"]["factions"]["mollusk"]["hand"]) == hand
    for viewer in ("bluefin", "smuggler1", None):
        v = s.view(viewer)
        assert v["state"]["factions"]["mollusk"]["hand"] == 2
        text = json.dumps(v)
        assert not any(f"draws {p}" in text for p in hand)
    assert any("draws" in e and "," in e for e in s.view("mollusk")["log"][0]["events"])


def test_pledges_are_seen_only_by_their_smuggler():
    s = g3("smuggler1", figures={"smuggler1": "3,2"}, cargo={"smuggler1": ["iron"]},
           pledged={"smuggler1": {"mollusk": ["wine"]}})
    play(s, "deliver iron", "reward left", "pledge bluefin")
    for viewer in ("bluefin", "mollusk", None):
        v = s.view(viewer)
        assert v["state"]["factions"]["smuggler1"]["pledged"] is None
        assert "pledge bluefin" not in json.dumps(v["log"])
        assert "pledged to" not in json.dumps(v["log"])
    own = s.view("smuggler1")["state"]["factions"]["smuggler1"]["pledged"]
    assert own == {"bluefin": [CARGO_BY_KEY["iron"]], "mollusk": [CARGO_BY_KEY["wine"]]}


def test_legal_actions_are_shown_only_to_the_player_who_must_decide():
    s = g3("smuggler1", figures={"smuggler1": "1,0"}, dice={"smuggler1": [3, 4]})
    assert "legal_actions" in s.view("smuggler1")
    assert "legal_actions" not in s.view("bluefin")
    assert "legal_actions" not in s.view(None)
