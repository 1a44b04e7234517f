"""A first game without stumbles (issue 49): the board stays put, fits its box, and keeps
what it opens inside the window, in JupyterLab at 1400x900 with the file browser open, and
on an online seat page at 390 px wide (a phone).

* After Run All, the first lesson is in view (not the notebook's last cell).
* A right move in a lesson: the board (and the place just clicked) does not move, though the
  lesson's text above it is shorter after the move.
* A die on Sail: the map, the head and the player boards keep their place and size (the map
  keeps a space of sea around the tiles, where a move off the map lands).
* After three explorations the map fits its box: nothing to scroll sideways, the caption whole.
  A static picture (``tutorials.board``) fits its output.
* The die chooser opened at the window's bottom edge stays inside the window (Cancel
  included); a slot's chooser does not cover the side column; a rule tip does not come back
  over the board after a click until the pointer moves.
* The bot bar keeps its buttons whole beside a long line (why undo is refused).
* The seat page at 390 px wide: no sideways scrolling, and a die's chooser inside the window.

Screenshots: screenshots/first_*.png; four go to docs/ (lesson-stays.png,
game-explored.png, chooser-bottom-edge.png, seat-390.png).
"""

from __future__ import annotations

import json
import time
import urllib.request

import pytest

import browser_support as bs

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"

CELLS = [
    """import ahoy_nb
from ahoy_nb import tutorials
from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.engine import new_game, scenario
from ahoy_nb.engine.undo import revealed

def played(seed, stop):
    '''A 3-player RandomBot game up to the first position where stop(state) holds.'''
    s, bot = new_game(3, seed=seed), RandomBot(seed)
    while not stop(s):
        s.apply(bot.choose(s))
    return s

def explored(n):
    '''Bluefin to decide, after n regions were explored.'''
    return lambda s: (len(s.regions()) >= 2 + n and s.current_player == "bluefin"
                      and s.decision.kind == "turn")

def at_turn(seed):
    '''A game at Bluefin's first turn (its Island chosen, the bots set up).'''
    game = ahoy_nb.play(players=3, seed=seed, people=("bluefin",), bot_delay=0, charts=False,
                        analysis=False)
    game.board.intent = {"action": "start 0,0", "id": 1}
    return game""",
    "lesson = tutorials.start('setup')\nlesson",
    "sail = at_turn(4)\nsail",
    "choose = at_turn(4)\nchoose",
    """far = ahoy_nb.play(state=played(1, explored(3)), people=("bluefin",), bot_delay=None,
                   charts=False, analysis=False)
far""",
    """wide = ahoy_nb.play(state=played(2, explored(7)), people=("bluefin",), bot_delay=None,
                    charts=False, analysis=False)
wide""",
    """def drew_a_card(s):
    # Bluefin to decide, and its undo refused: a card was drawn since its last action.
    mine = [i for i, e in enumerate(s.log) if e.player == "bluefin"]
    return (s.current_player == "bluefin" and bool(mine) and revealed(
        s, len(s.log) - mine[-1], viewer="bluefin") == "a card is drawn from the deck")
stuck = ahoy_nb.play(state=played(1, drew_a_card), people=("bluefin",), bot_delay=None,
                     charts=False, analysis=False)
stuck""",
    """position = scenario(players=3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
                    figures={"bluefin": "0,0", "smuggler1": "2,2", "mollusk": "3,2"},
                    comrades={"3,2": 2}, turn="mollusk", dice={"mollusk": [3, 5]},
                    placed={"mollusk": {"cannons": 4}}, hand=[])
for action in ("sail 5", "move 2,2", "battle smuggler1"):
    position.apply(action)
tutorials.board(position, highlight=["2,2"])""",
]
LESSON, SAIL, CHOOSE, FAR, WIDE, STUCK = range(6)   # the boards, in order on the page
GAMES = [SAIL, CHOOSE, FAR, WIDE, STUCK]             # those in a game widget


