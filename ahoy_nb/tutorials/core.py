"""What a tutorial is made of, and a learner's run through one.

A :class:`Tutorial` is data: scenes, each a position built with
``ahoy_nb.engine.scenario`` (or ``new_game``) with its random events fixed, and
the :class:`Step` s played on it, then a quiz. A :class:`Session` is one learner's
run: it shows the current step, judges each decision as it is made, and moves on
only when the step's aim is reached.

>>> from ahoy_nb.tutorials import start
>>> run = start("battles")
>>> run.goto(2)                             # play the first 2 steps' answers
>>> run.step.ask
'Win this battle.'
>>> run.try_action("fire 4>2").ok           # legal, but loses with the lesson's dice
False
>>> run.index                               # the tutorial did not move on
2
>>> run.try_action("fire 4>1").ok
True
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable, Sequence

from ..engine import Action, State, display, new_game
from ..engine.chance import whole_seed
from ..engine.components import ACTION_TITLES, CARD_BY_KEY, MARKET_CARDS
from ..engine.notation import VERBS, normalise
from ..engine.rules import name as faction_name
from ..rulebook import tip
from .friendly import annotate, describe, explain_click, why_not
from .quiz import Quiz


# -- goals ----------------------------------------------------------------------

@dataclass(frozen=True)
class Goal:
    """A condition checked on the position after the learner's action.

    ``check(before, after)`` gets the position at the start of the step and the
    one after the learner's action(s); ``text`` says the goal in words.
    """

    text: str
    check: Callable[[State, State], bool]

    def __call__(self, before: State, after: State) -> bool:
        return bool(self.check(before, after))


def new_events(before: State, after: State, viewer: str | None = "all") -> list[str]:
    """Every event logged between two positions of the same run (as ``viewer`` sees
    them; by default all of them, secrets included)."""
    entries = after.log[len(before.log):]
    if viewer != "all":
        entries = [e.seen_by(viewer) for e in entries]
    return [e for entry in entries for e in entry.events]


# -- steps and scenes -----------------------------------------------------------

# A text may be written out, or computed from the position at the start of the step
# (so that it always matches what the learner actually did before).
Text = "str | Callable[[State], str]"


def resolve(value, state: State):
    """A step's text (or answer) for ``state``: the value itself, or ``value(state)``."""
    return value(state) if callable(value) else value


@dataclass
class Step:
    """One thing the learner is asked to do.

    * ``text``: the rule, in a sentence or two; ``quote``: the rulebook's words.
    * ``ask``: what to do now: the aim, in the learner's words (the move itself is the
      learner's to find, wherever the step is a decision).
    * ``expect``: the accepted action(s), by notation; or ``goal``: any legal
      action(s) that reach the :class:`Goal` (several decisions of one action,
      like placing a die and then choosing where to move, each judged as it is made).
    * ``answer``: the notation(s) that do it (played by *Show me* and by tests);
      defaults to ``expect[0]``; for a goal step without one, the first way to the
      goal is searched in the position.
    * ``where``: the first hint, where to look (default: the parts of the board every
      accepted answer is on).
    * ``rule``: the second hint, the rule or the arithmetic to do, as a question where
      there is a sum ("what total do you need?"); never the answer (default: the tip
      of each kind of accepted answer, from :func:`ahoy_nb.rulebook.tip`).
    * ``why``: why the answer is right, shown with it by *Show me* only.
    * ``wrong``: a tutorial's own word on particular tries, keyed by notation
      (``"fire 4>2"``) or by verb (``"hold"``); used for legal and illegal tries.
      It says why a try does not do what the step is after, never what does.
    * ``respond``: other players' scripted decisions inside the step (a defender firing
      back); ``then``: actions applied right after success (opponents' replies, or a
      function of the position that returns them); ``then_text`` says what they did.
    * ``done``: said once the step is done.
    * ``section``: the rulebook section this step teaches; ``basis``: the rulebook
      passages its rule sentences rest on, ``(section, words of the rulebook)`` each
      (``docs/tutorials.md`` tabulates them).
    * ``highlight``: spaces to point at on the board, ``["3,2"]``.

    ``text``, ``ask``, ``rule``, ``where``, ``why``, ``done``, ``then_text`` and
    ``answer`` may be functions of the position at the start of the step (``then_text``:
    of the position after the replies), so that a step follows what the learner
    actually did before it.
    """

    text: Text
    ask: Text
    expect: Sequence[str] | str | None = None
    goal: Goal | None = None
    answer: Sequence[str] | str | Callable[[State], Sequence[str]] | None = None
    why: Text = ""
    wrong: dict[str, str | Callable[[State, str], str]] = field(default_factory=dict)
    respond: Sequence[str] = ()
    then: Sequence[str] | Callable[[State], Sequence[str]] = ()
    then_text: Text = ""
    done: Text = ""
    quote: str = ""
    section: str = ""
    basis: Sequence[tuple[str, str]] = ()
    title: str = ""
    highlight: Sequence[str] = ()
    rule: Text = ""
    where: Text = ""

    def __post_init__(self):
        if isinstance(self.expect, str):
            self.expect = [self.expect]
        if isinstance(self.answer, str):
            self.answer = [self.answer]
        if self.expect is None and self.goal is None:
            raise ValueError(f"step {self.ask!r} has neither expect nor goal")
        if self.answer is None and self.expect:
            self.answer = [self.expect[0]]
        self.expect = [_norm(e) for e in self.expect] if self.expect else None
        if self.answer is not None and not callable(self.answer):
            self.answer = [_norm(a) for a in self.answer]
        if not callable(self.then):
            self.then = [_norm(a) for a in self.then]
        self.respond = [_norm(a) for a in self.respond]

    def note_for(self, notation: str, state: State | None = None) -> str:
        """The tutorial's own word on a try, by its notation or its verb."""
        note = self.wrong.get(notation)
        if note is None:
            note = self.wrong.get(notation.split(" ", 1)[0], "")
        if callable(note):
            note = note(state, notation) if state is not None else ""
        return note or ""

    def replies(self, state: State) -> list[str]:
        """The actions played for the other players after the step (``then``)."""
        return [_norm(a) for a in resolve(self.then, state)]


