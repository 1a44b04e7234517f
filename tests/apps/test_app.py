"""The Panel app (ahoy_nb.apps.panel_app), the notebook app's form (ahoy_nb.widgets.lobby) and the
``ahoy-nb`` command, without a browser (tests/browser/test_apps.py has the browser)."""

from __future__ import annotations

import json

import pytest

import panel as pn

from ahoy_nb.apps.panel_app import ControlFigure, FameFigure, GameApp, PanelBoard, create_app
from ahoy_nb.ai.bots import GreedyBot
from ahoy_nb.apps.cli import build_parser, main
from ahoy_nb.engine import IllegalActionError, new_game
from ahoy_nb.session.seats import initial_seats, people_and_bots, seat_options
from ahoy_nb.widgets.lobby import lobby
from ahoy_nb.widgets.play import play
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.session.view import TRAITS


def _reason(state, notation: str) -> str:
    with pytest.raises(IllegalActionError) as err:
        state.copy().apply(notation)
    return str(err.value)


# -- the board in Panel ----------------------------------------------------------------


def test_panel_board_mirrors_the_widget_and_applies_intents():
    """The Panel board and the notebook's widget are two skins of one session-layer Board:
    every trait the same, and an intent to either is the Board's to answer."""
    state = new_game(3, seed=4)
    reason = _reason(state, "start 9,9")
    widget = BoardWidget(state, viewer="bluefin", people=("bluefin",))
    board = PanelBoard(widget.board)
    for name in TRAITS:
        assert getattr(board, name) == getattr(widget, name), name
    assert 'data-action="start 0,0"' in board.parts["map"]

    # An illegal action: the engine's reason, and nothing else changes.
    svg = board.parts
    board.intent = {"action": "start 9,9", "id": 6}
    assert board.ack == 6 and board.error == reason
    assert board.parts == svg and board.history_length == 0

    board.intent = {"action": "start 0,0", "id": 7}      # what a click sends
    assert widget.state.log[-1].action == "start 0,0"
    assert board.ack == 7 and board.error == ""
    assert board.history_length == 1 and board.parts == widget.parts != svg

    # The Smuggler's decision now, and it is not played from here: refused.
    board.intent = {"action": "start 0,1", "id": 8}
    assert board.ack == 8 and "Smuggler 1" in board.error
    assert len(widget.state.log) == 2


def test_panel_board_fetches_nothing_from_a_cdn():
    """Panel's AnyWidgetComponent declares a React import map on esm.sh; the board
    needs none, so PanelBoard's model has an empty one."""
    widget = BoardWidget(new_game(2, seed=1))
    model = PanelBoard(widget.board).get_root()
    dumped = json.dumps(model.importmap)
    assert "esm.sh" not in dumped and "http" not in dumped, dumped
    assert "export default { render }" in model.esm or "render" in model.esm


# -- charts ----------------------------------------------------------------------------


def _play_to_round(state, rnd: int, seed: int = 3):
    bot = GreedyBot(seed=seed)
    while state.round < rnd and not state.is_over:
        state.apply(bot.choose(state))
    return state


def test_fame_figure_follows_the_game_past_a_round_end():
    state = new_game(3, seed=5)
    fame = FameFigure(state.players)
    fame.update(state)
    assert fame.series()["lines"]["x"] == [0]
    assert fame.series()["rounds"]["label"] == []
    _play_to_round(state, 2)
    fame.update(state)
    drawn = fame.series()
    n = len(state.history)
    assert drawn["lines"]["x"] == list(range(n + 1))
    assert drawn["rounds"]["label"] == ["R2"]
    for f in state.players:
        assert drawn["lines"][f][-1] == state.fame[f]
    assert fame.cursor.location == n
    fame.update(state, position=3)
    assert fame.cursor.location == 3


def test_control_figure_draws_each_region():
    state = _play_to_round(new_game(3, seed=6), 2)
    control = ControlFigure()
    control.update(state)
    regions = {x[0] for x in control.source.data["x"]}
    assert len(regions) == len(state.regions())
    assert "round 2" in control.figure.title.text
    control.update(state, position=0)
    assert "after 0 actions" in control.figure.title.text


# -- the page --------------------------------------------------------------------------


def test_the_panel_app_offers_conceding_behind_the_boards_confirmation():
    # (Out of turn, as in the widget: tests/widgets/test_conceding.py; here the bots play at once.)
    app = GameApp(players=2, seed=3, people=("mollusk",), bot_delay=0)
    assert [o["f"] for o in app.board.can_concede] == ["mollusk"]
    app.board.intent = {"concede": "bluefin", "id": 1}  # not this seat's
    assert app.board.error.startswith("Only Bluefin can concede") and not app.game.state.is_over
    app.board.intent = {"concede": "mollusk", "id": 2}  # sent after the board's confirmation
    assert app.board.ack == 2 and app.board.error == ""
    assert app.game.state.result == "Bluefin won: Mollusk conceded"
    assert app.board.status.endswith("Bluefin won: Mollusk conceded") and app.board.can_concede == []


