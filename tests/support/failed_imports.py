"""A file refused part-way through its import (issue 25, "uploads in pieces",
``store.files.import_pieces``): nothing the club sees was stored, and the night the import
began is kept, invisible, marked failed (the log is append-only: nothing deleted)."""

from __future__ import annotations

import store


def rows(db) -> dict[str, list[dict]]:
    """Every row of every table (sqlite's own aside), as dicts, in rowid order."""
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                       "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    out = {}
    for table in tables:
        cursor = db.execute(f"SELECT * FROM [{table}] ORDER BY rowid")
        names = [d[0] for d in cursor.description]
        out[table] = [dict(zip(names, r)) for r in cursor.fetchall()]
    return out


def failed_invisibly(db, kept: dict[str, list[dict]]) -> set[int]:
    """Assert that since ``kept`` (:func:`rows`) no row changed or went, and every row added
    belongs to a night whose import failed (``nights.import_state`` 'failed'), or is a
    player seated only in such nights; that the club's lists did not change; returns the
    failed nights' ids (at least one)."""
    now = rows(db)
    added = {}
    for table, before in kept.items():
        assert now[table][:len(before)] == before, f"{table}: a row changed or went"
        added[table] = now[table][len(before):]
    failed = {n["id"] for n in added["nights"] if n["import_state"] == "failed"}
    assert failed and len(failed) == len(added["nights"]), added["nights"]
    seated_elsewhere = {s["player_id"] for s in now["seats"] if s["night_id"] not in failed}
    for table, new in added.items():
        for row in new:
            if table == "players":
                assert row["id"] not in seated_elsewhere
            elif table == "nights":
                continue
            else:
                assert row.get("night_id") in failed, (table, row)
    listed = {n["id"] for n in store.list_nights(db)}
    assert not listed & failed
    assert not {p["id"] for p in store.list_players(db)} & {p["id"] for p in added["players"]}
    return failed
