"""Exact battle odds, from the engine's own chance mechanism; who is winning; the game review.

Every chance to win a screen shows comes from one estimator (docs/judgement.md):
:func:`evaluate` (each faction's chance at a position), :func:`judge` and
:func:`best_actions` (each action's chance: the chance of the position after it), and
:func:`review` (what each decision of a game cost). The win-chance model judges the
position once the action under way is settled; random playouts refine it where they
have been played enough. All of it is against these bots, from what a viewer may see.

``State.outcomes(action)`` lists every outcome of the battle roll an action
triggers, with its probability and the position that follows; nothing here
samples. :func:`battle_odds` asks, at a Cannons decision, how likely each choice
is to win.

>>> from ahoy_nb.engine import rulebook_battle
>>> s = rulebook_battle()           # the Mollusk's 4 on Cannons, against Smuggler 1
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
from ..engine.chance import battle_outcomes, whole_seed
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


# -- who is winning: one estimator ----------------------------------------------------------
#
# Every chance to win that a screen shows (the chart, a hint, a review, the advisers) is
# made by :func:`_estimate`, from two parts (docs/judgement.md):
#
# * the **model** (winchance.py: who these bots went on to win from positions like this
#   one) judges the position once it is *settled*: the decisions left inside the action
#   under way (the spaces of a Sail, the slot a damage takes...) taken by their player as
#   the model likes best for it (:func:`settle`), so that an action is judged by where it
#   leads, not by the half-done position right after its first choice;
# * **random playouts**, each from a guess of what the viewer cannot see played to the
#   end with random legal actions, refine it where they have been played
#   enough: ``n`` of them count ``n / (n + k)`` beside the model (``k`` fitted on the
#   bots' games, smaller near the end: :meth:`WinModel.playout_weight`), and none are
#   played where they would count under :data:`PLAYOUT_SHARE`.
#
# An action's chance is the chance of the position after it, judged so from the
# chooser's view: the action applied to one guess of the hidden facts (the same guess for
# every action), its first random event averaged over up to ACTION_SAMPLES outcomes.
# Everything is a function of (position, viewer, budget, seed): the same question asked
# by the chart, a hint and a review gets the same answer, wherever it runs.

PLAYOUT_LIMIT = 20_000  # decisions: a safety net, far beyond any real game

#: Before the game is over no faction is shown below ``FLOOR`` (nor any above 1 - (players
#: - 1) x it), and at the start below ``START_FLOOR``, the floor falling in between as the
#: leader nears 30 Fame (:func:`floor_at`): the model is fitted on bots' games, which say
#: little of how a person plays a faction, least of all at the start.
FLOOR = 0.01
START_FLOOR = 0.03
#: Decisions followed inside the action under way when a position is settled, at most.
SETTLE_DEPTH = 8
#: Outcomes of a random event averaged when a follow-up choice is weighed (settling) ...
CHANCE_SAMPLES = 3
#: ... and when an action is judged.
ACTION_SAMPLES = 6
#: Playouts are only played where they would count at least this much beside the model.
PLAYOUT_SHARE = 0.05
#: A hint's and a review's playouts go to the actions the model likes best, this many.
PLAYED_ACTIONS = 6


def percent(p: float, decided: bool = False) -> str:
    """A chance in words: never 0% or 100% unless the result is decided.

    >>> percent(0.004), percent(0.5), percent(1.0), percent(1.0, decided=True)
    ('under 1%', '50%', 'over 99%', '100%')
    """
    if not decided:
        if p < 0.005:
            return "under 1%"
        if p > 0.995:
            return "over 99%"
    return f"{p:.0%}"


def interval(low: float, high: float) -> str:
    """A 95% interval in percent (its ends may be 0 or 100: it is a range, not a claim).

    >>> interval(0.0, 0.0612), interval(0.94, 1.0)
    ('0–6%', '94–100%')
    """
    return f"{low * 100:.0f}–{high:.0%}"


class Evaluation(dict):
    """``{faction: chance to win}`` (summing to 1), with ``interval`` (95%), ``simulations``
    (the playouts that went into it) and ``viewer``; ``model`` and ``playouts`` keep each
    part's own chances (``playouts``: ``None`` when none were played)."""

    def __init__(self, chances: dict[str, float], interval: dict[str, tuple[float, float]],
                 simulations: int, viewer: str | None, model: dict[str, float] | None = None,
                 playouts: dict[str, float] | None = None):
        super().__init__(chances)
        self.interval = interval
        self.simulations = simulations
        self.viewer = viewer
        self.model = model
        self.playouts = playouts

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


