"""What the record's chain covers (``store.core.chain``): the tables, the content of each row
that is chained, and a row's facts for the words of the one who checks it
(``web.core.chain_words``).

Everything that decides the money is chained: the night's settings (rules, chip value,
currency, time zone, start), the seats with the player's name as it reads now (so a
player renamed after the fact is caught), the hands, every event of the dealer's log,
every ledger entry, the disputes and their rulings, and paying up (issue 24): the marks on
the transfers, the shared expenses with each sharer's cents and their voids (in their
night's chain), and the players' payment handles, which belong to no night (in the club's
chain, :data:`CLUB`). A table of :data:`CHAINED` that the database does not hold yet is
skipped.
"""

from __future__ import annotations

import json
from functools import lru_cache
from operator import itemgetter

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
    "transfer_marks": ("night_id", "close_id", "what", "payer_id", "payee_id", "cents", "kind", "target", "reason",
                       "entered_by", "entered_at"),
    "expenses": ("night_id", "payer_id", "cents", "description", "entered_by", "entered_at"),
    "expense_shares": ("expense_id", "player_id", "cents"),
    "expense_voids": ("expense_id", "reason", "entered_by", "entered_at"),
    "payment_handles": ("player_id", "handle", "entered_by", "entered_at"),
}
"""The chained tables, in the order a night's older rows are linked when they tie, and
the content of each row that its link seals (column names; the row's id is sealed too).
Every row of these tables is inserted by ``store.core.records.insert``, which links it."""

CLUB = 0
"""The chain of the rows that belong to no night (:data:`CLUB_TABLES`: a player's payment
handle): kept in the ``chain`` and ``chain_heads`` tables under this night id, which no
night has (night ids start at 1); checked by ``store.core.chain.verify_club``."""

CLUB_TABLES = ("payment_handles",)
"""The chained tables whose rows belong to no night: they are linked in the :data:`CLUB` chain."""

MONEY_TABLES = ("transfer_marks", "expenses", "expense_shares", "expense_voids", "payment_handles")
"""Paying up (issue 24): the chained tables the pages check row by row
(``store.core.seals``), linked once in existing databases by migration m014."""

_BY_EXPENSE = "(SELECT e.{column} FROM expenses e WHERE e.id = t.expense_id)"

NIGHT_OF: dict[str, str] = {
    "nights": "t.id",
    "expense_shares": _BY_EXPENSE.format(column="night_id"),
    "expense_voids": _BY_EXPENSE.format(column="night_id"),
    "payment_handles": str(CLUB),
}
"""The SQL of a row's night (over ``t``) where it is not ``t.night_id``: a night is its own,
an expense's share and void are the expense's night's, a payment handle is the club's."""

NIGHT_FILTER: dict[str, str] = {
    "expense_shares": "t.expense_id IN (SELECT e.id FROM expenses e WHERE e.night_id = ?)",
    "expense_voids": "t.expense_id IN (SELECT e.id FROM expenses e WHERE e.night_id = ?)",
}
"""The SQL that picks one night's rows (one ``?``: the night id) where it is not
``<night> = ?`` (the expenses' index answers it, not a scan of every share)."""

ENTERED_AT: dict[str, str] = {"expense_shares": _BY_EXPENSE.format(column="entered_at")}
"""The SQL of when a row was written, where it is not ``t.entered_at`` (a share: its expense's)."""

COMPUTED: dict[tuple[str, str], str] = {
    ("seats", "name"): "(SELECT p.name FROM players p WHERE p.id = t.player_id)",
}
"""Chained content read from another table (SQL over the row ``t``): a seat's player's name."""


def night_column(table: str) -> str:
    """The SQL of a row's night (over ``t``, :data:`NIGHT_OF`): a night is its own, a
    payment handle's is the club's chain (:data:`CLUB`)."""
    return NIGHT_OF.get(table, "t.night_id")


def night_filter(table: str) -> str:
    """The SQL that keeps one night's rows of ``table`` (one ``?``: the night id)."""
    return NIGHT_FILTER.get(table, f"{night_column(table)} = ?")


@lru_cache(maxsize=None)
def select_sql(table: str) -> str:
    """``SELECT t.id, <night>, <content...> FROM table t`` for a chained table."""
    columns = ", ".join(COMPUTED.get((table, name), f"t.{name}") for name in CHAINED[table])
    return f"SELECT t.id, {night_column(table)}, {columns} FROM {table} t"


