"""The board widget, its charts and ``play()``, driven as the front end drives them.

The front end only sets the ``intent`` trait; these tests do the same and check the
engine state, the synced traits and the charts' data.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import ahoy_nb
from ahoy_nb.ai.bots import RandomBot
from ahoy_nb.engine import IllegalActionError, new_game, rulebook_battle, scenario
from ahoy_nb.engine.components import PLAN_CARDS, PLAN_KEYS
from ahoy_nb.widgets import BoardWidget, GameCharts
from ahoy_nb.session import view as view_module
from ahoy_nb.widgets import board as board_module
from ahoy_nb.widgets.charts import region_rows

WIDGETS = Path(board_module.__file__).parent


class Front:
    """What board.js does: set ``intent`` with a fresh id each time."""

    def __init__(self, widget: BoardWidget):
        self.w = widget
        self.next_id = 0

    def send(self, **payload):
        self.next_id += 1
        self.w.intent = dict(payload, id=self.next_id)
        assert self.w.ack == self.next_id
        return self.w

    def act(self, notation):
        return self.send(action=notation)


def synced(widget) -> str:
    """Every trait sent to the front end, as one JSON text."""
    state = widget.get_state()
    names = [n for n in widget.trait_names(sync=True) if not n.startswith("_")]
    return json.dumps({n: state[n] for n in names if n in state}, default=str)


def fast_render(monkeypatch):
    """Replace the SVG renderer by a cheap one (for long games; other tests use the real one)."""
    monkeypatch.setattr(view_module, "render_parts",
                        lambda state, **kw: {"map": view_module._summary_svg(state)})


def started(players=3, seed=1, n=6, rng_seed=0):
    """A game after setup and ``n`` random actions."""
    s = new_game(players, seed=seed)
    r = random.Random(rng_seed)
    for _ in range(n):
        s.apply(r.choice(s.legal_actions()))
    return s


# -- basics ----------------------------------------------------------------------------

def test_repr_is_deterministic():
    a = BoardWidget(new_game(3, seed=1), viewer="bluefin")
    b = BoardWidget(new_game(3, seed=1), viewer="bluefin")
    assert repr(a) == repr(b) == "BoardWidget(round 1, bluefin to decide)"
    assert "0x" not in repr(a)
    Front(a).act("start 0,0")
    a.show(0)
    assert repr(a) == "BoardWidget(round 1, smuggler1 to decide, showing position 0 of 1)"


def test_front_end_files_and_protocol():
    board = BoardWidget(new_game(2, seed=1))
    js = (WIDGETS / "board.js").read_text()
    assert "export default" in str(board._esm)      # anywidget loaded the file
    assert "export default" in js and "render" in js
    # Traits only: no custom messages (Panel's AnyWidgetComponent has no model.send).
    assert "model.send" not in js and "msg:custom" not in js
    assert 'model.set("intent"' in js and "model.save_changes()" in js
    assert not re.search(r"^\s*import\s", js, re.M), "plain ES module, no imports"
    assert "http://" not in js and "https://" not in js
    assert (WIDGETS / "board.css").read_text().strip()
    assert set(board.trait_names(sync=True)) >= {
        "parts", "actions", "choices", "hints", "notices", "prompt", "error", "log_head",
        "log_tail", "history_length", "position", "viewer", "can_undo", "intent", "can_act",
        "handover", "ack"}
    # The whole picture and the whole log stay readable from Python, but are not sent.
    assert not {"svg", "entries"} & set(board.trait_names(sync=True))


def test_action_intent_applies_and_updates_traits():
    s = new_game(3, seed=1)
    w = BoardWidget(s, viewer="all")
    f = Front(w)
    assert w.actions == ["start 0,0", "start 3,2"] and w.can_act
    assert 'data-action="start 0,0"' in w.svg
    f.act("start 0,0")
    assert w.state is s and s.log[-1].action == "start 0,0"
    assert w.error == "" and w.history_length == 1 and w.position == 1
    assert w.deciding == "smuggler1" == s.current_player
    assert w.actions == [a.notation for a in s.legal_actions()]
    assert w.prompt == s.prompt
    assert w.entries[-1]["action"] == "start 0,0" and w.entries[-1]["events"] == list(s.log[-1].events)
    assert w.can_undo


def test_viewer_who_does_not_decide_gets_no_actions():
    s = new_game(3, seed=1)
    w = BoardWidget(s, viewer="bluefin")
    Front(w).act("start 0,0")
    assert s.current_player == "smuggler1"
    assert w.actions == [] and not w.can_act
    assert "data-action" not in w.svg and "data-actions" not in w.svg
    before = s.to_json()
    Front(w).act(s.legal_actions()[0].notation)
    assert "Smuggler 1" in w.error and s.to_json() == before


@pytest.mark.parametrize("intent", [
    "sail 3", 42, 3.5, [], "", {}, {"id": 7}, {"action": 3, "id": 1}, {"action": "", "id": 1},
    {"action": "start 0,0", "undo": True, "id": 1}, {"scrub": -1, "id": 1},
    {"scrub": "1", "id": 1}, {"scrub": True, "id": 1}, {"scrub": 99, "id": 1},
    {"undo": "yes", "id": 1}, {"reveal": True, "id": 1}, {"frobnicate": 1, "id": 1},
    {"action": "start 0,0", "extra": 1, "id": 1},
])
def test_malformed_intent_changes_nothing(intent):
    s = new_game(3, seed=1)
    w = BoardWidget(s, viewer="all")
    Front(w).act("start 0,0")
    before, traits = s.to_json(), (w.svg, w.actions, w.position, w.history_length, w.entries)
    w.intent = intent
    assert w.error, intent
    assert s.to_json() == before
    assert (w.svg, w.actions, w.position, w.history_length, w.entries) == traits


@pytest.mark.parametrize("notation", ["start 9,9", "sail 4", "move 3,1", "frobnicate", "start x"])
def test_illegal_action_reports_the_engines_reason(notation):
    s = new_game(3, seed=1)
    w = BoardWidget(s, viewer="all")
    before = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.copy().apply(notation)
    Front(w).act(notation)
    assert w.error == str(err.value)
    assert s.to_json() == before and w.history_length == 0
    Front(w).act("start 0,0")           # the next good intent clears the error
    assert w.error == ""


# -- hidden information -------------------------------------------------------------------

SECRET_PLANS = ["evacuation", "secret-weapon", "close-call", "enlist"]


def plan_position():
    return scenario(3, turn="mollusk", hand=SECRET_PLANS, dice={"mollusk": [3, 4]})


def plan_names(keys):
    return {PLAN_CARDS[PLAN_KEYS.index(k)]["name"] for k in keys}


def test_mollusk_plans_absent_from_every_trait_for_others():
    s = plan_position()
    names = plan_names(SECRET_PLANS)
    # The Mollusk sees its own plans (so the check below means something).
    mine = synced(BoardWidget(s, viewer="mollusk"))
    assert all(n in mine for n in names)
    for viewer in ("bluefin", "smuggler1", None):
        text = synced(BoardWidget(s, viewer=viewer))
        for n in names:
            assert n not in text, (viewer, n)


def test_secret_log_events_follow_the_viewer():
    s = new_game(3, seed=4)
    secrets = [e for e in s.log[0].secret_from_others]
    assert secrets, "setup draws the Mollusk's plans in secret"
    blue = BoardWidget(s, viewer="bluefin")
    moll = BoardWidget(s, viewer="mollusk")
    for e in secrets:
        assert e not in synced(blue)
        assert e in json.dumps(moll.entries)


def test_hot_seat_hides_the_next_persons_view_until_reveal():
    # Bluefin decides first, the Smuggler (a bot here) next, then the Mollusk.
    s = scenario(3, turn="bluefin", hand=SECRET_PLANS, dice={"bluefin": [3, 4]})
    w = BoardWidget(s, viewer="hotseat", people=("bluefin", "mollusk"))
    f = Front(w)
    names = plan_names(SECRET_PLANS)
    assert w.viewer == "bluefin" and w.handover == "" and w.can_act
    # Bluefin ends its turn without placing: the Smuggler (a bot here) decides next.
    while s.current_player == "bluefin":
        f.act("end" if "end" in w.actions else w.actions[0])
    assert w.viewer == "bluefin" and not w.can_act      # the view stays while a bot plays
    while s.current_player != "mollusk":
        w.act(s.legal_actions()[-1])
    assert w.handover == "mollusk" and w.viewer is None and not w.can_act
    text = synced(w)
    assert not any(n in text for n in names)
    before = s.to_json()
    f.act(s.legal_actions()[0].notation)                  # no acting before the handover
    assert "Pass the device to Mollusk" in w.error and s.to_json() == before
    f.send(reveal=True)
    assert w.handover == "" and w.viewer == "mollusk" and w.can_act
    assert all(n in synced(w) for n in names)


# -- undo and the scrubber -----------------------------------------------------------------

def test_undo_takes_back_the_last_action():
    s = new_game(3, seed=2)
    w = BoardWidget(s, viewer="all")
    f = Front(w)
    f.send(undo=True)
    assert w.error and not w.can_undo
    f.act("start 0,0")
    after_one = s.to_json()
    f.act(s.legal_actions()[0].notation)
    f.send(undo=True)
    assert w.error == "" and s.to_json() == after_one
    assert w.history_length == 1 == w.position and len(w.entries) == 2


def test_undo_also_takes_back_the_bots_actions_after_yours():
    g = ahoy_nb.play(players=3, seed=3, people=("bluefin",), bots="random", bot_delay=0,
                     charts=False)
    s = g.state
    before = s.to_json()
    Front(g.board).act("start 0,0")
    assert s.current_player == "bluefin" and len(s.log) > 2    # the bots played
    Front(g.board).send(undo=True)
    assert g.board.error == "" and s.to_json() == before and g.board.history_length == 0


def test_scrubbing_is_read_only_and_comes_back():
    s = started(n=8)
    w = BoardWidget(s, viewer="all")
    f = Front(w)
    n = len(s.history)
    live_svg, live_actions = w.svg, w.actions
    f.send(scrub=2)
    assert w.position == 2 and w.history_length == n
    assert w.actions == [] and not w.can_act and "read-only" in w.status
    past = w.shown_state()
    assert past.data == __import__("marshal").loads(s.history[2])
    from ahoy_nb.render import render_parts
    assert w.parts == render_parts(past, viewer="all", actions=None)
    before = s.to_json()
    f.act(live_actions[0])                        # no acting on a past position
    assert "past position" in w.error and s.to_json() == before
    f.send(scrub=0)
    assert w.position == 0
    f.send(scrub=n)
    assert w.position == n and w.svg == live_svg and w.actions == live_actions and w.can_act


def test_a_live_change_keeps_a_past_view_where_it_is():
    s = started(n=4)
    w = BoardWidget(s, viewer="all")
    Front(w).send(scrub=1)
    w.act(s.legal_actions()[0])                   # e.g. a bot moves meanwhile
    assert w.position == 1 and w.history_length == 5


# -- charts ----------------------------------------------------------------------------------

def test_charts_follow_actions_and_the_scrubber(monkeypatch):
    fast_render(monkeypatch)
    s = new_game(3, seed=5)
    w = BoardWidget(s, viewer="all")
    charts = GameCharts().follow(w)
    f = Front(w)
    bot = RandomBot(5)
    while s.round < 3:
        f.act(bot.choose(s).notation)
    n = len(s.history)
    series = charts.fame.series(s)
    assert series["x"] == list(range(n + 1))
    assert [list(y) for y in charts.fame.lines.y] == [series["fame"][p] for p in s.players]
    assert {p: v[-1] for p, v in series["fame"].items()} == s.fame
    # Round boundaries where the round number changes, labelled R2, R3.
    starts = [i for i, _ in series["rounds"]]
    assert [r for _, r in series["rounds"]] == [2, 3]
    assert [list(x) for x in charts.fame.rounds.x] == [[i, i] for i in starts]
    assert list(charts.fame.round_labels.text) == ["R2", "R3"]
    assert list(charts.fame.cursor.x) == [n, n]
    rows = region_rows(s)
    assert list(charts.control.bars.x) == [r["label"] for r in rows]
    assert [list(y) for y in charts.control.bars.y] == [
        [r["bluefin"] for r in rows], [r["mollusk"] for r in rows], [r["wealth"] for r in rows]]
    # Scrub back: the cursor and the control chart follow.
    f.send(scrub=3)
    assert list(charts.fame.cursor.x) == [3, 3]
    past = region_rows(w.shown_state())
    assert list(charts.control.bars.x) == [r["label"] for r in past]
    assert "after 3 actions" in charts.control.title
    f.send(scrub=n)
    # Undo: the Fame line gets shorter again.
    f.send(undo=True)
    assert len(charts.fame.lines.x) == n


# -- whole games -------------------------------------------------------------------------------

@pytest.mark.full
def test_a_complete_hot_seat_game_through_intents(monkeypatch):
    fast_render(monkeypatch)
    s = new_game(2, seed=11)
    w = BoardWidget(s, viewer="hotseat")
    charts = GameCharts().follow(w)
    f = Front(w)
    bot = RandomBot(11)
    steps = 0
    while not s.is_over:
        if w.handover:
            f.send(reveal=True)
            continue
        assert w.can_act and w.viewer == s.current_player
        assert w.actions == [a.notation for a in s.legal_actions()]
        f.act(bot.choose(s).notation)
        assert w.error == ""
        steps += 1
        assert steps < 3000
    assert w.deciding is None and not w.can_act and w.actions == []
    assert "game over" in w.status and s.winners
    assert w.history_length == len(s.history) == steps
    assert {p: v[-1] for p, v in charts.fame.series(s)["fame"].items()} == s.fame
    assert repr(w).startswith(f"BoardWidget(round {s.round}, over: ")


def test_play_returns_one_widget_with_board_charts_and_log():
    import ipywidgets
    g = ahoy_nb.play(players=3, seed=1, bot_delay=0)
    assert isinstance(g, ipywidgets.Box)
    assert g.board in g.children and g.charts in g.children
    assert repr(g) == ("GameWidget(round 1, bluefin to decide; people: bluefin; "
                       "bots: smuggler1 normal, mollusk normal)")
    assert g.board.viewer == "bluefin" and g.board.entries


def test_play_bots_wait_for_the_buttons_without_a_delay():
    g = ahoy_nb.play(players=3, seed=2, bots="random", bot_delay=None, charts=False)
    Front(g.board).act("start 0,0")
    assert g.bot_to_move() == "smuggler1" and len(g.state.log) == 2
    g.step_button.click()
    assert len(g.state.log) == 3
    g.run_button.click()
    assert g.bot_to_move() is None and g.state.current_player == "bluefin"


@pytest.mark.full
def test_play_bots_only_runs_to_the_end(monkeypatch):
    fast_render(monkeypatch)
    g = ahoy_nb.play(players=2, seed=4, people=(), bots="random", bot_delay=0)
    assert g.state.is_over and g.board.viewer is None
    assert "game over" in g.board.status


def test_bots_move_on_the_event_loop_after_an_intent_from_another_thread(monkeypatch):
    """JupyterLab 4 + ipykernel 7 handle widget messages on a subshell thread: the bot
    timer must still wake the kernel's event loop (here: a loop in its own thread)."""
    import asyncio
    import threading
    import time

    fast_render(monkeypatch)
    loop = asyncio.new_event_loop()
    runner = threading.Thread(target=loop.run_forever, daemon=True)
    runner.start()
    try:
        g = ahoy_nb.play(players=3, seed=1, bots="random", bot_delay=0.01, charts=False)
        g._loop = loop
        Front(g.board).act("start 0,0")          # handled on this (non-loop) thread
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and g.state.current_player != "bluefin":
            time.sleep(0.01)
        assert g.state.current_player == "bluefin" and g.state.log[2].player == "smuggler1"
    finally:
        loop.call_soon_threadsafe(loop.stop)
        runner.join(5)
        loop.close()


