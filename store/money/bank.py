"""The bank of a night, computed in one place (issue #14): the chips on the table against
the chips bought, the pot carried after the last hand counted exactly once, what the close's
resolution moved, and who counted other than the referee's stacks.

The close (``store.money.ledger.close_night``) and its refusals, the host's page, the report and
its PDF, and the share text all read :func:`bank_check`; nothing else adds chips up.
Read-only. Also here: the ledger's live entries and each player's money rows, which the
bank is the sum of (``store.money.ledger`` uses them).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.memo import kept
from store.core.reasons import CARRIED_POT, stored_reason
from store.money.box import box_chips
from store.money.carried_pot import carried_from, carried_pot, handed_back, pot_shares  # noqa: F401 (re-exported)
from store.money.counts import count_findings
from store.night.nights import table_players

RESOLVED = ("charge", "credit", "split")
"""Reasons (codes, ``store.core.reasons``) of the adjustments by which the close resolves a
bank difference."""


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
    ``bought`` (the live buy-ins, and the chips bought from an open box during the hands:
    ``store.money.box``), ``box`` (those chips alone), ``counted`` (None before the first
    count), ``adjustment`` (chips) and ``counting_due`` (bought again since the last
    count). Read-only."""
    players = table_players(db, night_id)
    box = box_chips(db, night_id, {p["seat"]: p["player_id"] for p in players})
    rows = {p["player_id"]: {**p, "bought": box.get(p["player_id"], 0), "box": box.get(p["player_id"], 0),
                             "counted": None, "adjustment": 0} for p in players}
    latest: dict[int, tuple[int, str]] = {}  # each player's last live buy-in or cash-out: (id, kind)
    for entry in live_entries(db, night_id, "buy_in"):
        if entry["player_id"] in rows:
            rows[entry["player_id"]]["bought"] += entry["chips"]
            latest[entry["player_id"]] = max(latest.get(entry["player_id"], (0, "")), (entry["id"], "buy_in"))
    for entry in live_entries(db, night_id, "cash_out"):
        if entry["player_id"] in rows:
            row = rows[entry["player_id"]]
            row["counted"] = (row["counted"] or 0) + entry["chips"]
            latest[entry["player_id"]] = max(latest.get(entry["player_id"], (0, "")), (entry["id"], "cash_out"))
    for entry in live_entries(db, night_id, "adjustment"):
        if entry["player_id"] in rows:
            rows[entry["player_id"]]["adjustment"] += entry["chips"]
    out = []
    for row in rows.values():
        if not row["bought"] and row["counted"] is None:
            continue  # seated, never bought in: not in the money
        # counted since the last buy-in? (a player back at the table must count again)
        last_kind = latest.get(row["player_id"], (0, None))[1]
        row["counting_due"] = last_kind == "buy_in" and row["counted"] is not None
        out.append(row)
    return out


def bank_check(db: Database, night_id: int) -> dict:
    """The night's bank: chips on the table against chips bought. THE figure is
    ``difference``; every page, refusal, report and share text says this one.

    The chips on the table are those counted plus the pot carried after the last hand
    (passed out, CONTRACT.md 1: the players' chips, given back at the close to those who
    put them in, ``store.money.ledger.close_night``), counted exactly once whether it is still
    in the middle (``carried``), already given back (``pot_returned``), or handed back to
    the stacks before the count, as the host stated (``pot_in_counts``,
    ``store.money.ledger.pot_handed_back``: the counts hold it, each count is compared with the
    referee's stack plus the player's share, and the close gives nothing back again).
    Without that statement counts are the players' own chips, without the pot: a count
    that holds a share of it differs from the referee's stack (``miscounts``), as any
    other miscount does.

    :returns: ``{"bought", "counted", "carried" (chips still in the carried pot, 0 once
        given back), "pot_returned" (chips the close gave back from it), "pot_in_counts"
        (chips of the carried pot the counts hold, handed back before the count; 0
        without the host's statement), "difference" (counted + carried + pot_returned -
        bought: the chips on the table minus the
        chips bought, before any resolution), "resolved" (chips the close's charge,
        credit or split moved: -difference once resolved), "resolution" (``"charge"``,
        ``"credit"``, ``"split"`` or None), "resolved_name" (the player charged or
        credited, else None), "adjustments" (every live
        adjustment: pot returned, resolution and ruling moves, which sum to 0),
        "balanced" (everyone counted and difference + resolved == 0), "uncounted":
        [names], "miscounts": [{"player_id", "name", "counted", "stack" (the referee's),
        "pot_share", "difference" (counted + ruling moves - pot share - stack)}]}``; chips are ints. The
        miscounts are ``store.money.counts.count_findings`` (the referee's comparison), one per
        count that differs, in the order counted.
    :raises StoreError: no such night.
    """
    return kept(db, ("bank_check", night_id), lambda: _bank_check(db, night_id))


