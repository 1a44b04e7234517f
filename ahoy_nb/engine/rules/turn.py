"""The turn (rulebook: Playing the Game, Taking Action): placing dice, the board
actions they trigger, recruiting and trading Cargo, ending the turn.
"""

from __future__ import annotations

import math
from functools import lru_cache

from ..components import ACTION_TITLES, BOARDS, CARD_KEYS, CARGO_KEYS, CARGO_LIMIT, MARKET_CARDS
from ..geometry import space_name
from ..kernel import Option, turn
from ..notation import facts
from .base import accepts, add_crew, board_kind, card_name, name, Play, take_from_market
from .factions import push_reward


# ---------------------------------------------------------------------------
# The turn: placing dice and the actions that need none
# ---------------------------------------------------------------------------

def die_change_cost(g: Play, f: str, die: int, value: int, per_gold: int | None = None) -> int:
    """Gold to turn ``die`` into ``value``; ``per_gold`` (pips per gold) is looked up if not given."""
    if per_gold is None:
        per_gold = _pips_per_gold(g, f)
    return math.ceil(abs(value - die) / per_gold)


def _pips_per_gold(g: Play, f: str) -> int:
    """How far one gold turns a die: 1, or more when a card says so."""
    rate = 1
    for offer in g.collect("die change", f):
        if offer and offer[0] > rate:
            rate = offer[0]
    return rate


def reachable_values(g: Play, f: str, dice) -> dict[int, tuple[tuple[int, int], ...]]:
    """For each of ``dice``: ``(value, gold cost)`` it can be placed as."""
    gold, rate = g.faction(f)["gold"], _pips_per_gold(g, f)
    return {d: _reachable(d, gold, rate) for d in dice}


@lru_cache(maxsize=None)
def _reachable(die: int, gold: int, per_gold: int) -> tuple[tuple[int, int], ...]:
    # die_change_cost reads neither the game nor the faction once per_gold is given.
    return tuple((v, c) for v in range(1, 7)
                 if (c := die_change_cost(None, "", die, v, per_gold)) <= gold)


def placement_notation(verb: str, die: int, value: int) -> str:
    return f"{verb} {die}" if die == value else f"{verb} {die}>{value}"


# The Fine Print, Effectless Actions: "spending 2 gold to decrease and increase a die".
EFFECTLESS_GOLD = 2


def effectless_option(g: Play, options: dict, text: str) -> tuple | None:
    """The option of ``text`` when it turns a die down and back up (``sail 3>3``: the
    rulebook's effectless action), made from the plain placement ``sail 3`` among
    ``options``; ``None`` when ``text`` is no such change, the plain one is not offered, or
    the player has less than 2 gold. It is taken, never listed (docs/rulings.md)."""
    head, _, last = text.rpartition(" ")
    die, changed, value = last.partition(">")
    if not changed or die != value or not head or head.startswith("fire"):
        return None
    plain = options.get(f"{head} {die}")
    if plain is None or g.faction(g.turn_player())["gold"] < EFFECTLESS_GOLD:
        return None
    fn, args = plain
    return _turned_down_and_up, (fn, args)


def _turned_down_and_up(g: Play, frame, fn, args) -> None:
    f = g.turn_player()
    g.faction(f)["gold"] -= EFFECTLESS_GOLD
    g.say(f"{name(f)} spends {EFFECTLESS_GOLD} gold turning a die down and back up: "
          f"it shows what it showed (an effectless action)")
    fn(g, frame, *args)


@lru_cache(maxsize=None)
def _first_slots(kind: str, indexes: tuple[int, ...]) -> dict[int, int]:
    """Value -> the first of these open board slots (of one action) that accepts it."""
    specs = BOARDS[kind]
    out = {}
    for v in range(1, 7):
        slot = next((i for i in indexes if accepts(specs[i]["need"], v)), None)
        if slot is not None:
            out[v] = slot
    return out


