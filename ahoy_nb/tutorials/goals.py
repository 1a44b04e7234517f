"""Goals a tutorial step can ask for, checked on the position after the learner acts.

Each returns a :class:`~ahoy_nb.tutorials.core.Goal`; ``goal(before, after)`` is true
when the learner's action(s) reached it.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=1)
>>> anything()(s, s.after("start 0,0"))
True
"""

from __future__ import annotations

from ..engine import State, parse_space
from ..engine.rules import name
from .core import Goal, new_events


def _space(s) -> tuple[int, int]:
    return parse_space(s) if isinstance(s, str) else tuple(s)


def anything(text: str = "any legal choice") -> Goal:
    """Any legal action will do (the choice is the learner's)."""
    return Goal(text, lambda before, after: True)


def settled(after: State) -> bool:
    """No decision of the action is left: the turn is back to placing dice or ending."""
    return not after.data["pending"] or after.is_over


def event(fragment: str, text: str | None = None, settle: bool = False) -> Goal:
    """Something was logged whose words contain ``fragment``."""
    def check(before, after):
        return (any(fragment in e for e in new_events(before, after))
                and (not settle or settled(after)))
    return Goal(text or f"“{fragment}”", check)


def wins_battle(faction: str) -> Goal:
    """``faction`` wins a battle during the step."""
    return event(f"{name(faction)} wins the battle", f"{name(faction)} wins the battle")


def at(figure: str, space: str, anchored: bool = True) -> Goal:
    """The figure ends in ``space`` (and, by default, has anchored: nothing left to decide
    about its move)."""
    target = _space(space)

    def check(before, after):
        fig = next((f for f in after.figures() if f["id"] == figure), None)
        if fig is None or fig["at"] != target:
            return False
        if not anchored:
            return True
        return not any(fr["type"] in ("move", "step", "tailwind") for fr in after.data["pending"])
    return Goal(f"{figure} at {space}", check)


def controls(faction: str, island: str, settle: bool = True) -> Goal:
    """``faction`` has more control than its rival in the region of ``island``."""
    def check(before, after):
        c = after.control(island)
        other = "mollusk" if faction == "bluefin" else "bluefin"
        return c[faction] > c[other] and (not settle or settled(after))
    return Goal(f"{name(faction)} controls the region of the Island at {island}", check)


def tied(island: str, settle: bool = True) -> Goal:
    """Control of the region of ``island`` is tied."""
    def check(before, after):
        c = after.control(island)
        return c["bluefin"] == c["mollusk"] and (not settle or settled(after))
    return Goal(f"control of the region of the Island at {island} is tied", check)


def gained(faction: str, what: str, at_least: int = 1, settle: bool = False) -> Goal:
    """``faction`` gained ``at_least`` of ``what`` (``"fame"`` or ``"gold"``) in the step."""
    def check(before, after):
        got = getattr(after, what)[faction] - getattr(before, what)[faction]
        return got >= at_least and (not settle or settled(after))
    return Goal(f"{name(faction)} gains {at_least} {what.title()}", check)


def all_of(*goals: Goal) -> Goal:
    return Goal(" and ".join(g.text for g in goals),
                lambda before, after: all(g(before, after) for g in goals))


def custom(text: str, check) -> Goal:
    """A goal of your own: ``check(before, after) -> bool``."""
    return Goal(text, check)
