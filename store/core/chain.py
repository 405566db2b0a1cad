"""A record nobody can rewrite unseen: a keyed hash chain per night.

Every row that decides the money (:data:`store.core.chain_rows.CHAINED`: the night's settings,
seats with the player's name, hands, events, ledger entries, disputes, rulings, the marks on
the transfers, the shared expenses, their shares and voids) gets a link when it is
inserted, in the same transaction (``store.core.records.insert`` calls :func:`link`). The
rows that belong to no night (a player's payment handle) are linked the same way in the
club's chain, kept under the night id :data:`store.core.chain_rows.CLUB` (0, which no night
has) and checked by :func:`verify_club`. Link ``n`` of a night (1, 2, ...) is the row ``(night_id, n, tbl, row_id,
mac)`` of the ``chain`` table, where::

    mac = HMAC-SHA256(key, canonical JSON of [previous mac ("" for link 1), n, tbl,
                                              row_id, the row's chained content])

and ``chain_heads`` keeps the night's newest mac (the head), the number of links, the
newest link's row and a seal (an HMAC of them all), so deleting the newest row together with its link, or
rolling the head back, is caught. The key is 32 random bytes kept OUTSIDE the database
(``secrets.json`` beside it, or ``TAPETE_CHAIN_KEY``: ``store.core.secret_file``), held by the
``Database`` object that ``store.open_db`` returns (``db.chain_key``). Whoever can write the
database file but does not hold the key cannot recompute a link: an edited, deleted or
inserted row no longer matches (the events' plain SHA-256 ``prev_hash``/``hash`` chain, which
anyone could recompute, is no longer written: older rows keep their values, newer ones NULL).

A printed head (the night report prints it) checks the record later against a copy kept
on paper: :func:`verify` with ``head=`` says whether that head is still a link of the
night's chain and how many links were added since.

Nights made before the chain (``chain_pending``, filled by migration m009) are linked once,
in the order their rows were written, by the ``open_db`` that applied m009 (the one-off
upgrade of a database made before the chain: :func:`link_pending`), never later: a night
whose chain was wiped and put back on that list is not linked afresh over whatever its rows
say now; :func:`verify` says it has no chain (or that it cannot be verified).

The key the database was sealed with is known by its check value (:func:`key_check`: an
HMAC of a fixed label under the key, never the key), stored when the chain starts; a
database opened with another key is refused before anything is read (:func:`check_key`),
so a lost or wrong key is never taken for tampering.

The rows of paying up written before they were sealed (migration m014: marks, expenses,
shares, voids, payment handles) are linked once, the same way, by the ``open_db`` that
applied m014 (:func:`link_pending_money`), each at the end of its chain.

Each hand's stored referee result (``hand_results``, ``store.hand.judging``) carries a MAC under
the same key (:func:`result_mac`): a result edited in the database no longer matches, is
taken as stale (judged again from the log) and named by :func:`verify`.
"""

from __future__ import annotations

import hmac
import sqlite3

from sqlite_utils import Database

from store.core import chain_rows
from store.core.chain_rows import CHAINED, CLUB, MONEY_TABLES
from store.core.checks import StoreError
from store.core.macs import canonical, mac_hex
from store.core.transactions import read_tx, write_tx


class ChainError(RuntimeError):
    """The chain cannot take a new link (its head was deleted or the database was opened
    without a key); the write is refused. Run ``flask --app app verify NIGHT``."""


def chain_key(db: Database) -> bytes:
    """The key the database was opened with (``store.open_db``).

    :raises ChainError: a ``Database`` made some other way (it holds no key).
    """
    key = getattr(db, "chain_key", None)
    if not key:
        raise ChainError("this database was not opened by store.open_db: it holds no chain key")
    return key


def link_mac(key: bytes, prev: str, n: int, table: str, row_id: int, content: dict) -> str:
    """The mac of link ``n`` (hex): HMAC-SHA256 under ``key`` of the canonical JSON of
    ``[prev, n, table, row_id, content]`` (sorted keys, no spaces, UTF-8)."""
    return mac_hex(key, canonical([prev, n, table, row_id, content]))


