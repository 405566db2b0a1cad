"""Disputes (issue 12): a player contests a hand they were dealt into; the host sees the
open ones; closing the night is refused while one is open unless the host says why.

RRoP, Showdown 5: "Any player who has been dealt in may request to see any hand that has
been called" -- a player may contest only a hand they were dealt into.
"""

from __future__ import annotations

import json

from dispute_cases import case, first_hand, import_night, out_of_turn, refused
from tablets import night_with_first_hand

import store
from store import MAX_STATEMENT


def test_a_player_dealt_in_disputes_a_hand_and_it_reads_back_open(db, shared):
    night, _ = out_of_turn(shared)
    night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Bruno"], "  Chus abrió\n fuera de turno  ")
    found = store.get_dispute(db, dispute)
    assert {k: found[k] for k in ("night_id", "hand_id", "hand_number", "player_id", "player", "statement",
                                  "status", "ruling")} == {
        "night_id": night_id, "hand_id": hand["id"], "hand_number": 1, "player_id": ids["Bruno"],
        "player": "Bruno", "statement": "Chus abrió fuera de turno", "status": "open", "ruling": None}
    row = db.execute("SELECT entered_by FROM disputes WHERE id = ?", [dispute]).fetchone()
    assert row[0] == f"player:{ids['Bruno']}"
    assert store.night_disputes(db, night_id) == store.open_disputes(db, night_id) == [found]
    assert store.player_disputes(db, ids["Bruno"]) == [found] and store.player_disputes(db, ids["Ana"]) == []


def test_only_a_player_dealt_into_the_hand_may_dispute_it(db, shared):
    """RRoP, Showdown 5: "Any player who has been dealt in may request to see any hand that
    has been called": a player seated after the hand was not dealt in."""
    full, _ = case(shared, "out_of_turn_open")
    night_id, ids = night_with_first_hand(db, full)
    dani = store.add_player(db, "Dani")
    store.seat_player(db, night_id, dani, 6, entered_by="host")
    hand = first_hand(db, night_id)
    error = refused(db, "not_dealt_in", store.open_dispute, db, hand["id"], dani, "yo vi algo")
    assert error.params == {"name": "Dani", "number": 1}
    assert store.open_dispute(db, hand["id"], ids["Ana"], "yo vi algo")  # Ana was dealt in


def test_the_statement_is_needed_and_limited(db, shared):
    night, _ = out_of_turn(shared)
    night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    refused(db, "statement_empty", store.open_dispute, db, hand["id"], ids["Ana"], " \n ")
    error = refused(db, "statement_too_long", store.open_dispute, db, hand["id"], ids["Ana"],
                     "x" * (MAX_STATEMENT + 1))
    assert error.params == {"limit": MAX_STATEMENT, "length": MAX_STATEMENT + 1}
    assert store.open_dispute(db, hand["id"], ids["Ana"], "x" * MAX_STATEMENT)
    refused(db, "no_hand", store.open_dispute, db, 999, ids["Ana"], "x")


def test_one_open_dispute_per_player_and_hand_and_a_double_submit_stores_one(db, shared):
    night, _ = out_of_turn(shared)
    night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    first = store.open_dispute(db, hand["id"], ids["Bruno"], "fuera de turno", key="k1")
    assert store.open_dispute(db, hand["id"], ids["Bruno"], "fuera de turno", key="k1") == first
    error = refused(db, "dispute_open", store.open_dispute, db, hand["id"], ids["Bruno"], "otra vez", key="k2")
    assert error.params == {"dispute_id": first}
    refused(db, "key_reused", store.open_dispute, db, hand["id"], ids["Ana"], "fuera de turno", key="k1")
    store.record_ruling(db, first, decision="rejected", rule="TDA 53", entered_by="host")
    second = store.open_dispute(db, hand["id"], ids["Bruno"], "otra vez")  # the first one was ruled on
    assert [d["id"] for d in store.open_disputes(db, night_id)] == [second]
    assert [d["status"] for d in store.night_disputes(db, night_id)] == ["rejected", "open"]


def test_a_dispute_is_allowed_on_a_closed_night(db, shared):
    night, _ = out_of_turn(shared)
    night_id, ids = import_night(db, night, close=True)
    dispute = store.open_dispute(db, first_hand(db, night_id)["id"], ids["Ana"], "revisar")
    assert store.get_dispute(db, dispute)["status"] == "open" and store.get_night(db, night_id)["closed"]


def test_the_close_is_refused_while_a_dispute_is_open_unless_the_host_says_why(db, shared):
    """Issue 12: "closing the night is refused while one is open unless the host overrides
    it with a reason"; the reason is kept with the close."""
    night, _ = out_of_turn(shared)
    night_id, ids = import_night(db, night)
    dispute = store.open_dispute(db, first_hand(db, night_id)["id"], ids["Bruno"], "fuera de turno")
    error = refused(db, "dispute_open", store.close_night, db, night_id, entered_by="host")
    assert error.params == {"count": 1, "hands": [1]}
    refused(db, "dispute_open", store.close_night, db, night_id, entered_by="host", override_reason="  ")
    store.close_night(db, night_id, entered_by="host", override_reason=" se decide mañana ")
    detail = store.get_night(db, night_id)["close"]["detail"]
    assert detail["override_reason"] == "se decide mañana"
    store.reopen_night(db, night_id, reason="la disputa", entered_by="host")
    store.record_ruling(db, dispute, decision="rejected", rule="TDA 53", entered_by="host")
    store.close_night(db, night_id, entered_by="host")  # nothing open: no reason needed
    assert "override_reason" not in store.get_night(db, night_id)["close"]["detail"]


def test_every_close_keeps_its_settlement_and_night_settlements_reads_them_all(db, shared):
    night, _ = out_of_turn(shared)
    night_id, _ = import_night(db, night, close=True)
    summary = store.night_summary(db, night_id)
    store.reopen_night(db, night_id, reason="otra cuenta", entered_by="host")
    store.close_night(db, night_id, entered_by="host")
    settlements = store.night_settlements(db, night_id)
    assert [(s["voided"], s["void_reason"]) for s in settlements] == [(True, "otra cuenta"), (False, None)]
    for settlement in settlements:
        assert settlement["transfers"] == summary["transfers"] and summary["transfers"]
        assert settlement["nets"] == {p["player_id"]: p["net_cents"] for p in summary["players"]}


def test_cli_close_takes_an_override_reason(runner, app, shared, tmp_path):
    night, _ = out_of_turn(shared)
    path = tmp_path / "night.json"
    path.write_text(json.dumps(night))
    night_id = int(runner.invoke(args=["import", str(path)]).output.strip().splitlines()[-1])
    db = store.open_db(app.config["DATABASE"])
    ids = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    store.open_dispute(db, first_hand(db, night_id)["id"], ids["Bruno"], "fuera de turno")
    db.conn.close()
    refused = runner.invoke(args=["close", str(night_id)])
    assert refused.exit_code == 1 and "dispute" in refused.output
    result = runner.invoke(args=["close", str(night_id), "--override-reason", "Bruno se fue"])
    assert result.exit_code == 0, result.output
    db = store.open_db(app.config["DATABASE"])
    assert store.get_night(db, night_id)["close"]["detail"]["override_reason"] == "Bruno se fue"
    db.conn.close()
