"""Information Set Monte Carlo Tree Search: the ``"hard"`` bot.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, *Information Set Monte Carlo
Tree Search*, IEEE TCIAIG 2012), the algorithm OpenSpiel's ``ISMCTSBot`` also
implements (it keys nodes by an information-state string; here a node is the sequence
of actions from the root, which names the same information set for the searcher). The bot grows one tree whose nodes are the information sets of the
faction it plays, reached by sequences of actions from the position where it must
decide. Each iteration:

1. **determinizes**: a full position consistent with what the bot's faction may see,
   every secret (other hands, pledges, the tile stack, the generator) guessed afresh
   from a seed (:func:`determinize`, the engine's one list of secrets);
2. **selects** down the tree in that position, among the children whose action is
   legal there, by UCB1 with *availability* counts (a child's exploration term uses
   how often it was available, not how often its parent was visited);
3. **expands** one action not tried yet (below the root, for a faction with
   :data:`HARD_WIDEN`, only as the node's visits grow, the likeliest first);
4. **settles** the action under way (its follow-up decisions, each chosen by the
   heuristic, up to ``settle`` of them), then **rolls out** ``rollout`` random
   actions (none by default), cut short and scored by the heuristic of
   :func:`ahoy_nb.ai.bots.evaluate` turned into a reward in [0, 1] for every faction,
   or by the winners when the game ends;
5. **backs up** each faction's reward along the path, each node scored for the
   faction that chose the action leading to it.

Before the first iteration, the root's actions are valued as ``normal``
(:class:`~ahoy_nb.ai.bots.GreedyBot`) values them: only the ``width`` best are searched,
and that value is a *progressive bias* in their selection (``bias`` over the visits + 1)
that fades as the search's own statistics grow. The search then spends its budget where
``normal`` would choose, and can only differ from it by looking further.

Chance is whatever the engine draws inside ``apply``: the determinized position has a
generator of its own, so battle rolls, dice and drawn tiles are sampled anew each
iteration, by the engine's rules and nowhere else.

With ``workers`` above 1 the search is *root-parallel* (Chaslot, Winands and van den
Herik, *Parallel Monte-Carlo Tree Search*, 2008): each of ``workers`` processes (this one
and ``workers - 1`` others) grows a tree of its own from its own guesses of the hidden
facts, for the whole time budget or its share of the iterations, and the root's visit
counts and rewards are summed. ``make_bot("hard")`` searches on :data:`HARD_WORKERS`
cores. Where no other process can be started (Pyodide), and in a worker process of a pool
(self-play spread over the cores), it searches alone.

It is anytime: it stops after ``iterations`` or after ``time_budget`` seconds, or
sooner when the iterations left could no longer change its choice (the most visited
action leads the next by more than them). With an iteration budget it is deterministic
for a given ``seed`` (and the time budget only decides how many iterations run).

>>> from ahoy_nb.engine import new_game
>>> s = new_game(2, seed=4)
>>> bot = ISMCTSBot(seed=1, iterations=50)
>>> bot.choose(s) in s.legal_actions()
True
>>> 0 < bot.last.iterations <= 50    # fewer once the choice cannot change
True
"""

from __future__ import annotations

import copy
import marshal
import math
import os
import random
import sys
import threading
import time
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Callable

from .bots import Bot, GreedyBot, evaluate, region_summary
from ..engine import Action, IllegalActionError, State
from ..engine.observe import determinize
from ..engine.rules import board_kind

__all__ = ["HARD_RIVALRY", "HARD_WEIGHTS", "HARD_WIDEN", "HARD_WORKERS", "ISMCTSBot", "Search",
           "TIME_BUDGET", "margins", "rewards"]

