"""The quiz that closes a lesson: questions drawn at random from positions the engine
builds, answered by the engine, explained after the learner answers (no hints).

Each kind of question is a function ``(rng) -> Question``: it builds a position with
``scenario`` (or ``new_game``) from random choices, and asks the engine the answer
(``State.control``, the legal actions, a battle played on a copy with its dice fixed,
a round or a game ended on a copy); the explanation is made from what the engine said.

>>> import random
>>> q = KINDS["control"](random.Random(3))
>>> len(q.choices), 0 <= q.right < len(q.choices)
(3, True)
>>> quiz = Quiz.draw(["control", "damage", "battle"], 3, random.Random(1))
>>> right, said = quiz.choose(quiz.current.right)
>>> right, quiz.answered
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..engine import State, new_game, scenario
from ..engine.components import (BOARDS, CARGO_BY_KEY, CARGO_KEYS, CONTROL, MARKET_CARDS,
                                 TILES)
from ..engine.geometry import space_name
from ..engine.rules import name
from ..engine.words import slot_title
from .friendly import explain_tile, reason_only

__all__ = ["KINDS", "Question", "Quiz"]


@dataclass(frozen=True)
class Question:
    """One quiz question: ``ask``, ``choices`` (words), the ``right`` choice's index,
    ``why`` (the explanation shown after the answer), the position it is about
    (``state``, shown to everyone: ``viewer``) and the spaces to outline."""

    kind: str
    ask: str
    choices: tuple[str, ...]
    right: int
    why: str
    state: State
    highlight: tuple[str, ...] = ()
    viewer: str | None = "all"


@dataclass
class Quiz:
    """Questions asked one at a time: :meth:`choose` answers the current one, and
    :meth:`advance` goes on once it is answered."""

    questions: list[Question]
    index: int = 0
    chosen: list[int | None] = field(default_factory=list)

    def __post_init__(self):
        self.chosen = self.chosen or [None] * len(self.questions)

    @classmethod
    def draw(cls, kinds: Sequence[str], n: int, rng: random.Random) -> "Quiz":
        """``n`` questions of ``kinds`` (each kind in turn, in a random order)."""
        order = list(kinds)
        rng.shuffle(order)
        return cls([KINDS[order[i % len(order)]](rng) for i in range(max(n, 1))])

    @property
    def current(self) -> Question | None:
        return self.questions[self.index] if not self.over else None

    @property
    def over(self) -> bool:
        return self.index >= len(self.questions)

    @property
    def answered(self) -> bool:
        """Whether the current question has been answered (its explanation shown)."""
        return not self.over and self.chosen[self.index] is not None

    @property
    def score(self) -> int:
        return sum(1 for q, c in zip(self.questions, self.chosen) if c == q.right)

    def choose(self, choice: int | str) -> tuple[bool, str]:
        """Answer the current question: whether it was right, and the explanation."""
        q = self.current
        if q is None:
            return False, "The quiz is over."
        if isinstance(choice, str):
            if choice not in q.choices:
                return False, f"{choice!r} is not one of the choices: {', '.join(q.choices)}."
            choice = q.choices.index(choice)
        if not 0 <= choice < len(q.choices):
            return False, f"Choose 0 to {len(q.choices) - 1}."
        if self.chosen[self.index] is not None:
            return False, "This question is answered: press Next for the next one."
        self.chosen[self.index] = choice
        right = choice == q.right
        head = "Right!" if right else f"Not quite: the answer is “{q.choices[q.right]}”."
        return right, f"{head} {q.why}"

    def advance(self) -> None:
        if self.answered:
            self.index += 1

    def text(self, title: str) -> str:
        q = self.current
        parts = [f"### {title} — quiz",
                 f"*Question {self.index + 1} of {len(self.questions)} · no hints: "
                 f"your answer is explained once you give it*", q.ask]
        parts.append("\n".join(f"* {c}" for c in q.choices))
        parts.append("Answer with the buttons beside the board (or `choose(...)` with a "
                     "choice's words, or its place counted from 0).")
        return "\n\n".join(parts)

    def summary(self) -> str:
        return f"Quiz: {self.score} of {len(self.questions)} right."


# -- building positions --------------------------------------------------------------

# Two regions side by side as the rulebook deals them: Islands at 0,0 and 3,2.
PAIR = ("0,0", 180), ("2,1", 0)
ISLANDS = ("0,0", "3,2")


def _tiles(rng: random.Random, wealth: bool = False) -> list[tuple]:
    ids = rng.sample(range(len(TILES)), 2)
    return [(t, at, rot) + ((rng.randint(1, 4),) if wealth else ())
            for t, (at, rot) in zip(ids, PAIR)]


def _build(rng: random.Random, make: Callable[[random.Random], Question], tries: int = 40
           ) -> Question:
    """A question from ``make``, drawn again while the position it draws is impossible."""
    for _ in range(tries):
        try:
            return make(rng)
        except ValueError:
            continue
    raise RuntimeError(f"{make.__name__}: no position after {tries} draws")


def _region_spaces(state: State, island: str) -> list[str]:
    x, y = (int(v) for v in island.split(","))
    region = next(r for r in state.regions() if r["island"] == (x, y))
    return [f"{a},{b}" for a, b in region["spaces"]]


def _yes_no(yes: bool) -> tuple[tuple[str, ...], int]:
    return ("Yes", "No"), 0 if yes else 1


def _shuffled(rng: random.Random, right: str, others: Sequence[str]) -> tuple[tuple[str, ...], int]:
    choices = list(dict.fromkeys([right, *others]))
    rng.shuffle(choices)
    return tuple(choices), choices.index(right)


def _refusal(state: State, notation: str) -> str:
    """The engine's reason for refusing ``notation``, without the notation itself."""
    try:
        state.copy().apply(notation)
        return ""
    except ValueError as err:
        text = reason_only(str(err)).split("is not allowed: ", 1)[-1]
        return text.replace(f" {state.prompt}.", "").rstrip(".")


