"""What replaces threads and processes in the browser (Pyodide, ``sys.platform ==
"emscripten"``): bots move on the page's event loop; the advice is the win-chance model's
alone, in the board's side column."""

from __future__ import annotations

import asyncio
import sys
import threading

import ahoy_nb.widgets.play as play_module
from ahoy_nb.widgets.loop import running_loop


def _in_a_fresh_thread(fn):
    """Run ``fn`` where no event loop runs (other tests may leave one running here)."""
    out = {}

    def body():
        try:
            out["value"] = fn()
        except BaseException as err:  # re-raised in the test's thread
            out["error"] = err

    t = threading.Thread(target=body)
    t.start()
    t.join(30)
    if "error" in out:
        raise out["error"]
    return out["value"]


def test_bots_use_the_event_loop_in_the_browser_even_outside_a_running_loop(monkeypatch):
    assert _in_a_fresh_thread(running_loop) is None  # a script: bots play at once
    monkeypatch.setattr(sys, "platform", "emscripten")

    def in_the_browser():
        # Pyodide's page has one event loop (WebLoop), current but not always running.
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        try:
            assert running_loop() is loop
            # A game made there schedules its bots on that loop, with the delay asked for.
            game = play_module.play(players=3, seed=3, bot_delay=0.25)
            assert game.runner.scheduler.loop is loop
            game.board.intent = {"action": game.state.legal_actions()[0].notation, "id": 1}
            n = len(game.state.history)
            assert game.bot_to_move() is not None  # nothing moved yet: the bot waits its delay
            loop.call_later(0.6, loop.stop)
            loop.run_forever()
            moved = len(game.state.history) - n
            game.close()
            return moved
        finally:
            asyncio.set_event_loop(None)
            loop.close()

    assert _in_a_fresh_thread(in_the_browser) >= 1, "no bot moved on the event loop"


def test_the_game_in_the_browser_gives_the_chance_to_win_and_hints(monkeypatch):
    """Issue 49, item 21: in the static site (Pyodide: no threads, no bqplot) the game
    had no Hint and no chance to win; it has both, in the board's side column, by the
    win-chance model alone."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    game = play_module.play(players=2, seed=1, people=("bluefin",), bot_delay=0, charts=False)
    try:
        assert game.advisor is None and game.advisor_panel is not None
        board = game.board.board
        panel = next(p for p in board.traits["panels"] if p["id"] == "advisor")
        assert "against these bots" in panel["lines"][0]
        assert any("Bluefin" in line and "%" in line for line in panel["lines"]), panel
        board.handle({"press": {"panel": "advisor", "button": "hint"}, "id": 1})
        assert board.traits["hints"], board.traits["panels"]
        assert board.traits["hints"][0] in {a.notation for a in game.state.legal_actions()}
    finally:
        game.close()
