"""Each hand's stored referee result (``hand_results``) carries a MAC under the chain key
(issue 12, tester item 2): the stored result decides what the report shows and what a
ruling moves, so an edit of it in the database must not reach the money. A result whose
MAC does not match is stale: judged again from the log (in memory on a read, nothing
written), and ``verify`` names it.

The tamper is the tester's: ``hand_results.entry`` of the false opener's hand edited so the
pot the rules award goes to the seat the dealer pushed it to (or to a third player), with
no findings, on a connection of the attacker's own (no key).
"""

from __future__ import annotations

import json
import sqlite3

from chain_said import problem_said
from dispute_cases import case, import_night, with_counts

import store
import store.core.chain
import store.hand.judging


def _tamper(app, hand_id: int, awards: dict) -> None:
    conn = sqlite3.connect(app.config["DATABASE"], isolation_level=None)
    entry = json.loads(conn.execute("SELECT entry FROM hand_results WHERE hand_id = ?", [hand_id]).fetchone()[0])
    entry.update(awards=awards, findings=[])
    conn.execute("UPDATE hand_results SET entry = ? WHERE hand_id = ?", [json.dumps(entry), hand_id])
    conn.close()


def _night(db, shared):
    full, expect = case(shared, "false_opener")
    night_id, ids = import_night(db, with_counts(full))
    hand_id = store.night_hands(db, night_id)[0]["id"]
    return night_id, ids, hand_id, expect["hands"][0]


def _verify(app, night_id):
    db = store.open_db(app.config["DATABASE"])
    try:
        return store.core.chain.verify(db, night_id)
    finally:
        db.conn.close()


def test_an_edited_result_does_not_reach_the_report_data_and_verify_names_it(app, db, shared):
    night_id, ids, hand_id, expect = _night(db, shared)
    assert store.hand_check(db, hand_id)["awards"] == expect["awards"] == {"4": 75}
    assert _verify(app, night_id)["ok"]
    _tamper(app, hand_id, {"3": 75})
    before = db.execute("SELECT entry FROM hand_results WHERE hand_id = ?", [hand_id]).fetchone()[0]
    entry = store.hand_check(db, hand_id)
    assert entry["awards"] == {"4": 75} and entry["findings"]
    assert store.check_night(db, night_id)["hands"][0]["awards"] == {"4": 75}
    assert store.hand.judging.table_after(db, night_id) == {1: 495, 3: 465, 4: 540}
    assert db.execute("SELECT entry FROM hand_results WHERE hand_id = ?", [hand_id]).fetchone()[0] == before
    result = _verify(app, night_id)
    assert not result["ok"]
    assert result["problem"]["table"] == "hand_results" and result["problem"]["row_id"] == hand_id
    assert problem_said(app, result["problem"]) == ("the stored result of hand 1 was changed; it is re-judged "
                                                    "from the log")


def test_an_edited_result_does_not_change_the_preview_or_the_chips_a_ruling_moves(app, db, shared):
    night_id, ids, hand_id, _ = _night(db, shared)
    dispute = store.open_dispute(db, hand_id, ids["Chus"], "the opener had no jacks")
    _tamper(app, hand_id, {"1": 75})  # (the tester's: the pot given to Ana, a third player)
    preview = store.preview_ruling(db, dispute, decision="upheld")
    assert {m["name"]: m["chips"] for m in preview["moves"]} == {"Bruno": -75, "Chus": 75}
    _tamper(app, hand_id, {"3": 75})  # (the pot given to whom the dealer pushed it: nothing to move)
    preview = store.preview_ruling(db, dispute, decision="upheld")
    assert {m["name"]: m["chips"] for m in preview["moves"]} == {"Bruno": -75, "Chus": 75}
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP: a false opener's hand is dead",
                        entered_by="host")
    assert store.ruling_moves(db, night_id) == {ids["Bruno"]: -75, ids["Chus"]: 75}
