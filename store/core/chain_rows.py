"""What the record's chain covers (``store.core.chain``): the tables, the content of each row
that is chained, and a row's facts for the words of the one who checks it
(``web.core.chain_words``).

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


# -- a row as facts -------------------------------------------------------------------------
# (said for a person by ``web.core.chain_words.row_text``, from the web's gettext catalogue)

def _one(db: Database, sql: str, params: list):
    row = db.execute(sql, params).fetchone()
    return row[0] if row else None


def _player(db: Database, player_id: int | None) -> dict:
    """``{"player_id", "player": the name as it reads now, None for no such player}``
    (``player_id`` None: the whole table)."""
    name = None if player_id is None else _one(db, "SELECT name FROM players WHERE id = ?", [player_id])
    return {"player_id": player_id, "player": name}


def _hand(db: Database, hand_id: int | None) -> dict:
    """``{"hand_id", "hand": its number, None for no such hand}``."""
    return {"hand_id": hand_id, "hand": _one(db, "SELECT number FROM hands WHERE id = ?", [hand_id])}


def _night(db: Database, row_id: int, c: dict) -> dict:
    return {name: c[name] for name in ("chips_per", "chip_cents", "currency", "timezone", "started_at", "rules")}


def _seat(db: Database, row_id: int, c: dict) -> dict:
    return {"seat": c["seat"], "name": c["name"], "player_id": c["player_id"]}


def _hand_row(db: Database, row_id: int, c: dict) -> dict:
    return {"number": c["number"], "button": c["button"]}


def _event(db: Database, row_id: int, c: dict) -> dict:
    target = _one(db, "SELECT action FROM events WHERE id = ?", [c["target"]]) if c["kind"] == "void" else None
    return {**_hand(db, c["hand_id"]), "entry": (c["seq"] or 0) + 1, "kind": c["kind"], "action": c["action"],
            "reason": c["reason"], "target": c["target"], "target_action": target}


def _ledger(db: Database, row_id: int, c: dict) -> dict:
    return {"kind": c["kind"], **_player(db, c["player_id"]), "chips": c["chips"], "target": c["target"],
            "reason": c["reason"], "detail": c["detail"]}


def _dispute(db: Database, row_id: int, c: dict) -> dict:
    return {**_player(db, c["player_id"]), **_hand(db, c["hand_id"]), "statement": c["statement"]}


def _ruling(db: Database, row_id: int, c: dict) -> dict:
    return {"dispute_id": c["dispute_id"], **_hand(db, c["hand_id"]), "decision": c["decision"], "rule": c["rule"],
            "moves": json.loads(c["detail"] or "{}").get("moves")}


FACTS = {"nights": _night, "seats": _seat, "hands": _hand_row, "events": _event, "ledger": _ledger,
         "disputes": _dispute, "rulings": _ruling}


def facts(db: Database, table: str, row_id: int, content: dict | None = None) -> dict:
    """A chained row as it reads now, as data for its words (``web.core.chain_words``):
    ``{"table", "row_id", "facts": dict, or None when the row is gone, not of a chained
    table, or too damaged to read}``. By table, ``facts`` holds: ``nights`` ``chips_per``,
    ``chip_cents`` (cents), ``currency``, ``timezone``, ``started_at``, ``rules`` (JSON
    text); ``seats`` ``seat``, ``name``, ``player_id``; ``hands`` ``number``, ``button``;
    ``events`` ``hand`` (number; None: no such hand) and ``hand_id``, ``entry`` (1-based
    place in the hand's log), ``kind``, ``action``, ``reason``, ``target`` and
    ``target_action`` (a void's target event and its action text, None when not found);
    ``ledger`` ``kind``, ``player_id`` (None: the table) and ``player`` (the name, None for
    no such player), ``chips``, ``target``, ``reason``, ``detail``; ``disputes``
    ``player_id``, ``player``, ``hand``, ``hand_id``, ``statement``; ``rulings``
    ``dispute_id``, ``hand``, ``hand_id``, ``decision``, ``rule``, ``moves`` (the detail's
    ``{player id: chips}``, or None).

    :param content: the row's chained content when already read (:func:`night_rows`).
    """
    row = {"table": table, "row_id": row_id, "facts": None}
    if content is None:
        found = row_content(db, table, row_id) if table in CHAINED and table in present(db) else None
        content = found[1] if found else None
    if content is None:
        return row
    try:
        row["facts"] = FACTS[table](db, row_id, content)
    except (KeyError, TypeError, ValueError, AttributeError):  # a row too damaged to read
        pass
    return row
