"""Review in the Panel app, in Chromium: a finished game opened from a file, Review
pressed beside the board, a bar counting the decisions, then a click on a costly one:
the board shows that position with the better move marked in the window, and every
line beside it speaks of that position (the advice too), not of the present."""

from __future__ import annotations

import re

import browser_support as bs

from ahoy_nb import savegame

BOARD = ".ahoy-bw"


def test_review_in_the_panel_app_shows_a_marked_position_where_the_eye_is(
        panel_server, page, tmp_path, screenshot):
    game = savegame.example("easy-mollusk")
    path = tmp_path / "easy-mollusk.ahoy.json"
    path.write_text(savegame.dumps(game))
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(server.url + "?players=2&seed=6&people=mollusk&bot_delay=0", timeout=bs.WAIT_MS)
    page.locator(f"{BOARD} .ahoy-svg").first.wait_for(timeout=bs.WAIT_MS)
    page.locator("input[type=file]").first.set_input_files(str(path))
    page.get_by_text("Opened the saved game").first.wait_for(timeout=bs.WAIT_MS)

    review = page.locator(".ahoy-panels button[data-button='review']")
    bs.wait_until(lambda: review.is_enabled(), bs.WAIT_S)
    review.click()
    # (Panel draws the board in a shadow root: locators reach into it, document queries not.)
    bars = page.locator(".ahoy-panels .ahoy-busy-text")
    counted = bs.wait_until(lambda: next(
        (t for t in bars.all_inner_texts() if re.search(r" of \d+ decisions$", t)), None), 60)
    assert counted and re.fullmatch(r"Reviewing: \d+ of 90 decisions", counted), counted
    first = page.locator(".ahoy-panels button[data-button^='mark-']").first
    first.wait_for(timeout=120_000)
    k = int(first.get_attribute("data-button")[5:])

    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    bs.steady(first)   # the side column follows the scroll: click where it comes to rest
    first.click()
    status = page.locator(f"{BOARD} .ahoy-status").first
    assert bs.wait_until(lambda: status.inner_text().startswith(
        f"Viewing the position after {k} of {len(game.history)} actions")), status.inner_text()
    assert page.locator(f"{BOARD} .ahoy-message").first.inner_text().startswith(f"Action {k} ")
    # The advice beside it: that position's chance (the chart's, worked out if it had
    # none), never the finished game's "Bluefin 100%".
    advice = page.locator(".ahoy-panels .ahoy-panel[data-panel='advisor']")
    assert bs.wait_until(lambda: f"after {k} actions (a past position):" in advice.inner_text()
                         and "%" in advice.inner_text(), 60), advice.inner_text()
    assert "100%" not in advice.inner_text() and "game is over" not in advice.inner_text()
    # The better move, marked (the game is over: no hint is, so the mark is the review's)
    # and in the window.
    mark = page.locator(f"{BOARD} .ahoy-svg .hint").first
    mark.wait_for(timeout=bs.WAIT_MS)
    box = mark.bounding_box()
    assert box, "the better move is not marked"
    assert 0 <= box["y"] and box["y"] + box["height"] <= 900, f"out of the window: {box}"
    screenshot("panel_review")
