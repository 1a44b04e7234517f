"""One source for the shape of a state: every kind of decision frame is declared once
(``kernel.frame``, next to the code that pushes it), and the loader's checks and the
frames' ``TypedDict`` s come from that declaration.
"""

from __future__ import annotations

import ast
import importlib
import json
from pathlib import Path

import pytest

from ahoy_nb.engine import InvalidStateError, State, new_game, scenario
from ahoy_nb.engine import kernel, schema
from ahoy_nb.engine.errors import EngineError
from ahoy_nb.engine.cards.crew import CREW
from ahoy_nb.engine.kernel import AUTO, FRAMES, LEGAL, LIMITS
from roundtrip_support import bot_for, check_state

ENGINE = Path(__file__).resolve().parents[2] / "ahoy_nb" / "engine"


def test_every_kind_of_frame_is_declared_once():
    assert set(FRAMES) == set(AUTO) | set(LEGAL)
    for kind, declared in FRAMES.items():
        assert declared.decides == (kind in LEGAL), kind  # a player is asked exactly when it has options
    with pytest.raises(ValueError, match="declared twice"):
        kernel.frame("move")


def test_a_frame_pushed_unlike_its_declaration_is_an_engine_error():
    """The code that makes frames is held to the declaration the loader reads: a field
    that is not declared, or a required one left out, fails where the frame is pushed."""
    g = kernel.Context(new_game(2, seed=1).data)
    before = list(g.data["pending"])
    for frame in ({"type": "pilot", "player": "bluefin", "step": 0, "steps": 2},  # not declared
                  {"type": "pilot", "player": "bluefin"},                          # no step
                  {"type": "no-such-kind", "player": None}):
        with pytest.raises(EngineError, match="is not as declared"):
            g.push(frame)
    assert g.data["pending"] == before
    g.push({"type": "pilot", "player": "bluefin", "step": 0})


def test_a_card_declares_its_frame_where_the_card_is():
    """Each frame is declared in the module that registers its options or automatic step:
    with ``kernel.frame``, or (a Crew card's) in its record's ``frames``, in its own module."""
    declared_in = {}
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "frame"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                declared_in.setdefault(node.args[0].value, []).append(path.name)
    for key, card in CREW.items():
        module = importlib.import_module(f"ahoy_nb.engine.cards.crew.{key.replace('-', '_')}")
        assert module.CARD is card, key
        for kind in card.frames:
            declared_in.setdefault(kind, []).append(Path(module.__file__).name)
    for kind in FRAMES:
        fn = LEGAL.get(kind) or AUTO.get(kind)
        assert declared_in[kind] == [Path(fn.__code__.co_filename).name], kind


def test_the_loader_has_no_list_of_frame_fields():
    """validate.py names no frame field: it reads the declarations (grep for one finds none)."""
    fields = {name for declared in FRAMES.values() for name in declared.fields}
    state_keys = {"tile", "figures", "tiles", "round", "phase", "turn", "player", "players",
                  "winners", "card", "space", "dice", "gold", "fame", "ready", "slots", "crew",
                  "cargo", "hand", "discard", "ships", "plan", "die", "damage", "once", "placed",
                  "quota", "at", "id", "kind", "owner", "x", "y", "rot", "wealth", "action",
                  "events", "secret", "from", "to", "moved", "left", "most", "value", "why",
                  "tile", "fame", "card", "phase", "dice"}
    source = (ENGINE / "validate.py").read_text()
    words = {n.value for n in ast.walk(ast.parse(source))
             if isinstance(n, ast.Constant) and isinstance(n.value, str)}
    assert not (fields - state_keys) & words
    assert "FRAME_FIELDS" not in source and "NOBODY" not in source


def test_the_declarations_give_the_typed_dicts():
    move = FRAMES["move"].typed
    assert move.__name__ == "MoveFrame"
    assert move.__annotations__["steps"] is int and move.__annotations__["figure"] is str
    assert FRAMES["fight"].typed.__annotations__["bonus"] == dict[str, int]
    # A field a card adds to another kind's frame is part of its type: Gunner's Mate's.
    assert FRAMES["series"].typed.__annotations__["remote"] is bool
    assert FRAMES["series"].fields["remote"].optional
    assert schema.typed_frame("x", {"n": schema.Maybe(schema.Int(0, 3))}).__annotations__["n"] \
        == schema.Maybe(schema.Int(0, 3)).python_type()


def test_the_loader_checks_a_frame_against_its_declaration():
    s = scenario(3, figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
                 decision={"kind": "reward", "player": "smuggler1"})
    doc = json.loads(s.to_json())
    frames = doc["state"]["pending"]
    assert frames[-1]["type"] == "reward"

    def refused(change, why):
        broken = json.loads(json.dumps(doc))
        change(broken["state"]["pending"])
        with pytest.raises(InvalidStateError, match=why):
            State.from_json(json.dumps(broken))

    refused(lambda p: p[-1].update(colour="red"), r"pending\[0\]\.colour is not a field of a reward")
    refused(lambda p: p[-1].update(player=None), "someone must decide a reward")
    refused(lambda p: p.append({"type": "pilot", "player": "smuggler1"}), "a pilot decision has step")
    refused(lambda p: p.append({"type": "pilot", "player": "smuggler1", "step": 0}),
            "must point at a space of movement below")
    refused(lambda p: p.append({"type": "negotiate", "player": "smuggler1", "recruited": 3}),
            "recruited must be from 0 to 2")


# -- the four drifts of issue 19, each a position the engine reaches -----------------------