def test_play_rejects_unknown_players():
    with pytest.raises(ValueError):
        ahoy_nb.play(players=2, people=("smuggler1",))
    with pytest.raises(ValueError):
        ahoy_nb.play(players=3, bots="clever")


@pytest.mark.parametrize("kwargs, words", [
    ({"state": "notastate"}, "a game is a State (ahoy_nb.new_game, or a saved game opened "
                             "with ahoy_nb.savegame.load), not 'notastate'"),
    ({"people": 5}, "people is a faction, several, 'all' or (), not 5"),
    ({"bot_delay": "x"}, "a bot delay is a number of seconds (or None), not 'x'"),
])
def test_play_refuses_arguments_of_the_wrong_kind_in_words(kwargs, words):
    """Were AttributeError and TypeError from inside the session."""
    with pytest.raises(ValueError) as refused:
        ahoy_nb.play(charts=False, analysis=False, **kwargs)
    assert str(refused.value) == words


def test_a_board_that_refuses_its_viewer_opens_no_widget_and_goes_quietly(monkeypatch):
    """A half-made widget stayed open until the kernel ended, then printed "Exception
    ignored ... 'BoardWidget' object has no attribute 'board'"."""
    import gc
    import sys
    from ipywidgets.widgets.widget import _instances as open_widgets
    unraisable = []
    monkeypatch.setattr(sys, "unraisablehook", unraisable.append)
    before = len(open_widgets)
    with pytest.raises(ValueError, match="viewer is one of"):
        BoardWidget(new_game(2, seed=1), viewer="nosuch")
    gc.collect()
    assert len(open_widgets) == before and unraisable == []


