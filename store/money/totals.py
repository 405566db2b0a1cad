"""Each player's figures across the club's closed nights, stored when a close stands or
falls (issue 25: "the running total and chart come from the stored summaries").

Two derived tables (migration m020; like ``close_summaries``, not the record's chain, each
row with a MAC under the chain key, ``store.core.chain.derived_mac``):

- ``night_standings``: a row per player of each live close, as the close's stored summary
  (``store.money.close_summary``) gives it: ``(night_id, player_id, close_id, currency,
  counts, net_cents, hands, running, running_nights, running_hands)``: the running figures
  are the player's net, counting nights and hands so far in the night's currency (m026);
  ``counts`` 0 for a night imported as a deliberate copy
  (``nights.copy_of``: left out of the totals, still a night the player sat) and for the
  demo night (``store.night.demo``: it never counts). A close
  voided (a reopen, a ruling) takes its night's rows away; the close and its summary stay
  in the log.
- ``player_totals``: per player and currency, ``(nights, hands, net_cents)`` summed over
  their counting rows: the club's standings and the phone's running total in one row each;
  ``last_night_id`` (m026) names the newest of those rows, whose running figures must be
  the totals' (:func:`bound`): a row copied back from an older state fails.

A close or a void in the ledger notes its night in ``totals_touched`` (a trigger of m020);
before the write's transaction commits, :func:`store_touched` (``store.core.transactions.before_commit``)
stores the night's rows again and the totals of every player they name, and the night's
transfers (``store.money.dues``). So the figures change in the transaction that changes
them, whatever write changed them, and a page reads a row per player.

A row whose MAC does not hold is not used: the page says the figure does not match the
record; ``flask verify`` (:func:`verify_totals`) names every stored row that differs from
what the sealed close summaries give. Money is int cents.
"""

from __future__ import annotations


from sqlite_utils import Database

from store.core.chain import chain_key, derived_holds, derived_mac
from store.core.transactions import before_commit, touched_nights, write_tx
from store.money import dues
from store.money.close_summary import live_closes, read_summary
from store.money.derived import cents, insert
from store.money.ledger import money_summary
from store.night.demo import counts as night_counts, demo_sql
from store.night.importing import shown
from store.night.nights import get_night

STANDING = ("night_id", "player_id", "close_id", "currency", "counts", "net_cents", "hands", "running",
            "running_nights", "running_hands")
"""The columns of a ``night_standings`` row its MAC covers, in order."""

TOTAL = ("player_id", "currency", "nights", "hands", "net_cents", "last_night_id")
"""The columns of a ``player_totals`` row its MAC covers, in order."""

CHART_POINTS = 60
"""The most nights a running-total chart draws per currency: with more, one every few
nights (evenly spread, the newest always in), each point still the running total after
that night."""


def _standing(values: list) -> list:
    """A ``night_standings`` row as read, its money as int cents."""
    return [*values[:5], cents(values[5]), values[6], cents(values[7]), values[8], values[9]]


def _total(values: list) -> list:
    """A ``player_totals`` row as read, its money as int cents."""
    return [*values[:4], cents(values[4]), values[5]]


def night_rows(db: Database, night_id: int) -> list[list]:
    """What ``night_standings`` should hold for the night now, but the running totals
    (None: :func:`with_running` works them out): ``[[night_id, player_id, close_id,
    currency, counts (1, or 0 for a copy or the demo:
    ``store.night.demo``), net_cents (int or None), hands, None, None, None]]``
    from its live close's stored summary (worked out from the log when it has none that
    holds); ``[]`` while the night is open. Read-only."""
    night = get_night(db, night_id)
    close = night["close"]
    if close is None:
        return []
    summary = read_summary(db, close["id"]) or money_summary(db, night_id, night)
    counts = 1 if night_counts(db, night) else 0
    return [[night_id, r["player_id"], close["id"], night["currency"], counts, r["net_cents"], r["hands_dealt"] or 0,
             None, None, None] for r in summary["players"]]


