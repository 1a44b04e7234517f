"""Round trip as a tested law: every state the engine reaches saves and opens again
(``tests/engine/roundtrip_support.py``), in random, greedy and hard-bot games of 2, 3 and 4 players.

300 seeded games (98 random, 1 greedy and 1 hard at few iterations, for each of 2, 3 and 4
players; in the fast lane 30 random games a count, 96 games in all). Every state of the first random game of each count is checked; in the other
random games, every state whose stack of decisions has a shape no earlier game of the test
met (the rare stacks are where the loader and the engine drifted), every hundredth state,
and the end; in the bot games, every tenth state. A check saves the position and the log
entries written since and opens them again (the same position and log, player and legal
actions); the whole ``to_json()`` text and a save file (``savegame``) are opened at the end
of the bot games and of every tenth random game. About 30 s of one core in all (14 s in the fast lane);
``scripts/roundtrip_games.py`` is the bulk run (figures in docs/trust.md).
"""

from __future__ import annotations

import pytest

from roundtrip_support import play_checked
from support import at_scale

RANDOM_SEEDS = range(1, 1 + at_scale(98, 30))    # random games per player count
BOT_SEEDS = range(1, 2)        # 1 greedy and 1 hard game per player count


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_round_trip(players):
    shapes: set = set()
    states = 0
    for k, seed in enumerate(RANDOM_SEEDS):
        checked, actions = play_checked(players, seed, "random", every=1 if k == 0 else 100,
                                        whole_at_end=k % 10 == 0, shapes=shapes)
        if k == 0:
            assert checked == actions + 1
        states += checked
    # Each game met a shape or two of its own: the stacks are many, not a handful.
    assert len(shapes) > len(RANDOM_SEEDS) and states > 4 * len(RANDOM_SEEDS)


@pytest.mark.full
@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("bot", ["greedy", "hard"])
def test_bot_games_round_trip(bot, players):
    for seed in BOT_SEEDS:
        checked, actions = play_checked(players, seed, bot, every=10)
        assert checked >= actions // 10


def test_a_state_saved_before_the_rules_had_editions_loads_as_the_first():
    import json

    from ahoy_nb.engine import State, new_game
    from ahoy_nb.engine.schema import RULES

    s = new_game(2, seed=5)
    assert s.rules == RULES
    doc = json.loads(s.to_json())
    del doc["state"]["rules"]
    old = State.from_json(json.dumps(doc))
    assert old.rules == 1
    with pytest.raises(ValueError, match="rules"):
        new_game(2, seed=5, rules=RULES + 1)


def test_the_state_layouts_types_name_the_data_not_the_frame_fields():
    """``schema.Tile`` and ``schema.Figure`` are the data's shapes; the frame fields that
    hold a tile's or a figure's id are ``TileId`` and ``FigureId`` (one name each)."""
    import typing

    from ahoy_nb.engine import schema

    hints = typing.get_type_hints(schema.StateData)
    assert hints["tiles"] == list[schema.Tile] and hints["figures"] == list[schema.Figure]
    assert set(typing.get_type_hints(schema.Tile)) == {"tile", "x", "y", "rot", "wealth"}
    assert set(typing.get_type_hints(schema.Figure)) == {"id", "kind", "owner", "at"}
    assert issubclass(schema.FigureId, schema.Field) and issubclass(schema.TileId, schema.Field)
