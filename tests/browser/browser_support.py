"""Helpers for the browser tests: Chromium, Playwright and the servers they look at.

Nothing here is pytest-specific but :func:`serving` (a fixture's body); ``conftest.py`` wraps
the rest in fixtures. It can also be used by hand, e.g. to take screenshots outside the test suite::

    from browser_support import launch_browser, start_jupyterlab
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator, Sequence

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOT_DIR = REPO_ROOT / "screenshots"

# Debian's Chromium. Playwright's own browser download cannot work here (no network
# but the package registries), so `playwright install` is never run.
CHROMIUM_PATH = os.environ.get("AHOY_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_MISSING = "Chromium not found: browser tests skipped"

CHROMIUM_ARGS = [
    "--no-sandbox",  # we run as root in CI
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # Without these, Chromium keeps trying to reach Google's hosts, which this
    # machine's closed network refuses.
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]

VIEWPORT = {"width": 1400, "height": 900}
#: How long a test waits for what it expects to see. Long: these tests check what happens,
#: not how soon (the bench scripts measure speed), and they share two cores with each
#: other (./dev test runs two at a time) and with whatever else the machine runs.
WAIT_S = 120.0
WAIT_MS = int(WAIT_S * 1000)


def chromium_available() -> bool:
    return os.path.isfile(CHROMIUM_PATH) and os.access(CHROMIUM_PATH, os.X_OK)


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}


def launch_browser(playwright, **kwargs):
    """Launch headless Debian Chromium through a started Playwright instance."""
    options = dict(executable_path=CHROMIUM_PATH, headless=True, args=list(CHROMIUM_ARGS))
    options.update(kwargs)
    return playwright.chromium.launch(**options)


# --------------------------------------------------------------------------- servers


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def port_open(port: int, host: str = "127.0.0.1") -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


def http_ok(url: str, timeout: float = 2.0) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return 200 <= r.status < 400
    except (urllib.error.URLError, OSError, ValueError):
        return False


def executable(name: str) -> str:
    """A console script of the running environment (the .venv), else from PATH."""
    here = Path(sys.executable).parent / name
    if here.exists():
        return str(here)
    found = shutil.which(name)
    if not found:
        raise FileNotFoundError(f"{name} is not installed (run ./dev test, which installs .[test])")
    return found


class ServerError(RuntimeError):
    pass


@dataclass
class ServerProcess:
    """A server we started in its own process group, with its output in a log file."""

    name: str
    cmd: list[str]
    port: int
    url: str  # the page to open
    log_path: Path
    proc: subprocess.Popen | None = None
    token: str = ""
    tmpdir: Path | None = None  # removed by stop(): a folder we made ourselves
    extra: dict = field(default_factory=dict)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def start(self, env: dict | None, cwd: Path) -> None:
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "wb")
        try:
            self.proc = subprocess.Popen(
                self.cmd,
                cwd=str(cwd),
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own group: kernels die with it
            )
        finally:
            log.close()

    def wait_ready(self, ready: Callable[[], bool], timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc is not None and self.proc.poll() is not None:
                message = (
                    f"{self.name} exited with code {self.proc.returncode} before it answered.\n"
                    f"command: {' '.join(self.cmd)}\n--- log ---\n{self.log_tail()}"
                )
                self.stop()
                raise ServerError(message)
            if ready():
                return
            time.sleep(0.25)
        message = (
            f"{self.name} did not answer on port {self.port} within {timeout:.0f} s.\n"
            f"command: {' '.join(self.cmd)}\n--- log ---\n{self.log_tail()}"
        )
        self.stop()
        raise ServerError(message)

    def stop(self, grace: float = 10.0) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            # Signal only the process group of the process we started.
            for sig, wait in ((signal.SIGTERM, grace), (signal.SIGKILL, 5.0)):
                try:
                    os.killpg(proc.pid, sig)
                except ProcessLookupError:
                    break
                try:
                    proc.wait(timeout=wait)
                    break
                except subprocess.TimeoutExpired:
                    continue
        if proc is not None:
            # Leftover kernels of that group, if the server exited before them.
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        if self.tmpdir is not None:
            shutil.rmtree(self.tmpdir, ignore_errors=True)
            self.tmpdir = None


def _jupyter_env(tmp: Path) -> dict:
    """Keep the user's ~/.jupyter config and saved workspaces out of the tests."""
    env = dict(os.environ)
    for var, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime")):
        (tmp / sub).mkdir(parents=True, exist_ok=True)
        env[var] = str(tmp / sub)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _workdir(workdir: Path | None, prefix: str) -> tuple[Path, Path | None]:
    """The folder for a server's config, runtime files and log, and whether stop() removes it."""
    if workdir is not None:
        workdir.mkdir(parents=True, exist_ok=True)
        return workdir, None
    tmp = Path(tempfile.mkdtemp(prefix=prefix))
    return tmp, tmp


