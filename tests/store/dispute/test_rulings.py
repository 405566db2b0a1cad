"""Rulings (issue 12): the three disputes of the issue at the store level, built from the
worked cases (``tests/support/dispute_cases.py``); the correction is append-only; the preview
writes nothing and takes no write lock; refusals write nothing; the moves add up to 0 and
the bank still balances; a double submit stores one ruling.

What the referee rules after a correction is the worked case's ``.expect.json``.
"""

from __future__ import annotations

import json
import sqlite3

import pytest
from dispute_cases import (
    DERIVED,
    case,
    false_opener,
    first_hand,
    import_night,
    live_actions,
    only_added,
    out_of_turn,
    refused,
    six_cards,
    snapshot,
    with_counts,
)
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import store
from store.money.counts import count_findings


def _nets(db, night_id) -> dict[int, int]:
    return {p["player_id"]: p["net_chips"] for p in store.night_summary(db, night_id)["players"]}


def _expected_moves(expect_awards: dict, recorded: dict, ids_by_seat: dict) -> dict[int, int]:
    """What the worked case's awards move from the pushes recorded: per player."""
    moves = {}
    for seat in set(expect_awards) | set(recorded):
        chips = expect_awards.get(seat, 0) - recorded.get(seat, 0)
        if chips:
            moves[ids_by_seat[int(seat)]] = chips
    return moves


def _by_seat(db, night_id) -> dict[int, int]:
    return {p["seat"]: p["player_id"] for p in store.table_players(db, night_id)}


# -- the three disputes of the issue -----------------------------------------------------------

def test_a_false_opener_found_after_the_push_moves_the_pot_on_a_closed_night(db, shared):
    """Seed 000: "Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el
    justificar la ley de apertura." RRoP, Draw Poker: a false opener's hand is dead; the
    pot plays when the pre-draw action was completed (the case's note). RRoP, Showdown 3:
    "Any player, dealer, or floorperson who sees ... an error about to be made in awarding
    a pot, has an ethical obligation to point out the error."

    The night closed with the pot pushed to the opener (the log lacked the shows); the
    ruling adds the shows: the referee finds the false opener, the pot moves to the best
    other hand, the night is reopened and closed again, both settlements kept."""
    night, full, expect = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    before_entry = store.hand_check(db, hand["id"])
    assert before_entry["awards"] is None  # nobody could tell: the shows were not logged
    nets_before = _nets(db, night_id)
    first = store.night_settlements(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "Bruno abrió con una pareja de dieces")
    assert store.get_dispute(db, dispute)["status"] == "open"
    logged = live_actions(db, hand["id"])
    corrected = [a for a in full["hands"][0]["actions"] if not a.startswith("d deal")]

    preview = store.preview_ruling(db, dispute, decision="upheld", actions=corrected)
    moves = _expected_moves(expect["hands"][0]["awards"], before_entry["recorded_awards"], _by_seat(db, night_id))
    assert preview["refusal"] is None and preview["reopens"] and preview["closes_again"]
    assert preview["hands"][0]["after"]["awards"] == expect["hands"][0]["awards"]
    assert [h["number"] for h in preview["hands"]] == [1, 2]
    # hand 2 starts from the stacks hand 1 now leaves; nothing else in it changes
    assert [h["changed"] for h in preview["hands"]] == [True, False]
    assert preview["hands"][1]["before"]["stacks"] != preview["hands"][1]["after"]["stacks"]
    assert {m["player_id"]: m["chips"] for m in preview["moves"]} == moves
    assert {p["player_id"]: p["net_after"] - p["net_before"] for p in preview["players"]} == \
        {p: moves.get(p, 0) for p in ids.values()}

    before = snapshot(db)
    ruling = store.record_ruling(db, dispute, decision="upheld", entered_by="host", actions=corrected,
                                 rule="RRoP, Draw Poker: a false opener's hand is dead")
    grown = only_added(before, snapshot(db))
    assert grown["rulings"] == 1 and grown["events"] > 0
    # the log: the shows added after the hand's end, the wrong lines voided, the hand still ended
    assert live_actions(db, hand["id"]) == corrected and store.get_hand(db, hand["id"])["ended"]
    found = store.get_dispute(db, dispute)
    assert found["status"] == "upheld" and found["ruling"]["id"] == ruling
    assert [e["action"] for e in found["ruling"]["voided"]] == logged[len(logged) - len(found["ruling"]["voided"]):]
    # the referee: the false opener found, the awards as the worked case says
    after_entry = store.hand_check(db, hand["id"])
    assert after_entry["awards"] == expect["hands"][0]["awards"]
    assert {f["kind"] for f in after_entry["findings"]} >= {f["kind"] for f in expect["hands"][0]["findings"]}
    # the money: the moves tied to the ruling, adding up to 0; nets change by them; balanced
    rows = db.execute("SELECT player_id, chips, detail FROM ledger WHERE kind = 'adjustment' AND reason = 'ruling'"
                      ).fetchall()
    assert {p: c for p, c, _ in rows} == moves == {m["player_id"]: m["chips"] for m in found["ruling"]["moves"]}
    assert all(json.loads(d) == {"ruling_id": ruling, "dispute_id": dispute, "hand": 1, "hand_id": hand["id"]}
               for _, _, d in rows)
    assert sum(moves.values()) == 0 and store.ruling_moves(db, night_id) == moves
    assert _nets(db, night_id) == {p: n + moves.get(p, 0) for p, n in nets_before.items()}
    summary = store.night_summary(db, night_id)
    assert summary["bank"]["balanced"] and summary["night"]["closed"]
    assert found["ruling"]["reopened"] and found["ruling"]["closed_again"] and found["ruling"]["close_refusal"] is None
    # both settlements kept: the first voided, the second the live one, the transfers changed
    settlements = store.night_settlements(db, night_id)
    assert len(settlements) == 2 and settlements[0]["voided"] and not settlements[1]["voided"]
    assert settlements[0]["transfers"] == first[0]["transfers"] and settlements[0]["nets"] == first[0]["nets"]
    assert settlements[1]["transfers"] == summary["transfers"] != first[0]["transfers"]
    assert settlements[1]["nets"] == {p["player_id"]: p["net_cents"] for p in summary["players"]}
    # the counts: counted + ruling moves agree with the referee's stacks
    assert count_findings(db, night_id) == []


