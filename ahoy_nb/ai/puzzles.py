"""Puzzles: one decision to find, mined from recorded games (docs/puzzles.md).

A :class:`Puzzle` is a position as its solver saw it in a game (every secret the solver
could not see replaced by a guess: :func:`~ahoy_nb.engine.observe.determinize`), the
answer (the actions that lead to the best position: one answer), each action's chance
to win as the miner judged it, its themes and its starting rating.

The miner's test (:func:`check`): the position is judged in several guessed worlds by
the project's one estimator (:func:`~ahoy_nb.ai.analysis.judge`, from the solver's
view); the answer is *clearly better* when its chance beats the runner-up's by at least
:data:`GAP` on average, the 95% lower bound of that lead over the worlds is above
:data:`LOW`, and the answer is the best in most worlds. Where the engine has exact
figures (a battle's odds at a Cannons decision) they are kept beside it.

>>> from ahoy_nb.engine import rulebook_battle
>>> s = rulebook_battle()           # the Mollusk's 4 on Cannons, against Smuggler 1
>>> sorted(themes(s, ["fire 4>1"]))
['battle', 'opening']
>>> [sorted(g) for g in answers(s)][:2]
[['fire 4>1'], ['fire 4>2']]
"""

from __future__ import annotations

import json
import marshal
import math
import random
from dataclasses import asdict, dataclass, field
from importlib import resources
from typing import Iterable, Sequence

from .analysis import battle_odds, fire_amount, judge
from .levels import make_bot
from .winchance import lateness
from ..engine import IllegalActionError, State
from ..engine.cards.plans import VERBS as PLAN_GRAMMAR_VERBS
from ..engine.components import ACTION_TITLES, CARD_KEYS
from ..engine.observe import determinize, view
from ..engine.words import label

__all__ = ["Puzzle", "Check", "THEMES", "GAP", "LOW", "check", "answers", "themes", "tagged",
           "make_puzzle", "starting_rating", "load", "dump", "PUZZLES_FILE"]

#: The answer's lead over the runner-up, in chance to win (0-1), at least ...
GAP = 0.15
#: ... and the 95% lower bound of that lead over the guessed worlds above this.
LOW = 0.10
#: The miner's budget: guessed worlds; in each, the actions the model likes best (this
#: many) get this many random playouts each (where they count: ``judge``).
WORLDS = 4
PLAYED = 3
PLAYOUTS = 16
#: The themes, in the order a person picks them.
THEMES = ("battle", "cargo", "scoring", "exploring", "crew", "plans", "faction",
          "opening", "middlegame", "ending")
#: Where the shipped set lives (package data).
PUZZLES_FILE = "puzzles.json"

# Verbs of the board actions only one faction has (Sail, Tailwind, Cannons and Repair are
# everyone's), and the choices those actions ask for.
_SHARED = {"sail", "tailwind", "cannons", "repair"}
FACTION_VERBS = frozenset(set(ACTION_TITLES) - _SHARED) | {
    "patrol", "no-patrol", "stronghold", "place-comrades", "ready-comrades", "no-comrades"}
BATTLE_VERBS = frozenset({"battle", "fire", "hold", "victory", "bombard", "damage"})
CARGO_VERBS = frozenset({"smuggle", "deliver", "pledge", "reward"})
# The plans' own verbs (play, sneak, evacuate, launch...), from the engine's grammar of them;
# ``play`` also plays a battle plan.
PLAN_VERBS = frozenset(PLAN_GRAMMAR_VERBS) | {"no-plan"}
_CARD_VERBS = frozenset(CARD_KEYS) | {k.rsplit("-", 1)[0] for k in CARD_KEYS}


