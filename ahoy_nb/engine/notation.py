"""Ahoy notation: the one grammar of actions, and ``Action``.

An action is written as a verb and its arguments: ``sail 4``, ``cannons 3>5`` (a die
of 3 placed as a 5), ``move 3,2``, ``tile 4,0 r90``, ``order 1,1>2,1``, ``battle
patrol``, ``recruit gunner``. ``parse`` reads the verb and the arguments; the rules
list every legal action with its notation (``State.legal_actions``), and each
``Action`` carries both.

>>> parse("cannons 3>5")
('cannons', {'slot': 'cannons', 'die': 3, 'value': 5})
>>> parse("order 1,1>2,1")
('order', {'space': (1, 1), 'to': (2, 1)})
>>> a = Action("bluefin", "tile 4,0 r90")
>>> a.verb, dict(a.args)
('tile', {'space': (4, 0), 'rotation': 90})
>>> normalise("  Move   3,2 ")
'move 3,2'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType
from typing import Any, Callable, Mapping

from .geometry import parse_space
from .components import (ACTION_TITLES, BOARDS, CARD_KEYS, CARGO_KEYS, FACTION_NAMES,
                         SHIP_SLOTS)
from .errors import NotationError

SPACE = r"-?\d{1,4},-?\d{1,4}"  # no map reaches 10,000 spaces out
DIE = r"[1-6](>[1-6])?"
WORD = r"[a-z0-9-]+"  # a card, Cargo, slot, faction or option named by its key

# Each verb's shape, for the verbs whose arguments have one (a regular expression of the
# whole notation), and an example for error messages. Card modules add theirs with
# ``verb``.
SHAPES: dict[str, str] = {
    "start": rf"start {SPACE}", "move": rf"move {SPACE}", "deploy": rf"deploy {SPACE}",
    "inspire": rf"inspire {SPACE}", "stronghold": rf"stronghold {SPACE}",
    "wealth": rf"wealth {SPACE}", "tile": rf"tile {SPACE} r(0|90|180|270)",
    "order": rf"order {SPACE}>{SPACE}", "fire": r"fire [1-6]>[1-6]", "assemble": r"assemble \d",
    "spend": r"spend \d{1,4}", "reward": r"reward (up|down|left|right)",
    "pledge": r"pledge (bluefin|mollusk)",
}
# Board actions that are only ever die placements: "sail 4", "cannons 3>5" (cards/plans.py
# adds the Union ships' bare "sail" and "tailwind").
SHAPES.update({v: rf"{v} {DIE}" for v in
               ("sail", "tailwind", "cannons", "bombard", "rally", "fullsail", "negotiate")})
# The verbs that name a card, a Cargo, a slot or an option by its key, and those written alone.
SHAPES.update({
    "recruit": rf"recruit {WORD}( {DIE})?", "smuggle": rf"smuggle {WORD}",
    "deliver": rf"deliver {WORD}", "discard": rf"discard {WORD}",
    "victory": rf"victory {WORD}", "damage": rf"damage {WORD}", "repair": rf"repair {WORD}",
    "battle": rf"battle ({'|'.join(FACTION_NAMES)}|patrol|stronghold|cutter|gunship)",
    "harbor-cannons": rf"harbor-cannons {WORD}( [1-6])?",
})
SHAPES.update({v: v for v in (
    "end", "anchor", "hold", "done", "patrol", "no-patrol", "place-comrades", "ready-comrades",
    "no-comrades", "harbor-repair", "harbor-none", "no-reward", "add-tile", "flush", "keep",
    "stay")})
# A Crew card's key is also the word for a die placed on its own slot ("shipwright 3"); the
# Crew that act without a die give their verbs their own shapes (their blocks in cards/crew/).
SHAPES.update({key: rf"{key} {DIE}" for key in CARD_KEYS})
EXAMPLES: dict[str, str] = {
    "start": "start 0,0", "move": "move 3,1", "deploy": "deploy 2,1", "inspire": "inspire 3,2",
    "stronghold": "stronghold 0,0", "wealth": "wealth 3,2", "tile": "tile 4,0 r90",
    "order": "order 1,1>2,1", "fire": "fire 4>1", "assemble": "assemble 4",
    "spend": "spend 3", "reward": "reward up", "pledge": "pledge mollusk",
    "recruit": "recruit gunner", "smuggle": "smuggle wine", "deliver": "deliver wine",
    "discard": "discard wine", "battle": "battle patrol", "victory": "victory steal",
    "damage": "damage sail", "repair": "repair sail", "harbor-cannons": "harbor-cannons sail",
}
# Every verb of the base rules. Card modules add theirs with ``verb``.
VERBS: set[str] = {
    "start", "recruit", "smuggle", "deliver", "end", "move", "anchor", "tile", "battle", "fire",
    "hold", "victory", "damage", "repair", "done", "patrol", "no-patrol", "place-comrades",
    "ready-comrades", "no-comrades", "harbor-repair", "harbor-cannons", "harbor-none", "order",
    "deploy", "inspire", "assemble", "stronghold", "reward", "spend", "pledge", "discard",
    "wealth", "no-reward", "add-tile", "flush", "keep", "stay",
} | set(ACTION_TITLES) | set(CARD_KEYS)
# Words a die can be placed on: board actions, Crew cards with a slot, the Union ships.
SLOT_WORDS = frozenset(ACTION_TITLES) | frozenset(CARD_KEYS) | frozenset(SHIP_SLOTS)
PLACEMENT = re.compile(r"^([a-z'-]+) ([1-6])(?:>([1-6]))?$")

# Verbs whose one argument is a space.
SPACE_VERBS: set[str] = {"start", "move", "deploy", "inspire", "stronghold", "wealth"}
# Verbs whose one argument is a word: which key it fills.
WORD_ARGS: dict[str, str] = {
    "smuggle": "cargo", "deliver": "cargo", "discard": "cargo", "victory": "option",
    "reward": "option", "pledge": "faction", "damage": "slot", "repair": "slot",
}


# Verbs that read their own arguments (a card's): the words after the verb -> the
# arguments, or None when they are not that verb's (then the generic readings apply).
PARSERS: dict[str, Callable[[list[str]], dict[str, Any] | None]] = {}


def verb(name: str, shape: str | None = None, example: str | None = None,
         space: bool = False, word: str | None = None,
         parse: Callable[[list[str]], dict[str, Any] | None] | None = None) -> None:
    """Add a verb to the grammar (card modules call this for the verbs they bring).

    ``space``: its one argument is a space; ``word``: the key its one word argument fills;
    ``parse``: reads the arguments its shape gives (the words after the verb).
    """
    VERBS.add(name)
    if parse:
        PARSERS[name] = parse
    SHAPES[name] = shape or (rf"{name} {SPACE}" if space else rf"{name} {WORD}" if word else name)
    if example:
        EXAMPLES[name] = example
    if space:
        SPACE_VERBS.add(name)
    if word:
        WORD_ARGS[name] = word


def normalise(text: str) -> str:
    """Notation as the engine writes it: lower case, single spaces.

    >>> normalise("Sail  4")
    'sail 4'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is an Action or its notation, not {type(text).__name__}")
    return " ".join(text.lower().split())


