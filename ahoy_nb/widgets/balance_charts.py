"""The balance tables (:mod:`ahoy_nb.ai.balance`) as bqplot charts.

>>> from ahoy_nb.ai.lab import simulate
>>> records = simulate(2, players=2, bots="random", seed=0, executor="inline", progress=False)
>>> type(win_rate_chart(records)).__name__
'Figure'
"""

from __future__ import annotations

from collections.abc import Iterable

import bqplot as bq
import ipywidgets as widgets

from ..ai.balance import crew_win_rates, fame_curves, game_length, win_rates
from ..engine.words import faction_name
from ..render import FACTION_COLORS

__all__ = ["win_rate_chart", "length_chart", "fame_chart", "crew_chart"]


def _figure(marks, axes, title: str, width: int = 560, height: int = 320, bottom: int = 55):
    return bq.Figure(marks=marks, axes=axes, title=title,
                     layout=widgets.Layout(width=f"{width}px", height=f"{height}px"),
                     fig_margin={"top": 50, "bottom": bottom, "left": 65, "right": 20})


def win_rate_chart(records: Iterable[dict]):
    """Bars: each faction's win rate by player count, with its 95% interval as a line."""
    rows = win_rates(records)
    labels = [f"{r['players']}p {faction_name(r['faction'])}" for r in rows]
    colors = FACTION_COLORS
    x, y = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=1.0)
    bars = bq.Bars(x=labels, y=[r["rate"] for r in rows], scales={"x": x, "y": y},
                   colors=[colors.get(r["faction"], "#888") for r in rows],
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"]))
    whiskers = [bq.Lines(x=[lab, lab], y=[r["low"], r["high"]], scales={"x": x, "y": y},
                         colors=["#222"], stroke_width=2) for lab, r in zip(labels, rows)]
    fair = [bq.Lines(x=[lab, lab], y=[1 / r["players"]] * 2, scales={"x": x, "y": y},
                     marker="diamond", colors=["#c0392b"], marker_size=30)
            for lab, r in zip(labels, rows)]
    axes = [bq.Axis(scale=x, label="player count and faction", tick_rotate=-30),
            bq.Axis(scale=y, orientation="vertical", tick_format=".0%", label="wins")]
    return _figure([bars, *whiskers, *fair], axes,
                   "Win rate by faction (bar), 95% interval (line), fair share (red)", 640,
                   360, bottom=90)


def length_chart(records: Iterable[dict]):
    """Bars: how many games lasted each number of rounds, one colour per player count."""
    rows = game_length(records)
    counts = sorted({r["players"] for r in rows})
    rounds = sorted({r["rounds"] for r in rows})
    x, y = bq.OrdinalScale(), bq.LinearScale(min=0.0)
    grid = [[next((r["games"] for r in rows if r["players"] == p and r["rounds"] == k), 0)
             for k in rounds] for p in counts]
    bars = bq.Bars(x=[str(k) for k in rounds], y=grid, scales={"x": x, "y": y}, type="grouped",
                   labels=[f"{p} players" for p in counts], display_legend=True,
                   colors=["#9bb7d4", "#c9a66b", "#8fbf8f"][:len(counts)])
    axes = [bq.Axis(scale=x, label="rounds"),
            bq.Axis(scale=y, orientation="vertical", label="games", tick_format="d")]
    return _figure([bars], axes, "Game length")


def fame_chart(records: Iterable[dict], players: int):
    """Lines: each faction's mean Fame at the end of each round, for one player count."""
    curves = fame_curves(records, players)
    colors = FACTION_COLORS
    x, y = bq.LinearScale(min=1.0), bq.LinearScale(min=0.0)
    factions = list(curves)
    lines = bq.Lines(x=[list(range(1, len(curves[f]) + 1)) for f in factions],
                     y=[curves[f] for f in factions], scales={"x": x, "y": y},
                     colors=[colors.get(f, "#888") for f in factions], marker="circle",
                     labels=[faction_name(f) for f in factions], display_legend=True)
    axes = [bq.Axis(scale=x, label="end of round", tick_format="d"),
            bq.Axis(scale=y, orientation="vertical", label="mean Fame")]
    return _figure([lines], axes, f"Fame by round, {players} players")


def crew_chart(records: Iterable[dict], min_games: int = 1):
    """Bars: the win rate of the faction that recruited each Crew card, with 95% intervals."""
    rows = crew_win_rates(records, min_games)
    x, y = bq.OrdinalScale(), bq.LinearScale(min=0.0, max=1.0)
    labels = [r["crew"] for r in rows]
    bars = bq.Bars(x=labels, y=[r["rate"] for r in rows], scales={"x": x, "y": y},
                   colors=["#c9a66b"],
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"]))
    whiskers = [bq.Lines(x=[lab, lab], y=[r["low"], r["high"]], scales={"x": x, "y": y},
                         colors=["#222"], stroke_width=2) for lab, r in zip(labels, rows)]
    axes = [bq.Axis(scale=x, label="Crew recruited", tick_rotate=-45),
            bq.Axis(scale=y, orientation="vertical", tick_format=".0%",
                    label="recruiter won")]
    return _figure([bars, *whiskers], axes, "Win rate when each Crew was recruited", 760, 420,
                   bottom=130)
