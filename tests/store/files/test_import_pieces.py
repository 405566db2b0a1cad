"""An upload in pieces (issue 25, "uploads in pieces"; ``store.files.import_pieces``): the
import never holds the write lock for the whole file, so another writer (a tablet's tap)
writes between two pieces; the night is invisible until its last piece commits; a file
refused by a later piece leaves a night marked failed, invisible, its rows kept; each
hand is judged once and its rows linked in the chain in one batch."""

from __future__ import annotations

import time
from datetime import datetime

import pytest
from failed_imports import failed_invisibly, rows
from hosts import login_host
from samples import synthetic_session

import store
import store.core.transactions
import store.hand.judging
from store.club.standings import club_standings
from store.core import chain
from store.core.checks import MAX_CHIPS
from store.core.records import insert, insert_rows
from store.core.transactions import write_tx

PLAYERS = [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100}]
PASSED = ["p1 ante 5", "p2 ante 5", "p1 check", "p2 check"]


def night_file(hands: int = 6) -> dict:
    """Two players, ``hands`` passed-out hands (the pot carries)."""
    return {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5}, "players": PLAYERS,
            "hands": [{"button": 2, "actions": PASSED} for _ in range(hands)]}


def too_many_at_the_end() -> dict:
    """A file every check before writing passes, refused by the last piece: hand 4 states
    Ana's stack at ``MAX_CHIPS`` and the dealer pushes her the pot, so she ends with more
    chips than the store holds (``session_invalid``, what ``ends_too_many``)."""
    session = night_file(3)
    session["hands"].append({"stacks": {"1": MAX_CHIPS, "2": 95}, "actions": ["p1 ante 5", "p2 ante 5",
                                                                               "d award p1 50"]})
    return session


@pytest.fixture
def one_hand_pieces(monkeypatch):
    """Pieces of one hand each (the piece ends after the first hand past 0 s)."""
    monkeypatch.setattr(store.core.transactions, "PIECE_SECONDS", 0)


@pytest.fixture
def other(app):
    """Another connection to the app's database that never waits for the lock (busy
    timeout 0): a write while the import holds the lock fails at once."""
    database = store.open_db(app.config["DATABASE"])
    database.execute("PRAGMA busy_timeout = 0")
    yield database
    database.conn.close()


def importing(db) -> int | None:
    """The id of the night being imported, read on ``db`` (another connection), or None."""
    row = db.execute("SELECT id FROM nights WHERE import_state = 'importing'").fetchone()
    return row[0] if row else None


def test_another_connection_writes_between_two_pieces_of_an_upload(db, other, one_hand_pieces):
    """Between two pieces the lock is free: another connection that never waits takes it
    and writes (before, the whole file was one transaction: it would have been refused)."""
    written = []

    def progress(done: int, total: int) -> None:
        if not written:
            with write_tx(other):  # BEGIN IMMEDIATE at once, or "database is locked"
                written.append(store.add_player(other, "Zoe"))
        written.append((done, total))

    night = store.import_night(db, night_file(6), progress=progress).night_id
    assert written[1:] == [(n, 6) for n in range(1, 7)]   # six pieces, one hand each
    assert store.get_player(db, written[0])["name"] == "Zoe"
    assert len(store.night_hands(db, night)) == 6 and store.get_night(db, night)["import_state"] is None


def test_an_importing_night_is_invisible_until_its_last_piece(app, db, other, client, one_hand_pieces):
    login_host(client)
    seen = []

    def progress(done: int, total: int) -> None:
        night = importing(other)
        assert night is not None
        with pytest.raises(store.StoreError) as refused:
            store.get_night(other, night)
        assert refused.value.code == "no_night"
        assert store.list_nights(other) == [] and store.list_players(other) == []
        assert club_standings(other)["nights"] == 0 and club_standings(other)["players"] == []
        assert client.get(f"/host/night/{night}").status_code == 404
        assert night not in [n["id"] for n in store.list_nights(other)]
        seen.append(night)

    session = night_file(4)
    session["tapete"] = {"closed": True}
    night = store.import_night(db, session, progress=progress).night_id
    assert seen == [night] * 4
    assert [n["id"] for n in store.list_nights(other)] == [night] and store.get_night(other, night)["closed"]
    standings = club_standings(other)
    assert standings["nights"] == 1 and {p["nights"] for p in standings["players"]} == {1}
    assert client.get(f"/host/night/{night}/table").status_code == 200


def test_a_file_refused_by_a_later_piece_leaves_a_failed_night_invisible_its_rows_kept(app, db, client, runner,
                                                                                      one_hand_pieces):
    kept = rows(db)
    pieces = []
    with pytest.raises(store.StoreError) as refused:
        store.import_night(db, too_many_at_the_end(), progress=lambda done, total: pieces.append(done))
    assert (refused.value.code, refused.value.params) == ("session_invalid",
                                                          {"what": "ends_too_many", "seat": "1", "max": MAX_CHIPS})
    assert pieces == [1, 2, 3, 4]   # the hands were committed before the last piece refused
    (night,) = failed_invisibly(db, kept)
    assert db.execute("SELECT COUNT(*) FROM hands WHERE night_id = ?", [night]).fetchone()[0] == 4
    login_host(client)
    assert client.get(f"/host/night/{night}").status_code == 404
    assert chain.verify_record(db)["ok"]   # `flask verify` passes with the failed night kept
    store.import_session(db, night_file(2))   # and the club goes on importing
    # the whole of `flask verify` (the chain and the stored totals and dues) checks the club
    # with the failed night kept, and a night of its own (it said "No such night." and 2)
    assert runner.invoke(args=["verify"]).exit_code == 0
    assert runner.invoke(args=["verify", "1"]).exit_code == 0


