"""Battles (rulebook: Battle): series, Cannons, the roll, Battle Victory options, damage
and repair.
"""

from __future__ import annotations

from .. import chance
from ..components import SHIP_SLOTS, SHIP_STATS, STRONGHOLD_BONUS, SUPPLY
from ..geometry import space_name
from .. import notation
from ..kernel import auto, frame, legal, OFFERS, Option
from ..notation import facts
from ..schema import (FLAG, Below, Die, FigureId, Int, ListOf, Maybe, Offer, one_of, Player, Sides,
                      Space, Text)
from .base import figure_label, name, Play, UNION_SHIPS
from .factions import push_reward


# -- repair and damage ------------------------------------------------------------

# Remove up to ``left`` more damage tokens (``repaired`` so far).
frame("repair", left=Int(0, 2), repaired=Int(0, 2).opt)
# The damage ``figure`` takes; its slot chosen by ``player`` (the dealer, or the owner
# taking it); ``why`` ends the event's words.
frame("damage", figure=FigureId(asked=True), why=Text())

@auto("repair")
def auto_repair(g: Play, frame) -> bool:
    if frame["left"] > 0 and g.damaged(frame["player"]):
        return False
    g.pop()
    g.fire("repair", frame["player"], frame.get("repaired", 0))
    return True


@legal("repair")
def legal_repair(g: Play, frame) -> list[Option]:
    out = [(f"repair {key}", do_repair, (key,)) for key in g.damaged(frame["player"])]
    out.append(("done", do_done_repair, ()))
    return out


def do_repair(g: Play, frame, key: str) -> None:
    f = frame["player"]
    slot = next(slot for k, spec, slot in g.slot_list(f) if k == key and slot["damage"])
    slot["damage"] = False
    frame["left"] -= 1
    frame["repaired"] = frame.get("repaired", 0) + 1
    g.say(f"{name(f)} repairs its {key} slot")


def do_done_repair(g: Play, frame) -> None:
    frame["left"] = 0


def damage_targets(g: Play, fig: dict) -> list[str]:
    if fig["kind"] in SHIP_SLOTS:
        ship = g.faction("mollusk")["ships"][fig["kind"]]
        return sorted({spec["key"] for spec, slot in zip(SHIP_SLOTS[fig["kind"]], ship["slots"])
                       if slot["die"] is None and not slot["damage"]})
    return g.damageable(fig["owner"])


@auto("damage")
def auto_damage(g: Play, frame) -> bool:
    fig = g.figure(frame["figure"])
    if fig is None:
        g.pop()
        return True
    if damage_targets(g, fig):
        return False
    g.pop()
    g.say(f"{figure_label(fig)} has no slot that can be damaged: the damage is ignored")
    return True


