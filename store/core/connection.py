"""Opening the database: SQLite in WAL mode, a busy timeout, the migrations applied, and
the chain key (``store.core.chain``) checked and kept with the connection."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from store.core import chain, secret_file, transactions
from store.core.schema import migrations

CHAIN_MIGRATION = "m009_chain"
"""The migration that starts the chain: the open that applies it links the older nights."""

MONEY_MIGRATION = "m014_money_seals"
"""The migration that seals paying up: the open that applies it links the older rows of
paying up (marks, expenses, shares, voids, payment handles)."""

FILE_MODE = 0o600
"""The mode a new database file is made with (only its owner reads it, like
``secrets.json``); SQLite makes its ``-wal`` and ``-shm`` files with the database file's
mode, so they follow."""


def _create_private(path: Path) -> None:
    """Make ``path`` an empty file of mode :data:`FILE_MODE` (an empty file is an empty
    SQLite database) unless it exists; an existing file keeps its mode."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    except FileExistsError:
        return
    os.close(fd)


def open_db(path: str | Path, *, chain_key: bytes | None = None) -> Database:
    """Open (creating if needed) the Tapete database at ``path`` and apply migrations.

    The connection is in WAL mode (readers never block the writer) with a busy timeout of
    :data:`store.core.transactions.BUSY_TIMEOUT_MS` ms, foreign keys on, usable from Flask's threads. It
    holds the key of the record's chain as ``db.chain_key``, checked against the check
    value the database was sealed with (:func:`store.core.chain.check_key`; stored by the first
    open). Nights made before the chain are linked by the open that applies migration
    m009 (:func:`store.core.chain.link_pending`), and by no later one; the rows of paying
    up written before they were sealed, by the open that applies m014
    (:func:`store.core.chain.link_pending_money`).

    A new database file is made with mode 600 (:data:`FILE_MODE`), and so are its
    ``-wal`` and ``-shm`` files.

    :param path: a file path, or ``":memory:"``.
    :param chain_key: the chain key (bytes); default ``TAPETE_CHAIN_KEY``, else the
        ``CHAIN_KEY`` of ``secrets.json`` beside the database (made once, mode 600, for a
        database with no chain yet), or for ``":memory:"`` a random key of this process
        (``store.core.secret_file.chain_key``).
    :returns: a ``sqlite_utils.Database``.
    :raises StoreError: code ``chain_key_wrong``: the key is not the one the database was
        sealed with (:func:`store.core.chain.check_key`); a
        :class:`store.core.secret_file.KeyFileError` (its codes there): a key that is not
        base64 of at least 32 bytes, or no key in ``secrets.json`` beside a database that
        already has a chain (a lost key is never made anew); each naming the file or variable.
    """
    given = chain_key or secret_file.environment_key()
    if str(path) != ":memory:":
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        _create_private(Path(path))
    busy_ms = transactions.BUSY_TIMEOUT_MS  # read at each open (a test may shorten it)
    conn = sqlite3.connect(str(path), timeout=busy_ms / 1000, check_same_thread=False)
    db = Database(conn)
    try:
        db.execute(f"PRAGMA busy_timeout = {busy_ms}")
        db.execute("PRAGMA foreign_keys = ON")
        if str(path) != ":memory:":
            db.enable_wal()
        pending = {m.name for m in migrations.pending(db)}
        upgrading, sealing_money = CHAIN_MIGRATION in pending, MONEY_MIGRATION in pending
        migrations.apply(db)
        key = given or secret_file.chain_key(path, make=not chain.sealed(db))
        db.chain_key = key
        chain.check_key(db, key, "argument" if chain_key else secret_file.CHAIN_KEY_ENV if given else "secrets.json")
        if upgrading:
            chain.link_pending(db)
        if sealing_money:
            chain.link_pending_money(db)
    except BaseException:
        conn.close()
        raise
    return db
