"""The shape of the state: plain JSON-serialisable data, described as ``TypedDict`` s.

``State.data`` is a :class:`StateData`; ``to_json`` writes it as is (``FORMAT`` names
this layout). A space is ``[x, y]`` in the data (JSON has no tuples) and ``(x, y)`` in
the API. Decisions waiting for a player are frames on ``pending`` (the last is asked
first); every frame has a ``type`` and the ``player`` who decides (``None``: the rules
resolve it).

Each kind of frame is declared once, where the code that pushes it is (the rules, or the
card that adds the decision), with ``kernel.frame(kind, field=Field, ...)``; a card that
adds a field to another kind's frame declares it with ``kernel.extend``. The field types
are the small vocabulary below (:class:`Int`, :class:`FigureId`, :class:`Below`...): the
loader checks a saved frame against its declaration (``validate.py``), and
:func:`typed_frame` makes the declaration's ``TypedDict`` (``kernel.FRAMES[kind].typed``).

>>> from ahoy_nb.engine import new_game
>>> sorted(new_game(2, seed=1).data) == sorted(StateData.__required_keys__)
True
>>> from ahoy_nb.engine.kernel import FRAMES
>>> FRAMES["barrelman"].typed.__annotations__["step"]
<class 'int'>
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal, Optional, TypedDict

FORMAT = "ahoy-nb/1"

#: Editions of the rules: where the engine changed how it reads a rule (docs/rulings.md).
#: A game keeps the edition it began under (``State.data["rules"]``), so a save or a
#: recorded game replays as it was played; a new game follows :data:`RULES`.
RULES_EDITIONS = {
    1: "Assemble places up to 4 Ready Comrades, as many as the player chooses "
       "(the printed board's words)",
    2: "Assemble places 4 Ready Comrades, or all of them when fewer are left "
       "(the rulebook's words)",
}
RULES = max(RULES_EDITIONS)

Faction = Literal["bluefin", "mollusk", "smuggler1", "smuggler2"]


class Tile(TypedDict):
    tile: int        # index into components.TILES
    x: int           # top-left space of its 2x2 block
    y: int
    rot: int         # 0, 90, 180, 270 degrees clockwise
    wealth: int      # the region's wealth die


class Figure(TypedDict):
    id: str          # a Flagship's id is its faction; "patrol-3", "stronghold-1", "cutter", ...
    kind: str        # flagship, patrol, stronghold, cutter, gunship
    owner: Faction
    at: list[int]


class Slot(TypedDict):
    die: Optional[int]
    damage: bool


class CrewMember(TypedDict):
    card: int        # index into components.MARKET_CARDS
    die: Optional[int]
    damage: bool


class FactionData(TypedDict, total=False):
    gold: int
    fame: int
    dice: list[int]          # unplaced action dice
    aside: list[int]         # dice set aside this round
    slots: list[Slot]        # the player board, in printed order
    crew: list[CrewMember]
    # Mollusk Union
    ready: int
    hand: list[int]          # plan cards (secret)
    plan_deck: list[int]
    discard: list[int]
    ships: dict[str, Any]    # "cutter"/"gunship": {"slots": [Slot, ...]}
    # Smugglers
    cargo: list[int]
    pledged: dict[str, list[int]]   # secret: Cargo delivered, by the faction it scores for
    white: list[int]         # reward markers: (row, column)
    black: list[int]


class Turn(TypedDict):
    player: Faction
    placed: int              # dice placed this turn
    quota: int               # dice to place (2, fewer when fewer are left)
    once: list[str]          # once-per-turn Crew actions already used


class Frame(TypedDict, total=False):
    type: str
    player: Optional[Faction]


# -- the fields of frames: what a value is, for the loader and for the types ---------------

@dataclass(frozen=True)
class Field:
    """The type of one field of a frame; ``optional``: the field may be missing (a rule
    adds it later). Use ``FLAG.opt`` for an optional copy."""

    optional: bool = field(default=False, kw_only=True)

    python: ClassVar[Any] = Any  # the Python type of the value (see typed_frame)

    @property
    def opt(self) -> "Field":
        return replace(self, optional=True)

    def python_type(self) -> Any:
        return self.python


@dataclass(frozen=True)
class Int(Field):
    """A whole number from ``low`` to ``high``; ``high`` may name a limit that the cards
    raise (``kernel.limit("battle bonus", 1)``)."""

    low: int = 0
    high: int | str = 0
    python: ClassVar[Any] = int


@dataclass(frozen=True)
class Flag(Field):
    python: ClassVar[Any] = bool


@dataclass(frozen=True)
class Text(Field):
    """Words for the log (at most ``most`` characters)."""

    most: int = 200
    python: ClassVar[Any] = str


@dataclass(frozen=True)
class OneOf(Field):
    """One of these words."""

    values: tuple = ()
    python: ClassVar[Any] = str

    def python_type(self) -> Any:
        return Literal[self.values]  # type: ignore[valid-type]


def one_of(*values: str) -> OneOf:
    return OneOf(tuple(values))


@dataclass(frozen=True)
class Player(Field):
    """A player of this game."""

    python: ClassVar[Any] = Faction


@dataclass(frozen=True)
class FigureId(Field):
    """A figure's id. It may have left the map (a Patrol sunk while a decision above waits:
    its frame ends when it is reached), but ``asked``: not while this frame is the decision
    being asked."""

    asked: bool = False
    python: ClassVar[Any] = str


@dataclass(frozen=True)
class Space(Field):
    """``[x, y]``; ``on_map``: a space of the map (else within its reach, as where a figure
    explores)."""

    on_map: bool = True
    python: ClassVar[Any] = list[int]


@dataclass(frozen=True)
class Below(Field):
    """The index of a frame of ``kind`` lower on the stack."""

    kind: str = ""
    python: ClassVar[Any] = int


@dataclass(frozen=True)
class Card(Field):
    """A Market card (index into ``components.MARKET_CARDS``)."""

    python: ClassVar[Any] = int


@dataclass(frozen=True)
class TileId(Field):
    """A region tile (index into ``components.TILES``) being placed: it is in this frame,
    not in the stack or on the map."""

    python: ClassVar[Any] = int


@dataclass(frozen=True)
class Region(Field):
    """A region of the map (index into ``tiles``)."""

    python: ClassVar[Any] = int


@dataclass(frozen=True)
class Die(Field):
    """A die face, 1 to 6."""

    python: ClassVar[Any] = int


@dataclass(frozen=True)
class Offer(Field):
    """The name of a battle-start offer (``kernel.OFFERS``)."""

    python: ClassVar[Any] = str


@dataclass(frozen=True)
class Maybe(Field):
    """``inner`` or ``None``."""

    inner: Field = Field()

    def python_type(self) -> Any:
        return Optional[self.inner.python_type()]


@dataclass(frozen=True)
class ListOf(Field):
    item: Field = Field()
    most: int = 64
    least: int = 0

    def python_type(self) -> Any:
        return list[self.item.python_type()]


@dataclass(frozen=True)
class Sides(Field):
    """``{"attacker": item, "defender": item}``; ``partial``: either side may be missing."""

    item: Field = Field()
    partial: bool = False
    keys: tuple = ("attacker", "defender")

    def python_type(self) -> Any:
        return dict[str, self.item.python_type()]


FLAG = Flag()


def typed_frame(kind: str, fields: dict[str, Field]) -> type:
    """The ``TypedDict`` of a frame kind's declaration: ``type``, ``player`` and its fields.

    >>> typed_frame("patrol", {"space": Space()}).__annotations__["space"]
    list[int]
    """
    name = "".join(part.title() for part in kind.split("-")) + "Frame"
    return TypedDict(name, {"type": str, "player": Optional[Faction],
                            **{k: f.python_type() for k, f in fields.items()}}, total=False)


class _Always(TypedDict):
    format: str
    rules: int               # the edition of the rules (RULES_EDITIONS)
    players: list[Faction]
    seed: int                # secret, like rng and fixed
    rng: int                 # the generator's state (chance.py)
    fixed: dict[str, list]   # outcomes fixed in advance, by kind of random event
    phase: str               # setup, play, over
    round: int
    first: Faction
    turn: Optional[Turn]
    tiles: list[Tile]
    tile_stack: list[int]
    tile_box: list[int]
    figures: list[Figure]
    comrades: dict[str, int]         # "x,y" -> Comrades on that Island
    market: list[int]
    market_deck: list[int]
    market_box: list[int]
    factions: dict[str, FactionData]
    pending: list[Frame]
    winners: list[Faction]


class StateData(_Always, total=False):
    conceded: Faction        # only once a player conceded (rules/conceding.py)
