"""Learn Ahoy by playing scripted situations.

Each tutorial sets up a position, fixes its dice so the lesson plays out as
written, and asks you for one action at a time: a specific one, or any action
that reaches a goal. A wrong try is refused with the reason and the position
stays as it was.

>>> import ahoy_nb.tutorials as tutorials
>>> [t.name for t in tutorials.catalog()][:3]
['setup', 'turn', 'moving']
>>> run = tutorials.start("battles")      # in a notebook, the last line shows the widget
>>> print(run.step.ask)                   # doctest: +ELLIPSIS
Place a die on Sail...
>>> run.try_action("tailwind 3").ok        # legal, but not what the step asks
False
>>> run.try_action("sail 3").ok
True
>>> run.hint(), run.show_me(), run.back(), run.restart()   # doctest: +SKIP

In a notebook::

    import ahoy_nb.tutorials as tutorials
    tutorials.catalog()            # the list, with what each teaches
    tutorials.start("battles")     # the board, the lesson, Hint / Show me / Back / Restart
    tutorials.actions(state)       # the legal actions, in words
    tutorials.odds(state)          # battle odds in percent
"""

from __future__ import annotations

from ..render import Picture
from . import goals, lessons
from .core import Feedback, Goal, Scene, Session, Step, Tutorial
from .friendly import actions, describe, odds, rewards_grid

__all__ = ["Feedback", "Goal", "Scene", "Session", "Step", "Tutorial", "actions", "board",
           "catalog", "describe", "get", "goals", "odds", "position", "rewards_grid", "start"]


def _registry() -> dict[str, Tutorial]:
    return {t.name: t for t in sorted(lessons.ALL, key=lambda t: t.order)}


class Catalog(list):
    """The tutorials, in the order to take them; shows as a table in a notebook."""

    def _repr_markdown_(self) -> str:
        rows = ["| name | tutorial | steps | teaches |", "|---|---|---|---|"]
        for t in self:
            rows.append(f"| `{t.name}` | **{t.title}** — {t.summary} | {len(t.steps)} | "
                        f"{'; '.join(t.teaches)} |")
        rows.append("")
        rows.append('Start one with `ahoy_nb.tutorials.start("name")`.')
        return "\n".join(rows)

    def __str__(self) -> str:
        return "\n".join(f"{t.name:10} {t.title} ({len(t.steps)} steps): {', '.join(t.teaches)}"
                         for t in self)


def catalog() -> Catalog:
    """Every tutorial, in the order a newcomer should take them.

    >>> catalog()[0].title
    'Setting up a game'
    """
    return Catalog(_registry().values())


def get(name: str) -> Tutorial:
    """A tutorial by name (``"battles"``); raises ``KeyError`` listing the names."""
    reg = _registry()
    try:
        return reg[name]
    except KeyError:
        raise KeyError(f"no tutorial {name!r}; tutorials: {', '.join(reg)}") from None


def start(name: str) -> Session:
    """Start a tutorial: a :class:`Session` that a notebook shows as the tutorial widget.

    >>> run = start("setup")
    >>> run.index, len(run) > 3
    (0, True)
    """
    return Session(get(name))


def position(name: str, scene: int = 0):
    """The starting position of one scene of a tutorial, to study cell by cell.

    >>> s = position("battles")
    >>> s.current_player, s.dice("mollusk")
    ('mollusk', [3, 5])
    """
    return get(name).scenes[scene].build()


def board(state, viewer: str | None = "all", highlight=()) -> Picture:
    """A picture of a position (SVG), with ``highlight``-ed spaces: nothing on it is live
    (try actions on ``state.copy()`` in code instead).

    >>> "<svg" in board(position("battles"), highlight=["2,2"])._repr_svg_()
    True
    """
    return Picture(state, viewer=viewer, highlight=highlight)