@pytest.mark.full
def test_game_app_plays_bots_to_the_persons_turn_and_starts_new_games():
    app = GameApp(players=3, seed=11, people=("mollusk",), bot_delay=0)
    # No server: the bots play at once up to the person's decision.
    assert app.game.state.current_player == "mollusk"
    assert app.board.board.game is app.game
    assert app.board.can_act and app.board.actions
    assert app.seat_choices() == {"bluefin": "normal", "smuggler1": "normal",
                                  "mollusk": "person"}
    assert app.fame.series()["lines"]["x"][-1] == len(app.game.state.history)

    app.players_select.value = 4
    assert list(app.seat_choices()) == seat_options(4)
    app._seat_widgets["smuggler2"].value = "random"
    app.seed_input.value = 99
    app.start_button.clicks += 1                       # "New game"
    assert app.seed == 99 and app.game.state.players == seat_options(4)
    assert type(app.game.bots["smuggler2"]).__name__ == "RandomBot"
    assert app.board.board.game is app.game


def test_create_app_returns_a_page():
    page = create_app(players=2, seed=1, people=("mollusk",), bot_delay=0)
    assert isinstance(page, pn.Column)


# -- the notebook app's form -----------------------------------------------------------


def test_seats():
    assert seat_options(2) == new_game(2, seed=0).players
    seats = initial_seats(("bluefin", "mollusk"), {"smuggler1": "random"})
    assert seats == {"bluefin": "person", "smuggler1": "random", "mollusk": "person",
                     "smuggler2": "normal"}
    assert people_and_bots(3, seats) == (("bluefin", "mollusk"), {"smuggler1": "random"})
    assert initial_seats("all")["smuggler2"] == "person"
    # the levels by their names, and the bots' other names
    assert initial_seats((), {"bluefin": "greedy", "mollusk": "ismcts", "smuggler1": "easy"}) == {
        "bluefin": "normal", "smuggler1": "easy", "mollusk": "hard", "smuggler2": "normal"}


def test_lobby_starts_the_chosen_game():
    app = lobby(players=3, seed=1, bot_delay=0)
    assert app.game.people == ("bluefin",)
    assert "Seed" not in app.message.value and app.seed.value == ""
    app.players.value = 2
    assert [d.description for d in app.seat_box.children] == ["Bluefin", "Mollusk"]
    app.seats["bluefin"].value = "random"
    app.seats["mollusk"].value = "person"
    app.seed.value = "5"
    app.start.click()
    assert app.game.people == ("mollusk",) and app.game.state.players == ["bluefin", "mollusk"]
    assert app.game.state.current_player == "mollusk"    # the bot played first
    app.seed.value = "five"
    before = app.game
    assert app.new_game() is None and app.game is before
    assert "whole number" in app.message.value


def test_a_click_from_the_front_end_reaches_the_game():
    """What ipywidgets does with a front-end update: Widget.set_state(sync_data)."""
    game = play(players=3, seed=2, people=("bluefin",), bot_delay=0, charts=False)
    board = game.board
    board.set_state({"intent": {"action": "start 0,0", "id": 1}})
    assert board.ack == 1 and board.error == ""
    assert game.state.log[1].action == "start 0,0"
    board.set_state({"intent": {"action": "start 9,9", "id": 2}})
    assert board.ack == 2


# -- the command -------------------------------------------------------------------------


def test_cli_parses_serve_options():
    args = build_parser().parse_args(
        ["serve", "--port", "0", "--players", "4", "--seed", "3", "--people",
         "bluefin,mollusk", "--bots", "random", "--bot-delay", "0.1"])
    assert (args.command, args.port, args.players, args.seed) == ("serve", 0, 4, 3)
    assert args.people == "bluefin,mollusk" and args.bots == "random"   # read by people_in_text
    assert build_parser().parse_args(["serve"]).bots == "normal"
    assert build_parser().parse_args(["serve", "--bots", "hard"]).bots == "hard"


@pytest.mark.parametrize("option, words", [
    (["--port", "99999"], "'99999' is not a port: a whole number from 0 to 65535"),
    (["--bot-delay", "-1"], "'-1' is not a number of seconds from 0 to 60"),
    (["--bot-delay", "nan"], "'nan' is not a number of seconds from 0 to 60"),
])
def test_cli_serve_refuses_a_bad_number_with_the_reason(option, words, capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["serve", *option])
    assert words in capsys.readouterr().err


def test_cli_serve_refuses_people_not_in_the_game_and_a_port_it_cannot_take(tmp_path, capsys):
    store = f"sqlite:///{tmp_path}/tables.sqlite"
    assert main(["serve", "--players", "2", "--people", "bluefin,smuggler2", "--store", store]) == 2
    assert capsys.readouterr().err == ("ahoy-nb serve: --people bluefin,smuggler2: 'smuggler2' is "
                                       "not a player of this game (bluefin, mollusk)\n")
    import socket
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port), "--store", store]) == 2
    assert capsys.readouterr().err == (f"ahoy-nb serve: cannot listen on 127.0.0.1 port {port}: "
                                       "Address already in use\n")


def test_cli_without_a_command_prints_help(capsys):
    assert main([]) == 2
    assert "serve" in capsys.readouterr().err
