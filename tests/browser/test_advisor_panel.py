"""The win-chance chart and the Hint button in the Panel app (``ahoy-nb serve``): one person
against bots, so analysis is on. The chart gains a point after a move, and a click on
Hint lists the 3 best actions in words and the board draws them as hints (the action list's
``button.ahoy-hint``, and the map's ``.hint`` targets where the action has one).

Screenshot: screenshots/panel_app_hint.png (docs/app-advisor.png is its top 1,000 px, in 256 colours).
"""

from __future__ import annotations


import pytest

import browser_support as bs
from test_apps import _JS_BOKEH_COLUMN, click_action, wait_log_entry

# What the board draws for its hints: the hinted buttons of the action list, and the
# map's targets marked as hints (data-action, or data-actions for a target of several).
JS_HINTS_DRAWN = """
() => {
  const roots = [document];
  const seen = [];
  // Panel draws the board in shadow roots: walk into them.
  while (roots.length) {
    const root = roots.pop();
    for (const el of root.querySelectorAll("*")) if (el.shadowRoot) roots.push(el.shadowRoot);
    seen.push(root);
  }
  const buttons = [], targets = [];
  for (const root of seen) {
    for (const b of root.querySelectorAll(".ahoy-bw .ahoy-actions button.ahoy-action.ahoy-hint"))
      buttons.push(b.getAttribute("data-action"));
    for (const t of root.querySelectorAll(".ahoy-bw .ahoy-svg .hint")) {
      const one = t.getAttribute("data-action");
      targets.push(one ? [one] : JSON.parse(t.getAttribute("data-actions") || "[]"));
    }
  }
  return {buttons, targets};
}
"""


@pytest.fixture(scope="module")
def ahoy_serve_advisor(chromium, tmp_path_factory):
    """``ahoy-nb serve`` with few simulations (a fast chart and hint), 2 players."""
    yield from bs.serving(tmp_path_factory.mktemp("ahoy-serve-advisor"), "--players", "2",
                          "--seed", "5", "--bot-delay", "0.2", "--simulations", "8",
                          "--hint-simulations", "24")


def chance_xs(page) -> list:
    return page.evaluate(_JS_BOKEH_COLUMN, ["win-chance", "x"]) or []


def test_hint_and_win_chance_chart_in_the_panel_app(ahoy_serve_advisor, page, screenshot):
    page.goto(ahoy_serve_advisor.url, timeout=bs.WAIT_MS)
    page.locator(".ahoy-bw .ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    panel = page.locator(".ahoy-bw .ahoy-panel[data-panel=advisor]").first   # beside the board
    hint_button = panel.locator("button", has_text="Hint")
    assert hint_button.count() == 1 and panel.locator("button", has_text="Analysis").count() == 1

    # The chart shows the first position once the worker thread has worked it out.
    assert bs.wait_until(lambda: chance_xs(page) == [0]), chance_xs(page)

    # A move (the bot answers): the chart gains points.
    click_action(page, "body")
    wait_log_entry(page, "body", 1)
    more = bs.wait_until(lambda: len(chance_xs(page)) > 1 and chance_xs(page))
    assert more and more[0] == 0 and max(more) >= 1, more

    # Bluefin's decision again: a hint lists the 3 best actions, and the board draws them.
    page.locator(".ahoy-bw .ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)
    bs.wait_until(lambda: hint_button.is_enabled(), 30)
    hint_button.click()
    items = panel.locator("ol li")
    items.first.wait_for(state="visible", timeout=120_000)
    n = items.count()
    assert n == 3  # Bluefin's turn offers many more than 3 actions
    texts = [items.nth(i).inner_text() for i in range(n)]
    shown = [t.split(" (")[1].split("):")[0] for t in texts]      # "Words (notation): ..."
    assert all(t.split(" (")[0] for t in texts)  # in words
    drawn = bs.wait_until(lambda: (d := page.evaluate(JS_HINTS_DRAWN))["buttons"] and d)
    assert drawn and sorted(drawn["buttons"]) == sorted(shown), (drawn, shown)
    # (a map target offering several actions is marked when one of them is hinted)
    assert all(set(t) & set(shown) for t in drawn["targets"]), (drawn, shown)
    # A hinted button is drawn with its purple outline.
    outline = page.locator(".ahoy-actions button.ahoy-hint").first.evaluate(
        "(b) => getComputedStyle(b).outlineWidth")
    assert outline == "3px", outline
    screenshot("panel_app_hint", full_page=True)