def test_an_out_of_turn_bet_ruled_binding_moves_nothing_and_the_ruling_is_on_record(db, shared):
    """TDA 53 (Action Out of Turn): action backs up to the correct seat; the out-of-turn
    action is binding when the action to that seat does not change. The case's note: "The
    skipped seat then folds, so the out-of-turn bet stands". Rejected: nothing moves."""
    night, expect = out_of_turn(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    assert store.hand_check(db, hand["id"])["awards"] == expect["hands"][0]["awards"]
    dispute = store.open_dispute(db, hand["id"], ids["Bruno"], "Chus abrió antes de que yo hablara")
    preview = store.preview_ruling(db, dispute, decision="rejected", actions=live_actions(db, hand["id"]))
    assert preview["moves"] == [] and not preview["reopens"] and preview["refusal"] is None
    assert not any(h["changed"] for h in preview["hands"])
    before = snapshot(db)
    nets = _nets(db, night_id)
    ruling = store.record_ruling(db, dispute, decision="rejected", rule="TDA 53: the out-of-turn bet is binding",
                                 note="Bruno folded after it: the action to him did not change",
                                 entered_by="host")
    # the ruling row, and its link in the night's chain (store.core.chain); nothing else
    assert only_added(before, snapshot(db)) == {t: int(t in ("rulings", "chain")) for t in before
                                                if t not in DERIVED}
    found = store.get_dispute(db, dispute)
    assert found["status"] == "rejected" and found["ruling"]["id"] == ruling
    assert found["ruling"]["rule"].startswith("TDA 53") and found["ruling"]["moves"] == []
    assert not found["ruling"]["reopened"] and store.get_night(db, night_id)["closed"]
    assert _nets(db, night_id) == nets and len(store.night_settlements(db, night_id)) == 1
    assert store.night_disputes(db, night_id) == [found] and store.open_disputes(db, night_id) == []


def test_a_six_card_hand_found_at_showdown_is_dead_and_the_pot_goes_to_the_best_live_hand(db, shared):
    """Seed 000: "Cada jugador debe contar sus cartas antes de recibirlas. Si por error le
    dieran más o menos de la cuenta, hará que rectifique el que las dio. En el caso
    contrario, no podrá tomar parte en la jugada por tener cartas de más o de menos,
    perdiendo todas las puestas." RRoP, Showdown: only a live hand can win.

    The correction writes the show line as it was: six cards. The referee kills the hand;
    the pot goes to the best live hand; the chips move (an open night: nothing reopened)."""
    night, full, expect, shown = six_cards(shared)
    night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    recorded = store.hand_check(db, hand["id"])["recorded_awards"]
    dispute = store.open_dispute(db, hand["id"], ids["Ana"], "Chus enseñó seis cartas")
    corrected = [shown if a.startswith("p4 show") else a for a in live_actions(db, hand["id"])]
    assert len(shown.split()[2]) == 12  # six cards of two characters
    preview = store.preview_ruling(db, dispute, decision="upheld", actions=corrected)
    assert preview["added"][0] == shown and not preview["reopens"]
    record = store.record_ruling(db, dispute, decision="upheld", actions=corrected, entered_by="host",
                                 rule="Seed 000: por tener cartas de más, perdiendo todas las puestas")
    entry = store.hand_check(db, hand["id"])
    dead = [f for f in entry["findings"] if f["kind"] == "wrong_card_count"]
    assert dead and dead[0]["action"] == corrected.index(shown)
    assert entry["awards"] == expect["hands"][0]["awards"] == preview["hands"][0]["after"]["awards"]
    moves = _expected_moves(expect["hands"][0]["awards"], recorded, _by_seat(db, night_id))
    assert store.ruling_moves(db, night_id) == moves and sum(moves.values()) == 0 and moves
    assert store.get_dispute(db, dispute)["ruling"]["id"] == record
    assert count_findings(db, night_id) == []
    store.close_night(db, night_id, entered_by="host")
    assert store.bank_check(db, night_id)["balanced"]
    assert store.night_summary(db, night_id)["players"][0]["net_chips"] is not None


# -- append-only, read-only, refusals ------------------------------------------------------------

def test_a_correction_never_updates_or_deletes_an_earlier_row(db, shared):
    """Issue 12: "A correction never updates or deletes an earlier row (row counts and
    contents of earlier rows unchanged)." Every table, every row (the referee's derived
    results aside, replaced by design)."""
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "openers")
    before = snapshot(db)
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP 11", entered_by="host",
                        actions=[a for a in full["hands"][0]["actions"] if not a.startswith("d deal")])
    grown = only_added(before, snapshot(db))
    assert grown["events"] and grown["ledger"] and grown["rulings"] == 1
    for table in ("events", "ledger", "hands", "seats", "disputes", "rulings"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute(f"UPDATE {table} SET id = id")
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute(f"DELETE FROM {table}")


def test_the_preview_writes_nothing_and_answers_while_another_connection_holds_the_write_lock(db, app, shared):
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "openers")
    corrected = [a for a in full["hands"][0]["actions"] if not a.startswith("d deal")]
    other = store.open_db(app.config["DATABASE"])
    other.conn.execute("BEGIN IMMEDIATE")  # the write lock, held
    try:
        before, changes = snapshot(db), db.conn.total_changes
        preview = store.preview_ruling(db, dispute, decision="upheld", actions=corrected)
        assert db.conn.total_changes == changes and snapshot(db) == before
        assert preview["moves"] and not db.conn.in_transaction
        with pytest.raises(store.Busy):   # the store says the held lock itself (issue 25)
            db.execute("PRAGMA busy_timeout = 0")
            store.record_ruling(db, dispute, decision="upheld", rule="r", entered_by="host", actions=corrected)
    finally:
        other.conn.execute("ROLLBACK")
        other.conn.close()
    assert snapshot(db) == before


