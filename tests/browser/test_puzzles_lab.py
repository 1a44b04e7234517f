"""The puzzle trainer in JupyterLab (notebooks/09_puzzles.ipynb): three puzzles solved by
clicks on the board, one right, one "good, but", one wrong; the rating moves after each
puzzle's first attempt only.

Cost: one notebook run and a dozen clicks, about 30-60 s on a quiet machine."""

from __future__ import annotations

import browser_support as bs
from puzzle_driver import BOARD, solve_three

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
    board.locator(".ahoy-svg svg").first.wait_for(state="visible", timeout=bs.WAIT_MS)
    assert bs.kernel_json(page, _SCRATCH) == 1500

    solve_three(page, board, lambda name: screenshot(f"lab_puzzle_{name}"))
