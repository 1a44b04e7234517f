"""The game in a real browser: every notebook in JupyterLab, the board's round trip to
the kernel, the Voila app and the Panel app (``ahoy-nb serve``).

* JupyterLab opens each notebook, runs all its cells: no error output, and the board
  appears (``.ahoy-bw`` with its SVG) in every notebook but the text-only starter.
* In ``notebooks/app.ipynb`` (JupyterLab): an illegal click shows the engine's reason
  and changes nothing; a click on a legal action (an element found by its
  ``data-action``) changes the game in the kernel (read back by running code in the
  notebook's kernel) and redraws the board; after the game is played into round 2 the
  Fame chart (bqplot) shows the new round and new lines.
* Voila serves ``notebooks/app.ipynb`` as a page with no code, with our template
  (``share/jupyter/voila/templates/ahoy``): the same clicks work, the buttons' icons
  are drawn, and no request leaves localhost; the same from the Jupyter server's
  ``voila/render/notebooks/app.ipynb`` (what Binder opens).
* ``ahoy-nb serve`` (Panel): the same clicks work, the bots answer, the Bokeh Fame
  chart follows a bots-only game into round 2, and no request leaves localhost.

Screenshots: screenshots/lab_<notebook>.png, lab_app_*.png, voila_app.png,
voila_render_app.png, panel_*.png.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest

import browser_support as bs

NOTEBOOK_DIR = bs.REPO_ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
APP = "notebooks/app.ipynb"

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CHARTS_ONLY = {"06_balance.ipynb"}  # self-play statistics: charts, no board
ILLEGAL = "start 9,9"   # never an Island: the engine refuses it at the first decision


def _engine_reason(notation: str = ILLEGAL) -> str:
    """The engine's reason for refusing ``notation`` at a new game's first decision
    (the same for every seed: the two Islands are at 0,0 and 3,2)."""
    from ahoy_nb.engine import IllegalActionError, new_game

    try:
        new_game(3, seed=0).apply(notation)
    except IllegalActionError as err:
        return str(err)
    raise AssertionError(f"{notation!r} was accepted")


# -- page helpers ---------------------------------------------------------------------


def click_action(page, scope: str, notation: str | None = None) -> str:
    """Click the board element whose data-action is ``notation`` (default: the first
    legal action, as the action list names it); return the notation."""
    if notation is None:
        first = page.locator(f"{scope} .ahoy-actions button.ahoy-action").first
        first.wait_for(state="visible", timeout=bs.WAIT_MS)
        notation = first.get_attribute("data-action")
    el = page.locator(f'{scope} .ahoy-svg [data-action="{notation}"]').first
    el.wait_for(state="visible", timeout=bs.WAIT_MS)
    bs.scroll_to(el)
    el.click()
    return notation


def click_illegal(page, scope: str, notation: str = ILLEGAL) -> None:
    """Click the first clickable board element as if it named ``notation`` (what a
    stale or forged click would send), then put its data-action back."""
    el = page.locator(f"{scope} .ahoy-svg [data-action]").first
    el.wait_for(state="visible", timeout=bs.WAIT_MS)
    legal = el.get_attribute("data-action")
    el.evaluate("(node, a) => node.setAttribute('data-action', a)", notation)
    bs.scroll_to(el)
    el.click()
    el.evaluate("(node, a) => node.setAttribute('data-action', a)", legal)  # as it was


def wait_error(page, scope: str, expected: str) -> None:
    err = page.locator(f"{scope} .ahoy-error").first
    err.wait_for(state="visible", timeout=bs.WAIT_MS)
    deadline = time.monotonic() + 30
    while err.inner_text().strip() != expected and time.monotonic() < deadline:
        time.sleep(0.1)
    assert err.inner_text().strip() == expected


def wait_log_entry(page, scope: str, i: int, timeout: float = bs.WAIT_S) -> str:
    entry = page.locator(f'{scope} .ahoy-log .ahoy-entry[data-i="{i}"]').first
    entry.wait_for(state="attached", timeout=timeout * 1000)
    return entry.locator(".ahoy-entry-head").inner_text().strip()


_JS_FAME_CHART = """
(scope) => {
  const figs = Array.from(document.querySelectorAll(scope + " .bqplot.figure"));
  const fig = figs.find((f) => Array.from(f.querySelectorAll("text.axislabel"))
                                  .some((t) => t.textContent === "Fame"));
  if (!fig) return null;
  const lines = {};
  for (const g of fig.querySelectorAll("g.curve")) {
    const label = g.querySelector("text.curve_label");
    const path = g.querySelector("path.line");
    if (label && path && label.textContent !== "C1") lines[label.textContent] = path.getAttribute("d");
  }
  const labels = Array.from(fig.querySelectorAll("text.label")).map((t) => t.textContent);
  return {lines, labels};
}
"""


def fame_chart(page, scope: str = NB):
    """The bqplot Fame chart as drawn: {"lines": {player: path d}, "labels": [...]}."""
    return page.evaluate(_JS_FAME_CHART, scope)


def svg_of(page, scope: str) -> str:
    return page.locator(f"{scope} .ahoy-svg").first.inner_html()


# -- JupyterLab: every notebook ---------------------------------------------------------


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_in_jupyterlab(run_notebook, screenshot, path):
    rel = path.relative_to(bs.REPO_ROOT).as_posix()
    changed_before = bs.modified_notebooks()
    run = run_notebook(rel)
    page = run.page
    assert not run.errors, f"{rel} raised in JupyterLab:\n{run.error_report()}"
    assert run.ok, "notebook:run-all-cells reported a failure"
    code = [c for c in run.cells if c["type"] == "code"]
    assert all(c["execution_count"] for c in code), "not every code cell ran"
    if path.name in CHARTS_ONLY:  # no board: its bqplot charts are drawn
        page.locator(f"{NB} .bqplot.figure").first.wait_for(state="attached", timeout=bs.WAIT_MS)
        screenshot(f"lab_{path.stem}")
        return
    board = page.locator(f"{NB} .ahoy-bw .ahoy-svg svg").first
    board.wait_for(state="attached", timeout=bs.WAIT_MS)
    bs.scroll_to(board)
    assert board.is_visible(), f"{rel}: the board is not shown"
    screenshot(f"lab_{path.stem}")
    assert bs.modified_notebooks() == changed_before, "running a notebook must not change it"


# -- JupyterLab: the board talks to the kernel ----------------------------------------


def test_lab_board_clicks_reach_the_kernel_and_the_fame_chart_follows(run_notebook,
                                                                      screenshot):
    run = run_notebook(APP)
    page = run.page
    assert not run.errors, run.error_report()
    page.locator(f"{NB} .ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)

    before = bs.kernel_json(page, "import json; s = app.game.state; print(json.dumps("
                                  "{'n': len(s.log), 'who': s.current_player}))")
    assert before == {"n": 1, "who": "bluefin"}

    # An illegal click: the engine's reason, and the game does not change.
    click_illegal(page, NB)
    wait_error(page, NB, _engine_reason())
    assert bs.kernel_json(page, "print(len(app.game.state.log))") == 1

    # A legal click: the kernel applies it, the board is redrawn.
    svg_before = svg_of(page, NB)
    notation = click_action(page, NB)
    head = wait_log_entry(page, NB, 1)
    assert head == f"1. Bluefin: {notation}"
    after = bs.kernel_json(page, "s = app.game.state; print(json.dumps("
                                 "{'player': s.log[1].player, 'action': s.log[1].action}))")
    assert after == {"player": "bluefin", "action": notation}
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).innerHTML !== old",
        arg=[f"{NB} .ahoy-svg", svg_before], timeout=bs.WAIT_MS)
    assert not page.locator(f"{NB} .ahoy-error").first.is_visible()
    bs.scroll_to(page.locator(f"{NB} .ahoy-bw").first)
    screenshot("lab_app_click")

    # Play on into round 2 from the kernel; the Fame chart shows the round's start.
    chart = fame_chart(page)
    assert chart and "R2" not in chart["labels"], chart
    played = bs.kernel_json(page, """
