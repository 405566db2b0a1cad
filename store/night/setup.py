"""Setting up a night in a minute, and counting it out on one screen (issue 26): the last
night's players in their seats with one tap, the club's roster with the next free seat, the
night's default buy-in (prefilled from the night before's), everyone seated without a buy-in
buying in at once, and every player's count recorded (and the night closed) in one write.

Each batch is one write transaction: every player's row is stored, or none (the first
refusal is raised, nothing written). Each row carries its own idempotency key (the form's
key and the player's id), so a repeated submit stores nothing twice.
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from store.core.checks import StoreError, chip_amount
from store.core.records import existing
from store.core.transactions import read_tx, write_tx
from store.hand.rows import current_hand
from store.money.bank import last_money
from store.money.carried_pot import carried_pot, handed_back
from store.money.ledger import buy_in, cash_out, close_night, night_summary, pot_handed_back, recount
from store.night.demo import counts_sql, hidden_sql
from store.night.importing import shown
from store.night.nights import get_night, list_nights, night_players, require_open, seat_player, table_players

SEATS = range(1, 11)
"""The physical seats, 1-10 (``store.night.nights.seat_player``)."""


def night_buy_in(db: Database, night_id: int) -> int | None:
    """The night's default buy-in (chips), or None when none was set. Read-only.

    :raises StoreError: ``no_night``."""
    get_night(db, night_id)
    row = db.execute("SELECT buy_in FROM nights WHERE id = ?", [night_id]).fetchone()
    return row[0] if row else None


def nights_page(db: Database) -> dict:
    """What the host's nights page reads, in one read transaction: ``{"nights":
    store.list_nights, "last_buy_in": :func:`last_buy_in`, "last_rules": :func:`last_rules`}``.
    Read-only."""
    with read_tx(db):
        return {"nights": list_nights(db), "last_buy_in": last_buy_in(db), "last_rules": last_rules(db)}


def real_sql(alias: str = "nights") -> str:
    """SQL on the nights table (or its alias ``alias``): a real night, the only kind the
    host's set-up reads back ("the last night", the roster, the rules and buy-in offered):
    not the demo (``store.night.demo``), not a copy, not hidden, not one whose import is
    under way or failed (``store.night.importing.shown``)."""
    return "(" + " AND ".join((counts_sql(alias), shown(alias), "NOT " + hidden_sql(alias))) + ")"


def last_rules(db: Database) -> dict | None:
    """The house rules to offer a new night: the newest real night's (:func:`real_sql`)
    stored ``rules``, ``{"preset": NAME, KEY: VALUE...}`` (the preset and only the
    overrides, CONTRACT.md section 3), or None for a club with no real night. Read-only."""
    row = db.execute(f"SELECT rules FROM nights WHERE {real_sql()} ORDER BY started_at DESC, id DESC LIMIT 1").fetchone()
    if row is None or not row[0]:
        return None
    rules = json.loads(row[0])
    return rules if isinstance(rules, dict) else {"preset": rules}


def last_buy_in(db: Database) -> int | None:
    """The default buy-in to offer a new night: the newest real night's (:func:`real_sql`)
    that has one; else the amount bought most often (ties: the larger) in the newest real
    night with buy-ins; None for a club with neither. Read-only."""
    row = db.execute(f"SELECT buy_in FROM nights WHERE buy_in IS NOT NULL AND {real_sql()} "
                     "ORDER BY started_at DESC, id DESC LIMIT 1").fetchone()
    if row:
        return row[0]
    row = db.execute(
        "SELECT l.chips FROM ledger l JOIN nights n ON n.id = l.night_id WHERE l.kind = 'buy_in' "
        "AND l.night_id = (SELECT l2.night_id FROM ledger l2 JOIN nights n2 "
        f"ON n2.id = l2.night_id WHERE l2.kind = 'buy_in' AND {real_sql('n2')} "
        "ORDER BY n2.started_at DESC, n2.id DESC LIMIT 1) "
        "GROUP BY l.chips ORDER BY COUNT(*) DESC, l.chips DESC LIMIT 1").fetchone()
    return row[0] if row else None


def last_night(db: Database, night_id: int) -> dict | None:
    """The night before this one that had players (the newest other real night,
    :func:`real_sql`: never the demo, a copy, a hidden night or a failed import, with anyone
    seated), and who sat where: ``{"night_id": int, "local_date": str, "title": str | None,
    "players": [{"player_id", "name", "seat"}]}`` (by seat; those who left included, at the
    seat they played), or None. Read-only."""
    row = db.execute(
        f"SELECT n.id, n.local_date, n.title FROM nights n WHERE n.id != ? AND {real_sql('n')} "
        "AND EXISTS (SELECT 1 FROM seats s WHERE s.night_id = n.id) "
        "ORDER BY n.started_at DESC, n.id DESC LIMIT 1", [night_id]).fetchone()
    if row is None:
        return None
    players = [{k: p[k] for k in ("player_id", "name", "seat")} for p in table_players(db, row[0])]
    return {"night_id": row[0], "local_date": row[1], "title": row[2], "players": players}


def free_seats(db: Database, night_id: int) -> list[int]:
    """The seats (1-10) nobody holds tonight: not taken by a seated player nor kept by one
    who left after playing in it (``store.night.nights.seat_player``'s rule). Read-only."""
    held = {p["seat"] for p in table_players(db, night_id)}
    return [s for s in SEATS if s not in held]


def roster(db: Database, night_id: int) -> list[dict]:
    """The club's players not at the table tonight, each with the seat a tap gives them:
    ``[{"player_id", "name", "seat"}]`` (the seat they held the last night when it is free
    tonight, else the next free seat; None when the table is full), the last night's
    players first (by their seat), then the rest by name. A player who sat only at nights
    that are not real (:func:`real_sql`: the demo's Ana, Bruno...) is not in the club's
    roster; one who never sat anywhere is. Read-only."""
    here = {p["player_id"] for p in table_players(db, night_id)}
    free = free_seats(db, night_id)
    last = last_night(db, night_id)
    before = {p["player_id"]: p["seat"] for p in (last["players"] if last else [])}
    others = [{"player_id": r[0], "name": r[1]} for r in db.execute(
        "SELECT p.id, p.name FROM players p WHERE NOT EXISTS (SELECT 1 FROM seats s WHERE s.player_id = p.id) "
        f"OR EXISTS (SELECT 1 FROM seats s JOIN nights n ON n.id = s.night_id WHERE s.player_id = p.id "
        f"AND {real_sql('n')}) ORDER BY p.name")]
    others = [p for p in others if p["player_id"] not in here]
    others.sort(key=lambda p: (p["player_id"] not in before, before.get(p["player_id"], 0), p["name"].casefold()))
    for p in others:
        seat = before.get(p["player_id"])
        p["seat"] = seat if seat in free else (free[0] if free else None)
    return others


def seat_last_night(db: Database, night_id: int, *, entered_by: str, key: str | None = None) -> list[str]:
    """Seat the last night's players (:func:`last_night`) who are not at the table yet:
    each at the seat they had when it is free, else at the next free seat; no buy-in (the
    night's "everyone buys in" is one tap: :func:`buy_in_everyone`). One write transaction.

    :returns: the names seated, in seat order.
    :raises StoreError: ``seat_hand_in_progress`` (a hand is in progress), ``night_closed``,
        ``no_last_night`` (no other night had players), ``table_full`` (no free seat for
        someone), ``nobody_new`` (all of them are seated already); nothing written.
    """
    with write_tx(db):
        done = _done(db, "seats", night_id, key and f"{key}:seat:")
        if done:  # the same tap again: what it seated, nothing more
            return done
        require_open(db, night_id)
        if current_hand(db, night_id) is not None:
            raise StoreError("seat_hand_in_progress")
        last = last_night(db, night_id)
        if last is None:
            raise StoreError("no_last_night")
        here = {p["player_id"] for p in table_players(db, night_id)}
        coming = [p for p in last["players"] if p["player_id"] not in here]
        if not coming:
            raise StoreError("nobody_new")
        free = free_seats(db, night_id)
        wanted = {p["seat"] for p in coming}
        seated = []
        for p in coming:  # their own seat first, then the seats nobody of them wants
            seat = p["seat"] if p["seat"] in free else next((s for s in free if s not in wanted), None)
            if seat is None:
                raise StoreError("table_full")
            free.remove(seat)
            seat_player(db, night_id, p["player_id"], seat, entered_by=entered_by,
                        key=key and f"{key}:seat:{p['player_id']}")
            seated.append((seat, p["name"]))
    return [name for _seat, name in sorted(seated)]


def buy_in_everyone(db: Database, night_id: int, chips: int, *, entered_by: str,
                    key: str | None = None) -> list[str]:
    """Everyone seated who has no buy-in tonight buys in ``chips`` (chips, 1 to
    ``MAX_CHIPS``), in one write transaction (``store.money.ledger.buy_in`` for each).

    :returns: the names who bought in, in seat order.
    :raises StoreError: ``not_whole``/``too_large`` (field ``chips``), ``hand_in_progress``,
        ``nobody_to_buy_in`` (everyone seated has bought in already), ``buy_in``'s refusals
        (night closed, too many chips in a night); nothing written.
    """
    chip_amount(chips, low=1, field="chips")
    with write_tx(db):
        done = _done(db, "ledger", night_id, key and f"{key}:buy:")
        if done:  # the same tap again: who it bought for, nothing more
            return done
        require_open(db, night_id)
        if current_hand(db, night_id) is not None:
            raise StoreError("hand_in_progress")
        bought = {r[0] for r in db.execute(
            "SELECT DISTINCT player_id FROM ledger l WHERE night_id = ? AND kind = 'buy_in' AND NOT EXISTS "
            "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id)", [night_id])}
        buyers = [p for p in night_players(db, night_id) if p["player_id"] not in bought]
        if not buyers:
            raise StoreError("nobody_to_buy_in")
        for p in buyers:
            buy_in(db, night_id, p["player_id"], chips, entered_by=entered_by,
                   key=key and f"{key}:buy:{p['player_id']}")
    return [p["name"] for p in buyers]


def _done(db: Database, table: str, night_id: int, prefix: str | None) -> list[str]:
    """The names of the night's rows in ``table`` (``seats`` or ``ledger``) whose key starts
    with ``prefix`` (a batch's keys: the form's key, then each player's), by seat: a repeated
    batch finds what it stored. None prefix: []."""
    if prefix is None:
        return []
    order = "t.seat" if table == "seats" else "t.id"
    return [r[0] for r in db.execute(
        f"SELECT p.name FROM {table} t JOIN players p ON p.id = t.player_id WHERE t.night_id = ? "
        f"AND substr(t.key, 1, ?) = ? ORDER BY {order}", [night_id, len(prefix), prefix])]


def record_counts(db: Database, night_id: int, counts: dict[int, int], *, entered_by: str,
                  key: str | None = None, pot_in_counts: bool = False) -> list[dict]:
    """Every count given (``{player_id: chips}``), in one write transaction: a player not
    counted since their last buy-in gets a cash-out (``store.money.ledger.cash_out``); a
    player counted already whose count differs gets a recount (the earlier one voided,
    ``store.money.ledger.recount``); a count equal to the one stored changes nothing.

    With ``pot_in_counts`` (the counts' form says the pot carried after the last hand was
    handed back to the players before they counted), the host's statement is recorded
    first when there is a carried pot and it is not stated yet (:func:`state_pot_in_counts`):
    the bank then counts the pot once, inside the counts.

    :returns: ``[{"player_id", "chips", "before"}]`` for each count stored (``before``: the
        count it replaced, or None), in the order given.
    :raises StoreError: ``no_counts`` (nothing given); ``cash_out``/``recount``'s refusals
        (a hand in progress, a player not at the table, a bad amount, night closed);
        nothing written.
    """
    if not counts:
        raise StoreError("no_counts")
    stored = []
    with write_tx(db):
        require_open(db, night_id)
        if pot_in_counts:
            state_pot_in_counts(db, night_id, entered_by=entered_by, key=key)
        for player_id, chips in counts.items():
            last = last_money(db, night_id, player_id)
            row_key = key and f"{key}:count:{player_id}"
            if last is not None and last["kind"] == "cash_out":
                if last["chips"] == chips:
                    continue
                recount(db, night_id, player_id, chips, entered_by=entered_by, key=row_key)
                stored.append({"player_id": player_id, "chips": chips, "before": last["chips"]})
            else:
                cash_out(db, night_id, player_id, chips, entered_by=entered_by, key=row_key)
                stored.append({"player_id": player_id, "chips": chips, "before": None})
    return stored


def state_pot_in_counts(db: Database, night_id: int, *, entered_by: str, key: str | None = None) -> bool:
    """The counts' form says the pot carried after the last hand was handed back to the
    players before they counted: record the host's statement
    (``store.money.ledger.pot_handed_back``) when there is a carried pot and no live
    statement yet; nothing otherwise (no pot, or stated already). Call inside the write
    transaction.

    :returns: True when a statement was recorded now.
    :raises StoreError: ``pot_handed_back``'s refusals (night closed, a hand in progress).
    """
    if not carried_pot(db, night_id)[0] or handed_back(db, night_id) is not None:
        return False
    pot_handed_back(db, night_id, entered_by=entered_by, key=key and f"{key}:pot")
    return True


def count_and_close(db: Database, night_id: int, counts: dict[int, int], *, entered_by: str,
                    key: str | None = None, pot_in_counts: bool = False, **close: object) -> dict:
    """The counts given (:func:`record_counts`, none: nothing to record), with the host's
    word that the carried pot is in them (``pot_in_counts``: :func:`state_pot_in_counts`),
    and the close (``store.money.ledger.close_night`` with ``close``'s arguments), in one
    write transaction: a close refused stores none of the counts and no statement. The bank
    check is the store's (``store.money.bank.bank_check``): the pot counted once, in the
    counts or given back by the close.

    :returns: ``close_night``'s summary.
    :raises StoreError: :func:`record_counts`'s and ``close_night``'s refusals; nothing written.
    """
    if key is not None and existing(db, "ledger", f"{key}:close", "close", {"night_id": night_id}) is not None:
        return night_summary(db, night_id)  # a repeated submit: closed already by this form
    with write_tx(db):
        if pot_in_counts:
            require_open(db, night_id)
            state_pot_in_counts(db, night_id, entered_by=entered_by, key=key)
        if counts:
            record_counts(db, night_id, counts, entered_by=entered_by, key=key)
        return close_night(db, night_id, entered_by=entered_by, key=key and f"{key}:close", **close)
