"""A night's money as its close settled it, stored by the close (issue 25: "Per-night and
per-hand facts that pages read again and again are stored when they change, in the same
transaction").

A closed night's money does not change while its close stands: a ruling that moves money
voids the close and closes the night again, a reopen voids it, and a record-only correction
leaves the settlement as it is (``store.dispute.rulings.record_ruling``). So the close
writes the summary it settled (``store.money.ledger.night_summary``'s ``players``,
``bank``, ``mode``, ``transfers`` and ``hands``, each player with the hands they were dealt
into) in ``close_summaries`` under the close's ledger id, in the close's own write
transaction, and the pages of a closed night (the club's standings, the players' running
totals, the night page, the report) read it instead of judging every hand again. A voided
close's row stays (nothing is deleted) and is no longer read: pages read the live close's.

Derived data, like each hand's stored result (``store.hand.judging``): not a row of the
record's chain, but it carries a MAC under the chain key (:func:`store.core.chain.summary_mac`);
one that does not hold (edited in the database) is not used (the summary is worked out
from the log for that read) and ``flask verify`` names it (``store.core.chain``). Closes made before this table
are summarised by ``flask init-db`` (:func:`store_missing`), a write command, never a page.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from store.core.chain import chain_key, summary_holds, summary_mac


def write_summary(db: Database, close_id: int, night_id: int, summary: dict) -> None:
    """Store ``summary`` (``{"players", "bank", "mode", "transfers", "hands"}``, JSON-able)
    as close ``close_id``'s. Inside the close's write transaction; a second write for the
    same close replaces nothing (the first stands)."""
    text = json.dumps(summary, sort_keys=True, separators=(",", ":"))
    db.execute("INSERT OR IGNORE INTO close_summaries (close_id, night_id, summary, mac) VALUES (?, ?, ?, ?)",
               [close_id, night_id, text, summary_mac(chain_key(db), close_id, text)])


def read_summary(db: Database, close_id: int) -> dict | None:
    """The summary stored for close ``close_id``, or None (none stored, or its MAC does
    not hold). Read-only."""
    return read_summaries(db, [close_id]).get(close_id)


def read_summaries(db: Database, close_ids: list[int]) -> dict[int, dict]:
    """``{close_id: summary}`` of the closes given that have one whose MAC holds (one query
    per 500 closes). Read-only."""
    out: dict[int, dict] = {}
    key = chain_key(db)
    for start in range(0, len(close_ids), 500):
        part = close_ids[start:start + 500]
        marks = ", ".join("?" for _ in part)
        for close_id, text, mac in db.execute(
                f"SELECT close_id, summary, mac FROM close_summaries WHERE close_id IN ({marks})", part):
            if summary_holds(key, close_id, text, mac):
                out[close_id] = json.loads(text)
    return out


def live_closes(db: Database, night_ids: list[int] | None = None) -> dict[int, int]:
    """``{night_id: the id of its live close}`` of the closed nights (among ``night_ids``;
    every night when None), as ``store.night.nights.live_close`` finds it (the newest close
    not voided), in one query. Read-only."""
    if night_ids is not None and not night_ids:
        return {}
    among = "1" if night_ids is None else f"l.night_id IN ({', '.join('?' for _ in night_ids)})"
    return dict(db.execute(
        f"SELECT l.night_id, MAX(l.id) FROM ledger l WHERE l.kind = 'close' AND {among} AND NOT EXISTS "
        "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id) GROUP BY l.night_id",
        list(night_ids or [])).fetchall())


def missing_closes(db: Database) -> list[tuple[int, int]]:
    """``(night_id, close_id)`` of every live close with no stored summary. Read-only."""
    return [tuple(r) for r in db.execute(
        "SELECT l.night_id, l.id FROM ledger l WHERE l.kind = 'close' AND NOT EXISTS (SELECT 1 FROM ledger v "
        "WHERE v.kind = 'void' AND v.target = l.id) AND NOT EXISTS (SELECT 1 FROM close_summaries c "
        "WHERE c.close_id = l.id) ORDER BY l.id").fetchall()]
