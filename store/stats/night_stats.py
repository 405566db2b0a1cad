"""Each closed night's statistics per player (and per pair, head to head), stored when
the night's figures change (issue 28: "per-night aggregates that a season or all-time view
adds up").

``night_stats`` holds a row per player of each closed night: the night's running sums of the
player's hand facts (``night_sums``, kept by ``store.stats.hand_stats`` as each hand is
judged: the referee's facts), the night's
money net as its close settled it (``store.money.totals.night_rows``, from the close's
stored summary), the seconds the player sat at the table (from taking the seat to leaving
it, or to the close), and the disputes the player opened of the night's hands, and how
many the host upheld (won) or rejected (lost); the money as the decimal text of its int
cents (a figure the doors admit can pass SQLite's integers). ``night_flows`` holds the chips
each player gave each other player over the night's hands (``night_pairs``,
``referee.stats.chip_flows``). ``counts``
is 0 for a copy and the demo (``store.night.demo``), as in the standings.

A write that closes or reopens a night (a ``close`` or ``void`` ledger row), opens or rules
a dispute, or stores a hand's facts notes the night in ``stats_touched`` (m027's triggers,
``store.stats.hand_stats.store_hand``); before the write commits, :func:`store_touched`
stores the rows of each of those nights again: what a write changes is stored by it, and
a page adds up at most a row per night and player, and the close reads a row per player, not
the night's hands. An open night has no rows (its page reads its running sums:
``store.stats.figures.night_figures``).
"""

from __future__ import annotations

import json
from datetime import datetime

from sqlite_utils import Database

from store.core.transactions import before_commit, touched_nights, write_tx
from store.money.totals import night_rows as standing_rows
from store.night.demo import counts as night_counts
from store.night.nights import get_night
from store.stats.hand_stats import SUMS as RUNNING

SUMS = ("hands", "vpip", "opened", "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdowns",
        "showdowns_won", "pots_won", "biggest_pot", "net_chips")
"""The figures of a ``night_stats`` row summed from the hands (``biggest_pot`` the largest)."""

COLUMNS = ("night_id", "player_id", "counts", "local_date", "currency", *SUMS, "net_cents", "seconds",
           "committed", "suffered", "disputes_opened", "disputes_won", "disputes_lost")
"""The columns of a ``night_stats`` row, in order."""

def _live_close(db: Database, night_id: int) -> tuple[int, str] | None:
    """``(id, entered_at)`` of the night's live close (the newest not voided), or None."""
    return db.execute(
        "SELECT l.id, l.entered_at FROM ledger l WHERE l.night_id = ? AND l.kind = 'close' AND NOT EXISTS "
        "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id) ORDER BY l.id DESC LIMIT 1",
        [night_id]).fetchone()


def add_kinds(into: dict[str, int], text: str | None) -> dict[str, int]:
    """``into`` with the ``{kind: count}`` JSON ``text`` added to it (changed and returned)."""
    for kind, count in json.loads(text or "{}").items():
        into[kind] = into.get(kind, 0) + count
    return into


def running_sums(db: Database, night_id: int) -> dict[int, dict]:
    """The night's running sums by player (``night_sums``): ``{player_id: {figure: int
    (:data:`SUMS`), "committed": {kind: n}, "suffered": {kind: n}}}``. Read-only."""
    return {player_id: {**dict(zip(RUNNING, values)), "biggest_pot": biggest,
                        "committed": json.loads(committed), "suffered": json.loads(suffered)}
            for player_id, *values, biggest, committed, suffered in db.execute(
                f"SELECT player_id, {', '.join(RUNNING)}, biggest_pot, committed, suffered FROM night_sums "
                "WHERE night_id = ?", [night_id])}


def night_pairs(db: Database, night_id: int) -> dict[tuple[int, int], int]:
    """``{(loser_id, winner_id): chips}`` over the night's hands (``night_pairs``). Read-only."""
    return {(loser, winner): chips for loser, winner, chips in db.execute(
        "SELECT loser_id, winner_id, chips FROM night_pairs WHERE night_id = ? AND chips != 0", [night_id])}


def _seconds(start: str | None, end: str | None) -> int:
    """Whole seconds from ``start`` to ``end`` (UTC ISO texts), 0 when either is missing
    or the end comes first."""
    if not start or not end:
        return 0
    try:
        span = datetime.fromisoformat(end) - datetime.fromisoformat(start)
    except ValueError:
        return 0
    return max(0, int(span.total_seconds()))


def play_ended(db: Database, night_id: int) -> str | None:
    """When the night's play ended (UTC ISO text): its first close, or the start of a hand
    dealt after it (a reopen to play on), whichever is later; a reopen and a close again
    with no hand between leave it where it was (a fresh tester of issue 28: each re-close
    lengthened the hours at the table). None for a night never closed. Read-only."""
    first_close, last_start = db.execute(
        "SELECT (SELECT MIN(entered_at) FROM ledger WHERE night_id = ? AND kind = 'close'), "
        "(SELECT MAX(entered_at) FROM hands WHERE night_id = ?)", [night_id, night_id]).fetchone()
    if first_close is None:
        return None
    return max(first_close, last_start or first_close)


