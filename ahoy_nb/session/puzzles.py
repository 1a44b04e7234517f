"""The puzzle trainer's flow, for every front end: plain Python, no widget library.

A :class:`Trainer` sets one puzzle at a time (:mod:`ahoy_nb.ai.puzzles`): the position as
its solver saw it, the question in words; an answer is graded, never rolled (the choice
is judged, not the luck): *Best!*, *Good, but X was better* (an action about as good as
the runner-up), or *No* (with the reason: the rules' words for an action they refuse,
the chances for a worse one). Each puzzle's first attempt is a rated game between the
solver and the puzzle (Glicko-2, :class:`Ratings`); later attempts and *Show me* after
one are not rated. *Next* picks an unsolved puzzle of the theme asked for, the rating
nearest the solver's.

>>> import tempfile, os
>>> ratings = Ratings(os.path.join(tempfile.mkdtemp(), "ratings.json"))
>>> t = Trainer(ratings=ratings)
>>> t.question() == t.puzzle.question()
True
>>> v = t.answer(t.puzzle.runner_up)      # good, but not the answer: a rated miss
>>> v.kind, v.rated, ratings.rating < 1500
('good', True, True)
>>> t.answer(t.puzzle.best).rated          # the second attempt is not rated
False

Every front end shows a trainer the same way, on a session :class:`~ahoy_nb.session.board.Board`
(:class:`PuzzleScreen`: the board from the solver's side, the grade in its message area, the
side panel ``"puzzle"`` with the rating, *Show me* and *Next*); the notebook widget and the
Panel app skin it.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Sequence

from ..ai.puzzles import THEMES, Puzzle, load
from ..engine import IllegalActionError, State
from ..engine.notation import normalise
from ..engine.words import label
from .board import Board
from .game import GameSession

__all__ = ["Trainer", "Ratings", "Verdict", "PuzzleScreen", "GOOD", "ANY", "BUTTONS",
           "ratings_path", "theme_options", "rating_lines"]

#: An action is *good* when its chance to win is within this of the runner-up's: sound,
#: but it misses what made the answer clearly better.
GOOD = 0.05
#: A new solver's Glicko-2 rating, deviation and volatility (the library's defaults).
START = {"rating": 1500.0, "rd": 350.0, "vol": 0.06}


#: JupyterLite's Pyodide kernel mounts the site's files here, kept in the browser's storage
#: (IndexedDB): a file written there survives a reload of the page.
DRIVE = Path("/drive")


def ratings_path() -> Path:
    """The one file of a person's puzzle ratings, in the user's data folder
    (``$AHOY_NB_PUZZLE_RATINGS`` overrides it); in the static site (JupyterLite, Python in
    the browser), in the site's storage of this browser: ``/drive/.ahoy-nb/``.

    >>> ratings_path().name
    'puzzle-ratings.json'
    """
    given = os.environ.get("AHOY_NB_PUZZLE_RATINGS")
    if given:
        return Path(given)
    if sys.platform == "emscripten" and DRIVE.is_dir():
        # A hidden folder, as a data folder is: the file browser lists the lessons only.
        return DRIVE / ".ahoy-nb" / "puzzle-ratings.json"
    try:
        from platformdirs import user_data_dir
        base = Path(user_data_dir("ahoy-nb", appauthor=False))
    except ImportError:   # a plain guess where platformdirs is missing
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share") / "ahoy-nb"
    return base / "puzzle-ratings.json"


class Ratings:
    """The solver's rating and each puzzle's, kept in one JSON file.

    Each rated attempt is one Glicko-2 game (the ``glicko2`` library) between the
    solver and the puzzle: solved is a win for the solver, anything else a loss; both
    ratings move. Only a puzzle's first attempt is rated (:meth:`record` says whether).
    """

    def __init__(self, path: str | os.PathLike | None = None):
        self.path = Path(path) if path is not None else ratings_path()
        self.data = {"solver": dict(START), "puzzles": {}, "attempts": {}}
        self._read()

    def _read(self) -> None:
        """Take in the file as it is now: another trainer (a second tab, another
        notebook) may have rated attempts since this one last read it."""
        if not self.path.exists():
            return
        try:
            loaded = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return   # a damaged file starts afresh (and is replaced on save)
        if isinstance(loaded, dict) and isinstance(loaded.get("solver"), dict):
            self.data.update(loaded)

    @property
    def rating(self) -> float:
        return self.data["solver"]["rating"]

    @property
    def rd(self) -> float:
        return self.data["solver"]["rd"]

    @property
    def attempts(self) -> list[str]:
        """The ids of the puzzles tried, in the order of their first attempts."""
        return list(self.data["attempts"])

    def attempted(self, puzzle: Puzzle) -> bool:
        return puzzle.id in self.data["attempts"]

    def solved(self, puzzle: Puzzle) -> bool:
        return bool(self.data["attempts"].get(puzzle.id, {}).get("solved"))

    def puzzle_rating(self, puzzle: Puzzle) -> tuple[float, float]:
        r = self.data["puzzles"].get(puzzle.id)
        return (r["rating"], r["rd"]) if r else (puzzle.rating, puzzle.rd)

    def record(self, puzzle: Puzzle, solved: bool) -> bool:
        """Count an attempt at ``puzzle``: rated (both ratings move) if it is the first,
        else only remembered. Returns whether it was rated.

        Read, rated and written under the file's lock, so two trainers on one file (two
        tabs of the Panel app) each count the other's attempts instead of the last save
        undoing the first."""
        try:
            import glicko2
        except ImportError:
            raise ImportError("the puzzle ratings need the glicko2 package: "
                              "pip install 'ahoy-nb[puzzles]'") from None
        with self._locked():
            self._read()
            return self._record(glicko2, puzzle, solved)

    def _record(self, glicko2, puzzle: Puzzle, solved: bool) -> bool:
        attempts = self.data["attempts"]
        if puzzle.id in attempts:
            attempts[puzzle.id]["later"] = attempts[puzzle.id].get("later", 0) + 1
            self.save()
            return False
        me = self.data["solver"]
        p_rating, p_rd = self.puzzle_rating(puzzle)
        p_vol = self.data["puzzles"].get(puzzle.id, {}).get("vol", START["vol"])
        solver = glicko2.Player(me["rating"], me["rd"], me["vol"])
        other = glicko2.Player(p_rating, p_rd, p_vol)
        solver.update_player([p_rating], [p_rd], [1.0 if solved else 0.0])
        other.update_player([me["rating"]], [me["rd"]], [0.0 if solved else 1.0])
        attempts[puzzle.id] = {"solved": bool(solved), "before": me["rating"],
                               "after": solver.rating}
        self.data["solver"] = {"rating": solver.rating, "rd": solver.rd, "vol": solver.vol}
        self.data["puzzles"][puzzle.id] = {"rating": other.rating, "rd": other.rd,
                                           "vol": other.vol}
        self.save()
        return True

    @contextmanager
    def _locked(self) -> Iterator[None]:
        """An exclusive lock on ``<file>.lock`` beside the file, where the system has one
        (not in the browser's Python: one Python per tab, and no locks in its storage)."""
        try:
            if sys.platform == "emscripten":
                raise ImportError
            import fcntl
        except ImportError:
            yield
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with open(self.path.with_name(self.path.name + ".lock"), "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)

    def save(self) -> None:
        """Write the file (whole, then renamed: a crash never leaves half a file).

        In the static site the rename is JupyterLite's: the whole new file is stored as one
        item of the browser's storage, then the old name removed (checked in the browser:
        ``tests/browser/test_lite_puzzles.py``)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, suffix=".tmp")
        with os.fdopen(fd, "w") as f:
            json.dump(self.data, f)
        os.replace(tmp, self.path)


@dataclass(frozen=True)
class Verdict:
    """The grade of an answer: ``kind`` (``"best"``, ``"good"``, ``"no"``), ``text`` (in
    words), ``action`` (as given), whether it was ``rated``, and the solver's rating
    ``before`` and ``after``."""

    kind: str
    text: str
    action: str
    rated: bool = False
    before: float | None = None
    after: float | None = None


def _pct(p: float) -> str:
    return f"{p:.0%}"


class Trainer:
    """Puzzles one at a time (see the module notes).

    * ``puzzles``: the set (default: the shipped one);
    * ``ratings``: a :class:`Ratings` (default: the user's file);
    * ``theme``: only puzzles with this theme (``None``: any).

    ``state`` is the position on the board (after an answer: the position right after
    it, its dice not rolled); listeners (:meth:`on_change`) are told of every change.
    """

    def __init__(self, puzzles: Sequence[Puzzle] | None = None, ratings: Ratings | None = None,
                 theme: str | None = None):
        self.puzzles = list(puzzles) if puzzles is not None else load()
        if not self.puzzles:
            raise ValueError("there are no puzzles to set")
        self.ratings = ratings if ratings is not None else Ratings()
        self._check_theme(theme)
        self.theme = theme
        self._listeners: list[Callable[["Trainer"], None]] = []
        self.verdict: Verdict | None = None
        self.shown = False
        self.puzzle = self._pick(theme)
        self.state = self.puzzle.state

    # -- reading --------------------------------------------------------------------------
    @property
    def solver(self) -> str:
        return self.puzzle.solver

    @property
    def done(self) -> bool:
        """Whether this puzzle is answered (or shown): the board is a picture until Next."""
        return self.verdict is not None and (self.verdict.kind == "best" or self.shown)

    def question(self) -> str:
        """The question in words."""
        return self.puzzle.question()

    def themes(self) -> dict[str, int]:
        """How many puzzles each theme has."""
        return {t: sum(t in p.themes for p in self.puzzles) for t in THEMES}

    def on_change(self, listener: Callable[["Trainer"], None]) -> None:
        self._listeners.append(listener)

    def _changed(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    # -- answering ------------------------------------------------------------------------
    def grade(self, action: str) -> Verdict:
        """The grade of ``action`` at this puzzle, nothing changed, nothing rated."""
        p = self.puzzle
        state = p.state
        if not state.is_legal(action):
            try:
                state.copy().apply(action)
            except IllegalActionError as err:   # the rules' own words
                return Verdict("no", f"No: {err}", str(action))
        written = normalise(action)
        notation = next((a.notation for a in state.legal_actions() if a.notation == written),
                        written)
        best, mine = p.chances[p.best], p.chances.get(notation, 0.0)
        best_words = label(state, p.best)
        extra = ""
        if p.odds and notation in p.odds and p.best in p.odds:
            extra = (f" It wins the battle {_pct(p.odds[notation])} of the time; "
                     f"{best_words}: {_pct(p.odds[p.best])} (the exact odds).")
        if notation in p.answer:
            return Verdict("best", f"Best! {label(state, notation)}: about {_pct(best)} to win "
                                   f"against these bots, the next best about "
                                   f"{_pct(p.chances[p.runner_up])} (a lead of at least "
                                   f"{_pct(p.lead_low)} at 95%)." + extra, notation)
        if mine >= p.chances[p.runner_up] - GOOD:
            # The answer's words mid-sentence: "Good, but place your 4 on Sail was better".
            mid = best_words[:1].lower() + best_words[1:]
            return Verdict("good", f"Good, but {mid} was better: {_pct(mine)} against "
                                   f"{_pct(best)} to win, against these bots." + extra, notation)
        return Verdict("no", f"No: {label(state, notation)} leaves you about {_pct(mine)} to "
                             f"win against these bots; the answer ({best_words}) about "
                             f"{_pct(best)}." + extra,
                       notation)

    def answer(self, action: str) -> Verdict:
        """Grade ``action``. A legal one is rated at the puzzle's first attempt; the
        answer is played on the board (its dice not rolled), after another one the
        position stays, to try again. One the rules refuse changes nothing."""
        if self.done:
            raise IllegalActionError("This puzzle is done: go on to the next one")
        v = self.grade(action)
        legal = v.kind != "no" or self.puzzle.state.is_legal(v.action)
        if legal:
            before = self.ratings.rating
            rated = self.ratings.record(self.puzzle, v.kind == "best")
            v = Verdict(v.kind, v.text, v.action, rated, before, self.ratings.rating)
            if v.kind == "best":   # shown played; after another answer the position stays
                self.state = self._after(v.action)
        self.verdict = v
        self._changed()
        return v

    def _after(self, action: str) -> State:
        s = self.puzzle.state
        s.chance = "explicit"   # grade the choice, not the luck: no dice are rolled
        s.apply(action)
        return s

    def show_me(self) -> Verdict:
        """Play the answer on the board and say why it is best (a first attempt shown
        without an answer counts as not solved)."""
        p = self.puzzle
        before = self.ratings.rating
        rated = self.ratings.record(p, False) if not self.ratings.attempted(p) else False
        self.state = self._after(p.best)
        v = self.grade(p.best)
        self.verdict = Verdict("best", "The answer: " + v.text.removeprefix("Best! "),
                               p.best, rated, before, self.ratings.rating)
        self.shown = True
        self._changed()
        return self.verdict

    # -- choosing the next puzzle ---------------------------------------------------------
    def _check_theme(self, theme: str | None) -> None:
        if theme is not None and theme not in THEMES:
            raise ValueError(f"{theme!r} is not a theme: {', '.join(THEMES)}")

    def _pick(self, theme: str | None, exclude: str | None = None) -> Puzzle:
        pool = [p for p in self.puzzles if theme is None or theme in p.themes]
        if not pool:   # exploring: docs/puzzles.md says why
            having = ", ".join(t for t, n in self.themes().items() if n)
            raise ValueError(f"no puzzle has the theme {theme!r} yet "
                             f"(themes with puzzles: {having})")
        fresh = [p for p in pool if not self.ratings.attempted(p) and p.id != exclude]
        pool = fresh or [p for p in pool if p.id != exclude] or pool
        me = self.ratings.rating
        return min(pool, key=lambda p: (abs(self.ratings.puzzle_rating(p)[0] - me), p.id))

    def next(self, theme: str | None = "same") -> Puzzle:
        """Go on to the next puzzle: not yet tried, of ``theme`` (``"same"``: the theme
        chosen so far; ``None``: any), its rating nearest the solver's."""
        if theme == "same":
            theme = self.theme
        else:
            self._check_theme(theme)
        self.puzzle = self._pick(theme, exclude=self.puzzle.id)   # refused: nothing changes
        self.theme = theme
        self.state = self.puzzle.state
        self.verdict, self.shown = None, False
        self._changed()
        return self.puzzle

    def __repr__(self) -> str:
        return (f"Trainer({self.puzzle.id}, {self.solver} to decide; rating "
                f"{self.ratings.rating:.0f} ± {2 * self.ratings.rd:.0f})")


# -- the trainer on a board, for every front end ---------------------------------------------

#: The puzzle panel's buttons: id -> (label, title).
BUTTONS = {"show": ("Show me", "Play the answer and say why it is best (counts as not solved)"),
           "next": ("Next ›", "The next puzzle: not yet tried, its rating nearest yours")}
KIND = {"best": "right", "good": "hint", "no": "wrong"}   # the message area's colours
#: The theme lists' first entry, any theme (a list widget shows ``None`` as nothing chosen).
ANY = "any"


def theme_options(trainer: Trainer) -> list[tuple[str, str]]:
    """A theme list's entries, ``(words, value)``: any theme, then each theme that has
    puzzles, with how many.

    >>> from ahoy_nb.ai.puzzles import load
    >>> theme_options(Trainer(load(), ratings=Ratings(os.devnull)))[0]
    ('any theme', 'any')
    """
    counts = trainer.themes()
    return [("any theme", ANY)] + [(f"{t} ({counts[t]})", t) for t in THEMES if counts[t]]


def rating_lines(verdict: Verdict | None) -> list[str]:
    """Under a grade: how the solver's rating moved, or that the attempt was not rated."""
    if verdict is None or verdict.before is None:
        return []
    if verdict.rated:
        return [f"Rated: {verdict.before:.0f} → {verdict.after:.0f}"]
    return ["Not rated: only a puzzle's first attempt is."]


class PuzzleScreen:
    """A :class:`Trainer` on a session :class:`~ahoy_nb.session.board.Board`: the puzzle's
    position from its solver's side; a click on the board answers
    (:meth:`Trainer.answer`), the grade shows in the message area with how the rating
    moved; the side panel ``"puzzle"`` holds the puzzle's themes, the solver's rating
    with its 95% range (twice the rating deviation), *Show me* and *Next*.

    ``board``: the board to drive (a widget's own); by default a new one.

    >>> s = PuzzleScreen(Trainer(ratings=Ratings(os.path.join(tempfile.mkdtemp(), "r.json"))))
    >>> s.board.viewer == s.trainer.solver
    True
    >>> s.board.handle({"action": s.trainer.puzzle.best, "id": 1})   # a click on the answer
    >>> s.board.traits["message"]["text"].startswith("Best!")
    True
    >>> panel = s.board.traits["panels"][0]
    >>> panel["title"] == f"Puzzle {s.trainer.puzzle.id}"
    True
    >>> [b["label"] for b in panel["buttons"]], s.trainer.ratings.rating > 1500
    (['Next ›'], True)
    """

    ID = "puzzle"

    def __init__(self, trainer: Trainer, board: Board | None = None):
        self.trainer = trainer
        if board is None:
            board = Board(GameSession(trainer.state, undo="free"), trainer.solver,
                          people=(trainer.solver,), confirm_handover=False)
        self.board = board
        board.on_action = self.trainer.answer   # the trainer's listeners redraw
        board.may_act_hook = lambda: not self.trainer.done
        trainer.on_change(lambda t: self.follow())
        self.follow()

    def press(self, button: str) -> None:
        """A button of the puzzle panel: ``"show"`` or ``"next"``."""
        {"show": self.trainer.show_me, "next": self.trainer.next}[button]()

    def follow(self) -> None:
        """Show the trainer's position, its grade and its buttons."""
        t, board = self.trainer, self.board
        with board.batch():
            board.set_people((t.solver,))
            board.set_state(t.state)
            if board.viewer != t.solver:
                board.set_viewer(t.solver)
            board.set_marks(error="")
            v = t.verdict
            board.say(v.text if v else "", KIND[v.kind] if v else "info", rating_lines(v))
            keys = ["next"] if t.done else ["show", "next"]
            buttons = [{"id": k, "label": BUTTONS[k][0], "title": BUTTONS[k][1],
                        "primary": k == "next" and t.done} for k in keys]
            p = t.puzzle
            board.set_panel(self.ID, title=f"Puzzle {p.id}", buttons=buttons,
                            on_press=self.press,
                            lines=[f"Themes: {', '.join(p.themes)}",
                                   f"Your rating: {t.ratings.rating:.0f} ± "
                                   f"{2 * t.ratings.rd:.0f} (95%)"])
