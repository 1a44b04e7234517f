"""The puzzle trainer's flow: grading, ratings (first attempt only), next, the file."""

from __future__ import annotations

import json

import pytest

from ahoy_nb.ai.puzzles import load
from ahoy_nb.engine import IllegalActionError
from ahoy_nb.engine.words import label
from ahoy_nb.session.puzzles import GOOD, Ratings, Trainer

PUZZLES = load()


@pytest.fixture
def ratings(tmp_path):
    return Ratings(tmp_path / "ratings.json")


def test_the_answer_is_best_and_played_without_rolling(ratings):
    t = Trainer(PUZZLES, ratings)
    p = t.puzzle
    v = t.answer(p.best)
    assert v.kind == "best" and v.text.startswith("Best! ")
    assert f"{p.chances[p.best]:.0%}" in v.text and "against these bots" in v.text
    assert t.done and t.state.history[-1] is not None
    with pytest.raises(IllegalActionError):
        t.answer(p.best)                   # done: Next goes on


def test_the_runner_up_is_good_but(ratings):
    t = Trainer(PUZZLES, ratings)
    p = t.puzzle
    v = t.answer(p.runner_up)
    assert v.kind == "good"
    assert v.text.startswith("Good, but ") and "was better" in v.text
    words = label(p.state, p.best)                         # mid-sentence, a small letter
    assert f"Good, but {words[0].lower()}{words[1:]} was better" in v.text
    assert f"{p.chances[p.runner_up]:.0%} against {p.chances[p.best]:.0%}" in v.text
    assert not t.done and t.state.to_json() == p.state.to_json()   # the position stays: try again


def test_a_worse_action_is_no_with_the_chances(ratings):
    p = next(p for p in PUZZLES
             if any(c < p.chances[p.runner_up] - GOOD for c in p.chances.values()))
    worst = min(p.chances, key=p.chances.get)
    t = Trainer([p], ratings)
    v = t.answer(worst)
    assert v.kind == "no" and v.text.startswith("No: ") and f"{p.chances[worst]:.0%}" in v.text


def test_a_refused_action_is_no_in_the_rules_words_and_changes_nothing(ratings):
    t = Trainer(PUZZLES, ratings)
    before = t.state.to_json()
    v = t.answer("sail 9")
    assert v.kind == "no" and v.text.startswith("No: ") and len(v.text) > 10
    assert not v.rated and not ratings.attempted(t.puzzle)
    assert t.state.to_json() == before and not t.done


def test_the_rating_moves_on_the_first_attempt_only(ratings, tmp_path):
    t = Trainer(PUZZLES, ratings)
    p = t.puzzle
    first = t.answer(p.runner_up)                 # a miss: rated, the rating falls
    assert first.rated and first.after < first.before == 1500
    second = t.answer(p.best)                     # solved now: not rated
    assert not second.rated and second.after == second.before == first.after
    again = Ratings(tmp_path / "ratings.json")    # kept in the file
    assert again.rating == pytest.approx(first.after) and again.attempted(p)
    assert again.puzzle_rating(p)[0] > p.rating   # the puzzle won that game


def test_show_me_counts_as_not_solved(ratings):
    t = Trainer(PUZZLES, ratings)
    v = t.show_me()
    assert v.rated and v.after < v.before and t.done and v.action == t.puzzle.best


def test_next_picks_an_untried_puzzle_near_the_rating(ratings):
    t = Trainer(PUZZLES, ratings)
    seen = {t.puzzle.id}
    t.answer(t.puzzle.best)
    nxt = t.next()
    assert nxt.id not in seen and not ratings.attempted(nxt)
    untried = [p for p in PUZZLES if not ratings.attempted(p)]
    assert abs(nxt.rating - ratings.rating) == min(abs(p.rating - ratings.rating) for p in untried)
    with pytest.raises(ValueError, match="not a theme"):
        t.next("knitting")
    empty = next(theme for theme, n in t.themes().items() if not n)
    having = [theme for theme, n in t.themes().items() if n]
    with pytest.raises(ValueError, match=rf"no puzzle has the theme '{empty}' yet "
                                         rf"\(themes with puzzles: {', '.join(having)}\)"):
        t.next(empty)
    assert (t.theme, t.puzzle) == (None, nxt)   # a refused theme changes nothing


def test_a_damaged_file_starts_afresh(tmp_path):
    path = tmp_path / "ratings.json"
    path.write_text("{not json")
    r = Ratings(path)
    assert r.rating == 1500
    r.record(PUZZLES[0], True)
    assert json.loads(path.read_text())["solver"]["rating"] > 1500


def test_in_the_static_site_the_file_lives_in_the_sites_storage(tmp_path, monkeypatch):
    """In JupyterLite (Pyodide: ``emscripten``) the kernel's /drive is the site's storage in
    the browser, kept over a reload (tests/browser/test_lite_puzzles.py checks it there)."""
    from ahoy_nb.session import puzzles as S
    monkeypatch.delenv("AHOY_NB_PUZZLE_RATINGS", raising=False)
    monkeypatch.setattr(S, "DRIVE", tmp_path)
    monkeypatch.setattr(S.sys, "platform", "emscripten")
    assert S.ratings_path() == tmp_path / ".ahoy-nb" / "puzzle-ratings.json"
    r = Ratings()
    r.record(PUZZLES[0], True)
    assert Ratings().rating == r.rating > 1500
    # Pyodide without JupyterLite's drive: the user's data folder, as elsewhere.
    monkeypatch.setattr(S, "DRIVE", tmp_path / "none")
    assert tmp_path not in S.ratings_path().parents
    monkeypatch.setattr(S.sys, "platform", "linux")
    monkeypatch.setattr(S, "DRIVE", tmp_path)
    assert tmp_path not in S.ratings_path().parents


def test_two_tabs_on_one_file_each_count_the_others_attempts(tmp_path):
    path = tmp_path / "ratings.json"
    one, two = Ratings(path), Ratings(path)      # two tabs of the Panel app, opened together
    one.record(PUZZLES[0], True)
    two.record(PUZZLES[1], False)                # rated from the rating after the first
    kept = Ratings(path)
    assert kept.attempts == [PUZZLES[0].id, PUZZLES[1].id]
    saved = json.loads(path.read_text())["attempts"]
    assert saved[PUZZLES[1].id]["before"] == pytest.approx(saved[PUZZLES[0].id]["after"])
    assert two.attempted(PUZZLES[0]) and kept.rating == pytest.approx(two.rating)


def test_trainers_rating_at_once_lose_no_attempt(tmp_path):
    from concurrent.futures import ThreadPoolExecutor
    path = tmp_path / "ratings.json"
    tabs = [Ratings(path) for _ in range(4)]

    def solve(k: int) -> None:
        for p in PUZZLES[k::4][:10]:
            tabs[k].record(p, k % 2 == 0)

    with ThreadPoolExecutor(4) as pool:
        list(pool.map(solve, range(4)))
    assert len(Ratings(path).attempts) == 40
