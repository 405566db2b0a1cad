"""The app as the tests make it, and a database's every row (to prove a refusal changed nothing)."""

from __future__ import annotations

import sqlite3

from app import create_app
from store import open_db


def make_app(path, *, csrf: bool = False):
    """The app as the tests configure it, on a fresh SQLite file at ``path`` (schema
    migrated first); ``csrf`` turns Flask-WTF's token checks on."""
    open_db(path).conn.close()
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": csrf})


def snapshot(path) -> dict[str, list[tuple]]:
    """Every row of every table of the database at ``path`` (a fresh connection: what is
    committed): table -> rows in rowid order. Two snapshots compare equal only when no row
    was added, changed or removed."""
    conn = sqlite3.connect(str(path))
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}
    finally:
        conn.close()
