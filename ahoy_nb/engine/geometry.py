"""Map geometry (the map, not a player board): placed region tiles, their spaces,
Sandbars and where a tile fits.

Spaces are ``(x, y)`` with ``y`` growing downwards. A placed tile covers the
2x2 block whose top-left space is ``(x, y)``, turned ``rot`` degrees clockwise.

>>> m = Map.of([{"tile": 1, "x": 0, "y": 0, "rot": 0, "wealth": 1}])
>>> m.spaces[(1, 1)].terrain, m.spaces[(1, 1)].suit
('island', 'fish')
>>> m.can_step((0, 0), (1, 0))      # the Sandbar between TL and TR
False
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter

from .components import POSITIONS, TILES

Space = tuple[int, int]
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
ROTATIONS = (0, 90, 180, 270)


def rotate_position(local: Space, rot: int) -> Space:
    """Where a printed position lands in the 2x2 block when the tile is turned."""
    x, y = local
    for _ in range(rot // 90):
        x, y = 1 - y, x
    return x, y


def rotate_direction(step: Space, rot: int) -> Space:
    dx, dy = step
    for _ in range(rot // 90):
        dx, dy = -dy, dx
    return dx, dy


def island_offset(rot: int) -> Space:
    """The Island's place in the block: every tile prints it at BR."""
    return rotate_position(POSITIONS["BR"], rot)


ISLAND_OFFSETS = {rot: island_offset(rot) for rot in ROTATIONS}


@dataclass(frozen=True)
class SpaceInfo:
    """One space of the map, as printed and turned."""

    space: Space
    region: int          # index of the tile in the state's ``tiles`` list
    tile: int            # printed tile id
    position: str        # printed position: TL, TR, BL, BR
    terrain: str         # open, fog, wreckage, harbor, current, island
    tailwind: int | None
    gold: int
    current: Space | None  # the Strong Current's step, turned with the tile
    suit: str            # the suit of the tile (and of its Island)

    @property
    def is_island(self) -> bool:
        return self.terrain == "island"


