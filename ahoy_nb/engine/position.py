"""Build a position to study: a battle, an exploration, a delivery.

``scenario`` starts from a normal set-up game and changes only what you name,
so everything else (decks, supplies, the generator) stays a real game's. The
result is checked like a loaded state.

>>> s = scenario(players=3, tiles=[(0, "0,0", 180), (6, "2,1", 0)],
...              figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
...              turn="mollusk", dice={"mollusk": [4, 4]})
>>> s.current_player, s.dice("mollusk")
('mollusk', [4, 4])
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .geometry import parse_space, space_name
from .components import (BOARDS, CARD_BY_KEY, CARGO_BY_KEY, PLAN_BY_KEY, SHIP_SLOTS)
from .rules import Play as Game, board_kind, begin_turn
from .state import State, new_game
from .validate import validate

SpaceText = str  # "x,y"


def _space(s) -> list[int]:
    x, y = parse_space(s) if isinstance(s, str) else s
    return [x, y]


def _card(key: str, by: Mapping[str, int], what: str) -> int:
    try:
        return by[key]
    except KeyError:
        raise ValueError(f"unknown {what} {key!r}; known: {', '.join(sorted(by))}") from None


def scenario(players: int = 3, *, seed: int = 0,
             tiles: Iterable[tuple] | None = None,
             figures: Mapping[str, SpaceText | list[SpaceText]] | None = None,
             comrades: Mapping[SpaceText, int] | None = None,
             turn: str | None = None, placed_this_turn: int = 0,
             dice: Mapping[str, list[int]] | None = None,
             placed: Mapping[str, Mapping[str, int | list[int]]] | None = None,
             damage: Mapping[str, list[str]] | None = None,
             gold: Mapping[str, int] | None = None, fame: Mapping[str, int] | None = None,
             crew: Mapping[str, list[str]] | None = None,
             cargo: Mapping[str, list[str]] | None = None,
             pledged: Mapping[str, Mapping[str, list[str]]] | None = None,
             market: list[str] | None = None, hand: list[str] | None = None,
             ships: Mapping[str, SpaceText] | None = None,
             ready: int | None = None, wealth: Mapping[SpaceText, int] | None = None,
             reward_markers: Mapping[str, tuple] | None = None,
             round: int = 1, first: str | None = None) -> State:
    """A position in the middle of a round, on ``turn``'s turn with nothing pending.

    * ``tiles``: ``(tile id, "x,y", rotation)`` or with a 4th item, the wealth die.
    * ``figures``: a faction's Flagship (``"bluefin": "0,0"``), or ``"patrol"`` /
      ``"stronghold"`` with a list of spaces. Figures not named are left off the map.
    * ``placed``: dice already on slots, ``{"mollusk": {"cannons": 4}}``; ``damage``:
      damaged slot keys, ``{"smuggler1": ["sail", "sail"]}`` (a Crew by its card key).
    * ``crew`` and ``market`` name cards by key (``"gunner"``); ``cargo`` and
      ``pledged`` by Cargo (``"jewelry"``); ``hand`` names plans (``"secret-weapon"``);
      ``ships``: the Cutter or Gunship in play, ``{"cutter": "3,2"}``.
    """
    state = new_game(players, seed=seed)
    data = state.data
    g = Game(data)
    factions = data["factions"]
    if tiles is not None:
        data["tile_stack"] += data["tile_box"] + [t["tile"] for t in data["tiles"]]
        data["tile_box"] = []
        data["tiles"] = []
        for t in tiles:
            tile, where, rot = t[0], _space(t[1]), t[2]
            data["tiles"].append({"tile": tile, "x": where[0], "y": where[1], "rot": rot,
                                  "wealth": t[3] if len(t) > 3 else 1})
            if tile not in data["tile_stack"]:
                raise ValueError(f"region tile {tile} is used twice")
            data["tile_stack"].remove(tile)
    m = g.map
    data["figures"] = []
    data["comrades"] = {}
    for who, where in (figures or {}).items():
        if who in ("patrol", "stronghold"):
            for s in ([where] if isinstance(where, str) else where):
                g.new_figure(who, "bluefin", tuple(_space(s)))
        else:
            if who not in factions:
                raise ValueError(f"{who} is not playing in a {players}-player game")
            g.new_figure("flagship", who, tuple(_space(where)))
    for island, n in (comrades or {}).items():
        g.set_comrades(tuple(_space(island)), n)
    for key, where in (ships or {}).items():
        plan = PLAN_BY_KEY[key]
        fs = factions["mollusk"]
        for pile in ("hand", "plan_deck"):
            if plan in fs[pile]:
                fs[pile].remove(plan)
        fs["ships"][key] = {"plan": plan, "slots": [{"die": None, "damage": False}
                                                    for _ in SHIP_SLOTS[key]]}
        g.new_figure(key, "mollusk", tuple(_space(where)))
    for island, w in (wealth or {}).items():
        data["tiles"][m.region_of(tuple(_space(island)))]["wealth"] = w
    if market is not None:
        data["market_deck"] += data["market"]
        data["market"] = []
        cards = [_card(k, CARD_BY_KEY, "market card") for k in market]
        _take_cards(data, cards)
        data["market"] = cards
    for f, keys in (crew or {}).items():
        cards = [_card(k, CARD_BY_KEY, "market card") for k in keys]
        _take_cards(data, cards)
        factions[f]["crew"] = [{"card": c, "die": None, "damage": False} for c in cards]
    for f, keys in (cargo or {}).items():
        cards = [_card(k, CARGO_BY_KEY, "Cargo") for k in keys]
        _take_cards(data, cards)
        factions[f]["cargo"] = cards
    for f, split in (pledged or {}).items():
        for to, keys in split.items():
            cards = [_card(k, CARGO_BY_KEY, "Cargo") for k in keys]
            _take_cards(data, cards)
            factions[f]["pledged"][to] = cards
    if hand is not None:
        fs = factions["mollusk"]
        fs["plan_deck"] += fs["hand"]
        fs["hand"] = []
        for key in hand:
            plan = _card(key, PLAN_BY_KEY, "plan")
            fs["plan_deck"].remove(plan)
            fs["hand"].append(plan)
    for f, values in (dice or {}).items():
        factions[f]["dice"] = sorted(values)
    for f, slots in (placed or {}).items():
        for key, values in slots.items():
            for v in ([values] if isinstance(values, int) else values):
                _slot(g, f, key, lambda s: s["die"] is None and not s["damage"])["die"] = v
    for f, keys in (damage or {}).items():
        for key in keys:
            _slot(g, f, key, lambda s: s["die"] is None and not s["damage"])["damage"] = True
    for f, n in (gold or {}).items():
        factions[f]["gold"] = n
    for f, n in (fame or {}).items():
        factions[f]["fame"] = n
    if ready is not None:
        factions["mollusk"]["ready"] = ready
    for f, (white, black) in (reward_markers or {}).items():
        factions[f]["white"], factions[f]["black"] = list(white), list(black)
    if market is None:
        g.refill_market()  # cards named for Crew or Cargo may have left the Market
    data["round"] = round
    data["first"] = first or data["players"][0]
    data["phase"] = "play"
    data["pending"] = []
    begin_turn(g, turn or data["first"])
    data["turn"]["placed"] = placed_this_turn
    validate(data)
    return State(data)


def _take_cards(data: dict, cards: list[int]) -> None:
    """Take named cards from wherever they are (deck, Market, box) for a new place."""
    for c in cards:
        for pile in (data["market_deck"], data["market"], data["market_box"]):
            if c in pile:
                pile.remove(c)
                break
        else:
            raise ValueError(f"market card {c} is named twice")


def _slot(g: Game, f: str, key: str, free) -> dict:
    for k, spec, slot in g.slot_list(f, with_ships=True):
        if k == key and free(slot):
            return slot
    raise ValueError(f"{f} has no free {key!r} slot")
