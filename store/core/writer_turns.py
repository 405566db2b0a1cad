"""Writers of other processes let in between two pieces of a long write (issue 25: a
``flask`` command or a second server worker waited 1-2 s beside a big upload).

SQLite's busy handler retries a writer waiting for the lock on a sleep schedule (1, 2, 5,
10 ... ms, then every 100 ms), while a long write made in pieces
(``store.core.transactions.in_pieces``) takes the lock again as soon as it lets it go: a
waiting writer of another process gets in only when one of its retries falls into that
instant. Within one process the pieces wait for the threads waiting at ``BEGIN
IMMEDIATE`` (``store.core.transactions``); across processes, this module tells them:

- every write transaction of Tapete (``store.core.transactions.write_tx``) holds a shared
  ``flock`` on ``<database>-writers`` (beside the database, mode 600) while it waits for
  SQLite's lock (:func:`waiting`): one per process and database, taken by its first waiting
  thread and let go by its last;
- between two pieces the long write asks whether any other holds it (:func:`others_waiting`:
  an exclusive ``flock`` tried without waiting, on a descriptor of its own) and, while one
  does, waits (:func:`let_others_in`, a few ms a look, at most the time given) so that its
  retry finds the lock free.

A writer that is not Tapete's (a bare ``sqlite3`` shell) is not seen: it still gets in
only when its retry falls between two pieces. ``flock`` locks go with the process: one
that dies waiting leaves none behind. An in-memory database has no file: nothing is
waited for.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import threading
import time

from sqlite_utils import Database

SUFFIX = "-writers"
"""The file whose ``flock`` says a writer is waiting: the database's path with this added
(``tapete.db-writers``, as SQLite's ``-wal`` and ``-shm``)."""

LOOK_SECONDS = 0.002
"""How often :func:`let_others_in` looks again whether a writer of another process still
waits (seconds)."""

_GUARD = threading.Lock()
"""Guards :data:`_SHARED`."""

_SHARED: dict[tuple[int, str], list[int]] = {}
"""``(process id, database path)`` -> ``[descriptor, how many threads of this process
wait]``: the shared lock of this process's waiting writers, held while the count is above
0. (Keyed by the process too: a child made by ``fork`` shares its parent's descriptors,
and with them their locks, so it opens its own.)"""

KEPT_FILES = 4
"""The most turns files this process keeps open for its waiting writers, and each thread for
its probes (a server has one database; a process that opens many, such as the tests, closes
the idle ones past this instead of holding a descriptor per database for ever)."""

_PROBES = threading.local()
"""Each thread's own descriptors for :func:`others_waiting`, by database path (an
exclusive lock tried on the descriptor the shared one is held on would only convert it)."""


def turns_path(db: Database) -> str:
    """The path of the database's turns file (``<database>-writers``), or "" for an
    in-memory or temporary database (kept on the connection)."""
    found = db.__dict__.get("_tapete_turns")
    if found is None:
        row = db.execute("PRAGMA database_list").fetchone()
        name = row[2] if row else ""
        found = name + SUFFIX if name else ""
        db.__dict__["_tapete_turns"] = found
    return found


def _open(path: str) -> int:
    return os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)


@contextlib.contextmanager
def waiting(db: Database):
    """Hold this process's shared lock on the turns file while inside (a writer waiting for
    SQLite's lock: :func:`others_waiting` of another process sees it). Counted per process
    and database: the first waiting thread takes it, the last lets it go. When the file
    cannot be opened or locked (a read-only folder), nothing is held: the writer waits as
    it would without this module."""
    path = turns_path(db)
    held = path and _enter(path)
    try:
        yield
    finally:
        if held:
            _leave(path)


def _enter(path: str) -> bool:
    with _GUARD:
        key = (os.getpid(), path)
        entry = _SHARED.get(key)
        if entry is None:
            try:
                entry = _SHARED[key] = [_open(path), 0]
            except OSError:
                return False
            _close_idle(_SHARED, key, lambda e: e[1] == 0, lambda e: e[0])
        if entry[1] == 0:
            try:
                fcntl.flock(entry[0], fcntl.LOCK_SH)
            except OSError:
                return False
        entry[1] += 1
        return True


def _leave(path: str) -> None:
    with _GUARD:
        entry = _SHARED[(os.getpid(), path)]
        entry[1] -= 1
        if entry[1] == 0:
            fcntl.flock(entry[0], fcntl.LOCK_UN)


def others_waiting(db: Database) -> bool:
    """Whether a writer of another process (or another thread of this one) waits for the
    database's write lock now, in :func:`waiting`. False for an in-memory database, or
    when the turns file cannot be opened."""
    path = turns_path(db)
    if not path:
        return False
    probes = _PROBES.__dict__.setdefault("fds", {})
    key = (os.getpid(), path)
    if key not in probes:
        try:
            probes[key] = _open(path)
        except OSError:
            return False
        _close_idle(probes, key, lambda fd: True, lambda fd: fd)
    try:
        fcntl.flock(probes[key], fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except OSError:
        return False
    fcntl.flock(probes[key], fcntl.LOCK_UN)
    return False


def _close_idle(files: dict, keep: tuple, idle, descriptor) -> None:
    """Past :data:`KEPT_FILES` open in ``files``, close and forget the oldest ``idle`` ones
    (``descriptor(value)`` their descriptor), never ``keep`` (the one just opened)."""
    for key in list(files):
        if len(files) <= KEPT_FILES:
            return
        if key != keep and idle(files[key]):
            os.close(descriptor(files.pop(key)))


def let_others_in(db: Database, seconds: float) -> float:
    """Between two pieces of a long write (no transaction open): wait while a writer of
    another process waits for the lock (:func:`others_waiting`), looking every
    :data:`LOOK_SECONDS`, at most ``seconds``. Returns how long it waited (seconds)."""
    began = time.perf_counter()
    while others_waiting(db):
        if time.perf_counter() - began >= seconds:
            break
        time.sleep(LOOK_SECONDS)
    return time.perf_counter() - began
