"""What a tutorial is made of, and a learner's run through one.

A :class:`Tutorial` is data: scenes, each a position built with
``ahoy_nb.engine.scenario`` (or ``new_game``) with its random events fixed, and
the :class:`Step` s played on it. A :class:`Session` is one learner's run: it
shows the current step, checks each try, and moves on only when the try is right.

>>> from ahoy_nb.tutorials import start
>>> run = start("battles")
>>> run.goto(4)                             # play the first 4 steps' answers
>>> run.step.ask
'Win this battle.'
>>> run.try_action("fire 4>2").ok           # legal, but loses with the lesson's dice
False
>>> run.index                               # the tutorial did not move on
4
>>> run.try_action("fire 4>1").ok
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Iterable, Sequence

from ..engine import Action, IllegalActionError, State
from ..engine.game import name as faction_name
from ..engine.notation import normalise


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

@dataclass
class Step:
    """One thing the learner is asked to do.

    * ``text``: the rule, in a sentence or two; ``quote``: the rulebook's words.
    * ``ask``: what to do now.
    * ``expect``: the accepted action(s), by notation; or ``goal``: any legal
      action(s) that reach the :class:`Goal` (several decisions of one action,
      like placing a die and then choosing where to move, count as one try).
    * ``answer``: the notation(s) that do it (shown by *Answer*, played by tests);
      defaults to ``expect[0]``.
    * ``hint``: shown on request, and after a legal-but-wrong try.
    * ``wrong``: a tutorial's own word on particular tries, keyed by notation
      (``"fire 4>2"``) or by verb (``"hold"``); used for legal and illegal tries.
    * ``then``: scripted actions applied right after success (opponents' replies,
      and decisions the lesson is not about); ``then_text`` says what they do.
    * ``done``: said once the step is done.
    * ``section``: the rulebook section this step teaches.
    * ``highlight``: spaces to point at on the board, ``["3,2"]``.
    """

    text: str
    ask: str
    expect: Sequence[str] | str | None = None
    goal: Goal | None = None
    answer: Sequence[str] | str | None = None
    hint: str = ""
    wrong: dict[str, str | Callable[[State, str], str]] = field(default_factory=dict)
    respond: Sequence[str] = ()
    then: Sequence[str] = ()
    then_text: str = ""
    done: str = ""
    quote: str = ""
    section: str = ""
    title: str = ""
    highlight: Sequence[str] = ()

    def __post_init__(self):
        if isinstance(self.expect, str):
            self.expect = [self.expect]
        if isinstance(self.answer, str):
            self.answer = [self.answer]
        if self.expect is None and self.goal is None:
            raise ValueError(f"step {self.ask!r} has neither expect nor goal")
        if self.answer is None:
            if not self.expect:
                raise ValueError(f"goal step {self.ask!r} needs an answer")
            self.answer = [self.expect[0]]
        self.expect = [_norm(e) for e in self.expect] if self.expect else None
        self.answer = [_norm(a) for a in self.answer]
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


@dataclass
class Scene:
    """A position and the steps played on it. ``build`` makes the position afresh."""

    title: str
    build: Callable[[], State]
    steps: list[Step]
    intro: str = ""


@dataclass
class Tutorial:
    """A lesson: its name (for :func:`start`), title, summary, scenes.

    ``teaches`` lists the rulebook sections it covers.
    """

    name: str
    title: str
    summary: str
    scenes: list[Scene]
    order: int = 0

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
        """The expected answers, step by step (what a test plays)."""
        return [list(step.answer) for _, step in self.steps]

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
    kind: str = "try"   # try, illegal, wrong, progress, hint, answer, back, restart, done

    def __str__(self) -> str:
        return self.message

    def _repr_markdown_(self) -> str:
        mark = "✅" if self.ok else ("💡" if self.kind in ("hint", "answer") else "❌")
        lines = [f"{mark} {self.message}"]
        if self.events:
            lines.append("")
            lines += [f"* {e}" for e in self.events]
        return "\n".join(lines)


class Session:
    """One run through a :class:`Tutorial`: the position, the step, the checks.

    >>> from ahoy_nb.tutorials import start
    >>> run = start("setup")
    >>> run.step.ask
    'As Bluefin, choose the Island for your Flagship and a Patrol.'
    >>> run.hint() != ""
    True
    >>> for answer in run.tutorial.solution():
    ...     for notation in answer:
    ...         _ = run.try_action(notation)
    >>> run.finished
    True
    """

    def __init__(self, tutorial: Tutorial):
        self.tutorial = tutorial
        self._flat = tutorial.steps
        self._starts: list[State | None] = [None] * len(self._flat)
        self.feedback: Feedback | None = None
        self.journal: list[Feedback] = []   # every feedback, newest last
        self._listeners: list[Callable[["Session"], None]] = []
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
        return self._index >= len(self._flat)

    @property
    def step(self) -> Step | None:
        return None if self.finished else self._flat[self._index][1]

    @property
    def scene(self) -> Scene:
        i = min(self._index, len(self._flat) - 1)
        return self._flat[i][0]

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
    def text(self) -> str:
        """The current step in Markdown: where we are, the rule, the quote, the ask."""
        if self.finished:
            return (f"### {self.tutorial.title}: done!\n\nYou finished all {len(self)} steps. "
                    f"Restart to play it again, or pick another tutorial from "
                    f"`ahoy_nb.tutorials.catalog()`.")
        scene, step = self._flat[self._index]
        parts = [f"### {self.tutorial.title} — {scene.title}",
                 f"*Step {self._index + 1} of {len(self)}"
                 + (f" · {step.section}" if step.section else "") + "*"]
        first_of_scene = self._index == 0 or self._flat[self._index - 1][0] is not scene
        if first_of_scene and scene.intro:
            parts.append(scene.intro)
        if step.text:
            parts.append(step.text)
        if step.quote:
            parts.append("> " + step.quote.replace("\n", "\n> ") + " *(rulebook)*")
        who = self.learner
        parts.append(f"**Your move{f' as {faction_name(who)}' if who else ''}:** {step.ask}")
        return "\n\n".join(parts)

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
        if index >= len(self._flat):
            return
        scene = self._flat[index][0]
        if fresh or index == 0 or self._flat[index - 1][0] is not scene:
            self.state = scene.build()
        self._starts[index] = self.state.copy()

    def _notify(self, fb: Feedback) -> Feedback:
        self.feedback = fb
        self.journal.append(fb)
        for listener in list(self._listeners):
            listener(self)
        return fb

    def on_change(self, listener: Callable[["Session"], None]) -> None:
        """Call ``listener(session)`` after every try and button (the widget uses it)."""
        self._listeners.append(listener)

    def try_action(self, action: Action | str) -> Feedback:
        """Check the learner's action (a board click's :class:`Action` or typed notation).

        A right action is applied and the tutorial moves on; a wrong one is refused
        with the reason, and the position stays as it was.
        """
        if self.finished:
            return self._notify(Feedback(False, "This tutorial is finished: restart it, or "
                                         "start another one.", kind="done"))
        step = self.step
        text = action.notation if isinstance(action, Action) else str(action)
        notation = _norm(text)
        if not self.state.is_legal(notation):
            try:
                self.state.copy().apply(notation)
                reason = "That is not possible now."
            except IllegalActionError as err:
                reason = str(err)
            note = step.note_for(notation, self.state)
            msg = f"Not allowed: {reason}" + (f"\n\n{note}" if note else "")
            return self._notify(Feedback(False, msg, kind="illegal"))
        if step.expect is not None:
            if notation not in step.expect:
                note = step.note_for(notation, self.state) or step.hint
                return self._notify(Feedback(
                    False, f"'{notation}' is legal, but it is not what this step asks. {note}",
                    kind="wrong"))
            return self._succeed(notation)
        # A goal step: apply, then judge the result.
        before = self._starts[self._index]
        trial = self.state.copy()
        learner = trial.current_player
        try:
            trial.apply(notation)
            _respond(trial, learner, step.respond)
        except (ValueError, KeyError) as err:  # e.g. a fixed roll the lesson set for another path
            return self._notify(Feedback(
                False, f"'{notation}' leads somewhere this lesson is not set up for ({err}). "
                       f"{step.hint}", kind="wrong"))
        events = tuple(new_events(self.state, trial, learner))
        if step.goal(before, trial):
            self.state = trial
            return self._succeed(notation, applied=True, events=events)
        mid_action = (trial.current_player == learner
                      and bool(trial.data["pending"]) and not trial.is_over)
        if mid_action:
            self.state = trial
            return self._notify(Feedback(True, f"'{notation}': go on — {trial.prompt}.",
                                         events, kind="progress"))
        note = step.note_for(notation, self.state) or step.hint
        self.state = before.copy()
        return self._notify(Feedback(
            False, f"That does not reach the goal ({step.goal.text}). {note} "
                   f"The position is back to the start of this step.", events, kind="wrong"))

    def _succeed(self, notation: str, applied: bool = False,
                 events: tuple[str, ...] = ()) -> Feedback:
        step = self.step
        learner = self.learner if not applied else self._starts[self._index].current_player
        if not applied:
            before = self.state.copy()
            self.state.apply(notation)
            events = tuple(new_events(before, self.state, learner))
        replies: list[str] = []
        if step.then:
            before = self.state.copy()
            for reply in step.then:
                self.state.apply(reply)
            replies = new_events(before, self.state, learner)
        message = "Right!" + (f" {step.done}" if step.done else "")
        if step.then_text:
            message += f"\n\n{step.then_text}"
        self._enter(self._index + 1)
        if self.finished:
            message += f"\n\nThat was the last step of “{self.tutorial.title}”."
        return self._notify(Feedback(True, message, events + tuple(replies), advanced=True))

    def play_answer(self) -> Feedback:
        """Play the current step's answer for the learner (from the step's start if the
        learner had begun it another way)."""
        if self.finished:
            return self.try_action("end")
        step = self.step
        done = self._progress_count()
        if done and list(step.answer[:done]) != self._played_this_step():
            self.state = self._starts[self._index].copy()
            done = 0
        fb = None
        for notation in step.answer[done:]:
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
        """A hint for the current step."""
        if self.finished:
            return "Nothing left to do: the tutorial is finished."
        step = self.step
        text = step.hint or f"Look at the legal actions: {', '.join(map(str, self.legal_actions()))}"
        self._notify(Feedback(False, f"Hint: {text}", kind="hint"))
        return text

    def answer(self) -> str:
        """The answer to the current step, in notation (without playing it)."""
        if self.finished:
            return ""
        step = self.step
        rest = step.answer[self._progress_count():] if self.in_progress else step.answer
        text = " then ".join(f"'{a}'" for a in (rest or step.answer))
        extra = " (or any other way to reach the goal)" if step.goal is not None else ""
        self._notify(Feedback(False, f"Answer: {text}{extra}.", kind="answer"))
        return " ; ".join(rest or step.answer)

    def back(self) -> Feedback:
        """Undo the current step's progress, or go back to the previous step."""
        if not self.finished and self.in_progress:
            self.state = self._starts[self._index].copy()
            return self._notify(Feedback(True, "Back to the start of this step.", kind="back"))
        if self._index == 0:
            self.state = self._starts[0].copy()
            return self._notify(Feedback(True, "This is the first step.", kind="back"))
        self._index -= 1
        self.state = self._starts[self._index].copy()
        return self._notify(Feedback(True, f"Back to step {self._index + 1}.", kind="back"))

    def restart(self) -> Feedback:
        """Start the tutorial again from its first step."""
        self._starts = [None] * len(self._flat)
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

    # -- display ---------------------------------------------------------------
    def widget(self):
        """The interactive tutorial widget (board, lesson text, buttons, feedback)."""
        from .widget import TutorialWidget
        return TutorialWidget(self)

    def _ipython_display_(self):
        from IPython.display import display
        display(self.widget())


def _respond(state: State, learner: str | None, responses: Sequence[str]) -> None:
    """Play other players' scripted decisions until the learner must decide again."""
    while not state.is_over and state.current_player != learner:
        legal = next((r for r in responses if state.is_legal(r)), None)
        if legal is None:
            return
        state.apply(legal)


def _norm(text: str) -> str:
    return normalise(str(text))
