"""The tutorials: each plays to its end, wrong tries are refused with a reason and do not
advance, and Hint / Answer / Back / Restart work; the battle odds are exact."""

from __future__ import annotations

import doctest
from fractions import Fraction

import pytest

from ahoy_nb.widgets import BoardWidget

import ahoy_nb.analysis
import ahoy_nb.tutorials as tutorials
import ahoy_nb.tutorials.core
import ahoy_nb.tutorials.goals
import ahoy_nb.tutorials.widget
from ahoy_nb.tutorials import Session, start

CATALOG = tutorials.catalog()
NAMES = [t.name for t in CATALOG]

# Every rulebook section the tutorials must teach with a step that asks the learner to act.
REQUIRED_SECTIONS = {
    "Game Setup", "Faction Setup", "Taking Action", "Playing the Game", "Bluefin Squadron",
    "Ending the Round", "Moving", "Terrain", "Common Actions", "Exploring", "Battling",
    "Battle Victory", "Damage", "Strongholds", "The Mollusk Union", "Smugglers", "Crew",
    "Delivering Cargo", "Pledges",
}


def play_to_end(run: Session) -> None:
    for i, (_, step) in enumerate(run.tutorial.steps):
        assert run.index == i
        for notation in step.answer:
            fb = run.try_action(notation)
            assert fb.ok, f"{run.tutorial.name} step {i + 1}: {notation!r} refused: {fb.message}"
        assert run.index == i + 1, f"{run.tutorial.name} step {i + 1} did not advance"


@pytest.mark.parametrize("name", NAMES)
def test_tutorial_plays_to_its_end(name):
    run = start(name)
    play_to_end(run)
    assert run.finished
    assert run.step is None
    assert "done" in run.text
    assert not run.try_action("end").ok  # nothing left to do


@pytest.mark.parametrize("name", NAMES)
def test_every_step_asks_and_explains(name):
    t = tutorials.get(name)
    assert t.title and t.summary and t.steps
    for scene, step in t.steps:
        assert step.ask and step.text and step.hint and step.section, (scene.title, step.ask)
        assert step.expect or step.goal


def test_catalog_covers_the_rulebook_sections():
    taught = {section for t in CATALOG for section in t.teaches}
    assert REQUIRED_SECTIONS <= taught, REQUIRED_SECTIONS - taught
    assert NAMES[:2] == ["setup", "turn"]
    assert "| `battles` |" in CATALOG._repr_markdown_()
    with pytest.raises(KeyError, match="tutorials: setup"):
        tutorials.get("no-such-lesson")


def test_setup_covers_each_player_count():
    players = {len(scene.build().players) for scene in tutorials.get("setup").scenes}
    assert players == {2, 3, 4}


def _wrong_legal(run: Session) -> str | None:
    """A legal action that this step does not accept, if there is one."""
    step = run.step
    for action in run.legal_actions():
        text = str(action)
        if step.expect is not None:
            if text not in step.expect:
                return text
        else:
            trial = run.state.copy().apply(text)
            if not step.goal(run._starts[run.index], trial) and (trial.is_over or trial.decision.kind == "turn"):
                return text
    return None


@pytest.mark.parametrize("name", NAMES)
def test_wrong_tries_are_refused_at_every_step(name):
    run = start(name)
    for i, (_, step) in enumerate(run.tutorial.steps):
        before = run.state.copy()
        # Illegal: not Ahoy at all, and an action the rules forbid now.
        for bad in ("fly to the moon", "move 99,99"):
            fb = run.try_action(bad)
            assert not fb.ok and fb.kind == "illegal" and fb.message.startswith("Not allowed")
            assert run.index == i and run.state == before
        wrong = _wrong_legal(run)
        if wrong is not None:
            fb = run.try_action(wrong)
            assert not fb.ok and fb.kind == "wrong", (i, wrong, fb.message)
            assert fb.message, "a wrong try must say why"
            assert run.index == i and run.state == before, (i, wrong)
        for notation in step.answer:
            assert run.try_action(notation).ok
    assert run.finished


