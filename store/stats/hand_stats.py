"""Each hand's facts by seat, stored with the hand's judgement, and each night's running
sums of them by player (issue 28).

:func:`store_hand` is called by ``store.hand.judging.rejudge`` in the write transaction
that judged the hand, with the referee's facts of it (``referee.stats.seat_facts``,
``referee.stats.chip_flows``): they are never worked out here. It replaces the hand's
``hand_stats`` and ``hand_flows`` rows and adds the difference to the night's running sums
(``night_sums`` by player, ``night_pairs`` by loser and winner), so a tap writes a few
rows whatever the night's length and a close copies a row per player
(``store.stats.night_stats``) without reading the night's hands. A hand start voided
(``store.hand.events.void_hand_start``) takes its facts away (:func:`forget_hand`). Each
row keeps the ``input_key`` of the judgement it came from. ``flask init-db`` stores the
facts of any live hand that has a stored result but none
(``store.stats.backfill.store_missing_hands``).
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from store.hand.rows import live_hand

CURRENT = ("EXISTS (SELECT 1 FROM hand_results r WHERE r.hand_id = s.hand_id AND r.input_key = s.input_key) "
           f"AND EXISTS (SELECT 1 FROM hands h WHERE h.id = s.hand_id AND {live_hand('h')})")
"""SQL on ``hand_stats s``: the row is of the hand's stored judgement, and the hand's start
is live (what a check of the running sums adds up: :func:`sums_from_hands`)."""

COLUMNS = ("hand_id", "night_id", "number", "seat", "player_id", "input_key", "dealt", "vpip", "opened",
           "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdown", "showdown_won", "won",
           "pot", "net", "committed", "suffered")
"""The columns of a ``hand_stats`` row, in order."""

SUMS = ("hands", "vpip", "opened", "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdowns",
        "showdowns_won", "pots_won", "net_chips")
"""The running sums of ``night_sums`` (besides ``biggest_pot``, ``committed``, ``suffered``)."""

_ADDED = ("dealt", "dealt*vpip", "dealt*opened", "dealt*opened_won", "dealt*raised", "draws", "cards_drawn",
          "stood_pat", "showdown", "showdown_won", "won", "net")
"""What each of :data:`SUMS` adds of a ``hand_stats`` row (SQL on its columns)."""


def seat_players(db: Database, night_id: int) -> dict[int, int]:
    """Seat -> player id of the night (one player per seat a night: the seats' index)."""
    return {seat: player for seat, player in db.execute(
        "SELECT seat, player_id FROM seats WHERE night_id = ?", [night_id])}


def _hand_sums(db: Database, hand_id: int) -> tuple[dict[int, list], dict[tuple[int, int], int]]:
    """The hand's stored rows as sums: ``({player_id: [SUMS..., committed dict, suffered
    dict]}, {(loser, winner): chips})``."""
    rows: dict[int, list] = {}
    for player_id, *values, committed, suffered in db.execute(
            f"SELECT player_id, {', '.join(_ADDED)}, committed, suffered FROM hand_stats WHERE hand_id = ? "
            "AND player_id IS NOT NULL", [hand_id]):
        rows[player_id] = [*values, json.loads(committed), json.loads(suffered)]
    flows = {(loser, winner): chips for loser, winner, chips in db.execute(
        "SELECT loser_id, winner_id, chips FROM hand_flows WHERE hand_id = ?", [hand_id])}
    return rows, flows


def _kinds(into: dict[str, int], add: dict[str, int], sign: int) -> dict[str, int]:
    for kind, count in add.items():
        into[kind] = into.get(kind, 0) + sign * count
        if not into[kind]:
            del into[kind]
    return into


def _apply(db: Database, night_id: int, old: tuple[dict, dict], new: tuple[dict, dict]) -> None:
    """Add ``new`` minus ``old`` (:func:`_hand_sums`) to the night's running sums: one
    statement per player whose sums changed (the kinds of findings read and written only
    where they changed), one per pair whose flow changed."""
    for player_id in sorted(set(old[0]) | set(new[0])):
        was = old[0].get(player_id) or [0] * len(SUMS) + [{}, {}]
        now = new[0].get(player_id) or [0] * len(SUMS) + [{}, {}]
        if was == now:
            continue
        db.execute(f"INSERT INTO night_sums (night_id, player_id, {', '.join(SUMS)}, biggest_pot) VALUES "
                   f"(?, ?, {', '.join('?' for _ in SUMS)}, COALESCE((SELECT MAX(pot) FROM hand_stats WHERE "
                   "night_id = ? AND player_id = ?), 0)) ON CONFLICT (night_id, player_id) DO UPDATE SET "
                   f"{', '.join(f'{c} = {c} + excluded.{c}' for c in SUMS)}, biggest_pot = excluded.biggest_pot",
                   [night_id, player_id, *(b - a for a, b in zip(was[:len(SUMS)], now[:len(SUMS)])),
                    night_id, player_id])
        if was[-2:] != now[-2:]:
            row = db.execute("SELECT committed, suffered FROM night_sums WHERE night_id = ? AND player_id = ?",
                             [night_id, player_id]).fetchone()
            committed = _kinds(_kinds(json.loads(row[0]), was[-2], -1), now[-2], 1)
            suffered = _kinds(_kinds(json.loads(row[1]), was[-1], -1), now[-1], 1)
            db.execute("UPDATE night_sums SET committed = ?, suffered = ? WHERE night_id = ? AND player_id = ?",
                       [json.dumps(committed, sort_keys=True), json.dumps(suffered, sort_keys=True), night_id,
                        player_id])
    changed = False
    for pair in sorted(set(old[1]) | set(new[1])):
        change = new[1].get(pair, 0) - old[1].get(pair, 0)
        if change:
            changed = True
            db.execute("INSERT INTO night_pairs (night_id, loser_id, winner_id, chips) VALUES (?, ?, ?, ?) "
                       "ON CONFLICT (night_id, loser_id, winner_id) DO UPDATE SET chips = chips + excluded.chips",
                       [night_id, *pair, change])
    if changed:
        db.execute("DELETE FROM night_pairs WHERE night_id = ? AND chips = 0", [night_id])


def _row_sums(rows: list[list], pairs: list[list]) -> tuple[dict[int, list], dict[tuple[int, int], int]]:
    """:func:`_hand_sums` of the rows about to be stored (``hand_stats`` rows in
    :data:`COLUMNS` order, ``hand_flows`` rows ``[hand, night, loser, winner, chips]``),
    worked out in memory, not read back."""
    at = {c: i for i, c in enumerate(COLUMNS)}
    sums: dict[int, list] = {}
    for row in rows:
        if row[at["player_id"]] is None:
            continue
        dealt = row[at["dealt"]]
        sums[row[at["player_id"]]] = [
            dealt, dealt * row[at["vpip"]], dealt * row[at["opened"]], dealt * row[at["opened_won"]],
            dealt * row[at["raised"]], *(row[at[c]] for c in ("draws", "cards_drawn", "stood_pat", "showdown",
                                                            "showdown_won", "won", "net")),
            json.loads(row[at["committed"]]), json.loads(row[at["suffered"]])]
    return sums, {(loser, winner): chips for _, _, loser, winner, chips in pairs}


def store_hand(db: Database, night_id: int, hand_id: int, number: int, input_key: str, facts: dict,
               flows: dict[tuple[int, int], int], players: dict[int, int]) -> None:
    """Store the facts of a judged hand (its rows replace the hand's before), its chip flows
    by player, and the difference in the night's running sums. Inside the write transaction
    that judged it.

    :param input_key: the key of the judgement stored with it (``hand_results.input_key``).
    :param facts: seat -> ``referee.stats.SeatFacts`` (``referee.stats.seat_facts``).
    :param flows: ``{(losing seat, winning seat): chips}`` (``referee.stats.chip_flows``).
    :param players: seat -> player id (:func:`seat_players`).
    """
    old = _hand_sums(db, hand_id)
    db.execute("DELETE FROM hand_stats WHERE hand_id = ?", [hand_id])
    rows = [[hand_id, night_id, number, seat, players.get(seat), input_key, int(f.dealt), int(f.vpip),
             int(f.opened), int(f.opened and f.won), int(f.raised), f.draws, f.cards_drawn, f.stood_pat,
             int(f.showdown), int(f.won_at_showdown), int(f.won), f.pot, f.net,
             json.dumps(f.committed, sort_keys=True), json.dumps(f.suffered, sort_keys=True)]
            for seat, f in facts.items()]
    if rows:  # one statement for the hand's rows
        places = f"({', '.join('?' for _ in COLUMNS)})"
        db.execute(f"INSERT INTO hand_stats ({', '.join(COLUMNS)}) VALUES {', '.join(places for _ in rows)}",
                   [value for row in rows for value in row])
    pairs = [[hand_id, night_id, players[loser], players[winner], chips]
             for (loser, winner), chips in flows.items() if loser in players and winner in players]
    new = _row_sums(rows, pairs)
    if new[1] != old[1]:
        db.execute("DELETE FROM hand_flows WHERE hand_id = ?", [hand_id])
        if pairs:
            db.execute("INSERT INTO hand_flows (hand_id, night_id, loser_id, winner_id, chips) VALUES "
                       + ", ".join("(?, ?, ?, ?, ?)" for _ in pairs), [value for pair in pairs for value in pair])
    _apply(db, night_id, old, new)
    _touch_closed(db, night_id)


def _touch_closed(db: Database, night_id: int) -> None:
    """Note the night in ``stats_touched`` when it has a close or stored night rows (a
    ruling on a closed night: ``store.stats.night_stats.store_touched`` stores them again);
    an open night's hands need no note (its close, a ledger row, notes it by trigger)."""
    db.execute("INSERT OR IGNORE INTO stats_touched (night_id) SELECT ? WHERE EXISTS (SELECT 1 FROM night_stats "
               "WHERE night_id = ?) OR EXISTS (SELECT 1 FROM ledger WHERE night_id = ? AND kind = 'close')",
               [night_id, night_id, night_id])


def forget_hand(db: Database, hand_id: int) -> None:
    """Take a voided hand start's facts away (its rows and its part of the night's running
    sums). Inside the write transaction that voided it."""
    row = db.execute("SELECT night_id FROM hands WHERE id = ?", [hand_id]).fetchone()
    if row is None:
        return
    old = _hand_sums(db, hand_id)
    db.execute("DELETE FROM hand_stats WHERE hand_id = ?", [hand_id])
    db.execute("DELETE FROM hand_flows WHERE hand_id = ?", [hand_id])
    _apply(db, row[0], old, ({}, {}))
    _touch_closed(db, row[0])


def sums_from_hands(db: Database, night_id: int) -> dict[int, dict]:
    """What ``night_sums`` should hold for the night, added up from its current hands' facts
    (a check of the running sums: the tests, ``flask init-db``'s backfill). Read-only.

    :returns: ``{player_id: {SUMS..., "biggest_pot", "committed", "suffered"}}``.
    """
    out: dict[int, dict] = {}
    for player_id, *values in db.execute(
            f"SELECT s.player_id, {', '.join(f'SUM({c})' for c in _ADDED)}, "
            f"MAX(s.pot) FROM hand_stats s WHERE s.night_id = ? AND s.player_id IS NOT NULL AND {CURRENT} "
            "GROUP BY s.player_id", [night_id]):
        out[player_id] = {**dict(zip(SUMS, values)), "biggest_pot": values[-1] or 0, "committed": {}, "suffered": {}}
    for player_id, committed, suffered in db.execute(
            f"SELECT s.player_id, s.committed, s.suffered FROM hand_stats s WHERE s.night_id = ? "
            f"AND s.player_id IS NOT NULL AND (s.committed != '{{}}' OR s.suffered != '{{}}') AND {CURRENT}",
            [night_id]):
        _kinds(out[player_id]["committed"], json.loads(committed), 1)
        _kinds(out[player_id]["suffered"], json.loads(suffered), 1)
    return out
