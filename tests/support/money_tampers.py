"""A closed night with something of every row of paying up (issue 24, "every money row
sealed"), and the tampers of each of those tables (edit, delete, insert) as an attacker who
can write the database file does them: raw SQL on a connection of their own, the table's
append-only triggers dropped first and put back after (so a backup's schema check does not
notice), never the chain key.

``money_night(db) -> MoneyNight``; ``TAMPERS``: ``{(table, how): tamper}``, each
``tamper(conn, world) -> row id`` that ``flask verify`` must name.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Callable

import store
from store.money import expenses, payments

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
THIEF = "https://paypal.me/thief"
"""The link an attacker puts in place of Ana's payment handle."""
ANA_LINK, ANA_OLD = "https://paypal.me/ana", "https://paypal.me/ana-old"
UNSEALED = {"es": "este dato no cuadra con el registro", "en": "this figure does not match the record"}
"""What a page says instead of a row whose seal does not hold."""


@dataclass
class MoneyNight:
    """The closed night: Bruno and Chus each pay Ana 3,00 € (Chus's transfer marked paid
    and confirmed: ``paid_mark``, ``confirmed_mark``); Ana's payment handle (a link, given
    twice: ``old_handle`` then ``handle``); the pizza (12,00 €, Ana paid it, Ana and Bruno
    share it: Bruno pays Ana 6,00 € for it) and the drinks (9,00 €, voided: ``void``)."""

    night: int
    ids: dict[str, int]
    tokens: dict[str, str]
    close: int
    old_handle: int
    handle: int
    paid_mark: int
    confirmed_mark: int
    pizza: int
    drinks: int
    void: int

    def share(self, db, expense: int, name: str) -> int:
        return db.execute("SELECT id FROM expense_shares WHERE expense_id = ? AND player_id = ?",
                          [expense, self.ids[name]]).fetchone()[0]


def money_night(db) -> MoneyNight:
    """Build the night of :class:`MoneyNight` through the store (every row linked as written)."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title="Noche sellada")
    ids = {name: store.join_table(db, night, name, seat, 100, entered_by=HOST)
           for seat, name in enumerate(("Ana", "Bruno", "Chus"), 1)}
    for name, chips in (("Ana", 160), ("Bruno", 70), ("Chus", 70)):
        store.cash_out(db, night, ids[name], chips, entered_by=HOST)
    close = store.close_night(db, night, entered_by=HOST)
    old_handle = payments.set_payment_handle(db, ids["Ana"], ANA_OLD, entered_by=HOST)
    handle = payments.set_payment_handle(db, ids["Ana"], ANA_LINK, entered_by=f"player:{ids['Ana']}")
    confirmed = payments.confirm_paid(db, night, ids["Chus"], ids["Ana"], entered_by=HOST)
    paid = db.execute("SELECT id FROM transfer_marks WHERE kind = 'paid'").fetchone()[0]
    pizza = expenses.add_expense(db, night, ids["Ana"], 1200, "pizza", [ids["Ana"], ids["Bruno"]], entered_by=HOST)
    drinks = expenses.add_expense(db, night, ids["Bruno"], 900, "drinks", [ids["Bruno"], ids["Chus"]],
                                  entered_by=HOST)
    void = expenses.void_expense(db, night, drinks, reason="typo", entered_by=HOST)
    tokens = {name: store.issue_token(db, pid) for name, pid in ids.items()}
    close_id = db.execute("SELECT MAX(id) FROM ledger WHERE kind = 'close'").fetchone()[0]
    assert close is not None
    return MoneyNight(night, ids, tokens, close_id, old_handle, handle, paid, confirmed, pizza, drinks, void)


def attacker(path) -> sqlite3.Connection:
    """A connection of the attacker's own to the database file (no key, no store)."""
    return sqlite3.connect(str(path), isolation_level=None)


def unguarded(conn: sqlite3.Connection, table: str, *sql: tuple[str, list]) -> int | None:
    """Run ``sql`` (``(statement, params)`` pairs) on ``table`` with its triggers dropped,
    then put them back as they were; returns the last statement's ``lastrowid``."""
    triggers = conn.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                            [table]).fetchall()
    for name, _ in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    last = None
    for statement, params in sql:
        last = conn.execute(statement, params).lastrowid
    for _, text in triggers:
        conn.execute(text)
    return last


AT = "2026-01-01T00:00:00+00:00"


def _edit_handle(conn, w: MoneyNight) -> int:
    unguarded(conn, "payment_handles", ("UPDATE payment_handles SET handle = ? WHERE id = ?", [THIEF, w.handle]))
    return w.handle


def _delete_handle(conn, w: MoneyNight) -> int:
    unguarded(conn, "payment_handles", ("DELETE FROM payment_handles WHERE id = ?", [w.handle]))
    return w.handle


def _insert_handle(conn, w: MoneyNight) -> int:
    return unguarded(conn, "payment_handles", (
        "INSERT INTO payment_handles (player_id, handle, entered_by, entered_at) VALUES (?, ?, ?, ?)",
        [w.ids["Ana"], THIEF, f"player:{w.ids['Ana']}", AT]))


