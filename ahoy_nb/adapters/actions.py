"""A fixed numbering of Ahoy's actions, for agents that need a fixed action space.

OpenSpiel and Gymnasium want every action to be a number below a fixed size; Ahoy's
actions are notation (``sail 4``, ``move 3,1``, ``tile 4,0 r90``). This module numbers
every action that can be legal, in :data:`NUM_ACTIONS` ids, and turns each way:

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=3)
>>> [action_id(s, a) for a in s.legal_actions()]
[4457, 4478]
>>> notation_of(s, 4457)
'start 0,0'
>>> notation_of(s, action_id(s, "end")), NUM_ACTIONS
('end', 10788)

**How the ids are built.** The actions fall into *families*, one per verb and shape of
its arguments (``sail {die}``, ``move {space}``, ``order {space}>{step}``, ``end``...),
numbered one after another in the order of :data:`FAMILIES`. Inside a family the id
is the arguments' indexes in mixed radix, the first argument most significant. The
argument domains (:data:`DOMAINS` gives their sizes):

* ``die``: a die placed as itself (``4``) or changed (``3>5``): 6 × 6;
* words from the components: Crew cards, Cargo, plans, slots (board actions, Crew cards,
  the Union ships'), factions, figures, Battle Victory options, reward directions;
* numbers: ``spend`` 0-20 gold, ``relocate`` 1-20 Comrades, ``convince`` 1-2;
* **places on the map, named from the regions**, so that one id means the same place in
  every game whatever the map's shape: region ``r`` is the ``r``-th tile placed (0 and 1
  at setup, at most 11: one tile is boxed). A ``space`` is one of 16 places of a 4 × 4
  window around a region's 2 × 2 block (its own 4 spaces and the 12 around them): a
  space on the map is named from its own region, a space off it (where an explorer
  sails) from the first region whose window holds it. An ``island`` is a region (its
  Island's space). A ``block`` (where ``tile x,y rN`` puts a new tile) is one of the 12
  places beside a region's block, named from the first region it touches. A ``step`` is
  one of the 4 directions.

So an id names the same action for every position with the same map; the map is public,
so whoever sees the position can read the id. Notation that no position can make legal
has no id (``move 900,900``), nor do names that are not a place's canonical one: ids
round-trip (:func:`notation_of` ∘ :func:`action_id` is the identity, and back).
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from bisect import bisect_right
from functools import lru_cache
from itertools import accumulate
from math import prod
from typing import Iterable, Sequence

from ..engine import Action, State
from ..engine.cards import crew
from ..engine.cards.plans import plan_slug
from ..engine.components import (ACTION_TITLES, BOARDS, CARD_KEYS, CARGO_KEYS, FACTION_NAMES,
                                 MARKET_CARDS, PLAN_CARDS, REWARD_STEPS, SHIP_SLOTS, SUPPLY, TILES)
from ..engine.errors import IllegalActionError
from ..engine.geometry import Map, STEPS
from ..engine.kernel import OFFERS
from ..engine.rules.battle import VICTORY_TEXT

__all__ = ["NUM_ACTIONS", "FAMILIES", "DOMAINS", "NoActionIdError", "action_id", "notation_of",
           "legal_ids", "family_of", "describe_families"]

# Tiles on the map at most: every region tile but the one boxed at setup.
REGIONS = len(TILES) - 1
# A region's window: its 2x2 block and the ring of 12 spaces around it.
WINDOW = [(dx, dy) for dy in (-1, 0, 1, 2) for dx in (-1, 0, 1, 2)]
# Top-left corners of a 2x2 block that touches a region's block along an edge.
BESIDE = [(dx, dy) for dy in (-2, -1, 0, 1, 2) for dx in (-2, -1, 0, 1, 2)
          if (abs(dx) == 2 and abs(dy) <= 1) or (abs(dy) == 2 and abs(dx) <= 1)]
ROTATIONS = ("r0", "r90", "r180", "r270")
SPACE = re.compile(r"(-?\d{1,4}),(-?\d{1,4})")


class NoActionIdError(IllegalActionError):
    """The notation has no id in this position (or the id no action), in the rules' words."""


# -- argument domains ------------------------------------------------------------------

class Domain(ABC):
    """The values one argument can take: ``size`` of them, each read from and written as
    one word of notation (the map, when the word is a place)."""

    size: int
    uses_map = False

    @abstractmethod
    def index(self, word: str, m: Map | None) -> int | None:
        """The number of ``word``, or ``None`` if it is not one of the values."""

    @abstractmethod
    def word(self, i: int, m: Map | None) -> str | None:
        """The word numbered ``i``, or ``None`` if ``i`` names none here."""


