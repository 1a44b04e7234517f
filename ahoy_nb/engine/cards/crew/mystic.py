"""Mystic: "Once per turn, take 1 damage on your player board to deal 1 damage to any
figure in your Flagship's region." An action on your turn, without a die.

>>> CARD.name, CARD.verbs[0].example
('Mystic', 'mystic 3,1')
"""

from __future__ import annotations

from ... import notation
from ...rules import Play, figure_label, name
from . import Crew, Verb, register
from .common import FIGURE, board_damageable, enemy_targets, push_deal_damage, push_take_damage

KEY = "mystic"


def refusal(g: Play, f: str) -> str | None:
    if KEY in g.data["turn"].get("once", []):
        return "Mystic may be used only once per turn"
    if not board_damageable(g, f):
        return ("you must be able to place the damage: no slot on your player board can take "
                "a damage token")
    if not enemy_targets(g, f, KEY):
        return "there is no enemy figure in your Flagship's region"
    return None


def options(g: Play, f: str) -> list:
    return [(text, do_mystic, (fid,)) for text, fid in enemy_targets(g, f, KEY)]


@notation.facts(lambda fid: {"defender": fid})
def do_mystic(g: Play, frame, fid: str) -> None:
    f = g.turn_player()
    g.data["turn"]["once"].append(KEY)
    target = g.figure(fid)
    g.say(f"{name(f)} takes 1 damage to deal 1 damage to {figure_label(target)} (Mystic)")
    push_deal_damage(g, fid, f, " (Mystic)")
    push_take_damage(g, f, " (Mystic)", board_only=True)


CARD = register(Crew(
    KEY, order=11,
    tip="Once a turn: take 1 damage yourself to deal 1 damage to a figure in your Flagship's region.",
    verbs=(Verb(KEY, "Take 1 damage to deal 1 to {figure} (Mystic)", shape=rf"{KEY} {FIGURE}",
                example=f"{KEY} 3,1", space=True,
                actions=((97, ("place",)), (99, ("place", "figure")))),),
    options=options, refusal=refusal,
    hint="Mystic deals 1 damage to a figure in your Flagship's region (mystic x,y)",
))
