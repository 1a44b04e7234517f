"""Computer players: ``RandomBot``, ``EasyBot``, ``GreedyBot`` and, in :mod:`ahoy_nb.ai.ismcts`, ``ISMCTSBot``.

Levels for people to play against, by name, are in :mod:`ahoy_nb.ai.levels`:
``make_bot("easy")``, ``"normal"`` (greedy), ``"hard"`` (ISMCTS).

A bot has one method, ``choose(state) -> Action``: the action it takes for the player
who must decide now (``state.current_player``). It never changes ``state``.

>>> from ahoy_nb.engine import new_game
>>> s = new_game(3, seed=1)
>>> GreedyBot(seed=0).choose(s) in s.legal_actions()
True

What a bot may know
-------------------
A bot plays fair: it decides only from what its faction may see. ``RandomBot`` reads
nothing but the legal actions. ``GreedyBot`` looks one action ahead, and it never
looks ahead on the true state. It first makes a *determinized* copy (:func:`determinize`,
from ``ahoy_nb.engine.observe``): everything the faction cannot see is replaced by a random
guess consistent with what it can see (the tile stack and the unseen boxed tile,
the Mollusk plan hand when the bot is not the Mollusk Union, other Smugglers'
pledges), and the copy gets a fresh random generator of the bot's own, with no
fixed outcomes. So a lookahead can neither read a secret nor foresee a die.

Chance in the lookahead: the lookahead plays with explicit chance, so the first random
event an action triggers (a battle roll, a drawn tile, a die) is a chance point whose
outcomes it averages (at most ``GreedyBot.samples`` of them, a seeded sample when there
are more); anything random after that is drawn from the bot's own generator.

Both bots are deterministic for a given ``seed`` and sequence of positions.
"""

from __future__ import annotations

import abc
import marshal
import random
from collections.abc import Mapping
from functools import lru_cache

from ..engine import Action, IllegalActionError, State
from ..engine.geometry import Map, parse_space
from ..engine.components import CARGO_LIMIT, CONTROL, MARKET_CARDS
from ..engine.observe import determinize
from ..engine.rules import board_kind

BLUEFIN_CONTROL = {"patrol": CONTROL["patrol"], "stronghold": CONTROL["stronghold"],
                   "flagship": CONTROL["bluefin-flagship"]}

__all__ = ["Bot", "RandomBot", "EasyBot", "GreedyBot", "determinize", "evaluate"]


class Bot(abc.ABC):
    """The interface: ``choose(state) -> Action`` for ``state.current_player``."""

    name = "bot"

    @abc.abstractmethod
    def choose(self, state: State) -> Action:
        """The action this bot takes for ``state.current_player``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


class RandomBot(Bot):
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise IllegalActionError("There is nothing to choose: the game is over")
        return self.rng.choice(actions)


# -- a heuristic value of a position for one faction ------------------------------------

WEIGHTS = {
    "fame": 1.0,            # Fame is what wins
    "controlled": 0.5,      # wealth of each region it controls (scored at round end)
    "held": 0.5,            # ... and again if it controls it even without its Flagship
    "presence": 0.15,       # each control point not counting its Flagship (Patrols, Comrades)
    "contested": 0.25,      # wealth of regions the enemy controls (negative)
    "cargo": 1.0,           # each Cargo carried (worth 2 Fame and a Reward delivered)
    "pledged": 0.4,         # each pledged Cargo (scored at the end)
    "gold": 0.3,
    "crew": 0.6,            # each Crew card
    "damage": 0.7,          # each damaged slot of its own (negative)
    "enemy_damage": 0.15,   # each damaged slot of the others
    "aside": 0.6,           # each die set aside unplaced this round (negative)
    "ready": 0.1,           # Mollusk: each Ready Comrade
    "deliverable": 0.0,     # Smuggler: each Cargo whose Deliver suit has an open Island on the map
    "pledge_regions": 0.0,  # Smuggler: each region a pledged Cargo would score now
    "sea": 0,               # Smuggler: 1 to measure its distances by sea, 0 in a straight line
    "route": 0.0,           # Smuggler: each delivery in prospect (Cargo carried or to pick up)
    "fade": 0.75,           # ... each space still to sail keeps this much of its value
    "distance": 0.12,       # each space between the Flagship and where it wants to be (negative)
    "rival_fame": 0.15,     # the best other faction's Fame (negative)
}


def _stronghold_at(data: dict, island) -> bool:
    """Island Dominance: a Smuggler cannot smuggle or deliver where a Stronghold stands."""
    return any(f["kind"] == "stronghold" and tuple(f["at"]) == island for f in data["figures"])


def _distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@lru_cache(maxsize=4096)
def sea_distances(m: Map, start: tuple) -> dict:
    """Spaces of movement from ``start`` to every space of the map ``m`` it can reach by
    moving: not across Sandbars, carried on by Strong Currents, never off the map.

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=1)
    >>> m = Map.of(s.data["tiles"])
    >>> sea_distances(m, (0, 0))[(0, 0)], max(sea_distances(m, (0, 0)).values()) >= 3
    (0, True)
    """
    dist = {start: 0}
    frontier = [start]
    while frontier:
        nxt = []
        for here in frontier:
            d = dist[here] + 1
            for there in m.neighbours(here):
                if there not in m.spaces or not m.can_step(here, there):
                    continue
                push = m.spaces[there].current
                if push is not None:
                    on = (there[0] + push[0], there[1] + push[1])
                    if on in m.spaces and m.can_step(there, on):
                        there = on
                if there not in dist:
                    dist[there] = d
                    nxt.append(there)
        frontier = nxt
    return dist


def _sea_distance(m: Map, a, b) -> int:
    """Spaces of movement from ``a`` to ``b``; where it cannot sail there, a Tailwind or
    an explored tile must do, so the straight-line distance plus a turn's worth."""
    d = sea_distances(m, a).get(b)
    return d if d is not None else _distance(a, b) + 4


