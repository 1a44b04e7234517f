"""JupyterLab runs the battles notebook: the tutorial widget shows its lesson and its
board is the interactive BoardWidget; a click on a board element (``[data-action]``,
directly or through the chooser of a ``[data-actions]`` die) and a typed action go
through the lesson's check, once: a decision that loses the step's aim is refused at
once with the lesson's note and changes nothing, each right decision goes on, and the
last one moves the lesson on."""

from __future__ import annotations

import browser_support as bs

NOTEBOOK = "notebooks/02_battles.ipynb"
TUTORIAL = ".jp-NotebookPanel:not(.lm-mod-hidden) .ahoy-tutorial"
BOARD = f"{TUTORIAL} .ahoy-bw"


def _wait_text(page, text: str, timeout: int = bs.WAIT_MS) -> None:
    page.wait_for_function(
        "([scope, text]) => { const el = document.querySelector(scope);"
        " return !!el && el.innerText.includes(text); }",
        arg=[TUTORIAL, text], timeout=timeout)


def _board_error(page) -> str:
    err = page.locator(f"{BOARD} .ahoy-error").first
    return "" if err.is_hidden() else err.inner_text().strip()


def _log_actions(page) -> list[str]:
    """The battles lesson's log (the notebook's first lesson board)."""
    heads = page.locator(BOARD).first.locator(".ahoy-log .ahoy-entry .ahoy-entry-head") \
        .all_inner_texts()
    return [h.split(": ", 1)[1] for h in heads if ": " in h]


def test_battles_tutorial_runs_and_answers_in_jupyterlab(run_notebook, screenshot):
    run = run_notebook(NOTEBOOK)
    page = run.page
    assert not run.errors, f"{NOTEBOOK} raised in JupyterLab:\n{run.error_report()}"
    # Every lesson widget drawn (two: battles, then defending), the first at the top.
    page.wait_for_function("(scope) => document.querySelectorAll(scope).length == 2",
                           arg=TUTORIAL, timeout=bs.WAIT_MS)
    # At the top, again at each check: while the last outputs still render, JupyterLab
    # scrolls back to the running cell, and a windowed cell out of sight has no text.
    page.wait_for_function(
        "([scope, text]) => { document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) "
        ".jp-WindowedPanel-outer').scrollTop = 0; const el = document.querySelector(scope);"
        " return !!el && el.innerText.includes(text); }",
        arg=[TUTORIAL, "The rulebook's battle example"], timeout=bs.WAIT_MS)
    assert "chance to win" in run.dom_output_text()

    # The tutorial's board is the BoardWidget, with the learner's moves clickable.
    page.locator(f"{BOARD} .ahoy-svg svg").first.wait_for(state="visible", timeout=bs.WAIT_MS)
    bs.scroll_to(page.locator(TUTORIAL).first)
    _wait_text(page, "Step 1 of")
    before = _log_actions(page)

    # Step 1, on the board: the die 3 offers several actions, so a chooser opens. A
    # Tailwind cannot take the Flagship out and back in: refused at once, with the lesson's
    # note, and nothing applied.
    die = page.locator(f'{BOARD} .ahoy-svg [data-die="mollusk:0"][data-actions]').first
    bs.open_chooser(die, page.locator(BOARD).first, "tailwind 3").click()
    _wait_text(page, "can no longer be reached")             # the lesson's feedback, once
    shown = bs.seen_text(page.locator(TUTORIAL).first)
    assert shown.count("it cannot take you out of 2,2 and back in") == 1
    assert _board_error(page) == ""                          # not on the board too
    assert "Step 1 of" in shown
    assert _log_actions(page) == before                      # nothing was applied
    screenshot("lab_02_battles_tutorial_refused")

    # The step's decisions, one by one: each judged as it is made ("go on").
    bs.open_chooser(die, page.locator(BOARD).first, "sail 3").click()
    _wait_text(page, "go on")
    page.wait_for_function(
        "(scope) => !!document.querySelector(scope + ' .ahoy-svg [data-action=\"move 3,2\"]')",
        arg=BOARD, timeout=bs.WAIT_MS)
    assert _log_actions(page) == before + ["sail 3"]         # applied once
    page.locator(f'{BOARD} .ahoy-svg [data-action="move 3,2"]').first.click()
    page.wait_for_function(
        "([scope, n]) => document.querySelector(scope).querySelectorAll('.ahoy-log .ahoy-entry').length == n",
        arg=[BOARD, len(before) + 2], timeout=bs.WAIT_MS)
    page.locator(f'{BOARD} .ahoy-svg [data-action="move 2,2"]').first.click()
    # The board warns first: moving into 2,2 starts a battle.
    confirm = page.locator(f"{BOARD} .ahoy-confirm:not([hidden])").first
    assert "a battle starts" in confirm.inner_text()
    confirm.locator(".ahoy-go").click()
    _wait_text(page, "Press Next to go on")                  # the result, shown
    page.locator(f"{TUTORIAL} button", has_text="Next ›").first.click()
    _wait_text(page, "Step 2 of")
    assert _log_actions(page) == before + ["sail 3", "move 3,2", "move 2,2"]

    # Step 2, typed: a legal try that is not the rulebook's, then the right one.
    box = page.locator(f"{TUTORIAL} input[placeholder^='type an action']").first
    bs.scroll_to(box)
    box.fill("battle patrol")
    box.press("Enter")
    _wait_text(page, "is possible, but it is not this step's aim")
    assert "'battle patrol' (" in page.locator(TUTORIAL).first.inner_text()
    box.fill("battle smuggler1")
    box.press("Enter")
    _wait_text(page, "Press Next to go on")
    page.locator(f"{TUTORIAL} button", has_text="Next ›").first.click()
    _wait_text(page, "Step 3 of")
    page.wait_for_function(
        "([scope, n]) => document.querySelector(scope).querySelectorAll('.ahoy-log .ahoy-entry').length == n",
        arg=[BOARD, len(before) + 4], timeout=bs.WAIT_MS)
    assert _log_actions(page) == before + ["sail 3", "move 3,2", "move 2,2", "battle smuggler1"]
    bs.scroll_to(page.locator(TUTORIAL).first)
    shot = screenshot("lab_02_battles_tutorial")
    assert shot.exists()
