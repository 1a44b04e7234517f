"""The advisor in the Panel app (ahoy_nb.apps.panel_app.PanelAdvisor), without a browser:
tests/browser/test_advisor_panel.py has the browser."""

from __future__ import annotations

import pytest

from ahoy_nb.apps.panel_app import GameApp, PanelAdvisor
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.engine import new_game


def _app(**kwargs) -> GameApp:
    return GameApp(players=2, seed=1, bot_delay=0, **kwargs)


def _wait_app(people, **kwargs) -> GameApp:
    """An app whose advisor works on the calling thread (wait=True), for exact checks."""
    app = _app(people=people, **kwargs)
    app.advisor.close()
    app.advisor = PanelAdvisor(app.board.board, enabled=app.advisor.core.enabled,
                               simulations=4, hint_simulations=12, wait=True)
    return app


def _panel(board) -> dict:
    """The advisor's panel in the board's side column, as the page gets it."""
    return next(p for p in board.panels if p["id"] == "advisor")


def _button(board, name: str) -> dict:
    return next(b for b in _panel(board)["buttons"] if b["id"] == name)


@pytest.mark.full
def test_on_for_one_person_against_bots_off_in_hot_seat_and_can_be_turned_on():
    solo = _app(people=("bluefin",), simulations=4)
    assert solo.advisor.core.enabled and _button(solo.board, "analysis")["pressed"]
    assert solo.advisor.chart_pane.visible and not _button(solo.board, "hint")["disabled"]
    hot = _app(people="all", simulations=4)
    adv = hot.advisor
    assert not adv.core.enabled and not _button(hot.board, "analysis")["pressed"]
    assert not adv.chart_pane.visible and _button(hot.board, "hint")["disabled"]
    assert adv.core.chances == {}
    adv.press("analysis")  # the person turns it on
    assert adv.core.enabled and adv.chart_pane.visible
    assert not _button(hot.board, "hint")["disabled"]
    adv.press("analysis")
    assert not adv.core.enabled and not adv.chart_pane.visible
    for app in (solo, hot):
        app.advisor.close()


def test_a_point_after_a_move():
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin", people=("bluefin",))
    adv = PanelAdvisor(board.board, simulations=4, wait=True)
    assert list(adv.chart.source.data["x"]) == [0]
    board.act("start 0,0")
    assert list(adv.chart.source.data["x"]) == [0, 1]
    data = adv.chart.source.data
    for f in board.state.players:
        assert all(0 < low <= v <= high < 1 for low, v, high in
                   zip(data[f"{f}_low"], data[f], data[f"{f}_high"]))  # never 0% or 100%
    assert adv.chart.figure.title.text == "Chance to win against these bots"
    total = sum(adv.chart.source.data[f][1] for f in board.state.players)
    assert abs(total - 1) < 1e-9
    board.undo()
    assert list(adv.chart.source.data["x"]) == [0]


@pytest.mark.full
def test_hint_for_the_person_to_decide_shown_in_words_and_on_the_board():
    app = _wait_app(("bluefin",))
    adv = app.advisor
    assert app.game.state.current_player == "bluefin" and not _button(app.board, "hint")["disabled"]
    app.board.intent = {"press": {"panel": "advisor", "button": "hint"}, "id": "hint-1"}
    hints = adv.core.hints
    assert len(hints) == min(3, len(app.game.state.legal_actions()))
    assert app.board.hints == [e.notation for e in hints]  # the Panel board's hints
    items = _panel(app.board)["items"]                     # ... and its side column's
    assert len(items) == len(hints) and all(e.notation in i for e, i in zip(hints, items))
    app.board.intent = {"action": hints[0].notation, "id": 1}  # a move clears it
    assert app.board.hints == [] and _panel(app.board)["items"] == []


@pytest.mark.full
def test_hint_refused_politely_for_a_bot_or_another_persons_decision():
    # A bot's decision (the bots wait for their buttons: no auto-play).
    app = _wait_app(("bluefin",))
    app.auto.value = False
    i = 0
    while app.game.state.current_player == "bluefin":  # Bluefin plays up to Mollusk's turn
        i += 1
        app.board.intent = {"action": app.game.state.legal_actions()[0].notation, "id": i}
    assert app.game.state.current_player == "mollusk"
    adv = app.advisor
    assert _button(app.board, "hint")["disabled"]
    assert "Mollusk is a bot" in _button(app.board, "hint")["title"]
    adv.core.hint()
    assert adv.core.hints == [] and app.board.hints == []
    note = _panel(app.board)["lines"][-1]
    assert "person whose decision it is" in note and "Mollusk is a bot" in note
    # Another person's decision: a board that shows Mollusk's view while Bluefin decides.
    board = BoardWidget(new_game(2, seed=1), viewer="mollusk", people=("bluefin", "mollusk"))
    other = PanelAdvisor(board.board, simulations=4, wait=True)
    other.core.hint()
    assert other.core.hints == [] and "Bluefin" in _panel(board)["lines"][-1]


def test_the_panel_is_text_only():
    """The side column is drawn as text by board.js: the panel holds no markup."""
    board = BoardWidget(new_game(2, seed=1), viewer="bluefin", people=("bluefin",))
    adv = PanelAdvisor(board.board, simulations=4, hint_simulations=8, wait=True)
    adv.core.hint()
    panel = _panel(board)
    assert len(panel["items"]) == len(adv.core.hints)
    assert not any("<" in text for text in panel["lines"] + panel["items"])
