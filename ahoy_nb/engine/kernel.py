"""The decision kernel: a context over the state's data, the frame stack, the registries.

Nothing here knows a rule. The rules (``rules/``) and the cards (``cards/``) register:

* each kind of frame, once, with its fields (``frame``; ``extend`` for a field a card adds
  to another kind's frame): the one description of it that the loader checks saves against;
* for each frame type, an ``auto`` step that resolves what needs no decision, and a
  ``legal`` function listing the options of the player who must decide;
* named limits the cards raise (``limit``), for the ranges of frame fields;
* ``turn``: the options of a turn when no frame is pending;
* handlers on named hook points (:data:`HOOK_POINTS`), which the rules fire at the
  moments the cards' texts name ("when you anchor", "when you win a battle"...);
* battle-start offers (:data:`OFFERS`): things that happen "at the start of a battle"
  and may need their order chosen.

An option is ``(notation, handler, arguments)``; applying it calls
``handler(context, top_frame, *arguments)`` and then :meth:`Context.advance`.

>>> import ahoy_nb.engine  # the rules and cards declare their frames
>>> ctx = Context({"phase": "play", "pending": [], "turn": None})
>>> ctx.push({"type": "pilot", "player": "bluefin", "step": 0})["type"], ctx.deciding()
('pilot', 'bluefin')
>>> ctx.push({"type": "pilot", "player": "bluefin"})
Traceback (most recent call last):
...
ahoy_nb.engine.errors.EngineError: a pilot frame pushed as ['player', 'type'] is not as declared (['step']): an engine bug
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from .errors import EngineError
from .geometry import Map
from .schema import Field, typed_frame

Option = tuple[str, Callable, tuple]  # notation, handler, arguments

AUTO: dict[str, Callable[["Context", dict], bool]] = {}
LEGAL: dict[str, Callable[["Context", dict], list[Option]]] = {}
TURN: list[Callable[["Context"], list[Option]]] = []

# The moments cards attach to, each with the arguments its handlers get after the context.
HOOK_POINTS = {
    "turn options": "(faction) -> options a faction may take on its turn without a die",
    "crew die": "(faction, card, value) -> a die placed on a Crew card's slot",
    "cannons": "(faction) -> a die was placed on Cannons",
    "anchoring": "(faction, space info) -> a Flagship anchors",
    "repair": "(faction, amount) -> damage was repaired",
    "off-map step": "(figure, space) -> bool: the figure may step off the map here",
    "leaving the map": "(figure, step frame) -> bool: the card took over the step",
    "leaving a space": "(figure, step frame) -> a figure leaves a space",
    "terrain": "(figure, step frame) -> bool: the card took over the terrain's effect",
    "battle start": "(fight frame) -> a battle starts",
    "battle roll": "(fight frame) -> the battle dice were rolled",
    "battle won": "(fight frame, winner, loser) -> a battle was decided",
    "damage dealt": "(chooser, figure) -> a Flagship or Union ship took a damage on the slot "
                    "``chooser`` picked (its dealer, or its owner taking it)",
    "ship sunk": "(kind) -> a Union ship was destroyed",
    "die change": "(faction) -> (pips one gold turns a die by, card name) or None",
    "end of turn": "(faction) -> a turn ends",
}
HOOKS: dict[str, list[Callable]] = {point: [] for point in HOOK_POINTS}
# Battle-start offers, in the order they are offered: name -> (applies, resolve, title).
OFFERS: dict[str, tuple[Callable[["Context", dict], bool], Callable[["Context", dict], None],
                        str]] = {}


@dataclass
class FrameKind:
    """A kind of frame as declared: who decides it, its fields, its ``TypedDict``."""

    kind: str
    decides: bool            # a player decides it (else ``player`` is None: the rules resolve it)
    fields: dict[str, Field]
    typed: type
    what: str                # in words: "a battle"


FRAMES: dict[str, FrameKind] = {}
# Named limits that the cards raise: {"battle bonus": 41, ...} (see ``limit``).
LIMITS: dict[str, int] = {}


def frame(kind: str, *, decides: bool = True, what: str = "", **fields: Field) -> None:
    """Declare a kind of frame and its fields, once, where the code that pushes it is.

    ``decides``: a player is asked (``player`` names them); otherwise ``player`` is None and
    the frame's ``auto`` step resolves it. Every field is required unless declared with
    ``.opt``: ``frame("pilot", step=Below("step"))``. ``what``: the frame in words, for
    the loader's messages ("a battle"; by default "a pilot decision").
    """
    if kind in FRAMES:
        raise ValueError(f"the {kind!r} frame is declared twice")
    FRAMES[kind] = FrameKind(kind, decides, dict(fields), typed_frame(kind, fields),
                             what or f"a {kind} decision")


def extend(kind: str, **fields: Field) -> None:
    """Declare fields that a card adds to frames of another ``kind`` (always optional):
    ``extend("series", remote=FLAG)`` for Gunner's Mate's battles at a distance."""
    declared = FRAMES[kind]
    for name, spec in fields.items():
        spec = spec.opt
        if declared.fields.get(name, spec) != spec:
            raise ValueError(f"{kind}.{name} is already declared as {declared.fields[name]}")
        declared.fields[name] = spec
    declared.typed = typed_frame(kind, declared.fields)


def limit(name: str, more: int) -> None:
    """Raise a named limit by ``more``: a card that adds up to 1 to a battle roll says
    ``limit("battle bonus", 1)``; a field declared ``Int(0, "battle bonus")`` then allows it."""
    LIMITS[name] = LIMITS.get(name, 0) + more


def auto(kind: str) -> Callable:
    """Register the automatic step of frames of ``kind``: it returns whether it did anything."""
    def register(fn):
        AUTO[kind] = fn
        return fn
    return register


def legal(kind: str) -> Callable:
    """Register the options of the player who decides a frame of ``kind``."""
    def register(fn):
        LEGAL[kind] = fn
        return fn
    return register


def turn(fn: Callable) -> Callable:
    """Register the options of a turn (when no frame is pending)."""
    TURN.append(fn)
    return fn


def hook(point: str) -> Callable:
    """Register a handler on a hook point (handlers run in the order registered)."""
    if point not in HOOKS:
        raise KeyError(f"no hook point {point!r}; points: {', '.join(HOOK_POINTS)}")

    def register(fn):
        HOOKS[point].append(fn)
        return fn
    return register


def offer(name: str, applies: Callable, resolve: Callable, title: str) -> None:
    """Register something that may happen at the start of a battle (``title``: its name in
    events, when its order with another is chosen)."""
    OFFERS[name] = (applies, resolve, title)


def deciding(data: dict) -> str | None:
    """Who must decide in ``data``: the top frame's player, else the turn's, ``None`` at the end."""
    if data["phase"] == "over":
        return None
    pending = data["pending"]
    if pending:
        return pending[-1]["player"]
    turn = data["turn"]
    return turn["player"] if turn else None


# Frame shapes (type and keys in order) that push found as declared.
_DECLARED_SHAPES: set[tuple] = set()


class Context:
    """One data dict and what happened while one action (or the setup) was applied to it."""

    def __init__(self, data: dict):
        self.data = data
        self.events: list[tuple[str, str | None]] = []  # (text, only visible to)
        self.facts: list[dict] = []  # the same events as data, for programs (battle results)
        self._map_of: tuple | None = None  # (tiles list, its length, Map): tiles are only appended

    # -- events ---------------------------------------------------------
    def say(self, text: str, only: str | None = None) -> None:
        self.events.append((text, only))

    def fire(self, point: str, *args: Any) -> None:
        """Run the handlers on a hook point, in order."""
        for fn in HOOKS[point]:
            fn(self, *args)

    def collect(self, point: str, *args: Any) -> list:
        """Run the handlers on a hook point; their results, in order."""
        return [fn(self, *args) for fn in HOOKS[point]]

    def any(self, point: str, *args: Any) -> bool:
        """Run the handlers on a hook point until one returns true."""
        for fn in HOOKS[point]:
            if fn(self, *args):
                return True
        return False

    # -- lookups --------------------------------------------------------
    @property
    def map(self) -> Map:
        tiles = self.data["tiles"]
        cached = self._map_of
        if cached is None or cached[0] is not tiles or cached[1] != len(tiles):
            cached = self._map_of = (tiles, len(tiles), Map.of(tiles))
        return cached[2]

    def faction(self, f: str) -> dict:
        return self.data["factions"][f]

    def figure(self, fid: str) -> dict | None:
        for fig in self.data["figures"]:
            if fig["id"] == fid:
                return fig
        return None

    def figures_at(self, space) -> list[dict]:
        x, y = space
        return [f for f in self.data["figures"] if f["at"][0] == x and f["at"][1] == y]

    def turn_player(self) -> str | None:
        turn = self.data["turn"]
        return turn["player"] if turn else None

    # -- frames ---------------------------------------------------------
    def push(self, frame: dict) -> dict:
        """Put a decision on the stack. It must be a frame as its kind declares it (the
        loader checks saves against the same declaration): anything else is an engine bug."""
        shape = (frame.get("type"), *frame)
        if shape in _DECLARED_SHAPES:  # checked before: the check reads only the keys
            self.data["pending"].append(frame)
            return frame
        declared = FRAMES.get(frame.get("type"))
        unknown = declared is None or frame.keys() - declared.fields.keys() - {"type", "player"}
        if unknown or any(not spec.optional and key not in frame
                          for key, spec in declared.fields.items()):
            raise EngineError(f"a {frame.get('type')} frame pushed as {sorted(frame)} is not as "
                              f"declared ({sorted(declared.fields) if declared else 'no such kind'})"
                              f": an engine bug")
        # Declarations only gain optional fields (extend), so a shape once right stays right.
        _DECLARED_SHAPES.add(shape)
        self.data["pending"].append(frame)
        return frame

    def pop(self) -> dict:
        return self.data["pending"].pop()

    def top(self) -> dict | None:
        pending = self.data["pending"]
        return pending[-1] if pending else None

    def deciding(self) -> str | None:
        return deciding(self.data)

    def advance(self, most: int | None = None) -> None:
        """Resolve everything that needs no decision, until someone must decide; more than
        ``most`` automatic steps raise :class:`EngineError` (``limits.MOST_AUTO_STEPS``)."""
        steps = 0
        data = self.data
        while data["phase"] != "over":
            pending = data["pending"]
            if not pending:
                return
            top = pending[-1]
            step = AUTO.get(top["type"])
            if step is None or not step(self, top):
                return
            steps += 1
            if most is not None and steps > most:
                raise EngineError(f"the rules took more than {most} automatic steps without a "
                                  f"decision (now at a {top['type']} frame): an engine bug")

    def options(self) -> list[Option]:
        if self.data["phase"] == "over":
            return []
        pending = self.data["pending"]
        if not pending:
            if len(TURN) == 1:
                return TURN[0](self)
            return [o for fn in TURN for o in fn(self)]
        top = pending[-1]
        return LEGAL[top["type"]](self, top)
