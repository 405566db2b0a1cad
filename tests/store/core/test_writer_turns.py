"""Writers of Tapete in other processes are let in between two pieces of a long write
(issue 25; ``store.core.writer_turns``): a ``flask`` command waiting for the lock beside a
big upload holds a shared lock on ``<database>-writers`` while it waits, the upload sees it
between two pieces and waits until that writer has had its turn."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

import store
from store.core import writer_turns
from store.core.transactions import write_tx

ROOT = Path(__file__).resolve().parents[3]

WRITER = """
import sys
sys.path.insert(0, sys.argv[2])
import store
from store.core.transactions import write_tx
db = store.open_db(sys.argv[1])
db.execute("PRAGMA busy_timeout = 60000")
print("ready", flush=True)
with write_tx(db):
    db.execute("INSERT INTO turns (who) VALUES ('other process')")
print("done", flush=True)
"""
"""Another process's Tapete writer: one write transaction (it waits for the lock as long
as 60 s), a row in the test's ``turns`` table."""


def until(condition, seconds: float = 30.0) -> bool:
    """Whether ``condition()`` came true within ``seconds`` (looked at every 5 ms)."""
    began = time.perf_counter()
    while not condition():
        if time.perf_counter() - began > seconds:
            return False
        time.sleep(0.005)
    return True


@pytest.fixture
def database(tmp_path):
    db = store.open_db(tmp_path / "t.db")
    db.execute("CREATE TABLE turns (id INTEGER PRIMARY KEY, who TEXT)")
    yield db
    db.conn.close()


def test_nobody_waiting_is_seen_as_nobody(database):
    assert not writer_turns.others_waiting(database)
    assert writer_turns.let_others_in(database, 1.0) < 0.5
    assert writer_turns.turns_path(store.open_db(":memory:")) == ""


def test_a_writer_of_another_process_waiting_gets_in_between_two_pieces(database, tmp_path):
    """The long write holds the lock; another process's writer waits (seen); the long write
    lets the lock go, lets the others in and takes it again: the other's row is in first.
    (Without the turns the long write takes the lock back at once, long before the other's
    next retry in SQLite's busy handler, up to 100 ms away: the other's row comes after
    piece 2. Not a test of its own: it hangs on a race.)"""
    database.conn.execute("BEGIN IMMEDIATE")   # a piece of the long write
    other = subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path / "t.db"), str(ROOT)],
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "ready"
        assert until(lambda: writer_turns.others_waiting(database)), "the waiting writer is not seen"
        database.conn.execute("INSERT INTO turns (who) VALUES ('piece 1')")
        database.conn.execute("COMMIT")
        writer_turns.let_others_in(database, 10.0)
        with write_tx(database):   # the next piece
            database.execute("INSERT INTO turns (who) VALUES ('piece 2')")
        assert other.stdout.readline().strip() == "done"
    finally:
        other.wait(timeout=60)
    assert [r[0] for r in database.execute("SELECT who FROM turns ORDER BY id")] == \
        ["piece 1", "other process", "piece 2"]
    assert not writer_turns.others_waiting(database)


def _open_turns_files() -> int:
    """How many descriptors of this process are open on a turns file (``*-writers``)."""
    fds = Path("/proc/self/fd")
    count = 0
    for fd in fds.iterdir():
        try:
            count += str(fd.readlink()).endswith(writer_turns.SUFFIX)
        except OSError:
            continue
    return count


def test_a_process_writing_to_many_databases_keeps_a_few_turns_files_open(tmp_path):
    """A full CI run failed with "filedescriptor out of range in select()": each database a
    test worker wrote to left its turns file open (and each probe), past 1,024 descriptors.
    Idle ones past ``KEPT_FILES`` are closed; the waiting and the probe still work."""
    before = _open_turns_files()
    for i in range(3 * writer_turns.KEPT_FILES):
        db = store.open_db(tmp_path / f"db{i}.db")
        with write_tx(db):
            db.execute("SELECT 1")
        assert writer_turns.others_waiting(db) is False
        db.conn.close()
    assert _open_turns_files() - before <= 2 * writer_turns.KEPT_FILES
