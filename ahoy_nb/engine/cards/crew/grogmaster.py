"""Grogmaster: in your Flagship's battle, you may take 1 damage to reroll your battle die.

>>> sorted(CARD.frames)
['grog-reroll', 'grogmaster']
"""

from __future__ import annotations

from ... import chance
from ...rules import Play, do_pop, name
from ...schema import Below, one_of
from . import Crew, Decision, Verb, register
from .common import has, push_take_damage

KEY = "grogmaster"


def after_roll(g: Play, fight: dict) -> None:
    """The battle dice are rolled: each side's Flagship with Grogmaster is asked."""
    for side in ("attacker", "defender"):
        fig = g.figure(fight[side])
        f = fig["owner"]
        if fig["kind"] == "flagship" and has(g, f, KEY) and g.damageable(f):
            g.push({"type": KEY, "player": f, "fight": len(g.data["pending"]) - 1, "side": side})


def legal_grogmaster(g: Play, frame) -> list:
    return [(KEY, do_grogmaster, ()), (f"no-{KEY}", do_pop, ())]


def do_grogmaster(g: Play, frame) -> None:
    g.pop()
    f = frame["player"]
    fight = g.data["pending"][frame["fight"]]
    n = fight["dice"][frame["side"]]
    g.say(f"{name(f)} takes 1 damage to reroll its battle {'dice' if n > 1 else 'die'} (Grogmaster)")
    g.push({"type": "grog-reroll", "player": None, "fight": frame["fight"], "side": frame["side"]})
    push_take_damage(g, f, " (Grogmaster)")


def auto_grog_reroll(g: Play, frame) -> bool:
    g.pop()
    fight = g.data["pending"][frame["fight"]]
    side = frame["side"]
    n = fight["dice"][side]
    if side == "attacker":
        dice = chance.roll_battle(g.data, n, 0)[0]
    else:
        dice = chance.roll_battle(g.data, 0, n)[1]
    fight["roll"][0 if side == "attacker" else 1] = dice
    owner = g.figure(fight[side])["owner"]
    g.say(f"{name(owner)} rerolls: {'+'.join(map(str, dice))} (Grogmaster)")
    return True


# For one ``side`` of a battle; then its reroll.
SIDE = one_of("attacker", "defender")
CARD = register(Crew(
    KEY,
    tip="In your Flagship's battle, you may take 1 damage to roll your battle die again, once.",
    verbs=(Verb(KEY, "Take 1 damage to reroll (Grogmaster)", actions=((32, ()),)),
           Verb(f"no-{KEY}", actions=((33, ()),))),
    frames={
        KEY: Decision({"fight": Below("fight"), "side": SIDE},
                      prompt="Grogmaster: take 1 damage to reroll your battle die (grogmaster), "
                             "or keep the roll (no-grogmaster)",
                      legal=legal_grogmaster),
        "grog-reroll": Decision({"fight": Below("fight"), "side": SIDE}, decides=False,
                                auto=auto_grog_reroll)},
    hooks={"battle roll": after_roll},
))