@dataclass
class Scene:
    """A position and the steps played on it. ``build`` makes the position afresh.

    ``picture(state) -> str``: an SVG drawn by this package (a Rewards grid...) shown
    with the scene's steps.
    """

    title: str
    build: Callable[[], State]
    steps: list[Step]
    intro: str = ""
    picture: Callable[[State], str] | None = None


@dataclass
class Tutorial:
    """A lesson: its name (for :func:`start`), title, summary, scenes, and the quiz that
    closes it.

    ``teaches`` lists the rulebook sections it covers; ``requires`` the lessons to take
    before it (the catalog's order keeps them first); ``quiz`` the kinds of question its
    quiz draws from (:mod:`ahoy_nb.tutorials.quiz`), ``questions`` how many.
    """

    name: str
    title: str
    summary: str
    scenes: list[Scene]
    order: int = 0
    requires: Sequence[str] = ()
    quiz: Sequence[str] = ()
    questions: int = 3

    @property
    def steps(self) -> list[tuple[Scene, Step]]:
        return [(scene, step) for scene in self.scenes for step in scene.steps]

    @property
    def teaches(self) -> list[str]:
        seen: list[str] = []
        for _, step in self.steps:
            if step.section and step.section not in seen:
                seen.append(step.section)
        return seen

    def solution(self) -> list[list[str]]:
        """The answers, step by step, as *Show me* plays them (what a test plays)."""
        run, out = Session(self), []
        while not run.finished:
            out.append(run.expected_answer())
            fb = run.play_answer()
            if fb is None or not fb.advanced:
                raise RuntimeError(f"{self.name}: step {run.index + 1}'s answer was refused: {fb}")
        return out

    def __repr__(self) -> str:
        return f"<Tutorial {self.name!r}: {self.title}, {len(self.steps)} steps>"


# -- a learner's run -----------------------------------------------------------------

@dataclass(frozen=True)
class Feedback:
    """The answer to one try (or one button): ``ok`` if accepted, and what to say."""

    ok: bool
    message: str
    events: tuple[str, ...] = ()
    advanced: bool = False
    # try, illegal, wrong, progress, hint, shown, answer, back, restart, next, done,
    # review, quiz
    kind: str = "try"

    def __str__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        mark = "✅" if self.ok else ("💡" if self.kind in ("hint", "answer") else "❌")
        lines = [f"{mark} {self.message}"]
        if self.events:
            lines.append("")
            lines += [f"* {e}" for e in self.events]
        return "\n".join(lines)


# How much help a step took: none, the first hint, the second hint, the answer shown.
HELP_LEVELS = ("none", "hint 1", "hint 2", "shown")
SPACE_RE = re.compile(r"-?\d+,-?\d+")
FINISHED = "This tutorial is finished: restart it, or start another one."
# How many positions a search for the rest of a step's aim may try before it gives up
# (and then lets the decision stand: only a decision proven to lose the aim is refused).
SEARCH_LIMIT = 600


@dataclass
class Helped:
    """A step the learner needed help with: what the review lesson replays."""

    tutorial: str
    scene: str
    step: Step
    start: State
    help: str


# Every step a learner needed help with in this Python process, oldest first.
HELPED: list[Helped] = []


