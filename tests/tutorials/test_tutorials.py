"""The tutorials: each plays to its end, wrong tries are refused with a reason and do not
advance, and Hint / Answer / Back / Restart work; the battle odds are exact."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from ahoy_nb.widgets import BoardWidget

import ahoy_nb.ai.analysis
import ahoy_nb.widgets.odds
import ahoy_nb.tutorials as tutorials
import ahoy_nb.tutorials.core
import ahoy_nb.tutorials.friendly
import ahoy_nb.tutorials.goals
import ahoy_nb.widgets.tutorial
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
    for i in range(len(run)):
        assert run.index == i
        for notation in run.expected_answer():
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
        assert step.ask and step.text and step.why and step.section, (scene.title, step.ask)
        assert step.expect or step.goal
        assert step.basis, f"{name}: {step.ask!r} rests on no rulebook passage"


def test_catalog_covers_the_rulebook_sections():
    taught = {section for t in CATALOG for section in t.teaches}
    assert REQUIRED_SECTIONS <= taught, REQUIRED_SECTIONS - taught
    assert NAMES[:4] == ["setup", "moving", "exploring", "turn"]
    assert "| `battles` |" in CATALOG._repr_markdown_()
    with pytest.raises(ValueError, match="tutorials: setup"):
        tutorials.get("no-such-lesson")
    with pytest.raises(ValueError, match="no tutorial 5; tutorials: setup"):
        tutorials.get(5)
    last = len(tutorials.get("battles").scenes) - 1
    for scene in (last + 1, -1, "x"):
        with pytest.raises(ValueError, match=rf"'battles' has scenes 0 to {last}, not "):
            tutorials.position("battles", scene)
    tutorials.position("battles", last)
    for seed in ("x", 2.5, [1]):   # refused at once, not when the closing quiz is drawn
        with pytest.raises(ValueError, match="a seed is a whole number"):
            tutorials.start("setup", seed=seed)


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
            if not step.goal(run.start_state, trial) and (trial.is_over or trial.decision.kind == "turn"):
                return text
    return None


def _not_offered(run: Session) -> str:
    """An action of the game that is not legal at this step."""
    for candidate in ("end", "sail 1", "cannons 1", "move 0,0", "anchor", "deploy 9,9"):
        if not run.state.is_legal(candidate):
            return candidate
    raise AssertionError("every candidate is legal")


def _gives_away(message: str, answer: list[str]) -> bool:
    return ahoy_nb.tutorials.core.names_answer(message, answer)


@pytest.mark.parametrize("name", NAMES)
def test_wrong_tries_are_refused_at_every_step(name):
    """At every step: an illegal try says why not in the rules' words, a legal try that
    is not the aim says what it would do and why not; once, and neither names the
    answer; nothing changes."""
    run = start(name)
    for i in range(len(run)):
        before = run.state.copy()
        answer = run.expected_answer()
        # Illegal: not Ahoy at all, and an action the rules forbid now.
        for bad in ("fly to the moon", "move 99,99", _not_offered(run)):
            fb = run.try_action(bad)
            assert not fb.ok and fb.kind == "illegal" and fb.message.startswith("Not possible: ")
            assert not _gives_away(fb.message, answer), (i, bad, fb.message)
            assert "Choices now" not in fb.message
            assert run.index == i and run.state == before
        wrong = _wrong_legal(run)
        if wrong is not None:
            fb = run.try_action(wrong)
            assert not fb.ok and fb.kind == "wrong", (i, wrong, fb.message)
            assert f"'{wrong}'" in fb.message or fb.events, "a wrong try says what it does"
            assert not _gives_away(fb.message, answer), (i, wrong, fb.message)
            sentences = [x.strip() for x in fb.message.split(". ") if len(x.strip()) > 20]
            assert len(sentences) == len(set(sentences)), f"said twice: {fb.message}"
            assert run.index == i and run.state == before, (i, wrong)
        for notation in answer:
            assert run.try_action(notation).ok
    assert run.finished


def test_battle_refusals_say_why():
    run = start("battles")
    run.goto(2)  # Mollusk fires its Cannons in the rulebook example
    fb = run.try_action("fire 4>2")
    assert not fb.ok and fb.kind == "wrong"
    assert "does not reach the goal" in fb.message
    assert any("Smuggler 1 wins the battle" in e for e in fb.events)  # what happened
    assert run.index == 2 and not run.in_progress
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
    run.goto(1)
    fb = run.try_action("tile 4,1 r90")
    assert not fb.ok
    assert "Its Island would be at 4,2, right next to the Island at 3,2" in fb.message
    run = start("turn")
    run.try_action("cannons 6")
    fb = run.try_action("end")
    assert not fb.ok and "must place 2 action dice" in fb.message


def test_legal_but_wrong_uses_the_tutorials_hint():
    run = start("battles")
    run.goto(1)
    fb = run.try_action("battle patrol")
    assert not fb.ok and fb.kind == "wrong"
    assert "rulebook's example battles the Smuggler first" in fb.message
    assert run.index == 1


def test_goal_steps_accept_any_way_to_the_goal():
    run = start("defending")
    run.goto(4)  # the Stronghold: any fire that wins will do
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
    assert "sail 3" not in run.hint()
    assert run.feedback.kind == "hint" and run.index == 0
    assert run.answer() == "sail 3 ; move 3,2 ; move 2,2"
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


def test_show_me_says_what_was_played_in_the_words_of_its_moment():
    run = start("scoring")
    fb = run.show_me()
    # Played for the learner: no "Right!"; 'assemble 4' after 'assemble 1' places Comrades
    # (not the words of a die on Assemble), said once.
    assert fb.advanced and fb.kind == "shown" and "Right!" not in fb.message
    assert "'assemble 4' (Place your 4" not in fb.message
    assert fb.message.count("'assemble 4' (Place 4 Ready Comrades") == 1, fb.message


def test_fixed_dice_survive_back_and_restart():
    run = start("battles")
    run.goto(2)
    assert run.try_action("fire 4>1").ok
    run.back()
    assert run.index == 2
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
    run.goto(2)
    return run.state


def test_battle_odds_rulebook_example_is_exact():
    odds = ahoy_nb.ai.analysis.battle_odds(_at_rulebook_fire(), exact=True)
    # Mollusk attacks the Smuggler (no Cannons): win if 1d6 + k >= 1d6.
    assert odds == {0: Fraction(21, 36), 1: Fraction(26, 36), 2: Fraction(30, 36),
                    3: Fraction(33, 36)}
    for k, p in odds.items():
        assert p == ahoy_nb.ai.analysis.win_chance(k, 0)


def test_battle_odds_when_the_defender_answers():
    run = start("battles")
    run.goto(8)  # Bluefin attacks the Union, which has a 3 on Cannons
    state = run.state
    best = ahoy_nb.ai.analysis.battle_odds(state, exact=True)
    hold = ahoy_nb.ai.analysis.battle_odds(state, against="hold", exact=True)
    assert best[5] == ahoy_nb.ai.analysis.win_chance(5, 2)
    assert hold[5] == ahoy_nb.ai.analysis.win_chance(5, 0)
    assert all(best[k] <= hold[k] for k in best)


def test_battle_odds_as_defender():
    run = start("defending")  # the Union defends against the Smuggler's +3
    odds = ahoy_nb.ai.analysis.battle_odds(run.state, exact=True)
    assert odds[4] == ahoy_nb.ai.analysis.win_chance(4, 3, attacker=False)
    with pytest.raises(ValueError, match="decides how far"):
        ahoy_nb.ai.analysis.battle_odds(start("battles").state)


def test_odds_explorer_slider_drives_the_chart():
    box = ahoy_nb.widgets.odds.odds_explorer(_at_rulebook_fire())
    assert list(box.bars.y) == pytest.approx([21 / 36, 26 / 36, 30 / 36, 33 / 36])
    box.slider.value = 3
    assert "11/12" in box.label.value
    assert list(box.bars.opacities) == [0.45, 0.45, 0.45, 1.0]


def test_odds_chart_axes_sides():
    import warnings
    import bqplot  # noqa: F401  (imported first: its own import warns, not our call)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)   # no unknown Axis arguments
        box = ahoy_nb.widgets.odds.odds_explorer(_at_rulebook_fire())
    x_axis, y_axis = box.figure.axes
    assert (x_axis.side, y_axis.side) == ("bottom", "left")
    assert y_axis.label == "chance to win" and y_axis.tick_format == ".0%"


# -- the widget ------------------------------------------------------------------------

def test_widget_typed_buttons_and_choices():
    w = start("battles").widget()
    s = w.session
    assert "Make your Flagship battle" in w.lesson.value
    w.typed.value = "tailwind 3"              # legal, but it loses the step's aim
    assert s.index == 0 and w.typed.value == ""
    assert "can no longer be reached" in w.message
    w.typed.value = "sail 3"                  # the first decision: go on
    assert s.index == 0 and s.in_progress and "go on" in w.message
    # The list of legal actions says each one in words.
    labels = dict((v, k) for k, v in w.choices.options)
    words = ahoy_nb.tutorials.friendly.describe(s.state, "move 3,2")
    assert words and labels["move 3,2"] == f"move 3,2 — {words}"
    w.choices.value = "move 3,2"              # picking from the legal actions
    w.typed.value = "move 2,2"
    assert s.index == 1 and f"1 of {len(s)} done" in _panel(w)["lines"][1]
    assert s.reviewing and "next" in _buttons(w) and w.choices.options == ()
    w.press("Next")
    assert not s.reviewing and "next" not in _buttons(w)
    w.press("Hint")
    assert "Hint 1" in w.message and w.board.message["kind"] == "hint"
    assert "battle smuggler1" not in w.message
    w.press("Hint")
    assert "Hint 2" in w.message
    w.press("Show me")
    assert s.index == 2 and "Shown:" in w.message and "battle smuggler1" in w.message
    assert "shown: 1" in _panel(w)["lines"][1]
    w.press("Back")
    assert s.index == 1
    w.press("Restart")
    assert s.index == 0


def _panel(w) -> dict:
    """The lesson's side panel as the board sends it."""
    return next(p for p in w.board.panels if p["id"] == "lesson")


