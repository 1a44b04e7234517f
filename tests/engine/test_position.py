"""``scenario``: any position a rule mentions, and impossible ones refused with a reason."""

from __future__ import annotations

import pytest

from ahoy_nb.engine import IllegalActionError, InvalidStateError, State

from support import FIGS3, builder, legal, play

game = builder()


def test_an_empty_tile_stack_stops_exploring():
    s = game(turn="smuggler1", tile_stack=[], dice={"smuggler1": [4, 4]})
    assert s.supplies.tiles == 0 and s.supplies.tiles_boxed == 10
    s.apply("sail 4")
    assert "move 1,-1" not in legal(s) and "move 2,0" not in legal(s)  # no tile to explore with
    with_stack = game(turn="smuggler1", tile_stack=[3, 4], dice={"smuggler1": [4, 4]})
    assert with_stack.supplies.tiles == 2 and with_stack.supplies.tiles_boxed == 8
    with_stack.apply("sail 4")
    assert "move 1,-1" in legal(with_stack)


def test_the_tile_stack_and_box_are_checked():
    with pytest.raises(ValueError, match="region tile 0 cannot go in the stack"):
        game(tile_stack=[0])  # on the map
    with pytest.raises(ValueError, match="unknown region tile 99"):
        game(tile_stack=[99])
    with pytest.raises(ValueError, match="every region tile must be somewhere"):
        game(tile_stack=[1], tile_box=[2])
    s = game(tile_box=[5])
    assert (s.supplies.tiles, s.supplies.tiles_boxed) == (9, 1)


def test_an_empty_market_deck_leaves_the_market_unrefilled():
    s = game(turn="smuggler1", market=["gunner"], market_deck=[], figures={"smuggler1": "3,2"},
             gold={"smuggler1": 5})
    assert s.market.deck_size == 0 and s.market.row == ("gunner",)
    s.apply("recruit gunner 4" if "recruit gunner 4" in legal(s) else sorted(
        a for a in legal(s) if a.startswith("recruit gunner"))[0])
    assert s.market.row == () and s.market.deck_size == 0


def test_a_named_market_deck_and_box():
    s = game(market=["gunner", "mystic", "sailor"], market_deck=["pilot", "diver"])
    assert s.market.deck_size == 2 and len(s.market.box) == 30 - 5
    s = game(market_box=["pilot"])
    assert s.market.box == ("pilot",) and s.market.deck_size == 30 - 3 - 1
    with pytest.raises(ValueError, match="market card 'gunner' cannot go in the Market deck"):
        game(market=["gunner"], market_deck=["gunner"])
    # A deck named without a Market row keeps its cards out of the refill.
    s = game(market_deck=["pilot"])
    assert "pilot" not in s.market.row and s.market.deck_size == 1


def test_plan_deck_and_discard():
    s = game(hand=["enlist"], plan_deck=["secret-weapon"])
    mollusk = s.faction("mollusk")
    assert mollusk.plans == ("enlist",) and mollusk.plan_deck_size == 1
    assert len(mollusk.plan_discard) == 10
    s = game(hand=[], plan_discard=["close-call"])
    assert s.faction("mollusk").plan_discard == ("close-call",)
    assert s.faction("mollusk").plan_deck_size == 11
    with pytest.raises(ValueError, match="plan 'enlist' cannot go in the plan deck"):
        game(hand=["enlist"], plan_deck=["enlist"])
    with pytest.raises(ValueError, match="unknown plan 'nope'"):
        game(hand=["nope"])


def test_placed_dice_come_off_the_rolled_dice_by_themselves():
    s = game(turn="smuggler1", placed={"smuggler1": {"cannons": 4, "sail": [2]}})
    me = s.faction("smuggler1")
    assert len(me.dice) == 2 and me.placed == {"cannons": (4,), "sail": (2,)}
    s = game(turn="bluefin", aside={"bluefin": [3]}, placed={"bluefin": {"order": 3}})
    assert len(s.faction("bluefin").dice) == 3 and s.faction("bluefin").aside == (3,)
    # Named dice are the unplaced ones: too many in all is refused with the count.
    with pytest.raises(ValueError, match="Smuggler 1 has 4 action dice, not 5"):
        game(dice={"smuggler1": [1, 2, 3, 4]}, placed={"smuggler1": {"cannons": 4}})