def test_refusals_write_nothing(db, shared):
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "openers")
    logged = live_actions(db, hand["id"])
    rule = dict(rule="RRoP 11", entered_by="host")
    refused(db, "bad_decision", store.record_ruling, db, dispute, decision="maybe", **rule)
    refused(db, "rule_empty", store.record_ruling, db, dispute, decision="upheld", rule="  ", entered_by="host")
    # the cards needed were never recorded: the referee cannot say who wins
    refused(db, "awards_unknown", store.record_ruling, db, dispute, decision="upheld", **rule)
    assert store.preview_ruling(db, dispute, decision="upheld")["refusal"]["code"] == "awards_unknown"
    refused(db, "action_empty", store.record_ruling, db, dispute, decision="upheld", actions=logged + [" "], **rule)
    refused(db, "action_too_long", store.record_ruling, db, dispute, decision="upheld",
             actions=logged + ["p1 " + "x" * 600], **rule)
    refused(db, "rejected_correction", store.record_ruling, db, dispute, decision="rejected",
             actions=logged[:-1], **rule)
    # pushes that do not add up to the pot: correct the award lines first
    short = logged[:-1] + [a for a in full["hands"][0]["actions"] if "show" in a] + ["d award p4 70"]
    error = refused(db, "pushes_unbalanced", store.record_ruling, db, dispute, decision="upheld",
                     actions=short, **rule)
    assert error.params == {"number": 1, "pot": 75, "pushed": 70}
    store.record_ruling(db, dispute, decision="rejected", **rule)
    error = refused(db, "already_ruled", store.record_ruling, db, dispute, decision="upheld", **rule)
    assert error.params["dispute_id"] == dispute