def _buttons(w) -> list[str]:
    return [b["id"] for b in _panel(w)["buttons"] if not b.get("disabled")]


def test_a_solved_step_takes_no_board_clicks_until_next():
    """After a right move the board shows its result with nothing to click; a click on it,
    or typed notation, is answered for the step the learner sees (press Next), never
    judged against the next step."""
    w = start("setup").widget()
    s, board = w.session, w.board
    board.intent = {"action": "start 0,0", "id": 1}
    assert s.reviewing and s.index == 1
    assert not board.can_act and board.actions == [] and "data-action" not in board.parts["map"]
    assert set(_buttons(w)) == {"next", "back", "restart"}        # no Hint for an unseen step
    for intent in ({"refused": {"space": "1,1", "terrain": "current"}}, {"action": "start 3,2"}):
        board.intent = {**intent, "id": 2}
        assert s.reviewing and s.index == 1 and s.feedback.kind == "review", s.feedback
        assert w.message.startswith("Step 1 is done: press **Next**") and board.error == ""
    w.typed.value = "start 1,1"
    assert s.reviewing and s.feedback.kind == "review"
    w.press("Next")
    assert not s.reviewing and board.can_act and w.message == ""


def test_widget_shows_live_odds_at_a_cannons_decision():
    run = start("battles")
    w = run.widget()
    assert w.odds.children == ()
    run.goto(2)
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

    # A wrong click: refused with the lesson's explanation, once (under the board, not
    # also on the board); nothing moves.
    front.click("tailwind 3")
    assert calls == ["tailwind 3"] and len(run.journal) == n_journal + 1
    assert run.feedback.kind == "wrong" and run.index == 0 and run.state == before
    words = ahoy_nb.tutorials.friendly.describe(run.state, "tailwind 3")
    assert run.feedback.message.startswith(f"'tailwind 3' ({words}) is "
                                           "possible, but after it the goal can no longer")
    assert run.step.note_for("tailwind 3") in run.feedback.message   # the lesson's own note
    assert board.error == ""
    assert w.message.count("it cannot take you out of 2,2 and back in") == 1
    assert board.history_length == len(run.state.history) and board.can_act

    # An illegal click: the engine's reason, through the lesson.
    front.click("move 99,99")
    assert calls[-1] == "move 99,99" and run.feedback.kind == "illegal"
    assert run.feedback.message.startswith("Not possible:") and board.error == ""
    assert run.index == 0 and run.state == before

    # A click on something the board does not offer: the board's refused intent (the
    # clicked element's data attributes) reaches the lesson through on_refused.
    board.intent = {"refused": {"slot-group": "mollusk:cannons"}, "id": 1000}
    assert run.feedback.kind == "illegal" and run.state == before
    assert run.feedback.message.startswith("Not possible:") and "Cannons" in run.feedback.message

    # The right clicks: each decision checked once, applied once; the board shows what
    # happened.
    for notation in ("sail 3", "move 3,2", "move 2,2"):
        front.click(notation)
    assert calls == ["tailwind 3", "move 99,99", "sail 3", "move 3,2", "move 2,2"]
    assert len(run.journal) == n_journal + 6
    assert run.feedback.ok and run.feedback.advanced and run.index == 1
    assert len(run.state.log) == n_log + 3 and run.state.log[-1].action == "move 2,2"
    assert run.reviewing and board.state == run.result and board.error == ""
    assert f"1 of {len(run)} done" in _panel(w)["lines"][1] and "Right!" in w.message
    assert "Next" in w.lesson.value and "next" in _buttons(w)
    w.press("Next")
    assert board.state is run.state
    assert board.history_length == len(run.state.history) == len(before.history) + 3
    assert "battle smuggler1" in board.actions


