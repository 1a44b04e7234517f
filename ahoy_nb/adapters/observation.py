"""A position as one player sees it, as a fixed-length vector of numbers (for learning agents).

Every number comes from what the viewer may see (``observe.view``: no plan hand but the
Mollusk's own, no pledges but a Smuggler's own, no pile's order or contents, no
generator), plus the control of each region, which is a public function of the figures
and Comrades on the map. So two positions that differ only in what the viewer may not
see give the same vector (tests/adapters/test_observation.py checks it over many games).

>>> from ahoy_nb.engine import new_game
>>> s = new_game(3, seed=7)
>>> v = vector(s, "smuggler1")
>>> v.shape, v.dtype.name
((1894,), 'float32')
>>> named(v)["viewer"].tolist(), named(v)["round"].tolist()
([0.0, 1.0, 0.0, 0.0], [1.0])

The layout is the same for 2, 3 and 4 players: each faction has its block in the order
of :data:`FACTIONS` (zeros, and ``present`` 0, for a faction not in the game). Numbers
are raw counts (gold, Fame, dice faces, spaces), not scaled; flags are 0 or 1.
:data:`LAYOUT` names each piece and its size; docs/agents.md explains them.
"""

from __future__ import annotations

try:
    import numpy as np
except ImportError:  # pragma: no cover - depends on the install
    raise ImportError("the observation vector needs the rl extra (numpy is not installed): "
                      "pip install 'ahoy-nb[rl]' (or 'ahoy-nb[openspiel]')") from None

from ..engine import State, observe
from ..engine.cards.plans import plan_slug
from ..engine.components import BOARDS, CARD_KEYS, PLAN_CARDS, SEATS, SHIP_SLOTS, TILES
from ..engine.geometry import Map
from ..engine.kernel import LEGAL
from .actions import REGIONS

__all__ = ["FACTIONS", "LAYOUT", "SIZE", "vector", "named", "public_state", "seen"]

FACTIONS = SEATS[4]                       # bluefin, smuggler1, mollusk, smuggler2
DECIDERS = (*FACTIONS, "chance", "nobody")
PHASES = ("setup", "play", "over")
# The decision being asked: a frame type, or "turn" (place a die or act) when none waits.
DECISIONS = ("turn", *sorted(LEGAL))
TERRAINS = ("open", "fog", "wreckage", "harbor", "current", "island")
CORNERS = ((0, 0), (1, 0), (0, 1), (1, 1))     # a region's spaces, as the map lies: TL TR BL BR
ROTATIONS = (0, 90, 180, 270)
CARDS, TILE_IDS = len(CARD_KEYS), len(TILES)
# Plans by name: the two copies of a plan look alike, so which copy is where is no one's to see.
PLAN_NAMES = tuple(dict.fromkeys(plan_slug(p) for p in range(len(PLAN_CARDS))))
PLANS = len(PLAN_NAMES)
_PLAN_INDEX = [PLAN_NAMES.index(plan_slug(p)) for p in range(len(PLAN_CARDS))]
SHIP_KEYS = [s["key"] for slots in SHIP_SLOTS.values() for s in slots]


def kind_of(faction: str) -> str:
    return "smuggler" if faction.startswith("smuggler") else faction


def _faction_layout(f: str) -> list[tuple[str, int]]:
    board = len(BOARDS[kind_of(f)])
    out = [("present", 1), ("gold", 1), ("fame", 1), ("dice", 6), ("aside", 6),
           ("slot_dice", board), ("slot_damage", board),
           ("crew", CARDS), ("crew_dice", CARDS), ("crew_damage", CARDS)]
    if f == "mollusk":
        out += [("ready", 1), ("hand_size", 1), ("hand", PLANS), ("plan_deck", 1),
                ("discard", PLANS), ("ships", len(SHIP_SLOTS)), ("ship_dice", len(SHIP_KEYS)),
                ("ship_damage", len(SHIP_KEYS))]
    if kind_of(f) == "smuggler":
        out += [("cargo", CARDS), ("delivered", CARDS), ("pledges_seen", 1),
                ("pledged_bluefin", CARDS), ("pledged_mollusk", CARDS),
                ("white", 2), ("black", 2)]
    return [(f"{f}.{name}", size) for name, size in out]


