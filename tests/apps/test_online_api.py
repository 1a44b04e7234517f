"""The online tables' HTTP API (ahoy_nb.apps.online.api), served from a thread of this
process: status codes and reasons, JSON everywhere, the 10 kB limit, CORS, the page,
polls that wake within a second, also for a move made by another process."""

from __future__ import annotations

import gzip
import http.client
import html
import json
import time
import urllib.request

import pytest

from ahoy_nb.apps.online.api import MAX_BODY, JsonHandler
from ahoy_nb.apps.online.store import Store
from ahoy_nb.apps.online.tables import Tables
from online_support import serve_api


@pytest.fixture
def store(tmp_path):
    s = Store(f"sqlite:///{tmp_path / 'tables.sqlite'}")
    yield s
    s.close()


@pytest.fixture
def server(store):
    with serve_api(Tables(store), allow_origins=["http://lite.example:8800"]) as url:
        yield url


def call(base, method, path, data=None, headers=None, raw: bytes | None = None):
    """(status, headers, JSON) of one request."""
    body = raw if raw is not None else (None if data is None else json.dumps(data).encode())
    req = urllib.request.Request(base + path, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, r.headers, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as err:
        text = err.read()
        return err.code, err.headers, json.loads(text) if text else None


def make(base, **spec):
    spec.setdefault("players", 3)
    spec.setdefault("seed", 6)
    status, _, made = call(base, "POST", "api/tables", spec)
    assert status == 200, made
    return made


def test_a_whole_exchange_with_every_status(server):
    made = make(server)
    t = made["table"]
    b = made["seats"]["bluefin"]["token"]
    s1 = made["seats"]["smuggler1"]["token"]
    assert made["seats"]["bluefin"]["url"] == f"{server}tables/{t}#token={b}"

    status, headers, seen = call(server, "GET", f"api/tables/{t}?token={b}")
    assert status == 200 and headers["Content-Type"].startswith("application/json")
    assert headers["Cache-Control"] == "no-store"
    assert seen["seat"] == "bluefin" and seen["legal"] == ["start 0,0", "start 3,2"]
    # The token may come in a header instead of the address.
    assert call(server, "GET", f"api/tables/{t}",
                headers={"Authorization": f"Bearer {s1}"})[2]["seat"] == "smuggler1"

    def act(token, version, action):
        return call(server, "POST", f"api/tables/{t}/actions",
                    {"token": token, "version": version, "action": action})

    assert act(s1, 0, "start 0,0")[::2] == (403, {"error": "It is Bluefin's decision now, not Smuggler 1's"})
    status, _, refused = act(b, 0, "start 9,9")
    assert status == 400 and refused["error"].startswith("'start 9,9' is not allowed")
    assert act("nope", 0, "start 0,0")[0] == 403
    assert call(server, "POST", "api/tables/nope/actions",
                {"token": b, "version": 0, "action": "start 0,0"})[0] == 404
    assert act(b, 0, "start 0,0")[::2] == (200, {"table": t, "version": 1, "action": "start 0,0",
                                                 "over": False})
    assert act(b, 0, "start 3,2")[::2] == (409, {
        "error": "This move was made on version 0, but the table is at version 1: reload it",
        "version": 1})
    assert call(server, "GET", f"api/tables/{t}?token={b}")[2]["version"] == 1


def test_conceding_over_http_needs_the_conceding_seats_own_token(server):
    made = make(server, players=2, seed=3)
    t, seats = made["table"], made["seats"]

    def act(token, action):
        return call(server, "POST", f"api/tables/{t}/actions",
                    {"token": token, "version": 0, "action": action})

    status, _, err = act(seats["bluefin"]["token"], "concede mollusk")
    assert status == 403 and err == {"error": "Only Mollusk can concede for Mollusk"}
    # The Mollusk concedes while Bluefin is deciding.
    assert act(seats["mollusk"]["token"], "concede mollusk")[::2] == (
        200, {"table": t, "version": 1, "action": "concede mollusk", "over": True})
    seen = call(server, "GET", f"api/tables/{t}?token={seats['bluefin']['token']}")[2]
    assert seen["winners"] == ["bluefin"] and seen["result"] == "Bluefin won: Mollusk conceded"


def test_malformed_requests_answer_json_with_the_reason(server):
    t = make(server)["table"]
    status, _, err = call(server, "POST", f"api/tables/{t}/actions", raw=b"{not json")
    assert status == 400 and "not JSON" in err["error"]
    status, _, err = call(server, "POST", f"api/tables/{t}/actions", raw=b"[1, 2]")
    assert status == 400 and "a JSON object" in err["error"]
    # Each address's example is its own body: a table's is not a move's.
    for path, example in [("api/tables", '{"players": 3, "bots": {"mollusk": "hard"}}'),
                          (f"api/tables/{t}/actions", '{"token": "...", "version": 3, "action": "sail 4"}'),
                          (f"api/tables/{t}/undo", '{"token": "...", "version": 3}'),
                          (f"api/tables/{t}/line", '{"token": "...", "version": 3, "line": "help"}'),
                          (f"api/tables/{t}/token", '{"token": "...", "spectator": false}')]:
        status, _, err = call(server, "POST", path, raw=b"[]")
        assert (status, err) == (400, {"error": f"The body is a JSON object, like {example}"})
    status, _, err = call(server, "POST", "api/tables", {"players": "three"})
    assert status == 400 and "players is 2, 3 or 4" in err["error"]
    status, _, err = call(server, "DELETE", f"api/tables/{t}")
    assert status == 405 and err == {"error": "Method Not Allowed"}
    status, _, err = call(server, "GET", f"api/tables/{t}/board?at=x&token=a")
    assert status == 400 and "at is a position" in err["error"]
    status, _, err = call(server, "GET", f"api/tables/{t}")
    assert status == 403 and "needs a seat's or the spectator's token" in err["error"]


def test_a_body_over_10_kB_is_refused_before_it_is_read(server):
    t = make(server)["table"]
    big = json.dumps({"action": "x" * (MAX_BODY + 10)}).encode()
    status, _, err = call(server, "POST", f"api/tables/{t}/actions", raw=big)
    assert status == 413 and err == {"error": f"A request body is at most {MAX_BODY} bytes"}
    # The same sent in chunks, with no length given.
    host, port = server[7:-1].split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=30)
    conn.putrequest("POST", f"/api/tables/{t}/actions")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    for i in range(0, len(big), 4000):
        piece = big[i:i + 4000]
        try:
            conn.send(b"%x\r\n%s\r\n" % (len(piece), piece))
        except OSError:
            break
    try:
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass
    answer = conn.getresponse()
    assert answer.status == 413 and json.loads(answer.read())["error"].startswith("A request body")
    conn.close()


