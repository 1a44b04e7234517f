"""The engine's errors. Bad input raises a ``ValueError`` and changes nothing; an
:class:`EngineError` is the engine breaking its own promise, which no input should cause.

>>> issubclass(NotationError, IllegalActionError) and issubclass(IllegalActionError, ValueError)
True
>>> issubclass(EngineError, ValueError)
False
"""

from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules do not allow now. The state is unchanged."""


class NotationError(IllegalActionError):
    """Text that is not Ahoy notation at all."""


class OutcomeLimitError(ValueError):
    """An action whose random events fall in more ways than were asked for (``State.outcomes``)."""


class InvalidStateError(ValueError):
    """A saved state that is not a valid Ahoy position."""


class EngineError(RuntimeError):
    """The engine broke one of its own invariants (a turn ran past the bound the rules give
    it, ``limits.MOST_DECISIONS_WITHOUT_CHANCE``): a bug in the engine, not a bad action.

    Not a ``ValueError``: code that turns bad input away (``except ValueError``: a refused
    move, a 4xx answer) must not swallow it as if the player had erred. ``position`` is the
    position it happened in (``State.to_json()`` text), to reproduce it; the position itself
    is left as it was before the action.
    """

    def __init__(self, message: str, position: str | None = None):
        super().__init__(message)
        self.position = position
