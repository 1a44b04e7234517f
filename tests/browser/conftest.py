"""Fixtures for browser tests: Debian's Chromium driven by Playwright, and the
JupyterLab, Voila and Panel servers the tests look at.

* Chromium must be at /usr/bin/chromium (Debian's package; `.ci/run` installs it).
  Without it the browser tests are skipped with "Chromium not found: browser tests
  skipped" -- except under CI (CI=true), where they fail.
* `playwright install` is never run: Playwright launches that Chromium.
* Screenshots go to screenshots/ at the repo root; a failing test that used `page`
  leaves screenshots/FAILED-<test>.png, and every failed attempt (a rerun's first one
  too) its traceback in screenshots/FAILED-<test>-<attempt>.txt.

Fixtures: chromium, browser, page, screenshot, screenshot_dir, jupyterlab_server,
jupyterlab_url, run_notebook, voila_server, panel_server.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browser_support as bs

_chromium_missing_seen = False


def _unavailable(message: str, what: str):
    """Skip with `message`, or under CI fail: CI must run the browser tests."""
    global _chromium_missing_seen
    if bs.in_ci():
        pytest.fail(f"{what}, and CI=true: the browser tests must run in CI, not be skipped "
                    "(.ci/run installs Debian's chromium)", pytrace=False)
    _chromium_missing_seen = True
    pytest.skip(message)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)
    if rep.failed and rep.when == "call":
        # Kept for every attempt: a failure a rerun then passes is reported by name only.
        bs.SCREENSHOT_DIR.mkdir(exist_ok=True)
        attempt = getattr(item, "execution_count", 1)
        name = bs.file_name(f"FAILED-{item.name}-{attempt}")   # an id may hold a path
        (bs.SCREENSHOT_DIR / f"{name}.txt").write_text(rep.longreprtext)


def pytest_terminal_summary(terminalreporter):
    if _chromium_missing_seen:
        terminalreporter.write_line(
            f"{bs.CHROMIUM_MISSING} (no {bs.CHROMIUM_PATH}; `apt-get install chromium` "
            "or run .ci/run)",
            yellow=True, bold=True,
        )


# ------------------------------------------------------------------ browser


@pytest.fixture(scope="session")
def chromium() -> str:
    """The path of Debian's Chromium, or skip (fail under CI) without it."""
    if not bs.chromium_available():
        _unavailable(bs.CHROMIUM_MISSING, f"Chromium not found at {bs.CHROMIUM_PATH}")
    return bs.CHROMIUM_PATH


@pytest.fixture(scope="session")
def browser(chromium):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable("Playwright for Python is not installed: browser tests skipped",
                     "Playwright for Python is not installed")
    with sync_playwright() as p:
        b = bs.launch_browser(p)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser, request):
    """A fresh page (own context) per test; screenshot left behind if the test fails."""
    context = browser.new_context(viewport=bs.VIEWPORT)
    pg = context.new_page()
    pg.set_default_timeout(bs.WAIT_MS)
    try:
        yield pg
    finally:
        rep = getattr(request.node, "rep_call", None)
        if rep is not None and rep.failed:
            try:
                path = bs.save_screenshot(pg, f"FAILED-{request.node.name}")
                print(f"screenshot of the failure: {path}")
            except Exception as e:  # the page may be gone
                print(f"no failure screenshot: {e}")
        context.close()


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    bs.SCREENSHOT_DIR.mkdir(exist_ok=True)
    return bs.SCREENSHOT_DIR


@pytest.fixture
def screenshot(page, screenshot_dir, request):
    """screenshot(name=None, full_page=False, target=page) saves screenshots/<name>.png."""

    def take(name: str | None = None, full_page: bool = False, target=None) -> Path:
        path = bs.save_screenshot(target or page, name or request.node.name, full_page=full_page)
        print(f"screenshot: {path}")
        return path

    return take


# ------------------------------------------------------------------ servers


@pytest.fixture(scope="session")
def jupyterlab_server(tmp_path_factory):
    """A JupyterLab server in the repo root on a free localhost port.

    Yields a ServerProcess: .url (the /lab page with its token), .base_url, .token,
    .log_path. Shut down at the end of the session.
    """
    try:
        server = bs.start_jupyterlab(workdir=tmp_path_factory.mktemp("jupyterlab"))
    except bs.ServerError as e:
        pytest.fail(str(e), pytrace=False)
    try:
        yield server
    finally:
        bs.shutdown_jupyterlab(server)


@pytest.fixture(scope="session")
def jupyterlab_url(jupyterlab_server) -> str:
    return jupyterlab_server.url


@pytest.fixture
def run_notebook(page, jupyterlab_server):
    """run_notebook(path, timeout=300) opens a notebook (a path from the repo root) in
    JupyterLab, runs all its cells with `notebook:run-all-cells`, waits for the kernel
    to go idle, and returns a NotebookRun (.page, .cells, .outputs, .text, .errors,
    .error_report(), .dom_output_text()).
    """

    def run(path: str | Path, timeout: float = 300.0) -> bs.NotebookRun:
        bs.open_notebook(page, jupyterlab_server, path)
        return bs.run_all_cells(page, str(path), timeout=timeout)

    return run


def _server_factory(start, tmp_path_factory, kind: str):
    servers: dict = {}

    def serve(path: str | Path, *extra_args: str, timeout: float = 60.0) -> bs.ServerProcess:
        key = (str(Path(path).resolve()), extra_args)
        server = servers.get(key)
        if server is None or server.proc is None or server.proc.poll() is not None:
            try:
                server = start(path, extra_args=extra_args, timeout=timeout,
                               workdir=tmp_path_factory.mktemp(kind))
            except bs.ServerError as e:
                pytest.fail(str(e), pytrace=False)
            servers[key] = server
        return server

    return serve, servers


@pytest.fixture(scope="session")
def voila_server(tmp_path_factory):
    """voila_server(notebook_path, *extra_args) -> ServerProcess serving the notebook
    with `voila <notebook> --no-browser --port=...`; open `.url`. One server per
    (path, args) for the session."""
    serve, servers = _server_factory(bs.start_voila, tmp_path_factory, "voila")
    try:
        yield serve
    finally:
        for s in servers.values():
            s.stop()


@pytest.fixture(scope="session")
def panel_server(tmp_path_factory):
    """panel_server(app_path, *extra_args) -> ServerProcess running
    `panel serve <file> --port ...`; the app is at `.url` (/<file stem>)."""
    serve, servers = _server_factory(bs.start_panel, tmp_path_factory, "panel")
    try:
        yield serve
    finally:
        for s in servers.values():
            s.stop()