def test_after_a_right_move_the_board_shows_its_events():
    w = start("battles").widget()
    run, board = w.session, w.board
    run.goto(2)
    Clicks(board).click("fire 4>1")          # the Union wins the rulebook's battle
    assert run.reviewing and "2,2" in board.highlight
    assert "Mollusk wins the battle 5 to 5 (attacker wins ties)" in w.board.message["lines"]
    assert board.viewer == "mollusk"
    w.press("Next")
    assert not run.reviewing and board.state is run.state


@pytest.mark.full
def test_widget_board_follows_the_session():
    w = start("battles").widget()
    run, board = w.session, w.board
    front = Clicks(board)
    run.goto(2)                              # the Union decides how far to fire
    assert board.state is run.state and board.can_act and "fire 4>1" in board.actions
    front.click("fire 4>2")                  # legal, loses with the lesson's dice
    assert run.feedback.kind == "wrong" and run.index == 2
    assert "does not reach the goal" in w.message and board.error == ""
    assert board.state is run.state          # the position as it was: the board shows it
    front.click("fire 4>1")
    assert run.index == 3 and board.error == "" and run.reviewing
    run.next()
    assert board.state is run.state
    assert board.viewer == run.learner and board.can_act == (not run.state.is_over)
    # The typed box, Back and Restart go through the session; the board follows.
    w.press("Back")
    assert run.index == 2 and board.state is run.state and "fire 4>1" in board.actions
    w.typed.value = "fire 4>1"
    assert run.index == 3
    run.next()
    assert board.state is run.state
    # The board's own Undo is the lesson's Back (it never undoes behind the lesson).
    assert board.can_undo
    front.send(undo=True)
    assert run.index == 2 and board.state is run.state and board.error == ""
    w.press("Restart")
    assert run.index == 0 and board.state is run.state and board.viewer == "mollusk"
    # A new scene with another learner: the board shows that learner's view.
    run.goto(7)
    assert run.scene.title == "Two dice on Cannons" and run.learner == "bluefin"
    assert board.viewer == "bluefin" and board.people == ("bluefin",) and board.can_act


