"""Battle odds as a chart with a slider: how far to turn your Cannons die down.

>>> from ahoy_nb.engine import rulebook_battle
>>> s = rulebook_battle()           # the Mollusk's 4 on Cannons, against Smuggler 1
>>> box = odds_explorer(s)
>>> box.slider.min, box.slider.max, box.label.value.startswith("<b>Turn down by 0</b>")
(0, 3, True)
"""

from __future__ import annotations

import ipywidgets as widgets

from ..ai.analysis import Policy, battle_odds
from ..engine import State
from ..engine.words import faction_name
from .lightchart import light_odds_explorer

__all__ = ["odds_explorer"]


def odds_explorer(state: State, against: Policy = "best"):
    """A bqplot chart of :func:`battle_odds`, with a slider for how far to turn down Cannons.

    Moving the slider picks a choice: the chart highlights its bar and the text says
    the exact chance. Returns an ``ipywidgets.VBox``; its ``.slider``, ``.bars``,
    ``.label`` and ``.figure`` are reachable for tests.
    """
    try:
        import bqplot as bq
    except ImportError:  # no numpy (JupyterLite's Pyodide): the same odds, drawn as SVG
        return light_odds_explorer(state, against)

    odds = battle_odds(state, against=against, exact=True)
    amounts = list(odds)
    values = [float(odds[k]) for k in amounts]
    me = faction_name(state.current_player)
    x = bq.OrdinalScale()
    y = bq.LinearScale(min=0.0, max=1.0)
    bars = bq.Bars(x=[str(k) for k in amounts], y=values, scales={"x": x, "y": y},
                   colors=["#9bb7d4"], labels=["P(win)"],
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"],
                                      labels=["turned down by", "chance to win"]))
    ax_x = bq.Axis(scale=x, side="bottom", label="how far you turn your die on Cannons down")
    ax_y = bq.Axis(scale=y, side="left", tick_format=".0%", label="chance to win")
    fig = bq.Figure(marks=[bars], axes=[ax_x, ax_y], title=f"{me}: chance to win this battle",
                    layout=widgets.Layout(width="520px", height="320px"),
                    fig_margin={"top": 50, "bottom": 50, "left": 60, "right": 20})
    slider = widgets.IntSlider(value=amounts[0], min=amounts[0], max=amounts[-1], step=1,
                         description="turn down by", style={"description_width": "initial"})
    label = widgets.HTML()

    def show(change=None):
        k = slider.value
        if k not in odds:  # a gap (cannot happen with one die on Cannons) keeps the nearest
            k = min(amounts, key=lambda a: abs(a - k))
        bars.colors = ["#9bb7d4"]
        bars.color = None
        bars.opacities = [1.0 if a == k else 0.45 for a in amounts]
        p = odds[k]
        label.value = (f"<b>Turn down by {k}</b>: {me} wins with probability "
                       f"<b>{p.numerator}/{p.denominator}</b> = {float(p):.1%}")

    slider.observe(show, "value")
    show()
    box = widgets.VBox([slider, fig, label])
    box.slider, box.bars, box.label, box.odds, box.figure = slider, bars, label, odds, fig
    return box
