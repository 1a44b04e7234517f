"""Reviews spread over the machine's cores (session.reviewing.cores): the same review as
in one process, and a pool whose worker died is replaced, the review made here instead."""

from __future__ import annotations

import os
import random
from concurrent.futures import ProcessPoolExecutor

import pytest

from ahoy_nb.ai.analysis import review
from ahoy_nb.engine import new_game
from ahoy_nb.session import reviewing
from ahoy_nb.widgets.play import play


def _game(seed: int = 3, actions: int = 40):
    s, r = new_game(2, seed=seed), random.Random(seed)
    for _ in range(actions):
        s.apply(r.choice(s.legal_actions()))
    return s


@pytest.mark.full
@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: reviews stay in one process")
def test_the_front_ends_review_over_the_cores_with_the_same_result():
    game = play(state=_game(), people=["bluefin"], bot_delay=None)
    assert game.reviewer.core.executor is reviewing.cores()
    assert isinstance(reviewing.cores(), ProcessPoolExecutor)
    s = _game()
    here = review(s, "bluefin", simulations=4, progress=False)
    spread = reviewing.review_on(reviewing.cores(), s, "bluefin", simulations=4, progress=False)
    assert spread == here
    game.close()


@pytest.mark.full
def test_a_broken_pool_is_forgotten_and_the_review_made_here(monkeypatch):
    class Broken(ProcessPoolExecutor):
        def submit(self, *args, **kwargs):
            from concurrent.futures.process import BrokenProcessPool
            raise BrokenProcessPool("a worker died")

    broken = Broken(1)
    monkeypatch.setattr(reviewing, "_cores", broken)
    s = _game()
    result = reviewing.review_on(broken, s, "bluefin", simulations=0, progress=False)
    assert result == review(s, "bluefin", simulations=0, progress=False)
    assert reviewing._cores is None          # the next cores() makes another
    broken.shutdown()
