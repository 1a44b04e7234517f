"""Playing without a mouse and without sight (issue 47, docs/accessibility.md).

* A whole 2-player game against a ``normal`` bot in the Panel app with the keyboard
  alone: Tab, the arrow keys on the map, Enter, a chooser's buttons (no pointer event).
* Ten turns in text mode in the Panel app, by typing: the choices are read from the
  notice region (the answer to ``choices``), the number typed; every event of those
  turns is announced once in the announcer (the polite log), bots' included.
* The first lesson (setup) in JupyterLab with the keyboard alone: each step's answer,
  Next, and the quiz.
* axe-core (npm's ``axe-core``, its ``axe.min.js`` injected from disk: nothing
  fetched) finds no serious or critical violation on the notebook board in JupyterLab
  and the static site's first lesson, and nothing at all on the pages that are all ours:
  the Panel app's (the picture, text mode, the puzzles) and the online ones (a seat's
  page, the spectators' page, the lobby); each page's counts are printed
  (docs/accessibility.md has them).
"""

from __future__ import annotations

import json
import re
import time
import urllib.request

import pytest

import browser_support as bs
import keyboard_driver as kb
from axe_support import IMPACTS, axe_counts

PANEL_APP = "ahoy_nb/apps/panel_app.py"

# What a person tries first on a turn (as the clicking tests do): start, a die on Sail
# without gold, a move, an exploration, the decisions a move asks, then End turn.
PREFERENCES = (
    lambda n: n.startswith("start "),
    lambda n: re.fullmatch(r"sail \d", n) is not None,
    lambda n: n.startswith("move "),
    lambda n: n.startswith("tile "),
    lambda n: n in ("anchor", "patrol", "no-patrol", "done", "hold", "harbor-none",
                    "no-comrades", "stay"),
    lambda n: n == "end",
)


def pick(legal: list[str]) -> str:
    return next((n for rule in PREFERENCES for n in legal if rule(n)), legal[0])


