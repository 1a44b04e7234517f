"""The base of the rules: ``Play`` (the kernel's context with the rules' helpers) and
what every section uses: names, die slots, supplies, gold and Fame, figures and damage.
"""

from __future__ import annotations

from .. import chance
from ..components import (BOARDS, CARD_KEYS, DICE_COUNT, FACTION_NAMES, MARKET_CARDS, MARKET_SIZE,
                          PLAN_KEYS, SHIP_SLOTS, SUPPLY, TILES)
from ..geometry import Space, space_name
from ..kernel import Context

UNION_SHIPS = ("flagship", "cutter", "gunship")
# The Cannons slots of each board, by index.
CANNONS_SLOTS = {kind: tuple(i for i, spec in enumerate(specs) if spec["action"] == "cannons")
                 for kind, specs in BOARDS.items()}


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


class Play(Context):
    """The kernel's context with the base rules' helpers: one action being played."""

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

    # -- gold and Fame --------------------------------------------------
    def gain_gold(self, f: str, n: int, why: str = "") -> int:
        n = min(n, self.gold_bank())
        if n > 0:
            self.faction(f)["gold"] += n
            self.say(f"{name(f)} gains {n} gold{why}")
        return n

    def gain_fame(self, f: str, n: int, why: str = "", only: str | None = None, *,
                  source: str, **detail) -> None:
        """``f`` gains ``n`` Fame. ``source`` (``control``, ``delivery``, ``reward``,
        ``pledge``) and ``detail`` go in the action's facts beside the text, so a program
        can tell where each faction's Fame came from without reading sentences."""
        if n:
            fs = self.faction(f)
            fs["fame"] += n
            self.say(f"{name(f)} gains {n} Fame{why} ({fs['fame']} Fame)", only)
            self.facts.append({"kind": "fame", "faction": f, "fame": n, "source": source,
                               "round": self.data["round"], **detail})

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

    def repair_all(self, f: str) -> int:
        """Remove every damage token of ``f``; the number removed. The caller says so and
        fires the ``repair`` hook (Powder Monkey listens)."""
        n = 0
        for key, spec, slot in self.slot_list(f):
            if slot["damage"]:
                slot["damage"] = False
                n += 1
        return n

    def damageable(self, f: str) -> list[str]:
        """Keys of slots that can take a damage token: empty and not dashed."""
        return sorted({key for key, spec, slot in self.slot_list(f)
                       if slot["die"] is None and not slot["damage"] and not spec["dashed"]})

    def damaged(self, f: str) -> list[str]:
        return sorted({key for key, spec, slot in self.slot_list(f) if slot["damage"]})

    def cannons_dice(self, f: str) -> list[int]:
        # Only the boards have Cannons slots (no Crew card's key is "cannons"): read them
        # directly, as every battle check asks whether both sides are loaded.
        slots = self.faction(f)["slots"]
        return [slots[i]["die"] for i in CANNONS_SLOTS[board_kind(f)] if slots[i]["die"] is not None]

    def loaded(self, fig: dict) -> bool:
        """Loaded Cannons: a die on Cannons; Strongholds and the Gunship always, the Cutter never."""
        if fig["kind"] in ("stronghold", "gunship"):
            return True
        if fig["kind"] == "cutter":
            return False
        return bool(self.cannons_dice(fig["owner"]))

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
        out = []
        for target, open_ in self.map.steps_from(tuple(fig["at"]), bool(self.data["tile_stack"])):
            if open_ or self.any("off-map step", fig, target):  # Sea Witch: off the map anyway
                out.append(target)
        return out

    def start_step(self, fig: dict, target: Space, parent: int | None, direct: bool = False,
                   no_battle: bool = False) -> None:
        self.push({"type": "step", "player": None, "figure": fig["id"], "to": list(target),
                   "phase": "enter", "parent": parent, "direct": direct, "no_battle": no_battle})
        if parent is not None and self.data["pending"][parent].get("ignore_wreckage"):
            self.top()["ignore_wreckage"] = True  # the Cutter's and Gunship's own moves


def take_from_market(g: Play, card: int) -> None:
    g.data["market"].remove(card)


def add_crew(g: Play, f: str, card: int, die: int | None = None) -> None:
    g.faction(f)["crew"].append({"card": card, "die": die, "damage": False})


def figure_label(fig: dict) -> str:
    if fig["kind"] == "flagship":
        return f"{name(fig['owner'])}'s Flagship"
    if fig["kind"] in ("patrol", "stronghold"):
        return f"Bluefin's {fig['kind'].title()}"
    return f"Mollusk's {fig['kind'].title()}"


def _tile_label(tile: int) -> str:
    return f"a {TILES[tile]['suit'].title()} region (tile {tile})"


def place_tile(g: Play, tile: int, x: int, y: int, rot: int) -> None:
    g.data["tiles"].append({"tile": tile, "x": x, "y": y, "rot": rot, "wealth": 1})
    island = g.map.island_of_region(len(g.data["tiles"]) - 1)
    g.say(f"The {_tile_label(tile)[2:]} is placed at {x},{y} turned {rot}°, "
          f"its Island at {space_name(island)}, with a wealth die at 1")


def do_no_reward(g: Play, frame) -> None:
    """A Smuggler declines the reward it "may" gain (Delivering Cargo, step 3)."""
    g.pop()
    g.say(f"{name(frame['player'])} does not gain the reward")


def do_pop(g: Play, frame) -> None:
    g.pop()
