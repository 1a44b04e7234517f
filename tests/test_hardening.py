"""Issue 12: saved games that cannot crash or hang, Action agreement, fair undo, seeds,
escaping (the Panel parts are in tests/apps/test_app.py and tests/browser/test_sessions.py)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from ahoy_nb.engine import Action, IllegalActionError, InvalidStateError, State, new_game
from ahoy_nb.engine.validate import EXTENT, MAX_DEPTH, MAX_TEXT


def save(players=3, seed=1, actions=0) -> dict:
    s = new_game(players, seed=seed)
    for _ in range(actions):
        s.apply(s.legal_actions()[0])
    return json.loads(s.to_json())


def load(doc) -> State:
    return State.from_json(json.dumps(doc) if isinstance(doc, dict) else doc)


# -- the loader ----------------------------------------------------------------------------

def refused(doc, field: str):
    with pytest.raises(InvalidStateError) as err:
        load(doc)
    assert field in str(err.value), str(err.value)
    return str(err.value)


def test_a_real_save_loads_back_equal():
    s = new_game(4, seed=9)
    for _ in range(40):
        s.apply(s.legal_actions()[-1])
    back = State.from_json(s.to_json())
    assert back == s and [e.to_dict() for e in back.log] == [e.to_dict() for e in s.log]


@pytest.mark.parametrize("key, value, field", [
    ("comrades", [], "comrades"),
    ("winners", 5, "winners"),
    ("fixed", {"die": [9]}, "fixed.die[0]"),
    ("fixed", {"die": []}, "fixed.die"),
    ("fixed", {"earthquake": [1]}, "fixed.earthquake"),
    ("round", 10**9, "round"),
    ("rng", -1, "rng"),
    ("turn", {"player": "kraken", "placed": 0, "quota": 3}, "turn.player"),
    ("first", "kraken", "first"),
    ("probe", True, "unknown keys probe"),
])
def test_wrong_fields_are_refused_by_name(key, value, field):
    doc = save(actions=8)
    doc["state"][key] = value
    refused(doc, field)


def test_a_far_away_tile_is_refused_quickly():
    doc = save()
    doc["state"]["tiles"][1]["x"] = 10**9
    assert "tiles[1].x" in refused(doc, "tiles[1]")
    doc["state"]["tiles"][1]["x"] = EXTENT  # inside the extent, but not joined
    refused(doc, "tiles[1] is not joined")


def test_nesting_and_size_are_bounded_before_parsing():
    refused("[" * 100_000, f"nested deeper than {MAX_DEPTH}")
    refused('{"state": ' + '{"a":' * 1000 + "1" + "}" * 1000 + "}", "nested deeper")
    refused(" " * (MAX_TEXT + 1), "longer than")
    refused(b"\xff\xfe", "not UTF-8")
    refused(None, "expected JSON text")
    # Brackets inside strings do not count.
    doc = save()
    doc["log"][0]["events"].append("[" * 1000)
    assert load(doc).log[0].events[-1] == "[" * 1000


@pytest.mark.parametrize("entry, field", [
    ({"player": "bluefin", "action": 4, "events": [], "secret": [], "hidden_action": False}, "log[2].action"),
    ({"player": "bluefin", "action": "x", "events": None, "secret": [], "hidden_action": False}, "log[2].events"),
    ({"player": "kraken", "action": "x", "events": [], "secret": [], "hidden_action": False}, "log[2].player"),
    ({"player": "bluefin", "action": "x", "events": ["a"], "secret": ["b"], "hidden_action": False}, "log[2].secret"),
    ("start 0,0", "log[2]"),
])
def test_malformed_log_entries_are_refused(entry, field):
    doc = save(actions=1)
    doc["log"].append(entry)
    refused(doc, field)


@pytest.mark.parametrize("mutate, field", [
    (lambda d: d["figures"].append(dict(d["figures"][0])), "two figures are called"),
    (lambda d: d["figures"][0].update(at=[40, 40]), "is not on the map"),
    (lambda d: d["figures"][0].update(kind="kraken"), "figures[0].kind"),
    (lambda d: d["factions"]["bluefin"]["dice"].extend([6, 6, 6, 6, 6]), "factions.bluefin.dice"),
    (lambda d: d["factions"]["bluefin"]["slots"].pop(), "factions.bluefin.slots"),
    (lambda d: d["factions"]["bluefin"]["crew"].append({"card": d["market"][0], "die": None,
                                                         "damage": False}), "exactly one place"),
    (lambda d: d["pending"].extend([{"type": "wealth", "player": "bluefin"},
                                    {"type": "fire", "player": "bluefin", "fight": 0,
                                     "figure": "bluefin", "side": "attacker"}]), "must point at a battle"),
    (lambda d: d["pending"].append({"type": "earthquake", "player": None}), "not a kind of decision"),
    # A Smuggler's reward asked of the Mollusk, waiting below another decision.
    (lambda d: d["pending"].extend([{"type": "reward", "player": "mollusk"},
                                    {"type": "wealth", "player": "bluefin"}]),
     "the rules cannot go on from it (KeyError"),
    (lambda d: d["pending"].append({"type": "move", "player": "bluefin"}), "has figure, steps"),
])
def test_inconsistent_positions_are_refused(mutate, field):
    doc = save(actions=12)
    mutate(doc["state"])
    refused(doc, field)


# -- Action: is_legal and apply agree ------------------------------------------------------

@pytest.mark.parametrize("action", [
    Action("mollusk", "start 0,0"), Action("bluefin", 4), Action(None, "start 0,0"),
    Action("kraken", "start 0,0"), Action("bluefin", None),
    Action(4, "start 0,0"), 4, None, "", "start 99999999999999999999,0", "start " + "1" * 5000 + ",0",
])
def test_is_legal_and_apply_agree_on_refusals(action):
    s = new_game(2, seed=3)
    before = s.to_json()
    assert s.is_legal(action) is False
    with pytest.raises(IllegalActionError):
        s.apply(action)
    assert s.to_json() == before


def test_is_legal_and_apply_agree_on_every_legal_action():
    s = new_game(3, seed=4)
    for _ in range(60):
        for a in s.legal_actions():
            assert s.is_legal(a) and s.is_legal(str(a))
            assert not s.is_legal(Action("kraken", a.notation))
        s.apply(s.legal_actions()[0])


# -- fair undo -----------------------------------------------------------------------------

from ahoy_nb.engine.undo import revealed  # noqa: E402
from ahoy_nb.widgets.play import play  # noqa: E402


def bluefin_turn_game(**kw):
    """A 2-player game against a bot: Bluefin has set up and must decide on its turn."""
    g = play(players=2, seed=2, people=("bluefin",), bot_delay=0, charts=False, **kw)
    g.board.intent = {"action": "start 0,0", "id": 1}
    assert g.state.current_player == "bluefin" and g.state.turn_player == "bluefin"
    return g


def first_action(state, reveals: bool, same_player: bool = True):
    """A legal action whose result reveals (or not) chance, keeping (or not) the decision."""
    for a in state.legal_actions():
        after = state.after(a)
        if (revealed(after) is not None) == reveals and \
                (after.current_player == state.current_player) == same_player:
            return after, a.notation
    raise AssertionError("no such action")


def walk_to_explore(state):
    """Actions from Bluefin's turn to a move that draws a region tile."""
    for a in state.legal_actions():
        s = state.after(a)
        for b in s.legal_actions() if s.current_player == "bluefin" else ():
            if revealed(s.after(b)) == "a region tile is drawn":
                return [a.notation, b.notation]
    raise AssertionError("no explore within two actions")


