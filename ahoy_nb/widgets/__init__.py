"""The notebook's face: the interactive board, live charts, and on them the game
(:mod:`~ahoy_nb.widgets.play`), the new-game form (:mod:`~ahoy_nb.widgets.lobby`), the tutorial
(:mod:`~ahoy_nb.widgets.tutorial`) and the advisor (:mod:`~ahoy_nb.widgets.advisor`).

>>> from ahoy_nb.widgets import BoardWidget, GameCharts
>>> BoardWidget().state.players
['bluefin', 'smuggler1', 'mollusk']

Where bqplot cannot be imported (it needs numpy, which JupyterLite's Pyodide built
from PyPI wheels lacks), ``GameCharts`` is :class:`LightCharts`: the same data as SVG.
"""

from .board import BoardWidget
from .lightchart import LightCharts

try:
    from .charts import ControlChart, FameChart, GameCharts
except ImportError:  # no bqplot (or numpy): the light charts stand in
    GameCharts = LightCharts
    __all__ = ["BoardWidget", "GameCharts", "LightCharts"]
else:
    __all__ = ["BoardWidget", "ControlChart", "FameChart", "GameCharts", "LightCharts"]
