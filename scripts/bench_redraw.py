"""Click to redraw, in JupyterLab: the board beside a minimal anywidget echo, same run.

A *click to redraw* is the time from a click on the board to the moment the front end
has applied every trait the kernel sent back and laid the page out again (the ``ack``
of the intent, then a forced layout). Two paths a person meets are timed:

* **a click that acts at once**: a move on the map with no warning (the first such
  target on the page);
* **a move through a warning**: a move the board warns about (damage, a battle) opens
  its own "Careful: ..." box without asking the kernel; the person then clicks its
  button. Timed from the first click to the warning laid out, plus from the second
  click to the redraw (the person's pause between them left out).

The reference is a minimal anywidget: a button whose click sets one trait, which
Python answers by setting another, which the front end writes into the page. All rows
are timed by the same code in the same page, one after the other, in rounds, so the
machine's load touches them alike. The board is timed at 3 and at 200 actions into a
4-player random game (seed 7; at the first position from there that offers the moves a
row needs: 4 and 209 actions). After each timed click the position before it is put
back (untimed).

    python scripts/bench_redraw.py                       # 20 clicks a row and round, 3 rounds
    python scripts/bench_redraw.py --clicks 5 --rounds 1 # under a minute

Prints the machine, its load average at the start and the end, and medians and 90th
percentiles (ms) with the ratio to the echo, as docs/widgets.md quotes them; beside
them, Python's share: the kernel's CPU time for the same intent (handled, every trait
computed and sent), timed in the kernel after the clicks. Every wait has a time limit
(``--wait``) and names what it waited for when it runs out. Needs the test extra
(JupyterLab, Playwright) and Chromium.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import signal
import statistics
import sys
import tempfile
import time
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests" / "browser"), str(ROOT)]

import browser_support as bs  # noqa: E402

SEED = 7
EARLY, LATE = 3, 200

CELLS = [
    '''import anywidget, traitlets as t

class Echo(anywidget.AnyWidget):
    """The least an anywidget round trip can do: click -> trait -> Python -> trait -> page."""
    _esm = """
    function render({ model, el }) {
      const b = document.createElement("button"); b.className = "echo"; b.textContent = "echo";
      const out = document.createElement("span"); out.className = "echo-out";
      b.addEventListener("click", () => { model.set("intent", { id: Date.now() + Math.random() }); model.save_changes(); });
      model.on("change:ack", () => { out.textContent = String(model.get("ack")); });
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
    f'''from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.engine import new_game
from ahoy_nb.widgets import BoardWidget

def board_after(n, *kinds, players=4, seed={SEED}):
    """A board at the first position at least n actions into a seeded random game that
    offers a move of each kind asked: "now" (acts at once), "warn" (warns first)."""
    s, bot = new_game(players, seed=seed), RandomBot(seed)
    while not s.is_over:
        if len(s.history) >= n:
            w = BoardWidget(s, viewer="all")
            offered = {{"warn" if c.get("warn") else "now" for c in w.choices if c["verb"] == "move"}}
            if offered >= set(kinds):
                return w
            w.close()
        s.apply(bot.choose(s))
    raise RuntimeError(f"seed {{seed}}: no position after {{n}} actions offers {{kinds}}")

def in_python(widget, start, intent, runs):
    """Median CPU ms the kernel spends on one intent: handled, every trait computed and sent."""
    import statistics, time
    cpu = []
    for i in range(runs):
        c = time.process_time()
        widget.intent = dict(intent, id=f"python-{{i}}")
        cpu.append(1000 * (time.process_time() - c))
        if getattr(widget, "error", ""):
            raise RuntimeError(widget.error)
        if start is not None:
            widget.set_state(start.copy())
    return statistics.median(cpu)

early = board_after({EARLY}, "now")
early_start = early.state.copy()
early''',
    f'''late = board_after({LATE}, "now", "warn")
late_start = late.state.copy()
late''',
]

