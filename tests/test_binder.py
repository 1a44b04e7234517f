"""The Binder configuration in binder/: repo2docker accepts it, and the environment it
describes runs every notebook.

* repo2docker (``jupyter-repo2docker --no-build --no-run``, and its Python API) picks
  the Python build pack, Python 3.11 from runtime.txt, installs binder/requirements.txt
  after copying the whole repository (it names the repository itself) and runs
  postBuild. A deliberately broken copy is rejected, so the check does check.
* A fresh virtual environment gets ``pip install -r binder/requirements.txt`` run from
  a copy of the repository the way repo2docker runs it, plus ipykernel (part of
  repo2docker's base environment), then postBuild. The app's Voila template is in the
  environment's share/jupyter/voila/templates/ahoy. Every notebook then runs in a
  kernel of that environment (nbclient; a cell tagged ``raises-exception`` may raise,
  as under ``--nbval-lax``). pip's cache is reused, so this takes a minute or two.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))

# What repo2docker copies into the image (everything but local clutter).
_IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "screenshots", "build", "dist",
                                 "__pycache__", "*.egg-info", ".pytest_cache",
                                 ".ipynb_checkpoints")


def _copy_repo(dest: Path) -> Path:
    shutil.copytree(ROOT, dest, ignore=_IGNORE, symlinks=True)
    return dest


def _repo2docker_cli() -> list[str]:
    exe = Path(sys.executable).parent / "jupyter-repo2docker"
    if exe.exists():
        return [str(exe)]
    found = shutil.which("jupyter-repo2docker")
    if found:
        return [found]
    pytest.fail("jupyter-repo2docker is not installed (it is in the `test` extra: "
                "pip install -e .[test])", pytrace=False)


def _dockerfile(repo: Path) -> subprocess.CompletedProcess:
    """repo2docker renders the Dockerfile for ``repo`` without Docker (a dry run)."""
    cmd = [*_repo2docker_cli(), "--no-build", "--no-run", "--debug",
           "--user-id", "1000", "--user-name", "jovyan", str(repo)]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)


# -- the files themselves ----------------------------------------------------------


def test_binder_files():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "binder/postBuild must be executable"
    assert post.read_text().startswith("#!/usr/bin/env bash")

    overrides = json.loads((BINDER / "overrides.json").read_text())
    assert overrides == {"@jupyterlab/apputils-extension:notification":
                         {"fetchNews": "false", "checkForUpdates": False},
                         "@jupyterlab/apputils-extension:kernels-settings":
                         {"commsOverSubshells": "disabled"}}

    lines = [ln.split("#", 1)[0].strip()
             for ln in (BINDER / "requirements.txt").read_text().splitlines()]
    lines = [ln for ln in lines if ln]
    # The project itself, from the repository root (pip resolves it from the working
    # directory, which repo2docker sets to the root), with the app and puzzles extras
    # (09_puzzles rates its solver with glicko2).
    assert ".[app,puzzles]" in lines, lines
    assert (ROOT / "pyproject.toml").exists()
    for ln in lines:
        if ln != ".[app,puzzles]":
            assert "==" in ln, f"pin every dependency listed in binder/requirements.txt: {ln}"


# -- repo2docker -------------------------------------------------------------------


def test_repo2docker_accepts_the_binder_config():
    r = _dockerfile(ROOT)
    assert r.returncode == 0, f"repo2docker rejected binder/:\n{r.stderr[-3000:]}"
    dockerfile = r.stdout
    assert "Building conda environment for python=3.11" in r.stderr, r.stderr[-2000:]
    # The whole repository is copied before the requirements are installed (they
    # name the repository itself), and they are installed from the root.
    copy_all = dockerfile.index("src/ ${REPO_DIR}/")
    install = dockerfile.index('pip install --no-cache-dir -r "binder/requirements.txt"')
    assert copy_all < install
    assert dockerfile.index("WORKDIR ${REPO_DIR}") < install
    post = dockerfile.index("RUN ./binder/postBuild")
    assert install < post


def test_repo2docker_rejects_a_broken_binder_config(tmp_path):
    """The dry run is a real check: an unsupported Python in runtime.txt fails it."""
    repo = _copy_repo(tmp_path / "repo")
    (repo / "binder" / "runtime.txt").write_text("python-3.99\n")
    r = _dockerfile(repo)
    assert r.returncode != 0
    assert "3.99" in r.stderr and "not supported" in r.stderr, r.stderr[-2000:]


def test_repo2docker_build_pack(monkeypatch):
    """Through repo2docker's Python API: which build pack, Python and steps it picks."""
    from repo2docker.app import Repo2Docker

    monkeypatch.chdir(ROOT)
    r2d = Repo2Docker()
    picked = next(bp for bp in (BP(base_image=r2d.base_image) for BP in r2d.buildpacks)
                  if bp.detect())
    assert type(picked).__name__ == "PythonBuildPack"
    assert picked.binder_dir == "binder"
    assert picked.python_version == "3.11"
    # requirements.txt names a local path, so it is installed in the assemble step,
    # after the repository is copied in.
    assert not picked._should_preassemble_pip
    steps = [script for _user, script in picked.get_assemble_scripts()]
    assert any('-r "binder/requirements.txt"' in s for s in steps), steps
    assert picked.get_post_build_scripts() == ["binder/postBuild"]