def head_seal(key: bytes, night_id: int, head: str, links: int, table: str, row_id: int) -> str:
    """The seal of a night's head (hex): HMAC-SHA256 of the canonical JSON of ``["head",
    night_id, links, head, table, row_id]`` (the newest link's row)."""
    return mac_hex(key, canonical(["head", night_id, links, head, table, row_id]))


KEY_LABEL = b"tapete chain key check v1"
"""The fixed label whose HMAC under the chain key is the key's check value."""


def key_check(key: bytes) -> str:
    """The check value of ``key`` (hex): HMAC-SHA256 of :data:`KEY_LABEL` under it. It
    tells whether a key is the one a database was sealed with and says nothing of the key."""
    return mac_hex(key, KEY_LABEL)


def sealed(db: Database) -> bool:
    """Whether the database already holds a chain: a stored key check value, or a night's
    head (a database chained before the check value was kept). Read-only."""
    return bool(db.execute("SELECT 1 FROM chain_key_check UNION ALL SELECT 1 FROM chain_heads LIMIT 1")
                .fetchone())


def check_key(db: Database, key: bytes, source: str = "secrets.json") -> None:
    """Refuse ``key`` unless it is the one the database was sealed with; store its check
    value when the chain starts (a database with none yet: the first open, in one write
    transaction; a database chained before check values were kept is checked against its
    heads' seals first). Later opens only read the one row.

    :param source: where the key came from: ``"argument"`` (``store.open_db``'s
        ``chain_key``), ``"TAPETE_CHAIN_KEY"`` (the environment) or ``"secrets.json"``.
    :raises StoreError: code ``chain_key_wrong`` (param ``source``).
    """
    row = db.execute("SELECT check_value FROM chain_key_check WHERE id = 1").fetchone()
    if row is None:
        with write_tx(db):
            row = db.execute("SELECT check_value FROM chain_key_check WHERE id = 1").fetchone()
            if row is None:
                heads = db.execute("SELECT night_id, head, links, tbl, row_id, seal FROM chain_heads").fetchall()
                if heads and not any(hmac.compare_digest(head_seal(key, n, h, k, t, r), seal or "")
                                     for n, h, k, t, r, seal in heads):
                    raise StoreError("chain_key_wrong", source=source)
                db.execute("INSERT INTO chain_key_check (id, check_value) VALUES (1, ?)", [key_check(key)])
                return
    if not hmac.compare_digest(row[0], key_check(key)):
        raise StoreError("chain_key_wrong", source=source)


def result_mac(key: bytes, hand_id: int, input_key: str, carry_after: str, entry: str,
               facts: str | None = None) -> str:
    """The MAC (hex) of a stored hand result: HMAC-SHA256 under ``key`` of the canonical
    JSON of ``["hand_result", hand_id, input_key, carry_after, entry, facts]`` (the stored
    texts; ``facts``, the digest a read confirms the result by, ``store.hand.judging.hand_facts``),
    or, for a result stored before results had facts (``facts`` None), of the same list
    without it. A result's facts cannot be taken off or edited without its MAC failing."""
    fields = ["hand_result", hand_id, input_key, carry_after, entry] + ([] if facts is None else [facts])
    return mac_hex(key, canonical(fields))


def result_holds(key: bytes, hand_id: int, input_key: str, carry_after: str, entry: str,
                 mac: str | None, facts: str | None = None) -> bool:
    """Whether a stored result's ``mac`` is the one its content gives (False without one)."""
    return bool(mac) and hmac.compare_digest(result_mac(key, hand_id, input_key, carry_after, entry, facts), mac)


def summary_mac(key: bytes, close_id: int, summary: str) -> str:
    """The MAC (hex) of a stored close summary (``store.money.close_summary``): HMAC-SHA256
    under ``key`` of the canonical JSON of ``["close_summary", close_id, summary]`` (the
    stored text)."""
    return mac_hex(key, canonical(["close_summary", close_id, summary]))


def summary_holds(key: bytes, close_id: int, summary: str, mac: str | None) -> bool:
    """Whether a stored close summary's ``mac`` is the one its content gives."""
    return bool(mac) and hmac.compare_digest(summary_mac(key, close_id, summary), mac)


