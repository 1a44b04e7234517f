"""Moves that throw the game away: what the guarded first game warns about.

A decision is a blunder when a way of firing wins the battle under way much less often
than another (exact odds, :data:`BATTLE_LOSS`), or when the one estimator
(:func:`~ahoy_nb.ai.analysis.judge`, from the chooser's view, against these bots) gives
the action at least :data:`GUARD_LOSS` less chance to win than the best one. The warning
says so in numbers, with the estimator's uncertainty. How often it warns on the hard bot's own decisions
is measured by ``scripts/guard_rate.py`` (docs/tutorials.md).

>>> from ahoy_nb.engine import rulebook_battle
>>> s = rulebook_battle()           # the Mollusk's 4 on Cannons, against Smuggler 1
>>> print(blunder(s, "hold").text)
Holding your Cannons wins this battle 58% of the time; turning them down by 3 wins it 92%.
"""

from __future__ import annotations

from dataclasses import dataclass

from .analysis import THRESHOLDS, Estimate, battle_odds, fire_amount, interval, judge, percent
from ..engine import State
from ..engine.words import label

#: The least chance to win (0-1) an action must give up against the best one, by the
#: estimator, to be warned about: what the review calls a blunder.
GUARD_LOSS = THRESHOLDS["blunder"]
#: The least chance of winning a battle (0-1, exact) a way of firing must give up
#: against the best way to be warned about.
BATTLE_LOSS = 0.25


@dataclass(frozen=True)
class Blunder:
    """An action that throws away ``loss`` of a chance: of winning the battle under way
    (``kind="battle"``, exact) or of winning the game (``kind="game"``, the estimator's
    figure against the best action). ``text`` says it in words."""

    action: str
    kind: str
    loss: float
    text: str


def _chance(e: Estimate) -> str:
    low, high = e.interval
    return f"{percent(e.win)} ({interval(low, high)})"


def _way(n: int) -> str:
    return "holding your Cannons" if n == 0 else f"turning them down by {n}"


def battle_blunder(state: State, action: str) -> Blunder | None:
    """At a Cannons decision in a battle: the :class:`Blunder` of firing as ``action``
    does when another way wins the battle at least :data:`BATTLE_LOSS` more often
    (exact odds); ``None`` elsewhere."""
    top = state.data["pending"][-1] if state.data["pending"] else None
    if top is None or top["type"] != "fire":
        return None
    try:
        odds = battle_odds(state)
    except ValueError:   # a Crew power steps into the battle (a reroll): no exact odds
        return None
    chosen = fire_amount(action)
    best = max(odds, key=lambda n: (odds[n], -n))
    if chosen not in odds or odds[best] - odds[chosen] < BATTLE_LOSS:
        return None
    first = _way(chosen)
    return Blunder(action, "battle", odds[best] - odds[chosen],
                   f"{first[0].upper()}{first[1:]} wins this battle {percent(odds[chosen])} "
                   f"of the time; {_way(best)} wins it {percent(odds[best])}.")


def blunder(state: State, action: str, estimates: list[Estimate] | None = None,
            seed: int = 0) -> Blunder | None:
    """The :class:`Blunder` that ``action`` would be for the player to decide, or
    ``None``. ``estimates``: :func:`judge`'s answer for this position, if known (it is
    computed without playouts otherwise: the model's judgement, in a fraction of a
    second). An action that is not legal here is no blunder: the engine refuses it.

    >>> from ahoy_nb.engine import new_game
    >>> blunder(new_game(2, seed=1), "start 0,0") is None
    True
    """
    if state.is_over or state.current_player is None:
        return None
    if not any(a.notation == action for a in state.legal_actions()):
        return None
    found = battle_blunder(state, action)
    if found is not None:
        return found
    if estimates is None:
        estimates = judge(state, simulations=0, seed=seed)
    chosen = next((e for e in estimates if e.notation == action), None)
    best = estimates[0]
    if chosen is None or best.win - chosen.win < GUARD_LOSS:
        return None
    return Blunder(action, "game", best.win - chosen.win,
                   f"By our estimate (against these bots), “{label(state, chosen.action)}” "
                   f"leaves you {_chance(chosen)} to win, where “{label(state, best.action)}” "
                   f"gives {_chance(best)}.")