# -- the kinds of question ------------------------------------------------------------

def _control(rng: random.Random) -> Question:
    tiles = _tiles(rng)
    island = rng.choice(ISLANDS)
    probe = scenario(players=3, tiles=tiles, hand=[])
    spaces = [s for s in _region_spaces(probe, island) if s != island]
    figures: dict = {"patrol": [rng.choice(spaces + [island]) for _ in range(rng.randint(0, 3))]}
    if rng.random() < 0.4:
        figures["stronghold"] = [island]
    other = ISLANDS[1 - ISLANDS.index(island)]
    figures["bluefin"] = rng.choice(spaces + [island, other])
    figures["mollusk"] = rng.choice(spaces + [island, other])
    figures["smuggler1"] = rng.choice(spaces)
    ships = {"cutter": rng.choice(spaces)} if rng.random() < 0.25 else {}
    comrades = {island: rng.randint(0, 4)}
    state = scenario(players=3, tiles=tiles, figures=figures, ships=ships, comrades=comrades,
                     turn="bluefin", hand=[])
    c = state.control(island)
    region = state.region(island)
    right = ("Bluefin" if c["bluefin"] > c["mollusk"] else
             "the Mollusk Union" if c["mollusk"] > c["bluefin"] else "nobody: a tie")
    choices = ("Bluefin", "the Mollusk Union", "nobody: a tie")
    inside = set(_region_spaces(state, island))
    figs = [f for f in state.figures() if f"{f['at'][0]},{f['at'][1]}" in inside]

    def count(owner, kind):
        return sum(1 for f in figs if f["owner"] == owner and f["kind"] == kind)
    blue = [f"{n} {w}" for n, w in ((count("bluefin", "flagship") * CONTROL["bluefin-flagship"],
                                     "for its Flagship"),
                                    (count("bluefin", "patrol") * CONTROL["patrol"], "for Patrols"),
                                    (count("bluefin", "stronghold") * CONTROL["stronghold"],
                                     "for Strongholds")) if n]
    n_com = state.comrades().get(tuple(int(v) for v in island.split(",")), 0)
    claw = count("mollusk", "cutter") > 0
    ships_n = sum(1 for f in figs if f["owner"] == "mollusk")
    red = [f"{n} {w}" for n, w in (
        (n_com * CONTROL["claw-comrade" if claw else "comrade"],
         f"for {n_com} Comrade{'s' if n_com > 1 else ''}{', doubled by the Cutter' if claw else ''}"),
        (ships_n * CONTROL["union-ship"], "for its ships")) if n]
    verdict = ("a tie: nobody scores the region" if c["bluefin"] == c["mollusk"] else
               f"{right} has more and controls it")
    why = (f"Bluefin has {c['bluefin']} ({', '.join(blue) or 'nothing here'}); the Union has "
           f"{c['mollusk']} ({', '.join(red) or 'nothing here'}): {verdict}. Smugglers never "
           f"count.")
    return Question("control", f"Who controls the {region.suit.title()} region (its Island is "
                               f"at {island})?", choices, choices.index(right), why, state,
                    tuple(sorted(inside)))