def derived_mac(key: bytes, table: str, values: list) -> str:
    """The MAC (hex) of a stored derived row (``store.money.totals``, ``store.money.dues``:
    figures kept so a page need not work them out from every night): HMAC-SHA256 under
    ``key`` of the canonical JSON of ``["derived", table, *values]`` (the row's columns in
    their fixed order, ints and strings as stored)."""
    return mac_hex(key, canonical(["derived", table, *values]))


def derived_holds(key: bytes, table: str, values: list, mac: str | None) -> bool:
    """Whether a stored derived row's ``mac`` is the one its ``values`` give."""
    return bool(mac) and hmac.compare_digest(derived_mac(key, table, values), mac)


# -- writing links ---------------------------------------------------------------------------

def link(db: Database, table: str, row_id: int) -> int:
    """Link the row ``row_id`` of ``table`` (just inserted, inside the insert's own
    transaction) to its night's chain; returns the link number (1, 2, ...).

    :raises ChainError: no key, or the night's head is missing while links exist.
    """
    key = chain_key(db)
    found = chain_rows.row_content(db, table, row_id)
    if found is None:
        raise ChainError(f"{table} row {row_id} is not there to be linked")
    night_id, content = found
    return _append(db, key, night_id, table, row_id, content)


def link_rows(db: Database, rows: list[tuple[str, int]],
              given: dict[tuple[str, int], tuple[int, dict]] | None = None) -> None:
    """Link many rows just inserted (inside their inserts' transaction), in the order
    given, each to its night's chain: the links :func:`link` of each in turn would write
    (the same macs), with each table's rows read in one query and each night's head read
    and written once (an import's hand: its row and every line, issue 25's "links the chain
    in batches").

    :param rows: ``[(table, row id)]`` of chained tables, in the order they were inserted.
    :param given: ``{(table, row id): (night_id, content)}`` of rows whose content the
        caller knows as :func:`store.core.chain_rows.row_content` would read it back
        (:func:`store.core.chain_rows.given_contents`); the others are read.
    :raises ChainError: no key, a row not there, or a night's head missing while links exist.
    """
    if not rows:
        return
    key = chain_key(db)
    found: dict[tuple[str, int], tuple[int, dict]] = dict(given or {})
    unread = [(t, r) for t, r in rows if (t, r) not in found]
    for table in dict.fromkeys(t for t, _ in unread):
        found.update({(table, row_id): got for row_id, got in
                      chain_rows.rows_content(db, table, [r for t, r in unread if t == table]).items()})
    heads: dict[int, tuple[str, int, str, int]] = {}  # night -> (newest mac, links, its row's table, id)
    links = []
    for table, row_id in rows:
        if (table, row_id) not in found:
            raise ChainError(f"{table} row {row_id} is not there to be linked")
        night_id, content = found[(table, row_id)]
        if night_id not in heads:
            current = db.execute("SELECT head, links FROM chain_heads WHERE night_id = ?", [night_id]).fetchone()
            heads[night_id] = (current[0], current[1], "", 0) if current else ("", 0, "", 0)
        prev, n = heads[night_id][:2]
        mac = link_mac(key, prev, n + 1, table, row_id, content)
        heads[night_id] = (mac, n + 1, table, row_id)
        links.append((night_id, n + 1, table, row_id, mac))
    try:
        for start in range(0, len(links), LINKS_PER_INSERT):   # (one statement of many rows: a third of executemany's cost)
            part = links[start:start + LINKS_PER_INSERT]
            db.conn.execute("INSERT INTO chain (night_id, n, tbl, row_id, mac) VALUES "
                            + ", ".join(["(?, ?, ?, ?, ?)"] * len(part)), [v for link in part for v in link])
    except sqlite3.IntegrityError:  # not an idempotent repeat: callers must not take it for one
        raise ChainError("a night's chain already has the links its head says come next: the record was "
                         "tampered with (flask --app app verify NIGHT)") from None
    for night_id, (mac, n, table, row_id) in heads.items():
        _set_head(db, key, night_id, mac, n, table, row_id)


