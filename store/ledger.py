"""The money side of a night: buy-ins and rebuys, cash-outs, the bank check, the close,
the summary with its settlement, and a player's ledger across nights.

Chips are ints; money is int cents. Every entry is an append-only ``ledger`` row; a
correction is a ``void`` row pointing at the entry it cancels.
"""

from __future__ import annotations

import json
import sqlite3

from sqlite_utils import Database

from referee.settle import chips_to_cents, largest_remainder, settle, settle_hub

from .db import StoreError, utc_now, write_tx
from .hands import check_night, current_hand, night_hands
from .nights import existing, get_night, insert, local_time, night_players, require_open
from .players import get_player

RESOLUTIONS = ("recount", "charge", "split")
"""How a bank difference is resolved at the close."""

MODES = ("fewest", "hub")
"""Settlement modes: the fewest transfers, or everyone with the host."""


def _chips(value: object, *, allow_zero: bool) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0 or (value == 0 and not allow_zero):
        raise StoreError(f"chips must be a whole number {'0' if allow_zero else '1'} or more, not {value!r}")
    return value


def _seated(db: Database, night_id: int, player_id: int) -> dict:
    for row in night_players(db, night_id):
        if row["player_id"] == player_id:
            return row
    name = get_player(db, player_id)["name"]
    raise StoreError(f"{name} is not seated at this night")


def _live(db: Database, night_id: int, kind: str) -> list[dict]:
    rows = db.execute(
        "SELECT id, player_id, chips, before_hand, reason, detail, entered_by, entered_at FROM ledger l "
        "WHERE night_id = ? AND kind = ? AND NOT EXISTS "
        "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id) ORDER BY id",
        [night_id, kind]).fetchall()
    return [dict(zip(("id", "player_id", "chips", "before_hand", "reason", "detail", "entered_by",
                      "entered_at"), r)) for r in rows]


def _entry(db: Database, night_id: int, row: dict, key: str | None) -> int:
    row = {"night_id": night_id, **row, "entered_at": utc_now(), "key": key}
    try:
        with write_tx(db):
            return insert(db, "ledger", row)
    except sqlite3.IntegrityError:
        found = existing(db, "ledger", key)
        if found is None:
            raise
        return found


def buy_in(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
           key: str | None = None) -> int:
    """Record a buy-in (before the first hand) or a rebuy (between hands).

    Table stakes (Robert's Rules of Poker, section 3; CONTRACT.md ``chips_added_mid_hand``):
    chips are added only between hands.

    :param chips: chips bought (int > 0).
    :param key: idempotency key: a double submit stores one buy-in.
    :returns: the ledger entry id.
    :raises StoreError: a hand in progress, player not seated, bad amount, night closed.
    """
    found = existing(db, "ledger", key, "buy_in")
    if found is not None:
        return found
    require_open(db, night_id)
    _chips(chips, allow_zero=False)
    player = _seated(db, night_id, player_id)
    hand_id = current_hand(db, night_id)
    if hand_id is not None:
        number = len(night_hands(db, night_id))
        raise StoreError(f"hand {number} is in progress: {player['name']} can rebuy only between hands "
                         "(table stakes); end the hand first")
    before = len(night_hands(db, night_id))
    return _entry(db, night_id, {"player_id": player_id, "kind": "buy_in", "chips": chips,
                                 "before_hand": before, "entered_by": entered_by}, key)


def cash_out(db: Database, night_id: int, player_id: int, chips: int, *, entered_by: str,
             key: str | None = None) -> int:
    """Record the chips a player hands in at the end (the count; 0 for a player who busted).

    A second count for the same player is a recount: the earlier one is voided (reason
    ``recount``) in the same transaction.

    :returns: the ledger entry id.
    :raises StoreError: a hand in progress, player not seated, bad amount, night closed.
    """
    found = existing(db, "ledger", key, "cash_out")
    if found is not None:
        return found
    require_open(db, night_id)
    _chips(chips, allow_zero=True)
    _seated(db, night_id, player_id)
    if current_hand(db, night_id) is not None:
        raise StoreError("a hand is in progress; count the chips after it ends")
    with write_tx(db):
        for old in _live(db, night_id, "cash_out"):
            if old["player_id"] == player_id:
                _entry(db, night_id, {"player_id": player_id, "kind": "void", "target": old["id"],
                                      "reason": "recount", "entered_by": entered_by}, None)
        return _entry(db, night_id, {"player_id": player_id, "kind": "cash_out", "chips": chips,
                                     "before_hand": len(night_hands(db, night_id)),
                                     "entered_by": entered_by}, key)


