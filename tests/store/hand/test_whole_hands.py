"""An imported hand is written whole (``store.hand.whole_hands.write_hand``, issue 25): its
rows at one time, read once from the clock."""

from __future__ import annotations

from samples import synthetic_session

import store
from store.core import transactions
from store.hand import whole_hands


def test_an_imported_hand_reads_the_clock_once_for_all_its_rows(db, monkeypatch):
    """Every line and the end of an imported hand are entered at the same time, the clock
    read once for the hand (not once a row: issue 25's upload)."""
    reads = []
    real = transactions.utc_now

    def counting():
        reads.append(1)
        return real()

    monkeypatch.setattr(whole_hands, "utc_now", counting)
    night_id = store.import_session(db, synthetic_session(3, players=4, seed=2))
    assert len(reads) == 3
    for hand in store.night_hands(db, night_id):
        times = {r[0] for r in db.execute("SELECT entered_at FROM events WHERE hand_id = ?", [hand["id"]])}
        assert len(times) == 1