LINKS_PER_INSERT = 6000
"""Links per ``INSERT`` statement of :func:`link_rows` (5 variables each: within SQLite's
bound of 32,766 variables a statement)."""


def _append(db: Database, key: bytes, night_id: int, table: str, row_id: int, content: dict) -> int:
    current = db.execute("SELECT head, links FROM chain_heads WHERE night_id = ?", [night_id]).fetchone()
    prev, links = current if current else ("", 0)
    n = links + 1
    mac = link_mac(key, prev, n, table, row_id, content)
    try:
        db.execute("INSERT INTO chain (night_id, n, tbl, row_id, mac) VALUES (?, ?, ?, ?, ?)",
                   [night_id, n, table, row_id, mac])
    except sqlite3.IntegrityError:  # not an idempotent repeat: callers must not take it for one
        raise ChainError(f"night {night_id}'s chain already has a link {n} but its head says "
                         f"{links}: the record was tampered with (flask --app app verify {night_id})") from None
    _set_head(db, key, night_id, mac, n, table, row_id)
    return n


def _set_head(db: Database, key: bytes, night_id: int, mac: str, n: int, table: str, row_id: int) -> None:
    """Write the night's head: its newest ``mac``, ``n`` links, the newest link's row, the seal."""
    db.execute("INSERT INTO chain_heads (night_id, head, links, tbl, row_id, seal) VALUES (?, ?, ?, ?, ?, ?) "
               "ON CONFLICT (night_id) DO UPDATE SET head = excluded.head, links = excluded.links, "
               "tbl = excluded.tbl, row_id = excluded.row_id, seal = excluded.seal",
               [night_id, mac, n, table, row_id, head_seal(key, night_id, mac, n, table, row_id)])


def link_night(db: Database, night_id: int) -> int:
    """Link every row of a night made before the chain, in the order they were written
    (the night first, then by ``entered_at``, ties in :data:`CHAINED`'s table order and
    by id); call inside a write transaction. A night that has a head already is left
    alone. Returns the number of links written."""
    if db.execute("SELECT 1 FROM chain_heads WHERE night_id = ?", [night_id]).fetchone():
        return 0
    key = chain_key(db)
    tables = chain_rows.present(db)
    order = []
    for rank, table in enumerate(tables):
        if table != "nights":
            order += [(at, rank, row_id, table) for at, row_id in chain_rows.entered_order(db, table, night_id)]
    rows = [("nights", night_id)] + [(table, row_id) for _, _, row_id, table in sorted(order)]
    for table, row_id in rows:
        found = chain_rows.row_content(db, table, row_id)
        if found is not None:
            _append(db, key, night_id, table, row_id, found[1])
    return len(rows)


def link_pending(db: Database) -> int:
    """Link the nights made before the chain (``chain_pending``), in one write transaction
    with their removal from the list. Called only by the ``store.open_db`` that applied
    migration m009 (the one-off upgrade); never by a later open or a page. Returns the
    number of nights linked."""
    if db.execute("SELECT 1 FROM chain_pending LIMIT 1").fetchone() is None:
        return 0
    done = 0
    with write_tx(db):  # looked up again under the lock: two processes link a night once
        for (night_id,) in db.execute("SELECT night_id FROM chain_pending ORDER BY night_id").fetchall():
            if db.execute("SELECT 1 FROM nights WHERE id = ?", [night_id]).fetchone():
                link_night(db, night_id)
                done += 1
            db.execute("DELETE FROM chain_pending WHERE night_id = ?", [night_id])
    return done


def _unlinked_rows(db: Database, night_id: int, tables: list[str]) -> list[tuple[str, int]]:
    """The rows of ``tables`` in the chain ``night_id`` (a night's or the club's) that have
    no link there, in the order they were written (``entered_at``, then :data:`CHAINED`'s
    table order, then id)."""
    linked = {(t, r) for t, r in db.execute("SELECT tbl, row_id FROM chain WHERE night_id = ?", [night_id])}
    order = []
    for table in tables:
        rank = list(CHAINED).index(table)
        order += [(at, rank, row_id, table) for at, row_id in chain_rows.entered_order(db, table, night_id)
                  if (table, row_id) not in linked]
    return [(table, row_id) for _, _, row_id, table in sorted(order)]