def _damage(rng: random.Random) -> Question:
    target = rng.choice(["bluefin", "mollusk", "smuggler1"])
    dealer = rng.choice([f for f in ("bluefin", "mollusk", "smuggler1") if f != target])
    kind = "smuggler" if target.startswith("smuggler") else target
    board = BOARDS[kind]
    placed: dict[str, int] = {}
    damage: list[str] = []
    for spec in board:
        key, need = spec["key"], spec["need"]
        roll = rng.random()
        if roll < 0.3 and key not in placed and len(placed) < 3:
            values = (list(need) if isinstance(need, tuple) else [2, 4, 6] if need == "even"
                      else list(range(1, 7)))
            placed[key] = rng.choice(values)
        elif roll < 0.5 and not spec["dashed"] and key not in placed:
            damage.append(key)
    tiles = _tiles(rng)
    state = scenario(players=3, tiles=tiles, turn=dealer, hand=[],
                     figures={"bluefin": "0,0", "mollusk": "3,2", "smuggler1": "1,1"},
                     placed={target: placed}, damage={target: damage},
                     decision={"kind": "damage", "figure": target, "player": dealer})
    slots = state.slots(target)
    keys = [k for k in dict.fromkeys(s["key"] for s in slots)
            if sum(1 for s in slots if s["key"] == k) == 1]
    key = rng.choice(keys)
    slot = next(s for s in slots if s["key"] == key)
    yes = state.is_legal(f"damage {key}")
    title = slot_title(key)
    if yes:
        why = (f"Yes: the {title} slot is empty (no die, no damage token) and has no dashed "
               f"box, so it may take the damage.")
    else:
        cause = ("it holds a die" if slot["die"] is not None else
                 "it already has a damage token" if slot["damage"] else
                 "it has a dashed box" if slot["dashed"] else "the rules refuse it here")
        why = (f"No: {cause}. A slot with a die, a damage token or a dashed box cannot be "
               f"damaged.")
    choices, right = _yes_no(yes)
    who = ("takes 1 damage and chooses where" if dealer == target else
           f"is dealt 1 damage by {name(dealer)}, who chooses where")
    return Question("damage", f"{name(target)}'s Flagship {who}. Can the damage go on "
                              f"{name(target)}'s {title} slot?", choices, right, why, state)