#: The hard bot's changes to the heuristic's weights (:data:`ahoy_nb.ai.bots.WEIGHTS`): it
#: values control points on the map and Ready Comrades three to four times as much, and
#: its own damage more. Found by self-play against ``normal`` as the Mollusk Union, the
#: weaker side between these bots, where they took its Fame margin from -6.6 to about +2
#: a game (docs/bots.md). As a Smuggler it takes the Smugglers' own weights
#: (:data:`ahoy_nb.ai.bots.FACTION_WEIGHTS`), as ``normal`` does.
HARD_WEIGHTS = {"presence": 0.5, "ready": 0.45, "damage": 1.0}

#: How much each kind of faction's reward counts the best rival's value against its own
#: (:func:`margins`; 1 unless named). A Smuggler's counts only its own: its deliveries
#: raise the wealth of regions that others hold, so against the rival's value a delivery
#: looked like a loss, and the search chose Crew and gold instead (docs/bots.md).
HARD_RIVALRY = {"smuggler": 0.0}

#: Progressive widening below the root, by the kind of faction that searches (none unless
#: named): a node may have ``1 + widen * sqrt(visits)`` children, each new one the best
#: looking of ``breadth`` untried options. A Smuggler's decisions have dozens of options,
#: and without it the search tried each once below the root and compared none. With it
#: the Smuggler won 17.5 of 60 deals against two ``normal`` bots instead of 8, its Fame
#: margin up 3.0 a game; the Mollusk's fell over 15 deals, so it keeps the plain search
#: (docs/bots.md).
HARD_WIDEN = {"smuggler": 1.0}

#: Seconds of search a decision (wall clock), unless ``iterations`` is given: each of the
#: bot's ``workers`` searches this long. Every label that tells a person how long the hard
#: bot thinks is worded from this number (:func:`ahoy_nb.ai.levels.think_time`); docs/bots.md
#: has what it measures as. It was 1 s on one core; 0.3 s on two cores runs about two
#: thirds as many iterations, for a third of the wait.
TIME_BUDGET = 0.3

#: Searches the hard bot runs at once, one per core (root-parallel: see the module notes):
#: both cores of a two-core machine, never more than the machine has.
#: One in the browser (Pyodide has no processes).
HARD_WORKERS = 1 if sys.platform == "emscripten" else max(1, min(2, os.cpu_count() or 1))


def margins(state: State, weights: dict | None = None,
            rivalry: dict[str, float] | None = None) -> dict[str, float]:
    """Each faction's heuristic value (:func:`ahoy_nb.ai.bots.evaluate`) less the best
    of the others', times the faction's ``rivalry`` (by kind: ``"bluefin"``,
    ``"mollusk"``, ``"smuggler"``; 1 unless given)."""
    regions = None if state.is_over else region_summary(state.data)
    values = {f: evaluate(state, f, weights, regions) for f in state.players}
    rivalry = rivalry or {}
    return {f: values[f] - rivalry.get(board_kind(f), 1.0) * max(v for g, v in values.items() if g != f)
            for f in values}


def rewards(state: State, scale: float = 4.0, weights: dict | None = None,
            baseline: dict[str, float] | None = None,
            rivalry: dict[str, float] | None = None) -> dict[str, float]:
    """Each faction's reward in [0, 1] for ``state``.

    A finished game: the winners share 1 (a full tie splits it). Otherwise the faction's
    :func:`margins`, less its ``baseline`` margin when one is given (the margin where
    the search began), squashed by a logistic curve (``scale`` points of value move it
    from 1/2 to 0.73).
    """
    factions = state.players
    if state.is_over:
        winners = state.winners
        return {f: (1.0 / len(winners) if f in winners else 0.0) for f in factions}
    out = {}
    for f, margin in margins(state, weights, rivalry).items():
        if baseline is not None:
            margin -= baseline[f]
        out[f] = 1.0 / (1.0 + math.exp(max(-60.0, min(60.0, -margin / scale))))
    return out


class _Node:
    """An information set of the searching faction: the action that led here, its statistics."""

    __slots__ = ("player", "visits", "total", "avail", "children")

    def __init__(self, player: str | None):
        self.player = player          # who chose the action leading here
        self.visits = 0
        self.total = 0.0              # sum of that player's rewards
        self.avail = 1                # how often this action was available at selection
        self.children: dict[str, _Node] = {}