def link_pending_money(db: Database) -> int:
    """Link the rows of paying up written before they were sealed (the chains listed in
    ``chain_pending_money`` by migration m014: nights, and the club's, :data:`CLUB`), each at
    the end of its chain, in one write transaction with their removal from the list. A
    night with no chain yet is not started here (its own linking, :func:`link_pending`,
    links every row); a chain that already links a row of paying up is left alone (its
    rows were sealed as they were written: one without a link was put there behind the
    record's back, and stays unlinked for :func:`verify` to name). Called only by the ``store.open_db`` that applied m014; never by a
    later open or a page. Returns the number of rows linked."""
    if db.execute("SELECT 1 FROM chain_pending_money LIMIT 1").fetchone() is None:
        return 0
    key = chain_key(db)
    done = 0
    with write_tx(db):
        for (night_id,) in db.execute("SELECT night_id FROM chain_pending_money ORDER BY night_id").fetchall():
            has_chain = db.execute("SELECT 1 FROM chain_heads WHERE night_id = ?", [night_id]).fetchone()
            sealed_before = db.execute(
                f"SELECT 1 FROM chain WHERE night_id = ? AND tbl IN ({', '.join('?' for _ in MONEY_TABLES)}) LIMIT 1",
                [night_id, *MONEY_TABLES]).fetchone()
            if (night_id == CLUB or has_chain) and not sealed_before:
                tables = [t for t in chain_rows.scope_tables(db, night_id) if t in MONEY_TABLES]
                for table, row_id in _unlinked_rows(db, night_id, tables):
                    found = chain_rows.row_content(db, table, row_id)
                    if found is not None:
                        _append(db, key, night_id, table, row_id, found[1])
                        done += 1
            db.execute("DELETE FROM chain_pending_money WHERE night_id = ?", [night_id])
    return done


# -- reading and checking --------------------------------------------------------------------

def head(db: Database, night_id: int) -> dict:
    """The night's recorded head: ``{"head": hex or None, "links": int}`` (not checked:
    :func:`verify` checks it)."""
    row = db.execute("SELECT head, links FROM chain_heads WHERE night_id = ?", [night_id]).fetchone()
    return {"head": row[0], "links": row[1]} if row else {"head": None, "links": 0}


PROBLEMS = ("link_missing", "link_table_unchained", "link_row_gone", "link_mismatch", "head_missing", "no_chain",
            "head_ahead", "link_after_head", "head_rewritten", "row_unlinked", "row_stray", "row_orphan",
            "night_pending", "money_pending", "result_changed", "summary_changed", "printed_head_unknown")
"""The codes of :func:`verify`'s problems, in the order it checks (their params there; said
for a person by ``web.core.chain_words.problem_text``)."""


def _problem(code: str, n: int | None, table: str | None, row_id: int | None, **params) -> dict:
    return {"link": n, "table": table, "row_id": row_id, "code": code, "params": params}


