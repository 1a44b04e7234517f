"""Conceding (rules/conceding.py; docs/rulings.md, "Conceding"): either player of a game
of two, at any moment, out of turn; with three or four players no one concedes."""

from __future__ import annotations

import json
import random

import pytest

from ahoy_nb import savegame
from ahoy_nb.engine import Action, IllegalActionError, State, new_game, scenario
from support import TWO_TILES, play


def _mid_battle() -> State:
    """A 2-player game on the Mollusk's turn, in a battle where Bluefin, the defender,
    decides whether to turn down its die on Cannons."""
    s = scenario(2, tiles=TWO_TILES, figures={"mollusk": "3,2", "bluefin": "2,2"}, hand=[],
                 turn="mollusk", dice={"mollusk": [3, 4]}, placed={"bluefin": {"cannons5": 5}})
    play(s, "sail 3", "move 2,2", "battle bluefin")
    assert s.current_player == "bluefin" and s.turn_player == "mollusk"
    return s


@pytest.mark.parametrize("who, other", [("bluefin", "mollusk"), ("mollusk", "bluefin")])
def test_either_player_concedes_out_of_turn_and_the_other_wins(who, other):
    s = new_game(2, seed=3).apply("start 0,0")  # the Mollusk set up by itself: Bluefin's turn
    fame_before = dict(s.fame)
    s.concede(who)
    assert s.is_over and s.winners == [other] and s.conceded == who
    assert s.result == f"{other.title()} won: {who.title()} conceded"
    assert s.prompt == f"The game is over: {s.result}"
    assert s.fame == fame_before  # conceding scores nothing
    entry = s.log[-1]
    assert (entry.player, entry.action) == (who, f"concede {who}")
    assert s.legal_actions() == []


def test_concede_while_the_other_player_decides_in_a_battle():
    s = _mid_battle()
    deciding = s.current_player
    s.apply("concede mollusk")  # the Mollusk's own turn, Bluefin's decision
    assert deciding == "bluefin" and s.winner == "bluefin" and s.conceded == "mollusk"
    assert s.decision is None and s.turn is None and s.battle is None


def test_conceding_is_not_among_the_deciding_players_choices():
    s = new_game(2, seed=3)
    assert not any(a.verb == "concede" for a in s.legal_actions())
    assert s.is_legal("concede mollusk") and s.is_legal(Action("mollusk", "concede mollusk"))
    assert not s.is_legal(Action("bluefin", "concede mollusk"))
    assert s.who_acts("concede mollusk") == "mollusk" and s.who_acts("start 0,0") == "bluefin"


def test_only_the_conceding_faction_concedes_for_itself_and_nothing_changes():
    s = new_game(2, seed=3).apply("start 0,0")
    before = s.to_json()
    with pytest.raises(IllegalActionError, match="only Mollusk can concede for Mollusk"):
        s.apply(Action("bluefin", "concede mollusk"))
    with pytest.raises(IllegalActionError, match="not playing in this game"):
        s.apply("concede smuggler1")
    with pytest.raises(IllegalActionError, match="not a faction"):
        s.concede("pirates")
    assert s.to_json() == before and not s.is_over


def test_a_finished_game_is_not_conceded():
    s = new_game(2, seed=3).concede("bluefin")
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.concede("mollusk")
    assert not s.may_concede("mollusk")


@pytest.mark.parametrize("players", [3, 4])
def test_ruling_no_one_concedes_with_three_or_four_players(players):
    s = new_game(players, seed=5)
    before = s.to_json()
    for f in s.players:
        assert not s.may_concede(f) and not s.is_legal(f"concede {f}")
        with pytest.raises(IllegalActionError, match=f"with {players} players no one concedes"):
            s.concede(f)
    assert s.to_json() == before


def test_at_a_chance_point_the_random_event_is_decided_first():
    s = new_game(2, seed=3, chance="explicit")
    assert s.current_player == "chance" and not s.may_concede("bluefin")
    with pytest.raises(IllegalActionError, match="random event .* is being decided"):
        s.concede("bluefin")


def test_a_concession_is_undone_like_any_action():
    s = new_game(2, seed=3).apply("start 0,0")
    before = s.to_json()
    s.concede("bluefin").undo()
    assert s.to_json() == before and s.conceded is None


def test_a_conceded_game_saves_reopens_and_replays_conceded():
    s = _mid_battle().concede("bluefin")
    again = State.from_json(s.to_json())
    assert again == s and again.conceded == "bluefin" and again.result == s.result
    for kind in ("game", "analysis"):
        opened = savegame.loads(savegame.dumps(s, kind))
        assert opened.to_json() == s.to_json() and opened.result == "Mollusk won: Bluefin conceded"


def test_a_game_conceded_during_setup_reopens():
    s = new_game(2, seed=3).concede("bluefin")  # before either Flagship is placed
    assert State.from_json(s.to_json()).result == "Mollusk won: Bluefin conceded"


def _saved_with(s: State, **change) -> str:
    doc = json.loads(s.to_json())
    doc["state"].update(change)
    return json.dumps(doc)


def test_the_loader_refuses_a_concession_that_does_not_fit_the_game():
    s = new_game(2, seed=3).apply("start 0,0").concede("mollusk")
    for change, words in [({"winners": ["mollusk"]}, "did not concede is the winner"),
                          ({"conceded": "smuggler1"}, "conceded"),
                          ({"conceded": 3}, "conceded")]:
        with pytest.raises(ValueError, match=words):
            State.from_json(_saved_with(s, **change))
    with pytest.raises(ValueError, match="only a player of a two-player game that is over"):
        State.from_json(_saved_with(new_game(2, seed=3), conceded="mollusk"))


def test_conceded_games_round_trip_and_replay_the_same_result():
    """Every conceded game saves, reopens and replays to the same end: 25 seeded 2-player
    games, each conceded by a random seat after a random number of random actions
    (scripts/concede_games.py is the bulk run)."""
    rng = random.Random(26)
    for seed in range(25):
        s = new_game(2, seed=seed)
        for _ in range(rng.randrange(0, 300)):  # any decision: a tile being placed too
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        if s.is_over:
            continue
        who = rng.choice(s.players)
        s.concede(who)
        assert s.result.endswith(f"{who.title()} conceded") and s.winners == [
            f for f in s.players if f != who]
        assert State.from_json(s.to_json()).to_json() == s.to_json()
        replayed = new_game(2, seed=seed)
        for entry in s.log[1:]:
            replayed.apply(entry.action)
        assert replayed.to_json() == s.to_json()
