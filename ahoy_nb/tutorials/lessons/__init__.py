"""The tutorials, one module each; ``ALL`` lists them.

The plans lesson is listed only once the engine plays the Union's plan cards
(``plans.supported()``).
"""

from . import battles, cargo, exploring, factions, moving, plans, scoring, setup, turn

ALL = [setup.TUTORIAL, turn.TUTORIAL, moving.TUTORIAL, exploring.TUTORIAL, battles.TUTORIAL,
       scoring.TUTORIAL, factions.TUTORIAL, cargo.TUTORIAL]
if plans.supported():
    ALL.append(plans.TUTORIAL)
