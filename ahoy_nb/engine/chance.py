"""The one mechanism every random event goes through.

A splitmix64 generator whose state is a single integer stored in the game
state, so the same seed and the same actions always give the same game.
Outcomes can be fixed in advance (tests, tutorials). With explicit chance
(``State.chance = "explicit"``) a draw with nothing fixed does not happen: it raises
:class:`Pending` with every outcome, and ``State`` turns that into a chance point
whose outcome someone chooses (as in OpenSpiel, where chance is a player).

>>> data = {"rng": 42, "fixed": {"die": [6]}}
>>> draw(data, "die", [1, 2, 3, 4, 5, 6])
6
>>> draw(data, "die", [1, 2, 3, 4, 5, 6]) in range(1, 7)
True
"""

from __future__ import annotations

import itertools
import operator
from contextlib import contextmanager
from contextvars import ContextVar
from collections.abc import Sequence
from typing import Any, Iterator

MASK = (1 << 64) - 1
KINDS = ("die", "battle", "tile", "market", "plan", "box-tile", "box-card")
DIE_FACES = (1, 2, 3, 4, 5, 6)


class Pending(Exception):
    """A random event with nothing fixed, met under :func:`explicit`: its kind and outcomes.

    Only ``State`` sees it: it undoes the action and waits for the outcome to be chosen.
    """

    def __init__(self, kind: str, outcomes: list):
        super().__init__(kind)
        self.kind = kind
        self.outcomes = outcomes


_explicit: ContextVar[bool] = ContextVar("explicit", default=False)
_counter: ContextVar[list[int] | None] = ContextVar("counter", default=None)


@contextmanager
def counting() -> Iterator[list[int]]:
    """Within this block, ``counter[0]`` counts the random events drawn (fixed or not).

    >>> with counting() as counter:
    ...     _ = roll_die({"rng": 1, "fixed": {}})
    >>> counter[0]
    1
    """
    counter = [0]
    token = _counter.set(counter)
    try:
        yield counter
    finally:
        _counter.reset(token)


def count_draws(counter: list[int]):
    """Count the random events drawn in ``counter[0]`` until :func:`stop_counting` gets
    the token returned (what :func:`counting` does, for the engine's hot path)."""
    return _counter.set(counter)


def stop_counting(token) -> None:
    _counter.reset(token)


@contextmanager
def explicit() -> Iterator[None]:
    """Within this block a draw with no fixed outcome raises :class:`Pending`."""
    token = _explicit.set(True)
    try:
        yield
    finally:
        _explicit.reset(token)


def next_u64(data: dict) -> int:
    data["rng"] = state = (data["rng"] + 0x9E3779B97F4A7C15) & MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def below(data: dict, n: int) -> int:
    """A uniform integer in ``range(n)``, without modulo bias."""
    limit = (1 << 64) - (1 << 64) % n
    while True:
        z = next_u64(data)
        if z < limit:
            return z % n


def draw(data: dict, kind: str, outcomes: list) -> Any:
    """One random event of ``kind``, uniform over ``outcomes``.

    A fixed outcome queued for this kind is taken first; it must be one of
    ``outcomes``.
    """
    counter = _counter.get()
    if counter is not None:
        counter[0] += 1
    queue = data["fixed"].get(kind)
    if queue:
        value = queue.pop(0)
        if not queue:
            del data["fixed"][kind]
        if value not in outcomes:
            raise ValueError(f"the fixed {kind} outcome {value!r} cannot happen here "
                             f"(possible: {outcomes!r})")
        return value
    if _explicit.get():
        raise Pending(kind, list(outcomes))
    return outcomes[below(data, len(outcomes))]


def roll_die(data: dict) -> int:
    return draw(data, "die", list(DIE_FACES))


def battle_outcomes(attacker_dice: int, defender_dice: int) -> list:
    """Every battle roll ``[[attacker...], [defender...]]``, all equally likely."""
    return [[list(a), list(d)]
            for a in itertools.product(DIE_FACES, repeat=attacker_dice)
            for d in itertools.product(DIE_FACES, repeat=defender_dice)]


class BattleRolls(Sequence):
    """:func:`battle_outcomes` as a sequence that makes only the rolls asked for: a battle
    of 5 dice against 4 has 6**9 of them, and a seeded draw needs one.

    >>> rolls = BattleRolls(2, 1)
    >>> len(rolls), rolls[0], rolls[-1], list(rolls) == battle_outcomes(2, 1)
    (216, [[1, 1], [1]], [[6, 6], [6]], True)
    >>> [[6, 2], [3]] in rolls, [[7, 1], [1]] in rolls, [[1], [1]] in rolls
    (True, False, False)
    """

    def __init__(self, attacker_dice: int, defender_dice: int):
        self.dice = (attacker_dice, defender_dice)
        self._len = 6 ** (attacker_dice + defender_dice)

    def __len__(self) -> int:
        return self._len

    def __getitem__(self, i: int) -> list:
        if not -self._len <= i < self._len:
            raise IndexError(i)
        i %= self._len
        faces = []
        for _ in range(sum(self.dice)):  # the last die varies fastest, as in itertools.product
            i, face = divmod(i, 6)
            faces.append(face + 1)
        faces.reverse()
        a = self.dice[0]
        return [faces[:a], faces[a:]]

    def __repr__(self) -> str:
        a, d = self.dice
        return f"a roll of {a} attacker dice and {d} defender dice, each 1 to 6"

    def __contains__(self, roll) -> bool:
        return (isinstance(roll, list) and len(roll) == 2
                and all(isinstance(side, list) and len(side) == n and all(v in DIE_FACES for v in side)
                        for side, n in zip(roll, self.dice)))


def roll_battle(data: dict, attacker_dice: int, defender_dice: int) -> list:
    return draw(data, "battle", BattleRolls(attacker_dice, defender_dice))


def whole_seed(seed: Any) -> int | None:
    """``seed`` as an ``int`` (numpy's whole numbers too, since a saved game keeps it as
    JSON), or ``None`` for a random one; anything else is refused.

    >>> whole_seed(7), whole_seed(None)
    (7, None)
    >>> whole_seed("7")
    Traceback (most recent call last):
    ValueError: a seed is a whole number (or None for a random one), not '7'
    """
    if seed is None:
        return None
    try:
        return operator.index(seed)
    except TypeError:
        raise ValueError(f"a seed is a whole number (or None for a random one), "
                         f"not {seed!r:.60}") from None


def seed_state(seed: int) -> int:
    """The generator state for a seed (mixed once, so nearby seeds diverge)."""
    probe = {"rng": seed & MASK}
    return next_u64(probe)
