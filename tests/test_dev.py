"""The ./dev script: `./dev lab` and `./dev serve` install only the lab extra (the test
extra is for `./dev test`), and `./dev lab` opens copies of the notebooks in an ignored
folder so that the repository's notebooks stay clean."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

FAKE = """#!/usr/bin/env bash
# Stands in for {name}: records how it was called.
echo "{name} $*" >> "{log}"
exit 0
"""


@pytest.fixture
def clone(tmp_path):
    """A copy of the project's set-up files with a fake .venv (python, jupyter, ahoy-nb)."""
    for name in ("dev", "pyproject.toml", ".gitignore"):
        shutil.copy2(ROOT / name, tmp_path / name)
    shutil.copytree(ROOT / "share", tmp_path / "share")
    (tmp_path / "binder").mkdir()
    shutil.copy2(ROOT / "binder" / "overrides.json", tmp_path / "binder" / "overrides.json")
    (tmp_path / "notebooks").mkdir()
    (tmp_path / "notebooks" / "01_setup.ipynb").write_text('{"cells": []}')
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    log = tmp_path / "calls.log"
    for name in ("python", "jupyter", "ahoy-nb"):
        exe = bin_dir / name
        exe.write_text(FAKE.format(name=name, log=log))
        exe.chmod(0o755)
    return tmp_path


def _dev(clone: Path, *args: str, path: str | None = None) -> list[str]:
    env = dict(os.environ, AHOY_DEV_REINSTALL="0", PATH=path or os.environ["PATH"])
    subprocess.run([str(clone / "dev"), *args], cwd=clone, env=env, check=True,
                   capture_output=True, text=True, timeout=60)
    return (clone / "calls.log").read_text().splitlines()


def _installs(calls: list[str]) -> list[str]:
    return [c.split("-e ", 1)[1].split()[0] for c in calls if "pip install" in c]


def test_dev_lab_installs_only_the_lab_extra(clone):
    calls = _dev(clone, "lab")
    assert _installs(calls) == [".[lab]"]
    lab = [c for c in calls if c.startswith("jupyter lab")]
    assert lab and lab[0].split()[2] == str(clone / "lab-notebooks")
    assert (clone / "lab-notebooks" / "01_setup.ipynb").exists()
    # JupyterLab's settings are Binder's (docs/widgets.md, "A click the kernel never hears").
    installed = clone / ".venv" / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert installed.read_text() == (ROOT / "binder" / "overrides.json").read_text()


def test_dev_serve_installs_only_the_lab_extra_and_reuses_it(clone):
    calls = _dev(clone, "serve")
    assert _installs(calls) == [".[lab]"]
    calls = _dev(clone, "serve")                 # up to date: no second install
    assert _installs(calls) == [".[lab]"]


def test_a_test_install_counts_for_lab(clone):
    calls = _dev(clone, "test", "--co")
    assert _installs(calls) == [".[test]"]
    calls = _dev(clone, "lab")
    assert _installs(calls) == [".[test]"]       # lab is part of test: nothing more


def test_dev_test_installs_axe_core_from_npm_once(clone):
    """The accessibility tests' axe-core (docs/accessibility.md): `npm ci` in
    tests/browser/axe at the first ./dev test, not again while it is up to date."""
    axe = clone / "tests" / "browser" / "axe"
    axe.mkdir(parents=True)
    for name in ("package.json", "package-lock.json"):
        shutil.copy2(ROOT / "tests" / "browser" / "axe" / name, axe / name)
    bin_dir = clone / "fake-bin"
    bin_dir.mkdir()
    npm = bin_dir / "npm"
    npm.write_text(FAKE.format(name="npm", log=clone / "calls.log").replace(
        "exit 0", "mkdir -p node_modules/axe-core && touch node_modules/axe-core/axe.min.js "
                  "node_modules/.package-lock.json\nexit 0"))
    npm.chmod(0o755)
    env_path = f"{bin_dir}{os.pathsep}{os.environ['PATH']}"
    first = _dev(clone, "test", "--co", path=env_path)
    assert [c for c in first if c.startswith("npm")] == ["npm ci --no-audit --no-fund --silent"]
    again = _dev(clone, "test", "--co", path=env_path)
    assert [c for c in again if c.startswith("npm")] == ["npm ci --no-audit --no-fund --silent"]


def test_learners_copies_are_kept_and_ignored(clone):
    _dev(clone, "lab")
    mine = clone / "lab-notebooks" / "01_setup.ipynb"
    mine.write_text('{"cells": ["my work"]}')
    _dev(clone, "lab")
    assert "my work" in mine.read_text()                  # never overwritten
    assert "lab-notebooks/" in (clone / ".gitignore").read_text().splitlines()


@pytest.mark.parametrize("ask", ["--version", "--help", "list", "paths"])
def test_dev_lab_asking_jupyterlab_something_copies_nothing(clone, ask):
    calls = _dev(clone, "lab", ask)
    assert [c for c in calls if c.startswith("jupyter lab")] == [f"jupyter lab {ask}"]
    assert not (clone / "lab-notebooks").exists()


def test_the_readme_says_where_dev_lab_serves_and_where_its_arguments_go(clone):
    """Before: the README named neither the port nor that arguments go to JupyterLab."""
    from jupyter_server.serverapp import DEFAULT_JUPYTER_SERVER_PORT as port

    setup = (ROOT / "README.md").read_text().split("## Set-up", 1)[1].split("\n## ", 1)[0]
    assert f"http://localhost:{port}/lab" in setup
    assert "further arguments go to JupyterLab (`./dev lab --port 9000 --no-browser`)" in setup
    calls = _dev(clone, "lab", "--port", "9000", "--no-browser")   # ... and they do
    lab = [c for c in calls if c.startswith("jupyter lab")]
    assert lab and lab[0].endswith("--port 9000 --no-browser"), lab
