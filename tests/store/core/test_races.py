"""Writes sent at once from several connections (tablets, the host's phone) to one
database file: every check-then-write runs its check inside the write transaction
(``write_tx``, BEGIN IMMEDIATE), so one end per hand and at most one live void per target.

Each test widens the window between a check and its write (the check sleeps a little
after reading): when the check ran outside the transaction, every thread passed it before
any wrote, and the hand got 8 ends; inside it, the threads queue on the write lock.
"""

from __future__ import annotations

import threading
import time

import pytest

import store
import store.hand.events
import store.money.ledger

THREADS = 8


def _slow(monkeypatch, module, name, delay=0.03):
    """Make ``module.name`` (a read used by a check) sleep after reading."""
    original = getattr(module, name)

    def slow(*args, **kwargs):
        result = original(*args, **kwargs)
        time.sleep(delay)
        return result

    monkeypatch.setattr(module, name, slow)


def _at_once(path, call, n=THREADS):
    """Run ``call(db, i)`` in ``n`` threads, each on its own connection, released together;
    returns (results, errors)."""
    dbs = [store.open_db(path) for _ in range(n)]
    barrier = threading.Barrier(n)
    results, errors = [], []
    lock = threading.Lock()

    def run(i):
        barrier.wait()
        try:
            out = call(dbs[i], i)
        except store.StoreError as exc:
            with lock:
                errors.append(exc)
        else:
            with lock:
                results.append(out)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    for d in dbs:
        d.conn.close()
    return results, errors


@pytest.fixture
def table(app, db):
    """A night with two players and a hand in progress (antes in): (path, night, hand)."""
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    for seat, name in ((1, "Ana"), (2, "Bruno")):
        store.join_table(db, night, name, seat, 100, entered_by="host")
    hand = store.start_hand(db, night, button=1, entered_by="host")
    for i, action in enumerate(("p1 ante 5", "p2 ante 5", "d deal p1 5")):
        store.append_action(db, hand, action, entered_by="dealer", key=f"a{i}")
    return app.config["DATABASE"], night, hand


def _count(db, sql, args):
    return db.execute(sql, args).fetchone()[0]


@pytest.mark.slow
def test_ends_sent_at_once_with_different_keys_store_one_end(table, db, monkeypatch):
    path, night, hand = table
    _slow(monkeypatch, store.hand.events, "hand_ended")
    results, errors = _at_once(path, lambda d, i: store.end_hand(d, hand, entered_by=f"tablet{i}", key=f"end-{i}"))
    ends = _count(db, "SELECT COUNT(*) FROM events WHERE hand_id = ? AND kind = 'end'", [hand])
    assert ends == 1
    assert len(results) == 1 and len(errors) == THREADS - 1
    assert all(e.code == "hand_ended" for e in errors)  # already ended


def test_undos_sent_at_once_void_each_event_at_most_once(table, db, monkeypatch):
    path, night, hand = table
    _slow(monkeypatch, store.hand.events, "hand_actions")
    results, errors = _at_once(path, lambda d, i: store.undo_last(
        d, hand, reason="tapped twice", entered_by=f"tablet{i}", key=f"undo-{i}"), n=3)
    targets = [r[0] for r in db.execute("SELECT target FROM events WHERE hand_id = ? AND kind = 'void'", [hand])]
    assert len(targets) == len(set(targets)) == 3  # three undos, three different events
    assert len(results) == 3 and not errors
    assert [a["action"] for a in store.hand_actions(db, hand) if not a["voided"]] == []


@pytest.mark.slow
def test_voids_of_one_event_sent_at_once_store_one(table, db, monkeypatch):
    path, night, hand = table
    target = store.hand_actions(db, hand)[1]["event_id"]
    _slow(monkeypatch, store.hand.events, "_voided")
    results, errors = _at_once(path, lambda d, i: store.void_event(
        d, target, reason="wrong seat", entered_by=f"tablet{i}", key=f"void-{i}"))
    assert _count(db, "SELECT COUNT(*) FROM events WHERE kind = 'void' AND target = ?", [target]) == 1
    assert len(results) == 1 and all(e.code == "already_voided" for e in errors)


def test_ledger_voids_sent_at_once_store_one(table, db, monkeypatch):
    path, night, hand = table
    store.end_hand(db, hand, entered_by="dealer")
    entry = store.buy_in(db, night, store.find_player(db, "Ana"), 50, entered_by="host")
    original = store.money.ledger.existing

    def slow_existing(*args, **kwargs):
        found = original(*args, **kwargs)
        time.sleep(0.03)
        return found

    monkeypatch.setattr(store.money.ledger, "existing", slow_existing)
    results, errors = _at_once(path, lambda d, i: store.void_entry(
        d, entry, reason="typed twice", entered_by="host", key=f"lv-{i}"))
    assert _count(db, "SELECT COUNT(*) FROM ledger WHERE kind = 'void' AND target = ?", [entry]) == 1
    assert len(results) == 1 and len(errors) == THREADS - 1


@pytest.mark.slow
def test_closes_sent_at_once_store_one_close_and_reopens_void_it_once(table, db, monkeypatch):
    path, night, hand = table
    store.end_hand(db, hand, entered_by="dealer")
    for name, chips in (("Ana", 100), ("Bruno", 100)):
        store.cash_out(db, night, store.find_player(db, name), chips, entered_by="host")
    _slow(monkeypatch, store.money.ledger, "bank_check")
    results, errors = _at_once(path, lambda d, i: store.close_night(d, night, entered_by="host", key=f"close-{i}"))
    closes = _count(db, "SELECT COUNT(*) FROM ledger WHERE night_id = ? AND kind = 'close'", [night])
    assert closes == 1 and len(results) == 1
    assert all(e.code == "night_closed" for e in errors)
    _slow(monkeypatch, store.money.ledger, "get_night")
    results, errors = _at_once(path, lambda d, i: store.reopen_night(d, night, reason="recount", entered_by="host"))
    close_id = _count(db, "SELECT id FROM ledger WHERE night_id = ? AND kind = 'close'", [night])
    assert _count(db, "SELECT COUNT(*) FROM ledger WHERE kind = 'void' AND target = ?", [close_id]) == 1
    assert len(results) == 1 and all(e.code == "night_open" for e in errors)  # not closed