def test_big_answers_are_compressed_and_tokens_stay_out_of_the_log(server):
    made = make(server)
    t, b = made["table"], made["seats"]["bluefin"]["token"]
    req = urllib.request.Request(f"{server}api/tables/{t}/board?token={b}",
                                 headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=30) as r:
        packed = r.read()
        assert r.headers["Content-Encoding"] == "gzip"
    board = json.loads(gzip.decompress(packed))["board"]
    assert len(packed) < len(json.dumps(board)) / 4
    assert board["can_act"] and board["viewer"] == "bluefin"

    class Fake:
        request = type("R", (), {"method": "GET", "remote_ip": "1.2.3.4",
                                 "uri": f"/api/tables/{t}?version=3&token={b}&wait=1"})()
    assert b not in JsonHandler._request_summary(Fake())


def test_cors_only_for_the_origins_allowed(server):
    made = make(server)
    t, b = made["table"], made["seats"]["bluefin"]["token"]
    lite = {"Origin": "http://lite.example:8800", "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type"}
    status, headers, _ = call(server, "OPTIONS", f"api/tables/{t}/actions", headers=lite)
    assert status == 204
    assert headers["Access-Control-Allow-Origin"] == "http://lite.example:8800"
    assert "Authorization" in headers["Access-Control-Allow-Headers"]
    status, headers, _ = call(server, "GET", f"api/tables/{t}?token={b}", headers=lite)
    assert headers["Access-Control-Allow-Origin"] == "http://lite.example:8800"
    other = dict(lite, Origin="http://elsewhere.example")
    status, headers, err = call(server, "OPTIONS", f"api/tables/{t}/actions", headers=other)
    assert status == 403 and "--allow-origin" in err["error"]
    assert "Access-Control-Allow-Origin" not in call(server, "GET", f"api/tables/{t}?token={b}",
                                                     headers=other)[1]


