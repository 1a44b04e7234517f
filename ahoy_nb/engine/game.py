"""The rules of Ahoy as functions of the state's data.

The position is a plain dict (see ``docs/engine.md``). Decisions waiting for a
player are *frames* on ``data["pending"]``; the last one is asked first. A frame
type may have an ``auto`` step that resolves what needs no decision, and a
``legal`` function that lists the options of the player who must decide.
``Game`` binds one data dict with the events of the action being applied.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable

from . import chance
from .board import Map, Space, space_name
from .components import (BOARDS, CARD_BY_KEY, CARD_KEYS, CARGO_KEYS, CARGO_LIMIT, CONTROL, DICE_COUNT,
                         FACTION_NAMES, FAME_TO_END, MARKET_CARDS, MARKET_SIZE,
                         PLAN_KEYS, PLANS_PER_ROUND, REWARD_TEXT, REWARDS, SHIP_SLOTS,
                         STRONGHOLD_BONUS, SHIP_STATS, START_ISLAND_COMRADES, SUPPLY)

Option = tuple[str, Callable, tuple]  # notation, handler, arguments

UNION_SHIPS = ("flagship", "cutter", "gunship")
REWARD_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def board_kind(faction: str) -> str:
    return "smuggler" if faction.startswith("smuggler") else faction


def name(faction: str) -> str:
    return FACTION_NAMES[faction]


def card_name(card: int) -> str:
    return MARKET_CARDS[card]["name"]


def accepts(need, value: int) -> bool:
    if need is None:
        return True
    if need == "even":
        return value % 2 == 0
    return value in need


def need_text(need) -> str:
    if need == "even":
        return "an even number: 2, 4, or 6"
    if isinstance(need, tuple):
        return " or ".join(f'a "{v}"' for v in need)
    return "any die"


class Game:
    """One data dict and the events of the action being applied to it."""

    def __init__(self, data: dict):
        self.data = data
        self.events: list[tuple[str, str | None]] = []  # (text, only visible to)
        self._map_of: tuple | None = None  # (tiles list, its length, Map): tiles are only appended

    # -- events ---------------------------------------------------------
    def say(self, text: str, only: str | None = None) -> None:
        self.events.append((text, only))

    # -- lookups --------------------------------------------------------
    @property
    def map(self) -> Map:
        tiles = self.data["tiles"]
        cached = self._map_of
        if cached is None or cached[0] is not tiles or cached[1] != len(tiles):
            cached = self._map_of = (tiles, len(tiles), Map.of(tiles))
        return cached[2]

    def faction(self, f: str) -> dict:
        return self.data["factions"][f]

    def figure(self, fid: str) -> dict | None:
        for fig in self.data["figures"]:
            if fig["id"] == fid:
                return fig
        return None

    def figures_at(self, space) -> list[dict]:
        x, y = space
        return [f for f in self.data["figures"] if f["at"][0] == x and f["at"][1] == y]

    def flagship_space(self, f: str) -> Space | None:
        fig = self.figure(f)
        return tuple(fig["at"]) if fig else None

    def region_figures(self, region: int) -> list[dict]:
        spaces = set(self.map.region_spaces[region])
        return [f for f in self.data["figures"] if tuple(f["at"]) in spaces]

    def count(self, kind: str) -> int:
        return sum(1 for f in self.data["figures"] if f["kind"] == kind)

    def patrol_supply(self) -> int:
        return SUPPLY["patrol"] - self.count("patrol")

    def stronghold_supply(self) -> int:
        return SUPPLY["stronghold"] - self.count("stronghold")

    def comrade_supply(self) -> int:
        if "mollusk" not in self.data["factions"]:
            return 0
        on_islands = sum(self.data["comrades"].values())
        return SUPPLY["comrade"] - on_islands - self.faction("mollusk")["ready"]

    def gold_bank(self) -> int:
        return SUPPLY["gold"] - sum(fs["gold"] for fs in self.data["factions"].values())

    def comrades(self, island: Space) -> int:
        return self.data["comrades"].get(space_name(island), 0)

    def set_comrades(self, island: Space, n: int) -> None:
        key = space_name(island)
        if n:
            self.data["comrades"][key] = n
        else:
            self.data["comrades"].pop(key, None)

    def island_here(self, f: str) -> Space | None:
        """The Island the Flagship of ``f`` is at, if any."""
        space = self.flagship_space(f)
        if space and self.map.spaces[space].is_island:
            return space
        return None

    def stronghold_blocks(self, f: str, island: Space) -> bool:
        """Island Dominance: an enemy at an Island with a Stronghold cannot trade there."""
        return f != "bluefin" and any(fig["kind"] == "stronghold" for fig in self.figures_at(island))

    def turn_player(self) -> str | None:
        turn = self.data["turn"]
        return turn["player"] if turn else None

    # -- gold and Fame --------------------------------------------------
    def gain_gold(self, f: str, n: int, why: str = "") -> int:
        n = min(n, self.gold_bank())
        if n > 0:
            self.faction(f)["gold"] += n
            self.say(f"{name(f)} gains {n} gold{why}")
        return n

    def gain_fame(self, f: str, n: int, why: str = "", only: str | None = None) -> None:
        if n:
            fs = self.faction(f)
            fs["fame"] += n
            self.say(f"{name(f)} gains {n} Fame{why} ({fs['fame']} Fame)", only)

    def raise_wealth(self, region: int, why: str = "") -> None:
        tile = self.data["tiles"][region]
        before = tile["wealth"]
        tile["wealth"] = min(6, before + 1)
        suit = self.map.spaces[self.map.island_of_region(region)].suit.title()
        self.say(f"{suit} region wealth {before} → {tile['wealth']}{why}")

    # -- slots ----------------------------------------------------------
    def slot_list(self, f: str, with_ships: bool = False) -> list[tuple[str, dict, dict]]:
        """``(key, spec, slot)`` for every die slot of ``f``: board, then Crew, then ships."""
        fs = self.faction(f)
        out = [(spec["key"], spec, slot) for spec, slot in zip(BOARDS[board_kind(f)], fs["slots"])]
        for member in fs["crew"]:
            if MARKET_CARDS[member["card"]]["slot"]:
                out.append((CARD_KEYS[member["card"]], {"action": CARD_KEYS[member["card"]],
                                                       "need": None, "dashed": False}, member))
        if with_ships:
            for ship, info in fs.get("ships", {}).items():
                for spec, slot in zip(SHIP_SLOTS[ship], info["slots"]):
                    out.append((spec["key"], spec, slot))
        return out

    def damageable(self, f: str) -> list[str]:
        """Keys of slots that can take a damage token: empty and not dashed."""
        return sorted({key for key, spec, slot in self.slot_list(f)
                       if slot["die"] is None and not slot["damage"] and not spec["dashed"]})

    def damaged(self, f: str) -> list[str]:
        return sorted({key for key, spec, slot in self.slot_list(f) if slot["damage"]})

    def cannons_dice(self, f: str) -> list[int]:
        return [slot["die"] for key, spec, slot in self.slot_list(f)
                if spec["action"] == "cannons" and slot["die"] is not None]

    def loaded(self, fig: dict) -> bool:
        """Loaded Cannons: a die on Cannons; Strongholds and the Gunship always, the Cutter never."""
        if fig["kind"] in ("stronghold", "gunship"):
            return True
        if fig["kind"] == "cutter":
            return False
        return bool(self.cannons_dice(fig["owner"]))

    # -- frames ---------------------------------------------------------
    def push(self, frame: dict) -> dict:
        self.data["pending"].append(frame)
        return frame

    def pop(self) -> dict:
        return self.data["pending"].pop()

    def top(self) -> dict | None:
        pending = self.data["pending"]
        return pending[-1] if pending else None

    def deciding(self) -> str | None:
        if self.data["phase"] == "over":
            return None
        top = self.top()
        if top is not None:
            return top["player"]
        return self.turn_player()

    def advance(self) -> None:
        """Resolve everything that needs no decision, until someone must decide."""
        while self.data["phase"] != "over":
            top = self.top()
            if top is None:
                return
            auto = AUTO.get(top["type"])
            if auto is None or not auto(self, top):
                return

    def options(self) -> list[Option]:
        if self.data["phase"] == "over":
            return []
        top = self.top()
        if top is None:
            return turn_options(self)
        return LEGAL[top["type"]](self, top)

    # -- chance ---------------------------------------------------------
    def draw_market(self) -> int | None:
        deck = self.data["market_deck"]
        if not deck:
            return None
        card = chance.draw(self.data, "market", sorted(deck))
        deck.remove(card)
        return card

    def refill_market(self) -> None:
        while len(self.data["market"]) < MARKET_SIZE:
            card = self.draw_market()
            if card is None:
                return
            self.data["market"].append(card)
            self.say(f"{card_name(card)} is dealt to the Market")

    def draw_plans(self, n: int) -> None:
        fs = self.faction("mollusk")
        drawn = []
        for _ in range(n):
            if not fs["plan_deck"]:
                break
            plan = chance.draw(self.data, "plan", sorted(fs["plan_deck"]))
            fs["plan_deck"].remove(plan)
            fs["hand"].append(plan)
            drawn.append(plan)
        if drawn:
            self.say(f"Mollusk draws {len(drawn)} plan card{'s' if len(drawn) > 1 else ''}")
            self.say("Mollusk draws " + ", ".join(PLAN_KEYS[p] for p in drawn), "mollusk")

    def roll_dice(self, f: str) -> None:
        fs = self.faction(f)
        fs["dice"] = sorted(chance.roll_die(self.data) for _ in range(DICE_COUNT[board_kind(f)]))
        fs["aside"] = []
        self.say(f"{name(f)} rolls {', '.join(map(str, fs['dice']))}")

    # -- figures --------------------------------------------------------
    def new_figure(self, kind: str, owner: str, space: Space) -> dict:
        if kind in ("patrol", "stronghold"):
            used = {f["id"] for f in self.data["figures"]}
            n = next(i for i in range(1, SUPPLY[kind] + 1) if f"{kind}-{i}" not in used)
            fid = f"{kind}-{n}"
        else:
            fid = owner if kind == "flagship" else kind
        fig = {"id": fid, "kind": kind, "owner": owner, "at": [space[0], space[1]]}
        self.data["figures"].append(fig)
        return fig

    def remove_figure(self, fig: dict) -> None:
        self.data["figures"].remove(fig)

    def place_patrol(self, space: Space) -> bool:
        if self.patrol_supply() == 0:
            self.say("No Patrol left in the supply")
            return False
        self.new_figure("patrol", "bluefin", space)
        self.say(f"Bluefin places a Patrol at {space_name(space)}")
        return True

    # -- damage ---------------------------------------------------------
    def damage_figure(self, fig: dict, chooser: str, why: str = "") -> None:
        """One damage to ``fig``; ``chooser`` picks the slot (the dealer, or the owner taking it)."""
        if fig["kind"] in ("patrol", "stronghold"):
            self.remove_figure(fig)
            self.say(f"The {fig['kind'].title()} at {space_name(fig['at'])} is damaged and "
                     f"returns to Bluefin's supply{why}")
            return
        self.push({"type": "damage", "player": chooser, "figure": fig["id"], "why": why})

    # -- movement -------------------------------------------------------
    def step_targets(self, fig: dict) -> list[Space]:
        """Adjacent spaces ``fig`` may move into: on the map, or off it where a tile can go."""
        here = tuple(fig["at"])
        m = self.map
        out = []
        for target in m.neighbours(here):
            if not m.can_step(here, target):
                continue
            if (m.on_map(target) or (self.data["tile_stack"] and m.can_explore(target))
                    or crew.witch_can(self, fig, target)):  # Sea Witch: off the map anyway
                out.append(target)
        return out

    def start_step(self, fig: dict, target: Space, parent: int | None, direct: bool = False,
                   no_battle: bool = False) -> None:
        self.push({"type": "step", "player": None, "figure": fig["id"], "to": list(target),
                   "phase": "enter", "parent": parent, "direct": direct, "no_battle": no_battle})
        if parent is not None and self.data["pending"][parent].get("ignore_wreckage"):
            self.top()["ignore_wreckage"] = True  # the Cutter's and Gunship's own moves


# ---------------------------------------------------------------------------
# The turn: placing dice and the actions that need none
# ---------------------------------------------------------------------------

def die_change_cost(g: Game, f: str, die: int, value: int, per_gold: int | None = None) -> int:
    """Gold to turn ``die`` into ``value``; ``per_gold`` (pips per gold) is looked up if not given."""
    if per_gold is None:
        per_gold = _pips_per_gold(g, f)
    return math.ceil(abs(value - die) / per_gold)


def _pips_per_gold(g: Game, f: str) -> int:
    return 2 if _has_crew(g, f, "middleman") else 1


def _has_crew(g: Game, f: str, slug: str) -> bool:
    return any(MARKET_CARDS[m["card"]]["slug"] == slug for m in g.faction(f)["crew"])


def reachable_values(g: Game, f: str, die: int) -> list[tuple[int, int]]:
    """``(value, gold cost)`` a die can be placed as."""
    return list(_reachable(die, g.faction(f)["gold"], _pips_per_gold(g, f)))


@lru_cache(maxsize=None)
def _reachable(die: int, gold: int, per_gold: int) -> tuple[tuple[int, int], ...]:
    # die_change_cost reads neither the game nor the faction once per_gold is given.
    return tuple((v, c) for v in range(1, 7)
                 if (c := die_change_cost(None, "", die, v, per_gold)) <= gold)


def placement_notation(verb: str, die: int, value: int) -> str:
    return f"{verb} {die}" if die == value else f"{verb} {die}>{value}"


def open_board_slots(g: Game, f: str) -> dict[str, list[int]]:
    """Board action -> indexes of its empty, undamaged slots."""
    out: dict[str, list[int]] = {}
    for i, (spec, slot) in enumerate(zip(BOARDS[board_kind(f)], g.faction(f)["slots"])):
        if slot["die"] is None and not slot["damage"]:
            out.setdefault(spec["action"], []).append(i)
    return out


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


def placement_options(g: Game, f: str) -> list[Option]:
    fs = g.faction(f)
    dice = sorted(set(fs["dice"]))
    specs = BOARDS[board_kind(f)]
    out: list[Option] = []
    open_slots = open_board_slots(g, f)
    values = {d: reachable_values(g, f, d) for d in dice}
    for action, indexes in open_slots.items():
        first_slot = _first_slots(board_kind(f), tuple(indexes))
        for d in dice:
            for v, cost in values[d]:
                slot = first_slot.get(v)
                if slot is not None:
                    out.append((placement_notation(action, d, v), do_place, (d, v, cost, slot)))
    for member in fs["crew"]:
        card = MARKET_CARDS[member["card"]]
        if card["kind"] == "slot-action" and member["die"] is None and not member["damage"]:
            key = CARD_KEYS[member["card"]]
            for d in dice:
                for v, cost in values[d]:
                    out.append((placement_notation(key, d, v), do_place_crew,
                                (d, v, cost, member["card"])))
    return out


def recruit_suits(g: Game, f: str) -> set[str]:
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


def recruit_options(g: Game, f: str, quota_left: bool) -> list[Option]:
    fs = g.faction(f)
    suits = recruit_suits(g, f)
    out: list[Option] = []
    for card in g.data["market"]:
        info = MARKET_CARDS[card]
        if info["suit"] not in suits:
            continue
        key = CARD_KEYS[card]
        if info["cost"] == "slot":
            if quota_left:
                for d in sorted(set(fs["dice"])):
                    for v, cost in reachable_values(g, f, d):
                        out.append((placement_notation(f"recruit {key}", d, v), do_recruit,
                                    (card, (d, v, cost))))
        elif fs["gold"] >= info["cost"]:
            out.append((f"recruit {key}", do_recruit, (card, None)))
    return out


def cargo_options(g: Game, f: str) -> list[Option]:
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


def turn_options(g: Game) -> list[Option]:
    f = g.turn_player()
    turn = g.data["turn"]
    quota_left = turn["placed"] < turn["quota"]
    out: list[Option] = []
    placements = placement_options(g, f) if quota_left else []
    out += placements
    out += recruit_options(g, f, quota_left)
    if f.startswith("smuggler"):
        out += cargo_options(g, f)
    out += crew.turn_options(g, f)
    if f == "mollusk":
        out += plans.turn_options(g)
    # A die that cannot be placed is set aside, so the turn may end.
    can_place = any(places_die(fn, args) for _, fn, args in out)
    if not quota_left or not can_place:
        out.append(("end", do_end_turn, ()))
    return out


def places_die(fn, args) -> bool:
    """Whether an option places an action die (so it counts toward the turn's two)."""
    if fn is do_recruit:
        return args[1] is not None
    return getattr(fn, "places_die", False)


def _spend_for_die(g: Game, f: str, die: int, value: int, cost: int, where: str) -> None:
    fs = g.faction(f)
    fs["dice"].remove(die)
    fs["gold"] -= cost
    g.data["turn"]["placed"] += 1
    if die == value:
        g.say(f"{name(f)} places a {die} on {where}")
    else:
        middleman = " (Middleman)" if abs(value - die) > cost else ""  # more than 1 per gold
        g.say(f"{name(f)} places a {die} on {where}, spending {cost} gold to make it a {value}"
              f"{middleman}")


def placing(fn):
    """Mark a handler that places an action die."""
    fn.places_die = True
    return fn


@placing
def do_place(g: Game, frame, die: int, value: int, cost: int, index: int) -> None:
    f = g.turn_player()
    spec = BOARDS[board_kind(f)][index]
    _spend_for_die(g, f, die, value, cost, ACTION_TITLES[spec["action"]])
    g.faction(f)["slots"][index]["die"] = value
    ACTIONS[spec["action"]](g, f, value)


@placing
def do_place_crew(g: Game, frame, die: int, value: int, cost: int, card: int) -> None:
    f = g.turn_player()
    member = next(m for m in g.faction(f)["crew"] if m["card"] == card)
    _spend_for_die(g, f, die, value, cost, card_name(card))
    member["die"] = value
    crew.slot_action(g, f, card, value)


def take_from_market(g: Game, card: int) -> None:
    g.data["market"].remove(card)


def add_crew(g: Game, f: str, card: int, die: int | None = None) -> None:
    g.faction(f)["crew"].append({"card": card, "die": die, "damage": False})


def do_recruit(g: Game, frame, card: int, payment) -> None:
    f = g.turn_player()
    info = MARKET_CARDS[card]
    take_from_market(g, card)
    if payment is None:
        g.faction(f)["gold"] -= info["cost"]
        g.say(f"{name(f)} recruits {info['name']} for {info['cost']} gold")
        add_crew(g, f, card)
    else:
        die, value, cost = payment
        _spend_for_die(g, f, die, value, cost, info["name"])
        g.say(f"{name(f)} recruits {info['name']}")
        add_crew(g, f, card, value)
    g.refill_market()


def do_smuggle(g: Game, frame, card: int) -> None:
    f = g.turn_player()
    take_from_market(g, card)
    cargo = g.faction(f)["cargo"]
    cargo.append(card)
    info = MARKET_CARDS[card]
    g.say(f"{name(f)} smuggles {info['cargo']} (deliver to {info['deliver'].title()})")
    g.refill_market()
    if len(cargo) > CARGO_LIMIT:
        g.push({"type": "discard", "player": f})


def do_deliver(g: Game, frame, card: int) -> None:
    f = g.turn_player()
    fs = g.faction(f)
    fs["cargo"].remove(card)
    info = MARKET_CARDS[card]
    island = g.island_here(f)
    g.say(f"{name(f)} delivers {info['cargo']} to the {info['deliver'].title()} Island")
    g.gain_fame(f, 2)
    g.raise_wealth(g.map.region_of(island))
    g.push({"type": "pledge", "player": f, "card": card})
    push_reward(g, f)


def do_end_turn(g: Game, frame) -> None:
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

ACTION_TITLES = {"sail": "Sail", "tailwind": "Tailwind", "cannons": "Cannons", "repair": "Repair",
                 "order": "Order", "bombard": "Bombard", "deploy": "Deploy",
                 "assemble": "Assemble", "inspire": "Inspire", "rally": "Rally",
                 "fullsail": "Full Sail", "negotiate": "Negotiate"}


def act_sail(g: Game, f: str, value: int) -> None:
    anchor = {"bluefin": "patrol", "mollusk": "comrades"}.get(f)
    g.push({"type": "move", "player": f, "figure": f, "steps": 2, "moved": 0, "anchor": anchor,
            "no_battle": False})


def act_fullsail(g: Game, f: str, value: int) -> None:
    g.push({"type": "move", "player": f, "figure": f, "steps": max(1, value), "moved": 0,
            "anchor": None, "no_battle": False})


def act_tailwind(g: Game, f: str, value: int | None) -> None:
    anchor = "patrol" if f == "bluefin" else None
    g.push({"type": "tailwind", "player": f, "figure": f, "value": value, "anchor": anchor})


def act_cannons(g: Game, f: str, value: int) -> None:
    g.say(f"{name(f)} has loaded Cannons until the end of the round")
    crew.on_cannons(g, f)


def act_repair(g: Game, f: str, value: int) -> None:
    g.push({"type": "repair", "player": f, "left": 2})


def act_order(g: Game, f: str, value: int) -> None:
    g.push({"type": "order", "player": f, "moved": []})


def act_bombard(g: Game, f: str, value: int) -> None:
    region = g.map.region_of(g.flagship_space(f))
    island = g.map.island_of_region(region)
    n = g.comrades(island)
    g.set_comrades(island, 0)
    g.say(f"Bluefin bombards the Island at {space_name(island)}: {n} Comrade{'s' if n != 1 else ''} "
          f"return to the Union's supply")


def act_deploy(g: Game, f: str, value: int) -> None:
    g.push({"type": "deploy", "player": f})


def act_assemble(g: Game, f: str, value: int) -> None:
    g.push({"type": "assemble", "player": f})


def act_inspire(g: Game, f: str, value: int) -> None:
    g.push({"type": "inspire", "player": f, "chosen": []})


def act_rally(g: Game, f: str, value: int) -> None:
    if not g.island_here(f):
        g.say("Mollusk's Flagship is not at an Island: Rally gains nothing")
        return
    n = min(4, g.comrade_supply())
    g.faction(f)["ready"] += n
    g.say(f"Mollusk gains {n} Ready Comrade{'s' if n != 1 else ''}")


def act_negotiate(g: Game, f: str, value: int) -> None:
    g.push({"type": "negotiate", "player": f, "recruited": 0})


ACTIONS = {"sail": act_sail, "tailwind": act_tailwind, "cannons": act_cannons,
           "repair": act_repair, "order": act_order, "bombard": act_bombard,
           "deploy": act_deploy, "assemble": act_assemble, "inspire": act_inspire,
           "rally": act_rally, "fullsail": act_fullsail, "negotiate": act_negotiate}


# ---------------------------------------------------------------------------
# Frames: automatic steps and decisions
# ---------------------------------------------------------------------------

AUTO: dict[str, Callable[[Game, dict], bool]] = {}
LEGAL: dict[str, Callable[[Game, dict], list[Option]]] = {}


def auto(kind):
    def register(fn):
        AUTO[kind] = fn
        return fn
    return register


def legal(kind):
    def register(fn):
        LEGAL[kind] = fn
        return fn
    return register


# -- setup ------------------------------------------------------------------

@legal("setup-bluefin")
def legal_setup_bluefin(g: Game, frame) -> list[Option]:
    return [(f"start {space_name(s)}", do_setup_bluefin, (s,)) for s in sorted(g.map.islands)]


def do_setup_bluefin(g: Game, frame, island: Space) -> None:
    g.pop()
    g.new_figure("flagship", "bluefin", island)
    g.new_figure("patrol", "bluefin", island)
    suit = g.map.spaces[island].suit.title()
    g.say(f"Bluefin places its Flagship and a Patrol on the {suit} Island at {space_name(island)}")


@legal("setup-smuggler")
def legal_setup_smuggler(g: Game, frame) -> list[Option]:
    return [(f"start {space_name(s)}", do_setup_smuggler, (s,))
            for s, info in sorted(g.map.spaces.items()) if not info.is_island]


def do_setup_smuggler(g: Game, frame, space: Space) -> None:
    g.pop()
    g.new_figure("flagship", frame["player"], space)
    g.say(f"{name(frame['player'])} places its Flagship at {space_name(space)}")


@auto("setup-mollusk")
def auto_setup_mollusk(g: Game, frame) -> bool:
    g.pop()
    taken = g.flagship_space("bluefin")
    island = next(s for s in sorted(g.map.islands) if s != taken)
    g.new_figure("flagship", "mollusk", island)
    g.set_comrades(island, START_ISLAND_COMRADES)
    g.say(f"Mollusk places its Flagship and {START_ISLAND_COMRADES} Comrades on the empty Island at {space_name(island)}")
    return True


@auto("begin-play")
def auto_begin_play(g: Game, frame) -> bool:
    g.pop()
    g.data["phase"] = "play"
    begin_turn(g, g.data["first"])
    return True


def begin_turn(g: Game, f: str) -> None:
    dice = g.faction(f)["dice"]
    g.data["turn"] = {"player": f, "placed": 0, "quota": min(2, len(dice)), "once": []}
    g.say(f"{name(f)}'s turn (dice {', '.join(map(str, dice))})")


@auto("next-turn")
def auto_next_turn(g: Game, frame) -> bool:
    g.pop()
    current = g.turn_player()
    crew.end_of_turn(g, current)
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


# -- the end of a round -----------------------------------------------------

def control(g: Game, region: int) -> dict[str, int]:
    """Control of a region: Bluefin and Mollusk (the Smugglers never control)."""
    figs = g.region_figures(region)
    blue = 0
    union_ships = 0
    claw = False
    for fig in figs:
        if fig["owner"] == "bluefin":
            blue += {"patrol": CONTROL["patrol"], "stronghold": CONTROL["stronghold"],
                     "flagship": CONTROL["bluefin-flagship"]}[fig["kind"]]
        elif fig["owner"] == "mollusk":
            union_ships += CONTROL["union-ship"]
            claw = claw or fig["kind"] == "cutter"
    comrades = g.comrades(g.map.island_of_region(region))
    mollusk = comrades * (CONTROL["claw-comrade"] if claw else CONTROL["comrade"]) + union_ships
    return {"bluefin": blue, "mollusk": mollusk}


def controller(g: Game, region: int) -> str | None:
    c = control(g, region)
    if c["bluefin"] > c["mollusk"]:
        return "bluefin"
    if c["mollusk"] > c["bluefin"]:
        return "mollusk"
    return None


def region_label(g: Game, region: int) -> str:
    island = g.map.island_of_region(region)
    return f"{g.map.spaces[island].suit.title()} region at {space_name(island)}"


@auto("round-end")
def auto_round_end(g: Game, frame) -> bool:
    data = g.data
    if frame["stage"] == "score":
        g.say(f"Round {data['round']} ends: scoring regions")
        for region, tile in enumerate(data["tiles"]):
            c = control(g, region)
            winner = controller(g, region)
            label = region_label(g, region)
            if winner and winner in data["factions"]:
                g.gain_fame(winner, tile["wealth"],
                            f" for controlling the {label} ({c['bluefin']} to {c['mollusk']})")
            else:
                g.say(f"No one controls the {label} ({c['bluefin']} to {c['mollusk']})")
        if any(fs["fame"] >= FAME_TO_END for fs in data["factions"].values()):
            end_game(g)
            return True
        frame["stage"] = "clean-up"
        if len(data["players"]) == 2:
            g.push({"type": "flush", "player": data["first"]})
            g.push({"type": "wealth", "player": data["first"]})
        return True
    g.pop()
    for f in data["players"]:
        clear_dice(g, f)
        g.roll_dice(f)
    players = data["players"]
    data["first"] = players[(players.index(data["first"]) + 1) % len(players)]
    g.say(f"{name(data['first'])} takes the first player card")
    if "mollusk" in data["factions"]:
        g.draw_plans(PLANS_PER_ROUND)
    data["round"] += 1
    begin_turn(g, data["first"])
    return True


def clear_dice(g: Game, f: str) -> None:
    for key, spec, slot in g.slot_list(f, with_ships=True):
        slot["die"] = None


def end_game(g: Game) -> None:
    data = g.data
    for f in data["players"]:
        if not f.startswith("smuggler"):
            continue
        for pledged_to, cards in g.faction(f)["pledged"].items():
            for card in cards:
                suit = MARKET_CARDS[card]["suit"]
                regions = [r for r in range(len(data["tiles"]))
                           if controller(g, r) == pledged_to
                           and g.map.spaces[g.map.island_of_region(r)].suit == suit]
                g.say(f"{name(f)} reveals {MARKET_CARDS[card]['cargo']} ({suit.title()}) "
                      f"pledged to {name(pledged_to)}")
                g.gain_fame(f, len(regions), " for pledged Cargo")
    top = max(fs["fame"] for fs in data["factions"].values())
    best = [f for f in data["players"] if g.faction(f)["fame"] == top]
    gold = max(g.faction(f)["gold"] for f in best)
    data["winners"] = [f for f in best if g.faction(f)["gold"] == gold]
    data["phase"] = "over"
    data["pending"] = []
    data["turn"] = None
    g.say(" and ".join(name(f) for f in data["winners"]) + f" win{'s' if len(data['winners']) == 1 else ''}"
          f" with {top} Fame")


@legal("wealth")
def legal_wealth(g: Game, frame) -> list[Option]:
    out = [(f"wealth {space_name(g.map.island_of_region(r))}", do_wealth, (r,))
           for r in range(len(g.data["tiles"]))]
    if frame.get("fame"):  # a reward "may" be gained
        out.append(("no-reward", do_no_reward, ()))
    return out


def do_wealth(g: Game, frame, region: int) -> None:
    g.pop()
    if frame.get("fame"):
        g.gain_fame(frame["player"], frame["fame"])
    g.raise_wealth(region, frame.get("why", ""))


@legal("flush")
def legal_flush(g: Game, frame) -> list[Option]:
    return [("flush", do_flush, (True,)), ("keep", do_flush, (False,))]


def do_flush(g: Game, frame, flush: bool) -> None:
    g.pop()
    if flush:
        g.data["market_box"] += g.data["market"]
        g.data["market"] = []
        g.say(f"{name(frame['player'])} returns the Market to the box")
        g.refill_market()


# -- moving -------------------------------------------------------------------

@auto("move")
def auto_move(g: Game, frame) -> bool:
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
def legal_move(g: Game, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    out = [(f"move {space_name(t)}", do_move, (t,)) for t in g.step_targets(fig)]
    if frame["moved"]:
        out.append(("anchor", do_anchor, ()))
    elif frame.get("optional"):
        out.append(("stay", do_stay, ()))  # a reward "may" be gained
    return out


def do_move(g: Game, frame, target: Space) -> None:
    frame["steps"] -= 1
    frame["moved"] += 1
    fig = g.figure(frame["figure"])
    g.start_step(fig, target, len(g.data["pending"]) - 1, no_battle=frame.get("no_battle", False))


def do_anchor(g: Game, frame) -> None:
    frame["steps"] = 0


def figure_label(fig: dict) -> str:
    if fig["kind"] == "flagship":
        return f"{name(fig['owner'])}'s Flagship"
    if fig["kind"] in ("patrol", "stronghold"):
        return f"Bluefin's {fig['kind'].title()}"
    return f"Mollusk's {fig['kind'].title()}"


@auto("step")
def auto_step(g: Game, frame) -> bool:
    """One space of movement: explore, then battle, then terrain."""
    fig = g.figure(frame["figure"])
    if fig is None:
        g.pop()
        return True
    target = tuple(frame["to"])
    m = g.map
    parent = frame["parent"]

    def stop_moving():
        if parent is not None:
            g.data["pending"][parent]["steps"] = 0

    if frame["phase"] == "enter":
        if not m.on_map(target) and crew.off_map(g, fig, frame):
            return True  # Sea Witch is offered; it may change the target
        target = tuple(frame["to"])
        frame["phase"] = "battle"
        crew.leaving(g, fig, frame)  # Trawler
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
        stop_moving()
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
            stop_moving()
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
            if crew.on_terrain(g, fig, frame):
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
                g.top().update(pushed=True, stay_on_map=frame.get("stay_on_map", False))
                return True
        return True
    g.pop()
    return True


def _tile_label(tile: int) -> str:
    from .components import TILES
    return f"a {TILES[tile]['suit'].title()} region (tile {tile})"


@legal("explore")
def legal_explore(g: Game, frame) -> list[Option]:
    return [(f"tile {x},{y} r{rot}", do_place_tile, (x, y, rot))
            for x, y, rot in g.map.placements_covering(tuple(frame["target"]))]


def do_place_tile(g: Game, frame, x: int, y: int, rot: int) -> None:
    g.pop()
    place_tile(g, frame["tile"], x, y, rot)
    fig = g.figure(frame["figure"]) if frame.get("figure") else None
    if fig is not None:
        fig["at"] = list(frame["target"])
        g.say(f"{figure_label(fig)} moves to {space_name(frame['target'])}")


def place_tile(g: Game, tile: int, x: int, y: int, rot: int) -> None:
    g.data["tiles"].append({"tile": tile, "x": x, "y": y, "rot": rot, "wealth": 1})
    island = g.map.island_of_region(len(g.data["tiles"]) - 1)
    g.say(f"The {_tile_label(tile)[2:]} is placed at {x},{y} turned {rot}°, "
          f"its Island at {space_name(island)}, with a wealth die at 1")


@legal("tailwind")
def legal_tailwind(g: Game, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    here = tuple(fig["at"])
    out = [(f"move {space_name(s)}", do_tailwind, (s,))
           for s in g.map.tailwind_spaces(frame["value"]) if s != here]
    out.append(("stay", do_stay, ()))
    return out


def do_tailwind(g: Game, frame, target: Space) -> None:
    fig = g.figure(frame["figure"])
    g.pop()
    g.say(f"{figure_label(fig)} moves directly to {space_name(target)}")
    g.push({"type": "move", "player": frame["player"], "figure": fig["id"], "steps": 0, "moved": 1,
            "anchor": frame["anchor"], "no_battle": False,
            "ignore_wreckage": frame.get("ignore_wreckage", False)})
    g.start_step(fig, target, len(g.data["pending"]) - 1, direct=True,
                 no_battle=frame.get("no_battle", False))


def do_stay(g: Game, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} does not move")


# -- anchoring -----------------------------------------------------------------

def anchor(g: Game, fig: dict, bonus: str | None) -> None:
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
    crew.on_anchor(g, f, info)
    if info.gold:
        g.gain_gold(f, info.gold, " from Treasure")


@legal("patrol")
def legal_patrol(g: Game, frame) -> list[Option]:
    return [("patrol", do_patrol, (True,)), ("no-patrol", do_patrol, (False,))]


def do_patrol(g: Game, frame, place: bool) -> None:
    g.pop()
    if place:
        g.place_patrol(tuple(frame["space"]))


@legal("comrades")
def legal_comrades(g: Game, frame) -> list[Option]:
    out = []
    if g.faction("mollusk")["ready"]:
        out.append(("place-comrades", do_comrades, ("place",)))
    if g.comrade_supply():
        out.append(("ready-comrades", do_comrades, ("ready",)))
    out.append(("no-comrades", do_comrades, (None,)))
    return out


def do_comrades(g: Game, frame, choice) -> None:
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
def auto_harbor(g: Game, frame) -> bool:
    if len(legal_harbor(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("harbor")
def legal_harbor(g: Game, frame) -> list[Option]:
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


def do_harbor_repair(g: Game, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} repairs at the Harbor")
    g.push({"type": "repair", "player": frame["player"], "left": 2})


def do_harbor_cannons(g: Game, frame, key: str, value: int) -> None:
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
    crew.on_cannons(g, f)


def do_harbor_none(g: Game, frame) -> None:
    g.pop()


# -- repair and damage ------------------------------------------------------------

@auto("repair")
def auto_repair(g: Game, frame) -> bool:
    if frame["left"] > 0 and g.damaged(frame["player"]):
        return False
    g.pop()
    crew.on_repair(g, frame["player"], frame.get("repaired", 0))
    return True


@legal("repair")
def legal_repair(g: Game, frame) -> list[Option]:
    out = [(f"repair {key}", do_repair, (key,)) for key in g.damaged(frame["player"])]
    out.append(("done", do_done_repair, ()))
    return out


def do_repair(g: Game, frame, key: str) -> None:
    f = frame["player"]
    slot = next(slot for k, spec, slot in g.slot_list(f) if k == key and slot["damage"])
    slot["damage"] = False
    frame["left"] -= 1
    frame["repaired"] = frame.get("repaired", 0) + 1
    g.say(f"{name(f)} repairs its {key} slot")


def do_done_repair(g: Game, frame) -> None:
    frame["left"] = 0


def damage_targets(g: Game, fig: dict) -> list[str]:
    if fig["kind"] in SHIP_SLOTS:
        ship = g.faction("mollusk")["ships"][fig["kind"]]
        return sorted({spec["key"] for spec, slot in zip(SHIP_SLOTS[fig["kind"]], ship["slots"])
                       if slot["die"] is None and not slot["damage"]})
    return g.damageable(fig["owner"])


@auto("damage")
def auto_damage(g: Game, frame) -> bool:
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
def legal_damage(g: Game, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    return [(f"damage {key}", do_damage, (key,)) for key in damage_targets(g, fig)]


def do_damage(g: Game, frame, key: str) -> None:
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
            plans.sink_ship(g, fig["kind"])
        crew.on_damage(g, frame["player"], fig)
        return
    slot = next(slot for k, spec, slot in g.slot_list(f)
                if k == key and slot["die"] is None and not slot["damage"] and not spec["dashed"])
    slot["damage"] = True
    g.say(f"{name(f)} takes a damage on its {key} slot{frame['why']}")
    crew.on_damage(g, frame["player"], fig)


# -- battles -------------------------------------------------------------------------

def eligible_defenders(g: Game, mover: dict) -> list[dict]:
    """Enemy figures in the mover's space that it must battle."""
    enemies = [f for f in g.figures_at(tuple(mover["at"])) if f["owner"] != mover["owner"]]
    if g.loaded(mover):
        return enemies
    return [e for e in enemies if g.loaded(e)]


def defender_word(fig: dict) -> str:
    return fig["owner"] if fig["kind"] == "flagship" else fig["kind"]


@auto("series")
def auto_series(g: Game, frame) -> bool:
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
def legal_series(g: Game, frame) -> list[Option]:
    words = {}
    for fid in frame["queue"]:
        fig = g.figure(fid)
        words.setdefault(defender_word(fig), fid)
    return [(f"battle {word}", do_battle, (fid,)) for word, fid in sorted(words.items())]


def do_battle(g: Game, frame, defender: str) -> None:
    frame["queue"].remove(defender)
    attacker = g.figure(frame["attacker"])
    fig = g.figure(defender)
    g.say(f"{figure_label(attacker)} battles {figure_label(fig)} at {space_name(fig['at'])}")
    g.push({"type": "fight", "player": None, "attacker": attacker["id"], "defender": defender,
            "space": list(fig["at"]), "stage": "start", "series": len(g.data["pending"]) - 1,
            "fire": {"attacker": 0, "defender": 0}, "bonus": {"attacker": 0, "defender": 0},
            "dice": {"attacker": 1, "defender": 1}, "extra_damage": None, "roll": None,
            "winner": None})


def fire_options(g: Game, fig: dict) -> list[tuple[int, int]]:
    """``(from, to)`` turns of a die on Cannons this figure may fire with."""
    if fig["kind"] == "cutter":
        return []
    return sorted({(v, w) for v in g.cannons_dice(fig["owner"]) for w in range(1, v)})


@auto("fight")
def auto_fight(g: Game, frame) -> bool:
    stage = frame["stage"]
    attacker, defender = g.figure(frame["attacker"]), g.figure(frame["defender"])
    if stage not in ("victory", "end") and (attacker is None or defender is None):
        g.pop()
        return True
    if stage == "start":
        crew.battle_start(g, frame)  # Fighters: no choice, and the order changes nothing
        frame["offers"] = [kind for kind in START_OFFERS if START_OFFERS[kind][0](g, frame)]
        frame["stage"] = "offers"
        if len(frame["offers"]) > 1:  # Simultaneous Timing: the turn player chooses the order
            g.push({"type": "offer-order", "player": g.turn_player(),
                    "fight": len(g.data["pending"]) - 1})
        return True
    if stage == "offers":
        # One offer at a time, in order; a battle ignored (Emissary, Close Call) drops the rest.
        if frame["offers"] and not frame.get("ignored"):
            START_OFFERS[frame["offers"].pop(0)][1](g, frame)
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
        crew.after_roll(g, frame)
        return True
    if stage == "victory":
        frame["stage"] = "end"
        decide_battle(g, frame)
        return True
    g.pop()
    return True


OFFER_TITLES = {"emissary": "Emissary", "plans": "the Mollusk's battle plans"}


@legal("offer-order")
def legal_offer_order(g: Game, frame) -> list[Option]:
    fight = g.data["pending"][frame["fight"]]
    return [(f"{kind}-first", do_offer_order, (kind,)) for kind in fight["offers"]]


def do_offer_order(g: Game, frame, kind: str) -> None:
    g.pop()
    offers = g.data["pending"][frame["fight"]]["offers"]
    offers.remove(kind)
    offers.insert(0, kind)
    g.say(f"{name(frame['player'])} resolves {OFFER_TITLES[offers[0]]} first, "
          f"then {OFFER_TITLES[offers[1]]}")


def battle_bonus(g: Game, fig: dict) -> int:
    if fig["kind"] == "stronghold":
        return STRONGHOLD_BONUS
    if fig["kind"] in SHIP_STATS:
        return SHIP_STATS[fig["kind"]]["bonus"]
    return 0


def roll_battle(g: Game, frame, attacker: dict, defender: dict) -> None:
    roll = chance.roll_battle(g.data, frame["dice"]["attacker"], frame["dice"]["defender"])
    frame["roll"] = roll


def battle_totals(g: Game, frame) -> tuple[int, int]:
    attacker, defender = g.figure(frame["attacker"]), g.figure(frame["defender"])
    totals = []
    for side, fig, dice in (("attacker", attacker, frame["roll"][0]),
                            ("defender", defender, frame["roll"][1])):
        totals.append(sum(dice) + frame["fire"][side] + battle_bonus(g, fig) + frame["bonus"][side])
    return totals[0], totals[1]


def decide_battle(g: Game, frame) -> None:
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
    g.push({"type": "victory", "player": winner["owner"], "winner": winner["id"],
            "loser": loser["id"], "space": list(frame["space"]), "fight": len(g.data["pending"]) - 1})
    crew.on_win(g, frame, winner, loser)
    plans.on_win(g, frame, winner, loser)


@legal("fire")
def legal_fire(g: Game, frame) -> list[Option]:
    fig = g.figure(frame["figure"])
    out = [(f"fire {v}>{w}", do_fire, (v, w)) for v, w in fire_options(g, fig)]
    out.append(("hold", do_hold, ()))
    return out


def do_fire(g: Game, frame, v: int, w: int) -> None:
    g.pop()
    f = frame["player"]
    slot = next(slot for key, spec, slot in g.slot_list(f)
                if spec["action"] == "cannons" and slot["die"] == v)
    slot["die"] = w
    g.data["pending"][frame["fight"]]["fire"][frame["side"]] += v - w
    g.say(f"{name(f)} fires its Cannons: turns its die from {v} to {w} (+{v - w})")


def do_hold(g: Game, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} does not fire its Cannons")


@legal("victory")
def legal_victory(g: Game, frame) -> list[Option]:
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


def do_victory(g: Game, frame, word: str) -> None:
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
def auto_damage_deal(g: Game, frame) -> bool:
    """Deals one damage when it is reached, so a second damage sees the first's result."""
    g.pop()
    fig = g.figure(frame["figure"])
    if fig is not None:
        g.damage_figure(fig, frame["chooser"])
    return True


# -- Bluefin -------------------------------------------------------------------------

@auto("order")
def auto_order(g: Game, frame) -> bool:
    if len(frame["moved"]) < 4 and len(legal_order(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("order")
def legal_order(g: Game, frame) -> list[Option]:
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


def do_order(g: Game, frame, here: Space, target: Space) -> None:
    fig = next(f for f in g.data["figures"] if f["kind"] == "patrol"
               and tuple(f["at"]) == here and f["id"] not in frame["moved"])
    frame["moved"].append(fig["id"])
    g.start_step(fig, target, None)


def do_pop(g: Game, frame) -> None:
    g.pop()


@auto("deploy")
def auto_deploy(g: Game, frame) -> bool:
    if g.patrol_supply():
        return False
    g.pop()
    g.say("No Patrol left in the supply to deploy")
    return True


@legal("deploy")
def legal_deploy(g: Game, frame) -> list[Option]:
    here = g.flagship_space("bluefin")
    spaces = [here] + [n for n in g.map.neighbours(here) if g.map.on_map(n)]
    return [(f"deploy {space_name(s)}", do_deploy, (s,)) for s in sorted(spaces)]


def do_deploy(g: Game, frame, space: Space) -> None:
    g.pop()
    g.place_patrol(space)


@auto("strongholds")
def auto_strongholds(g: Game, frame) -> bool:
    if len(legal_strongholds(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("strongholds")
def legal_strongholds(g: Game, frame) -> list[Option]:
    out: list[Option] = []
    if g.stronghold_supply():
        for island in sorted(g.map.islands):
            patrols = [f for f in g.figures_at(island) if f["kind"] == "patrol"]
            if len(patrols) >= 2:
                out.append((f"stronghold {space_name(island)}", do_stronghold, (island,)))
    out.append(("done", do_pop, ()))
    return out


def do_stronghold(g: Game, frame, island: Space) -> None:
    patrols = [f for f in g.figures_at(island) if f["kind"] == "patrol"][-2:]
    for p in patrols:
        g.remove_figure(p)
    g.new_figure("stronghold", "bluefin", island)
    g.say(f"Bluefin removes 2 Patrols from the Island at {space_name(island)} to place a Stronghold")


# -- Mollusk -------------------------------------------------------------------------

@auto("assemble")
def auto_assemble(g: Game, frame) -> bool:
    if g.faction("mollusk")["ready"]:
        return False
    g.pop()
    g.say("Mollusk has no Ready Comrades to assemble")
    return True


@legal("assemble")
def legal_assemble(g: Game, frame) -> list[Option]:
    most = min(4, g.faction("mollusk")["ready"])
    return [(f"assemble {n}", do_assemble, (n,)) for n in range(most, 0, -1)]


def do_assemble(g: Game, frame, n: int) -> None:
    g.pop()
    region = g.map.region_of(g.flagship_space("mollusk"))
    island = g.map.island_of_region(region)
    g.faction("mollusk")["ready"] -= n
    g.set_comrades(island, g.comrades(island) + n)
    g.say(f"Mollusk assembles {n} Comrade{'s' if n > 1 else ''} on the Island at {space_name(island)}")


@auto("inspire")
def auto_inspire(g: Game, frame) -> bool:
    if g.faction("mollusk")["ready"] and len(frame["chosen"]) < 4 and len(legal_inspire(g, frame)) > 1:
        return False
    g.pop()
    return True


@legal("inspire")
def legal_inspire(g: Game, frame) -> list[Option]:
    out = [(f"inspire {space_name(s)}", do_inspire, (s,)) for s in sorted(g.map.islands)
           if list(s) not in frame["chosen"]]
    out.append(("done", do_pop, ()))
    return out


def do_inspire(g: Game, frame, island: Space) -> None:
    frame["chosen"].append(list(island))
    g.faction("mollusk")["ready"] -= 1
    g.set_comrades(island, g.comrades(island) + 1)
    g.say(f"Mollusk places a Comrade on the Island at {space_name(island)}")


# -- Smugglers -----------------------------------------------------------------------

@auto("negotiate")
def auto_negotiate(g: Game, frame) -> bool:
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
def legal_negotiate(g: Game, frame) -> list[Option]:
    out = [(f"recruit {CARD_KEYS[c]}", do_negotiate, (c,)) for c in g.data["market"]]
    out.append(("done", do_pop, ()))
    return out


def do_negotiate(g: Game, frame, card: int) -> None:
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
def legal_discard(g: Game, frame) -> list[Option]:
    return [(f"discard {CARGO_KEYS[c]}", do_discard, (c,)) for c in g.faction(frame["player"])["cargo"]]


def do_discard(g: Game, frame, card: int) -> None:
    f = frame["player"]
    cargo = g.faction(f)["cargo"]
    cargo.remove(card)
    g.data["market_box"].append(card)
    g.say(f"{name(f)} casts {MARKET_CARDS[card]['cargo']} into the sea")
    if len(cargo) <= CARGO_LIMIT:
        g.pop()


@legal("pledge")
def legal_pledge(g: Game, frame) -> list[Option]:
    return [(f"pledge {to}", do_pledge, (to,)) for to in ("bluefin", "mollusk")]


def do_pledge(g: Game, frame, to: str) -> None:
    g.pop()
    f = frame["player"]
    g.faction(f)["pledged"][to].append(frame["card"])
    g.say(f"{name(f)} pledges {MARKET_CARDS[frame['card']]['cargo']} facedown")
    g.say(f"({MARKET_CARDS[frame['card']]['cargo']} is pledged to {name(to)})", f)


def push_reward(g: Game, f: str) -> None:
    g.push({"type": "reward", "player": f})


def reward_at(cell) -> tuple[str, int]:
    return REWARDS[cell[0]][cell[1]]


@legal("reward")
def legal_reward(g: Game, frame) -> list[Option]:
    fs = g.faction(frame["player"])
    out = []
    for word, (dr, dc) in REWARD_STEPS.items():
        cell = [fs["white"][0] + dr, fs["white"][1] + dc]
        if 0 <= cell[0] < 5 and 0 <= cell[1] < 5 and cell != fs["black"]:
            out.append((f"reward {word}", do_reward, (cell,)))
    return out


def do_reward(g: Game, frame, cell) -> None:
    g.pop()
    f = frame["player"]
    fs = g.faction(f)
    fs["black"] = fs["white"]
    fs["white"] = cell
    kind, n = reward_at(cell)
    g.say(f"{name(f)} moves its reward marker to “{REWARD_TEXT[kind].format(n=n)}”")
    gain_reward(g, f, kind, n)


def gain_reward(g: Game, f: str, kind: str, n: int) -> None:
    fs = g.faction(f)
    if kind == "gold":
        g.gain_gold(f, n)
    elif kind == "fame":
        g.gain_fame(f, n)
    elif kind == "fame-for-gold":
        if fs["gold"]:
            g.push({"type": "spend", "player": f, "most": n})
    elif kind == "fame-and-wealth":
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
        n = 0
        for key, spec, slot in g.slot_list(f):
            if slot["damage"]:
                slot["damage"] = False
                n += 1
        g.say(f"{name(f)} repairs all its damage ({n})")
        if kind == "repair-for-fame":
            g.gain_fame(f, n)
        crew.on_repair(g, f, n)
    elif kind == "add-tile":
        if g.data["tile_stack"] and g.map.edge_placements():
            g.push({"type": "add-tile", "player": f, "tile": None})  # drawn once it is chosen
        else:
            g.say("No region tile can be added to the map")


@legal("spend")
def legal_spend(g: Game, frame) -> list[Option]:
    most = min(frame["most"], g.faction(frame["player"])["gold"])
    return [(f"spend {n}", do_spend, (n,)) for n in range(most, -1, -1)]


def do_spend(g: Game, frame, n: int) -> None:
    g.pop()
    f = frame["player"]
    g.faction(f)["gold"] -= n
    g.gain_fame(f, n, f" for {n} gold")


@legal("recruit-reward")
def legal_recruit_reward(g: Game, frame) -> list[Option]:
    out = [(f"recruit {CARD_KEYS[c]}", do_recruit_reward, (c,)) for c in g.data["market"]]
    out.append(("done", do_pop, ()))
    return out


def do_recruit_reward(g: Game, frame, card: int) -> None:
    g.pop()
    f = frame["player"]
    take_from_market(g, card)
    add_crew(g, f, card)
    g.say(f"{name(f)} recruits {card_name(card)} ignoring its cost and suit")
    g.refill_market()


@legal("add-tile")
def legal_add_tile(g: Game, frame) -> list[Option]:
    if frame["tile"] is None:
        return [("add-tile", do_draw_tile, ()), ("no-reward", do_no_reward, ())]
    return [(f"tile {x},{y} r{rot}", do_add_tile, (x, y, rot)) for x, y, rot in g.map.edge_placements()]


def do_draw_tile(g: Game, frame) -> None:
    tile = chance.draw(g.data, "tile", sorted(g.data["tile_stack"]))
    g.data["tile_stack"].remove(tile)
    frame["tile"] = tile
    g.say(f"{name(frame['player'])} draws {_tile_label(tile)} to add to the map")


def do_no_reward(g: Game, frame) -> None:
    g.pop()
    g.say(f"{name(frame['player'])} does not gain the reward")


def do_add_tile(g: Game, frame, x: int, y: int, rot: int) -> None:
    g.pop()
    place_tile(g, frame["tile"], x, y, rot)


# Crew and plan cards register their own frames and hook into the moments above.
from . import crew, plans  # noqa: E402

# What the start of a battle may offer: kind -> (applies, offer). Both happen "at the start
# of a battle"; when both apply, the turn player orders them (the "offer-order" frame).
START_OFFERS = {"emissary": (crew.emissary_applies, crew.offer_emissary),
                "plans": (plans.battle_plans_apply, plans.offer_battle_plans)}
