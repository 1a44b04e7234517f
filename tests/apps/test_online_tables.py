"""The online tables' Master (ahoy_nb.apps.online.tables) on SQLite: who sees what, who may
act, the engine's reasons, versions, undo, links, bots, two processes on one store, a
restart. The HTTP layer is in test_online_api.py, real processes in
tests/browser/test_online.py."""

from __future__ import annotations

import json
import marshal
import random

import pytest

from ahoy_nb.apps.online.store import Store, token_hash
from ahoy_nb.apps.online.tables import (BadRequest, Broken, Forbidden, NotFound, Stale, Tables,
                                        session_of)
from ahoy_nb.engine import State, new_game
from ahoy_nb.engine.observe import view
from ahoy_nb.session.view import SERVED
from ahoy_nb.widgets.board import BoardWidget


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    yield s
    s.close()


@pytest.fixture
def tables(store):
    return Tables(store)


def _make(tables, **spec):
    spec.setdefault("players", 3)
    spec.setdefault("seed", 11)
    made = tables.create(spec, base_url="http://h:1/")
    tokens = {f: s["token"] for f, s in made["seats"].items() if "token" in s}
    return made["table"], tokens, made["spectator"]["token"], made


def _truth(tables, table_id):
    """The table's true position, replayed here from what the store holds."""
    row = tables.store.get(table_id)
    state = new_game(len(json.loads(row.start)["state"]["players"]),
                     seed=json.loads(row.start)["state"]["seed"])
    for a in row.actions:
        state.apply(a)
    return state


# -- making a table ----------------------------------------------------------------------

def test_a_new_table_gives_one_link_per_seat_and_keeps_only_hashes(tables):
    table_id, tokens, watch, made = _make(tables, bots={"mollusk": "hard"})
    assert set(made["seats"]) == {"bluefin", "smuggler1", "mollusk"}
    assert made["seats"]["mollusk"] == {"bot": "hard"}
    for f, token in tokens.items():
        assert len(token) >= 43   # 32 random bytes
        assert made["seats"][f]["url"] == f"http://h:1/tables/{table_id}#token={token}"
    row = tables.store.get(table_id)
    stored = json.dumps(row.seats) + row.spectator
    for token in [*tokens.values(), watch]:
        assert token not in stored
        assert token_hash(token) in stored
    assert row.version == 0 and row.actions == [] and row.seed_chosen


@pytest.mark.parametrize("spec, words", [
    ({"players": 5}, "players is 2, 3 or 4"),
    ({"players": True}, "players is 2, 3 or 4"),
    ({"players": 2, "bots": {"smuggler1": "easy"}}, "'smuggler1' is not a seat of a 2-player game"),
    ({"bots": {"mollusk": "clever"}}, "mollusk's bot is one of easy, normal, hard, random"),
    ({"bots": {"mollusk": {"level": "easy", "iterations": 3}}}, "iterations are for a hard bot"),
    ({"bots": {"mollusk": {"level": "hard", "iterations": 0}}}, "iterations is a whole number"),
    ({"bots": ["mollusk"]}, "bots is an object"),
    ({"seed": -1}, "seed is a whole number"),
    ({"seed": "7"}, "seed is a whole number"),
    ({"colour": "red"}, "Unknown field 'colour'"),
    ({"players": 2, "bots": {"bluefin": "easy", "mollusk": "easy"}}, "at least one person"),
])
def test_a_bad_new_table_is_refused_in_words(tables, spec, words):
    with pytest.raises(BadRequest, match=words):
        tables.create(spec)
    assert tables.store.count() == 0


# -- what each seat sees -----------------------------------------------------------------

def test_each_seat_gets_the_engines_view_for_it_and_legal_only_when_deciding(tables):
    table_id, tokens, watch, _ = _make(tables)
    truth = _truth(tables, table_id)
    for f, token in tokens.items():
        seen = tables.get(table_id, token)
        assert seen["seat"] == f
        assert seen["view"] == json.loads(json.dumps(view(truth, f)))
        assert seen["legal"] == ([a.notation for a in truth.legal_actions()]
                                 if f == truth.current_player else [])
    public = tables.get(table_id, watch)
    assert public["seat"] is None and public["legal"] == []
    assert public["view"] == json.loads(json.dumps(view(truth, None)))