def test_lesson_board_has_the_lessons_controls_only():
    w = start("battles").widget()
    assert "ahoy-lesson-board" in w.board._dom_classes
    style = w.children[0].value
    for hidden in (".ahoy-controls", ".ahoy-none"):
        assert f".ahoy-lesson-board {hidden}" in style
    assert _buttons(w) == ["hint", "show", "back", "restart"]


def test_a_fixed_picture_is_a_picture():
    state = tutorials.position("battles")
    pic = tutorials.board(state, highlight=["2,2"])
    assert not isinstance(pic, BoardWidget)
    svg = pic._repr_svg_()
    assert svg.startswith("<svg") and "Waiting for another player" not in svg
    assert "data-action" not in svg                           # nothing to click


@pytest.mark.parametrize("name", NAMES)
def test_every_tutorial_plays_by_clicks_on_the_board(name):
    """Each answer is a legal action the board offers the learner, and a click on it is
    accepted by the lesson (as the front end sends it)."""
    w = start(name).widget()
    run, board = w.session, w.board
    front = Clicks(board)
    for i in range(len(run)):
        assert run.index == i
        for notation in run.expected_answer():
            assert board.state is run.state and board.viewer == run.learner
            assert board.can_act and notation in board.actions, (i, notation, board.actions)
            front.click(notation)
            assert board.error == "", (i, notation, board.error)
        assert run.index == i + 1 and run.reviewing
        w.press("Next")
    # The quiz: its positions are pictures, nothing on them to click.
    assert run.finished and run.in_quiz and board.state is run.quiz.current.state
    assert board.actions == [] and not board.can_act