@dataclass
class Search:
    """What the last search found: ``{notation: (visits, mean reward)}`` at the root, and
    ``normal``'s prior over the actions it searched (None when it had no choice)."""

    player: str
    iterations: int
    seconds: float
    stats: dict[str, tuple[int, float]]
    prior: dict[str, float] | None = None

    def ranked(self) -> list[str]:
        """The root's actions, most visited first (the higher mean reward among equals)."""
        return sorted(self.stats, key=lambda a: (-self.stats[a][0], -self.stats[a][1], a))


def _decided(root: _Node, left: int) -> bool:
    """Whether ``left`` more iterations could not change the most visited root action."""
    visits = sorted((c.visits for c in root.children.values()), reverse=True)
    return len(visits) > 1 and visits[0] - visits[1] > left


class ISMCTSBot(Bot):
    """A bot that searches the information sets of its faction (see the module notes).

    * ``iterations``: a fixed number of iterations per decision (deterministic), or
    * ``time_budget``: seconds per decision (used when ``iterations`` is ``None``).
    * ``exploration``: the UCB1 constant (rewards are in [0, 1], and near siblings differ
      by a few hundredths, so it is small).
    * ``settle``, ``breadth``: follow-up decisions finished by the heuristic before
      scoring, and how many options of each it compares.
    * ``rollout``: how many random actions to play after that before scoring.
    * ``scale``, ``weights``: the evaluation (see :func:`rewards`); ``weights`` change
      :data:`HARD_WEIGHTS`.
    * ``relative``: score each faction's margin against its margin where the search
      began (see :func:`rewards`). Without it, a faction far behind (a Smuggler, whose
      heuristic value lacks the control terms of the others) has rewards within a
      hundredth of 0 whatever it does, and the search cannot tell its actions apart.
    * ``width``, ``bias``: how many of ``normal``'s best root actions are searched (None:
      all), and the weight of its prior in their selection (see the module notes).
    * ``rivalry``: how much each kind of faction's reward counts the best rival's value
      (:data:`HARD_RIVALRY`, then these).
    * ``widen``: progressive widening below the root, by the kind of faction searching
      (:data:`HARD_WIDEN`, then these; ``None``: every option is tried once first).
    * ``stop_early``: stop once the iterations left cannot change the choice (the
      choice is the same; the time is saved).
    * ``clock``: what ``time_budget`` is measured on (the wall clock; ``time.process_time``
      for CPU time, fair between bots on a shared machine).
    * ``workers``: processes that search at once, each its own tree (root-parallel; see
      the module notes); ``iterations`` is then their total.

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(3, seed=2)
    >>> ISMCTSBot(seed=3, iterations=30).choose(s) == ISMCTSBot(seed=3, iterations=30).choose(s)
    True
    """

    name = "ismcts"

    def __init__(self, seed: int | None = None, *, iterations: int | None = None,
                 time_budget: float = TIME_BUDGET, exploration: float = 0.1, settle: int = 3,
                 breadth: int = 6, rollout: int = 0, scale: float = 2.0,
                 weights: dict | None = None, stop_early: bool = True, relative: bool = True,
                 width: int | None = 8, bias: float = 0.5, rivalry: dict | None = None,
                 widen: dict | None = None,
                 clock: Callable[[], float] = time.perf_counter, workers: int = 1):
        if iterations is None and not time_budget > 0:
            raise ValueError(f"time_budget is a positive number of seconds, not {time_budget!r}")
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations is a positive number, not {iterations!r}")
        self.seed = seed
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.time_budget = time_budget
        self.exploration = exploration
        self.settle = settle
        self.breadth = breadth
        self.rollout = rollout
        self.scale = scale
        self.weights = {**HARD_WEIGHTS, **(weights or {})}
        for of, own in HARD_WEIGHTS.items():  # a faction's own weights are merged, not replaced
            if isinstance(own, dict) and isinstance((weights or {}).get(of), dict):
                self.weights[of] = {**own, **weights[of]}
        self.stop_early = stop_early
        self.relative = relative
        if width is not None and width < 1:
            raise ValueError(f"width is a positive number of actions, or None, not {width!r}")
        self.width = width
        self.bias = bias
        self.rivalry = {**HARD_RIVALRY, **(rivalry or {})}
        self.widen = {**HARD_WIDEN, **(widen or {})}
        for kind, w in self.widen.items():
            if w is not None and not w > 0:
                raise ValueError(f"widen is a positive number or None for each kind of faction, "
                                 f"not {w!r} for {kind!r}")
        self.clock = clock
        if not (isinstance(workers, int) and workers >= 1):
            raise ValueError(f"workers is a positive number of processes, not {workers!r}")
        self.workers = workers
        self.last: Search | None = None

    def __getstate__(self) -> dict:
        # What a worker process gets (search): the settings, the clock and the generator,
        # not an instance's own stand-in for a method (a wrapper of choose, say).
        return {k: v for k, v in vars(self).items() if k == "clock" or not callable(v)}

    def __repr__(self) -> str:
        budget = (f"iterations={self.iterations}" if self.iterations is not None
                  else f"time_budget={self.time_budget}")
        workers = f", workers={self.workers}" if self.workers > 1 else ""
        return f"ISMCTSBot(seed={self.seed!r}, {budget}{workers})"

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise IllegalActionError("There is nothing to choose: the game is over")
        if len(actions) == 1:
            self.last = Search(actions[0].player, 0, 0.0, {actions[0].notation: (0, 0.0)})
            return actions[0]
        legal = {a.notation: a for a in actions}
        for notation in self.search(state).ranked():
            if notation in legal:  # a guess of the secrets could offer something else
                return legal[notation]
        return actions[0]

    def search(self, state: State) -> Search:
        """Run the search from ``state`` for its current player; the root's statistics
        (summed over the ``workers``' trees)."""
        me = state.current_player
        if me is None:
            raise IllegalActionError("There is nothing to choose: the game is over")
        pool = _pool(self.workers - 1) if self.workers > 1 else None
        if pool is None:
            return self._search(state, me)
        from concurrent.futures.process import BrokenProcessPool
        start = time.perf_counter()
        # On the wall clock (the same in every process of the machine), every tree's budget
        # ends when this one's does, however late a busy machine starts a worker.
        began = self.clock() if self.clock is time.perf_counter else None
        parts = self._parts()
        position = marshal.dumps(state.data)
        try:
            others = [pool.submit(_search_part, part, position, began) for part in parts[1:]]
            found = [parts[0]._search(state, me, began)] + [f.result() for f in others]
        except BrokenProcessPool:  # a worker died (killed, out of memory): search alone
            _drop_pool()
            return self._search(state, me)
        self.last = _summed(found, time.perf_counter() - start)
        return self.last

    def _parts(self) -> list["ISMCTSBot"]:
        """One bot per worker, each with a seed of its own and its share of the iterations."""
        parts = []
        for k in range(self.workers):
            part = copy.copy(self)
            part.workers, part.last = 1, None
            part.rng = random.Random(self.rng.getrandbits(64))
            if self.iterations is not None:
                part.iterations = max(1, self.iterations // self.workers
                                      + (k < self.iterations % self.workers))
            parts.append(part)
        return parts

    def _search(self, state: State, me: str, start: float | None = None) -> Search:
        """One tree's search (see :meth:`search`), its time budget counted from ``start``
        (by default now)."""
        root = _Node(None)
        start = self.clock() if start is None else start
        # Margins where the search begins, in a guess of the secrets like any iteration's.
        self._baseline = (margins(determinize(state, me, self.rng.getrandbits(64)), self.weights,
                                  self.rivalry) if self.relative else None)
        self._prior = self._root_prior(state, me)
        deadline = None if self.iterations is not None else start + self.time_budget
        n = 0
        while True:
            if self.iterations is not None:
                left = self.iterations - n
            else:
                now = self.clock()
                left = 0 if n > 0 and now >= deadline else (
                    1 if n == 0 else int(n * (deadline - now) / (now - start)) + 1)
            if left <= 0 or (self.stop_early and n % 16 == 0 and _decided(root, left)):
                break
            self._iterate(state, me, root)
            n += 1
        stats = {a: (c.visits, c.total / c.visits if c.visits else 0.0)
                 for a, c in root.children.items()}
        self.last = Search(me, n, self.clock() - start, stats, self._prior)
        return self.last

    def _root_prior(self, state: State, me: str) -> dict[str, float] | None:
        """``normal``'s judgement of the root's actions: ``{notation: prior}``.

        Each action is valued as :class:`~ahoy_nb.ai.bots.GreedyBot` values it (with this
        bot's weights), and turned into a prior in (0, 1], 1 for the best, by the same
        logistic curve as the rewards. Only the ``width`` best are kept. Why: a
        Smuggler's first decision of a turn has 60-110 options (die, slot, gold), and 1,000
        iterations visit each about ten times, too few to tell them apart through the
        noise of guessed secrets and dice; ``normal`` weighs every one of them with its
        follow-up decisions, so the search spends its iterations where ``normal`` would
        choose, and can only do better than it by looking further.
        """
        if self.width is None and not self.bias:
            return None
        greedy = GreedyBot(self.rng.getrandbits(64), weights=self.weights)
        world = determinize(state, me, self.rng.getrandbits(64))
        world.legal_actions()  # computed once, shared by the forks of every value
        values = {a.notation: greedy.value(world, a, me, greedy.depth)
                  for a in state.legal_actions()}
        best = max(values.values())
        prior = {a: 2.0 / (1.0 + math.exp(min(60.0, (best - v) / self.scale)))
                 for a, v in values.items()}
        if self.width is not None and len(prior) > self.width:
            prior = {a: prior[a] for a in sorted(prior, key=lambda a: (-prior[a], a))[:self.width]}
        return prior

    def _iterate(self, state: State, me: str, root: _Node) -> None:
        rng = self.rng
        world = determinize(state, me, rng.getrandbits(64))
        node, path = root, []
        c = self.exploration
        prior = self._prior
        widen = self.widen.get(board_kind(me))
        while not world.is_over:
            options = world.legal_actions()
            if node is root and prior is not None and self.width is not None:
                options = [a for a in options if a.notation in prior] or options
            untried = [a for a in options if a.notation not in node.children]
            if untried and node is not root and widen is not None:
                # Progressive widening: a node below the root grows a child at a time as
                # its visits grow, the likeliest first, instead of trying each of dozens
                # of options once before it compares any.
                tried = len(options) - len(untried)
                if tried and tried >= 1 + int(widen * math.sqrt(node.visits)):
                    options = [a for a in options if a.notation in node.children]
                    untried = []
                else:
                    untried = [self._best_of(world, untried)[0]]
            if untried:
                action = untried[rng.randrange(len(untried))]
                for a in options:  # every available sibling counts this selection
                    child = node.children.get(a.notation)
                    if child is not None:
                        child.avail += 1
                child = node.children[action.notation] = _Node(action.player)
                world.apply(action.notation)
                path.append(child)
                break
            best, best_score = None, -1.0
            for a in options:
                child = node.children[a.notation]
                child.avail += 1
                score = (child.total / child.visits
                         + c * math.sqrt(math.log(child.avail) / child.visits))
                if node is root and prior is not None:  # progressive bias, fading with visits
                    score += self.bias * prior.get(a.notation, 0.0) / (child.visits + 1)
                if score > best_score:
                    best, best_score = a, score
            node = node.children[best.notation]
            world.apply(best.notation)
            path.append(node)
        world = self._settle(world)
        for _ in range(self.rollout):
            if world.is_over:
                break
            options = world.legal_actions()
            world.apply(options[rng.randrange(len(options))].notation)
        reward = rewards(world, self.scale, self.weights, self._baseline, self.rivalry)
        for node in path:
            node.visits += 1
            node.total += reward.get(node.player, 0.0)

    def _best_of(self, world: State, options: list[Action]) -> tuple[Action, State]:
        """The option that looks best to whoever decides (:func:`evaluate`), among at
        most ``breadth`` of them, and the position after it."""
        if len(options) > self.breadth:
            options = self.rng.sample(options, self.breadth)
        who = world.current_player
        best, best_value = None, None
        for a in options:
            child = world.copy()
            child.apply(a.notation)
            value = evaluate(child, who, self.weights)
            if best_value is None or value > best_value:
                best, best_value = (a, child), value
        return best

    def _settle(self, world: State) -> State:
        """Finish the action under way before scoring: up to ``settle`` follow-up decisions
        (where to sail, which damage to take...), each the one that looks best to whoever
        decides, among at most ``breadth`` options. A position in the middle of an action
        scores badly (a Sail not yet sailed), and this makes it comparable to the rest."""
        for _ in range(self.settle):
            if world.is_over or not world.data["pending"]:
                break
            world = self._best_of(world, world.legal_actions())[1]
        return world