_FACTION_SIZES = {f: sum(size for _, size in _faction_layout(f)) for f in FACTIONS}
_REGION = [("present", 1), ("tile", TILE_IDS), ("rotation", 4), ("at", 2), ("wealth", 1),
           ("control", 2), ("controller", 2), ("comrades", 1)]
_SPACE = [("terrain", len(TERRAINS)), ("tailwind", 1), ("gold", 1), ("flagships", 4),
          ("patrols", 1), ("strongholds", 1), ("cutter", 1), ("gunship", 1)]

#: Every piece of the vector, in order: (name, size).
LAYOUT: list[tuple[str, int]] = [
    ("viewer", len(FACTIONS)), ("deciding", len(DECIDERS)), ("phase", len(PHASES)),
    ("round", 1), ("first", len(FACTIONS)), ("turn_player", len(FACTIONS)),
    ("turn_placed", 1), ("turn_quota", 1), ("decision", len(DECISIONS)),
    *(piece for f in FACTIONS for piece in _faction_layout(f)),
    *((f"region{r}.{name}", size) for r in range(REGIONS) for name, size in
      _REGION + [(f"{c}.{n}", s) for c in ("tl", "tr", "bl", "br") for n, s in _SPACE]),
    ("market", CARDS), ("market_deck", 1), ("market_box", CARDS),
    ("tile_stack", 1), ("tile_box", 1),
]
SIZE = sum(size for _, size in LAYOUT)
_REGION_SIZE = sum(s for _, s in _REGION) + len(CORNERS) * sum(s for _, s in _SPACE)
_SLICES: dict[str, slice] = {}
_at = 0
for _name, _size in LAYOUT:
    _SLICES[_name] = slice(_at, _at + _size)
    _at += _size


def named(v: np.ndarray) -> dict[str, np.ndarray]:
    """The pieces of a vector by name (views into it, shaped ``(size,)``)."""
    return {name: v[s] for name, s in _SLICES.items()}


def public_state(state: State, viewer: str | None) -> dict:
    """``observe.view(state, viewer)["state"]``: the position's data as ``viewer`` sees it,
    without reading the log (cheaper late in a game)."""
    return observe.view(State(state.data), viewer)["state"]


def seen(state: State, viewer: str | None, memo: dict) -> dict:
    """:func:`public_state`, kept in ``memo`` (a dict for this position)."""
    key = ("seen", viewer)
    if key not in memo:
        memo[key] = public_state(state, viewer)
    return memo[key]


def _one_hot(values, value) -> list[float]:
    return [1.0 if v == value else 0.0 for v in values]


def _faces(dice) -> list[float]:
    return [float(sum(1 for d in dice if d == face)) for face in range(1, 7)]


def _multi_hot(ids, size: int) -> list[float]:
    out = [0.0] * size
    for i in ids or ():
        out[i] += 1.0
    return out


def vector(state: State, viewer: str | None, memo: dict | None = None) -> np.ndarray:
    """The position as ``viewer`` sees it (``None``: a spectator), as :data:`SIZE` float32
    numbers (:data:`LAYOUT`).

    ``memo``: a dict the caller keeps for this position (and empties when it changes), so
    the parts every viewer shares (the map, the Market) are worked out once.
    """
    memo = {} if memo is None else memo
    d = seen(state, viewer, memo)
    deciding = state.current_player
    out: list[float] = []
    put = out.extend
    put(_one_hot(FACTIONS, viewer))
    put(_one_hot(DECIDERS, "nobody" if deciding is None else deciding))
    put(_one_hot(PHASES, d["phase"]))
    put([float(d["round"])])
    put(_one_hot(FACTIONS, d["first"]))
    turn = d["turn"] or {}
    put(_one_hot(FACTIONS, turn.get("player")))
    put([float(turn.get("placed", 0)), float(turn.get("quota", 0))])
    decision = None
    if deciding not in (None, "chance"):
        decision = d["pending"][-1]["type"] if d["pending"] else "turn"
    put(_one_hot(DECISIONS, decision))

    for f in FACTIONS:
        fs = d["factions"].get(f)
        if fs is None:
            put([0.0] * _FACTION_SIZES[f])
        else:
            _put_faction(put, f, fs)

    put(memo.get("shared") or memo.setdefault("shared", _shared(state, d)))
    v = np.asarray(out, dtype=np.float32)
    assert v.shape == (SIZE,), (v.shape, SIZE)
    return v