class Session:
    """One run through a :class:`Tutorial`: the position, the step, the checks, and
    the quiz at the end (``seed`` draws its questions; ``None``: at random).

    >>> from ahoy_nb.tutorials import start
    >>> run = start("setup")
    >>> run.step.ask
    'As Bluefin, choose the Island for your Flagship and a Patrol.'
    >>> run.hint().startswith("Look at the map")
    True
    >>> while not run.finished:
    ...     _ = run.play_answer()
    >>> run.finished, run.progress["hints"]
    (True, 1)
    """

    def __init__(self, tutorial: Tutorial, seed: int | None = None):
        self.tutorial = tutorial
        self.seed = whole_seed(seed)
        self._flat = tutorial.steps
        self._starts: list[State | None] = [None] * len(self._flat)
        self.feedback: Feedback | None = None
        self.journal: list[Feedback] = []   # every feedback, newest last
        self.help: list[int] = [0] * len(self._flat)   # per step, an index in HELP_LEVELS
        self.pointers: list[str] = []       # spaces the first hint points at
        self.suggest: list[str] = []        # the actions of the board's part it points at
        self.reviewing = False              # showing the result of the step just done
        self.result: State | None = None    # the position right after the learner's move
        self.result_spaces: list[str] = []  # the spaces where something happened
        self.result_viewer: str | None = None   # whose eyes the result is seen with
        self.quiz = None                    # the closing quiz, once the steps are done
        self._listeners: list[Callable[["Session"], None]] = []
        self._quiet = False
        self._enter(0, fresh=True)

    # -- reading -------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._flat)

    @property
    def index(self) -> int:
        """The current step, counted from 0; ``len(session)`` once finished."""
        return self._index

    @property
    def finished(self) -> bool:
        """Whether every step is done (the quiz may still be going on)."""
        return self._index >= len(self._flat)

    @property
    def in_quiz(self) -> bool:
        """Whether the closing quiz is under way: a question shown or just answered."""
        return self.finished and not self.reviewing and self.quiz is not None and not self.quiz.over

    @property
    def complete(self) -> bool:
        """Every step and the quiz done: nothing is left to do in this lesson."""
        return self.finished and not self.reviewing and (self.quiz is None or self.quiz.over)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self._flat[self._index][1]

    @property
    def scene(self) -> Scene | None:
        if not self._flat:
            return None
        i = min(self._index, len(self._flat) - 1)
        return self._flat[i][0]

    @property
    def start_state(self) -> State | None:
        """The position at the start of the current step."""
        return None if self.finished else self._starts[self._index]

    @property
    def learner(self) -> str | None:
        """The faction the learner plays in this step (whoever must decide)."""
        return self.state.current_player

    @property
    def in_progress(self) -> bool:
        """Whether the learner is part-way through a multi-decision goal step."""
        start = self._starts[self._index] if not self.finished else None
        return start is not None and len(self.state.log) > len(start.log)

    def legal_actions(self) -> list[Action]:
        return [] if self.finished else self.state.legal_actions()

    @property
    def progress(self) -> dict:
        """How far the learner is and how much help they used: ``{"done", "steps",
        "hints", "shown", "help"}`` (``help``: per step, one of :data:`HELP_LEVELS`;
        the counts include the step under way, from the moment a hint is asked)."""
        levels = self.help[:self._index + 1]
        return {"done": self._index, "steps": len(self), "hints": sum(1 for h in levels if h in (1, 2)),
                "shown": sum(1 for h in levels if h == 3),
                "help": [HELP_LEVELS[h] for h in self.help]}

    def ask(self) -> str:
        """What the current step asks, for the position as it is."""
        return "" if self.finished else resolve(self.step.ask, self._starts[self._index])

    def expected_answer(self) -> list[str]:
        """The notation(s) *Show me* plays for the current step, from its start."""
        if self.finished:
            return []
        step, start = self.step, self._starts[self._index]
        answer = resolve(step.answer, start)
        if step.expect is not None and answer == [step.expect[0]] and not start.is_legal(answer[0]):
            # The learner's earlier choices may have spent the first answer's die or gold.
            answer = next(([e] for e in step.expect if start.is_legal(e)), answer)
        if answer is None:
            ways = self.accepted_ways(limit=1)
            if not ways:
                raise RuntimeError(f"step {self._index + 1}: no way to the goal "
                                   f"({step.goal.text}) from this position")
            answer = ways[0]
        return [_norm(a) for a in answer]

    @property
    def text(self) -> str:
        """The current step in Markdown: where we are, the rule, the quote, the ask
        (or, right after a step, what happened and *Next*; then the quiz)."""
        if self.reviewing:
            return self._result_text()
        if self.finished:
            if self.in_quiz:
                return self.quiz.text(self.tutorial.title)
            summary = f" {self.quiz.summary()}" if self.quiz is not None else ""
            return (f"### {self.tutorial.title}: done!\n\nYou finished all {len(self)} steps"
                    f"{self._help_summary()}.{summary} Restart to play it again, or pick another "
                    f"tutorial from `ahoy_nb.tutorials.catalog()`"
                    f"{'' if self.tutorial.name == 'review' else '; `ahoy_nb.tutorials.review()` replays the steps where you needed help'}.")
        scene, step = self._flat[self._index]
        start = self._starts[self._index]
        parts = [f"### {self.tutorial.title} — {scene.title}",
                 f"*Step {self._index + 1} of {len(self)}"
                 + (f" · {step.section}" if step.section else "") + "*"]
        first_of_scene = self._index == 0 or self._flat[self._index - 1][0] is not scene
        if first_of_scene and scene.intro:
            parts.append(scene.intro)
        text = resolve(step.text, start)
        if text:
            parts.append(text)
        if step.quote:
            parts.append("> " + step.quote.replace("\n", "\n> ") + " *(rulebook)*")
        who = self.learner
        parts.append(f"**Your move{f' as {faction_name(who)}' if who else ''}:** {self.ask()}")
        return annotate("\n\n".join(parts), start)   # notation, with its meaning

    def _result_text(self) -> str:
        i = self._index - 1
        scene, step = self._flat[i]
        parts = [f"### {self.tutorial.title} — {scene.title}",
                 f"*Step {i + 1} of {len(self)} done*"]
        parts.append("The board shows the position right after your move; the spaces where "
                     "something happened are outlined. Press **Next** to go on.")
        return "\n\n".join(parts)

    def _help_summary(self) -> str:
        p = self.progress
        if not p["hints"] and not p["shown"]:
            return ", without any help"
        return f" (hints on {p['hints']} step(s), shown {p['shown']})"

    def _repr_markdown_(self) -> str:
        out = self.text
        if self.feedback is not None:
            out += "\n\n" + self.feedback._repr_markdown_()
        return out

    def __repr__(self) -> str:
        where = "finished" if self.finished else f"step {self._index + 1} of {len(self)}"
        return f"<tutorial {self.tutorial.name!r}, {where}>"

    # -- moving through the steps --------------------------------------------
    def _enter(self, index: int, fresh: bool = False) -> None:
        self._index = index
        self.pointers, self.suggest = [], []
        if index >= len(self._flat):
            self._start_quiz()
            return
        scene = self._flat[index][0]
        if fresh or index == 0 or self._flat[index - 1][0] is not scene:
            self.state = scene.build()
        self._starts[index] = self.state.copy()

    def _start_quiz(self) -> None:
        if not hasattr(self, "state"):         # a lesson without steps (an empty review)
            self.state = new_game(2, seed=0)
        if self.tutorial.quiz and self.quiz is None:
            self.quiz = Quiz.draw(self.tutorial.quiz, self.tutorial.questions,
                                  random.Random(self.seed))

    def _notify(self, fb: Feedback, at: State | None = None) -> Feedback:
        # Notation in words, as it reads in the position the message speaks of (``at``:
        # before the try it answers), not in the position the try led to.
        fb = replace(fb, message=annotate(fb.message, at if at is not None else self.state))
        self.feedback = fb
        self.journal.append(fb)
        if not self._quiet:
            for listener in list(self._listeners):
                listener(self)
        return fb

    def on_change(self, listener: Callable[["Session"], None]) -> None:
        """Call ``listener(session)`` after every try and button (the widget uses it)."""
        self._listeners.append(listener)

    def next(self) -> Feedback:
        """Leave the result of the step just done and show the next step (*Next*); in the
        quiz, go on to the next question once this one is answered."""
        if not self.reviewing and self.in_quiz and self.quiz.answered:
            self.quiz.advance()
            if self.quiz.over:
                return self._notify(Feedback(True, f"{self.quiz.summary()} The lesson is over: "
                                                   f"Restart plays it again.", kind="done"))
        self.reviewing = False
        self.result, self.result_spaces = None, []
        return self._notify(Feedback(True, "", kind="next"))

    # -- the quiz ----------------------------------------------------------------
    def choose(self, choice: int | str) -> Feedback:
        """Answer the quiz's question with one of its choices (its number, from 0, or its
        words): right or not, the answer is explained; *Next* goes on."""
        if not self.in_quiz:
            return self._notify(Feedback(False, "There is no quiz question to answer now.",
                                         kind="quiz"))
        right, message = self.quiz.choose(choice)
        return self._notify(Feedback(right, message, kind="quiz"))

    def try_action(self, action: Action | str) -> Feedback:
        """Check the learner's action (a board click's :class:`Action` or typed notation).

        A right action is applied and the tutorial moves on; a wrong one is refused
        with the reason, and the position stays as it was.
        """
        self.reviewing = False
        if self.finished:
            return self._notify(Feedback(False, FINISHED, kind="done"))
        step = self.step
        text = action.notation if isinstance(action, Action) else str(action)
        notation = _norm(text)
        here = self.state
        if not here.is_legal(notation):
            return self._notify(Feedback(False, self.why_not(notation), kind="illegal"), at=here)
        if step.expect is not None:
            if notation not in step.expect:
                return self._notify(Feedback(False, self._not_the_aim(notation), kind="wrong"),
                                    at=here)
            return self._succeed(notation)
        # A goal step: each decision is judged as it is made.
        before = self._starts[self._index]
        trial = here.copy()
        learner = trial.current_player
        said = self.words(notation)
        try:
            trial.apply(notation)
            _respond(trial, learner, step.respond)
        except (ValueError, KeyError):  # e.g. a fixed roll the lesson set for another path
            return self._notify(Feedback(
                False, f"{said} is possible in a real game, but this lesson is not set up for "
                       f"where it leads. {self._aim_note(notation)}", kind="wrong"), at=here)
        events = tuple(new_events(here, trial, learner))
        if step.goal(before, trial):
            self.state = trial
            return self._succeed(notation, applied=True, events=events, at=here)
        mid_action = (trial.current_player == learner
                      and bool(trial.data["pending"]) and not trial.is_over)
        if mid_action and self._reachable(trial) is not False:
            self.state = trial
            return self._notify(Feedback(True, f"{said}: go on — {trial.prompt}.", events,
                                         kind="progress"), at=here)
        # This decision is the one that loses the aim: refused, with its own note; the
        # step's earlier decisions stand (Back takes them back).
        note = self._aim_note(notation)
        lost = ("after it the goal can no longer be reached" if mid_action
                else "it does not reach the goal")
        kept = (" Your earlier moves of this step stand (Back takes them back)."
                if self.in_progress else "")
        return self._notify(Feedback(
            False, f"{said} is possible, but {lost} ({step.goal.text}). {note} Nothing "
                   f"changed.{kept}", events, kind="wrong"), at=here)

    def _reachable(self, state: State) -> bool | None:
        """Whether the current step's goal can still be reached from ``state`` by the
        learner's decisions of the action under way: ``None`` when the search gave up
        (:data:`SEARCH_LIMIT`)."""
        step, start = self.step, self._starts[self._index]
        learner = start.current_player
        tried = 0

        def search(s: State) -> bool | None:
            nonlocal tried
            unsure = False
            for action in s.legal_actions():
                tried += 1
                if tried > SEARCH_LIMIT:
                    return None
                trial = s.copy()
                try:
                    trial.apply(action)
                    _respond(trial, learner, step.respond)
                except (ValueError, KeyError):
                    continue
                if step.goal(start, trial):
                    return True
                if (trial.current_player == learner and trial.data["pending"]
                        and not trial.is_over):
                    found = search(trial)
                    if found:
                        return True
                    unsure = unsure or found is None
            return None if unsure else False
        return search(state)

    # -- why a try is refused -------------------------------------------------------
    def words(self, notation: str) -> str:
        """Notation with its meaning in words: ``'sail 3' (Place your 3 on Sail)``."""
        meaning = describe(self.state, notation)
        return f"'{notation}' ({meaning})" if meaning else f"'{notation}'"

    def why_not(self, notation: str) -> str:
        """Why an action is not possible now, in the rules' words (from the engine),
        with the lesson's own note; it never lists the choices (one is the answer)."""
        note = self.step.note_for(notation, self.state) if self.step else ""
        return why_not(self.state, notation) + (f" {note}" if note else "")

    def refused(self, target) -> Feedback:
        """A click on something the board does not offer now (``target``: a notation,
        a space ``"x,y"``, a slot or card key, or the board's description of it): why not.

        Judged against the step the learner sees: while the result of a step is shown,
        the answer is to press *Next* (the click does not start the next step)."""
        if self.reviewing:
            done = self._index   # the step just done, counted from 1
            return self._notify(Feedback(False, f"Step {done} is done: press **Next** to go "
                                                f"on to the next step.", kind="review"))
        if self.in_quiz:
            return self._notify(Feedback(False, "The board is a picture during the quiz: "
                                                "answer with the buttons beside it.",
                                         kind="quiz"))
        return self._notify(Feedback(False, self.explain_target(target), kind="illegal"))

    def explain_target(self, target) -> str:
        """Why a click on ``target`` does nothing now, in words (the board's data
        attributes of what was clicked, or a notation, a space or a slot's key), with
        the step's own note."""
        if self.finished:
            return FINISHED
        if not isinstance(target, dict):
            text = _norm(str(target or ""))
            if text.split(" ")[0] in VERBS and " " in text:
                return self.why_not(text)
            target = {"space": text} if SPACE_RE.fullmatch(text) else {"key": text}
        message = explain_click(self.state, target)
        verb = message.split("'")[1].split(" ")[0] if message.count("'") >= 2 else ""
        note = self.step.note_for(verb, self.state) if verb in VERBS else ""
        return message + (f" {note}" if note and note not in message else "")

    def _aim_note(self, notation: str) -> str:
        note = self.step.note_for(notation, self.state)
        return note or f"This step asks: {self.ask()}"

    def _not_the_aim(self, notation: str) -> str:
        """A legal try that is not what the step asks: what it would do, and why it is
        not the aim (never what is)."""
        trial = self.state.copy()
        learner = trial.current_player
        try:
            trial.apply(notation)
        except ValueError:   # a fixed roll the lesson set for another path
            return (f"{self.words(notation)} is possible in a real game, but it is not this "
                    f"step's aim. {self._aim_note(notation)}")
        happened = [e for e in new_events(self.state, trial, learner)][:3]
        would = ("It would: " + "; ".join(e.rstrip(".") for e in happened) + "."
                 if happened else f"It would lead to: {trial.prompt}.")
        return (f"{self.words(notation)} is possible, but it is not this step's aim. "
                f"{would} {self._aim_note(notation)}")

    # -- success and its result ------------------------------------------------------
    def _succeed(self, notation: str, applied: bool = False,
                 events: tuple[str, ...] = (), at: State | None = None) -> Feedback:
        step = self.step
        start = self._starts[self._index]
        learner = self.learner if not applied else start.current_player
        at = at if at is not None else self.state.copy()
        if not applied:
            before = self.state.copy()
            self.state.apply(notation)
            events = tuple(new_events(before, self.state, learner))
        played = [e.action for e in self.state.log[len(start.log):]]
        self.result = self.state.copy()
        self.result_viewer = learner
        self.result_spaces = _spaces(list(events) + played)
        for sp in _changed_spaces(start, self.state, learner, battle=any(
                "battle" in e for e in events)):
            if sp not in self.result_spaces:
                self.result_spaces.append(sp)
        replies: list[str] = []
        then = step.replies(self.state)
        if then:
            before = self.state.copy()
            for reply in then:
                self.state.apply(reply)
            replies = new_events(before, self.state, learner)
        if self.help[self._index]:
            scene = self._flat[self._index][0]
            HELPED.append(Helped(self.tutorial.name, scene.title, step, start.copy(),
                                 HELP_LEVELS[self.help[self._index]]))
        done = resolve(step.done, start)
        message = "Right!" + (f" {done}" if done else "")
        then_text = resolve(step.then_text, self.state)
        if then_text:
            message += f"\n\n{then_text}"
        self._enter(self._index + 1)
        self.reviewing = True
        if self.finished:
            message += f"\n\nThat was the last step of “{self.tutorial.title}”."
            if self.quiz is not None:
                message += " Next: a short quiz."
        return self._notify(Feedback(True, message, events + tuple(replies), advanced=True), at=at)

    def accepted_ways(self, limit: int | None = None, depth: int = 5) -> list[list[str]]:
        """Every way (a list of notations) to do the current step from its start: each
        expected notation, or each sequence of one action's decisions reaching the goal."""
        if self.finished:
            return []
        step, start = self.step, self._starts[self._index]
        if step.expect is not None:
            return [[e] for e in step.expect if start.is_legal(e)]
        found: list[list[str]] = []
        learner = start.current_player

        def search(state: State, path: list[str]) -> None:
            if limit is not None and len(found) >= limit or len(path) >= depth:
                return
            for action in state.legal_actions():
                trial = state.copy()
                try:
                    trial.apply(action)
                    _respond(trial, learner, step.respond)
                except (ValueError, KeyError):
                    continue
                way = path + [action.notation]
                if step.goal(start, trial):
                    found.append(way)
                elif (trial.current_player == learner and trial.data["pending"]
                      and not trial.is_over):
                    search(trial, way)
                if limit is not None and len(found) >= limit:
                    return
        search(start, [])
        return found

    def play_answer(self) -> Feedback:
        """Play the current step's answer for the learner (from the step's start if the
        learner had begun it another way)."""
        self.reviewing = False
        if self.finished:
            return self.try_action("end")
        answer = self.expected_answer()
        done = self._progress_count()
        if done and answer[:done] != self._played_this_step():
            self.state = self._starts[self._index].copy()
            done = 0
        fb = None
        for notation in answer[done:]:
            fb = self.try_action(notation)
            if not fb.ok or fb.advanced:
                break
        return fb

    def _played_this_step(self) -> list[str]:
        start = self._starts[self._index]
        return [e.action for e in self.state.log[len(start.log):]]

    def _progress_count(self) -> int:
        start = self._starts[self._index]
        return len(self.state.log) - len(start.log) if start is not None else 0

    # -- help ------------------------------------------------------------------
    def hint(self) -> str:
        """The next hint for the current step: the first points at the part of the board
        to look at, the second names the rule (or the sum to do). (*Show me* plays the
        answer.)"""
        self.reviewing = False
        if self.finished:
            text = ("No hints in the quiz: choose your answer, and it is explained."
                    if self.in_quiz else "Nothing left to do: the tutorial is finished.")
            self._notify(Feedback(False, text, kind="hint"))
            return text
        i = self._index
        level = min(self.help[i] + 1, 2) if self.help[i] < 3 else 2
        text = self._where() if level == 1 else self._rule()
        if level == 2 and self.help[i] >= 2:
            text += " Still stuck? Press Show me to see it played."
        self.help[i] = max(self.help[i], level)
        self._notify(Feedback(False, f"Hint {level}: {text}", kind="hint"))
        return text

    def show_me(self) -> Feedback:
        """Play the answer for the learner, and say why it is right (*Show me*)."""
        if self.finished:
            return self.try_action("end")
        i = self._index
        self.help[i] = 3
        start = self._starts[i]
        answer = self.expected_answer()
        why = resolve(self.step.why, start) or ""
        self._quiet = True
        try:
            fb = self.play_answer()
        finally:
            self._quiet = False
        if fb is None or not fb.advanced:
            return self._notify(fb or Feedback(False, "The answer could not be played.",
                                               kind="illegal"))
        words = self.words_at(start, answer)
        shown = " then ".join(words)
        # Said once: a sentence of the explanation that quotes a move already shown goes.
        why = " ".join(s for s in _sentences(why)
                       if not any(f"'{a}'" in s for a in answer)) if why else ""
        # Played for the learner: the step's result without its "Right!" (they did not find it).
        result = fb.message.removeprefix("Right!").strip()
        message = f"Shown: {shown}." + (f" {why}" if why else "") + (
            f"\n\n{result}" if result else "")
        return self._notify(Feedback(True, message, fb.events, advanced=True, kind="shown"),
                            at=start)

    def words_at(self, state: State, notations: Sequence[str]) -> list[str]:
        """Each notation with its meaning in the position it is played in."""
        out, s = [], state.copy()
        for n in notations:
            meaning = describe(s, n)
            out.append(f"'{n}' ({meaning})" if meaning else f"'{n}'")
            if s.is_legal(n):
                s.apply(n)
        return out

    def answer(self) -> str:
        """The answer to the current step, in notation, without playing it (counts as
        the answer shown)."""
        if self.finished:
            return ""
        self.help[self._index] = 3
        answer = self.expected_answer()
        rest = answer[self._progress_count():] if self.in_progress else answer
        text = " then ".join(f"'{a}'" for a in (rest or answer))
        extra = " (or any other way to reach the goal)" if self.step.goal is not None else ""
        self._notify(Feedback(False, f"Answer: {text}{extra}.", kind="answer"))
        return " ; ".join(rest or answer)

    def _next_move(self) -> str:
        answer = self.expected_answer()
        done = self._progress_count() if self.in_progress else 0
        if done and answer[:done] != self._played_this_step():
            done = 0
        return answer[min(done, len(answer) - 1)]

    def accepted_moves(self) -> list[str]:
        """Every next decision the step accepts from the position now: the next move of
        each accepted way (what a hint must fit, not only the answer *Show me* plays).

        >>> from ahoy_nb.tutorials import start
        >>> start("setup").accepted_moves()        # either Island is right
        ['start 0,0', 'start 3,2']
        """
        if self.finished:
            return []
        key = (self._index, len(self.state.log), self.state.to_json())
        if getattr(self, "_moves_key", None) == key:
            return list(self._moves)
        step, start = self.step, self._starts[self._index]
        if step.expect is not None:
            moves = [e for e in step.expect if self.state.is_legal(e)]
        else:
            learner = start.current_player

            def reaches(state: State, action, depth: int) -> bool:
                trial = state.copy()
                try:
                    trial.apply(action)
                    _respond(trial, learner, step.respond)
                except (ValueError, KeyError):
                    return False
                if step.goal(start, trial):
                    return True
                if (depth > 1 and trial.current_player == learner and trial.data["pending"]
                        and not trial.is_over):
                    return any(reaches(trial, a, depth - 1) for a in trial.legal_actions())
                return False

            left = 5 - self._progress_count()
            moves = [a.notation for a in self.state.legal_actions() if reaches(self.state, a, left)]
        self._moves_key, self._moves = key, moves
        return list(moves)

    def _where(self) -> str:
        """The first hint: the part (or parts) of the board to look at, so that it fits
        every answer the step accepts (not the move itself)."""
        step, start = self.step, self._starts[self._index]
        own = resolve(step.where, start)
        moves = self.accepted_moves() or [self._next_move()]
        verbs = list(dict.fromkeys(m.split(" ", 1)[0] for m in moves))
        self.suggest = [a.notation for a in self.state.legal_actions() if a.verb in verbs]
        self.pointers = []
        for m in moves:
            spaces = SPACE_RE.findall(m)
            region = _region_of(self.state, spaces[-1]) if spaces else None
            if region is not None:
                self.pointers += [f"{x},{y}" for x, y in region["spaces"]
                                  if f"{x},{y}" not in self.pointers]
        if own:
            return own
        return _where_text(self.state, moves)

    def _rule(self) -> str:
        """The second hint: the rule that decides the step, or the sum to do (for each
        kind of answer the step accepts). Never the answer: the author's explanation of
        the answer is *Show me*'s."""
        step, start = self.step, self._starts[self._index]
        rule = resolve(step.rule, start)
        if not rule:
            moves = self.accepted_moves() or [self._next_move()]
            verbs = list(dict.fromkeys(m.split(" ", 1)[0] for m in moves))[:3]
            rule = " ".join(dict.fromkeys(t for t in (tip("verb", v) or tip("slot", v)
                                                       for v in verbs) if t))
        return f"**{step.section}**: {rule}" if step.section else rule

    # -- going back ---------------------------------------------------------------
    def back(self) -> Feedback:
        """Undo the current step's progress, or go back to the previous step."""
        self.reviewing = False
        if self.finished and self._flat:
            self.quiz = None
        if not self.finished and self.in_progress:
            self.state = self._starts[self._index].copy()
            return self._notify(Feedback(True, "Back to the start of this step.", kind="back"))
        if self._index == 0:
            if self._flat:
                self.state = self._starts[0].copy()
            return self._notify(Feedback(True, "This is the first step.", kind="back"))
        self._index -= 1
        self.pointers, self.suggest = [], []
        self.state = self._starts[self._index].copy()
        return self._notify(Feedback(True, f"Back to step {self._index + 1}.", kind="back"))

    def restart(self) -> Feedback:
        """Start the tutorial again from its first step."""
        self.reviewing = False
        self.quiz = None
        self._starts = [None] * len(self._flat)
        self.help = [0] * len(self._flat)
        self._enter(0, fresh=True)
        return self._notify(Feedback(True, "Restarted from the first step.", kind="restart"))

    def goto(self, index: int) -> None:
        """Jump to a step by playing the expected answers up to it (for notebooks and tests)."""
        if index < self._index:
            self.restart()
        while self._index < index and not self.finished:
            fb = self.play_answer()
            if fb is None or not fb.ok:
                raise RuntimeError(f"the expected answer of step {self._index + 1} was refused: {fb}")
        if self.reviewing:
            self.next()

    # -- display ---------------------------------------------------------------
    def widget(self):
        """The interactive tutorial widget (board, lesson text, buttons, feedback), drawn
        by the widgets layer (registered with :mod:`ahoy_nb.engine.display`)."""
        shown = display.show("lesson", self)
        if shown is None:
            raise RuntimeError("the lesson widget is drawn by ahoy_nb.widgets, which is not "
                               "loaded: import ahoy_nb")
        return shown

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget())


