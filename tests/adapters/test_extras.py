"""Without its optional extra, an adapter, or a script that needs one, says what to install.

Each test hides the extra's module (``sys.modules[name] = None`` makes importing it fail
as if it were not installed) and imports afresh; it runs whether the extras are
installed or not.
"""

from __future__ import annotations

import importlib
import runpy
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def _hide(monkeypatch, hidden: str, adapter: str = "ahoy_nb.adapters.openspiel") -> None:
    """Make ``hidden`` unimportable and forget ``adapter``, so that it is imported again (it
    fails on ``hidden`` before importing anything else, so no other module is imported twice)."""
    monkeypatch.setitem(sys.modules, hidden, None)
    monkeypatch.delitem(sys.modules, adapter, raising=False)


@pytest.mark.parametrize("module, hidden, extra", [
    ("ahoy_nb.adapters.openspiel", "pyspiel", "openspiel"),
    ("ahoy_nb.adapters.pettingzoo", "pettingzoo", "rl"),
    ("ahoy_nb.adapters.pettingzoo", "gymnasium", "rl"),
    ("ahoy_nb.adapters.observation", "numpy", "rl"),
])
def test_an_adapter_without_its_extra_names_it(monkeypatch, module, hidden, extra):
    _hide(monkeypatch, hidden, module)
    with pytest.raises(ImportError, match=rf"pip install 'ahoy-nb\[{extra}\]'"):
        importlib.import_module(module)


def test_openspiel_sim_without_openspiel_names_the_extra(monkeypatch):
    _hide(monkeypatch, "pyspiel")
    with pytest.raises(SystemExit, match=r"pip install 'ahoy-nb\[openspiel\]'"):
        runpy.run_path(str(SCRIPTS / "openspiel_sim.py"))


def test_tournament_against_openspiel_without_it_names_the_extra(monkeypatch, capsys):
    _hide(monkeypatch, "pyspiel")
    main = runpy.run_path(str(SCRIPTS / "tournament.py"))["main"]
    with pytest.raises(SystemExit) as stop:
        main(["--players", "2", "--deals", "1", "--against", "openspiel-ismcts"])
    assert stop.value.code == 2                    # an argument error, before any game
    assert "pip install 'ahoy-nb[openspiel]'" in capsys.readouterr().err
