"""Reads computed once while the database stays as it is (issue 14's pages ask for the
same night's rulings, bank and summary several times in one request).

A value is kept on the connection (the ``sqlite_utils.Database``) under the database's
state when it was computed: ``PRAGMA data_version`` (changes when another connection
commits) and the connection's own ``total_changes`` (changes with every row this
connection writes, committed or not). Any write, by anyone, makes every kept value a miss,
so a kept value is never stale; nothing module-level is kept, and a pooled connection's
values are dropped when its request ends (:func:`forget`). Each read gets its own copy
(a pickle of the value), so a caller that changes what it got changes nothing kept.
Reads only: nothing is written.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

from sqlite_utils import Database

_ATTR = "_tapete_memo"


def _state(db: Database) -> tuple[int, int]:
    """The database's state as this connection sees it (see the module's docstring)."""
    return db.execute("PRAGMA data_version").fetchone()[0], db.conn.total_changes


def kept(db: Database, key: tuple, compute: Callable[[], Any]) -> Any:
    """``compute()``, or a copy of the value it gave for ``key`` while the database has
    not changed since. ``key`` names the read and its arguments (e.g. ``("bank_check",
    night_id)``); an exception from ``compute`` is raised and nothing is kept."""
    state = _state(db)
    box = getattr(db, _ATTR, None)
    if box is None or box[0] != state:
        box = (state, {})
        setattr(db, _ATTR, box)
    blob = box[1].get(key)
    if blob is None:
        value = compute()
        box[1][key] = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        return value
    return pickle.loads(blob)


def forget(db: Database) -> None:
    """Drop every value kept on the connection (a pooled connection's request ended)."""
    if hasattr(db, _ATTR):
        delattr(db, _ATTR)