def example(name: str) -> str:
    """How a verb is written, for error messages."""
    if name in EXAMPLES:
        return EXAMPLES[name]
    if SHAPES.get(name) == name:
        return name
    return f"{name} 3,1" if name in SPACE_VERBS else f"{name} 4"


def misread(text: str) -> str | None:
    """Why ``text`` is not Ahoy notation at all, or ``None`` if it reads as notation."""
    name = text.split(" ")[0]
    if name not in VERBS:
        return (f"Cannot read '{text}': '{name}' is not an Ahoy action "
                f"(see the notation in docs/engine.md)")
    shape = SHAPES.get(name)
    if shape and not re.fullmatch(shape, text) and not (name in ACTION_TITLES
                                                        and PLACEMENT.match(text)):
        return f"Cannot read '{text}': {name} is written like '{example(name)}'"
    return None


# The words an argument may be, by the key it fills: what each is, and the words known.
# Card modules add theirs with ``known`` (the plans' names).
KNOWN: dict[str, tuple[str, set[str]]] = {
    "card": ("a Crew card", set(CARD_KEYS)),
    "cards": ("a Crew card", set(CARD_KEYS)),
    "cargo": ("a Cargo", set(CARGO_KEYS)),
    "faction": ("a faction", set(FACTION_NAMES)),
    "defender": ("a figure to battle", set(FACTION_NAMES)),
    "slot": ("a die slot", {spec["key"] for board in BOARDS.values() for spec in board}
             | set(CARD_KEYS) | set(SHIP_SLOTS)
             | {spec["key"] for ship in SHIP_SLOTS.values() for spec in ship}),
}


