"""Save and open a game in the browser (the Panel app): download the file, start a new
game, upload the file into it: the position is the same, Bluefin still sees only its own
view, and a damaged file is refused with a message and changes nothing."""

from __future__ import annotations

import json
import time

import browser_support as bs

from ahoy_nb import savegame
from ahoy_nb.engine.components import PLAN_BY_KEY, PLAN_CARDS

BOARD = ".ahoy-bw"


def _svg(page) -> str:
    return page.locator(f"{BOARD} .ahoy-svg").first.inner_html()


def _log(page) -> list[str]:
    return page.locator(f"{BOARD} .ahoy-log .ahoy-entry .ahoy-entry-head").all_inner_texts()


def _wait_ready(page) -> None:
    page.locator(f"{BOARD} .ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)


def _wait_until(fn, timeout: float = bs.WAIT_S) -> None:
    deadline = time.monotonic() + timeout
    while not fn():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.2)


def test_panel_app_saves_and_opens_a_game(panel_server, page, tmp_path, screenshot):
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.goto(server.url + "?players=3&seed=5&bot_delay=0.05", timeout=bs.WAIT_MS)
    _wait_ready(page)
    # Play a little: Bluefin's first action, then the bots answer.
    first = page.locator(f"{BOARD} .ahoy-actions button.ahoy-action").first
    first.click()
    _wait_until(lambda: len(_log(page)) >= 3)
    _wait_ready(page)
    svg, log = _svg(page), _log(page)

    with page.expect_download() as info:
        page.locator("button", has_text="Save game").first.click()
    saved = tmp_path / "game.ahoy.json"
    info.value.save_as(saved)
    text = saved.read_text()
    doc = json.loads(text)
    assert doc["kind"] == "game" and '"hand"' not in text and '"seed"' not in text
    state = savegame.loads(text)

    # A new game, another seed: a different position.
    page.goto(server.url + "?players=3&seed=6&bot_delay=0.05", timeout=bs.WAIT_MS)
    _wait_ready(page)
    other = _svg(page)
    assert other != svg

    # A damaged file: refused with the reason; the game does not change.
    bad = tmp_path / "bad.ahoy.json"
    bad.write_text(text[: len(text) // 2])
    page.locator("input[type=file]").first.set_input_files(str(bad))
    page.get_by_text("Not opened: not an Ahoy save file").wait_for(timeout=bs.WAIT_MS)
    assert _svg(page) == other
    screenshot("panel_save_refused")

    # The saved file: the same position, the same log, Bluefin's own view.
    page.locator("input[type=file]").first.set_input_files(str(saved))
    page.get_by_text("Opened the saved game").wait_for(timeout=bs.WAIT_MS)
    _wait_until(lambda: _log(page) == log)
    _wait_until(lambda: _svg(page) == svg)
    shown = page.locator(f"{BOARD}").first.inner_text() + _svg(page)
    union = state.faction("mollusk")
    hand = {PLAN_CARDS[PLAN_BY_KEY[p]]["name"] for p in union.plans}
    public = {PLAN_CARDS[PLAN_BY_KEY[p]]["name"] for p in union.plan_discard}
    for name in hand - public:
        assert name not in shown, f"the Union's plan {name} is shown to Bluefin"
    screenshot("panel_save_opened")


GAME = ".jp-NotebookPanel:not(.lm-mod-hidden) .ahoy-game"


def _board_now(game) -> str:
    """What the board shows about the last click: for the message of a failed wait."""
    return game.evaluate("""(g) => {
        const b = g.querySelector('.ahoy-bw');
        const text = (sel) => { const n = b && b.querySelector(sel); return n ? n.textContent : null; };
        return JSON.stringify({
          waiting: !!b && b.classList.contains('ahoy-waiting'),   // an intent sent, not answered
          message: text('.ahoy-message'), where: text('.ahoy-where'),
          focused: document.activeElement ? document.activeElement.outerHTML.slice(0, 120) : null});
    }""")


# What the kernel holds of the board: did the intents arrive, and was the last one answered?
_KERNEL_BOARD = """
import json, sys, threading, traceback
b = game.board
names = {t.ident: t.name for t in threading.enumerate()}
where = {names.get(i, i): [f"{f.name}:{f.lineno}" for f in traceback.extract_stack(frame)[-4:]]
         for i, frame in sys._current_frames().items()}
print(json.dumps({"intent": b.intent, "ack": b.ack, "error": b.error, "actions": len(b.state.history),
                  "threads": where}, default=str))
"""


def _click_until(page, game, button, done, log=None) -> None:
    """Click ``button`` until ``done()`` (at most 3 clicks), each once it is still.
    ``log``: the server's log file, whose warnings a failure quotes."""
    for attempt in range(3):
        bs.scroll_to(button)
        bs.steady(button)
        button.click()
        try:
            _wait_until(done, timeout=10.0 if attempt < 2 else 30.0)
            return
        except AssertionError:
            if attempt == 2:
                try:
                    kernel = bs.kernel_json(page, _KERNEL_BOARD, timeout=20)
                except AssertionError as err:   # a kernel that does not answer says so
                    kernel = str(err).splitlines()[0]
                warned = [line for line in (log.read_text().splitlines() if log else [])
                          if "WARN" in line or "Error" in line or "[E " in line][-8:]
                raise AssertionError(f"3 clicks did nothing; the board: {_board_now(game)}; "
                                     f"in the kernel: {kernel}; the server warned: {warned}") from None


def test_game_widget_saves_and_opens_in_jupyterlab(run_notebook, jupyterlab_server, tmp_path,
                                                   screenshot):
    """The game widget's Save (a download link) and Open (an upload) in JupyterLab."""
    page = run_notebook("notebooks/03_full_game.ipynb").page
    game = page.locator(GAME).first
    board = game.locator(".ahoy-bw").first
    board.locator(".ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)
    bs.scroll_to(game)
    svg = board.locator(".ahoy-svg").first.inner_html()

    link = game.locator("a.ahoy-download").first
    _click_until(page, game, game.locator("button", has_text="Save").first, lambda: link.count() > 0)
    bs.scroll_to(game)
    with page.expect_download() as info:
        link.click()
    saved = tmp_path / "lab.ahoy.json"
    info.value.save_as(saved)
    assert savegame.loads(saved.read_text()).players == ["bluefin", "smuggler1", "mollusk"]

    # Play on: the game changes, and the bots play until it is the person's turn again
    # (the board must be still before it is compared below). The side column keeps its
    # buttons and their place as the advisor's chances arrive (test_side_column_clicks),
    # but the first chances of a game still move the actions down once (docs/widgets.md),
    # and JupyterLab may scroll the notebook: click again if the board has not changed.
    # A second action played is as good for what follows.
    _click_until(page, game, board.locator(".ahoy-actions button.ahoy-action").first,
                 lambda: board.locator(".ahoy-svg").first.inner_html() != svg,
                 log=jupyterlab_server.log_path)
    board.locator(".ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)

    def upload(path) -> None:   # ipywidgets' FileUpload opens a file chooser
        with page.expect_file_chooser() as chooser:
            game.locator("button.jupyter-widgets", has_text="Open").first.click()
        chooser.value.set_files(str(path))

    bad = tmp_path / "bad.ahoy.json"
    bad.write_bytes(b"\x00\x01 not a save")
    changed = board.locator(".ahoy-svg").first.inner_html()
    upload(bad)
    game.get_by_text("Not opened:").wait_for(timeout=bs.WAIT_MS)
    assert board.locator(".ahoy-svg").first.inner_html() == changed

    upload(saved)
    game.get_by_text("Opened lab.ahoy.json").wait_for(timeout=bs.WAIT_MS)
    _wait_until(lambda: board.locator(".ahoy-svg").first.inner_html() == svg)
    screenshot("lab_game_opened")


def test_a_three_player_save_opened_in_a_two_player_game_is_played_on(panel_server, page,
                                                                       tmp_path, screenshot):
    """The session reseats the game: Smuggler 1, new here, gets a bot of the others' level,
    which plays at once; the page says so and Bluefin's turn comes (it stalled before)."""
    from ahoy_nb.engine import new_game

    saved = new_game(3, seed=5).apply("start 0,0")      # Smuggler 1 decides next
    path = tmp_path / "three.ahoy.json"
    path.write_text(savegame.dumps(saved))
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.goto(server.url + "?players=2&seed=6&bot_delay=0.05", timeout=bs.WAIT_MS)
    _wait_ready(page)
    page.locator("input[type=file]").first.set_input_files(str(path))
    page.get_by_text("Opened the saved game: Smuggler 1 is played by a normal bot").wait_for(
        timeout=bs.WAIT_MS)
    _wait_until(lambda: any(" Smuggler 1" in x and "start" in x for x in
                            page.locator(f"{BOARD} .ahoy-log .ahoy-entry").all_inner_texts()))
    _wait_ready(page)                                    # Bluefin's turn again: playable
    page.get_by_text("Bots: Smuggler 1 (normal), Mollusk (normal)").first.wait_for(timeout=bs.WAIT_MS)
    page.get_by_text("Smuggler 1: normal bot").first.wait_for(timeout=bs.WAIT_MS)   # the bots panel
    screenshot("panel_three_player_save_in_a_two_player_game")
