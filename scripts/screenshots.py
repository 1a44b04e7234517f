"""Redraw the documentation's screenshots of the widgets, as a person sees them.

JupyterLab in headless Chromium at 1400 x 1000 with the file browser open (the browser
tests' set-up), a notebook of its own in a temporary folder:

* ``docs/lesson.png``: the battles lesson, a click on a space not offered answered beside
  the board;
* ``docs/game-hint.png``: a game in round 2 against the bots, with a Hint beside the board;
* ``docs/game-dark.png``: the same in JupyterLab's dark theme.

Each is reduced to 256 colours (Pillow) to stay near 100 KB. Look at them after a run.

    python scripts/screenshots.py
    python scripts/screenshots.py --out /tmp/shots      # elsewhere than docs/
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import browser_support as bs  # noqa: E402

NB = ".jp-NotebookPanel:not(.lm-mod-hidden)"
CELLS = [
    """import ahoy_nb
from ahoy_nb import tutorials
from ahoy_nb.ai.bots import GreedyBot
lesson = tutorials.start("battles")
lesson""",
    """game = ahoy_nb.play(players=3, seed=4, people=("bluefin",), bots="normal", bot_delay=0,
                    charts=False)
me = GreedyBot(4)
def my_new_turn(s):
    return (s.round >= 2 and s.current_player == "bluefin" and s.turn_player == "bluefin"
            and not s.data["pending"] and s.data["turn"]["placed"] == 0)
while not my_new_turn(game.state):
    game.board.intent = {"action": me.choose(game.state).notation, "id": len(game.state.history)}
game""",
]


def main(argv=None) -> None:
    from playwright.sync_api import sync_playwright

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", type=Path, default=ROOT / "docs", help="folder for the PNGs")
    out = p.parse_args(argv).out
    out.mkdir(parents=True, exist_ok=True)

    work = Path(tempfile.mkdtemp(prefix="ahoy-shots-"))
    root = work / "notebooks"       # what the file browser shows: the notebook alone
    root.mkdir()
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [],
                     "execution_count": None} for c in CELLS],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (root / "widgets.ipynb").write_text(json.dumps(nb))
    server = bs.start_jupyterlab(root=root, workdir=work / "server")
    try:
        with sync_playwright() as p:
            browser = bs.launch_browser(p)
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.set_default_timeout(120_000)
            bs.open_notebook(page, server, "widgets.ipynb")
            page.evaluate("async () => await window.jupyterapp.commands.execute('filebrowser:activate')")
            run = bs.run_all_cells(page, "widgets.ipynb")
            if run.errors:
                raise SystemExit(run.error_report())
            shots = work / "shots"
            shots.mkdir()

            # A lesson: a click on a space not offered, answered beside the board.
            lesson = page.locator(f"{NB} .ahoy-tutorial .ahoy-bw").first
            lesson.locator(".ahoy-svg svg").first.wait_for(state="visible")
            lesson.evaluate("(b) => b.scrollIntoView()")
            page.mouse.wheel(0, 160)
            lesson.locator('.ahoy-svg [data-space="0,1"]').first.click()
            lesson.locator(".ahoy-message", has_text="Not possible").wait_for()
            page.mouse.move(5, 500)          # no hover tip in the picture
            page.wait_for_timeout(400)       # the message's flash fades
            page.screenshot(path=str(shots / "lesson.png"))

            # A game with a hint beside the board, light and dark.
            board = page.locator(f"{NB} .ahoy-game .ahoy-bw").first
            board.evaluate("(b) => b.scrollIntoView()")
            panel = board.locator(".ahoy-panel[data-panel=advisor]")
            panel.get_by_text("Chance to win").wait_for()
            panel.locator("button", has_text="Hint").click()
            panel.locator("ol li").first.wait_for()
            page.mouse.move(5, 500)
            page.screenshot(path=str(shots / "game-hint.png"))
            page.evaluate("async () => await window.jupyterapp.commands.execute("
                          "'apputils:change-theme', {theme: 'JupyterLab Dark'})")
            page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
            page.wait_for_timeout(2500)      # the page lays itself out again
            page.screenshot(path=str(shots / "game-dark.png"))
            browser.close()
        for name in ("lesson.png", "game-hint.png", "game-dark.png"):
            size = bs.save_small(shots / name, out / name)
            print(f"{out / name}: {size / 1000:.0f} KB")
    finally:
        bs.shutdown_jupyterlab(server)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
