"""Disputes: a player contests a hand they were dealt into (issue 12).

A dispute is an append-only ``disputes`` row (``store.core.schema`` m008): the hand, the player,
their statement, who entered it (``player:<id>``) and when. Its status follows from the
``rulings`` table: ``open`` while no ruling names it, else the ruling's decision
(``upheld`` | ``rejected``). Reads here take no write lock.

The rule: Robert's Rules of Poker, Showdown, rule 5: "Any player who has been dealt in
may request to see any hand that has been called" -- so a player may contest only a hand
they were dealt into (``store.hand.rows.hands_dealt_in``: the seat named in the hand's live
log; in an ante game the seats in the log are the ones dealt in, seed 000); and rule 3:
"Any player, dealer, or floorperson who sees ... an error about to be made in awarding a
pot, has an ethical obligation to point out the error." The host rules
(``store.dispute.rulings``).
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.reasons import RULING, old_reason
from store.core.records import insert_once, keyed_write
from store.core.transactions import read_tx, utc_now
from store.dispute.ruling_modes import ruling_mode
from store.hand.judging import LIVE_ENTRY
from store.hand.rows import LIVE_HAND, hand_exists, hands_dealt_in
from store.night.nights import table_players
from store.player.players import get_player

MAX_STATEMENT = 1000
"""Longest statement of a dispute (characters, after trimming)."""



def open_dispute(db: Database, hand_id: int, player_id: int, statement: str, *,
                 key: str | None = None) -> int:
    """A player contests a hand: one ``disputes`` row (append-only), in one write transaction.

    Allowed on a closed night (a ruling reopens it). Statement trimmed; 1..:data:`MAX_STATEMENT`
    characters.

    :param hand_id: the live hand contested.
    :param player_id: the player contesting; must have been dealt into the hand
        (:func:`store.hand.rows.hands_dealt_in`).
    :param key: idempotency key: the same key for the same hand and player returns the
        first dispute's id.
    :returns: the dispute id.
    :raises StoreError: ``no_hand`` (no such live hand), ``not_dealt_in`` (name, number),
        ``statement_empty``, ``statement_too_long`` (limit, length), ``dispute_open``
        (dispute_id: an open dispute by that player on that hand), ``key_reused``.
    """
    text = " ".join(statement.split()) if isinstance(statement, str) else ""
    with keyed_write(db, "disputes", key, match={"hand_id": hand_id, "player_id": player_id}) as found:
        if found is not None:
            return found
        if not text:
            raise StoreError("statement_empty")
        if len(text) > MAX_STATEMENT:
            raise StoreError("statement_too_long", limit=MAX_STATEMENT, length=len(text))
        hand = db.execute(f"SELECT id, night_id, number FROM hands WHERE id = ? AND {LIVE_HAND}",
                          [hand_id]).fetchone()
        if hand is None or not hand_exists(db, hand_id):   # (a hand of a night the club does not see: none)
            raise StoreError("no_hand", hand=hand_id)
        name = get_player(db, player_id)["name"]
        seat = next((p["seat"] for p in table_players(db, hand[1]) if p["player_id"] == player_id), None)
        if hand_id not in hands_dealt_in(db, hand[1], player_id, seat):
            raise StoreError("not_dealt_in", name=name, number=hand[2])
        row = db.execute("SELECT d.id FROM disputes d WHERE d.hand_id = ? AND d.player_id = ? AND NOT EXISTS "
                         "(SELECT 1 FROM rulings r WHERE r.dispute_id = d.id)", [hand_id, player_id]).fetchone()
        if row is not None:
            raise StoreError("dispute_open", dispute_id=row[0])
        return insert_once(db, "disputes", {
            "night_id": hand[1], "hand_id": hand_id, "player_id": player_id, "statement": text,
            "entered_by": f"player:{player_id}", "entered_at": utc_now(), "key": key})


def get_dispute(db: Database, dispute_id: int) -> dict:
    """One dispute with its ruling, read-only.

    :returns: ``{"id", "night_id", "hand_id", "hand_number", "player_id", "player",
        "statement", "entered_at", "status": "open"|"upheld"|"rejected", "ruling": None |
        {"id", "decision", "rule", "note", "entered_by", "entered_at", "moves":
        [{"player_id", "name", "chips"}], "voided": [{"event_id", "action"}], "added":
        [{"event_id", "action"}], "reopened", "closed_again", "close_refusal" (why the night
        was not closed again: None or the refusal's ``{"code", "params"}``, for the pages
        and the command line to say in their language; a ruling stored with English words
        only is read by ``store.core.reasons.old_reason``)}}``; chips ints, times ISO-8601
        UTC.
    :raises StoreError: ``no_dispute`` (dispute).
    """
    with read_tx(db):
        found = _disputes(db, "d.id = ?", [dispute_id])
    if not found:
        raise StoreError("no_dispute", dispute=dispute_id)
    return found[0]


def night_disputes(db: Database, night_id: int) -> list[dict]:
    """The night's disputes (:func:`get_dispute` dicts), oldest first. Read-only."""
    with read_tx(db):
        return _disputes(db, "d.night_id = ?", [night_id])


def open_disputes(db: Database, night_id: int) -> list[dict]:
    """The night's disputes with no ruling yet (status ``open``), oldest first. Read-only."""
    with read_tx(db):
        return _disputes(db, "d.night_id = ? AND r.id IS NULL", [night_id])


