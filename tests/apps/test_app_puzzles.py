"""The puzzle trainer in the Panel app (ahoy_nb.apps.panel_puzzles), without a browser
(tests/browser/test_puzzles_panel.py has the browser): a skin over the session's
PuzzleScreen, the same board as the notebook's, reached by ``?mode=puzzles``."""

from __future__ import annotations

import html

import pytest

import panel as pn

from ahoy_nb.ai.puzzles import load
from ahoy_nb.apps import panel_app
from ahoy_nb.apps.panel_puzzles import PuzzleApp
from ahoy_nb.session.puzzles import GOOD, Ratings, Trainer
from ahoy_nb.session.view import TRAITS
from ahoy_nb.widgets.puzzles import PuzzleWidget

PUZZLES = load()


@pytest.fixture
def ratings_file(tmp_path, monkeypatch):
    path = tmp_path / "ratings.json"
    monkeypatch.setenv("AHOY_NB_PUZZLE_RATINGS", str(path))
    return path


def _press(app: PuzzleApp, button: str, n: int) -> None:
    """What a click on a button of the board's puzzle panel sends."""
    app.board.intent = {"press": {"panel": "puzzle", "button": button}, "id": f"p{n}"}


def test_the_panel_board_is_the_notebooks_puzzle_board(ratings_file, tmp_path):
    """Two skins of one session PuzzleScreen: the same traits for the same puzzle, from
    the solver's side."""
    app = PuzzleApp()
    widget = PuzzleWidget(Trainer(ratings=Ratings(tmp_path / "other.json")))
    assert app.trainer.puzzle.id == widget.trainer.puzzle.id
    for name, spec in TRAITS.items():
        if spec.by != "front":
            assert getattr(app.board, name) == getattr(widget.board, name), name
    assert app.board.viewer == app.trainer.solver and app.board.players
    assert html.escape(app.trainer.question()) in app.question.object
    assert ".ahoy-controls" in " ".join(app.board.stylesheets)   # no Undo, no Concede


def test_clicks_are_graded_and_rated_on_the_first_attempt_only(ratings_file):
    app = PuzzleApp()
    p = app.trainer.puzzle
    app.board.intent = {"action": p.runner_up, "id": 1}           # good, but
    message = app.board.message
    assert message["text"].startswith("Good, but ") and message["kind"] == "hint"
    assert app.board.message["lines"][0].startswith("Rated: 1500 → ")
    after = Ratings(ratings_file).rating
    assert after < 1500
    panel, rd = app.board.panels[0], Ratings(ratings_file).rd
    assert panel["lines"][1] == f"Your rating: {after:.0f} ± {2 * rd:.0f} (95%)"
    assert [b["label"] for b in panel["buttons"]] == ["Show me", "Next ›"]

    app.board.intent = {"action": p.best, "id": 2}                # the answer: not rated
    assert app.board.message["text"].startswith("Best!")
    assert app.board.message["lines"] == ["Not rated: only a puzzle's first attempt is."]
    assert Ratings(ratings_file).rating == after
    assert [b["label"] for b in app.board.panels[0]["buttons"]] == ["Next ›"]
    app.board.intent = {"action": p.best, "id": 3}                # done: the board takes no click
    assert app.board.error and Ratings(ratings_file).rating == after

    _press(app, "next", 4)
    assert app.trainer.puzzle.id != p.id and app.board.message == {}
    assert html.escape(app.trainer.question()) in app.question.object


def test_a_wrong_click_and_show_me(ratings_file):
    p = next(p for p in PUZZLES
             if any(c < p.chances[p.runner_up] - GOOD for c in p.chances.values()))
    app = PuzzleApp(Trainer([p], ratings=Ratings()))
    worse = min(p.chances, key=p.chances.get)
    app.board.intent = {"action": worse, "id": 1}
    assert app.board.message["text"].startswith("No: ") and app.board.message["kind"] == "wrong"
    assert Ratings(ratings_file).rating < 1500
    _press(app, "show", 2)
    assert app.board.message["text"].startswith("The answer: ")
    assert app.board.message["lines"] == ["Not rated: only a puzzle's first attempt is."]
    assert app.board.history_length == 1 + len(p.state.history)


def test_the_theme_list_sets_puzzles_of_that_theme(ratings_file):
    app = PuzzleApp()
    offered = dict(app.theme.options)
    assert offered["any theme"] == "any"
    theme = next(v for v in offered.values() if v != "any")
    app.theme.value = theme
    assert app.trainer.theme == theme and theme in app.trainer.puzzle.themes
    assert html.escape(app.trainer.question()) in app.question.object


def test_the_address_opens_the_puzzle_page(ratings_file, monkeypatch):
    monkeypatch.setattr(panel_app, "_session_args", lambda: {"mode": "puzzles", "theme": "nope<b>"})
    page = panel_app.create_app()
    assert isinstance(page, pn.Column) and "ahoy-puzzles" in page.css_classes
    notice = page.objects[1]
    assert notice.visible and "theme=nope&lt;b&gt; is not a theme" in notice.object

    monkeypatch.setattr(panel_app, "_session_args", lambda: {"mode": "chess"})
    page = panel_app.create_app(players=2, seed=1, people=("mollusk",), bot_delay=0)
    assert "ahoy-puzzles" not in page.css_classes
    assert "mode=chess is not game or puzzles" in page.objects[1].object
    assert "?mode=puzzles" in page.objects[0].object   # the link to the puzzles