def test_on_action_lets_a_tutorial_decide():
    s = new_game(3, seed=1)
    seen = []

    def check(notation):
        seen.append(notation)
        if notation != "start 3,2":
            raise IllegalActionError("This lesson asks for the Island at 3,2")
        s.apply(notation)

    w = BoardWidget(s, viewer="bluefin", on_action=check)
    f = Front(w)
    f.act("start 0,0")
    assert w.error == "This lesson asks for the Island at 3,2" and len(s.log) == 1
    f.act("start 3,2")
    assert w.error == "" and s.log[-1].action == "start 3,2" and w.history_length == 1
    assert seen == ["start 0,0", "start 3,2"]


def test_position_without_a_setup_entry_numbers_its_log_from_1():
    """A ``scenario`` (the tutorials' positions) has no setup entry in its log: its first
    action is still entry 1, may be undone, and past positions carry the right log."""
    s = scenario(3, turn="mollusk", dice={"mollusk": [3, 5]}, hand=[])
    assert s.log == [] and s.history == []
    w = BoardWidget(s, viewer="mollusk")
    f = Front(w)
    assert w.entries == [] and not w.can_undo
    f.act("sail 3")
    assert [e["i"] for e in w.entries] == [1] and w.entries[0]["action"] == "sail 3"
    assert w.can_undo and w.history_length == 1
    f.send(scrub=0)
    assert w.shown_state().log == [] and "read-only" in w.status
    f.send(scrub=1)
    f.send(undo=True)
    assert w.error == "" and s.log == [] and w.entries == [] and not w.can_undo
    # A new game keeps its setup entry as entry 0.
    g = BoardWidget(new_game(3, seed=1), viewer="bluefin")
    Front(g).act("start 0,0")
    assert [e["i"] for e in g.entries] == [0, 1] and g.entries[0]["player"] == "setup"
    assert g.shown_state().log == g.state.log


