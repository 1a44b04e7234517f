"""Balance questions answered from self-play records (:func:`ahoy_nb.simulate`), as tables.

The tables are plain lists of dicts (``pandas.DataFrame(rows)`` shows them as a table);
:mod:`ahoy_nb.ui.balance_charts` draws them. ``notebooks/06_balance.ipynb`` puts them together.

>>> from ahoy_nb.ai.lab import simulate
>>> records = simulate(4, players=2, bots="random", seed=0, executor="inline", progress=False)
>>> [(r["faction"], r["games"]) for r in win_rates(records)]
[('bluefin', 4), ('mollusk', 4)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from .analysis import wilson

__all__ = ["win_rates", "game_length", "fame_curves", "crew_win_rates", "matchups",
           "fame_by_source", "control_fame", "action_counts"]

#: Where Fame comes from (the ``source`` of the engine's Fame facts), in table order.
SOURCES = ("control", "delivery", "reward", "pledge")


def _share(record: dict, faction: str) -> float:
    winners = record["winners"]
    return 1.0 / len(winners) if faction in winners else 0.0


def win_rates(records: Iterable[dict]) -> list[dict]:
    """Each faction's win rate by player count: ``{players, faction, games, wins, rate, low, high}``.

    ``low``/``high``: the 95% Wilson interval. A full tie counts as a shared win.
    """
    table: dict[tuple[int, str], list[float]] = {}
    for r in records:
        for f in r["final_fame"]:
            row = table.setdefault((r["players"], f), [0.0, 0])
            row[0] += _share(r, f)
            row[1] += 1
    out = []
    for (players, f), (wins, n) in sorted(table.items(), key=lambda kv: kv[0][0]):
        low, high = wilson(wins, n)
        out.append({"players": players, "faction": f, "games": n, "wins": wins,
                    "rate": wins / n, "low": low, "high": high})
    return out


def game_length(records: Iterable[dict]) -> list[dict]:
    """Games by player count and number of rounds: ``{players, rounds, games, decisions}``
    (``decisions``: the mean number of decisions of those games)."""
    table: dict[tuple[int, int], list[int]] = defaultdict(list)
    for r in records:
        table[(r["players"], r["rounds"])].append(r["decisions"])
    return [{"players": p, "rounds": k, "games": len(d), "decisions": sum(d) / len(d)}
            for (p, k), d in sorted(table.items())]


def fame_curves(records: Iterable[dict], players: int | None = None) -> dict[str, list[float]]:
    """Each faction's mean Fame at the end of each round (games that lasted that long)."""
    sums: dict[str, list[list[float]]] = {}
    for r in records:
        if players is not None and r["players"] != players:
            continue
        for f, fame in r["fame"].items():
            rows = sums.setdefault(f, [])
            for i, v in enumerate(fame):
                if i == len(rows):
                    rows.append([0.0, 0])
                rows[i][0] += v
                rows[i][1] += 1
    return {f: [s / n for s, n in rows] for f, rows in sums.items()}


def crew_win_rates(records: Iterable[dict], min_games: int = 1) -> list[dict]:
    """For each Crew card: how often the faction that recruited it won that game.

    ``{crew, games, wins, rate, low, high}``, most recruited first; a card recruited
    twice in a game by the same faction counts once.
    """
    table: dict[str, list[float]] = {}
    for r in records:
        for f, cards in r["crew"].items():
            for card in set(cards):
                row = table.setdefault(card, [0.0, 0])
                row[0] += _share(r, f)
                row[1] += 1
    out = []
    for card, (wins, n) in table.items():
        if n >= min_games:
            low, high = wilson(wins, n)
            out.append({"crew": card, "games": n, "wins": wins, "rate": wins / n,
                        "low": low, "high": high})
    return sorted(out, key=lambda row: (-row["games"], row["crew"]))


def matchups(records: Iterable[dict]) -> list[dict]:
    """Bot against bot: for each bot and player count, its seats played, wins, and 95% interval.

    ``{players, bot, seats, wins, rate, low, high, fair}`` (``fair``: 1 / players).
    """
    table: dict[tuple[int, str], list[float]] = {}
    for r in records:
        for f, bot in r["bots"].items():
            row = table.setdefault((r["players"], bot), [0.0, 0])
            row[0] += _share(r, f)
            row[1] += 1
    out = []
    for (players, bot), (wins, n) in sorted(table.items()):
        low, high = wilson(wins, n)
        out.append({"players": players, "bot": bot, "seats": n, "wins": wins,
                    "rate": wins / n, "low": low, "high": high, "fair": 1 / players})
    return out


def fame_by_source(records: Iterable[dict]) -> list[dict]:
    """Each faction's mean Fame a game by where it came from, by player count.

    ``{players, faction, games, fame, control, delivery, reward, pledge}``: ``fame`` is the
    mean final Fame, the others its parts (they add up to it), from the records'
    ``fame_facts``.

    >>> from ahoy_nb.ai.lab import simulate
    >>> records = simulate(2, players=3, bots="random", seed=0, executor="inline", progress=False)
    >>> row = fame_by_source(records)[1]
    >>> row["faction"], round(row["fame"], 6) == round(sum(row[k] for k in SOURCES), 6)
    ('smuggler1', True)
    """
    table: dict[tuple[int, str], dict] = {}
    for r in records:
        for f in r["final_fame"]:
            row = table.setdefault((r["players"], f), {"games": 0, **{k: 0 for k in SOURCES}})
            row["games"] += 1
        for fact in r["fame_facts"]:
            table[(r["players"], fact["faction"])][fact["source"]] += fact["fame"]
    out = []
    for (players, f), row in table.items():
        n = row["games"]
        means = {k: row[k] / n for k in SOURCES}
        out.append({"players": players, "faction": f, "games": n,
                    "fame": sum(means.values()), **means})
    return out


def control_fame(records: Iterable[dict], by: str = "round") -> list[dict]:
    """Fame from control, a game, by faction and ``by`` (``"round"`` or ``"region"``).

    ``{players, faction, <by>, fame, games}``: ``fame`` is the mean over every game of that
    player count (a game that ended sooner adds 0 for the later rounds). Regions are
    ``"bluefin-home"``, ``"mollusk-home"`` (the two of the setup) and ``"explored"``.
    """
    games: dict[int, int] = defaultdict(int)
    table: dict[tuple[int, str, object], float] = defaultdict(float)
    for r in records:
        games[r["players"]] += 1
        for fact in r["fame_facts"]:
            if fact["source"] == "control":
                table[(r["players"], fact["faction"], fact[by])] += fact["fame"]
    return [{"players": p, "faction": f, by: key, "fame": v / games[p], "games": games[p]}
            for (p, f, key), v in sorted(table.items(), key=lambda kv: str(kv[0]))]


def action_counts(records: Iterable[dict], verbs: Iterable[str] | None = None,
                  field: str = "actions") -> list[dict]:
    """How often each faction chose each verb, a game: ``{players, faction, verb, count}``.

    ``field="dice"``: how often it placed a die on each slot (``verb`` is the slot).
    """
    games: dict[tuple[int, str], int] = defaultdict(int)
    table: dict[tuple[int, str, str], int] = defaultdict(int)
    for r in records:
        for f, counts in r[field].items():
            games[(r["players"], f)] += 1
            for verb, n in counts.items():
                if verbs is None or verb in verbs:
                    table[(r["players"], f, verb)] += n
    return [{"players": p, "faction": f, "verb": v, "count": n / games[(p, f)]}
            for (p, f, v), n in sorted(table.items())]
