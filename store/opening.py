"""Opening the database: SQLite in WAL mode, a busy timeout, the migrations applied, and
the chain key (``store.chain``) kept with the connection."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from sqlite_utils import Database

from . import chain, secretfile
from . import db as dbmod
from .db import migrations


def open_db(path: str | Path, *, chain_key: bytes | None = None) -> Database:
    """Open (creating if needed) the Tapete database at ``path`` and apply migrations.

    The connection is in WAL mode (readers never block the writer) with a busy timeout of
    :data:`store.db.BUSY_TIMEOUT_MS` ms, foreign keys on, usable from Flask's threads. It
    holds the key of the record's chain as ``db.chain_key``; nights made before the chain
    are linked once (:func:`store.chain.link_pending`).

    :param path: a file path, or ``":memory:"``.
    :param chain_key: the chain key (bytes); default ``TAPETE_CHAIN_KEY``, else the
        ``CHAIN_KEY`` of ``secrets.json`` beside the database (made once, mode 600), or for
        ``":memory:"`` a random key of this process (``store.secretfile.chain_key``).
    :returns: a ``sqlite_utils.Database``.
    :raises ValueError: a chain key that is not base64 of at least 32 bytes.
    """
    key = chain_key or secretfile.chain_key(path)
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
    busy_ms = dbmod.BUSY_TIMEOUT_MS  # read at each open (a test may shorten it)
    conn = sqlite3.connect(str(path), timeout=busy_ms / 1000, check_same_thread=False)
    db = Database(conn)
    db.chain_key = key
    db.execute(f"PRAGMA busy_timeout = {busy_ms}")
    db.execute("PRAGMA foreign_keys = ON")
    if str(path) != ":memory:":
        db.enable_wal()
    migrations.apply(db)
    chain.link_pending(db)
    return db