def _result(state: State) -> dict[str, float]:
    """Each faction's share of the win of a finished game (a full tie shares it)."""
    winners = state.winners or state.players
    return {f: (1.0 / len(winners) if f in winners else 0.0) for f in state.players}


def _guess(state: State, viewer: str | None, seed: int) -> State:
    """A bare copy of ``state`` with what ``viewer`` cannot see guessed (``"public"``: a
    spectator, who sees no secret)."""
    return determinize(state, None if viewer == "public" else viewer, seed)


def _outcomes(state: State, action: str, rng: random.Random, samples: int) -> list[State]:
    """The positions after ``action`` (bare copies): one, or, when it sets off a random
    event, up to ``samples`` of its outcomes (a seeded sample; later events are drawn)."""
    probe = State(marshal.loads(marshal.dumps(state.data)))
    probe.chance = "explicit"
    probe.apply(action)
    if probe.current_player != "chance":
        probe.chance = "seeded"
        return [probe]
    outcomes = [o for o, _ in probe.chance_outcomes()]
    if len(outcomes) > samples:
        outcomes = rng.sample(outcomes, samples)
    out = []
    for outcome in outcomes:
        s = probe.copy().apply(outcome)
        s.chance = "seeded"   # the rest from the guess's own generator
        out.append(s)
    return out


def settle(state: State, viewer: str | None, rng: random.Random,
           model: WinModel | None = None) -> State:
    """``state`` (a guess of the hidden facts, which this changes) once the action under
    way is finished: each decision left inside it, up to :data:`SETTLE_DEPTH`, taken by its
    player as the model likes best for it, as ``viewer`` may know it (a random event on
    the way weighed over :data:`CHANCE_SAMPLES` outcomes, then drawn).

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=1).apply("start 0,0").apply("sail 3>4")
    >>> s.decision.kind, s.current_player                 # Bluefin's Sail: where to?
    ('move', 'bluefin')
    >>> w = settle(determinize(s, "bluefin", 0), "bluefin", random.Random(0))
    >>> w.decision.kind, w.current_player, w.figure("bluefin").at   # sailed on, next die
    ('turn', 'bluefin', (0, -1))
    """
    model = model or WinModel.load()
    for _ in range(SETTLE_DEPTH):
        if state.is_over or not state.data["pending"]:
            break
        options = state.legal_actions()
        choice = options[0]
        if len(options) > 1:
            who, best = state.current_player, None
            for option in options:
                try:
                    after = _outcomes(state, option.notation, rng, CHANCE_SAMPLES)
                except IllegalActionError:
                    continue
                v = sum(_result(s)[who] if s.is_over else model.chances(s, viewer)[who]
                        for s in after) / len(after)
                if best is None or v > best:
                    best, choice = v, option
        state.apply(choice.notation)
    return state


def playout(state: State, viewer: str | None, seed: int, action: str | None = None) -> dict[str, float]:
    """One simulation: each faction's share of the win (1 to the winner, split on a full tie).

    ``state`` is first determinized from what ``viewer`` may see (``"public"``: a
    spectator, who sees no secret); ``action``, if given, is applied before the random
    playout.
    """
    world = _guess(state, viewer, seed)
    rng = random.Random(seed)
    if action is not None:
        world.apply(action)
    n = 0
    while not world.is_over and n < PLAYOUT_LIMIT:
        options = world.legal_actions()
        world.apply(options[rng.randrange(len(options))].notation)
        n += 1
    return _result(world)


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
         desc: str, progress) -> list[dict | None]:
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


class _Calls:
    """A progress "bar" that calls ``report(done, total)`` as the work goes on."""

    def __init__(self, report, total: int):
        self.report, self.total, self.done = report, total, 0
        report(0, total)

    def update(self, n: int) -> None:
        self.done += n
        self.report(self.done, self.total)

    def close(self) -> None:
        pass   # the report has nothing to let go of (a bar's protocol)


