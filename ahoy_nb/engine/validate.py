"""Checks that a loaded save is a valid Ahoy position, with errors that name the field.

Everything :meth:`State.from_json` accepts goes through here, and only
:class:`~ahoy_nb.engine.errors.InvalidStateError` (a ``ValueError``) comes out:

1. :func:`check_text`: the text's size and nesting depth are bounded *before* it is parsed
   (``"[" * 100000`` would otherwise exhaust the recursion of ``json.loads``).
2. :func:`validate`: one schema (``SCHEMA`` for the state's keys, the frames' own
   declarations, ``kernel.FRAMES``, for the pending decisions, ``LOG_ENTRY`` for the log)
   checks the type and range of every field; then the whole: tiles inside ``EXTENT`` and joined to each
   other, figures on the map, every card, plan, tile and die in one place, supplies not
   exceeded; last, the engine itself is asked (options, views, who decides), so that a
   position it could not play is refused here rather than later.

>>> validate({"format": "ahoy-nb/1", "rules": 2})
Traceback (most recent call last):
...
ahoy_nb.engine.errors.InvalidStateError: not a valid Ahoy state: missing players, seed, ...
"""

from __future__ import annotations

import re
from itertools import accumulate
from typing import Any, Callable

from . import chance
from .geometry import Map, parse_space, space_name
from .errors import InvalidStateError
from . import schema
from .kernel import FRAMES, LIMITS, OFFERS
from .rules.setup import setup_steps
from .schema import FORMAT, RULES
from .components import (BOARDS, CARGO_LIMIT, DICE_COUNT, MARKET_CARDS, MARKET_SIZE, PLAN_CARDS,
                         REWARDS, SEATS, SHIP_SLOTS, SUPPLY, TILES)

# Bounds on the text of a save, checked before parsing. A long game's save is ~1 MB.
MAX_TEXT = 20_000_000
MAX_DEPTH = 24
# Tiles lie within this distance of 0,0: a connected map of 12 tiles spans at most 24.
EXTENT = 4 * len(TILES)
MAX_LIST = 100_000   # the log
MAX_TEXT_FIELD = 2_000

FACTIONS = ("bluefin", "smuggler1", "mollusk", "smuggler2")
KINDS = {"flagship", "patrol", "stronghold", "cutter", "gunship"}
SHIPS = tuple(SHIP_SLOTS)


class _Invalid(Exception):
    """Raised inside the checks; turned into InvalidStateError with the field's path."""

    def __init__(self, path: str, text: str):
        super().__init__(path, text)
        self.path, self.text = path, text


def _fail(text: str):
    raise InvalidStateError(f"not a valid Ahoy state: {text}")


