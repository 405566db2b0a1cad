"""``flask init-db`` fills the statistics of a database from before them (issue 28): hands
whose stored judgement still holds get their facts, the nights their running sums, and the
closed nights their rows, the same as those stored as the hands were judged."""

from __future__ import annotations

from datetime import UTC, datetime

from stats_worked import WORKED

import store

TABLES = ("hand_stats", "hand_flows", "night_sums", "night_pairs", "night_stats", "night_flows")


def _rows(db) -> dict[str, list]:
    return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall()) for t in TABLES}


def test_init_db_fills_the_statistics_of_hands_and_nights_stored_before(app, db, runner):
    night = store.import_session(db, WORKED, started_at=datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    store.close_night(db, night, entered_by="test")
    stored = _rows(db)
    assert stored["night_stats"] and stored["hand_stats"]
    for table in TABLES:              # a database whose hands were judged before m027
        db.execute(f"DELETE FROM {table}")
    db.conn.commit()
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert _rows(db) == stored