def test_a_double_submit_stores_one_ruling(db, shared):
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "openers", key="d-1")
    assert store.open_dispute(db, hand["id"], ids["Chus"], "openers", key="d-1") == dispute
    corrected = [a for a in full["hands"][0]["actions"] if not a.startswith("d deal")]
    args = dict(decision="upheld", rule="RRoP 11", actions=corrected, entered_by="host", key="r-1")
    first = store.record_ruling(db, dispute, **args)
    before = snapshot(db)
    assert store.record_ruling(db, dispute, **args) == first
    assert snapshot(db) == before
    assert db.execute("SELECT COUNT(*) FROM rulings").fetchone()[0] == 1
    assert db.execute("SELECT COUNT(*) FROM disputes").fetchone()[0] == 1


def test_a_ruling_on_a_closed_night_with_another_dispute_open_leaves_it_open_and_says_so(db, shared):
    """Closing again is refused while another dispute of the night is open: the ruling
    stands, the night stays open, and the ruling's detail says why."""
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Chus"], "openers")
    store.open_dispute(db, store.night_hands(db, night_id)[1]["id"], ids["Bruno"], "otra")
    preview = store.preview_ruling(db, dispute, decision="upheld",
                                   actions=[a for a in full["hands"][0]["actions"] if not a.startswith("d deal")])
    assert preview["reopens"] and not preview["closes_again"]
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP 11", entered_by="host",
                        actions=[a for a in full["hands"][0]["actions"] if not a.startswith("d deal")])
    ruling = store.get_dispute(db, dispute)["ruling"]
    assert ruling["reopened"] and not ruling["closed_again"] and ruling["close_refusal"]["code"] == "dispute_open"
    assert not store.get_night(db, night_id)["closed"]
    assert store.ruling_moves(db, night_id)  # the moves stand
    assert [s["voided"] for s in store.night_settlements(db, night_id)] == [True]


