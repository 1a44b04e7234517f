"""A click on the side column is never lost when the advisor redraws it (the Panel app,
``ahoy-nb serve``: one person against two bots, the advisor on).

The advisor's updates arrive on their own, while the person aims at an action: a hint
marks some of the actions, the win chances of the latest position replace those of the
one before. The action buttons stay the same nodes (a button replaced between the press
and the release of a click gets no click), and the panels above them keep their height
(a button moved away from under the pointer gets no click either).
"""

from __future__ import annotations

import time

import pytest

import browser_support as bs

BEHIND = "the latest is being worked out"   # the advisor's line while it catches up

# The top of the first action button at every frame, from now on (in the page).
JS_RECORD_TOPS = """
(root) => {
  const tops = window.__ahoyTops = [];
  const first = () => root.querySelector(".ahoy-actions button.ahoy-action");
  const node = first();
  (function frame() {
    const b = first();
    tops.push(b === node ? b.getBoundingClientRect().top : null);
    if (window.__ahoyTops === tops) requestAnimationFrame(frame);
  })();
}
"""


@pytest.fixture(scope="module")
def ahoy_serve_3(chromium, tmp_path_factory):
    """``ahoy-nb serve``, 3 players: Bluefin for the person, the advisor working out the
    chances with 80 games a position (about a second: long enough to press meanwhile)."""
    yield from bs.serving(tmp_path_factory.mktemp("ahoy-serve-clicks"), "--players", "3",
                          "--seed", "5", "--bot-delay", "0.2", "--simulations", "80",
                          "--hint-simulations", "24")


def _log_count(board) -> int:
    return board.locator(".ahoy-log .ahoy-entry").count()


def _offered(board) -> list[str]:
    """The actions listed in the side column, in order."""
    return board.evaluate("(r) => Array.from(r.querySelectorAll('.ahoy-actions button.ahoy-action'))"
                          ".map((b) => b.getAttribute('data-action'))")


def test_a_click_survives_the_advisors_updates(ahoy_serve_3, page, screenshot):
    page.goto(ahoy_serve_3.url, timeout=bs.WAIT_MS)
    board = page.locator(".ahoy-bw").first
    board.locator(".ahoy-svg.ahoy-can-act").first.wait_for(timeout=bs.WAIT_MS)
    advisor = board.locator(".ahoy-panel[data-panel=advisor]").first
    advisor.get_by_text("Chance to win").first.wait_for(timeout=bs.WAIT_MS)
    buttons = board.locator(".ahoy-actions button.ahoy-action")

    # (a) A hint marks some actions: the buttons stay the very same nodes.
    n = buttons.count()
    board.evaluate("(r) => r.querySelectorAll('.ahoy-actions button.ahoy-action')"
                   ".forEach((b) => { b.__ahoyMark = true; })")
    advisor.locator("button", has_text="Hint").click()
    board.locator(".ahoy-actions button.ahoy-action.ahoy-hint").first.wait_for(timeout=bs.WAIT_MS)
    kept = board.evaluate("(r) => Array.from(r.querySelectorAll('.ahoy-actions button.ahoy-action'))"
                          ".map((b) => b.__ahoyMark === true)")
    assert len(kept) == n and all(kept), f"{kept.count(False)} of {n} action buttons were replaced"

    # A move: Bluefin decides again while the advisor works out the new position. (Once
    # the bots have played: its new actions listed, not the last ones while the page has
    # yet to hear that the bots play, which go when they have.)
    before, offered = _log_count(board), _offered(board)
    buttons.first.click()
    assert bs.wait_until(lambda: _log_count(board) > before and _offered(board) not in ([], offered)
                         and board.locator(".ahoy-svg.ahoy-can-act").count(), bs.WAIT_S)
    advisor.get_by_text(BEHIND).first.wait_for(timeout=bs.WAIT_MS)

    # (b) and (c): press the first action near its lower edge while the chances of the
    # position before are shown, release it once the latest have come.
    first = buttons.first
    bs.scroll_to(first)
    notation = first.get_attribute("data-action")
    box = first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] - 3
    board.evaluate(JS_RECORD_TOPS)
    page.mouse.move(x, y)
    page.mouse.down()
    pressed_behind = advisor.get_by_text(BEHIND).count() > 0
    behind = bs.wait_until(lambda: advisor.get_by_text(BEHIND).count() == 0, 30)
    time.sleep(0.3)   # a few frames after the update
    logged = _log_count(board)
    page.mouse.up()
    tops = page.evaluate("() => { const t = window.__ahoyTops; window.__ahoyTops = null; return t; }")
    assert pressed_behind and behind, "the chances of the latest position came before the press"
    assert None not in tops, "the first action button was replaced during the advisor's update"
    moved = max(tops) - min(tops)
    assert moved < 0.5, f"the first action moved {moved:.1f} px as the advisor's chances came"
    # The release played the action pressed.
    assert bs.wait_until(lambda: _log_count(board) > logged, 30), "the click was lost"
    heads = board.locator(".ahoy-log .ahoy-entry-head").all_inner_texts()
    assert any(h.endswith(f"Bluefin: {notation}") for h in heads[logged:]), (notation, heads[-3:])
    screenshot("side_column_click_kept", target=page)