def region_summary(data: dict) -> list[dict]:
    """Each region's Island, suit, wealth and control, computed in one pass.

    The same numbers as ``State.regions()`` (the tests check it), several times faster:
    the lookahead evaluates thousands of positions per game.
    """
    m = Map.of(data["tiles"])
    n = len(data["tiles"])
    blue, union, comrades = [0] * n, [0] * n, [0] * n
    claw = [False] * n
    flagships: list[set] = [set() for _ in range(n)]
    for fig in data["figures"]:
        at = fig.get("at")
        info = m.spaces.get(tuple(at)) if at is not None else None
        if info is None:
            continue
        r = info.region
        if fig["kind"] == "flagship":
            flagships[r].add(fig["owner"])
        if fig["owner"] == "bluefin":
            blue[r] += BLUEFIN_CONTROL.get(fig["kind"], 0)
        elif fig["owner"] == "mollusk":
            union[r] += CONTROL["union-ship"]
            claw[r] = claw[r] or fig["kind"] == "cutter"
    for key, count in data["comrades"].items():
        info = m.spaces.get(parse_space(key))
        if info is not None:
            comrades[info.region] += count
    islands = {m.spaces[s].region: s for s in m.islands}
    out = []
    for r, tile in enumerate(data["tiles"]):
        per = CONTROL["claw-comrade"] if claw[r] else CONTROL["comrade"]
        control = {"bluefin": blue[r], "mollusk": comrades[r] * per + union[r]}
        b, u = control["bluefin"], control["mollusk"]
        island = islands[r]
        # Control without the Flagships, which sail away: what holds the region.
        held = {"bluefin": b - CONTROL["bluefin-flagship"] * ("bluefin" in flagships[r]),
                "mollusk": u - CONTROL["union-ship"] * ("mollusk" in flagships[r])}
        out.append({"region": r, "island": island, "suit": m.spaces[island].suit,
                    "wealth": tile["wealth"], "control": control,
                    "controller": "bluefin" if b > u else "mollusk" if u > b else None,
                    "held": held, "flagships": sorted(flagships[r])})
    return out


#: Each faction's own changes to :data:`WEIGHTS` (by kind: ``bluefin``, ``mollusk``,
#: ``smuggler``). The Mollusk Union's are the hard bot's (:data:`ahoy_nb.ai.ismcts.HARD_WEIGHTS`):
#: control points on the map and Ready Comrades 3-4x, its own damage more. With them
#: ``normal`` won 11.5 of 40 two-player games as the Mollusk against ``normal``'s Bluefin
#: instead of 6, its Fame margin +4.5 a game (docs/balance.md). The Smugglers' value the
#: deliveries in prospect by the spaces still to sail (``route``) instead of a straight-line
#: pull, pledges by the regions they would score now, gold and Crew less: a ``normal``
#: Smuggler then delivers 5 Cargo a game instead of 2 (docs/bots.md, "The Smugglers").
FACTION_WEIGHTS: dict[str, dict] = {
    "mollusk": {"presence": 0.5, "ready": 0.45, "damage": 1.0},
    "smuggler": {"route": 2.5, "fade": 0.75, "gold": 0.1, "cargo": 0.0, "distance": 0.0,
                 "crew": 0.3, "pledge_regions": 0.8, "pledged": 0.2},
}

