"""The read-only views of a position (engine/views.py) and the State accessors that give them.

Each fact is checked against a position built to show it, for every faction, and every
hidden fact is refused to anyone who may not see it, as ``State.view`` hides it.
"""

from __future__ import annotations

import dataclasses

import pytest

from ahoy_nb.engine import new_game, scenario
from ahoy_nb.engine.views import HiddenInformationError

from support import TWO_TILES, play

FIGS4 = {"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2", "smuggler2": "2,2"}


def four(**kw):
    kw.setdefault("tiles", TWO_TILES)
    kw.setdefault("figures", FIGS4)
    return scenario(4, **kw)


@pytest.mark.parametrize("f", ["bluefin", "smuggler1", "mollusk", "smuggler2"])
def test_each_factions_facts(f):
    crew = {"bluefin": ["gunner"], "smuggler1": ["mystic"], "mollusk": ["elder"],
            "smuggler2": ["pilot"]}
    s = four(turn=f, crew=crew, gold={f: 4}, fame={f: 7},
             dice={f: [2, 5]}, aside={f: [1]}, placed={f: {"cannons5" if f == "bluefin" else "cannons": 5}},
             damage={f: ["sail"]})
    me = s.faction(f)
    assert (me.name, me.gold, me.fame, me.dice, me.aside) == (f, 4, 7, (2, 5), (1,))
    assert me.crew == tuple(crew[f])
    assert me.damaged == ("sail",)
    assert me.placed == {("cannons5" if f == "bluefin" else "cannons"): (5,)}
    assert me.cannons_loaded
    assert me.flagship == s.figure(f).at and s.figure(f).loaded
    assert me.kind == ("smuggler" if f.startswith("smuggler") else f)
    keys = [slot.key for slot in me.slots]
    assert keys == [slot["key"] for slot in s.slots(f)]  # the same slots as State.slots
    assert s.factions[f] == me
    # A view is a snapshot: frozen, and unchanged by later actions.
    with pytest.raises(dataclasses.FrozenInstanceError):
        me.gold = 9
    if f.startswith("smuggler"):
        assert me.reward_markers.white == (2, 2) and me.cargo == () and me.pledges == {
            "bluefin": (), "mollusk": ()}
        assert me.ready_comrades is None and me.plan_count == 0
    else:
        assert me.reward_markers is None and me.cargo == () and me.pledges == {}
    if f == "mollusk":
        assert me.ready_comrades == 6 and len(me.plans) == me.plan_count == 2
        assert me.plan_deck_size == 10 and me.plan_discard == ()


def test_smuggler_cargo_pledges_and_reward_markers():
    s = four(turn="smuggler1", figures={"smuggler1": "3,2"}, cargo={"smuggler1": ["iron"]},
             pledged={"smuggler1": {"bluefin": ["wine"]}},
             reward_markers={"smuggler2": ((0, 4), (1, 4))})
    me = s.faction("smuggler1")
    assert me.cargo == ("iron",) and me.delivered == ("wine",)
    assert me.pledges == {"bluefin": ("wine",), "mollusk": ()}
    assert s.faction("smuggler2").reward_markers.reward == "4 Fame and increase a wealth die by 1"
    play(s, "deliver iron", "reward up", "pledge mollusk")
    assert me.cargo == ("iron",)  # the old view did not change
    now = s.faction("smuggler1")
    assert now.cargo == () and now.delivered == ("iron", "wine")
    assert now.reward_markers.white == (1, 2) and now.reward_markers.black == (2, 2)


@pytest.mark.parametrize("viewer", ["bluefin", "smuggler1", "smuggler2", None])
def test_plans_and_pledges_are_hidden_from_everyone_else(viewer):
    s = four(turn="mollusk", hand=["secret-weapon", "enlist"],
             pledged={"smuggler1": {"mollusk": ["wine"]}, "smuggler2": {"bluefin": ["iron"]}})
    mollusk = s.faction("mollusk", viewer=viewer)
    assert mollusk.plan_count == 2  # the hand's size is public
    with pytest.raises(HiddenInformationError, match="the Mollusk's plan hand is hidden from"):
        mollusk.plans
    assert "secret-weapon" not in repr(mollusk)
    for smuggler in ("smuggler1", "smuggler2"):
        seen = s.faction(smuggler, viewer=viewer)
        assert seen.delivered  # delivered Cargo is public, its pledge is not
        if viewer == smuggler:
            assert sum(map(len, seen.pledges.values())) == 1
        else:
            with pytest.raises(HiddenInformationError, match="pledges are hidden"):
                seen.pledges
            assert "pledges" not in repr(seen)  # not even in the repr
    assert s.faction("mollusk").plans == ("secret-weapon", "enlist")
    # As view() hides them: the same facts are absent from the viewer's dict.
    assert s.view(viewer)["state"]["factions"]["mollusk"]["hand"] == 2