@pytest.mark.slow
def test_no_answer_holds_a_secret_its_reader_may_not_see(tables):
    """Over a whole game (random legal moves by every seat), every answer to every seat
    and the spectator is the engine's view for it (and the board drawn from it), and
    never holds the generator or the seed. (The view itself is tested at scale in
    tests/engine/test_observe.py; this is the API's use of it.)"""
    rng = random.Random(5)
    for seed in (1,):
        table_id, tokens, watch, _ = _make(tables, seed=seed, players=3)
        start = json.loads(tables.store.get(table_id).start)["state"]
        secret_rng = json.dumps(start["rng"])
        truth = new_game(3, seed=seed)
        version = 0
        while True:
            if version % 100 == 0 or truth.is_over:
                for who, token in [*tokens.items(), (None, watch)]:
                    seen = tables.get(table_id, token)
                    assert seen["view"] == json.loads(json.dumps(view(truth, who)))
                    text = json.dumps(seen) + json.dumps(tables.board(table_id, token))
                    assert secret_rng not in text and '"rng"' not in text
                    assert f'"seed": {start["seed"]}' not in text
            if truth.is_over:
                break
            who = truth.current_player
            action = rng.choice(truth.legal_actions()).notation
            version = tables.act(table_id, tokens[who], version, action)["version"]
            truth.apply(action)
        assert _truth(tables, table_id) == truth
        assert tables.store.get(table_id).over


def test_the_board_is_the_widgets_for_that_seat(tables):
    """The server's board for a seat is what the notebook's widget shows that seat, answers
    included (who may act, undo, concede): both ask the same session layer."""
    table_id, tokens, watch, _ = _make(tables)
    tables.act(table_id, tokens["bluefin"], 0, "start 0,0")
    truth = _truth(tables, table_id)
    seats = tables.store.get(table_id).seats
    for who, token in [("smuggler1", tokens["smuggler1"]), ("bluefin", tokens["bluefin"]),
                       (None, watch)]:
        answer = tables.board(table_id, token)
        widget = BoardWidget(game=session_of(truth.copy(), seats), viewer=who,
                             people=(who,) if who else (), confirm_handover=False)
        for name in SERVED:
            assert answer["board"][name] == getattr(widget, name), (who, name)
        widget.close()
    assert not tables.board(table_id, watch)["board"]["can_undo"]
    mine = tables.board(table_id, tokens["smuggler1"])["board"]
    assert mine["can_act"] and mine["actions"] and 'data-action="' in mine["parts"]["map"]
    theirs = tables.board(table_id, tokens["bluefin"])["board"]
    assert not theirs["can_act"] and not theirs["actions"] and "data-action=" not in theirs["parts"]["map"]
    past = tables.board(table_id, tokens["bluefin"], at=0)["board"]
    assert past["position"] == 0 and past["history_length"] == 1
    with pytest.raises(BadRequest, match="at is a position from 0 to 1"):
        tables.board(table_id, tokens["bluefin"], at=2)


# -- acting ------------------------------------------------------------------------------

def test_refusals_change_nothing_and_say_why(tables):
    table_id, tokens, watch, _ = _make(tables)
    with pytest.raises(Forbidden, match="It is Bluefin's decision now, not Smuggler 1's"):
        tables.act(table_id, tokens["smuggler1"], 0, "start 0,0")
    with pytest.raises(Forbidden, match="A spectator's link cannot act"):
        tables.act(table_id, watch, 0, "start 0,0")
    with pytest.raises(BadRequest, match="'start 9,9' is not allowed"):
        tables.act(table_id, tokens["bluefin"], 0, "start 9,9")
    with pytest.raises(BadRequest, match="An action is its notation"):
        tables.act(table_id, tokens["bluefin"], 0, "x" * 500)
    with pytest.raises(BadRequest, match="version is the table's version"):
        tables.act(table_id, tokens["bluefin"], "0", "start 0,0")
    with pytest.raises(Stale) as stale:
        tables.act(table_id, tokens["bluefin"], 3, "start 0,0")
    assert stale.value.version == 0 and stale.value.status == 409
    with pytest.raises(Forbidden, match="not one of this table's"):
        tables.act(table_id, "x" * 43, 0, "start 0,0")
    with pytest.raises(Forbidden, match="needs a seat's or the spectator's token"):
        tables.act(table_id, None, 0, "start 0,0")
    with pytest.raises(NotFound):
        tables.act("nope", tokens["bluefin"], 0, "start 0,0")
    row = tables.store.get(table_id)
    assert row.version == 0 and row.actions == []
    assert tables.act(table_id, tokens["bluefin"], 0, "start 0,0")["version"] == 1
    with pytest.raises(Stale, match="made on version 0, but the table is at version 1"):
        tables.act(table_id, tokens["bluefin"], 0, "start 3,2")