def _progress(total: int, desc: str, progress, unit: str = "sim",
              delay: float = 1.0, leave: bool = False):
    """A ``tqdm.auto`` bar (a widget in a notebook) shown once the work has lasted ``delay``
    seconds; nothing when ``progress`` is False or tqdm is missing; a function
    ``progress(done, total)`` is called instead as the work goes on."""
    if callable(progress):
        return _Calls(progress, total)
    if progress is False:
        return _NoBar()
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _NoBar()
    return tqdm(total=total, desc=desc, delay=delay, leave=leave, unit=unit)


def _seeds(seed: int | None, n: int, salt: int = 0) -> list[int]:
    seed = whole_seed(seed)
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


def _lift(chances: dict[str, float], floor: float) -> float:
    """How far :func:`floored` moves ``chances`` toward even (0: not at all)."""
    n = len(chances)
    low = min(chances.values())
    return 0.0 if low >= floor or n < 2 else (floor - low) / (1.0 / n - low)


def floored(chances: dict[str, float], floor: float = FLOOR) -> dict[str, float]:
    """``chances`` moved toward even just enough that none is below ``floor``.

    >>> floored({"bluefin": 0.999, "mollusk": 0.001})
    {'bluefin': 0.99, 'mollusk': 0.01}
    """
    t = _lift(chances, floor)
    if not t:
        return dict(chances)
    return {f: round((1 - t) * p + t / len(chances), 12) for f, p in chances.items()}


@dataclass
class _Judged:
    """The model's part of an estimate: its chances and interval averaged over the
    settled positions judged (plain data), and the position that sets the playouts'
    weight and the floor (``None`` when every one of them is a finished game)."""

    chances: dict[str, float]
    interval: dict[str, tuple[float, float]]
    ref: State | None


def _judged(positions: list[State], viewer: str | None, model: WinModel) -> _Judged:
    """The model's part over ``positions`` (settled), each counting the same."""
    chances: dict[str, float] = {}
    low: dict[str, float] = {}
    high: dict[str, float] = {}
    ref = None
    for s in positions:
        if s.is_over:
            point = _result(s)
            spread = {f: (p, p) for f, p in point.items()}
        else:
            point, spread = model.estimate(s, viewer)
            ref = ref or s
        for f, p in point.items():
            chances[f] = chances.get(f, 0.0) + p / len(positions)
            low[f] = low.get(f, 0.0) + spread[f][0] / len(positions)
            high[f] = high.get(f, 0.0) + spread[f][1] / len(positions)
    return _Judged(chances, {f: (low[f], high[f]) for f in chances}, ref)


def _to_play(judged: _Judged, simulations: int, model: WinModel) -> int:
    """How many of ``simulations`` playouts to play: all, or none where they would
    count under :data:`PLAYOUT_SHARE` beside the model (or the result is known)."""
    if judged.ref is None or simulations <= 0:
        return 0
    k = model.playout_weight(judged.ref)
    return simulations if simulations / (simulations + k) >= PLAYOUT_SHARE else 0


def _estimate(judged: _Judged, results: list[dict | None], viewer: str | None,
              model: WinModel) -> Evaluation:
    """The one estimate: the model's part, the playouts' ``results`` counting
    ``n / (n + k)`` beside it, no faction under the floor until the game is over."""
    results = [r for r in results if r is not None]
    n = len(results)
    if judged.ref is None:   # every position judged is a finished game: its result
        return Evaluation(judged.chances, judged.interval, n, viewer, model=judged.chances)
    chances, bounds, played = judged.chances, judged.interval, None
    if n:
        k = model.playout_weight(judged.ref)
        totals = {f: sum(r[f] for r in results) for f in chances}
        played = {f: totals[f] / n for f in chances}
        chances = blend(judged.chances, played, n, k)
        bounds = {f: tuple(blend({f: judged.interval[f][i]}, {f: wilson(totals[f], n)[i]},
                                 n, k)[f] for i in (0, 1)) for f in chances}
    least = floor_at(judged.ref)
    t = _lift(chances, least)
    chances = floored(chances, least)
    alone = floored(judged.chances, least)
    # The floor moves the interval as it moves the chance. The interval always holds the
    # chance itself (rounded to 12 digits) and the model's chance without the playouts:
    # random playouts are surer of themselves than they should be (their chances over
    # 90% came true 88% of the time: docs/judgement.md), so a few of them never make the
    # model's own judgement look excluded.
    bounds = {f: tuple((1 - t) * b + t / len(chances) for b in bound)
              for f, bound in bounds.items()}
    bounds = {f: (min(chances[f], alone[f], max(least, lo)),
                  max(chances[f], alone[f], min(1 - least, hi)))
              for f, (lo, hi) in bounds.items()}
    return Evaluation(chances, bounds, n, viewer, model=judged.chances, playouts=played)