@dataclass(frozen=True)
class Puzzle:
    """One decision to find.

    ``id``; ``position``: the state's data as the solver saw it (its secrets guessed);
    ``solver``: who decides; ``answer``: the actions counted as best (they lead to the
    same position); ``chances``: each legal action's chance to win for the solver, as
    the miner judged it (the mean over its worlds); ``lead`` and ``lead_low``: the
    answer's lead over the runner-up and its 95% lower bound; ``odds``: the exact
    chance to win the battle for each fire choice, at a Cannons decision; ``themes``;
    ``rating``, ``rd``: the puzzle's Glicko-2 rating and deviation; ``found_by``: the
    bot levels whose choice was the answer; ``source``: the record file, its line and
    the action's number in the game it comes from.
    """

    id: str
    position: dict
    solver: str
    answer: tuple[str, ...]
    chances: dict[str, float]
    lead: float
    lead_low: float
    themes: tuple[str, ...]
    rating: float = 1500.0
    rd: float = 350.0
    found_by: tuple[str, ...] = ()
    odds: dict[str, float] | None = None
    source: dict = field(default_factory=dict)

    @property
    def state(self) -> State:
        """A fresh :class:`State` of the position (each call its own)."""
        return State(json.loads(json.dumps(self.position)))

    @property
    def players(self) -> int:
        return len(self.position["factions"])

    @property
    def best(self) -> str:
        """The answer's first action (the one "Show me" plays)."""
        return self.answer[0]

    @property
    def runner_up(self) -> str:
        """The best action that is not the answer."""
        return max((a for a in self.chances if a not in self.answer), key=self.chances.get)

    def question(self) -> str:
        """The question in words: what to find, then the prompt (which names who decides).

        >>> load()[0].question()
        'Find the best action. Mollusk: Sneak Attack: remove a Patrol from the region (remove-patrol x,y), up to 2, or done'
        """
        return f"Find the best action. {self.state.prompt}"

    def to_dict(self) -> dict:
        out = asdict(self)
        out["answer"], out["themes"], out["found_by"] = (list(self.answer), list(self.themes),
                                                         list(self.found_by))
        return out

    @classmethod
    def from_dict(cls, d: dict) -> "Puzzle":
        return cls(**{**d, "answer": tuple(d["answer"]), "themes": tuple(d["themes"]),
                      "found_by": tuple(d.get("found_by", ()))})


def load(path=None) -> list[Puzzle]:
    """The shipped puzzles (or those of the file at ``path``)."""
    if path is None:
        text = resources.files("ahoy_nb").joinpath("data", PUZZLES_FILE).read_text()
    else:
        with open(path) as f:
            text = f.read()
    return [Puzzle.from_dict(d) for d in json.loads(text)["puzzles"]]


def dump(puzzles: Sequence[Puzzle], path, about: dict | None = None) -> None:
    """Write ``puzzles`` (and what made them, ``about``) as JSON, one puzzle a line."""
    lines = ",\n".join(json.dumps(p.to_dict(), sort_keys=True, separators=(",", ":"))
                       for p in puzzles)
    with open(path, "w") as f:
        f.write('{"about": ' + json.dumps(about or {}, sort_keys=True) + ',\n"puzzles": [\n'
                + lines + "\n]}\n")


# -- the answer ---------------------------------------------------------------------------

def _after(world: State, action: str) -> bytes:
    """The position right after ``action`` in ``world``; an action that sets off a random
    event (held, not drawn) is its own answer."""
    probe = State(marshal.loads(marshal.dumps(world.data)))
    probe.chance = "explicit"
    probe.apply(action)
    held = action if probe.current_player == "chance" else ""
    return marshal.dumps((probe.data, held))


def answers(state: State, seed: int = 0) -> list[list[str]]:
    """The legal actions grouped by the position they lead to (in one guess of what the
    player to decide cannot see): actions in one group are one answer. In the order of
    ``state.legal_actions()``."""
    world = determinize(state, state.current_player, seed)
    groups: dict[bytes, list[str]] = {}
    for a in state.legal_actions():
        try:
            key = _after(world, a.notation)
        except IllegalActionError:
            key = a.notation.encode()
        groups.setdefault(key, []).append(a.notation)
    return list(groups.values())


@dataclass(frozen=True)
class Check:
    """The miner's test on a position: each action's mean ``chances`` over ``worlds``
    guessed worlds, the ``answer`` (the best group), the ``runner_up``'s chance, the
    ``lead`` (mean over worlds), ``lead_low`` (its 95% lower bound), ``won`` (worlds in
    which the answer was best) and whether it is ``clear``."""

    chances: dict[str, float]
    answer: tuple[str, ...]
    runner_up: str
    lead: float
    lead_low: float
    won: int
    worlds: int

    @property
    def clear(self) -> bool:
        return self.lead >= GAP and self.lead_low > LOW and self.won * 2 > self.worlds


