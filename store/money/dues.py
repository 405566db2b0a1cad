"""What every closed night's transfers leave outstanding, stored when they change (issue
25: "``/host/outstanding`` opens on totals per player with the transfers a tap away").

Two derived tables (migration m020; each row with a MAC under the chain key,
``store.core.chain.derived_mac``):

- ``night_dues``: each transfer of a closed night that owes (no copy: ``nights.copy_of``),
  poker and expenses, as ``store.money.payments.closed_night_transfers`` makes it (the one
  rule: what remains after earlier money, ``transfer_status``): ``(night_id, what,
  payer_id, payee_id, currency, cents, status, unsealed)``.
- ``player_dues``: per player and currency, what those rows not confirmed add up to, as
  ``store.money.payments.outstanding_totals`` adds them: ``(player_id, currency, owes, owed,
  owes_count, owed_count, unsealed, last_due, last_due_mac)``: the last two (m026) name the
  player's newest ``night_dues`` row (its rowid and MAC), made anew whenever their dues are
  stored, so a row copied back from an older state fails (:func:`holds`).

Stored again by :func:`store_night` for every night a write touched (a close or a void, a
mark, an expense or its void: ``store.money.totals.store_touched``), inside that write's
transaction. The outstanding page reads a row per player (:func:`outstanding_totals`);
what it checks on each load: each row's MAC (a row that does not hold is shown as not
matching the record), the seals of the marks of the nights that have any
(``store.core.seals.nights_seals``: a mark edited, deleted or inserted behind the record's
back since marks its players' totals ``unsealed``), and the shared expenses of the nights
that have any (a night whose expenses do not hold is listed and its expense transfers left
out of the totals). ``flask verify`` names every stored row that differs from what the log
gives (:func:`verify_dues`). Money is int cents.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.chain import chain_key, derived_holds
from store.core.seals import nights_seals
from store.core.transactions import read_tx
from store.money.derived import cents, insert
from store.money.expenses import night_expenses
from store.money.payments import WHATS, closed_night_transfers, outstanding_totals as add_up
from store.night.demo import counts, counts_sql
from store.night.importing import shown
from store.night.nights import get_night

DUE = ("night_id", "what", "payer_id", "payee_id", "currency", "cents", "status", "unsealed")
"""The columns of a ``night_dues`` row its MAC covers, in order."""

OWED = ("player_id", "currency", "owes", "owed", "owes_count", "owed_count", "unsealed", "last_due", "last_due_mac")
"""The columns of a ``player_dues`` row its MAC covers, in order."""


def _due(values: list) -> list:
    """A ``night_dues`` row as read, its money as int cents."""
    return [*values[:5], cents(values[5]), *values[6:]]


def _owed(values: list) -> list:
    """A ``player_dues`` row as read, its money as int cents."""
    return [values[0], values[1], cents(values[2]), cents(values[3]), *values[4:]]


def _due_rows(db: Database) -> dict[tuple[int, str], tuple[list, str | None, int | None, str | None]]:
    """Every ``player_dues`` row as read: ``{(player_id, currency): (values, mac, the rowid
    and the MAC of the player's newest night_dues row, or None)}``."""
    out = {}
    for read in db.execute(f"SELECT {', '.join('p.' + c for c in OWED)}, p.mac, d.rowid, d.mac FROM player_dues p "
                           f"LEFT JOIN night_dues d ON d.rowid = {NEWEST_DUE.format(player='p.player_id')}"):
        values = _owed(read[:len(OWED)])
        out[values[0], values[1]] = (values, *read[len(OWED):])
    return out


def holds(key: bytes, values: list, mac: str | None, newest: int | None, newest_mac: str | None) -> bool:
    """Whether a ``player_dues`` row (``values`` as read, with its ``mac``) is the current
    one: its MAC holds and it names the player's newest ``night_dues`` row (``newest``,
    its rowid, and that row's stored MAC). A row copied back from an older state (before a
    later close, a mark or a reopen) fails here though its MAC holds."""
    return derived_holds(key, "player_dues", values, mac) and newest is not None and \
        [newest, newest_mac] == values[7:9]


def night_rows(db: Database, night_id: int) -> list[list]:
    """What ``night_dues`` should hold for the night now: ``[[night_id, what, payer_id,
    payee_id, currency, cents, status, unsealed (0 or 1)]]``, poker then expenses in the
    settlement's order, from ``store.money.payments.closed_night_transfers`` of the night;
    ``[]`` while it is open, or for a copy or the demo (``store.night.demo``). Read-only."""
    night = get_night(db, night_id)
    if night["close"] is None or not counts(db, night):
        return []
    head = {"night_id": night_id, "close_id": night["close"]["id"]}
    transfers = closed_night_transfers(db, [head])[night_id]
    return [[night_id, what, t["payer_id"], t["payee_id"], night["currency"], t["cents"], t["status"],
             int(bool(t["unsealed"]))] for what in WHATS for t in transfers[what]]


def player_rows(db: Database, player_id: int) -> list[list]:
    """What ``player_dues`` should hold for the player now, from the ``night_dues`` rows
    not confirmed: ``[[player_id, currency, owes, owed, owes_count, owed_count,
    unsealed, last_due, last_due_mac]]`` (a currency in which they owe and are owed
    nothing: no row; ``last_due``/``last_due_mac``: :func:`newest_due`). Read-only."""
    last = list(newest_due(db, player_id))
    sums: dict[str, list] = {}
    for payer, payee, currency, owing, unsealed in db.execute(
            "SELECT payer_id, payee_id, currency, cents, unsealed FROM night_dues WHERE status != 'confirmed' "
            "AND (payer_id = ? OR payee_id = ?)", [player_id, player_id]):
        row = sums.setdefault(currency, [player_id, currency, 0, 0, 0, 0, 0])
        for side, who in ((0, payer), (1, payee)):
            if who == player_id:
                row[2 + side] += cents(owing)
                row[4 + side] += 1
        row[6] = max(row[6], unsealed)
    return [sums[c] + last for c in sorted(sums)]


def newest_due(db: Database, player_id: int) -> tuple[int | None, str | None]:
    """The rowid and stored MAC of the player's newest ``night_dues`` row (payer or
    payee), ``(None, None)`` without one: what their ``player_dues`` rows are bound to.
    Two index seeks. Read-only."""
    row = db.execute(
        f"SELECT rowid, mac FROM night_dues WHERE rowid = {NEWEST_DUE.format(player='?')}",
        [player_id, player_id]).fetchone()
    return (row[0], row[1]) if row else (None, None)


NEWEST_DUE = ("MAX(COALESCE((SELECT MAX(rowid) FROM night_dues WHERE payer_id = {player}), 0), "
              "COALESCE((SELECT MAX(rowid) FROM night_dues WHERE payee_id = {player}), 0))")
"""The rowid of a player's newest ``night_dues`` row (0 without one), by the payer's and
the payee's indexes."""


def _rewrite(db: Database, night_id: int, rows: list[list]) -> set[int]:
    """Put ``rows`` in place of the night's ``night_dues`` rows: inserted before the old
    ones are deleted, so each gets a rowid above every row's before (a player's newest row
    is new whenever their dues are stored: :func:`newest_due`). Returns the players named
    before or now."""
    old = db.execute("SELECT rowid, payer_id, payee_id FROM night_dues WHERE night_id = ?", [night_id]).fetchall()
    named = {p for r in old for p in r[1:]}
    for row in rows:
        insert(db, "night_dues", DUE, row, (5,))
        named |= {row[2], row[3]}
    if old:
        db.execute(f"DELETE FROM night_dues WHERE rowid IN ({', '.join(str(r[0]) for r in old)})")
    return named


def _as_stored(db: Database, night_id: int) -> list[list]:
    """The night's ``night_dues`` rows as stored, in their order (values as read)."""
    return [_due(r) for r in db.execute(f"SELECT {', '.join(DUE)} FROM night_dues WHERE night_id = ? ORDER BY rowid",
                                        [night_id])]


def store_night(db: Database, night_id: int) -> None:
    """Store the night's ``night_dues`` again (:func:`night_rows`) and the
    ``player_dues`` of every player they name, before or now, each bound to the player's
    newest ``night_dues`` row. A player the night names no more whose newest row is
    another night's has that night's rows stored again as they are (new rowids: their
    bound row is new, so a ``player_dues`` row kept from before fails), and that night's
    players' dues with them. Inside a write transaction."""
    named = _rewrite(db, night_id, night_rows(db, night_id))
    fresh = {r[0] for r in db.execute("SELECT rowid FROM night_dues WHERE night_id = ?", [night_id])}
    for player_id in sorted(named):
        last, _ = newest_due(db, player_id)
        if last is not None and last not in fresh:
            other = db.execute("SELECT night_id FROM night_dues WHERE rowid = ?", [last]).fetchone()[0]
            named |= _rewrite(db, other, _as_stored(db, other))
            fresh |= {r[0] for r in db.execute("SELECT rowid FROM night_dues WHERE night_id = ?", [other])}
    for player_id in sorted(named):
        db.execute("DELETE FROM player_dues WHERE player_id = ?", [player_id])
        for row in player_rows(db, player_id):
            insert(db, "player_dues", OWED, row, (2, 3))


# -- reading ---------------------------------------------------------------------------------

def outstanding_page(db: Database) -> dict:
    """The outstanding page (``/host/outstanding``): :func:`outstanding_totals`, in one
    read transaction. Read-only."""
    with read_tx(db):
        return outstanding_totals(db)


def outstanding_totals(db: Database) -> dict:
    """The outstanding page's totals from the stored rows, checked as the module says.

    :returns: ``{"totals": [{"player_id", "name", "currency", "owes", "owed" (cents),
        "owes_count", "owed_count", "unsealed" (a transfer behind the row does not match
        the record), "broken" (the stored row itself does not: its figures are not
        shown)}] by name then currency (as ``store.money.payments.outstanding_totals``),
        "withheld": [{"night_id", "local_date", "title"}] (the closed nights whose shared
        expenses do not match the record: their expense transfers left out)}``. Read-only.
    """
    key = chain_key(db)
    names = dict(db.execute("SELECT id, name FROM players").fetchall())
    rows: dict[tuple[int, str], dict] = {}
    for values, mac, newest, newest_mac in _due_rows(db).values():
        pid, currency, owes, owed, owes_count, owed_count, unsealed = values[:7]
        broken = not holds(key, values, mac, newest, newest_mac)
        rows[pid, currency] = {"player_id": pid, "name": names.get(pid), "currency": currency, "owes": owes,
                               "owed": owed, "owes_count": owes_count, "owed_count": owed_count,
                               "unsealed": bool(unsealed) or broken, "broken": broken}
    for pid, currency in _unsealed_marks(db):
        if (pid, currency) in rows:
            rows[pid, currency]["unsealed"] = True
    withheld = _withheld(db)
    if withheld:
        _leave_out(db, rows, [n["night_id"] for n in withheld])
    totals = [r for r in rows.values() if r["owes_count"] or r["owed_count"] or r["broken"]]
    return {"totals": sorted(totals, key=lambda r: (r["name"] or "", r["currency"])), "withheld": withheld}


def _unsealed_marks(db: Database) -> set[tuple[int, str]]:
    """``(player_id, currency)`` of the stored dues of the nights whose marks do not all
    hold their seals now (only nights with a mark, or a mark's link, are checked)."""
    nights = [r[0] for r in db.execute(
        "SELECT DISTINCT d.night_id FROM night_dues d WHERE EXISTS (SELECT 1 FROM transfer_marks m WHERE "
        "m.night_id = d.night_id) OR EXISTS (SELECT 1 FROM chain c WHERE c.night_id = d.night_id AND "
        "c.tbl = 'transfer_marks')")]
    if not nights:
        return set()
    seals = nights_seals(db, nights, ("transfer_marks",))
    broken = [n for n in nights if not seals[n].whole("transfer_marks")]
    if not broken:
        return set()
    marks = ", ".join("?" for _ in broken)
    return {(pid, currency) for payer, payee, currency in db.execute(
        f"SELECT payer_id, payee_id, currency FROM night_dues WHERE night_id IN ({marks})", broken)
        for pid in (payer, payee)}


def _withheld(db: Database) -> list[dict]:
    """The closed nights (no copies) with shared expenses that do not match the record now
    (``store.money.expenses.night_expenses``' ``unsealed``)."""
    out = []
    for night_id, local_date, title in db.execute(
            f"SELECT n.id, n.local_date, n.title FROM nights n WHERE {counts_sql('n')} AND n.id IN "
            "(SELECT night_id FROM expenses) AND n.id IN (SELECT night_id FROM night_standings) "
            "ORDER BY n.started_at, n.id").fetchall():
        if night_expenses(db, night_id)["unsealed"]:
            out.append({"night_id": night_id, "local_date": local_date, "title": title})
    return out


def _leave_out(db: Database, rows: dict, night_ids: list[int]) -> None:
    """Take the stored expense transfers of ``night_ids`` (not confirmed) out of
    ``rows`` (``{(player_id, currency): totals row}``), each player left marked
    ``unsealed``."""
    marks = ", ".join("?" for _ in night_ids)
    for payer, payee, currency, owing in db.execute(
            f"SELECT payer_id, payee_id, currency, cents FROM night_dues WHERE what = 'expenses' AND "
            f"status != 'confirmed' AND night_id IN ({marks})", night_ids):
        for pid, side in ((payer, "owes"), (payee, "owed")):
            row = rows.get((pid, currency))
            if row is not None and not row["broken"]:
                row[side] -= int(owing)
                row[side + "_count"] -= 1
                row["unsealed"] = True


# -- flask verify ----------------------------------------------------------------------------

def verify_dues(db: Database) -> list[dict]:
    """Every stored ``night_dues`` and ``player_dues`` row that is not what the log gives
    now (its MAC not holding, edited, inserted or deleted): ``[{"table", "key" (the
    night id, or [player id, currency]), "code": "derived_changed"}]``. Read-only."""
    key = chain_key(db)
    problems = []
    nights = [r[0] for r in db.execute(f"SELECT id FROM nights WHERE {shown()} ORDER BY id")]  # (not one being imported)
    want_all: list[list] = []
    for night_id in nights:
        want = night_rows(db, night_id)
        want_all += want
        have = []
        whole = True
        for *read, mac in db.execute(f"SELECT {', '.join(DUE)}, mac FROM night_dues WHERE night_id = ? "
                                     "ORDER BY rowid", [night_id]):
            values = _due(read)
            have.append(values)
            whole = whole and derived_holds(key, "night_dues", values, mac)
        if not whole or have != want:
            problems.append({"table": "night_dues", "key": [night_id], "code": "derived_changed"})
    expected = {(r["player_id"], r["currency"]): [r["player_id"], r["currency"], r["owes"], r["owed"],
                                                  r["owes_count"], r["owed_count"], int(r["unsealed"]),
                                                  *newest_due(db, r["player_id"])]
                for r in add_up([dict(zip(DUE, w)) | {"payer": None, "payee": None} for w in want_all
                                 if w[6] != "confirmed"])}
    got = set()
    for values, mac, newest, newest_mac in _due_rows(db).values():
        got.add((values[0], values[1]))
        if not holds(key, values, mac, newest, newest_mac) or expected.get((values[0], values[1])) != values:
            problems.append({"table": "player_dues", "key": values[:2], "code": "derived_changed"})
    problems += [{"table": "player_dues", "key": list(k), "code": "derived_changed"} for k in expected if k not in got]
    return problems