def _shared(state: State, d: dict) -> list[float]:
    """The pieces every viewer sees alike: the map, by region, and the Market."""
    out: list[float] = []
    put = out.extend
    tiles = d["tiles"]
    m = Map.of(tiles)
    regions = state.regions()
    figures: dict[tuple[int, int], list[dict]] = {}
    for fig in d["figures"]:
        figures.setdefault(tuple(fig["at"]), []).append(fig)
    for r in range(REGIONS):
        if r >= len(tiles):
            put([0.0] * _REGION_SIZE)
            continue
        tile, info = tiles[r], regions[r]
        island = info["island"]
        put([1.0, *_one_hot(range(TILE_IDS), tile["tile"]), *_one_hot(ROTATIONS, tile["rot"]),
             float(tile["x"]), float(tile["y"]), float(tile["wealth"]),
             float(info["control"]["bluefin"]), float(info["control"]["mollusk"]),
             *_one_hot(("bluefin", "mollusk"), info["controller"]),
             float(d["comrades"].get(f"{island[0]},{island[1]}", 0))])
        for dx, dy in CORNERS:
            space = (tile["x"] + dx, tile["y"] + dy)
            sp = m.spaces[space]
            here = figures.get(space, ())
            put([*_one_hot(TERRAINS, sp.terrain), float(sp.tailwind or 0), float(sp.gold),
                 *(1.0 if any(g["kind"] == "flagship" and g["owner"] == f for g in here) else 0.0
                   for f in FACTIONS),
                 *(float(sum(1 for g in here if g["kind"] == kind))
                   for kind in ("patrol", "stronghold", "cutter", "gunship"))])

    put(_multi_hot(d["market"], CARDS))
    put([float(d["market_deck"])])
    put(_multi_hot(d["market_box"], CARDS))
    put([float(d["tile_stack"]), float(d["tile_box"])])
    return out


def _put_faction(put, f: str, fs: dict) -> None:
    put([1.0, float(fs["gold"]), float(fs["fame"]), *_faces(fs["dice"]), *_faces(fs["aside"])])
    put([float(s["die"] or 0) for s in fs["slots"]])
    put([1.0 if s["damage"] else 0.0 for s in fs["slots"]])
    crew = {c["card"]: c for c in fs["crew"]}
    put([1.0 if c in crew else 0.0 for c in range(CARDS)])
    put([float(crew[c]["die"] or 0) if c in crew else 0.0 for c in range(CARDS)])
    put([1.0 if c in crew and crew[c]["damage"] else 0.0 for c in range(CARDS)])
    if f == "mollusk":
        hand = fs["hand"]
        shown = isinstance(hand, list)
        put([float(fs["ready"]), float(len(hand) if shown else hand)])
        put(_multi_hot([_PLAN_INDEX[p] for p in hand] if shown else (), PLANS))
        put([float(fs["plan_deck"] if isinstance(fs["plan_deck"], int) else len(fs["plan_deck"]))])
        put(_multi_hot([_PLAN_INDEX[p] for p in fs["discard"]], PLANS))
        ships = fs["ships"]
        put([1.0 if ship in ships else 0.0 for ship in SHIP_SLOTS])
        slots = {spec["key"]: slot for ship, info in ships.items()
                 for spec, slot in zip(SHIP_SLOTS[ship], info["slots"])}
        put([float(slots[k]["die"] or 0) if k in slots else 0.0 for k in SHIP_KEYS])
        put([1.0 if k in slots and slots[k]["damage"] else 0.0 for k in SHIP_KEYS])
    if kind_of(f) == "smuggler":
        pledged = fs["pledged"]
        put(_multi_hot(fs["cargo"], CARDS))
        put(_multi_hot(fs["delivered"], CARDS))
        put([1.0 if pledged is not None else 0.0])
        put(_multi_hot(pledged["bluefin"] if pledged else (), CARDS))
        put(_multi_hot(pledged["mollusk"] if pledged else (), CARDS))
        put([float(x) for x in (*fs["white"], *fs["black"])])