def check(state: State, worlds: int = WORLDS, playouts: int = PLAYOUTS, played: int = PLAYED,
          seed: int = 0, groups: list[list[str]] | None = None) -> Check:
    """Judge ``state`` in ``worlds`` guessed worlds (seeds ``seed``, ``seed + 1``...), the
    ``played`` actions the model likes best refined by ``playouts`` random playouts each,
    and say whether one answer is clearly better.

    Raises ``ValueError`` when the player to decide has a single answer."""
    groups = groups if groups is not None else answers(state)
    if len(groups) < 2:
        raise ValueError("a puzzle needs at least two different answers")
    per_world: list[dict[str, float]] = []
    for w in range(worlds):
        est = {e.notation: e.win for e in judge(state, playouts * played, seed=seed + w,
                                                progress=False, played=played)}
        per_world.append({g[0]: max(est[a] for a in g) for g in groups})
    mean = {k: sum(d[k] for d in per_world) / worlds for k in per_world[0]}
    ranked = sorted(mean, key=lambda k: -mean[k])
    best, second = ranked[0], ranked[1]
    leads = [d[best] - d[second] for d in per_world]
    lead = sum(leads) / worlds
    sd = math.sqrt(sum((x - lead) ** 2 for x in leads) / (worlds - 1)) if worlds > 1 else 0.0
    t = _T95.get(worlds - 1, 1.96)
    won = sum(1 for d in per_world if max(d, key=lambda k: d[k]) == best)
    group = next(g for g in groups if g[0] == best)
    chances = {a: mean[g[0]] for g in groups for a in g}
    return Check(chances, tuple(group), second, lead, lead - t * sd / math.sqrt(worlds),
                 won, worlds)


# Student's t, 97.5th percentile, by degrees of freedom: a one-sided 95% bound would be
# looser than needed; the two-sided one is the cautious choice for a few worlds.
_T95 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
        9: 2.262, 10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131}


# -- themes -------------------------------------------------------------------------------

def _verb(notation: str) -> str:
    return notation.split(" ", 1)[0]


def _controllers(state: State, action: str, seed: int) -> list:
    world = determinize(state, state.current_player, seed)
    world.chance = "explicit"
    world.apply(action)
    return [r["controller"] for r in world.regions()]


def themes(state: State, answer: Sequence[str], runner_up: str | None = None,
           seed: int = 0) -> set[str]:
    """The themes of a puzzle: predicates over its answer (and the runner-up, for
    *scoring*: the answer leaves a region's control otherwise than the runner-up does).

    * ``battle``: a battle's choice (to battle, fire or hold, a Battle Victory, a
      damage's slot, a Bombard) or any choice inside a battle;
    * ``cargo``: picking up (Smuggle), delivering, pledging Cargo or taking its reward;
    * ``scoring``: the answer changes who controls a region;
    * ``exploring``: placing a region tile, or a move that explores;
    * ``crew``: a Crew card's power (or recruiting one);
    * ``plans``: the Mollusk Union's plans (play one, or not; a plan's own choice: the
      region of a Sneak Attack, the Island of an Evacuation, a Union ship's die...);
    * ``faction``: a board action only this faction has (Order, Deploy, Assemble...);
    * ``opening`` (round 1), ``ending`` (the leader has 21 Fame or more) or
      ``middlegame``.
    """
    out: set[str] = set()
    verbs = {_verb(a) for a in answer}
    pending = state.data["pending"]
    if verbs & BATTLE_VERBS or any(f["type"] == "fight" for f in pending):
        out.add("battle")
    if verbs & CARGO_VERBS:
        out.add("cargo")
    if "tile" in verbs or (state.decision is not None and state.decision.kind == "explore"):
        out.add("exploring")
    elif any(_verb(a) == "move" for a in answer):
        world = determinize(state, state.current_player, seed)
        world.chance = "explicit"
        try:
            world.apply(answer[0])
            if world.decision is not None and world.decision.kind == "explore":
                out.add("exploring")
        except IllegalActionError:
            pass   # not legal in this guess of the hidden facts: no theme from it
    if verbs & _CARD_VERBS or {v.removeprefix("no-") for v in verbs} & _CARD_VERBS \
            or "recruit" in verbs:
        out.add("crew")
    if verbs & PLAN_VERBS:
        out.add("plans")
    if verbs & FACTION_VERBS or any(_placed_on(a) in FACTION_VERBS for a in answer):
        out.add("faction")
    if runner_up is not None:
        try:
            if _controllers(state, answer[0], seed) != _controllers(state, runner_up, seed):
                out.add("scoring")
        except IllegalActionError:
            pass   # not legal in this guess of the hidden facts: no theme from it
    late = lateness(state)
    out.add("opening" if state.round <= 1 else "ending" if late >= 0.7 else "middlegame")
    return out


