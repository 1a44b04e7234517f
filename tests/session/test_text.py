"""The game in words (session/text.py): the position as headings and lists, the typed
commands, a typed line read as an action, and no secret in any of it."""

from __future__ import annotations

import json

import pytest

from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.engine import new_game, scenario
from ahoy_nb.engine.components import PLAN_BY_KEY, PLAN_CARDS
from ahoy_nb.session.board import Board
from ahoy_nb.session.game import GameSession
from ahoy_nb.session.text import NotPossible, position_text, read_line
from ahoy_nb.session.view import board_view, parse_intent, MalformedIntent


def _played(players: int, seed: int, actions: int):
    s = new_game(players, seed=seed)
    bot = RandomBot(seed)
    for _ in range(actions):
        if s.is_over:
            break
        s.apply(bot.choose(s))
    return s


def _words(blocks) -> str:
    return json.dumps(blocks)


def test_each_faction_and_region_is_a_heading_with_its_facts():
    s = _played(3, 2, 40)
    blocks = position_text(s, "bluefin")
    headings = [b["heading"] for b in blocks if b.get("level") == 3]
    for name in ("Bluefin (blue) (you)", "Smuggler 1 (grey)", "Mollusk (green)"):
        assert any(h.startswith(name) for h in headings), headings
    regions = [h for h in headings if " region, Island at " in h]
    assert len(regions) == len(s.regions())
    bluefin = blocks[[b.get("heading", "").startswith("Bluefin") for b in blocks].index(True) + 1]["items"]
    me = s.faction("bluefin")
    assert f"Fame {me.fame}, gold {me.gold}" in bluefin
    assert f"Dice to place: {', '.join(map(str, me.dice)) or 'none'}" in bluefin
    assert any(line.startswith("Flagship at") or line == "Flagship not on the map" for line in bluefin)


@pytest.mark.parametrize("seed", range(200))
def test_no_secret_reaches_a_viewer_who_may_not_see_it(seed):
    """Over 200 seeded games part-played at random: the Mollusk's plans in the text of
    every other viewer, a Smuggler's pledges in anyone's but its own, never."""
    s = _played(4 if seed % 2 else 3, seed, 20 + seed % 120)
    plans = {PLAN_CARDS[PLAN_BY_KEY[p]]["name"] for p in s.faction("mollusk").plans}
    plans = {p for p in plans if p not in s.prompt}   # a plan being played is shown to all
    for viewer in [None, *s.players]:
        text = _words(position_text(s, viewer))
        if viewer != "mollusk":
            assert not [p for p in plans if p in text], (viewer, plans)
            assert "in hand (hidden)" in text
        pledges = text.count("Pledged to Bluefin")
        assert pledges == (1 if viewer in ("smuggler1", "smuggler2") else 0), (viewer, pledges)
        for command in ("plans", "dice", "where mollusk", "last", "region skull"):
            try:
                answer = read_line(s, viewer, command)
            except NotPossible:
                continue
            said = answer.value + " ".join(answer.lines)
            if viewer != "mollusk":
                assert not [p for p in plans if p in said], (viewer, command, said)


def test_the_mollusk_reads_its_own_plans():
    s = new_game(2, seed=1).apply("start 0,0")
    hand = [PLAN_CARDS[PLAN_BY_KEY[p]]["name"] for p in s.faction("mollusk").plans]
    assert read_line(s, "mollusk", "plans").value == "Your plans: " + ", ".join(hand)
    assert all(name in _words(position_text(s, "mollusk")) for name in hand)
    assert read_line(s, "bluefin", "plans").value == "Bluefin holds no plans."


def test_a_line_is_read_as_a_number_a_notation_or_words():
    s = new_game(2, seed=1)
    legal = s.legal_actions()
    assert read_line(s, "bluefin", "1", legal).value == legal[0].notation
    assert read_line(s, "bluefin", "  START 3,2 ", legal).value == "start 3,2"
    assert read_line(s, "bluefin", "Start on the Island at 3,2", legal).value == "start 3,2"
    with pytest.raises(NotPossible, match="choose a number from 1 to 2"):
        read_line(s, "bluefin", "3", legal)
    with pytest.raises(NotPossible, match="Not possible: 'start 1,1' is not allowed"):
        read_line(s, "bluefin", "start 1,1", legal)
    with pytest.raises(NotPossible, match="it is Bluefin's decision now, not Mollusk's"):
        read_line(s, "mollusk", "1", [])
    with pytest.raises(NotPossible, match="Type help"):
        read_line(s, "bluefin", "dance a jig", legal)


