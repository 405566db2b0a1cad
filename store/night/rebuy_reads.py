"""What the pages read of the rebuys asked from the phone (issue 28; the writes are
``store.night.rebuy_requests``): the requests waiting for an answer (the host's *Juego*
screen, the tablet), a player's newest request (their phone), and whether the night's
tablets may answer them. Reads only.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.night.nights import night_players


def pending_rebuys(db: Database, night_id: int) -> list[dict]:
    """The night's requests waiting for an answer, oldest first: ``[{"id": int, "player_id":
    int, "name": str, "seat": int | None (None: no longer seated), "chips": int, "asked_at":
    ISO UTC str}]``. Read-only."""
    seats = {p["player_id"]: p["seat"] for p in night_players(db, night_id)}
    rows = db.execute(
        "SELECT r.id, r.player_id, p.name, r.chips, r.asked_at FROM rebuy_requests r JOIN players p ON p.id = r.player_id "
        "WHERE r.night_id = ? AND NOT EXISTS (SELECT 1 FROM rebuy_answers a WHERE a.request_id = r.id) ORDER BY r.id",
        [night_id]).fetchall()
    return [{"id": r[0], "player_id": r[1], "name": r[2], "seat": seats.get(r[1]), "chips": r[3], "asked_at": r[4]}
            for r in rows]


def player_rebuy(db: Database, night_id: int, player_id: int) -> dict | None:
    """The player's newest request of the night, for their phone: ``{"id", "chips": int,
    "asked_at", "answer": None (pending) | "accepted" | "declined" | "withdrawn" | "closed" (declined by the
    night's close),
    "answered_at"}``, or None (never asked). Read-only."""
    row = db.execute(
        "SELECT r.id, r.chips, r.asked_at, a.answer, a.answered_at FROM rebuy_requests r LEFT JOIN rebuy_answers a "
        "ON a.request_id = r.id WHERE r.night_id = ? AND r.player_id = ? ORDER BY r.id DESC LIMIT 1",
        [night_id, player_id]).fetchone()
    if row is None:
        return None
    return {"id": row[0], "chips": row[1], "asked_at": row[2], "answer": row[3], "answered_at": row[4]}


def tablet_mark(db: Database, night_id: int) -> tuple | None:
    """The live ``tablet_rebuys`` mark of the night (``(id,)``), or None. Read-only."""
    return db.execute(
        "SELECT id FROM night_marks m WHERE night_id = ? AND kind = 'tablet_rebuys' AND NOT EXISTS "
        "(SELECT 1 FROM night_marks v WHERE v.kind = 'void' AND v.target = m.id) ORDER BY id DESC LIMIT 1",
        [night_id]).fetchone()


def tablet_rebuys(db: Database, night_id: int) -> bool:
    """Whether the night's tablets may answer rebuy requests (the host allowed it). Read-only."""
    return tablet_mark(db, night_id) is not None
