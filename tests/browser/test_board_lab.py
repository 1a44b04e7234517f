"""The board as a person meets it in JupyterLab (1400x1000, file browser open), on a game
and on a lesson: sizes in CSS px, names in words, a turn by board clicks only, a tile
placed by pointing, the round-end summary and the game-over screen, light and dark.

Screenshots: screenshots/board_lab_*.png; the light and dark ones are copied to docs/.
"""

from __future__ import annotations

import time

import pytest

import browser_support as bs
from board_driver import click_on_board

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"
VIEW = {"width": 1400, "height": 1000}

CELLS = [
    """import ahoy_nb
from ahoy_nb.engine import new_game
from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.widgets import BoardWidget
from ahoy_nb import tutorials

def played(players, seed, stop):
    '''A RandomBot game up to the first position where stop(state, next action) holds.'''
    s, bot = new_game(players, seed=seed), RandomBot(seed)
    while not stop(s, bot):
        s.apply(bot.choose(s))
    return s""",
    """game = ahoy_nb.play(players=3, seed=4, people=("bluefin",), bot_delay=0, charts=False)
game""",
    """s = played(3, 1, lambda s, b: sum(a.verb == "tile" for a in s.legal_actions()) > 3)
explore = BoardWidget(s, viewer=s.current_player)
explore""",
    """s = played(3, 2, lambda s, b: s.after(b.choose(s.copy())).round != s.round)
rounding = BoardWidget(s, viewer=s.current_player)
rounding""",
    """s = played(2, 3, lambda s, b: s.after(b.choose(s.copy())).is_over)
ending = BoardWidget(s, viewer=s.current_player)
ending""",
    """lesson = tutorials.start("exploring")
lesson""",
    """from ahoy_nb.engine import rulebook_battle
battle = BoardWidget(rulebook_battle(), viewer="mollusk")
battle""",
    """dice = BoardWidget(rulebook_battle(before=True), viewer="mollusk")
dice""",
]
GAME, EXPLORE, ROUNDING, ENDING, LESSON, BATTLE, DICE = range(7)

_JS_MEASURE = """
(root) => {
  const out = {clickables: 0, texts: 0, small: [], tiny: [], unnamed: [], minClick: 1e9, minText: 1e9};
  const visible = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && !el.closest('[hidden]'); };
  const sel = '[data-action],[data-actions],button,[role=button],input';
  for (const el of root.querySelectorAll(sel)) {
    if (!visible(el) || el.disabled) continue;
    out.clickables++;
    const r = el.getBoundingClientRect();
    const side = Math.min(r.width, r.height);
    out.minClick = Math.min(out.minClick, side);
    const what = (el.getAttribute('data-action') || el.getAttribute('aria-label') || el.textContent || el.outerHTML).slice(0, 80);
    const kind = el.matches('button') ? 'button' : (['die', 'slot-group', 'ghost', 'space', 'market', 'crew', 'figure', 'reward', 'control', 'cargo', 'plan', 'slot']
      .find((c) => el.classList.contains(c) || el.hasAttribute('data-' + c)) || el.tagName);
    out.byKind = out.byKind || {};
    out.byKind[kind] = Math.min(out.byKind[kind] || 1e9, Math.round(side * 10) / 10);
    if (r.width < 23.99 || r.height < 23.99) out.small.push([what, Math.round(r.width * 10) / 10, Math.round(r.height * 10) / 10]);
    const name = (el.getAttribute('aria-label') || el.textContent || '').trim();
    if (!/[A-Za-z]{3,}/.test(name)) out.unnamed.push(what);
  }
  // SVG text: its font size times the scale it is drawn at.
  for (const t of root.querySelectorAll('svg text')) {
    if (!visible(t)) continue;
    const m = t.getScreenCTM();
    const px = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    out.texts++;
    out.minText = Math.min(out.minText, px);
    if (px < 10.99) out.tiny.push([t.textContent.slice(0, 30), Math.round(px * 10) / 10]);
  }
  // HTML text
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const el = node.parentElement;
    if (!node.textContent.trim() || !el || el.closest('svg') || !visible(el)) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    out.texts++;
    out.minText = Math.min(out.minText, px);
    if (px < 10.99) out.tiny.push([node.textContent.slice(0, 30), px]);
  }
  return out;
}
"""


