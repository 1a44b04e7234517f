"""Sea Dog: in a Strong Current, your Flagship may ignore it, or let it push you to
another space (it sets the step's ``current``; None: ignored).

>>> CARD.verbs[0].parse(["ignore"]), CARD.verbs[0].parse(["3,1"])
({'option': 'ignore'}, None)
"""

from __future__ import annotations

from ... import notation
from ...geometry import space_name
from ...rules import Play, do_pop
from ...schema import Below, FigureId, Int, ListOf, Maybe
from . import Crew, Decision, Verb, register
from . import common
from .common import has

KEY = "sea-dog"


def on_terrain(g: Play, fig: dict, frame: dict) -> bool:
    """A Flagship is about to resolve a Strong Current: ask its owner. True if asked."""
    f = fig["owner"]
    if (fig["kind"] != "flagship" or g.map.spaces[tuple(fig["at"])].terrain != "current"
            or not has(g, f, KEY)):
        return False
    g.push({"type": KEY, "player": f, "step": len(g.data["pending"]) - 1, "figure": fig["id"]})
    return True


def legal_sea_dog(g: Play, frame) -> list:
    fig = g.figure(frame["figure"])
    here = tuple(fig["at"])
    dx, dy = g.map.spaces[here].current
    printed = (here[0] + dx, here[1] + dy)
    turns = "turns the Strong Current"
    out = [(f"{KEY} ignore", common.do_current, (None, "Sea Dog", turns))]
    out += [(f"{KEY} {space_name(s)}", common.do_current, (s, "Sea Dog", turns))
            for s in common.push_options(g, fig, here, g.data["pending"][frame["step"]],
                                         skip=printed)]
    out.append((f"no-{KEY}", do_pop, ()))
    return out


def parse(rest: list[str]) -> dict | None:
    """``sea-dog ignore`` (a space is read as any space verb's)."""
    return {"option": "ignore"} if rest and rest[0] == "ignore" else None


def _words(state, args) -> str:
    if args.get("option") == "ignore":
        return "Ignore the Strong Current (Sea Dog)"
    return f"Ride the current to {space_name(args['space'])} (Sea Dog)"


CARD = register(Crew(
    KEY,
    tip="A Strong Current does not have to push you: stay put, or let it push you another way.",
    verbs=(Verb(KEY, _words, shape=rf"{KEY} ({notation.SPACE}|ignore)", example=f"{KEY} 3,1",
                space=True, parse=parse,
                actions=((73, (("ignore",),)), (94, ("place",)))),
           Verb(f"no-{KEY}", actions=((27, ()),))),
    # For the ``step`` into the Strong Current.
    frames={KEY: Decision({"step": Below("step"), "figure": FigureId(asked=True)},
                          prompt="Sea Dog: ignore the Strong Current (sea-dog ignore), let it "
                                 "push you elsewhere (sea-dog x,y), or follow it (no-sea-dog)",
                          legal=legal_sea_dog)},
    # Barrelman and Sea Dog set the step's ``current`` (None: Sea Dog ignores it).
    extends={"step": {"current": Maybe(ListOf(Int(-1, 1), 2, 2))}},
    hooks={"terrain": on_terrain},
))