# -- steps that follow the learner ---------------------------------------------------------

def _claims_match(run: Session) -> list[str]:
    """What the current step's text says about the learner's position, checked against it:
    the dice it says are left, and who ended a turn."""
    text = run.text
    s = run.state
    dice = sorted(s.dice(run.learner)) if run.learner else []
    problems = []
    m = re.search(r"dice ((?:\d, )*\d(?:,? and \d)?) are left", text)
    if m and sorted(int(d) for d in re.findall(r"\d", m.group(1))) != dice:
        problems.append(f"says dice {m.group(1)} are left, has {dice}")
    m = re.search(r"last die \(the (\d)\)", text)
    if m and dice != [int(m.group(1))]:
        problems.append(f"says the last die is {m.group(1)}, has {dice}")
    return problems


def _at_step(name: str, index: int, ways_before: list[list[str]]) -> Session:
    run = start(name)
    for way in ways_before:
        for notation in way:
            run.try_action(notation)
    assert run.index == index
    return run


@pytest.mark.parametrize("name", NAMES)
def test_every_accepted_alternative_leads_to_a_next_step_that_fits(name):
    """Play every accepted way of doing every step; after each, the next step's text
    matches the position (the dice left, who ended the turn) and its answer works."""
    run = start(name)
    path: list[list[str]] = []
    checked = 0
    for i in range(len(run)):
        ways = run.accepted_ways(depth=max(4, len(run.expected_answer()) + 1))
        assert ways, f"{name} step {i + 1}: no accepted way"
        _first_hint_fits(run, {way[0] for way in ways})
        for way in ways:
            alt = _at_step(name, i, path)
            for notation in way:
                fb = alt.try_action(notation)
            assert fb.advanced, (name, i + 1, way, fb.message)
            if "you ended your turn" in fb.message.lower():
                assert "end" in way, (name, i + 1, way, fb.message)
            if alt.finished:
                continue
            assert _claims_match(alt) == [], (name, i + 1, way, alt.text)
            for notation in alt.expected_answer():
                nxt = alt.try_action(notation)
                assert nxt.ok, (name, i + 1, way, notation, nxt.message)
            assert nxt.advanced, (name, i + 2, "after", way)
            checked += 1
        path.append(run.expected_answer())
        for notation in path[-1]:
            run.try_action(notation)
    assert checked >= len(run) - 1


