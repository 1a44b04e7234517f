"""A new user's install: the built wheel, with no extra, in a fresh virtual environment.

* ``pip install ahoy-nb`` is the notebook game: ``ahoy_nb.play()`` makes a game (its widget
  packages are the package's own dependencies), and ``import ahoy_nb.engine`` still loads
  none of them.
* Every entry point whose extra is missing says so in one line, naming the extra, and
  exits non-zero: ``ahoy-nb serve`` (app), ``ahoy-nb simulate --scheduler`` (dask), the
  adapters (openspiel, rl).

The wheel is built from a copy of the checkout (``pip wheel --no-deps``, as ``python -m
build`` would: in an isolated build environment) and installed with pip's cache; a minute
or two. Marked ``full``: the fast lane leaves it out.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.slow, pytest.mark.full]

_IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "screenshots", "build", "dist", "_site",
                                 "data", "notebooks", "lab-notebooks", "__pycache__",
                                 "*.egg-info", ".pytest_cache", ".ipynb_checkpoints")


def _run(cmd, env, cwd, timeout=900, check=True) -> subprocess.CompletedProcess:
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=timeout, stdin=subprocess.DEVNULL)
    if check and r.returncode != 0:
        out = "\n".join(line for line in (r.stdout + r.stderr).splitlines()
                        if not line.startswith("WARNING: Location 'file:"))
        pytest.fail(f"{' '.join(map(str, cmd))} failed ({r.returncode}):\n{out[-4000:]}",
                    pytrace=False)
    return r


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    """(python, bin folder, environment) of a fresh venv holding only the wheel and its
    dependencies."""
    base = tmp_path_factory.mktemp("install")
    src = base / "src"
    shutil.copytree(ROOT, src, ignore=_IGNORE)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PIP_PROGRESS_BAR="off")
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
          "-w", base / "dist", src], env, cwd=base)
    wheel, = (base / "dist").glob("ahoy_nb-*.whl")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / "bin"
    env.update(VIRTUAL_ENV=str(env_dir), PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    _run([bin_dir / "python", "-m", "pip", "install", "--quiet", "--no-compile", wheel], env, cwd=base)
    return bin_dir / "python", bin_dir, env, base


def test_the_bare_install_is_the_notebook_game(bare):
    py, _, env, cwd = bare
    code = """
import sys
import ahoy_nb.engine
widgets = {"anywidget", "ipywidgets", "bqplot", "traitlets"}
print("engine alone:", sorted(widgets & set(sys.modules)))
import ahoy_nb
game = ahoy_nb.play(players=3, seed=1, bot_delay=0)
print(type(game).__name__, game.state.current_player, type(game.charts).__name__)
print("from", ahoy_nb.__file__)
"""
    out = _run([py, "-c", code], env, cwd=cwd).stdout
    assert "engine alone: []" in out, out
    assert "GameWidget bluefin GameCharts" in out, out
    assert str(py.parent.parent) in out, out   # the installed wheel, not the checkout


@pytest.mark.parametrize("args, extra", [
    (["ahoy-nb", "serve", "--port", "0"], "app"),
    (["ahoy-nb", "simulate", "--games", "1", "--scheduler", "tcp://127.0.0.1:9"], "dask"),
    (["python", "-c", "import ahoy_nb.adapters.openspiel"], "openspiel"),
    (["python", "-c", "import ahoy_nb.adapters.pettingzoo"], "rl"),
], ids=["serve", "simulate-dask", "openspiel", "pettingzoo"])
def test_an_entry_point_without_its_extra_says_which_in_one_line(bare, args, extra):
    _, bin_dir, env, cwd = bare
    r = _run([bin_dir / args[0], *args[1:]], env, cwd=cwd, timeout=120, check=False)
    assert r.returncode != 0, r
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert f"pip install 'ahoy-nb[{extra}]'" in lines[-1], r.stderr
    if args[0] == "ahoy-nb":    # a command: that line alone
        assert len(lines) == 1 and r.returncode == 2, r.stderr
    else:                       # an import: Python's own report, one error and no chain
        assert r.stderr.count("Traceback") == 1 and "direct cause" not in r.stderr, r.stderr
