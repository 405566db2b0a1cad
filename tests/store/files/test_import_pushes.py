"""A session imported without ``cash_out`` is counted at the chips as the dealer PUSHED
them (tester item 3, issue 12): the log's ``d award`` lines are what was physically pushed,
the referee's stacks follow the rules' awards (CONTRACT.md 4). Counting at the referee's
stacks made a later ruling on the wrong push move the pot a second time. Those counts are
the chips on the table (issue 24, CONTRACT.md 4): no count finding, before the ruling in
money or after it.

RRoP, Showdown 3: "Any player, dealer, or floorperson who sees an incorrect amount of chips
put into the pot, or an error about to be made in awarding a pot, has an ethical obligation
to point out the error." -- the ruling moves the pot once, from whom it was pushed to, to
whom the rules give it.
"""

from __future__ import annotations

import json

import pytest

import store
from store.money.counts import count_findings


def _counted(db, night_id) -> dict[str, int]:
    rows = db.execute("SELECT p.name, l.chips FROM ledger l JOIN players p ON p.id = l.player_id "
                      "WHERE l.night_id = ? AND l.kind = 'cash_out'", [night_id]).fetchall()
    return dict(rows)


def _nets(db, night_id) -> dict[str, int]:
    return {p["name"]: p["net_chips"] for p in store.night_summary(db, night_id)["players"]}


@pytest.mark.parametrize("name, wronged, pushed, nets", [
    # false opener: Bruno (seat 3) opened on tens and was pushed the pot of 75; the rules
    # give it to Chus (seat 4): antes 5, open 10, bet 20 from each of Bruno and Chus.
    ("false_opener", "Chus", {"Ana": 495, "Bruno": 540, "Chus": 465}, {"Ana": -5, "Bruno": -35, "Chus": 40}),
    # six cards: Chus (seat 4) kept six cards and was pushed the pot of 75; the rules give
    # it to Ana (seat 1), the other live hand.
    ("six_cards_after_draw", "Ana", {"Ana": 465, "Bruno": 495, "Chus": 540}, {"Ana": 40, "Bruno": -5, "Chus": -35}),
])
def test_a_ruling_on_an_imported_wrong_push_moves_the_pot_once(db, shared, name, wronged, pushed, nets):
    night_id = store.import_file(db, shared / "cases" / f"{name}.json", chip_cents=1)
    assert _counted(db, night_id) == pushed  # the chips as pushed, not the referee's stacks
    assert count_findings(db, night_id) == []  # the chips on the table, the wrong push in them
    ids = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    hand_id = store.night_hands(db, night_id)[0]["id"]
    dispute = store.open_dispute(db, hand_id, ids[wronged], "the pot was pushed to the wrong player")
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP", entered_by="host")
    assert _nets(db, night_id) == nets
    assert count_findings(db, night_id) == []  # the ruling moved money, not chips
    summary = store.close_night(db, night_id, entered_by="host")
    assert sum(t["cents"] for t in summary["transfers"]) == 40


def test_an_imported_hand_with_chips_handed_over_at_the_table_is_counted_with_them(db, shared):
    """A file whose hand was settled at the table (a ``d move`` line, CONTRACT.md 2: "after a
    hand, A chips handed from seat A to seat B at the table outside the betting") and no
    ``cash_out``: each seat is counted at its chips on the table, the move in them, so no
    count differs (the import used to count the pushes alone and flagged both seats)."""
    session = json.loads((shared / "cases" / "false_opener.json").read_text(encoding="utf-8"))
    session["hands"][0]["actions"].append("d move p3 p4 75")  # Bruno hands the pot to Chus
    night_id = store.import_session(db, session, chip_cents=1)
    assert _counted(db, night_id) == {"Ana": 495, "Bruno": 465, "Chus": 540}
    assert count_findings(db, night_id) == []
