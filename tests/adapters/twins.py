"""Twin games: two games that differ only in secrets, played in step.

Both are played with explicit chance from the same seed. They draw different outcomes
where the draw is a secret (the tile boxed at setup; with ``secrets=True`` also the plans
the Mollusk draws), a Smuggler pledges differently in each (with ``secrets=True``), and
everything else is the same: the same public draws, and at each decision an action legal
in both. So what a player who may see none of these secrets sees must be the same in
both, at every decision.
"""

from __future__ import annotations

import random
from typing import Iterator

from ahoy_nb.engine import State, new_game

# Random events nobody sees (the boxed tile) or only the Mollusk sees (its plans).
HIDDEN_DRAWS = {False: ("box-tile",), True: ("box-tile", "plan")}


def twins(seed: int, players: int, secrets: bool = True) -> Iterator[tuple[State, State]]:
    """Yield ``(a, b)`` at each decision until the game ends or the twins can go on no more
    (no action or public outcome is possible in both)."""
    rng = random.Random(seed)
    a = new_game(players, seed=seed, chance="explicit")
    b = new_game(players, seed=seed, chance="explicit")
    while not a.is_over:
        assert a.current_player == b.current_player
        if a.current_player == "chance":
            outcomes_a = [o for o, _ in a.chance_outcomes()]
            outcomes_b = [o for o, _ in b.chance_outcomes()]
            if a.chance_kind in HIDDEN_DRAWS[secrets]:
                x = rng.choice(outcomes_a)
                y = rng.choice([o for o in outcomes_b if o != x] or outcomes_b)
            else:
                common = [o for o in outcomes_a if o in outcomes_b]
                if not common:
                    return
                x = y = rng.choice(common)
            a.apply(x)
            b.apply(y)
            continue
        yield a, b
        legal_a = {x.notation for x in a.legal_actions()}
        legal_b = {x.notation for x in b.legal_actions()}
        if secrets and legal_a == legal_b == {"pledge bluefin", "pledge mollusk"}:
            choice = rng.choice(sorted(legal_a))
            a.apply(choice)
            b.apply(({"pledge bluefin", "pledge mollusk"} - {choice}).pop())
            continue
        common = sorted(legal_a & legal_b)
        if not common:
            return
        choice = rng.choice(common)
        a.apply(choice)
        b.apply(choice)


def blind(players: list[str], secrets: bool) -> list[str]:
    """The players who may see none of the twins' differences."""
    return [p for p in players if not secrets or p == "bluefin"]