def _bank_check(db: Database, night_id: int) -> dict:
    rows = money_rows(db, night_id)
    bought = sum(r["bought"] for r in rows)
    counted = sum(r["counted"] or 0 for r in rows)
    adjustments = [{**e, "code": stored_reason(e["reason"], e["detail"])["code"]}
                   for e in live_entries(db, night_id, "adjustment")]
    returned = sum(e["chips"] for e in adjustments if e["code"] == CARRIED_POT)
    resolved = sum(e["chips"] for e in adjustments if e["code"] in RESOLVED)
    resolution = next((e["code"] for e in adjustments if e["code"] in RESOLVED), None)
    names = {r["player_id"]: r["name"] for r in rows}
    resolved_name = next((names.get(e["player_id"]) for e in adjustments if e["code"] in ("charge", "credit")),
                         None)
    pot = carried_pot(db, night_id)[0]
    in_counts = pot if pot and not returned and handed_back(db, night_id) else 0
    carried = 0 if in_counts else max(pot - returned, 0)
    difference = counted + carried + returned - bought
    uncounted = [r["name"] for r in rows if r["counted"] is None or r["counting_due"]]
    return {"bought": bought, "counted": counted, "carried": carried, "pot_returned": returned,
            "pot_in_counts": in_counts,
            "difference": difference, "resolved": resolved, "resolution": resolution,
            "resolved_name": resolved_name,
            "adjustments": sum(e["chips"] for e in adjustments), "uncounted": uncounted,
            "balanced": not uncounted and difference + resolved == 0,
            "miscounts": miscounts(db, night_id)}


def pot_seat_shares(db: Database, night_id: int) -> dict[int, int]:
    """Each seat's share of the pot carried after the last hand, as the close gives it back
    (``store.money.carried_pot.pot_shares`` over the players in the money) and as a count
    holds it once the host states it was handed back before the count: ``{seat: chips}``,
    only the non-zero shares; ``{}`` without a carried pot or once the close gave it back.
    The counts' screen adds it to the chips on the table to expect when the pot is handed
    back. Read-only.

    :raises StoreError: no such night.
    """
    bank = bank_check(db, night_id)
    chips = bank["carried"] or bank["pot_in_counts"]
    if not chips or bank["pot_returned"]:
        return {}
    rows = money_rows(db, night_id)
    seat_of = {r["player_id"]: r["seat"] for r in rows}
    return {seat_of[player_id]: share
            for player_id, share in pot_shares(db, night_id, {r["seat"]: r["player_id"] for r in rows}, chips).items()}


def miscounts(db: Database, night_id: int) -> list[dict]:
    """The night's counts that differ from the referee's stacks (``store.money.counts``), as the
    bank lists them: ``[{"player_id", "name", "counted", "stack", "pot_share" (of the
    carried pot handed back before the count, in the count), "difference"}]`` (chips).
    Read-only."""
    ids = {p["name"]: p["player_id"] for p in table_players(db, night_id)}
    out = []
    for finding in count_findings(db, night_id):
        details = finding.get("details") or {}
        if details.get("reason") != "cash_out":
            continue
        out.append({"player_id": ids.get(details.get("name")), "name": details.get("name"),
                    "counted": details.get("recorded"), "stack": details.get("expected"),
                    "pot_share": details.get("pot_share", 0), "difference": details.get("difference")})
    return out