def _battle(rng: random.Random) -> Question:
    attacker = rng.choice(["mollusk", "smuggler1"])
    defender = rng.choice([f for f in ("bluefin", "mollusk", "smuggler1") if f != attacker])
    tiles = _tiles(rng)
    probe = scenario(players=3, tiles=tiles, hand=[])
    open_spaces = [f"{x},{y}" for r in probe.regions() for x, y in r["spaces"]
                   if probe.space(f"{x},{y}").terrain not in ("fog",)]
    where = rng.choice(open_spaces)
    others = {f: rng.choice([s for s in open_spaces if s != where])
              for f in ("bluefin", "mollusk", "smuggler1") if f not in (attacker, defender)}
    cannons = rng.randint(2, 6)
    placed = {attacker: {"cannons": cannons}}
    held = None
    if rng.random() < 0.5:
        held = rng.choice([5, 6]) if defender == "bluefin" else rng.randint(1, 6)
        placed[defender] = {("cannons5" if held == 5 else "cannons6") if defender == "bluefin"
                            else "cannons": held}
    roll_a, roll_d = rng.randint(1, 6), rng.randint(1, 6)
    if roll_a > roll_d + (held or 0) and rng.random() < 0.7:
        raise ValueError("a battle won without firing: draw one that asks more")
    state = scenario(players=3, tiles=tiles, turn=attacker, hand=[],
                     figures={attacker: where, defender: where, **others}, placed=placed,
                     decision={"kind": "fire", "attacker": attacker, "defender": defender,
                               "side": "attacker"})
    outcome = {}
    for k in range(cannons):
        trial = state.copy().fix_battle(roll_a, roll_d)
        trial.apply("hold" if k == 0 else f"fire {cannons}>{cannons - k}")
        if trial.is_legal("hold"):
            trial.apply("hold")             # the defender keeps its die
        said = [e for e in trial.log[-1].events if "wins the battle" in e]
        outcome[k] = said[0] if said else ""
    wins = [k for k, e in outcome.items() if e.startswith(f"{name(attacker)} wins")]
    words = {0: "0: keep the die as it is"} | {k: f"{k}: down to {cannons - k}"
                                                for k in range(1, cannons)}
    choices = list(words.values()) + ["it cannot win"]
    right = words[min(wins)] if wins else "it cannot win"
    held_text = (f"{name(defender)} has a {held} on Cannons and will keep it"
                 if held else f"{name(defender)} has no die on Cannons")
    best = outcome[min(wins)] if wins else outcome[cannons - 1]
    why = ((f"Each pip taken off the Cannons die adds 1 to the roll, and ties go to the "
            f"attacker: {roll_a} + {min(wins)} against {roll_d}. The engine's result: {best}.")
           if wins else
           (f"Even turned down to 1, {roll_a} + {cannons - 1} does not reach {roll_d}: "
            f"{best}."))
    return Question("battle", f"{name(attacker)} battles {name(defender)}'s Flagship at {where} "
                              f"with a {cannons} on Cannons; {held_text}. The battle dice are "
                              f"fixed: {name(attacker)} rolls {roll_a}, {name(defender)} rolls "
                              f"{roll_d}. How far must {name(attacker)} turn its Cannons die down "
                              f"to win, at the least?", tuple(choices), choices.index(right),
                    why, state, (where,))


def _die_fits(rng: random.Random) -> Question:
    who = rng.choice(["bluefin", "mollusk", "smuggler1"])
    kind = "smuggler" if who.startswith("smuggler") else who
    value = rng.randint(1, 6)
    state = scenario(players=3, tiles=_tiles(rng), turn=who, hand=[], gold={who: 0},
                     figures={"bluefin": "0,0", "mollusk": "3,2", "smuggler1": "1,1"},
                     dice={who: [value]})
    actions = list(dict.fromkeys(spec["action"] for spec in BOARDS[kind]))
    fits = [a for a in actions if state.is_legal(f"{a} {value}")]
    misses = [a for a in actions if a not in fits]
    if not fits or len(misses) < 2:
        raise ValueError("no question here")
    right = rng.choice(fits)
    wrong = rng.sample(misses, 2)
    titles = {a: slot_title(a) for a in actions}
    choices, index = _shuffled(rng, titles[right], [titles[w] for w in wrong])
    reasons = " ".join(f"{titles[w]}: {_refusal(state, f'{w} {value}')}." for w in wrong)
    why = f"{titles[right]} takes a {value}. {reasons}"
    return Question("die_fits", f"{name(who)} has a {value} and no gold to change it. Which of "
                                f"these slots takes the {value}?", choices, index, why, state,
                    viewer=who)