def known(key: str, what: str, words) -> None:
    """Add words an argument ``key`` may be (``what`` says what they are, for errors)."""
    KNOWN.setdefault(key, (what, set()))[1].update(words)


def read(text: Any) -> tuple[str, dict[str, Any]]:
    """The verb and arguments of ``text`` if it is Ahoy notation with every word known;
    else :class:`NotationError` naming the word (whether it is legal now is another question).

    >>> read("recruit gunner")
    ('recruit', {'card': 'gunner'})
    >>> read('tile "><script>')
    Traceback (most recent call last):
    ...
    ahoy_nb.engine.errors.NotationError: Cannot read 'tile "><script>': tile is written like 'tile 4,0 r90'
    >>> read("smuggle kraken")
    Traceback (most recent call last):
    ...
    ahoy_nb.engine.errors.NotationError: Cannot read 'smuggle kraken': 'kraken' is not a Cargo
    """
    text = normalise(text)
    if not text:
        raise NotationError("Cannot read '': an action is a verb and its words, like 'sail 4'")
    why = misread(text)
    if why:
        raise NotationError(why)
    name, args = parse(text)
    for key, value in args.items():
        what, words = KNOWN.get(key, (None, None))
        for word in (value if key == "cards" else (value,)) if words is not None else ():
            if word not in words:
                raise NotationError(f"Cannot read '{text}': '{word}' is not {what}")
    return name, args


def _die(word: str) -> dict[str, int] | None:
    if re.fullmatch(DIE, word):
        die, _, value = word.partition(">")
        return {"die": int(die), "value": int(value or die)}
    return None


def _space(word: str) -> tuple[int, int] | None:
    if re.fullmatch(SPACE, word):
        return parse_space(word)
    return None


def space_pair(word: str) -> dict[str, Any]:
    """``a>b``, two spaces: ``{"space": a, "to": b}`` (empty if either is not a space)."""
    a, _, b = word.partition(">")
    return {"space": parse_space(a), "to": parse_space(b)} if _space(a) and _space(b) else {}