_merged: dict[tuple, tuple] = {}

#: The kinds of faction, as weights and options name them (:func:`board_kind`: both
#: Smugglers are one kind).
KINDS = ("bluefin", "mollusk", "smuggler")


def faction_weights(me: str, weights: dict | None = None) -> dict:
    """The weights :func:`evaluate` uses for ``me``: :data:`WEIGHTS`, then the faction's
    own (:data:`FACTION_WEIGHTS`), then ``weights``, whose values may be numbers (for
    every faction) or, under ``"bluefin"``, ``"mollusk"`` or ``"smuggler"``, a dict for
    that faction alone.

    >>> faction_weights("smuggler1", {"gold": 0.2, "smuggler": {"cargo": 2}})["cargo"]
    2
    """
    of = board_kind(me)
    key = (of, id(weights))
    hit = _merged.get(key)
    if hit is not None and hit[0] is weights:
        return hit[1]
    w = {**WEIGHTS, **FACTION_WEIGHTS.get(of, {})}
    if weights:
        w.update({k: v for k, v in weights.items() if not isinstance(v, dict)})
        w.update(weights.get(of, {}))
    if len(_merged) > 256:
        _merged.clear()
    _merged[key] = (weights, w)
    return w


def evaluate(state: State, me: str, weights: dict | None = None,
             regions: list[dict] | None = None) -> float:
    """How good ``state`` looks for ``me``, from public facts and ``me``'s own.

    It reads Fame, gold, Crew, damage and the map (all public), and of secrets only
    ``me``'s own (its Cargo pledges). Meant for positions made by :func:`determinize`.
    ``regions``: :func:`region_summary` of ``state``, when the caller has it already.
    """
    w = faction_weights(me, weights)
    data = state.data
    factions = data["factions"]
    fs = factions[me]
    value = w["fame"] * fs["fame"] + w["gold"] * fs["gold"] + w["crew"] * len(fs["crew"])
    others = [f for f in factions if f != me]
    if others:
        value -= w["rival_fame"] * max(factions[f]["fame"] for f in others)
    damaged = sum(s["damage"] for s in fs["slots"]) + sum(m["damage"] for m in fs["crew"])
    value -= w["damage"] * damaged
    for f in others:
        ofs = factions[f]
        value += w["enemy_damage"] * sum(s["damage"] for s in ofs["slots"])
    value -= w["aside"] * len(fs.get("aside", []))
    if state.is_over:
        # The end: only Fame (and gold, the tie-break) matter now.
        return value + 100.0 * (me in data["winners"])
    if regions is None:
        regions = region_summary(data)
    flagship = next((tuple(f["at"]) for f in data["figures"] if f["id"] == me), None)
    if me in ("bluefin", "mollusk"):
        enemy = "mollusk" if me == "bluefin" else "bluefin"
        targets = []
        for r in regions:
            held = r["held"][me]
            value += w["presence"] * held
            if r["controller"] == me:
                value += w["controlled"] * r["wealth"]
            elif r["controller"] == enemy:
                value -= w["contested"] * r["wealth"]
            if held > r["control"][enemy]:
                value += w["held"] * r["wealth"]
            else:
                targets.append(r)
        if me == "mollusk":
            value += w["ready"] * fs.get("ready", 0)
        if flagship is not None and targets:
            # Head for a region it does not hold yet: near, and rich.
            value -= w["distance"] * min(
                _distance(flagship, r["island"]) / (1 + r["wealth"] / 3) for r in targets)
    elif "cargo" in fs:
        cargo = fs["cargo"]
        value += w["cargo"] * min(len(cargo), CARGO_LIMIT)
        value += w["pledged"] * (len(fs["pledged"]["bluefin"]) + len(fs["pledged"]["mollusk"]))
        if w["pledge_regions"]:
            # What the pledges would score if the game ended now.
            held: dict[tuple[str, str], int] = {}
            for r in regions:
                if r["controller"]:
                    key = (r["controller"], r["suit"])
                    held[key] = held.get(key, 0) + 1
            value += w["pledge_regions"] * sum(
                held.get((to, MARKET_CARDS[c]["suit"]), 0)
                for to, cards in fs["pledged"].items() for c in cards)
        if w["deliverable"] and cargo:
            open_suits = {r["suit"] for r in regions if not _stronghold_at(data, r["island"])}
            value += w["deliverable"] * sum(MARKET_CARDS[c]["deliver"] in open_suits
                                            for c in cargo[:CARGO_LIMIT])
        if w["route"] and flagship is not None:
            value += w["route"] * _route(data, regions, flagship, cargo, w["fade"])
        if flagship is not None:
            if cargo:
                # Toward an Island where it can deliver.
                wanted = {MARKET_CARDS[c]["deliver"] for c in cargo}
            else:
                # Toward an Island where the Market has Cargo of its suit.
                wanted = {MARKET_CARDS[c]["suit"] for c in data["market"]}
            islands = [r["island"] for r in regions if r["suit"] in wanted]
            if islands:
                if w["sea"]:
                    m = Map.of(data["tiles"])
                    value -= w["distance"] * min(_sea_distance(m, flagship, i) for i in islands)
                else:
                    value -= w["distance"] * min(_distance(flagship, i) for i in islands)
    return value


