"""What replaces threads and processes in the browser (Pyodide, ``sys.platform ==
"emscripten"``): bots move on the page's event loop."""

from __future__ import annotations

import asyncio
import sys

import ahoy_nb.play  # noqa: F401  (the module, for its _running_loop)

play_module = sys.modules["ahoy_nb.play"]


def test_bots_use_the_event_loop_in_the_browser_even_outside_a_running_loop(monkeypatch):
    assert play_module._running_loop() is None  # a plain script: bots play at once
    monkeypatch.setattr(sys, "platform", "emscripten")
    loop = play_module._running_loop()
    assert isinstance(loop, asyncio.AbstractEventLoop)
    # A game made there schedules its bots on that loop, with the delay asked for.
    game = play_module.play(players=3, seed=3, bot_delay=0.25)
    assert game._loop is loop
    game.board.intent = {"action": game.state.legal_actions()[0].notation, "id": 1}
    n = len(game.state.history)
    assert game.bot_to_move() is not None  # nothing moved yet: the bot waits for its delay
    loop.call_later(0.6, loop.stop)
    loop.run_forever()
    assert len(game.state.history) > n, "no bot moved on the event loop"
    game.close()