@pytest.fixture
def quiet_page(browser, request):
    """A page whose context may inject a script despite the online pages' CSP."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, bypass_csp=True)
    pg = context.new_page()
    pg.set_default_timeout(bs.WAIT_MS)
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        bs.save_screenshot(pg, f"FAILED-{request.node.name}")
    context.close()


def open_panel(page, panel_server, query: str):
    server = panel_server(PANEL_APP)
    page.goto(server.url + query, timeout=bs.WAIT_MS)
    board = page.locator(".ahoy-bw").first
    board.locator(".ahoy-svg [data-action], .ahoy-status:has-text('Mollusk to decide')").first.wait_for(timeout=bs.WAIT_MS)
    return board


def no_pointer_events(page) -> list:
    """Record every pointer event the page gets (a keyboard-only test must have none)."""
    page.evaluate("""() => { window.__pointer = [];
      for (const kind of ['pointerdown', 'pointerup', 'mousedown', 'mouseup'])
        window.addEventListener(kind, (e) => window.__pointer.push(kind), true); }""")
    return page.evaluate("() => window.__pointer")


# -- the keyboard ------------------------------------------------------------------------

def test_a_whole_two_player_game_against_a_normal_bot_by_keyboard_in_the_panel_app(
        panel_server, page, screenshot):
    board = open_panel(page, panel_server, "?players=2&seed=4&people=bluefin&bots=normal&bot_delay=0")
    no_pointer_events(page)
    keys = decisions = 0
    deadline = time.monotonic() + 1500
    while "game over" not in board.locator(".ahoy-status").inner_text():
        assert time.monotonic() < deadline, f"the game did not end: {decisions} decisions"
        kb.wait_idle(board)
        legal = [b.get_attribute("data-action")
                 for b in board.locator(".ahoy-actions button.ahoy-action").all()]
        if not legal or not board.locator(".ahoy-svg.ahoy-can-act").count():
            time.sleep(0.2)
            continue
        notation = pick(legal)
        if decisions:     # the focus stayed in the board through the redraws (bots' too)
            where = bs.wait_until(lambda: (kb.active(page) or {}).get("inBoard") and kb.active(page), 2)
            assert where, f"the focus left the board after {last}: {kb.active(page)}"
        keys += kb.take(page, board, notation)
        last = notation
        decisions += 1
        if decisions % 20 == 0:
            print(f"  {decisions} decisions, {keys} keys, {time.monotonic() - deadline + 1500:.0f} s", flush=True)
    assert page.evaluate("() => window.__pointer") == []
    status = board.locator(".ahoy-status").inner_text()
    print(f"a whole game by keyboard: {decisions} decisions, {keys} keys; {status}")
    screenshot("keyboard-game-over", target=page)


def test_a_chooser_opened_by_keyboard_takes_the_focus_and_gives_it_back(panel_server, page, screenshot):
    board = open_panel(page, panel_server, "?players=2&seed=4&people=bluefin&bots=normal&bot_delay=0")
    board.focus()
    for _ in range(40):                         # Tab to the map: one tab stop
        page.keyboard.press("Tab")
        if (kb.active(page) or {}).get("space"):
            break
    first = kb.active(page)["space"]
    page.keyboard.press("ArrowRight")
    moved = kb.active(page)
    assert moved["space"] != first and moved["label"], moved     # a space named in words
    page.keyboard.press("Tab")                  # out of the map in one Tab
    assert not (kb.active(page) or {}).get("space")
    page.keyboard.press("Shift+Tab")            # back to the space it left
    assert kb.active(page)["space"] == moved["space"]
    screenshot("keyboard-focus-map", target=page)
    kb.take(page, board, "start 0,0")
    board.locator(".ahoy-svg.ahoy-can-act").wait_for(timeout=bs.WAIT_MS)
    kb.wait_idle(board)
    die = board.locator(".ahoy-svg [data-die][data-actions]").first
    die.focus()
    page.keyboard.press("Enter")
    assert kb.active(page)["inChooser"]
    screenshot("keyboard-chooser", target=page)
    page.keyboard.press("Escape")
    back = kb.active(page)
    assert back and back["actions"] and not back["inChooser"], back
    page.keyboard.press("?")                    # the keys and commands, in words
    board.locator(".ahoy-notice-live", has_text="Key u: undo").wait_for(timeout=bs.WAIT_MS)


# The right answer of the quiz question the lesson shows now, asked of the kernel (the
# page never has it), as tests/browser/test_tutor_lab.py does.
_RIGHT = """
import gc, json
from ahoy_nb.tutorials.core import Session
runs = [o for o in gc.get_objects() if isinstance(o, Session) and o.tutorial.name == 'setup'
        and o.in_quiz and o._listeners]
print(json.dumps([runs[0].quiz.current.right, list(runs[0].quiz.current.choices)]))
"""


def test_the_first_lesson_by_keyboard_in_jupyterlab(run_notebook, screenshot):
    from ahoy_nb import tutorials
    run = run_notebook("notebooks/01_setup.ipynb")
    page = run.page
    assert not run.errors, run.error_report()
    tut = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .ahoy-tutorial").first
    board = tut.locator(".ahoy-bw").first
    board.locator(".ahoy-svg [data-action]").first.wait_for(timeout=120_000)
    no_pointer_events(page)
    lesson = tutorials.start("setup")            # the same lesson, to know each step's answer
    steps = len(lesson)
    keys = 0
    while not lesson.finished:
        k = lesson.index
        bs.wait_for_text(tut, f"Step {k + 1} of {steps}")
        for notation in lesson.expected_answer():
            keys += kb.take(page, board, notation)
        bs.wait_for_text(tut, f"{k + 1} of {steps} done")
        if k == 0:
            screenshot("keyboard-lesson", target=page)
        keys += kb.press(page, board, "Next ›")
        lesson.play_answer()
        lesson.next()
    bs.wait_for_text(tut, "quiz, question 1 of")
    n = int(re.search(r"question 1 of (\d+)", tut.inner_text()).group(1))
    for k in range(n):
        right, choices = bs.kernel_json(page, _RIGHT)
        keys += kb.press(page, board, choices[right])
        board.locator(".ahoy-notice-live", has_text="Right!").wait_for(timeout=bs.WAIT_MS)
        keys += kb.press(page, board, "Next ›")
    bs.wait_for_text(tut, f"Quiz: {n} of {n} right")
    assert page.evaluate("() => window.__pointer") == []
    print(f"the first lesson by keyboard: {steps} steps and {n} questions, {keys} keys")


# -- text mode ---------------------------------------------------------------------------

def _say(page, board, line: str) -> str:
    """Type ``line`` in the text box and Enter; the notice region's answer."""
    box = board.locator(".ahoy-line")
    assert kb.active(page)["cls"].startswith("ahoy-line"), kb.active(page)
    page.keyboard.type(line)
    page.keyboard.press("Enter")
    kb.wait_idle(board)
    return board.locator(".ahoy-notice-live").inner_text().strip() if box.count() else ""