def void_entry(db: Database, entry_id: int, *, reason: str, entered_by: str, key: str | None = None) -> int:
    """Cancel a buy-in, cash-out or adjustment with a ``void`` entry (nothing deleted).

    :raises StoreError: no such entry, already voided, a void or close, no reason, night closed.
    """
    found = existing(db, "ledger", key, "void")
    if found is not None:
        return found
    if not isinstance(reason, str) or not reason.strip():
        raise StoreError("a correction needs a reason")
    row = db.execute("SELECT night_id, player_id, kind FROM ledger WHERE id = ?", [entry_id]).fetchone()
    if row is None:
        raise StoreError(f"no ledger entry with id {entry_id}")
    if row[2] not in ("buy_in", "cash_out", "adjustment"):
        raise StoreError(f"a {row[2]} entry cannot be voided here")
    if db.execute("SELECT 1 FROM ledger WHERE kind = 'void' AND target = ?", [entry_id]).fetchone():
        raise StoreError(f"entry {entry_id} is already voided")
    require_open(db, row[0])
    return _entry(db, row[0], {"player_id": row[1], "kind": "void", "target": entry_id,
                               "reason": reason.strip(), "entered_by": entered_by}, key)


# -- the bank check, the close, the summary ----------------------------------------------

def _totals(db: Database, night_id: int) -> list[dict]:
    players = night_players(db, night_id)
    rows = {p["player_id"]: {**p, "bought": 0, "counted": None, "adjustment": 0} for p in players}
    for entry in _live(db, night_id, "buy_in"):
        rows[entry["player_id"]]["bought"] += entry["chips"]
    for entry in _live(db, night_id, "cash_out"):
        rows[entry["player_id"]]["counted"] = entry["chips"]
    for entry in _live(db, night_id, "adjustment"):
        rows[entry["player_id"]]["adjustment"] += entry["chips"]
    out = []
    for row in rows.values():
        if not row["bought"] and row["counted"] is None:
            continue  # seated, never bought in: not in the money
        out.append(row)
    return out


def bank_check(db: Database, night_id: int) -> dict:
    """Chips bought against chips counted.

    :returns: ``{"bought", "counted", "difference" (counted - bought), "adjustments",
        "balanced" (difference + adjustments == 0 and everyone counted), "uncounted":
        [names]}``; chips.
    """
    rows = _totals(db, night_id)
    bought = sum(r["bought"] for r in rows)
    counted = sum(r["counted"] or 0 for r in rows)
    adjustments = sum(r["adjustment"] for r in rows)
    uncounted = [r["name"] for r in rows if r["counted"] is None]
    return {"bought": bought, "counted": counted, "difference": counted - bought,
            "adjustments": adjustments, "uncounted": uncounted,
            "balanced": not uncounted and counted - bought + adjustments == 0}