def _search_part(bot: ISMCTSBot, position: bytes, start: float | None) -> Search:
    """A worker's share of a root-parallel search: its own tree from ``position``."""
    state = State(marshal.loads(position))
    return bot._search(state, state.current_player, start)


def _summed(found: list[Search], seconds: float) -> Search:
    """The root's statistics of several trees: visits and rewards summed per action."""
    visits: dict[str, int] = {}
    totals: dict[str, float] = {}
    for part in found:
        for action, (n, mean) in part.stats.items():
            visits[action] = visits.get(action, 0) + n
            totals[action] = totals.get(action, 0.0) + n * mean
    stats = {a: (n, totals[a] / n if n else 0.0) for a, n in visits.items()}
    return Search(found[0].player, sum(p.iterations for p in found), seconds, stats,
                  found[0].prior)


# The worker processes of root-parallel searches: started once, on first use, and kept.
_POOL: tuple[int, Executor | None] | None = None
_POOL_LOCK = threading.Lock()


def _pool(size: int) -> Executor | None:
    """A pool of ``size`` worker processes, or ``None`` where none can be started, or
    where this process is itself a worker of a pool (``simulate``'s games, spread over the
    cores already)."""
    global _POOL
    if sys.platform == "emscripten":
        return None
    # Imported here: the browser's Python (Pyodide) cannot import what starts processes.
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    if multiprocessing.parent_process() is not None:
        return None
    with _POOL_LOCK:
        if _POOL is not None and _POOL[0] >= size:
            return _POOL[1]
        if _POOL is not None and _POOL[1] is not None:
            _POOL[1].shutdown(wait=False)
        try:
            # A fresh interpreter per worker (not a fork): the caller may run threads (a
            # notebook's kernel), and a fork copies their locks mid-use.
            if "forkserver" in multiprocessing.get_all_start_methods():
                context = multiprocessing.get_context("forkserver")
                # Workers start with the search imported, and without the caller's main
                # script (which need not guard itself with ``if __name__ == "__main__"``).
                context.set_forkserver_preload([__name__])
            else:
                context = multiprocessing.get_context("spawn")
            pool = ProcessPoolExecutor(size, mp_context=context)
            pool.submit(_ready).result()  # starts a worker now, and fails here if none can
        except (OSError, NotImplementedError, ImportError, RuntimeError, AssertionError,
                BrokenProcessPool):
            pool = None   # Pyodide, a sandbox without processes: search alone
        _POOL = (size, pool)
        return pool


def _drop_pool() -> None:
    global _POOL
    with _POOL_LOCK:
        if _POOL is not None and _POOL[1] is not None:
            _POOL[1].shutdown(wait=False, cancel_futures=True)
        _POOL = None


def _ready() -> bool:
    return True
