"""Engine bugs found while building the random simulation (tests/engine/test_simulation.py)."""

from __future__ import annotations

import random

from ahoy_nb.engine import new_game, scenario

TWO_TILES = [(0, "0,0", 180), (6, "2,1", 0)]  # Fish Island at 0,0, Skull Island at 3,2


def test_plan_cards_drawn_at_round_end_are_secret_from_the_player_who_ended_the_round():
    """The round ends on another player's action; Mollusk's draw stays Mollusk's secret."""
    s = new_game(3, seed=2)
    rng = random.Random(0)
    while s.round == 1:
        s.apply(rng.choice(s.legal_actions()))
    entry = next(e for e in reversed(s.log) if any("Mollusk draws" in t for t in e.events))
    assert entry.player != "mollusk"
    secret = [t for t in entry.events if t.startswith("Mollusk draws ") and "plan card" not in t]
    assert secret and entry.secret_for == ("mollusk",)
    for viewer in (None, "bluefin", "smuggler1"):
        assert not set(entry.seen_by(viewer).events) & set(secret)
        assert not any(set(e["events"]) & set(secret) for e in s.view(viewer)["log"])
    assert set(secret) <= set(entry.seen_by("mollusk").events)
    # The setup entry's plan draw is Mollusk's too (it used to be hidden from Mollusk).
    setup = s.log[0]
    assert set(setup.secret_from_others) <= set(setup.seen_by("mollusk").events)
    assert not set(setup.secret_from_others) & set(setup.seen_by("bluefin").events)


def test_repair_all_reward_triggers_powder_monkey_once():
    """The Rewards grid's "Repair all damage" offers Powder Monkey's 1 damage once, not twice."""
    s = scenario(3, tiles=TWO_TILES, turn="smuggler1", hand=[],
                 figures={"bluefin": "0,0", "smuggler1": "0,0", "mollusk": "3,2"},
                 crew={"smuggler1": ["powder-monkey"]}, cargo={"smuggler1": ["munition"]},
                 damage={"smuggler1": ["sail"]}, reward_markers={"smuggler1": ((1, 3), (2, 2))})
    s.apply("deliver munition")
    s.apply("reward right")  # row 1, column 4: Repair all damage
    assert s.faction("smuggler1").damaged == ()
    assert "no-powder-monkey" in {str(a) for a in s.legal_actions()}
    s.apply("no-powder-monkey")
    assert {str(a) for a in s.legal_actions()} == {"pledge bluefin", "pledge mollusk"}
