"""The loader under fire: mutated real saves (tests/engine/save_fuzz.py) either raise a ValueError
or load a state that plays 50 random actions, draws, and gives every faction its view.

About 60 s of examples in the whole suite, a sixth of them in the fast lane;
``scripts/fuzz_saves.py --count 20000`` is the bulk run.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from save_fuzz import check, mutate, real_saves
from support import at_scale

EXAMPLES = at_scale(1200, 200)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(which=st.integers(min_value=0), rnd=st.randoms(use_true_random=False))
def test_mutated_saves_are_refused_or_play(which, rnd):
    saves = real_saves()
    text = mutate(saves[which % len(saves)], rnd)
    assert check(text, rnd) in ("refused", "accepted")


@pytest.mark.full
def test_the_real_saves_load_and_play():
    import random
    for text in real_saves():
        assert check(text, random.Random(1)) == "accepted"
