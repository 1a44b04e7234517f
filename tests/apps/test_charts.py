"""Charts that read right: whole-number ticks at their true positions, axes that grow
with the data, titles the toolbar does not cover (bqplot); the Panel app's Bokeh
control chart draws a control of 7 whole."""

from __future__ import annotations

import ahoy_nb.apps.panel_app as app
from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.engine import new_game
from ahoy_nb.widgets.charts import ControlChart, FameChart, whole_ticks


def played(n: int, seed: int = 3):
    s, bot = new_game(3, seed=seed), RandomBot(seed)
    while len(s.history) < n and not s.is_over:
        s.apply(bot.choose(s))
    return s


def test_whole_ticks():
    for top in range(1, 400):
        ticks = whole_ticks(top)
        assert ticks[0] == 0 and ticks[-1] <= top and len(ticks) <= 9
        assert all(isinstance(t, int) for t in ticks)
        assert len({b - a for a, b in zip(ticks, ticks[1:])}) <= 1


def test_fame_chart_ticks_are_whole_numbers_inside_the_axes():
    for n in (0, 3, 11, 230):
        s = played(n)
        chart = FameChart(s)
        xs, ys = list(chart.x_axis.tick_values), list(chart.y_axis.tick_values)
        assert xs and ys and all(float(v).is_integer() for v in xs + ys)
        assert max(xs) <= chart.x_scale.max and chart.x_scale.max == max(len(s.history), 1)
        assert max(ys) <= chart.y_scale.max
        assert chart.y_scale.max >= max(s.fame.values()) + 2   # the axis grows with Fame
        assert not chart.display_toolbar                        # nothing covers the title


def test_control_chart_ticks_and_growth():
    s = played(230)
    chart = ControlChart(s)
    top = max(max(r) for r in chart.bars.y)
    assert chart.y_scale.max > top
    ticks = list(chart.y_axis.tick_values)
    assert all(float(v).is_integer() for v in ticks) and max(ticks) <= chart.y_scale.max
    assert not chart.display_toolbar


def test_panel_control_chart_draws_a_control_of_7(monkeypatch):
    rows = [{"label": "Fish 0,0", "bluefin": 7, "mollusk": 1, "wealth": 3, "controller": "bluefin"}]
    monkeypatch.setattr(app, "region_rows", lambda state: rows)
    figure = app.ControlFigure()
    figure.update(new_game(3, seed=1))
    assert figure.figure.y_range.start == 0 and figure.figure.y_range.end >= 7 + 1
    assert 7 in figure.source.data["value"]
