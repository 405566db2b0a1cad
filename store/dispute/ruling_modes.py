"""How an upheld ruling is settled (issue 24, "A ruling says how it is settled"): at the
table or in money, never both, never neither.

- **At the table** (:data:`TABLE`): the dealer hands the chips over now. The ruling records
  that physical move as ``d move pA pB A`` lines (CONTRACT.md section 2: "after a hand, A
  chips handed from seat A to seat B at the table outside the betting (a ruling settled at
  the table); changes the chips on the table, not the pots"), appended to the disputed
  hand's log through the store's one append path (``store.hand.events.append_lines``: each an
  ``action`` event in the night's keyed chain), after the hand's ``end`` as a correction's
  lines are. The referee moves them at the end of that hand (``referee.chips_on_table``):
  the chips on the table change, the ledger does not.
- **In money** (:data:`MONEY`): the chips stay where they are; one ``adjustment`` ledger
  row per player (reason ``"ruling"``) moves the money at the close, as before modes.

Which one holds is a ``ruling_mode`` ledger row (in the night's keyed chain, as every
ledger row): ``reason`` the mode, ``detail`` ``{"ruling_id", "dispute_id", "hand_id",
"hand", "moves": {player_id: chips}, "events": [the d move event ids], "entries": [the
adjustment ledger ids]}``. A change of mode (:func:`change_ruling_mode`) is a new row; the
old one is voided (a ``void`` ledger row with who and why), with what it wrote: its ``d
move`` events (``void`` events) or its adjustments (``void`` ledger rows). A ruling
recorded before modes has no such row: it was settled in money (its adjustments).
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from referee.actions import ActionError, parse_action
from store.core.checks import StoreError
from store.core.reasons import RULING
from store.core.records import insert, keyed_write, require_reason
from store.core.transactions import utc_now
from store.hand.events import append_lines, check_lines, void_events
from store.hand.judging import LIVE_ENTRY, rejudge_hand
from store.hand.rows import hand_row, live_hand
from store.night.nights import get_night, night_players, table_players

TABLE = "table"
"""Settled at the table: the chips are handed over now (``d move`` lines)."""
MONEY = "money"
"""Settled in money: the ledger moves the money at the close."""
MODES = (TABLE, MONEY)

KIND = "ruling_mode"
"""The ledger kind of the row that says how a ruling is settled."""


def require_table(db: Database, night_id: int, player_ids, *, counted_ok: bool = False) -> None:
    """Refuse to settle at the table a ruling touching ``player_ids``. Read-only.

    :param counted_ok: True only for an import (``store.files.night_records``), whose
        counts come from the file and were made after the ruling it records.
    :raises StoreError: ``ruling_table_closed`` (the night is closed: the players took
        their chips home), ``ruling_table_unseated`` (names: "Pepe, Chema": a player it
        touches is not seated now), ``ruling_table_counted`` (names: a player it touches
        has counted their chips: the count is of the chips held then, and handing chips
        over now would leave it wrong and the ruling settled neither way; void the count
        first, or settle in money).
    """
    if get_night(db, night_id)["closed"]:
        raise StoreError("ruling_table_closed")
    touched = {int(p) for p in player_ids}
    seated = {p["player_id"] for p in night_players(db, night_id)}
    players = [p for p in table_players(db, night_id) if p["player_id"] in touched]
    away = [p["name"] for p in players if p["player_id"] not in seated]
    if away:
        raise StoreError("ruling_table_unseated", names=", ".join(away))
    counted = [] if counted_ok else _counted(db, night_id, players)
    if counted:
        raise StoreError("ruling_table_counted", names=", ".join(counted))


def _counted(db: Database, night_id: int, players: list[dict]) -> list[str]:
    """The names of ``players`` (``table_players`` rows) with a live count (``cash_out``)
    tonight."""
    return [p["name"] for p in players if db.execute(
        f"SELECT 1 FROM ledger l WHERE l.night_id = ? AND l.player_id = ? AND l.kind = 'cash_out' AND {LIVE_ENTRY} "
        "LIMIT 1", [night_id, p["player_id"]]).fetchone() is not None]


def table_refusal(db: Database, night_id: int, player_ids) -> dict | None:
    """Why a ruling touching ``player_ids`` cannot be settled at the table now
    (:func:`require_table`'s refusal as ``{"code", "params"}``), or None. Read-only."""
    try:
        require_table(db, night_id, player_ids)
    except StoreError as exc:
        return {"code": exc.code, "params": dict(exc.params)}
    return None


def default_mode(db: Database, night_id: int, player_ids) -> str:
    """The sensible default: :data:`TABLE` while it can be settled at the table (the night
    open, every player the ruling touches seated and not counted yet: :func:`table_refusal`
    is None), else :data:`MONEY`."""
    return TABLE if table_refusal(db, night_id, player_ids) is None else MONEY


def move_lines(db: Database, night_id: int, moves: dict[int, int]) -> list[str]:
    """The ``d move pA pB A`` lines that hand ``moves`` over at the table (``{player_id:
    chips}``, adding up to 0: negative gives, positive takes): each giver, in seat order,
    to each taker in seat order, as much as both still have to give and take."""
    seats = {p["player_id"]: p["seat"] for p in table_players(db, night_id)}
    givers = sorted(([seats[p], -c] for p, c in moves.items() if c < 0))
    takers = sorted(([seats[p], c] for p, c in moves.items() if c > 0))
    lines = []
    for giver in givers:
        for taker in takers:
            chips = min(giver[1], taker[1])
            if chips > 0:
                lines.append(f"d move p{giver[0]} p{taker[0]} {chips}")
                giver[1] -= chips
                taker[1] -= chips
    return lines


def settle(db: Database, *, mode: str, ruling_id: int, dispute_id: int, hand: dict,
           moves: dict[int, int], entered_by: str, key: str | None = None) -> dict:
    """Write how ruling ``ruling_id`` moves ``moves`` (``{player_id: chips}``) under
    ``mode``: the ``d move`` events (re-judging the hand and the later ones) or the
    ``adjustment`` rows, then the ``ruling_mode`` row naming them. Inside the caller's
    write transaction; nothing is checked here (the caller did). The row keeps the
    newest hand of the night then (``last_hand_id``): a hand started later was played with
    the chips handed over.

    :param key: the ``ruling_mode`` row's idempotency key (a mode change), or None.

    :returns: ``{"mode", "events": [event ids], "entries": [ledger ids], "mode_entry": id}``.
    """
    events, entries = [], []
    if mode == TABLE:
        lines = move_lines(db, hand["night_id"], moves)
        check_lines(db, hand, lines)
        events = append_lines(db, hand, lines, entered_by=entered_by)
        if events:
            rejudge_hand(db, hand["id"])
    else:
        detail = json.dumps({"ruling_id": ruling_id, "dispute_id": dispute_id, "hand": hand["number"],
                             "hand_id": hand["id"]})
        entries = [insert(db, "ledger", {"night_id": hand["night_id"], "player_id": p, "kind": "adjustment",
                                         "chips": c, "reason": RULING, "detail": detail, "entered_by": entered_by,
                                         "entered_at": utc_now(), "key": None})
                   for p, c in moves.items() if c]
    detail = {"ruling_id": ruling_id, "dispute_id": dispute_id, "hand_id": hand["id"], "hand": hand["number"],
              "moves": {str(p): c for p, c in moves.items() if c}, "events": events, "entries": entries,
              "last_hand_id": _last_hand_id(db, hand["night_id"])}
    mode_entry = insert(db, "ledger", {"night_id": hand["night_id"], "player_id": None, "kind": KIND, "chips": 0,
                                       "reason": mode, "detail": json.dumps(detail), "entered_by": entered_by,
                                       "entered_at": utc_now(), "key": key})
    return {"mode": mode, "events": events, "entries": entries, "mode_entry": mode_entry}


def require_moves_kept(db: Database, hand: dict, voided: list[dict], added: list[str] | None = None) -> None:
    """Refuse a correction of ``hand`` that would undo chips handed over at the table: one
    that voids a ``d move`` line a live ruling settled at the table wrote, or a ``d move``
    line the dealer's tablet wrote (the gap banner's "at the table") that the correction
    does not write again as it was (``voided``: :func:`store.hand.events.correction_plan`'s
    ``[{"event_id", "action"}]``, ``added``: its new lines). Chips handed over stay handed
    over: a ruling that handed them is changed to money first (:func:`change_ruling_mode`),
    which voids its lines with who and why; a correction then rewrites the hand. Read-only.

    :raises StoreError: ``correction_voids_table_moves`` (``number``: the hand's number).
    """
    if not voided:
        return
    ruled = set()
    for (detail,) in db.execute(
            f"SELECT l.detail FROM ledger l WHERE l.night_id = ? AND l.kind = ? AND l.reason = ? AND {LIVE_ENTRY} "
            "AND json_extract(l.detail, '$.hand_id') = ?", [hand["night_id"], KIND, TABLE, hand["id"]]).fetchall():
        ruled.update(json.loads(detail).get("events", []))
    again = list(added or [])
    for line in voided:
        if line["event_id"] in ruled:
            raise StoreError("correction_voids_table_moves", number=hand["number"])
        if _is_move(line["action"]):
            if line["action"] not in again:
                raise StoreError("correction_voids_table_moves", number=hand["number"])
            again.remove(line["action"])


def _is_move(text: str) -> bool:
    """Whether a line of the log is a ``d move`` (CONTRACT.md 2), as the referee reads it."""
    try:
        return parse_action(text).verb == "move"
    except ActionError:
        return False


def ruling_mode(db: Database, ruling_id: int) -> dict | None:
    """How ruling ``ruling_id`` is settled now: its live ``ruling_mode`` row as ``{"id",
    "mode", "moves": {player_id: chips}, "events", "entries", "hand_id", "entered_by",
    "entered_at"}``; for an upheld ruling recorded before modes, ``{"id": None, "mode":
    "money", ...}`` (its adjustments); None for a rejected ruling (nothing moves) or no such
    ruling. Read-only."""
    row = db.execute(
        f"SELECT l.id, l.reason, l.detail, l.entered_by, l.entered_at FROM ledger l WHERE l.kind = ? AND "
        f"json_extract(l.detail, '$.ruling_id') = ? AND {LIVE_ENTRY} ORDER BY l.id DESC LIMIT 1",
        [KIND, ruling_id]).fetchone()
    if row is not None:
        detail = json.loads(row[2])
        return {"id": row[0], "mode": row[1], "moves": {int(p): c for p, c in detail.get("moves", {}).items()},
                "events": detail.get("events", []), "entries": detail.get("entries", []),
                "hand_id": detail.get("hand_id"), "last_hand_id": detail.get("last_hand_id"),
                "entered_by": row[3], "entered_at": row[4]}
    found = db.execute("SELECT decision, hand_id FROM rulings WHERE id = ?", [ruling_id]).fetchone()
    if found is None or found[0] != "upheld":
        return None
    entries = db.execute(
        f"SELECT l.id, l.player_id, l.chips FROM ledger l WHERE l.kind = 'adjustment' AND l.reason = ? AND "
        f"json_extract(l.detail, '$.ruling_id') = ? AND {LIVE_ENTRY} ORDER BY l.id", [RULING, ruling_id]).fetchall()
    return {"id": None, "mode": MONEY, "moves": {p: c for _, p, c in entries}, "events": [],
            "entries": [e[0] for e in entries], "hand_id": found[1], "entered_by": None, "entered_at": None}


def mode_history(db: Database, ruling_id: int) -> list[dict]:
    """Every ``ruling_mode`` row of the ruling, oldest first, voided ones with who voided
    them, when and why: ``[{"id", "mode", "entered_by", "entered_at", "voided",
    "voided_by", "voided_at", "void_reason"}]``. Read-only."""
    rows = db.execute(
        "SELECT l.id, l.reason, l.entered_by, l.entered_at, v.id, v.entered_by, v.entered_at, v.reason "
        "FROM ledger l LEFT JOIN ledger v ON v.kind = 'void' AND v.target = l.id WHERE l.kind = ? AND "
        "json_extract(l.detail, '$.ruling_id') = ? ORDER BY l.id", [KIND, ruling_id]).fetchall()
    return [{"id": r[0], "mode": r[1], "entered_by": r[2], "entered_at": r[3], "voided": r[4] is not None,
             "voided_by": r[5], "voided_at": r[6], "void_reason": r[7]} for r in rows]


def table_moves(db: Database, night_id: int, hand_id: int | None = None) -> dict[int, int]:
    """The chips live rulings settled at the table handed over (of one hand when
    ``hand_id`` is given): ``{player_id: chips}``, zeros left out. Read-only."""
    sql = f"SELECT l.detail FROM ledger l WHERE l.night_id = ? AND l.kind = ? AND l.reason = ? AND {LIVE_ENTRY}"
    args: list = [night_id, KIND, TABLE]
    if hand_id is not None:
        sql += " AND json_extract(l.detail, '$.hand_id') = ?"
        args.append(hand_id)
    out: dict[int, int] = {}
    for (detail,) in db.execute(sql, args).fetchall():
        for p, c in json.loads(detail).get("moves", {}).items():
            out[int(p)] = out.get(int(p), 0) + c
    return {p: c for p, c in out.items() if c}


def change_ruling_mode(db: Database, ruling_id: int, mode: str, *, reason: str, entered_by: str,
                       key: str | None = None, dispute_id: int | None = None) -> int:
    """Settle an upheld ruling the other way: a new ``ruling_mode`` row, the old one voided
    with who and why (``reason``), and what it wrote voided too (its ``d move`` events by
    ``void`` events, the hand re-judged; or its adjustments by ``void`` ledger rows); then
    the same chips moved under ``mode`` (:func:`settle`). Append-only, in one write
    transaction (BEGIN IMMEDIATE); a repeated submit (same ``key``) returns the first row.

    Allowed until the night closes, as long as no chips moved under the mode left: chips
    handed over at the table stay handed over once a hand was started after the one the
    ``d move`` lines are in (they were played with); money moves only at the close.

    :param mode: ``"table"`` or ``"money"``.
    :param dispute_id: the dispute the ruling must be of (the host's dispute page), or None.
    :returns: the new ``ruling_mode`` ledger row's id.
    :raises StoreError: ``no_ruling`` (ruling), ``ruling_no_mode`` (a rejected ruling moves
        nothing), ``bad_ruling_mode`` (mode), ``ruling_mode_same`` (mode),
        ``ruling_mode_closed`` (the night is closed), ``ruling_table_unseated`` (names),
        ``ruling_table_counted`` (names: a player it touches has counted),
        ``ruling_money_counted`` (names: the chips were handed over at the table and a
        player it touches has counted them: in money too they would move twice),
        ``ruling_chips_played`` (number: a hand was started after the chips were handed
        over), ``reason_needed``, ``entered_by_needed``, ``key_reused``; nothing written on
        a refusal.
    """
    if mode not in MODES:
        raise StoreError("bad_ruling_mode", mode=str(mode)[:20])
    with keyed_write(db, "ledger", key, KIND, {"reason": mode}) as found:
        if found is not None:
            return found
        require_reason(reason)
        if not isinstance(entered_by, str) or not entered_by.strip():
            raise StoreError("entered_by_needed")
        row = db.execute("SELECT dispute_id, night_id, hand_id FROM rulings WHERE id = ?", [ruling_id]).fetchone()
        if row is None or dispute_id not in (None, row[0]):
            raise StoreError("no_ruling", ruling=ruling_id)
        dispute_id, night_id, hand_id = row
        current = ruling_mode(db, ruling_id)
        if current is None:
            raise StoreError("ruling_no_mode")
        if current["mode"] == mode:
            raise StoreError("ruling_mode_same", mode=mode)
        if get_night(db, night_id)["closed"]:
            raise StoreError("ruling_mode_closed")
        hand = hand_row(db, hand_id)
        if mode == TABLE:
            require_table(db, night_id, current["moves"])
        else:
            later = _started_since(db, night_id, current.get("last_hand_id"))
            if current["events"] and later is not None:
                raise StoreError("ruling_chips_played", number=later)
            counted = _counted(db, night_id, [p for p in table_players(db, night_id)
                                              if p["player_id"] in current["moves"]])
            if current["events"] and counted:
                raise StoreError("ruling_money_counted", names=", ".join(counted))
        why = reason.strip()
        if current["id"] is not None:
            insert(db, "ledger", {"night_id": night_id, "player_id": None, "kind": "void", "target": current["id"],
                                  "reason": why, "entered_by": entered_by, "entered_at": utc_now(), "key": None})
        for entry in current["entries"]:
            insert(db, "ledger", {"night_id": night_id, "player_id": None, "kind": "void", "target": entry,
                                  "reason": why, "entered_by": entered_by, "entered_at": utc_now(), "key": None})
        void_events(db, hand, current["events"], reason=why, entered_by=entered_by)
        if current["events"]:
            rejudge_hand(db, hand_id)
        done = settle(db, mode=mode, ruling_id=ruling_id, dispute_id=dispute_id, hand=hand,
                      moves=current["moves"], entered_by=entered_by, key=key)
        return done["mode_entry"]


def _last_hand_id(db: Database, night_id: int) -> int:
    """The id of the night's newest hand row (0: none)."""
    return db.execute("SELECT COALESCE(MAX(id), 0) FROM hands WHERE night_id = ?", [night_id]).fetchone()[0]


def _started_since(db: Database, night_id: int, last_hand_id: int | None) -> int | None:
    """The number of the first live hand started after hand row ``last_hand_id`` (None:
    none was)."""
    return db.execute(f"SELECT MIN(h.number) FROM hands h WHERE h.night_id = ? AND h.id > ? AND {live_hand('h')}",
                      [night_id, last_hand_id or 0]).fetchone()[0]

