"""Each hand's facts by seat, stored with the hand's judgement (issue 28).

:func:`store_hand` is called by ``store.hand.judging.rejudge`` in the write transaction
that judged the hand, with the referee's replay of it: the facts are the referee's
(:func:`referee.stats.hand_facts`, :func:`referee.stats.chip_flows`), never worked out here.
Each row keeps the ``input_key`` of the judgement it came from: a page adds only rows whose
key is the stored result's (:data:`CURRENT`). ``flask init-db`` stores the facts of any
live hand that has a stored result but none (``store.stats.backfill.store_missing_hands``).
"""

from __future__ import annotations

import json

from sqlite_utils import Database

from referee.session import HandItem
from referee.stats import chip_flows, hand_facts
from store.hand.rows import live_hand

CURRENT = ("EXISTS (SELECT 1 FROM hand_results r WHERE r.hand_id = s.hand_id AND r.input_key = s.input_key) "
           f"AND EXISTS (SELECT 1 FROM hands h WHERE h.id = s.hand_id AND {live_hand('h')})")
"""SQL on ``hand_stats s`` (or ``hand_flows s`` joined to its stats): the row is of the
hand's stored judgement, and the hand's start is live."""

COLUMNS = ("hand_id", "night_id", "number", "seat", "player_id", "input_key", "dealt", "vpip", "opened",
           "opened_won", "raised", "draws", "cards_drawn", "stood_pat", "showdown", "showdown_won", "won",
           "pot", "net", "committed", "suffered")
"""The columns of a ``hand_stats`` row, in order."""


def seat_players(db: Database, night_id: int) -> dict[int, int]:
    """Seat -> player id of the night (one player per seat a night: the seats' index)."""
    return {seat: player for seat, player in db.execute(
        "SELECT seat, player_id FROM seats WHERE night_id = ?", [night_id])}


def store_hand(db: Database, night_id: int, hand_id: int, number: int, input_key: str, item: HandItem,
               players: dict[int, int]) -> None:
    """Store the facts of the judged hand ``item`` (its rows replace the hand's before) and
    its chip flows by player. Inside the write transaction that judged it.

    :param input_key: the key of the judgement stored with it (``hand_results.input_key``).
    :param players: seat -> player id (:func:`seat_players`).
    """
    facts = hand_facts(item)
    db.execute("DELETE FROM hand_stats WHERE hand_id = ?", [hand_id])
    db.execute("DELETE FROM hand_flows WHERE hand_id = ?", [hand_id])
    rows = [[hand_id, night_id, number, seat, players.get(seat), input_key, int(f.dealt), int(f.vpip),
             int(f.opened), int(f.opened and f.won), int(f.raised), f.draws, f.cards_drawn, f.stood_pat,
             int(f.showdown), int(f.won_at_showdown), int(f.won), f.pot, f.net,
             json.dumps(f.committed, sort_keys=True), json.dumps(f.suffered, sort_keys=True)]
            for seat, f in facts.items()]
    if rows:
        db.conn.executemany(f"INSERT INTO hand_stats ({', '.join(COLUMNS)}) VALUES "
                            f"({', '.join('?' for _ in COLUMNS)})", rows)
    flows = [[hand_id, night_id, players[loser], players[winner], chips]
             for (loser, winner), chips in chip_flows({s: f.net for s, f in facts.items()}).items()
             if loser in players and winner in players]
    if flows:
        db.conn.executemany("INSERT INTO hand_flows (hand_id, night_id, loser_id, winner_id, chips) "
                            "VALUES (?, ?, ?, ?, ?)", flows)
    db.execute("INSERT OR IGNORE INTO stats_touched (night_id) VALUES (?)", [night_id])
