"""Checks that a loaded dict is a valid Ahoy position, with errors that say what is wrong."""

from __future__ import annotations

from .geometry import Map, parse_space
from .components import (BOARDS, DICE_COUNT, MARKET_CARDS, PLAN_CARDS, SEATS, SUPPLY, TILES)
from .errors import InvalidStateError
from .rules import Play as Game, board_kind
from .kernel import AUTO, LEGAL
from .schema import FORMAT

KEYS = {"format", "players", "seed", "rng", "fixed", "phase", "round", "first", "turn", "tiles",
        "tile_stack", "tile_box", "figures", "comrades", "market", "market_deck", "market_box",
        "factions", "pending", "winners"}
KINDS = {"flagship", "patrol", "stronghold", "cutter", "gunship"}


def _fail(text: str):
    raise InvalidStateError(f"not a valid Ahoy state: {text}")


def _int(value, what: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        _fail(f"{what} must be a whole number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        _fail(f"{what} must be between {low} and {high}, not {value}")
    return value


def validate(data) -> None:
    """Raise ``InvalidStateError`` unless ``data`` is a position the engine can play on."""
    if not isinstance(data, dict):
        _fail("the state must be an object")
    missing = KEYS - set(data)
    if missing:
        _fail(f"missing {', '.join(sorted(missing))}")
    if data["format"] != FORMAT:
        _fail(f"unknown format {data['format']!r} (expected {FORMAT!r})")
    players = data["players"]
    if not isinstance(players, list) or tuple(players) not in SEATS.values():
        _fail(f"players must be a seat order like {list(SEATS[3])}, not {players!r}")
    if not isinstance(data["factions"], dict) or set(data["factions"]) != set(players):
        _fail("there must be one faction entry for each player")
    if data["phase"] not in ("setup", "play", "over"):
        _fail(f"unknown phase {data['phase']!r}")
    _int(data["round"], "round", 1, 10_000)
    _int(data["rng"], "rng", 0, 2**64 - 1)
    if data["first"] not in players:
        _fail(f"the first player {data['first']!r} is not playing")
    if not isinstance(data["fixed"], dict) or not all(isinstance(v, list) for v in data["fixed"].values()):
        _fail("fixed must map kinds of random event to lists of outcomes")

    # Region tiles: each used once, placed without overlap.
    tiles = data["tiles"]
    if not isinstance(tiles, list) or not tiles:
        _fail("tiles must be a non-empty list")
    for t in tiles:
        if not isinstance(t, dict) or set(t) != {"tile", "x", "y", "rot", "wealth"}:
            _fail(f"a placed tile is {{tile, x, y, rot, wealth}}, not {t!r}")
        _int(t["tile"], "a tile id", 0, len(TILES) - 1)
        _int(t["x"], "a tile's x")
        _int(t["y"], "a tile's y")
        if t["rot"] not in (0, 90, 180, 270):
            _fail(f"a tile's rotation is 0, 90, 180 or 270, not {t['rot']!r}")
        _int(t["wealth"], "a wealth die", 1, 6)
    every_tile = [t["tile"] for t in tiles] + list(data["tile_stack"]) + list(data["tile_box"])
    if len(every_tile) != len(set(every_tile)) or not set(every_tile) <= set(range(len(TILES))):
        _fail("every region tile must be in exactly one place (map, stack or box)")
    if len(tiles) > SUPPLY["wealth-dice"]:
        _fail("there are only 11 wealth dice")
    m = Map.of(tiles)
    if len(m.spaces) != 4 * len(tiles):
        _fail("region tiles overlap")

    # Market cards: each in one place at most.
    places = list(data["market"]) + list(data["market_deck"]) + list(data["market_box"])
    for f, fs in data["factions"].items():
        if not isinstance(fs, dict):
            _fail(f"{f} must be an object")
        places += [m_["card"] for m_ in fs.get("crew", [])]
        places += fs.get("cargo", [])
        for cards in (fs.get("pledged") or {}).values():
            places += cards
    if len(places) != len(set(places)) or not all(isinstance(c, int) and 0 <= c < len(MARKET_CARDS)
                                                   for c in places):
        _fail("every market card must be in exactly one place")

    # Factions.
    gold = 0
    for f, fs in data["factions"].items():
        kind = board_kind(f)
        for key in ("gold", "fame", "dice", "aside", "slots", "crew"):
            if key not in fs:
                _fail(f"{f} has no {key}")
        gold += _int(fs["gold"], f"{f}'s gold", 0, SUPPLY["gold"])
        _int(fs["fame"], f"{f}'s Fame", 0, 10_000)
        dice = list(fs["dice"]) + list(fs["aside"])
        for v in dice:
            _int(v, f"{f}'s die", 1, 6)
        slots = fs["slots"]
        if not isinstance(slots, list) or len(slots) != len(BOARDS[kind]):
            _fail(f"{f}'s board has {len(BOARDS[kind])} die slots")
        placed = 0
        for slot in slots + list(fs["crew"]):
            if not isinstance(slot, dict) or not isinstance(slot.get("damage"), bool):
                _fail(f"{f}'s die slot {slot!r} is malformed")
            if slot.get("die") is not None:
                _int(slot["die"], f"{f}'s placed die", 1, 6)
                placed += 1
        if len(dice) + placed > DICE_COUNT[kind] + len(fs.get("ships", {})) * 2:
            _fail(f"{f} has more dice than its {DICE_COUNT[kind]}")
        if f == "mollusk":
            for key in ("ready", "hand", "plan_deck", "discard", "ships"):
                if key not in fs:
                    _fail(f"mollusk has no {key}")
            plans = list(fs["hand"]) + list(fs["plan_deck"]) + list(fs["discard"]) + \
                [s["plan"] for s in fs["ships"].values()]
            if len(plans) != len(set(plans)) or not set(plans) <= set(range(len(PLAN_CARDS))):
                _fail("every plan card must be in exactly one place")
        if kind == "smuggler":
            for key in ("cargo", "pledged", "white", "black"):
                if key not in fs:
                    _fail(f"{f} has no {key}")
            for marker in ("white", "black"):
                cell = fs[marker]
                if not (isinstance(cell, list) and len(cell) == 2 and all(0 <= _int(c, "a reward marker", 0, 4) for c in cell)):
                    _fail(f"{f}'s {marker} reward marker is off the grid")
    if gold > SUPPLY["gold"]:
        _fail(f"there are only {SUPPLY['gold']} gold tokens")

    # Figures and Comrades.
    ids = set()
    counts = {}
    for fig in data["figures"]:
        if not isinstance(fig, dict) or set(fig) != {"id", "kind", "owner", "at"}:
            _fail(f"a figure is {{id, kind, owner, at}}, not {fig!r}")
        if fig["id"] in ids:
            _fail(f"two figures are called {fig['id']}")
        ids.add(fig["id"])
        if fig["kind"] not in KINDS or fig["owner"] not in players:
            _fail(f"figure {fig['id']} has an unknown kind or owner")
        counts[fig["kind"]] = counts.get(fig["kind"], 0) + 1
        at = fig["at"]
        if not (isinstance(at, list) and len(at) == 2 and tuple(at) in m.spaces):
            _fail(f"figure {fig['id']} is not on the map")
    for kind in ("patrol", "stronghold"):
        if counts.get(kind, 0) > SUPPLY[kind]:
            _fail(f"there are only {SUPPLY[kind]} {kind}s")
    comrades = 0
    for key, n in data["comrades"].items():
        try:
            space = parse_space(key)
        except ValueError:
            _fail(f"Comrades are keyed by an Island's 'x,y', not {key!r}")
        if space not in m.spaces or not m.spaces[space].is_island:
            _fail(f"Comrades at {key} are not on an Island")
        comrades += _int(n, "Comrades on an Island", 1, SUPPLY["comrade"])
    if "mollusk" in data["factions"]:
        comrades += _int(data["factions"]["mollusk"]["ready"], "Ready Comrades", 0, SUPPLY["comrade"])
    if comrades > SUPPLY["comrade"]:
        _fail(f"there are only {SUPPLY['comrade']} Comrades")

    # Pending decisions must make sense to the rules.
    if not isinstance(data["pending"], list) or not all(isinstance(p, dict) and "type" in p
                                                        for p in data["pending"]):
        _fail("pending must be a list of decisions")
    for frame in data["pending"]:
        if frame["type"] not in AUTO and frame["type"] not in LEGAL:
            _fail(f"unknown pending decision {frame['type']!r}")
    if data["phase"] == "play" and not data["pending"] and not data["turn"]:
        _fail("the game is running but it is nobody's turn")
    try:
        options = Game(data).options()
    except (KeyError, TypeError, ValueError, IndexError, StopIteration, AttributeError) as err:
        _fail(f"its pending decision cannot be resolved ({type(err).__name__}: {err})")
    if data["phase"] != "over" and not options:
        _fail("the game is running but no one can act")
