"""The request's database handle: one pooled ``sqlite_utils.Database`` per request.

``get_db()`` takes a connection from this process's pool for the app's ``DATABASE`` (opening
one with ``store.open_db`` when the pool is empty: the migrations check and the WAL pragma,
about 2 ms saved a request); ``init_app(app)`` gives it back when the request ends, with any
open transaction rolled back (Flask tutorial style, ``flaskr/db.py``, with a pool).
"""

from __future__ import annotations

import queue

from flask import Flask, current_app, g
from sqlite_utils import Database

import store
from store.core.memo import forget

_POOLS: dict[str, queue.SimpleQueue] = {}
"""Open connections by database path, reused across requests."""


def get_db() -> Database:
    """The request's ``sqlite_utils.Database`` for the app's ``DATABASE`` (the same one for
    the whole request, from the pool)."""
    if "tapete_pooled_db" not in g:
        path = current_app.config["DATABASE"]
        pool = _POOLS.setdefault(path, queue.SimpleQueue())
        try:
            db = pool.get_nowait()
        except queue.Empty:
            db = store.open_db(path)
        g.tapete_pooled_db = (path, db)
    return g.tapete_pooled_db[1]


def give_back(exc: BaseException | None = None) -> None:
    """Teardown: roll back what a failed request left open, then pool the connection (a
    broken one is closed; under ``TESTING`` every one is closed, the test's database goes
    away)."""
    held = g.pop("tapete_pooled_db", None)
    if held is None:
        return
    path, db = held
    forget(db)  # (what this request kept is not the next one's)
    try:
        if db.conn.in_transaction:
            db.conn.rollback()
    except Exception:  # noqa: BLE001 - a broken connection is dropped, not pooled
        db.conn.close()
        return
    if current_app.testing:  # a test's temporary database goes away: do not keep it open
        db.conn.close()
        return
    _POOLS.setdefault(path, queue.SimpleQueue()).put(db)


def init_app(app: Flask) -> None:
    """Register :func:`give_back` on the app's teardown."""
    app.teardown_appcontext(give_back)