def close_night(db: Database, night_id: int, *, entered_by: str, resolution: str | None = None,
                charge_player_id: int | None = None, mode: str = "fewest",
                hub_player_id: int | None = None, key: str | None = None) -> dict:
    """Close the night: bank check, its resolution, then the settlement (in one transaction).

    When chips counted differ from chips bought, ``resolution`` says how the host settles
    the difference D (counted - bought), recorded as ``adjustment`` entries:
    ``"charge"``: one player (``charge_player_id``) takes -D chips; ``"split"``: -D is
    shared equally among everyone in the money (largest remainder, seat order breaks
    ties); ``"recount"``: the chips were counted again (record them with
    :func:`cash_out` first) and must now balance.

    :param mode: ``"fewest"`` (fewest transfers) or ``"hub"`` (everyone settles with
        ``hub_player_id``, the host; default the player named as the night's ``host``).
    :returns: :func:`night_summary` of the closed night.
    :raises StoreError: a hand in progress, someone not counted, an unresolved or
        unknown resolution, bad mode, already closed.
    """
    if key is not None and existing(db, "ledger", key, "close") is not None:
        return night_summary(db, night_id)
    require_open(db, night_id)
    if mode not in MODES:
        raise StoreError(f"settlement mode must be one of {MODES}, not {mode!r}")
    if current_hand(db, night_id) is not None:
        raise StoreError("a hand is still in progress; end it before closing the night")
    bank = bank_check(db, night_id)
    rows = _totals(db, night_id)
    if not rows:
        raise StoreError("nobody bought in: nothing to close")
    if bank["uncounted"]:
        raise StoreError("count the chips of: " + ", ".join(bank["uncounted"]) + " (0 if they busted)")
    if mode == "hub":
        if hub_player_id is None:
            from .players import find_player

            hub_player_id = find_player(db, get_night(db, night_id)["host"] or "")
        if hub_player_id is None or all(r["player_id"] != hub_player_id for r in rows):
            raise StoreError("hub mode needs the host among the players (hub_player_id)")
    gap = bank["difference"] + bank["adjustments"]
    if resolution is not None and resolution not in RESOLUTIONS:
        raise StoreError(f"resolution must be one of {RESOLUTIONS}, not {resolution!r}")
    if gap and resolution is None:
        raise StoreError(f"the bank does not balance: {bank['counted']} chips counted, {bank['bought']} bought "
                         f"(difference {bank['difference']:+d}); recount, charge it to one player, or split it")
    if gap and resolution == "recount":
        raise StoreError(f"after the recount the bank is still off by {gap:+d} chips")
    with write_tx(db):
        if gap and resolution == "charge":
            if all(r["player_id"] != charge_player_id for r in rows):
                raise StoreError("say which player the difference is charged to")
            _entry(db, night_id, {"player_id": charge_player_id, "kind": "adjustment", "chips": -gap,
                                  "reason": "charge", "entered_by": entered_by}, None)
        elif gap and resolution == "split":
            weights = {r["seat"]: 1 for r in rows}
            shares = largest_remainder(-gap, weights)
            for r in rows:
                if shares[r["seat"]]:
                    _entry(db, night_id, {"player_id": r["player_id"], "kind": "adjustment",
                                          "chips": shares[r["seat"]], "reason": "split",
                                          "entered_by": entered_by}, None)
        detail = {"mode": mode, "hub_player_id": hub_player_id, "resolution": resolution,
                  "difference": bank["difference"]}
        _entry(db, night_id, {"kind": "close", "detail": json.dumps(detail), "entered_by": entered_by}, key)
    return night_summary(db, night_id)


def reopen_night(db: Database, night_id: int, *, reason: str, entered_by: str) -> None:
    """Reopen a closed night: voids the close and its adjustments (append-only).

    :raises StoreError: the night is not closed, or no reason.
    """
    night = get_night(db, night_id)
    if not night["closed"]:
        raise StoreError("the night is not closed")
    if not isinstance(reason, str) or not reason.strip():
        raise StoreError("reopening needs a reason")
    with write_tx(db):
        for entry in _live(db, night_id, "adjustment") + [night["close"]]:
            _entry(db, night_id, {"player_id": entry.get("player_id"), "kind": "void", "target": entry["id"],
                                  "reason": reason.strip(), "entered_by": entered_by}, None)