def board(page, k: int):
    return page.locator(f"{NB} .ahoy-bw").nth(k)


def measure(page, k: int) -> dict:
    return board(page, k).evaluate(_JS_MEASURE)


def wait_idle(page, k: int) -> None:
    page.wait_for_function(
        "([nb, k]) => { const b = document.querySelectorAll(nb + ' .ahoy-bw')[k];"
        " return b && !b.classList.contains('ahoy-waiting'); }", arg=[NB, k], timeout=bs.WAIT_MS)


@pytest.fixture(scope="module")
def lab(tmp_path_factory, chromium):
    root = tmp_path_factory.mktemp("boardlab")
    bs.write_notebook(root / "board_check.ipynb", CELLS)
    server = bs.start_jupyterlab(root=root, workdir=tmp_path_factory.mktemp("boardlab-server"))
    try:
        yield server
    finally:
        bs.shutdown_jupyterlab(server)


@pytest.fixture(scope="module")
def lab_page(lab, browser):
    context = browser.new_context(viewport=VIEW)
    page = context.new_page()
    page.set_default_timeout(bs.WAIT_MS)
    bs.open_notebook(page, lab, "board_check.ipynb")
    page.evaluate("async () => await window.jupyterapp.commands.execute('filebrowser:activate')")
    run = bs.run_all_cells(page, "board_check.ipynb")
    assert not run.errors, run.error_report()
    for k in range(7):
        board(page, k).locator(".ahoy-svg svg").first.wait_for(state="visible", timeout=bs.WAIT_MS)
    yield page
    context.close()


def test_file_browser_open_and_sizes_on_a_game_and_a_lesson(lab_page, screenshot):
    page = lab_page
    assert page.locator("#filebrowser").is_visible()
    for k, what in ((GAME, "game"), (EXPLORE, "exploring"), (LESSON, "lesson")):
        bs.scroll_to(board(page, k))
        m = measure(page, k)
        print(what, {key: m.get(key) for key in ("clickables", "texts", "minClick", "minText", "byKind")})
        assert m["clickables"] > 3 and m["texts"] > 20
        assert not m["small"], f"{what}: clickable elements under 24x24 px: {m['small'][:10]}"
        assert not m["tiny"], f"{what}: text under 11 px: {m['tiny'][:10]}"
        assert not m["unnamed"], f"{what}: clickable elements without a name in words: {m['unnamed'][:10]}"
    bs.scroll_to(board(page, GAME))
    screenshot("board_lab_game_light", target=page)


# The answer to a click, and a hint, inside the visible window (under JupyterLab's bars),
# without scrolling: the board's side column stays in view. How soon is a benchmark's
# figure (scripts/bench_redraw.py, docs/widgets.md); this only bounds the wait.
ANSWER_WAIT_MS = 30_000
_JS_SAYS_IN_VIEW = """([board, selector, texts, top0]) => {
  const el = board.querySelector(selector);   // found afresh: a panel is redrawn whole
  if (!el || el.hidden || !texts.some((t) => el.innerText.includes(t))) return false;
  const r = el.getBoundingClientRect();
  const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
  const b = s ? s.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
  return r.height > 0 && r.top >= b.top && r.bottom <= b.bottom && (!s || s.scrollTop === top0);
}"""


def _scroll_top(page) -> float:
    return page.evaluate("() => { const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden)"
                         " .jp-WindowedPanel-outer'); return s ? s.scrollTop : 0; }")


