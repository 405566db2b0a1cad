"""A write refused because another connection holds SQLite's lock is told by SQLite's
result code (``store.core.transactions.busy``), never by the words of its message, and so is
a database that cannot grow (``full``): ``write_tx`` raises ``Busy`` and ``DiskFull`` itself,
rolled back (every page answers them in words, ``web.core.errors``); any other error is
raised as it is."""

from __future__ import annotations

import sqlite3

import pytest
from locks import SHORT_BUSY_MS, held_write_lock

from store import open_db
from store.core import transactions
from store.core.transactions import Busy, DiskFull, busy, full, write_tx


def test_a_held_lock_is_busy_and_other_errors_are_not(tmp_path):
    path = tmp_path / "lock.db"
    holder = sqlite3.connect(path, timeout=0.05)
    holder.execute("CREATE TABLE t (x)")
    holder.commit()
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(path, timeout=0.05)
    try:
        other.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        locked = exc
    else:
        raise AssertionError("the second writer was let in")
    finally:
        holder.rollback()
        holder.close()
    try:
        other.execute("SELECT * FROM no_such_table")
    except sqlite3.OperationalError as exc:
        missing = exc
    other.close()
    assert busy(locked) and not busy(missing)
    # the words alone say nothing: an error that only reads "locked" is not SQLite's lock
    assert not busy(sqlite3.OperationalError("database is locked"))


def _limited(path, pages_more: int = 0):
    """A store connection to ``path`` that may not grow the file past its size now."""
    db = open_db(path)
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages + pages_more}")
    return db


def test_write_tx_raises_busy_for_a_held_lock_and_writes_nothing(tmp_path, monkeypatch):
    """The store says a held lock itself (issue 25: every route answers it with 503, no view
    reads SQLite's errors): :class:`Busy` from ``write_tx``, by the result code."""
    monkeypatch.setattr(transactions, "BUSY_TIMEOUT_MS", SHORT_BUSY_MS)
    path = tmp_path / "busy.db"
    db = open_db(path)
    db.execute("CREATE TABLE notes (x TEXT)")
    with held_write_lock(path):
        with pytest.raises(Busy) as caught, write_tx(db):
            db.execute("INSERT INTO notes (x) VALUES ('Ana')")
    assert busy(caught.value.__cause__)
    assert not db.conn.in_transaction
    assert db.execute("SELECT COUNT(*) FROM notes").fetchone()[0] == 0
    db.conn.close()


def test_write_tx_raises_disk_full_when_the_file_cannot_grow_and_rolls_back(tmp_path):
    """SQLite's own ``SQLITE_FULL`` (the connection's ``max_page_count`` reached, as on a full
    disk) inside a write transaction: :class:`DiskFull`, everything written before it in
    the transaction rolled back, and the connection writes again once there is room."""
    path = tmp_path / "full.db"
    made = open_db(path)
    made.execute("CREATE TABLE notes (x TEXT)")
    made.conn.close()
    db = _limited(path)
    with pytest.raises(DiskFull) as caught, write_tx(db):
        db.execute("INSERT INTO notes (x) VALUES ('Ana')")
        for i in range(200):   # page after page: the file must grow
            db.execute("INSERT INTO notes (x) VALUES (?)", [f"p{i} " + "x" * 900])
    assert full(caught.value.__cause__) and not busy(caught.value.__cause__)
    assert not db.conn.in_transaction
    assert db.execute("SELECT COUNT(*) FROM notes").fetchone()[0] == 0
    db.execute("PRAGMA max_page_count = 1000000")
    with write_tx(db):
        db.execute("INSERT INTO notes (x) VALUES ('Ana')")
    assert db.execute("SELECT COUNT(*) FROM notes").fetchone()[0] == 1
    db.conn.close()