def evaluate(state: State, viewer: str | None = None, simulations: int = 400,
             seed: int | None = None, executor=None, progress=None) -> Evaluation:
    """Each faction's chance to win from ``state`` against these bots, as ``viewer`` may see it.

    ``viewer``: whose knowledge to use (``None``: the player to decide; ``"public"``: a
    spectator, who sees no secret). The win-chance model (:mod:`ahoy_nb.ai.winchance`,
    fitted on the results of games between the bots) judges the position once the
    action under way is settled (:func:`settle`); ``simulations`` random playouts refine
    it, counting ``n / (n + k)`` beside it (``k`` fitted, smaller near the end:
    :meth:`WinModel.playout_weight`), and are not played where they would count under
    :data:`PLAYOUT_SHARE`. ``simulations=0``: the model alone. No faction is below 3% at
    the start, nor below 1% until the game is over (:func:`floor_at`).

    Returns an :class:`Evaluation`: ``{faction: chance}`` summing to 1, with a 95%
    ``interval`` per faction (the model's own uncertainty, from its refits on resampled
    games, and the playouts' Wilson interval, blended alike). ``executor``: any
    ``concurrent.futures.Executor`` for the playouts (threads, processes, Dask's
    ``client.get_executor()``); ``None`` runs here. ``progress``: a ``tqdm`` bar when they
    take over a second (``False``: none; a function: called with ``(done, total)``).
    The same ``seed`` gives the same answer, wherever it runs.

    >>> from ahoy_nb.engine import new_game
    >>> e = evaluate(new_game(2, seed=1), simulations=20, seed=0)
    >>> sorted(e), round(sum(e.values()), 6), e.simulations
    (['bluefin', 'mollusk'], 1.0, 20)
    >>> evaluate(new_game(2, seed=1), simulations=0).simulations
    0
    """
    if simulations < 0:
        raise ValueError(f"simulations is a number of playouts, not {simulations!r}")
    if viewer is None:
        viewer = state.current_player
    if state.is_over:
        chances = _result(state)
        return Evaluation(chances, {f: (p, p) for f, p in chances.items()}, 0, viewer,
                          model=chances)
    model = WinModel.load()
    (guess,) = _seeds(seed, 1, salt=3)
    judged = _judged([settle(_guess(state, viewer, guess), viewer, random.Random(guess), model)],
                     viewer, model)
    n = _to_play(judged, simulations, model)
    jobs = [(None, s) for s in _seeds(seed, n)]
    results = _run(state, viewer, jobs, executor, "evaluate", progress) if jobs else []
    return _estimate(judged, results, viewer, model)


@dataclass(frozen=True)
class Estimate:
    """An action's estimated chance to win for the player choosing it: ``win``, its 95%
    ``interval`` and the playouts (``simulations``) that went into it beside the model;
    ``model`` and ``playouts``: each part's own chance (``playouts``: ``None`` if none)."""

    action: Action
    win: float
    interval: tuple[float, float]
    simulations: int
    model: float | None = None
    playouts: float | None = None

    @property
    def notation(self) -> str:
        return self.action.notation