@lru_cache(maxsize=4096)
def _parse(text: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    name, *rest = text.split(" ")
    args: dict[str, Any] = {}
    first = rest[0] if rest else ""
    if len(rest) == 1 and name in SLOT_WORDS and (die := _die(first)):
        args = {"slot": name, **die}
    elif name == "fire" and (die := _die(first)):
        args = die
    elif name == "recruit" and rest:
        args["card"] = first
        if len(rest) == 2 and (die := _die(rest[1])):
            args.update(die)
    elif name in PARSERS and (own := PARSERS[name](rest)) is not None:
        args = own  # a card's verb, as its card reads it
    elif name == "order" and rest and ">" in first:
        args = space_pair(first)
    elif name == "tile" and len(rest) == 2 and _space(first) and re.fullmatch(r"r\d{1,3}", rest[1]):
        args = {"space": parse_space(first), "rotation": int(rest[1][1:])}
    elif name == "relocate" and len(rest) == 2 and _space(first) and rest[1].isdigit() and len(rest[1]) <= 4:
        args = {"space": parse_space(first), "count": int(rest[1])}
    elif name in ("spend", "assemble") and len(rest) == 1 and first.isdigit() and len(first) <= 4:
        args = {"count": int(first)}
    elif name == "harbor-cannons" and rest:
        args["slot"] = first
        if len(rest) == 2 and rest[1].isdigit() and len(rest[1]) <= 4:
            args["value"] = int(rest[1])
    elif name == "play" and len(rest) == 1:
        args = {"plan": first}
    elif name == "battle" and len(rest) == 1 and first in FACTION_NAMES:
        args = {"defender": first}  # a Flagship's figure id is its faction
    elif name.endswith("-first"):
        args = {"option": name[:-len("-first")]}
    elif name in SPACE_VERBS and rest and (space := _space(first)):
        args = {"space": space}
    elif name in WORD_ARGS and len(rest) == 1:
        args = {WORD_ARGS[name]: first}
    return name, tuple(args.items())


def parse(text: str) -> tuple[str, dict[str, Any]]:
    """The verb and the arguments that the notation itself states.

    Arguments that only the position can tell (the gold a die change costs, the figure
    ``battle patrol`` means) are added by ``State.legal_actions`` to its actions.

    >>> parse("recruit gunner 3>4")
    ('recruit', {'card': 'gunner', 'die': 3, 'value': 4})
    >>> parse("end")
    ('end', {})
    """
    name, args = _parse(text)
    return name, dict(args)


Facts = Callable[..., Mapping[str, Any]]


def facts(describe: Facts, replace: bool = False) -> Callable:
    """Mark a rules handler with the arguments its notation cannot tell.

    ``describe`` takes the handler's own arguments and returns keys for ``Action.args``
    (``{"gold": cost}`` for a die placement, ``{"defender": figure_id}`` for a battle).
    ``replace``: they are all the arguments (``assemble 3`` names a count of Comrades
    there, not a die).
    """
    def mark(fn):
        fn.facts = describe
        fn.facts_replace = replace
        return fn
    return mark


@dataclass(frozen=True)
class Action:
    """A choice of one player, named by its notation.

    ``verb`` and ``args`` give the same choice as data: ``args`` holds the keys that
    apply of ``space``, ``to``, ``slot``, ``die``, ``value``, ``gold``, ``card``,
    ``cards``, ``cargo``, ``plan``, ``defender``, ``faction``, ``rotation``, ``option``,
    ``count`` and ``pay``. An action from ``State.legal_actions()`` also knows what its
    notation cannot tell (``gold`` spent on a die, the ``defender``'s figure id).

    >>> Action("bluefin", "sail 4")
    Action('sail 4')
    >>> dict(Action("bluefin", "sail 4>2").args)
    {'slot': 'sail', 'die': 4, 'value': 2}
    """

    player: str
    notation: str
    # The rules handler and its arguments that the action was listed with.
    source: tuple | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Action({self.notation!r})"

    @property
    def verb(self) -> str:
        """The first word of the notation: ``sail``, ``move``, ``fire``..."""
        return self.notation.split(" ", 1)[0]

    @property
    def args(self) -> Mapping[str, Any]:
        """The action's arguments as data (read-only)."""
        cached = self.__dict__.get("_args")
        if cached is None:
            _, args = parse(self.notation)
            if self.source is not None:
                fn, fn_args = self.source
                describe = getattr(fn, "facts", None)
                if describe is not None:
                    if fn.facts_replace:
                        args = {}
                    args.update(describe(*fn_args))
            if args.get("die") is not None and args.get("die") == args.get("value"):
                args.setdefault("gold", 0)
            cached = self.__dict__["_args"] = MappingProxyType(args)
        return cached
