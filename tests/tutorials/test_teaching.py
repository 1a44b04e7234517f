"""What issue 50 asks of the tutor beyond playing through: decisions rather than dictation,
hints that never are the answer, one order with prerequisites (the same in the catalog,
the notebooks and the docs), a quiz that closes every lesson, and a review lesson; and
issue 49's items 10 to 12 (a finished lesson, the hint counter, a refused click's words)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import ahoy_nb.tutorials as tutorials
from ahoy_nb.engine import State
from ahoy_nb.engine.components import ACTION_TITLES
from ahoy_nb.tutorials import audit, core, quiz, start
from ahoy_nb.tutorials.friendly import describe

ROOT = Path(__file__).resolve().parents[2]
CATALOG = tutorials.catalog()
NAMES = [t.name for t in CATALOG]


# -- decisions, not dictation ---------------------------------------------------------

def test_at_least_half_of_the_steps_ask_for_a_decision_and_the_docs_say_how_many():
    judged = [a for t in CATALOG for a in audit.audit(t)]
    decisions = sum(a.decision for a in judged)
    assert decisions * 2 >= len(judged), (decisions, len(judged))
    doc = (ROOT / "docs" / "tutorials.md").read_text()
    assert f"**{decisions} of {len(judged)} steps" in doc


def test_a_dictated_step_is_not_counted_as_a_decision():
    assert audit.names_move("Rally.", "rally 6")
    assert audit.names_move("Deliver the Jewelry.", "deliver jewelry")
    assert audit.names_move("Pledge the Jewelry to the Union.", "pledge mollusk")
    assert audit.names_move("Choose the Smuggler's Flagship as your first defender.",
                            "battle smuggler1", verb_too=False)
    assert not audit.names_move("Win this battle.", "fire 4>1")
    assert not audit.names_move("Put the damage where it slows the Smuggler down the most.",
                                "damage fullsail", verb_too=False)


def _said_in_words(text: str, state: State, move: str) -> bool:
    """Whether ``text`` gives ``move`` away: its notation, its meaning in words, or, for a
    Cannons die turned down, the value it is turned down to."""
    low = text.lower()
    words = describe(state, move)
    if re.search(rf"(?<![\w'>-]){re.escape(move.lower())}(?![\w,>-])", low) or (
            words and words.lower() in low):
        return True
    m = re.fullmatch(r"fire (\d)>(\d)", move)
    return bool(m and re.search(rf"(down )?to {m.group(2)}\b", low)
                and re.search(rf"\b{m.group(1)}\b", low))


@pytest.mark.parametrize("name", NAMES)
def test_no_hint_2_is_the_answer(name):
    """Hint 2 is the rule or the sum to do: it never quotes the answer, never says it in
    words ("turn the 4 down to 1"), for any move the step accepts first."""
    run = start(name, seed=0)
    while not run.finished:
        firsts = run.accepted_moves()
        # Where any choice is right there is nothing to give away; a hint may name the rule
        # that all of many right choices obey.
        choice = any(a.notation not in firsts for a in run.legal_actions())
        run.hint()
        second = run.hint()
        for move in firsts:
            if choice and len(firsts) <= 3:
                assert not _said_in_words(second, run.state, move), (name, run.index, move, second)
        assert not core.names_answer(second, run.expected_answer()), (name, run.index, second)
        run.play_answer()
        run.next()


@pytest.mark.parametrize("name", NAMES)
def test_show_me_says_each_move_once(name):
    """Issue 49, item 12: "Shown: 'start 1,1' (...). Any space but 0,0 and 3,2, for example
    'start 1,1' (...)" said it twice."""
    run = start(name, seed=0)
    while not run.finished:
        answer = run.expected_answer()
        fb = run.show_me()
        for quoted in set(re.findall(r"'([a-z][^']*)' \(", fb.message)):
            assert fb.message.count(f"'{quoted}' (") == max(1, answer.count(quoted)), \
                (name, run.index, fb.message)
        run.next()


# -- issue 49, items 10 to 12 ----------------------------------------------------------

def test_a_refused_start_is_not_called_an_island():
    """Item 12: "'start 1,1' (Start on the Island at 1,1) is not allowed: ... 1,1 is a
    Strong Current"."""
    run = start("setup")
    fb = run.try_action("start 1,1")
    assert not fb.ok and "1,1" in fb.message
    assert "Island at 1,1" not in fb.message, fb.message
    assert fb.message.startswith("Not possible: 'start 1,1' (Start on the space 1,1)")


