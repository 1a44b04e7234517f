"""Powder Monkey: "When you repair any amount of damage, you may deal 1 damage to any
figure in your Flagship's region."

>>> CARD.verbs[0].example
'powder-monkey 0,0'
"""

from __future__ import annotations

from ... import notation
from ...rules import Play, do_pop, figure_label, name
from . import Crew, Decision, Verb, register
from .common import FIGURE, enemy_targets, has, push_deal_damage

KEY = "powder-monkey"


def on_repair(g: Play, f: str, repaired: int) -> None:
    """``f`` repaired damage: Powder Monkey asks whether to deal 1."""
    if repaired > 0 and has(g, f, KEY) and enemy_targets(g, f, KEY):
        g.push({"type": KEY, "player": f})


def legal_powder_monkey(g: Play, frame) -> list:
    out = [(text, do_powder_monkey, (fid,)) for text, fid in enemy_targets(g, frame["player"], KEY)]
    out.append((f"no-{KEY}", do_pop, ()))
    return out


@notation.facts(lambda fid: {"defender": fid})
def do_powder_monkey(g: Play, frame, fid: str) -> None:
    g.pop()
    f = frame["player"]
    g.say(f"{name(f)} deals 1 damage to {figure_label(g.figure(fid))} (Powder Monkey)")
    push_deal_damage(g, fid, f, " (Powder Monkey)")


CARD = register(Crew(
    KEY,
    tip="Whenever you repair, you may also deal 1 damage to a figure in your Flagship's region.",
    verbs=(Verb(KEY, "Deal 1 damage to {figure} (Powder Monkey)", shape=rf"{KEY} {FIGURE}",
                example=f"{KEY} 0,0", space=True,
                actions=((98, ("place",)), (100, ("place", "figure")))),
           Verb(f"no-{KEY}", actions=((29, ()),))),
    frames={KEY: Decision(
        prompt="Powder Monkey: deal 1 damage to a figure in your Flagship's region "
               "(powder-monkey x,y), or not (no-powder-monkey)",
        legal=legal_powder_monkey)},
    hooks={"repair": on_repair},
))
