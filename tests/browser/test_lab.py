"""JupyterLab opens the starter notebook, runs it, and shows what it prints."""

from __future__ import annotations

import re

NOTEBOOK = "notebooks/00_start.ipynb"


def _expected_outputs() -> list[str]:
    """What the notebook's code cell shows: computed here with the same engine call."""
    from ahoy_nb.engine import new_game

    state = new_game(players=3, seed=1)
    return [str(state), repr(state.legal_actions())]


def _pattern(text: str) -> re.Pattern:
    """Match `text` up to whitespace and object addresses (`<... at 0x7f...>`)."""
    parts = [re.escape(p) for p in text.split()]
    rx = r"\s+".join(parts)
    rx = re.sub(r"0x[0-9a-f]+", "0x[0-9a-f]+", rx)
    return re.compile(rx)


def test_start_notebook_runs_in_jupyterlab(run_notebook, screenshot):
    run = run_notebook(NOTEBOOK)
    shot = screenshot("lab_00_start")
    assert shot.exists()

    assert not run.errors, (
        f"{NOTEBOOK} raised in JupyterLab (screenshot: {shot}):\n{run.error_report()}"
    )
    assert run.ok, "notebook:run-all-cells reported a failure"

    code_cells = [c for c in run.cells if c["type"] == "code"]
    assert code_cells and all(c["execution_count"] for c in code_cells), (
        f"not every code cell ran: {[c['execution_count'] for c in code_cells]}"
    )

    shown = run.dom_output_text()
    for expected in _expected_outputs():
        assert expected.strip(), "the engine printed nothing"
        rx = _pattern(expected)
        assert rx.search(run.text), f"kernel output lacks {expected!r}:\n{run.text}"
        assert rx.search(shown), f"the page does not show {expected!r}:\n{shown}"
