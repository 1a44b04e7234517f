"""Exact battle odds, from the engine's own chance mechanism; and who is winning, by simulation.

:func:`evaluate` (each faction's chance to win) and :func:`best_actions` (the best
actions for the player to decide) play the position out many times from what a viewer
may see; see their notes and ``docs/bots.md``.

``State.outcomes(action)`` lists every outcome of the battle roll an action
triggers, with its probability and the position that follows; nothing here
samples. :func:`battle_odds` asks, at a Cannons decision, how likely each choice
is to win.

>>> from ahoy_nb.engine import scenario
>>> s = scenario(players=3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
...              figures={"mollusk": "2,2", "smuggler1": "2,2", "bluefin": "0,0"},
...              turn="mollusk", dice={"mollusk": [3, 5]}, placed={"mollusk": {"cannons": 4}},
...              hand=[])
>>> for a in ("sail 3", "move 3,2", "move 2,2", "battle smuggler1"):
...     _ = s.apply(a)
>>> odds = battle_odds(s)            # {how far the die is turned down: P(Mollusk wins)}
>>> sorted(odds)
[0, 1, 2, 3]
>>> round(odds[0], 4), round(odds[3], 4)   # 21/36 holding; 33/36 turning 4 down to 1
(0.5833, 0.9167)
"""

from __future__ import annotations

import marshal
import math
import random
import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from .winchance import WinModel, lateness
from ..engine import Action, IllegalActionError, State
from ..engine.chance import battle_outcomes
from ..engine.observe import determinize
from ..engine.notation import normalise, parse
from ..engine.words import label

Policy = Literal["best", "hold", "all"]


def _fight(state: State) -> dict | None:
    for frame in reversed(state.data["pending"]):
        if frame["type"] == "fight":
            return frame
    return None


def _owner(state: State, fid: str) -> str | None:
    return next((f["owner"] for f in state.figures() if f["id"] == fid), None)


def battle_winner(state: State) -> str | None:
    """The faction that won the battle just rolled in ``state``, if one was rolled."""
    fight = _fight(state)
    if fight is not None and fight.get("winner"):
        return _owner(state, fight[fight["winner"]])
    for frame in reversed(state.data["pending"]):
        if frame["type"] == "victory":
            return frame["player"]
    for entry in state.log[-1:]:
        for fact in reversed(entry.facts):
            if fact["kind"] == "battle":
                return fact["winner"]
    return None


def fire_amount(action: Action | str) -> int:
    """How far an action turns a Cannons die down: ``fire 4>1`` -> 3, ``hold`` -> 0.

    >>> fire_amount("fire 4>1"), fire_amount("hold")
    (3, 0)
    """
    args = action.args if isinstance(action, Action) else parse(normalise(action))[1]
    return args["die"] - args["value"] if "die" in args else 0


def _p_win(state: State, me: str, action: str, defender: Policy) -> Fraction:
    """The chance that ``me`` wins once ``action`` is applied, rolling exactly."""
    total = Fraction(0)
    for p, outcome, after in state.outcomes(action):
        p = Fraction(p).limit_denominator(10 ** 6)
        winner = battle_winner(after) if (outcome is not None or _rolled(after)) else None
        if winner is not None:
            total += p if winner == me else 0
        else:
            total += p * _p_decide(after, me, defender)
    return total


def _rolled(state: State) -> bool:
    fight = _fight(state)
    return fight is None or bool(fight.get("roll"))


def _p_decide(state: State, me: str, defender: Policy) -> Fraction:
    """The chance ``me`` wins from a position before the roll, whoever decides."""
    top = state.data["pending"][-1] if state.data["pending"] else None
    if top is None or top["type"] != "fire":
        raise ValueError("the battle went somewhere battle_odds does not follow "
                         f"({state.prompt})")
    options = [str(a) for a in state.legal_actions()]
    chances = [_p_win(state, me, o, defender) for o in options]
    if state.current_player == me:
        return max(chances)
    if defender == "hold" and "hold" in options:
        return chances[options.index("hold")]
    return min(chances)  # the other side fires as well as it can


