"""The win-chance chart and the Hint button in JupyterLab (notebooks/app.ipynb: one person,
so analysis is on): the chart gains a point after a move, and a click on Hint (in the
board's side column) lists the best actions there and highlights them on the board (the board's ``hints``, and the
hinted buttons and map targets it draws)."""

from __future__ import annotations

import json

import browser_support as bs
from test_apps import NB, click_action, wait_log_entry

APP = "notebooks/app.ipynb"

_JS_CHANCE_POINTS = """
(scope) => {
  const figs = Array.from(document.querySelectorAll(scope + " .bqplot.figure"));
  const fig = figs.find((f) => Array.from(f.querySelectorAll("text.axislabel"))
                                  .some((t) => t.textContent === "chance to win"));
  if (!fig) return null;
  return fig.querySelectorAll("g.curve path.dot").length;
}
"""


def chance_points(page) -> int | None:
    return page.evaluate(_JS_CHANCE_POINTS, NB)


def test_hint_and_win_chance_chart_in_jupyterlab(run_notebook, screenshot):
    run = run_notebook(APP)
    page = run.page
    assert not run.errors, run.error_report()
    page.locator(f"{NB} .ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)

    # The chart shows the first position once the worker thread has worked it out.
    first = bs.wait_until(lambda: chance_points(page))
    assert first, "the win-chance chart drew no point"
    bs.kernel_json(page, "import json; app.game.stop(); print(json.dumps(1))")  # bots wait

    # A move: the chart gains a point.
    click_action(page, NB)
    wait_log_entry(page, NB, 1)
    more = bs.wait_until(lambda: (chance_points(page) or 0) > first and chance_points(page))
    assert more and more > first, (first, more)

    # Hint, when it is the person's decision.
    bs.kernel_json(page, """
g = app.game
g.run_bots()
print(json.dumps(g.state.current_player))""")
    panel = page.locator(f"{NB} .ahoy-bw .ahoy-panel[data-panel=advisor]").first
    panel.locator("button", has_text="Hint").first.click()    # beside the board
    hint = panel.locator("ol li")
    hint.first.wait_for(state="visible", timeout=120_000)
    options = bs.kernel_json(page, "print(json.dumps(len(app.game.state.legal_actions())))")
    assert hint.count() == min(3, options)
    shown = bs.kernel_json(page, "print(json.dumps([e.notation for e in app.game.advisor.hints]))")
    assert shown and all(f"({n})" in hint.nth(i).inner_text() for i, n in enumerate(shown))
    # the board highlights the suggested actions (its hints trait), and draws them: the
    # action list's buttons marked as hints, and no map target marked for another action
    assert bs.kernel_json(page, "print(json.dumps(app.game.board.hints))") == shown
    hinted = page.locator(f"{NB} .ahoy-actions button.ahoy-action.ahoy-hint")
    assert bs.wait_until(lambda: hinted.count() == len(shown), 30)
    assert sorted(hinted.nth(i).get_attribute("data-action")
                  for i in range(hinted.count())) == sorted(shown)
    for i in range(page.locator(f"{NB} .ahoy-svg .hint").count()):
        target = page.locator(f"{NB} .ahoy-svg .hint").nth(i)
        one = target.get_attribute("data-action")
        offers = [one] if one else json.loads(target.get_attribute("data-actions") or "[]")
        assert set(offers) & set(shown), offers
    screenshot("lab_app_hint")
