"""The old name of :mod:`ahoy_nb.engine.geometry` ("board" also meant a player board),
kept for modules outside the engine that still import it (``render.py``, a lesson)."""

from .geometry import *  # noqa: F401,F403
