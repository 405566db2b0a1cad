"""The false_opener table as a fixture: three seats of 500 chips, button on seat 4, hand 1 started."""

from __future__ import annotations

import pytest
from tablets import dealer_token

import store

PLAYERS = [("Ana", 1), ("Bruno", 3), ("Chus", 4)]


RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


@pytest.fixture
def night(app, db):
    """The false_opener table: three seats of 500 chips, button on seat 4, hand 1 started."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in PLAYERS:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    return {"id": night_id, "base": f"/dealer/{night_id}/{dealer_token(db, night_id)}"}
