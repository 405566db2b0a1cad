"""The events' unkeyed SHA-256 chain (``prev_hash``, ``hash``) is no longer written (issue
23: anyone could recompute it; the keyed chain, ``store.core.chain``, replaced it). Its
columns stay, as a migration must keep them: a database made before holds values there,
and it verifies, backs up and restores as one made now."""

from __future__ import annotations

import hashlib
import json
import sqlite3

import pytest
from apps import snapshot

import store
from app import create_app

ACTIONS = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p2 open 10", "p3 fold", "p1 fold", "d award p2 25"]


@pytest.fixture
def night(db) -> int:
    """Three players, a hand played and ended, a mistaken hand start voided."""
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10,
                                          "big_bet": 20}, chip_cents=10)
    for seat, name in enumerate(("Ana", "Bruno", "Chus"), 1):
        player = store.add_player(db, name)
        store.seat_player(db, night, player, seat, entered_by="test")
        store.buy_in(db, night, player, 500, entered_by="test")
    hand = store.start_hand(db, night, button=1, entered_by="test")
    ids = [store.append_action(db, hand, a, entered_by="dealer", key=f"a{i}")
           for i, a in enumerate(ACTIONS)]
    store.void_event(db, ids[-1], reason="pushed to the wrong seat", entered_by="dealer")
    store.append_action(db, hand, ACTIONS[-1], entered_by="dealer", key="again")
    store.end_hand(db, hand, entered_by="dealer")
    second = store.start_hand(db, night, entered_by="test")
    store.void_hand_start(db, second, reason="started by mistake", entered_by="host")
    return night


def test_no_event_carries_the_unkeyed_chain(db, night):
    kinds = {k for (k,) in db.execute("SELECT DISTINCT kind FROM events")}
    assert kinds == {"action", "void", "end", "void_hand"}
    assert db.execute("SELECT COUNT(*) FROM events WHERE prev_hash IS NOT NULL OR hash IS NOT NULL"
                      ).fetchone()[0] == 0
    assert "verify_chain" not in store.__all__ and not hasattr(store, "verify_chain")


def _old_chain(path: str) -> None:
    """Give every event the unkeyed chain's values, as the code before issue 23 wrote them
    (the append-only triggers set aside meanwhile, as a migration would)."""
    conn = sqlite3.connect(path, isolation_level=None)
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' "
                            "AND tbl_name = 'events'").fetchall()
    for name, _ in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    prev: dict[int, str] = {}
    for row in conn.execute("SELECT id, night_id, kind, hand_id, seq, action, target, reason, "
                            "entered_by, entered_at FROM events ORDER BY id").fetchall():
        before = prev.get(row[1], "")
        digest = hashlib.sha256(json.dumps([before, *row[2:]]).encode()).hexdigest()
        conn.execute("UPDATE events SET prev_hash = ?, hash = ? WHERE id = ?", [before, digest, row[0]])
        prev[row[1]] = digest
    for _, sql in triggers:
        conn.execute(sql)
    conn.close()


def test_a_database_with_the_old_chain_verifies_backs_up_and_restores(app, db, runner, night, tmp_path):
    path = app.config["DATABASE"]
    db.conn.close()
    _old_chain(path)
    later = store.open_db(path)  # the same night goes on after the upgrade
    hand = store.start_hand(later, night, entered_by="test")
    store.append_action(later, hand, "p2 ante 5", entered_by="dealer", key="after")
    rows = later.execute("SELECT hash IS NOT NULL FROM events WHERE night_id = ? ORDER BY id",
                         [night]).fetchall()
    later.conn.close()
    assert [r[0] for r in rows] == [1] * (len(rows) - 1) + [0]  # old rows keep theirs; new: NULL

    verified = runner.invoke(args=["verify", str(night)])
    assert verified.exit_code == 0 and "the record is intact" in verified.output, verified.output
    archive = tmp_path / "b.tar"
    made = runner.invoke(args=["backup", str(archive)])
    assert made.exit_code == 0, made.output
    elsewhere = tmp_path / "restored" / "tapete.db"
    restored = create_app({"TESTING": True, "DATABASE": str(elsewhere), "SECRET_KEY": "test"})
    done = restored.test_cli_runner().invoke(args=["restore", str(archive)])
    assert done.exit_code == 0, done.output
    assert snapshot(elsewhere) == snapshot(path)
    again = restored.test_cli_runner().invoke(args=["verify", str(night)])
    assert again.exit_code == 0 and "the record is intact" in again.output, again.output
