"""Convincing Official: a die on its slot moves up to 2 Patrols 1 or 2 spaces each,
ignoring battle.

>>> CARD.frames["official"].fields["moved"].__class__.__name__
'ListOf'
"""

from __future__ import annotations

from ...geometry import space_name
from ...rules import Play, do_pop, name
from ...schema import FigureId, ListOf
from . import Crew, Decision, Verb, register

KEY = "convincing-official"


def on_die(g: Play, f: str, card: int, value: int) -> None:
    g.push({"type": "official", "player": f, "moved": []})


def auto_official(g: Play, frame) -> bool:
    if len(frame["moved"]) < 2 and len(legal_official(g, frame)) > 1:
        return False
    g.pop()
    if not frame["moved"]:
        g.say("Convincing Official: no Patrol can move")
    return True


def legal_official(g: Play, frame) -> list:
    out = []
    seen = set()
    for fig in g.data["figures"]:
        here = tuple(fig["at"])
        if fig["kind"] != "patrol" or fig["id"] in frame["moved"] or here in seen:
            continue
        if g.step_targets(fig):
            seen.add(here)
            out.append((f"official {space_name(here)}", do_official, (fig["id"],)))
    out.append(("done", do_pop, ()))
    return sorted(out, key=lambda o: o[0] == "done")


def do_official(g: Play, frame, fid: str) -> None:
    frame["moved"].append(fid)
    fig = g.figure(fid)
    g.say(f"{name(frame['player'])} moves Bluefin's Patrol from {space_name(fig['at'])}, "
          f"ignoring battle (Convincing Official)")
    g.push({"type": "move", "player": frame["player"], "figure": fid, "steps": 2, "moved": 0,
            "anchor": None, "no_battle": True})


CARD = register(Crew(
    KEY,
    tip="A die here moves up to 2 Patrols 1 or 2 spaces each, and they never start a battle.",
    verbs=(Verb("official", "Move the Patrol at {space} (Convincing Official)", space=True,
                done="Use no more Officials", tip="Move a Patrol 1 or 2 spaces, ignoring battle.",
                actions=((90, ("place",)),)),),
    # Up to 2 Patrols (``moved``: those moved so far).
    frames={"official": Decision(
        {"moved": ListOf(FigureId(), 2)},
        prompt="Convincing Official: choose a Patrol to move 1 or 2 spaces ignoring battle "
               "(official x,y), or done",
        legal=legal_official, auto=auto_official)},
    hooks={"crew die": on_die},
))
