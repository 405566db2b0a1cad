"""A database another writer holds, and a database that cannot grow: the two ways a write
is refused whatever it is (``store.Busy``, ``store.DiskFull``; issue 25).

    from locks import full_disk, held_write_lock
    with held_write_lock(app.config["DATABASE"]):   # another connection inside BEGIN IMMEDIATE
        answer = client.post(...)                    # (shorten the busy timeout first: SHORT_BUSY_MS)
    with full_disk():                                # every connection opened meanwhile
        answer = client.post(...)                    # cannot grow the file: SQLITE_FULL
"""

from __future__ import annotations

import contextlib
import sqlite3

import store

SHORT_BUSY_MS = 100
"""The busy timeout the tests give ``store.core.transactions.BUSY_TIMEOUT_MS`` (read at each
open): a held lock refuses a write in a tenth of a second instead of five."""


@contextlib.contextmanager
def held_write_lock(path):
    """Another connection to the database at ``path`` holds the write lock (``BEGIN
    IMMEDIATE``) inside, and writes nothing; released (rolled back) on leaving."""
    holder = sqlite3.connect(str(path), check_same_thread=False)
    try:
        holder.execute("BEGIN IMMEDIATE")
        yield holder
    finally:
        holder.rollback()
        holder.close()


def _limited(opener):
    """``opener`` (``store.open_db``) whose connections may not grow the database past the
    size it had when each was opened (``PRAGMA max_page_count``)."""
    def open_limited(path, **kwargs):
        db = opener(path, **kwargs)
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages}")
        return db
    return open_limited


@contextlib.contextmanager
def full_disk():
    """Inside, every connection the app opens (``store.open_db``, as ``web.core.db.get_db``
    calls it; the test app closes its connection after each request) cannot make the
    database larger than it was at the open: a write that fits the pages there is stored, the
    first that needs one more page fails with SQLite's own ``SQLITE_FULL`` ("database or
    disk is full"), as on a full disk. Connections opened before are not limited."""
    real = store.open_db
    store.open_db = _limited(real)
    try:
        yield
    finally:
        store.open_db = real