def test_battle_refusals_say_why():
    run = start("battles")
    run.goto(4)  # Mollusk fires its Cannons in the rulebook example
    fb = run.try_action("fire 4>2")
    assert not fb.ok and fb.kind == "wrong"
    assert "does not reach the goal" in fb.message
    assert any("Smuggler 1 wins the battle" in e for e in fb.events)  # what happened
    assert run.index == 4 and not run.in_progress
    fb = run.try_action("fire 4>5")
    assert not fb.ok and "not below 1, but not up" in fb.message
    fb = run.try_action("fire 4>1")
    assert fb.ok and fb.advanced
    assert "Mollusk wins the battle 5 to 5 (attacker wins ties)" in fb.events


def test_engine_reason_and_tutorial_note_for_illegal_tries():
    run = start("moving")
    run.try_action("fullsail 5")
    fb = run.try_action("move 0,0")
    assert not fb.ok and "you cannot move across Sandbars" in fb.message
    run = start("exploring")
    run.goto(2)
    fb = run.try_action("tile 4,1 r90")
    assert not fb.ok
    assert "Its Island would be at 4,2, right next to the Island at 3,2" in fb.message
    run = start("turn")
    run.try_action("cannons 6")
    fb = run.try_action("end")
    assert not fb.ok and "must place 2 action dice" in fb.message


def test_legal_but_wrong_uses_the_tutorials_hint():
    run = start("battles")
    run.goto(3)
    fb = run.try_action("battle patrol")
    assert not fb.ok and fb.kind == "wrong"
    assert "rulebook's example battles the Smuggler first" in fb.message
    assert run.index == 3


def test_goal_steps_accept_any_way_to_the_goal():
    run = start("battles")
    run.goto(17)  # the Stronghold: any fire that wins will do
    assert run.step.ask == "Win against the Stronghold."
    assert run.try_action("fire 5>1").ok


def test_multi_decision_goal_step_progress_and_back():
    run = start("moving")
    run.goto(1)
    fb = run.try_action("move 1,1")
    assert fb.ok and fb.kind == "progress" and not fb.advanced
    assert run.in_progress and run.index == 1
    assert run.answer() == "move 0,1"  # the rest of the answer
    run.back()
    assert not run.in_progress and run.index == 1
    fb = run.play_answer()
    assert fb.advanced and run.index == 2
    run.back()
    assert run.try_action("move 2,0").kind == "progress"   # begun another way
    fb = run.play_answer()                                  # starts the step over
    assert fb.advanced and run.index == 2


def test_hint_answer_back_restart():
    run = start("battles")
    first = run.state.copy()
    assert "sail 3" in run.hint()
    assert run.feedback.kind == "hint" and run.index == 0
    assert run.answer() == "sail 3"
    assert run.index == 0 and run.state == first  # showing the answer plays nothing
    run.play_answer()
    run.play_answer()
    assert run.index == 2
    run.back()
    assert run.index == 1
    assert run.state == run._starts[1]
    run.back()
    run.back()  # at the first step, back stays there
    assert run.index == 0 and run.state == first
    run.goto(5)
    run.restart()
    assert run.index == 0 and run.state == first and run.feedback.kind == "restart"
    play_to_end(run)  # and it can be played again
    assert run.finished


def test_fixed_dice_survive_back_and_restart():
    run = start("battles")
    run.goto(4)
    assert run.try_action("fire 4>1").ok
    run.back()
    assert run.index == 4
    assert run.try_action("fire 4>1").ok  # the same fixed roll again


def test_markdown_of_a_step():
    run = start("cargo")
    text = run.text
    assert text.startswith("### Smuggling and delivering Cargo")
    assert "Step 1 of" in text and "**Your move as Smuggler 1:**" in text
    assert "> To smuggle Cargo" in text


# -- battle odds -------------------------------------------------------------------------

def _at_rulebook_fire():
    run = start("battles")
    run.goto(4)
    return run.state


def test_battle_odds_rulebook_example_is_exact():
    odds = ahoy_nb.analysis.battle_odds(_at_rulebook_fire(), exact=True)
    # Mollusk attacks the Smuggler (no Cannons): win if 1d6 + k >= 1d6.
    assert odds == {0: Fraction(21, 36), 1: Fraction(26, 36), 2: Fraction(30, 36),
                    3: Fraction(33, 36)}
    for k, p in odds.items():
        assert p == ahoy_nb.analysis.win_chance(k, 0)