def test_a_move_is_never_labelled_as_another_move():
    """Issue 50: "'assemble 1' (Place 1 Ready Comrades on the Island)" for placing the 1
    die. A die on Assemble reads as a die before the count is asked; the count as a count;
    a count that is not one of the choices is not said as a die."""
    run = start("scoring")
    first = run.try_action("assemble 1")
    assert first.message.startswith("'assemble 1' (Place your 1 on Assemble): go on")
    wrong = run.try_action("assemble 2")
    assert "(Place your 2 on Assemble)" not in wrong.message, wrong.message
    right = run.try_action("assemble 4")
    assert right.advanced
    assert "'assemble 1' (Place 1 Ready Comrades" not in right.message


def test_the_hint_counter_counts_at_once():
    """Item 11: the panel read "hints: 0" after Hint 1 and Hint 2, counting only after the
    move."""
    w = start("setup").widget()
    assert "hints: 0" in w.board.panels[0]["lines"][-1]
    w.press("Hint")
    assert "hints: 1" in w.board.panels[0]["lines"][-1]
    w.press("Hint")
    assert "hints: 1" in w.board.panels[0]["lines"][-1]       # one step, hinted
    w.press("Show me")
    assert "hints: 0" in w.board.panels[0]["lines"][-1]       # now shown instead
    assert "shown: 1" in w.board.panels[0]["lines"][-1]


def _finish(w, right=True) -> None:
    s = w.session
    while not s.finished:
        s.play_answer()
        w.press("Next")
    while s.in_quiz:
        q = s.quiz.current
        w.press(q.choices[q.right if right else (q.right + 1) % len(q.choices)])
        w.press("Next")


def test_a_finished_lesson_offers_nothing_to_play():
    """Item 10: a finished lesson still showed action buttons and "Bluefin's turn: place a
    die…", and a click answered "This tutorial is finished"."""
    w = start("setup", seed=3).widget()
    _finish(w)
    s, board = w.session, w.board
    assert s.complete and not s.in_quiz
    assert board.actions == [] and not board.can_act and board.choices == []
    assert "data-action" not in "".join(board.parts.values())
    assert w.is_picture and board.key in board._dom_classes      # prompt and status hidden
    assert f".{board.key} .ahoy-prompt" in w.style.value
    assert f".{board.key} [data-prompt]" in w.style.value
    assert [b["id"] for b in board.panels[0]["buttons"]] == ["restart"]
    assert w.choices.options == ()
    assert "Quiz: 3 of 3 right" in board.panels[0]["lines"][0]
    w.press("Restart")                                           # a lesson again: shown
    assert not w.is_picture and ".ahoy-prompt" not in w.style.value
    assert board.can_act and board.actions


# -- one order --------------------------------------------------------------------------

def test_the_catalog_keeps_every_lesson_after_the_ones_it_requires():
    seen: set[str] = set()
    for t in CATALOG:
        assert set(t.requires) <= seen, (t.name, set(t.requires) - seen)
        seen.add(t.name)
    assert NAMES[-1] == "endgame" and {"round-bluefin", "round-union", "round-smuggler"} <= seen


def test_no_lesson_places_a_die_on_an_action_not_yet_taught():
    """Issue 50: "turn uses Bombard, Deploy and Tailwind before they are taught". An action
    is taught by a step whose text (or its scene's introduction) names it in bold; every
    answer placing a die on it comes at or after that step, in the catalog's order."""
    taught: set[str] = set()
    for t in CATALOG:
        run = start(t.name, seed=0)
        while not run.finished:
            text = run.text
            taught |= {v for v, title in ACTION_TITLES.items() if f"**{title}**" in text}
            for notation in run.expected_answer():
                verb = notation.split(" ")[0]
                if verb in ACTION_TITLES:
                    assert verb in taught, (t.name, run.index, notation)
            run.play_answer()
            run.next()


def _notebook_lessons() -> list[str]:
    out = []
    for path in sorted((ROOT / "notebooks").glob("0*.ipynb")):
        cells = json.loads(path.read_text())["cells"]
        for cell in cells:
            if cell["cell_type"] == "code":
                out += re.findall(r'^tutorials\.start\("([\w-]+)"\)\s*$', "".join(cell["source"]),
                                  re.M)
    return out