@legal("damage")
def legal_damage(g: Play, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    return [(f"damage {key}", do_damage, (key,)) for key in damage_targets(g, fig)]


def do_damage(g: Play, frame, key: str) -> None:
    g.pop()
    fig = g.figure(frame["figure"])
    f = fig["owner"]
    if fig["kind"] in SHIP_SLOTS:
        ship = g.faction("mollusk")["ships"][fig["kind"]]
        slot = next(slot for spec, slot in zip(SHIP_SLOTS[fig["kind"]], ship["slots"])
                    if spec["key"] == key and slot["die"] is None and not slot["damage"])
        slot["damage"] = True
        g.say(f"The {fig['kind'].title()} takes a damage on its {key} slot{frame['why']}")
        if all(s["damage"] for s in ship["slots"]):
            g.fire("ship sunk", fig["kind"])
        g.fire("damage dealt", frame["player"], fig)
        return
    slot = next(slot for k, spec, slot in g.slot_list(f)
                if k == key and slot["die"] is None and not slot["damage"] and not spec["dashed"])
    slot["damage"] = True
    g.say(f"{name(f)} takes a damage on its {key} slot{frame['why']}")
    g.fire("damage dealt", frame["player"], fig)


# -- battles -------------------------------------------------------------------------

SIDE = one_of("attacker", "defender")
# Figures in one space at most: every Patrol and Stronghold, four Flagships, two Union ships.
CROWD = SUPPLY["patrol"] + SUPPLY["stronghold"] + 4 + 2
# The battles of ``attacker`` in ``space``: the defenders still to battle (``queue``),
# whether any was fought (``fought``), and the move it interrupted (``parent``), whose
# movement left (``resume``) comes back if every battle here was ignored.
frame("series", what="a series of battles", attacker=FigureId(), space=Space(), queue=ListOf(FigureId(), CROWD),
      parent=Maybe(Below("move")).opt, resume=Int(0, 6).opt, fought=FLAG.opt)
# One battle, step by step (``stage``). By side: Cannons fired (a die turned down by up to
# 5), bonuses (cards raise the "battle bonus" limit) and their words, battle dice (two at
# most: there are two); the roll once rolled, the winning side once decided, and the extra
# damage the winner deals (cards raise the "extra damage" limit). ``offers``: what the
# battle's start still offers, in order; ``ignored``: a card had the battle ignored.
frame("fight", decides=False, what="a battle", attacker=FigureId(), defender=FigureId(), space=Space(),
      stage=one_of("start", "offers", "attacker-fire", "defender-fire", "roll", "victory", "end"),
      series=Below("series"), fire=Sides(Int(0, 5)), bonus=Sides(Int(0, "battle bonus")),
      dice=Sides(Int(1, SUPPLY["battle-dice"])), extra_damage=Maybe(Int(0, "extra damage")),
      roll=Maybe(ListOf(ListOf(Die(), SUPPLY["battle-dice"]), 2, 2)), winner=Maybe(SIDE),
      offers=ListOf(Offer(), 4).opt, ignored=FLAG.opt, bonus_why=Sides(Text(), partial=True).opt)
# The turn player orders two offers of a battle's start (Simultaneous Timing).
frame("offer-order", fight=Below("fight"))
frame("fire", fight=Below("fight"), figure=FigureId(asked=True), side=SIDE)
frame("victory", fight=Below("fight"), winner=FigureId(), loser=FigureId(), space=Space())
# One damage of a Battle Victory, dealt when reached (``chooser`` picks the slot).
frame("damage-deal", decides=False, figure=FigureId(), chooser=Player())

def eligible_defenders(g: Play, mover: dict) -> list[dict]:
    """Enemy figures in the mover's space that it must battle."""
    enemies = [f for f in g.figures_at(tuple(mover["at"])) if f["owner"] != mover["owner"]]
    if g.loaded(mover):
        return enemies
    return [e for e in enemies if g.loaded(e)]


def defender_word(fig: dict) -> str:
    return fig["owner"] if fig["kind"] == "flagship" else fig["kind"]


@auto("series")
def auto_series(g: Play, frame) -> bool:
    attacker = g.figure(frame["attacker"])
    here = frame["space"]
    # Gunner's Mate battles a space "as if it moved there": the attacker stays put.
    if attacker is None or (attacker["at"] != here and not frame.get("remote")):
        g.pop()
        return True
    frame["queue"] = [fid for fid in frame["queue"]
                      if (d := g.figure(fid)) is not None and d["at"] == here]
    if not frame["queue"]:
        g.pop()
        if frame.get("resume") and not frame.get("fought"):
            # Every battle here was ignored: the figure did not battle, so it may move on.
            g.data["pending"][frame["parent"]]["steps"] = frame["resume"]
        return True
    return False


@legal("series")
def legal_series(g: Play, frame) -> list[Option]:
    words = {}
    for fid in frame["queue"]:
        fig = g.figure(fid)
        if fig is not None:  # gone meanwhile (a battle further up the stack): not battled
            words.setdefault(defender_word(fig), fid)
    return [(f"battle {word}", do_battle, (fid,)) for word, fid in sorted(words.items())]


@facts(lambda defender: {"defender": defender})
def do_battle(g: Play, frame, defender: str) -> None:
    frame["queue"].remove(defender)
    attacker = g.figure(frame["attacker"])
    fig = g.figure(defender)
    g.say(f"{figure_label(attacker)} battles {figure_label(fig)} at {space_name(fig['at'])}")
    g.push({"type": "fight", "player": None, "attacker": attacker["id"], "defender": defender,
            "space": list(fig["at"]), "stage": "start", "series": len(g.data["pending"]) - 1,
            "fire": {"attacker": 0, "defender": 0}, "bonus": {"attacker": 0, "defender": 0},
            "dice": {"attacker": 1, "defender": 1}, "extra_damage": None, "roll": None,
            "winner": None})


def fire_options(g: Play, fig: dict) -> list[tuple[int, int]]:
    """``(from, to)`` turns of a die on Cannons this figure may fire with."""
    if fig["kind"] == "cutter":
        return []
    return sorted({(v, w) for v in g.cannons_dice(fig["owner"]) for w in range(1, v)})


@auto("fight")
def auto_fight(g: Play, frame) -> bool:
    stage = frame["stage"]
    attacker, defender = g.figure(frame["attacker"]), g.figure(frame["defender"])
    if stage not in ("victory", "end") and (attacker is None or defender is None):
        g.pop()
        return True
    if stage == "start":
        g.fire("battle start", frame)  # Fighters: no choice, and the order changes nothing
        # Both happen "at the start of a battle"; when both apply, the turn player orders
        # them (the "offer-order" frame).
        frame["offers"] = [kind for kind, (applies, _, _) in OFFERS.items() if applies(g, frame)]
        frame["stage"] = "offers"
        if len(frame["offers"]) > 1:  # Simultaneous Timing: the turn player chooses the order
            g.push({"type": "offer-order", "player": g.turn_player(),
                    "fight": len(g.data["pending"]) - 1})
        return True
    if stage == "offers":
        # One offer at a time, in order; a battle ignored (Emissary, Close Call) drops the rest.
        if frame["offers"] and not frame.get("ignored"):
            OFFERS[frame["offers"].pop(0)][1](g, frame)
        else:
            frame["stage"] = "attacker-fire"
        return True
    if stage == "attacker-fire":
        frame["stage"] = "defender-fire"
        if frame.get("ignored"):
            frame["stage"] = "end"
        elif fire_options(g, attacker):
            g.push({"type": "fire", "player": attacker["owner"], "side": "attacker",
                    "figure": attacker["id"], "fight": len(g.data["pending"]) - 1})
        return True
    if stage == "defender-fire":
        frame["stage"] = "roll"
        if fire_options(g, defender):
            g.push({"type": "fire", "player": defender["owner"], "side": "defender",
                    "figure": defender["id"], "fight": len(g.data["pending"]) - 1})
        return True
    if stage == "roll":
        g.data["pending"][frame["series"]]["fought"] = True
        roll_battle(g, frame, attacker, defender)
        frame["stage"] = "victory"
        g.fire("battle roll", frame)
        return True
    if stage == "victory":
        frame["stage"] = "end"
        decide_battle(g, frame)
        return True
    g.pop()
    return True


@legal("offer-order")
def legal_offer_order(g: Play, frame) -> list[Option]:
    fight = g.data["pending"][frame["fight"]]
    return [(f"{kind}-first", do_offer_order, (kind,)) for kind in fight["offers"]]


def do_offer_order(g: Play, frame, kind: str) -> None:
    g.pop()
    offers = g.data["pending"][frame["fight"]]["offers"]
    offers.remove(kind)
    offers.insert(0, kind)
    g.say(f"{name(frame['player'])} resolves {OFFERS[offers[0]][2]} first, "
          f"then {OFFERS[offers[1]][2]}")


def battle_bonus(g: Play, fig: dict) -> int:
    if fig["kind"] == "stronghold":
        return STRONGHOLD_BONUS
    if fig["kind"] in SHIP_STATS:
        return SHIP_STATS[fig["kind"]]["bonus"]
    return 0


def roll_battle(g: Play, frame, attacker: dict, defender: dict) -> None:
    roll = chance.roll_battle(g.data, frame["dice"]["attacker"], frame["dice"]["defender"])
    frame["roll"] = roll


def battle_totals(g: Play, frame) -> tuple[int, int]:
    attacker, defender = g.figure(frame["attacker"]), g.figure(frame["defender"])
    totals = []
    for side, fig, dice in (("attacker", attacker, frame["roll"][0]),
                            ("defender", defender, frame["roll"][1])):
        totals.append(sum(dice) + frame["fire"][side] + battle_bonus(g, fig) + frame["bonus"][side])
    return totals[0], totals[1]


def decide_battle(g: Play, frame) -> None:
    attacker, defender = g.figure(frame["attacker"]), g.figure(frame["defender"])
    a, d = battle_totals(g, frame)
    parts = []
    for side, fig, dice in (("attacker", attacker, frame["roll"][0]),
                            ("defender", defender, frame["roll"][1])):
        extra = []
        if frame["fire"][side]:
            extra.append(f"+{frame['fire'][side]} from Cannons")
        if battle_bonus(g, fig):
            extra.append(f"+{battle_bonus(g, fig)} {fig['kind'].title()}")
        if frame["bonus"][side]:
            extra.append(f"+{frame['bonus'][side]} {frame.get('bonus_why', {}).get(side, 'bonus')}")
        rolled = "+".join(map(str, dice))
        total = a if side == "attacker" else d
        parts.append(f"{name(fig['owner'])} rolls {rolled}{' ' + ' '.join(extra) if extra else ''} = {total}")
    g.say("; ".join(parts))
    attacker_wins = a >= d
    winner, loser = (attacker, defender) if attacker_wins else (defender, attacker)
    frame["winner"] = "attacker" if attacker_wins else "defender"
    high, low = (a, d) if attacker_wins else (d, a)
    tie = " (attacker wins ties)" if a == d else ""
    g.say(f"{name(winner['owner'])} wins the battle {high} to {low}{tie}")
    g.facts.append({"kind": "battle", "winner": winner["owner"], "loser": loser["owner"],
                    "attacker": attacker["id"], "defender": defender["id"], "totals": (a, d)})
    g.push({"type": "victory", "player": winner["owner"], "winner": winner["id"],
            "loser": loser["id"], "space": list(frame["space"]), "fight": len(g.data["pending"]) - 1})
    g.fire("battle won", frame, winner, loser)


@legal("fire")
def legal_fire(g: Play, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    out = [(f"fire {v}>{w}", do_fire, (v, w)) for v, w in fire_options(g, fig)]
    out.append(("hold", do_hold, ()))
    return out


def do_fire(g: Play, frame, v: int, w: int) -> None:
    g.pop()
    f = frame["player"]
    slot = next(slot for key, spec, slot in g.slot_list(f)
                if spec["action"] == "cannons" and slot["die"] == v)
    slot["die"] = w
    g.data["pending"][frame["fight"]]["fire"][frame["side"]] += v - w
    g.say(f"{name(f)} fires its Cannons: turns its die from {v} to {w} (+{v - w})")


def do_hold(g: Play, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} does not fire its Cannons")


@legal("victory")
def legal_victory(g: Play, frame) -> list[Option]:
    f = frame["player"]
    loser = g.figure(frame["loser"])
    out: list[tuple[str, tuple]] = []
    if f == "bluefin":
        out += [("steal", ()), ("damage2", ())]
        if loser is not None and loser["owner"] == "mollusk" and loser["kind"] in UNION_SHIPS:
            out.append(("remove-comrade", ()))
    elif f == "mollusk":
        out += [("place-comrade", ()), ("steal", ())]
    else:
        out += [("move", ()), ("reward", ())]
    out.append(("none", ()))
    return [(f"victory {word}", do_victory, (word,)) for word, _ in out]


VICTORY_TEXT = {"steal": "deals 1 damage and steals 1 gold", "damage2": "deals 2 damage",
                "remove-comrade": "deals 1 damage and removes 1 Comrade from the Island",
                "place-comrade": "deals 1 damage and places 1 Comrade on the Island",
                "move": "deals 1 damage and moves on", "reward": "deals 1 damage and gains a reward",
                "none": "takes no Battle Victory option"}
notation.verb("victory", rf"victory ({'|'.join(VICTORY_TEXT)})", "victory steal")


def do_victory(g: Play, frame, word: str) -> None:
    g.pop()
    f = frame["player"]
    loser = g.figure(frame["loser"])
    winner = g.figure(frame["winner"])
    fight = g.data["pending"][frame["fight"]]
    g.say(f"{name(f)} {VICTORY_TEXT[word]}")
    if word == "none":
        return
    region = g.map.region_of(tuple(frame["space"]))
    island = g.map.island_of_region(region)
    # Effects that come after the damage are pushed first.
    if word == "steal" and loser is not None:
        victim = g.faction(loser["owner"])
        if victim["gold"]:
            victim["gold"] -= 1
            g.faction(f)["gold"] += 1
            g.say(f"{name(f)} steals 1 gold from {name(loser['owner'])}")
    elif word == "remove-comrade":
        if g.comrades(island):
            g.set_comrades(island, g.comrades(island) - 1)
            g.say(f"A Comrade is removed from the Island at {space_name(island)}")
    elif word == "place-comrade":
        fs = g.faction("mollusk")
        if fs["ready"]:
            fs["ready"] -= 1
            g.set_comrades(island, g.comrades(island) + 1)
            g.say(f"Mollusk places a Ready Comrade on the Island at {space_name(island)}")
    elif word == "move" and winner is not None:
        series = g.data["pending"][fight["series"]]
        if series.get("attacker") == winner["id"]:
            series["queue"] = []  # ignoring all other battles in its space
        g.push({"type": "move", "player": f, "figure": winner["id"], "steps": 2, "moved": 0,
                "anchor": None, "no_battle": False})
    elif word == "reward":
        push_reward(g, f)
    hits = 2 if word == "damage2" else 1
    hits += fight.get("extra_damage") or 0
    if loser is not None:
        for _ in range(hits):
            g.push({"type": "damage-deal", "player": None, "figure": loser["id"], "chooser": f})


@auto("damage-deal")
def auto_damage_deal(g: Play, frame) -> bool:
    """Deals one damage when it is reached, so a second damage sees the first's result."""
    g.pop()
    fig = g.figure(frame["figure"])
    if fig is not None:
        g.damage_figure(fig, frame["chooser"])
    return True