def test_battle_odds_when_the_defender_answers():
    run = start("battles")
    run.goto(10)  # Bluefin attacks the Union, which has a 3 on Cannons
    state = run.state
    best = ahoy_nb.analysis.battle_odds(state, exact=True)
    hold = ahoy_nb.analysis.battle_odds(state, against="hold", exact=True)
    assert best[5] == ahoy_nb.analysis.win_chance(5, 2)
    assert hold[5] == ahoy_nb.analysis.win_chance(5, 0)
    assert all(best[k] <= hold[k] for k in best)


def test_battle_odds_as_defender():
    run = start("battles")
    run.goto(13)  # the Union defends against the Smuggler's +3
    odds = ahoy_nb.analysis.battle_odds(run.state, exact=True)
    assert odds[4] == ahoy_nb.analysis.win_chance(4, 3, attacker=False)
    with pytest.raises(ValueError, match="decides how far"):
        ahoy_nb.analysis.battle_odds(start("battles").state)


def test_odds_explorer_slider_drives_the_chart():
    box = ahoy_nb.analysis.odds_explorer(_at_rulebook_fire())
    assert list(box.bars.y) == pytest.approx([21 / 36, 26 / 36, 30 / 36, 33 / 36])
    box.slider.value = 3
    assert "11/12" in box.label.value
    assert list(box.bars.opacities) == [0.45, 0.45, 0.45, 1.0]


def test_odds_chart_axes_sides():
    import warnings
    import bqplot  # noqa: F401  (imported first: its own import warns, not our call)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)   # no unknown Axis arguments
        box = ahoy_nb.analysis.odds_explorer(_at_rulebook_fire())
    x_axis, y_axis = box.figure.axes
    assert (x_axis.side, y_axis.side) == ("bottom", "left")
    assert y_axis.label == "chance to win" and y_axis.tick_format == ".0%"


# -- the widget ------------------------------------------------------------------------

def test_widget_typed_buttons_and_choices():
    w = start("battles").widget()
    s = w.session
    assert "Place a die on Sail" in w.lesson.value
    w.typed.value = "tailwind 3"              # legal but wrong
    assert s.index == 0 and w.typed.value == ""
    assert "not what this step asks" in w.feedback.value
    w.typed.value = "sail 3"
    assert s.index == 1 and w.progress.value == 1
    assert "move 3,2" in w.choices.options
    w.choices.value = "move 3,2"              # picking from the legal actions
    assert s.index == 2
    w.buttons.value = "Hint"
    assert w.buttons.value is None and "Hint" in w.feedback.value
    w.buttons.value = "Answer"
    assert "move 2,2" in w.feedback.value and s.index == 2
    w.buttons.value = "Play answer"
    assert s.index == 3
    w.buttons.value = "Back"
    assert s.index == 2
    w.buttons.value = "Restart"
    assert s.index == 0


def test_widget_shows_live_odds_at_a_cannons_decision():
    run = start("battles")
    w = run.widget()
    assert w.odds.children == ()
    run.goto(4)
    chart = w.odds.children[1]
    assert list(chart.bars.y) == pytest.approx([21 / 36, 26 / 36, 30 / 36, 33 / 36])
    w.typed.value = "fire 4>1"
    assert w.odds.children == ()


class Clicks:
    """What board.js does on a click: set the board's ``intent`` to
    ``{"action": notation, "id": n}`` with a fresh id (or ``{"undo": true, "id": n}``)."""

    def __init__(self, board):
        self.board = board
        self.next_id = 0

    def send(self, **payload):
        self.next_id += 1
        self.board.intent = dict(payload, id=self.next_id)
        assert self.board.ack == self.next_id      # the intent was handled
        return self.board

    def click(self, notation):
        return self.send(action=notation)


def _spy(run: Session) -> list[str]:
    """Record every call of ``run.try_action`` (the lesson's check)."""
    calls: list[str] = []
    check = run.try_action

    def spy(action):
        calls.append(str(action))
        return check(action)

    run.try_action = spy
    return calls


