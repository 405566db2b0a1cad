"""What ``flask init-db`` stores for the statistics of a database from before them (issue 28):
the facts of every live hand judged before m027 whose judgement still holds
(:func:`store_missing_hands`); the closed nights' sums are
``store.stats.night_stats.store_missing``."""

from __future__ import annotations

from sqlite_utils import Database

from referee.stats import chip_flows, seat_facts
from store.core.transactions import write_tx
from store.hand.judging import hand_input, judge
from store.hand.rows import live_hand
from store.stats.hand_stats import seat_players, store_hand


def store_missing_hands(db: Database) -> int:
    """Store the facts of every live hand whose stored judgement has none of its key (hands
    judged before m027 whose judgement still holds), night by night, each in its own write
    transaction. A write command (``flask init-db``), never a page.

    :returns: how many hands were stored.
    """
    count = 0
    nights = [r[0] for r in db.execute(
        "SELECT DISTINCT h.night_id FROM hands h JOIN hand_results r ON r.hand_id = h.id WHERE NOT EXISTS "
        "(SELECT 1 FROM hand_stats s WHERE s.hand_id = h.id AND s.input_key = r.input_key) "
        f"AND {live_hand('h')} ORDER BY h.night_id")]
    for night_id in nights:
        with write_tx(db):
            players = seat_players(db, night_id)
            for hand_id, number, key in db.execute(
                    "SELECT h.id, h.number, r.input_key FROM hands h JOIN hand_results r ON r.hand_id = h.id "
                    "WHERE h.night_id = ? AND NOT EXISTS (SELECT 1 FROM hand_stats s WHERE s.hand_id = h.id "
                    f"AND s.input_key = r.input_key) AND {live_hand('h')} ORDER BY h.number", [night_id]).fetchall():
                night, hand = hand_input(db, hand_id)
                if hand.key(night) != key:
                    continue  # (a stale judgement: store_stale judges it, facts and all)
                seats = seat_facts(judge(night, hand)[0])
                store_hand(db, night_id, hand_id, number, key, seats, chip_flows({s: f.net for s, f in seats.items()}),
                           players)
                count += 1
    return count
