"""The rating ladder: how the bot levels stand against each other, from games between them.

Games between the levels, seated by a draw from each game's seed (:class:`Draw`), are
rated with openskill's Plackett–Luce model (Weng and Lin, 2011): every game is a ranking
of its seats, the winners first, then by final Fame. :func:`rate` gives each level's
rating at a player count with a 95% interval, and :func:`head_to_head` the share of games
one level would finish ahead of another, from those ratings (so a pair that rarely met
still gets an answer, from the games each played against the rest, with a wider
interval). :func:`standing` words it for the bot chooser.

The chooser reads a small shipped table (``ahoy_nb/data/ladder.json``, written by
``scripts/ladder.py --ship``), never the games: nothing is rated at run time, and
openskill is needed only to make the table (``pip install 'ahoy-nb[ladder]'``).

>>> records = [{"players": 2, "seed": s, "bots": {"bluefin": "hard-300", "mollusk": "easy"},
...             "winners": ["bluefin"], "final_fame": {"bluefin": 30, "mollusk": 20}}
...            for s in range(20)]
>>> [(r.level, r.games) for r in rate(records)]
[('hard-300', 20), ('easy', 20)]
>>> share = head_to_head(rate(records), "hard-300", "easy")
>>> share.share > 0.9 and share.high < 1
True
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import resources

from .levels import make_bot

__all__ = ["LADDER", "HARD_BUDGETS", "SHIPPED_HARD", "RUNGS", "AGAINST", "Draw", "Rating",
           "Share", "rate", "head_to_head", "ranking", "standing", "shipped", "ship"]

#: The hard bot's three budgets on the ladder: iterations a decision, on one core (a fixed
#: number, so a game repeats from its seed whatever the machine's load).
HARD_BUDGETS = {"hard-30": 30, "hard-100": 100, "hard-300": 300}
#: The ladder's rung that stands for the ``hard`` a person picks: ``make_bot("hard")``
#: searches 0.3 s on each of two cores, a few hundred iterations a decision on this
#: machine (docs/bots.md), nearest the top budget.
SHIPPED_HARD = "hard-300"
#: The levels on the ladder, in the order the table lists them, with the bot each seats
#: (a lab spec: a name, or ``(name, factory)``). OpenSpiel's ISMCTS joins them in
#: ``scripts/ladder.py`` (the adapters layer is above this one).
LADDER: dict[str, object] = {
    "random": ("random", partial(make_bot, "random")),
    "easy": ("easy", partial(make_bot, "easy")),
    "greedy": ("greedy", partial(make_bot, "greedy")),
    "normal": ("normal", partial(make_bot, "normal")),
    **{name: (name, partial(make_bot, "hard", iterations=n, workers=1))
       for name, n in HARD_BUDGETS.items()},
}
#: The chooser's levels, by the rung that measures each.
RUNGS = {"random": "random", "easy": "easy", "normal": "normal", "hard": SHIPPED_HARD}
#: Whom each chooser level's standing is told against: the level a person would compare.
AGAINST = {"hard": "normal", "normal": "easy", "easy": "random", "random": "easy"}


class Draw:
    """The seats of a ladder game, drawn from its seed: ``players`` different levels, in
    random seats. A picklable function of the seed, for :func:`ahoy_nb.ai.lab.simulate`.

    >>> draw = Draw({"random": "random", "easy": "easy", "normal": "normal"})
    >>> draw(7, 2) == draw(7, 2), len(draw(7, 3))
    (True, 3)
    """

    def __init__(self, levels: Mapping[str, object]):
        if len(levels) < 2:
            raise ValueError("a ladder needs at least two levels")
        self.levels = dict(levels)

    def __call__(self, seed: int, players: int) -> list:
        if players > len(self.levels):
            raise ValueError(f"{players} seats for {len(self.levels)} levels")
        rng = random.Random(f"ladder {players} {seed}")
        names = rng.sample(sorted(self.levels), players)
        return [self.levels[n] for n in names]


@dataclass(frozen=True)
class Rating:
    """A level's Plackett–Luce rating at one player count: ``mu`` and its uncertainty
    ``sigma`` (openskill's scale, 25 ± 8.3 before any game), over ``games`` games."""

    level: str
    players: int
    mu: float
    sigma: float
    games: int

    @property
    def low(self) -> float:
        """The 95% interval's lower end."""
        return self.mu - 1.96 * self.sigma

    @property
    def high(self) -> float:
        """The 95% interval's upper end."""
        return self.mu + 1.96 * self.sigma


@dataclass(frozen=True)
class Share:
    """The share of games ``level`` finishes ahead of ``other`` (two of them alone at a
    table), from their ratings, with a 95% interval."""

    level: str
    other: str
    players: int
    share: float
    low: float
    high: float


def _places(record: Mapping) -> dict[str, int]:
    """Each seat's place, 1 first: the winners, then by final Fame (equal Fame, equal place)."""
    fame = record["final_fame"]
    winners = set(record["winners"])
    others = sorted({fame[f] for f in fame if f not in winners}, reverse=True)
    return {f: 1 if f in winners else 2 + others.index(fame[f]) for f in fame}


def rate(records: Iterable[Mapping], players: int | None = None) -> list[Rating]:
    """Each level's rating, for each player count (or only ``players``), best first.

    Games are rated in order of player count and seed, so a table made again from the
    same games is the same. A level in two seats of one game (not in the ladder's own
    games) takes the mean of its seats' updates.
    """
    from openskill.models import PlackettLuce  # only to make the table: see the module notes

    model = PlackettLuce()
    games = sorted((r for r in records if players in (None, r["players"])),
                   key=lambda r: (r["players"], r["seed"]))
    ratings: dict[tuple[int, str], object] = {}
    counts: dict[tuple[int, str], int] = {}
    for r in games:
        n = r["players"]
        places = _places(r)
        seats = list(places)
        teams = [[ratings.setdefault((n, r["bots"][f]), model.rating())] for f in seats]
        rated = model.rate(teams, ranks=[places[f] for f in seats])
        new: dict[str, list] = {}
        for f, team in zip(seats, rated):
            new.setdefault(r["bots"][f], []).append(team[0])
        for level, updates in new.items():
            mu = sum(u.mu for u in updates) / len(updates)
            sigma = sum(u.sigma for u in updates) / len(updates)
            ratings[(n, level)] = model.rating(mu=mu, sigma=sigma)
            counts[(n, level)] = counts.get((n, level), 0) + 1
    out = [Rating(level, n, x.mu, x.sigma, counts[(n, level)])
           for (n, level), x in ratings.items()]
    return sorted(out, key=lambda x: (x.players, -x.mu))


def head_to_head(ratings: Sequence[Rating], level: str, other: str,
                 players: int | None = None, samples: int = 4000) -> Share:
    """The share of games ``level`` would finish ahead of ``other`` at ``players``
    (default: the player count of the first rating of ``level``), by Plackett–Luce with
    openskill's performance spread, and a 95% interval from the ratings' uncertainty
    (seeded draws, so the same ratings give the same interval)."""
    found = {(x.players, x.level): x for x in ratings}
    if players is None:
        players = next((x.players for x in ratings if x.level == level), 0)
    try:
        a, b = found[(players, level)], found[(players, other)]
    except KeyError:
        raise ValueError(f"no rating for both {level} and {other} at {players} players") from None
    spread = math.sqrt(2) * 25 / 6  # openskill's beta, for each of the two
    rng = random.Random(f"{level} {other} {players}")
    draws = sorted(1 / (1 + math.exp((rng.gauss(b.mu, b.sigma) - rng.gauss(a.mu, a.sigma))
                                     / spread)) for _ in range(samples))
    return Share(level, other, players, draws[samples // 2],
                 draws[int(0.025 * samples)], draws[int(0.975 * samples) - 1])


def ranking(ratings: Sequence[Rating], players: int) -> list[str]:
    """The levels at ``players``, best first."""
    return [x.level for x in ratings if x.players == players]


def _in_words(share: float) -> str:
    # The nearest of a few fractions a person reads at a glance; never "all" or "none".
    fractions = [(1, 10), (1, 5), (1, 4), (1, 3), (2, 5), (1, 2), (3, 5), (2, 3), (3, 4),
                 (4, 5), (9, 10)]
    n, d = min(fractions, key=lambda f: abs(f[0] / f[1] - share))
    return f"{n} in {d}"


def ship(ratings: Sequence[Rating], games: Mapping[int, int], measured: str) -> dict:
    """The table the chooser reads (``ahoy_nb/data/ladder.json``): each chooser level's
    share against the level of :data:`AGAINST`, at every player count rated, and how
    many ladder games the level's rung played there."""
    table: dict = {"measured": measured, "games": {str(n): g for n, g in sorted(games.items())},
                   "standings": {}}
    for level, rung in RUNGS.items():
        other = RUNGS[AGAINST[level]]
        for n in sorted(games):
            try:
                s = head_to_head(ratings, rung, other, n)
            except ValueError:
                continue
            played = next(x.games for x in ratings if (x.players, x.level) == (n, rung))
            table["standings"].setdefault(level, {})[str(n)] = {
                "against": AGAINST[level], "share": round(s.share, 3),
                "low": round(s.low, 3), "high": round(s.high, 3), "games": played}
    return table


def shipped() -> dict:
    """The shipped table (``ahoy_nb/data/ladder.json``), or an empty one where none was made."""
    try:
        found = resources.files("ahoy_nb").joinpath("data/ladder.json")
        return json.loads(found.read_text("utf-8"))
    except FileNotFoundError:
        return {"standings": {}, "games": {}}


def standing(level: str, players: int = 2, table: Mapping | None = None) -> str:
    """A chooser level's standing in plain words, from the shipped table (``""`` if it
    has none for ``players``): how often it beats the level a person would compare it
    with, with the 95% interval and what it was measured from: both levels' games, since
    the one with fewer games is what keeps the interval wide.

    >>> table = {"games": {"2": 40}, "standings": {"hard": {"2": {
    ...     "against": "normal", "share": 0.74, "low": 0.55, "high": 0.88, "games": 12}}}}
    >>> standing("hard", 2, table)
    'wins about 3 in 4 against normal at 2 players (55–88%, from its 12 games on the ladder)'
    >>> table["standings"]["normal"] = {"2": {
    ...     "against": "easy", "share": 0.7, "low": 0.2, "high": 0.96, "games": 275}}
    >>> standing("hard", 2, table)
    "wins about 3 in 4 against normal at 2 players (55–88%, from its 12 games on the ladder and normal's 275)"
    >>> standing("easy", 2, table)
    ''
    """
    table = shipped() if table is None else table
    standings = table.get("standings", {})
    row = standings.get(level, {}).get(str(players))
    if not row:
        return ""
    low, high = max(1, round(100 * row["low"])), min(99, round(100 * row["high"]))
    often = f"about {_in_words(row['share'])}"
    said = (f"wins {often} against {row['against']}" if players == 2 else
            f"finishes ahead of {row['against']} {often} times")
    theirs = standings.get(row["against"], {}).get(str(players), {}).get("games")
    games = f"from its {row['games']} games on the ladder" + (
        f" and {row['against']}'s {theirs}" if theirs is not None else "")
    return f"{said} at {players} players ({low}–{high}%, {games})"
