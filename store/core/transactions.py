"""Transactions and time: the write transaction that takes the lock at once, a long write
made in pieces (each its own short write transaction), the read transaction that sees one
snapshot, the database locked by another writer (:class:`Busy`)
or out of room (:class:`DiskFull`), both raised by :func:`write_tx` itself, told by SQLite's
result code, and the clock every stored time comes from (UTC)."""

from __future__ import annotations

import contextlib
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from datetime import datetime, timezone

from sqlite_utils import Database

from store.core import writer_turns
from store.core.memo import forget

BUSY_TIMEOUT_MS = 5000
"""How long a writer waits for another's lock before failing (milliseconds)."""

class Busy(Exception):
    """The database stayed locked by another writer past the busy timeout (and every try of
    a write tried again, ``store.hand.operations.apply_tap``): nothing was written. Not a
    refusal of the input: the same write may be sent again (every page answers 503 with
    ``Retry-After``, ``web.core.errors``). Raised by :func:`write_tx` (SQLite's
    ``SQLITE_BUSY`` or ``SQLITE_LOCKED``, :func:`busy`)."""


class DiskFull(Exception):
    """SQLite could not make the database any larger (``SQLITE_FULL``, "database or disk is
    full": the disk, or the connection's ``max_page_count``): the write transaction was
    rolled back, nothing was written. Not a refusal of the input: the same write may be sent
    again once the host has made room (every page says so, ``web.core.errors``). Raised by
    :func:`write_tx` (:func:`full`)."""


@contextlib.contextmanager
def busy_when_locked():
    """SQLite's lock held by another writer past the busy timeout (:func:`busy`: its result
    code) raised inside as :class:`Busy`; any other error as it is. (:func:`write_tx` raises
    :class:`Busy` itself; this covers a write made outside one.)"""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if not busy(exc):
            raise
        raise Busy(str(exc)) from exc


def clock() -> datetime:
    """The current time (aware, UTC). Tests replace ``store.core.transactions.clock`` to move time."""
    return datetime.now(timezone.utc)


_RECORDED_AT: ContextVar[str | None] = ContextVar("recorded_at", default=None)
"""The time :func:`utc_now` gives inside :func:`recorded_at` (None: the clock's)."""


def utc_now() -> str:
    """The current time as an ISO-8601 UTC string (``2026-11-29T19:20:00.123456+00:00``);
    inside :func:`recorded_at`, the time it names."""
    return _RECORDED_AT.get() or clock().astimezone(timezone.utc).isoformat()


@contextlib.contextmanager
def recorded_at(when: datetime | None):
    """Every row written inside (in this thread or task: a context variable) takes ``when``
    (aware) as its ``entered_at``, as :func:`utc_now` gives it; None: the clock's, as
    outside. An imported file's disputes, rulings, expenses and marks keep the times they
    were first entered at (``store.files.night_records``)."""
    token = _RECORDED_AT.set(None if when is None else when.astimezone(timezone.utc).isoformat())
    try:
        yield
    finally:
        _RECORDED_AT.reset(token)


def busy(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused for a lock another connection holds (its result code
    ``SQLITE_BUSY``, "database is locked", past the busy timeout; or ``SQLITE_LOCKED``),
    read from the error's code, never its words."""
    return _primary_code(exc) in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)


def full(exc: sqlite3.OperationalError) -> bool:
    """Whether SQLite refused because the database could not grow (result code
    ``SQLITE_FULL``: the disk is full, or the connection's ``max_page_count`` is reached),
    read from the error's code, never its words."""
    return _primary_code(exc) == sqlite3.SQLITE_FULL


def _primary_code(exc: sqlite3.Error) -> int:
    """The primary result code of SQLite's error ``exc`` (its extended code's low byte;
    0 for an error SQLite did not raise)."""
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