def _have(db: Database) -> set[str]:
    return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def present(db: Database) -> list[str]:
    """The tables of :data:`CHAINED` whose rows belong to a night and that this database
    holds, in :data:`CHAINED`'s order (the club's: :func:`club_present`)."""
    have = _have(db)
    return [table for table in CHAINED if table in have and table not in CLUB_TABLES]


def club_present(db: Database) -> list[str]:
    """The tables of :data:`CLUB_TABLES` this database holds."""
    have = _have(db)
    return [table for table in CLUB_TABLES if table in have]


def scope_tables(db: Database, night_id: int) -> list[str]:
    """The chained tables of one chain: the club's (:data:`CLUB`) or a night's."""
    return club_present(db) if night_id == CLUB else present(db)


def row_content(db: Database, table: str, row_id: int) -> tuple[int, dict] | None:
    """``(night_id, content)`` of one chained row, or None when it is not there."""
    row = db.execute(select_sql(table) + " WHERE t.id = ?", [row_id]).fetchone()
    if row is None:
        return None
    return row[1], dict(zip(CHAINED[table], row[2:]))


def rows_content(db: Database, table: str, row_ids: list[int]) -> dict[int, tuple[int, dict]]:
    """:func:`row_content` of many rows of ``table``: ``{row id: (night_id, content)}``, one
    query per 500 rows (a row that is not there is left out)."""
    out: dict[int, tuple[int, dict]] = {}
    for start in range(0, len(row_ids), 500):
        part = row_ids[start:start + 500]
        for row in db.execute(select_sql(table) + f" WHERE t.id IN ({', '.join('?' for _ in part)})", part):
            out[row[0]] = (row[1], dict(zip(CHAINED[table], row[2:])))
    return out


def _affinities(db: Database, table: str) -> dict[str, str]:
    """Column -> its SQLite type affinity (``"INTEGER"``, ``"TEXT"``, ``"BLOB"``, ``"REAL"``
    or ``"NUMERIC"``, by SQLite's rules on the declared type), kept on the connection."""
    box = db.__dict__.setdefault("_tapete_affinities", {})
    if table not in box:
        found = {}
        for _cid, name, declared, *_ in db.execute(f"PRAGMA table_info({table})"):
            kind = (declared or "").upper()
            found[name] = ("INTEGER" if "INT" in kind else "TEXT" if any(t in kind for t in ("CHAR", "CLOB", "TEXT"))
                           else "BLOB" if "BLOB" in kind or not kind
                           else "REAL" if any(t in kind for t in ("REAL", "FLOA", "DOUB")) else "NUMERIC")
        box[table] = found
    return box[table]


_KEPT_AS_GIVEN = {"INTEGER": frozenset((int, type(None))), "NUMERIC": frozenset((int, type(None))),
                  "TEXT": frozenset((str, type(None))), "BLOB": frozenset((int, str, type(None))),
                  "REAL": frozenset((type(None),))}
"""Affinity -> the Python types SQLite stores in such a column as they are given (read
back equal, of the same type): an int (not a bool) where it is not made text or a float,
a str where it is not made a number, None anywhere."""


def _given_plan(db: Database, table: str) -> tuple[tuple[str, ...], list[frozenset]] | None:
    """``(the night's column and the content's, the types kept as given in each)`` of
    ``table``; None when a row alone does not tell its content (a column read from another
    table, a night that is not the row's ``night_id``). Kept on the connection."""
    box = db.__dict__.setdefault("_tapete_given_plans", {})
    if table not in box:
        if table in NIGHT_OF or any((table, name) in COMPUTED for name in CHAINED[table]):
            box[table] = None
        else:
            affinity = _affinities(db, table)
            names = ("night_id",) + CHAINED[table]
            box[table] = (names, [_KEPT_AS_GIVEN.get(affinity.get(name, ""), frozenset()) for name in names])
    return box[table]


def given_contents(db: Database, table: str, rows: list[dict]) -> list[tuple[int, dict]] | None:
    """``[(night_id, content)]`` of rows of ``table`` just inserted from ``rows`` (each
    column -> value), as :func:`row_content` would read each back; or None when the rows
    alone do not tell (a column of the content not in them, or read from another table; a
    night that is not the row's ``night_id``; a value SQLite would store otherwise than
    given: a bool, a float, a number in a text column ...): then they are read back."""
    plan = _given_plan(db, table)
    if plan is None or not rows:
        return None
    names, kept = plan
    try:
        values = list(map(itemgetter(*names), rows))
    except KeyError:
        return None
    for column, types in zip(zip(*values), kept):
        if not types.issuperset(map(type, column)):
            return None
    content = names[1:]
    return [(v[0], dict(zip(content, v[1:]))) for v in values]


