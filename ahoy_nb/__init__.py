"""ahoy-nb: play and learn the board game Ahoy in Jupyter."""

from .engine import new_game, State

__all__ = ["new_game", "State"]