# -- choices in words, decisions on the board, panels, hints, refused clicks, the log -------

def test_choices_are_words_grouped_by_slot_and_die():
    s = scenario(3, tiles=[(0, "0,0", 180), (6, "2,1", 0)], figures={"smuggler1": "1,0"},
                 turn="smuggler1", dice={"smuggler1": [3, 4, 4]}, gold={"smuggler1": 2})
    w = BoardWidget(s, viewer="smuggler1")
    by = {c["n"]: c for c in w.choices}
    assert by["sail 4"]["label"] == "Place your 4 on Sail" and by["sail 4"]["group"] == "Sail"
    assert by["sail 4>3"]["label"] == "Spend 1 gold: 4 → 3 on Sail"
    assert (by["sail 4>3"]["die"], by["sail 4>3"]["value"], by["sail 4>3"]["gold"]) == (4, 3, 1)
    assert [c["n"] for c in w.choices] == w.actions
    # the accessible names on the picture are the same words
    assert 'aria-label="Die 3: 12 choices"' in w.svg or "Die 3:" in w.svg


def test_decisions_without_a_place_are_buttons_in_words_on_the_board():
    s = rulebook_battle(before=True)
    s.apply("sail 3").apply("move 3,2")
    w = BoardWidget(s, viewer="mollusk")
    assert "anchor" in w.actions
    head = w.parts["head"]
    assert 'data-action="anchor"' in head and 'aria-label="Anchor here"' in head
    # A spectator sees no buttons naming someone else's choices.
    spectator = BoardWidget(s, viewer=None)
    assert "data-action" not in "".join(spectator.parts.values())


