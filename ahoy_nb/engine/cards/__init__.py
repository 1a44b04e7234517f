"""The cards: Crew (``crew/``, one module per card) and the Mollusk Union's plans (``plans.py``).

Each card module registers with the kernel what its cards add: frame types with their
``auto`` and ``legal`` functions, handlers on the rules' hook points, battle-start
offers, notation verbs and prompts. Importing this package registers them all, Crew
first (the order in which their handlers run).
"""

from . import crew, plans

__all__ = ["crew", "plans"]
