"""The light SVG charts (JupyterLite without numpy): the same data as the bqplot charts,
live with the board and its scrubber; and ``GameCharts`` falls back to them when
bqplot cannot be imported."""

from __future__ import annotations

import importlib
import re
import sys

from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.engine import new_game
from ahoy_nb.widgets import BoardWidget
from ahoy_nb.session import view as view_module
from ahoy_nb.widgets.charts import GameCharts
from ahoy_nb.session.chartdata import region_rows
from ahoy_nb.widgets.lightchart import LightCharts, control_svg


def fast_render(monkeypatch):
    monkeypatch.setattr(view_module, "render_parts",
                        lambda state, **kw: {"map": view_module._summary_svg(state)})


def _send(w, n=[0], **payload):
    n[0] += 1
    w.intent = dict(payload, id=n[0])


def test_light_charts_draw_the_bqplot_charts_data_and_follow_the_board(monkeypatch):
    fast_render(monkeypatch)
    s = new_game(3, seed=5)
    w = BoardWidget(s, viewer="all")
    light = LightCharts().follow(w)
    heavy = GameCharts().follow(w)
    bot = RandomBot(5)
    while s.round < 3:
        _send(w, action=bot.choose(s).notation)
    n = len(s.history)
    # One source: the same series as the bqplot Fame chart and the same region rows.
    assert light.fame_data == heavy.fame.series(s)
    assert [r for _, r in light.fame_data["rounds"]] == [2, 3]
    assert light.control_rows == region_rows(s)
    html = light.value
    assert html.count("<polyline") == len(s.players)
    assert html.count(">R2<") == 1 and html.count(">R3<") == 1
    assert html.count('data-series="wealth"') == len(region_rows(s))
    for p in s.players:  # each line ends at the player's Fame
        assert f"{s.fame[p]} Fame</title>" in html
    cursor = re.search(r'<line x1="([\d.]+)"[^>]*class="ahoy-cursor"', html).group(1)
    # Scrub back: the cursor moves left and the control chart shows that position.
    _send(w, scrub=3)
    assert light.position == 3
    assert "after 3 actions" in light.value
    assert light.control_rows == region_rows(w.shown_state())
    assert float(re.search(r'<line x1="([\d.]+)"[^>]*class="ahoy-cursor"', light.value)
                 .group(1)) < float(cursor)
    _send(w, scrub=n)
    _send(w, undo=True)
    assert len(light.fame_data["x"]) == n  # undo: one position fewer


def test_light_chart_text_is_escaped():
    rows = [{"label": "<b>Skull</b> 1,1", "bluefin": 1, "mollusk": 0, "wealth": 2,
             "controller": None}]
    svg = control_svg(rows, "Control & <more>")
    assert "<b>" not in svg and "&lt;b&gt;Skull&lt;/b&gt;" in svg
    assert "Control &amp; &lt;more&gt;" in svg


def test_game_charts_fall_back_to_the_light_charts_without_bqplot(monkeypatch):
    import ahoy_nb.widgets as widgets_pkg
    monkeypatch.setitem(sys.modules, "bqplot", None)  # import bqplot raises ImportError
    monkeypatch.delitem(sys.modules, "ahoy_nb.widgets.charts")
    try:
        reloaded = importlib.reload(widgets_pkg)
        assert reloaded.GameCharts is LightCharts
        assert "FameChart" not in reloaded.__all__
        play_module = importlib.reload(sys.modules["ahoy_nb.widgets.play"])  # takes the new GameCharts
        game = play_module.play(players=3, seed=2, bot_delay=0)
        assert isinstance(game.charts, LightCharts)
        assert game.charts.fame_data["x"] == list(range(len(game.state.history) + 1))
    finally:
        monkeypatch.undo()
        importlib.reload(widgets_pkg)
        importlib.reload(sys.modules["ahoy_nb.widgets.play"])


def test_odds_explorer_without_bqplot_is_the_light_chart_of_the_same_odds(monkeypatch):
    import ahoy_nb.ai.analysis as analysis
    import ahoy_nb.widgets.odds as odds_module
    from ahoy_nb.tutorials import start
    run = start("battles")
    run.goto(2)  # the Union decides how far to fire (notebook 02)
    odds = analysis.battle_odds(run.state, exact=True)
    monkeypatch.setitem(sys.modules, "bqplot", None)
    box = odds_module.odds_explorer(run.state)
    assert box.odds == odds
    assert box.figure.value.count("<rect") == len(odds)  # one bar per choice
    last = max(odds)
    box.slider.value = last
    p = odds[last]
    assert f"{p.numerator}/{p.denominator}" in box.label.value
    assert f'opacity="1.0" data-amount="{last}"' in box.figure.value
    assert box.figure.value.count('opacity="0.45"') == len(odds) - 1
