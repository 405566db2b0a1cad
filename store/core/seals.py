"""A page's check of the rows it uses against their own links in the keyed chain, without
walking the chain (issue 24, "every money row sealed").

``store.core.chain.verify`` recomputes a whole chain (``flask verify``); a page cannot do that
on every load, since a chain grows with the night and the club. A row's own link is enough to
tell whether the row still reads as it was written: link ``n`` of a chain holds
``HMAC(key, [mac of link n-1, n, table, row id, content])`` (``store.core.chain.link_mac``),
so the row's content, its link and the link before it give its seal back, or not. A row
with no link in its chain (inserted behind the record's back, or moved from another chain)
does not hold either. Found through the index of migration m014 on ``chain (night_id, tbl,
row_id)``, the cost is that of the rows the page reads.

What a page learns here it shows as "this figure does not match the record" instead of
using the row; ``flask verify`` names the row. What only the whole walk finds (a row deleted
together with its link from the middle of a chain) is left to ``flask verify``; a row
deleted without its link, or the newest rows of the club's chain, are found here too.

Reads only (the caller's read transaction); the result is kept for the request
(``store.core.memo``).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass, field

from sqlite_utils import Database

from store.core import chain, chain_rows, memo
from store.core.chain_rows import CHAINED, CLUB, CLUB_TABLES
from store.core.transactions import read_tx

_LINKS = ("SELECT c.night_id, c.tbl, c.row_id, c.n, c.mac, p.mac FROM chain c "
          "LEFT JOIN chain p ON p.night_id = c.night_id AND p.n = c.n - 1 "
          "WHERE c.night_id IN ({nights}) AND c.tbl IN ({tables})")


@dataclass
class Seals:
    """What :func:`night_seals` found for one night's rows of some tables.

    ``broken``: ``{table: {row id, ...}}``, the rows there whose seal does not hold (changed,
    inserted, moved in); ``gone``: the tables with a link whose row is no longer in the night
    (deleted, or moved to another night)."""

    broken: dict[str, set[int]] = field(default_factory=dict)
    gone: set[str] = field(default_factory=set)

    def holds(self, table: str, row_id: int) -> bool:
        """Whether the row ``row_id`` of ``table`` holds its seal."""
        return row_id not in self.broken.get(table, ())

    def whole(self, *tables: str) -> bool:
        """Whether every row of ``tables`` holds and none is gone."""
        return not any(self.broken.get(t) or t in self.gone for t in tables)


def _holds(key: bytes, prev: str | None, n: int, table: str, row_id: int, content: dict, mac: str) -> bool:
    return hmac.compare_digest(chain.link_mac(key, prev or "", n, table, row_id, content), mac)


def _night_seals(db: Database, night_id: int, tables: tuple[str, ...]) -> Seals:
    with read_tx(db):  # (the links and the rows of one moment; inside the caller's, nothing more)
        return _night_seals_now(db, night_id, tables)


def _night_seals_now(db: Database, night_id: int, tables: tuple[str, ...]) -> Seals:
    links = _links(db, [night_id], tables).get(night_id, {})
    rows = {table: chain_rows.night_rows(db, table, night_id) for table in tables}
    return _judged(chain.chain_key(db), tables, links, rows)


def _links(db: Database, night_ids: list[int], tables: tuple[str, ...]) -> dict[int, dict]:
    """The links of ``tables`` in the chains of ``night_ids``: ``{night_id: {(table, row id):
    (n, mac, the previous link's mac or None)}}`` (one query per 500 nights, through the
    index on ``chain (night_id, tbl, row_id)``)."""
    out: dict[int, dict] = {}
    for start in range(0, len(night_ids), 500):
        part = night_ids[start:start + 500]
        sql = _LINKS.format(nights=", ".join("?" for _ in part), tables=", ".join("?" for _ in tables))
        for night_id, table, row_id, n, mac, prev in db.execute(sql, [*part, *tables]):
            out.setdefault(night_id, {})[(table, row_id)] = (n, mac, prev)
    return out


def _judged(key: bytes, tables: tuple[str, ...], links: dict, rows: dict[str, dict[int, dict]]) -> Seals:
    """One night's :class:`Seals` from its links (as :func:`_links` gives one night's) and
    its rows of ``tables`` (``{table: {row id: content}}``): a row holds when its own link
    gives its seal back; a link whose row is not among the rows is a row gone. The one
    place the seal of a night's row is judged (:func:`night_seals`, :func:`nights_seals`)."""
    found = Seals()
    for table in tables:
        broken = set()
        for row_id, content in rows[table].items():
            link = links.get((table, row_id))
            if link is None or not _holds(key, link[2], link[0], table, row_id, content, link[1]):
                broken.add(row_id)
        if broken:
            found.broken[table] = broken
        if any(t == table and r not in rows[table] for t, r in links):
            found.gone.add(table)
    return found


def _check_tables(tables: tuple[str, ...]) -> None:
    if any(t not in CHAINED or t in CLUB_TABLES for t in tables):
        raise ValueError(f"not a night's chained table: {tables!r}")


def night_seals(db: Database, night_id: int, tables: tuple[str, ...]) -> Seals:
    """Check the night's rows of ``tables`` (chained tables of a night, not the club's)
    against their own links: every row (one HMAC each) and every link of those tables
    (a row gone). Kept for the request (``store.core.memo``). Read-only.

    :returns: :class:`Seals`.
    :raises store.core.chain.ChainError: the database holds no key.
    """
    _check_tables(tables)
    return memo.kept(db, ("night_seals", night_id, tables), lambda: _night_seals(db, night_id, tables))


def nights_seals(db: Database, night_ids: list[int], tables: tuple[str, ...]) -> dict[int, Seals]:
    """:func:`night_seals` of every night of ``night_ids`` at once, for a page that reads
    those tables across many nights (the outstanding page): the links in one query per 500
    nights, the rows of each table in one query per 500 nights, each night judged as
    :func:`night_seals` judges it (:func:`_judged`). Read-only.

    :returns: ``{night_id: Seals}`` for every night of ``night_ids`` (a night with no row
        and no link of ``tables``: an empty ``Seals``, whole).
    :raises ValueError: a table that is not a night's chained table.
    :raises store.core.chain.ChainError: the database holds no key.
    """
    _check_tables(tables)
    with read_tx(db):  # (the links and the rows of one moment)
        links = _links(db, list(night_ids), tables)
        rows = {table: chain_rows.nights_rows(db, table, list(night_ids)) for table in tables}
    key = chain.chain_key(db)
    return {night_id: _judged(key, tables, links.get(night_id, {}),
                              {table: rows[table].get(night_id, {}) for table in tables})
            for night_id in night_ids}


def _club_whole(db: Database) -> bool:
    """The club's chain as a whole, cheaply: its head's seal holds and it counts as many
    links as the club's tables hold rows (a row deleted, or inserted without a link, breaks
    the count; the rows themselves: :func:`club_row_holds`)."""
    with read_tx(db):  # (the count and the head of one moment)
        return _club_whole_now(db)


def _club_whole_now(db: Database) -> bool:
    key = chain.chain_key(db)
    rows = sum(db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] for table in chain_rows.club_present(db))
    stored = db.execute("SELECT head, links, tbl, row_id, seal FROM chain_heads WHERE night_id = ?", [CLUB]).fetchone()
    if stored is None:
        return rows == 0
    head, links, table, row_id, seal = stored
    if not hmac.compare_digest(chain.head_seal(key, CLUB, head, links, table, row_id), seal or ""):
        return False
    last = db.execute("SELECT n, mac FROM chain WHERE night_id = ? ORDER BY n DESC LIMIT 1", [CLUB]).fetchone()
    return last is not None and last == (links, head) and links == rows


def club_whole(db: Database) -> bool:
    """Whether the club's chain (:data:`store.core.chain_rows.CLUB`) is whole as far as a page
    can tell without walking it: the head's seal holds, the newest link is the head's, and
    the links count the club's rows (a payment handle deleted or inserted behind the
    record's back breaks it). Kept for the request. Read-only."""
    return memo.kept(db, ("club_whole",), lambda: _club_whole(db))


def club_row_holds(db: Database, table: str, row_id: int, content: dict) -> bool:
    """Whether one row of the club's chain (``table`` one of
    :data:`store.core.chain_rows.CLUB_TABLES`, ``content`` its chained columns as read now)
    holds its own link: one indexed look-up and one HMAC. Read-only."""
    key = chain.chain_key(db)
    link = db.execute("SELECT c.n, c.mac, p.mac FROM chain c LEFT JOIN chain p ON p.night_id = c.night_id "
                      "AND p.n = c.n - 1 WHERE c.night_id = ? AND c.tbl = ? AND c.row_id = ?",
                      [CLUB, table, row_id]).fetchone()
    return link is not None and _holds(key, link[2], link[0], table, row_id, content, link[1])
