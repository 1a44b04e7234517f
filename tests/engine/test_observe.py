"""The one list of secrets (engine/observe.py): views and determinizations use it."""

from __future__ import annotations

import random

import pytest

from ahoy_nb.ai import bots
from ahoy_nb.engine import new_game, observe


def test_state_view_and_the_bots_use_the_one_list():
    s = new_game(4, seed=2)
    assert s.view("mollusk") == observe.view(s, "mollusk")
    assert bots.determinize is observe.determinize


@pytest.mark.parametrize("viewer", [None, "bluefin", "smuggler1", "mollusk"])
def test_every_secret_is_out_of_the_view(viewer):
    s = new_game(4, seed=2)
    v = observe.view(s, viewer)["state"]
    for secret in observe.GENERATOR:
        assert secret not in v
    for pile, owner, seen_by in observe.PILES:
        holder = v if owner == "game" else v["factions"][owner]
        assert isinstance(holder[pile], int) == (viewer != seen_by or seen_by is None)
    for f, fs in v["factions"].items():
        if "delivered" in fs:
            assert (fs[observe.PLEDGES] is None) == (viewer != f)


def test_a_determinization_keeps_what_the_viewer_sees():
    s = new_game(4, seed=2)
    for viewer in ("bluefin", "mollusk", "smuggler2"):
        guess = observe.determinize(s, viewer, seed=7)
        assert observe.view(guess, viewer)["state"] == {**observe.view(s, viewer)["state"]}
        assert guess.data["seed"] == 0 and guess.data["fixed"] == {}
        assert observe.determinize(s, viewer, 7).data == guess.data
        assert observe.determinize(s, viewer, random.Random(7)).data == guess.data


def test_a_played_ship_plan_stays_in_hand_while_its_launch_is_pending():
    # Mollusk plays the Cutter or Gunship plan; the card waits in hand until ``launch``
    # places the ship. That play is public, so no determinization may deal it away.
    s = new_game(3, seed=8)
    pick = random.Random(8)
    launches = 0
    for _ in range(400):
        if s.is_over:
            break
        top = s.data["pending"][-1] if s.data["pending"] else None
        if top and top["type"] == "launch":
            launches += 1
            for viewer in ("bluefin", "smuggler1", None):
                for seed in range(12):
                    guess = observe.determinize(s, viewer, seed)
                    guess.apply(random.Random(seed).choice(guess.legal_actions()))
        s.apply(pick.choice(s.legal_actions()))
    assert launches
