"""What ``scenario`` builds, the loader opens (docs/analysis.md, "Keep it"), and what the
loader refuses, ``scenario`` refuses in the loader's own words."""

from __future__ import annotations

import json
import random

import pytest

from ahoy_nb.engine import InvalidStateError, State, scenario
from roundtrip_support import check_state

TWO_TILES = [(0, "0,0", 180), (6, "2,1", 0)]
ALL = {"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"}

BUILT = {
    "the issue's puzzle: a Smuggler alone": lambda: scenario(figures={"smuggler1": "1,0"}),
    "no figure at all": lambda: scenario(3),
    "a battle about to start": lambda: scenario(
        3, tiles=TWO_TILES, figures={**ALL, "smuggler1": "0,0"}, turn="smuggler1",
        placed={"smuggler1": {"cannons": 4}},
        decision={"kind": "battle", "attacker": "smuggler1", "defender": "bluefin"}),
    "the defender's fire, no Mollusk": lambda: scenario(
        3, tiles=TWO_TILES, hand=[], figures={"bluefin": "3,1", "smuggler1": "3,1"},
        turn="smuggler1", placed={"bluefin": {"cannons5": 5}, "smuggler1": {"cannons": 4}},
        decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin",
                  "side": "defender"}),
    "a reward and its pledge": lambda: scenario(
        3, figures={"smuggler1": "1,0"}, decision={"kind": "reward", "player": "smuggler1",
                                                   "pledge": "wine"}),
    "a damage to assign": lambda: scenario(
        3, tiles=TWO_TILES, figures=ALL, gold={"smuggler1": 3},
        decision={"kind": "damage", "figure": "bluefin", "player": "smuggler1"}),
    "the Union's ships in play": lambda: scenario(
        2, tiles=TWO_TILES, figures={"bluefin": "0,0", "mollusk": "3,2"},
        ships={"cutter": "3,1", "gunship": "2,2"}, turn="mollusk"),
    "Patrols, Strongholds, Comrades, an empty stack": lambda: scenario(
        4, tiles=TWO_TILES, tile_stack=[], figures={"patrol": ["1,0", "1,1"],
                                                   "stronghold": ["0,0"], "smuggler2": "2,2"},
        comrades={"3,2": 3}, turn="smuggler2", round=3, first="mollusk"),
}


@pytest.mark.parametrize("name", sorted(BUILT))
def test_what_scenario_builds_saves_and_opens(name):
    check_state(BUILT[name]())


def test_a_position_without_some_flagships_plays_to_the_end():
    """The engine plays a study position: what needs a missing Flagship does nothing."""
    for seed in range(12):
        s = scenario(3, seed=seed, figures={"smuggler1": "1,0"})
        rng = random.Random(seed)
        for _ in range(3000):
            if s.is_over:
                break
            s.apply(rng.choice(s.legal_actions()))
        assert s.is_over
    s = scenario(3, tiles=TWO_TILES, figures={"smuggler1": "1,0"}, turn="bluefin",
                 dice={"bluefin": [3, 3, 4, 4, 6]})
    s.apply("deploy 3")
    assert s.log[-1].events[-1] == "Bluefin's Flagship is not on the map: no Patrol is deployed"
    s.apply("bombard 4")
    assert s.log[-1].events[-1] == "Bluefin's Flagship is not on the map: nothing is bombarded"


@pytest.mark.parametrize("change, why", [
    (lambda d: d["figures"][0].update(at=[9, 9]), "figures[0].at 9,9 is not on the map"),
    (lambda d: d["factions"]["bluefin"].update(gold=99), "factions.bluefin.gold must be from 0 to 20"),
    (lambda d: d["comrades"].update({"1,0": 2}), "comrades.1,0 is not an Island on the map"),
])
def test_scenario_refuses_in_the_loaders_words(change, why):
    """The same position refused by the loader (a save edited by hand) and by scenario."""
    good = scenario(3, tiles=TWO_TILES, figures=ALL)
    doc = json.loads(good.to_json())
    change(doc["state"])
    with pytest.raises(InvalidStateError) as loaded:
        State.from_json(json.dumps(doc))
    assert why in str(loaded.value)
    built = {"figures[0].at 9,9 is not on the map": dict(figures={**ALL, "bluefin": "9,9"}),
             "factions.bluefin.gold must be from 0 to 20": dict(figures=ALL, gold={"bluefin": 99}),
             "comrades.1,0 is not an Island on the map": dict(figures=ALL, comrades={"1,0": 2})}
    with pytest.raises(InvalidStateError) as refused:
        scenario(3, tiles=TWO_TILES, **built[why])
    assert str(refused.value) == str(loaded.value)