def with_running(rows: list[list]) -> list[list]:
    """``rows`` (one player's ``night_standings`` rows in night order) with each one's
    running figures in the night's currency after it (a copy adds nothing): the net so
    far (cents), the counting nights so far and their hands so far; so the newest counting
    row of a currency holds the player's totals in it (:func:`totals` checks the stored
    totals against it). The rows are changed in place and returned."""
    so_far: dict[str, list[int]] = {}
    for row in rows:
        mine = so_far.setdefault(row[3], [0, 0, 0])
        if row[4]:
            mine[0] += row[5] or 0
            mine[1] += 1
            mine[2] += row[6]
        row[7], row[8], row[9] = mine
    return rows


def _rerun(db: Database, player_id: int) -> None:
    """Store the running totals of the player's ``night_standings`` rows again
    (:func:`with_running`), each changed row with its new MAC. Inside a write transaction."""
    read = [_standing(r[:-1]) + [r[-1]] for r in db.execute(
        f"SELECT {', '.join('s.' + c for c in STANDING)}, s.mac FROM night_standings s JOIN nights n ON "
        "n.id = s.night_id WHERE s.player_id = ? ORDER BY n.started_at, n.id", [player_id]).fetchall()]
    before = [r[7:10] for r in read]
    key = chain_key(db)
    for row, old in zip(with_running([r[:-1] for r in read]), before):
        if row[7:10] != old:
            db.execute("UPDATE night_standings SET running = ?, running_nights = ?, running_hands = ?, mac = ? "
                       "WHERE night_id = ? AND player_id = ?",
                       [str(row[7]), row[8], row[9], derived_mac(key, "night_standings", row), row[0], row[1]])


def player_rows(db: Database, player_id: int) -> list[list]:
    """What ``player_totals`` should hold for the player now, from their counting
    ``night_standings`` rows (their running figures stored: :func:`_rerun`):
    ``[[player_id, currency, nights, hands, net_cents, last_night_id (the newest of
    them)]]``. Read-only."""
    return _rows_from([[night_id, player_id, None, currency, 1, cents(net), hands, None, nights, None]
                       for night_id, currency, net, hands, nights in db.execute(
        "SELECT night_id, currency, net_cents, hands, running_nights FROM night_standings WHERE player_id = ? "
        "AND counts = 1", [player_id])], player_id)


def store_night(db: Database, night_id: int) -> None:
    """Store the night's ``night_standings`` rows again (:func:`night_rows`) and the
    ``player_totals`` of every player named before or now. Inside a write transaction."""
    named = {r[0] for r in db.execute("SELECT player_id FROM night_standings WHERE night_id = ?", [night_id])}
    db.execute("DELETE FROM night_standings WHERE night_id = ?", [night_id])
    for row in night_rows(db, night_id):
        insert(db, "night_standings", STANDING, row, (5, 7))
        named.add(row[1])
    for player_id in sorted(named):
        _rerun(db, player_id)
        db.execute("DELETE FROM player_totals WHERE player_id = ?", [player_id])
        for row in player_rows(db, player_id):
            insert(db, "player_totals", TOTAL, row, (4,))


@before_commit
def store_touched(db: Database) -> None:
    """Every night a write noted in ``totals_touched`` (m020's triggers): its standings
    (:func:`store_night`) and its transfers (``store.money.dues.store_night``) stored
    again, then the note taken off. Runs inside every outermost write transaction before
    its commit (``store.core.transactions.before_commit``); a database without m020 (an
    old backup being read) has nothing to do."""
    touched = touched_nights(db, "totals_touched")
    for night_id in touched:
        store_night(db, night_id)
        dues.store_night(db, night_id)
    if touched:
        db.execute("DELETE FROM totals_touched")


