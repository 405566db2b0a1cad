"""A chained row's content taken from the row given (``store.core.chain_rows.given_contents``,
issue 25: an imported hand's lines are not read back to be linked) is exactly what reading
it back gives (``row_content``), or None: then it is read back. A bool, a float, a number
given for a text column or text for a number column is stored otherwise than given, and is
never taken as given."""

from __future__ import annotations

from datetime import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

import store
from store.core.chain_rows import given_contents, row_content
from store.core.records import insert_rows
from store.core.transactions import write_tx

VALUES = st.one_of(st.none(), st.integers(-2**40, 2**40), st.text(max_size=12), st.booleans(),
                   st.floats(allow_nan=False, allow_infinity=False))


@settings(max_examples=25)
@given(values=st.fixed_dictionaries({"seq": VALUES, "action": VALUES, "target": VALUES, "reason": VALUES,
                                     "entered_by": st.one_of(st.text(min_size=1, max_size=8), st.integers(-2**40, 2**40))}))
def test_a_content_taken_as_given_is_the_content_read_back(tmp_path_factory, values):
    db = store.open_db(tmp_path_factory.mktemp("given") / "t.db", chain_key=b"k" * 32)
    try:
        night = store.create_night(db, rules="jackpots", chip_cents=10, key="n", started_at=datetime(2026, 1, 1, 20))
        with write_tx(db):
            hand = db.execute("INSERT INTO hands (night_id, number, button, entered_by, entered_at) "
                              "VALUES (?, 1, 1, 't', 'x')", [night]).lastrowid
            row = {"night_id": night, "hand_id": hand, "kind": "action", "entered_at": "2026-01-01T00:00:00+00:00",
                   "key": "k1", **values}
            (row_id,) = insert_rows(db, "events", [row])
            taken = given_contents(db, "events", [row])
            read = row_content(db, "events", row_id)
        if taken is not None:
            assert taken == [read]
            assert all(type(a) is type(b) for a, b in zip(taken[0][1].values(), read[1].values()))
        plain = all(v is None or type(v) is int for v in (values["seq"], values["target"])) and \
            all(v is None or type(v) is str for v in (values["action"], values["reason"], values["entered_by"]))
        assert (taken is not None) == plain
    finally:
        db.conn.close()


def test_a_row_without_a_column_of_its_content_is_read_back(db):
    assert given_contents(db, "events", [{"night_id": 1, "hand_id": 1, "seq": 0}]) is None
    assert given_contents(db, "expense_shares", [{"expense_id": 1, "player_id": 1, "cents": 5}]) is None
