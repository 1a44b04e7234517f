"""The tutorials, one module each; ``ALL`` lists them."""

from . import battles, cargo, exploring, factions, moving, scoring, setup, turn

ALL = [setup.TUTORIAL, turn.TUTORIAL, moving.TUTORIAL, exploring.TUTORIAL, battles.TUTORIAL,
       scoring.TUTORIAL, factions.TUTORIAL, cargo.TUTORIAL]