@pytest.fixture(scope="module")
def lab_page(tmp_path_factory, browser):
    root = tmp_path_factory.mktemp("firstgame")
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [],
                     "execution_count": None} for c in CELLS],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / "first_game.ipynb").write_text(json.dumps(nb))
    server = bs.start_jupyterlab(root=root, workdir=tmp_path_factory.mktemp("firstgame-server"))
    context = browser.new_context(viewport=bs.VIEWPORT)
    page = context.new_page()
    page.set_default_timeout(bs.WAIT_MS)
    try:
        bs.open_notebook(page, server, "first_game.ipynb")
        page.evaluate("async () => await window.jupyterapp.commands.execute('filebrowser:activate')")
        run = bs.run_all_cells(page, "first_game.ipynb")
        assert not run.errors, run.error_report()
        for k in range(6):
            board(page, k).locator(".ahoy-svg svg").first.wait_for(state="visible", timeout=bs.WAIT_MS)
        # Where the first lesson is once Run All is done (nothing scrolled by hand).
        page.lesson_after_run_all = page.locator(f"{NB} .ahoy-tutorial").first.bounding_box()
        page.view_after_run_all = page.evaluate(_JS_VIEW)
        yield page
    finally:
        context.close()
        bs.shutdown_jupyterlab(server)


def board(page, k: int):
    return page.locator(f"{NB} .ahoy-bw").nth(k)


def wait_idle(b) -> None:
    b.page.wait_for_function("(b) => !b.classList.contains('ahoy-waiting')",
                             arg=b.element_handle(), timeout=bs.WAIT_MS)


# Where each part of a board is, in CSS px of the window.
_JS_PLACES = """(b) => Object.fromEntries(
  [".ahoy-part-head svg", ".ahoy-part-map svg", ".ahoy-part-market svg", "[data-part=bluefin] svg"]
    .map((sel) => { const r = b.querySelector(sel).getBoundingClientRect();
                    return [sel, [r.left, r.top, r.width, r.height].map((v) => Math.round(v * 10) / 10)]; }))"""

# The part of the window the notebook shows (under JupyterLab's bars).
_JS_VIEW = """() => { const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
  const r = s.getBoundingClientRect();
  return {top: Math.max(0, r.top), left: Math.max(0, r.left), bottom: Math.min(innerHeight, r.bottom),
          right: Math.min(innerWidth, r.right)}; }"""


# Scroll the notebook so that an element sits at the bottom edge of what it shows.
_JS_TO_THE_BOTTOM = """(e) => { const s = document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer');
  s.scrollTop += e.getBoundingClientRect().bottom - (s.getBoundingClientRect().bottom - 4); }"""


def inside(rect: dict, view: dict, slack: float = 0.5) -> bool:
    return (rect["x"] >= view["left"] - slack and rect["y"] >= view["top"] - slack
            and rect["x"] + rect["width"] <= view["right"] + slack
            and rect["y"] + rect["height"] <= view["bottom"] + slack)