class Words(Domain):
    def __init__(self, words: Iterable[str]):
        self.words = tuple(dict.fromkeys(words))
        self.size = len(self.words)
        self._index = {w: i for i, w in enumerate(self.words)}

    def index(self, word, m):
        return self._index.get(word)

    def word(self, i, m):
        return self.words[i]


class Die(Domain):
    """A die placed as itself (``4``) or changed with gold (``3>5``)."""

    size = 36

    def index(self, word, m):
        die, arrow, value = word.partition(">")
        if not (len(die) == 1 and die in "123456") or (arrow and not (
                len(value) == 1 and value in "123456" and value != die)):
            return None
        return (int(die) - 1) * 6 + int(value or die) - 1

    def word(self, i, m):
        die, value = divmod(i, 6)
        return str(die + 1) if die == value else f"{die + 1}>{value + 1}"


class Count(Domain):
    def __init__(self, low: int, high: int):
        self.low, self.size = low, high - low + 1

    def index(self, word, m):
        if word.isdigit() and (len(word) == 1 or word[0] != "0") and len(word) <= 4:
            i = int(word) - self.low
            return i if 0 <= i < self.size else None
        return None

    def word(self, i, m):
        return str(self.low + i)


def _space(word: str) -> tuple[int, int] | None:
    match = SPACE.fullmatch(word)
    if not match or any(len(g.lstrip("-")) > 1 and g.lstrip("-")[0] == "0" or g == "-0"
                        for g in match.groups()):
        return None  # only the engine's own way of writing a space: no "01,2" or "-0,1"
    return int(match.group(1)), int(match.group(2))


def _blocks(m: Map) -> list[tuple[int, int]]:
    """Each region's top-left space, in the order the tiles were placed."""
    return [(x, y) for _, x, y, _ in m.placements]


class Place(Domain):
    """A space on the map or next to it, named from a region's window."""

    size = REGIONS * len(WINDOW)
    uses_map = True

    def index(self, word, m):
        space = _space(word)
        return None if space is None else place_index(m, space)

    def word(self, i, m):
        space = place_space(m, i)
        return None if space is None else f"{space[0]},{space[1]}"


class Island(Domain):
    """An Island, named by its region."""

    size = REGIONS
    uses_map = True

    def index(self, word, m):
        space = _space(word)
        if space is None or space not in m.spaces or not m.spaces[space].is_island:
            return None
        return m.spaces[space].region

    def word(self, i, m):
        if i >= len(m.placements):
            return None
        x, y = m.island_of_region(i)
        return f"{x},{y}"


class Step(Domain):
    """``a>b``: a place and one step from it (an Order's Patrol)."""

    size = Place.size * len(STEPS)
    uses_map = True

    def index(self, word, m):
        a, arrow, b = word.partition(">")
        a, b = _space(a), _space(b)
        if not arrow or a is None or b is None:
            return None
        step = (b[0] - a[0], b[1] - a[1])
        i = place_index(m, a)
        return None if i is None or step not in STEPS else i * len(STEPS) + STEPS.index(step)

    def word(self, i, m):
        place, k = divmod(i, len(STEPS))
        a = place_space(m, place)
        if a is None:
            return None
        dx, dy = STEPS[k]
        return f"{a[0]},{a[1]}>{a[0] + dx},{a[1] + dy}"


class IslandPair(Domain):
    """``a>b``: from one Island to another."""

    size = REGIONS * REGIONS
    uses_map = True

    def index(self, word, m):
        a, arrow, b = word.partition(">")
        i, j = ISLAND.index(a, m), ISLAND.index(b, m)
        return None if not arrow or i is None or j is None else i * REGIONS + j

    def word(self, i, m):
        a, b = (ISLAND.word(k, m) for k in divmod(i, REGIONS))
        return None if a is None or b is None else f"{a}>{b}"


class Block(Domain):
    """Where a new tile's top-left space goes: beside a region's block."""

    size = REGIONS * len(BESIDE)
    uses_map = True

    def index(self, word, m):
        space = _space(word)
        if space is None:
            return None
        for r, (bx, by) in enumerate(_blocks(m)):
            offset = (space[0] - bx, space[1] - by)
            if offset in BESIDE:
                return r * len(BESIDE) + BESIDE.index(offset)
        return None

    def word(self, i, m):
        r, k = divmod(i, len(BESIDE))
        if r >= len(m.placements):
            return None
        bx, by = _blocks(m)[r]
        text = f"{bx + BESIDE[k][0]},{by + BESIDE[k][1]}"
        return text if self.index(text, m) == i else None


def place_index(m: Map, space: tuple[int, int]) -> int | None:
    """The place id of ``space``: from its own region when on the map, else from the first
    region whose window holds it; ``None`` when no window does."""
    blocks = _blocks(m)
    info = m.spaces.get(space)
    regions = [info.region] if info is not None else range(len(blocks))
    for r in regions:
        bx, by = blocks[r]
        offset = (space[0] - bx, space[1] - by)
        if offset in WINDOW:
            return r * len(WINDOW) + WINDOW.index(offset)
    return None