def test_the_commands_answer_in_words():
    s = scenario(2, turn="bluefin", figures={"bluefin": "2,1", "mollusk": "3,2"})
    assert read_line(s, "bluefin", "where me").value.startswith("Bluefin (blue): Flagship at 2,1")
    assert read_line(s, "bluefin", "where are the mollusk").value.startswith("Mollusk (green)")
    first, *_ = read_line(s, "bluefin", "region 3,2")
    assert read_line(s, "bluefin", "region 3,2").lines[-1].startswith("Next to: ")
    assert read_line(s, "bluefin", "turn").value.startswith("Round 1: Bluefin (blue) to decide")
    assert read_line(s, "bluefin", "whose turn").value == read_line(s, "bluefin", "turn").value
    assert read_line(s, "bluefin", "rules fog").lines
    assert read_line(s, "bluefin", "help").lines
    assert read_line(s, "bluefin", "chance").kind == "chance"
    assert read_line(s, "bluefin", "hint").kind == "press"
    assert read_line(s, "bluefin", "undo").kind == "undo"
    with pytest.raises(NotPossible, match="name a faction"):
        read_line(s, "bluefin", "where atlantis")


def test_the_text_trait_is_made_only_in_text_mode_and_a_line_is_an_intent():
    s = new_game(2, seed=1)
    assert board_view(s, "bluefin")["text"] == []
    shown = board_view(s, "bluefin", text=True)
    assert shown["text"][0] == {"heading": "Game", "level": 2}
    assert parse_intent({"line": "sail 4", "id": 1}).kind == "line"
    with pytest.raises(MalformedIntent):
        parse_intent({"line": "x" * 500, "id": 1})
    with pytest.raises(MalformedIntent):
        parse_intent({"text": "yes", "id": 1})


def test_a_board_in_text_mode_acts_answers_and_refuses_from_typed_lines():
    board = Board(GameSession.of(new_game(2, seed=1), people=("bluefin",), bots="easy"),
                  viewer="bluefin")
    assert board.traits["text"] == []
    board.handle({"text": True, "id": 1})
    numbered = next(b for b in board.traits["text"] if b.get("ordered"))
    assert numbered["items"] == ["Start on the Island at 0,0 (start 0,0)",
                                 "Start on the Island at 3,2 (start 3,2)"]
    board.handle({"line": "2", "id": 2})
    assert board.state.log[1].action == "start 3,2" and board.traits["error"] == ""
    board.handle({"line": "where me", "id": 3})
    assert board.traits["message"]["text"].startswith("Bluefin (blue): Flagship at 3,2")
    before = len(board.state.log)
    board.handle({"line": "sail 9", "id": 4})
    assert board.traits["error"].startswith("Not possible: ") and len(board.state.log) == before
    board.handle({"line": "chance", "id": 5})
    assert board.traits["error"].startswith("Not possible: no chance to win")
    board.handle({"text": False, "id": 6})
    assert board.traits["text"] == []


def test_where_counts_the_figures_of_a_kind_on_one_space():
    # Patrols gather on a space as a game goes on: each kind on a space is said once.
    for seed in range(40):
        s = _played(2, seed, 60)
        for f in ("bluefin", "mollusk"):
            on = [(fig["kind"], fig["at"]) for fig in s.figures()
                  if fig["owner"] == f and fig.get("at") is not None]
            stacked = {k for k in on if on.count(k) > 1}
            if stacked:
                kind, at = sorted(stacked)[0]
                answer = read_line(s, f, f"where {f}").value
                said = f"{on.count((kind, at))} {kind.title()}s at {at[0]},{at[1]} "
                assert said in answer, (said, answer)
                assert answer.count(f" at {at[0]},{at[1]} (") == len({k for k in set(on) if k[1] == at})
                return
    raise AssertionError("no two figures of a kind on one space in 40 games")
