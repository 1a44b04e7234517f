"""Who plays each faction, as a new-game form asks it: a person, or a bot of a level.

The notebook's lobby, the Panel app's form, the online tables' page and the command
line all offer the same choices (:data:`SEAT_CHOICES`: a person, or one of the bot
levels of :data:`ahoy_nb.ai.levels.LEVELS`) and read them the same way.

>>> seat_options(3)
['bluefin', 'smuggler1', 'mollusk']
>>> choices = initial_seats(("bluefin",), {"mollusk": "hard"})
>>> people_and_bots(3, choices)
(('bluefin',), {'smuggler1': 'normal', 'mollusk': 'hard'})
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ..ai.ladder import shipped, standing
from ..ai.levels import ALIASES, LEVELS
from ..engine.components import SEATS

__all__ = ["PERSON", "SEAT_CHOICES", "seat_choice", "seat_options", "people_in_text",
           "initial_seats", "people_and_bots", "bot_standings"]

PERSON = "person"
#: What a form offers for each faction, in order, with its label: a person at this screen,
#: or a bot of each level. (How long a bot thinks is said where the game shows its bots.)
SEAT_CHOICES = {PERSON: "Person", **{level: f"{level.title()} bot" for level in LEVELS}}


def seat_choice(kind: str) -> str:
    """The form's choice for a bot name (``"greedy"`` sits as ``"normal"``,
    ``"ismcts"`` as ``"hard"``).

    >>> seat_choice("greedy"), seat_choice("hard")
    ('normal', 'hard')
    """
    return ALIASES.get(kind, kind)


def seat_options(players: int) -> list[str]:
    """The factions of a game of ``players`` players, in seat order."""
    return list(SEATS[int(players)])


def people_in_text(text: str) -> tuple[str, ...] | str:
    """The people a command line or an address names: factions separated by commas,
    ``"all"``, or ``"none"`` (or nothing) for bots only; as ``play()`` takes them (checked
    against a game's factions by :func:`ahoy_nb.session.game.people_of`).

    >>> people_in_text("bluefin, mollusk"), people_in_text("all"), people_in_text("none")
    (('bluefin', 'mollusk'), 'all', ())
    """
    text = text.strip()
    if text == "all":
        return "all"
    if text in ("", "none"):
        return ()
    return tuple(p.strip() for p in text.split(",") if p.strip())


def initial_seats(people: Iterable[str] | str = ("bluefin",),
                  bots: str | Mapping[str, str] = "normal") -> dict:
    """``{faction: "person" | a level}`` for every faction of a 4-player game, from
    ``play()``-style ``people`` and ``bots`` (a bot object counts as normal here)."""
    factions = seat_options(4)
    if isinstance(people, str):
        people = factions if people == "all" else (people,)
    seats = {}
    for f in factions:
        if f in people:
            seats[f] = PERSON
        else:
            kind = bots.get(f, "normal") if isinstance(bots, Mapping) else bots
            kind = seat_choice(kind) if isinstance(kind, str) else kind
            seats[f] = kind if kind in LEVELS else "normal"
    return seats


def people_and_bots(players: int, seats: Mapping[str, str]) -> tuple[tuple, dict]:
    """``(people, bots)`` for ``play()`` from ``{faction: choice}``."""
    factions = seat_options(players)
    people = tuple(f for f in factions if seats.get(f, "normal") == PERSON)
    bots = {f: seats.get(f, "normal") for f in factions if f not in people}
    return people, bots


def bot_standings(players: int, table: Mapping | None = None) -> dict[str, str]:
    """How each bot level stands on the rating ladder at ``players``, in plain words, for
    the forms to show beside the choice: ``{level: "Hard bot: wins about ..."}``, from the
    table shipped with ahoy-nb (:func:`ahoy_nb.ai.ladder.shipped`; a level without a
    standing is left out).

    >>> table = {"games": {"2": 40}, "standings": {"hard": {"2": {
    ...     "against": "normal", "share": 0.74, "low": 0.55, "high": 0.88, "games": 12}}}}
    >>> bot_standings(2, table)["hard"]
    'Hard bot: wins about 3 in 4 against normal at 2 players (55–88%, from its 12 games on the ladder)'

    """
    table = shipped() if table is None else table
    found = {level: standing(level, int(players), table) for level in LEVELS}
    return {level: f"{SEAT_CHOICES[level]}: {words}" for level, words in found.items() if words}
