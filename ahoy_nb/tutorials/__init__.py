"""Learn Ahoy by playing scripted situations.

Each tutorial sets up a position, fixes its dice so the lesson plays out as
written, and asks you for one action at a time: a specific one, or any action
that reaches a goal. A wrong try is refused with the reason and the position
stays as it was.

>>> import ahoy_nb.tutorials as tutorials
>>> [t.name for t in tutorials.catalog()][:4]
['setup', 'moving', 'exploring', 'turn']
>>> run = tutorials.start("battles")      # in a notebook, the last line shows the widget
>>> print(run.step.ask)                   # doctest: +ELLIPSIS
Make your Flagship battle the enemies...
>>> run.try_action("cannons 3").ok         # not possible: the slot holds a die
False
>>> run.try_action("sail 3").ok            # the first decision of the step: go on
True
>>> run.hint(), run.show_me(), run.back(), run.restart()   # doctest: +SKIP

In a notebook::

    import ahoy_nb.tutorials as tutorials
    tutorials.catalog()            # the list, in order, with what each teaches
    tutorials.start("battles")     # the board, the lesson, Hint / Show me / Back / Restart
    tutorials.review()             # the steps you needed help with, again
    tutorials.actions(state)       # the legal actions, in words
    tutorials.odds(state)          # battle odds in percent
"""

from __future__ import annotations

from ..render import Picture
from . import goals, lessons
from . import core
from .core import Feedback, Goal, Scene, Session, Step, Tutorial
from .friendly import actions, describe, odds, rewards_grid

__all__ = ["Feedback", "Goal", "NoSuchTutorial", "Scene", "Session", "Step", "Tutorial", "actions", "board",
           "catalog", "describe", "get", "goals", "odds", "position", "review", "rewards_grid",
           "start"]


def _registry() -> dict[str, Tutorial]:
    return {t.name: t for t in sorted(lessons.ALL, key=lambda t: t.order)}


class Catalog(list):
    """The tutorials, in the order to take them (each after the lessons it requires);
    shows as a table in a notebook."""

    def _repr_markdown_(self) -> str:
        rows = ["| | name | tutorial | steps | after | teaches |", "|---|---|---|---|---|---|"]
        for i, t in enumerate(self, 1):
            rows.append(f"| {i} | `{t.name}` | **{t.title}** — {t.summary} | {len(t.steps)} | "
                        f"{', '.join(f'`{r}`' for r in t.requires) or '—'} | "
                        f"{'; '.join(t.teaches)} |")
        rows.append("")
        rows.append('Start one with `ahoy_nb.tutorials.start("name")`; each ends with a short '
                    'quiz. `ahoy_nb.tutorials.review()` replays the steps where you needed help.')
        return "\n".join(rows)

    def __str__(self) -> str:
        return "\n".join(f"{i:2} {t.name:15} {t.title} ({len(t.steps)} steps): "
                         f"{', '.join(t.teaches)}" for i, t in enumerate(self, 1))


def catalog() -> Catalog:
    """Every tutorial, in the order a newcomer should take them.

    >>> catalog()[0].title
    'Setting up a game'
    """
    return Catalog(_registry().values())


class NoSuchTutorial(ValueError):
    """A tutorial's name that names none, or a scene number past its last."""


def get(name: str) -> Tutorial:
    """A tutorial by name (``"battles"``); raises :class:`NoSuchTutorial` listing the names.

    >>> get("battle")
    Traceback (most recent call last):
    ...
    ahoy_nb.tutorials.NoSuchTutorial: no tutorial 'battle'; tutorials: setup, moving, exploring, turn, battles, defending, factions, plans, scoring, cargo, round-bluefin, round-union, round-smuggler, endgame
    """
    reg = _registry()
    if isinstance(name, str) and name in reg:
        return reg[name]
    raise NoSuchTutorial(f"no tutorial {name!r}; tutorials: {', '.join(reg)}")


def start(name: str, seed: int | None = None) -> Session:
    """Start a tutorial: a :class:`Session` that a notebook shows as the tutorial widget
    (``seed`` draws its closing quiz; ``None``: at random).

    >>> run = start("setup")
    >>> run.index, len(run) > 3
    (0, True)
    """
    if name == "review":
        return review(seed=seed)
    return Session(get(name), seed=seed)


def review(seed: int | None = None) -> Session:
    """The review lesson: every step you needed help with in this session of Python (a hint
    or Show me), from the position it started in, in the order you met them; each step
    once, with the most help it took. Empty until a step took help.

    >>> run = start("setup")
    >>> _ = run.hint(); _ = run.play_answer()
    >>> again = review()
    >>> any(step is run.tutorial.steps[0][1] for _, step in again.tutorial.steps)
    True
    """
    seen, scenes = set(), []
    for helped in core.HELPED:
        key = (helped.tutorial, id(helped.step))
        if key in seen:
            continue
        seen.add(key)
        start_ = helped.start
        scenes.append(Scene(f"{get(helped.tutorial).title}: {helped.scene}",
                            lambda s=start_: s.copy(), [helped.step],
                            intro=f"From “{get(helped.tutorial).title}”, where you took "
                                  f"{helped.help}."))
    return Session(Tutorial("review", "Review: the steps that needed help",
                            "the steps you asked for a hint or to be shown, played again",
                            scenes, order=1000), seed=seed)


def position(name: str, scene: int = 0):
    """The starting position of one scene of a tutorial, to study cell by cell.

    >>> s = position("battles")
    >>> s.current_player, s.dice("mollusk")
    ('mollusk', [3, 5])
    """
    scenes = get(name).scenes
    if not (isinstance(scene, int) and 0 <= scene < len(scenes)):
        raise NoSuchTutorial(f"{name!r} has scenes 0 to {len(scenes) - 1}, not {scene!r}")
    return scenes[scene].build()


def board(state, viewer: str | None = "all", highlight=()) -> Picture:
    """A picture of a position (SVG), with ``highlight``-ed spaces: nothing on it is live
    (try actions on ``state.copy()`` in code instead).

    >>> "<svg" in board(position("battles"), highlight=["2,2"])._repr_svg_()
    True
    """
    return Picture(state, viewer=viewer, highlight=highlight)