def test_the_same_file_finished_meanwhile_refuses_the_slower_upload(db, other, one_hand_pieces):
    """Two uploads of one file at once: the one whose last piece comes second is refused as
    a night the club has (nothing of it seen), never two nights."""
    session, done = night_file(3), []

    def progress(written: int, total: int) -> None:
        if not done:
            done.append(store.import_session(other, session))

    with pytest.raises(store.StoreError) as refused:
        store.import_night(db, session, progress=progress)
    assert refused.value.code == "night_present" and refused.value.params["night"] == done[0]
    assert [n["id"] for n in store.list_nights(db)] == done
    assert db.execute("SELECT import_state FROM nights WHERE id != ?", done).fetchall() == [("failed",)]


def test_a_300_hand_import_holds_the_lock_in_many_short_pieces(db):
    """The lock held per piece stays bounded: the import is many write transactions, not one
    (the figure is printed; the benchmarks time it: ``benchmarks/night_pages.py``)."""
    spans, began = [], []

    def trace(sql: str) -> None:
        if sql.startswith("BEGIN IMMEDIATE"):
            began.append(time.perf_counter())
        elif sql in ("COMMIT", "ROLLBACK") and began:
            spans.append(time.perf_counter() - began.pop())

    db.conn.set_trace_callback(trace)
    try:
        store.import_session(db, synthetic_session(300, 9, seed=3))
    finally:
        db.conn.set_trace_callback(None)
    print(f"300 hands: {len(spans)} write transactions, the longest {max(spans) * 1000:.0f} ms")
    assert len(spans) > 2   # the first piece, pieces of hands, the last piece


def test_each_imported_hand_is_judged_once(db, monkeypatch):
    judged = []
    real = store.hand.judging.judge

    def counting(night, hand):
        judged.append(hand.number)
        return real(night, hand)

    monkeypatch.setattr(store.hand.judging, "judge", counting)
    store.import_session(db, night_file(5))
    assert judged == [1, 2, 3, 4, 5]


def test_rows_linked_in_one_batch_get_the_links_one_by_one_gives(tmp_path):
    """``store.core.chain.link_rows`` writes the links ``link`` writes row by row: the same
    macs and head, so ``verify`` cannot tell them apart."""
    made = []
    for name in ("one", "batch"):
        db = store.open_db(tmp_path / name / "t.db", chain_key=b"k" * 32)
        night = store.create_night(db, rules="jackpots", chip_cents=10, key="n", started_at=datetime(2026, 1, 1, 20))
        with write_tx(db):
            hand = insert(db, "hands", {"night_id": night, "number": 1, "button": 1, "entered_by": "t",
                                        "entered_at": "2026-01-01T00:00:00+00:00"})
            lines = [{"night_id": night, "hand_id": hand, "seq": i, "kind": "action", "action": f"p1 ante {i + 1}",
                      "entered_by": "t", "entered_at": "2026-01-01T00:00:00+00:00", "key": f"k{i}"}
                     for i in range(5)]
            if name == "one":
                for line in lines:
                    insert(db, "events", line)
            else:
                insert_rows(db, "events", lines)
        made.append(db.execute("SELECT n, tbl, row_id, mac FROM chain ORDER BY n").fetchall()
                    + db.execute("SELECT head, links, tbl, row_id FROM chain_heads").fetchall())
        assert chain.verify(db, night)["ok"]
        db.conn.close()
    assert made[0] == made[1] and len(made[0]) == 1 + 1 + 5 + 1


def test_an_upload_cut_off_is_marked_failed_by_the_next_init_db(app, db, runner):
    """An upload cut off part-way (the server stopped, a crash) leaves its night
    ``importing``; ``flask init-db`` (run by ``scripts/serve`` before the server starts, no
    server on the database) marks it failed: still invisible, its rows kept, and ``flask
    verify`` passes."""
    night = store.create_night(db, rules="jackpots", chip_cents=10, importing=True)
    assert db.execute("SELECT import_state FROM nights WHERE id = ?", [night]).fetchone()[0] == "importing"
    out = runner.invoke(args=["init-db"])
    assert out.exit_code == 0, out.output
    assert db.execute("SELECT import_state FROM nights WHERE id = ?", [night]).fetchone()[0] == "failed"
    assert store.list_nights(db) == [] and runner.invoke(args=["verify"]).exit_code == 0


def test_the_hands_of_a_failed_night_are_no_hands_to_any_page(app, db, client, one_hand_pieces):
    """A player's link (Ana sat in the failed night too) and the host reach none of its
    hands by their ids: the replay and the dispute page answer 404, a dispute posted on one
    is refused and stores nothing (a guessed id answered 500, and a dispute was stored)."""
    with pytest.raises(store.StoreError):
        store.import_night(db, too_many_at_the_end())
    (night,) = [r[0] for r in db.execute("SELECT id FROM nights WHERE import_state = 'failed'")]
    hand = db.execute("SELECT MIN(id) FROM hands WHERE night_id = ?", [night]).fetchone()[0]
    token = store.issue_token(db, store.find_player(db, "Ana"))
    before = rows(db)
    assert client.get(f"/p/{token}/hand/{hand}").status_code == 404
    assert client.get(f"/p/{token}/hand/{hand}/dispute").status_code == 404
    client.post(f"/p/{token}/hand/{hand}/dispute", data={"statement": "Chus opened before Bruno spoke."})
    assert db.execute("SELECT COUNT(*) FROM disputes").fetchone()[0] == 0 and rows(db) == before
    login_host(client)
    assert client.get(f"/host/night/{night}/hand/1").status_code == 404
    with pytest.raises(store.StoreError):
        store.open_dispute(db, hand, store.find_player(db, "Ana"), "Chus opened before Bruno spoke.")
