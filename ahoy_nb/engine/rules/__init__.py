"""The base rules of Ahoy, cut along the rulebook's sections.

Each module registers its frame types with the kernel and fires the kernel's hook
points where cards attach; none names a card. Imported in one direction:
``base`` <- ``factions`` <- ``battle`` <- ``moving`` <- ``turn``; ``base`` <- ``setup``
<- ``round_end``; ``base`` <- ``conceding``. Importing the package registers every section.
"""

from . import base, factions, battle, moving, turn, setup, round_end, conceding  # noqa: F401
from .base import (Play, accepts, add_crew, board_kind, card_name, do_pop, figure_label, name,
                   need_text, place_tile, take_from_market)
from .battle import defender_word
from .round_end import control, controller
from .setup import begin_turn
from .turn import (die_change_cost, placement_notation, placing, reachable_values, recruit_suits,
                   spend_for_die)

__all__ = ["Play", "accepts", "add_crew", "begin_turn", "board_kind", "card_name", "control",
           "controller", "defender_word", "die_change_cost", "do_pop", "figure_label", "name",
           "need_text", "place_tile", "placement_notation", "placing", "reachable_values",
           "recruit_suits", "spend_for_die", "take_from_market"]
