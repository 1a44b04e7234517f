"""Buccaneer: when you win any battle, you may return it to the box to return 2 Crew of
the loser's, of your choice, to the box.

>>> CARD.verbs[0].parse(["gunner", "pilot"])
{'cards': ('gunner', 'pilot')}
"""

from __future__ import annotations

from itertools import combinations

from ... import notation, words
from ...components import CARD_KEYS
from ...rules import Play, card_name, do_pop, name
from ...schema import Player
from . import Crew, Decision, Verb, register
from .common import has, return_own, return_to_box

KEY = "buccaneer"


def on_win(g: Play, fight: dict, winner: dict, loser: dict) -> None:
    w = winner["owner"]
    if has(g, w, KEY) and g.faction(loser["owner"])["crew"]:
        g.push({"type": KEY, "player": w, "victim": loser["owner"]})


def legal_buccaneer(g: Play, frame) -> list:
    crew = sorted(mm["card"] for mm in g.faction(frame["victim"])["crew"])
    n = min(2, len(crew))
    out = []
    for chosen in combinations(crew, n):
        keys = sorted(CARD_KEYS[c] for c in chosen)
        out.append((f"{KEY} {' '.join(keys)}", do_buccaneer, (tuple(chosen),)))
    out = list({o[0]: o for o in out}.values())
    out.append((f"no-{KEY}", do_pop, ()))
    return out


def do_buccaneer(g: Play, frame, chosen: tuple) -> None:
    g.pop()
    f, victim = frame["player"], frame["victim"]
    return_own(g, f, KEY)
    for card in chosen:
        return_to_box(g, victim, card)
    g.say(f"{name(f)} returns Buccaneer to the box, and {name(victim)}'s "
          f"{' and '.join(card_name(c) for c in chosen)} with it (Buccaneer)")


def parse(rest: list[str]) -> dict | None:
    """``buccaneer <card> [<card>]``: the loser's Crew returned to the box."""
    return {"cards": tuple(rest)} if rest else None


def _words(state, args) -> str:
    return f"Take {' and '.join(words.card_name(c) for c in args['cards'])} (Buccaneer)"


CARD = register(Crew(
    KEY, order=32,
    tip="After any battle you win, you may give up this card to throw away 2 of the loser's Crew.",
    verbs=(Verb(KEY, _words, shape=rf"{KEY} {notation.WORD}( {notation.WORD})?",
                example="buccaneer gunner pilot", parse=parse,
                actions=((74, ("card",)), (75, ("card", "card")))),
           Verb(f"no-{KEY}", actions=((34, ()),))),
    # 2 of the Crew of ``victim``, the loser's owner.
    frames={KEY: Decision(
        {"victim": Player()},
        prompt="Buccaneer: return Buccaneer to the box to return their Crew to the box "
               "(buccaneer ...), or not (no-buccaneer)",
        legal=legal_buccaneer)},
    hooks={"battle won": on_win},
))
