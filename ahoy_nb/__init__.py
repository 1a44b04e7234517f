"""ahoy-nb: play and learn the board game Ahoy in Jupyter.

The package is in layers, each importing only those below it (``pyproject.toml``'s
import-linter contracts check this):

* ``engine``: the rules, plain Python;
* ``rulebook``, ``render``, ``savegame``: the rules in short, the picture, saved files;
* ``ai``: bots, analysis, the advisor's core, self-play;
* ``tutorials``: lessons as data over the engine;
* ``widgets``: the notebook widgets (board, charts, the game, the lobby, the tutorial);
* ``apps``: the Panel app and the ``ahoy-nb`` command.

The names below are loaded on first use, so ``import ahoy_nb`` needs no widget library:

>>> import ahoy_nb
>>> ahoy_nb.__all__
['State', 'join', 'new_game', 'play', 'puzzles', 'rules', 'simulate']
>>> ahoy_nb.new_game(2, seed=1).players
['bluefin', 'mollusk']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from .engine import display as _display

if TYPE_CHECKING:
    from .ai.lab import simulate
    from .engine import State, new_game
    from .rulebook import rules
    from .widgets.join import join
    from .widgets.play import play
    from .widgets.puzzles import puzzles

# name -> (module, attribute): what ``ahoy_nb.<name>`` is.
_EXPORTS = {
    "new_game": ("ahoy_nb.engine", "new_game"),   # a new game: new_game(players=3, seed=7)
    "State": ("ahoy_nb.engine", "State"),
    "play": ("ahoy_nb.widgets.play", "play"),          # a whole game in a notebook
    "join": ("ahoy_nb.widgets.join", "join"),          # a seat at an online table: join(link)
    "simulate": ("ahoy_nb.ai.lab", "simulate"),   # self-play: simulate(games, players, bots, seed)
    "rules": ("ahoy_nb.rulebook", "rules"),       # the rules in short, searchable: rules("fog")
    "puzzles": ("ahoy_nb.widgets.puzzles", "puzzles"),  # one decision to find: puzzles("battle")
}

__all__ = ["State", "join", "new_game", "play", "puzzles", "rules", "simulate"]

# The packages every install brings for the notebook game (pyproject.toml's dependencies).
_WIDGET_PACKAGES = {"anywidget", "ipywidgets", "traitlets"}


def _picture(state) -> str:
    from .render import fit_width, render_svg
    return fit_width(render_svg(state))


def _lesson_widget(run):
    from .widgets.tutorial import TutorialWidget
    return TutorialWidget(run)


# A position shows itself as its picture, a lesson as its widget (engine/display.py): the
# layers that draw them are imported only then, and the engine and the tutorials import
# neither.
_display.register("svg", _picture)
_display.register("lesson", _lesson_widget)


def __getattr__(name: str) -> Any:
    try:
        module, attribute = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module 'ahoy_nb' has no attribute {name!r}") from None
    try:
        value = getattr(importlib.import_module(module), attribute)
    except ModuleNotFoundError as err:
        if err.name not in _WIDGET_PACKAGES:
            raise
        # An install without its dependencies (pip install --no-deps): one line, not the
        # import machinery's traceback.
        raise ImportError(f"ahoy_nb.{name} needs the notebook widgets ({err.name} is not "
                          f"installed): pip install anywidget ipywidgets traitlets, or "
                          f"reinstall ahoy-nb with its dependencies") from None
    globals()[name] = value   # the next look-up is an ordinary attribute
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_EXPORTS))
