"""Read-only views of a position, in the game's words, for analysts, tests and front ends.

Each view is a frozen snapshot: it does not change when the game moves on, and changing
it changes nothing. Reach them through :class:`~ahoy_nb.engine.State`::

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(3, seed=7)
    >>> s.faction("bluefin").gold, s.faction("mollusk").ready_comrades
    (1, 6)
    >>> s.market.deck_size, s.supplies.patrols, s.supplies.tiles
    (21, 10, 9)
    >>> s.decision.kind, s.decision.player
    ('setup-bluefin', 'bluefin')

Hidden information is kept as :meth:`State.view` keeps it, by the one list of secrets in
:mod:`~ahoy_nb.engine.observe`: a fact is asked *as* someone (``viewer``; ``None`` is a
spectator). A faction's plan hand and pledges are seen only by their owner, and the choices
offered only by the player deciding; asking for them as anyone else raises
:class:`HiddenInformationError`::

    >>> s.faction("mollusk").plans  # as the Mollusk Union itself
    ('cutter', 'enlist')
    >>> s.faction("mollusk", viewer="bluefin").plan_count
    2
    >>> s.faction("mollusk", viewer="bluefin").plans
    Traceback (most recent call last):
    ...
    ahoy_nb.engine.views.HiddenInformationError: the Mollusk's plan hand is hidden from Bluefin
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Mapping

from . import observe
from .geometry import Space, space_name
from .components import (CARD_KEYS, CARGO_KEYS, FACTION_NAMES, PLAN_KEYS, REWARD_TEXT, REWARDS,
                         SHIP_SLOTS)
from .rules import Play, board_kind, control, controller


class HiddenInformationError(ValueError):
    """A fact of the game that the viewer may not see (a plan hand, pledges, choices)."""


OWNER = "owner"
"""The default viewer of :meth:`State.faction`: the faction itself."""


def _who(viewer: str | None) -> str:
    return "a spectator" if viewer is None else FACTION_NAMES.get(viewer, repr(viewer))


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Slot:
    """One die slot: a player board's, a Crew card's, or the Cutter's or Gunship's.

    ``key`` names it in notation (``sail``, ``cannons5``, ``gunner``, ``gunship4``); ``need``
    is the value it accepts (``None``: any, ``"even"``, or a tuple of values); ``dashed``
    slots cannot take damage.
    """

    key: str
    action: str
    need: object
    dashed: bool
    die: int | None
    damage: bool


@dataclass(frozen=True)
class Figure:
    """A figure on the map: a Flagship (its id is its faction), Patrol, Stronghold, Cutter or
    Gunship. ``loaded``: its Cannons are loaded (a die on its owner's Cannons; Strongholds and
    the Gunship always, the Cutter never)."""

    id: str
    kind: str
    owner: str
    at: Space
    loaded: bool


@dataclass(frozen=True)
class RewardMarkers:
    """A Smuggler's reward markers on the Rewards grid, as ``(row, column)``."""

    white: tuple[int, int]
    black: tuple[int, int]

    @property
    def reward(self) -> str:
        """The reward under the white marker, in words.

        >>> RewardMarkers((0, 4), (1, 4)).reward
        '4 Fame and increase a wealth die by 1'
        """
        kind, n = REWARDS[self.white[0]][self.white[1]]
        return REWARD_TEXT[kind].format(n=n)


