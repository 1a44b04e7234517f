"""The Ahoy rules engine: plain Python, no Jupyter, no I/O.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(players=3, seed=7)
>>> s.players
['bluefin', 'smuggler1', 'mollusk']
"""

from .compiled import settle

settle()  # the compiled modules, or the plain ones, before any is imported

from .geometry import Map, parse_space, space_name  # noqa: E402
from .position import scenario  # noqa: E402
from .errors import IllegalActionError, InvalidStateError, NotationError, OutcomeLimitError  # noqa: E402
from .notation import Action  # noqa: E402
from .state import LogEntry, State, new_game  # noqa: E402
from . import state as _state  # noqa: E402

#: Whether the engine runs compiled (the extension modules of a platform wheel, built from
#: this same source by Cython) or as plain Python (docs/benchmark.md, "The compiled engine").
COMPILED = not _state.__file__.endswith(".py")

__all__ = ["Action", "COMPILED", "IllegalActionError", "InvalidStateError", "LogEntry", "Map",
           "NotationError", "OutcomeLimitError", "State", "new_game", "parse_space", "scenario", "space_name"]
