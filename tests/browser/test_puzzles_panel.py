"""The puzzle trainer in the Panel app (``ahoy-nb serve``, then *Puzzles* on the game's
page): three puzzles solved by clicks on the board, one "good, but" (then the answer),
one wrong, one right; the rating moves after each puzzle's first attempt only; axe-core
finds nothing serious on the page.

The server keeps its ratings in a scratch file (``AHOY_NB_PUZZLE_RATINGS``); the test
reads each puzzle's id off the page and picks its clicks from the shipped data at run
time (the set is re-mined now and then: no puzzle id is written here).

Cost: one server, one game page and a dozen clicks, about 30-60 s on a quiet machine.
Screenshots: screenshots/panel_puzzle_*.png."""

from __future__ import annotations

import json
import os
import re

import pytest

import browser_support as bs
from axe_support import axe_counts
from board_driver import click_on_board

BOARD = ".ahoy-puzzles .ahoy-bw"


@pytest.fixture(scope="module")
def served(chromium, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("puzzles-serve")
    env = dict(os.environ, PYTHONUNBUFFERED="1",
               AHOY_NB_PUZZLE_RATINGS=str(tmp / "puzzle-ratings.json"))
    server = None
    for part in bs.serving(tmp, "--seed", "7", "--bot-delay", "0.2", env=env):
        server = part
        server.ratings_file = tmp / "puzzle-ratings.json"
        yield server


def _file_rating(server) -> float:
    """The solver's rating as the server wrote it (1500 before any attempt)."""
    path = server.ratings_file
    return json.loads(path.read_text())["solver"]["rating"] if path.exists() else 1500.0


def _message(page, start: str) -> str:
    """The message area's text once it starts with ``start`` (and its lines)."""
    box = page.locator(f"{BOARD} .ahoy-message").first
    text = bs.wait_until(lambda: (lambda t: t if t.startswith(start) else None)(
        bs.seen_text(box).strip()), 30)
    assert text, f"the message never began with {start!r}: {bs.seen_text(box)!r}"
    return text


def _now(page, before: str | None = None) -> dict:
    """The puzzle on the page (its id read from the panel's title, a new one if ``before``
    is given), and the clicks to try, from the shipped data."""
    from ahoy_nb.ai.puzzles import load
    from ahoy_nb.session.puzzles import GOOD

    title = page.locator(f'{BOARD} .ahoy-panel[data-panel="puzzle"] .ahoy-panel-title').first

    def shown():
        m = re.match(r"Puzzle (\S+)", title.inner_text().strip())
        return m.group(1) if m and m.group(1) != before else None

    pid = bs.wait_until(shown, 30)
    assert pid, f"no new puzzle on the page after {before}"
    p = next(p for p in load() if p.id == pid)
    worse = [a for a, c in sorted(p.chances.items(), key=lambda x: x[1])
             if c < p.chances[p.runner_up] - GOOD]
    return {"id": pid, "best": p.best, "good": p.runner_up, "wrong": worse[:1]}


def _press(page, label: str) -> None:
    page.locator(f'{BOARD} .ahoy-panel[data-panel="puzzle"] button', has_text=label).first.click()


def test_three_puzzles_by_clicks_in_the_panel_app(served, page, screenshot):
    # From the game's page, as a person: Puzzles opens in a new tab.
    page.goto(served.url, timeout=bs.WAIT_MS)
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    with page.context.expect_page() as opened:
        page.locator("a.ahoy-puzzles-link").first.click()
    tab = opened.value
    tab.set_default_timeout(bs.WAIT_MS)
    board = tab.locator(BOARD).first
    board.locator(".ahoy-svg svg").first.wait_for(state="visible", timeout=bs.WAIT_MS)
    assert "mode=puzzles" in tab.url
    assert not board.locator(".ahoy-controls").first.is_visible()   # no Undo, no Concede
    assert _file_rating(served) == 1500
    axe_counts(tab, "the Panel app's puzzle page")   # no serious or critical violation

    # 1: good, but (the runner-up): rated, the rating falls; then the answer: not rated.
    now = _now(tab)
    question = tab.locator(".ahoy-puzzle-question b").first.inner_text().strip()
    assert question.startswith("Find the best action. ") and question.count(" to decide") == 0
    click_on_board(tab, board, now["good"])
    text = _message(tab, "Good, but ")
    assert "was better" in text and "Rated: 1500 → " in text
    after_good = _file_rating(served)
    assert after_good < 1500
    assert f"Your rating: {after_good:.0f} ± " in board.locator(
        '.ahoy-panel[data-panel="puzzle"]').first.inner_text()
    screenshot("panel_puzzle_good_but", target=tab)
    click_on_board(tab, board, now["best"])
    assert "Not rated" in _message(tab, "Best!")
    assert _file_rating(served) == after_good

    # 2: wrong: rated, the rating falls again.
    _press(tab, "Next")
    now = _now(tab, now["id"])
    while not now["wrong"]:        # a puzzle with an action clearly worse than the runner-up
        _press(tab, "Show me")
        _message(tab, "The answer: ")
        after_good = _file_rating(served)
        _press(tab, "Next")
        now = _now(tab, now["id"])
    click_on_board(tab, board, now["wrong"][0])
    assert "Rated: " in _message(tab, "No: ")
    after_wrong = _file_rating(served)
    assert after_wrong < after_good
    screenshot("panel_puzzle_wrong", target=tab)

    # 3: right at once: rated, the rating rises.
    _press(tab, "Next")
    now = _now(tab, now["id"])
    click_on_board(tab, board, now["best"])
    assert "Rated: " in _message(tab, "Best!")
    assert _file_rating(served) > after_wrong
    screenshot("panel_puzzle_best", target=tab, full_page=True)
    tab.close()