@dataclass(frozen=True)
class Faction:
    """One faction's facts, as ``viewer`` may see them.

    Smuggler-only facts (Cargo, reward markers) and Mollusk-only facts (Ready Comrades,
    plans, ships) are empty or ``None`` for the others. ``plans`` and ``pledges`` raise
    :class:`HiddenInformationError` unless ``viewer`` is this faction.

    >>> from ahoy_nb.engine import scenario
    >>> s = scenario(3, turn="smuggler1", crew={"smuggler1": ["gunner"]},
    ...              cargo={"smuggler1": ["wine"]}, placed={"smuggler1": {"cannons": 4}},
    ...              damage={"smuggler1": ["sail"]})
    >>> me = s.faction("smuggler1")
    >>> me.crew, me.cargo, me.placed, me.damaged, me.cannons_loaded
    (('gunner',), ('wine',), {'cannons': (4,)}, ('sail',), True)
    >>> len(me.dice)  # the die on Cannons came off the four rolled
    3
    """

    name: str
    title: str
    viewer: str | None
    gold: int
    fame: int
    dice: tuple[int, ...]
    aside: tuple[int, ...]
    slots: tuple[Slot, ...]
    crew: tuple[str, ...]
    cargo: tuple[str, ...]
    delivered: tuple[str, ...]
    reward_markers: RewardMarkers | None
    ready_comrades: int | None
    plan_count: int
    plan_deck_size: int
    plan_discard: tuple[str, ...]
    ships: Mapping[str, Space]
    flagship: Space | None
    cannons_loaded: bool
    _plans: tuple[str, ...] = field(repr=False, compare=False, default=())
    _pledges: Mapping[str, tuple[str, ...]] = field(repr=False, compare=False,
                                                    default_factory=dict)

    @property
    def kind(self) -> str:
        """Its player board: ``bluefin``, ``mollusk`` or ``smuggler``."""
        return board_kind(self.name)

    @property
    def plans(self) -> tuple[str, ...]:
        """The Mollusk's plan hand (plan keys, like ``secret-weapon``), for the Mollusk only
        (the other factions hold no plans: ``()``)."""
        if self.name == "mollusk" and not observe.may_see(self.viewer, "hand"):
            self._hidden("plan hand is")
        return self._plans

    @property
    def pledges(self) -> Mapping[str, tuple[str, ...]]:
        """A Smuggler's delivered Cargo under each pledge marker (``bluefin``, ``mollusk``),
        for that Smuggler only."""
        if not observe.may_see(self.viewer, observe.PLEDGES, self.name):
            self._hidden("pledges are")
        return self._pledges

    @property
    def damaged(self) -> tuple[str, ...]:
        """Keys of its slots with a damage token."""
        return tuple(sorted({s.key for s in self.slots if s.damage}))

    @property
    def placed(self) -> dict[str, tuple[int, ...]]:
        """Dice on its slots: slot key -> values."""
        out: dict[str, tuple[int, ...]] = {}
        for s in self.slots:
            if s.die is not None:
                out[s.key] = out.get(s.key, ()) + (s.die,)
        return out

    def _hidden(self, what: str) -> None:
        owner = "the Mollusk's" if self.name == "mollusk" else f"{self.title}'s"
        raise HiddenInformationError(f"{owner} {what} hidden from {_who(self.viewer)}")


@dataclass(frozen=True)
class Region:
    """A region: its tile, Island, suit, wealth die, figures, Comrades and control."""

    index: int
    tile: int
    island: Space
    suit: str
    wealth: int
    spaces: tuple[Space, ...]
    figures: tuple[Figure, ...]
    comrades: int
    control: Mapping[str, int]
    controller: str | None


@dataclass(frozen=True)
class SpaceView:
    """A space of the map: its terrain as printed and turned, and what is there."""

    at: Space
    region: int
    terrain: str
    tailwind: int | None
    treasure: int
    current: Space | None
    suit: str
    figures: tuple[Figure, ...]
    comrades: int


@dataclass(frozen=True)
class Market:
    """The Market: the face-up row (Crew keys, and the same cards' Cargo), the deck's size,
    and the cards returned to the box (the Market's discard; public)."""

    row: tuple[str, ...]
    cargo: tuple[str, ...]
    deck_size: int
    box: tuple[str, ...]


@dataclass(frozen=True)
class Supplies:
    """Pieces not in play: Patrols, Strongholds and Comrades in their supplies, the gold bank,
    the region tiles left in the stack and those in the box (unseen)."""

    patrols: int
    strongholds: int
    comrades: int
    gold: int
    tiles: int
    tiles_boxed: int


