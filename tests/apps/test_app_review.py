"""The Review button in the Panel app (ahoy_nb.apps.panel_app.PanelReviewer), without a browser:
in the board's side column, beside the board, like the advisor's Hint."""

from __future__ import annotations

import pytest

from ahoy_nb import savegame
from ahoy_nb.apps.panel_app import GameApp, PanelReviewer


def _review_button(board) -> dict:
    panel = next(p for p in board.panels if p["id"] == "review")
    return next(b for b in panel["buttons"] if b["id"] == "review")


@pytest.mark.full
def test_review_in_the_app_and_a_tap_on_a_mark():
    app = GameApp(players=2, seed=1, bot_delay=0, people=("mollusk",), simulations=4)
    assert _review_button(app.board)["disabled"]       # nothing of the Mollusk's yet
    app.board.board.set_state(savegame.example())      # a finished game, opened
    assert not _review_button(app.board)["disabled"]
    app.reviewer.close()
    reviewer = PanelReviewer(app.board.board, simulations=0, wait=True)
    app.board.intent = {"press": {"panel": "review", "button": "review"}, "id": 1}
    result = reviewer.core.result
    assert result is not None and result.player == "mollusk" and reviewer.chart_pane.visible
    data = reviewer.chart.marks.data
    assert data["x"] == [d.index for d in result.mistakes()] and data["text"]
    assert len(reviewer.chart.lines.data["x"]) == len(app.game.state.history) + 1
    assert reviewer.chart.figure.title.text == "Review: chance to win against these bots"
    reviewer.chart.marks.selected.indices = [0]       # what a tap on the first mark does
    first = result.mistakes()[0]
    assert app.board.board.position == first.index
    assert first.words in reviewer.text.object
    # The same decision from its button beside the board: shown, and said where the eye is.
    app.board.intent = {"press": {"panel": "review", "button": f"mark-{first.index}"}, "id": 2}
    assert app.board.position == first.index and app.board.message["focus"]
    assert app.board.message["text"].startswith(f"Action {first.index}")
    reviewer.close()
    app.advisor.close()