from ahoy_nb.ai.bots import GreedyBot
g = app.game
g.stop()
bot = GreedyBot(seed=1)
while g.state.round < 2 and not g.state.is_over:
    g.board.act(bot.choose(g.state))
print(json.dumps({"round": g.state.round, "fame": g.state.fame, "n": len(g.state.history)}))
""")
    assert played["round"] == 2
    deadline = time.monotonic() + 30
    now = fame_chart(page)
    while "R2" not in now["labels"] and time.monotonic() < deadline:
        time.sleep(0.25)
        now = fame_chart(page)
    assert "R2" in now["labels"], now
    assert set(now["lines"]) == {"Bluefin", "Smuggler 1", "Mollusk"}
    assert all(now["lines"][f] != chart["lines"][f] for f in now["lines"]), (chart, now)
    status = page.locator(f"{NB} .ahoy-status").first.inner_text()
    assert "Round 2" in status, status
    bs.scroll_to(page.locator(f"{NB} .bqplot.figure").first)
    screenshot("lab_app_round2")


# -- Voila ------------------------------------------------------------------------------


def _outside(urls: list[str], port: int) -> list[str]:
    """Requests to anything but this machine's server (data: and blob: are local)."""
    out = []
    for url in urls:
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            continue
        if parts.hostname in ("127.0.0.1", "localhost") and parts.port == port:
            continue
        out.append(url)
    return sorted(set(out))


