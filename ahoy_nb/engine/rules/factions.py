"""The factions' own actions (rulebook: Bluefin Squadron, Mollusk Union, Smugglers):
Order, Deploy, Strongholds; Assemble, Inspire, Rally, Negotiate; Cargo, pledges and Rewards.
"""

from __future__ import annotations

from collections import Counter

from .. import chance
from ..components import (CARD_KEYS, CARGO_KEYS, CARGO_LIMIT, MARKET_CARDS, REWARD_STEPS,
                          REWARD_TEXT, REWARDS)
from ..geometry import Space, space_name
from ..kernel import auto, frame, legal, Option
from ..notation import facts
from ..schema import Card, FigureId, Int, ListOf, Maybe, Space, TileId
from .base import (_tile_label, add_crew, card_name, do_no_reward, do_pop, name, place_tile, Play,
                   take_from_market)


# -- Bluefin -------------------------------------------------------------------------

# Order: move up to 4 different Patrols (``moved``: those moved so far).
frame("order", moved=ListOf(FigureId(), 4))
frame("deploy")
# End of Bluefin's turn: Strongholds from pairs of Patrols.
frame("strongholds")

@auto("order")
def auto_order(g: Play, frame) -> bool:
    if len(frame["moved"]) < 4 and len(legal_order(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("order")
def legal_order(g: Play, frame) -> list[Option]:
    out = []
    seen = set()
    for fig in g.data["figures"]:
        if fig["kind"] != "patrol" or fig["id"] in frame["moved"]:
            continue
        here = tuple(fig["at"])
        if here in seen:
            continue
        seen.add(here)
        for t in g.step_targets(fig):
            out.append((f"order {space_name(here)}>{space_name(t)}", do_order, (here, t)))
    out.append(("done", do_pop, ()))
    return out


def do_order(g: Play, frame, here: Space, target: Space) -> None:
    fig = next(f for f in g.data["figures"] if f["kind"] == "patrol"
               and tuple(f["at"]) == here and f["id"] not in frame["moved"])
    frame["moved"].append(fig["id"])
    g.start_step(fig, target, None)


@auto("deploy")
def auto_deploy(g: Play, frame) -> bool:
    if g.patrol_supply() and g.flagship_space("bluefin"):
        return False
    g.pop()
    g.say("No Patrol left in the supply to deploy" if g.flagship_space("bluefin")
          else "Bluefin's Flagship is not on the map: no Patrol is deployed")
    return True


@legal("deploy")
def legal_deploy(g: Play, frame) -> list[Option]:
    here = g.flagship_space("bluefin")
    spaces = [here] + [n for n in g.map.neighbours(here) if g.map.on_map(n)]
    return [(f"deploy {space_name(s)}", do_deploy, (s,)) for s in sorted(spaces)]


def do_deploy(g: Play, frame, space: Space) -> None:
    g.pop()
    g.place_patrol(space)


@auto("strongholds")
def auto_strongholds(g: Play, frame) -> bool:
    if len(legal_strongholds(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("strongholds")
def legal_strongholds(g: Play, frame) -> list[Option]:
    out: list[Option] = []
    if g.stronghold_supply():
        patrols = Counter(tuple(f["at"]) for f in g.data["figures"] if f["kind"] == "patrol")
        for island in sorted(g.map.islands):
            if patrols[island] >= 2:
                out.append((f"stronghold {space_name(island)}", do_stronghold, (island,)))
    out.append(("done", do_pop, ()))
    return out


def do_stronghold(g: Play, frame, island: Space) -> None:
    patrols = [f for f in g.figures_at(island) if f["kind"] == "patrol"][-2:]
    for p in patrols:
        g.remove_figure(p)
    g.new_figure("stronghold", "bluefin", island)
    g.say(f"Bluefin removes 2 Patrols from the Island at {space_name(island)} to place a Stronghold")


# -- Mollusk -------------------------------------------------------------------------

frame("assemble")
# Inspire: a Comrade on each of up to 4 different Islands (``chosen`` so far).
frame("inspire", chosen=ListOf(Space(), 4))

@auto("assemble")
def auto_assemble(g: Play, frame) -> bool:
    if g.faction("mollusk")["ready"] and g.flagship_space("mollusk"):
        return False
    g.pop()
    g.say("Mollusk has no Ready Comrades to assemble" if g.flagship_space("mollusk")
          else "Mollusk's Flagship is not on the map: no Comrades are assembled")
    return True


@legal("assemble")
def legal_assemble(g: Play, frame) -> list[Option]:
    # The rulebook's Assemble places 4 (the printed board's "up to 4" loses to it,
    # docs/rulings.md): all the Ready Comrades when fewer are left. One option, still
    # asked. A game begun under the first edition of the rules chooses how many.
    most = min(4, g.faction("mollusk")["ready"])
    fewest = 1 if g.data["rules"] == 1 else most
    return [(f"assemble {n}", do_assemble, (n,)) for n in range(most, fewest - 1, -1)]


@facts(lambda n: {"count": n}, replace=True)
def do_assemble(g: Play, frame, n: int) -> None:
    g.pop()
    region = g.map.region_of(g.flagship_space("mollusk"))
    island = g.map.island_of_region(region)
    g.faction("mollusk")["ready"] -= n
    g.set_comrades(island, g.comrades(island) + n)
    g.say(f"Mollusk assembles {n} Comrade{'s' if n > 1 else ''} on the Island at {space_name(island)}")


@auto("inspire")
def auto_inspire(g: Play, frame) -> bool:
    if g.faction("mollusk")["ready"] and len(frame["chosen"]) < 4 and len(legal_inspire(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("inspire")
def legal_inspire(g: Play, frame) -> list[Option]:
    out = [(f"inspire {space_name(s)}", do_inspire, (s,)) for s in sorted(g.map.islands)
           if list(s) not in frame["chosen"]]
    out.append(("done", do_pop, ()))
    return out


def do_inspire(g: Play, frame, island: Space) -> None:
    frame["chosen"].append(list(island))
    g.faction("mollusk")["ready"] -= 1
    g.set_comrades(island, g.comrades(island) + 1)
    g.say(f"Mollusk places a Comrade on the Island at {space_name(island)}")


# -- Smugglers -----------------------------------------------------------------------

# Negotiate: up to 2 recruits (``recruited`` so far).
frame("negotiate", recruited=Int(0, 2))
# Over the Cargo limit: return one to the box.
frame("discard")
# Pledge the delivered Cargo ``card`` facedown.
frame("pledge", card=Card())
frame("reward")
# "Spend up to n gold: 1 Fame per gold" (``most``: n).
frame("spend", most=Int(0, max(n for row in REWARDS for kind, n in row if kind == "fame-for-gold")))
frame("recruit-reward")
# "Add a tile to the map": ``tile`` is None until the Smuggler chooses to draw it.
frame("add-tile", tile=Maybe(TileId()))

@auto("negotiate")
def auto_negotiate(g: Play, frame) -> bool:
    f = frame["player"]
    island = g.island_here(f)
    if frame["recruited"] == 0 and island and not g.stronghold_blocks(f, island) and g.data["market"]:
        return False
    if frame["recruited"] == 1 and island and g.comrades(island) and g.data["market"]:
        return False
    g.pop()
    if frame["recruited"] == 0:
        g.say(f"{name(f)} cannot negotiate here")
    return True


@legal("negotiate")
def legal_negotiate(g: Play, frame) -> list[Option]:
    out = [(f"recruit {CARD_KEYS[c]}", do_negotiate, (c,)) for c in g.data["market"]]
    out.append(("done", do_pop, ()))
    return out


@facts(lambda card: {"gold": 0})
def do_negotiate(g: Play, frame, card: int) -> None:
    f = frame["player"]
    if frame["recruited"] == 1:
        island = g.island_here(f)
        g.set_comrades(island, g.comrades(island) - 1)
        g.say(f"{name(f)} removes a Comrade from the Island at {space_name(island)} to recruit again")
    frame["recruited"] += 1
    take_from_market(g, card)
    add_crew(g, f, card)
    g.say(f"{name(f)} negotiates: recruits {card_name(card)} ignoring its cost and suit")
    g.refill_market()


@legal("discard")
def legal_discard(g: Play, frame) -> list[Option]:
    return [(f"discard {CARGO_KEYS[c]}", do_discard, (c,)) for c in g.faction(frame["player"])["cargo"]]


def do_discard(g: Play, frame, card: int) -> None:
    f = frame["player"]
    cargo = g.faction(f)["cargo"]
    cargo.remove(card)
    g.data["market_box"].append(card)
    g.say(f"{name(f)} casts {MARKET_CARDS[card]['cargo']} into the sea")
    if len(cargo) <= CARGO_LIMIT:
        g.pop()


@legal("pledge")
def legal_pledge(g: Play, frame) -> list[Option]:
    return [(f"pledge {to}", do_pledge, (to,)) for to in ("bluefin", "mollusk")]


def do_pledge(g: Play, frame, to: str) -> None:
    g.pop()
    f = frame["player"]
    g.faction(f)["pledged"][to].append(frame["card"])
    g.say(f"{name(f)} pledges {MARKET_CARDS[frame['card']]['cargo']} facedown")
    g.say(f"({MARKET_CARDS[frame['card']]['cargo']} is pledged to {name(to)})", f)


def push_reward(g: Play, f: str) -> None:
    g.push({"type": "reward", "player": f})


def reward_at(cell) -> tuple[str, int]:
    return REWARDS[cell[0]][cell[1]]


@legal("reward")
def legal_reward(g: Play, frame) -> list[Option]:
    fs = g.faction(frame["player"])
    out = []
    for word, (dr, dc) in REWARD_STEPS.items():
        cell = [fs["white"][0] + dr, fs["white"][1] + dc]
        if 0 <= cell[0] < 5 and 0 <= cell[1] < 5 and cell != fs["black"]:
            out.append((f"reward {word}", do_reward, (cell,)))
    return out


def do_reward(g: Play, frame, cell) -> None:
    g.pop()
    f = frame["player"]
    fs = g.faction(f)
    fs["black"] = fs["white"]
    fs["white"] = cell
    kind, n = reward_at(cell)
    g.say(f"{name(f)} moves its reward marker to “{REWARD_TEXT[kind].format(n=n)}”")
    gain_reward(g, f, kind, n)


def gain_reward(g: Play, f: str, kind: str, n: int) -> None:
    fs = g.faction(f)
    if kind == "gold":
        g.gain_gold(f, n)
    elif kind == "fame":
        g.gain_fame(f, n, source="reward", reward=kind)
    elif kind == "fame-for-gold":
        if fs["gold"]:
            g.push({"type": "spend", "player": f, "most": n})
    elif kind == "fame-and-wealth":  # gained whole, with the region chosen, or not at all
        g.push({"type": "wealth", "player": f, "why": " (reward)", "fame": n})
    elif kind in ("move", "move-no-battle"):
        g.push({"type": "move", "player": f, "figure": f, "steps": n, "moved": 0, "anchor": None,
                "no_battle": kind == "move-no-battle", "optional": True})
    elif kind == "tailwind":
        g.push({"type": "tailwind", "player": f, "figure": f, "value": None, "anchor": None})
    elif kind == "recruit":
        island = g.island_here(f)
        if island and g.stronghold_blocks(f, island):
            g.say(f"{name(f)} cannot recruit Crew at an Island with a Stronghold")
        elif g.data["market"]:
            g.push({"type": "recruit-reward", "player": f})
    elif kind in ("repair-all", "repair-for-fame"):
        n = g.repair_all(f)
        g.say(f"{name(f)} repairs all its damage ({n})")
        if kind == "repair-for-fame":
            g.gain_fame(f, n, source="reward", reward=kind)
        g.fire("repair", f, n)
    elif kind == "add-tile":
        if g.data["tile_stack"] and g.map.edge_placements():
            g.push({"type": "add-tile", "player": f, "tile": None})  # drawn once it is chosen
        else:
            g.say("No region tile can be added to the map")


@legal("spend")
def legal_spend(g: Play, frame) -> list[Option]:
    most = min(frame["most"], g.faction(frame["player"])["gold"])
    return [(f"spend {n}", do_spend, (n,)) for n in range(most, -1, -1)]


def do_spend(g: Play, frame, n: int) -> None:
    g.pop()
    f = frame["player"]
    g.faction(f)["gold"] -= n
    g.gain_fame(f, n, f" for {n} gold", source="reward", reward="fame-for-gold")


@legal("recruit-reward")
def legal_recruit_reward(g: Play, frame) -> list[Option]:
    out = [(f"recruit {CARD_KEYS[c]}", do_recruit_reward, (c,)) for c in g.data["market"]]
    out.append(("done", do_pop, ()))
    return out


@facts(lambda card: {"gold": 0})
def do_recruit_reward(g: Play, frame, card: int) -> None:
    g.pop()
    f = frame["player"]
    take_from_market(g, card)
    add_crew(g, f, card)
    g.say(f"{name(f)} recruits {card_name(card)} ignoring its cost and suit")
    g.refill_market()


@legal("add-tile")
def legal_add_tile(g: Play, frame) -> list[Option]:
    if frame["tile"] is None:  # the reward "may" be gained: choose before the tile is drawn
        return [("add-tile", do_draw_tile, ()), ("no-reward", do_no_reward, ())]
    return [(f"tile {x},{y} r{rot}", do_add_tile, (x, y, rot)) for x, y, rot in g.map.edge_placements()]


def do_draw_tile(g: Play, frame) -> None:
    tile = chance.draw(g.data, "tile", sorted(g.data["tile_stack"]))
    g.data["tile_stack"].remove(tile)
    frame["tile"] = tile
    g.say(f"{name(frame['player'])} draws {_tile_label(tile)} to add to the map")


def do_add_tile(g: Play, frame, x: int, y: int, rot: int) -> None:
    g.pop()
    place_tile(g, frame["tile"], x, y, rot)
