"""The Ahoy rules engine: plain Python, no Jupyter, no I/O.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(players=3, seed=7)
>>> s.players
['bluefin', 'smuggler1', 'mollusk']
"""

from .geometry import Map, parse_space, space_name
from .position import rulebook_battle, scenario
from .errors import IllegalActionError, InvalidStateError, NotationError, OutcomeLimitError
from .notation import Action
from .state import LogEntry, State, new_game

__all__ = ["Action", "IllegalActionError", "InvalidStateError", "LogEntry", "Map",
           "NotationError", "OutcomeLimitError", "State", "new_game", "parse_space", "rulebook_battle",
           "scenario", "space_name"]
