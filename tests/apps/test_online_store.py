"""The tables' store (ahoy_nb.apps.online.store) on SQLite and on a real PostgreSQL: rows,
compare-and-swap moves, links, presence; two stores (two processes' worth) on one
database; clear errors for a bad URL or a missing driver."""

from __future__ import annotations

import sys
import threading

import pytest

from ahoy_nb.apps.online.store import Store, StoreError, TableRow, default_url, token_hash
from ahoy_nb.apps.online.tables import Stale, Tables
from online_support import postgres_cluster, postgres_or_skip


@pytest.fixture(scope="module")
def postgres_url():
    postgres_or_skip()
    with postgres_cluster() as url:
        yield url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tables.sqlite'}"
    return request.getfixturevalue("postgres_url")


def _row(table_id="t1"):
    return TableRow.new(table_id, start='{"state": {}}',
                        seats={"bluefin": {"token": token_hash("b")}, "mollusk": {"bot": "hard"}},
                        spectator=token_hash("s"), seed_chosen=True)


def test_rows_round_trip_and_moves_are_compare_and_swap(url):
    store = Store(url)
    table_id = f"t-{id(store)}"
    store.create(_row(table_id))
    row = store.get(table_id)
    assert (row.version, row.actions, row.seats["mollusk"], row.over, row.seed_chosen) == \
        (0, [], {"bot": "hard"}, False, True)
    assert store.write(table_id, 0, ["start 0,0"], over=False)
    assert not store.write(table_id, 0, ["start 3,2"], over=False)    # stale
    assert store.write(table_id, 1, ["start 0,0", "sail 4"], over=True)
    assert store.get(table_id).actions == ["start 0,0", "sail 4"] and store.get(table_id).over
    assert store.version(table_id) == 2 and store.version("nope") is None
    assert store.versions([table_id, "nope"]) == {table_id: 2}
    assert store.get("nope") is None
    # Links change only from what the changer saw.
    seats = store.get(table_id).seats
    new = {**seats, "bluefin": {"token": token_hash("b2")}}
    assert store.set_seats(table_id, seats, new, token_hash("s"), token_hash("s2"))
    assert not store.set_seats(table_id, seats, new, token_hash("s"), token_hash("s3"))
    assert store.get(table_id).spectator == token_hash("s2")
    store.touch(table_id, "bluefin", 100.0)
    store.touch(table_id, "bluefin", 200.0)
    store.touch(table_id, "spectator", 150.0)
    assert store.seen(table_id) == {"bluefin": 200.0, "spectator": 150.0}
    store.close()


def test_racing_writers_on_one_database_apply_each_version_once(url):
    """Eight threads, each with its own store (its own connections: as processes), race
    to write versions 0..39 of one table: every version is written by exactly one."""
    first = Store(url)
    table_id = f"race-{id(first)}"
    first.create(_row(table_id))
    wins: list[tuple[int, int]] = []
    lock = threading.Lock()

    def writer(k):
        store = Store(url)
        while True:
            row = store.get(table_id)
            if row.version >= 40:
                break
            if store.write(table_id, row.version, row.actions + [f"w{k}-{row.version}"], False):
                with lock:
                    wins.append((row.version, k))
        store.close()

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    row = first.get(table_id)
    assert sorted(v for v, _ in wins) == list(range(40))
    assert row.actions == [f"w{k}-{v}" for v, k in sorted(wins)]
    first.close()


def test_two_servers_on_one_database_serve_one_table(url):
    a, b = Tables(Store(url)), Tables(Store(url))
    made = a.create({"players": 2, "seed": 9})
    t = made["table"]
    token = {f: s["token"] for f, s in made["seats"].items()}
    version, played = 0, []
    for i in range(12):
        here, there = (a, b) if i % 2 == 0 else (b, a)
        who = here.get(t, token["bluefin"])["deciding"]
        action = here.get(t, token[who])["legal"][0]
        version = here.act(t, token[who], version, action)["version"]
        played.append(action)
        with pytest.raises(Stale):
            there.act(t, token[who], version - 1, action)
    assert a.store.get(t).actions == played and b.store.get(t).version == 12


def test_a_bad_url_or_a_missing_driver_is_named(monkeypatch, tmp_path):
    with pytest.raises(StoreError, match="a store is sqlite:///PATH or postgresql://"):
        Store("mysql://root@localhost/ahoy")
    monkeypatch.setitem(sys.modules, "psycopg", None)     # as if psycopg were not installed
    with pytest.raises(StoreError, match=r"pip install 'ahoy-nb\[postgresql\]'"):
        Store("postgresql://nobody@127.0.0.1:1/none")
    monkeypatch.setitem(sys.modules, "sqlalchemy", None)
    with pytest.raises(StoreError, match=r"pip install 'ahoy-nb\[app\]'"):
        Store(f"sqlite:///{tmp_path / 'x.sqlite'}")


def test_no_database_there_is_said_plainly():
    with pytest.raises(StoreError, match="cannot open the store postgresql"):
        Store("postgresql://nobody:secret@127.0.0.1:1/none")


def test_the_default_store_is_a_file_in_the_users_data_directory(monkeypatch, tmp_path):
    monkeypatch.delenv("AHOY_NB_STORE", raising=False)
    url = default_url()
    assert url.startswith("sqlite:///") and url.endswith("ahoy-nb/tables.sqlite")
    monkeypatch.setenv("AHOY_NB_STORE", f"sqlite:///{tmp_path / 'mine.sqlite'}")
    assert default_url().endswith("mine.sqlite")
