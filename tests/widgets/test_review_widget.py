"""The Review button (widgets, without a browser): the chart, its marks, the board."""

from __future__ import annotations

from html import escape

import pytest

from ahoy_nb import savegame
from ahoy_nb.session.reviewing import ReviewCore
from ahoy_nb.engine import new_game
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.widgets.play import play
from ahoy_nb.widgets.review import Reviewer


@pytest.fixture(scope="module")
def reviewed():
    """The example game reviewed for the Mollusk (the model alone: quick)."""
    board = BoardWidget(savegame.example(), viewer="mollusk", people=("mollusk",))
    rv = Reviewer(board, simulations=0, wait=True)
    rv.review()
    return board, rv


def test_review_draws_the_whole_game_and_marks_the_mistakes(reviewed):
    board, rv = reviewed
    result = rv.result
    assert result.player == "mollusk" and rv.chart.layout.display is None
    assert len(rv.chart.lines.x) == len(board.state.history) + 1
    marked = [d for d in result.decisions if d.label in ("inaccuracy", "mistake", "blunder")]
    assert marked and rv.chart.marks_at == [d.index for d in marked]
    assert len(rv.chart.dots.x) == len(marked)
    assert "Mollusk:" in rv.summary.value and "against these bots" in rv.summary.value


def test_a_click_on_a_mark_moves_the_board_there_with_the_better_move(reviewed):
    board, rv = reviewed
    worst = max(rv.result.mistakes(), key=lambda d: d.loss)
    k = rv.chart.marks_at.index(worst.index)
    rv.chart.dots.selected = [k]      # what a click on the mark does
    assert board.position == worst.index and not board.live
    assert worst.best != worst.action
    assert f'data-action="{escape(worst.best)}"' in board.svg and " hint" in board.svg
    assert worst.words in rv.detail.value and worst.label in rv.detail.value
    board.show(len(board.state.history))   # back to the end: the mark is gone
    assert " hint" not in board.svg


def test_whose_decisions_and_when():
    s = new_game(2, seed=1).apply("start 0,0")
    spectator = ReviewCore(BoardWidget(s.copy(), viewer=None).board, simulations=0, wait=True)
    assert "waits for the end" in spectator.refusal()
    mine = ReviewCore(BoardWidget(s.copy(), viewer="mollusk").board, simulations=0, wait=True)
    assert mine.refusal() == "There is no decision to review yet."
    everyone = ReviewCore(BoardWidget(s.copy(), viewer="all").board, simulations=0, wait=True)
    everyone.start()
    assert everyone.player() is None and [d.player for d in everyone.result.decisions] == ["bluefin"]
    over = ReviewCore(BoardWidget(savegame.example(), viewer=None).board, simulations=0, wait=True)
    assert over.refusal() == ""


def test_in_play_review_follows_analysis():
    hot = play(players=2, seed=1, people="all", bot_delay=0)   # hot seat: Analysis off
    hot.board.act("start 0,0")
    button = lambda: next(b for p in hot.board.panels if p["id"] == "review"  # noqa: E731
                          for b in p["buttons"] if b["id"] == "review")
    assert button()["disabled"] and "unless Analysis" in button()["title"]
    hot.advisor.press("analysis")        # the Analysis toggle beside the board
    assert not button()["disabled"]
    hot.close()


def test_the_review_button_and_its_marks_are_beside_the_board(reviewed):
    """Issue 49, item 6: the Review button was under the charts, far below the board."""
    board, rv = reviewed
    panel = next(p for p in board.panels if p["id"] == "review")
    marks = [b for b in panel["buttons"] if b["id"].startswith("mark-")]
    assert panel["buttons"][0]["label"] == "Review"
    assert marks and len(marks) <= rv.panel.MOST
    first = int(marks[0]["id"][5:])
    board.intent = {"press": {"panel": "review", "button": marks[0]["id"]}, "id": 99}
    assert board.position == first and board.message["focus"]
    # The status speaks of that position only: its round, who decides there, its Fame.
    shown = board.shown_state()
    assert board.status.endswith(f"{shown.current_player.title()} to decide there") or \
        "to decide there" in board.status
    assert [p["fame"] for p in board.players] == [shown.fame[f] for f in shown.players]
    board.show(len(board.state.history))