_JS_ICON = """
(sel) => {
  const i = document.querySelector(sel);
  if (!i) return null;
  const before = getComputedStyle(i, "::before");
  return {content: before.content, font: before.fontFamily, width: i.getBoundingClientRect().width};
}
"""


def _play_voila_page(page, url: str, port: int, screenshot, name: str) -> None:
    """Open the Voila page of notebooks/app.ipynb at ``url``: our template, just the
    game, Font Awesome icons, clicks that work, and no request off this machine."""
    requests: list[str] = []
    failed: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))

    def on_response(r):
        if r.status >= 400:
            failed.append(f"{r.url} ({r.status})")

    page.on("response", on_response)
    page.goto(url, timeout=120_000)
    body = "body"
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=120_000)
    # The notebook's metadata picks our template (share/jupyter/voila/templates/ahoy):
    # the page's stylesheets come from it, and it links nothing on another host.
    assert page.locator('link[href*="/voila/templates/ahoy/static/"]').count() >= 1
    assert page.locator('link[href*="://"]:not([href^="http://127.0.0.1"])'
                        ':not([href^="http://localhost"])').count() == 0
    # Just the game: no code, no prompts.
    assert page.locator(".jp-MarkdownCell").count() == 1   # the page's title and help
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-InputPrompt, .cm-editor, "
                        ".jp-InputArea-editor").count() == 0
    text = page.inner_text(body)
    assert "from ahoy_nb" not in text and "lobby(" not in text
    assert page.locator("button", has_text="New game").count() == 1
    # The buttons' Font Awesome icons come from Voila's own bundle, not the CDN.
    icon = page.evaluate(_JS_ICON, "button.jupyter-button i.fa-play")
    assert icon and icon["content"] not in ("none", "normal", '""') and icon["width"] > 0, icon
    assert "Font Awesome" in icon["font"] or "FontAwesome" in icon["font"], icon

    click_illegal(page, body)
    wait_error(page, body, _engine_reason())
    svg_before = svg_of(page, body)
    notation = click_action(page, body)
    assert wait_log_entry(page, body, 1) == f"1. Bluefin: {notation}"
    assert svg_of(page, body) != svg_before
    # The bots (0.5 s apart) answer in the kernel.
    assert wait_log_entry(page, body, 2).startswith("2. Smuggler 1: start")
    bs.scroll_to(page.locator(".ahoy-bw").first)
    screenshot(name)

    outside = _outside(requests, port)
    assert not outside, f"the Voila app fetched from outside this machine: {outside}"
    assert not failed, f"requests of the Voila page failed: {failed}"


def test_voila_app_plays_offline_without_code(voila_server, page, screenshot):
    """`voila notebooks/app.ipynb`."""
    server = voila_server(APP)
    _play_voila_page(page, server.url, server.port, screenshot, "voila_app")


