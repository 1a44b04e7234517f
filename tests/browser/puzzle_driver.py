"""The puzzle trainer of 09_puzzles driven in a page, for the JupyterLab and the static
site's tests: what the kernel's trainer offers now, the board's message, Next."""

from __future__ import annotations

import browser_support as bs

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


def message(page, start: str, timeout_s: float = 60) -> str:
    """The board's message once it starts with ``start``."""
    page.wait_for_function(
        "([scope, start]) => { const el = document.querySelector(scope + ' .ahoy-message');"
        " return !!el && el.innerText.trim().startsWith(start); }",
        arg=[BOARD, start], timeout=timeout_s * 1000)
    return page.locator(f"{BOARD} .ahoy-message").first.inner_text().strip()


def next_puzzle(page, before: str, timeout_s: float = 60) -> dict:
    """Press Next; what the new puzzle offers."""
    page.locator(f"{BOARD} button", has_text="Next").first.click()
    return bs.wait_until(lambda: (lambda d: d if d["id"] != before else None)(offer(page)),
                         timeout_s)