def test_the_notebooks_and_the_docs_give_the_catalog_s_order():
    assert _notebook_lessons() == NAMES + ["review"]
    doc = (ROOT / "docs" / "tutorials.md").read_text()
    listed = re.findall(r"^\| \d+ \| `([\w-]+)`", doc, re.M)
    assert listed == NAMES
    first = json.loads((ROOT / "notebooks" / "01_setup.ipynb").read_text())["cells"][-1]
    nexts = re.findall(r"\*\*(0\d_\w+)\.ipynb\*\*", "".join(first["source"]))
    assert nexts == ["02_battles", "04_factions", "05_rounds", "03_full_game"], nexts


# -- the quiz -------------------------------------------------------------------------

@pytest.mark.parametrize("name", NAMES)
def test_every_lesson_ends_with_a_quiz_of_three_questions_or_more(name):
    run = start(name, seed=11)
    while not run.finished:
        run.play_answer()
    run.next()
    assert run.in_quiz and len(run.quiz.questions) >= 3
    assert "Question 1 of" in run.text and "no hints" in run.text
    assert run.hint().startswith("No hints in the quiz")
    assert run.help == [0] * len(run)                        # a hint asked here counts nowhere


@pytest.mark.parametrize("kind", sorted(quiz.KINDS))
def test_quiz_questions_are_answered_by_the_engine(kind):
    """Over many draws: each question's position passes the engine's loader, has one right
    choice among distinct ones, and its answer agrees with the engine asked afresh."""
    answers = set()
    for seed in range(40):
        q = quiz.KINDS[kind](random.Random(seed))
        assert State.from_json(q.state.to_json()) == q.state
        assert len(set(q.choices)) == len(q.choices) >= 2 and 0 <= q.right < len(q.choices)
        assert q.why and q.ask.endswith("?")
        answers.add(q.choices[q.right])
        if kind == "control":
            island = re.search(r"at (\d,\d)\)", q.ask).group(1)
            c = q.state.control(island)
            expected = ("Bluefin" if c["bluefin"] > c["mollusk"] else "the Mollusk Union"
                        if c["mollusk"] > c["bluefin"] else "nobody: a tie")
            assert q.choices[q.right] == expected
        if kind == "damage":
            slot = re.search(r"'s ([\w ()0-9]+) slot\?", q.ask).group(1)
            keys = [a.args["slot"] for a in q.state.legal_actions()]
            from ahoy_nb.engine.words import slot_title
            assert (q.choices[q.right] == "Yes") == (slot in {slot_title(k) for k in keys})
    assert len(answers) >= 2, f"{kind}: always the same answer, {answers}"


def test_a_wrong_answer_is_explained_and_the_score_kept():
    run = start("battles", seed=5)
    while not run.finished:
        run.play_answer()
    run.next()
    q = run.quiz.current
    wrong = (q.right + 1) % len(q.choices)
    fb = run.choose(wrong)
    assert not fb.ok and fb.kind == "quiz"
    assert fb.message.startswith(f"Not quite: the answer is “{q.choices[q.right]}”.")
    assert q.why in fb.message
    assert not run.choose(q.right).ok                        # one answer a question
    run.next()
    for _ in range(len(run.quiz.questions) - 1):
        assert run.choose(run.quiz.current.right).ok
        run.next()
    assert run.complete and run.quiz.score == len(run.quiz.questions) - 1
    assert run.feedback.message.startswith(f"Quiz: {run.quiz.score} of ")


# -- the review -----------------------------------------------------------------------

def test_the_review_replays_the_steps_that_needed_help():
    core.HELPED.clear()
    run = start("moving", seed=0)
    run.play_answer()                       # step 1, no help
    run.next()
    run.hint()                              # step 2: a hint
    run.play_answer()
    run.next()
    run.play_answer()                       # step 3, no help
    run.next()
    run.show_me()                           # step 4: shown
    review = tutorials.review(seed=0)
    assert [step for _, step in review.tutorial.steps] == [
        moving_step for moving_step in (run.tutorial.steps[1][1], run.tutorial.steps[3][1])]
    assert review.scene.title.startswith("Moving and terrain")
    assert review.state == run._starts[1]   # from where the step started
    assert "hint 1" in review.text
    for _ in range(len(review)):
        assert review.play_answer().advanced
        review.next()
    assert review.finished and review.quiz is None and review.complete
    core.HELPED.clear()
    assert len(tutorials.review()) == 0 and tutorials.review().complete