def test_a_refused_click_and_a_hint_are_answered_beside_the_board(lab_page, screenshot):
    """In a game: a click on a space with nothing offered says why not, and Hint says what
    to do, both beside the board (its side column), in view."""
    page = lab_page
    b = board(page, GAME)
    bs.scroll_to(b)
    # Low on the map, where an answer above the board would be out of view.
    space = b.locator(".ahoy-svg [data-space]:not([data-action]):not([data-actions])").last
    bs.scroll_to(space)
    top0 = _scroll_top(page)
    space.click()
    message = b.locator(".ahoy-message").first
    page.wait_for_function(_JS_SAYS_IN_VIEW, timeout=ANSWER_WAIT_MS,
                           arg=[b.element_handle(), ".ahoy-message", ["Not possible:"], top0])
    assert "start on an Island" in message.inner_text(), message.inner_text()
    screenshot("board_lab_refused_beside", target=page)
    # Hint: "thinking" at once, then the best actions, in the same place.
    hint = b.locator(".ahoy-panel[data-panel=advisor] button", has_text="Hint").first
    panel = b.locator(".ahoy-panel[data-panel=advisor]").first
    # (once the advisor has worked out the chances: its worker thread is then idle)
    panel.get_by_text("Chance to win against these bots").wait_for(timeout=120_000)
    top0 = _scroll_top(page)
    hint.click()
    advice = ".ahoy-panel[data-panel=advisor]"
    page.wait_for_function(_JS_SAYS_IN_VIEW, timeout=ANSWER_WAIT_MS, arg=[
        b.element_handle(), advice, ["Thinking of a hint", "Hint: the"], top0])
    page.wait_for_function(_JS_SAYS_IN_VIEW, timeout=120_000,
                           arg=[b.element_handle(), advice, ["Hint: the"], top0])
    items = panel.locator("ol li").all_inner_texts()
    assert 1 <= len(items) <= 3 and all("to win" in i for i in items), items
    assert b.locator(".ahoy-svg .hint, .ahoy-actions .ahoy-hint").count()   # marked on the board
    screenshot("board_lab_hint_beside", target=page)


def test_a_full_turn_by_board_clicks_only(lab_page, screenshot):
    page = lab_page
    k = GAME
    clicks = 0
    picks = []
    sizes = {}
    turn_started = False
    for _ in range(40):
        info = bs.kernel_json(page, "import json; s = game.state; print(json.dumps({'who': s.current_player,"
                                    " 'legal': [a.notation for a in s.legal_actions()], 'turn': s.turn_player}))")
        legal = info["legal"]
        if info["who"] != "bluefin":
            break
        if turn_started and info["turn"] != "bluefin":
            break
        pick = next((n for n in legal if n.startswith("start ")), None)
        if pick is None:
            turn_started = True
            order = [lambda n: n.startswith("sail ") and ">" not in n,
                     lambda n: n.startswith("move ") and not n.endswith(")"),
                     lambda n: n in ("anchor", "patrol", "no-patrol", "done", "hold",
                                     "harbor-none", "no-comrades", "stay"),
                     lambda n: n == "end"]
            pick = next((n for rule in order for n in legal if rule(n)), legal[0])
        m = measure(page, k)       # every step of the turn, at its sizes
        assert not m["small"] and not m["tiny"] and not m["unnamed"], (pick, m)
        for kind, side in (m.get("byKind") or {}).items():
            sizes[kind] = min(sizes.get(kind, 1e9), side)
        clicks += click_on_board(page, board(page, k), pick)
        picks.append(pick)
        if pick == "end":
            break
    log = bs.kernel_json(page, "import json; print(json.dumps([e.action for e in game.state.log if e.player == 'bluefin']))")
    assert "end" in log, log
    print("clicks on the board:", clicks, "for", picks)
    print("smallest side of each kind of clickable element during the turn (px):", sizes)
    screenshot("board_lab_turn", target=page)


def test_a_tile_is_placed_by_pointing(lab_page, screenshot):
    page = lab_page
    k = EXPLORE
    b = board(page, k)
    bs.scroll_to(b)
    bar = b.locator(".ahoy-explore")
    assert bar.is_visible()
    ghost = b.locator(".ahoy-svg g.ghost").first
    bs.scroll_to(ghost)
    box = ghost.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(
        "([nb, k]) => !!document.querySelectorAll(nb + ' .ahoy-bw')[k].querySelector('g.ghost.ahoy-preview')",
        arg=[NB, k], timeout=bs.WAIT_MS)
    before = b.locator("g.ghost.ahoy-preview").get_attribute("data-ghost")
    page.keyboard.press("r")     # the R key turns the preview
    after = b.locator("g.ghost.ahoy-preview").get_attribute("data-ghost")
    assert after != before
    screenshot("board_lab_explore_preview", target=page)
    chosen = b.locator("g.ghost.ahoy-preview").get_attribute("data-action")
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_idle(page, k)
    placed = bs.kernel_json(page, "import json; print(json.dumps(explore.state.log[-1].action))")
    assert placed == chosen, (placed, chosen)


