"""A write refused because another connection holds SQLite's lock is told by SQLite's
result code (``store.core.transactions.busy``), never by the words of its message: the
tablet retries it and answers 503, the login page answers 503; any other error is raised."""

from __future__ import annotations

import sqlite3

from store.core.transactions import busy


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
