"""The compiled engine (setup.py, engine/compiled.py): the same examples pass, and
``AHOY_NB_ENGINE=plain`` or a changed source brings back the plain engine.

These run on the compiled engine: in CI's run of the engine's tests after ``./dev build``
(``./dev test``), or after ``./dev build`` by hand; where the engine is plain they skip,
and the examples run as the package's doctests.
"""

from __future__ import annotations

import doctest
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ahoy_nb.engine import COMPILED
from ahoy_nb.engine.compiled import MANIFEST

pytestmark = pytest.mark.skipif(not COMPILED, reason="the engine is plain here (./dev build "
                                                     "compiles it)")
ROOT = Path(__file__).resolve().parents[2]


def compiled_modules() -> list[str]:
    if not MANIFEST.exists():
        return []
    return [line.split(" ", 1)[1][:-3].replace("/", ".")
            for line in MANIFEST.read_text().splitlines()]


@pytest.mark.parametrize("name", compiled_modules())
def test_the_examples_pass_on_the_compiled_module(name):
    module = importlib.import_module(name)
    assert not module.__file__.endswith(".py"), f"{name} is not compiled"
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def _engine_in_child(env: dict) -> subprocess.CompletedProcess:
    code = ("import warnings, ahoy_nb.engine as e, ahoy_nb.engine.rules.turn as t; "
            "print(e.COMPILED, t.__file__.endswith('.py'))")
    return subprocess.run([sys.executable, "-W", "always", "-c", code], capture_output=True,
                          text=True, env={**os.environ, **env}, cwd=ROOT, check=True)


def test_plain_is_chosen_at_run_time():
    assert _engine_in_child({"AHOY_NB_ENGINE": "plain"}).stdout.split() == ["False", "True"]
    assert _engine_in_child({"AHOY_NB_ENGINE": ""}).stdout.split() == ["True", "False"]


def test_a_changed_source_runs_plain_and_says_why(tmp_path):
    text = MANIFEST.read_text()
    digest, path = text.splitlines()[0].split(" ", 1)
    try:
        MANIFEST.write_text(text.replace(digest, "0" * len(digest), 1))
        child = _engine_in_child({"AHOY_NB_ENGINE": ""})
    finally:
        MANIFEST.write_text(text)
    assert child.stdout.split() == ["False", "True"]
    assert f"the compiled engine is not used: {path} changed since it was compiled" in child.stderr
