"""An import's hands written from what it keeps in memory (``store.hand.whole_hands.HandRun``,
issue 25: the upload of a 300-hand file) store exactly what the long way stores (each hand's
start checked and judged from the database, ``store.hand.events.new_hand`` and
``store.hand.judging.rejudge``; the last piece walking the log and reading every judgement):
the same rows, the same links of the chain, the same judgements with their MACs."""

from __future__ import annotations

from datetime import datetime, timezone

import pytest
from samples import synthetic_session

import store
import store.core.transactions
from store.core import chain
from store.hand import rows, whole_hands

NOW = datetime(2026, 12, 1, 20, 0, tzinfo=timezone.utc)


def closed_file() -> dict:
    """40 hands at 6 seats (rebuys, the button left to the referee after hand 1), a hand
    stating a seat's stack, counts of two players, closed by its last piece."""
    session = synthetic_session(40, 6, seed=7)
    session["hands"][19]["stacks"] = {"2": 1500}
    session["cash_out"] = {"1": 1900, "3": 2100}
    session["tapete"] = {"closed": True}
    return session


def everything(db) -> dict:
    """Every row of every table (the night's random stable id left out), in id order."""
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                       "'sqlite_%' AND name != '_sqlite_migrations' ORDER BY name")]
    out = {}
    for table in tables:
        columns = [r[1] for r in db.execute(f"PRAGMA table_info({table})") if (table, r[1]) != ("nights", "uid")]
        out[table] = db.execute(f"SELECT {', '.join(columns)} FROM {table} ORDER BY rowid").fetchall()
    return out


@pytest.mark.parametrize("kept", [True, False])
def test_hands_written_from_what_the_import_keeps_are_the_hands_the_long_way_writes(tmp_path, monkeypatch, kept):
    monkeypatch.setattr(store.core.transactions, "clock", lambda: NOW)
    made, calls = {}, {"rejudge": 0, "walk": 0}
    real_rejudge, real_walk = whole_hands.rejudge, rows._walk_seat_tags

    def rejudge(*args):
        calls["rejudge"] += 1
        return real_rejudge(*args)

    def walk(*args):
        calls["walk"] += 1
        return real_walk(*args)

    monkeypatch.setattr(whole_hands, "rejudge", rejudge)
    monkeypatch.setattr(rows, "_walk_seat_tags", walk)
    for way in ("kept", "long"):
        if way == "long":   # (the run never loaded: every hand the long way)
            monkeypatch.setattr(whole_hands.HandRun, "load", lambda self, *args, **kwargs: self.clear())
        db = store.open_db(tmp_path / way / "t.db", chain_key=b"k" * 32)
        night_id = store.import_session(db, closed_file() if kept else synthetic_session(25, 4, seed=3))
        if way == "kept":   # (only hand 1 the long way; the close's count of hands dealt in not walked)
            assert calls == {"rejudge": 1, "walk": 0}
        assert chain.verify(db, night_id)["ok"]
        made[way] = everything(db)
        db.conn.close()
    assert calls["rejudge"] > 1 and calls["walk"] == (1 if kept else 0)   # (the long way: a hand each, the close walks)
    assert made["kept"]["hand_results"] and made["kept"]["chain"] and made["kept"]["hand_stats"]   # (the statistics too)
    for table in made["long"]:
        assert made["kept"][table] == made["long"][table], table