def seat_seconds(db: Database, night_id: int, until: str | None) -> dict[int, int]:
    """Player id -> seconds at the table: from taking the seat to leaving it (its live
    ``unseat`` entry), or to ``until`` (the close's time). Read-only."""
    out: dict[int, int] = {}
    for player_id, taken, left in db.execute(
            "SELECT s.player_id, s.entered_at, (SELECT MIN(u.entered_at) FROM ledger u WHERE u.kind = 'unseat' "
            "AND u.target = s.id AND NOT EXISTS (SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = u.id)) "
            "FROM seats s WHERE s.night_id = ?", [night_id]):
        out[player_id] = out.get(player_id, 0) + _seconds(taken, left or until)
    return out


def dispute_counts(db: Database, night_id: int) -> dict[int, tuple[int, int, int]]:
    """Player id -> (disputes opened, upheld, rejected) of the night's hands. Read-only."""
    return {player_id: (opened, won or 0, lost or 0) for player_id, opened, won, lost in db.execute(
        "SELECT d.player_id, COUNT(*), SUM(r.decision = 'upheld'), SUM(r.decision = 'rejected') FROM disputes d "
        "LEFT JOIN rulings r ON r.dispute_id = d.id WHERE d.night_id = ? GROUP BY d.player_id", [night_id])}


def night_rows(db: Database, night_id: int) -> tuple[list[list], list[list]]:
    """What ``night_stats`` and ``night_flows`` should hold for the night now: ``([row in
    :data:`COLUMNS` order], [[night_id, counts, local_date, loser_id, winner_id, chips]])``;
    both empty while the night is open. Read-only."""
    close = _live_close(db, night_id)
    if close is None:
        return [], []
    local_date = db.execute("SELECT local_date FROM nights WHERE id = ?", [night_id]).fetchone()[0] or ""
    money = {r[1]: r for r in standing_rows(db, night_id)}
    sums = running_sums(db, night_id)
    seconds = seat_seconds(db, night_id, play_ended(db, night_id))
    disputes = dispute_counts(db, night_id)
    counts = next((r[4] for r in money.values()), None)
    if counts is None:
        counts = 1 if night_counts(db, get_night(db, night_id)) else 0
    currency = next((r[3] for r in money.values()), None) or db.execute(
        "SELECT currency FROM nights WHERE id = ?", [night_id]).fetchone()[0]
    rows = []
    for player_id in sorted(set(money) | set(sums)):
        figures = sums.get(player_id) or {**dict.fromkeys(SUMS, 0), "committed": {}, "suffered": {}}
        net_cents = money[player_id][5] if player_id in money else None
        net_cents = None if net_cents is None else str(net_cents)
        opened, won, lost = disputes.get(player_id, (0, 0, 0))
        rows.append([night_id, player_id, counts, local_date, currency, *(figures[f] for f in SUMS), net_cents,
                     seconds.get(player_id, 0), json.dumps(figures["committed"], sort_keys=True),
                     json.dumps(figures["suffered"], sort_keys=True), opened, won, lost])
    flows = [[night_id, counts, local_date, loser, winner, chips]
             for (loser, winner), chips in sorted(night_pairs(db, night_id).items()) if chips]
    return rows, flows


def store_night(db: Database, night_id: int) -> None:
    """Store the night's ``night_stats`` and ``night_flows`` rows again (:func:`night_rows`).
    Inside a write transaction."""
    db.execute("DELETE FROM night_stats WHERE night_id = ?", [night_id])
    db.execute("DELETE FROM night_flows WHERE night_id = ?", [night_id])
    rows, flows = night_rows(db, night_id)
    if rows:
        db.conn.executemany(f"INSERT INTO night_stats ({', '.join(COLUMNS)}) VALUES "
                            f"({', '.join('?' for _ in COLUMNS)})", rows)
    if flows:
        db.conn.executemany("INSERT INTO night_flows (night_id, counts, local_date, loser_id, winner_id, chips) "
                            "VALUES (?, ?, ?, ?, ?, ?)", flows)


@before_commit
def store_touched(db: Database) -> None:
    """Every night noted in ``stats_touched`` stored again (:func:`store_night`; an open
    night only when it has rows to take away), then the notes taken off. Runs inside every
    outermost write transaction before its commit; a database without m027 (an old backup
    being read) has nothing to do."""
    touched = touched_nights(db, "stats_touched")
    for night_id in touched:
        if _live_close(db, night_id) is not None or db.execute(
                "SELECT 1 FROM night_stats WHERE night_id = ? LIMIT 1", [night_id]).fetchone():
            store_night(db, night_id)
    if touched:
        db.execute("DELETE FROM stats_touched")


def store_missing(db: Database) -> int:
    """Store the statistics of every closed night that has none (closed before m027), each
    night in its own write transaction. A write command (``flask init-db``), never a page.

    :returns: how many nights were stored.
    """
    missing = [r[0] for r in db.execute(
        "SELECT DISTINCT l.night_id FROM ledger l WHERE l.kind = 'close' AND NOT EXISTS (SELECT 1 FROM ledger v "
        "WHERE v.kind = 'void' AND v.target = l.id) AND NOT EXISTS (SELECT 1 FROM night_stats n "
        "WHERE n.night_id = l.night_id) ORDER BY l.night_id")]
    for night_id in missing:
        with write_tx(db):
            store_night(db, night_id)
    return len(missing)
