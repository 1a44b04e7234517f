"""A turn by board clicks in Voila and in the Panel app (the same front end as in
JupyterLab): from the first decision to End turn, clicks on the picture only."""

from __future__ import annotations

import time

import board_driver as drive
import browser_support as bs

APP = "notebooks/app.ipynb"


def test_voila_plays_a_turn_by_board_clicks(voila_server, page, screenshot):
    server = voila_server(APP)
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(server.url, timeout=120_000)
    board = page.locator(".ahoy-bw").first
    board.locator(".ahoy-svg [data-action]").first.wait_for(timeout=120_000)
    clicks, taken = drive.play_turn(page, board, "Bluefin")
    print("Voila:", clicks, "clicks for", taken)
    screenshot("board_voila_turn", target=page)


def test_panel_plays_a_turn_by_board_clicks(panel_server, page, screenshot):
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(server.url + "?players=3&seed=4&people=bluefin&bot_delay=0", timeout=bs.WAIT_MS)
    board = page.locator(".ahoy-bw").first
    board.locator(".ahoy-svg [data-action]").first.wait_for(timeout=bs.WAIT_MS)
    clicks, taken = drive.play_turn(page, board, "Bluefin")
    print("Panel:", clicks, "clicks for", taken)
    screenshot("board_panel_turn", target=page)


def test_panel_concedes_behind_a_confirmation(panel_server, page, screenshot):
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.set_viewport_size({"width": 1400, "height": 1000})
    page.goto(server.url + "?players=2&seed=3&people=mollusk&bot_delay=0", timeout=bs.WAIT_MS)
    board = page.locator(".ahoy-bw").first
    # Offered at once, while the Bluefin bot is still playing its turn (out of turn).
    board.locator(".ahoy-concede").click(timeout=bs.WAIT_MS)
    confirm = board.locator(".ahoy-confirm")
    assert "the game ends now and Bluefin wins" in confirm.inner_text()
    confirm.locator(".ahoy-cancel").click()          # a second thought: nothing happens
    assert confirm.is_hidden() and "conceded" not in board.locator(".ahoy-status").inner_text()
    board.locator(".ahoy-concede").click()
    screenshot("board_concede_confirm", target=page)
    confirm.locator("[data-concede='mollusk']").click()
    board.locator(".ahoy-status", has_text="Bluefin won: Mollusk conceded").wait_for(timeout=bs.WAIT_MS)
    assert board.locator(".ahoy-concede").is_hidden()
    screenshot("board_conceded", target=page)


def test_the_concede_question_stays_open_while_a_bot_plays(panel_server, page):
    """Asked out of turn, "Concede the game?" stays open as the bot's actions are drawn
    (a new position closes a chooser, whose choices may be gone, but not this question)."""
    server = panel_server("ahoy_nb/apps/panel_app.py")
    page.goto(server.url + "?players=2&seed=3&people=mollusk&bot_delay=5", timeout=bs.WAIT_MS)
    board = page.locator(".ahoy-bw").first
    board.locator(".ahoy-concede").click(timeout=bs.WAIT_MS)
    confirm = board.locator(".ahoy-confirm")
    assert confirm.is_visible()
    where = board.locator(".ahoy-where")
    before = where.inner_text()
    deadline = time.monotonic() + 30
    while where.inner_text() == before:     # the bot's next action is drawn
        assert time.monotonic() < deadline, "the bot did not play"
        time.sleep(0.2)
    assert confirm.is_visible(), f"the question closed when the bot played ({before} -> {where.inner_text()})"
    assert confirm.locator("[data-concede='mollusk']").is_visible()
    confirm.locator(".ahoy-cancel").click()
    assert confirm.is_hidden() and "conceded" not in board.locator(".ahoy-status").inner_text()