# What the announcer said, as a screen reader hears it: each line added to the live
# region, recorded as it arrives (the region itself keeps only its latest 300 lines).
RECORD_ANNOUNCER = """(root) => { window.__said = [];
  new MutationObserver((changes) => { for (const c of changes) for (const n of c.addedNodes)
    if (n.nodeType === 1) window.__said.push([n.dataset.i ? Number(n.dataset.i) : null, n.textContent]); })
  .observe(root, {childList: true}); }"""


def test_ten_turns_in_text_mode_by_typing_each_event_announced_once(panel_server, page, screenshot):
    board = open_panel(page, panel_server, "?players=2&seed=7&people=bluefin&bots=easy&bot_delay=0")
    no_pointer_events(page)
    board.locator(".ahoy-text-switch").focus()
    page.keyboard.press("Enter")
    board.locator(".ahoy-text-blocks h3").first.wait_for(timeout=bs.WAIT_MS)
    board.locator(".ahoy-announce").evaluate(RECORD_ANNOUNCER)
    page.keyboard.press("t")                    # the text box
    said = lambda: page.evaluate("() => window.__said.length")
    turns = 0
    deadline = time.monotonic() + 600
    while turns < 10:
        assert time.monotonic() < deadline, f"only {turns} turns"
        answer = _say(page, board, "choices")
        if answer.startswith("You have no choice"):
            time.sleep(0.3)
            continue
        assert re.match(r"\d+ choices:", answer), answer
        pieces = re.split(r" (?=\d+\. )", answer.split(":", 1)[1].strip())
        legal = [re.search(r"\(([^()]+)\)\s*$", piece).group(1) for piece in pieces]
        notation = pick(legal)
        before = said()
        _say(page, board, str(legal.index(notation) + 1))
        notice = board.locator(".ahoy-notice-live").inner_text()
        assert not notice.startswith("Not possible"), notice
        assert bs.wait_until(lambda: said() > before, 30), f"{notation} was not announced"
        if notation == "end":
            turns += 1
    # what was typed wrong is refused in words, and nothing changes
    assert _say(page, board, "sail 9").startswith("Not possible")
    assert _say(page, board, "where me").startswith("Bluefin (blue)")
    assert page.evaluate("() => window.__pointer") == []
    screenshot("text-mode", target=page)
    # Every event of those turns, once: the log beside the board against the announcer.
    announced: dict[int, list[str]] = {}
    for i, text in page.evaluate("() => window.__said"):
        assert i is not None, f"announced outside the log: {text}"
        announced.setdefault(i, []).append(text)
    entries = board.locator(".ahoy-log .ahoy-entry").evaluate_all(
        "nodes => nodes.map(n => [Number(n.dataset.i), n.querySelector('.ahoy-entry-head').textContent,"
        " Array.from(n.querySelectorAll('.ahoy-events li')).map(li => li.textContent)])")
    start = min(announced)
    checked = 0
    for i, head, events in entries:
        if i < start:
            continue
        assert announced.get(i) == [head, *events], (i, announced.get(i), [head, *events])
        checked += len(events) + 1
    assert sorted(announced) == list(range(start, max(announced) + 1)), "an entry was skipped"
    assert set(announced) <= {i for i, _, _ in entries}
    print(f"text mode: {turns} turns, {len(announced)} log entries, {checked} lines announced once")


