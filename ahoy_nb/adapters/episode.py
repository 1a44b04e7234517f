"""What both agent adapters share: how long an episode may run, and what a player gets at its end.

The rules end a game at the end of a round in which someone has 30 Fame, and nothing
else: a round in which no one gains Fame is possible, and so are turns with battle after
battle. Every turn ends, and the engine bounds how many decisions can follow one
another without a random event (``limits.MOST_DECISIONS_WITHOUT_CHANCE``, docs/engine.md,
"How long a turn can be"). So an episode that caps its turns and its random events has
a proven maximum length:

>>> max_game_length(max_turns=10, max_chance_events=0) == 11 * MOST_DECISIONS_WITHOUT_CHANCE
True

An episode *truncated* by a cap (:data:`MAX_TURNS` turns or :data:`MAX_CHANCE_EVENTS`
random events by default, several times the longest game seen: 90 turns and 225 random
events in random 4-player games) has no winner: every player gets 0.

>>> from ahoy_nb.engine import new_game
>>> returns(new_game(2, seed=1), truncated=False)
{'bluefin': 0.0, 'mollusk': 0.0}
"""

from __future__ import annotations

from ..engine import State
from ..engine.limits import MOST_DECISIONS_WITHOUT_CHANCE, most_decisions

__all__ = ["MAX_TURNS", "MAX_CHANCE_EVENTS", "max_game_length", "returns", "turn_ended"]

MAX_TURNS = 1_000
MAX_CHANCE_EVENTS = 5_000


def max_game_length(max_turns: int = MAX_TURNS, max_chance_events: int = MAX_CHANCE_EVENTS) -> int:
    """The most decisions an episode with these caps can have.

    Each turn and each random event begins at most one stretch of decisions without a
    random event, and so does the start of the game; the first turn begins without an
    ``end``, hence ``max_turns + 1``.
    """
    return most_decisions(max_turns + 1, max_chance_events)


def turn_ended(notation: str) -> bool:
    """Whether an action ends a turn (``end``: the only way a turn ends)."""
    return notation == "end"


def returns(state: State, truncated: bool) -> dict[str, float]:
    """Each player's result: 1 for a win, shared among tied winners (most Fame, then most
    gold), 0 otherwise, and 0 for everyone while the game runs or once it is truncated."""
    winners = state.winners if state.is_over and not truncated else []
    return {f: (1.0 / len(winners) if f in winners else 0.0) for f in state.players}
