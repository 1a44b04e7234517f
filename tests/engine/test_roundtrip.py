"""Round trip as a tested law: every state the engine reaches saves and opens again
(``tests/engine/roundtrip_support.py``), in random, greedy and hard-bot games of 2, 3 and 4 players.

300 seeded games (98 random, 1 greedy and 1 hard at few iterations, for each of 2, 3 and 4
players): every state of the first random game of each count checked whole, every tenth
state of the others (the position and the log entries written since), the whole law
(``to_json``, ``from_json``, the same legal actions) at the end of each, and a save file
(``savegame``) at the end of every tenth. ``scripts/roundtrip_games.py`` is the bulk run (figures in
docs/trust.md).
"""

from __future__ import annotations

import pytest

from roundtrip_support import play_checked

RANDOM_SEEDS = range(1, 99)    # 98 games per player count
BOT_SEEDS = range(1, 2)        # 1 greedy and 1 hard game per player count


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_round_trip(players):
    states = 0
    for k, seed in enumerate(RANDOM_SEEDS):
        checked, _ = play_checked(players, seed, "random", every=10, whole_every=int(k == 0),
                                  savegame_at_end=k % 10 == 0)
        states += checked
    assert states > 10 * len(RANDOM_SEEDS)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["greedy", "hard"])
def test_bot_games_round_trip(bot, players):
    for k, seed in enumerate(BOT_SEEDS):
        checked, actions = play_checked(players, seed, bot, every=10)
        assert checked >= actions // 10