def test_dice_placed_this_turn_and_once_per_turn_flags():
    s = game(turn="smuggler1", placed={"smuggler1": {"cannons": 4}}, placed_this_turn=1,
             crew={"smuggler1": ["mystic"]}, once=["mystic"], figures={**FIGS3, "bluefin": "1,1"})
    assert s.turn.placed == 1 and s.turn.quota == 2 and s.turn.once == ("mystic",)
    assert len(s.faction("smuggler1").dice) == 3
    assert not any(a.startswith("mystic") for a in legal(s))
    with pytest.raises(IllegalActionError, match="only once per turn"):
        s.apply("mystic 1,1")


def test_a_battle_at_the_defenders_firing_decision():
    s = game(turn="smuggler1", figures={**FIGS3, "smuggler1": "0,0"},
             placed={"bluefin": {"cannons6": 6}, "smuggler1": {"cannons": 3}},
             decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin",
                       "side": "defender"})
    assert s.decision.kind == "fire" and s.current_player == "bluefin"
    assert legal(s) == {"hold"} | {f"fire 6>{w}" for w in range(1, 6)}
    s.fix_battle(1, 1)
    s.apply("fire 6>1")
    assert s.battle.winner == "defender" and s.decision.kind == "victory"
    assert s.decision.player == "bluefin"
    assert State.from_json(s.to_json()) == s  # a real, loadable position


def test_a_battle_about_to_start_and_impossible_battles():
    s = game(turn="smuggler1", figures={**FIGS3, "smuggler1": "0,0", "patrol": ["0,0"]},
             placed={"smuggler1": {"cannons": 3}}, hand=["close-call"],
             decision={"kind": "battle", "attacker": "smuggler1", "defender": "bluefin"})
    assert s.battle.defender == "bluefin" and s.decision.kind == "fire"
    assert s.decision.details["side"] == "attacker"
    with pytest.raises(ValueError, match="battle in one space"):
        game(decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin"},
             placed={"smuggler1": {"cannons": 3}})
    with pytest.raises(ValueError, match="the defender cannot fire"):
        game(figures={**FIGS3, "smuggler1": "0,0"}, placed={"smuggler1": {"cannons": 3}},
             decision={"kind": "fire", "attacker": "smuggler1", "defender": "bluefin",
                       "side": "defender"})
    with pytest.raises(ValueError, match="only enemy figures battle, and never in Fog"):
        game(figures={"bluefin": "1,1", "smuggler1": "1,1", "mollusk": "3,2"},
             decision={"kind": "battle", "attacker": "smuggler1", "defender": "bluefin"})
    with pytest.raises(ValueError, match="needs its defender on the map"):
        game(decision={"kind": "battle", "attacker": "smuggler1", "defender": "gunship"})


def test_a_smuggler_choosing_a_reward():
    s = game(turn="smuggler1", reward_markers={"smuggler1": ((1, 2), (2, 2))},
             decision={"kind": "reward", "player": "smuggler1", "pledge": "wine"})
    assert s.decision.kind == "reward" and s.decision.waiting == ("pledge",)
    assert legal(s) == {"reward up", "reward left", "reward right"}
    play(s, "reward up", "pledge mollusk")  # 2 Fame, then the delivery's pledge
    assert s.faction("smuggler1").fame == 2
    assert s.faction("smuggler1").pledges["mollusk"] == ("wine",)
    with pytest.raises(ValueError, match="only a Smuggler gains rewards"):
        game(decision={"kind": "reward", "player": "bluefin"})


def test_a_damage_to_assign():
    s = game(turn="smuggler1", decision={"kind": "damage", "figure": "bluefin",
                                         "player": "smuggler1"})
    assert s.decision.kind == "damage" and s.current_player == "smuggler1"
    s.apply("damage order")
    assert s.faction("bluefin").damaged == ("order",)
    with pytest.raises(ValueError, match="returns to the supply at once"):
        game(figures={**FIGS3, "patrol": ["1,1"]},
             decision={"kind": "damage", "figure": "patrol-1", "player": "smuggler1"})
    with pytest.raises(ValueError, match="'fire', 'battle', 'reward' or 'damage'"):
        game(decision={"kind": "explode"})


def test_impossible_positions_are_refused_with_a_reason():
    with pytest.raises(ValueError, match="smuggler2 is not playing in a 3-player game"):
        game(gold={"smuggler2": 3})
    with pytest.raises(ValueError, match="a turn places 2 dice, not 3"):
        game(placed_this_turn=3)
    with pytest.raises(InvalidStateError, match="only 20 gold"):
        game(gold={"bluefin": 15, "mollusk": 15})