def test_round_end_summary_and_game_over_screen(lab_page, screenshot):
    page = lab_page
    for k, name, kind in ((ROUNDING, "rounding", "round"), (ENDING, "ending", "over")):
        last = bs.kernel_json(page, f"import json; from ahoy_nb.ai.bots import RandomBot; s = {name}.state;"
                                    f" print(json.dumps([a.notation for a in s.legal_actions()]))")
        b = board(page, k)
        bs.scroll_to(b)
        click_on_board(page, board(page, k), "end" if "end" in last else last[0])
        panel = b.locator(f".ahoy-notice-{kind}")
        panel.first.wait_for(state="visible", timeout=bs.WAIT_MS)
        text = panel.first.inner_text()
        assert "Fame" in text, text
        screenshot(f"board_lab_{kind}", target=page)
        b.locator(f".ahoy-notice-{kind} .ahoy-dismiss").first.click()
        assert not b.locator(f".ahoy-notice-{kind}").count()
        # ...and it stays in the log
        assert "Fame" in b.locator(".ahoy-log").inner_text()


def test_keyboard_focus_ring_names_and_rule_tips(lab_page, screenshot):
    page = lab_page
    k = GAME
    b = board(page, k)
    target = b.locator(".ahoy-svg [role='button'][tabindex='0']").first
    bs.scroll_to(target)
    target.focus()
    page.keyboard.press("Tab")
    page.keyboard.press("Shift+Tab")          # keyboard focus: the ring shows
    focused = page.evaluate("() => { const e = document.activeElement;"
                            " return e && e.closest('svg') ? e.getAttribute('aria-label') : null; }")
    assert focused and any(c.isalpha() for c in focused), focused
    ring = b.evaluate("(b) => { const e = document.activeElement;"
                      " const r = e.matches('rect') ? e : e.querySelector('rect');"
                      " return [getComputedStyle(r).strokeWidth, getComputedStyle(r).stroke]; }")
    assert ring[0] == "6px", ring
    # Enter opens the chooser (several actions) or acts; Escape closes a chooser.
    page.keyboard.press("Enter")
    wait_idle(page, k)
    if b.locator(".ahoy-chooser:not([hidden])").count():
        assert b.locator(".ahoy-chooser button[data-action]").count() >= 2
        page.keyboard.press("Escape")
        assert not b.locator(".ahoy-chooser:not([hidden])").count()
    # A rule tip on hover: a slot group says what its action does.
    group = b.locator(".ahoy-svg [data-slot-group][data-tip]").first
    bs.scroll_to(group)
    group.hover()
    tip = b.locator(".ahoy-tip:not([hidden])")
    tip.wait_for(state="visible", timeout=bs.WAIT_MS)
    assert tip.inner_text().strip() == group.get_attribute("data-tip")


def test_battle_panel_and_a_chooser_in_words(lab_page, screenshot):
    page = lab_page
    b = board(page, BATTLE)
    b.evaluate("(b) => b.scrollIntoView()")
    panel = b.locator(".ahoy-notice-battle")
    text = panel.inner_text()
    assert "Attacker: Mollusk" in text and "wins 58.3%" in text and "wins 91.7%" in text, text
    screenshot("board_lab_battle", target=page)
    # A chooser: the choices in words, grouped, gold as a stepper.
    g = board(page, GAME)
    several = g.locator(".ahoy-svg [data-actions]").first
    if several.count():
        bs.scroll_to(several)
        several.click()
        chooser = g.locator(".ahoy-chooser:not([hidden])")
        chooser.wait_for(timeout=bs.WAIT_MS)
        words = chooser.inner_text()
        assert "Place your" in words or "Spend" in words or "Recruit" in words, words
        screenshot("board_lab_chooser", target=page)
        page.keyboard.press("Escape")


def test_a_chooser_stays_open_while_its_choices_are_offered(lab_page):
    """A picture drawn again with the same choices (here: a space outlined from Python, as
    a lesson or a late redraw does) leaves an open chooser open; once its choices are gone
    (an action played from Python), it closes."""
    page = lab_page
    b = board(page, DICE)
    die = b.locator('.ahoy-svg [data-die="mollusk:0"][data-actions]')
    bs.scroll_to(die)
    die.click()
    chooser = b.locator(".ahoy-chooser:not([hidden])")
    assert chooser.locator('[data-action="sail 3"]').is_visible()
    bs.kernel_json(page, "dice.highlight = ['3,2']; print(1)")
    b.locator('.ahoy-svg [data-highlight]').wait_for(state="attached", timeout=bs.WAIT_MS)
    assert chooser.locator('[data-action="sail 3"]').is_visible(), "closed by a redraw of the same choices"
    bs.kernel_json(page, "dice.intent = {'action': 'sail 5', 'id': 99}; print(1)")
    b.locator('.ahoy-chooser').wait_for(state="hidden", timeout=bs.WAIT_MS)


