"""An upload's longest write transaction is about one hand's (issue 25, "an import never
holds the write lock for more than about 250 ms at a time"): the last piece (the counts,
the expenses, the close, the stored totals) does not walk the whole night under the lock.

Measured in SQLite's virtual-machine steps (a progress handler), not in milliseconds: the
count does not depend on the machine's load, and a walk of every action of the night
shows in it as it shows in the time.
"""

from __future__ import annotations

import statistics

import pytest
from samples import synthetic_session

import store
import store.core.transactions
from store.files.exporter import night_json
from store.files.importer import import_night, load_session_text
from store.hand.rows import dealt_in_read_before, night_dealt_in

STEP = 1000
"""VM steps between two calls of the progress handler."""


def closed_night_file(db, hands: int) -> str:
    """A closed night of ``hands`` synthetic hands at 4 seats as its session file (the
    download: its counts, its close)."""
    night_id = store.import_session(db, synthetic_session(hands, 4, seed=5))
    uncounted = set(store.bank_check(db, night_id)["uncounted"])
    last = store.check_night(db, night_id)["hands"][-1]
    for row in store.table_players(db, night_id):
        if row["name"] in uncounted:
            store.cash_out(db, night_id, row["player_id"], last["stacks"].get(str(row["seat"]), 0),
                           entered_by="host:t")
    balanced = store.bank_check(db, night_id)["balanced"]
    store.close_night(db, night_id, entered_by="host:t", resolution=None if balanced else "split")
    return night_json(db, night_id)


def steps_per_write_transaction(db, text: str) -> list[int]:
    """Import ``text`` into ``db`` (closed again there) and return the thousands of VM
    steps each write transaction took, in order (the last one: the last piece)."""
    spans: list[int] = []
    current: list[int | None] = [None]

    def tick() -> int:
        if current[0] is not None:
            current[0] += 1
        return 0

    def trace(sql: str) -> None:
        if sql.startswith("BEGIN IMMEDIATE"):
            current[0] = 0
        elif sql in ("COMMIT", "ROLLBACK") and current[0] is not None:
            spans.append(current[0])
            current[0] = None

    db.conn.set_progress_handler(tick, STEP)
    db.conn.set_trace_callback(trace)
    try:
        done = import_night(db, load_session_text(text, "night.json"))
    finally:
        db.conn.set_progress_handler(None, 0)
        db.conn.set_trace_callback(None)
    assert done.close_refused is None and store.get_night(db, done.night_id)["closed"]
    return spans


def test_no_piece_of_a_long_closed_import_holds_the_lock_longer_than_a_few_hands(tmp_path, monkeypatch):
    monkeypatch.setattr(store.core.transactions, "PIECE_SECONDS", 0)   # a piece per hand: a hand's cost
    source = store.open_db(tmp_path / "source.db")
    target = store.open_db(tmp_path / "target.db")
    try:
        spans = steps_per_write_transaction(target, closed_night_file(source, 150))
        walk = walk_steps(target, target.execute("SELECT MAX(id) FROM nights").fetchone()[0])
    finally:
        source.conn.close()
        target.conn.close()
    hand = statistics.median(spans[1:-1])   # (the first piece seats; the last closes)
    print(f"150 hands: a hand's piece {hand:.0f}k VM steps, the last piece {spans[-1]}k, the longest {max(spans)}k; "
          f"one walk of the night's log {walk}k")
    # (the last piece still reads a row per hand, cheap ones: the hands' numbers, their
    # stored results; a walk of every action of the night is several times what it reads
    # then. The yardstick is the walk itself, not a hand's piece: a hand written from what
    # the import keeps in memory, store.hand.whole_hands.HandRun, costs half what it did)
    assert spans[-1] < walk, "the last piece walks the night's log under the lock"
    assert max(spans) < walk
    assert max(spans[1:-2]) <= 5 * hand   # (the hands' pieces: no hand walks the night either)


def walk_steps(db, night_id: int) -> int:
    """The thousands of VM steps of one walk of the night's log (every live action read:
    ``store.hand.rows._walk_seat_tags``, what the close's count of hands dealt in reads
    when nothing was read or kept before the lock)."""
    from store.hand.rows import _walk_seat_tags

    ticks = [0]

    def tick() -> int:
        ticks[0] += 1
        return 0

    db.conn.set_progress_handler(tick, STEP)
    try:
        _walk_seat_tags(db, night_id)
    finally:
        db.conn.set_progress_handler(None, 0)
    return ticks[0]


@pytest.fixture
def night(tmp_path):
    """A database with a 12-hand night (open); yields ``(db, night_id, seats)``."""
    db = store.open_db(tmp_path / "night.db")
    night_id = store.import_session(db, synthetic_session(12, 4, seed=9))
    seats = {r["player_id"]: r["seat"] for r in store.table_players(db, night_id)}
    yield db, night_id, seats
    db.conn.close()


def test_the_log_read_before_the_lock_is_used_only_while_the_log_is_unchanged(night):
    db, night_id, seats = night
    walked = night_dealt_in(db, night_id, seats)
    with dealt_in_read_before(db, night_id):
        assert night_dealt_in(db, night_id, seats) == walked
        hand_id = store.start_hand(db, night_id, entered_by="host:t")   # the log changes after the read
        store.append_action(db, hand_id, "p1 ante 5", entered_by="host:t", key="t:ante")
        now = night_dealt_in(db, night_id, seats)
    player = next(p for p, seat in seats.items() if seat == 1)
    assert hand_id in now[player] and hand_id not in walked[player]
    assert now == night_dealt_in(db, night_id, seats)
