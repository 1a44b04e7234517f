"""Tests and notebooks read a position through the State accessors, not its raw data.

``state.data`` is the saved format; the facts of the game have accessors (``faction``,
``market``, ``supplies``, ``decision``, ``battle``, ``turn``, ``space``, ``region``...).
Only the tests of the state format itself may read it, each for the reason given here.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

RAW = re.compile(r"\.data\b")

# Whole files that test the state format itself.
FORMAT_TESTS = {
    "tests/engine/test_simulation.py": "invariants of the saved format over random games (every card "
                                "and tile in one place) and hidden facts changed in the raw state",
    "tests/engine/test_card_coverage.py": "every card accounted for in every pile, hidden ones included",
    "tests/ai/test_bots.py": "determinize() resamples the raw secrets; region_summary reads raw data",
    "tests/engine/test_observe.py": "determinize() resamples the raw secrets (the generator, the piles)",
    "tests/apps/test_app.py": "a Bokeh ColumnDataSource's .data, not a State",
    "tests/apps/test_app_advisor.py": "a Bokeh ColumnDataSource's .data, not a State",
    "tests/browser/test_apps.py": "a Bokeh data source in the page's JavaScript, not a State",
    "tests/engine/test_state_access.py": "this test",
    "tests/engine/test_history.py": "the undo history holds raw positions; data handed out and "
                                    "edited must be in it",
    "tests/engine/save_fuzz.py": "mutations of the raw saved format (the loader's fuzz test)",
    "tests/test_hardening.py": "the generator and the raw format the loader and fair undo check",
    "tests/ai/test_ismcts.py": "hidden facts changed in the raw state: the bot must not notice",
    "tests/test_savegame.py": "the save file must not hold the raw secrets in plain sight",
    "tests/apps/test_charts.py": "a Bokeh ColumnDataSource's .data, not a State",
    "tests/apps/test_app_review.py": "a Bokeh ColumnDataSource's .data, not a State",
    "tests/ai/test_winchance.py": "a pledge moved in the raw state: the model's facts must follow",
    "tests/ai/test_win_chance.py": "hidden facts changed in the raw state: the estimate must not notice",
    "tests/engine/test_frames.py": "the decision frames of the saved format against their declarations",
    "tests/engine/test_termination.py": "positions compared as saved data (a loop returns to the same one)",
    "tests/engine/looper.py": "positions compared as saved data; Crew given to a faction in the raw state",
    "tests/ai/test_puzzle_set.py": "a puzzle keeps its position as saved data: the hidden facts "
                                   "in it must be the guess, not the game's",
    "tests/engine/roundtrip_support.py": "the saved format itself: a position's to_json text, "
                                         "written with only the log entries not yet checked",
}

# Single lines, each with its reason.
LINES = {
    's.data["factions"]["mollusk"]["ready"] = 9':
        "no action changes Ready Comrades in mid-battle: the test changes the raw state",
    'past.data == __import__("marshal").loads(s.history[2])':
        "the undo history's own format",
}


def _sources():
    for path in sorted((ROOT / "tests").rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8").splitlines()
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        lines = [line for c in cells if c["cell_type"] == "code"
                 for line in "".join(c["source"]).splitlines()]
        yield path.relative_to(ROOT).as_posix(), lines


def test_no_test_or_notebook_reads_the_raw_state():
    found = []
    for name, lines in _sources():
        if name in FORMAT_TESTS:
            continue
        for n, line in enumerate(lines, 1):
            if RAW.search(line) and not any(allowed in line for allowed in LINES):
                found.append(f"{name}:{n}: {line.strip()}")
    assert not found, "read the position through State's accessors:\n" + "\n".join(found)


def test_the_check_finds_raw_reads_and_its_allow_list_is_still_needed():
    assert RAW.search('s.data["pending"]') and RAW.search("d = state.data")
    assert not RAW.search("s.decision.details") and not RAW.search("metadata")
    sources = dict(_sources())
    for name in FORMAT_TESTS:
        assert name in sources, f"{name} is allowed but does not exist"
    for allowed in LINES:
        assert any(allowed in line for lines in sources.values() for line in lines), allowed
