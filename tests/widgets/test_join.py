"""ahoy_nb.join: a seat of an online table in a notebook, against the tables' API served from
a thread of this process (tests/browser/test_online.py has it in JupyterLab and
JupyterLite)."""

from __future__ import annotations

import time

import pytest

import ahoy_nb
from ahoy_nb.apps.online.store import Store
from ahoy_nb.apps.online.tables import Tables
from ahoy_nb.engine import IllegalActionError
from ahoy_nb.session.view import SERVED
from ahoy_nb.widgets.join import JoinError, OnlineBoard, create_table, join
from online_support import free_port, serve_api


@pytest.fixture(autouse=True)
def no_kernel_loop(monkeypatch):
    """These tests play the board as a script does, with no kernel loop. In a full run
    the browser tests' Playwright (sync API, session-wide) leaves its own loop marked
    as running in this thread; it runs nothing between Playwright's calls, so answers
    scheduled on it would never arrive."""
    monkeypatch.setattr("ahoy_nb.widgets.join.running_loop", lambda: None)


@pytest.fixture
def tables(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    yield Tables(store)
    store.close()


@pytest.fixture
def server(tables):
    with serve_api(tables) as url:
        yield url


def wait_for(fn, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if fn():
            return True
        time.sleep(0.02)
    return fn()


def test_join_is_the_lazy_export():
    assert ahoy_nb.join is join


def test_a_seat_plays_by_clicks_and_sees_the_others_moves(server, tables):
    made = create_table(server, players=3, seed=6)
    links = {f: s["url"] for f, s in made["seats"].items()}
    bluefin, smuggler = join(links["bluefin"]), join(links["smuggler1"])
    watcher = join(made["spectator"]["url"])
    try:
        assert isinstance(bluefin, OnlineBoard) and bluefin.seat == "bluefin"
        assert watcher.seat is None and watcher.viewer is None
        # The board is the server's board for that seat, trait for trait.
        served = tables.board(made["table"], made["seats"]["bluefin"]["token"])["board"]
        for name in SERVED:
            if name != "entries":
                assert getattr(bluefin, name) == served[name], name
        assert bluefin.entries == served["entries"] and bluefin.log_head + bluefin.log_tail == served["entries"]
        assert bluefin.can_act and bluefin.actions == ["start 0,0", "start 3,2"]
        assert not smuggler.can_act and not smuggler.actions

        # A click out of turn: refused in the server's words, nothing changes.
        smuggler.intent = {"action": "start 0,1", "id": 1}
        assert wait_for(lambda: smuggler.ack == 1)
        assert smuggler.error == "It is Bluefin's decision now, not Smuggler 1's"
        # An illegal action: the engine's reason.
        bluefin.intent = {"action": "start 9,9", "id": 2}
        assert wait_for(lambda: bluefin.ack == 2)
        assert bluefin.error.startswith("'start 9,9' is not allowed")
        assert tables.version(made["table"]) == 0
        # A click where nothing is offered: the widget's words.
        smuggler.intent = {"refused": {"space": "1,1"}, "id": 3}
        assert wait_for(lambda: smuggler.ack == 3)
        assert smuggler.error == "It is Bluefin's decision now"

        # A legal click: made on the server; the other seats see it by themselves.
        bluefin.intent = {"action": "start 0,0", "id": 4}
        assert wait_for(lambda: bluefin.ack == 4)
        assert bluefin.error == "" and bluefin.version == 1 and not bluefin.can_act
        assert wait_for(lambda: smuggler.version == 1 and smuggler.can_act)
        assert wait_for(lambda: watcher.version == 1)
        assert smuggler.status == "Round 1: Smuggler 1 to decide"
        assert "start 0,0" in [e["action"] for e in watcher.entries]

        # In Python: act() waits for the server, and raises with the server's reason.
        with pytest.raises(IllegalActionError, match="7,7 is not on the map"):
            smuggler.act("start 7,7")
        answer = smuggler.act(smuggler.actions[0])
        assert answer["version"] == 2 and smuggler.version == 2
        assert repr(smuggler).startswith(f"OnlineBoard(table {made['table']}, Smuggler 1, version 2")
        view = bluefin.fetch_view()
        assert view["seat"] == "bluefin" and "rng" not in view["view"]["state"]

        # Scrubbing shows a past position, read-only; acting there is refused.
        bluefin.intent = {"scrub": 0, "id": 5}
        assert wait_for(lambda: bluefin.ack == 5)
        assert bluefin.position == 0 and bluefin.history_length >= 2
        bluefin.intent = {"action": "sail 1", "id": 6}
        assert wait_for(lambda: bluefin.ack == 6)
        assert bluefin.error.startswith("You are looking at a past position")
        bluefin.intent = {"scrub": bluefin.history_length, "id": 7}
        assert wait_for(lambda: bluefin.ack == 7)
        assert bluefin.position == bluefin.history_length
    finally:
        for board in (bluefin, smuggler, watcher):
            board.close()


def test_a_stale_board_is_told_and_shown_the_table_as_it_is(server, tables):
    made = create_table(server, players=2, seed=3)
    board = join(made["seats"]["bluefin"]["url"], watch=False)
    try:
        token = made["seats"]["bluefin"]["token"]
        tables.act(made["table"], token, 0, "start 0,0")     # made elsewhere
        with pytest.raises(IllegalActionError, match="The table moved on"):
            board.act("start 3,2")
        assert wait_for(lambda: board.version == 1)
    finally:
        board.close()


def test_a_rotated_link_stops_the_old_one(server):
    made = create_table(server, players=2, seed=3)
    old = made["seats"]["bluefin"]["url"]
    board = join(old, watch=False)
    try:
        new = board.rotate_token()
        assert new != old and new.split("#")[0] == old.split("#")[0]
        board.refresh()
        with pytest.raises(JoinError, match="not one of this table's") as err:
            join(old)
        assert err.value.status == 403
        again = join(new, watch=False)
        assert again.seat == "bluefin"
        again.close()
    finally:
        board.close()


def test_joining_a_wrong_link_says_why(server):
    made = create_table(server, players=2, seed=3)
    table, token = made["table"], made["seats"]["bluefin"]["token"]
    with pytest.raises(JoinError, match="There is no table 'nope' here") as err:
        join(f"{server}tables/nope#token={token}")
    assert err.value.status == 404
    with pytest.raises(JoinError, match="has no token"):
        join(f"{server}tables/{table}")
    with pytest.raises(JoinError, match="cannot be reached"):
        join(f"http://127.0.0.1:{free_port()}/tables/{table}#token={token}")
    board = join(token, server=server, table=table, watch=False)
    assert board.seat == "bluefin"
    board.close()
    with pytest.raises(JoinError, match="needs server="):
        join(token, table=table)


def test_a_seat_concedes_out_of_turn_from_its_board(server, tables):
    made = create_table(server, players=2, seed=3)
    links = {f: s["url"] for f, s in made["seats"].items()}
    bluefin, mollusk = join(links["bluefin"]), join(links["mollusk"])
    try:
        assert [o["f"] for o in mollusk.can_concede] == ["mollusk"] and not mollusk.can_act
        mollusk.intent = {"concede": "bluefin", "id": 1}  # another seat's: the table says no
        assert wait_for(lambda: mollusk.ack == 1)
        assert mollusk.error == "Only Bluefin can concede for Bluefin"
        mollusk.intent = {"concede": "mollusk", "id": 2}  # while Bluefin decides
        assert wait_for(lambda: mollusk.ack == 2) and mollusk.error == ""
        assert wait_for(lambda: "Bluefin won: Mollusk conceded" in bluefin.status)
        assert bluefin.can_concede == [] and tables.version(made["table"]) == 1
    finally:
        bluefin.close()
        mollusk.close()