# Helpers in the page: a wait with a time limit that names what it waited for, and the
# targets of a board that act at once or warn first (as its action list shows them).
_JS_HELPERS = """
() => {
  const until = (node, test, ms, what, options) => new Promise((resolve, reject) => {
    if (test()) { resolve(); return; }
    const seen = new MutationObserver(() => {
      if (test()) { clearTimeout(timer); seen.disconnect(); resolve(); }
    });
    const timer = setTimeout(() => {
      seen.disconnect();
      reject(new Error(`no ${what} within ${ms / 1000} s`));
    }, ms);
    seen.observe(node, options);
  });
  const target = (board, warned) => {
    const warns = new Set(Array.from(board.querySelectorAll(".ahoy-actions [data-action]"))
      .filter((b) => (b.title || "").includes("(careful:")).map((b) => b.getAttribute("data-action")));
    const all = Array.from(board.querySelectorAll(".ahoy-svg [data-action]"))
      .filter((e) => !e.closest("g.ghost") && !e.classList.contains("control"));
    const fit = all.filter((e) => warns.has(e.getAttribute("data-action")) === warned);
    // A move on the map (what the position was chosen for) before anything else.
    const el = fit.find((e) => /^move /.test(e.getAttribute("data-action"))) || fit[0];
    if (!el) throw new Error(`no target on the board that ${warned ? "warns first" : "acts at once"} ` +
                             `(${all.length} targets, ${warns.size} with a warning)`);
    return el;
  };
  const click = (el) => {
    const r = el.getBoundingClientRect();
    el.dispatchEvent(new MouseEvent("click", { bubbles: true, clientX: r.left + 2, clientY: r.top + 2 }));
  };
  // After a click that sent an intent: the kernel's ack, the redraw, a forced layout.
  const answered = async (board, n, ms) => {
    if (!board.classList.contains("ahoy-waiting")) {
      const warned = !board.querySelector(".ahoy-confirm").hidden;
      throw new Error(`the click on '${n}' sent nothing to the kernel` + (warned ? " (it opened a warning)" : ""));
    }
    await until(board, () => !board.classList.contains("ahoy-waiting"), ms,
                `answer from the kernel to '${n}'`, { attributes: true, attributeFilter: ["class"] });
    document.body.offsetHeight;
    const error = board.querySelector(".ahoy-error");
    if (error && !error.hidden && error.textContent) throw new Error(`'${n}' was refused: ${error.textContent}`);
  };
  window.__bench = { until, target, click, answered };
}
"""

_JS_TIME_ECHO = """
async (ms) => {
  const b = document.querySelector(".echo");
  const out = b.parentElement.querySelector(".echo-out");
  const before = out.textContent;
  const t0 = performance.now();
  b.click();
  await window.__bench.until(out, () => out.textContent !== before, ms, "answer to the echo's click",
                             { childList: true, characterData: true, subtree: true });
  document.body.offsetHeight;
  return performance.now() - t0;
}
"""

# A click on a target that acts at once: [ms, its action].
_JS_TIME_NOW = """
async ([k, ms]) => {
  const B = window.__bench;
  const board = document.querySelectorAll(".ahoy-bw")[k];
  const el = B.target(board, false);
  const n = el.getAttribute("data-action");
  const t0 = performance.now();
  B.click(el);
  await B.answered(board, n, ms);
  return [performance.now() - t0, n];
}
"""

# A move through the board's warning: [ms to the warning laid out, ms from its button
# to the redraw, the action, the warning's words].
_JS_TIME_WARNED = """
async ([k, ms]) => {
  const B = window.__bench;
  const board = document.querySelectorAll(".ahoy-bw")[k];
  const el = B.target(board, true);
  const n = el.getAttribute("data-action");
  const confirm = board.querySelector(".ahoy-confirm");
  const t0 = performance.now();
  B.click(el);
  if (confirm.hidden) throw new Error(`the click on '${n}' opened no warning`);
  document.body.offsetHeight;
  const t1 = performance.now();
  const go = confirm.querySelector(".ahoy-go");
  if (!go) throw new Error(`the warning for '${n}' has no button to go on`);
  const words = confirm.querySelector(".ahoy-confirm-title").textContent;
  B.click(go);
  await B.answered(board, n, ms);
  return [t1 - t0, performance.now() - t1, n, words];
}
"""

# Where a board stands: the count of actions it shows ("209 actions (latest)").
_JS_WHERE = """
(k) => {
  const board = document.querySelectorAll(".ahoy-bw")[k];
  return board.querySelector(".ahoy-where").textContent;
}
"""

_JS_BACK_AT = """
([k, where, n]) => {
  const board = document.querySelectorAll(".ahoy-bw")[k];
  return board.querySelector(".ahoy-where").textContent === where
    && !board.classList.contains("ahoy-waiting")
    && Array.from(board.querySelectorAll(".ahoy-svg [data-action]"))
      .some((e) => e.getAttribute("data-action") === n);
}
"""