def verify(db: Database, night_id: int, *, head: str | None = None) -> dict:
    """Recompute the night's chain and name the first thing that does not match.

    Checked in order: every link, from 1 (numbers without a gap; the row it points at is
    there, still in this night, and its content gives the link's mac); then the recorded
    head (it names the last link, counts the links, and its seal holds: the newest rows
    deleted with their links are caught here); then that every chained row of the night
    has a link (a row inserted without one); that no row the night's pages show is outside
    its chain, whatever its ``night_id`` says (:func:`_strays`: an event, dispute or ruling
    pointing at one of the night's hands or disputes); that no chained row names a night
    that does not exist (:func:`_orphans`: no other night's check would see it); that the
    night is not waiting to be linked
    (``chain_pending``: it cannot be verified); then that every stored hand result
    (``hand_results``) that carries a MAC still matches it (one that does not was edited:
    the pages judge that hand again from the log), and every stored close summary
    (``close_summaries``, ``store.money.close_summary``: ``summary_changed``, param
    ``close``). With ``head`` (hex, as printed on a report):
    whether it is still a link of the chain and how many links were added since.

    :returns: ``{"ok": bool, "night_id", "head": the recorded head (hex) or None,
        "links": links found, "problem": None or {"link": n or None, "table", "row_id",
        "code": one of :data:`PROBLEMS`, "params": dict}, "printed": None or {"head",
        "link": n or None (not in the chain), "added_since": links after it or None}}``.
        A problem holds no words: its params are numbers, names and, under ``row``, the
        row as it reads now (``store.core.chain_rows.facts``: ``{"table", "row_id",
        "facts"}``); ``web.core.chain_words`` says it. By code: ``link_missing`` (``next``:
        the link the chain goes on at), ``link_table_unchained``, ``link_row_gone``
        (``now_night`` when the row moved to another night, absent when it was deleted),
        ``link_mismatch`` (``row``), ``head_missing``, ``no_chain``, ``head_ahead`` (the
        head records more links than there are: ``ends`` the last link, ``recorded`` the
        head's count, ``sealed`` whether its seal holds; ``table``/``row_id`` the newest row
        it names), ``link_after_head`` (``row``, ``recorded``), ``head_rewritten``,
        ``row_unlinked`` (``row``), ``row_stray`` (``row``, ``points_at`` ``"hand"`` or
        ``"dispute"``, ``night``: what its ``night_id`` says), ``row_orphan`` (``row``,
        ``night``), ``night_pending``, ``money_pending`` (the night's rows of paying up
        written before they were sealed were never linked), ``result_changed`` (``hand``:
        its number), ``printed_head_unknown`` (``head``, ``night``, ``links``).
    :raises StoreError: no such night, and no trace of one in the chain (code
        ``no_night``, params ``night``); the club's chain (:data:`CLUB`) is no night
        (:func:`verify_club` checks it).
    :raises ChainError: the database holds no key.
    """
    key = chain_key(db)
    if night_id == CLUB:
        raise StoreError("no_night", night=night_id)
    with read_tx(db):
        links = db.execute("SELECT n, tbl, row_id, mac FROM chain WHERE night_id = ? ORDER BY n",
                           [night_id]).fetchall()
        stored = db.execute("SELECT head, links, seal, tbl, row_id FROM chain_heads WHERE night_id = ?",
                            [night_id]).fetchone()
        if not links and stored is None and not db.execute("SELECT 1 FROM nights WHERE id = ?",
                                                            [night_id]).fetchone():
            raise StoreError("no_night", night=night_id)
        rows = {table: chain_rows.night_rows(db, table, night_id) for table in chain_rows.present(db)}
        problem = (_walk(db, key, night_id, links, rows) or _check_head(db, key, night_id, links, stored)
                   or _unlinked(db, links, rows) or _strays(db, night_id, links) or _orphans(db)
                   or _pending(db, night_id) or _money_pending(db, night_id) or _results(db, key, night_id)
                   or _summaries(db, key, night_id))
    result = {"ok": problem is None, "night_id": night_id, "head": stored[0] if stored else None,
              "links": len(links), "problem": problem, "printed": None}
    if head is not None:
        _printed(result, head, links)
    return result


def verify_club(db: Database) -> dict:
    """Recompute the club's chain (:data:`CLUB`: the rows that belong to no night, the
    players' payment handles) and name the first thing that does not match, checked as a
    night's (:func:`verify`): every link, the recorded head and its seal, every row linked,
    and the rows written before they were sealed linked (``money_pending``). A club with
    no such row and no chain is intact with 0 links.

    :returns: as :func:`verify` (``night_id`` :data:`CLUB`, ``printed`` None).
    :raises ChainError: the database holds no key.
    """
    key = chain_key(db)
    with read_tx(db):
        links = db.execute("SELECT n, tbl, row_id, mac FROM chain WHERE night_id = ? ORDER BY n", [CLUB]).fetchall()
        stored = db.execute("SELECT head, links, seal, tbl, row_id FROM chain_heads WHERE night_id = ?",
                            [CLUB]).fetchone()
        rows = {table: chain_rows.night_rows(db, table, CLUB) for table in chain_rows.club_present(db)}
        problem = (_walk(db, key, CLUB, links, rows)
                   or (_check_head(db, key, CLUB, links, stored) if links or stored else None)
                   or _unlinked(db, links, rows) or _money_pending(db, CLUB))
    return {"ok": problem is None, "night_id": CLUB, "head": stored[0] if stored else None,
            "links": len(links), "problem": problem, "printed": None}


