"""Bots by the names a person picks them by: ``easy``, ``normal``, ``hard`` and ``random``.

>>> make_bot("normal", seed=1)
GreedyBot(seed=1)
>>> LEVELS
('easy', 'normal', 'hard', 'random')
"""

from __future__ import annotations

from typing import Callable

from .bots import Bot, EasyBot, GreedyBot, RandomBot
from . import ismcts
from .ismcts import ISMCTSBot
from ..engine.chance import whole_seed

__all__ = ["BOTS", "LEVELS", "ALIASES", "NORMAL_LOOKAHEAD", "make_bot", "takes_time", "think_time"]


def _hard(seed: int | None = None, **options) -> Bot:
    bot = ISMCTSBot(seed, **{"workers": ismcts.HARD_WORKERS, **options})
    bot.name = "hard"
    return bot


#: How far ``normal`` looks past the action under way, by the kind of faction it plays
#: (:class:`~ahoy_nb.ai.bots.GreedyBot`'s ``lookahead``). The Mollusk Union plays its
#: 4 best actions on to the round's end: it places Comrades before Bluefin's last dice
#: of the round, and without this look it won 21% of 2-player games against ``normal``'s
#: Bluefin, 46.5% with it (docs/bots.md, "The `normal` level").
NORMAL_LOOKAHEAD = {"mollusk": 4}


def _normal(seed: int | None = None, **options) -> Bot:
    bot = GreedyBot(seed, **{"lookahead": NORMAL_LOOKAHEAD, **options})
    bot.name = "normal"
    return bot


def _ismcts(seed: int | None = None, **options) -> Bot:
    return ISMCTSBot(seed, **options)


#: Bots by name: the levels, and two more names for scripts (``"greedy"``: ``normal`` with
#: a one-action look in every seat; ``"ismcts"``: the search without the level's name).
BOTS: dict[str, Callable[..., Bot]] = {"easy": EasyBot, "normal": _normal, "hard": _hard,
                                       "random": RandomBot, "greedy": GreedyBot,
                                       "ismcts": _ismcts}
#: The bot levels a person picks, in one list: the lobby, the Panel app's form, the
#: online tables and the command line offer these. ``easy`` < ``normal`` (the greedy
#: lookahead; as the Mollusk it also plays its best actions on, :data:`NORMAL_LOOKAHEAD`)
#: < ``hard`` (ISMCTS, ``ismcts.TIME_BUDGET`` a decision by default); ``random`` picks any
#: legal action.
LEVELS = ("easy", "normal", "hard", "random")
#: The level a form shows for the scripts' other names.
ALIASES = {"greedy": "normal", "ismcts": "hard"}


def make_bot(kind, seed: int | None = None, **options) -> Bot:
    """A bot from its name, or ``kind`` itself if it already is one.

    Names: ``"easy"``, ``"normal"``, ``"hard"`` (= ``"ismcts"``), ``"random"``, and
    ``"greedy"``: ``normal`` with a one-action look in every seat (no
    :data:`NORMAL_LOOKAHEAD`). ``options`` go to the bot's class, e.g. ``time_budget=0.3`` or
    ``iterations=200`` for ``"hard"``.

    >>> make_bot("hard", seed=1, iterations=100)     # on both cores of a two-core machine
    ISMCTSBot(seed=1, iterations=100...)
    """
    if isinstance(kind, str):
        try:
            factory = BOTS[kind]
        except KeyError:
            raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOTS)}") from None
        return factory(whole_seed(seed), **options)
    if callable(getattr(kind, "choose", None)):
        return kind
    raise ValueError(f"a bot is one of {', '.join(BOTS)} or an object with choose(state), "
                    f"not {kind!r}")


def think_time(bot) -> str:
    """How long a bot takes to decide, in words for labels (``""``: at once). Worded from
    the bot's own time budget (for ``"hard"``, :data:`ahoy_nb.ai.ismcts.TIME_BUDGET`),
    never a number written out elsewhere; a search capped by iterations says nothing.

    >>> think_time("hard"), think_time("normal")
    ('about 0.3 s a decision', '')
    >>> think_time(make_bot("hard", seed=1, time_budget=0.3))
    'about 0.3 s a decision'
    """
    if isinstance(bot, str):
        budget = ismcts.TIME_BUDGET if bot in ("hard", "ismcts") else None
    else:
        budget = getattr(bot, "time_budget", None) if getattr(bot, "iterations", 0) is None else None
    return f"about {budget:g} s a decision" if budget else ""


def takes_time(bot, faction: str) -> bool:
    """Whether ``bot``, deciding for ``faction``, takes long enough that a person should
    see it think (and an app should let it think off the page's thread): a time budget
    (the hard bot) or a look past the action (``normal``'s Mollusk, a few tenths of a
    second).

    >>> takes_time(make_bot("normal"), "mollusk"), takes_time(make_bot("normal"), "bluefin")
    (True, False)
    >>> takes_time(make_bot("hard"), "bluefin")
    True
    """
    looks_ahead = getattr(bot, "looks_ahead", None)
    return bool(think_time(bot)) or bool(looks_ahead and looks_ahead(faction))