def _gold(rng: random.Random) -> Question:
    who = rng.choice(["bluefin", "mollusk"])
    slot, values = {"bluefin": ("cannons", (5, 6)), "mollusk": ("inspire", (6,))}[who]
    die = rng.randint(1, min(values) - 1)
    state = scenario(players=3, tiles=_tiles(rng), turn=who, hand=[], gold={who: 5},
                     figures={"bluefin": "0,0", "mollusk": "3,2", "smuggler1": "1,1"},
                     dice={who: [die]})
    costs = [a.args["gold"] for a in state.legal_actions()
             if a.verb == slot and a.args.get("die") == die]
    cost = min(costs)
    choices = tuple(str(n) for n in range(1, 6))
    why = (f"Each gold changes the die by 1, up or down (never past 6 or 1, never 6 to 1): "
           f"from {die} to {cost + die} is {cost} step{'s' if cost > 1 else ''}, "
           f"{cost} gold.")
    return Question("gold", f"{name(who)}'s {slot_title(slot)} slot takes only "
                            f"{' or '.join(map(str, values))}. How much gold does it cost to place "
                            f"its {die} there?", choices, choices.index(str(cost)), why, state,
                    viewer=who)


def _reach(rng: random.Random) -> Question:
    tiles = _tiles(rng)
    probe = scenario(players=3, tiles=tiles, hand=[])
    spaces = [f"{x},{y}" for r in probe.regions() for x, y in r["spaces"]]
    here = rng.choice(spaces)
    die = rng.choice([1, 2])
    state = scenario(players=3, tiles=tiles, turn="smuggler1", hand=[],
                     figures={"smuggler1": here, "bluefin": "0,0", "mollusk": "3,2"},
                     dice={"smuggler1": [die]})
    ends: dict[str, list[str]] = {}

    def walk(s: State, path: list[str]) -> None:
        top = s.data["pending"][-1]["type"] if s.data["pending"] else None
        if s.current_player != "smuggler1" or top is None or top not in ("move", "step"):
            fig = next(f for f in s.figures() if f["id"] == "smuggler1")
            ends.setdefault(f"{fig['at'][0]},{fig['at'][1]}", path)
            if top is not None and s.current_player == "smuggler1" and top not in ("move", "step"):
                # a decision on the way (a damage): any answer, then on
                nxt = s.legal_actions()[0]
                walk(s.after(nxt), path)
            return
        for a in s.legal_actions():
            if a.verb == "move" and a.args["space"] not in probe.map.spaces:
                continue                      # off the map: not this question's business
            walk(s.after(a), path + ([a.notation.split(" ")[1]] if a.verb == "move" else []))
    walk(state.after(f"sail {die}"), [])
    ends.pop(here, None)
    near = [s for s in spaces if s != here and
            abs(int(s.split(",")[0]) - int(here.split(",")[0]))
            + abs(int(s.split(",")[1]) - int(here.split(",")[1])) <= 3]
    yes = rng.random() < 0.5 and bool(ends)
    target = rng.choice(sorted(ends)) if yes else rng.choice(
        [s for s in near if s not in ends] or [s for s in spaces if s not in ends and s != here])
    yes = target in ends
    if yes:
        why = (f"Yes: {' → '.join([here] + ends[target])}, one adjacent space at a time "
               f"(a Strong Current carries a figure one space more).")
    else:
        where = ", ".join(sorted(ends)) or "nowhere new"
        why = (f"No: with Sail {die} it can end its move only on {where} (adjacent moves, "
               f"no diagonal, no crossing a Sandbar; a Strong Current carries it on).")
    choices, right = _yes_no(yes)
    return Question("reach", f"Smuggler 1 is at {here} and places a {die} on Sail. Can its "
                             f"Flagship end this move on {target}?", choices, right, why, state,
                    (here, target), viewer="smuggler1")