def _route(data: dict, regions: list[dict], flagship: tuple, cargo: list[int],
           fade: float) -> float:
    """A Smuggler's deliveries in prospect, each worth ``fade ** d`` of a delivery, where
    ``d`` is the steps still to take before it is made: spaces to sail, the pick-up, the
    delivery.

    A Cargo carried: the sea distance to the nearest open Island of its Deliver suit. A
    free Cargo space: the shortest trip to an open Island where the Market has a Cargo of
    that Island's suit and on from there to an Island of that Cargo's Deliver suit (each
    free space takes a different Market card). So every step of a trip, the pick-up and
    the delivery each raise the value, and sitting near an Island does not.

    >>> from ahoy_nb.engine import scenario
    >>> from ahoy_nb.engine.components import CARGO_BY_KEY
    >>> fish_island_and_skull_island = [(0, "0,0", 180), (6, "2,1", 0)]
    >>> s = scenario(3, tiles=fish_island_and_skull_island, figures={"smuggler1": "0,0"},
    ...              market=[])
    >>> # Iron is Fish Cargo delivered to a Skull Island: 4 spaces to sail and the delivery.
    >>> sea_distances(Map.of(s.data["tiles"]), (0, 0))[(3, 2)]    # the Skull Island
    4
    >>> iron = CARGO_BY_KEY["iron"]
    >>> _route(s.data, region_summary(s.data), (0, 0), [iron], fade=0.5) == 0.5 ** (4 + 1)
    True
    """
    m = Map.of(data["tiles"])
    here = sea_distances(m, flagship)
    open_islands = [(r["suit"], r["island"]) for r in regions
                    if not _stronghold_at(data, r["island"])]

    def far(start_dist: dict, start: tuple, island: tuple) -> int:
        return start_dist.get(island, _distance(start, island) + 4)

    def to_suit(start_dist: dict, start: tuple, suit: str) -> int | None:
        ds = [far(start_dist, start, i) for s, i in open_islands if s == suit]
        return min(ds) if ds else None

    total = 0.0
    for c in cargo[:CARGO_LIMIT]:
        d = to_suit(here, flagship, MARKET_CARDS[c]["deliver"])
        if d is not None:
            # One step more for the delivery itself: a Cargo at its Island is worth less
            # than delivering it (2 Fame, a reward, a pledge).
            total += fade ** (d + 1)
    free = CARGO_LIMIT - min(len(cargo), CARGO_LIMIT)
    if free:
        trips = []
        for c in data["market"]:
            card = MARKET_CARDS[c]
            best = None
            for suit, island in open_islands:
                if suit != card["suit"]:
                    continue
                on = to_suit(sea_distances(m, island), island, card["deliver"])
                if on is not None:
                    # And one more for taking it: a card still in the Market may be
                    # gone when it gets there.
                    d = far(here, flagship, island) + on + 2
                    best = d if best is None else min(best, d)
            if best is not None:
                trips.append(best)
        trips.sort()
        total += sum(fade ** d for d in trips[:free])
    return total


