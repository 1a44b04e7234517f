"""The puzzle trainer in the Panel app: ``ahoy-nb serve``, then *Puzzles* at the top of
the game's page (it opens ``?mode=puzzles`` in a new browser tab; ``&theme=battle`` picks
a theme).

A thin skin over the session layer, as the notebook's ``ahoy_nb.puzzles()`` is: a
:class:`~ahoy_nb.session.puzzles.Trainer` (grading, rating, Show me, Next) on a
:class:`~ahoy_nb.session.puzzles.PuzzleScreen` (the board from the solver's side, the grade,
the side panel with the rating, *Show me* and *Next*), drawn by the game's own
:class:`~ahoy_nb.apps.panel_board.PanelBoard`; above it, a theme list and the question.
The ratings are the user's file (:func:`~ahoy_nb.session.puzzles.ratings_path`), as in the
notebook.

>>> import tempfile, os
>>> from ahoy_nb.session.puzzles import Ratings, Trainer
>>> app = PuzzleApp(Trainer(ratings=Ratings(os.path.join(tempfile.mkdtemp(), "r.json"))))
>>> app.board.viewer == app.trainer.solver
True
>>> app.board.intent = {"action": app.trainer.puzzle.best, "id": 1}   # a click on the answer
>>> app.board.message["text"].startswith("Best!")
True
"""

from __future__ import annotations

import html
from typing import Mapping

import panel as pn

from ahoy_nb.ai.puzzles import THEMES
from ahoy_nb.apps.panel_board import PanelBoard, _widget
from ahoy_nb.session.puzzles import ANY, PuzzleScreen, Trainer, theme_options

__all__ = ["PuzzleApp", "puzzle_page"]

# A puzzle is one decision, not a game: the board's Undo, scrubber and Concede are hidden
# (the notebook's puzzle board hides them the same way).
HIDE_CONTROLS = ".ahoy-controls { display: none !important; }"


class PuzzleApp:
    """One session's puzzle page: the theme list, the question and the board.

    Attributes for code and tests: ``trainer``, ``screen`` (the
    :class:`~ahoy_nb.session.puzzles.PuzzleScreen`), ``board`` (:class:`PanelBoard`),
    ``theme`` (a Select: any theme, or one), ``question`` (the question, escaped),
    ``notice`` (what was wrong with the page's address), ``layout`` (the page).
    """

    def __init__(self, trainer: Trainer | None = None):
        self.trainer = trainer if trainer is not None else Trainer()
        self.screen = PuzzleScreen(self.trainer)
        self.board = PanelBoard(self.screen.board, sizing_mode="stretch_width",
                                stylesheets=[HIDE_CONTROLS])
        self.theme = _widget(pn.widgets.Select, "Theme", width=220,
                             options={words: value for words, value in theme_options(self.trainer)},
                             value=self.trainer.theme or ANY)
        self.theme.param.watch(self._on_theme, "value")
        self.question = pn.pane.HTML("", css_classes=["ahoy-puzzle-question"],
                                     styles={"font-size": "16px"})
        self.notice = pn.pane.HTML("", visible=False, css_classes=["ahoy-notice"],
                                   styles={"color": "#b03030", "font-weight": "bold"})
        self.trainer.on_change(lambda t: self.refresh())
        self.layout = pn.Column(
            pn.pane.HTML("<h1 style='margin:4px 0;font-size:1.5em'>Ahoy puzzles</h1>"
                         "<div>One decision to find, from the bots' games: click your answer "
                         "on the board. <a href='?'>New game</a></div>"),
            self.notice, self.theme, self.question, self.board,
            sizing_mode="stretch_width", css_classes=["ahoy-app", "ahoy-puzzles"])
        self.refresh()

    def show_notice(self, lines: list[str]) -> None:
        """Show what was wrong (e.g. with the page's address) above the page, escaped."""
        self.notice.object = "<br>".join(html.escape(line) for line in lines)
        self.notice.visible = bool(lines)

    def _on_theme(self, event) -> None:
        self.trainer.next(None if event.new == ANY else event.new)

    def refresh(self) -> None:
        self.question.object = f"<b>{html.escape(self.trainer.question())}</b>"

    def __repr__(self) -> str:
        return f"PuzzleApp({self.trainer!r})"


def puzzle_page(args: Mapping[str, str]) -> pn.Column:
    """The puzzle page for the page's query parameters: ``theme`` (one of
    :data:`~ahoy_nb.ai.puzzles.THEMES`); a bad one is named on the page and any theme is
    set."""
    theme, problems = args.get("theme", "").strip() or None, []
    if theme is not None and theme not in THEMES:
        problems.append(f"The address's theme={theme[:40]} is not a theme "
                        f"({', '.join(THEMES)}): any theme is set")
        theme = None
    try:
        trainer = Trainer(theme=theme)
    except ValueError as err:   # a theme no shipped puzzle has
        problems.append(f"{str(err)[:1].upper()}{str(err)[1:]}: any theme is set")
        trainer = Trainer()
    app = PuzzleApp(trainer)
    app.show_notice(problems)
    return app.layout
