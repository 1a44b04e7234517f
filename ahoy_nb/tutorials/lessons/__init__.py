"""The tutorials, one module each; ``ALL`` lists them."""

from . import battles

ALL = [battles.TUTORIAL]