def place_space(m: Map, i: int) -> tuple[int, int] | None:
    """The space of place id ``i`` on this map (``None``: not a place's canonical id here)."""
    r, k = divmod(i, len(WINDOW))
    if r >= len(m.placements):
        return None
    bx, by = _blocks(m)[r]
    space = (bx + WINDOW[k][0], by + WINDOW[k][1])
    return space if place_index(m, space) == i else None


# -- the vocabulary -------------------------------------------------------------------------

CARDS = Words(CARD_KEYS)
CARGO = Words(CARGO_KEYS)
# A slot of a faction's board (each board's keys, once), of a Crew card, of a Union ship.
SLOTS = Words([s["key"] for board in BOARDS.values() for s in board] + list(CARD_KEYS)
              + [s["key"] for slots in SHIP_SLOTS.values() for s in slots])
# What a die can be placed on: a board action, a Crew card with a slot of its own, a ship.
DIE_SLOTS = (list(ACTION_TITLES)
             + [key for key, card in zip(CARD_KEYS, MARKET_CARDS) if card["kind"] == "slot-action"]
             + list(SHIP_SLOTS))
FACTIONS = Words(FACTION_NAMES)
# A figure in a battle or a Crew's target: a Flagship by its faction, the others by kind.
FIGURES = Words(list(FACTION_NAMES) + ["patrol", "stronghold", "cutter", "gunship"])
PLANS = Words(plan_slug(p) for p in range(len(PLAN_CARDS)))
DIE, PLACE, ISLAND = Die(), Place(), Island()
FACE = Count(1, 6)

# Verbs that take no argument.
BARE = ("end", "anchor", "done", "stay", "hold", "sail", "tailwind", "patrol", "no-patrol",
        "place-comrades", "ready-comrades", "no-comrades", "harbor-repair", "harbor-none",
        "add-tile", "no-reward", "flush", "keep", "no-plan",
        *(f"{offer}-first" for offer in OFFERS))

# The base rules' and the plans' families: (verb, argument domains), in id order. The Crew
# cards' families come from their records, each at the place in the numbering its verb
# declares (``crew.Verb.actions``), between these. New families go at the end, so the
# ids of the others stay.
_BASE: list[tuple[str, tuple[Domain, ...]]] = [
    *((verb, ()) for verb in BARE),
    *((slot, (DIE,)) for slot in DIE_SLOTS),
    ("recruit", (CARDS,)), ("recruit", (CARDS, DIE)),
    ("smuggle", (CARGO,)), ("deliver", (CARGO,)), ("discard", (CARGO,)),
    ("play", (PLANS,)), ("pledge", (Words(("bluefin", "mollusk")),)),
    ("battle", (FIGURES,)), ("victory", (Words(VICTORY_TEXT),)),
    ("damage", (SLOTS,)), ("repair", (SLOTS,)),
    ("harbor-cannons", (SLOTS,)), ("harbor-cannons", (SLOTS, FACE)),
    ("reward", (Words(REWARD_STEPS),)), ("spend", (Count(0, SUPPLY["gold"]),)),
    ("fire", (DIE,)),
    *((verb, (ISLAND,)) for verb in ("inspire", "wealth", "stronghold", "evacuate", "sneak",
                                     "enlist", "launch")),
    ("relocate", (ISLAND, Count(1, SUPPLY["comrade"]))),
    *((verb, (PLACE,)) for verb in ("start", "move", "deploy", "remove-patrol")),
    ("order", (Step(),)),
    ("tile", (Block(), Words(ROTATIONS))),
]
# The domains a Crew card's verb names by word (a tuple of words is a domain of its own).
_CREW_DOMAINS: dict[str, Domain] = {
    "place": PLACE, "figure": FIGURES, "card": CARDS, "faction": FACTIONS,
    "card or cargo": Words(CARD_KEYS + CARGO_KEYS), "island pair": IslandPair(),
    "1 or 2": Count(1, 2),
}


def _families() -> list[tuple[str, tuple[Domain, ...]]]:
    """The base families with each Crew family at its declared place."""
    placed = {}
    for verb, card in crew.VERBS.items():
        for number, domains in next(v for v in card.verbs if v.name == verb).actions:
            if number in placed:
                raise ValueError(f"action family {number} is declared twice ({verb})")
            placed[number] = (verb, tuple(Words(d) if isinstance(d, tuple) else _CREW_DOMAINS[d]
                                          for d in domains))
    base = iter(_BASE)
    out = [placed[i] if i in placed else next(base) for i in range(len(_BASE) + len(placed))]
    if next(base, None) is not None:
        raise ValueError("the Crew's action families leave a gap in the numbering")
    return out


FAMILIES: list[tuple[str, tuple[Domain, ...]]] = _families()