def store_missing(db: Database) -> int:
    """Note every closed night whose standings are not stored (closes made before m020),
    and every demo night stored as counting (stored before the demo stopped counting), and
    store them, each night in its own write transaction. A write command (``flask
    init-db``), never a page.

    :returns: how many nights were stored.
    """
    counting_demos = {r[0] for r in db.execute(
        f"SELECT DISTINCT s.night_id FROM night_standings s JOIN nights n ON n.id = s.night_id WHERE s.counts = 1 "
        f"AND {demo_sql('n')}")}
    counting_demos |= {r[0] for r in db.execute(
        f"SELECT DISTINCT d.night_id FROM night_dues d JOIN nights n ON n.id = d.night_id WHERE {demo_sql('n')}")}
    missing = [night_id for night_id in live_closes(db) if night_id in counting_demos or not db.execute(
        "SELECT 1 FROM night_standings WHERE night_id = ?", [night_id]).fetchone()]
    for night_id in missing:
        with write_tx(db):
            db.execute("INSERT OR IGNORE INTO totals_touched (night_id) VALUES (?)", [night_id])
    return len(missing)


# -- reading ---------------------------------------------------------------------------------

def totals(db: Database, player_ids: list[int] | None = None) -> dict[int, dict]:
    """The stored totals of ``player_ids`` (every player with one when None): ``{player_id:
    {"nets": {currency: cents}, "nights": int, "hands": int, "unsealed": bool}}``; a row
    that does not hold (:func:`bound`: its MAC, or the newest standings row it counts) is
    left out of the figures and makes ``unsealed`` True. A row per player and currency,
    each with its newest standings row found by an index. Read-only."""
    key = chain_key(db)
    among, args = ("", []) if player_ids is None else \
        (f" WHERE p.player_id IN ({', '.join('?' for _ in player_ids)})", list(player_ids))
    out: dict[int, dict] = {}
    for read in db.execute(
            f"SELECT {', '.join('p.' + c for c in TOTAL)}, p.mac, {', '.join('s.' + c for c in STANDING)}, s.mac "
            f"FROM player_totals p LEFT JOIN night_standings s ON {NEWEST}{among} "
            "ORDER BY p.player_id, p.currency", args):
        values, mac = _total(read[:len(TOTAL)]), read[len(TOTAL)]
        newest = read[len(TOTAL) + 1:]
        mine = out.setdefault(values[0], {"nets": {}, "nights": 0, "hands": 0, "unsealed": False})
        if not bound(key, values, mac, None if newest[0] is None else _standing(newest[:-1]), newest[-1]):
            mine["unsealed"] = True
            continue
        mine["nets"][values[1]] = values[4]
        mine["nights"] += values[2]
        mine["hands"] += values[3]
    return out


NEWEST = ("s.player_id = p.player_id AND s.currency = p.currency AND s.counts = 1 AND s.running_nights = "
          "(SELECT MAX(t.running_nights) FROM night_standings t WHERE t.player_id = p.player_id "
          "AND t.currency = p.currency AND t.counts = 1)")
"""The join of a ``player_totals`` row ``p`` to the newest counting ``night_standings``
row ``s`` of its player and currency (an index's one-row read:
``idx_night_standings_newest``, m026)."""


def bound(key: bytes, total: list, mac: str | None, newest: list | None, newest_mac: str | None) -> bool:
    """Whether a ``player_totals`` row (``total`` as read, with its ``mac``) is the
    current one: its MAC holds, and the newest counting standings row of its player and
    currency (``newest`` as read, or None without one) holds its own MAC, is the night the
    totals row names and carries its figures as its running ones. A row copied back from
    an older state (before a later close, a reopen or a ruling) fails here though its MAC
    holds.

    >>> bound(b"k" * 32, [1, "EUR", 1, 9, 500, 7], None, None, None)
    False
    """
    if not derived_holds(key, "player_totals", total, mac) or newest is None:
        return False
    return derived_holds(key, "night_standings", newest, newest_mac) and newest[0] == total[5] and \
        [newest[8], newest[9], newest[7]] == total[2:5]