_JS_KERNEL_RUN = """
async ([code, ms]) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let out = "", error = null, timer;
  future.onIOPub = (msg) => {
    if (msg.header.msg_type === "stream") out += msg.content.text;
    if (msg.header.msg_type === "error") error = `${msg.content.ename}: ${msg.content.evalue}`;
  };
  const late = new Promise((_, reject) => {
    const what = `the kernel did not finish ${JSON.stringify(code)} within ${ms / 1000} s`;
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  try { await Promise.race([future.done, late]); } finally { clearTimeout(timer); }
  if (error) throw new Error(`${JSON.stringify(code)} failed in the kernel: ${error}`);
  return out;
}
"""


class BenchError(RuntimeError):
    """A step of the benchmark that did not happen in time, or not as expected."""


def p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.9 * (len(xs) - 1)))]


def load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


class Page:
    """The benchmark's page: every step with a time limit that names what it waits for."""

    def __init__(self, page, wait: float):
        self.page, self.wait = page, wait

    def run(self, js: str, arg=None, what: str = ""):
        from playwright.sync_api import Error

        try:
            return self.page.evaluate(js, arg)
        except Error as err:
            message = str(err).split("\n")[0]
            message = message.removeprefix("Page.evaluate: ").removeprefix("Error: ")
            raise BenchError(f"{what}: {message}" if what else message) from None

    def until(self, js: str, arg, what: str, timeout: float | None = None) -> None:
        from playwright.sync_api import TimeoutError

        timeout = timeout or self.wait
        try:
            self.page.wait_for_function(js, arg=arg, timeout=timeout * 1000, polling=50)
        except TimeoutError:
            raise BenchError(f"no {what} within {timeout:g} s") from None

    def kernel(self, code: str) -> str:
        return self.run(_JS_KERNEL_RUN, [code, self.wait * 1000])

    def put_back(self, k: int, var: str, where: str, notation: str) -> None:
        """The position before the click again (untimed)."""
        self.kernel(f"{var}.set_state({var}_start.copy())")
        self.until(_JS_BACK_AT, [k, where, notation],
                   f"redraw of board {var!r} back at its position ({where}, '{notation}' offered)")