def write_notebook(path: Path, cells: Sequence[str]) -> Path:
    """A notebook at ``path`` whose code cells are ``cells`` (no outputs), for a test to run."""
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [],
                     "execution_count": None} for c in cells],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))
    return path


def start_jupyterlab(root: Path = REPO_ROOT, timeout: float = 90.0,
                     workdir: Path | None = None) -> ServerProcess:
    """Start JupyterLab on a free localhost port in ``root``; return once it answers.

    ``window.jupyterapp`` is exposed so that tests can run Lab commands. Its
    settings, workspaces, runtime files and log go to ``workdir`` (a temporary
    folder, removed at stop(), if not given).
    """
    port = free_port()
    token = secrets.token_hex(16)
    tmp, cleanup = _workdir(workdir, "ahoy-lab-")
    (tmp / "workspaces").mkdir(exist_ok=True)
    # No autosave: a test that runs a notebook must never write its outputs back
    # into the repository's notebooks.
    docmanager = tmp / "user-settings" / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True, exist_ok=True)
    (docmanager / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    cmd = [
        sys.executable, "-m", "jupyterlab",
        "--allow-root",
        "--no-browser",
        "--ip=127.0.0.1",
        f"--port={port}",
        "--port-retries=0",
        # (--ServerApp.token is deprecated in jupyter_server 2 in favour of this)
        f"--IdentityProvider.token={token}",
        "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.root_dir={root}",
        f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
        f"--LabApp.user_settings_dir={tmp / 'user-settings'}",
    ]
    server = ServerProcess(
        name="JupyterLab",
        cmd=cmd,
        port=port,
        url=f"http://127.0.0.1:{port}/lab?token={token}",
        log_path=tmp / "jupyterlab.log",
        token=token,
        tmpdir=cleanup,
    )
    server.start(_jupyter_env(tmp), cwd=root)
    server.wait_ready(lambda: http_ok(f"{server.base_url}api/status?token={token}"), timeout)
    return server


def lab_tree_url(server: ServerProcess, path: str | Path) -> str:
    rel = Path(path)
    if rel.is_absolute():
        rel = rel.relative_to(REPO_ROOT)
    return f"{server.base_url}lab/tree/{rel.as_posix()}?token={server.token}"


def shutdown_jupyterlab(server: ServerProcess) -> None:
    """Ask the server to shut down (it stops its kernels), then make sure it is gone."""
    if server.proc is not None and server.proc.poll() is None:
        req = urllib.request.Request(
            f"{server.base_url}api/shutdown",
            method="POST",
            headers={"Authorization": f"token {server.token}"},
        )
        try:
            urllib.request.urlopen(req, timeout=5).close()
            server.proc.wait(timeout=15)
        except (urllib.error.URLError, OSError, subprocess.TimeoutExpired):
            pass
    server.stop()


def _served(path: str | Path, root: Path) -> Path:
    """The file a server is to serve: relative to ``root``, and there."""
    path = Path(path)
    if not path.is_absolute():
        path = root / path
    if not path.exists():
        raise FileNotFoundError(path)
    return path


def start_voila(path: str | Path, extra_args: Sequence[str] = (), timeout: float = 60.0,
                root: Path = REPO_ROOT, workdir: Path | None = None) -> ServerProcess:
    """Serve one notebook with Voilà on a free localhost port (the app is at ``url``)."""
    path = _served(path, root)
    port = free_port()
    tmp, cleanup = _workdir(workdir, "ahoy-voila-")
    cmd = [
        executable("voila"), str(path),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--show_tracebacks=True",
        *extra_args,
    ]
    server = ServerProcess(
        name="Voila", cmd=cmd, port=port, url=f"http://127.0.0.1:{port}/",
        log_path=tmp / "voila.log", tmpdir=cleanup,
    )
    # Rendering the page runs the notebook, so readiness is only "it listens".
    server.start(_jupyter_env(tmp), cwd=path.parent)
    server.wait_ready(lambda: port_open(port), timeout)
    return server


def start_panel(path: str | Path, extra_args: Sequence[str] = (), timeout: float = 60.0,
                root: Path = REPO_ROOT, workdir: Path | None = None) -> ServerProcess:
    """Serve a Panel app (a .py or .ipynb file) on a free localhost port.

    ``panel serve`` publishes the file at /<file name without suffix>: that is ``url``.
    """
    path = _served(path, root)
    port = free_port()
    tmp, cleanup = _workdir(workdir, "ahoy-panel-")
    cmd = [
        executable("panel"), "serve", str(path),
        "--address", "127.0.0.1",
        "--port", str(port),
        "--allow-websocket-origin", f"127.0.0.1:{port}",
        "--allow-websocket-origin", f"localhost:{port}",
        "--liveness",
        *extra_args,
    ]
    server = ServerProcess(
        name="Panel", cmd=cmd, port=port, url=f"http://127.0.0.1:{port}/{path.stem}",
        log_path=tmp / "panel.log", tmpdir=cleanup,
    )
    server.start(_jupyter_env(tmp), cwd=path.parent)
    server.wait_ready(lambda: http_ok(f"{server.base_url}liveness"), timeout)
    return server


def serving(tmp: Path, *args: str, env: dict | None = None) -> Iterator[ServerProcess]:
    """A fixture's ``ahoy-nb serve`` (:func:`start_ahoy_serve`), stopped when the fixture
    ends; a server that cannot start fails the tests that use it, with its reason::

        @pytest.fixture(scope="module")
        def served(chromium, tmp_path_factory):
            yield from bs.serving(tmp_path_factory.mktemp("served"), "--seed", "7")
    """
    import pytest
    try:
        server = start_ahoy_serve(tmp, *args, env=env)
    except ServerError as e:
        pytest.fail(str(e), pytrace=False)
    yield server
    server.stop()


def start_ahoy_serve(tmp: Path, *args: str, env: dict | None = None,
                     timeout: float = 90.0, port: int | None = None) -> ServerProcess:
    """``ahoy-nb serve`` on a free localhost port (or ``port``: a server started again where
    it was), run from ``tmp`` (outside the repository, so that it uses the installed
    package), with extra ``args``; ``env`` replaces the environment made for it. Its online
    tables are kept in ``tmp/tables.sqlite`` unless ``args`` name a ``--store`` (never in the
    user's data directory)."""
    port = port or free_port()
    cmd = [executable("ahoy-nb"), "serve", "--port", str(port), *args]
    server = ServerProcess(name="ahoy-nb serve", cmd=cmd, port=port,
                           url=f"http://127.0.0.1:{port}/", log_path=tmp / "serve.log")
    env = _jupyter_env(tmp) if env is None else dict(env)
    env.setdefault("AHOY_NB_STORE", f"sqlite:///{tmp / 'tables.sqlite'}")
    server.start(env, cwd=tmp)
    server.wait_ready(lambda: http_ok(f"{server.base_url}liveness"), timeout)
    return server


def wait_until(fn, timeout: float = 90.0, every: float = 0.25):
    """Call ``fn`` until it returns something true (returned) or ``timeout`` seconds pass
    (its last value returned)."""
    deadline = time.monotonic() + timeout
    value = fn()
    while not value and time.monotonic() < deadline:
        time.sleep(every)
        value = fn()
    return value


# ------------------------------------------------------------------ JupyterLab pages

# Runs in the page (with the notebook's path): true once the notebook is the current
# widget, its file is loaded, its kernel connected and the notebook commands exist.
# (Synchronous on purpose: wait_for_function takes a returned Promise as truthy.)
_JS_NOTEBOOK_READY = """
(path) => {
  const app = window.jupyterapp;
  if (!app || !app.commands.hasCommand('notebook:run-all-cells')) return false;
  const w = app.shell.currentWidget;
  if (!w || !w.context || !w.sessionContext || !w.content || !w.content.model) return false;
  if (w.context.path !== path || !w.context.isReady) return false;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  return !!kernel && kernel.connectionStatus === 'connected' && kernel.status === 'idle';
}
"""

_JS_KERNEL_IDLE = """
() => {
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!kernel || kernel.status !== 'idle') return false;
  const cells = Array.from(w.content.model.cells);
  return cells.every(c => c.type !== 'code' || !c.executionState || c.executionState === 'idle');
}
"""

_JS_OUTPUTS = """
() => {
  const w = window.jupyterapp.shell.currentWidget;
  return Array.from(w.content.model.cells).map(c => ({
    type: c.type,
    source: c.sharedModel.getSource(),
    execution_count: c.type === 'code' ? c.executionCount : null,
    outputs: c.type === 'code' ? c.outputs.toJSON() : [],
  }));
}
"""


# Runs code in the current notebook's kernel (JupyterLab's or JupyterLite's): what it
# printed, and the error it raised, if any.
_JS_KERNEL_RUN = """
async ([code, seconds]) => {
  const w = window.jupyterapp.shell.currentWidget;
  const kernel = w.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false, silent: false});
  let out = "", err = null;
  future.onIOPub = (msg) => {
    const t = msg.header.msg_type;
    if (t === "stream") out += msg.content.text;
    else if (t === "error") err = msg.content.ename + ": " + msg.content.evalue;
  };
  const late = new Promise((r) => setTimeout(() => r(`no answer in ${seconds} s`), seconds * 1000));
  const why = await Promise.race([future.done.then(() => null), late]);
  return {out, err: err || why};
}
"""


# Runs in the page: true once ``el`` says ``text``. Each poll brings ``el`` back into the
# window first: until the last outputs render, JupyterLab may scroll to the running cell,
# and a windowed cell out of sight has no inner text.
_JS_SAYS_KEPT_IN_VIEW = """([el, text]) => {
  const r = el.getBoundingClientRect();
  if (r.bottom <= 0 || r.top >= window.innerHeight) el.scrollIntoView({block: 'start'});
  return el.innerText.includes(text);
}"""


def wait_text_in_view(page, locator, text: str, timeout: float = WAIT_S) -> None:
    """Wait until ``locator`` shows ``text``, keeping it in the window meanwhile."""
    page.wait_for_function(_JS_SAYS_KEPT_IN_VIEW, arg=[locator.element_handle(), text],
                           timeout=timeout * 1000)


def scroll_to(locator, tries: int = 5) -> None:
    """Scroll ``locator`` into view, again if it was drawn anew meanwhile: a board redraws
    its picture after the message that announced the change (Playwright's scroll gives up
    on an element that leaves the page, where a click would look again)."""
    from playwright.sync_api import Error
    for attempt in range(tries):
        try:
            return locator.scroll_into_view_if_needed()
        except Error as err:
            if "not attached to the DOM" not in str(err) or attempt == tries - 1:
                raise
            time.sleep(0.2)


def steady(locator, quiet: float = 0.6, timeout: float = WAIT_S) -> dict:
    """Wait until ``locator`` has stayed where it is for ``quiet`` seconds, as a person's
    eye waits before a click, and return its box. A click is a press and a release on the
    same element; a notebook scrolls as outputs grow, and the board's side column follows
    a scroll a frame later and the panels' heights as they change (``board.js``, ``pin``),
    so a button clicked while it moves can get the press and lose the release.
    Playwright's own check (two animation frames alike) can pass between two such moves.
    """
    deadline = time.monotonic() + timeout
    box, since = locator.bounding_box(), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.1)
        now = locator.bounding_box()
        if now != box:
            box, since = now, time.monotonic()
        elif box and time.monotonic() - since >= quiet:
            return box
    raise AssertionError(f"still moving after {timeout} s: {box}")