def running(db: Database, night_ids: list[int], player_id: int | None = None) -> list[tuple[int, int, str, int]]:
    """The running totals after the nights ``night_ids`` (each player's net so far in that
    night's currency, copies left out), as the stored standings keep them:
    ``[(night_id, player_id, currency, running cents)]`` (only ``player_id``'s when
    given), in night order. A row whose MAC does not hold (edited behind the record's
    back) is left out: its figure is used nowhere, not even as a chart's point. Read-only."""
    if not night_ids:
        return []
    key = chain_key(db)
    whose, args = ("", []) if player_id is None else (" AND s.player_id = ?", [player_id])
    marks = ", ".join("?" for _ in night_ids)
    out = []
    for *read, mac in db.execute(
            f"SELECT {', '.join('s.' + c for c in STANDING)}, s.mac FROM night_standings s JOIN nights n ON "
            f"n.id = s.night_id WHERE s.counts = 1{whose} AND s.night_id IN ({marks}) "
            "ORDER BY n.started_at, n.id, s.player_id", [*args, *night_ids]):
        values = _standing(read)
        if derived_holds(key, "night_standings", values, mac):
            out.append((values[0], values[1], values[3], values[7]))
    return out


def spread(items: list, most: int = CHART_POINTS) -> list:
    """At most ``most`` of ``items``, evenly spread, the last always in (all of them when
    there are no more than ``most``).

    >>> spread(list(range(10)), 4)
    [0, 3, 6, 9]
    """
    if len(items) <= most:
        return list(items)
    last = len(items) - 1
    return [items[i] for i in sorted({last - round(i * last / (most - 1)) for i in range(most)})]


def chart(db: Database, player_id: int | None = None) -> dict[str, dict]:
    """The running-total charts' figures (the club's, or one player's): per currency, the
    closed nights that count (no copies; ``player_id``'s when given) spread to at most
    :data:`CHART_POINTS` (:func:`spread`), and each player's running total after those of
    them they played (:func:`running`).

    :returns: ``{currency: {"nights": [{"night_id", "local_date"}] oldest first, "lines":
        {player_id: [(night_id, running cents)]}}}``, currencies in the order first
        closed. Read-only.
    """
    whose, args = ("", []) if player_id is None else (" AND s.player_id = ?", [player_id])
    nights: dict[str, list[dict]] = {}
    for night_id, local_date, currency in db.execute(
            "SELECT n.id, n.local_date, n.currency FROM nights n WHERE n.id IN (SELECT s.night_id FROM "
            f"night_standings s WHERE s.counts = 1{whose}) ORDER BY n.started_at, n.id", args):
        nights.setdefault(currency, []).append({"night_id": night_id, "local_date": local_date})
    out = {currency: {"nights": spread(shown), "lines": {}} for currency, shown in nights.items()}
    ids = [n["night_id"] for c in out.values() for n in c["nights"]]
    for night_id, pid, currency, so_far in running(db, ids, player_id):
        if currency in out:
            out[currency]["lines"].setdefault(pid, []).append((night_id, so_far))
    return out


def sums_hold(db: Database, stored: dict[int, dict], player_id: int | None = None) -> set[int]:
    """The players (``player_id`` alone when given) whose stored standings rows do not add
    up to their stored totals (``stored``: :func:`totals`): a row edited or deleted behind
    the record's back. One grouped query. Read-only.

    :returns: the player ids whose sums differ.
    """
    whose, args = ("", []) if player_id is None else (" AND player_id = ?", [player_id])
    sums: dict[int, dict] = {}
    for pid, currency, hands, net in db.execute(
            f"SELECT player_id, currency, hands, net_cents FROM night_standings WHERE counts = 1{whose}", args):
        mine = sums.setdefault(pid, {"nets": {}, "nights": 0, "hands": 0})
        mine["nets"][currency] = mine["nets"].get(currency, 0) + (cents(net) or 0)
        mine["nights"] += 1
        mine["hands"] += hands
    ids = set(sums) | (set(stored) if player_id is None else {player_id} & set(stored))
    return {pid for pid in ids if sums.get(pid) != {k: stored.get(pid, {}).get(k) for k in ("nets", "nights", "hands")}}


