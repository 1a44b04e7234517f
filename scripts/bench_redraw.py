"""Click to redraw, in JupyterLab: the board beside a minimal anywidget echo, same run.

A *click to redraw* is the time from a click on the board (an element with one
``data-action``) to the moment the front end has applied every trait the kernel sent
back and laid the page out again (the ``ack`` of the intent, then a forced layout).
The reference is a minimal anywidget: a button whose click sets one trait, which
Python answers by setting another, which the front end writes into the page. Both are
timed by the same code in the same page, one after the other, in rounds, so the
machine's load touches them alike. The board is timed at 3 and at 200 actions into a
game (after each timed click, the action is undone from the kernel, untimed).

    python scripts/bench_redraw.py              # 20 clicks per round, 3 rounds
    python scripts/bench_redraw.py --clicks 10 --rounds 2

Prints medians and 90th percentiles (ms) and the ratio to the echo; the figures are
recorded in docs/widgets.md. Needs the test extra (JupyterLab, Playwright, Chromium).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT)]

import browser_support as bs  # noqa: E402

CELLS = [
    '''import anywidget, traitlets as t

class Echo(anywidget.AnyWidget):
    """The least an anywidget round trip can do: click -> trait -> Python -> trait -> page."""
    _esm = """
    function render({ model, el }) {
      const b = document.createElement("button"); b.className = "echo"; b.textContent = "echo";
      const out = document.createElement("span"); out.className = "echo-out";
      b.addEventListener("click", () => { model.set("intent", { id: Date.now() + Math.random() }); model.save_changes(); });
      model.on("change:ack", () => { out.textContent = String(model.get("ack")); el.classList.remove("waiting"); });
      el.append(b, out);
    }
    export default { render };
    """
    intent = t.Any(None, allow_none=True).tag(sync=True)
    ack = t.Any(None, allow_none=True).tag(sync=True)

    @t.observe("intent")
    def _answer(self, change):
        self.ack = change["new"]["id"]

echo = Echo()
echo''',
    '''from ahoy_nb.engine import new_game
from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.ui import BoardWidget

def after(n, players=4, seed=7):
    s, bot = new_game(players, seed=seed), RandomBot(seed)
    while len(s.history) < n or not any(a.verb in ("move", "sail") for a in s.legal_actions()):
        s.apply(bot.choose(s))
    return s

early = BoardWidget(after(3), viewer="all")
early''',
    '''late = BoardWidget(after(200), viewer="all")
late''',
]

_JS_TIME_ECHO = """
async () => {
  const b = document.querySelector(".echo");
  const host = b.parentElement;
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => { seen.disconnect(); resolve(); });
    seen.observe(host.querySelector(".echo-out"), { childList: true, characterData: true, subtree: true });
  });
  const t0 = performance.now();
  b.click();
  await done;
  host.getBoundingClientRect(); document.body.offsetHeight;
  return performance.now() - t0;
}
"""

_JS_TIME_BOARD = """
async (k) => {
  const board = document.querySelectorAll(".ahoy-bw")[k];
  const el = Array.from(board.querySelectorAll(".ahoy-svg [data-action]"))
    .find((e) => !e.closest("g.ghost") && !e.classList.contains("control"))
    || board.querySelector(".ahoy-svg [data-action]");
  const done = new Promise((resolve) => {
    const seen = new MutationObserver(() => {
      if (!board.classList.contains("ahoy-waiting")) { seen.disconnect(); resolve(); }
    });
    seen.observe(board, { attributes: true, attributeFilter: ["class"] });
  });
  const r = el.getBoundingClientRect();
  const t0 = performance.now();
  el.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.left + 2, clientY: r.top + 2 }));
  await done;
  document.body.offsetHeight;  // the layout of what changed
  return [performance.now() - t0, el.getAttribute("data-action")];
}
"""

_JS_KERNEL_RUN = """
async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, store_history: false});
  let out = "";
  future.onIOPub = (msg) => { if (msg.header.msg_type === "stream") out += msg.content.text; };
  await future.done;
  return out;
}
"""


def p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.9 * (len(xs) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=20, help="timed clicks per widget per round")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    tmp = Path(tempfile.mkdtemp(prefix="ahoy-bench-"))
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [],
                     "execution_count": None} for c in CELLS],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (tmp / "bench.ipynb").write_text(json.dumps(nb))
    server = bs.start_jupyterlab(root=tmp, workdir=tmp / "server")
    times: dict[str, list[float]] = {"echo": [], "3 actions": [], "200 actions": []}
    try:
        with sync_playwright() as p:
            browser = bs.launch_browser(p)
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            bs.open_notebook(page, server, "bench.ipynb")
            bs.run_all_cells(page, "bench.ipynb")
            page.wait_for_selector(".echo")
            page.wait_for_function("() => document.querySelectorAll('.ahoy-bw .ahoy-svg svg').length >= 2")
            for _ in range(3):   # warm up both paths
                page.evaluate(_JS_TIME_ECHO)
            for _ in range(args.rounds):
                for _ in range(args.clicks):
                    times["echo"].append(page.evaluate(_JS_TIME_ECHO))
                for k, (name, var) in enumerate((("3 actions", "early"), ("200 actions", "late"))):
                    for _ in range(args.clicks):
                        ms, notation = page.evaluate(_JS_TIME_BOARD, k)
                        times[name].append(ms)
                        page.evaluate(_JS_KERNEL_RUN, f"{var}.undo()")
                        page.wait_for_function(
                            "(k) => !document.querySelectorAll('.ahoy-bw')[k].classList.contains('ahoy-waiting')", arg=k)
                        time.sleep(0.05)
            browser.close()
    finally:
        bs.shutdown_jupyterlab(server)

    echo = statistics.median(times["echo"])
    print(f"{len(times['echo'])} clicks each; JupyterLab, headless Chromium, "
          f"Python {sys.version.split()[0]}\n")
    print("| widget | median ms | p90 ms | median / echo median |")
    print("|---|---|---|---|")
    for name, xs in times.items():
        med = statistics.median(xs)
        print(f"| {'minimal anywidget echo' if name == 'echo' else 'board, ' + name} | "
              f"{med:.1f} | {p90(xs):.1f} | {med / echo:.2f} |")


if __name__ == "__main__":
    main()