def test_a_seat_concedes_out_of_turn_with_its_own_token_only(tables):
    table_id, tokens, watch, _ = _make(tables, players=2, seed=3)
    b, m = tokens["bluefin"], tokens["mollusk"]
    tables.act(table_id, b, 0, "start 0,0")  # the Mollusk decides next
    assert tables.get(table_id, b)["can_concede"] and not tables.get(table_id, watch)["can_concede"]
    for token in (b, watch):
        with pytest.raises(Forbidden, match="Only Mollusk can concede for Mollusk|spectator"):
            tables.act(table_id, token, 1, "concede mollusk")
    assert tables.store.get(table_id).version == 1
    done = tables.act(table_id, b, 1, "concede bluefin")  # Bluefin concedes out of turn
    assert done == {"table": table_id, "version": 2, "action": "concede bluefin", "over": True}
    seen = tables.get(table_id, m)
    assert seen["over"] and seen["winners"] == ["mollusk"]
    assert seen["result"] == "Mollusk won: Bluefin conceded" and not seen["can_concede"]
    assert _truth(tables, table_id).result == "Mollusk won: Bluefin conceded"


def test_no_seat_concedes_at_a_table_of_three(tables):
    table_id, tokens, _, _ = _make(tables, players=3)
    assert not tables.get(table_id, tokens["mollusk"])["can_concede"]
    with pytest.raises(BadRequest, match="with 3 players no one concedes"):
        tables.act(table_id, tokens["mollusk"], 0, "concede mollusk")


def test_fair_undo_only_ones_own_last_action_while_deciding_and_unrevealed(tables):
    table_id, tokens, _, _ = _make(tables, players=3, seed=11)
    b, s1 = tokens["bluefin"], tokens["smuggler1"]
    with pytest.raises(BadRequest, match="there is no action to undo"):
        tables.undo(table_id, b, 0)
    tables.act(table_id, b, 0, "start 0,0")
    # Smuggler 1 decides now: Bluefin may not take its move back, nor may Smuggler 1.
    with pytest.raises(Forbidden, match="You cannot undo: Smuggler 1 has the decision now"):
        tables.undo(table_id, b, 1)
    with pytest.raises(Forbidden, match="the last action is Bluefin's, not yours"):
        tables.undo(table_id, s1, 1)
    assert not tables.get(table_id, b)["can_undo"]
    seats = tables.store.get(table_id).seats
    # Play on until a seat's action leaves it deciding and reveals nothing: undoable.
    rng = random.Random(4)
    version = 1
    for _ in range(200):
        truth = _truth(tables, table_id)
        who = truth.current_player
        fair = [a for a in truth.legal_actions()
                if truth.after(a).current_player == who
                and session_of(truth.after(a), seats).undo_refusal(who) is None]
        action = (fair or truth.legal_actions())[0 if fair else rng.randrange(len(truth.legal_actions()))]
        version = tables.act(table_id, tokens[who], version, action.notation)["version"]
        if fair:
            break
    else:
        pytest.fail("no undoable action found")
    assert tables.get(table_id, tokens[who])["can_undo"]
    others = [t for f, t in tokens.items() if f != who]
    with pytest.raises(Forbidden, match="not yours"):
        tables.undo(table_id, others[0], version)
    with pytest.raises(Stale):
        tables.undo(table_id, tokens[who], version - 1)
    done = tables.undo(table_id, tokens[who], version)
    assert done == {"table": table_id, "version": version + 1, "undone": action.notation,
                    "actions": 1, "over": False}
    assert tables.store.get(table_id).actions[-1] != action.notation or \
        len(tables.store.get(table_id).actions) == version - 1
    assert _truth(tables, table_id) == truth