def test_a_move_that_starts_a_battle_or_takes_a_damage_is_warned():
    s = rulebook_battle(before=True)
    for a in ("sail 3", "move 3,2"):
        s.apply(a)
    w = BoardWidget(s, viewer="mollusk")
    by = {c["n"]: c for c in w.choices}
    assert by["move 2,2"]["warn"] == "a battle starts"
    assert "warn" not in by["move 4,2"]
    before = s.to_json()
    w.refresh()
    assert s.to_json() == before          # asking what a move does changes nothing


def test_battle_panel_gives_the_exact_odds_of_each_choice_to_the_decider_only():
    s = rulebook_battle()
    w = BoardWidget(s, viewer="mollusk")
    panel = next(n for n in w.notices if n["kind"] == "battle")
    assert any("Mollusk" in line and "Cannons 4" in line for line in panel["lines"])
    odds = {c["n"]: c["odds"] for c in panel["choices"]}
    assert odds["hold"] == round(21 / 36, 4) and odds["fire 4>1"] == round(33 / 36, 4)
    assert {c["odds_label"] for c in panel["choices"]} == {"wins"}
    other = BoardWidget(s, viewer="smuggler1")
    assert all(not n["choices"] for n in other.notices)
    # A lesson fixes the dice: the odds shown are a real game's, and said to be.
    s.fix("battle", [[[2], [5]]])
    fixed = next(n for n in BoardWidget(s, viewer="mollusk").notices if n["kind"] == "battle")
    assert {c["n"]: c["odds"] for c in fixed["choices"]} == odds
    assert {c["odds_label"] for c in fixed["choices"]} == {"in a real game, wins"}
    assert any("fixed" in line for line in fixed["lines"])