def verify_record(db: Database, night_id: int | None = None, *, head: str | None = None) -> dict:
    """What ``flask verify`` checks: one night's chain (:func:`verify`, with ``head``), or
    every night's when ``night_id`` is None, and the club's chain (:func:`verify_club`: the
    payment handles, which belong to no night) in both cases.

    :returns: ``{"nights": [verify results, by night id], "club": verify_club's result,
        "ok": every one ok}``.
    :raises StoreError: ``no_night`` as :func:`verify` (the club's chain is not checked then).
    :raises ChainError: the database holds no key.
    """
    if night_id is None:
        ids = [r[0] for r in db.execute("SELECT id FROM nights ORDER BY id").fetchall()]
        nights = [verify(db, n) for n in ids]
    else:
        nights = [verify(db, night_id, head=head)]
    club = verify_club(db)
    return {"nights": nights, "club": club, "ok": club["ok"] and all(r["ok"] for r in nights)}


def _walk(db: Database, key: bytes, night_id: int, links: list, rows: dict) -> dict | None:
    prev = ""
    for expected, (n, table, row_id, mac) in enumerate(links, 1):
        if n != expected:
            return _problem("link_missing", expected, None, None, next=n)
        if table not in rows:
            return _problem("link_table_unchained", n, table, row_id)
        content = rows[table].get(row_id)
        if content is None:
            moved = chain_rows.row_content(db, table, row_id)
            return _problem("link_row_gone", n, table, row_id, **({"now_night": moved[0]} if moved else {}))
        if not hmac.compare_digest(link_mac(key, prev, n, table, row_id, content), mac):
            return _problem("link_mismatch", n, table, row_id, row=chain_rows.facts(db, table, row_id, content))
        prev = mac
    return None


def _check_head(db: Database, key: bytes, night_id: int, links: list, stored) -> dict | None:
    count = len(links)
    last = links[-1][3] if links else ""
    if stored is None:
        return _problem("head_missing", count or None, None, None) if links else \
            _problem("no_chain", None, "nights", night_id)
    recorded, recorded_links, seal, table, row_id = stored
    sealed = hmac.compare_digest(head_seal(key, night_id, recorded, recorded_links, table, row_id), seal or "")
    if recorded_links > count:
        return _problem("head_ahead", count + 1, table, row_id, ends=count, recorded=recorded_links, sealed=sealed)
    if recorded_links < count:
        n, table, row_id, _ = links[recorded_links]
        return _problem("link_after_head", n, table, row_id, row=chain_rows.facts(db, table, row_id),
                        recorded=recorded_links)
    if recorded != last or not sealed:
        return _problem("head_rewritten", count or None, None, None)
    return None


def _unlinked(db: Database, links: list, rows: dict) -> dict | None:
    linked = {(table, row_id) for _, table, row_id, _ in links}
    for table, found in rows.items():
        for row_id in sorted(found):
            if (table, row_id) not in linked:
                return _problem("row_unlinked", None, table, row_id,
                                row=chain_rows.facts(db, table, row_id, found[row_id]))
    return None


def _strays(db: Database, night_id: int, links: list) -> dict | None:
    """The first row of a table that points at hands or disputes (``hand_id``,
    ``dispute_id``) that points at one of this night's but is not linked in this night's
    chain: the pages show a hand's events, disputes and rulings by the hand, so such a row
    (say, ``night_id`` edited or inserted as another night's, or one that names no night)
    would change what this night's pages show unseen."""
    linked = {(table, row_id) for _, table, row_id, _ in links}
    hands = "SELECT h.id FROM hands h WHERE h.night_id = :night"
    disputes = f"SELECT d.id FROM disputes d WHERE d.night_id = :night OR d.hand_id IN ({hands})"
    for table in chain_rows.present(db):
        columns = CHAINED[table]
        tests = ([f"t.hand_id IN ({hands})"] if "hand_id" in columns else []) + \
                ([f"t.dispute_id IN ({disputes})"] if "dispute_id" in columns else [])
        if not tests:
            continue
        for row_id, said in db.execute(f"SELECT t.id, t.night_id FROM {table} t WHERE {' OR '.join(tests)} "
                                       "ORDER BY t.id", {"night": night_id}).fetchall():
            if (table, row_id) not in linked:
                return _problem("row_stray", None, table, row_id, row=chain_rows.facts(db, table, row_id),
                                points_at="hand" if "hand_id" in columns else "dispute", night=said)
    return None


