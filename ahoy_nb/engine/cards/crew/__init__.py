"""The Crew cards: one module per card, each declaring one :class:`Crew` record.

A card's module (``sea_dog.py`` for the card whose key is ``sea-dog``) is the only
place that names it besides its printed data in ``components.MARKET_CARDS`` and its
tests. Its record says everything the card adds to the game:

* ``verbs``: its words of notation (:class:`Verb`: shape, example, plain words, tip);
* ``frames``: the decisions it adds (:class:`Decision`: the declared fields the loader
  checks a saved frame against, its prompt, its ``legal`` and ``auto`` steps), and
  ``extends``: fields it adds to the rules' own frames;
* ``hooks``: ``{hook point: handler}``, run when the rules ``fire`` that point
  (``kernel.HOOK_POINTS``); a ``"crew die"`` handler runs for a die on its own slot only;
* for an action on your turn without a die: ``options`` and ``refusal``, the one
  function that says why it cannot be taken now (the options are offered only when
  it says nothing, and ``explain`` quotes it), and ``hint``, how it is written;
* ``tip``: a short explanation shown beside the board (in the project's own words);
* ``limits`` and ``offers`` it raises or adds in battle; ``order``: when several Crew
  act at the same moment, the lower acts first (a fixed order, so games replay).

The rules, ``explain``, the notation, the tips and the adapters find cards only through
:data:`CREW` (and :func:`by_verb`). Importing this package loads every card module and
registers each record with the kernel, in ``order``.

>>> from ahoy_nb.engine.components import MARKET_CARDS
>>> len(CREW) == len({card["slug"] for card in MARKET_CARDS})
True
>>> CREW[MARKET_CARDS[0]["slug"]].name
'Aeronauts'
>>> by_verb("no-" + MARKET_CARDS[4]["slug"]).name     # declining its offer
'Sea Witch'
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ... import kernel, notation, words
from ...components import CARD_KEYS, MARKET_CARDS
from ...schema import Field
from ...rules import Play
from .common import COMMON_PROMPTS, has


@dataclass(frozen=True)
class Verb:
    """A word of notation a card brings.

    ``shape``: a regular expression of the whole notation, when it is neither a space
    nor the bare verb (``space``: its one argument is a space); ``example``: how it is
    written, for error messages; ``parse``: the arguments its words give that the
    shape alone cannot (``(words after the verb) -> dict | None``); ``words``: the
    action in plain words (a template or ``(state, args) -> str``, engine/words.py);
    ``done``: what ``done`` means at the decision of this name; ``tip``: a short
    explanation, when the verb is not the card's key (whose tip is the card's).
    ``actions``: its families of the adapters' fixed numbering, each ``(number,
    argument domains)`` (``adapters/actions.py`` names the domains; the number is the
    family's place in the published numbering, so that ids stay when cards are added).
    """

    name: str
    words: str | Callable | None = None
    shape: str | None = None
    example: str | None = None
    space: bool = False
    parse: Callable[[list[str]], dict | None] | None = None
    done: str | None = None
    tip: str | None = None
    actions: tuple[tuple[int, tuple[Any, ...]], ...] = ()


@dataclass(frozen=True)
class Decision:
    """A kind of frame a card adds: its declared fields (``kernel.frame``), what its
    player is asked (``prompt``; ``{figure}`` is filled in), its ``legal`` options and
    its ``auto`` step. ``decides``: a player is asked (else the rules resolve it)."""

    fields: Mapping[str, Field] = field(default_factory=dict)
    prompt: str | None = None
    legal: Callable | None = None
    auto: Callable | None = None
    decides: bool = True


@dataclass(frozen=True)
class Crew:
    """One Crew card's record: everything the card adds, declared in its own module."""

    key: str                      # the card's key in components.MARKET_CARDS ("slug")
    tip: str
    verbs: tuple[Verb, ...] = ()
    frames: Mapping[str, Decision] = field(default_factory=dict)
    extends: Mapping[str, Mapping[str, Field]] = field(default_factory=dict)
    hooks: Mapping[str, Callable] = field(default_factory=dict)
    options: Callable[[Play, str], list] | None = None
    refusal: Callable[[Play, str], str | None] | None = None
    hint: str | None = None
    limits: Mapping[str, int] = field(default_factory=dict)
    offers: Mapping[str, tuple[Callable, Callable]] = field(default_factory=dict)
    order: int = 50

    @property
    def name(self) -> str:
        """The card's printed name."""
        return next(c["name"] for c in MARKET_CARDS if c["slug"] == self.key)


CREW: dict[str, Crew] = {}
# Verbs the Crew bring, each to its card.
VERBS: dict[str, Crew] = {}
# What each Crew decision asks, by frame type (explain.py shows them).
PROMPTS: dict[str, str] = dict(COMMON_PROMPTS)
# The Crew actions taken on your turn without a die, in the order they are offered.
TURN_CARDS: list[Crew] = []


def register(card: Crew) -> Crew:
    """Declare a card's record (each card module calls this once, like OpenSpiel's
    ``register_game``); the package installs the records once all are loaded."""
    if not any(c["slug"] == card.key for c in MARKET_CARDS):
        raise ValueError(f"no Crew card {card.key!r} in components.MARKET_CARDS")
    if card.key in CREW:
        raise ValueError(f"the Crew card {card.key!r} is declared twice")
    CREW[card.key] = card
    return card


def by_verb(verb: str) -> Crew | None:
    """The card that brings this notation verb (declining its offer included), or None."""
    return VERBS.get(verb)


def tip(key: str) -> str | None:
    """A Crew card's tip by its key (both copies of a card printed twice share one)."""
    slug = MARKET_CARDS[CARD_KEYS.index(key)]["slug"] if key in CARD_KEYS else key
    return CREW[slug].tip if slug in CREW else None


def verb_tip(verb: str) -> str | None:
    """The tip of a verb a Crew card brings that is not its key (``convince``...)."""
    card = VERBS.get(verb)
    return next((v.tip for v in card.verbs if v.name == verb), None) if card else None


def refusal(card: Crew, g: Play, f: str) -> str | None:
    """Why ``f`` cannot take ``card``'s action without a die now, or None if it can: the one
    rule both the turn's options and ``explain`` use."""
    if not has(g, f, card.key):
        return f"{card.name} is not in your Crew"
    return card.refusal(g, f) if card.refusal else None


@kernel.hook("turn options")
def turn_options(g: Play, f: str) -> list:
    """Crew actions ``f`` may take now without placing a die (each card's ``options``,
    offered when its ``refusal`` says nothing)."""
    if g.flagship_space(f) is None or not g.faction(f)["crew"]:  # at once: no Crew, no card
        return []
    out: list = []
    for card in TURN_CARDS:
        # refusal() without its message for a card not in the Crew (the usual case).
        if has(g, f, card.key) and (card.refusal is None or card.refusal(g, f) is None):
            out += card.options(g, f)
    return out


def why_not(g: Play, f: str, words: list[str]) -> str | None:
    """Why a Crew action without a die is refused now, in the rules' words (explain.py)."""
    card = VERBS.get(words[0])
    if card is None or card.options is None or words[0] != card.key:
        return None
    return refusal(card, g, f) or card.hint


def _own_die(key: str, fn: Callable) -> Callable:
    """A ``crew die`` handler that runs for a die on this card's own slot only."""
    def on_die(g: Play, f: str, card: int, value: int) -> None:
        if MARKET_CARDS[card]["slug"] == key:
            fn(g, f, card, value)
    return on_die


def _install(card: Crew) -> None:
    for verb in card.verbs:
        VERBS[verb.name] = card
        notation.verb(verb.name, verb.shape, verb.example, space=verb.space, parse=verb.parse)
        if verb.words is not None:
            words.register(verb.name, verb.words, done=verb.done)
        elif verb.done:
            words.DONE[verb.name] = verb.done
    for kind, decision in card.frames.items():
        kernel.frame(kind, decides=decision.decides, **decision.fields)
        if decision.legal:
            kernel.legal(kind)(decision.legal)
        if decision.auto:
            kernel.auto(kind)(decision.auto)
        if decision.prompt:
            PROMPTS[kind] = decision.prompt
    for kind, fields in card.extends.items():
        kernel.extend(kind, **fields)
    for name, more in card.limits.items():
        kernel.limit(name, more)
    for name, (applies, resolve) in card.offers.items():
        kernel.offer(name, applies, resolve, card.name)
    for point, fn in card.hooks.items():
        kernel.hook(point)(_own_die(card.key, fn) if point == "crew die" else fn)
    if card.options:
        TURN_CARDS.append(card)


def _load() -> None:
    for module in pkgutil.iter_modules(__path__):
        if module.name != "common":
            importlib.import_module(f"{__name__}.{module.name}")
    for card in sorted(CREW.values(), key=lambda c: (c.order, c.key)):
        _install(card)


_load()