def names_answer(text: str, answer: Sequence[str]) -> bool:
    """Whether ``text`` gives an answer away: quotes one of its notations, or names a
    notation of more than one word."""
    low = text.lower()
    return any(f"'{a}'" in low or (" " in a and re.search(
        rf"(?<![\w'>-]){re.escape(a)}(?![\w>,])", low)) for a in answer)


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+(?=[A-Z'“(*])", text.strip()) if s]


def _spaces(texts: Iterable[str]) -> list[str]:
    out: list[str] = []
    for t in texts:
        for sp in SPACE_RE.findall(t):
            if sp not in out:
                out.append(sp)
    return out


def _changed_spaces(before: State, after: State, learner: str | None,
                    battle: bool = False) -> list[str]:
    """Where figures appeared, left or moved; and where a battle was fought."""
    def at(state):
        return {f["id"]: f["at"] for f in state.figures() if f.get("at") is not None}
    old, new = at(before), at(after)
    out = []
    for fid in set(old) | set(new):
        if old.get(fid) != new.get(fid):
            out += [p for p in (old.get(fid), new.get(fid)) if p is not None]
    if battle and learner in new:
        out.append(new[learner])
    return [f"{x},{y}" for x, y in dict.fromkeys(tuple(p) for p in out)]


def _region_of(state: State, space: str):
    x, y = (int(v) for v in space.split(","))
    return next((r for r in state.regions() if (x, y) in r["spaces"]), None)


def _or(words: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    words = list(dict.fromkeys(words))
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _where_text(state: State, moves: Sequence[str]) -> str:
    """Where to look for every one of ``moves``, part by part of the board."""
    slots, crew, regions, other, texts = [], [], [], [], []
    for m in moves:
        verb = m.split(" ", 1)[0]
        spaces = SPACE_RE.findall(m)
        if verb in ACTION_TITLES and not spaces:
            slots.append(ACTION_TITLES[verb])
        elif verb in CARD_BY_KEY:
            crew.append(MARKET_CARDS[CARD_BY_KEY[verb]]["name"])
            region = _region_of(state, spaces[-1]) if spaces else None
            if region is not None:     # a Crew's power aimed at a space: its region too
                regions.append(region["suit"].title())
        elif verb in ("fire", "hold"):
            texts.append("Look at the dice on Cannons: how strong is each side, and who wins a tie?")
        elif verb == "battle":
            texts.append("Look at the enemy figures in the battle's space: which one do you want "
                         "to fight?")
        elif spaces:
            region = _region_of(state, spaces[-1])
            if region is not None:
                regions.append(region["suit"].title())
            else:
                texts.append("Look at the edge of the map, where the new region would go.")
        else:
            other.append(verb)
    if slots:
        many = len(set(slots)) > 1
        texts.insert(0, f"Look at your player board: the {_or(slots)} slot{'s' if many else ''}.")
    if crew:
        texts.append(f"Look at your Crew: {_or(crew)}.")
    if regions:
        many = len(set(regions)) > 1
        either = {1: "", 2: ": either is right"}.get(len(set(regions)), ": any of them is right")
        texts.append(f"Look at the map: the {_or(regions)} region{'s' if many else ''} "
                     f"(outlined){either}.")
    if other:   # named by their words only: a single choice named would be the answer
        texts.append("Look at the choices the position offers now (the list of actions, or "
                     "the buttons above the map): which of them does what this step asks?")
    texts = list(dict.fromkeys(texts))
    return texts[0] if len(texts) == 1 else texts[0] + " " + " ".join(
        "Or " + t[0].lower() + t[1:] for t in texts[1:])


def _respond(state: State, learner: str | None, responses: Sequence[str]) -> None:
    """Play other players' scripted decisions until the learner must decide again."""
    while not state.is_over and state.current_player != learner:
        legal = next((r for r in responses if state.is_legal(r)), None)
        if legal is None:
            return
        state.apply(legal)


def _norm(text: str) -> str:
    return normalise(str(text))
