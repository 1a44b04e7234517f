"""The tutorials, one module each; ``ALL`` lists them."""

from . import battles, exploring, moving, setup, turn

ALL = [setup.TUTORIAL, turn.TUTORIAL, moving.TUTORIAL, exploring.TUTORIAL, battles.TUTORIAL]