def _edit_mark(conn, w: MoneyNight) -> int:
    """Chus's confirmation moved to Bruno's transfer (the same 3,00 €)."""
    unguarded(conn, "transfer_marks", ("UPDATE transfer_marks SET payer_id = ? WHERE id = ?",
                                       [w.ids["Bruno"], w.confirmed_mark]))
    return w.confirmed_mark


def _delete_mark(conn, w: MoneyNight) -> int:
    unguarded(conn, "transfer_marks", ("DELETE FROM transfer_marks WHERE id = ?", [w.confirmed_mark]))
    return w.confirmed_mark


def _insert_mark(conn, w: MoneyNight) -> int:
    """A fake "confirmed" on Bruno's transfer."""
    return unguarded(conn, "transfer_marks", (
        "INSERT INTO transfer_marks (night_id, close_id, what, payer_id, payee_id, cents, kind, entered_by, "
        "entered_at) VALUES (?, ?, 'poker', ?, ?, 300, 'confirmed', ?, ?)",
        [w.night, w.close, w.ids["Bruno"], w.ids["Ana"], f"player:{w.ids['Ana']}", AT]))


def _edit_expense(conn, w: MoneyNight) -> int:
    unguarded(conn, "expenses", ("UPDATE expenses SET cents = 9900 WHERE id = ?", [w.pizza]))
    return w.pizza


def _delete_expense(conn, w: MoneyNight) -> int:
    unguarded(conn, "expenses", ("DELETE FROM expenses WHERE id = ?", [w.pizza]))
    return w.pizza


def _insert_expense(conn, w: MoneyNight) -> int:
    return unguarded(conn, "expenses", (
        "INSERT INTO expenses (night_id, payer_id, cents, description, entered_by, entered_at) "
        "VALUES (?, ?, 5000, 'taxi', ?, ?)", [w.night, w.ids["Chus"], HOST, AT]))


def _bruno_pizza(conn, w: MoneyNight) -> int:
    return conn.execute("SELECT id FROM expense_shares WHERE expense_id = ? AND player_id = ?",
                        [w.pizza, w.ids["Bruno"]]).fetchone()[0]


def _edit_share(conn, w: MoneyNight) -> int:
    share = _bruno_pizza(conn, w)
    unguarded(conn, "expense_shares", ("UPDATE expense_shares SET cents = 0 WHERE id = ?", [share]))
    return share


def _delete_share(conn, w: MoneyNight) -> int:
    share = _bruno_pizza(conn, w)
    unguarded(conn, "expense_shares", ("DELETE FROM expense_shares WHERE id = ?", [share]))
    return share


def _insert_share(conn, w: MoneyNight) -> int:
    return unguarded(conn, "expense_shares", ("INSERT INTO expense_shares (expense_id, player_id, cents) "
                                              "VALUES (?, ?, 600)", [w.pizza, w.ids["Chus"]]))


def _edit_void(conn, w: MoneyNight) -> int:
    unguarded(conn, "expense_voids", ("UPDATE expense_voids SET expense_id = ? WHERE id = ?", [w.pizza, w.void]))
    return w.void


def _delete_void(conn, w: MoneyNight) -> int:
    unguarded(conn, "expense_voids", ("DELETE FROM expense_voids WHERE id = ?", [w.void]))
    return w.void


def _insert_void(conn, w: MoneyNight) -> int:
    return unguarded(conn, "expense_voids", (
        "INSERT INTO expense_voids (expense_id, reason, entered_by, entered_at) VALUES (?, 'gone', ?, ?)",
        [w.pizza, HOST, AT]))


TAMPERS: dict[tuple[str, str], Callable[[sqlite3.Connection, MoneyNight], int]] = {
    ("payment_handles", "edit"): _edit_handle, ("payment_handles", "delete"): _delete_handle,
    ("payment_handles", "insert"): _insert_handle,
    ("transfer_marks", "edit"): _edit_mark, ("transfer_marks", "delete"): _delete_mark,
    ("transfer_marks", "insert"): _insert_mark,
    ("expenses", "edit"): _edit_expense, ("expenses", "delete"): _delete_expense,
    ("expenses", "insert"): _insert_expense,
    ("expense_shares", "edit"): _edit_share, ("expense_shares", "delete"): _delete_share,
    ("expense_shares", "insert"): _insert_share,
    ("expense_voids", "edit"): _edit_void, ("expense_voids", "delete"): _delete_void,
    ("expense_voids", "insert"): _insert_void,
}
"""Every tamper of the newly sealed tables: ``(table, "edit" | "delete" | "insert") ->
tamper(conn, world) -> the row id`` (the row changed, deleted or inserted)."""

PROBLEM = {"edit": "link_mismatch", "delete": "link_row_gone", "insert": "row_unlinked"}
"""The code ``store.core.chain.verify`` names each kind of tamper with."""


def tamper(path, world: MoneyNight, table: str, how: str) -> int:
    """Do one of :data:`TAMPERS` on the database file at ``path``; returns the row id."""
    conn = attacker(path)
    try:
        return TAMPERS[table, how](conn, world)
    finally:
        conn.close()