SIZES = [prod(d.size for d in domains) for _, domains in FAMILIES]
OFFSETS = [0, *accumulate(SIZES)]
NUM_ACTIONS = OFFSETS[-1]
DOMAINS = {"die": Die.size, "place": Place.size, "island": Island.size, "step": Step.size,
           "island pair": IslandPair.size, "block": Block.size}
_BY_SHAPE: dict[tuple[str, int], list[int]] = {}
for _k, (_verb, _domains) in enumerate(FAMILIES):
    _BY_SHAPE.setdefault((_verb, len(_domains)), []).append(_k)


def _map(where: State | Map) -> Map:
    return where if isinstance(where, Map) else where.map


@lru_cache(maxsize=1 << 16)
def _encode(text: str, placements: tuple) -> int | None:
    verb, *words = text.split(" ")
    m = Map.of([{"tile": t, "x": x, "y": y, "rot": r} for t, x, y, r in placements])
    for k in _BY_SHAPE.get((verb, len(words)), ()):
        index = 0
        for domain, word in zip(FAMILIES[k][1], words):
            i = domain.index(word, m)
            if i is None:
                break
            index = index * domain.size + i
        else:
            return OFFSETS[k] + index
    return None


def action_id(where: State | Map, action) -> int:
    """The id of ``action`` (an ``Action`` or its notation) on the map of ``where`` (a
    position, or its ``Map``). Raises :class:`NoActionIdError` (a ``ValueError``) for
    notation that has no id there.

    >>> from ahoy_nb.engine import new_game
    >>> action_id(new_game(2, seed=3), "sail 3>5")
    52
    """
    text = action.notation if isinstance(action, Action) else action
    if not isinstance(text, str):
        raise NoActionIdError(f"an action is an Action or its notation, not {type(text).__name__}")
    found = _encode(text, _map(where).placements)
    if found is None:
        raise NoActionIdError(f"'{text[:80]}' has no action id on this map: it is not an "
                              f"action any position with this map can offer")
    return found


def family_of(i: int) -> tuple[str, tuple[Domain, ...], int]:
    """The family of id ``i``: its verb, its domains and the index inside it."""
    if not isinstance(i, int) or not 0 <= i < NUM_ACTIONS:
        raise NoActionIdError(f"an action id is a whole number from 0 to {NUM_ACTIONS - 1}, "
                              f"not {i!r}"[:120])
    k = bisect_right(OFFSETS, i) - 1
    verb, domains = FAMILIES[k]
    return verb, domains, i - OFFSETS[k]


def notation_of(where: State | Map, i: int) -> str:
    """The notation of action id ``i`` on the map of ``where``. Raises
    :class:`NoActionIdError` when ``i`` names no action there (a region not yet placed).

    >>> from ahoy_nb.engine import new_game
    >>> notation_of(new_game(2, seed=3), 52)
    'sail 3>5'
    """
    verb, domains, index = family_of(int(i) if hasattr(i, "__index__") else i)
    m = _map(where)
    words = []
    for domain in reversed(domains):
        index, k = divmod(index, domain.size)
        word = domain.word(k, m)
        if word is None:
            raise NoActionIdError(f"action id {i} ({verb}) names a place that is not on this "
                                  f"map: a region not placed yet, or not that place's own name")
        words.append(word)
    return " ".join([verb, *reversed(words)])


def legal_ids(state: State) -> dict[int, str]:
    """The legal actions of ``state`` by id, in ascending order: ``{id: notation}``.

    >>> from ahoy_nb.engine import new_game
    >>> legal_ids(new_game(2, seed=3))
    {4457: 'start 0,0', 4478: 'start 3,2'}
    """
    placements = state.map.placements
    out = {}
    for action in state.legal_actions():
        i = _encode(action.notation, placements)
        if i is None:
            raise NoActionIdError(f"the legal action '{action.notation}' has no action id: "
                                  f"ahoy_nb.adapters.actions needs a family for it")
        out[i] = action.notation
    return dict(sorted(out.items()))


def describe_families() -> Sequence[tuple[int, int, str]]:
    """``(first id, count, pattern)`` for each family: the table in docs/agents.md."""
    names = {Die: "die", Place: "space", Island: "island", Step: "space>step",
             IslandPair: "island>island", Block: "block"}
    out = []
    for (verb, domains), offset, size in zip(FAMILIES, OFFSETS, SIZES):
        words = []
        for d in domains:
            if type(d) in names:
                words.append("{" + names[type(d)] + "}")
            elif isinstance(d, Count):
                words.append(f"{{{d.low}-{d.low + d.size - 1}}}")
            else:
                words.append("{" + "|".join(d.words[:3]) + ("|..." if d.size > 3 else "") + "}")
        out.append((offset, size, " ".join([verb, *words])))
    return out