def night_rows(db: Database, table: str, night_id: int) -> dict[int, dict]:
    """Every row of ``table`` that belongs to the night: ``{row id: content}``."""
    if table in CLUB_TABLES:
        return {r[0]: dict(zip(CHAINED[table], r[2:])) for r in db.execute(select_sql(table))} \
            if night_id == CLUB else {}
    return {r[0]: dict(zip(CHAINED[table], r[2:])) for r in db.execute(
        select_sql(table) + f" WHERE {night_filter(table)}", [night_id])}


def nights_rows(db: Database, table: str, night_ids: list[int]) -> dict[int, dict[int, dict]]:
    """:func:`night_rows` of every night of ``night_ids`` (a night's table, not the club's),
    one query per 500 nights: ``{night_id: {row id: content}}`` (a night with no row is
    left out)."""
    if table in CLUB_TABLES:
        raise ValueError(f"not a night's table: {table!r}")
    out: dict[int, dict[int, dict]] = {}
    for start in range(0, len(night_ids), 500):
        part = night_ids[start:start + 500]
        sql = select_sql(table) + f" WHERE {night_column(table)} IN ({', '.join('?' for _ in part)})"
        for row in db.execute(sql, part):
            out.setdefault(row[1], {})[row[0]] = dict(zip(CHAINED[table], row[2:]))
    return out


def entered_order(db: Database, table: str, night_id: int) -> list[tuple[str, int]]:
    """``[(entered_at, row id)]`` of the night's rows of ``table`` (the order they were
    written in, for linking a night made before the chain; the club's with :data:`CLUB`)."""
    if table in CLUB_TABLES and night_id != CLUB:
        return []
    where = "" if table in CLUB_TABLES else f" WHERE {night_filter(table)}"
    return [(r[0] or "", r[1]) for r in db.execute(
        f"SELECT {ENTERED_AT.get(table, 't.entered_at')}, t.id FROM {table} t{where}",
        [] if table in CLUB_TABLES else [night_id])]


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


def _mark(db: Database, row_id: int, c: dict) -> dict:
    payer, payee = _player(db, c["payer_id"]), _player(db, c["payee_id"])
    return {"kind": c["kind"], "what": c["what"], "payer_id": c["payer_id"], "payer": payer["player"],
            "payee_id": c["payee_id"], "payee": payee["player"], "cents": c["cents"], "target": c["target"],
            "reason": c["reason"]}


def _expense(db: Database, row_id: int, c: dict) -> dict:
    payer = _player(db, c["payer_id"])
    return {"payer_id": c["payer_id"], "payer": payer["player"], "cents": c["cents"],
            "description": c["description"]}


def _share(db: Database, row_id: int, c: dict) -> dict:
    return {"expense_id": c["expense_id"], **_player(db, c["player_id"]), "cents": c["cents"]}


def _expense_void(db: Database, row_id: int, c: dict) -> dict:
    return {"expense_id": c["expense_id"], "reason": c["reason"]}


def _handle(db: Database, row_id: int, c: dict) -> dict:
    return {**_player(db, c["player_id"]), "handle": c["handle"]}


FACTS = {"nights": _night, "seats": _seat, "hands": _hand_row, "events": _event, "ledger": _ledger,
         "disputes": _dispute, "rulings": _ruling, "transfer_marks": _mark, "expenses": _expense,
         "expense_shares": _share, "expense_voids": _expense_void, "payment_handles": _handle}


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
    ``{player id: chips}``, or None); ``transfer_marks`` ``kind`` (``paid`` | ``confirmed``
    | ``void``), ``what`` (``poker`` | ``expenses``), ``payer_id``, ``payer``, ``payee_id``,
    ``payee`` (names, None for no such player), ``cents``, ``target``, ``reason``;
    ``expenses`` ``payer_id``, ``payer``, ``cents``, ``description``; ``expense_shares``
    ``expense_id``, ``player_id``, ``player``, ``cents``; ``expense_voids`` ``expense_id``,
    ``reason``; ``payment_handles`` ``player_id``, ``player``, ``handle``.

    :param content: the row's chained content when already read (:func:`night_rows`).
    """
    row = {"table": table, "row_id": row_id, "facts": None}
    if content is None:
        found = row_content(db, table, row_id) if table in CHAINED and table in _have(db) else None
        content = found[1] if found else None
    if content is None:
        return row
    try:
        row["facts"] = FACTS[table](db, row_id, content)
    except (KeyError, TypeError, ValueError, AttributeError):  # a row too damaged to read
        pass
    return row
