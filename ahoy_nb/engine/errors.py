"""The engine's errors: every one is a ``ValueError``, and a refused action changes nothing.

>>> issubclass(NotationError, IllegalActionError) and issubclass(IllegalActionError, ValueError)
True
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
