"""The self-play lab: many whole games between bots, on local cores or a Dask cluster.

>>> records = simulate(4, players=2, bots="random", seed=0, executor="inline", progress=False)
>>> len(records), sorted(records[0])[:4]
(4, ['actions', 'battles_won', 'bots', 'crew'])

Game ``i`` is played from ``new_game(players, seed=seed + i)`` by bots seeded from
that game's seed and their seat, so a game's record depends only on its seed and the
bots, never on where or in which order it ran. Bots are named (``"random"``,
``"easy"``, ``"normal"``, ``"hard"``...), or ``(name, {options})`` such as
``("hard", {"iterations": 200})``. A bot with a time budget (``"hard"`` by default)
plays differently on a faster or busier machine: give it ``iterations`` for records
that repeat exactly.

Executors: ``executor=None`` starts a process pool on the local cores (and shuts it
down after), ``"inline"`` plays in this process, and any
``concurrent.futures.Executor`` runs the batches, Dask's included::

    from dask.distributed import Client
    client = Client("tcp://scheduler:8786")        # or Client(LocalCluster(...))
    records = simulate(100_000, 3, "normal", seed=0, executor=client.get_executor())

Games are sent in batches (``batch_size``, by default enough for about 8 batches per
worker and at most 200 games each), so that sending one costs little against playing it
(a Dask task costs about 1.5 ms; a 3-player game of ``greedy`` bots takes about 3 s of
CPU, of ``normal`` bots, whose Mollusk looks ahead, about 30 s).
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from numbers import Integral
from typing import Any, Union

from .analysis import _progress, wilson
from .levels import make_bot
from ..engine import State, new_game
from ..engine.components import MARKET_CARDS
from ..engine.schema import RULES
from ..engine.state import player_count
from ..engine.rules import name

__all__ = ["simulate", "play_game", "replay", "summary", "Records"]

BotSpec = Union[str, tuple]  # "normal", ("hard", {"iterations": 200}) or (name, factory)
FIELDS = ("game", "seed", "players", "bots", "winner", "winners", "rounds", "decisions",
          "fame", "final_fame", "crew", "deliveries", "battles_won", "fame_facts", "actions",
          "dice")


class Records(list):
    """One dict per game (see :func:`play_game`), with :meth:`to_pandas`."""

    def to_pandas(self):
        """A ``pandas.DataFrame``, one row per game.

        Per-faction columns are flattened: ``fame_<faction>`` (the final Fame),
        ``bot_<faction>``, ``deliveries_<faction>``, ``battles_won_<faction>``,
        ``crew_<faction>`` (the Crew it recruited, a list), ``fame_<source>_<faction>``
        (its Fame from ``control``, ``delivery``, ``reward``, ``pledge``); ``fame_by_round`` keeps
        each faction's Fame at the end of every round.
        """
        import pandas as pd
        rows = []
        for r in self:
            row = {k: r[k] for k in ("game", "seed", "players", "winner", "rounds", "decisions")}
            row["winners"] = list(r["winners"])
            for f in r["final_fame"]:
                row[f"bot_{f}"] = r["bots"][f]
                row[f"fame_{f}"] = r["final_fame"][f]
                row[f"deliveries_{f}"] = r["deliveries"].get(f, 0)
                row[f"battles_won_{f}"] = r["battles_won"].get(f, 0)
                row[f"crew_{f}"] = list(r["crew"].get(f, []))
                for source in ("control", "delivery", "reward", "pledge"):
                    row[f"fame_{source}_{f}"] = sum(
                        x["fame"] for x in r.get("fame_facts", ())
                        if x["faction"] == f and x["source"] == source)
            row["fame_by_round"] = r["fame"]
            rows.append(row)
        return pd.DataFrame(rows)


def _bot_name(spec: BotSpec) -> str:
    return spec if isinstance(spec, str) else spec[0]


def _make(spec: BotSpec, seed: int):
    if isinstance(spec, str):
        return make_bot(spec, seed=seed)
    kind, options = spec
    if callable(options):  # (name, factory): a bot from outside the levels, by its seed
        return options(seed)
    return make_bot(kind, seed=seed, **dict(options))


def _seat_specs(players: int, bots) -> list[BotSpec]:
    """One bot spec per seat, from a name, a list (per seat) or ``{faction: spec}``."""
    seats = new_game(players, seed=0).players
    if isinstance(bots, (str, tuple)):
        specs = [bots] * players
    elif isinstance(bots, Mapping):
        unknown = [f for f in bots if f not in seats]
        if unknown:
            raise ValueError(f"{', '.join(unknown)} not in a {players}-player game "
                             f"({', '.join(seats)})")
        specs = [bots.get(f, "normal") for f in seats]
    elif isinstance(bots, Iterable):
        specs = list(bots)
        if len(specs) != players:
            raise ValueError(f"{len(specs)} bots for {players} players")
    else:
        raise ValueError(f"bots is a bot's name, one per seat or {{faction: name}}, not {bots!r}")
    for spec in specs:
        if not (isinstance(spec, tuple) and callable(spec[1])):
            make_bot(_bot_name(spec), seed=0)  # unknown names fail here, not in a worker
    return specs


def play_game(players: int, specs: Sequence[BotSpec], seed: int, game: int = 0,
              limit: int = 20_000, played: bool = False) -> dict:
    """Play one whole game and return its record.

    ``specs``: one bot spec per seat. The record: ``game``, ``seed``, ``players``, ``bots``
    (faction → name), ``winner`` (``None`` on a full tie), ``winners``, ``rounds``,
    ``decisions``, ``fame`` (faction → Fame at the end of each round), ``final_fame``,
    ``crew`` (faction → Crew recruited, in order), ``deliveries`` and ``battles_won``
    (faction → count), ``fame_facts`` (every gain of Fame, from the log's facts:
    ``faction``, ``fame``, ``source``, ``round``, and for control the ``region`` as
    ``"bluefin-home"``, ``"mollusk-home"`` (the two regions of the setup) or
    ``"explored"``), ``actions`` (faction → how often it chose each verb: ``sail``,
    ``move``, ``deliver``...), ``dice`` (faction → the die slots it placed dice on, and how
    often: ``sail``, ``rally``, a Crew card's...).
    ``played=True`` adds ``played``, every action's notation in order, and ``rules``, the
    edition of the rules it was played under: :func:`replay` plays them again.

    >>> r = play_game(2, ["random", "random"], seed=3, played=True)
    >>> r["winners"] == [r["winner"]] or r["winner"] is None
    True
    >>> replay(r).winners == r["winners"]
    True
    """
    s = new_game(players, seed=seed)
    seats = s.players
    bots = {f: _make(spec, seed * 10 + i + 1) for i, (f, spec) in enumerate(zip(seats, specs))}
    names = {name(f): f for f in seats}
    fame = {f: [] for f in seats}
    crew = {f: [] for f in seats}
    deliveries = {f: 0 for f in seats}
    battles = {f: 0 for f in seats}
    fame_facts = []
    actions = {f: {} for f in seats}
    dice = {f: {} for f in seats}
    home = None  # the region of Bluefin's setup Island
    decisions = 0
    moves = []
    while not s.is_over and decisions < limit:
        who = s.current_player
        before_round = s.round
        owned = {f: len(s.data["factions"][f]["crew"]) for f in seats}
        action = bots[who].choose(s)
        s.apply(action)
        moves.append(action.notation)
        decisions += 1
        actions[who][action.verb] = actions[who].get(action.verb, 0) + 1
        args = action.args
        slot = args.get("slot") if "die" in args else "recruit" if args.get("pay") == "die" else None
        if slot is not None:
            dice[who][slot] = dice[who].get(slot, 0) + 1
        if home is None and s.data["phase"] != "setup":
            at = next(tuple(f["at"]) for f in s.data["figures"] if f["id"] == "bluefin")
            home = next(r["region"] for r in s.regions() if at in r["spaces"])
        for fact in s.log[-1].facts:
            if fact["kind"] == "fame":
                row = {k: fact[k] for k in ("faction", "fame", "source", "round")}
                if "region" in fact:
                    row["region"] = ("bluefin-home" if fact["region"] == home else
                                     "mollusk-home" if fact["region"] < 2 else "explored")
                fame_facts.append(row)
        if action.verb == "deliver":
            deliveries[who] += 1
        for event in s.log[-1].events:
            if " wins the battle " in event:
                winner = names.get(event.split(" wins the battle ")[0])
                if winner:
                    battles[winner] += 1
        for f in seats:
            cards = s.data["factions"][f]["crew"]
            for entry in cards[owned[f]:]:
                crew[f].append(MARKET_CARDS[entry["card"]]["slug"])
        if s.round != before_round or s.is_over:
            for f in seats:
                fame[f].append(s.fame[f])
    record = {"game": game, "seed": seed, "players": players,
              "bots": {f: _bot_name(spec) for f, spec in zip(seats, specs)},
              "winner": s.winner, "winners": s.winners, "rounds": s.round, "decisions": decisions,
              "fame": fame, "final_fame": s.fame, "crew": crew, "deliveries": deliveries,
              "battles_won": battles, "fame_facts": fame_facts, "actions": actions,
              "dice": dice}
    if played:
        record.update(played=moves, rules=RULES)
    return record


def replay(record: Mapping, upto: int | None = None) -> State:
    """The game of a record with ``played`` (this module's, or ``scripts/tournament.py``'s),
    after its first ``upto`` actions (default: all), under the rules it was played with
    (a record without ``rules`` was written before the rules had editions: the first)."""
    s = new_game(record["players"], seed=record["seed"], rules=record.get("rules", 1))
    for notation in record["played"][:upto]:
        s.apply(notation)
    return s


def _play_batch(players: int, specs, jobs: list[tuple[int, int]],
                played: bool = False) -> list[dict]:
    # One batch, wherever the executor runs it: plain data in, plain data out.
    return [play_game(players, specs(seed, players) if callable(specs) else specs, seed, game,
                      played=played) for game, seed in jobs]


def simulate(games: int, players: int = 3, bots: Any = "normal", seed: int = 0,
             executor: Executor | str | None = None, progress: bool = True,
             batch_size: int | None = None, played: bool = False) -> Records:
    """Play ``games`` whole games between bots; one record per game, in game order.

    * ``players``: 2, 3 or 4; ``bots``: a name for every seat, one per seat (a list),
      or ``{faction: name}`` (others ``"normal"``); a name may be ``(name, {options})``,
      or ``(name, factory)`` with ``factory(seed)`` making the bot. ``bots`` may also be a
      function of the game's seed and ``players`` giving one spec per seat, so each game
      seats its own bots (the rating ladder's draw, :class:`ahoy_nb.ai.ladder.Draw`); it
      must pickle, to reach a worker.
    * ``seed``: game ``i`` uses seed ``seed + i``.
    * ``executor``: ``None`` (a process pool on the local cores), ``"inline"`` (this
      process), or any ``concurrent.futures.Executor`` (Dask: ``client.get_executor()``).
    * ``progress``: a ``tqdm`` progress bar counting games.
    * ``played``: keep every game's actions, in notation, in its record (``"played"``), to
      replay any position of it (see :func:`play_game`).

    Returns :class:`Records` (a list of dicts; ``.to_pandas()`` for a DataFrame).
    """
    if not isinstance(games, Integral) or games < 0:
        raise ValueError(f"games is a number of games, not {games!r}")
    if not isinstance(seed, Integral):
        raise ValueError(f"seed is a whole number (game i uses seed + i), not {seed!r}")
    games, seed = int(games), int(seed)   # numpy's too: the records are JSON
    players = player_count(players)
    specs = bots if callable(bots) and not isinstance(bots, tuple) else _seat_specs(players, bots)
    jobs = [(i, seed + i) for i in range(games)]
    own_pool = None
    workers = 1
    if executor is None:
        workers = os.cpu_count() or 1
        own_pool = executor = ProcessPoolExecutor(workers) if games > 1 else "inline"
    elif executor != "inline":
        workers = getattr(executor, "_max_workers", None) or 4
    if batch_size is None:
        batch_size = max(1, min(200, -(-games // (8 * workers))))
    batches = [jobs[i:i + batch_size] for i in range(0, games, batch_size)]
    bar = _progress(games, "games", progress, unit="game", delay=0.0, leave=True)
    records = Records()
    try:
        if executor == "inline":
            for batch in batches:
                records.extend(_play_batch(players, specs, batch, played))
                bar.update(len(batch))
        else:
            futures = [executor.submit(_play_batch, players, specs, b, played) for b in batches]
            done = {}
            index = {f: i for i, f in enumerate(futures)}
            for future in as_completed(futures):
                done[index[future]] = future.result()
                bar.update(len(done[index[future]]))
            for i in range(len(futures)):
                records.extend(done[i])
    finally:
        bar.close()
        if isinstance(own_pool, Executor):
            own_pool.shutdown()
    return records


def summary(records: Iterable[dict]) -> list[dict]:
    """Win rate per faction and bot, with a 95% interval: ``[{faction, bot, games, wins, rate, low, high}]``.

    A full tie counts as a shared win.
    """
    table: dict[tuple[str, str], list[float]] = {}
    for r in records:
        for f, bot in r["bots"].items():
            row = table.setdefault((f, bot), [0.0, 0])
            row[0] += (1.0 / len(r["winners"])) if f in r["winners"] else 0.0
            row[1] += 1
    out = []
    for (f, bot), (wins, n) in table.items():
        low, high = wilson(wins, n)
        out.append({"faction": f, "bot": bot, "games": n, "wins": wins, "rate": wins / n,
                    "low": low, "high": high})
    return out
