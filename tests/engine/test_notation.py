"""Structured actions: one grammar (engine/notation.py) and plain words (engine/words.py)."""

from __future__ import annotations

import random
import re

import pytest

from ahoy_nb.engine import Action, NotationError, new_game
from ahoy_nb.engine.notation import misread, normalise, parse
from ahoy_nb.engine.words import label

KEYS = {"space", "to", "slot", "die", "value", "gold", "card", "cards", "cargo", "plan",
        "defender", "faction", "rotation", "option", "count", "pay"}
# What only the position can tell, so an Action made from notation alone may lack it.
FROM_POSITION = {"gold", "defender", "pay", "count", "slot", "value"}


def random_positions(players: int, seeds=range(8)):
    """Every position of some random games, with its legal actions."""
    for seed in seeds:
        s = new_game(players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over:
            actions = s.legal_actions()
            yield s, actions
            s.apply(rng.choice(actions))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_legal_action_has_its_arguments_as_data_and_a_label_in_words(players):
    verbs = set()
    for state, actions in random_positions(players):
        for a in actions:
            verbs.add(a.verb)
            args = a.args
            assert set(args) <= KEYS, (a, dict(args))
            assert a.verb == a.notation.split(" ")[0]
            # The notation alone gives the same arguments, but for what only the position knows.
            plain = Action(a.player, a.notation).args
            # "assemble 4" alone reads as a die on Assemble; at the Assemble decision it is a count.
            assert (a.verb == "assemble" and "count" in args) or {k: v for k, v in plain.items() if k not in FROM_POSITION} == \
                   {k: v for k, v in args.items() if k not in FROM_POSITION}, a
            if " " in a.notation:
                assert args, f"{a}: its arguments are not read"
            if "die" in args:
                assert args["value"] in range(1, 7) and args["die"] in range(1, 7)
                if a.verb != "fire":
                    assert "gold" in args, a
            text = label(state, a)
            assert text != a.notation and text[0].isupper(), (a, text)
            assert ">" not in text and not re.search(r"\b[a-z]+-[a-z]+\b", text), (a, text)
    assert {"sail", "move", "battle", "fire", "end", "recruit"} <= verbs


def test_placement_arguments_and_words():
    s = new_game(2, seed=3)
    a = Action("bluefin", "cannons 4>6")
    assert a.verb == "cannons" and dict(a.args) == {"slot": "cannons", "die": 4, "value": 6}
    assert label(s, a) == "Turn your 4 into a 6 and place it on Cannons"
    assert dict(Action("bluefin", "sail 4").args) == {"slot": "sail", "die": 4, "value": 4, "gold": 0}
    assert label(s, "sail 4") == "Place your 4 on Sail"
    assert label(s, "fire 4>1") == "Turn your Cannons die down 4 → 1"
    assert label(s, "end") == "End your turn"


def test_listed_actions_know_the_gold_a_die_change_costs():
    s = new_game(2, seed=3)
    while s.current_player is not None and s.turn is None:
        s.apply(s.legal_actions()[0])
    changed = [a for a in s.legal_actions() if "die" in a.args and a.args["die"] != a.args["value"]]
    assert changed
    for a in changed:
        assert a.args["gold"] == abs(a.args["die"] - a.args["value"])  # no Middleman
        assert label(s, a) == (f"Spend {a.args['gold']} gold: {a.args['die']} → "
                               f"{a.args['value']} on {label(s, a).split(' on ', 1)[1]}")


def test_args_are_read_only_and_actions_compare_by_player_and_notation():
    s = new_game(2, seed=3)
    listed = s.legal_actions()[0]
    made = Action(listed.player, listed.notation)
    assert listed == made and hash(listed) == hash(made) and repr(listed) == repr(made)
    with pytest.raises(TypeError):
        listed.args["space"] = (9, 9)


def test_the_grammar_reads_each_shape():
    assert parse("order 1,1>2,1") == ("order", {"space": (1, 1), "to": (2, 1)})
    assert parse("tile -3,2 r270") == ("tile", {"space": (-3, 2), "rotation": 270})
    assert parse("convince 0,0>3,2 2") == ("convince", {"space": (0, 0), "to": (3, 2), "count": 2})
    assert parse("buccaneer pilot elder") == ("buccaneer", {"cards": ("pilot", "elder")})
    assert parse("recruit gunner") == ("recruit", {"card": "gunner"})
    assert parse("harbor-cannons sail 4") == ("harbor-cannons", {"slot": "sail", "value": 4})
    assert parse("emissary-first") == ("emissary-first", {"option": "emissary"})
    assert parse("sea-dog ignore") == ("sea-dog", {"option": "ignore"})
    assert parse("battle smuggler1") == ("battle", {"defender": "smuggler1"})
    assert parse("pledge mollusk") == ("pledge", {"faction": "mollusk"})
    assert normalise("  Sail\t 4 ") == "sail 4"
    with pytest.raises(NotationError):
        normalise(4)


def test_apply_and_str_are_unchanged_by_structured_actions():
    s = new_game(3, seed=5)
    a = s.legal_actions()[0]
    assert str(a) == a.notation
    assert s.copy().apply(a) == s.copy().apply(a.notation) == s.copy().apply(a.notation.upper())


def test_a_battle_result_is_data_in_the_log():
    from ahoy_nb.ai.analysis import battle_winner
    for state, _ in random_positions(2, seeds=range(3)):
        entry = state.log[-1]
        battles = [f for f in entry.facts if f["kind"] == "battle"]
        if battles:
            winner = battles[-1]["winner"]
            assert any(" wins the battle " in e for e in entry.events)
            assert battle_winner(state) == winner
            return
    pytest.fail("no battle in three random games")


def test_the_grammar_reads_every_action_the_engine_offers():
    # Union ships move with bare "sail" / "tailwind" once a die is on their slot.
    met = set()
    for players in (2, 3, 4):
        for state, actions in random_positions(players):
            for a in actions:
                met.add(a.notation)
                assert misread(a.notation) is None, a
                name, _ = parse(a.notation)
                assert name == a.verb
                assert Action(a.player, a.notation) == a
                assert state.is_legal(a.notation), a
    assert {"sail", "tailwind"} <= met
    # Only the ship's move is bare: a board action still needs its die.
    assert misread("cannons") and misread("sail x") and misread("tailwind 7")