def test_a_viewer_must_be_a_faction_in_the_game():
    s = new_game(2, seed=1)
    with pytest.raises(ValueError, match="not playing"):
        s.faction("smuggler1")
    with pytest.raises(ValueError, match="a viewer is a faction in the game"):
        s.faction("bluefin", viewer="smuggler2")
    for viewer in ("smuggler2", "kraken", 5, ["bluefin"]):   # not shown a spectator's view instead
        with pytest.raises(ValueError, match=r"a viewer is a faction in the game \(bluefin, "
                                             r"mollusk\) or None \(a spectator\), not "):
            s.view(viewer)


def test_the_decision_offered_only_to_the_player_deciding():
    s = four(turn="smuggler1", placed={"smuggler1": {"cannons": 4}}, dice={"smuggler1": [3, 4]})
    d = s.decision
    assert (d.kind, d.player, d.waiting) == ("turn", "smuggler1", ())
    assert d.offered == tuple(str(a) for a in s.legal_actions())
    assert d.prompt == s.prompt
    other = s.decision_as("mollusk")
    assert other.kind == "turn"
    with pytest.raises(HiddenInformationError, match="choices offered to Smuggler 1 are hidden"):
        other.offered
    s.apply("sail 3")
    d = s.decision
    assert d.kind == "move" and d.figure == "smuggler1" and d.details["steps"] == 2  # Sail: 1 or 2 spaces
    assert s.turn.placed == 1 and s.turn.quota == 2 and s.turn.player == "smuggler1"
    with pytest.raises(TypeError):
        d.details["steps"] = 1  # read-only
    assert new_game(2, seed=1).decision.kind == "setup-bluefin"


def test_a_battle_and_the_decisions_waiting_after_it():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0", "smuggler1": "0,0", "mollusk": "3,2"},
                 turn="smuggler1", placed={"bluefin": {"cannons5": 5}, "smuggler1": {"cannons": 4}},
                 decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin",
                           "side": "attacker"})
    b = s.battle
    assert (b.attacker, b.defender, b.space, b.roll, b.winner) == ("smuggler1", "bluefin", (0, 0),
                                                                  None, None)
    assert s.decision.kind == "fire" and s.decision.player == "smuggler1"
    s.apply("fire 4>1")
    assert s.battle.fire["attacker"] == 3
    assert s.decision.kind == "fire" and s.decision.player == "bluefin"
    s.fix_battle(6, 1)
    s.apply("hold")
    assert s.battle.roll == ((6,), (1,)) and s.battle.winner == "attacker"
    assert s.decision.kind == "victory"
    s.apply("victory reward")
    assert s.decision.kind == "damage" and s.decision.waiting[:1] == ("reward",)


def test_the_map_market_and_supplies():
    s = scenario(3, tiles=TWO_TILES, figures={"bluefin": "0,0", "patrol": ["1,0", "3,1"],
                                              "stronghold": ["0,0"], "mollusk": "3,2"},
                 comrades={"3,2": 2}, market=["gunner", "mystic", "sailor"], ready=3,
                 wealth={"3,2": 4}, gold={"bluefin": 5, "smuggler1": 0, "mollusk": 2})
    space = s.space("0,1")
    assert (space.terrain, space.treasure, space.suit) == ("wreckage", 2, "fish")
    assert s.space("1,0").tailwind == 6 and [f.kind for f in s.space("1,0").figures] == ["patrol"]
    with pytest.raises(ValueError, match="5,5 is not on the map"):
        s.space("5,5")
    skull = s.region("3,1")
    assert (skull.island, skull.suit, skull.wealth, skull.comrades) == ((3, 2), "skull", 4, 2)
    assert skull.control == {"bluefin": 1, "mollusk": 3} and skull.controller == "mollusk"
    assert s.region("0,0").controller == "bluefin"
    assert s.figure("stronghold-1").loaded and s.figure("patrol-1").at == (1, 0)
    assert s.figure("smuggler1") is None  # left off the map
    assert s.market.row == ("gunner", "mystic", "sailor")
    assert s.market.cargo == ("furs", "herbs", "tea")  # the same cards' Cargo side
    assert s.market.deck_size + len(s.market.box) + 3 == 30
    assert len(s.market.box) == 6  # three players: one card of each suit went back to the box
    sup = s.supplies
    assert (sup.patrols, sup.strongholds, sup.comrades, sup.gold) == (8, 2, 15, 13)
    assert (sup.tiles, sup.tiles_boxed) == (10, 0)  # tiles= puts the boxed tile back
