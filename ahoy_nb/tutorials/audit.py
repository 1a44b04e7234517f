"""Which steps ask for a decision, and which only dictate a move: the count
``docs/tutorials.md`` gives and a test keeps.

A step **asks for a decision** when, at its start, some legal move would miss its aim
(there is something to get wrong) and its ask names none of the moves it accepts first:
not their verb or slot, not the card, Cargo, option or faction they name, not their
space. "Win this battle" asks for a decision; "Rally." dictates one.

>>> from ahoy_nb.engine import new_game
>>> names_move("Place your 3 on Sail.", "sail 3")
True
>>> names_move("Win this battle.", "fire 4>1")
False
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine.components import ACTION_TITLES, FACTION_NAMES
from ..engine.notation import NotationError, read
from ..engine.words import card_name, cargo_name, slot_title


# What the lessons also call the factions.
ALSO_CALLED = {"bluefin": "Squadron", "mollusk": "Union"}


def _words_of(move: str, verb_too: bool = True) -> set[str]:
    """The words that would name ``move`` in a prompt (its verb only if ``verb_too``)."""
    try:
        verb, args = read(move)
    except NotationError:
        verb, args = move.split(" ", 1)[0], {}
    words = {verb.replace("-", " ")} if verb_too else set()
    if verb in ACTION_TITLES and verb_too:
        words.add(ACTION_TITLES[verb])
    if "slot" in args:
        words.add(slot_title(args["slot"]).split(" (")[0])
    if "card" in args:
        words.add(card_name(args["card"]))
    if "plan" in args:
        words.add(str(args["plan"]).replace("-", " "))
    if "cargo" in args:
        words.add(cargo_name(args["cargo"]))
    if "option" in args and len(str(args["option"])) > 2:
        words.add(str(args["option"]).replace("-", " "))
    if "defender" in args:        # a figure: whose, and what ("smuggler1", "patrol")
        who = str(args["defender"])
        words |= {FACTION_NAMES.get(who, who), who.rstrip("0123456789"),
                  ALSO_CALLED.get(who, who)}
    if "faction" in args:
        words |= {FACTION_NAMES.get(args["faction"], args["faction"]),
                  ALSO_CALLED.get(args["faction"], args["faction"])}
    for key in ("space", "to"):
        if key in args:
            words.add(f"{args[key][0]},{args[key][1]}")
    return {w.lower() for w in words if w}


def names_move(ask: str, move: str, verb_too: bool = True) -> bool:
    """Whether ``ask`` names ``move`` (its verb, slot, card, Cargo, option, faction or
    space), so that the learner is told the move rather than finding it. Where every
    choice has the same verb (which defender to battle, which slot takes the damage),
    the verb tells nothing: ``verb_too=False`` leaves it out."""
    low = ask.lower()

    def said(word: str) -> bool:
        return bool(re.search(rf"(?<![\w,]){re.escape(word)}(?![\w,])", low))
    # A name of several words ("place comrade") is named when each of its words is.
    return any(said(w) or (" " in w and all(said(p) for p in w.split() if len(p) > 2))
               for w in _words_of(move, verb_too))


@dataclass(frozen=True)
class StepAudit:
    """One step, judged: ``decision`` if its ask names none of its first moves and some
    legal move misses its aim."""

    tutorial: str
    index: int
    ask: str
    firsts: tuple[str, ...]
    named: bool
    can_miss: bool

    @property
    def decision(self) -> bool:
        return self.can_miss and not self.named


def audit(tutorial) -> list[StepAudit]:
    """Every step of ``tutorial``, played by its answers, judged at its start."""
    from .core import Session
    run, out = Session(tutorial, seed=0), []
    while not run.finished:
        firsts = tuple(run.accepted_moves())
        ask = run.ask()
        legal = [a.notation for a in run.legal_actions()]
        one_verb = len({n.split(" ")[0] for n in legal}) == 1
        out.append(StepAudit(tutorial.name, run.index, ask, firsts,
                             any(names_move(ask, m, not one_verb) for m in firsts),
                             any(m not in firsts for m in legal)))
        fb = run.play_answer()
        if fb is None or not fb.advanced:
            raise RuntimeError(f"{tutorial.name} step {run.index + 1}: its answer was refused: {fb}")
        run.next()
    return out
