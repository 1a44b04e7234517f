"""Battering Beakhead: when you damage an enemy figure (unless it would be removed), you
may move it 1 space (Appendix A's wording, which wins over the printed card's).

>>> [verb.name for verb in CARD.verbs]
['beakhead', 'no-beakhead']
"""

from __future__ import annotations

from ... import words
from ...geometry import Space, space_name
from ...rules import Play, do_pop, figure_label, name
from ...schema import FigureId
from . import Crew, Decision, Verb, register
from .common import has

KEY = "battering-beakhead"


def on_damage(g: Play, dealer: str, fig: dict) -> None:
    """``dealer`` damaged ``fig`` (as Appendix A words it: "when you damage an enemy figure
    (unless it would be removed)"): battles, Mystic, Powder Monkey..."""
    if (dealer != fig["owner"] and has(g, dealer, KEY)
            and g.figure(fig["id"]) is not None and targets(g, fig)):
        g.push({"type": "beakhead", "player": dealer, "figure": fig["id"]})


def targets(g: Play, fig: dict) -> list[Space]:
    """1 space, not off the map, not across a Sandbar."""
    here = tuple(fig["at"])
    m = g.map
    return sorted(n for n in m.neighbours(here) if m.on_map(n) and m.can_step(here, n))


def legal_beakhead(g: Play, frame) -> list:
    fig = g.figure(frame["figure"])
    out = [(f"beakhead {space_name(s)}", do_beakhead, (s,)) for s in targets(g, fig)]
    out.append(("no-beakhead", do_pop, ()))
    return out


def do_beakhead(g: Play, frame, target: Space) -> None:
    """Move the damaged enemy figure 1 space.

    The rulebook's Appendix A (which wins over the printed card's shorter line, "when
    you win a battle against a Flagship") triggers "when you damage an enemy figure
    (unless it would be removed)": each damage to a Flagship, Cutter or Gunship that
    stays on the map, whatever dealt it. The moved figure does not battle and never
    anchors (so no Treasure or Harbor), but Wreckage and Strong Currents there still
    act on it; a Strong Current that would push it off the map is ignored ("it cannot
    move off map, and ignores Strong Currents that make it do so").
    """
    g.pop()
    fig = g.figure(frame["figure"])
    g.say(f"{name(frame['player'])} rams {figure_label(fig)} to {space_name(target)} (Battering Beakhead)")
    g.start_step(fig, target, None, no_battle=True)
    g.top()["stay_on_map"] = True


def _rammed(state) -> str:
    """The figure a Battering Beakhead decision is about, in words."""
    top = state.data["pending"][-1] if state and state.data["pending"] else {}
    return words.figure(state, top["figure"]) if top.get("type") == "beakhead" else "the figure"


def _words(state, args) -> str:
    return f"Push {_rammed(state)} to {space_name(args['space'])} (Battering Beakhead)"


CARD = register(Crew(
    KEY,
    tip="Beat a Flagship in battle and you may shove it 1 space (it triggers nothing there).",
    verbs=(Verb("beakhead", _words, space=True,
                tip="Shove the beaten Flagship to a neighbouring space.",
                actions=((96, ("place",)),)),
           Verb("no-beakhead", actions=((35, ()),))),
    frames={"beakhead": Decision(
        {"figure": FigureId(asked=True)},
        prompt="Battering Beakhead: move the damaged {figure} 1 space (beakhead x,y), "
               "or not (no-beakhead)",
        legal=legal_beakhead)},
    hooks={"damage dealt": on_damage},
))
