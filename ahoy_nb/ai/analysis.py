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

import math
import random
import secrets
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from ..engine import Action, IllegalActionError, State
from ..engine.chance import battle_outcomes
from ..engine.observe import determinize
from ..engine.notation import normalise, parse

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


class Evaluation(dict):
    """``{faction: chance to win}`` (summing to 1), with ``interval`` (95%) and ``simulations``."""

    def __init__(self, chances: dict[str, float], interval: dict[str, tuple[float, float]],
                 simulations: int, viewer: str | None):
        super().__init__(chances)
        self.interval = interval
        self.simulations = simulations
        self.viewer = viewer

    def __repr__(self) -> str:
        body = ", ".join(f"{f}: {p:.1%} [{self.interval[f][0]:.1%}, {self.interval[f][1]:.1%}]"
                         for f, p in self.items())
        return f"Evaluation({body}; {self.simulations} simulations)"


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


def evaluate(state: State, viewer: str | None = None, simulations: int = 400,
             seed: int | None = None, executor=None, progress: bool | None = None) -> Evaluation:
    """Each faction's chance to win from ``state``, as ``viewer`` may see it.

    ``viewer``: whose knowledge to use (``None``: the player to decide; ``"public"``: a
    spectator, who sees no secret). Each of the
    ``simulations`` guesses the secrets ``viewer`` cannot see, then plays on with random
    legal actions to the end. Returns an :class:`Evaluation`: ``{faction: chance}``
    summing to 1, with a 95% ``interval`` per faction. ``executor``: any
    ``concurrent.futures.Executor`` (a process pool, Dask's ``client.get_executor()``);
    ``None`` runs here. A ``tqdm`` bar shows when it takes over a second.

    >>> from ahoy_nb.engine import new_game
    >>> e = evaluate(new_game(2, seed=1), simulations=20, seed=0)
    >>> sorted(e), round(sum(e.values()), 6)
    (['bluefin', 'mollusk'], 1.0)
    """
    if simulations < 1:
        raise ValueError(f"simulations is a positive number, not {simulations!r}")
    if viewer is None:
        viewer = state.current_player
    if state.is_over:
        winners = state.winners or state.players
        chances = {f: (1.0 / len(winners) if f in winners else 0.0) for f in state.players}
        return Evaluation(chances, {f: (p, p) for f, p in chances.items()}, 0, viewer)
    jobs = [(None, s) for s in _seeds(seed, simulations)]
    results = [r for r in _run(state, viewer, jobs, executor, "evaluate", progress) if r]
    n = len(results)
    totals = {f: sum(r[f] for r in results) for f in state.players}
    chances = {f: totals[f] / n for f in state.players}
    return Evaluation(chances, {f: wilson(totals[f], n) for f in state.players}, n, viewer)


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
