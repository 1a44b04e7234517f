"""Jupyter widgets: the interactive board and live charts.

>>> from ahoy_nb.widgets import BoardWidget, GameCharts
"""

from .board import BoardWidget
from .charts import ControlChart, FameChart, GameCharts

__all__ = ["BoardWidget", "ControlChart", "FameChart", "GameCharts"]