class Map:
    """The placed tiles of a state, with lookups. Build with :meth:`Map.of`."""

    def __init__(self, placements: tuple[tuple[int, int, int, int], ...]):
        self.placements = ()
        self.spaces: dict[Space, SpaceInfo] = {}
        self.sandbars: set[frozenset[Space]] = set()
        self._blocked: set[tuple[Space, Space]] = set()  # each Sandbar both ways, for can_step
        self.islands: list[Space] = []
        self.region_spaces: list[list[Space]] = []
        self._region_islands: list[Space] = []
        # Spaces orthogonally next to an Island: no new Island may go there.
        self._beside_islands: set[Space] = set()
        self._explorable: dict[Space, bool] = {}
        self._steps: dict[tuple[Space, bool], tuple] = {}
        for placement in placements:
            self._place(placement)

    def _place(self, placement: tuple[int, int, int, int]) -> None:
        """Add the next region's tile (``__init__`` and ``_extended`` only: a Map never changes)."""
        tile_id, x, y, rot = placement
        region = len(self.placements)
        self.placements += (placement,)
        tile = TILES[tile_id]
        where = {}
        for pos, info in tile["spaces"].items():
            dx, dy = rotate_position(POSITIONS[pos], rot)
            space = (x + dx, y + dy)
            where[pos] = space
            current = rotate_direction(info["current"], rot) if info["current"] else None
            self.spaces[space] = SpaceInfo(space, region, tile_id, pos, info["terrain"],
                                           info["tailwind"], info["gold"], current, tile["suit"])
            if info["terrain"] == "island":
                self.islands.append(space)
                self._region_islands.append(space)
                self._beside_islands.update((space[0] + sx, space[1] + sy) for sx, sy in STEPS)
        if tile["sandbar"]:
            a, b = tile["sandbar"]
            self.sandbars.add(frozenset((where[a], where[b])))
            self._blocked.update(((where[a], where[b]), (where[b], where[a])))
        self.region_spaces.append(sorted(where.values()))

    def _extended(self, placement: tuple[int, int, int, int]) -> "Map":
        """This map with one more tile: a copy of its lookups, and the new region's added
        (tiles are only ever appended, so the map before is nearly always at hand)."""
        m = Map(())
        m.placements = self.placements
        m.spaces = dict(self.spaces)
        m.sandbars = set(self.sandbars)
        m._blocked = set(self._blocked)
        m.islands = list(self.islands)
        m.region_spaces = list(self.region_spaces)
        m._region_islands = list(self._region_islands)
        m._beside_islands = set(self._beside_islands)
        m._place(placement)
        return m

    @staticmethod
    def of(tiles: list[dict]) -> "Map":
        return _cached_map(tuple(map(_PLACEMENT, tiles)))

    def on_map(self, space: Space) -> bool:
        return space in self.spaces

    def region_of(self, space: Space) -> int:
        return self.spaces[space].region

    def island_of_region(self, region: int) -> Space:
        return self._region_islands[region]

    def can_step(self, a: Space, b: Space) -> bool:
        """Whether a figure may move from ``a`` to the orthogonally adjacent ``b`` (on or off the map)."""
        return (a, b) not in self._blocked

    def neighbours(self, space: Space) -> list[Space]:
        x, y = space
        return [(x + dx, y + dy) for dx, dy in STEPS]

    def steps_from(self, here: Space, can_draw: bool) -> tuple[tuple[Space, bool], ...]:
        """``(target, open)`` for each neighbour a figure at ``here`` may step to across no
        Sandbar: ``open`` when it is on the map, or off it where a tile fits (``can_draw``:
        tiles are left to draw). Kept per space: a Map never changes."""
        key = (here, can_draw)
        known = self._steps.get(key)
        if known is None:
            known = self._steps[key] = tuple(
                (t, t in self.spaces or (can_draw and self.can_explore(t)))
                for t in self.neighbours(here) if self.can_step(here, t))
        return known

    def tailwind_spaces(self, value: int | None = None) -> list[Space]:
        """Spaces with a printed Tailwind die (of ``value``, if given)."""
        return sorted(s for s, info in self.spaces.items()
                      if info.tailwind is not None and (value is None or info.tailwind == value))

    def fits(self, x: int, y: int, rot: int) -> bool:
        """Whether a tile placed at ``(x, y)`` turned ``rot`` overlaps nothing and keeps Islands apart."""
        if self._overlaps(x, y):
            return False
        ix, iy = ISLAND_OFFSETS.get(rot) or island_offset(rot)
        return (x + ix, y + iy) not in self._beside_islands

    def _overlaps(self, x: int, y: int) -> bool:
        """Whether the 2x2 block with top-left ``(x, y)`` covers a space of the map."""
        spaces = self.spaces
        return ((x, y) in spaces or (x + 1, y) in spaces or (x, y + 1) in spaces
                or (x + 1, y + 1) in spaces)

    def placements_covering(self, target: Space) -> list[tuple[int, int, int]]:
        """Every ``(x, y, rot)`` for a new tile that covers ``target`` and fits."""
        tx, ty = target
        beside = self._beside_islands
        out = []
        for dy in (0, 1):
            for dx in (0, 1):
                x, y = tx - dx, ty - dy
                if self._overlaps(x, y):
                    continue
                for rot in ROTATIONS:
                    ix, iy = ISLAND_OFFSETS[rot]
                    if (x + ix, y + iy) not in beside:
                        out.append((x, y, rot))
        return out

    def can_explore(self, target: Space) -> bool:
        # A Map never changes, so the answer for each space is kept.
        known = self._explorable.get(target)
        if known is None:
            known = self._explorable[target] = bool(self.placements_covering(target))
        return known

    def edge_placements(self) -> list[tuple[int, int, int]]:
        """Every placement touching the map: where an explorer or a reward may add a tile."""
        targets = {n for s in self.spaces for n in self.neighbours(s) if n not in self.spaces}
        found = {p for t in targets for p in self.placements_covering(t)}
        return sorted(found)


_PLACEMENT = itemgetter("tile", "x", "y", "rot")


@lru_cache(maxsize=256)
def _cached_map(placements):
    if len(placements) > 1:
        # The map without the last tile is usually cached: one tile placed at a time.
        return _cached_map(placements[:-1])._extended(placements[-1])
    return Map(placements)


def parse_space(text: str) -> Space:
    """``"3,-1"`` -> ``(3, -1)``; raises ValueError on anything else."""
    x, y = text.split(",")
    return int(x), int(y)


def space_name(space: Space) -> str:
    return f"{space[0]},{space[1]}"