def tagged(puzzle: Puzzle) -> tuple[str, ...]:
    """A puzzle's themes by :func:`themes`, in the order of :data:`THEMES`."""
    found = themes(puzzle.state, puzzle.answer, puzzle.runner_up)
    return tuple(t for t in THEMES if t in found)


def _placed_on(notation: str) -> str | None:
    """The board action a die placement (``order 3``, ``deploy 5>4``) uses, else None."""
    words = notation.split(" ")
    return words[0] if len(words) == 2 and words[1][:1].isdigit() else None


# -- making a puzzle ----------------------------------------------------------------------

#: A new puzzle's rating by the strongest level that missed its answer (lichess starts
#: every puzzle at 1500; here the bots say more): found even by ``easy`` ... found by none.
RATING_BY_LEVELS = {(): 2100.0, ("hard",): 1800.0, ("normal",): 1500.0, ("easy",): 1200.0}
LEVELS_TRIED = ("easy", "normal", "hard")


def starting_rating(found_by: Iterable[str]) -> float:
    """The rating a new puzzle starts at, from the bot levels that find its answer.

    >>> starting_rating(["easy", "normal", "hard"]), starting_rating(["hard"]), starting_rating([])
    (1200.0, 1800.0, 2100.0)
    """
    found = set(found_by)
    for level in LEVELS_TRIED:
        if level in found:
            return RATING_BY_LEVELS[(level,)]
    return RATING_BY_LEVELS[()]


def found_by(state: State, answer: Sequence[str], seed: int = 0,
             hard_iterations: int = 300) -> tuple[str, ...]:
    """The bot levels whose choice at ``state`` is in ``answer`` (each from a guess of
    what the solver cannot see, as a bot plays; ``hard`` capped at ``hard_iterations``
    on one core so that the miner's figures do not depend on the machine)."""
    out = []
    for level in LEVELS_TRIED:
        options = {"iterations": hard_iterations, "time_budget": None, "workers": 1} \
            if level == "hard" else {}
        bot = make_bot(level, seed=seed, **options)
        if bot.choose(state.copy()).notation in answer:
            out.append(level)
    return tuple(out)


def make_puzzle(state: State, verdict: Check, id: str, source: dict | None = None,
                seed: int = 0, levels: bool = True) -> Puzzle:
    """A :class:`Puzzle` of ``state`` (the real game's position) with the miner's
    ``verdict``: the position keeps only what the solver could see (the rest guessed
    from ``seed``)."""
    solver = state.current_player
    seen = determinize(state, solver, random.Random(f"puzzle/{id}/{seed}"))
    odds = None
    pending = state.data["pending"]
    if pending and pending[-1]["type"] == "fire":
        by_amount = battle_odds(state)
        odds = {a.notation: round(by_amount[fire_amount(a)], 6) for a in state.legal_actions()}
    finders = found_by(state, verdict.answer, seed) if levels else ()
    return Puzzle(
        id=id, position=json.loads(json.dumps(seen.data)), solver=solver,
        answer=verdict.answer, chances={a: round(p, 4) for a, p in verdict.chances.items()},
        lead=round(verdict.lead, 4), lead_low=round(verdict.lead_low, 4),
        themes=tuple(t for t in THEMES if t in themes(seen, verdict.answer, verdict.runner_up)),
        rating=starting_rating(finders), found_by=finders, odds=odds, source=source or {})


def same_view(puzzle: Puzzle, real: State) -> bool:
    """Whether the puzzle shows its solver exactly what the solver saw at ``real`` (the
    engine's view for that player, the log aside: a puzzle has none)."""
    mine, theirs = view(puzzle.state, puzzle.solver), view(real, puzzle.solver)
    return mine["state"] == json.loads(json.dumps(theirs["state"]))


def words(puzzle: Puzzle, action: str) -> str:
    """An action of the puzzle in words."""
    return label(puzzle.state, action)