def _short(value, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


# -- bounds on the text ------------------------------------------------------------------

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def check_text(text: Any) -> None:
    """Refuse a save whose size or nesting depth is beyond any real game's, before parsing.

    >>> check_text("[" * 100)
    Traceback (most recent call last):
    ...
    ahoy_nb.engine.errors.InvalidStateError: not a saved Ahoy state: nested deeper than 24 levels
    """
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_TEXT:
            raise InvalidStateError(f"not a saved Ahoy state: larger than {MAX_TEXT} bytes")
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise InvalidStateError(f"not a saved Ahoy state: not UTF-8 text ({err.reason})") from None
    if not isinstance(text, str):
        raise InvalidStateError(f"not a saved Ahoy state: expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise InvalidStateError(f"not a saved Ahoy state: longer than {MAX_TEXT} characters")
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    if brackets and max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) > MAX_DEPTH:
        raise InvalidStateError(f"not a saved Ahoy state: nested deeper than {MAX_DEPTH} levels")


# -- field checks: each is check(value, path, ctx) and raises _Invalid -------------------

Check = Callable[[Any, str, dict], None]


def integer(low: int, high: int) -> Check:
    def check(v, path, ctx):
        if not isinstance(v, int) or isinstance(v, bool):
            raise _Invalid(path, f"must be a whole number, not {_short(v)}")
        if not low <= v <= high:
            raise _Invalid(path, f"must be from {low} to {high}, not {_short(v)}")
    return check


def boolean(v, path, ctx):
    if not isinstance(v, bool):
        raise _Invalid(path, f"must be true or false, not {_short(v)}")


def text(limit: int = MAX_TEXT_FIELD) -> Check:
    def check(v, path, ctx):
        if not isinstance(v, str) or len(v) > limit:
            raise _Invalid(path, f"must be a text of at most {limit} characters, not {_short(v)}")
    return check


def one_of(*values) -> Check:
    def check(v, path, ctx):
        if isinstance(v, bool) or v not in values or type(v) is not type(values[0]):
            raise _Invalid(path, f"must be one of {', '.join(map(repr, values))}, not {_short(v)}")
    return check


def optional(inner: Check) -> Check:
    def check(v, path, ctx):
        if v is not None:
            inner(v, path, ctx)
    return check


def list_of(inner: Check, most: int = 64, least: int = 0) -> Check:
    def check(v, path, ctx):
        if not isinstance(v, list) or not least <= len(v) <= most:
            raise _Invalid(path, f"must be a list of {least} to {most} items, not {_short(v)}")
        for i, item in enumerate(v):
            inner(item, f"{path}[{i}]", ctx)
    return check


def record(fields: dict[str, Check], optional_keys: tuple = ()) -> Check:
    """An object with exactly these keys (those in ``optional_keys`` may be missing)."""
    def check(v, path, ctx):
        if not isinstance(v, dict):
            raise _Invalid(path, f"must be an object, not {_short(v)}")
        missing = set(fields) - set(v) - set(optional_keys)
        if missing:
            raise _Invalid(path, f"has no {', '.join(sorted(missing))}")
        extra = set(v) - set(fields)
        if extra:
            raise _Invalid(path, f"has unknown keys {', '.join(sorted(map(str, extra)))}")
        for key, inner in fields.items():
            if key in v:
                inner(v[key], f"{path}.{key}", ctx)
    return check


def sides(inner: Check, keys: tuple, partial: bool) -> Check:
    """An object with these keys (a battle's two sides); ``partial``: each may be missing."""
    both = record({k: inner for k in keys}, optional_keys=keys if partial else ())

    def check(v, path, ctx):
        if not partial and isinstance(v, dict) and set(keys) - set(v):
            missing = [f"{k}'s" for k in keys if k not in v]
            raise _Invalid(path, f"must give both sides of the battle: the "
                                 f"{' and the '.join(missing)} {'is' if len(missing) == 1 else 'are'} "
                                 f"missing")
        both(v, path, ctx)
    return check


def faction(v, path, ctx):
    if v not in ctx["players"] or not isinstance(v, str):
        raise _Invalid(path, f"must be a player of this game ({', '.join(ctx['players'])}), "
                             f"not {_short(v)}")


def space(v, path, ctx):
    """``[x, y]`` within the map's extent (whether it is *on* the map is checked later)."""
    if not (isinstance(v, list) and len(v) == 2
            and all(isinstance(c, int) and not isinstance(c, bool) and -EXTENT <= c <= EXTENT
                    for c in v)):
        raise _Invalid(path, f"must be a space [x, y] with x and y from {-EXTENT} to {EXTENT}, "
                             f"not {_short(v)}")


def on_map(v, path, ctx):
    space(v, path, ctx)
    if tuple(v) not in ctx["map"].spaces:
        raise _Invalid(path, f"{space_name(v)} is not on the map")


FIGURE_ID = re.compile(r"(bluefin|mollusk|smuggler[12]|cutter|gunship|(patrol|stronghold)-[0-9]{1,4})")


def figure_id(v, path, ctx):
    """A figure's name (the figure itself may have left the map: a Patrol sunk in battle)."""
    if not isinstance(v, str) or not FIGURE_ID.fullmatch(v):
        raise _Invalid(path, f"must name a figure, not {_short(v)}")


def frame_below(kind: str) -> Check:
    """The index of a frame of ``kind`` lower on the pending stack (``ctx["frame"]`` is this one's)."""
    def check(v, path, ctx):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < ctx["frame"]:
            raise _Invalid(path, f"must point at a decision below this one, not {_short(v)}")
        if ctx["data"]["pending"][v].get("type") != kind:
            raise _Invalid(path, f"must point at {FRAMES[kind].what} below this one, not at "
                                 f"{_short(ctx['data']['pending'][v].get('type'))}")
    return check


def market_card(v, path, ctx):
    integer(0, len(MARKET_CARDS) - 1)(v, path, ctx)


def plan_card(v, path, ctx):
    integer(0, len(PLAN_CARDS) - 1)(v, path, ctx)


def die_face(v, path, ctx):
    if isinstance(v, bool) or v not in chance.DIE_FACES:
        raise _Invalid(path, f"must be a die face from 1 to 6, not {_short(v)}")


def _fixed(v, path, ctx):
    if not isinstance(v, dict):
        raise _Invalid(path, f"must be an object, not {_short(v)}")
    for kind, queue in v.items():
        if kind not in chance.KINDS:
            raise _Invalid(f"{path}.{kind}", f"is not a kind of random event "
                                             f"({', '.join(chance.KINDS)})")
        list_of(lambda o, p, c: _outcome(kind, o, p, c), most=1000, least=1)(
            queue, f"{path}.{kind}", ctx)


def _outcome(kind, o, path, ctx):
    data = ctx["data"]
    if kind == "die":
        die_face(o, path, ctx)
    elif kind == "battle":
        if not (isinstance(o, list) and len(o) == 2 and any(o)):
            raise _Invalid(path, f"a battle roll is [[attacker dice], [defender dice]], not {_short(o)}")
        for i, side in enumerate(o):
            list_of(die_face, most=SUPPLY["battle-dice"] + 2)(side, f"{path}[{i}]", ctx)
    else:
        pool = {"tile": "tile_stack", "box-tile": "tile_stack", "market": "market_deck",
                "box-card": "market_deck", "plan": None}[kind]
        where = (data["tile_stack"] if pool == "tile_stack" else data["market_deck"] if pool
                 else data["factions"].get("mollusk", {}).get("plan_deck", []))
        if isinstance(o, bool) or o not in where:
            raise _Invalid(path, f"{_short(o)} is not in the {pool or 'plan_deck'}")


def field_check(spec: schema.Field) -> Check:
    """The check of a frame field declared as ``spec`` (``schema``'s field types)."""
    if isinstance(spec, schema.Maybe):
        return optional(field_check(spec.inner))
    if isinstance(spec, schema.Int):
        if isinstance(spec.high, str):  # a limit the cards raise, known once they are loaded
            return lambda v, p, c: integer(spec.low, LIMITS.get(spec.high, 0))(v, p, c)
        return integer(spec.low, spec.high)
    if isinstance(spec, schema.FigureId):
        if not spec.asked:
            return figure_id

        def asked_figure(v, path, ctx):
            figure_id(v, path, ctx)
            if ctx["frame"] == len(ctx["data"]["pending"]) - 1 and v not in ctx["figures"]:
                raise _Invalid(path, f"must name a figure on the map, not {_short(v)}")
        return asked_figure
    if isinstance(spec, schema.ListOf):
        return list_of(field_check(spec.item), spec.most, spec.least)
    if isinstance(spec, schema.Sides):
        return sides(field_check(spec.item), spec.keys, spec.partial)
    if isinstance(spec, schema.OneOf):
        return one_of(*spec.values)
    if isinstance(spec, schema.Space):
        return on_map if spec.on_map else space
    if isinstance(spec, schema.Below):
        return frame_below(spec.kind)
    if isinstance(spec, schema.Text):
        return text(spec.most)
    if isinstance(spec, schema.Offer):
        return lambda v, p, c: one_of(*OFFERS)(v, p, c)
    return {schema.Flag: boolean, schema.Player: faction, schema.Card: market_card,
            schema.Die: die_face, schema.TileId: integer(0, len(TILES) - 1),
            schema.Region: region_index}[type(spec)]


def region_index(v, path, ctx):
    integer(0, len(ctx["data"]["tiles"]) - 1)(v, path, ctx)


SETUP = ("setup-bluefin", "setup-smuggler", "setup-mollusk", "begin-play")

_SLOT = record({"die": optional(die_face), "damage": boolean})
_CREW = record({"card": market_card, "die": optional(die_face), "damage": boolean})
_CARDS = list_of(market_card, len(MARKET_CARDS))
_PLANS = list_of(plan_card, len(PLAN_CARDS))
_TILE_IDS = list_of(integer(0, len(TILES) - 1), len(TILES))
_REWARD_CELL = list_of(integer(0, len(REWARDS) - 1), 2, 2)


def _faction_state(v, path, ctx):
    f = path.rsplit(".", 1)[-1]
    kind = "smuggler" if f.startswith("smuggler") else f
    fields = {"gold": integer(0, SUPPLY["gold"]), "fame": integer(0, 1000),
              "dice": list_of(die_face, DICE_COUNT[kind]), "aside": list_of(die_face, DICE_COUNT[kind]),
              "slots": list_of(_SLOT, len(BOARDS[kind]), len(BOARDS[kind])),
              "crew": list_of(_CREW, len(MARKET_CARDS))}
    if kind == "mollusk":
        ship = {s: record({"plan": plan_card, "slots": list_of(_SLOT, len(SHIP_SLOTS[s]), len(SHIP_SLOTS[s]))})
                for s in SHIPS}
        fields.update({"ready": integer(0, SUPPLY["comrade"]), "hand": _PLANS, "plan_deck": _PLANS,
                       "discard": _PLANS, "ships": record(ship, optional_keys=SHIPS)})
    if kind == "smuggler":
        fields.update({"cargo": list_of(market_card, CARGO_LIMIT + 1),
                       "pledged": record({"bluefin": _CARDS, "mollusk": _CARDS}),
                       "white": _REWARD_CELL, "black": _REWARD_CELL})
    record(fields)(v, path, ctx)


def _factions(v, path, ctx):
    if not isinstance(v, dict) or set(v) != set(ctx["players"]):
        raise _Invalid(path, f"must have one entry per player ({', '.join(ctx['players'])})")
    for f, fs in v.items():
        _faction_state(fs, f"{path}.{f}", ctx)


def _players(v, path, ctx):
    if not isinstance(v, list) or tuple(v) not in SEATS.values():
        raise _Invalid(path, f"must be a seat order like {list(SEATS[3])}, not {_short(v)}")


def _comrades(v, path, ctx):
    if not isinstance(v, dict) or len(v) > len(TILES):
        raise _Invalid(path, f"must map Islands to Comrades, not {_short(v)}")
    for key, n in v.items():
        try:
            ok = space_name(parse_space(key)) == key
        except (ValueError, AttributeError):
            ok = False
        if not ok:
            raise _Invalid(path, f"are keyed by an Island's 'x,y', not {_short(key)}")
        integer(1, SUPPLY["comrade"])(n, f"{path}.{key}", ctx)


_TILE = record({"tile": integer(0, len(TILES) - 1), "x": integer(-EXTENT, EXTENT),
                "y": integer(-EXTENT, EXTENT), "rot": one_of(0, 90, 180, 270),
                "wealth": integer(1, 6)})
_FIGURE = record({"id": text(40), "kind": one_of(*sorted(KINDS)), "owner": faction, "at": space})
_TURN = optional(record({"player": faction, "placed": integer(0, 20), "quota": integer(0, 20),
                         "once": list_of(text(40), 20)}, optional_keys=("once",)))

# The state's keys, each with its check, in the order they are checked.
SCHEMA: dict[str, Check] = {
    "format": lambda v, p, c: one_of(c["format"])(v, p, c),
    "rules": integer(1, RULES),
    "players": _players,
    "seed": optional(integer(-2**64, 2**64)),
    "rng": integer(0, chance.MASK),
    "phase": one_of("setup", "play", "over"),
    "round": integer(1, 1000),
    "first": faction,
    "turn": _TURN,
    "tiles": list_of(_TILE, len(TILES), 1),
    "tile_stack": _TILE_IDS,
    "tile_box": _TILE_IDS,
    "figures": list_of(_FIGURE, SUPPLY["patrol"] + SUPPLY["stronghold"] + 8),
    "comrades": _comrades,
    "market": list_of(market_card, MARKET_SIZE),
    "market_deck": _CARDS,
    "market_box": _CARDS,
    "factions": _factions,
    "winners": list_of(faction, 4),
    "pending": list_of(lambda v, p, c: None, 200),  # each decision: see _check_pending
    "fixed": _fixed,
    "conceded": faction,  # only in a conceded game: who conceded
}
# Keys a state has only when they apply (a new game has none of them).
OPTIONAL_KEYS = ("conceded",)

LOG_ENTRY = record({"player": lambda v, p, c: None if v == "setup" else faction(v, p, c),
                    "action": text(200), "events": list_of(text(), 500),
                    "secret": list_of(text(), 500), "hidden_action": boolean,
                    "secret_for": list_of(faction, 500)}, optional_keys=("secret_for",))


# -- the whole -----------------------------------------------------------------------------

def validate(data, log: Any = ()) -> None:
    """Raise ``InvalidStateError`` unless ``data`` (and its saved ``log``, a list of
    ``LogEntry.to_dict()``) is a position the engine can play, draw and show to everyone.

    The same checks for a loaded save and for a ``scenario``, so that what one builds the
    other opens. A Flagship may be off the map once its faction is set up (a study position
    with only the pieces its lesson needs; the engine plays it: what needs that Flagship
    does nothing), but never on it before.
    """
    log = [] if log == () else log
    if not isinstance(data, dict):
        _fail("the state must be an object")
    missing = [k for k in SCHEMA if k not in data and k not in OPTIONAL_KEYS]
    if missing:
        _fail(f"missing {', '.join(missing)}")
    extra = set(data) - set(SCHEMA)
    if extra:
        _fail(f"unknown keys {', '.join(sorted(map(str, extra)))}")
    ctx: dict = {"format": FORMAT, "players": [], "data": data}
    try:
        _players(data["players"], "players", ctx)
        ctx["players"] = list(data["players"])
        for key, check in SCHEMA.items():
            if key != "fixed" and key in data:  # fixed: its outcomes are checked below
                check(data[key], key, ctx)
        _check_map(data, ctx)
        _check_figures(data, ctx)
        _check_pending(data, ctx)
        _check_places(data)
        _fixed(data["fixed"], "fixed", ctx)
        _check_progress(data)
        list_of(LOG_ENTRY, MAX_LIST)(log, "log", ctx)
        for i, entry in enumerate(log):
            if not set(entry["secret"]) <= set(entry["events"]):
                raise _Invalid(f"log[{i}].secret", "names events that are not in the entry")
            if entry.get("secret_for") and len(entry["secret_for"]) != len(entry["secret"]):
                raise _Invalid(f"log[{i}].secret_for", "must name one faction per secret")
    except _Invalid as err:
        _fail(f"{err.path} {err.text}")


def _check_map(data, ctx) -> None:
    tiles = data["tiles"]
    covered: dict = {}
    for i, t in enumerate(tiles):
        for dx in (0, 1):
            for dy in (0, 1):
                if covered.setdefault((t["x"] + dx, t["y"] + dy), i) != i:
                    raise _Invalid(f"tiles[{i}]", "overlaps another region tile")
    # Joined: every tile reachable from the first through tiles at most one space apart
    # (exploring places tiles edge to edge; a scenario may leave a gap of one space).
    seen, todo = {0}, [0]
    while todo:
        t = tiles[todo.pop()]
        for x in range(t["x"] - 2, t["x"] + 4):
            for y in range(t["y"] - 2, t["y"] + 4):
                j = covered.get((x, y))
                if j is not None and j not in seen:
                    seen.add(j)
                    todo.append(j)
    if len(seen) != len(tiles):
        far = min(set(range(len(tiles))) - seen)
        raise _Invalid(f"tiles[{far}]", "is not joined to the other region tiles")
    if len(tiles) > SUPPLY["wealth-dice"]:
        raise _Invalid("tiles", f"there are only {SUPPLY['wealth-dice']} wealth dice")
    ctx["map"] = Map.of(tiles)
    islands = ctx["map"].islands
    if len(islands) != len(tiles):
        raise _Invalid("tiles", "every region has one Island")
    for key in data["comrades"]:
        if parse_space(key) not in islands:
            raise _Invalid(f"comrades.{key}", "is not an Island on the map")


def _once(items, what: str) -> None:
    if len(items) != len(set(items)):
        raise _Invalid(what, "every card must be in exactly one place")


def _tiles_in(frame: dict) -> list[int]:
    """The region tiles a decision holds (drawn, not yet placed)."""
    out = []
    for key, spec in FRAMES[frame["type"]].fields.items():
        spec = spec.inner if isinstance(spec, schema.Maybe) else spec
        if isinstance(spec, schema.TileId) and frame.get(key) is not None:
            out.append(frame[key])
    return out


def _check_places(data) -> None:
    tiles = [t["tile"] for t in data["tiles"]] + data["tile_stack"] + data["tile_box"]
    tiles += [t for f in data["pending"] for t in _tiles_in(f)]
    if sorted(tiles) != list(range(len(TILES))):
        raise _Invalid("tiles", "every region tile must be in exactly one place "
                                "(map, tile_stack, tile_box or a tile being placed)")
    cards = data["market"] + data["market_deck"] + data["market_box"]
    plans = []
    gold = comrades = 0
    for f, fs in data["factions"].items():
        gold += fs["gold"]
        cards += [m["card"] for m in fs["crew"]]
        placed = sum(s["die"] is not None for s in fs["slots"] + fs["crew"])
        if f == "mollusk":
            plans += fs["hand"] + fs["plan_deck"] + fs["discard"]
            plans += [ship["plan"] for ship in fs["ships"].values()]
            placed += sum(s["die"] is not None for ship in fs["ships"].values() for s in ship["slots"])
            comrades += fs["ready"]
        if "cargo" in fs:
            cards += fs["cargo"] + fs["pledged"]["bluefin"] + fs["pledged"]["mollusk"]
        kind = "smuggler" if f.startswith("smuggler") else f
        if len(fs["dice"]) + len(fs["aside"]) + placed > DICE_COUNT[kind]:
            raise _Invalid(f"factions.{f}.dice", f"{f} has only {DICE_COUNT[kind]} action dice")
    _once(cards, "market")
    if sorted(plans) != (list(range(len(PLAN_CARDS))) if "mollusk" in data["factions"] else []):
        raise _Invalid("factions.mollusk", "every plan card must be in exactly one place")
    if gold > SUPPLY["gold"]:
        raise _Invalid("factions", f"there are only {SUPPLY['gold']} gold tokens")
    if comrades + sum(data["comrades"].values()) > SUPPLY["comrade"]:
        raise _Invalid("comrades", f"there are only {SUPPLY['comrade']} Comrades")
    if len(data["market"]) > MARKET_SIZE:
        raise _Invalid("market", f"the market has {MARKET_SIZE} places")


def _check_figures(data, ctx) -> None:
    ids: dict[str, dict] = {}
    counts: dict[str, int] = {}
    for i, fig in enumerate(data["figures"]):
        path = f"figures[{i}]"
        on_map(fig["at"], f"{path}.at", ctx)
        fid, kind, owner = fig["id"], fig["kind"], fig["owner"]
        if fid in ids:
            raise _Invalid(f"{path}.id", f"two figures are called {fid}")
        ids[fid] = fig
        counts[kind] = counts.get(kind, 0) + 1
        if kind == "flagship":
            ok = fid == owner
        elif kind in SHIPS:
            ok = fid == kind and owner == "mollusk" and kind in data["factions"]["mollusk"]["ships"]
        else:
            ok = owner == "bluefin" and fid.startswith(kind + "-") and FIGURE_ID.fullmatch(fid)
        if not ok:
            raise _Invalid(path, f"a {kind} of {owner} cannot be called {fid!r}")
    for kind in ("patrol", "stronghold"):
        if counts.get(kind, 0) > SUPPLY[kind]:
            raise _Invalid("figures", f"there are only {SUPPLY[kind]} {kind}s")
    for i, fig in enumerate(data["figures"]):
        # Strongholds are built from 2 Patrols on an Island and never move.
        if fig["kind"] == "stronghold" and tuple(fig["at"]) not in ctx["map"].islands:
            raise _Invalid(f"figures[{i}].at", f"a Stronghold stands on an Island, and "
                                               f"{space_name(fig['at'])} is not one")
    # A Flagship comes onto the map in its faction's setup (a study position may leave it out).
    waiting = _setup_waiting(data)
    for f in data["players"]:
        if f in waiting and f in ids:
            raise _Invalid("figures", f"the Flagship of {f} is on the map before its setup")
    ships = data["factions"].get("mollusk", {}).get("ships", {})
    afloat = {fid for fid, fig in ids.items() if fig["kind"] in SHIPS}
    if set(ships) != afloat:
        raise _Invalid("factions.mollusk.ships", "a Union ship is on the map exactly while "
                                                 "its plan card is on the Mollusk board")
    ctx["figures"] = ids


def _setup_waiting(data) -> set:
    """The factions whose setup is still pending (checking the setup part of the stack)."""
    pending = data["pending"]
    if data["phase"] != "setup":
        if any(isinstance(f, dict) and f.get("type") in SETUP for f in pending):
            raise _Invalid("pending", "setup decisions after the setup")
        return set()
    steps = setup_steps(data["players"])
    if not pending or pending != steps[:len(pending)]:
        raise _Invalid("pending", "during setup the decisions are the remaining setup steps, in order")
    return {f["player"] or "mollusk" for f in pending if f["type"] != "begin-play"}


def _check_pending(data, ctx) -> None:
    """Each decision against the declaration of its kind (``kernel.FRAMES``)."""
    for i, frame in enumerate(data["pending"]):
        path = f"pending[{i}]"
        if not isinstance(frame, dict) or "type" not in frame or "player" not in frame:
            raise _Invalid(path, f"a decision is an object with a type and a player, not {_short(frame)}")
        kind = frame["type"]
        declared = FRAMES.get(kind) if isinstance(kind, str) else None
        if declared is None:
            raise _Invalid(f"{path}.type", f"is not a kind of decision: {_short(kind)}")
        missing = [k for k, spec in declared.fields.items() if not spec.optional and k not in frame]
        if missing:
            raise _Invalid(path, f"a {kind} decision has {', '.join(missing)}")
        ctx["frame"] = i
        for key, value in frame.items():
            if key in ("type", "player"):
                continue
            spec = declared.fields.get(key)
            if spec is None:
                raise _Invalid(f"{path}.{key}", f"is not a field of a {kind} decision")
            field_check(spec)(value, f"{path}.{key}", ctx)
        if not declared.decides:
            if frame["player"] is not None:
                raise _Invalid(f"{path}.player", f"nobody decides a {kind}")
        else:
            if frame["player"] is None:
                raise _Invalid(f"{path}.player", f"someone must decide a {kind}")
            faction(frame["player"], f"{path}.player", ctx)


def _check_progress(data) -> None:
    phase, turn, pending, winners = data["phase"], data["turn"], data["pending"], data["winners"]
    if (phase == "over") != bool(winners):
        raise _Invalid("winners", "name the winners exactly when the game is over")
    if len(set(winners)) != len(winners):
        raise _Invalid("winners", "name each winner once")
    if "conceded" in data:
        who = data["conceded"]
        if phase != "over" or len(data["players"]) != 2 or who not in data["players"]:
            raise _Invalid("conceded", "only a player of a two-player game that is over conceded")
        if winners != [f for f in data["players"] if f != who]:
            raise _Invalid("winners", "the player who did not concede is the winner")
    if phase == "over" and pending:
        raise _Invalid("pending", "the game is over: nothing is pending")
    if phase == "play" and not turn and not any(f["type"] in ("round-end", "next-turn")
                                                for f in pending):
        raise _Invalid("turn", "the game is running but it is nobody's turn")
    if phase != "over" and not pending and not turn:
        raise _Invalid("pending", "the game is not over but no one is asked anything")
    if turn and turn["placed"] > turn["quota"] + 10:
        raise _Invalid("turn.placed", "more dice placed than a turn allows")