def standing_rows(db: Database, player_id: int, night_ids: list[int]) -> dict[int, dict]:
    """The player's stored standings rows of ``night_ids``: ``{night_id: {"net_cents",
    "hands", "counts", "holds" (its MAC holds)}}``. Read-only."""
    if not night_ids:
        return {}
    key = chain_key(db)
    marks = ", ".join("?" for _ in night_ids)
    out = {}
    for *read, mac in db.execute(f"SELECT {', '.join(STANDING)}, mac FROM night_standings WHERE player_id = ? "
                                 f"AND night_id IN ({marks})", [player_id, *night_ids]):
        values = _standing(read)
        out[values[0]] = {"net_cents": values[5], "hands": values[6], "counts": bool(values[4]),
                          "holds": derived_holds(key, "night_standings", values, mac)}
    return out


# -- flask verify ----------------------------------------------------------------------------

def verify_totals(db: Database) -> list[dict]:
    """Every stored standings and totals row that is not what the sealed close summaries
    give (edited, inserted or deleted behind the record's back, or its MAC not holding),
    and every one of ``store.money.dues``' (:func:`store.money.dues.verify_dues`).
    Read-only.

    :returns: ``[{"table", "key": the row's key (a list), "code": "derived_changed"}]``
        (empty: everything matches).
    """
    key = chain_key(db)
    problems = []
    shown_ids = {r[0] for r in db.execute(f"SELECT id FROM nights WHERE {shown()}")}
    closes = [n for n in live_closes(db) if n in shown_ids]  # (not a night being imported, nor a failed one)
    order = {r[0]: (r[1], r[0]) for r in db.execute("SELECT id, started_at FROM nights")}
    mine: dict[int, list[list]] = {}
    for night_id in closes:
        for row in night_rows(db, night_id):
            mine.setdefault(row[1], []).append(row)
    want: dict[tuple, list] = {}
    for rows in mine.values():
        for row in with_running(sorted(rows, key=lambda r: order[r[0]])):
            want[(row[0], row[1])] = row
    have = {}
    for *read, mac in db.execute(f"SELECT {', '.join(STANDING)}, mac FROM night_standings"):
        values = _standing(read)
        have[(values[0], values[1])] = values
        if not derived_holds(key, "night_standings", values, mac) or want.get((values[0], values[1])) != values:
            problems.append({"table": "night_standings", "key": values[:2], "code": "derived_changed"})
    problems += [{"table": "night_standings", "key": list(k), "code": "derived_changed"} for k in want if k not in have]
    players = {r[0] for r in db.execute("SELECT id FROM players")}
    for pid in sorted(players):
        expected = {(r[1]): r for r in _rows_from(list(want.values()), pid)}
        got = {}
        for *read, mac in db.execute(f"SELECT {', '.join(TOTAL)}, mac FROM player_totals WHERE player_id = ?", [pid]):
            values = _total(read)
            got[values[1]] = values
            if not derived_holds(key, "player_totals", values, mac) or expected.get(values[1]) != values:
                problems.append({"table": "player_totals", "key": values[:2], "code": "derived_changed"})
        problems += [{"table": "player_totals", "key": [pid, c], "code": "derived_changed"}
                     for c in expected if c not in got]
    return problems + dues.verify_dues(db)


def _rows_from(standings: list[list], player_id: int) -> list[list]:
    """:func:`player_rows` worked out from ``standings`` rows (as :func:`night_rows` gives,
    their running nights filled: :func:`with_running`); the newest night is the one with
    the most running nights."""
    sums: dict[str, list] = {}
    newest: dict[str, int] = {}
    for night, pid, _close, currency, counts, net, hands, _running, nights, _hands in standings:
        if pid == player_id and counts:
            row = sums.setdefault(currency, [player_id, currency, 0, 0, 0, None])
            row[2] += 1
            row[3] += hands
            row[4] += net or 0
            if nights >= newest.get(currency, 0):
                newest[currency], row[5] = nights, night
    return [sums[c] for c in sorted(sums)]