def placement_options(g: Play, f: str) -> list[Option]:
    fs = g.faction(f)
    kind = board_kind(f)
    dice = tuple(sorted(set(fs["dice"])))
    gold, rate = fs["gold"], _pips_per_gold(g, f)
    open_slots = tuple(i for i, slot in enumerate(fs["slots"])
                       if slot["die"] is None and not slot["damage"])
    out = _board_placements(kind, open_slots, dice, gold, rate)
    for member in fs["crew"]:
        card = MARKET_CARDS[member["card"]]
        if card["kind"] == "slot-action" and member["die"] is None and not member["damage"]:
            key = CARD_KEYS[member["card"]]
            for d in dice:
                for v, cost in _reachable(d, gold, rate):
                    out.append((placement_notation(key, d, v), do_place_crew,
                                (d, v, cost, member["card"])))
    return out


# Turning a die from 1 to 6 costs at most 5 gold: more gold reaches no more values.
MOST_GOLD_FOR_A_DIE = 5


def _board_placements(kind: str, open_slots: tuple[int, ...], dice: tuple[int, ...], gold: int,
                      rate: int) -> list[Option]:
    """Every die placement on a board's open slots, action by action, die by die. The
    same few situations (one action's open slots, a die, gold up to 5) recur all game,
    and the options are immutable, so each is listed once."""
    gold = min(gold, MOST_GOLD_FOR_A_DIE)
    return [option for indexes in _open_by_action(kind, open_slots) for d in dice
            for option in _die_placements(kind, indexes, d, gold, rate)]