def player_disputes(db: Database, player_id: int) -> list[dict]:
    """A player's disputes across nights (:func:`get_dispute` dicts), oldest first: the
    phone page. Read-only."""
    with read_tx(db):
        return _disputes(db, "d.player_id = ?", [player_id])


def ruling_moves(db: Database, night_id: int) -> dict[int, int]:
    """The chips live rulings of the night moved: ``{player_id: chips}`` (ints, summing to
    0), from the ``adjustment`` ledger rows of reason ``"ruling"`` not voided. Read-only;
    for the cash-out counts (``store.money.counts``) and the pages."""
    out: dict[int, int] = {}
    for player_id, chips, _ in ruling_move_rows(db, night_id):
        out[player_id] = out.get(player_id, 0) + chips
    return out


def ruling_move_rows(db: Database, night_id: int, hand_id: int | None = None) -> list[tuple[int, int, int]]:
    """The live ruling moves of the night (of one hand when ``hand_id`` is given), in the
    order entered: ``[(player_id, chips, hand number)]``. Read-only."""
    sql = (f"SELECT l.player_id, l.chips, json_extract(l.detail, '$.hand') FROM ledger l WHERE l.night_id = ? "
           f"AND l.kind = 'adjustment' AND l.reason = ? AND {LIVE_ENTRY}")
    args: list = [night_id, RULING]
    if hand_id is not None:
        sql += " AND json_extract(l.detail, '$.hand_id') = ?"
        args.append(hand_id)
    return [tuple(r) for r in db.execute(sql + " ORDER BY l.id", args).fetchall()]


def open_dispute_hands(db: Database, night_id: int, *, except_dispute: int | None = None) -> list[tuple[int, int]]:
    """``[(dispute_id, hand number)]`` of the night's open disputes (no ruling yet), oldest
    first, leaving out ``except_dispute`` (the one being ruled). Read-only: the close's check."""
    return [tuple(r) for r in db.execute(
        "SELECT d.id, h.number FROM disputes d JOIN hands h ON h.id = d.hand_id WHERE d.night_id = ? "
        "AND d.id IS NOT ? AND NOT EXISTS (SELECT 1 FROM rulings r WHERE r.dispute_id = d.id) ORDER BY d.id",
        [night_id, except_dispute]).fetchall()]


_COLUMNS = ("id", "night_id", "hand_id", "hand_number", "player_id", "player", "statement", "entered_at")


def _disputes(db: Database, where: str, args: list) -> list[dict]:
    """The disputes matching ``where`` (SQL on ``disputes d`` / ``rulings r``), oldest first.
    A dispute's night is its hand's (the pages show it there; ``store.core.chain.verify`` of that
    night names a row whose ``night_id`` says otherwise)."""
    out = []
    for row in db.execute(
            "SELECT d.id, h.night_id, d.hand_id, h.number, d.player_id, p.name, d.statement, d.entered_at, "
            "r.id, r.decision, r.rule, r.note, r.entered_by, r.entered_at, r.detail FROM disputes d "
            "JOIN hands h ON h.id = d.hand_id JOIN players p ON p.id = d.player_id "
            f"LEFT JOIN rulings r ON r.dispute_id = d.id WHERE {where} ORDER BY d.id", args).fetchall():
        dispute = dict(zip(_COLUMNS, row[:8]))
        dispute["status"] = "open" if row[8] is None else row[9]
        dispute["ruling"] = None if row[8] is None else _ruling(db, row[8:])
        out.append(dispute)
    return out


def _ruling(db: Database, row: tuple) -> dict:
    """A ruling row (id, decision, rule, note, entered_by, entered_at, detail JSON) as
    :func:`get_dispute` gives it; ``mode``: how it is settled now (``"table"``,
    ``"money"``; None when no chips move: ``store.dispute.ruling_modes.ruling_mode``)."""
    detail = json.loads(row[6] or "{}")
    names = dict(db.execute("SELECT id, name FROM players").fetchall()) if detail.get("moves") else {}
    actions = _event_actions(db, detail.get("voided", []) + detail.get("added", []))
    return {"id": row[0], "decision": row[1], "rule": row[2], "note": row[3], "entered_by": row[4],
            "entered_at": row[5],
            "moves": [{"player_id": int(p), "name": names.get(int(p)), "chips": chips}
                      for p, chips in detail.get("moves", {}).items()],
            "voided": [{"event_id": e, "action": actions.get(e)} for e in detail.get("voided", [])],
            "added": [{"event_id": e, "action": actions.get(e)} for e in detail.get("added", [])],
            "reopened": bool(detail.get("reopened")), "closed_again": bool(detail.get("closed_again")),
            "close_refusal": close_refusal(detail), "mode": (ruling_mode(db, row[0]) or {}).get("mode")}


def close_refusal(detail: dict) -> dict | None:
    """A ruling's refusal to close the night again, from its ``detail``: the kept code and
    params, or for a ruling stored before (English words only, or no code) its words read
    by :func:`store.core.reasons.old_reason`; None when the night was closed again."""
    refusal = detail.get("close_refusal") or {}
    if refusal.get("code"):
        return {"code": refusal["code"], "params": dict(refusal.get("params") or {})}
    words = detail.get("close_refused")
    return old_reason(words, "close_refused") if words else None


def _event_actions(db: Database, ids: list[int]) -> dict[int, str]:
    """Event id -> its action text."""
    if not ids:
        return {}
    marks = ", ".join("?" for _ in ids)
    return dict(db.execute(f"SELECT id, action FROM events WHERE id IN ({marks})", ids).fetchall())
