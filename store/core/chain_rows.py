"""What the record's chain covers (``store.core.chain``): the tables, the content of each row
that is chained, and a row said in words for the one who checks it.

Everything that decides the money is chained: the night's settings (rules, chip value,
currency, time zone, start), the seats with the player's name as it reads now (so a
player renamed after the fact is caught), the hands, every event of the dealer's log,
every ledger entry, the disputes and their rulings. A table of :data:`CHAINED` that the
database does not hold yet is skipped.
"""

from __future__ import annotations

import json
from functools import lru_cache

from sqlite_utils import Database

CHAINED: dict[str, tuple[str, ...]] = {
    "nights": ("started_at", "timezone", "rules", "rules_frozen", "chip_cents", "chips_per", "currency"),
    "seats": ("night_id", "player_id", "name", "seat", "before_hand", "entered_by", "entered_at"),
    "hands": ("night_id", "number", "button", "stacks", "entered_by", "entered_at"),
    "events": ("night_id", "hand_id", "seq", "kind", "action", "target", "reason", "entered_by",
               "entered_at"),
    "ledger": ("night_id", "player_id", "kind", "chips", "before_hand", "target", "reason", "detail",
               "entered_by", "entered_at"),
    "disputes": ("night_id", "hand_id", "player_id", "statement", "entered_by", "entered_at"),
    "rulings": ("night_id", "dispute_id", "hand_id", "decision", "rule", "note", "detail", "entered_by",
                "entered_at"),
}
"""The chained tables, in the order a night's older rows are linked when they tie, and
the content of each row that its link seals (column names; the row's id is sealed too).
Every row of these tables is inserted by ``store.core.records.insert``, which links it."""

COMPUTED: dict[tuple[str, str], str] = {
    ("seats", "name"): "(SELECT p.name FROM players p WHERE p.id = t.player_id)",
}
"""Chained content read from another table (SQL over the row ``t``): a seat's player's name."""


def night_column(table: str) -> str:
    """The SQL of a row's night (over ``t``): a night is its own."""
    return "t.id" if table == "nights" else "t.night_id"


@lru_cache(maxsize=None)
def select_sql(table: str) -> str:
    """``SELECT t.id, <night>, <content...> FROM table t`` for a chained table."""
    columns = ", ".join(COMPUTED.get((table, name), f"t.{name}") for name in CHAINED[table])
    return f"SELECT t.id, {night_column(table)}, {columns} FROM {table} t"


def present(db: Database) -> list[str]:
    """The tables of :data:`CHAINED` this database holds, in :data:`CHAINED`'s order."""
    have = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    return [table for table in CHAINED if table in have]


def row_content(db: Database, table: str, row_id: int) -> tuple[int, dict] | None:
    """``(night_id, content)`` of one chained row, or None when it is not there."""
    row = db.execute(select_sql(table) + " WHERE t.id = ?", [row_id]).fetchone()
    if row is None:
        return None
    return row[1], dict(zip(CHAINED[table], row[2:]))


def night_rows(db: Database, table: str, night_id: int) -> dict[int, dict]:
    """Every row of ``table`` that belongs to the night: ``{row id: content}``."""
    return {r[0]: dict(zip(CHAINED[table], r[2:])) for r in db.execute(
        select_sql(table) + f" WHERE {night_column(table)} = ?", [night_id])}


def entered_order(db: Database, table: str, night_id: int) -> list[tuple[str, int]]:
    """``[(entered_at, row id)]`` of the night's rows of ``table`` (the order they were
    written in, for linking a night made before the chain)."""
    return [(r[0] or "", r[1]) for r in db.execute(
        f"SELECT t.entered_at, t.id FROM {table} t WHERE {night_column(table)} = ?", [night_id])]


# -- a row in words -------------------------------------------------------------------------

def _one(db: Database, sql: str, params: list):
    row = db.execute(sql, params).fetchone()
    return row[0] if row else None


def _player(db: Database, player_id: int | None) -> str:
    if player_id is None:
        return "the table"
    name = _one(db, "SELECT name FROM players WHERE id = ?", [player_id])
    return name if name is not None else f"player {player_id}"


def _hand(db: Database, hand_id: int | None) -> str:
    number = _one(db, "SELECT number FROM hands WHERE id = ?", [hand_id])
    return f"hand {number}" if number is not None else f"hand id {hand_id}"


def _night(db: Database, row_id: int, c: dict) -> str:
    return (f"the night's settings: {c['chips_per']} chip(s) = {c['chip_cents']} cents {c['currency']}, "
            f"{c['timezone']}, started {c['started_at']}, rules {c['rules']}")


def _seat(db: Database, row_id: int, c: dict) -> str:
    return f"seat {c['seat']}: {c['name']} (player {c['player_id']})"


def _hand_row(db: Database, row_id: int, c: dict) -> str:
    return f"hand {c['number']} started (button seat {c['button']})"


def _event(db: Database, row_id: int, c: dict) -> str:
    where = f"{_hand(db, c['hand_id'])}, "
    number = (c["seq"] or 0) + 1
    if c["kind"] == "action":
        return f"{where}action {number}: {c['action']}"
    if c["kind"] == "void":
        target = _one(db, "SELECT action FROM events WHERE id = ?", [c["target"]])
        return f"{where}entry {number}: void of {target or 'event ' + str(c['target'])} ({c['reason']})"
    if c["kind"] == "end":
        return f"{where}entry {number}: end of the hand"
    return f"{where}entry {number}: {c['kind']} ({c['reason']})"


LEDGER_WORDS = {"buy_in": "buy-in", "cash_out": "cash-out", "adjustment": "adjustment", "close": "close",
                "void": "void", "unseat": "leaving the table"}


def _ledger(db: Database, row_id: int, c: dict) -> str:
    kind = LEDGER_WORDS.get(c["kind"], c["kind"])
    text = f"ledger entry {row_id}, {kind} of {_player(db, c['player_id'])}"
    if c["chips"] is not None:
        text += f": {c['chips']} chips"
    if c["kind"] == "void":
        text += f" (voids entry {c['target']})"
    if c["reason"]:
        text += f" ({c['reason']})"
    if c["kind"] == "close" and c["detail"]:
        text += f" {c['detail']}"
    return text


def _dispute(db: Database, row_id: int, c: dict) -> str:
    return f"dispute {row_id} by {_player(db, c['player_id'])} on {_hand(db, c['hand_id'])}: {c['statement']!r}"


def _ruling(db: Database, row_id: int, c: dict) -> str:
    moves = json.loads(c["detail"] or "{}").get("moves")
    return (f"ruling {row_id} on dispute {c['dispute_id']} ({_hand(db, c['hand_id'])}): {c['decision']}, "
            f"rule {c['rule']!r}" + (f", chips moved {moves}" if moves else ""))


DESCRIBE = {"nights": _night, "seats": _seat, "hands": _hand_row, "events": _event, "ledger": _ledger,
            "disputes": _dispute, "rulings": _ruling}


def describe(db: Database, table: str, row_id: int, content: dict | None = None) -> str:
    """The row in words, as it reads now (``"hand 3, action 7: p3 open 10"``,
    ``"ledger entry 12, buy-in of Ana: 500 chips"``); ``"<table> row <id>"`` when it is
    gone or cannot be read."""
    if content is None:
        found = row_content(db, table, row_id) if table in CHAINED and table in present(db) else None
        content = found[1] if found else None
    if content is None:
        return f"{table} row {row_id}"
    try:
        return DESCRIBE[table](db, row_id, content)
    except (KeyError, TypeError, ValueError, AttributeError):  # a row too damaged to say
        return f"{table} row {row_id}"