def _deliver(rng: random.Random) -> Question:
    tiles = _tiles(rng)
    island = rng.choice(ISLANDS)
    probe = scenario(players=3, tiles=tiles, hand=[])
    suit = probe.region(island).suit
    matching = [k for k in CARGO_KEYS if MARKET_CARDS[CARGO_BY_KEY[k]]["deliver"] == suit]
    cargo = rng.choice(matching) if rng.random() < 0.6 and matching else rng.choice(CARGO_KEYS)
    stronghold = rng.random() < 0.3
    figures = {"smuggler1": island, "bluefin": ISLANDS[1 - ISLANDS.index(island)],
               "mollusk": _region_spaces(probe, island)[0] if _region_spaces(probe, island)[0] != island
               else _region_spaces(probe, island)[1]}
    if stronghold:
        figures["stronghold"] = [island]
    state = scenario(players=3, tiles=tiles, figures=figures, turn="smuggler1", hand=[],
                     cargo={"smuggler1": [cargo]})
    info = MARKET_CARDS[CARGO_BY_KEY[cargo]]
    yes = state.is_legal(f"deliver {cargo}")
    if yes:
        why = (f"Yes: {info['cargo']} is delivered to a {info['deliver'].title()} Island, and "
               f"this one is {suit.title()}, with no Stronghold on it.")
    else:
        why = f"No: {_refusal(state, f'deliver {cargo}')}."
    choices, right = _yes_no(yes)
    fort = " A Bluefin Stronghold stands on it." if stronghold else ""
    return Question("deliver", f"Smuggler 1 is on the {suit.title()} Island at {island}, "
                               f"carrying {info['cargo']}.{fort} Can it deliver the "
                               f"{info['cargo']} here?", choices, right, why, state, (island,),
                    viewer="smuggler1")


def _explore(rng: random.Random) -> Question:
    tiles = [(0, "0,0", 180), (6, "2,1", 0)]
    state = scenario(players=3, tiles=tiles, hand=[], turn="mollusk",
                     figures={"bluefin": "0,0", "mollusk": "3,1", "smuggler1": "1,0"},
                     dice={"mollusk": [2, 4, 5, 5]})
    state.fix("tile", [rng.choice([t for t in range(len(TILES)) if t not in (0, 6)])])
    state.apply("sail 2")
    state.apply("move 4,1")
    drawn = TILES[state.data["pending"][-1]["tile"]]["suit"] if "tile" in state.data["pending"][-1] \
        else "new"
    rot = rng.choice([0, 90, 180, 270])
    legal = [a.notation for a in state.legal_actions() if a.verb == "tile"]
    if rng.random() < 0.5 and legal:
        tile = rng.choice(legal)
    else:
        tile = f"tile {rng.choice([3, 4])},{rng.choice([0, 1, 2])} r{rot}"
    yes = tile in legal
    x, y = tile.split(" ")[1].split(",")
    turned = tile.split(" ")[2][1:]
    if yes:
        why = ("Yes: it covers 4,1, the space the Union moves to, overlaps no region, and "
               "its Island is not next to another Island.")
    else:
        why = "No: " + (explain_tile(state, tile) or _refusal(state, tile) + ".")
    choices, right = _yes_no(yes)
    return Question("explore", f"The Union sails off the map to 4,1 and draws a {drawn.title()} "
                               f"region. Can it place the tile with its top-left "
                               f"space at {x},{y}, turned {turned}°?", choices, right, why.strip(),
                    state, ("4,1",))