# -- axe-core ----------------------------------------------------------------------------

def test_axe_finds_nothing_on_the_panel_app(panel_server, quiet_page):
    """Not even a moderate finding: the page is one main landmark under the h1 "Ahoy"
    (Panel's own page had none: 31 moderate findings), in picture and text mode, and the
    puzzle trainer's page the same."""
    nothing = dict.fromkeys(IMPACTS, 0)
    board = open_panel(quiet_page, panel_server, "?players=3&seed=4&people=bluefin&bots=normal&bot_delay=0")
    board.locator(".ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    assert axe_counts(quiet_page, "the Panel app") == nothing
    board.locator(".ahoy-text-switch").focus()
    quiet_page.keyboard.press("Enter")
    board.locator(".ahoy-text-blocks h3").first.wait_for(timeout=bs.WAIT_MS)
    assert axe_counts(quiet_page, "the Panel app in text mode") == nothing
    puzzles = open_panel(quiet_page, panel_server, "?mode=puzzles")
    puzzles.locator(".ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    assert axe_counts(quiet_page, "the Panel app's puzzles") == nothing


def _post(url: str, data: dict, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, method="POST", headers=headers, data=json.dumps(data).encode())
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def test_axe_finds_nothing_on_the_online_pages(tmp_path, quiet_page):
    """The online pages are all ours: not even a moderate finding (every part of the page
    in a landmark, one h1, headings in order)."""
    nothing = dict.fromkeys(IMPACTS, 0)
    server = bs.start_ahoy_serve(tmp_path)
    try:
        quiet_page.goto(server.base_url + "tables")
        quiet_page.wait_for_selector("#new:not([hidden])")
        assert axe_counts(quiet_page, "the lobby (/tables)") == nothing
        made = _post(server.base_url + "api/tables", {"players": 2, "bots": {"mollusk": "normal"}})
        quiet_page.goto(made["seats"]["bluefin"]["url"])
        quiet_page.locator(".ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
        assert axe_counts(quiet_page, "an online seat's page") == nothing
        quiet_page.locator(".ahoy-text-switch").focus()
        quiet_page.keyboard.press("Enter")
        quiet_page.locator(".ahoy-text-blocks h3").first.wait_for(timeout=bs.WAIT_MS)
        quiet_page.keyboard.press("t")
        quiet_page.keyboard.type("1")
        quiet_page.keyboard.press("Enter")        # a typed line acts through the server
        quiet_page.locator(".ahoy-announce li", has_text="Bluefin: start").first.wait_for(timeout=bs.WAIT_MS)
        assert axe_counts(quiet_page, "an online seat's page in text mode") == nothing
        quiet_page.goto(made["spectator"]["url"])
        quiet_page.locator(".ahoy-bw .ahoy-status").first.wait_for(timeout=bs.WAIT_MS)
        assert axe_counts(quiet_page, "the spectators' page") == nothing
    finally:
        server.stop()


def test_axe_finds_nothing_serious_on_the_notebook_board_in_jupyterlab(quiet_page, jupyterlab_server,
                                                                     tmp_path):
    (bs.REPO_ROOT / "build").mkdir(exist_ok=True)
    path = bs.write_notebook(bs.REPO_ROOT / "build" / "a11y-axe.ipynb", [
        "import ahoy_nb\ngame = ahoy_nb.play(players=2, seed=4, bot_delay=0)\ngame"])
    try:
        bs.open_notebook(quiet_page, jupyterlab_server, path.relative_to(bs.REPO_ROOT))
        bs.run_all_cells(quiet_page, str(path.relative_to(bs.REPO_ROOT)))
        board = quiet_page.locator(".ahoy-bw").first
        board.locator(".ahoy-svg [data-action]").first.wait_for(timeout=120_000)
        # JupyterLab's own page is not ours: axe looks at the board only.
        axe_counts(quiet_page, "the notebook board in JupyterLab", context=".ahoy-bw")
    finally:
        path.unlink(missing_ok=True)