def test_revealed_names_what_an_action_showed():
    s = new_game(2, seed=2).apply("start 0,0")
    assert revealed(s) is None
    path = walk_to_explore(s)
    for notation in path:
        s.apply(notation)
    assert revealed(s) == "a region tile is drawn"
    assert revealed(s, 2) == "a region tile is drawn"
    s = new_game(2, seed=2).apply("start 0,0")
    s.fix_battle(6, 1)
    before = s.copy()
    s.data["rng"] += 1  # any use of the generator counts as a roll
    from ahoy_nb.engine.undo import revealed_between
    assert revealed_between(before.data, s.data, "bluefin") == "the dice are rolled"


def test_fair_undo_takes_back_a_move_that_revealed_nothing():
    g = bluefin_turn_game()
    assert g.undo_mode == "fair"
    after, notation = first_action(g.state, reveals=False)
    g.board.intent = {"action": notation, "id": 2}
    assert g.board.can_undo and not g.board.error
    g.board.intent = {"undo": True, "id": 3}
    assert not g.board.error and g.state.log[-1].action == "start 0,0"


def test_fair_undo_refuses_after_a_drawn_tile_and_free_undo_allows_it():
    for mode in ("fair", "free"):
        g = bluefin_turn_game(undo=mode)
        path = walk_to_explore(g.state)
        for i, notation in enumerate(path):
            g.board.intent = {"action": notation, "id": 10 + i}
        before = g.state.to_json()
        g.board.intent = {"undo": True, "id": 20}
        if mode == "fair":
            assert g.board.error == "You cannot undo: a region tile is drawn"
            assert not g.board.can_undo and g.state.to_json() == before
            assert "You cannot undo: a region tile is drawn" in g.info.value
            with pytest.raises(IllegalActionError, match="a region tile is drawn"):
                g.undo()
        else:
            assert not g.board.error and g.state.to_json() != before