def test_round_summary_and_game_over_panels():
    s, bot = new_game(2, seed=3), RandomBot(3)
    while s.round == 1:
        s.apply(bot.choose(s))
    w = BoardWidget(s, viewer="bluefin")
    summary = next(n for n in w.notices if n["kind"] == "round")
    assert summary["title"] == "Round 1 ends" and summary["lines"][-1].startswith("Fame now:")
    while not s.is_over:
        s.apply(bot.choose(s))
    w.refresh()
    over = next(n for n in w.notices if n["kind"] == "over")
    assert over["title"].startswith("Game over: ") and any("Fame" in x for x in over["lines"])


def test_hints_mark_the_suggested_elements():
    s = new_game(3, seed=1)
    w = BoardWidget(s, viewer="bluefin")
    assert "clickable hint" not in w.svg
    w.hints = ["start 3,2"]
    marked = re.findall(r'<g [^>]*class="space clickable hint"[^>]*>', w.svg)
    assert len(marked) == 1 and 'data-action="start 3,2"' in marked[0]


def test_a_click_on_nothing_offered_is_answered_by_on_refused():
    s = new_game(3, seed=1)
    w = BoardWidget(s, viewer="bluefin")
    f = Front(w)
    before = s.to_json()
    f.send(refused={"space": "5,5", "terrain": "sea"})       # the rule that refuses it
    assert w.error == ("Not possible: 'start 5,5' is not allowed: 5,5 is not on the map: "
                       "no region tile covers it.") and s.to_json() == before
    f.send(refused={"market": "gunner"})
    assert "the game begins with Faction Setup" in w.error and s.to_json() == before
    f.send(refused=["not", "a", "dict"])
    assert w.error.startswith("Malformed intent") and s.to_json() == before
    seen = []
    tutor = BoardWidget(new_game(3, seed=1), viewer="bluefin",
                        on_refused=lambda target: seen.append(target) or "Look at the Islands")
    Front(tutor).send(refused={"die": "bluefin:0", "value": "4"})
    assert tutor.error == "Look at the Islands" and seen == [{"die": "bluefin:0", "value": "4"}]


