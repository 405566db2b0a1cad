"""The bank of a night, computed in one place (issue #14): the chips on the table against
the chips bought, the pot carried after the last hand counted exactly once, what the close's
resolution moved, and who counted other than the referee's stacks.

The close (``store.ledger.close_night``) and its refusals, the host's page, the report and
its PDF, and the share text all read :func:`bank_check`; nothing else adds chips up.
Read-only. Also here: the ledger's live entries and each player's money rows, which the
bank is the sum of (``store.ledger`` uses them).
"""

from __future__ import annotations

from sqlite_utils import Database

from .counts import count_findings
from .handrows import night_hands
from .hands import check_night, night_session
from .memo import kept
from .nights import table_players

POT_RETURN = "carried pot"
"""Reason of the adjustments that give a carried pot back to those who put it in."""

RESOLVED = ("charge", "credit", "split")
"""Reasons of the adjustments by which the close resolves a bank difference."""


def live_entries(db: Database, night_id: int, kind: str) -> list[dict]:
    """The night's ledger entries of ``kind`` not voided, in the order entered:
    ``[{"id", "player_id", "chips", "before_hand", "reason", "detail", "entered_by",
    "entered_at"}]``. Read-only."""
    rows = db.execute(
        "SELECT id, player_id, chips, before_hand, reason, detail, entered_by, entered_at FROM ledger l "
        "WHERE night_id = ? AND kind = ? AND NOT EXISTS "
        "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id) ORDER BY id",
        [night_id, kind]).fetchall()
    return [dict(zip(("id", "player_id", "chips", "before_hand", "reason", "detail", "entered_by",
                      "entered_at"), r)) for r in rows]


def last_money(db: Database, night_id: int, player_id: int) -> dict | None:
    """The player's latest live buy-in or cash-out of the night, or None."""
    row = db.execute(
        "SELECT id, kind, chips FROM ledger l WHERE night_id = ? AND player_id = ? AND kind IN "
        "('buy_in', 'cash_out') AND NOT EXISTS (SELECT 1 FROM ledger v WHERE v.kind = 'void' "
        "AND v.target = l.id) ORDER BY id DESC LIMIT 1", [night_id, player_id]).fetchone()
    return None if row is None else {"id": row[0], "kind": row[1], "chips": row[2]}


def money_rows(db: Database, night_id: int) -> list[dict]:
    """Each player in the money (bought or counted): the ``table_players`` row plus
    ``bought``, ``counted`` (None before the first count), ``adjustment`` (chips) and
    ``counting_due`` (bought again since the last count). Read-only."""
    players = table_players(db, night_id)
    rows = {p["player_id"]: {**p, "bought": 0, "counted": None, "adjustment": 0} for p in players}
    for entry in live_entries(db, night_id, "buy_in"):
        if entry["player_id"] in rows:
            rows[entry["player_id"]]["bought"] += entry["chips"]
    for entry in live_entries(db, night_id, "cash_out"):
        if entry["player_id"] in rows:
            row = rows[entry["player_id"]]
            row["counted"] = (row["counted"] or 0) + entry["chips"]
    for entry in live_entries(db, night_id, "adjustment"):
        if entry["player_id"] in rows:
            rows[entry["player_id"]]["adjustment"] += entry["chips"]
    out = []
    for row in rows.values():
        if not row["bought"] and row["counted"] is None:
            continue  # seated, never bought in: not in the money
        # counted since the last buy-in? (a player back at the table must count again)
        last = last_money(db, night_id, row["player_id"])
        row["counting_due"] = last is not None and last["kind"] == "buy_in" and row["counted"] is not None
        out.append(row)
    return out


def carried_pot(db: Database, night_id: int) -> tuple[int, dict[int, int]]:
    """The pot still on the table after the last hand (passed-out deals carry it,
    CONTRACT.md 1) and who put it in.

    :returns: ``(chips, {seat: chips put in})``; the put-in add up to the pot when the
        log is consistent (they are used as weights either way). ``(0, {})`` without one.
    """
    hands = night_hands(db, night_id)
    if not hands:
        return 0, {}
    try:
        result = check_night(db, night_id).get("hands", [])
    except ImportError:  # pragma: no cover - no replay engine: nothing known to carry
        return 0, {}
    return carried_from(db, night_id, result)