def _first_hint_fits(run: Session, firsts: set[str]) -> None:
    """Hint 1 fits every right answer, not only the one Show me plays: each accepted first
    move is among the actions it marks, and each region an answer is in is named."""
    assert firsts <= set(run.accepted_moves()), (run.index, firsts, run.accepted_moves())
    text = run.hint()
    assert firsts <= set(run.suggest), (run.index, text, firsts - set(run.suggest))
    for move in firsts:
        spaces = ahoy_nb.tutorials.core.SPACE_RE.findall(move)
        region = ahoy_nb.tutorials.core._region_of(run.state, spaces[-1]) if spaces else None
        if region is not None:
            assert region["suit"].title() in text, (run.index, move, text)
            assert all(f"{x},{y}" in run.pointers for x, y in region["spaces"])


def test_turn_lesson_follows_the_die_the_learner_kept():
    run = start("turn")
    run.goto(1)                             # Repair: the 3 (not the 1) turned into a 2
    assert run.try_action("repair 3>2").ok and run.try_action("repair tailwind").advanced
    run.goto(3)
    assert "dice 1, 3 and 6 are left" in run.text
    run.play_answer()                       # the Tailwind with the 6
    run.next()
    assert "(you have 1 and 3)" in run.text
    assert run.try_action("tailwind 1").ok and run.try_action("stay").advanced
    assert "You ended your turn" not in run.feedback.message
    assert "the lesson ended your turn for you" in run.feedback.message
    run.next()
    assert run.state.dice("bluefin") == [3]
    assert "(the 3)" in run.text and "(the 1)" not in run.text
    assert run.play_answer().advanced


def test_a_decision_that_loses_the_aim_is_refused_at_once_with_its_own_note():
    """Issue 50: "deploy 6" used to be accepted with "go on", and the failure then blamed
    the next move. Each decision is judged as it is made: the one that makes the aim
    unreachable is refused, with the note written for it, and nothing changes."""
    run = start("round-bluefin")
    run.goto(2)                             # take the lead, keeping the 6
    before = run.state.copy()
    fb = run.try_action("deploy 6")
    assert not fb.ok and fb.kind == "wrong" and "Your 6 is for your Cannons" in fb.message
    assert fb.message.startswith("'deploy 6' (Place your 6 on Deploy) is possible, but after "
                                 "it the goal can no longer be reached"), fb.message
    assert run.index == 2 and not run.in_progress and run.state == before
    # A right first decision goes on, and the step is done by the second.
    assert run.try_action("deploy 1").kind == "progress"
    fb = run.try_action("deploy 2,1")
    assert fb.ok and fb.advanced, fb.message    # any space of the region will do


def test_a_refused_last_decision_keeps_the_earlier_ones():
    run = start("scoring")                  # take the Skull region with Assemble
    assert run.try_action("assemble 1").kind == "progress"
    fb = run.try_action("assemble 2")       # the count: "Place 2..." is no die on Assemble
    assert not fb.ok and "(Place your 2 on Assemble)" not in fb.message, fb.message
    assert run.in_progress and run._played_this_step() == ["assemble 1"]


# -- graded hints -----------------------------------------------------------------------

def test_hint_levels_point_then_name_the_rule_then_show():
    run = start("turn")
    assert run.help[0] == 0
    first = run.hint()
    assert first.startswith("Look at your player board: the Cannons slot")
    assert "cannons 6" not in first and run.help[0] == 1
    assert all(n.startswith("cannons") for n in run.suggest) and run.suggest
    assert run.progress["hints"] == 1                  # counted at once (issue 49, item 11)
    second = run.hint()
    assert second.startswith("**Taking Action**") and "5 or a 6" in second
    assert "cannons 6" not in second and run.help[0] == 2
    third = run.hint()                                 # no third hint: Show me is next
    assert "Show me" in third and run.help[0] == 2
    fb = run.show_me()
    assert fb.ok and fb.advanced and fb.kind == "shown" and "'cannons 6'" in fb.message
    assert run.help[0] == 3 and run.index == 1
    run.play_answer()
    assert run.progress == {"done": 2, "steps": len(run), "hints": 0, "shown": 1,
                            "help": ["shown"] + ["none"] * (len(run) - 1)}