def judge(state: State, simulations: int = 150, seed: int | None = None, executor=None,
          progress=None, played: int | None = PLAYED_ACTIONS) -> list[Estimate]:
    """Every legal action's chance to win for the player to decide, best first.

    An action's chance is the chance of the position after it (:func:`evaluate`'s
    estimator), from the chooser's view: the action applied to one guess of the hidden
    facts, the same for every action (its first random event averaged over up to
    :data:`ACTION_SAMPLES` outcomes), the action under way settled, the model judging.
    ``simulations`` random playouts refine the ``played`` actions the model likes best
    (``None``: every action), shared evenly, where they count (:data:`PLAYOUT_SHARE`).
    Ties keep the actions' order. ``executor`` and ``progress`` as for :func:`evaluate`.

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=1).apply("start 0,0").apply("sail 3>4")
    >>> [(e.notation, round(e.win, 2)) for e in judge(s, simulations=0, seed=0)]
    [('move 1,0', 0.61), ('move 0,-1', 0.6), ('move -1,0', 0.59), ('move 0,1', 0.55)]
    """
    me = state.current_player
    if state.is_over or me is None:
        raise IllegalActionError("There is nothing to choose: the game is over")
    if simulations < 0:
        raise ValueError(f"simulations is a number of playouts, not {simulations!r}")
    model = WinModel.load()
    (guess,) = _seeds(seed, 1, salt=4)
    world = _guess(state, me, guess)
    actions = {a.notation: a for a in state.legal_actions()}
    parts: dict[str, _Judged] = {}
    for a in actions:
        rng = random.Random(f"{guess}/{a}")   # each action's own draws, whatever the others
        try:
            after = [settle(s, me, rng, model) for s in _outcomes(world, a, rng, ACTION_SAMPLES)]
        except IllegalActionError:   # not legal in this guess (it should be: its own facts)
            after = [settle(State(marshal.loads(marshal.dumps(world.data))), me, rng, model)]
        parts[a] = _judged(after, me, model)
    order = sorted(actions, key=lambda a: -parts[a].chances[me])
    top = order[:played]
    each = simulations // len(top) if top else 0
    seeds = _seeds(seed, each * len(top), salt=1)
    jobs = [(a, seeds[i * each + j]) for i, a in enumerate(top)
            for j in range(_to_play(parts[a], each, model))]
    results = _run(state, me, jobs, executor, "judge", progress) if jobs else []
    played: dict[str, list] = {}
    for (a, _), r in zip(jobs, results):
        played.setdefault(a, []).append(r)
    out = []
    for a in order:
        e = _estimate(parts[a], played.get(a, []), me, model)
        out.append(Estimate(actions[a], e[me], e.interval[me], e.simulations, e.model[me],
                            None if e.playouts is None else e.playouts[me]))
    return sorted(out, key=lambda e: -e.win)


def best_actions(state: State, k: int = 5, simulations: int = 400, seed: int | None = None,
                 executor=None, progress=None) -> list[Estimate]:
    """The ``k`` best actions for the player to decide, best first: :func:`judge`'s first.

    >>> from ahoy_nb.engine import new_game
    >>> top = best_actions(new_game(2, seed=1), k=2, simulations=20, seed=0)
    >>> sorted(e.notation for e in top)
    ['start 0,0', 'start 3,2']
    """
    return judge(state, simulations, seed, executor, progress)[:k]


# -- game review: what each decision cost --------------------------------------------------
#
# Each decision is judged as its player saw it, by :func:`judge` at the review's budget
# and seed (the hint's, when they are the hint's); the loss is the best action's chance
# minus the played action's, and the label follows lichess's thresholds on the chance to
# win. Where even the best action leaves the player at the floor, every chance reads the
# same: there the model's own (unfloored) chances are compared, their gap read as it
# would be in an even game, as centipawns still tell a lost chess game's moves apart.
# The chance line is the chart's where it is known, else the estimator's without
# playouts.

#: The least loss of win chance (0-1) for each label; below the first: ``good``, or
#: ``best`` when the action played is the best one found (or within 0.5% of it).
THRESHOLDS = {"inaccuracy": 0.05, "mistake": 0.10, "blunder": 0.15}
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
#: A review's playouts a decision, at most (shared by the actions the model likes best).
REVIEW_SIMULATIONS = 24


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


def at_floor(win: float, state: State) -> bool:
    """Whether ``win``, a chance after a decision at ``state``, is at the estimator's floor
    (within half a point of :func:`floor_at`): a chance these bots' games put lower still,
    so the chances shown cannot tell two decisions that leave their player there apart
    (:func:`even_loss` can).

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(3, seed=1)
    >>> at_floor(0.03, s), at_floor(0.05, s)
    (True, False)
    """
    return win <= floor_at(state) + 0.005


#: Chances are kept this far from 0 and 1 before their log-odds are taken (a finished
#: game's 0 would be infinitely far from anything).
_ODDS_LIMIT = 1e-12


