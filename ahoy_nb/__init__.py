"""ahoy-nb: play and learn the board game Ahoy in Jupyter."""

from .engine import new_game, State
from .play import play  # ahoy_nb.play(...) starts a game in a notebook (widgets load on use)
from .lab import simulate  # self-play: ahoy_nb.simulate(games, players, bots, seed, executor)
from .rulebook import rules  # ahoy_nb.rules("fog"): the rules in short, searchable

__all__ = ["new_game", "State", "play", "rules", "simulate"]
