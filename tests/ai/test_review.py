"""Game review: every decision judged, as its player saw it, and a blunder found."""

from __future__ import annotations

import random
import pytest

from ahoy_nb import savegame
from ahoy_nb.ai.analysis import (LABELS, THRESHOLDS, Decision, at_floor, even_loss, grade, judge,
                                 review)
from ahoy_nb.ai.lab import play_game, replay
from ahoy_nb.engine import new_game
from ahoy_nb.session.chartdata import position_state
from ahoy_nb.session.reviewing import decision_text, picture, review_summary
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
        assert 0.0 <= d.after <= d.best_after <= 1.0
        position = position_state(recorded, d.index)
        assert d.even_odds == (d.options > 1 and at_floor(d.best_after, position)), d
        if not d.even_odds:
            assert d.loss == pytest.approx(max(0.0, d.best_after - d.after))
        assert d.label == ("best" if d.options == 1 or d.best == d.action else grade(d.loss))
        if d.options == 1:
            assert d.label == "best" and d.best == d.action
    summary = rv.summary()["mollusk"]
    assert summary["decisions"] == len(played) == sum(summary[k] for k in LABELS)
    # The costliest: the chances lost first (the most first), the gaps at even odds after.
    lost = sorted((d for d in rv.mistakes() if not d.even_odds), key=lambda d: -d.loss)
    for most in (3, len(lost) + 2):
        listed = rv.costliest(most)
        assert listed == sorted(listed, key=lambda d: d.index)
        assert [d for d in listed if not d.even_odds] == sorted(lost[:most], key=lambda d: d.index)
    assert sum(d.even_odds for d in listed) == 2     # the late game's, at the floor
    # The easy bot plays a random action 60% of the time: the review finds some of them.
    assert rv.mistakes("mistake"), rv.summary()


def test_a_smuggler_left_at_the_floor_is_judged_at_even_odds():
    """Against these bots a Smuggler's chance stays at the floor whatever it does, where
    every option reads the same chance: the review compares the model's own chances of
    its options, their gap read as it would be in an even game, so a random Smuggler's
    poor choices are labelled (and the better move shown), not all called "best"."""
    game = replay(play_game(3, ["random", "random", "random"], seed=4, played=True))
    rv = review(game, "smuggler1", simulations=0, progress=False)
    chosen = [d for d in rv.decisions if d.options > 1]
    even = [d for d in chosen if d.even_odds]
    assert len(even) > len(chosen) / 2, rv.summary()
    for d in chosen:
        assert d.even_odds == at_floor(d.best_after, position_state(game, d.index)), d
    poor = [d for d in even if d.is_mistake]
    assert poor and len(poor) < len(even), rv.summary()
    for d in poor:
        # The gap, worked out again from the hint's own judge (the review's budget, seed).
        model = {e.notation: e.model for e in judge(position_state(game, d.index), 0, seed=d.index)}
        assert d.loss == pytest.approx(even_loss(model[d.best], model[d.action]))
        assert d.label == grade(d.loss) and d.best != d.action
        assert " at even odds: its chance stayed at about " in decision_text(d)
        assert picture(game, d).marked == [d.best]
    row = rv.summary()["smuggler1"]
    assert row["even_odds"] == len(even)
    above = [d for d in chosen if not d.even_odds]   # the average is of chances lost
    assert row["average_loss"] == (pytest.approx(sum(d.loss for d in above) / len(above))
                                   if above else None)
    text = review_summary(rv)
    assert f"{len(even)} at the floor, judged at even odds" in text
    assert ("on average a choice above the floor lost" in text) == bool(above), text


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


def test_a_gap_at_even_odds_is_never_said_to_be_all_of_a_chance():
    """A gap so wide it rounds to 100% (an option that ends the game lost, against one
    that does not) is said as "over 99%", as a chance is."""
    d = Decision(50, 4, "smuggler1", "x", "Sail on", 0.01, 0.01, "y", "Anchor", 0.01,
                 even_loss(1e-6, 0.0), "blunder", 2, 0, True)
    assert d.loss > 0.995
    assert decision_text(d).endswith("a gap worth over 99% of the chance to win in an even game")


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


def test_the_costliest_decisions_are_listed_in_the_games_order():
    """With more marked decisions than buttons, the side column lists the costliest (not
    the first), in the game's order, and counts the rest; the online page lists the same."""
    from ahoy_nb.ai.analysis import Decision, Review
    from ahoy_nb.apps.online.tables import _review_answer
    from ahoy_nb.session.board import Board
    from ahoy_nb.session.game import GameSession
    from ahoy_nb.session.panels import ReviewPanel

    losses = [0.06, 0.30, 0.02, 0.07, 0.20, 0.05, 0.11, 0.16, 0.09, 0.12, 0.08, 0.25, 0.0]
    decisions = [Decision(index=i, round=1, player="bluefin", action="stay", words="Stay",
                          before=0.5, after=0.5 - loss, best="move -2,1",
                          best_words="Move to -2,1", best_after=0.5, loss=loss,
                          label=grade(loss), options=2, simulations=0)
                 for i, loss in enumerate(losses)]
    result = Review("bluefin", "bluefin", decisions, [{"bluefin": 0.5}] * (len(losses) + 1))
    assert len(result.mistakes()) == 11 > ReviewPanel.MOST
    costliest = [1, 4, 6, 7, 8, 9, 10, 11]   # not the 0.06, 0.07 and 0.05 of actions 0, 3, 5
    assert sorted((losses[i] for i in costliest), reverse=True) == sorted(losses, reverse=True)[:8]
    assert [d.index for d in result.costliest(ReviewPanel.MOST)] == costliest

    board = Board(GameSession(new_game(2, seed=3)), viewer="bluefin")
    panel = ReviewPanel(board)
    panel.show_review(result)
    drawn = board.traits["panels"][-1]
    listed = [b["id"] for b in drawn["buttons"] if b["id"].startswith("mark-")]
    assert listed == [f"mark-{i}" for i in costliest]
    assert "3 more on the chart below." in drawn["lines"]
    answer = _review_answer(result)
    assert list(answer["marks"]) == [str(i) for i in costliest]
    assert "3 more not listed." in answer["panel"]["lines"]
