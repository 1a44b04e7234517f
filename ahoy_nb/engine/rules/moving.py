"""Moving (rulebook: Moving, Exploring, Terrain, Anchoring): steps, exploring new
regions, Tailwinds and Strong Currents, anchoring and what an anchor gives.
"""

from __future__ import annotations

from .. import chance
from ..components import BOARDS
from ..geometry import Space, space_name
from ..kernel import auto, frame, legal, Option
from ..notation import facts
from ..schema import FLAG, Below, Die, FigureId, Int, ListOf, Maybe, one_of, Space, TileId
from .base import _tile_label, accepts, board_kind, figure_label, name, place_tile, Play
from .battle import eligible_defenders


# -- moving -------------------------------------------------------------------

# The most spaces one action moves a figure: Full Sail with a 6.
MOST_STEPS = 6
# What anchoring offers after a move: a Patrol (Bluefin's Sail, Tailwind), Comrades (Mollusk's Sail).
ANCHOR = Maybe(one_of("patrol", "comrades"))

# A move of up to ``steps`` more spaces (``moved`` so far); ``optional``: a reward that "may"
# be gained (``stay``); ``anchored``: a move nested in it already anchored this figure.
frame("move", what="a move", figure=FigureId(asked=True), steps=Int(0, MOST_STEPS), moved=Int(0, MOST_STEPS),
      anchor=ANCHOR, no_battle=FLAG, optional=FLAG.opt, anchored=FLAG.opt,
      ignore_wreckage=FLAG.opt)
# One space of movement: explore, battle, terrain (``phase``); ``parent``: the move it is part
# of. A Strong Current's push is a new step, ``pushed``, with the spaces this movement was
# carried out of (``carried``); ``stay_on_map``: a Current cannot push it off the map.
frame("step", decides=False, what="a space of movement", figure=FigureId(), to=Space(on_map=False),
      phase=one_of("enter", "battle", "terrain", "done"), parent=Maybe(Below("move")),
      direct=FLAG, no_battle=FLAG, crew_asked=FLAG.opt, pushed=FLAG.opt, stay_on_map=FLAG.opt,
      carried=ListOf(Space(), 64).opt, ignore_wreckage=FLAG.opt)
# Place the drawn ``tile`` so that ``target`` is on it; ``figure`` moves there.
frame("explore", tile=TileId(), target=Space(on_map=False), figure=FigureId())
# Move directly to a space with a printed die of ``value`` (any, when None).
frame("tailwind", figure=FigureId(asked=True), value=Maybe(Die()), anchor=ANCHOR,
      ignore_wreckage=FLAG.opt)
frame("patrol", space=Space())
frame("comrades", island=Space())
frame("harbor")

@auto("move")
def auto_move(g: Play, frame) -> bool:
    fig = g.figure(frame["figure"])
    if fig is None:
        g.pop()
        return True
    if frame["steps"] == 0 or (frame["moved"] and not g.step_targets(fig)):
        g.pop()
        if not frame.get("anchored"):
            anchor(g, fig, frame.get("anchor"))
        return True
    if not frame["moved"] and not g.step_targets(fig):
        g.pop()
        g.say(f"{figure_label(fig)} cannot move")
        return True
    return False


