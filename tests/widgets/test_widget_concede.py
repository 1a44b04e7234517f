"""Conceding from the game widget: the board offers it (can_concede), the front end
confirms and sends {"concede": faction}, Python decides."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import new_game
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.widgets.play import play


def _intent(board, **payload):
    board.intent = dict(payload, id=len(board.state.log) * 10 + 1)


def test_a_person_concedes_out_of_turn_while_a_bot_decides():
    game = play(players=2, seed=3, people=("mollusk",), bot_delay=None)
    board = game.board
    assert board.state.current_player == "bluefin"  # the bot's decision, not the Mollusk's
    assert board.can_concede == [{"f": "mollusk", "label": "Concede for Mollusk",
                                  "warn": "If Mollusk concedes, the game ends now and Bluefin wins."}]
    _intent(board, concede="mollusk")
    assert board.error == "" and board.state.is_over and board.state.winners == ["bluefin"]
    assert board.status.endswith("game over, Bluefin won: Mollusk conceded")
    assert board.notices[0]["title"] == "Game over: Bluefin won: Mollusk conceded"
    assert board.entries[-1]["action"] == "concede mollusk"
    assert board.can_concede == [] and game.step() is None
    # Final: the game's end may show its seed, so fair undo does not take it back.
    assert board.undo_refusal() == "You cannot undo: the game is over" and not board.can_undo


def test_the_board_refuses_a_concession_for_another_seat_and_changes_nothing():
    board = BoardWidget(new_game(2, seed=3), viewer="mollusk", people=("mollusk",))
    before = board.state.to_json()
    for value, words in [("bluefin", "Only Bluefin can concede for Bluefin"),
                         ("smuggler1", "Malformed intent: concede names a player"),
                         (True, "Malformed intent")]:
        _intent(board, concede=value)
        assert board.error.startswith(words)
    assert board.state.to_json() == before


def test_a_past_position_or_a_waiting_handover_does_not_concede():
    board = BoardWidget(new_game(2, seed=3).apply("start 0,0"), viewer="all")
    board.show(0)
    assert board.can_concede == []
    _intent(board, concede="bluefin")
    assert "past position" in board.error and not board.state.is_over


@pytest.mark.parametrize("players", [3, 4])
def test_no_concede_button_with_three_or_four_players(players):
    board = BoardWidget(new_game(players, seed=3), viewer="all")
    assert board.can_concede == []
    _intent(board, concede="mollusk")
    assert f"with {players} players no one concedes" in board.error and not board.state.is_over