def battle_odds(state: State, against: Policy = "best", exact: bool = False) -> dict[int, float]:
    """At a Cannons decision in a battle: ``{amount turned down: P(the decider wins)}``.

    ``against``: how the other side answers when it fires after you (you attack and
    the defender still has a die on Cannons): ``"best"`` (it turns its die down as far
    as helps it most) or ``"hold"`` (it keeps its die). ``exact=True`` gives
    ``Fraction`` s.

    Raises ``ValueError`` when nobody is deciding how far to fire.
    """
    top = state.data["pending"][-1] if state.data["pending"] else None
    if top is None or top["type"] != "fire":
        raise ValueError("battle_odds needs a position where a side decides how far to turn "
                         f"down its Cannons; now: {state.prompt}")
    me = state.current_player
    state = state.copy()
    state.data["fixed"].pop("battle", None)  # the real odds, not a lesson's fixed roll
    out: dict[int, Fraction] = {}
    for action in state.legal_actions():
        n = fire_amount(action)
        p = _p_win(state, me, str(action), against)
        out[n] = max(out.get(n, Fraction(0)), p)  # two dice on Cannons: the better one
    out = dict(sorted(out.items()))
    return out if exact else {k: float(v) for k, v in out.items()}


def win_chance(my_bonus: int, their_bonus: int, attacker: bool = True,
               my_dice: int = 1, their_dice: int = 1) -> Fraction:
    """P(win) for totals ``dice + bonus``, from the engine's list of battle rolls.

    >>> win_chance(3, 0)        # the rulebook example: +3 against +0, attacker wins ties
    Fraction(11, 12)
    """
    rolls = battle_outcomes(my_dice, their_dice) if attacker else battle_outcomes(their_dice, my_dice)
    wins = 0
    for a, d in rolls:
        mine, theirs = (a, d) if attacker else (d, a)
        m, t = sum(mine) + my_bonus, sum(theirs) + their_bonus
        wins += (m >= t) if attacker else (m > t)
    return Fraction(wins, len(rolls))


# -- who is winning: Monte Carlo analysis of a position ----------------------------------
#
# A simulation determinizes the position from what the viewer may see (a fresh guess of
# every secret and a fresh generator, from the simulation's own seed), then plays it to
# the end with random legal actions. A full tie shares the win. Simulations are sent to
# an executor in batches; each is a pure function of (position, viewer, action, seed), so
# the figures do not depend on where they ran.

PLAYOUT_LIMIT = 20_000  # decisions: a safety net, far beyond any real game


Method = Literal["blend", "model", "playouts"]
METHODS = ("blend", "model", "playouts")

#: Before the game is over no faction is shown below ``FLOOR`` (nor any above 1 - (players
#: - 1) x it), and at the start below ``START_FLOOR``, the floor falling in between as the
#: leader nears 30 Fame (:func:`floor_at`): the model is fitted on bots' games, which say
#: little of how a person plays a faction, least of all at the start.
FLOOR = 0.01
START_FLOOR = 0.03


