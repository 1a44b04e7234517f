"""The puzzle trainer in a notebook: the board from the solver's side, the question, and
the trainer's buttons.

A click on the board is handed to :meth:`~ahoy_nb.session.puzzles.Trainer.answer` (the
board is built with ``on_action``, as a lesson's is); its grade is said in the board's
message area. *Show me* and *Next* are buttons of the board's side panel ``"puzzle"``;
the theme is picked from a list above the board.

>>> import tempfile, os
>>> from ahoy_nb.session.puzzles import Ratings, Trainer
>>> w = PuzzleWidget(Trainer(ratings=Ratings(os.path.join(tempfile.mkdtemp(), "r.json"))))
>>> w.board.viewer == w.trainer.solver
True
>>> w.board.intent = {"action": w.trainer.puzzle.best, "id": 1}   # a click on the answer
>>> w.message.startswith("Best!"), w.trainer.ratings.rating > 1500
(True, True)
>>> first = w.trainer.puzzle.id
>>> w.press("Next")
>>> w.trainer.puzzle.id != first, w.message
(True, '')
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from ..session.puzzles import ANY, BUTTONS, PuzzleScreen, Trainer, theme_options
from .board import BoardWidget

BY_LABEL = {label: key for key, (label, _) in BUTTONS.items()} | {"Next": "next"}
# A puzzle board has the trainer's controls only: the board's Undo, scrubber and Concede
# are hidden (a puzzle is one decision, not a game).
PUZZLE_CSS = "<style>.ahoy-puzzle-board .ahoy-controls{display:none !important}</style>"


class PuzzleBoard(BoardWidget):
    """The shared board for one :class:`Trainer`, driven by a
    :class:`~ahoy_nb.session.puzzles.PuzzleScreen` (``screen``): the puzzle's position as
    its solver sees it; a click goes to :meth:`Trainer.answer`; the side panel
    ``"puzzle"`` holds the question, the solver's rating, *Show me* and *Next*."""

    def __init__(self, trainer: Trainer, **kwargs):
        self.trainer = trainer
        super().__init__(trainer.state, viewer=trainer.solver, people=(trainer.solver,),
                         confirm_handover=False, **kwargs)
        self.add_class("ahoy-puzzle-board")
        self.screen = PuzzleScreen(trainer, self.board)

    def press(self, button: str) -> None:
        """A button of the puzzle panel: ``"show"`` or ``"next"``."""
        self.screen.press(button)


class PuzzleWidget(widgets.VBox):
    """The trainer in a notebook: the theme list, the question and the board.

    Attributes for code and tests: ``trainer``, ``board`` (:class:`PuzzleBoard`),
    ``theme`` (a Dropdown: any theme, or one), ``heading`` (HTML: the question),
    ``message`` (the grade shown); :meth:`press` presses a panel button by its label.
    """

    def __init__(self, trainer: Trainer | None = None, **kwargs):
        self.trainer = trainer if trainer is not None else Trainer()
        self.theme = widgets.Dropdown(description="theme", value=self.trainer.theme or ANY,
                                      options=theme_options(self.trainer))
        self.theme.observe(self._on_theme, "value")
        self.heading = widgets.HTML()
        self.board = PuzzleBoard(self.trainer)
        self._presses = 0
        self.trainer.on_change(lambda t: self.refresh())
        super().__init__([widgets.HTML(PUZZLE_CSS), self.theme, self.heading, self.board],
                         **kwargs)
        self.add_class("ahoy-puzzles")
        self.refresh()

    @property
    def message(self) -> str:
        return self.board.error or self.board.message.get("text", "")

    def press(self, label: str) -> None:
        """Press a button of the puzzle panel by its label, as a click on it does."""
        key = BY_LABEL.get(label)
        if key is None:
            raise ValueError(f"no button {label!r} in the puzzle panel")
        self._presses += 1
        self.board.intent = {"press": {"panel": "puzzle", "button": key},
                             "id": f"press-{self._presses}"}
        if self.board.error:
            raise ValueError(self.board.error)

    def _on_theme(self, change) -> None:
        self.trainer.next(None if change["new"] == ANY else change["new"])

    def refresh(self) -> None:
        self.heading.value = f"<b>{html.escape(self.trainer.question())}</b>"

    def __repr__(self) -> str:
        return f"PuzzleWidget({self.trainer!r})"


def puzzles(theme: str | None = None) -> PuzzleWidget:
    """The puzzle trainer: one decision to find at a time, graded and rated.

    ``theme``: only puzzles of one theme (``battle``, ``cargo``, ``scoring``,
    ``exploring``, ``crew``, ``plans``, ``faction``, ``opening``, ``middlegame``,
    ``ending``; a theme no puzzle has yet is refused, with those that have some). Your
    rating is kept in one file in your data folder, or in the static site in the
    browser's storage (``ahoy_nb.session.puzzles.ratings_path()``).
    """
    return PuzzleWidget(Trainer(theme=theme))
