"""Writing and reading the rows of the derived tables of m020 (``store.money.totals``,
``store.money.dues``): each row with its MAC under the chain key
(``store.core.chain.derived_mac``) over its values as ints and strings, its money kept as
the decimal text of int cents (a figure the doors admit can pass SQLite's 64-bit integers).
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.chain import chain_key, derived_mac


def cents(text: str | None) -> int | None:
    """Stored money (the decimal text of int cents, m020) as int cents; None stays None."""
    return None if text is None else int(text)


def insert(db: Database, table: str, columns: tuple[str, ...], values: list, money: tuple[int, ...]) -> None:
    """Insert a derived row (``values`` in ``columns``' order, ints as ints) with its MAC;
    the positions ``money`` are stored as decimal text (:func:`cents` reads them back)."""
    marks = ", ".join("?" for _ in range(len(columns) + 1))
    stored = [str(v) if i in money and v is not None else v for i, v in enumerate(values)]
    db.execute(f"INSERT INTO {table} ({', '.join(columns)}, mac) VALUES ({marks})",
               [*stored, derived_mac(chain_key(db), table, values)])
