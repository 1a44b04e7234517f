"""The shape of the state: plain JSON-serialisable data, described as ``TypedDict`` s.

``State.data`` is a :class:`StateData`; ``to_json`` writes it as is (``FORMAT`` names
this layout). A space is ``[x, y]`` in the data (JSON has no tuples) and ``(x, y)`` in
the API. Decisions waiting for a player are frames on ``pending`` (the last is asked
first); every frame has a ``type`` and the ``player`` who decides (``None``: the rules
resolve it). The frames with most fields are described below; the others carry what
their rule needs beside ``type`` and ``player`` (see the handlers registered for them).

>>> from ahoy_nb.engine import new_game
>>> sorted(new_game(2, seed=1).data) == sorted(StateData.__required_keys__)
True
"""

from __future__ import annotations

from typing import Any, Literal, Optional, TypedDict

FORMAT = "ahoy-nb/1"

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


class MoveFrame(Frame, total=False):
    figure: str
    steps: int               # spaces left
    moved: int
    anchor: Optional[str]    # what anchoring offers: "patrol", "comrades", None


class FightFrame(Frame, total=False):
    attacker: str            # figure ids
    defender: str
    space: list[int]
    stage: str
    series: int              # index of the battle series frame
    fire: dict[str, int]     # Cannons bonus, by side
    bonus: dict[str, int]
    dice: dict[str, int]     # battle dice rolled, by side
    extra_damage: Optional[str]
    roll: Optional[list[list[int]]]
    winner: Optional[str]    # "attacker" / "defender" once decided


class VictoryFrame(Frame, total=False):
    winner: str
    loser: str
    space: list[int]
    fight: int


class _Always(TypedDict):
    format: str
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