def test_undo_is_refused_once_a_roll_was_seen():
    s = new_game(2, seed=3)
    seats = {"bluefin": {"token": "b"}, "mollusk": {"token": "m"}}
    # Play until an action of one player rolls dice or draws and leaves them deciding.
    rng = random.Random(2)
    for _ in range(400):
        who = s.current_player
        acts = s.legal_actions()
        for a in acts:
            after = s.after(a)
            refusal = session_of(after, seats).undo_refusal(who)
            if after.current_player == who and refusal is not None and not refusal.forbidden:
                why = str(refusal)
                assert why in ("the dice are rolled", "a region tile is drawn",
                               "a card is drawn from the deck", "a plan card is drawn") \
                    or why.endswith("are shown"), why
                return
        s.apply(rng.choice(acts))
    pytest.fail("no revealing action found")


def test_a_link_can_be_rotated_and_the_old_one_stops_working(tables):
    table_id, tokens, watch, _ = _make(tables)
    new = tables.rotate(table_id, tokens["bluefin"], base_url="http://h:1/")
    assert new["seat"] == "bluefin" and new["url"].endswith(f"#token={new['token']}")
    with pytest.raises(Forbidden):
        tables.get(table_id, tokens["bluefin"])
    assert tables.get(table_id, new["token"])["seat"] == "bluefin"
    # A seat may give the table a new spectator link; a spectator may not.
    for spectator in (True, False):
        with pytest.raises(Forbidden, match="Only a seat's link"):
            tables.rotate(table_id, watch, spectator=spectator)
    fresh = tables.rotate(table_id, tokens["mollusk"], spectator=True)
    assert fresh["seat"] is None
    with pytest.raises(Forbidden):
        tables.get(table_id, watch)
    assert tables.get(table_id, fresh["token"])["seat"] is None
    assert tables.get(table_id, tokens["smuggler1"])["seat"] == "smuggler1"


# -- bots ----------------------------------------------------------------------------------

def test_bots_move_on_the_server_until_a_person_decides(tables):
    table_id, tokens, _, _ = _make(tables, players=3,
                                   bots={"bluefin": "easy", "mollusk": {"level": "hard",
                                                                        "iterations": 5}})
    # Bluefin (a bot) placed its Flagship as soon as the table was made.
    seen = tables.get(table_id, tokens["smuggler1"])
    assert seen["version"] == 1 and seen["deciding"] == "smuggler1"
    assert seen["seats"] == {"bluefin": "easy bot", "smuggler1": "person", "mollusk": "hard bot"}
    version = seen["version"]
    rng = random.Random(1)
    for _ in range(30):
        seen = tables.get(table_id, tokens["smuggler1"])
        if seen["over"]:
            break
        assert seen["deciding"] == "smuggler1" and seen["version"] >= version
        version = tables.act(table_id, tokens["smuggler1"], seen["version"],
                             rng.choice(seen["legal"]))["version"]
    row = tables.store.get(table_id)
    assert len(row.actions) == row.version   # no undo here: one write per action
    assert _truth(tables, table_id).log[-1].player != "bluefin" or seen["over"]


# -- several processes, a restart ---------------------------------------------------------

def test_two_processes_on_one_store_apply_each_move_once_in_order(store, tmp_path):
    a, b = Tables(store), Tables(Store(store.url))   # two caches, one file
    table_id, tokens, _, _ = _make(a, players=2, seed=8)
    rng = random.Random(3)
    version, played = 0, []
    for i in range(60):
        here = (a, b)[i % 2]
        seen = here.get(table_id, tokens["bluefin"])
        who = seen["deciding"]
        action = rng.choice(here.get(table_id, tokens[who])["legal"])
        assert here.act(table_id, tokens[who], version, action)["version"] == version + 1
        played.append(action)
        version += 1
        other = (b, a)[i % 2]
        with pytest.raises(Stale):
            other.act(table_id, tokens[who], version - 1, action)
    assert store.get(table_id).actions == played and store.get(table_id).version == 60
    assert a.get(table_id, tokens["bluefin"])["view"] == b.get(table_id, tokens["bluefin"])["view"]