def test_the_pages_are_escaped_and_load_nothing_from_elsewhere(server):
    t = make(server)["table"]
    with urllib.request.urlopen(f"{server}tables/{t}", timeout=30) as r:
        page = r.read().decode()
        policy = r.headers["Content-Security-Policy"]
    assert f'data-table="{t}"' in page and "token" not in page.split("<body")[0].lower().replace(
        'name="referrer"', "")
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    assert "http" not in page.replace('content="width=device-width, initial-scale=1"', "")
    with urllib.request.urlopen(f"{server}tables", timeout=30) as r:
        page = r.read().decode()
    assert 'data-mode="new"' in page
    # the bots' standings on the rating ladder, by number of players, for the form to show
    standings = json.loads(html.unescape(page.split('data-standings="')[1].split('"')[0]))
    assert any(s.startswith("Hard bot: finishes ahead of normal about") for s in standings["3"])
    for name in ("online.js", "online.css", "board.js", "board.css"):
        with urllib.request.urlopen(f"{server}online/static/{name}", timeout=30) as r:
            assert r.status == 200 and r.read()
    for wrong in ("online/static/../tables.py", "online/static/api.py"):
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(server + wrong, timeout=30)
        assert err.value.code == 404
    assert call(server, "GET", "api/nothing")[::2] == (
        404, {"error": "There is no such API address: see docs/online.md"})
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(f"{server}tables/%3Cscript%3E", timeout=30)
    assert err.value.code == 404


def test_a_poll_wakes_for_a_move_here_and_for_one_made_by_another_process(server, store):
    made = make(server, players=2)
    t, b = made["table"], made["seats"]["bluefin"]["token"]
    import threading
    answers = []

    def wait(version):
        t0 = time.monotonic()
        answers.append((call(server, "GET", f"api/tables/{t}/poll?token={b}&version={version}&wait=20")[2],
                        time.monotonic() - t0))

    waiter = threading.Thread(target=wait, args=(0,))
    waiter.start()
    time.sleep(0.3)
    call(server, "POST", f"api/tables/{t}/actions", {"token": b, "version": 0, "action": "start 0,0"})
    waiter.join(30)
    seen, took = answers.pop()
    # Woken by the move, not by the end of its 20 s wait. (Within milliseconds on a quiet
    # machine; no tighter bound here: the machine is shared. docs/online.md has figures.)
    assert seen["version"] == 1 and took < 5.3
    # Another process (another Tables on the same store) moves: the poll sees it.
    waiter = threading.Thread(target=wait, args=(1,))
    waiter.start()
    time.sleep(0.3)
    elsewhere = Tables(Store(store.url))
    legal = elsewhere.get(t, b)["legal"]
    moved_at = time.monotonic()
    elsewhere.act(t, b, 1, legal[0])
    waiter.join(30)
    seen, took = answers.pop()
    assert seen["version"] == 2
    assert time.monotonic() - moved_at < 5.0     # the store is checked every 250 ms
    # Nothing moves: the poll answers after its wait with the same version.
    t0 = time.monotonic()
    status, _, seen = call(server, "GET", f"api/tables/{t}/poll?token={b}&version=2&wait=0.5")
    assert status == 200 and seen["version"] == 2 and 0.4 < time.monotonic() - t0 < 5
    assert seen["connected"] == ["bluefin"]
