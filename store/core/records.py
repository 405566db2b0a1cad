"""Writing a row: idempotent writes under a client's key (a repeated submit gets the first row's
id back, the same key with another payload is refused), inserts that link a chained row into
its night's keyed chain in the same transaction, and a correction's reason.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from typing import Iterator

from sqlite_utils import Database

from store.core import chain
from store.core.chain_rows import CHAINED, given_contents
from store.core.checks import StoreError
from store.core.transactions import write_tx


def existing(db: Database, table: str, key: str | None, kind: str | None = None,
             match: dict | None = None) -> int | None:
    """The id of the row of ``table`` stored under idempotency ``key``, or None.

    The same key with the same payload is a repeated submit (its id comes back); the same
    key with another payload is a different write and is refused.

    :param kind: for ``events``/``ledger``: the kind of write being repeated.
    :param match: column -> value the stored row must have (the payload: night, player,
        hand, chips, action text ...).
    :raises StoreError: ``key_reused`` (key; kind: the write the key was used for, its
        ``kind`` or the table's row): the key was used for a different kind of write, or
        for the same kind with a different payload.
    """
    if key is None:
        return None
    match = match or {}
    columns = ["id"] + (["kind"] if kind is not None else []) + list(match)
    row = db.execute(f"SELECT {', '.join(columns)} FROM {table} WHERE key = ?", [key]).fetchone()
    if row is None:
        return None
    if kind is not None and row[1] != kind:
        raise StoreError("key_reused", key=key, kind=row[1])
    stored = row[2:] if kind is not None else row[1:]
    if any(got != value for value, got in zip(match.values(), stored)):
        raise StoreError("key_reused", key=key, kind=kind or table.rstrip("s"))
    return row[0]


@contextmanager
def keyed_write(db: Database, table: str, key: str | None, kind: str | None = None,
                match: dict | None = None) -> Iterator[int | None]:
    """A write under idempotency ``key``: yields the id of the row already stored for this
    write (a repeated submit: no lock is taken, nothing to do), or None inside a write
    transaction (:func:`store.core.transactions.write_tx`, BEGIN IMMEDIATE) where the caller checks and
    writes.

    The key is looked up before taking the lock, so that a retried write is answered
    without waiting for it, and again under it, so that what is checked is what is
    written (two writers racing with one key store one row). Inside the caller's
    transaction (which holds the lock: a tap's, ``store.hand.operations.apply_tap``), once.

    :raises StoreError: as :func:`existing` (the key used for another write).
    """
    if not db.conn.in_transaction:
        found = existing(db, table, key, kind, match)
        if found is not None:
            yield found
            return
    with write_tx(db):
        yield existing(db, table, key, kind, match)


def insert(db: Database, table: str, row: dict) -> int:
    """Insert one row (raw SQL, fast); returns its id. A row of a chained table (the
    night, seats, hands, events, ledger, disputes, rulings, transfer marks, expenses, their
    shares and voids: ``store.core.chain_rows.CHAINED``) gets its link in the night's keyed
    hash chain in the same transaction (:func:`store.core.chain.link`; a payment handle in
    the club's, ``store.core.chain_rows.CLUB``); every insert into those tables comes
    through here."""
    columns = ", ".join(row)
    marks = ", ".join("?" for _ in row)
    row_id = db.execute(f"INSERT INTO {table} ({columns}) VALUES ({marks})", list(row.values())).lastrowid
    if table in CHAINED:
        chain.link(db, table, row_id)
    return row_id


def insert_rows(db: Database, table: str, rows: list[dict]) -> list[int]:
    """Insert many rows of one table (each with the same columns), in order, inside the
    caller's write transaction; returns their ids, in order. A few statements of many
    rows each, not one per row; a chained table's rows are linked as :func:`insert` links
    each, in one batch (:func:`store.core.chain.link_rows`: the same links, the head written
    once)."""
    with linked_batch(db) as batch:
        return batch.insert(table, rows)


class LinkedBatch:
    """Rows of several tables inserted one after another (:meth:`insert`) and linked in the
    chain together when the batch ends (:func:`linked_batch`)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self.links: list[tuple[str, int]] = []
        self.given: dict[tuple[str, int], tuple[int, dict]] = {}

    def insert(self, table: str, rows: list[dict]) -> list[int]:
        """Insert ``rows`` of ``table`` (each with the same columns), in order, in a few
        statements of many rows each; returns their ids, in order. A chained row's content
        is kept from the row given where that is what SQLite stores
        (:func:`store.core.chain_rows.given_contents`), else read back when linked."""
        ids = _insert_many(self.db, table, rows)
        if table in CHAINED:
            self.links += [(table, row_id) for row_id in ids]
            contents = given_contents(self.db, table, rows)
            if contents is not None:
                self.given.update(zip(((table, row_id) for row_id in ids), contents))
        return ids


@contextmanager
def linked_batch(db: Database) -> Iterator[LinkedBatch]:
    """A :class:`LinkedBatch` inside the caller's write transaction: its chained rows are
    linked when the block ends without error, in the order inserted, in one batch
    (:func:`store.core.chain.link_rows`: the links one by one would write, each night's head
    read and written once). An imported hand: its row, then its lines."""
    batch = LinkedBatch(db)
    yield batch
    chain.link_rows(db, batch.links, batch.given)


def _insert_many(db: Database, table: str, rows: list[dict]) -> list[int]:
    """Insert ``rows`` (each with the same columns) in a few statements of many rows each;
    returns their ids, in order. Not linked (the caller links them)."""
    ids: list[int] = []
    if not rows:
        return ids
    columns = list(rows[0])
    one = f"({', '.join('?' for _ in columns)})"
    per = max(1, 30000 // len(columns))  # (SQLite's bound on a statement's variables: 32,766)
    for start in range(0, len(rows), per):
        part = rows[start:start + per]
        values = [row[c] for row in part for c in columns]
        made = db.conn.execute(f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([one] * len(part))} "
                               "RETURNING rowid", values).fetchall()
        ids += sorted(r[0] for r in made)  # (the rows are inserted in order, each id above the last)
    return ids


def insert_once(db: Database, table: str, row: dict) -> int:
    """Insert ``row`` (which holds its idempotency ``key``); when another writer stored the
    same key first (the UNIQUE index refuses the insert), return that row's id instead.

    :raises sqlite3.IntegrityError: the insert failed for another reason.
    """
    try:
        return insert(db, table, row)
    except sqlite3.IntegrityError:
        found = existing(db, table, row.get("key"))
        if found is None:
            raise
        return found


def require_reason(reason: object) -> None:
    """A correction (a void, an unseat ...) must say why. :raises StoreError: no reason."""
    if not isinstance(reason, str) or not reason.strip():
        raise StoreError("reason_needed")