def _fame_round(rng: random.Random) -> Question:
    tiles = _tiles(rng, wealth=True)
    figures: dict = {"patrol": [], "bluefin": rng.choice(["0,0", "1,1", "2,2", "3,2", "0,1"]),
                     "mollusk": rng.choice(["3,2", "2,1", "0,0", "1,0"]), "smuggler1": "1,1"}
    for island in ISLANDS:
        probe = scenario(players=3, tiles=tiles, hand=[])
        figures["patrol"] += rng.sample(_region_spaces(probe, island), rng.randint(0, 2))
    comrades = {island: rng.randint(0, 3) for island in ISLANDS}
    who = rng.choice(["bluefin", "mollusk"])
    state = scenario(players=3, tiles=tiles, figures=figures, comrades=comrades, hand=[],
                     turn="mollusk", dice={"bluefin": [], "smuggler1": [], "mollusk": []})
    after = state.after("end")
    got = after.fame[who] - state.fame[who]
    lines = []
    for r in state.regions():
        c = r["control"]
        holder = name(r["controller"]) if r["controller"] else "nobody (a tie)"
        lines.append(f"the {r['suit'].title()} region (wealth {r['wealth']}): Bluefin "
                     f"{c['bluefin']}, the Union {c['mollusk']}, scored by {holder}")
    why = ("At the end of the round each region's controller gains its wealth in Fame: "
           + "; ".join(lines) + f". {name(who)} gains {got}.")
    others = [str(n) for n in sorted({0, got + 1, max(got - 1, 0), got + 2,
                                      sum(r["wealth"] for r in state.regions())} - {got})]
    choices, right = _shuffled(rng, str(got), others[:3])
    return Question("fame_round", f"Every die is placed and the round is about to end. How much "
                                  f"Fame does {name(who)} gain for regions?", choices, right, why,
                    state)


def _endgame(rng: random.Random, pledges: bool) -> tuple[State, State, dict]:
    tiles = _tiles(rng, wealth=True)
    fame = {f: rng.randint(24, 31) for f in ("bluefin", "mollusk", "smuggler1")}
    fame[rng.choice(list(fame))] = max(30, max(fame.values()) - rng.randint(0, 2))
    gold = {f: rng.randint(0, 3) for f in fame}
    figures = {"bluefin": rng.choice(["0,0", "1,1", "3,2"]),
               "mollusk": rng.choice(["3,2", "2,1", "0,0"]), "smuggler1": "1,1"}
    comrades = {island: rng.randint(0, 3) for island in ISLANDS}
    pledged = {}
    if pledges:
        suits = [TILES[t[0]]["suit"] for t in tiles]
        keys = rng.sample([k for k in CARGO_KEYS if rng.random() < 0.2
                           or MARKET_CARDS[CARGO_BY_KEY[k]]["suit"] in suits], rng.randint(1, 3))
        pledged = {"smuggler1": {"bluefin": keys[:1], "mollusk": keys[1:]}}
    state = scenario(players=3, tiles=tiles, figures=figures, comrades=comrades, hand=[],
                     turn="mollusk", fame=fame, gold=gold, pledged=pledged,
                     dice={"bluefin": [], "smuggler1": [], "mollusk": []})
    after = state.after("end")
    if not after.is_over:
        raise ValueError("the game goes on")
    return state, after, pledged


def _winner(rng: random.Random) -> Question:
    state, after, _ = _endgame(rng, pledges=False)
    best = after.winners
    if len(best) != 1:
        raise ValueError("a shared win")
    right = name(best[0])
    names = [name(f) for f in state.players]
    fame = ", ".join(f"{name(f)} {after.fame[f]}" for f in state.players)
    gold = ", ".join(f"{name(f)} {after.gold[f]}" for f in state.players)
    top = max(after.fame.values())
    tied = [f for f in state.players if after.fame[f] == top]
    why = (f"After the last scoring the Fame is {fame}. "
           + (f"{' and '.join(name(f) for f in tied)} tie on {top}, so the most gold wins "
              f"({gold})." if len(tied) > 1 else "The most Fame wins."))
    choices, index = _shuffled(rng, right, [n for n in names if n != right])
    return Question("winner", "Someone has 30 Fame, so the game ends when this round ends. "
                              "Who wins?", choices, index, why, state)