def even_loss(best: float, played: float) -> float:
    """What the gap between two of the model's chances for a player (``best`` and
    ``played``, unfloored) would cost in an even game: the same difference in log-odds,
    read at 50%. A gap the floor hides (1e-4 against 2e-4: twice the odds) is then as
    plain as one in an open game, and a gap in an open game keeps about its size.

    >>> round(even_loss(0.5, 0.45), 3), round(even_loss(2e-4, 1e-4), 3)
    (0.05, 0.172)
    >>> even_loss(1e-6, 2e-6)
    0.0
    """
    def odds(p: float) -> float:
        p = min(max(p, _ODDS_LIMIT), 1 - _ODDS_LIMIT)
        return math.log(p / (1 - p))

    return max(0.0, math.tanh((odds(best) - odds(played)) / 4))


@dataclass(frozen=True)
class Decision:
    """One decision of a reviewed game, judged as its ``player`` saw it.

    ``index``: the action's number in the game (the position before it is ``index``;
    the scrubber's position after it is ``index + 1``); ``before``: the player's chance
    before it (the chart's, where known); ``after``: the chance of the action played;
    ``best``: the best action found and ``best_after`` its chance; ``loss`` =
    ``best_after - after`` (never below 0), or where ``even_odds`` (even the best option
    left the player at the floor: :func:`at_floor`) the model's gap between them as it
    would be in an even game (:func:`even_loss`); ``label``: see :func:`grade`;
    ``options``: legal actions; ``simulations``: playouts spent on it (0: the model alone).
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
    even_odds: bool = False

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

    def costliest(self, most: int) -> list[Decision]:
        """The ``most`` decisions labelled inaccuracy or worse that lost the most chance
        (the earlier of two equal losses), then those judged at even odds (the game was
        lost by then), in the game's order: the ones worth a look when there are more
        than a reader will click through."""
        chosen = sorted(self.mistakes(), key=lambda d: (d.even_odds, -d.loss))[:most]
        return sorted(chosen, key=lambda d: d.index)

    def summary(self) -> dict[str, dict]:
        """Per player: decisions, how many of each label, how many were judged at even
        odds (``even_odds``: at the floor) and the average chance lost by the others with a
        choice (``None`` when there was none)."""
        out: dict[str, dict] = {}
        for d in self.decisions:
            row = out.setdefault(d.player, {"decisions": 0, "choices": 0, "loss": 0.0,
                                            "even_odds": 0, **{name: 0 for name in LABELS}})
            row["decisions"] += 1
            row[d.label] += 1
            row["even_odds"] += d.even_odds
            if d.options > 1 and not d.even_odds:
                row["choices"] += 1
                row["loss"] += d.loss
        for row in out.values():
            choices = row.pop("choices")
            row["average_loss"] = row.pop("loss") / choices if choices else None
        return out

    def to_pandas(self):
        """A ``pandas.DataFrame``, one row per decision."""
        import pandas as pd
        from dataclasses import asdict
        return pd.DataFrame([asdict(d) for d in self.decisions])


def _review_job(work: list[tuple]) -> list:
    """A batch of a review's work, run wherever the executor puts it (plain data in and
    out): ``("evaluate", data, viewer, seed)`` or ``("judge", data, simulations, seed)``."""
    out = []
    for kind, data, arg, seed in work:
        state = State(data)
        if kind == "evaluate":
            e = evaluate(state, arg, 0, seed=seed, progress=False)
            out.append((dict(e), e.interval, e.viewer))
        else:
            out.append([(e.notation, e.win, e.interval, e.simulations, e.model)
                        for e in judge(state, arg, seed, progress=False)])
    return out


def review(state: State, player: str | None = None, simulations: int = REVIEW_SIMULATIONS,
           seed: int | None = 0, executor=None, progress=True, first: int = 0,
           known: dict[int, Evaluation] | None = None) -> Review:
    """Review a finished (or current) game: what each decision cost its player.

    For each decision of ``player`` (``None``: of every player) in ``state``'s history:
    the player's chance to win before it, the chance of the action played, the best
    action found and its chance, the loss and a label (``best``, ``good``,
    ``inaccuracy``, ``mistake``, ``blunder``: :data:`THRESHOLDS`; where every option left
    the player at the floor, on the model's gap read at even odds: :func:`even_loss`).
    Every decision is
    judged as its player saw it then, by :func:`judge` (the hint's estimator) with
    ``simulations`` playouts and seed ``seed + index`` (the hint's, for
    ``seed=0``). A decision with one legal action is ``best``.

    The chance line (:attr:`Review.chances`, as ``player`` saw the game; a spectator's
    for ``None``) and each decision's ``before``: the chart's estimates where ``known``
    has them (``{position: Evaluation}``, as ``AdvisorCore.chances``, with the right
    viewer), else :func:`evaluate` without playouts, seed ``seed + position`` (the
    chart's, for ``seed=0``). ``first``: judge only the decisions from action ``first``
    on (the line is still the whole game's). ``executor``: any
    ``concurrent.futures.Executor`` for the work (a process pool spreads it over the
    cores); ``None`` runs here. ``progress``: a ``tqdm`` bar (``False``: none; a
    function: called with ``(done, total)`` decisions as the work goes on, first
    ``(0, total)``).

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
    known = known or {}
    n = len(state.history)
    shift = len(state.log) - n
    positions = [State(marshal.loads(data)) for data in state.history] + [state]
    viewer = "public" if player is None else player
    at = (lambda i: None) if seed is None else (lambda i: seed + i)  # noqa: E731

    def chart(i: int, who: str) -> Evaluation | None:
        e = known.get(i)
        return e if e is not None and e.viewer == who and set(e) == set(players) else None

    # The work: the line's positions the chart has not worked out, the "before" of a
    # decision seen otherwise than the line sees it, and every decision with a choice.
    picked = [i for i in range(max(0, first), n)
              if player is None or state.log[shift + i].player == player]
    # In the game's order, so that each batch finishes a stretch of decisions.
    mine = set(picked)
    work: list[tuple] = []
    for i in range(n + 1):
        if chart(i, viewer) is None:
            work.append(("line", i, ("evaluate", positions[i].data, viewer, at(i))))
        if i not in mine:
            continue
        who = state.log[shift + i].player
        if who != viewer and chart(i, who) is None:
            work.append(("before", i, ("evaluate", positions[i].data, who, at(i))))
        if len(positions[i].legal_actions()) > 1:
            work.append(("judge", i, ("judge", positions[i].data, simulations, at(i))))
    left = {i: sum(1 for _, j, _ in work if j == i) for i in picked}   # a decision's jobs
    done: dict[tuple[str, int], object] = {}
    size = max(1, len(work) // 32)
    batches = [work[k:k + size] for k in range(0, len(work), size)]
    # Progress is counted in decisions, each done once all its jobs are.
    bar = _progress(len(picked), "review", progress, unit="decision", delay=1.0)
    try:
        bar.update(sum(1 for i in picked if not left[i]))
        if executor is None:
            results = ((b, _review_job([job for _, _, job in b])) for b in batches)
        else:
            from concurrent.futures import as_completed
            futures = {executor.submit(_review_job, [job for _, _, job in b]): b
                       for b in batches}
            results = ((futures[f], f.result()) for f in as_completed(futures))
        for b, result in results:
            finished = 0
            for (kind, i, _), r in zip(b, result):
                done[kind, i] = r
                if i in left:
                    left[i] -= 1
                    finished += not left[i]
            if finished:
                bar.update(finished)
    finally:
        bar.close()

    def seen(i: int, who: str) -> dict[str, float]:
        e = chart(i, who)
        if e is not None:
            return dict(e)
        if who == viewer:
            return done["line", i][0]
        return done["before", i][0]

    chances = [seen(i, viewer) for i in range(n + 1)]
    decisions = []
    for i in picked:
        p = positions[i]
        who = state.log[shift + i].player
        action = state.log[shift + i].action
        before = seen(i, who)[who]
        judged = done.get(("judge", i))
        if judged is None:   # one legal action: nothing to choose
            best, best_after, after, sims, options = action, before, before, 0, 1
            loss, even = 0.0, False
        else:
            values = {a: win for a, win, *_ in judged}
            model = {a: m for a, *_, m in judged}
            best = max(values, key=lambda a: (values[a], a == action))
            sims, options = sum(x[3] for x in judged), len(values)
            even = at_floor(values[best], p)
            if even:   # the hint's first (its order there is the model's) or as good
                first = judged[0][0]
                best = action if model.get(action, -1.0) >= model[first] else first
            best_after, after = values[best], values.get(action, before)
            loss = (even_loss(model[best], model.get(action, model[best])) if even
                    else max(0.0, best_after - after))
        verdict = "best" if options == 1 or best == action else grade(loss)
        decisions.append(Decision(
            i, p.round, who, action, label(p, action), before, after, best, label(p, best),
            best_after, loss, verdict, options, sims, even))
    return Review(player, viewer, decisions, chances)
