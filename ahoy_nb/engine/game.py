"""The old name of :mod:`ahoy_nb.engine.rules` (the base rules, now cut by the rulebook's
sections), kept for modules outside the engine that still import it (tutorials)."""

from .rules import *  # noqa: F401,F403