def _pledge(rng: random.Random) -> Question:
    state, after, pledged = _endgame(rng, pledges=True)
    got = after.fame["smuggler1"] - state.fame["smuggler1"]
    parts = []
    for faction, keys in pledged["smuggler1"].items():
        for key in keys:
            suit = MARKET_CARDS[CARGO_BY_KEY[key]]["suit"]
            n = sum(1 for r in after.regions() if r["controller"] == faction and r["suit"] == suit)
            parts.append(f"{MARKET_CARDS[CARGO_BY_KEY[key]]['cargo']} ({suit.title()}) pledged "
                         f"to {name(faction)}: {n}")
    why = ("Each pledged Cargo scores 1 Fame for each region its faction controls at the end "
           "whose Island has the Cargo's suit (its top-left suit): " + "; ".join(parts)
           + f". In all: {got}.")
    others = [str(n) for n in sorted({0, 1, 2, 3, got + 1} - {got})]
    choices, right = _shuffled(rng, str(got), others[:3])
    listing = "; ".join(f"{name(f)}: " + ", ".join(
        f"{MARKET_CARDS[CARGO_BY_KEY[k]]['cargo']} ({MARKET_CARDS[CARGO_BY_KEY[k]]['suit'].title()})"
        for k in keys) for f, keys in pledged["smuggler1"].items() if keys)
    return Question("pledge", f"The game ends with this round. Smuggler 1's pledges — {listing}. "
                              f"How much Fame do they score?", choices, right, why, state)


def _players(rng: random.Random) -> Question:
    n = rng.choice([2, 3, 4])
    sets = {k: ", ".join(name(f) for f in new_game(k, seed=0).players) for k in (2, 3, 4)}
    state = new_game(n, seed=rng.randrange(1000))
    choices, right = _shuffled(rng, sets[n], [sets[k] for k in (2, 3, 4) if k != n])
    why = f"With {n} players: {sets[n]}, in this order clockwise."
    return Question("players", f"Which factions play in a {n}-player game?", choices, right,
                    why, state)


def _start(rng: random.Random) -> Question:
    state = new_game(3, seed=rng.randrange(1000))
    if rng.random() < 0.5:
        island = next(a.notation for a in state.legal_actions())
        state.apply(island)
    who = state.current_player
    spaces = sorted(state.map.spaces)
    x, y = rng.choice(spaces)
    notation = f"start {x},{y}"
    yes = state.is_legal(notation)
    rule = ("Bluefin's Flagship and Patrol start on an Island" if who == "bluefin" else
            "a Smuggler's Flagship starts on any space but an Island")
    why = f"Yes: {rule}." if yes else f"No: {_refusal(state, notation)}."
    choices, right = _yes_no(yes)
    return Question("start", f"{name(who)} sets up now. Can its Flagship start at "
                             f"{space_name((x, y))}?", choices, right, why, state,
                    (f"{x},{y}",))


def _retrying(make):
    def draw(rng: random.Random) -> Question:
        return _build(rng, make)
    draw.__name__ = make.__name__
    return draw


#: Every kind of question, by name.
KINDS: dict[str, Callable[[random.Random], Question]] = {
    name_: _retrying(make) for name_, make in {
        "control": _control, "damage": _damage, "battle": _battle, "die_fits": _die_fits,
        "gold": _gold, "reach": _reach, "deliver": _deliver, "explore": _explore,
        "fame_round": _fame_round, "winner": _winner, "pledge": _pledge,
        "players": _players, "start": _start}.items()}