def test_fair_undo_refuses_when_a_bot_rolled_after_the_move():
    g = play(players=2, seed=5, people=("bluefin",), bot_delay=0, charts=False)
    g.board.intent = {"action": "start 0,0", "id": 1}
    # Bluefin plays its turn to the end ("end"): the bot's turn (and its rolls) follow.
    for i in range(10):
        if "end" in g.board.actions:
            break
        g.board.intent = {"action": g.board.actions[-1], "id": 2 + i}
    g.board.intent = {"action": "end", "id": 99}
    mine = max(i for i, e in enumerate(g.state.log) if e.player == "bluefin")
    assert mine < len(g.state.log) - 1, "the bot played after Bluefin's turn"
    before = g.state.to_json()
    g.board.intent = {"undo": True, "id": 100}
    assert g.board.error.startswith("You cannot undo: ") and g.state.to_json() == before


def hotseat(confirm: bool, undo=None):
    g = play(players=3, seed=1, people=("bluefin", "smuggler1"), bot_delay=0, charts=False,
             confirm_handover=confirm, undo=undo)
    g.board.intent = {"action": "start 0,0", "id": 1}  # reveals nothing
    assert g.state.current_player == "smuggler1"
    if confirm:
        assert g.board.handover == "smuggler1"
        g.board.intent = {"reveal": True, "id": 2}
    assert g.board.viewer == "smuggler1"
    return g


@pytest.mark.parametrize("confirm", [True, False])
def test_hot_seat_next_person_cannot_undo_the_previous_move(confirm):
    g = hotseat(confirm)
    before = g.state.to_json()
    assert not g.board.can_undo
    g.board.intent = {"undo": True, "id": 3}
    assert g.board.error == "You cannot undo: the last action is Bluefin's, not yours"
    assert g.state.to_json() == before


def test_hot_seat_free_undo_keeps_todays_behaviour():
    g = hotseat(True, undo="free")
    g.board.intent = {"undo": True, "id": 3}
    assert not g.board.error and len(g.state.history) == 0


@pytest.mark.full
def test_undo_defaults():
    assert play(players=2, seed=1, people=("bluefin",), bot_delay=0, charts=False).undo_mode == "fair"
    assert play(players=2, seed=1, people="all", bot_delay=0, charts=False).undo_mode == "fair"
    assert play(players=2, seed=1, people=(), bot_delay=None, charts=False).undo_mode == "free"
    assert play(players=2, seed=1, viewer="all", bot_delay=0, charts=False).undo_mode == "free"
    with pytest.raises(ValueError, match="undo is 'fair' or 'free'"):
        play(players=2, seed=1, undo="sometimes", charts=False)


# -- widget intents ------------------------------------------------------------------------