def overlap(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"]
                or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


def test_after_run_all_the_first_lesson_is_in_view(lab_page):
    """Before: Run All left the notebook at its last cell, far below the first lesson (the
    in-browser site's 01_setup, and any notebook)."""
    lesson, view = lab_page.lesson_after_run_all, lab_page.view_after_run_all
    assert view["top"] - 1 <= lesson["y"] <= view["top"] + 40, (lesson, view)


def test_a_right_move_in_a_lesson_leaves_the_board_where_it_was(lab_page, screenshot):
    """Before: the lesson's text shrank to the step's result and the board jumped up
    254 px, the Island just clicked out of view."""
    page = lab_page
    b = board(page, LESSON)
    island = b.locator(".ahoy-svg [data-action='start 0,0']").first
    bs.scroll_to(island)
    before = island.bounding_box()
    places = b.evaluate(_JS_PLACES)
    island.click()
    b.locator(".ahoy-message-right").wait_for(timeout=bs.WAIT_MS)
    wait_idle(b)
    after = b.locator(".ahoy-svg [data-space='0,0']").first.bounding_box()
    # (centres: the outline of a clickable space is not the outline of a space that changed)
    centre = lambda r: (r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)   # noqa: E731
    assert max(abs(p - q) for p, q in zip(centre(before), centre(after))) < 1, (before, after)
    assert b.evaluate(_JS_PLACES) == places
    path = screenshot("first_lesson_after_a_right_move", target=page)
    bs.save_small(path, bs.REPO_ROOT / "docs" / "lesson-stays.png")


def _open_chooser_on_a_die(page, b):
    die = b.locator("[data-part=bluefin] [data-die][data-actions]").first
    die.click()
    chooser = b.locator(".ahoy-chooser:not([hidden])")
    chooser.wait_for(timeout=bs.WAIT_MS)
    return die, chooser


def test_a_die_on_sail_moves_nothing_and_leaves_no_tip_behind(lab_page, screenshot):
    """Before: the map gained a column of spaces off the map (where Sail may move) and
    moved 107 px right, everything under it down; and the rule tip under the pointer came
    back over the board once it was redrawn."""
    page = lab_page
    b = board(page, SAIL)
    bs.scroll_to(b.locator("[data-part=bluefin]"))
    places = b.evaluate(_JS_PLACES)
    die, chooser = _open_chooser_on_a_die(page, b)
    chooser.locator("[data-action^='sail ']:not([data-action*='>'])").first.click()
    wait_idle(b)
    page.wait_for_function("(b) => b.querySelector('.ahoy-actions [data-action^=\"move \"]')",
                           arg=b.element_handle(), timeout=bs.WAIT_MS)
    time.sleep(0.3)   # (the pointer has not moved: a tip would be back by now)
    assert b.evaluate(_JS_PLACES) == places
    assert b.locator(".ahoy-tip").is_hidden(), b.locator(".ahoy-tip").inner_text()
    # Tips still come when the pointer moves to something that has one.
    group = b.locator("[data-part=bluefin] [data-slot-group][data-tip]").nth(1)
    group.hover()
    b.locator(".ahoy-tip:not([hidden])").wait_for(timeout=bs.WAIT_MS)
    screenshot("first_sail_placed", target=page)


def test_choosers_stay_in_the_window_and_off_the_actions(lab_page, screenshot):
    """Before: the die's chooser opened below the die and ran off the bottom of the window,
    Cancel out of view; a slot's chooser covered the list of actions."""
    page = lab_page
    b = board(page, CHOOSE)
    # The dice at the window's bottom edge.
    b.locator("[data-part=bluefin] [data-die][data-actions]").first.evaluate(_JS_TO_THE_BOTTOM)
    time.sleep(0.3)
    view = page.evaluate(_JS_VIEW)
    at = b.locator("[data-part=bluefin] [data-die][data-actions]").first.bounding_box()
    assert at["y"] > view["bottom"] - 80   # the die is at the bottom edge
    die, chooser = _open_chooser_on_a_die(page, b)
    # (before, the chooser's first button, out of view, took the focus and scrolled the
    # notebook up by 442 px)
    assert die.bounding_box()["y"] == at["y"], "the notebook scrolled"
    box = chooser.bounding_box()
    assert inside(box, view), (box, view)
    cancel = chooser.locator(".ahoy-cancel")
    assert cancel.is_visible() and inside(cancel.bounding_box(), view)
    side = b.locator(".ahoy-side").bounding_box()
    assert not overlap(box, side), (box, side)
    path = screenshot("first_chooser_at_the_bottom_edge", target=page)
    bs.save_small(path, bs.REPO_ROOT / "docs" / "chooser-bottom-edge.png")
    cancel.click()
    assert b.locator(".ahoy-chooser").is_hidden()
    # The rightmost slot group that offers a choice, next to the side column.
    groups = b.locator("[data-part=bluefin] [data-slot-group][data-actions]")
    right = max(groups.all(), key=lambda g: g.bounding_box()["x"])
    bs.scroll_to(right)
    r = right.bounding_box()
    page.mouse.click(r["x"] + r["width"] - 4, r["y"] + r["height"] / 2)
    chooser.wait_for(timeout=bs.WAIT_MS)
    box, side = chooser.bounding_box(), b.locator(".ahoy-side").bounding_box()
    assert not overlap(box, side), (box, side)
    assert inside(box, page.evaluate(_JS_VIEW)), box
    screenshot("first_slot_chooser", target=page)
    page.keyboard.press("Escape")


# Every part of a board inside its picture's box, and that box not scrolling sideways.
_JS_FITS = """(b) => {
  const svg = b.querySelector('.ahoy-svg'), stage = b.querySelector('.ahoy-stage').getBoundingClientRect();
  const out = Array.from(b.querySelectorAll('.ahoy-part svg')).filter((s) => s.getBoundingClientRect().right > stage.right + 0.5)
    .map((s) => s.parentElement.className + ' ' + s.getBoundingClientRect().right);
  const head = b.querySelector('.ahoy-part-head svg'), texts = Array.from(head.querySelectorAll('.caption text'));
  const info = texts.find((t) => t.textContent.startsWith('tile stack'));
  return {scrolls: svg.scrollWidth > svg.clientWidth + 1, out, info: info.textContent,
          infoRight: info.getBoundingClientRect().right, headRight: head.getBoundingClientRect().right,
          stageRight: stage.right};
}"""


@pytest.mark.parametrize("k, tiles", [(FAR, 3), (WIDE, 7)], ids=["3-explored", "7-explored"])
def test_the_map_fits_its_box_as_tiles_are_explored(lab_page, screenshot, k, tiles):
    """Before: after two explorations the map was wider than its box, which scrolled
    sideways, and the caption was cut ("tile stack: 5 · as Bluefin see")."""
    page = lab_page
    b = board(page, k)
    bs.scroll_to(b)
    fit = b.evaluate(_JS_FITS)
    assert not fit["scrolls"] and not fit["out"], fit
    assert fit["info"].endswith("as Bluefin sees it") and fit["infoRight"] <= fit["headRight"] + 0.5, fit
    assert fit["headRight"] <= fit["stageRight"] + 0.5, fit
    assert b.locator(".ahoy-part-map .tile").count() == 2 + tiles
    if k == FAR:
        page.mouse.move(5, 500)   # over the file browser: no rule tip in the picture
        b.locator(".ahoy-part-head").evaluate("(m) => m.scrollIntoView()")
        # The log shows its latest entry (it was at "Setup" when the column first took its height).
        assert b.locator(".ahoy-log").evaluate("(l) => l.scrollTop + l.clientHeight >= l.scrollHeight - 2")
        path = screenshot("first_game_after_three_explorations", target=page)
        bs.save_small(path, bs.REPO_ROOT / "docs" / "game-explored.png")


def test_a_static_board_fits_its_output(lab_page):
    """Before: ``tutorials.board`` drew 1168 px wide in a 968 px output, the Mollusk's
    board cut at "Ready Comrad"."""
    out = lab_page.locator(f"{NB} .jp-OutputArea-output.jp-RenderedSVG").last
    bs.scroll_to(out)
    img, area = out.locator("img").bounding_box(), out.bounding_box()
    assert img["x"] + img["width"] <= area["x"] + area["width"] + 0.5, (img, area)
    assert img["width"] > 0.8 * area["width"]


def test_the_bot_bar_keeps_its_buttons_whole(lab_page, screenshot):
    """Before: "You cannot undo: a card is drawn from the deck" wrapped the bot bar and
    squeezed a button to "Bots to my t…"."""
    page = lab_page
    game = page.locator(f"{NB} .ahoy-game").nth(GAMES.index(STUCK))
    bar = game.locator(".ahoy-bot-bar")
    bs.scroll_to(bar)
    assert "a card is drawn from the deck" in bar.inner_text()
    buttons = bar.locator("button")
    assert buttons.count() == 3
    tops = set()
    for button in buttons.all():
        whole = button.evaluate("(b) => [b.scrollWidth <= b.clientWidth, b.innerText]")
        assert whole[0], f"{whole[1]!r} is cut"
        tops.add(round(button.bounding_box()["y"]))
    assert len(tops) == 1, tops   # one row
    info = game.locator(".ahoy-bot-info")
    assert info.evaluate("(i) => i.scrollHeight <= i.clientHeight + 1 && i.scrollWidth <= i.clientWidth + 1")
    screenshot("first_bot_bar", target=page)


def test_a_save_edited_outside_ahoy_nb_is_opened_only_when_asked(lab_page, tmp_path, screenshot):
    """Before: a save whose public actions were edited by hand opened silently, as another
    game than the file read as."""
    from ahoy_nb import savegame
    from ahoy_nb.engine import new_game

    page = lab_page
    saved = new_game(3, seed=9).apply("start 0,0")
    doc = json.loads(savegame.dumps(saved))
    doc["public"]["actions"][-1] = "bluefin: start 3,2"     # edited in a text editor
    path = tmp_path / "edited.ahoy.json"
    path.write_text(json.dumps(doc, indent=1))
    game = page.locator(f"{NB} .ahoy-game").nth(GAMES.index(FAR))
    bs.scroll_to(game.locator(".ahoy-files"))
    shown = game.locator(".ahoy-bw .ahoy-svg").inner_html()
    with page.expect_file_chooser() as chooser:
        game.locator(".ahoy-files button", has_text="Open…").click()
    chooser.value.set_files(str(path))
    game.get_by_text("edited outside ahoy-nb").wait_for(timeout=bs.WAIT_MS)
    anyway = game.locator(".ahoy-files button", has_text="Open anyway")
    assert anyway.is_visible()
    assert game.locator(".ahoy-bw .ahoy-svg").inner_html() == shown   # not opened yet
    screenshot("first_edited_save", target=page)
    anyway.click()
    game.get_by_text("the game saved in it, not what its edited part says").wait_for(timeout=bs.WAIT_MS)
    assert anyway.is_hidden()


# -- an online seat on a phone --------------------------------------------------------------

@pytest.fixture(scope="module")
def served(chromium, tmp_path_factory):
    yield from bs.serving(tmp_path_factory.mktemp("firstgame-serve"))


def test_a_seat_page_fits_a_phone(served, browser, screenshot):
    """Before: at 390 px the board's controls row (scrubber, position) ran 114 px past the
    window's edge, so the whole page scrolled sideways."""
    req = urllib.request.Request(served.base_url + "api/tables", method="POST",
                                 headers={"Content-Type": "application/json"},
                                 data=json.dumps({"players": 3, "seed": 4, "bots": {"smuggler1": "easy", "mollusk": "easy"}}).encode())
    with urllib.request.urlopen(req, timeout=60) as r:
        made = json.loads(r.read())
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    page.set_default_timeout(bs.WAIT_MS)
    try:
        page.goto(made["seats"]["bluefin"]["url"].replace("localhost", "127.0.0.1"))
        b = page.locator(".ahoy-bw")
        b.locator(".ahoy-svg.ahoy-can-act").wait_for(timeout=bs.WAIT_MS)
        wide = page.evaluate("() => [document.documentElement.scrollWidth, innerWidth]")
        assert wide == [390, 390], wide
        path = screenshot("first_seat_390", target=page)
        bs.save_small(path, bs.REPO_ROOT / "docs" / "seat-390.png")
        # At a die, the chooser stays inside the phone's window.
        b.locator(".ahoy-svg [data-action='start 0,0']").first.tap()
        b.locator("[data-part=bluefin] [data-die][data-actions]").first.wait_for(timeout=bs.WAIT_MS)
        die = b.locator("[data-part=bluefin] [data-die][data-actions]").first
        die.evaluate("(d) => d.scrollIntoView({block: 'end'})")
        die.tap()
        chooser = b.locator(".ahoy-chooser:not([hidden])")
        chooser.wait_for(timeout=bs.WAIT_MS)
        view = {"left": 0, "top": 0, "right": 390, "bottom": 844}
        assert inside(chooser.bounding_box(), view), chooser.bounding_box()
        assert page.evaluate("() => document.documentElement.scrollWidth") == 390
        screenshot("first_seat_390_chooser", target=page)
    finally:
        context.close()