def measure(page: Page, clicks: int, rounds: int,
            log) -> tuple[dict[str, list[float]], list[float], dict]:
    """Every row's times (ms), the times to the warning laid out, and what was clicked."""
    wait_ms = page.wait * 1000
    boards = {"early": 0, "late": 1}
    where = {var: page.run(_JS_WHERE, k) for var, k in boards.items()}
    times: dict[str, list[float]] = {"echo": [], "early": [], "late": [], "warned": []}
    warning_ms: list[float] = []
    seen: dict = {}

    def now(var: str) -> float:
        ms, n = page.run(_JS_TIME_NOW, [boards[var], wait_ms],
                         f"board {var!r}, a click that acts at once")
        seen[var] = n
        page.put_back(boards[var], var, where[var], n)
        return ms

    def warned() -> float:
        to_warning, to_redraw, n, words = page.run(_JS_TIME_WARNED, [boards["late"], wait_ms],
                                                   "board 'late', a move through a warning")
        seen["warned"], seen["warning"] = n, words
        page.put_back(boards["late"], "late", where["late"], n)
        warning_ms.append(to_warning)
        return to_warning + to_redraw

    for _ in range(3):  # warm up every path, untimed
        page.run(_JS_TIME_ECHO, wait_ms, "the echo")
    now("early")
    now("late")
    warned()
    warning_ms.clear()
    for r in range(rounds):
        for _ in range(clicks):
            times["echo"].append(page.run(_JS_TIME_ECHO, wait_ms, "the echo"))
        for var in ("early", "late"):
            times[var] += [now(var) for _ in range(clicks)]
        times["warned"] += [warned() for _ in range(clicks)]
        log(f"round {r + 1} of {rounds} done (load average {load()})")
    # Python's share of each row, timed in the kernel after the clicks.
    runs = min(30, clicks * rounds)
    seen["python"] = dict(zip(times, json.loads(page.kernel(
        f"import json; print(json.dumps([in_python(echo, None, {{}}, {runs}), "
        f"in_python(early, early_start, {{'action': {seen['early']!r}}}, {runs}), "
        f"in_python(late, late_start, {{'action': {seen['late']!r}}}, {runs}), "
        f"in_python(late, late_start, {{'action': {seen['warned']!r}}}, {runs})]))"))))
    return times, warning_ms, seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clicks", type=int, default=20, help="timed clicks per row per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--wait", type=float, default=30.0,
                        help="seconds any one answer may take before the run stops (default 30)")
    args = parser.parse_args(argv)
    if args.clicks < 1 or args.rounds < 1:
        parser.error("--clicks and --rounds must be at least 1")

    def log(text: str) -> None:
        print(f"[bench_redraw] {text}", file=sys.stderr, flush=True)

    from playwright.sync_api import sync_playwright

    # Stopped from outside (a test's time limit): still shut JupyterLab down (finally).
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    started, load_start = time.monotonic(), load()
    tmp = Path(tempfile.mkdtemp(prefix="ahoy-bench-"))
    nb = {"cells": [{"cell_type": "code", "metadata": {}, "source": c, "outputs": [],
                     "execution_count": None} for c in CELLS],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                      "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    (tmp / "bench.ipynb").write_text(json.dumps(nb))
    log("starting JupyterLab")
    server = bs.start_jupyterlab(root=tmp, workdir=tmp / "server")
    try:
        with sync_playwright() as p:
            browser = bs.launch_browser(p)
            chromium = browser.version
            page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
            page.set_default_timeout(args.wait * 1000)
            bench = Page(page, args.wait)
            log("opening the notebook")
            try:
                bs.open_notebook(page, server, "bench.ipynb", timeout=120)
            except Exception as err:
                raise BenchError(f"JupyterLab did not open bench.ipynb with a ready kernel "
                                 f"within 120 s: {str(err).splitlines()[0]}") from None
            log("running its cells")
            try:
                run = bs.run_all_cells(page, "bench.ipynb", timeout=180)
            except Exception as err:
                raise BenchError(f"the notebook's cells did not finish within 180 s: "
                                 f"{str(err).splitlines()[0]}") from None
            if run.errors:
                raise BenchError(f"the notebook failed:\n{run.error_report()}")
            bench.until("() => !!document.querySelector('.echo')", None, "echo widget on the page")
            bench.until("() => document.querySelectorAll('.ahoy-bw .ahoy-svg svg').length >= 2",
                        None, "two drawn boards on the page")
            bench.run(_JS_HELPERS)
            actions = json.loads(bench.kernel(
                "import json; print(json.dumps([len(early.state.history), len(late.state.history)]))"))
            log(f"timing: {args.rounds} round(s) of {args.clicks} clicks a row")
            times, warning_ms, seen = measure(bench, args.clicks, args.rounds, log)
            browser.close()
    except BenchError as err:
        print(f"bench_redraw: {err}", file=sys.stderr)
        return 1
    finally:
        bs.shutdown_jupyterlab(server)
        shutil.rmtree(tmp, ignore_errors=True)

    echo = statistics.median(times["echo"])
    early, late = actions
    names = {
        "echo": "minimal anywidget echo",
        "early": f"board, {early} actions: a click that acts at once",
        "late": f"board, {late} actions: a click that acts at once",
        "warned": f"board, {late} actions: a move through a warning (2 clicks)",
    }
    print(f"{time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores; "
          f"JupyterLab {version('jupyterlab')}, headless Chromium {chromium}, "
          f"Python {platform.python_version()}")
    print(f"load average (1/5/15 min) {load_start} at the start, {load()} at the end; "
          f"{time.monotonic() - started:.0f} s in all")
    print(f"{len(times['echo'])} clicks a row in {args.rounds} round(s); 4-player random game, "
          f"seed {SEED}; clicked: '{seen['early']}' ({early} actions), '{seen['late']}' "
          f"({late} actions), '{seen['warned']}' through \"{seen['warning']}\"")
    print()
    print("| widget | median ms | p90 ms | median / echo median | in Python, CPU ms |")
    print("|---|---|---|---|---|")
    for key, xs in times.items():
        med = statistics.median(xs)
        print(f"| {names[key]} | {med:.1f} | {p90(xs):.1f} | {med / echo:.2f} "
              f"| {seen['python'][key]:.1f} |")
    print()
    print(f"Of the move through a warning, the warning itself is laid out "
          f"{statistics.median(warning_ms):.1f} ms (median; p90 {p90(warning_ms):.1f}) after the "
          f"first click, with no round trip to the kernel.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
