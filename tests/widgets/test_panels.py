"""The board's side panels: the bots' think time and progress, and the labels that say how
long the hard bot takes (all worded from its own time budget)."""

from __future__ import annotations

from ahoy_nb.ai import ismcts
from ahoy_nb.ai.levels import make_bot, think_time
from ahoy_nb.engine import new_game
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.session.seats import SEAT_CHOICES
from ahoy_nb.widgets.lobby import lobby
from ahoy_nb.session.panels import bots_panel
from ahoy_nb.widgets.play import play


def _panel(board, name: str) -> dict:
    return next(p for p in board.panels if p["id"] == name)


def test_every_label_of_the_hard_bot_comes_from_its_time_budget(monkeypatch):
    game = play(2, seed=1, people=("bluefin",), bots="hard", bot_delay=None, charts=False,
                analysis=False)
    words = think_time(game.bots["mollusk"])
    assert words == f"about {ismcts.TIME_BUDGET:g} s a decision"
    assert f"Mollusk (hard, {words})" in game.info_text()
    assert _panel(game.board, "bots")["lines"] == [f"Mollusk: hard bot, {words}"]
    form = lobby(players=2, seed=1, bots="hard", bot_delay=None, charts=False, analysis=False)
    assert f"Mollusk: hard bot, {words}" in form.message.value
    assert SEAT_CHOICES["hard"] == "Hard bot"           # short enough for every form's chooser
    monkeypatch.setattr(ismcts, "TIME_BUDGET", 2.5)
    assert think_time("hard") == "about 2.5 s a decision"
    for g in (game, form.game):
        g.close()


def test_a_thinking_bot_shows_its_progress_beside_the_board():
    game = play(2, seed=1, people=(), bots={"bluefin": "hard", "mollusk": "normal"},
                bot_delay=None, charts=False, analysis=False)
    bot = game.bots["bluefin"]
    seen = []
    real = bot.choose

    def choose(state):
        seen.append(_panel(game.board, "bots")["busy"])   # what the front end has meanwhile
        return real(state)

    bot.choose = choose
    bot.time_budget = 0.05
    game.step()                                           # Bluefin's start: two Islands
    assert seen == [{"text": "Bluefin is thinking…", "seconds": 0.05}]
    assert _panel(game.board, "bots")["busy"] is None     # done: the bar is gone
    game.close()


def test_normals_mollusk_shows_it_is_thinking_and_its_bluefin_does_not():
    game = play(2, seed=1, people=(), bots="normal", bot_delay=None, charts=False,
                analysis=False)
    seen = {}
    for who, bot in game.bots.items():
        def choose(state, real=bot.choose, who=who):
            if len(state.legal_actions()) > 1:
                seen.setdefault(who, _panel(game.board, "bots")["busy"])
            return real(state)
        bot.choose = choose
    while len(seen) < 2:
        game.step()
    # It looks past the action as the Mollusk (a few tenths of a second): no budget, no bar.
    assert seen == {"bluefin": None, "mollusk": {"text": "Mollusk is thinking…", "seconds": None}}
    game.close()


def test_a_bot_answering_a_persons_move_thinks_after_the_move_reached_the_page():
    # With no delay the bot answers inside the handling of the person's click: the
    # board's held sync (the new position) and its progress must go out first.
    game = play(2, seed=1, people=("bluefin",), bots="hard", bot_delay=0, charts=False,
                analysis=False)
    bot, board = game.bots["mollusk"], game.board
    seen = []
    real = bot.choose

    def choose(state):
        if len(state.legal_actions()) > 1:   # (a single choice takes no thought)
            seen.append((_panel(board, "bots")["busy"] is not None, board._holding_sync))
        return real(state)

    bot.choose, bot.time_budget = choose, 0.01
    me = make_bot("normal", seed=1)
    while not seen and board.state.current_player == "bluefin":
        board.intent = {"action": me.choose(board.state).notation, "id": len(board.state.history)}
    assert seen and all(busy and not held for busy, held in seen), seen
    game.close()


def test_quick_bots_show_no_progress_and_no_bots_no_panel():
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin")
    bots_panel(board, {"mollusk": make_bot("normal", seed=1)}, thinking="mollusk")
    assert _panel(board, "bots")["busy"] == {"text": "Mollusk is thinking…", "seconds": None}
    assert _panel(board, "bots")["lines"] == ["Mollusk: normal bot"]
    bots_panel(board, {})
    assert board.panels == []
