"""Rebuys asked from the phone (issue 28, ``store.night.rebuy_requests``): one request
waiting per player, within the night's bound; the host's answer makes the buy-in (who asked
in its chained detail, who accepted as its ``entered_by``), a tablet's only where the host
allowed it; taken during a hand, the chips count from the next hand (RRoP section 3; seed
000: «Tampoco puede nadie aumentar su resto, una vez vistas sus cartas iniciales.»); every
refusal writes nothing; requests and answers are append-only."""

from __future__ import annotations

import json

import pytest
from apps import snapshot

import store
from store.core.checks import MAX_CHIPS
from store.core.chain import verify
from store.hand.judging import next_hand_stacks
from store.hand.table_view import table_stamp, table_view
from store.night.rebuy_reads import pending_rebuys, player_rebuy, tablet_rebuys
from store.night.rebuy_requests import answer_rebuy, ask_rebuy, set_tablet_rebuys, tablet_answer, withdraw_rebuy

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
LINK = {"id": 1, "label": "Mesa", "prefix": "abcdef"}


@pytest.fixture
def night(db):
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    ids = {}
    for name, seat in (("Ana", 1), ("Bruno", 3)):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name], 500, entered_by="test")
    return {"id": night_id, "ids": ids}


def _refused(db, path, call, code):
    before = snapshot(path)
    with pytest.raises(store.StoreError) as refused:
        call()
    assert refused.value.code == code
    assert snapshot(path) == before
    return refused.value


def test_an_accepted_request_is_a_chained_buy_in_naming_who_asked_and_who_accepted(db, app, night):
    ana = night["ids"]["Ana"]
    stamp = table_stamp(db, night["id"])
    request_id = ask_rebuy(db, night["id"], ana, 300, key="ask-0001")
    assert ask_rebuy(db, night["id"], ana, 300, key="ask-0001") == request_id   # a double submit: one request
    assert table_stamp(db, night["id"]) != stamp   # the host's and the tablet's polls see it
    assert [(r["name"], r["chips"], r["seat"]) for r in pending_rebuys(db, night["id"])] == [("Ana", 300, 1)]
    assert table_view(db, night["id"])["rebuy_requests"][0]["id"] == request_id
    done = answer_rebuy(db, night["id"], request_id, "accepted", answered_by="host:eva", key="answer-0001")
    assert done["answer"] == "accepted" and done["chips"] == 300
    row = db.execute("SELECT kind, player_id, chips, entered_by, detail FROM ledger WHERE id = ?",
                     [done["ledger_id"]]).fetchone()
    assert row[:4] == ("buy_in", ana, 300, "host:eva")
    assert json.loads(row[4]) == {"rebuy_request": request_id, "asked_by": f"player:{ana}"}
    assert verify(db, night["id"])["ok"]   # the buy-in is a link of the night's keyed chain
    link = db.execute("SELECT 1 FROM chain WHERE night_id = ? AND tbl = 'ledger' AND row_id = ?",
                      [night["id"], done["ledger_id"]]).fetchone()
    assert link is not None
    assert pending_rebuys(db, night["id"]) == []
    assert player_rebuy(db, night["id"], ana)["answer"] == "accepted"
    assert next_hand_stacks(db, night["id"])[1] == 800


def test_a_request_accepted_during_a_hand_counts_from_the_next_hand(db, night):
    ana = night["ids"]["Ana"]
    hand = store.start_hand(db, night["id"], button=3, entered_by="test")
    store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="ante-1")
    request_id = ask_rebuy(db, night["id"], ana, 200)
    answer_rebuy(db, night["id"], request_id, "accepted", answered_by="host:eva")
    seat = next(s for s in table_view(db, night["id"])["seats"] if s["seat"] == 1)
    assert seat["stack"] == 495   # the hand in play is judged as before
    before = db.execute("SELECT before_hand FROM ledger WHERE kind = 'buy_in' ORDER BY id DESC LIMIT 1").fetchone()[0]
    assert before == 1   # the hands started, the one in progress included: the chips play from hand 2


