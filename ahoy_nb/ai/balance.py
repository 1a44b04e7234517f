"""Balance questions answered from self-play records (:func:`ahoy_nb.simulate`), as tables and bqplot charts.

The tables are plain lists of dicts (``pandas.DataFrame(rows)`` shows them as a table);
the charts are bqplot figures. ``notebooks/06_balance.ipynb`` puts them together.

>>> from ahoy_nb.lab import simulate
>>> records = simulate(4, players=2, bots="random", seed=0, executor="inline", progress=False)
>>> [(r["faction"], r["games"]) for r in win_rates(records)]
[('bluefin', 4), ('mollusk', 4)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from .analysis import wilson
from .engine.components import FACTION_NAMES

__all__ = ["win_rates", "game_length", "fame_curves", "crew_win_rates", "matchups",
           "win_rate_chart", "length_chart", "fame_chart", "crew_chart"]


def _share(record: dict, faction: str) -> float:
    winners = record["winners"]
    return 1.0 / len(winners) if faction in winners else 0.0


def win_rates(records: Iterable[dict]) -> list[dict]:
    """Each faction's win rate by player count: ``{players, faction, games, wins, rate, low, high}``.

    ``low``/``high``: the 95% Wilson interval. A full tie counts as a shared win.
    """
    table: dict[tuple[int, str], list[float]] = {}
    for r in records:
        for f in r["final_fame"]:
            row = table.setdefault((r["players"], f), [0.0, 0])
            row[0] += _share(r, f)
            row[1] += 1
    out = []
    for (players, f), (wins, n) in sorted(table.items(), key=lambda kv: kv[0][0]):
        low, high = wilson(wins, n)
        out.append({"players": players, "faction": f, "games": n, "wins": wins,
                    "rate": wins / n, "low": low, "high": high})
    return out


def game_length(records: Iterable[dict]) -> list[dict]:
    """Games by player count and number of rounds: ``{players, rounds, games, decisions}``
    (``decisions``: the mean number of decisions of those games)."""
    table: dict[tuple[int, int], list[int]] = defaultdict(list)
    for r in records:
        table[(r["players"], r["rounds"])].append(r["decisions"])
    return [{"players": p, "rounds": k, "games": len(d), "decisions": sum(d) / len(d)}
            for (p, k), d in sorted(table.items())]


def fame_curves(records: Iterable[dict], players: int | None = None) -> dict[str, list[float]]:
    """Each faction's mean Fame at the end of each round (games that lasted that long)."""
    sums: dict[str, list[list[float]]] = {}
    for r in records:
        if players is not None and r["players"] != players:
            continue
        for f, fame in r["fame"].items():
            rows = sums.setdefault(f, [])
            for i, v in enumerate(fame):
                if i == len(rows):
                    rows.append([0.0, 0])
                rows[i][0] += v
                rows[i][1] += 1
    return {f: [s / n for s, n in rows] for f, rows in sums.items()}


def crew_win_rates(records: Iterable[dict], min_games: int = 1) -> list[dict]:
    """For each Crew card: how often the faction that recruited it won that game.

    ``{crew, games, wins, rate, low, high}``, most recruited first; a card recruited
    twice in a game by the same faction counts once.
    """
    table: dict[str, list[float]] = {}
    for r in records:
        for f, cards in r["crew"].items():
            for card in set(cards):
                row = table.setdefault(card, [0.0, 0])
                row[0] += _share(r, f)
                row[1] += 1
    out = []
    for card, (wins, n) in table.items():
        if n >= min_games:
            low, high = wilson(wins, n)
            out.append({"crew": card, "games": n, "wins": wins, "rate": wins / n,
                        "low": low, "high": high})
    return sorted(out, key=lambda row: (-row["games"], row["crew"]))


def matchups(records: Iterable[dict]) -> list[dict]:
    """Bot against bot: for each bot and player count, its seats played, wins, and 95% interval.

    ``{players, bot, seats, wins, rate, low, high, fair}`` (``fair``: 1 / players).
    """
    table: dict[tuple[int, str], list[float]] = {}
    for r in records:
        for f, bot in r["bots"].items():
            row = table.setdefault((r["players"], bot), [0.0, 0])
            row[0] += _share(r, f)
            row[1] += 1
    out = []
    for (players, bot), (wins, n) in sorted(table.items()):
        low, high = wilson(wins, n)
        out.append({"players": players, "bot": bot, "seats": n, "wins": wins,
                    "rate": wins / n, "low": low, "high": high, "fair": 1 / players})
    return out


# -- charts ---------------------------------------------------------------------------

def _colors() -> dict[str, str]:
    from .widgets.charts import FACTION_COLORS
    return FACTION_COLORS


def _figure(marks, axes, title: str, width: int = 560, height: int = 320, bottom: int = 55):
    import bqplot as bq
    import ipywidgets as w
    return bq.Figure(marks=marks, axes=axes, title=title,
                     layout=w.Layout(width=f"{width}px", height=f"{height}px"),
                     fig_margin={"top": 50, "bottom": bottom, "left": 65, "right": 20})


def win_rate_chart(records: Iterable[dict]):
    """Bars: each faction's win rate by player count, with its 95% interval as a line."""
    import bqplot as bq
    rows = win_rates(records)
    labels = [f"{r['players']}p {FACTION_NAMES.get(r['faction'], r['faction'])}" for r in rows]
    colors = _colors()
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
    import bqplot as bq
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
    import bqplot as bq
    curves = fame_curves(records, players)
    colors = _colors()
    x, y = bq.LinearScale(min=1.0), bq.LinearScale(min=0.0)
    factions = list(curves)
    lines = bq.Lines(x=[list(range(1, len(curves[f]) + 1)) for f in factions],
                     y=[curves[f] for f in factions], scales={"x": x, "y": y},
                     colors=[colors.get(f, "#888") for f in factions], marker="circle",
                     labels=[FACTION_NAMES.get(f, f) for f in factions], display_legend=True)
    axes = [bq.Axis(scale=x, label="end of round", tick_format="d"),
            bq.Axis(scale=y, orientation="vertical", label="mean Fame")]
    return _figure([lines], axes, f"Fame by round, {players} players")


def crew_chart(records: Iterable[dict], min_games: int = 1):
    """Bars: the win rate of the faction that recruited each Crew card, with 95% intervals."""
    import bqplot as bq
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
