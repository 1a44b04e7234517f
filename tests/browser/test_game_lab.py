"""The notebook's game against bots in JupyterLab, as a learner meets it:

* a bot's turn is shown step by step, however many steps it has (issue 45): Bluefin plays
  its turn by clicks, two `normal` bots answer (``bot_delay=0.5``, as ``play()``'s
  default), and the page times each step as its log entry appears. The pace is the
  session layer's ``BotRunner`` (its wait shrinks within a turn so that the whole turn is
  shown within ``TURN_SHOWN_S``: tests/session/test_session.py checks that on a clock of
  its own). The seconds seen here are printed, not asserted: on a shared machine a bot's
  thinking takes what the machine gives it, and speed is a benchmark's business;
* the guarded game (issue 50) warns before a deliberately bad move: the Union holds its
  Cannons in a battle it wins 92% of the time by firing; the board says so and waits."""

from __future__ import annotations


import pytest

import browser_support as bs
from test_apps import NB

pytestmark = pytest.mark.slow

CELLS = ["""import ahoy_nb
game = ahoy_nb.play(players=3, seed=4, people=("bluefin",), bots="normal", bot_delay=0.5,
                    charts=False, analysis=False)
game"""]

GUARDED = ["""import ahoy_nb
from ahoy_nb.engine import rulebook_battle
game = ahoy_nb.play(state=rulebook_battle(), people=("mollusk",), bots="normal", bot_delay=None,
                    charts=False, analysis=False, guard=True)
game"""]

# Records, in the page, when each log entry appears: [time in ms, its player].
_JS_WATCH = """
(nb) => {
  const log = document.querySelector(nb + ' .ahoy-bw .ahoy-log');
  window.ahoySeen = [];
  window.ahoyStart = performance.now();
  const seen = new Set(Array.from(log.querySelectorAll('.ahoy-entry')).map((e) => e.dataset.i));
  new MutationObserver(() => {
    for (const e of log.querySelectorAll('.ahoy-entry')) {
      if (!seen.has(e.dataset.i)) { seen.add(e.dataset.i); window.ahoySeen.push([performance.now(), e.dataset.player, Number(e.dataset.i)]); }
    }
  }).observe(log, {childList: true, subtree: true});
}
"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory, chromium):
    root = tmp_path_factory.mktemp("pace")
    bs.write_notebook(root / "pace.ipynb", CELLS)
    bs.write_notebook(root / "guarded.ipynb", GUARDED)
    server = bs.start_jupyterlab(root=root, workdir=tmp_path_factory.mktemp("pace-server"))
    try:
        yield server
    finally:
        bs.shutdown_jupyterlab(server)


def test_each_bot_turn_is_shown_step_by_step(lab, browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(bs.WAIT_MS)
    bs.open_notebook(page, lab, "pace.ipynb")
    run = bs.run_all_cells(page, "pace.ipynb")
    assert not run.errors, run.error_report()
    board = page.locator(f"{NB} .ahoy-bw").first
    can_act = board.locator(".ahoy-svg.ahoy-can-act").first
    can_act.wait_for(timeout=bs.WAIT_MS)
    page.evaluate(_JS_WATCH, NB)
    # Bluefin's whole first turn, by the buttons of the actions list: the first choice
    # each time, then "end" as soon as it is offered.
    for _ in range(40):
        can_act.wait_for(timeout=bs.WAIT_MS)
        end = board.locator('button.ahoy-action[data-action="end"]')
        if end.count():
            end.click()
            break
        board.locator("button.ahoy-action").first.click()
        go = board.locator(".ahoy-confirm:not([hidden]) .ahoy-go")
        if go.count():
            go.first.click()
        page.wait_for_function("(nb) => !document.querySelector(nb + ' .ahoy-bw')"
                               ".classList.contains('ahoy-waiting')", arg=NB, timeout=bs.WAIT_MS)
    else:
        pytest.fail("Bluefin's turn did not end")
    # The bots play to Bluefin's next decision.
    page.wait_for_function(
        "() => (window.ahoySeen || []).some(([t, p]) => p === 'mollusk')", timeout=90_000)
    can_act.wait_for(timeout=90_000)
    seen = page.evaluate("() => window.ahoySeen")
    turns: list[list] = []
    last_bluefin = page.evaluate("() => window.ahoyStart")
    for t, player, i in seen:
        if player == "bluefin":
            turns.append([])       # a new stretch of bot turns after Bluefin's step
            last_bluefin = t
            continue
        if not turns or not turns[-1] or turns[-1][-1][1] != player:
            start = turns[-1][-1][0] if turns and turns[-1] else last_bluefin
            turns.append([(start, player)])
        turns[-1].append((t, player))
    bot_turns = [(turn[0][1], len(turn) - 1, (turn[-1][0] - turn[0][0]) / 1000)
                 for turn in turns if len(turn) > 1]
    assert bot_turns, seen
    long = [turn for turn in turns if len(turn) > 4]   # a turn of many steps
    assert long, bot_turns
    # Shown one step at a time, not all at once when the turn is over.
    for turn in long:
        assert len({round(t) for t, _ in turn[1:]}) > len(turn[1:]) // 2, turn
    print("bot turns (faction, steps, seconds):", bot_turns)
    context.close()


def test_the_guarded_game_warns_before_a_battle_thrown_away(lab, browser):
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    page.set_default_timeout(bs.WAIT_MS)
    bs.open_notebook(page, lab, "guarded.ipynb")
    run = bs.run_all_cells(page, "guarded.ipynb")
    assert not run.errors, run.error_report()
    board = page.locator(f"{NB} .ahoy-bw").first
    board.locator(".ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)
    entries = board.locator(".ahoy-log .ahoy-entry").count()
    board.locator('button.ahoy-action[data-action="hold"]').click()
    message = board.locator(".ahoy-message").first
    message.get_by_text("Careful").wait_for(timeout=bs.WAIT_MS)
    said = message.inner_text()
    assert "58%" in said and "92%" in said, said             # the battle's exact odds
    panel = board.locator(".ahoy-panel", has_text="Play it anyway").first
    assert panel.get_by_role("button", name="Choose again").is_visible()
    assert board.locator(".ahoy-log .ahoy-entry").count() == entries    # nothing played
    bs.save_screenshot(page, "lab_guarded_warning")
    panel.get_by_role("button", name="Choose again").click()
    panel.wait_for(state="detached", timeout=bs.WAIT_MS)
    board.locator('button.ahoy-action[data-action="fire 4>1"]').click()
    page.wait_for_function("([el, n]) => el.querySelectorAll('.ahoy-log .ahoy-entry').length > n",
                           arg=[board.element_handle(), entries], timeout=bs.WAIT_MS)
    assert not board.locator(".ahoy-panel", has_text="Play it anyway").count()
    context.close()
