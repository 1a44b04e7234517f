"""Mutated saved games, for the loader's fuzz test and ``scripts/fuzz_saves.py``.

:func:`mutate` takes a real save and breaks it the ways a careless hand or an attacker
would (deleted keys, wrong types, out-of-range numbers, unknown factions, duplicated
pieces, truncated text, deep nesting); :func:`check` loads the result and, when the
loader accepts it, plays, draws and shows it to every faction. Both take a
``random.Random`` (Hypothesis's ``st.randoms()`` or a seeded one).
"""

from __future__ import annotations

import json
import random
from functools import lru_cache

from ahoy_nb.engine import State, new_game
from ahoy_nb.render import render_svg

# Values put where they do not belong.
ODD_VALUES = [None, True, False, 0, -1, 1, 7, 99, 10**9, -10**9, 2**70, 1.5, float("inf"), "",
              "x", "kraken", "bluefin", "smuggler2", "<img src=x onerror=alert(1)>", "0,0",
              "99,99", [], {}, [0], [0, 0], [10**9, 0], [-1, -1], ["a", "b"], {"x": 1},
              {"die": [9]}, [[6], [1]], "fight", "move", "attacker"]
PLAY_ACTIONS = 50


@lru_cache(maxsize=None)
def real_saves() -> tuple[str, ...]:
    """Saves of real positions: every player count, setup, play, deep decisions, a finished game."""
    rng = random.Random(20261123)
    saves = []
    for players in (2, 3, 4):
        for seed in range(3):
            s = new_game(players, seed=100 * players + seed)
            saves.append(s.to_json())  # still in setup
            deepest, depth = None, -1
            for _ in range(700):
                if s.is_over:
                    break
                s.apply(rng.choice(s.legal_actions()))
                if len(s.data["pending"]) > depth:
                    deepest, depth = s.to_json(), len(s.data["pending"])
            saves += [deepest, s.to_json()]
    saves.append(finished_game().to_json())
    return tuple(saves)


@lru_cache(maxsize=None)
def finished_game() -> State:
    from ahoy_nb.ai.bots import GreedyBot
    s = new_game(2, seed=7)
    bots = {f: GreedyBot(seed=i, samples=1, depth=1) for i, f in enumerate(s.players)}
    while not s.is_over:
        s.apply(bots[s.current_player].choose(s))
    return s


def _paths(node, path=()):
    """Every place in a parsed save: (path, value)."""
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, path + (i,))


def _parent(doc, path):
    for key in path[:-1]:
        doc = doc[key]
    return doc


def mutate(text: str, rnd: random.Random) -> str:
    """One to three mutations of the save ``text``."""
    for _ in range(rnd.randint(1, 3)):
        how = rnd.choice(["delete", "retype", "number", "faction", "duplicate", "swap",
                          "truncate", "nest", "number", "retype"])
        if how == "truncate":
            text = text[:rnd.randrange(max(1, len(text)))]
            continue
        if how == "nest":
            n = rnd.choice([30, 1000, 100_000])
            text = rnd.choice(["[" * n + text, text[:-1] + ',"x":' + "[" * n + "]" * n + "}",
                               "{\"a\":" * n + "1" + "}" * n])
            continue
        try:
            doc = json.loads(text)
        except (ValueError, RecursionError):  # already truncated or nested: keep it
            continue
        places = [p for p, _ in _paths(doc) if p]
        if not places:
            continue
        path = rnd.choice(places)
        parent, key = _parent(doc, path), path[-1]
        value = parent[key]
        if how == "delete":
            del parent[key]
        elif how == "retype":
            parent[key] = rnd.choice(ODD_VALUES)
        elif how == "number":
            ints = [p for p, v in _paths(doc) if p and isinstance(v, int) and not isinstance(v, bool)]
            if ints:
                path = rnd.choice(ints)
                parent, key = _parent(doc, path), path[-1]
                parent[key] = rnd.choice([parent[key] + rnd.choice([-1, 1, 2, -7, 13]),
                                          -parent[key] - 1, parent[key] * 1000,
                                          rnd.choice([10**6, -10**6, 10**9, 2**64])])
        elif how == "faction":
            names = [p for p, v in _paths(doc) if p and v in ("bluefin", "mollusk", "smuggler1",
                                                              "smuggler2")]
            if names:
                path = rnd.choice(names)
                _parent(doc, path)[path[-1]] = rnd.choice(["kraken", "smuggler3", "Bluefin",
                                                           "mollusk", "smuggler2", "setup"])
        elif how == "duplicate":
            lists = [p for p, v in _paths(doc) if isinstance(v, list) and v]
            if lists:
                target = doc
                for k in rnd.choice(lists):
                    target = target[k]
                target.append(json.loads(json.dumps(rnd.choice(target))))
        elif how == "swap":
            other = rnd.choice(places)
            other_value = _parent(doc, other)[other[-1]]
            parent[key] = json.loads(json.dumps(other_value))
            del value
        text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return text


def check(text: str, rnd: random.Random) -> str:
    """Load ``text``: ``"refused"`` (a ValueError) or ``"accepted"``, after checking that the
    accepted state plays ``PLAY_ACTIONS`` random actions, draws and gives every view.
    Anything else raises (AssertionError or the unexpected exception)."""
    try:
        state = State.from_json(text)
    except ValueError:
        return "refused"
    players = state.players
    for _ in range(PLAY_ACTIONS):
        if state.is_over:
            break
        actions = state.legal_actions()
        assert actions, "an accepted running game offers no action"
        state.apply(rnd.choice(actions))
    render_svg(state)
    for viewer in [None, "all", *players]:
        state.view(None if viewer == "all" else viewer)
        render_svg(state, viewer=viewer)
    str(state), state.prompt, state.winners, state.winner, state.regions()
    return "accepted"
