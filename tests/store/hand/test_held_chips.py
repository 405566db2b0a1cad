"""The chips each seat holds on the table during a hand (``store.hand.table_view``'s
``held``, CONTRACT.md 4): the referee's stack plus the standing differences of the
newest hand, so a hand that states a seat's stack starts that seat afresh ("a stated stack
is a count of the chips the seat holds", ``referee.chips_on_table``)."""

from __future__ import annotations

from ruling_night import CHEMA, PEPE, POT, session

import store
from store.hand.table_view import table_view


def _night(db):
    night_id = store.import_session(db, session(hands=4), chip_cents=10)   # hand 4 pushed to Pepe
    for entry in store.night_entries(db, night_id):
        if entry["kind"] == "cash_out":
            store.void_entry(db, entry["id"], reason="aún juegan", entered_by="host")
    return night_id, store.check_night(db, night_id)["hands"][-1]


def _held(db, night_id) -> dict[int, int]:
    return {s["seat"]: s["held"] for s in table_view(db, night_id)["seats"]}


def test_a_hand_that_states_the_table_chips_is_not_given_the_push_again():
    """A fresh tester's finding: the next hand started with the chips as on the table
    showed Pepe 238 and Chema 170 during it (the push added once more), 221 and 187 after."""
    db = store.open_db(":memory:")
    night_id, last = _night(db)
    table = {int(s): c for s, c in last["chips_on_table"].items()}
    assert table[PEPE] - last["stacks"][str(PEPE)] == POT
    hand = store.start_hand(db, night_id, entered_by="host", stacks={str(s): c for s, c in table.items()})
    store.append_actions(db, hand, ["p1 ante 2"], entered_by="host", keys=["a1"])
    held = _held(db, night_id)
    assert held[PEPE] == table[PEPE] and held[CHEMA] == table[CHEMA] and held[1] == table[1] - 2


def test_a_hand_that_states_nothing_plays_on_with_the_push_on_the_table():
    db = store.open_db(":memory:")
    night_id, last = _night(db)
    hand = store.start_hand(db, night_id, entered_by="host")
    store.append_actions(db, hand, ["p1 ante 2"], entered_by="host", keys=["a1"])
    held = _held(db, night_id)
    assert held[PEPE] == last["chips_on_table"][str(PEPE)] and held[CHEMA] == last["chips_on_table"][str(CHEMA)]