def test_voila_render_in_jupyter_server_plays_offline(jupyterlab_server, page, screenshot):
    """Voila as a Jupyter server extension, as Binder's ?urlpath=voila/render/... opens it."""
    server = jupyterlab_server
    url = f"{server.base_url}voila/render/{APP}?token={server.token}"
    _play_voila_page(page, url, server.port, screenshot, "voila_render_app")


# -- Panel: ahoy-nb serve ------------------------------------------------------------------


@pytest.fixture(scope="module")
def ahoy_serve(chromium, tmp_path_factory):
    """``ahoy-nb serve`` on a free port (seed 7, bots 0.2 s apart), run from outside
    the repository so that it uses the installed package."""
    yield from bs.serving(tmp_path_factory.mktemp("ahoy-serve"), "--seed", "7", "--bot-delay", "0.2")


_JS_BOKEH_COLUMN = """
([name, column]) => {
  for (const doc of (window.Bokeh && Bokeh.documents) || []) {
    const src = doc.get_model_by_name(name);
    if (src) {
      const d = src.data;
      const v = d instanceof Map ? d.get(column) : d[column];
      return Array.from(v || []);
    }
  }
  return null;
}
"""


def test_panel_app_plays_offline(ahoy_serve, page, screenshot):
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(ahoy_serve.url, timeout=bs.WAIT_MS)
    body = "body"
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    assert page.locator("button", has_text="New game").count() == 1

    click_illegal(page, body)
    wait_error(page, body, _engine_reason())
    svg_before = svg_of(page, body)
    notation = click_action(page, body)
    assert wait_log_entry(page, body, 1) == f"1. Bluefin: {notation}"
    assert svg_of(page, body) != svg_before
    # The bots answer on the server, and it is Bluefin's decision again.
    assert wait_log_entry(page, body, 2).startswith("2. Smuggler 1: start")
    page.locator(".ahoy-bw .ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)
    # The Fame chart has a point per action so far. Its data reach the page in a message
    # of their own, which may come a moment after the board's: wait for them.
    page.wait_for_function(_JS_BOKEH_COLUMN.replace("return Array.from(v || []);",
                                                    "return (v && v[v.length - 1] >= 2) || null;"),
                           arg=["fame-lines", "x"], timeout=bs.WAIT_MS, polling=200)
    xs = page.evaluate(_JS_BOKEH_COLUMN, ["fame-lines", "x"])
    assert xs and xs[-1] >= 2
    screenshot("panel_app", full_page=True)

    # Bots only, fast: the Fame chart follows the game into round 2.
    page.goto(ahoy_serve.url + "?people=none&bot_delay=0.05&seed=3", timeout=bs.WAIT_MS)
    page.wait_for_function(_JS_BOKEH_COLUMN.replace("return Array.from(v || []);",
                                                    "return (v && Array.from(v).includes('R2')) || null;"),
                           arg=["fame-rounds", "label"], timeout=120_000, polling=500)
    # The board's own traits may arrive a moment after the chart's (Panel draws the
    # board in a shadow root: a locator, not document.querySelector, reaches it).
    deadline = time.monotonic() + 120
    status = page.locator(".ahoy-status").first.inner_text()
    while not any(f"Round {r}" in status for r in range(2, 10)) and time.monotonic() < deadline:
        time.sleep(0.5)
        status = page.locator(".ahoy-status").first.inner_text()
    assert any(f"Round {r}" in status for r in range(2, 10)), status
    screenshot("panel_app_round2", full_page=True)

    outside = _outside(requests, ahoy_serve.port)
    assert not outside, f"the Panel app fetched from outside this machine: {outside}"


def test_panel_serve_runs_the_app_file(panel_server, page, screenshot):
    """`panel serve ahoy_nb/apps/panel_app.py` serves the same page (query parameters set the game)."""
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.goto(server.url + "?players=4&seed=2&people=all", timeout=bs.WAIT_MS)
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    scores = page.locator(".ahoy-bw .ahoy-score")
    assert scores.count() == 4
    notation = click_action(page, "body")
    assert wait_log_entry(page, "body", 1) == f"1. Bluefin: {notation}"
    screenshot("panel_serve_file")
