"""Convincing Comrade: a die on its slot moves up to 2 Comrades from one Island to another.

>>> CARD.verbs[0].parse(["3,2>0,0", "2"])
{'space': (3, 2), 'to': (0, 0), 'count': 2}
"""

from __future__ import annotations

from ... import notation
from ...geometry import Space, space_name
from ...rules import Play, do_pop, name
from . import Crew, Decision, Verb, register

KEY = "convincing-comrade"


def on_die(g: Play, f: str, card: int, value: int) -> None:
    g.push({"type": "convince", "player": f})


def auto_convince(g: Play, frame) -> bool:
    if len(legal_convince(g, frame)) > 1:
        return False
    g.pop()
    g.say("Convincing Comrade: no Island has Comrades to move")
    return True


def legal_convince(g: Play, frame) -> list:
    out = []
    islands = sorted(g.map.islands)
    for a in islands:
        for b in islands:
            if b != a:
                for n in range(min(2, g.comrades(a)), 0, -1):
                    out.append((f"convince {space_name(a)}>{space_name(b)} {n}", do_convince, (a, b, n)))
    out.append(("done", do_pop, ()))
    return out


def do_convince(g: Play, frame, a: Space, b: Space, n: int) -> None:
    g.pop()
    g.set_comrades(a, g.comrades(a) - n)
    g.set_comrades(b, g.comrades(b) + n)
    g.say(f"{name(frame['player'])} moves {n} Comrade{'s' if n > 1 else ''} from the Island at "
          f"{space_name(a)} to the Island at {space_name(b)} (Convincing Comrade)")


def parse(rest: list[str]) -> dict | None:
    """``convince a>b n``: two Islands and how many Comrades."""
    if not rest or ">" not in rest[0]:
        return None
    args = notation.space_pair(rest[0])
    if len(rest) == 2 and rest[1].isdigit() and len(rest[1]) <= 4:
        args["count"] = int(rest[1])
    return args


def _words(state, args) -> str:
    return (f"Move {args['count']} Comrade{'s' * (args['count'] != 1)} from "
            f"{space_name(args['space'])} to {space_name(args['to'])} (Convincing Comrade)")


CARD = register(Crew(
    KEY,
    tip="A die here moves up to 2 Comrades from one Island to another.",
    verbs=(Verb("convince", _words, shape=rf"convince {notation.SPACE}>{notation.SPACE} [12]",
                example="convince 3,2>0,0 2", parse=parse, done="Move no more Comrades",
                tip="Move up to 2 Comrades from one Island to another.",
                actions=((85, ("island pair", "1 or 2")),)),),
    frames={"convince": Decision(
        prompt="Convincing Comrade: move up to 2 Comrades from one Island to another "
               "(convince a>b n), or done",
        legal=legal_convince, auto=auto_convince)},
    hooks={"crew die": on_die},
))