@dataclass(frozen=True)
class Turn:
    """The turn in progress: whose, dice placed and to place, Crew used once this turn."""

    player: str
    placed: int
    quota: int
    once: tuple[str, ...]


@dataclass(frozen=True)
class Battle:
    """A battle being fought: the figures, the step it is at (``start``, ``offers``,
    ``attacker-fire``, ``defender-fire``, ``roll``, ``victory``, ``end``), each side's
    battle dice, what each side added by firing and by bonuses, the roll once made, and
    the winning side (``attacker`` or ``defender``)."""

    attacker: str
    defender: str
    space: Space
    stage: str
    dice: Mapping[str, int]
    fire: Mapping[str, int]
    bonus: Mapping[str, int]
    roll: tuple[tuple[int, ...], tuple[int, ...]] | None
    winner: str | None


@dataclass(frozen=True)
class Decision:
    """The decision the game waits for: its ``kind`` (``turn`` when the turn player may take
    any action, else the step asked, like ``fire``, ``damage``, ``reward``), who decides, the
    question in words, the figure it is about, and the kinds of the decisions that come
    after it, in order. ``details`` holds the step's other facts (a move's ``steps``...).

    ``offered`` is the list of choices, seen only by the player deciding (it can reveal a
    plan hand); asked as anyone else it raises :class:`HiddenInformationError`.
    """

    kind: str
    player: str
    prompt: str
    figure: str | None
    waiting: tuple[str, ...]
    details: Mapping[str, object]
    viewer: str | None
    _offered: tuple[str, ...] = field(repr=False, compare=False, default=())

    @property
    def offered(self) -> tuple[str, ...]:
        if not observe.may_see(self.viewer, observe.CHOICES, self.player):
            raise HiddenInformationError(f"the choices offered to {_who(self.player)} are hidden "
                                         f"from {_who(self.viewer)}")
        return self._offered


# -- building the views from a state's data ------------------------------------------

def figure_view(g: Play, fig: dict) -> Figure:
    return Figure(fig["id"], fig["kind"], fig["owner"], tuple(fig["at"]), g.loaded(fig))


def faction_view(state, f: str, viewer) -> Faction:
    data = state.data
    if f not in data["factions"]:
        raise ValueError(f"{f!r} is not playing; the factions are {', '.join(data['players'])}")
    if viewer is OWNER:
        viewer = f
    observe.check_viewer(data, viewer)
    g = Play(data)
    fs = data["factions"][f]
    slots = tuple(Slot(key, spec["action"], spec["need"], spec["dashed"], slot["die"], slot["damage"])
                  for key, spec, slot in g.slot_list(f, with_ships=True))
    pledged = fs.get("pledged") or {"bluefin": [], "mollusk": []}
    markers = (RewardMarkers(tuple(fs["white"]), tuple(fs["black"])) if "white" in fs else None)
    ships = {fig["kind"]: tuple(fig["at"]) for fig in data["figures"] if fig["kind"] in SHIP_SLOTS}
    flagship = next((fig for fig in data["figures"]
                     if fig["kind"] == "flagship" and fig["owner"] == f), None)
    return Faction(
        name=f, title=FACTION_NAMES[f], viewer=viewer, gold=fs["gold"], fame=fs["fame"],
        dice=tuple(fs["dice"]), aside=tuple(fs["aside"]), slots=slots,
        crew=tuple(CARD_KEYS[m["card"]] for m in fs["crew"]),
        cargo=tuple(CARGO_KEYS[c] for c in fs.get("cargo", [])),
        delivered=tuple(sorted(CARGO_KEYS[c] for c in pledged["bluefin"] + pledged["mollusk"])),
        reward_markers=markers, ready_comrades=fs.get("ready"),
        plan_count=len(fs.get("hand", [])), plan_deck_size=len(fs.get("plan_deck", [])),
        plan_discard=tuple(PLAN_KEYS[p] for p in fs.get("discard", [])),
        ships=_frozen(ships if f == "mollusk" else {}),
        flagship=tuple(flagship["at"]) if flagship else None,
        cannons_loaded=g.loaded({"kind": "flagship", "owner": f}),
        _plans=tuple(PLAN_KEYS[p] for p in fs.get("hand", [])),
        _pledges=_frozen({to: tuple(CARGO_KEYS[c] for c in cards) for to, cards in pledged.items()}
                         if "pledged" in fs else {}))