@contextlib.contextmanager
def _said_as_store_errors():
    """SQLite's lock held past the busy timeout raised inside as :class:`Busy`, and its
    full database as :class:`DiskFull`; any other error as it is."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        if busy(exc):
            raise Busy(str(exc)) from exc
        if full(exc):
            raise DiskFull(str(exc)) from exc
        raise


_BEFORE_COMMIT: list[Callable[[Database], None]] = []
"""What runs at the end of every outermost :func:`write_tx`, before its ``COMMIT``
(:func:`before_commit`)."""


def before_commit(step: Callable[[Database], None]) -> Callable[[Database], None]:
    """Register ``step(db)`` to run inside every outermost write transaction, after the
    write's own work and before its ``COMMIT`` (so what it stores commits, or rolls back,
    with the write). The store's derived figures kept up to date by the writes that change
    them register here (``store.money.totals``): a low module (the expenses, the marks)
    then needs no import of the module that works those figures out. Returns ``step``
    (a decorator)."""
    _BEFORE_COMMIT.append(step)
    return step


def touched_nights(db: Database, table: str) -> list[int]:
    """The nights a write noted in ``table`` (a one-column ``night_id`` table of notes a
    :func:`before_commit` step works through and clears: ``totals_touched``,
    ``stats_touched``), in order; ``[]`` when the database predates the table (an old
    backup being read)."""
    try:
        return [r[0] for r in db.execute(f"SELECT night_id FROM {table} ORDER BY night_id")]
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return []
        raise


@contextlib.contextmanager
def write_tx(db: Database):
    """A write transaction that takes the write lock at once (``BEGIN IMMEDIATE``).

    A deferred transaction that reads and then writes can fail at once with "database is
    locked" under WAL when another connection wrote meanwhile; taking the lock first
    makes the busy timeout apply instead. Nested use becomes a savepoint
    (``db.atomic()``). Before the ``COMMIT``, the steps registered by :func:`before_commit`
    run inside it. Rolls back on any exception (a failed ``COMMIT`` too), and then drops
    the reads kept on the connection (``store.core.memo.forget``: the rollback leaves the
    connection's change count where the writes took it, so a read kept inside would pass
    for current).

    :raises Busy: another connection held the write lock past the busy timeout (at
        ``BEGIN IMMEDIATE``): nothing was written.
    :raises DiskFull: the database could not grow (``SQLITE_FULL``, at any write inside or
        at ``COMMIT``): rolled back, nothing was written.
    """
    with _said_as_store_errors():
        if db.conn.in_transaction:
            try:
                with db.atomic():
                    yield db
            except BaseException:
                forget(db)  # (reads kept inside the savepoint saw rows it rolled back)
                raise
            return
        with _waiting_for_lock(), writer_turns.waiting(db):
            db.conn.execute("BEGIN IMMEDIATE")
        try:
            yield db
            for step in _BEFORE_COMMIT:
                step(db)
            db.conn.execute("COMMIT")
        except BaseException:
            if db.conn.in_transaction:
                db.conn.execute("ROLLBACK")
            forget(db)  # (a read kept inside saw rows the rollback took away; total_changes stays)
            raise


_LOCK_WAITERS = threading.Condition()
"""Guards :data:`_waiting` and tells :func:`_let_waiting_writers_in` when it changes."""

_waiting = 0
"""How many threads of this process are waiting for the write lock (at ``BEGIN IMMEDIATE``)."""


@contextlib.contextmanager
def _waiting_for_lock():
    """Count this thread among :data:`_waiting` while it waits for the write lock."""
    global _waiting
    with _LOCK_WAITERS:
        _waiting += 1
    try:
        yield
    finally:
        with _LOCK_WAITERS:
            _waiting -= 1
            _LOCK_WAITERS.notify_all()


def _let_waiting_writers_in(db: Database, seconds: float) -> None:
    """Between two pieces of :func:`in_pieces`: wait (at most ``seconds`` in all) until no
    other thread of this process, then no writer of Tapete's in another process
    (``store.core.writer_turns``: a ``flask`` command, another server worker), is waiting
    for the write lock. SQLite's busy handler polls a waiting writer at growing intervals
    (up to 100 ms), so a writer that takes the lock again at once could keep a tablet's tap
    waiting piece after piece; this lets the waiting ones in first. (A writer that is not
    Tapete's, a bare ``sqlite3`` shell, is not seen: it gets in when its poll falls
    between two pieces.)"""
    began = time.perf_counter()
    with _LOCK_WAITERS:
        _LOCK_WAITERS.wait_for(lambda: _waiting == 0, timeout=seconds)
    writer_turns.let_others_in(db, max(0.0, seconds - (time.perf_counter() - began)))


def let_writers_in(db: Database) -> None:
    """Between two write transactions of a long write that are not :func:`in_pieces`' own
    (an import's last pieces, ``store.files.import_pieces``): let the writers
    waiting for the lock in first (:func:`_let_waiting_writers_in`, at most
    :data:`YIELD_SECONDS`). Inside a transaction, nothing (no lock is let go there)."""
    if not db.conn.in_transaction:
        _let_waiting_writers_in(db, YIELD_SECONDS)


PIECE_SECONDS = 0.1
"""How long one piece of :func:`in_pieces` holds the write lock, about (seconds): the piece
ends after the item that takes it past this, so another writer (a tablet's tap) waits at
most about this long plus one item (issue 25: at most about 250 ms)."""


YIELD_SECONDS = 0.5
"""The longest :func:`in_pieces` waits between two pieces for the other writers (this
process's threads, Tapete's writers in other processes) to take the lock (seconds)."""


def in_pieces(db: Database, items: Sequence, write: Callable[[object], None], *,
              done: Callable[[int], None] | None = None, seconds: float | None = None) -> int:
    """Write ``items`` in order, ``write(item)`` each, in pieces: each piece one
    :func:`write_tx` that takes items until it has held the lock ``seconds`` (default
    :data:`PIECE_SECONDS`, read when called) and commits, so other writers get the lock
    between two pieces. Inside a transaction already, the pieces are savepoints of it (no
    lock is let go).

    Between two pieces, the writers waiting for the lock go first, this process's and
    Tapete's in other processes (:func:`_let_waiting_writers_in`, at most
    :data:`YIELD_SECONDS`).

    :param done: called after each piece commits, with how many items are written so far
        (a long import's progress).
    :returns: how many pieces were written.
    :raises: whatever ``write`` or :func:`write_tx` raises; the pieces committed before stay.
    """
    limit = PIECE_SECONDS if seconds is None else seconds
    written = pieces = 0
    while written < len(items):
        with write_tx(db):
            began = time.perf_counter()
            while written < len(items):
                write(items[written])
                written += 1
                if time.perf_counter() - began >= limit:
                    break
        pieces += 1
        if done is not None:
            done(written)
        if written < len(items) and not db.conn.in_transaction:
            _let_waiting_writers_in(db, YIELD_SECONDS)
    return pieces


@contextlib.contextmanager
def read_tx(db: Database):
    """A read transaction (``BEGIN DEFERRED`` with reads only): every read inside sees the
    same snapshot of the database (WAL), and no write lock is taken. Inside a transaction
    already, it adds nothing."""
    if db.conn.in_transaction:
        yield db
        return
    db.conn.execute("BEGIN")
    try:
        yield db
    finally:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")  # (nothing was written: a read ends here)
