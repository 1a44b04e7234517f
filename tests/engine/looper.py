"""An adversarial player for termination, for ``tests/engine/test_termination.py`` and
``scripts/loop_games.py``.

At every decision :class:`Looper` takes an action that leads back to a position already
seen in the game if there is one, for every seat. Otherwise it keeps free moves going
(Barrelman, Sea Dog, Sea Witch, Aeronauts...) and recruits the Crew that make them, and
else plays at random. :func:`play` plays a game with it and checks that no position
repeats and that the game ends.
"""

from __future__ import annotations

import json
import random

from ahoy_nb.engine import State, new_game
from ahoy_nb.engine.components import CARD_BY_KEY

# Crew whose moves spend no movement, and the verbs of those moves.
MOVERS = ("barrelman", "sea-dog", "sea-witch", "aeronauts")
FREE_VERBS = {"barrelman", "sea-dog", "sea-witch", "aeronauts", "ghastly-gust",
              "whispering-wind", "beakhead", "emissary"}


def position(state: State) -> str:
    """The position (not its log or history) as canonical text."""
    return json.dumps(state.data, sort_keys=True, separators=(",", ":"))


class Looper:
    """Prefers actions that return to a position in ``seen``; then free moves; then chance."""

    def __init__(self, seed: int, seen: set[str]):
        self.rng = random.Random(seed)
        self.seen = seen
        self.tried = 0  # actions looked ahead

    def choose(self, state: State):
        actions = state.legal_actions()
        order = list(actions)
        self.rng.shuffle(order)
        for action in order:
            self.tried += 1
            if position(state.after(action)) in self.seen:
                return action  # the loop it was looking for
        free = [a for a in order if a.verb in FREE_VERBS
                or (a.verb == "recruit" and a.args.get("card") in MOVERS)]
        return free[0] if free else order[0]


def with_movers(players: int, seed: int) -> State:
    """A seeded game after its setup, one faction holding Barrelman, Sea Dog, Sea Witch and
    Aeronauts (taken from wherever they are: Market, deck or box), with 4 more gold."""
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    while s.phase == "setup":
        s.apply(rng.choice(s.legal_actions()))
    data = s.data
    holder = data["players"][seed % players]
    for key in MOVERS:
        card = CARD_BY_KEY[key]
        for pile in (data["market"], data["market_deck"], data["market_box"]):
            if card in pile:
                pile.remove(card)
        data["factions"][holder]["crew"].append({"card": card, "die": None, "damage": False})
    data["factions"][holder]["gold"] += min(4, 20 - sum(fs["gold"] for fs in data["factions"].values()))
    while len(data["market"]) < 3 and data["market_deck"]:
        data["market"].append(data["market_deck"].pop())
    return State.from_json(s.to_json())  # the loader's checks: a position the engine can play


def play(players: int, seed: int, movers: bool = False, most: int = 20_000) -> dict:
    """One game of loopers in every seat. Raises AssertionError if a position repeats or
    the game does not end within ``most`` actions; returns what it measured."""
    s = with_movers(players, seed) if movers else new_game(players, seed=seed)
    seen = {position(s)}
    bots = {f: Looper(seed * 10 + i, seen) for i, f in enumerate(s.players)}
    calm = free = 0
    for n in range(most):
        if s.is_over:
            return {"actions": n, "positions": len(seen), "longest_calm": calm, "free": free,
                    "looked_ahead": sum(b.tried for b in bots.values())}
        action = bots[s.current_player].choose(s)
        free += action.verb in FREE_VERBS
        s.apply(action)
        key = position(s)
        assert key not in seen, (f"{players}p seed {seed}: a position repeats after "
                                 f"{', '.join(e.action for e in s.log[-8:])}")
        seen.add(key)
        calm = max(calm, s._calm)
    raise AssertionError(f"{players}p seed {seed}: no end after {most} actions")
