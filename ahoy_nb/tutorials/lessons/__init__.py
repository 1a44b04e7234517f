"""The tutorials, one module each, and ``ALL``, in the order to take them."""

from . import (battles, cargo, defending, endgame, exploring, factions, moving, plans,
               round_bluefin, round_smuggler, round_union, scoring, setup, turn)

ALL = [setup.TUTORIAL, moving.TUTORIAL, exploring.TUTORIAL, turn.TUTORIAL, battles.TUTORIAL,
       defending.TUTORIAL, factions.TUTORIAL, plans.TUTORIAL, scoring.TUTORIAL, cargo.TUTORIAL,
       round_bluefin.TUTORIAL, round_union.TUTORIAL, round_smuggler.TUTORIAL, endgame.TUTORIAL]