from ahoy_nb.widgets import BoardWidget  # noqa: E402
from ahoy_nb.session.view import MAX_ERROR  # noqa: E402


@pytest.mark.parametrize("notation", [
    "move " + "1" * 5000 + ",1",          # past Python's 4,300-digit limit on int()
    "start " + "9" * 150 + ",0",
    "sail " + "x" * 5_000_000,            # a 5 MB intent
    "fire 4>" + "1" * 5000,
])
def test_huge_intents_are_refused_with_a_short_reason(notation):
    w = BoardWidget(new_game(2, seed=2), viewer="bluefin")
    w.intent = {"action": "start 0,0", "id": 1}
    before = w.state.to_json()
    w.intent = {"action": notation, "id": 2}
    assert w.ack == 2 and w.error and len(w.error) <= MAX_ERROR
    assert w.state.to_json() == before


def test_malformed_intents_never_echo_much():
    w = BoardWidget(new_game(2, seed=2), viewer="bluefin")
    for intent in [{"action": 4, "id": 1}, {"undo": "x" * 10**6, "id": 2},
                   {"scrub": "9" * 10**6, "id": 3}, ["x" * 10**6], {"id": "i" * 10**6, "reveal": 1}]:
        w.intent = intent
        assert w.error and len(w.error) <= MAX_ERROR
        assert w.ack is None or len(str(w.ack)) <= 64
    assert len(w.state.history) == 0
    w.intent = {"action": "start 0,0", "id": ["x"] * 10**5}
    assert w.ack is None and w.error == "" and w.state.log[-1].action == "start 0,0"


def test_an_unexpected_failure_in_an_intent_is_shown_not_raised():
    w = BoardWidget(new_game(2, seed=2), viewer="bluefin")

    def broken(notation):
        raise KeyError("a bug")
    w.on_action = broken
    w.intent = {"action": "start 0,0", "id": 7}
    assert w.ack == 7 and "KeyError" in w.error


# -- seeds -----------------------------------------------------------------------------------

@pytest.mark.full
def test_a_random_seed_is_not_shown_until_the_game_is_over():
    g = play(players=2, people=("bluefin",), bot_delay=0, charts=False)
    secret = g._seed
    assert g.seed is None and str(secret) not in g.info.value and "Seed" not in g.info.value
    # tests/engine is on the path only when its own tests are collected: load the file.
    spec = importlib.util.spec_from_file_location(
        "save_fuzz", Path(__file__).parent / "engine" / "save_fuzz.py")
    save_fuzz = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(save_fuzz)
    finished_game = save_fuzz.finished_game
    over = play(state=finished_game().copy(), people=("bluefin",), bot_delay=0, charts=False)
    assert over.seed == 7 and "Seed 7" in over.info.value


def test_a_chosen_seed_is_shown_only_in_analysis_with_a_warning():
    g = play(players=2, seed=424242, people=("bluefin",), bot_delay=0, charts=False)
    assert g.seed is None and "424242" not in g.info.value
    a = play(players=2, seed=424242, viewer="all", bot_delay=0, charts=False)
    assert a.seed == 424242
    assert "Seed 424242 (analysis: the seed reveals every hidden card and future die)" in a.info.value
    r = play(players=2, viewer="all", bot_delay=0, charts=False)  # random: not shown
    assert r.seed is None and "Seed" not in r.info.value


@pytest.mark.full
def test_the_lobby_does_not_show_the_seed():
    from ahoy_nb.widgets.lobby import lobby
    app = lobby(players=2, seed=424242, bot_delay=0)
    assert "424242" not in app.message.value and app.seed.value == ""
    assert app.game._seed == 424242 and app.game.seed is None
    app.start.click()  # a random seed now
    assert not any(ch.isdigit() for ch in app.message.value.split("</span>")[0].split(">", 1)[1])


@pytest.mark.full
def test_the_lobby_says_where_the_seed_is_shown():
    from ahoy_nb.widgets.lobby import lobby
    app = lobby(players=2, seed=424242, bot_delay=0, viewer="all", charts=False)
    assert app.game.seed == 424242  # analysis: the info line shows it, with the warning
    assert "off the screen" not in app.message.value
    assert "shown with the game" in app.message.value
    app.start.click()  # a random seed: hidden until the game is over, even in analysis
    assert app.game.seed is None and "when the game is over" in app.message.value
    played = lobby(players=2, seed=424242, bot_delay=0, charts=False)
    assert "kept off the screen" in played.message.value