@lru_cache(maxsize=4096)
def _open_by_action(kind: str, open_slots: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The open slots grouped by the action they trigger, in the board's order."""
    specs = BOARDS[kind]
    by_action: dict[str, list[int]] = {}
    for i in open_slots:
        by_action.setdefault(specs[i]["action"], []).append(i)
    return tuple(tuple(indexes) for indexes in by_action.values())


@lru_cache(maxsize=8192)
def _die_placements(kind: str, indexes: tuple[int, ...], die: int, gold: int,
                    rate: int) -> tuple[Option, ...]:
    """The placements of one die on one action's open slots ``indexes``."""
    action = BOARDS[kind][indexes[0]]["action"]
    first_slot = _first_slots(kind, indexes)
    return tuple((placement_notation(action, die, v), do_place, (die, v, cost, slot))
                 for v, cost in _reachable(die, gold, rate)
                 if (slot := first_slot.get(v)) is not None)


def recruit_suits(g: Play, f: str) -> set[str]:
    """Suits ``f`` may recruit now: its Flagship's Island, and for Bluefin every Stronghold Island."""
    suits = set()
    island = g.island_here(f)
    m = g.map
    if island and not g.stronghold_blocks(f, island):
        suits.add(m.spaces[island].suit)
    if f == "bluefin":
        for fig in g.data["figures"]:
            if fig["kind"] == "stronghold":
                suits.add(m.spaces[tuple(fig["at"])].suit)
    return suits


def recruit_options(g: Play, f: str, quota_left: bool) -> list[Option]:
    fs = g.faction(f)
    # The cards ``f`` could pay for, before where it may recruit (often none: no die left
    # to place, too little gold).
    affordable = [card for card in g.data["market"]
                  if (quota_left if MARKET_CARDS[card]["cost"] == "slot"
                      else fs["gold"] >= MARKET_CARDS[card]["cost"])]
    if not affordable:
        return []
    suits = recruit_suits(g, f)
    out: list[Option] = []
    for card in affordable:
        info = MARKET_CARDS[card]
        if info["suit"] not in suits:
            continue
        key = CARD_KEYS[card]
        if info["cost"] == "slot":
            if quota_left:
                for d, values in reachable_values(g, f, sorted(set(fs["dice"]))).items():
                    for v, cost in values:
                        out.append((placement_notation(f"recruit {key}", d, v), do_recruit,
                                    (card, (d, v, cost))))
        elif fs["gold"] >= info["cost"]:
            out.append((f"recruit {key}", do_recruit, (card, None)))
    return out


def cargo_options(g: Play, f: str) -> list[Option]:
    island = g.island_here(f)
    if not island or g.stronghold_blocks(f, island):
        return []
    suit = g.map.spaces[island].suit
    out: list[Option] = []
    for card in g.data["market"]:
        if MARKET_CARDS[card]["suit"] == suit:
            out.append((f"smuggle {CARGO_KEYS[card]}", do_smuggle, (card,)))
    for card in g.faction(f)["cargo"]:
        if MARKET_CARDS[card]["deliver"] == suit:
            out.append((f"deliver {CARGO_KEYS[card]}", do_deliver, (card,)))
    return out


@turn
def turn_options(g: Play) -> list[Option]:
    f = g.turn_player()
    turn = g.data["turn"]
    quota_left = turn["placed"] < turn["quota"]
    out: list[Option] = []
    placements = placement_options(g, f) if quota_left else []
    out += placements
    out += recruit_options(g, f, quota_left)
    if f.startswith("smuggler"):
        out += cargo_options(g, f)
    for options in g.collect("turn options", f):  # Crew actions, the Union's plans
        out += options
    # A die that cannot be placed is set aside, so the turn may end.
    if not quota_left or not any(places_die(fn, args) for _, fn, args in out):
        out.append(("end", do_end_turn, ()))
    return out


def places_die(fn, args) -> bool:
    """Whether an option places an action die (so it counts toward the turn's two)."""
    if fn is do_recruit:
        return args[1] is not None
    return getattr(fn, "places_die", False)


def spend_for_die(g: Play, f: str, die: int, value: int, cost: int, where: str) -> None:
    fs = g.faction(f)
    fs["dice"].remove(die)
    fs["gold"] -= cost
    g.data["turn"]["placed"] += 1
    if die == value:
        g.say(f"{name(f)} places a {die} on {where}")
    else:
        # More than 1 per gold: the card that allows it.
        helper = next((f" ({card})" for _, card in filter(None, g.collect("die change", f))), "")
        named = helper if abs(value - die) > cost else ""
        g.say(f"{name(f)} places a {die} on {where}, spending {cost} gold to make it a {value}"
              f"{named}")


def placing(fn):
    """Mark a handler that places an action die."""
    fn.places_die = True
    return fn


@placing
@facts(lambda die, value, cost, index: {"gold": cost})
def do_place(g: Play, frame, die: int, value: int, cost: int, index: int) -> None:
    f = g.turn_player()
    spec = BOARDS[board_kind(f)][index]
    spend_for_die(g, f, die, value, cost, ACTION_TITLES[spec["action"]])
    g.faction(f)["slots"][index]["die"] = value
    ACTIONS[spec["action"]](g, f, value)


@placing
@facts(lambda die, value, cost, card: {"gold": cost})
def do_place_crew(g: Play, frame, die: int, value: int, cost: int, card: int) -> None:
    f = g.turn_player()
    member = next(m for m in g.faction(f)["crew"] if m["card"] == card)
    spend_for_die(g, f, die, value, cost, card_name(card))
    member["die"] = value
    g.fire("crew die", f, card, value)


@facts(lambda card, payment: {"pay": "gold", "gold": MARKET_CARDS[card]["cost"]}
       if payment is None else {"pay": "die", "gold": payment[2]})
def do_recruit(g: Play, frame, card: int, payment) -> None:
    f = g.turn_player()
    info = MARKET_CARDS[card]
    take_from_market(g, card)
    if payment is None:
        g.faction(f)["gold"] -= info["cost"]
        g.say(f"{name(f)} recruits {info['name']} for {info['cost']} gold")
        add_crew(g, f, card)
    else:
        die, value, cost = payment
        spend_for_die(g, f, die, value, cost, info["name"])
        g.say(f"{name(f)} recruits {info['name']}")
        add_crew(g, f, card, value)
    g.refill_market()


def do_smuggle(g: Play, frame, card: int) -> None:
    f = g.turn_player()
    take_from_market(g, card)
    cargo = g.faction(f)["cargo"]
    cargo.append(card)
    info = MARKET_CARDS[card]
    g.say(f"{name(f)} smuggles {info['cargo']} (deliver to {info['deliver'].title()})")
    g.refill_market()
    if len(cargo) > CARGO_LIMIT:
        g.push({"type": "discard", "player": f})


def do_deliver(g: Play, frame, card: int) -> None:
    f = g.turn_player()
    fs = g.faction(f)
    fs["cargo"].remove(card)
    info = MARKET_CARDS[card]
    island = g.island_here(f)
    g.say(f"{name(f)} delivers {info['cargo']} to the {info['deliver'].title()} Island")
    g.gain_fame(f, 2, source="delivery", cargo=card)
    g.raise_wealth(g.map.region_of(island))
    g.push({"type": "pledge", "player": f, "card": card})
    push_reward(g, f)


def do_end_turn(g: Play, frame) -> None:
    f = g.turn_player()
    turn = g.data["turn"]
    fs = g.faction(f)
    short = turn["quota"] - turn["placed"]
    if short > 0:
        aside = fs["dice"][:short]
        fs["dice"] = fs["dice"][short:]
        fs["aside"] += aside
        g.say(f"{name(f)} cannot place {'a die' if short == 1 else 'its dice'}: "
              f"sets {', '.join(map(str, aside))} aside")
    g.say(f"{name(f)} ends its turn")
    g.push({"type": "next-turn", "player": None})
    if f == "bluefin":
        g.push({"type": "strongholds", "player": "bluefin"})


# ---------------------------------------------------------------------------
# Board actions
# ---------------------------------------------------------------------------

def act_sail(g: Play, f: str, value: int) -> None:
    anchor = {"bluefin": "patrol", "mollusk": "comrades"}.get(f)
    g.push({"type": "move", "player": f, "figure": f, "steps": 2, "moved": 0, "anchor": anchor,
            "no_battle": False})


def act_fullsail(g: Play, f: str, value: int) -> None:
    g.push({"type": "move", "player": f, "figure": f, "steps": max(1, value), "moved": 0,
            "anchor": None, "no_battle": False})


def act_tailwind(g: Play, f: str, value: int | None) -> None:
    anchor = "patrol" if f == "bluefin" else None
    g.push({"type": "tailwind", "player": f, "figure": f, "value": value, "anchor": anchor})


def act_cannons(g: Play, f: str, value: int) -> None:
    g.say(f"{name(f)} has loaded Cannons until the end of the round")
    g.fire("cannons", f)


def act_repair(g: Play, f: str, value: int) -> None:
    g.push({"type": "repair", "player": f, "left": 2})


def act_order(g: Play, f: str, value: int) -> None:
    g.push({"type": "order", "player": f, "moved": []})


def act_bombard(g: Play, f: str, value: int) -> None:
    if g.flagship_space(f) is None:  # a study position may leave the Flagship off the map
        g.say("Bluefin's Flagship is not on the map: nothing is bombarded")
        return
    region = g.map.region_of(g.flagship_space(f))
    island = g.map.island_of_region(region)
    n = g.comrades(island)
    g.set_comrades(island, 0)
    g.say(f"Bluefin bombards the Island at {space_name(island)}: {n} Comrade{'s' if n != 1 else ''} "
          f"return to the Union's supply")


def act_deploy(g: Play, f: str, value: int) -> None:
    g.push({"type": "deploy", "player": f})


def act_assemble(g: Play, f: str, value: int) -> None:
    g.push({"type": "assemble", "player": f})


def act_inspire(g: Play, f: str, value: int) -> None:
    g.push({"type": "inspire", "player": f, "chosen": []})


def act_rally(g: Play, f: str, value: int) -> None:
    if not g.island_here(f):
        g.say("Mollusk's Flagship is not at an Island: Rally gains nothing")
        return
    n = min(4, g.comrade_supply())
    g.faction(f)["ready"] += n
    g.say(f"Mollusk gains {n} Ready Comrade{'s' if n != 1 else ''}")


def act_negotiate(g: Play, f: str, value: int) -> None:
    g.push({"type": "negotiate", "player": f, "recruited": 0})


ACTIONS = {"sail": act_sail, "tailwind": act_tailwind, "cannons": act_cannons,
           "repair": act_repair, "order": act_order, "bombard": act_bombard,
           "deploy": act_deploy, "assemble": act_assemble, "inspire": act_inspire,
           "rally": act_rally, "fullsail": act_fullsail, "negotiate": act_negotiate}