def test_a_record_only_correction_on_a_closed_night_leaves_the_close_as_it_is(db, shared):
    """Tester 8, item 4: a closed night, two open disputes on the same hand; one is upheld
    with a correction that changes the record but not the money (no chips move, no pot
    carried): the preview says it does not reopen, and recording it corrects the log while
    the close and its settlement stay (a reopen would leave the night open: the other
    dispute blocks closing again)."""
    night, _ = out_of_turn(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = store.open_dispute(db, hand["id"], ids["Bruno"], "Chus abrió antes de que yo hablara")
    store.open_dispute(db, hand["id"], ids["Ana"], "yo también lo vi")
    actions = [a.replace("2s", "3s") if a.startswith("p4 show") else a for a in live_actions(db, hand["id"])]
    preview = store.preview_ruling(db, dispute, decision="upheld", actions=actions)
    assert preview["refusal"] is None and preview["moves"] == [] and preview["voided"]
    assert not preview["reopens"]
    nets = _nets(db, night_id)
    store.record_ruling(db, dispute, decision="upheld", rule="the show as tabled", entered_by="host",
                        actions=actions)
    ruling = store.get_dispute(db, dispute)["ruling"]
    assert ruling["voided"] and ruling["added"] and ruling["moves"] == []
    assert not ruling["reopened"] and ruling["close_refusal"] is None
    assert store.get_night(db, night_id)["closed"] and live_actions(db, hand["id"]) == actions
    assert [s["voided"] for s in store.night_settlements(db, night_id)] == [False]
    assert _nets(db, night_id) == nets


def test_reopening_keeps_the_ruling_moves_and_closing_again_keeps_every_settlement(db, shared):
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    dispute = store.open_dispute(db, first_hand(db, night_id)["id"], ids["Chus"], "openers")
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP 11", entered_by="host",
                        actions=[a for a in full["hands"][0]["actions"] if not a.startswith("d deal")])
    moves = store.ruling_moves(db, night_id)
    store.reopen_night(db, night_id, reason="a recount", entered_by="host")
    assert store.ruling_moves(db, night_id) == moves and moves
    store.close_night(db, night_id, entered_by="host")
    settlements = store.night_settlements(db, night_id)
    assert [s["voided"] for s in settlements] == [True, True, False]
    assert settlements[2]["transfers"] == settlements[1]["transfers"] != settlements[0]["transfers"]


def test_a_second_upheld_ruling_on_the_same_hand_moves_only_what_is_left(db, shared):
    """The moves of a hand are ``awards - recorded_awards`` less what earlier live rulings
    on the hand moved: a second dispute upheld on a corrected hand moves nothing more."""
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night)
    hand = first_hand(db, night_id)
    corrected = [a for a in full["hands"][0]["actions"] if not a.startswith("d deal")]
    first = store.open_dispute(db, hand["id"], ids["Chus"], "openers")
    store.record_ruling(db, first, decision="upheld", rule="RRoP 11", entered_by="host", actions=corrected)
    moves = store.ruling_moves(db, night_id)
    second = store.open_dispute(db, hand["id"], ids["Ana"], "lo mismo")
    assert store.preview_ruling(db, second, decision="upheld")["moves"] == []
    store.record_ruling(db, second, decision="upheld", rule="RRoP 11", entered_by="host")
    assert store.ruling_moves(db, night_id) == moves


# -- properties ------------------------------------------------------------------------------------

SEATS = ("1", "3", "4")


@pytest.mark.slow
@settings(max_examples=20, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(pushes=st.lists(st.sampled_from(SEATS), min_size=1, max_size=4), decision=st.sampled_from(["upheld", "rejected"]),
       closed=st.booleans())
def test_for_random_pushes_and_rulings_the_moves_add_up_to_0_and_the_bank_balances(shared, pushes, decision, closed):
    """The false opener's pot (75) pushed in random shares (the last share takes the rest);
    an upheld ruling moves ``awards - recorded``: the moves add up to 0, the bank still
    balances, and counted + moves are the referee's stacks."""
    full, _ = case(shared, "false_opener")
    lines = [a for a in full["hands"][0]["actions"] if not a.startswith("d award")]
    share = 75 // len(pushes)
    amounts = {}
    for i, seat in enumerate(pushes):
        amounts[seat] = amounts.get(seat, 0) + (share if i < len(pushes) - 1 else 75 - share * (len(pushes) - 1))
    session = with_counts({**full, "hands": [{"button": 4, "actions": lines + [
        f"d award p{seat} {chips}" for seat, chips in amounts.items()]}]})
    db = store.open_db(":memory:")
    night_id, ids = import_night(db, session, close=closed)
    nets = _nets(db, night_id)
    dispute = store.open_dispute(db, first_hand(db, night_id)["id"], ids["Chus"], "openers")
    store.record_ruling(db, dispute, decision=decision, rule="RRoP 11", entered_by="host")
    moves = store.ruling_moves(db, night_id)
    assert sum(moves.values()) == 0
    assert bool(moves) == (decision == "upheld" and amounts != {"4": 75})
    assert _nets(db, night_id) == {p: n + moves.get(p, 0) for p, n in nets.items()}
    assert sum(_nets(db, night_id).values()) == 0 and store.bank_check(db, night_id)["balanced"]
    assert store.get_night(db, night_id)["closed"] == closed
    if decision == "upheld":
        assert count_findings(db, night_id) == []
    db.conn.close()
