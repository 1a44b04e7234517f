"""The fixed action space: every action the engine offers has an id, and ids round-trip.

Random games (2-4 players; every other one biased toward card actions, so Crew and plan
decisions come up) check every legal action at every decision; the id space is checked
whole on maps of every size.
"""

from __future__ import annotations

import random

import pytest

from ahoy_nb.adapters import actions
from ahoy_nb.adapters.actions import NUM_ACTIONS, NoActionIdError, action_id, legal_ids, notation_of
from ahoy_nb.engine import IllegalActionError, new_game
from ahoy_nb.engine.cards import crew
from ahoy_nb.engine.components import CARD_BY_KEY

CARD_WORDS = ({w for w in crew.VERBS if not w.startswith("no-") and not w.endswith("-first")}
              | {"recruit", "play"})


def play_checking(seed: int, players: int, biased: bool) -> tuple[int, set[int]]:
    """A whole random game; every legal action at every decision has an id that names it."""
    rng = random.Random(seed)
    s = new_game(players, seed=seed)
    checked, seen = 0, set()
    while not s.is_over:
        legal = s.legal_actions()
        ids = legal_ids(s)
        assert sorted(ids.values()) == sorted(a.notation for a in legal)
        for i, notation in ids.items():
            assert 0 <= i < NUM_ACTIONS
            assert notation_of(s, i) == notation
            assert action_id(s, notation) == i
        checked += len(ids)
        seen |= set(ids)
        cards = [a for a in legal if a.verb in CARD_WORDS or a.verb in CARD_BY_KEY]
        s.apply(rng.choice(cards) if biased and cards and rng.random() < 0.85 else rng.choice(legal))
    return checked, seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_in_random_games_has_an_id_that_maps_back(players):
    checked = 0
    for seed in range(4):
        n, _ = play_checking(100 * players + seed, players, biased=seed % 2 == 1)
        checked += n
    assert checked > 3_000


@pytest.mark.full
def test_every_legal_action_in_300_random_games_has_an_id_that_maps_back():
    seen: set[int] = set()
    for seed in range(300):
        _, ids = play_checking(seed, 2 + seed % 3, biased=seed % 2 == 1)
        seen |= ids
    assert len(seen) > 2_000   # 2,277 distinct ids in 150 such games


def _map_of(tiles: int, seed: int):
    """A position of a random game once ``tiles`` tiles are on the map."""
    rng = random.Random(seed)
    s = new_game(4, seed=seed)
    while len(s.regions()) < tiles and not s.is_over:
        s.apply(rng.choice(s.legal_actions()))
    return s


def test_ids_and_notation_are_inverse_over_the_whole_space():
    fixed = sum(size for (_, domains), size in zip(actions.FAMILIES, actions.SIZES)
                if not any(d.uses_map for d in domains))
    named = []
    for tiles in (2, 5, 11):
        s = _map_of(tiles, seed=tiles)
        n = 0
        for i in range(NUM_ACTIONS):
            try:
                text = notation_of(s, i)
            except NoActionIdError:
                continue
            assert action_id(s, text) == i, (i, text)
            n += 1
        named.append(n)
    # Every id that needs no place names an action; places grow with the map.
    assert fixed < named[0] < named[1] < named[2] < NUM_ACTIONS


def test_the_numbering_is_stable():
    """Ids are a published interface: a change to these is a change to every saved policy."""
    s = new_game(2, seed=3)
    assert NUM_ACTIONS == 10_788
    assert [action_id(s, t) for t in ("end", "sail", "sail 1", "sail 6>1", "recruit gunner",
                                      "play cutter", "start 0,0", "move 1,0", "tile 2,3 r90")] == \
        [0, 5, 36, 66, 799, 1999, 4457, 4634, 10349]
    assert [f[2] for f in actions.describe_families()][:3] == ["end", "anchor", "done"]


def test_a_place_is_named_from_its_own_region_and_off_the_map_from_the_first_window():
    s = new_game(2, seed=3)      # tiles at 0,0 and 2,1: their windows overlap at 1,1 - 2,2
    m = s.map
    # A window's places: (dx + 1) + 4 (dy + 1) for dx, dy from -1 to 2 off the block's corner.
    assert actions.place_index(m, (1, 1)) == 10          # region 0, its bottom-right space
    assert actions.place_index(m, (2, 1)) == 16 + 5      # region 1, its own top-left space
    assert actions.place_index(m, (2, 0)) == 7           # off the map: region 0's window
    assert actions.place_index(m, (5, 5)) is None        # beyond every window


@pytest.mark.parametrize("bad", ["move 900,900", "sail 7", "sail 3>3", "fly away", "", "move 01,2",
                                 "tile 0,0 r45", "recruit nobody", "sail  4", "spend 21"])
def test_notation_with_no_id_is_refused_in_words(bad):
    s = new_game(2, seed=3)
    with pytest.raises(NoActionIdError, match="has no action id"):
        action_id(s, bad)


@pytest.mark.parametrize("bad", [-1, NUM_ACTIONS, 2.5, "3", None])
def test_an_id_out_of_range_is_refused(bad):
    with pytest.raises(IllegalActionError):
        notation_of(new_game(2, seed=3), bad)


def test_a_place_not_on_this_map_names_nothing():
    s = new_game(2, seed=3)
    region_10 = action_id(s, "move 0,0") + 10 * 16    # the same place of the 11th region
    with pytest.raises(NoActionIdError, match="not on this map"):
        notation_of(s, region_10)
    assert notation_of(_map_of(11, seed=11), region_10).startswith("move ")
