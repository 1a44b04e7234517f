"""The puzzle trainer in JupyterLab (notebooks/09_puzzles.ipynb): three puzzles solved by
clicks on the board, one right, one "good, but", one wrong; the rating moves after each
puzzle's first attempt only.

Cost: one notebook run and a dozen clicks, about 30-60 s on a quiet machine."""

from __future__ import annotations

import browser_support as bs
from board_driver import click_on_board
from puzzle_driver import BOARD, message, next_puzzle, offer

NOTEBOOK = "notebooks/09_puzzles.ipynb"

# In the kernel: the notebook's trainer, its ratings moved to a scratch file (the test
# leaves the user's own alone), and what the current puzzle offers.
_SCRATCH = """
import json, os, tempfile
from ahoy_nb.session.puzzles import GOOD, Ratings
t = trainer.trainer
t.ratings = Ratings(os.path.join(tempfile.mkdtemp(), "ratings.json"))
print(json.dumps(t.ratings.rating))
"""


def test_three_puzzles_by_clicks(run_notebook, screenshot):
    run = run_notebook(NOTEBOOK)
    page = run.page
    assert not run.errors, run.error_report()
    board = page.locator(BOARD).first
    board.locator(".ahoy-svg svg").first.wait_for(state="visible", timeout=60_000)
    assert bs.kernel_json(page, _SCRATCH) == 1500

    # 1: good, but (the runner-up): rated, the rating falls; then the answer: not rated.
    now = offer(page)
    click_on_board(page, board, now["good"])
    assert "was better" in message(page, "Good, but ")
    after_good = offer(page)["rating"]
    assert after_good < 1500
    screenshot("lab_puzzle_good_but")
    click_on_board(page, board, now["best"])
    message(page, "Best!")
    assert offer(page)["rating"] == after_good

    # 2: wrong: rated, the rating falls again.
    now = next_puzzle(page, now["id"])
    while not now["wrong"]:        # a puzzle with an action clearly worse than the runner-up
        page.locator(f"{BOARD} button", has_text="Show me").first.click()
        now = next_puzzle(page, now["id"])
        after_good = now["rating"]
    click_on_board(page, board, now["wrong"][0])
    message(page, "No: ")
    after_wrong = offer(page)["rating"]
    assert after_wrong < after_good
    screenshot("lab_puzzle_wrong")

    # 3: right at once: rated, the rating rises.
    now = next_puzzle(page, now["id"])
    click_on_board(page, board, now["best"])
    message(page, "Best!")
    assert offer(page)["rating"] > after_wrong
    screenshot("lab_puzzle_best")