def test_a_restarted_server_continues_at_the_same_version(store):
    table_id, tokens, _, _ = _make(Tables(store), players=2, seed=4)
    first = Tables(store)
    first.act(table_id, tokens["bluefin"], 0, "start 0,0")
    before = first.get(table_id, tokens["bluefin"])
    again = Tables(Store(store.url))     # nothing in memory
    after = again.get(table_id, tokens["bluefin"])
    assert after["version"] == before["version"] == 1 and after["view"] == before["view"]
    assert after["legal"] == before["legal"] and after["legal"]
    assert again.act(table_id, tokens["bluefin"], 1, after["legal"][0])["version"] == 2


def test_a_table_that_no_longer_replays_says_so(tables):
    table_id, tokens, _, _ = _make(tables, players=2)
    tables.store.write(table_id, 0, ["sail 9"], over=False)
    with pytest.raises(Broken, match=r"action 1 \('sail 9'\)") as err:
        Tables(tables.store).get(table_id, tokens["bluefin"])
    assert err.value.status == 500


def test_presence_is_shared_through_the_store(store, monkeypatch):
    a, b = Tables(store), Tables(store)
    table_id, tokens, watch, _ = _make(a)
    assert a.get(table_id, tokens["bluefin"])["connected"] == ["bluefin"]
    # A process sees its own visitors at once (it reads the others' once a second).
    assert a.get(table_id, tokens["smuggler1"])["connected"] == ["bluefin", "smuggler1"]
    import ahoy_nb.apps.online.tables as module
    monkeypatch.setattr(module, "SEEN_EVERY_S", 0.0)
    b.get(table_id, watch)
    assert a.get(table_id, tokens["smuggler1"])["connected"] == ["bluefin", "smuggler1",
                                                                  "spectator"]


def test_a_finished_games_review_for_a_seat_and_for_the_spectator(tables):
    """Review waits for the end (it would help one player against another); then a seat
    gets its own decisions, the spectator everyone's, as the notebook's review panel words
    them; a marked move is only one that was a choice at its past position."""
    from ahoy_nb.apps.online.tables import NotYet

    table_id, tokens, watch, _ = _make(tables, players=2, seed=3)
    r = random.Random(3)
    for version in range(12):
        seen = tables.get(table_id, watch)
        who = seen["deciding"]
        legal = tables.get(table_id, tokens[who])["legal"]
        tables.act(table_id, tokens[who], version, r.choice(legal))
    for token in (tokens["bluefin"], watch):
        with pytest.raises(NotYet, match="waits for the end of the game"):
            tables.review(table_id, token)
    with pytest.raises(NotYet, match="once the game is over"):
        tables.board(table_id, watch, at=3, mark="start 0,0")
    tables.act(table_id, tokens["mollusk"], 12, "concede mollusk")
    mine = tables.review(table_id, tokens["bluefin"])
    everyone = tables.review(table_id, watch)
    assert mine["seat"] == "bluefin" and everyone["seat"] is None
    assert mine["panel"]["title"] == "Review" and mine["panel"]["busy"] is None
    assert [line.split(":")[0] for line in mine["panel"]["lines"][:1]] == ["Bluefin"]
    assert [line.split(":")[0] for line in everyone["panel"]["lines"][:2]] == ["Bluefin",
                                                                             "Mollusk"]
    assert tables.review(table_id, watch) == everyone   # worked out once
    for k, m in everyone["marks"].items():
        assert m["text"].startswith(f"Action {k} ")
    truth = _truth(tables, table_id)
    past = State(marshal.loads(truth.history[5]))
    choice = past.legal_actions()[0].notation   # one drawn on the map (not "done")
    marked = tables.board(table_id, watch, at=5, mark=choice)["board"]
    assert marked != tables.board(table_id, watch, at=5)["board"]
    with pytest.raises(BadRequest, match="was not a choice at position 5"):
        tables.board(table_id, watch, at=5, mark="sail 9")
    with pytest.raises(BadRequest, match="needs a past position"):
        tables.board(table_id, watch, mark=choice)