def _orphans(db: Database) -> dict | None:
    """The first chained row whose night (its ``night_id``; a share's or an expense void's:
    its expense's) names no night (no night's check would otherwise see it)."""
    for table in chain_rows.present(db):
        if table == "nights":
            continue
        night = chain_rows.night_column(table)
        row = db.execute(f"SELECT t.id, {night} FROM {table} t WHERE NOT EXISTS "
                         f"(SELECT 1 FROM nights n WHERE n.id = {night}) ORDER BY t.id LIMIT 1").fetchone()
        if row is not None:
            return _problem("row_orphan", None, table, row[0], row=chain_rows.facts(db, table, row[0]), night=row[1])
    return None


def _pending(db: Database, night_id: int) -> dict | None:
    if db.execute("SELECT 1 FROM chain_pending WHERE night_id = ?", [night_id]).fetchone():
        return _problem("night_pending", None, "nights", night_id)
    return None


def _money_pending(db: Database, night_id: int) -> dict | None:
    if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'chain_pending_money'").fetchone() and \
            db.execute("SELECT 1 FROM chain_pending_money WHERE night_id = ?", [night_id]).fetchone():
        return _problem("money_pending", None, None, None)
    return None


def _results(db: Database, key: bytes, night_id: int) -> dict | None:
    """The first stored hand result whose MAC does not match (a result stored without a MAC,
    by an older version, is only stale: judged again, not an edit)."""
    facts = "facts" if _has_column(db, "hand_results", "facts") else "NULL"
    for hand_id, number, input_key, carry, entry, mac, stored_facts in db.execute(
            f"SELECT hand_id, number, input_key, carry_after, entry, mac, {facts} FROM hand_results "
            "WHERE night_id = ? AND mac IS NOT NULL ORDER BY number, hand_id", [night_id]):
        if not result_holds(key, hand_id, input_key, carry, entry, mac, stored_facts):
            return _problem("result_changed", None, "hand_results", hand_id, hand=number)
    return None


def _has_column(db: Database, table: str, column: str) -> bool:
    """Whether ``table`` has ``column`` (a database checked before the migration that adds it)."""
    return any(r[1] == column for r in db.execute(f"PRAGMA table_info([{table}])"))


def _summaries(db: Database, key: bytes, night_id: int) -> dict | None:
    """The first stored close summary (``store.money.close_summary``) whose MAC does not
    match (edited in the database: the pages work the night's money out from the log)."""
    if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'close_summaries'").fetchone():
        return None
    for close_id, text, mac in db.execute("SELECT close_id, summary, mac FROM close_summaries WHERE night_id = ? "
                                          "ORDER BY close_id", [night_id]):
        if not summary_holds(key, close_id, text, mac):
            return _problem("summary_changed", None, "close_summaries", close_id, close=close_id)
    return None


def _printed(result: dict, given: str, links: list) -> None:
    """Fill ``result["printed"]`` for a printed head; a head not in the chain fails."""
    wanted = given.strip().lower()
    macs = [mac for _, _, _, mac in links]
    if wanted in macs:
        k = macs.index(wanted) + 1
        result["printed"] = {"head": wanted, "link": k, "added_since": len(macs) - k}
        return
    result["printed"] = {"head": wanted, "link": None, "added_since": None}
    if result["ok"]:
        result["ok"] = False
        result["problem"] = _problem("printed_head_unknown", None, None, None, head=wanted,
                                     night=result["night_id"], links=len(macs))
