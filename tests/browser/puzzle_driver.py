"""The puzzle trainer of 09_puzzles driven in a page, for the JupyterLab and the static
site's tests: what the kernel's trainer offers now, the board's message, Next."""

from __future__ import annotations

from typing import Callable

import browser_support as bs
from board_driver import click_on_board

PUZZLES = ".jp-NotebookPanel:not(.lm-mod-hidden) .ahoy-puzzles"
BOARD = f"{PUZZLES} .ahoy-bw"

# In the kernel: the notebook's trainer and what its puzzle offers (the answer, the
# runner-up, a wrong one: worse than the runner-up by more than GOOD), the rating, where
# the ratings are kept and which puzzles were tried.
_NOW = """
import json
from ahoy_nb.session.puzzles import GOOD
t = trainer.trainer
p = t.puzzle
worse = [a for a, c in sorted(p.chances.items(), key=lambda x: x[1])
         if c < p.chances[p.runner_up] - GOOD]
print(json.dumps({"id": p.id, "best": p.best, "good": p.runner_up, "wrong": worse[:1],
                  "rating": t.ratings.rating, "file": str(t.ratings.path),
                  "attempted": sorted(t.ratings.attempts)}))
"""


def offer(page) -> dict:
    """What the kernel's trainer offers now (see _NOW)."""
    return bs.kernel_json(page, _NOW)


def message(page, start: str, timeout_s: float = bs.WAIT_S) -> str:
    """The board's message once it starts with ``start``."""
    page.wait_for_function(
        "([scope, start]) => { const el = document.querySelector(scope + ' .ahoy-message');"
        " return !!el && el.innerText.trim().startsWith(start); }",
        arg=[BOARD, start], timeout=timeout_s * 1000)
    return page.locator(f"{BOARD} .ahoy-message").first.inner_text().strip()


def next_puzzle(page, before: str, timeout_s: float = bs.WAIT_S) -> dict:
    """Press Next; what the new puzzle offers."""
    page.locator(f"{BOARD} button", has_text="Next").first.click()
    return bs.wait_until(lambda: (lambda d: d if d["id"] != before else None)(offer(page)),
                         timeout_s)


def solve_three(page, board, shot: Callable[[str], None]) -> dict:
    """Three puzzles by clicks on ``board``, from a rating of 1500 with nothing tried:
    "good, but" (rated: the rating falls) then the answer (not rated); a wrong answer
    (rated: it falls again); the answer at once (rated: it rises). ``shot(name)`` takes a
    screenshot at each verdict. Returns what the trainer offers at the end."""
    now = offer(page)
    click_on_board(page, board, now["good"])
    assert "was better" in message(page, "Good, but ")
    after_good = offer(page)["rating"]
    assert after_good < 1500
    shot("good_but")
    click_on_board(page, board, now["best"])
    message(page, "Best!")
    assert offer(page)["rating"] == after_good

    now = next_puzzle(page, now["id"])
    while not now["wrong"]:        # a puzzle with an action clearly worse than the runner-up
        page.locator(f"{BOARD} button", has_text="Show me").first.click()
        now = next_puzzle(page, now["id"])
        after_good = now["rating"]
    click_on_board(page, board, now["wrong"][0])
    message(page, "No: ")
    after_wrong = offer(page)["rating"]
    assert after_wrong < after_good
    shot("wrong")

    now = next_puzzle(page, now["id"])
    click_on_board(page, board, now["best"])
    message(page, "Best!")
    solved = offer(page)
    assert solved["rating"] > after_wrong
    shot("best")
    return solved