@legal("move")
def legal_move(g: Play, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    out = [(f"move {space_name(t)}", do_move, (t,)) for t in g.step_targets(fig)]
    if frame["moved"]:
        out.append(("anchor", do_anchor, ()))
    elif frame.get("optional"):
        out.append(("stay", do_stay, ()))  # a reward "may" be gained
    return out


def do_move(g: Play, frame, target: Space) -> None:
    frame["steps"] -= 1
    frame["moved"] += 1
    fig = g.figure(frame["figure"])
    g.start_step(fig, target, len(g.data["pending"]) - 1, no_battle=frame.get("no_battle", False))


def do_anchor(g: Play, frame) -> None:
    frame["steps"] = 0


@auto("step")
def auto_step(g: Play, frame) -> bool:
    """One space of movement: explore, then battle, then terrain."""
    fig = g.figure(frame["figure"])
    if fig is None:
        g.pop()
        return True
    target = tuple(frame["to"])
    m = g.map
    parent = frame["parent"]
    if frame["phase"] == "enter":
        if not m.on_map(target) and g.any("leaving the map", fig, frame):
            return True  # Sea Witch is offered; it may change the target
        target = tuple(frame["to"])
        frame["phase"] = "battle"
        g.fire("leaving a space", fig, frame)  # Trawler
        if m.on_map(target):
            fig["at"] = list(target)
            if not frame["direct"]:
                g.say(f"{figure_label(fig)} moves to {space_name(target)}")
            return True
        if frame.get("stay_on_map") or not (g.data["tile_stack"] and m.can_explore(target)):
            # Only a Strong Current can push a figure here; it stays put.
            frame["phase"] = "done"
            g.say(f"{figure_label(fig)} cannot be pushed off the map there")
            return True
        _stop_moving(g, parent)
        tile = chance.draw(g.data, "tile", sorted(g.data["tile_stack"]))
        g.data["tile_stack"].remove(tile)
        g.say(f"{figure_label(fig)} explores: {_tile_label(tile)} is drawn")
        mover = g.data["pending"][parent]["player"] if parent is not None else None
        g.push({"type": "explore", "player": mover or fig["owner"], "tile": tile,
                "target": list(target), "figure": fig["id"]})
        return True
    if frame["phase"] == "battle":
        frame["phase"] = "terrain"
        if tuple(fig["at"]) != target:
            frame["phase"] = "done"
            return True
        if frame["no_battle"] or m.spaces[target].terrain == "fog":
            return True
        defenders = eligible_defenders(g, fig)
        if defenders:
            # Movement left, given back if every battle here is ignored (Emissary, Close Call).
            resume = g.data["pending"][parent]["steps"] if parent is not None else 0
            _stop_moving(g, parent)
            g.push({"type": "series", "player": fig["owner"], "attacker": fig["id"],
                    "space": list(target), "queue": [d["id"] for d in defenders],
                    "parent": parent, "resume": resume})
        return True
    if frame["phase"] == "terrain":
        if tuple(fig["at"]) != target:
            frame["phase"] = "done"
            return True
        if not frame.get("crew_asked"):
            frame["crew_asked"] = True
            if g.any("terrain", fig, frame):
                return True  # Pilot, Barrelman or Sea Dog is offered first
        frame["phase"] = "done"
        info = m.spaces[target]
        # Sea Dog may ignore or turn a Strong Current; Barrelman makes Fog one.
        current = frame.get("current", info.current if info.terrain == "current" else None)
        if info.terrain == "wreckage" and not frame.get("ignore_wreckage"):
            g.say(f"{figure_label(fig)} moves into Wreckage and must take 1 damage")
            g.damage_figure(fig, fig["owner"], " from Wreckage")
        elif current:
            dx, dy = current
            pushed = (target[0] + dx, target[1] + dy)
            if m.can_step(target, pushed):
                g.say(f"The Strong Current pushes {figure_label(fig)} on to {space_name(pushed)}")
                g.pop()
                g.start_step(fig, pushed, parent, no_battle=frame["no_battle"])
                # The spaces this movement was carried out of: free moves that a player
                # chooses do not return there (docs/rulings.md, "Free moves end").
                g.top().update(pushed=True, stay_on_map=frame.get("stay_on_map", False),
                               carried=[*frame.get("carried", []), list(target)])
                return True
        return True
    g.pop()
    return True


def _stop_moving(g: Play, parent: int | None) -> None:
    """The move this step belongs to ends here (it explores, or battles)."""
    if parent is not None:
        g.data["pending"][parent]["steps"] = 0


@legal("explore")
def legal_explore(g: Play, frame) -> list[Option]:
    return [(f"tile {x},{y} r{rot}", do_place_tile, (x, y, rot))
            for x, y, rot in g.map.placements_covering(tuple(frame["target"]))]


def do_place_tile(g: Play, frame, x: int, y: int, rot: int) -> None:
    g.pop()
    place_tile(g, frame["tile"], x, y, rot)
    fig = g.figure(frame["figure"]) if frame.get("figure") else None
    if fig is not None:
        fig["at"] = list(frame["target"])
        g.say(f"{figure_label(fig)} moves to {space_name(frame['target'])}")


@auto("tailwind")
def auto_tailwind(g: Play, frame) -> bool:
    if g.figure(frame["figure"]) is not None:
        return False
    g.pop()  # a study position may leave a Flagship off the map: nothing moves
    return True


@legal("tailwind")
def legal_tailwind(g: Play, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    here = tuple(fig["at"])
    out = [(f"move {space_name(s)}", do_tailwind, (s,))
           for s in g.map.tailwind_spaces(frame["value"]) if s != here]
    out.append(("stay", do_stay, ()))
    return out


def do_tailwind(g: Play, frame, target: Space) -> None:
    fig = g.figure(frame["figure"])
    g.pop()
    g.say(f"{figure_label(fig)} moves directly to {space_name(target)}")
    g.push({"type": "move", "player": frame["player"], "figure": fig["id"], "steps": 0, "moved": 1,
            "anchor": frame["anchor"], "no_battle": False,
            "ignore_wreckage": frame.get("ignore_wreckage", False)})
    g.start_step(fig, target, len(g.data["pending"]) - 1, direct=True,
                 no_battle=frame.get("no_battle", False))


def do_stay(g: Play, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} does not move")


# -- anchoring -----------------------------------------------------------------

def anchor(g: Play, fig: dict, bonus: str | None) -> None:
    """The figure anchors: Harbor and Treasure for a Flagship, then the action's own bonus."""
    here = tuple(fig["at"])
    info = g.map.spaces[here]
    f = fig["owner"]
    # A move nested in another move of this figure (a Battle Victory or reward move) ends
    # that action too: the figure anchors once, here.
    for outer in g.data["pending"]:
        if outer["type"] == "move" and outer["figure"] == fig["id"]:
            outer["anchored"] = True
    if fig["kind"] != "flagship":
        return
    g.say(f"{figure_label(fig)} anchors at {space_name(here)}")
    if bonus == "patrol" and g.patrol_supply() > 0:
        g.push({"type": "patrol", "player": f, "space": list(here)})
    elif bonus == "comrades" and info.is_island:
        g.push({"type": "comrades", "player": f, "island": list(here)})
    if info.terrain == "harbor":
        g.push({"type": "harbor", "player": f})
    g.fire("anchoring", f, info)
    if info.gold:
        g.gain_gold(f, info.gold, " from Treasure")


@legal("patrol")
def legal_patrol(g: Play, frame) -> list[Option]:
    return [("patrol", do_patrol, (True,)), ("no-patrol", do_patrol, (False,))]


def do_patrol(g: Play, frame, place: bool) -> None:
    g.pop()
    if place:
        g.place_patrol(tuple(frame["space"]))


@legal("comrades")
def legal_comrades(g: Play, frame) -> list[Option]:
    out = []
    if g.faction("mollusk")["ready"]:
        out.append(("place-comrades", do_comrades, ("place",)))
    if g.comrade_supply():
        out.append(("ready-comrades", do_comrades, ("ready",)))
    out.append(("no-comrades", do_comrades, (None,)))
    return out


def do_comrades(g: Play, frame, choice) -> None:
    g.pop()
    fs = g.faction("mollusk")
    island = tuple(frame["island"])
    if choice == "place":
        n = min(2, fs["ready"])
        fs["ready"] -= n
        g.set_comrades(island, g.comrades(island) + n)
        g.say(f"Mollusk places {n} Comrade{'s' if n > 1 else ''} on the Island at {space_name(island)}")
    elif choice == "ready":
        n = min(2, g.comrade_supply())
        fs["ready"] += n
        g.say(f"Mollusk gains {n} Ready Comrade{'s' if n > 1 else ''}")


@auto("harbor")
def auto_harbor(g: Play, frame) -> bool:
    if len(legal_harbor(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("harbor")
def legal_harbor(g: Play, frame) -> list[Option]:
    f = frame["player"]
    out: list[Option] = []
    if g.damaged(f):
        out.append(("harbor-repair", do_harbor_repair, ()))
    cannons = [(i, spec) for i, spec in enumerate(BOARDS[board_kind(f)]) if spec["action"] == "cannons"]
    movable: dict[str, set[int]] = {}  # slot key -> values of the dice that could go to Cannons
    for key, spec, slot in g.slot_list(f, with_ships=True):
        v = slot["die"]
        if v is None or spec["action"] == "cannons":
            continue
        if any(g.faction(f)["slots"][i]["die"] is None and not g.faction(f)["slots"][i]["damage"]
               and accepts(cspec["need"], v) for i, cspec in cannons):
            movable.setdefault(key, set()).add(v)
    for key, values in movable.items():
        # Like SAN, the die's value is named only when the slot's name is not enough.
        for v in sorted(values):
            text = f"harbor-cannons {key}" if len(values) == 1 else f"harbor-cannons {key} {v}"
            out.append((text, do_harbor_cannons, (key, v)))
    out.append(("harbor-none", do_harbor_none, ()))
    return out


def do_harbor_repair(g: Play, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} repairs at the Harbor")
    g.push({"type": "repair", "player": frame["player"], "left": 2})


@facts(lambda key, value: {"slot": key, "value": value})
def do_harbor_cannons(g: Play, frame, key: str, value: int) -> None:
    g.pop()
    f = frame["player"]
    source = next(slot for k, spec, slot in g.slot_list(f, with_ships=True)
                  if k == key and slot["die"] == value)
    source["die"] = None
    specs = BOARDS[board_kind(f)]
    index = next(i for i, spec in enumerate(specs) if spec["action"] == "cannons"
                 and g.faction(f)["slots"][i]["die"] is None and not g.faction(f)["slots"][i]["damage"]
                 and accepts(spec["need"], value))
    g.faction(f)["slots"][index]["die"] = value
    g.say(f"{name(f)} moves its {value} from {key} onto Cannons at the Harbor")
    g.fire("cannons", f)


def do_harbor_none(g: Play, frame) -> None:
    g.pop()
