"""Balance questions answered from self-play records (:func:`ahoy_nb.simulate`), as tables.

The tables are plain lists of dicts (``pandas.DataFrame(rows)`` shows them as a table);
:mod:`ahoy_nb.widgets.balance_charts` draws them. ``notebooks/06_balance.ipynb`` puts them together.

>>> from ahoy_nb.ai.lab import simulate
>>> records = simulate(4, players=2, bots="random", seed=0, executor="inline", progress=False)
>>> [(r["faction"], r["games"]) for r in win_rates(records)]
[('bluefin', 4), ('mollusk', 4)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from statistics import fmean, median

from .analysis import wilson
from .lab import replay

__all__ = ["win_rates", "game_length", "fame_curves", "crew_win_rates", "matchups",
           "fame_by_source", "control_fame", "action_counts", "win_margins",
           "last_word"]

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


def win_margins(records: Iterable[dict], close: int = 2) -> list[dict]:
    """How each faction wins, by player count: ``{players, faction, wins, close, median}``.

    ``wins``: the games it won alone; ``close``: those it won by ``close`` Fame or less
    over the best other faction (a tie on Fame settled by gold is a win by 0); ``median``:
    its median winning margin (None without a win). Mean Fame can be level while one
    faction takes the close games: this is where that shows.

    >>> records = [{"players": 2, "winners": ["bluefin"], "final_fame": {"bluefin": 31, "mollusk": 30}},
    ...            {"players": 2, "winners": ["mollusk"], "final_fame": {"bluefin": 25, "mollusk": 37}}]
    >>> [(r["faction"], r["wins"], r["close"], r["median"]) for r in win_margins(records)]
    [('bluefin', 1, 1, 1), ('mollusk', 1, 0, 12)]
    """
    margins: dict[tuple[int, str], list[int]] = {}
    for r in records:
        for f in r["final_fame"]:
            margins.setdefault((r["players"], f), [])
        if len(r["winners"]) == 1:
            w = r["winners"][0]
            fame = r["final_fame"]
            margins[(r["players"], w)].append(fame[w] - max(v for f, v in fame.items() if f != w))
    return [{"players": players, "faction": f, "wins": len(won),
             "close": sum(m <= close for m in won), "median": median(won) if won else None}
            for (players, f), won in margins.items()]


def last_word(records: Iterable[dict]) -> dict:
    """What Bluefin's last word in each round is worth, from records with ``played``
    (:func:`ahoy_nb.ai.lab.play_game` with ``played=True``).

    Bluefin places its fifth die on a turn of its own after its second (Fifth Die), so
    whoever went first, it places dice after every other faction has placed its last
    die of the round: 1 die when it went first, 3 when it went second. Then the regions
    are scored. For each round this compares the control scores as they stood when the
    others had finished (the wealth of the regions each controlled then) with the scores
    the round gave.

    ``{games, rounds, swing, final_swing, turned}``: ``swing``, Bluefin's control Fame
    less the Mollusk's, gained on those dice a round (mean); ``final_swing``, the same in
    the last round of a game; ``turned``, the games Bluefin won that it would not have
    won (by Fame) on the scores standing before its last word in the game's last round,
    everything else equal.

    >>> from ahoy_nb.ai.lab import play_game
    >>> w = last_word([play_game(2, ["random", "random"], seed=3, played=True)])
    >>> w["games"], w["rounds"] > 0, w["turned"] <= w["games"]
    (1, True, True)
    """
    games = rounds = turned = 0
    swings: list[int] = []
    finals: list[int] = []
    for r in records:
        s = replay(r, upto=0)
        standing: dict[int, tuple[int, int]] = {}
        others = [f for f in s.players if f != "bluefin"]
        for notation in r["played"]:
            s.apply(notation)
            turn = s.turn
            if (s.phase == "play" and turn is not None and turn.player == "bluefin"
                    and turn.placed == 0 and s.round not in standing
                    and not any(s.dice(f) for f in others)):
                score = {"bluefin": 0, "mollusk": 0}
                for region in s.regions():
                    if region["controller"]:
                        score[region["controller"]] += region["wealth"]
                standing[s.round] = (score["bluefin"], score["mollusk"])
        scored: dict[int, list[int]] = defaultdict(lambda: [0, 0])
        for fact in r["fame_facts"]:
            if fact["source"] == "control":
                scored[fact["round"]][fact["faction"] == "mollusk"] += fact["fame"]
        games += 1
        last = max(scored, default=None)
        for k, (b0, m0) in standing.items():
            if k not in scored:
                continue  # the game ended before this round was scored
            b1, m1 = scored[k]
            rounds += 1
            swings.append((b1 - m1) - (b0 - m0))
            if k == last:
                finals.append(swings[-1])
                fame = dict(r["final_fame"])
                fame["bluefin"] += b0 - b1
                fame["mollusk"] += m0 - m1
                if r["winners"] == ["bluefin"] and fame["bluefin"] <= max(
                        v for f, v in fame.items() if f != "bluefin"):
                    turned += 1
    return {"games": games, "rounds": rounds, "swing": fmean(swings) if swings else 0.0,
            "final_swing": fmean(finals) if finals else 0.0, "turned": turned}


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