def test_widget_board_click_goes_through_the_lesson_once():
    w = start("battles").widget()
    run, board = w.session, w.board
    assert isinstance(board, BoardWidget) and board.on_action is not None
    assert board.state is run.state and board.viewer == run.learner == "mollusk"
    assert board.can_act and "sail 3" in board.actions and "tailwind 3" in board.actions
    assert "&quot;sail 3&quot;" in board.svg or '"sail 3"' in board.svg   # clickable
    calls = _spy(run)
    front = Clicks(board)
    before = run.state.copy()
    n_log, n_journal = len(run.state.log), len(run.journal)

    # A wrong click: refused with the lesson's explanation, once; nothing moves.
    front.click("tailwind 3")
    assert calls == ["tailwind 3"] and len(run.journal) == n_journal + 1
    assert run.feedback.kind == "wrong" and run.index == 0 and run.state == before
    assert board.error.startswith("'tailwind 3' is legal, but it is not what this step asks")
    assert run.step.note_for("tailwind 3") in board.error   # the lesson's own note
    assert "not what this step asks" in w.feedback.value
    assert board.history_length == len(run.state.history) and board.can_act

    # An illegal click: the engine's reason, through the lesson.
    front.click("move 99,99")
    assert calls[-1] == "move 99,99" and run.feedback.kind == "illegal"
    assert board.error.startswith("Not allowed:") and run.index == 0 and run.state == before

    # The right click: checked once, applied once, the lesson moves on.
    front.click("sail 3")
    assert calls == ["tailwind 3", "move 99,99", "sail 3"]
    assert len(run.journal) == n_journal + 3
    assert run.feedback.ok and run.feedback.advanced and run.index == 1
    assert len(run.state.log) == n_log + 1 and run.state.log[-1].action == "sail 3"
    assert board.error == "" and board.state is run.state
    assert board.history_length == len(run.state.history) == len(before.history) + 1
    assert board.highlight == ["3,2"] and "move 3,2" in board.actions
    assert w.progress.value == 1 and "Right!" in w.feedback.value


def test_widget_board_follows_the_session():
    w = start("battles").widget()
    run, board = w.session, w.board
    front = Clicks(board)
    run.goto(4)                              # the Union decides how far to fire
    assert board.state is run.state and board.can_act and "fire 4>1" in board.actions
    front.click("fire 4>2")                  # legal, loses with the lesson's dice
    assert run.feedback.kind == "wrong" and run.index == 4
    assert "does not reach the goal" in board.error
    assert board.state is run.state          # the session put back a copy: the board shows it
    front.click("fire 4>1")
    assert run.index == 5 and board.error == "" and board.state is run.state
    assert board.viewer == run.learner and board.can_act == (not run.state.is_over)
    # The typed box, Back and Restart go through the session; the board follows.
    w.buttons.value = "Back"
    assert run.index == 4 and board.state is run.state and "fire 4>1" in board.actions
    w.typed.value = "fire 4>1"
    assert run.index == 5 and board.state is run.state
    # The board's own Undo is the lesson's Back (it never undoes behind the lesson).
    assert board.can_undo
    front.send(undo=True)
    assert run.index == 4 and board.state is run.state and board.error == ""
    w.buttons.value = "Restart"
    assert run.index == 0 and board.state is run.state and board.viewer == "mollusk"
    # A new scene with another learner: the board shows that learner's view.
    run.goto(9)
    assert run.scene.title == "Two dice on Cannons" and run.learner == "bluefin"
    assert board.viewer == "bluefin" and board.people == ("bluefin",) and board.can_act


@pytest.mark.parametrize("name", NAMES)
def test_every_tutorial_plays_by_clicks_on_the_board(name):
    """Each answer is a legal action the board offers the learner, and a click on it is
    accepted by the lesson (as the front end sends it)."""
    w = start(name).widget()
    run, board = w.session, w.board
    front = Clicks(board)
    for i, (_, step) in enumerate(run.tutorial.steps):
        assert run.index == i
        for notation in step.answer:
            assert board.state is run.state and board.viewer == run.learner
            assert board.can_act and notation in board.actions, (i, notation, board.actions)
            front.click(notation)
            assert board.error == "", (i, notation, board.error)
        assert run.index == i + 1
    assert run.finished and board.state is run.state
def test_doctests():
    for module in (ahoy_nb.tutorials, ahoy_nb.tutorials.core, ahoy_nb.tutorials.goals,
                   ahoy_nb.tutorials.widget, ahoy_nb.analysis):
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        assert result.failed == 0, module.__name__