def test_add_a_tile_before_it_is_drawn_saves():
    s = scenario(3, figures={"bluefin": "0,0", "smuggler1": "1,0", "mollusk": "3,2"},
                 decision={"kind": "reward", "player": "smuggler1"})
    s.apply("reward right")  # "Add a tile to the map": chosen before the tile is drawn
    assert s.data["pending"][-1] == {"type": "add-tile", "player": "smuggler1", "tile": None}
    check_state(s)
    s.apply("add-tile")
    assert isinstance(s.data["pending"][-1]["tile"], int)
    check_state(s)


def test_a_patrol_sunk_below_a_decision_saves():
    """An Order's Patrol attacks a Smuggler and loses; the Smuggler's victory move is asked
    while the Patrol's step, naming it, waits below (it ends when reached)."""
    s = scenario(3, tiles=[(0, "0,0", 180), (6, "2,1", 0)], tile_stack=[],
                 figures={"bluefin": "0,0", "patrol": ["1,1"], "smuggler1": "2,1",
                          "mollusk": "3,2"},
                 turn="bluefin", dice={"bluefin": [3, 5]}, placed={"smuggler1": {"cannons": 4}})
    s.fix_battle(1, 6)
    s.apply("order 3").apply("order 1,1>2,1")
    s.apply("battle smuggler1").apply("hold")
    s.apply("victory move")
    assert s.figure("patrol-1") is None
    assert [f["type"] for f in s.data["pending"]][:2] == ["order", "step"]
    assert s.data["pending"][1]["figure"] == "patrol-1"
    check_state(s)


def test_gunners_mate_battles_save():
    s = scenario(3, tiles=[(0, "0,0", 180), (6, "2,1", 0)], tile_stack=[],
                 figures={"bluefin": "3,2", "smuggler1": "2,1", "mollusk": "2,2"},
                 crew={"smuggler1": ["gunners-mate"]}, turn="smuggler1",
                 dice={"smuggler1": [4, 5]})
    s.apply("cannons 4").apply("gunners-mate 2,2")
    assert s.data["pending"][-1]["remote"] is True
    check_state(s)


def test_a_battle_bonus_from_two_weapons_caches_saves():
    assert LIMITS["battle bonus"] == 1 + 2 * 20  # Fighters, and two Weapons Caches of 20
    s = scenario(2, tiles=[(0, "0,0", 180), (6, "2,1", 0)], tile_stack=[],
                 figures={"bluefin": "2,1", "mollusk": "2,1"}, crew={"mollusk": ["fighters"]},
                 hand=["weapons-cache-a", "weapons-cache-b"], ready=20, turn="mollusk",
                 placed={"mollusk": {"cannons": 4}},
                 decision={"kind": "battle", "attacker": "mollusk", "defender": "bluefin"})
    s.apply("play weapons-cache").apply("play weapons-cache")
    fight = next(f for f in s.data["pending"] if f["type"] == "fight")
    assert fight["bonus"]["attacker"] == 41
    check_state(s)
    doc = json.loads(s.to_json())
    next(f for f in doc["state"]["pending"] if f["type"] == "fight")["bonus"]["attacker"] = 42
    with pytest.raises(InvalidStateError, match="must be from 0 to 41"):
        State.from_json(json.dumps(doc))


@pytest.mark.parametrize("key", ["fire", "bonus", "dice"])
@pytest.mark.parametrize("gone", [("attacker",), ("defender",), ("attacker", "defender")])
def test_a_fight_that_lacks_a_side_is_refused(key, gone):
    """Found by scripts/fuzz_saves.py: a fight whose bonus had no attacker was accepted, and
    the battle then failed with KeyError. Fire, bonus and dice each give both sides."""
    s = scenario(2, tiles=[(0, "0,0", 180), (6, "2,1", 0)], tile_stack=[],
                 figures={"bluefin": "2,1", "mollusk": "2,1"}, turn="mollusk",
                 placed={"mollusk": {"cannons": 4}},
                 decision={"kind": "battle", "attacker": "mollusk", "defender": "bluefin"})
    doc = json.loads(s.to_json())
    k = next(i for i, f in enumerate(doc["state"]["pending"]) if f["type"] == "fight")
    for side in gone:
        del doc["state"]["pending"][k][key][side]
    missing = " and the ".join(f"{side}'s" for side in gone)
    with pytest.raises(InvalidStateError) as refused:
        State.from_json(json.dumps(doc))
    assert str(refused.value) == (f"not a valid Ahoy state: pending[{k}].{key} must give both "
                                  f"sides of the battle: the {missing} {'is' if len(gone) == 1 else 'are'} "
                                  f"missing")
    check_state(s)  # the intact position loads


def test_a_new_game_round_trips():
    check_state(new_game(4, seed=1))


def test_a_series_below_may_name_a_defender_sunk_above():
    """Found by scripts/roundtrip_games.py: the Mollusk's battles at -3,1 wait with Bluefin's
    Stronghold in their queue while, further up the stack, Smuggler 2 (the Mollusk's
    defender, winning and moving on by its victory) battles and sinks that Stronghold; the
    Smuggler's next move is asked. The series ends or skips it when reached. (A game of the
    first edition of the rules, where it was found.)"""
    s = new_game(4, seed=1200, rules=1)
    bots = {f: bot_for("random", 12000 + i) for i, f in enumerate(s.players)}
    for _ in range(432):
        s.apply(bots[s.current_player].choose(s))
    series = [f for f in s.data["pending"] if f["type"] == "series"]
    assert series[0]["queue"] == ["stronghold-2"] and s.figure("stronghold-2") is None
    check_state(s)