def test_first_hint_points_at_the_region_on_the_map():
    run = start("moving")
    run.goto(1)                                   # around the Sandbar, onto the Current
    text = run.hint()
    assert text.startswith("Look at the map: the ") and "1,1" not in text
    assert "1,1" in run.pointers and len(run.pointers) >= 4
    w = run.widget()
    assert set(run.pointers) <= set(w.board.highlight)


def test_help_is_recorded_per_step_and_reset_by_restart():
    run = start("setup")
    run.hint()
    run.play_answer()
    run.next()
    run.hint(); run.hint()
    run.play_answer()
    assert run.progress["hints"] == 2 and run.progress["help"][:2] == ["hint 1", "hint 2"]
    run.restart()
    assert run.progress["hints"] == 0 and set(run.progress["help"]) == {"none"}


def test_no_hint_before_show_me_gives_the_answer_away():
    for name in NAMES:
        run = start(name)
        while not run.finished:
            answer = run.expected_answer()
            for _ in range(2):
                text = run.hint()
                assert not ahoy_nb.tutorials.core.names_answer(text, answer), \
                    (name, run.index, text)
            run.play_answer()


def test_notation_in_lessons_has_its_meaning_beside_it():
    from ahoy_nb.engine.notation import VERBS
    quoted = re.compile(r"'([a-z][a-z'-]*(?: [^' ]+)*)'(?! \()")
    for name in NAMES:
        run = start(name)
        while not run.finished:
            texts = [run.text]
            run.hint(); texts.append(run.feedback.message)
            run.hint(); texts.append(run.feedback.message)
            run.show_me(); texts.append(run.feedback.message)
            for text in texts:
                bare = [m for m in quoted.findall(text) if m.split(" ")[0] in VERBS]
                assert not bare, (name, run.index, bare, text)


def test_the_lesson_has_the_rules_at_hand():
    w = start("battles").widget()
    assert w.rules.selected_index is None          # folded away
    box, out = w.rules.children[0].children
    box.value = "strong current"
    assert "Strong Current" in out.value


def test_a_refused_click_on_a_space_says_why_in_the_rules_words():
    """A click on a map space with nothing offered: while the Flagship moves, the movement
    rule that stops that step (the engine's words); otherwise what the position asks."""
    run = start("moving")
    run.goto(1)                                     # the Flagship moves from 1,0
    before = run.state.copy()
    assert not run.state.is_legal("move 0,0") and not run.state.is_legal("move 3,0")
    sandbar = run.refused({"space": "0,0", "terrain": "sea"}).message
    assert sandbar.startswith("Not possible:") and "Sandbar" in sandbar, sandbar
    far = run.refused({"space": "3,0"}).message
    assert "adjacent" in far and "3,0" in far, far
    for text in (sandbar, far):
        assert not ahoy_nb.tutorials.core.names_answer(text, run.expected_answer()), text
    assert run.state == before and run.index == 1 and run.feedback.kind == "illegal"

    run.goto(0)                                     # placing a die: no space to choose
    text = run.explain_target({"space": "0,0", "terrain": "sea"})
    assert text.startswith("Not possible: 'move 0,0' is not allowed: a figure moves as part of "
                           "an action: place a die on Sail"), text


# -- the six sentences that taught a wrong rule (issue 50), each against the rulebook --------

def _texts_of(run: Session) -> str:
    """Every text of the current step a learner can read: its text, both hints, Show me."""
    before = run.state.copy()
    texts = [run.text, run.ask()]
    run.hint(); texts.append(run.feedback.message)
    run.hint(); texts.append(run.feedback.message)
    assert run.state == before
    return "\n".join(texts)


def _goto_title(run: Session, title: str) -> None:
    while run.step.title != title:
        run.play_answer()
    if run.reviewing:
        run.next()


def test_the_repair_tip_says_its_dashed_slot_is_never_damaged():
    """Rulebook, Damage: "A die slot cannot be damaged if ... it has a dashed box around it,
    such as the Repair slot." The tip is also Hint 2 wherever Repair is the answer."""
    from ahoy_nb.tips import tip
    text = tip("slot", "repair")
    assert "never be damaged" in text and "can itself be damaged" not in text
    run = start("moving")
    _goto_title(run, "Wreckage")
    run.play_answer()
    run.next()                                    # choosing the damaged slot
    assert "dashed box (Repair), cannot be damaged" in _texts_of(run)


