"""What the live charts show, with no plotting library: the one source of their data.

The notebook's bqplot charts (:mod:`ahoy_nb.widgets.charts`), its light SVG charts
(:mod:`ahoy_nb.widgets.lightchart`, used where bqplot cannot be imported) and the Panel
app's Bokeh charts draw the same numbers, taken from here. Only public facts: Fame, rounds, control, wealth.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(3, seed=1)
>>> fame_series(Timeline().rows(s), s.players)
{'x': [0], 'fame': {'bluefin': [0], 'smuggler1': [0], 'mollusk': [0]}, 'rounds': []}
"""

from __future__ import annotations

import marshal
from typing import Iterable

from ..engine import State

__all__ = ["Timeline", "fame_series", "region_rows", "position_state", "WEALTH_COLOR"]

WEALTH_COLOR = "#f0c040"  # the wealth bars of the control chart


class Timeline:
    """Public facts after each action of a game, cached between updates.

    ``rows(state)`` gives one ``{"round", "fame"}`` per position ``0..len(history)``
    (position k: after k actions). Past positions are read from ``state.history``
    once; a cached row is reused while the history snapshot it came from is the same
    object (so undo followed by another action is noticed).
    """

    def __init__(self):
        self._refs: list[bytes] = []
        self._rows: list[dict] = []

    def rows(self, state: State) -> list[dict]:
        history = state.history
        keep = 0
        for ref, snapshot in zip(self._refs, history):
            if ref is not snapshot:
                break
            keep += 1
        del self._refs[keep:], self._rows[keep:]
        for snapshot in history[keep:]:
            data = marshal.loads(snapshot)
            self._refs.append(snapshot)
            self._rows.append(_row(data))
        return self._rows + [_row(state.data)]


def _row(data: dict) -> dict:
    return {"round": data["round"],
            "fame": {f: fs["fame"] for f, fs in data["factions"].items()}}


def fame_series(rows: list[dict], players: Iterable[str]) -> dict:
    """The Fame chart's data from :meth:`Timeline.rows`.

    ``{"x": [0..n], "fame": {faction: [Fame after each action]}, "rounds": [(index,
    round)]}``; ``rounds`` lists where each round after the first begins.
    """
    starts = [(i, row["round"]) for i, row in enumerate(rows)
              if i and row["round"] != rows[i - 1]["round"]]
    return {"x": list(range(len(rows))),
            "fame": {f: [row["fame"][f] for row in rows] for f in players},
            "rounds": starts}


def region_rows(state: State) -> list[dict]:
    """Each region: a label, Bluefin and Mollusk control, wealth and controller."""
    out = []
    for r in state.regions():
        x, y = r["island"]
        out.append({"label": f"{r['suit'].title()} {x},{y}", "bluefin": r["control"]["bluefin"],
                    "mollusk": r["control"]["mollusk"], "wealth": r["wealth"],
                    "controller": r["controller"]})
    return out


def position_state(state: State, position: int | None) -> State:
    """The game after ``position`` actions (``None`` or past the end: ``state`` itself)."""
    n = len(state.history)
    if position is None or position >= n:
        return state
    return State(marshal.loads(state.history[max(position, 0)]))