class Evaluation(dict):
    """``{faction: chance to win}`` (summing to 1), with ``interval`` (95%), ``simulations``
    (the playouts that went into it), ``viewer`` and ``method``; ``model`` and
    ``playouts`` keep each part's own chances (``None`` if it was not used)."""

    def __init__(self, chances: dict[str, float], interval: dict[str, tuple[float, float]],
                 simulations: int, viewer: str | None, method: str = "playouts",
                 model: dict[str, float] | None = None,
                 playouts: dict[str, float] | None = None):
        super().__init__(chances)
        self.interval = interval
        self.simulations = simulations
        self.viewer = viewer
        self.method = method
        self.model = model
        self.playouts = playouts

    def __repr__(self) -> str:
        body = ", ".join(f"{f}: {p:.1%} [{self.interval[f][0]:.1%}, {self.interval[f][1]:.1%}]"
                         for f, p in self.items())
        return f"Evaluation({body}; {self.method}, {self.simulations} simulations)"


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default).

    >>> [round(x, 3) for x in wilson(7, 10)]
    [0.397, 0.892]
    """
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends, free of rounding
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def playout(state: State, viewer: str | None, seed: int, action: str | None = None) -> dict[str, float]:
    """One simulation: each faction's share of the win (1 to the winner, split on a full tie).

    ``state`` is first determinized from what ``viewer`` may see (``"public"``: a
    spectator, who sees no secret); ``action``, if given, is applied before the random
    playout.
    """
    world = determinize(state, None if viewer == "public" else viewer, seed)
    rng = random.Random(seed)
    if action is not None:
        world.apply(action)
    n = 0
    while not world.is_over and n < PLAYOUT_LIMIT:
        options = world.legal_actions()
        world.apply(options[rng.randrange(len(options))].notation)
        n += 1
    winners = world.winners or world.players
    return {f: (1.0 / len(winners) if f in winners else 0.0) for f in world.players}


def _playouts(data: dict, viewer: str | None, jobs: list[tuple[str | None, int]]) -> list[dict]:
    # One batch, run wherever the executor puts it: plain data in, plain data out.
    state = State(data)
    out = []
    for action, seed in jobs:
        try:
            out.append(playout(state, viewer, seed, action))
        except IllegalActionError:
            out.append(None)  # the action is not legal in this guess of the secrets
    return out


def _run(state: State, viewer: str | None, jobs: list[tuple[str | None, int]], executor,
         desc: str, progress: bool | None) -> list[dict | None]:
    """Run ``jobs`` in batches (locally, or on ``executor``), in order, with a progress bar."""
    size = max(8, len(jobs) // 16)
    batches = [jobs[i:i + size] for i in range(0, len(jobs), size)]
    bar = _progress(len(jobs), desc, progress)
    results: list = []
    try:
        if executor is None:
            for batch in batches:
                results.extend(_playouts(state.data, viewer, batch))
                bar.update(len(batch))
        else:
            futures = [executor.submit(_playouts, state.data, viewer, b) for b in batches]
            for future, batch in zip(futures, batches):
                results.extend(future.result())
                bar.update(len(batch))
    finally:
        bar.close()
    return results


class _NoBar:
    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress(total: int, desc: str, progress: bool | None, unit: str = "sim",
              delay: float = 1.0, leave: bool = False):
    """A ``tqdm.auto`` bar (a widget in a notebook) shown once the work has lasted ``delay``
    seconds; nothing when ``progress`` is False or tqdm is missing."""
    if progress is False:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc=desc, delay=delay, leave=leave, unit=unit)


def _seeds(seed: int | None, n: int, salt: int = 0) -> list[int]:
    rng = random.Random(secrets.randbits(64) if seed is None else f"{seed}/{salt}")
    return [rng.getrandbits(63) for _ in range(n)]


def blend(model: dict[str, float], playouts: dict[str, float], simulations: int,
          weight: float) -> dict[str, float]:
    """The model's chances and the playouts', the playouts counting ``n / (n + weight)``
    for ``n`` simulations (``weight`` is fitted on self-play: docs/judgement.md).

    >>> p = blend({"bluefin": 0.6, "mollusk": 0.4}, {"bluefin": 1.0, "mollusk": 0.0}, 100, 300)
    >>> {f: round(v, 6) for f, v in p.items()}
    {'bluefin': 0.7, 'mollusk': 0.3}
    """
    share = simulations / (simulations + weight) if simulations else 0.0
    return {f: (1 - share) * model[f] + share * playouts.get(f, 0.0) for f in model}


def floor_at(state: State) -> float:
    """The least chance shown for any faction at ``state``: 3% at the start, 1% once the
    leader has 30 Fame (linear in the leader's Fame).

    >>> from ahoy_nb.engine import new_game
    >>> floor_at(new_game(2, seed=1))
    0.03
    """
    return FLOOR + (START_FLOOR - FLOOR) * (1 - lateness(state))


def floored(chances: dict[str, float], floor: float = FLOOR) -> dict[str, float]:
    """``chances`` moved toward even just enough that none is below ``floor``.

    >>> floored({"bluefin": 0.999, "mollusk": 0.001})
    {'bluefin': 0.99, 'mollusk': 0.01}
    """
    n = len(chances)
    low = min(chances.values())
    if low >= floor or n < 2:
        return dict(chances)
    t = (floor - low) / (1.0 / n - low)
    return {f: round((1 - t) * p + t / n, 12) for f, p in chances.items()}


def evaluate(state: State, viewer: str | None = None, simulations: int = 400,
             seed: int | None = None, executor=None, progress: bool | None = None,
             method: Method = "blend") -> Evaluation:
    """Each faction's chance to win from ``state`` against these bots, as ``viewer`` may see it.

    ``viewer``: whose knowledge to use (``None``: the player to decide; ``"public"``: a
    spectator, who sees no secret). ``method``:

    * ``"model"``: the win-chance model (:mod:`ahoy_nb.ai.winchance`), fitted on the
      results of games between the hard bots; its interval is the model's own
      uncertainty. Instant.
    * ``"playouts"``: ``simulations`` random playouts, each from a guess of the secrets
      ``viewer`` cannot see, played to the end with random legal actions; its interval
      is the Wilson interval. Exact where every continuation ends alike, but random play
      is not good play: it favours Bluefin (docs/judgement.md).
    * ``"blend"`` (the default): the model, with the playouts counting ``n / (n + k)``
      (``k`` fitted on self-play, smaller near the end: :meth:`WinModel.playout_weight`);
      ``simulations=0`` is the model alone.

    With the model, no faction is below 3% at the start, nor below 1% until the game is
    over (:func:`floor_at`).
    Returns an :class:`Evaluation`: ``{faction: chance}`` summing to 1, with a 95%
    ``interval`` per faction. ``executor``: any ``concurrent.futures.Executor`` for the
    playouts (a process pool, Dask's ``client.get_executor()``); ``None`` runs here. A
    ``tqdm`` bar shows when they take over a second.

    >>> from ahoy_nb.engine import new_game
    >>> e = evaluate(new_game(2, seed=1), simulations=20, seed=0)
    >>> sorted(e), round(sum(e.values()), 6), e.method
    (['bluefin', 'mollusk'], 1.0, 'blend')
    >>> evaluate(new_game(2, seed=1), method="model").simulations
    0
    """
    if method not in METHODS:
        raise ValueError(f"method is one of {', '.join(METHODS)}, not {method!r}")
    if simulations < (1 if method == "playouts" else 0):
        raise ValueError(f"simulations is a positive number, not {simulations!r}")
    if viewer is None:
        viewer = state.current_player
    if state.is_over:
        winners = state.winners or state.players
        chances = {f: (1.0 / len(winners) if f in winners else 0.0) for f in state.players}
        return Evaluation(chances, {f: (p, p) for f, p in chances.items()}, 0, viewer, method)
    played = interval = None
    n = 0
    if method != "model" and simulations:
        jobs = [(None, s) for s in _seeds(seed, simulations)]
        results = [r for r in _run(state, viewer, jobs, executor, "evaluate", progress) if r]
        n = len(results)
        totals = {f: sum(r[f] for r in results) for f in state.players}
        played = {f: totals[f] / n for f in state.players}
        interval = {f: wilson(totals[f], n) for f in state.players}
    if method == "playouts":
        return Evaluation(played, interval, n, viewer, method, playouts=played)
    model = WinModel.load()
    mine = model.chances(state, viewer)
    spread = model.interval(state, viewer)
    chances, bounds = mine, spread
    if played is not None:
        k = model.playout_weight(state)
        chances = blend(mine, played, n, k)
        bounds = {f: tuple(blend({f: spread[f][i]}, {f: interval[f][i]}, n, k)[f]
                           for i in (0, 1)) for f in mine}
    least = floor_at(state)
    chances = floored(chances, least)
    bounds = {f: (max(least, min(lo, chances[f])), min(1 - least, max(hi, chances[f])))
              for f, (lo, hi) in bounds.items()}
    return Evaluation(chances, bounds, n, viewer, method, model=mine, playouts=played)


@dataclass(frozen=True)
class Estimate:
    """An action's estimated chance to win for the player choosing it."""

    action: Action
    win: float
    interval: tuple[float, float]
    simulations: int

    @property
    def notation(self) -> str:
        return self.action.notation


def best_actions(state: State, k: int = 5, simulations: int = 400, seed: int | None = None,
                 executor=None, progress: bool | None = None) -> list[Estimate]:
    """The ``k`` best actions for the player to decide, best first, each an :class:`Estimate`.

    Half the ``simulations`` are shared evenly between the legal actions; the other half
    between the ``2 k`` best of those. Each simulation applies the action to a guess of
    the secrets the player cannot see and plays on at random (see :func:`evaluate`).

    >>> from ahoy_nb.engine import new_game
    >>> top = best_actions(new_game(2, seed=1), k=2, simulations=20, seed=0)
    >>> [e.notation for e in top] in (['start 0,0', 'start 3,2'], ['start 3,2', 'start 0,0'])
    True
    """
    me = state.current_player
    if me is None:
        raise IllegalActionError("There is nothing to choose: the game is over")
    actions = {a.notation: a for a in state.legal_actions()}
    names = list(actions)
    first = max(len(names), simulations // 2)
    seeds = _seeds(seed, simulations + len(names), salt=1)
    jobs = [(names[i % len(names)], seeds[i]) for i in range(first)]
    results = _run(state, me, jobs, executor, "best actions", progress)
    tally = {a: [0.0, 0] for a in names}
    for (a, _), r in zip(jobs, results):
        if r is not None:
            tally[a][0] += r[me]
            tally[a][1] += 1
    mean = lambda a: tally[a][0] / tally[a][1] if tally[a][1] else -1.0  # noqa: E731
    rest = simulations - first
    if rest > 0:
        top = sorted(names, key=lambda a: (-mean(a), a))[:2 * k]
        jobs = [(top[i % len(top)], seeds[first + i]) for i in range(rest)]
        for (a, _), r in zip(jobs, _run(state, me, jobs, executor, "best actions", progress)):
            if r is not None:
                tally[a][0] += r[me]
                tally[a][1] += 1
    ranked = sorted((a for a in names if tally[a][1]), key=lambda a: (-mean(a), a))[:k]
    return [Estimate(actions[a], mean(a), wilson(*tally[a]), tally[a][1]) for a in ranked]


# -- game review: what each decision cost --------------------------------------------------
#
# Each decision is judged as its player saw it: every legal action is applied to a few
# guesses of the secrets that player could not see (``WORLDS``), and the model judges the
# position after it; where there is time and they count (near the end), random playouts
# from it are blended in as in ``evaluate``. The loss is the best action's chance minus
# the played action's, and the label follows lichess's thresholds on the chance to win.

#: How many guesses of the hidden facts each action is tried in.
WORLDS = 4
#: The least loss of win chance (0-1) for each label; below the first: ``good``, or
#: ``best`` when the action played is the best one found (or within 0.5% of it).
THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: Playouts are only played where each action's would count at least this much in the blend.
PLAYOUT_SHARE = 0.05


def grade(loss: float) -> str:
    """The label of a decision that lost ``loss`` of its player's chance to win.

    >>> [grade(x) for x in (0.0, 0.03, 0.07, 0.12, 0.4)]
    ['best', 'good', 'inaccuracy', 'mistake', 'blunder']
    """
    verdict = "best" if loss <= 0.005 else "good"
    for name, least in THRESHOLDS.items():
        if loss >= least:
            verdict = name
    return verdict


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed game, judged as its ``player`` saw it.

    ``index``: the action's number in the game (the position before it is ``index``;
    the scrubber's position after it is ``index + 1``); ``before``: the player's chance
    before it (the model's); ``after``: the chance of the action played; ``best``: the
    best action found and ``best_after`` its chance; ``loss`` = ``best_after - after``
    (never below 0); ``label``: see :func:`grade`; ``options``: legal actions;
    ``simulations``: playouts spent on it (0: the model alone).
    """

    index: int
    round: int
    player: str
    action: str
    words: str
    before: float
    after: float
    best: str
    best_words: str
    best_after: float
    loss: float
    label: str
    options: int
    simulations: int

    @property
    def is_mistake(self) -> bool:
        """An inaccuracy, a mistake or a blunder."""
        return self.label in THRESHOLDS


@dataclass
class Review:
    """A reviewed game: ``decisions`` (one :class:`Decision` per decision reviewed, in
    order), ``chances`` (each faction's chance at every position, ``0..len(history)``,
    as ``viewer`` saw it: the line of the chart), ``player`` (whose decisions:
    ``None`` for everyone's) and ``viewer``."""

    player: str | None
    viewer: str | None
    decisions: list[Decision]
    chances: list[dict[str, float]]

    def mistakes(self, least: str = "inaccuracy") -> list[Decision]:
        """The decisions labelled ``least`` or worse."""
        bar = LABELS.index(least)
        return [d for d in self.decisions if LABELS.index(d.label) >= bar]

    def summary(self) -> dict[str, dict]:
        """Per player: decisions, how many of each label, and the average loss."""
        out: dict[str, dict] = {}
        for d in self.decisions:
            row = out.setdefault(d.player, {"decisions": 0, "loss": 0.0,
                                            **{name: 0 for name in LABELS}})
            row["decisions"] += 1
            row[d.label] += 1
            row["loss"] += d.loss
        for row in out.values():
            row["average_loss"] = row.pop("loss") / row["decisions"]
        return out

    def to_pandas(self):
        """A ``pandas.DataFrame``, one row per decision."""
        import pandas as pd
        from dataclasses import asdict
        return pd.DataFrame([asdict(d) for d in self.decisions])


def _share(state: State, player: str) -> float:
    winners = state.winners or state.players
    return 1.0 / len(winners) if player in winners else 0.0


def _judge(data: dict, player: str, seed: int, simulations: int, weight: float) -> dict:
    """Every legal action's chance for ``player`` at a position (one job, plain data)."""
    state = State(data)
    model = WinModel.load()
    rng = random.Random(seed)
    worlds = [determinize(state, player, rng.getrandbits(63)) for _ in range(WORLDS)]
    actions = [a.notation for a in state.legal_actions()]
    per_action = simulations // len(actions) if simulations else 0
    values = {}
    for a in actions:
        seen = []
        for world in worlds:
            after = State(marshal.loads(marshal.dumps(world.data)))
            try:
                after.apply(a)
            except IllegalActionError:
                continue  # not legal in this guess of the hidden facts
            seen.append(_share(after, player) if after.is_over
                        else model.chances(after, player)[player])
        mine = sum(seen) / len(seen) if seen else 0.0
        if per_action:
            runs = [playout(state, player, rng.getrandbits(63), a) for _ in range(per_action)]
            runs = [r for r in runs if r]
            if runs:
                played = sum(r[player] for r in runs) / len(runs)
                mine = blend({player: mine}, {player: played}, len(runs), weight)[player]
        values[a] = mine
    return {"values": values, "simulations": per_action * len(actions)}


def _judge_batch(jobs: list[tuple]) -> list[dict]:
    return [_judge(*job) for job in jobs]


def review(state: State, player: str | None = None, simulations: int = 200,
           seed: int | None = 0, executor=None, progress: bool | None = True,
           first: int = 0) -> Review:
    """Review a finished (or current) game: what each decision cost its player.

    For each decision of ``player`` (``None``: of every player) in ``state``'s history:
    the player's chance to win before it, the chance of the action played, the best
    action found and its chance, the loss and a label (``best``, ``good``,
    ``inaccuracy``, ``mistake``, ``blunder``: :data:`THRESHOLDS`). Every decision is
    judged as its player saw it then: its own secrets, a guess of the others'
    (:data:`WORLDS` guesses). A decision with one legal action is ``best``.

    ``simulations``: random playouts a decision at most, shared among its actions and
    blended with the model as in :func:`evaluate`; they are played only where each
    action's would count at least 5% (:data:`PLAYOUT_SHARE`: decisions with few options,
    and more of them near the end), the rest by the model alone. ``first``: judge only
    the decisions from action ``first`` on (the chance line is still the whole game's).
    ``executor``: any ``concurrent.futures.Executor`` for the work; ``None`` runs here.
    The chance line (:attr:`Review.chances`) is as ``player`` saw the game (a
    spectator for ``None``).

    Against these bots: the chances are those of the win-chance model and of random
    playouts (docs/judgement.md), not of perfect play.

    >>> import random
    >>> from ahoy_nb.engine import new_game
    >>> s, r = new_game(2, seed=3), random.Random(3)
    >>> for _ in range(6):
    ...     _ = s.apply(r.choice(s.legal_actions()))
    >>> rv = review(s, "bluefin", simulations=0, progress=False)
    >>> [d.player for d in rv.decisions] == [e.player for e in s.log[1:] if e.player == "bluefin"]
    True
    >>> len(rv.chances) == len(s.history) + 1
    True
    """
    players = state.players
    if player is not None and player not in players:
        raise ValueError(f"{player!r} is not playing this game ({', '.join(players)})")
    if simulations < 0:
        raise ValueError(f"simulations is a number of playouts, not {simulations!r}")
    model = WinModel.load()
    n = len(state.history)
    shift = len(state.log) - n
    positions = [State(marshal.loads(data)) for data in state.history] + [state]
    viewer = "public" if player is None else player
    chances = [({f: _share(p, f) for f in players} if p.is_over
                else floored(model.chances(p, viewer), floor_at(p))) for p in positions]
    seeds = _seeds(seed, n, salt=2)
    picked = []  # (index, decider, job)
    for i in range(max(0, first), n):
        entry = state.log[shift + i]
        who = entry.player
        if player is not None and who != player:
            continue
        p = positions[i]
        sims = simulations
        weight = model.playout_weight(p)
        each = sims // max(1, len(p.legal_actions()))
        if each / (each + weight) < PLAYOUT_SHARE:
            sims = 0   # each action's playouts would hardly count: the model alone
        picked.append((i, who, (p.data, who, seeds[i], sims, weight)))
    # Decisions with one legal action need no work.
    many = [(i, who, job) for i, who, job in picked if len(positions[i].legal_actions()) > 1]
    bar = _progress(len(many), "review", progress, unit="decision", delay=1.0)
    judged: dict[int, dict] = {}
    size = max(1, len(many) // 16)
    batches = [many[k:k + size] for k in range(0, len(many), size)]
    try:
        if executor is None:
            results = (_judge_batch([job for _, _, job in b]) for b in batches)
        else:
            futures = [executor.submit(_judge_batch, [job for _, _, job in b]) for b in batches]
            results = (f.result() for f in futures)
        for b, result in zip(batches, results):
            for (i, _, _), r in zip(b, result):
                judged[i] = r
            bar.update(len(b))
    finally:
        bar.close()
    decisions = []
    for i, who, _ in picked:
        p = positions[i]
        action = state.log[shift + i].action
        before = model.chances(p, who)[who]
        r = judged.get(i)
        if r is None or action not in r["values"]:
            best, best_after, after, sims, options = action, before, before, 0, 1
        else:
            values = r["values"]
            best = max(values, key=lambda a: (values[a], a == action))
            best_after, after = values[best], values[action]
            sims, options = r["simulations"], len(values)
        loss = max(0.0, best_after - after)
        decisions.append(Decision(
            i, p.round, who, action, label(p, action), before, after, best, label(p, best),
            best_after, loss, grade(loss) if best != action else "best", options, sims))
    return Review(player, viewer, decisions, chances)