def test_assemble_is_four_comrades_on_the_island_of_the_flagships_region():
    """Rulebook, the Mollusk Union: "Assemble: ... Place 4 Comrades on the Island in your
    Flagship's region." Not "up to 4", not "the Island where your Flagship is"."""
    from ahoy_nb.tips import tip
    text = tip("slot", "assemble")
    assert "4 Ready Comrades" in text and "region your Flagship is in" in text
    assert "where your Flagship is" not in text
    for name in ("scoring", "factions"):
        run = start(name)
        while not run.finished:
            assert "up to 4 Ready" not in run.text and "places up to 4 on" not in run.text, \
                (name, run.index, run.text)
            run.play_answer()
            run.next()


def test_a_pledge_scores_for_the_smuggler():
    """Rulebook, Pledges: "you gain 1 Fame for each region that the pledged faction
    controls": the Smuggler scores, not the faction it pledged to."""
    run = start("cargo")
    _goto_title(run, "Pledge the Cargo")
    assert "scores for the faction you pledged" not in run.text
    assert "**you** score 1 Fame for each region the faction you pledged it to controls" \
        in run.text, run.text


def test_the_reward_up_from_the_middle_is_one_gold():
    """The Rewards grid (components): up from the start space is 1 gold, as step 4 of the
    same lesson says; the hint of the last scene's reward step says so too."""
    from ahoy_nb.engine.components import REWARD_START, REWARD_STEPS, REWARDS
    row, col = REWARD_START
    dr, dc = REWARD_STEPS["up"]
    assert REWARDS[row + dr][col + dc] == ("gold", 1)
    run = start("endgame")
    while not (run.scene.title == "Pledges revealed" and run.ask() == "Take any reward."):
        run.play_answer()
    run.next()
    text = _texts_of(run)
    assert "2 Fame at once" not in text and "up is 1 gold" in text, text
    gold = run.state.gold["smuggler1"]
    run.try_action("reward up")
    assert run.state.gold["smuggler1"] == gold + 1


def test_the_cutter_scene_has_its_stronghold_on_an_island():
    """Strongholds are placed on Islands and never move: the Cutter lesson's Stronghold
    stands on the Skull Island, and the Cutter battles it but not the Patrol beside it."""
    run = start("plans")
    while run.scene.title != "The Cutter":
        run.play_answer()
    run.next()
    s = run.state
    assert [f["at"] for f in s.figures() if f["kind"] == "stronghold"] == [(3, 2)]
    assert "Harbor" not in run.scene.intro
    for notation in ("cutter 3", "sail", "move 3,2"):
        assert run.try_action(notation).ok
    assert [a.notation for a in run.state.legal_actions()] == ["battle stronghold"]


def test_the_last_die_hint_names_only_the_slots_that_take_it_now():
    """Turn lesson, the fifth die: Cannons and Tailwind already hold dice, so the hint must
    not offer them; the slots it names are the engine's legal placements of that die."""
    from ahoy_nb.engine.words import slot_title
    from ahoy_nb.engine.components import ACTION_TITLES
    run = start("turn")
    _goto_title(run, "The fifth die")
    offered = {slot_title(a.args["slot"]) for a in run.state.legal_actions() if "slot" in a.args}
    assert "Cannons" not in offered and "Tailwind" not in offered
    run.hint()
    second = run.hint().split("fits an empty slot that takes it:")[-1]
    named = {t for t in ACTION_TITLES.values() if t in second}
    assert named == offered, second


@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_position_could_arise_in_a_game(name):
    """Each scene's position passes the engine's loader (which checks the supply limits and
    that Strongholds stand on Islands) and round-trips through it unchanged."""
    from ahoy_nb.engine import State
    for scene in tutorials.get(name).scenes:
        position = scene.build()
        again = State.from_json(position.to_json())
        assert again == position, (name, scene.title)