# -- escaping --------------------------------------------------------------------------------

MARKUP = '<img src=x onerror="alert(1)">'


def test_markup_in_the_lobby_seed_is_escaped():
    from ahoy_nb.widgets.lobby import lobby
    app = lobby(players=2, seed=1, bot_delay=0)
    app.seed.value = MARKUP
    assert app.new_game() is None
    assert "<img" not in app.message.value and "&lt;img" in app.message.value


@pytest.mark.full
def test_markup_in_a_bot_name_is_escaped_in_the_info_lines():
    from ahoy_nb.ai.bots import RandomBot

    class Named(RandomBot):
        name = MARKUP
    g = play(players=2, people=("bluefin",), bots={"mollusk": Named(1)}, bot_delay=None,
             charts=False)
    assert "<img" not in g.info.value and "&lt;img" in g.info.value
    from ahoy_nb.apps.panel_app import GameApp
    app = GameApp(players=2, seed=1, people=("bluefin",), bot_delay=0)
    app.game.bots["mollusk"].name = MARKUP
    app._on_board()
    assert "<img" not in app.info.object and "&lt;img" in app.info.object


@pytest.mark.parametrize("key", ["players", "seed", "people", "bots", "bot_delay"])
def test_markup_in_address_parameters_is_escaped_on_the_page(key):
    from ahoy_nb.apps.panel_app import GameApp, parse_args
    settings, problems = parse_args({key: MARKUP})
    assert len(problems) == 1 and key in problems[0]
    app = GameApp(**settings, bot_delay=0) if "bot_delay" not in settings else GameApp(**settings)
    app.show_notice(problems)
    assert app.notice.visible and "<img" not in app.notice.object
    assert "&lt;img" in app.notice.object


# -- address parameters (Panel) --------------------------------------------------------------

@pytest.mark.parametrize("args, words", [
    ({"players": "abc"}, "players=abc is not 2, 3 or 4"),
    ({"bot_delay": "nan"}, "bot_delay=nan is not a number of seconds"),
    ({"bot_delay": "inf"}, "bot_delay=inf is not a number of seconds"),
    ({"seed": "1e9"}, "seed=1e9 is not a whole number"),
    ({"seed": "9" * 5000}, "is not a whole number"),
    ({"people": "kraken"}, "people=kraken names a faction not in this game"),
    ({"bots": "clever"}, "bots=clever is not one of easy, normal, hard, random"),
])
def test_bad_address_parameters_give_a_clear_message(args, words):
    from ahoy_nb.apps.panel_app import parse_args
    settings, problems = parse_args(args)
    assert len(problems) == 1 and words in problems[0] and len(problems[0]) < 200
    assert settings["players"] in (2, 3, 4)


def test_good_address_parameters_are_used():
    from ahoy_nb.apps.panel_app import parse_args
    settings, problems = parse_args({"players": "4", "seed": "7", "people": "bluefin,mollusk",
                                     "bots": "random", "bot_delay": "0.1"})
    assert not problems
    assert settings == {"players": 4, "seed": 7, "people": ("bluefin", "mollusk"),
                        "bots": "random", "bot_delay": 0.1}
    # the levels by their names, and greedy for normal
    for name, seat in (("easy", "easy"), ("normal", "normal"), ("hard", "hard"),
                       ("greedy", "normal")):
        assert parse_args({"bots": name}) == ({**parse_args({})[0], "bots": seat}, [])


def test_markup_in_a_loaded_save_never_reaches_the_board_as_markup():
    doc = save(actions=1)
    doc["log"][1]["events"].append(MARKUP)
    s = load(doc)
    w = BoardWidget(s, viewer="bluefin")
    assert "<img" not in w.svg
    assert MARKUP in w.entries[-1]["events"]  # data for board.js, which sets it as text