def night_summary(db: Database, night_id: int) -> dict:
    """Everything the report needs about the night's money.

    :returns: ``{"night": {...get_night, "started_local", "ended_local"}, "players":
        [{"player_id", "name", "seat", "bought", "counted", "adjustment", "net_chips",
        "net_cents"}], "bank": bank_check, "mode", "transfers": [{"payer_id", "payer",
        "payee_id", "payee", "cents"}], "hands": int}``. Nets and transfers are there once
        everyone is counted and the bank balances (else ``net_cents`` None, transfers []).
    :raises StoreError: no such night.
    """
    night = get_night(db, night_id)
    rows = _totals(db, night_id)
    bank = bank_check(db, night_id)
    for row in rows:
        row["net_chips"] = None if row["counted"] is None else row["counted"] + row["adjustment"] - row["bought"]
        row["net_cents"] = None
    transfers = []
    close = night["close"]
    mode = close["detail"].get("mode", "fewest") if close else "fewest"
    if bank["balanced"]:
        cents = chips_to_cents({r["player_id"]: r["net_chips"] for r in rows},
                               chip_cents=night["chip_cents"], chips_per=night["chips_per"])
        for row in rows:
            row["net_cents"] = cents[row["player_id"]]
        names = {r["player_id"]: r["name"] for r in rows}
        if mode == "hub" and close["detail"].get("hub_player_id") is not None:
            plan = settle_hub(cents, close["detail"]["hub_player_id"])
        else:
            plan = settle(cents)
        transfers = [{"payer_id": t.payer, "payer": names[t.payer], "payee_id": t.payee,
                      "payee": names[t.payee], "cents": t.amount} for t in plan]
    last = db.execute("SELECT MAX(entered_at) FROM (SELECT entered_at FROM events WHERE night_id = ? "
                      "UNION ALL SELECT entered_at FROM ledger WHERE night_id = ?)",
                      [night_id, night_id]).fetchone()[0]
    night["started_local"] = local_time(night["started_at"], night["timezone"])
    night["ended_local"] = local_time(close["entered_at"] if close else last, night["timezone"])
    return {"night": night, "players": rows, "bank": bank, "mode": mode, "transfers": transfers,
            "hands": len(night_hands(db, night_id))}


def player_ledger(db: Database, player_id: int) -> dict:
    """A player's ledger across nights (for the phone page).

    :returns: ``{"player": {"id", "name"}, "nights": [{"night_id", "local_date",
        "currency", "closed", "bought", "counted", "net_chips", "net_cents", "running_cents",
        "entries": [{"kind", "chips", "entered_at", "voided"}], "hands": [{"hand_id",
        "number", "findings"}]}], "totals": {currency: cents}}``; oldest night first;
        ``running_cents`` is the running total of closed nights in that night's currency.
    :raises StoreError: no such player.
    """
    player = get_player(db, player_id)
    nights = []
    totals: dict[str, int] = {}
    for (night_id,) in db.execute("SELECT n.id FROM nights n JOIN seats s ON s.night_id = n.id "
                                  "WHERE s.player_id = ? ORDER BY n.started_at, n.id", [player_id]).fetchall():
        summary = night_summary(db, night_id)
        mine = next((r for r in summary["players"] if r["player_id"] == player_id), None)
        seat = next(p["seat"] for p in night_players(db, night_id) if p["player_id"] == player_id)
        currency = summary["night"]["currency"]
        net_cents = mine["net_cents"] if mine else None
        if net_cents is not None and summary["night"]["closed"]:
            totals[currency] = totals.get(currency, 0) + net_cents
        entries = [{"id": r[0], "kind": r[1], "chips": r[2], "entered_at": r[3], "voided": bool(r[4])}
                   for r in db.execute(
                       "SELECT l.id, l.kind, l.chips, l.entered_at, EXISTS(SELECT 1 FROM ledger v WHERE "
                       "v.kind = 'void' AND v.target = l.id) FROM ledger l WHERE l.night_id = ? AND "
                       "l.player_id = ? AND l.kind IN ('buy_in', 'cash_out', 'adjustment') ORDER BY l.id",
                       [night_id, player_id])]
        hands = []
        hand_list = night_hands(db, night_id)
        if hand_list:
            try:
                result = check_night(db, night_id)["hands"]
            except ImportError:
                result = []
            for hand, entry in zip(hand_list, result):
                hands.append({"hand_id": hand["id"], "number": hand["number"],
                              "findings": [f for f in entry.get("findings", [])
                                           if f.get("seat") in (None, seat)]})
        nights.append({"night_id": night_id, "local_date": summary["night"]["local_date"],
                       "currency": currency, "closed": summary["night"]["closed"], "seat": seat,
                       "bought": mine["bought"] if mine else 0, "counted": mine["counted"] if mine else None,
                       "net_chips": mine["net_chips"] if mine else None, "net_cents": net_cents,
                       "running_cents": totals.get(currency, 0), "entries": entries, "hands": hands})
    return {"player": {"id": player["id"], "name": player["name"]}, "nights": nights, "totals": totals}