# -- the environment ---------------------------------------------------------------


def _run(cmd: list[str], cwd: Path, env: dict | None = None, timeout: float = 900) -> str:
    r = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True,
                       timeout=timeout, stdin=subprocess.DEVNULL)
    if r.returncode != 0:
        out = "\n".join(ln for ln in (r.stdout + r.stderr).splitlines()
                        if not ln.startswith("WARNING: Location 'file:"))
        pytest.fail(f"{' '.join(cmd)} failed ({r.returncode}):\n{out[-4000:]}", pytrace=False)
    return r.stdout


@pytest.fixture(scope="module")
def binder_env(tmp_path_factory):
    """(repository copy, python of a fresh venv holding binder/requirements.txt)."""
    base = tmp_path_factory.mktemp("binder")
    repo = _copy_repo(base / "repo")
    env_dir = base / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    py = env_dir / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env.update(PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1",
               PIP_PROGRESS_BAR="off", VIRTUAL_ENV=str(env_dir),
               PATH=f"{env_dir / 'bin'}{os.pathsep}{env.get('PATH', '')}")
    # As repo2docker does it (from the root), but with pip's cache and without
    # byte-compiling (a third of the time); ipykernel comes with repo2docker's base
    # environment, so it is added here.
    _run([str(py), "-m", "pip", "install", "--quiet", "--no-compile",
          "-r", "binder/requirements.txt", "ipykernel"], cwd=repo, env=env)
    _run(["bash", "binder/postBuild"], cwd=repo, env=dict(env, NB_PYTHON_PREFIX=str(env_dir)))
    return repo, py, env_dir


@pytest.mark.slow
def test_binder_env_installs_the_project(binder_env):
    repo, py, env_dir = binder_env
    overrides = env_dir / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    assert json.loads(overrides.read_text()) == json.loads((BINDER / "overrides.json").read_text())
    where = _run([str(py), "-c", "import ahoy_nb, pathlib; "
                  "print(pathlib.Path(ahoy_nb.__file__).resolve().parent)"],
                 cwd=repo / "notebooks")
    pkg = Path(where.strip())
    assert env_dir.resolve() in pkg.parents, f"ahoy_nb imported from {pkg}, not the venv"
    # Package data made it into the install (the board's front end among it).
    for js in (ROOT / "ahoy_nb" / "widgets").glob("*.js"):
        assert (pkg / "widgets" / js.name).exists(), f"{js.name} not installed"
    _run([str(py), "-c", "import voila, panel, bqplot, anywidget, ipywidgets"], cwd=repo)
    # The app's Voila template (pyproject.toml's data-files), where the environment's
    # Voila finds it (notebooks/app.ipynb asks for it: ?urlpath=voila/render/...).
    template = ROOT / "share" / "jupyter" / "voila" / "templates" / "ahoy"
    installed = env_dir / "share" / "jupyter" / "voila" / "templates" / "ahoy"
    for f in template.iterdir():
        assert (installed / f.name).is_file(), f"{installed / f.name} not installed"
        assert (installed / f.name).read_text() == f.read_text()
    found = _run([str(py), "-c", "from voila.paths import collect_template_paths as c; "
                  "print('\\n'.join(c(['voila', 'nbconvert'], 'ahoy', prune=True)))"],
                 cwd=repo / "notebooks")
    assert str(installed) in found.splitlines(), found


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_in_binder_env(binder_env, notebook, tmp_path):
    import nbformat
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    repo, py, _env_dir = binder_env
    # A kernel spec for the fresh environment's Python, kept out of the user's.
    spec_dir = tmp_path / "kernels" / "binder-env"
    spec_dir.mkdir(parents=True)
    (spec_dir / "kernel.json").write_text(json.dumps({
        "argv": [str(py), "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Binder environment", "language": "python",
    }))
    ksm = KernelSpecManager(kernel_dirs=[str(spec_dir.parent)])
    km = KernelManager(kernel_name="binder-env", kernel_spec_manager=ksm)

    path = repo / "notebooks" / notebook.name
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, km=km, timeout=600, allow_errors=False,
                            resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells if c.cell_type == "code"
              and "raises-exception" not in c.metadata.get("tags", [])
              for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors, errors
