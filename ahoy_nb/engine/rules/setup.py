"""Faction Setup (rulebook: Faction Setup) and the start of each turn.
"""

from __future__ import annotations

from ..components import START_ISLAND_COMRADES
from ..geometry import Space, space_name
from ..kernel import auto, frame, legal, Option
from .base import name, Play


# ---------------------------------------------------------------------------
# Frames: automatic steps and decisions
# ---------------------------------------------------------------------------

# -- setup ------------------------------------------------------------------

frame("setup-bluefin")
frame("setup-smuggler")
frame("setup-mollusk", decides=False)
frame("begin-play", decides=False)
frame("next-turn", decides=False)


def setup_steps(players) -> list[dict]:
    """The faction setup decisions of a new game, bottom of the stack first: Bluefin, the
    first Smuggler, Mollusk, the second Smuggler, in the rulebook's order, then play."""
    steps = [{"type": "setup-bluefin", "player": "bluefin"}]
    if "smuggler1" in players:
        steps.append({"type": "setup-smuggler", "player": "smuggler1"})
    steps.append({"type": "setup-mollusk", "player": None})
    if "smuggler2" in players:
        steps.append({"type": "setup-smuggler", "player": "smuggler2"})
    steps.append({"type": "begin-play", "player": None})
    return steps[::-1]


@legal("setup-bluefin")
def legal_setup_bluefin(g: Play, frame) -> list[Option]:
    return [(f"start {space_name(s)}", do_setup_bluefin, (s,)) for s in sorted(g.map.islands)]


def do_setup_bluefin(g: Play, frame, island: Space) -> None:
    g.pop()
    g.new_figure("flagship", "bluefin", island)
    g.new_figure("patrol", "bluefin", island)
    suit = g.map.spaces[island].suit.title()
    g.say(f"Bluefin places its Flagship and a Patrol on the {suit} Island at {space_name(island)}")


@legal("setup-smuggler")
def legal_setup_smuggler(g: Play, frame) -> list[Option]:
    return [(f"start {space_name(s)}", do_setup_smuggler, (s,))
            for s, info in sorted(g.map.spaces.items()) if not info.is_island]


def do_setup_smuggler(g: Play, frame, space: Space) -> None:
    g.pop()
    g.new_figure("flagship", frame["player"], space)
    g.say(f"{name(frame['player'])} places its Flagship at {space_name(space)}")


@auto("setup-mollusk")
def auto_setup_mollusk(g: Play, frame) -> bool:
    g.pop()
    taken = g.flagship_space("bluefin")
    island = next(s for s in sorted(g.map.islands) if s != taken)
    g.new_figure("flagship", "mollusk", island)
    g.set_comrades(island, START_ISLAND_COMRADES)
    g.say(f"Mollusk places its Flagship and {START_ISLAND_COMRADES} Comrades on the empty Island at {space_name(island)}")
    return True


@auto("begin-play")
def auto_begin_play(g: Play, frame) -> bool:
    g.pop()
    g.data["phase"] = "play"
    begin_turn(g, g.data["first"])
    return True


def begin_turn(g: Play, f: str) -> None:
    dice = g.faction(f)["dice"]
    g.data["turn"] = {"player": f, "placed": 0, "quota": min(2, len(dice)), "once": []}
    g.say(f"{name(f)}'s turn (dice {', '.join(map(str, dice))})")


@auto("next-turn")
def auto_next_turn(g: Play, frame) -> bool:
    g.pop()
    current = g.turn_player()
    g.fire("end of turn", current)
    players = g.data["players"]
    i = players.index(current)
    for k in range(1, len(players) + 1):
        f = players[(i + k) % len(players)]
        if g.faction(f)["dice"]:
            begin_turn(g, f)
            return True
    g.data["turn"] = None
    g.push({"type": "round-end", "player": None, "stage": "score"})
    return True