def test_the_log_is_sent_as_a_rarely_changing_head_and_a_short_tail(monkeypatch):
    fast_render(monkeypatch)
    s, bot = new_game(3, seed=2), RandomBot(2)
    w = BoardWidget(s, viewer="all")
    for _ in range(view_module.LOG_PAGE + 20):
        w.act(bot.choose(s))
    assert w.log_head + w.log_tail == w.entries and len(w.log_tail) <= view_module.LOG_PAGE
    head = w.log_head
    w.act(bot.choose(s))
    assert w.log_head is head and w.log_head + w.log_tail == w.entries   # only the tail sent
    for _ in range(40):
        w.undo()
    assert w.log_head + w.log_tail == w.entries


def test_play_takes_the_number_of_players_as_text_too():
    """Issue 49, item 9: ``play(players="3")`` was refused as "not 3"."""
    g = ahoy_nb.play(players="3", seed=1, bot_delay=None, charts=False, analysis=False)
    assert len(g.state.players) == 3
    with pytest.raises(ValueError, match=r"players is 2, 3 or 4 .*not 'five'"):
        ahoy_nb.play(players="five")


def test_a_conceded_games_summary_starts_with_the_concession():
    """Issue 49, item 8: a concession decides the game; no tie is said to be broken."""
    board = BoardWidget(new_game(2, seed=3).apply("start 0,0"), viewer="all")
    board.act("concede bluefin")
    over = board.notices[0]
    assert over["lines"][0] == "Bluefin concedes: Mollusk wins"
    assert not any(line.startswith("Tied on") for line in over["lines"])


def test_the_chance_charts_axis_counts_whole_actions():
    """Issue 49, item 8: at the start of a game the axis read "0 0 0 0 0 1 1 1 1 1"."""
    from ahoy_nb.ai.analysis import Evaluation
    from ahoy_nb.widgets.advisor import WinChanceChart
    chart = WinChanceChart(["bluefin", "mollusk"])
    chart.show({0: Evaluation({"bluefin": 0.6, "mollusk": 0.4},
                              {"bluefin": (0.5, 0.7), "mollusk": (0.3, 0.5)}, 10, None, "model")})
    assert list(chart.x_axis.tick_values) == [0, 1]