# -- the greedy bot ------------------------------------------------------------------

#: How many decisions ``GreedyBot(lookahead=n)`` plays on, at most: about a round at 2
#: players (31-45), and a bound on its cost where rounds are longer. Played on to the
#: round's end with no bound, its Mollusk did no better (docs/bots.md).
HORIZON = 40


class GreedyBot(Bot):
    """A short lookahead with a heuristic (:func:`evaluate`), playing fair.

    For each legal action it looks at the position after it (averaging the first
    random event, see the module notes); if that action leaves the same player a
    follow-up decision inside it (the spaces of a Sail, where to Deploy, which damage
    to repair...), it follows its own best follow-up choices, up to ``depth`` of them,
    and scores where they lead. It does not look past the end of the action into the
    next die placement or into other players' decisions.

    So it takes Fame, control and deliveries when it can, heads for Islands where it
    can deliver or gain control, values Cargo, Crew and gold, and avoids damage,
    wasted dice and gold spent on die changes that gain nothing (a changed die is only
    worth its cost if the position after it is better). Near-equal choices are broken
    at random by its seeded generator. In a battle it always fires its Cannons for the
    largest bonus.

    ``samples``: how many outcomes of a random event to average at most; ``depth``:
    how many follow-up decisions to follow; ``breadth``: how many options of a
    follow-up decision to try at most (a seeded sample when there are more); ``weights``: overrides for :data:`WEIGHTS`.

    ``lookahead``: with ``n > 0`` it looks past the action under way. Its ``n`` best
    actions by the value above are each played on, up to the end of the round (when the
    regions score) or :data:`HORIZON` decisions, every player choosing by a quicker
    one-action look (one outcome of a random event, one follow-up, 6 options); it takes
    the action that ends best for it. A Mollusk then sees what Bluefin's last dice of the
    round will do to its regions (Fifth Die). It costs about 20 times as much
    (docs/bots.md, "Looking past the action"). A number is for every faction the bot
    plays; ``{"mollusk": 4}`` only for the kinds named (``"bluefin"``, ``"mollusk"``,
    ``"smuggler"``), as the ``normal`` level plays (:data:`ahoy_nb.ai.levels.NORMAL_LOOKAHEAD`).

    >>> from ahoy_nb.engine import new_game
    >>> s = new_game(2, seed=1)
    >>> GreedyBot(seed=0, lookahead=4).choose(s) in s.legal_actions()
    True
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, *, samples: int = 6, depth: int = 3,
                 breadth: int = 8, weights: dict | None = None,
                 lookahead: int | Mapping[str, int] = 0):
        self.seed = seed
        self.rng = random.Random(seed)
        self.samples = samples
        self.depth = depth
        self.breadth = breadth
        self.weights = weights
        counts = lookahead.values() if isinstance(lookahead, Mapping) else [lookahead]
        if not all(isinstance(n, int) and n >= 0 for n in counts) or (
                isinstance(lookahead, Mapping) and not set(lookahead) <= set(KINDS)):
            raise ValueError(f"lookahead is a number of actions, or one for each of "
                             f"{', '.join(KINDS)}, not {lookahead!r}")
        self.lookahead = lookahead
        self._quick: GreedyBot | None = None

    def looks_ahead(self, faction: str) -> int:
        """How many actions it plays on past the action under way, playing ``faction``.

        >>> GreedyBot(lookahead={"mollusk": 4}).looks_ahead("mollusk")
        4
        >>> GreedyBot(lookahead={"mollusk": 4}).looks_ahead("smuggler1")
        0
        """
        if isinstance(self.lookahead, Mapping):
            return self.lookahead.get(board_kind(faction), 0)
        return self.lookahead

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise IllegalActionError("There is nothing to choose: the game is over")
        if len(actions) == 1:
            return actions[0]
        me = state.current_player
        fire = [a for a in actions if a.verb == "fire"]
        if fire and all(a.verb in ("fire", "hold") for a in actions):
            return max(fire, key=lambda a: _fire_gain(a.notation))
        world = determinize(state, me, self.rng)
        world.legal_actions()  # computed once, shared by the forks below
        scored = [(self.value(world, a, me, self.depth), a) for a in actions]
        n = self.looks_ahead(me)
        if n:
            return self._play_on(world, scored, me, n)
        best = max(v for v, _ in scored)
        top = [a for v, a in scored if v >= best - 1e-6]
        return self.rng.choice(top)

    def _play_on(self, world: State, scored: list[tuple[float, Action]], me: str,
                 n: int) -> Action:
        """Of the ``n`` best actions, the one that, played on, ends best for ``me``."""
        if self._quick is None:
            # Every player's choices in the rest of the round, from this bot's generator.
            self._quick = GreedyBot(0, samples=1, depth=1, breadth=6, weights=self.weights)
            self._quick.rng = self.rng
        ranked = sorted(scored, key=lambda va: -va[0])[:n]  # stable: ties in order
        best, best_value = None, None
        for _, action in ranked:
            s = _fork(world)
            try:
                s.apply(action.notation)
            except IllegalActionError:
                continue  # legal in the true position but not in this guess
            start = s.round
            for _ in range(HORIZON):
                if s.is_over or s.round != start:
                    break
                who = s.current_player
                options = s.legal_actions()
                if len(options) > 1:
                    values = [(self._quick.value(s, o, who, 1), o) for o in options]
                    top = max(v for v, _ in values)
                    options = [next(o for v, o in values if v >= top - 1e-9)]
                s.apply(options[0].notation)
            v = evaluate(s, me, self.weights)
            if best_value is None or v > best_value:
                best, best_value = action, v
        return best if best is not None else ranked[0][1]

    def value(self, world: State, action: Action, me: str, depth: int = 0) -> float:
        """The expected heuristic value for ``me`` of ``action`` in ``world``."""
        probe = _fork(world, options=True)
        probe.chance = "explicit"
        try:
            probe.apply(action.notation)
        except IllegalActionError:
            # Legal in the true position but not in this guess of the hidden facts.
            return evaluate(world, me, self.weights)
        if probe.current_player == "chance":
            outcomes = [outcome for outcome, _ in probe.chance_outcomes()]
            if len(outcomes) > self.samples:
                outcomes = self.rng.sample(outcomes, self.samples)
            total = 0.0
            for outcome in outcomes:
                s = probe.copy().apply(outcome)
                s.chance = "seeded"  # later random events come from the bot's own generator
                total += self._follow(s, me, depth)
            return total / len(outcomes)
        probe.chance = "seeded"
        return self._follow(probe, me, depth)

    def _follow(self, s: State, me: str, depth: int) -> float:
        """The value of ``s`` after ``me`` makes its best follow-up choices inside one action."""
        while depth > 0 and not s.is_over and s.current_player == me and s.data["pending"]:
            best, best_value = None, None
            options = s.legal_actions()
            if len(options) > self.breadth:
                options = self.rng.sample(options, self.breadth)
            for a in options:
                child = _fork(s, options=True)
                try:
                    child.apply(a.notation)  # chance here comes from the bot's own generator
                except IllegalActionError:
                    continue
                v = evaluate(child, me, self.weights)
                if best_value is None or v > best_value:
                    best, best_value = child, v
            if best is None:
                break
            s, depth = best, depth - 1
        return evaluate(s, me, self.weights)


def _fork(state: State, options: bool = False) -> State:
    """A bare copy (no log, no history) for looking ahead.

    With ``options``, the copy reuses ``state``'s table of legal actions (the same
    position has the same options), which saves recomputing it for every sibling.
    """
    fork = State(marshal.loads(marshal.dumps(state.data)))
    if options and getattr(state, "_options", None) is not None:
        fork._options = dict(state._options)
    return fork


def _fire_gain(notation: str) -> int:
    v, w = notation.split(" ")[1].split(">")
    return int(v) - int(w)


class EasyBot(Bot):
    """The ``"easy"`` level: random-leaning. Each decision is a random legal action
    with probability ``randomness``, otherwise :class:`GreedyBot`'s choice (with a
    shallower lookahead)."""

    name = "easy"

    def __init__(self, seed: int | None = None, *, randomness: float = 0.6):
        self.seed = seed
        self.rng = random.Random(seed)
        self.randomness = randomness
        self.greedy = GreedyBot(self.rng.getrandbits(32), samples=3, depth=1)

    def choose(self, state: State) -> Action:
        actions = state.legal_actions()
        if not actions:
            raise IllegalActionError("There is nothing to choose: the game is over")
        if self.rng.random() < self.randomness:
            return self.rng.choice(actions)
        return self.greedy.choose(state)
