"""Game review: every decision judged, as its player saw it, and a blunder found."""

from __future__ import annotations

import random
import pytest

from ahoy_nb import savegame
from ahoy_nb.ai.analysis import LABELS, THRESHOLDS, grade, review
from ahoy_nb.engine import new_game
from support import seed10_last_choice

@pytest.fixture(scope="module")
def recorded():
    """A recorded game: the easy bot's Mollusk against the normal bot's Bluefin."""
    return savegame.example("easy-mollusk")


def test_every_decision_of_the_named_player_gets_an_entry(recorded):
    rv = review(recorded, "mollusk", simulations=0, progress=False)
    first = len(recorded.log) - len(recorded.history)
    played = [(i, e.action) for i, e in enumerate(recorded.log[first:]) if e.player == "mollusk"]
    assert [(d.index, d.action) for d in rv.decisions] == played
    assert len(rv.chances) == len(recorded.history) + 1
    assert rv.chances[-1] == {"bluefin": 1.0, "mollusk": 0.0}      # the game is over
    for d in rv.decisions:
        assert d.player == "mollusk" and d.label in LABELS
        assert d.loss == pytest.approx(max(0.0, d.best_after - d.after))
        assert 0.0 <= d.after <= d.best_after <= 1.0
        assert d.label == ("best" if d.best == d.action else grade(d.loss))
        if d.options == 1:
            assert d.label == "best" and d.best == d.action
    summary = rv.summary()["mollusk"]
    assert summary["decisions"] == len(played) == sum(summary[k] for k in LABELS)
    # The easy bot plays a random action 60% of the time: the review finds some of them.
    assert rv.mistakes("mistake"), rv.summary()


def test_a_review_of_everyone_judges_each_decision_as_its_player_saw_it(recorded):
    """A game under way (the recorded one, 40 actions in)."""
    current = recorded.copy()
    while len(current.history) > 40:
        current.undo()
    both = review(current, simulations=0, progress=False)
    assert {d.player for d in both.decisions} == {"bluefin", "mollusk"}
    assert both.viewer == "public" and len(both.decisions) == 40
    mine = review(current, "mollusk", simulations=0, progress=False)
    theirs = {d.index: d for d in both.decisions if d.player == "mollusk"}
    assert [theirs[d.index] for d in mine.decisions] == mine.decisions


def the_blunder():
    """Seed 10's game where the Mollusk, four decisions before the end, stays where moving
    to -2,1 would have won (support.seed10_last_choice)."""
    s, r = seed10_last_choice()
    s.apply("stay")
    while not s.is_over:
        s.apply(r.choice(s.legal_actions()))
    return s, len(s.history) - 4


def test_a_deliberately_bad_move_is_a_blunder():
    s, index = the_blunder()
    assert s.winners == ["bluefin"]
    rv = review(s, "mollusk", simulations=60, seed=1, progress=False, first=index)
    assert rv.decisions[0].index == index and len(rv.chances) == len(s.history) + 1
    d = rv.decisions[0]
    assert d.action == "stay" and d.best == "move -2,1"
    assert d.label in ("mistake", "blunder") and d.loss >= THRESHOLDS["mistake"], d
    assert d.simulations > 0


def test_labels_follow_the_thresholds():
    assert [grade(x) for x in (0.0, 0.005, 0.049, 0.05, 0.099, 0.1, 0.149, 0.15, 1.0)] == [
        "best", "best", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder",
        "blunder"]


def test_refused_politely():
    s = new_game(2, seed=1)
    with pytest.raises(ValueError, match="not playing"):
        review(s, "smuggler1")
    with pytest.raises(ValueError, match="simulations"):
        review(s, simulations=-1)
    assert review(s, progress=False).decisions == []
