"""A turn by board clicks in Voila and in the Panel app (the same front end as in
JupyterLab): from the first decision to End turn, clicks on the picture only."""

from __future__ import annotations

import board_driver as drive

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
    page.goto(server.url + "?players=3&seed=4&people=bluefin&bot_delay=0", timeout=60_000)
    board = page.locator(".ahoy-bw").first
    board.locator(".ahoy-svg [data-action]").first.wait_for(timeout=60_000)
    clicks, taken = drive.play_turn(page, board, "Bluefin")
    print("Panel:", clicks, "clicks for", taken)
    screenshot("board_panel_turn", target=page)