def test_one_request_waits_per_player_and_the_amount_is_a_whole_number_within_the_bound(db, app, night):
    path = app.config["DATABASE"]
    ana = night["ids"]["Ana"]
    for bad, code in ((0, "not_whole"), (-5, "not_whole"), (2.5, "not_whole"), ("10", "not_whole"), (True, "not_whole"),
                      (MAX_CHIPS + 1, "too_large")):
        _refused(db, path, lambda bad=bad: ask_rebuy(db, night["id"], ana, bad), code)
    _refused(db, path, lambda: ask_rebuy(db, night["id"], ana, MAX_CHIPS - 499), "bought_too_many")
    ask_rebuy(db, night["id"], ana, 100)
    assert _refused(db, path, lambda: ask_rebuy(db, night["id"], ana, 50), "rebuy_request_pending").params == {"chips": 100}
    withdraw_rebuy(db, night["id"], ana)
    assert player_rebuy(db, night["id"], ana)["answer"] == "withdrawn"
    _refused(db, path, lambda: withdraw_rebuy(db, night["id"], ana), "no_rebuy_request")
    assert ask_rebuy(db, night["id"], ana, 50)   # a new one may be asked now


def test_answers_are_refused_when_answered_unknown_or_from_a_tablet_not_allowed(db, app, night):
    path = app.config["DATABASE"]
    request_id = ask_rebuy(db, night["id"], night["ids"]["Bruno"], 100)
    _refused(db, path, lambda: tablet_answer(db, night["id"], LINK, request_id, "accepted"), "tablet_rebuys_off")
    assert tablet_rebuys(db, night["id"]) is False
    assert set_tablet_rebuys(db, night["id"], True, entered_by="host:eva") is True
    assert set_tablet_rebuys(db, night["id"], True, entered_by="host:eva") is False   # said twice: nothing more
    found = tablet_answer(db, night["id"], LINK, request_id, "declined")
    assert found["done"]["answer"] == "declined" and found["view"]["rebuy_requests"] == []
    assert db.execute("SELECT answered_by FROM rebuy_answers WHERE request_id = ?", [request_id]).fetchone()[0] == "dealer:Mesa"
    assert _refused(db, path, lambda: answer_rebuy(db, night["id"], request_id, "accepted", answered_by="host:eva"),
                    "rebuy_request_answered").params == {"name": "Bruno", "answer": "declined"}
    _refused(db, path, lambda: answer_rebuy(db, night["id"] + 99, request_id, "accepted", answered_by="host:eva"),
             "no_night")
    other = store.create_night(db, rules=RULES, chip_cents=10)
    _refused(db, path, lambda: answer_rebuy(db, other, request_id, "accepted", answered_by="host:eva"),
             "no_rebuy_request")
    set_tablet_rebuys(db, night["id"], False, entered_by="host:eva")
    assert tablet_rebuys(db, night["id"]) is False
    second = ask_rebuy(db, night["id"], night["ids"]["Bruno"], 100)
    _refused(db, path, lambda: tablet_answer(db, night["id"], LINK, second, "accepted"), "tablet_rebuys_off")


def test_a_closed_night_takes_no_request_and_no_answer_and_rows_are_append_only(db, app, night):
    path = app.config["DATABASE"]
    request_id = ask_rebuy(db, night["id"], night["ids"]["Ana"], 100)
    for pid in night["ids"].values():
        store.cash_out(db, night["id"], pid, 500, entered_by="test")
    store.close_night(db, night["id"], entered_by="test")
    _refused(db, path, lambda: ask_rebuy(db, night["id"], night["ids"]["Bruno"], 100), "night_closed")
    _refused(db, path, lambda: answer_rebuy(db, night["id"], request_id, "accepted", answered_by="host:eva"),
             "night_closed")
    with pytest.raises(Exception):
        db.execute("UPDATE rebuy_requests SET chips = 1 WHERE id = ?", [request_id])
    with pytest.raises(Exception):
        db.execute("DELETE FROM rebuy_requests WHERE id = ?", [request_id])


def test_a_player_who_left_cannot_ask_and_one_who_never_sat_does_not_reach_the_night(db, app, night):
    eva = store.add_player(db, "Eva")
    _refused(db, app.config["DATABASE"], lambda: ask_rebuy(db, night["id"], eva, 100), "no_night")
    _refused(db, app.config["DATABASE"], lambda: withdraw_rebuy(db, night["id"], eva), "no_night")
    store.unseat(db, night["id"], night["ids"]["Bruno"], reason="went home", entered_by="test")
    assert _refused(db, app.config["DATABASE"], lambda: ask_rebuy(db, night["id"], night["ids"]["Bruno"], 100),
                    "not_seated").params == {"name": "Bruno"}