def region_views(state) -> tuple[Region, ...]:
    data = state.data
    g = Play(data)
    m = g.map
    out = []
    for r, tile in enumerate(data["tiles"]):
        island = m.island_of_region(r)
        out.append(Region(r, tile["tile"], island, m.spaces[island].suit, tile["wealth"],
                          tuple(m.region_spaces[r]),
                          tuple(figure_view(g, fig) for fig in g.region_figures(r)),
                          g.comrades(island), _frozen(control(g, r)), controller(g, r)))
    return tuple(out)


def space_view(state, space: Space) -> SpaceView:
    g = Play(state.data)
    info = g.map.spaces.get(space)
    if info is None:
        raise ValueError(f"{space_name(space)} is not on the map")
    return SpaceView(space, info.region, info.terrain, info.tailwind, info.gold, info.current,
                     info.suit, tuple(figure_view(g, fig) for fig in g.figures_at(space)),
                     g.comrades(space) if info.is_island else 0)


def market_view(state) -> Market:
    data = state.data
    return Market(tuple(CARD_KEYS[c] for c in data["market"]),
                  tuple(CARGO_KEYS[c] for c in data["market"]), len(data["market_deck"]),
                  tuple(CARD_KEYS[c] for c in data["market_box"]))


def supplies_view(state) -> Supplies:
    g = Play(state.data)
    return Supplies(g.patrol_supply(), g.stronghold_supply(), g.comrade_supply(), g.gold_bank(),
                    len(state.data["tile_stack"]), len(state.data["tile_box"]))


def turn_view(state) -> Turn | None:
    turn = state.data["turn"]
    if not turn:
        return None
    return Turn(turn["player"], turn["placed"], turn["quota"], tuple(turn.get("once", ())))


def battle_view(state) -> Battle | None:
    fight = next((p for p in reversed(state.data["pending"]) if p["type"] == "fight"), None)
    if fight is None:
        return None
    roll = tuple(tuple(side) for side in fight["roll"]) if fight["roll"] else None
    return Battle(fight["attacker"], fight["defender"], tuple(fight["space"]), fight["stage"],
                  _frozen(fight["dice"]), _frozen(fight["fire"]), _frozen(fight["bonus"]), roll, fight["winner"])


_NOT_DETAILS = {"type", "player", "figure", "fight", "series", "parent"}  # indexes into the stack


def decision_view(state, viewer) -> Decision | None:
    player = state.current_player
    if player is None:
        return None
    if viewer is OWNER:
        viewer = player
    pending = state.data["pending"]
    top = pending[-1] if pending else None
    kind = top["type"] if top else "turn"
    waiting = tuple(p["type"] for p in reversed(pending[:-1]) if p.get("player"))
    details = {k: v for k, v in (top or {}).items() if k not in _NOT_DETAILS}
    offered = (tuple(str(a) for a in state.legal_actions())
               if observe.may_see(viewer, observe.CHOICES, player) else ())
    return Decision(kind, player, state.prompt, top.get("figure") if top else None, waiting,
                    _frozen(_plain(details)), viewer, offered)


def _plain(value):
    """Frame values as read-only data: lists become tuples, dicts read-only mappings."""
    if isinstance(value, list):
        return tuple(_plain(v) for v in value)
    if isinstance(value, dict):
        return MappingProxyType({k: _plain(v) for k, v in value.items()})
    return value