def carried_from(db: Database, night_id: int, result: list[dict]) -> tuple[int, dict[int, int]]:
    """:func:`carried_pot` from the night's referee entries ``result`` (CONTRACT.md 4, every
    live hand in order: stored, or judged in memory for a ruling's preview). Read-only."""
    if not result or not result[-1].get("carried"):
        return 0, {}
    session = night_session(db, night_id)
    stacks = {str(p["seat"]): p["stack"] for p in session["players"]}
    shares: dict[int, int] = {}
    carried_before = 0
    for hand, entry in zip(session["hands"], result):
        before = dict(stacks)
        for seat, chips in (hand.get("rebuys") or {}).items():
            before[str(seat)] = before.get(str(seat), 0) + chips
        after = {str(k): v for k, v in (entry.get("stacks") or {}).items()}
        if not carried_before:
            shares = {}
        if entry.get("carried"):
            for seat, chips in before.items():
                put_in = chips - after.get(seat, chips)
                if put_in > 0:
                    shares[int(seat)] = shares.get(int(seat), 0) + put_in
        stacks = {**before, **after}
        carried_before = entry.get("carried") or 0
    return int(result[-1]["carried"]), shares


def bank_check(db: Database, night_id: int) -> dict:
    """The night's bank: chips on the table against chips bought. THE figure is
    ``difference``; every page, refusal, report and share text says this one.

    The chips on the table are those counted plus the pot carried after the last hand
    (passed out, CONTRACT.md 1: the players' chips, given back at the close to those who
    put them in, ``store.ledger.close_night``), counted exactly once whether it is still
    in the middle (``carried``) or already given back (``pot_returned``). Counts are the
    players' own chips, without the pot: a count that holds a share of it differs from the
    referee's stack (``miscounts``), as any other miscount does.

    :returns: ``{"bought", "counted", "carried" (chips still in the carried pot, 0 once
        given back), "pot_returned" (chips the close gave back from it), "difference"
        (counted + carried + pot_returned - bought: the chips on the table minus the
        chips bought, before any resolution), "resolved" (chips the close's charge,
        credit or split moved: -difference once resolved), "resolution" (``"charge"``,
        ``"credit"``, ``"split"`` or None), "adjustments" (every live
        adjustment: pot returned, resolution and ruling moves, which sum to 0),
        "balanced" (everyone counted and difference + resolved == 0), "uncounted":
        [names], "miscounts": [{"player_id", "name", "counted", "stack" (the referee's),
        "difference" (counted + ruling moves - stack)}]}``; chips are ints. The
        miscounts are ``store.counts.count_findings`` (the referee's comparison), one per
        count that differs, in the order counted.
    :raises StoreError: no such night.
    """
    return kept(db, ("bank_check", night_id), lambda: _bank_check(db, night_id))


def _bank_check(db: Database, night_id: int) -> dict:
    rows = money_rows(db, night_id)
    bought = sum(r["bought"] for r in rows)
    counted = sum(r["counted"] or 0 for r in rows)
    adjustments = live_entries(db, night_id, "adjustment")
    returned = sum(e["chips"] for e in adjustments if e["reason"] == POT_RETURN)
    resolved = sum(e["chips"] for e in adjustments if e["reason"] in RESOLVED)
    resolution = next((e["reason"] for e in adjustments if e["reason"] in RESOLVED), None)
    pot = carried_pot(db, night_id)[0]
    carried = max(pot - returned, 0)
    difference = counted + carried + returned - bought
    uncounted = [r["name"] for r in rows if r["counted"] is None or r["counting_due"]]
    return {"bought": bought, "counted": counted, "carried": carried, "pot_returned": returned,
            "difference": difference, "resolved": resolved, "resolution": resolution,
            "adjustments": sum(e["chips"] for e in adjustments), "uncounted": uncounted,
            "balanced": not uncounted and difference + resolved == 0,
            "miscounts": miscounts(db, night_id)}


def miscounts(db: Database, night_id: int) -> list[dict]:
    """The night's counts that differ from the referee's stacks (``store.counts``), as the
    bank lists them: ``[{"player_id", "name", "counted", "stack", "difference"}]``
    (chips). Read-only."""
    ids = {p["name"]: p["player_id"] for p in table_players(db, night_id)}
    out = []
    for finding in count_findings(db, night_id):
        details = finding.get("details") or {}
        if details.get("reason") != "cash_out":
            continue
        out.append({"player_id": ids.get(details.get("name")), "name": details.get("name"),
                    "counted": details.get("recorded"), "stack": details.get("expected"),
                    "difference": details.get("difference")})
    return out
