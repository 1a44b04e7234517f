"""The notebook's face: the interactive board, live charts, and on them the game
(:mod:`~ahoy_nb.ui.play`), the new-game form (:mod:`~ahoy_nb.ui.lobby`), the tutorial
(:mod:`~ahoy_nb.ui.tutorial`) and the advisor (:mod:`~ahoy_nb.ui.advisor`).

>>> from ahoy_nb.ui import BoardWidget, GameCharts
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
