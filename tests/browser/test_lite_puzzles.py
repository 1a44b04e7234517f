"""The puzzle trainer in the static JupyterLite site (docs/lite.md, docs/puzzles.md), with
Python in the browser: 09_puzzles runs there; three puzzles are solved by clicks on the
board, one "good, but", one wrong, one right; the rating moves after each puzzle's first
attempt only; and it is kept in the browser's storage of the site: after a reload of the
page the trainer starts from the moved rating.

The puzzles and the clicks are chosen from the trainer's data at run time (the shipped set
changes when it is mined again). The site is built and served as in test_lite.py; each test
opens a fresh browser context, so its storage starts empty.

Cost: the site's build (seconds when nothing changed), opening and running the notebook
twice (Pyodide starts twice), a dozen clicks: about 2-3 minutes on this shared machine.
"""

from __future__ import annotations

import pytest

import browser_support as bs
from puzzle_driver import BOARD, offer, solve_three
import test_lite
from test_lite import _errors, _load_builder, _open, _wait_idle, served

pytestmark = pytest.mark.slow

NOTEBOOK = "09_puzzles.ipynb"

# test_lite's page fixture: a fresh browser context; no request may leave 127.0.0.1.
lite_page = test_lite.lite_page



@pytest.fixture(scope="module")
def lite_site(chromium):
    """The built site, served on 127.0.0.1 from a thread of this process; its base URL."""
    builder = _load_builder()
    with served(builder, builder.build()) as url:
        yield url


def _run_notebook(page, base: str):
    _open(page, base, NOTEBOOK)
    board = page.locator(BOARD).first
    board.locator(".ahoy-svg svg").first.wait_for(state="visible", timeout=300_000)
    _wait_idle(page)
    assert not _errors(page), _errors(page)
    return board


def _rating_shown(board) -> str:
    return board.locator(".ahoy-panel", has_text="Your rating").first.inner_text()


def test_three_puzzles_by_clicks_and_the_rating_kept_over_a_reload(lite_page, lite_site):
    page = lite_page
    board = _run_notebook(page, lite_site)
    now = offer(page)
    assert now["file"] == "/drive/.ahoy-nb/puzzle-ratings.json", now["file"]
    assert now["rating"] == 1500 and not now["attempted"]

    moved = solve_three(page, board,
                        lambda name: bs.save_screenshot(page, f"lite_puzzle_{name}"))

    # A reload: the kernel starts afresh, the file is read back from the browser's storage.
    page.reload()
    board = _run_notebook(page, lite_site)
    again = offer(page)
    assert again["rating"] == moved["rating"]
    assert again["attempted"] == moved["attempted"] and again["id"] not in again["attempted"]
    assert f"Your rating: {moved['rating']:.0f} ±" in _rating_shown(board)
    bs.scroll_to(board)
    bs.save_screenshot(page, "lite_puzzle_after_reload")
