"""JupyterLab runs the battles notebook: the tutorial widget shows its lesson, and a
typed action goes through the tutorial's check in the browser."""

from __future__ import annotations

NOTEBOOK = "notebooks/02_battles.ipynb"


def test_battles_tutorial_runs_and_answers_in_jupyterlab(run_notebook, screenshot):
    run = run_notebook(NOTEBOOK)
    page = run.page
    assert not run.errors, f"{NOTEBOOK} raised in JupyterLab:\n{run.error_report()}"
    shown = run.dom_output_text()
    assert "The rulebook's battle example" in shown, shown[:2000]
    assert "chance to win" in shown

    # The first tutorial widget: type a legal-but-wrong action, then the right one.
    box = page.locator("input[placeholder^='type an action']").first
    box.scroll_into_view_if_needed()
    box.fill("tailwind 3")
    box.press("Enter")
    page.wait_for_function(
        "() => document.body.innerText.includes('not what this step asks')", timeout=20000)
    box.fill("sail 3")
    box.press("Enter")
    page.wait_for_function("() => document.body.innerText.includes('Step 2 of')", timeout=20000)
    shot = screenshot("lab_02_battles_tutorial")
    assert shot.exists()