def test_light_and_dark_themes(lab_page, screenshot):
    page = lab_page
    page.mouse.move(5, 500)      # over the file browser: no rule tip in the pictures
    board(page, GAME).evaluate("(b) => b.scrollIntoView()")
    light = screenshot("board_lab_light", target=page)
    page.evaluate("async () => await window.jupyterapp.commands.execute('apputils:change-theme',"
                  " {theme: 'JupyterLab Dark'})")
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=bs.WAIT_MS)
    time.sleep(1)
    board(page, GAME).evaluate("(b) => b.scrollIntoView()")
    # UI text reads on the dark background: status and buttons are light on dark.
    colors = board(page, GAME).evaluate(
        "(b) => [getComputedStyle(b.querySelector('.ahoy-status')).color,"
        " getComputedStyle(b).backgroundColor, getComputedStyle(b.querySelector('button')).color]")
    assert colors[0] != "rgb(31, 35, 40)", colors
    dark = screenshot("board_lab_dark", target=page)
    page.evaluate("async () => await window.jupyterapp.commands.execute('apputils:change-theme',"
                  " {theme: 'JupyterLab Light'})")
    for path, name in ((light, "board-light.png"), (dark, "board-dark.png")):
        bs.save_small(path, bs.REPO_ROOT / "docs" / name)


def test_board_clicks_still_play_after_the_page_reconnects(lab_page):
    """The page connects to the kernel again (as after a network blip) and a click on the
    board still plays. With widget messages on kernel subshells (JupyterLab's default),
    ipykernel 7.4 routed the board's messages to a subshell that was gone, and dropped
    them; the settings overrides turn that off (docs/widgets.md, "A click the kernel
    never hears")."""
    page = lab_page
    count = "import json; print(json.dumps(len(game.state.history)))"
    before = bs.kernel_json(page, count)
    status = page.evaluate("""async () => {
        const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
        await kernel.reconnect();
        return kernel.connectionStatus; }""")
    assert status == "connected"
    time.sleep(2)   # the widget manager asks the kernel for every widget's state again
    button = board(page, GAME).locator(".ahoy-actions button.ahoy-action:not([title*=careful])").first
    bs.scroll_to(button)
    button.click()
    deadline = time.monotonic() + 20
    while bs.kernel_json(page, count) == before:
        assert time.monotonic() < deadline, "the click after the reconnection never reached the kernel"
        time.sleep(0.3)
    wait_idle(page, GAME)


def test_a_click_the_kernel_answers_late_is_said_and_then_answered(lab_page, screenshot):
    """While the kernel runs a cell, a click waits (widget messages go to the main shell):
    after 10 s without an answer the message area says so, and the answer replaces it."""
    page = lab_page
    count = "import json; print(json.dumps(len(game.state.history)))"
    before = bs.kernel_json(page, count)
    page.evaluate("""() => { window.jupyterapp.shell.currentWidget.sessionContext.session.kernel
        .requestExecute({code: "import time; time.sleep(14)", store_history: false}); }""")
    time.sleep(0.5)
    g = board(page, GAME)
    button = g.locator(".ahoy-actions button.ahoy-action:not([title*=careful])").first
    bs.scroll_to(button)
    t0 = time.monotonic()
    button.click()
    note = g.locator(".ahoy-message-slow")
    note.wait_for(state="visible", timeout=13_000)
    late = time.monotonic() - t0
    assert "No answer from Python for 10 s" in note.inner_text()
    assert 9.5 <= late, late
    screenshot("board_lab_no_answer_yet", target=page)
    note.wait_for(state="hidden", timeout=bs.WAIT_MS)     # the cell ends: the click is answered
    wait_idle(page, GAME)
    assert bs.kernel_json(page, count) > before