def open_chooser(opener, board, notation: str | None = None, tries: int = 4):
    """Click ``opener`` (a die with several actions) and return the button of
    ``notation`` (the first one for ``None``) in the chooser it opens on ``board``. Under
    load a click can land while the notebook still scrolls to the lesson, and open
    nothing: the die is clicked again."""
    from playwright.sync_api import TimeoutError as Timeout
    action = "[data-action]" if notation is None else f'[data-action="{notation}"]'
    choice = board.locator(f".ahoy-chooser:not([hidden]) {action}").first
    for attempt in range(tries):
        scroll_to(opener)
        opener.click()
        try:
            choice.wait_for(state="visible", timeout=WAIT_MS // tries)
            return choice
        except Timeout:
            if attempt == tries - 1:
                raise


def wait_for_text(locator, text: str, timeout: float = WAIT_S) -> None:
    """Wait until ``locator`` shows ``text`` (its inner text). The element is looked up
    again at each check: a notebook may draw an output anew, and a handle taken before
    would keep reading the old one."""
    from playwright.sync_api import expect
    expect(locator).to_contain_text(text, use_inner_text=True, timeout=timeout * 1000)


def seen_text(locator) -> str:
    """The text of ``locator`` as a sighted person sees it: its inner text without the
    screen reader's live regions (``.ahoy-live``: visually hidden, saying again what the
    message area shows)."""
    return locator.evaluate("""(el) => {
      const copy = el.cloneNode(true);
      copy.querySelectorAll('.ahoy-live').forEach((n) => n.remove());
      copy.style.position = 'absolute'; copy.style.left = '-10000px';
      document.body.appendChild(copy);
      const text = copy.innerText;
      copy.remove();
      return text;
    }""")


def kernel_json(page, code: str, timeout: float = 120.0):
    """Run ``code`` in the open notebook's kernel; it prints one JSON value last: return it."""
    result = page.evaluate(_JS_KERNEL_RUN, [code, timeout])
    assert result["err"] is None, f"kernel code failed: {result['err']}\n{code}"
    return json.loads(result["out"].strip().splitlines()[-1])


@dataclass
class NotebookRun:
    """What running a notebook in JupyterLab left behind."""

    page: object  # playwright Page
    path: str
    cells: list[dict]
    ok: bool  # what notebook:run-all-cells resolved to

    @property
    def outputs(self) -> list[dict]:
        return [o for c in self.cells for o in c["outputs"]]

    @property
    def errors(self) -> list[dict]:
        return [o for o in self.outputs if o.get("output_type") == "error"]

    @property
    def text(self) -> str:
        """Every stream and text/plain output, in order, as the user reads them."""
        parts = []
        for o in self.outputs:
            if o.get("output_type") == "stream":
                parts.append(_joined(o.get("text", "")))
            elif o.get("output_type") in ("execute_result", "display_data"):
                parts.append(_joined(o.get("data", {}).get("text/plain", "")))
            elif o.get("output_type") == "error":
                parts.append(f"{o.get('ename')}: {o.get('evalue')}")
        return "\n".join(parts)

    def error_report(self) -> str:
        ansi = re.compile(r"\x1b\[[0-9;]*m")
        return "\n\n".join(ansi.sub("", "\n".join(e.get("traceback", []))) for e in self.errors)

    def dom_output_text(self) -> str:
        """The text of the rendered output areas (what is on screen)."""
        return self.page.evaluate(
            "() => Array.from(document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) "
            ".jp-OutputArea-output')).map(e => e.innerText).join('\\n')"
        )


def _joined(v) -> str:
    return "".join(v) if isinstance(v, list) else str(v)


def open_notebook(page, server: ServerProcess, path: str | Path, timeout: float = 120.0) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is connected."""
    rel = Path(path)
    if rel.is_absolute():
        rel = rel.relative_to(REPO_ROOT)
    page.goto(lab_tree_url(server, rel), timeout=timeout * 1000)
    page.wait_for_function("() => !!window.jupyterapp", timeout=timeout * 1000)
    page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
    page.wait_for_function(_JS_NOTEBOOK_READY, arg=rel.as_posix(), timeout=timeout * 1000, polling=250)


def run_all_cells(page, path: str, timeout: float = 300.0) -> NotebookRun:
    """Run every cell of the open notebook; return once the kernel is idle again."""
    ok = page.evaluate(
        "async () => await window.jupyterapp.commands.execute('notebook:run-all-cells')"
    )
    page.wait_for_function(_JS_KERNEL_IDLE, timeout=timeout * 1000, polling=250)
    cells = page.evaluate(_JS_OUTPUTS)
    return NotebookRun(page=page, path=str(path), cells=cells, ok=bool(ok))


def file_name(name: str) -> str:
    """``name`` (a test's id, say, which may hold ``/`` or spaces) as a file name."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name).strip("_") or "screenshot"


def save_screenshot(page, name: str, full_page: bool = False) -> Path:
    SCREENSHOT_DIR.mkdir(exist_ok=True)
    path = SCREENSHOT_DIR / f"{file_name(name)}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


def save_small(src: Path, dst: Path) -> int:
    """A screenshot for the docs: ``src`` in 256 colours at ``dst`` (about a third of the
    bytes; a board's flat colours survive it); its size in bytes."""
    from PIL import Image
    Image.open(src).convert("RGB").quantize(256, dither=Image.Dither.NONE).save(dst, optimize=True)
    return dst.stat().st_size


def dump(obj) -> str:
    return json.dumps(obj, indent=1, default=str)


def modified_notebooks() -> list[str]:
    """The repository's notebooks that ``git status`` shows as changed (or [] outside git)."""
    import subprocess
    try:
        out = subprocess.run(["git", "status", "--porcelain", "--", "notebooks"], cwd=REPO_ROOT,
                             capture_output=True, text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return [line[3:] for line in out.splitlines() if line.endswith(".ipynb")]
