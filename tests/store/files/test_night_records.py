"""The night's records in its session file and back (issue 24, "Files come back whole";
``store.files.night_records``, ``store.files.identity``, ``store.files.importer``): each
record is entered through the store's own function (a ruling again by
``store.dispute.rulings.record_ruling``, its correction included), at the time the file
gives; a file whose figures the store would make otherwise is refused, nothing stored (or,
when the last piece of the import finds it, nothing the club sees: the night is kept,
invisible, marked failed; ``store.files.import_pieces``).
"""

from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest
import ruling_night
from dispute_cases import false_opener, first_hand, import_night, live_actions
from failed_imports import failed_invisibly, rows
from hypothesis import given
from hypothesis import strategies as st
from showcase_night import LONG_NAME, build_showcase_night

import store
from store.dispute.disputes import open_dispute
from store.dispute.rulings import record_ruling
from store.files.exporter import night_json
from store.files.identity import fingerprint, present_night
from store.files.night_records import Dispute, Ruling, logged_actions
from store.money.counts import count_findings
from store.money.expenses import add_expense, night_expenses, void_expense
from store.money.payments import night_transfers


def snapshot(db) -> dict:
    tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE "
                                       "'sqlite_%' ORDER BY name")]
    return {t: db.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}


@pytest.fixture
def other(tmp_path):
    """An empty club (its own database)."""
    database = store.open_db(tmp_path / "other" / "tapete.db")
    yield database
    database.conn.close()


def log(db, night_id: int) -> list:
    """Every hand's actions as stored, voided ones marked: [(hand, action, voided)]."""
    return [(h["number"], a["action"], a["voided"]) for h in store.night_hands(db, night_id)
            for a in store.hand_actions(db, h["id"])]


def test_a_ruling_that_corrected_its_hand_comes_back_with_the_same_log_and_moves(db, other, shared):
    """The false opener logged without the shows, pushed to the opener; the ruling writes
    the shows back (voids and new lines) and moves the pot. The file holds the live lines;
    the import stores the hand as first logged and records the ruling again, so the log,
    voids included, the moves and the ruling's own words are the same, and so are the
    times (``store.core.transactions.recorded_at``)."""
    night, full, _ = false_opener(shared)
    night_id, ids = import_night(db, night, close=True)
    hand = first_hand(db, night_id)
    dispute = open_dispute(db, hand["id"], ids["Chus"], "Bruno abrió sin jotas.")
    record_ruling(db, dispute, decision="upheld", rule="Semilla 000", note="n", actions=full["hands"][0]["actions"],
                  entered_by="host:ana")
    session = json.loads(night_json(db, night_id))
    ruling = session["tapete"]["disputes"][0]["ruling"]
    assert ruling["voided"] and ruling["added"] and ruling["moves"] == {"Bruno": -75, "Chus": 75}

    moved = store.import_session(other, session)
    assert log(other, moved) == log(db, night_id)
    assert live_actions(other, first_hand(other, moved)["id"]) == full["hands"][0]["actions"]
    mine, theirs = store.night_disputes(db, night_id)[0], store.night_disputes(other, moved)[0]
    for key in ("statement", "entered_at", "status"):
        assert theirs[key] == mine[key]
    for key in ("decision", "rule", "note", "entered_by", "entered_at"):
        assert theirs["ruling"][key] == mine["ruling"][key]
    assert [v["action"] for v in theirs["ruling"]["voided"]] == [v["action"] for v in mine["ruling"]["voided"]]
    assert [(m["name"], m["chips"]) for m in theirs["ruling"]["moves"]] == \
        [(m["name"], m["chips"]) for m in mine["ruling"]["moves"]]
    assert json.loads(night_json(other, moved)) == session
    assert fingerprint(session) == fingerprint(store.night_session(other, moved))


def test_a_ruling_the_rules_here_would_move_otherwise_is_refused_and_nothing_seen(db, other):
    world = build_showcase_night(db)
    dispute = open_dispute(db, world.hands[1], world.ids[LONG_NAME], "El bote era mío.")
    record_ruling(db, dispute, decision="upheld", rule="RRoP", entered_by="host:test")
    session = json.loads(night_json(db, world.night))
    session["tapete"]["disputes"][0]["ruling"]["moves"] = {LONG_NAME: 23, "Íñigo": -23}
    kept = rows(other)
    with pytest.raises(store.StoreError) as refused:
        store.import_session(other, session)
    assert (refused.value.code, refused.value.params) == ("file_record_differs",
                                                          {"what": "ruling", "entry": 1, "hand": 2})
    failed_invisibly(other, kept)  # (refused by the last piece: nothing the club sees)


@pytest.mark.parametrize("change, params", [
    (lambda b: b["disputes"][0].__setitem__("player", "Zoe"),
     {"what": "night", "field": "disputes", "reason": "player", "entry": 1}),
    (lambda b: b["disputes"][0].__setitem__("hand", 9),
     {"what": "night", "field": "disputes", "reason": "records", "entry": 1}),
    (lambda b: b["disputes"][0]["ruling"].__setitem__("added", ["p1 fold"]),
     {"what": "night", "field": "disputes", "reason": "correction", "entry": 1}),
    (lambda b: b.__setitem__("expenses", {"payer": "Ana"}),
     {"what": "night", "field": "expenses", "reason": "records", "entry": 0}),
    (lambda b: b.__setitem__("payments", [{"what": "poker", "payer": "Ana", "payee": "Zoe", "paid_by": "host:x"}]),
     {"what": "night", "field": "payments", "reason": "player", "entry": 1}),
    (lambda b: b.__setitem__("uid", "noche-1"), {"what": "night", "field": "uid", "reason": "uid"}),
])
def test_a_record_the_import_cannot_read_is_refused_before_anything_is_stored(db, other, change, params):
    world = build_showcase_night(db)
    dispute = open_dispute(db, world.hands[1], world.ids[LONG_NAME], "El bote era mío.")
    record_ruling(db, dispute, decision="upheld", rule="RRoP", entered_by="host:test")
    session = json.loads(night_json(db, world.night))
    change(session["tapete"])
    kept = snapshot(other)
    with pytest.raises(store.StoreError) as refused:
        store.import_session(other, session)
    assert refused.value.code == "session_invalid" and refused.value.params == params
    assert snapshot(other) == kept


def test_an_open_dispute_and_a_close_despite_it_come_back_so(db, other):
    """A night closed while a dispute was open (the host's reason kept with the close): the
    dispute comes back open and the night closed with the same reason, by the same host."""
    world = build_showcase_night(db)
    open_dispute(db, world.hands[1], world.ids[LONG_NAME], "El bote era mío.")
    stacks = store.check_night(db, world.night)["hands"][-1]["stacks"]
    store.recount(db, world.night, world.ids["Bruno"], stacks["2"], entered_by="host:test")
    store.close_night(db, world.night, entered_by="host:ana", override_reason="Lo vemos el jueves")
    moved = store.import_session(other, json.loads(night_json(db, world.night)))
    close = store.get_night(other, moved)["close"]
    assert close["detail"]["override_reason"] == "Lo vemos el jueves" and close["entered_by"] == "host:ana"
    assert close["entered_at"] == store.get_night(db, world.night)["close"]["entered_at"]
    assert [d["status"] for d in store.night_disputes(other, moved)] == ["open"]


def test_a_voided_expense_comes_back_voided_with_its_reason(db, other):
    world = build_showcase_night(db)
    world.close(db)
    gone = add_expense(db, world.night, world.ids["Ana"], 1000, "Hielo", [world.ids["Ana"], world.ids["Chus"]],
                       entered_by="host:test")
    void_expense(db, world.night, gone, reason="Lo pagó el bar", entered_by="host:test")
    add_expense(db, world.night, world.ids["Chus"], 1001, "Cena", list(world.ids.values()), entered_by="host:test")
    moved = store.import_session(other, json.loads(night_json(db, world.night)))

    def said(database, night_id):
        return [(e["payer"], e["cents"], e["description"], [(s["name"], s["cents"]) for s in e["shares"]],
                 e["voided"], e["void_reason"], e["voided_by"], e["entered_at"])
                for e in night_expenses(database, night_id)["expenses"]]
    assert said(other, moved) == said(db, world.night)
    assert said(other, moved)[0][4:6] == (True, "Lo pagó el bar")


def test_an_expense_the_store_would_share_otherwise_is_refused(db, other):
    world = build_showcase_night(db)
    add_expense(db, world.night, world.ids["Chus"], 1001, "Cena", list(world.ids.values()), entered_by="host:test")
    session = json.loads(night_json(db, world.night))
    shares = session["tapete"]["expenses"][0]["shares"]
    first, second = list(shares)[:2]
    shares[first], shares[second] = shares[first] - 1, shares[second] + 1
    with pytest.raises(store.StoreError) as refused:
        store.import_session(other, session)
    assert (refused.value.code, refused.value.params) == ("file_record_differs", {"what": "expense", "entry": 1})


def test_a_settlement_the_night_here_makes_otherwise_leaves_it_open_and_says_why(db, other):
    """The file's transfers are the close's; a file whose figures here settle otherwise
    (a transfer edited) is imported open, the close's refusal saying so."""
    world = build_showcase_night(db)
    world.close(db)
    session = json.loads(night_json(db, world.night))
    session["tapete"]["settlement"]["transfers"][0]["cents"] += 1
    done = store.import_night(other, session)
    assert done.close_refused is not None and done.close_refused.code == "file_record_differs"
    assert done.close_refused.params == {"what": "settlement"}
    assert not store.get_night(other, done.night_id)["closed"]


def test_a_file_without_an_id_is_found_by_its_hands_and_buy_ins_not_by_its_counts(db):
    """The fingerprint is the players, buy-ins, rebuys and live lines: the counts, buttons
    and stated stacks are left out (a night still in play is counted later)."""
    world = build_showcase_night(db)
    session = json.loads(night_json(db, world.night))
    del session["tapete"]
    assert present_night(db, session) == (world.night, "hands")
    session.pop("cash_out", None)
    for hand in session["hands"]:
        hand.pop("button", None)
    assert present_night(db, session) == (world.night, "hands")
    session["players"][0]["stack"] += 1
    assert present_night(db, session) is None


LINES = st.sampled_from(["p1 ante 5", "p2 ante 5", "p1 check", "p2 open 10", "p1 call", "p1 fold",
                         "p1 show AsAdKcKd2h", "p2 show QsQdJcJd3h", "d award p1 30", "d award p2 30"])


@st.composite
def corrections(draw):
    """A hand's lines as first logged, then one to three rulings on it, each correcting it
    as ``store.hand.events.correction_plan`` does (the longest common prefix kept, the rest
    voided, the new lines added): ``(first, [(voided, added, after)])``."""
    first = draw(st.lists(LINES, max_size=8))
    lines, steps = first, []
    for _ in range(draw(st.integers(1, 3))):
        target = draw(st.lists(LINES, max_size=8))
        keep = 0
        while keep < min(len(lines), len(target)) and lines[keep] == target[keep]:
            keep += 1
        steps.append((lines[keep:], target[keep:], target))
        lines = target
    return first, steps


@given(corrections())
def test_the_lines_as_first_logged_are_the_live_ones_with_each_correction_undone(case):
    """Property: whatever the rulings corrected, the file's live lines with each ruling's
    added lines taken off and its voided ones put back, the last ruling first, are the
    lines as first logged, and each ruling's corrected lines are what it left."""
    first, steps = case
    session = {"players": [{"seat": 1, "name": "Ana"}, {"seat": 2, "name": "Bea"}],
               "hands": [{"actions": steps[-1][2]}]}
    disputes = [Dispute(i, 1, "Ana", "x", datetime(2026, 3, 14, 21, i, tzinfo=timezone.utc),
                        Ruling("upheld", "r", "", None, datetime(2026, 3, 14, 22, i, tzinfo=timezone.utc), voided,
                               added, None))
                for i, (voided, added, _after) in enumerate(steps, start=1)]
    logged, corrected = logged_actions(session, disputes)
    if any(voided or added for voided, added, _ in steps):
        assert logged == {1: first}
    for i, (voided, added, after) in enumerate(steps, start=1):
        if voided or added:
            assert corrected[i] == after


# -- a ruling settled at the table (issue 24: "rulings (with their settlement mode) ... physical moves")

def _table_night(db, mode: str):
    """The issue's night (``tests/support/ruling_night.py``): hand 4's pot pushed to Pepe,
    Chema's dispute upheld and settled as ``mode``; everyone counts the chips on the
    table; closed."""
    night_id = store.import_session(db, ruling_night.session(), chip_cents=10)
    for entry in store.night_entries(db, night_id):   # (an import counts everyone: they play on)
        if entry["kind"] == "cash_out":
            store.void_entry(db, entry["id"], reason="aún juegan", entered_by="host")
    ids = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    hand4 = store.night_hands(db, night_id)[3]
    dispute = open_dispute(db, hand4["id"], ids["Chema"], "El bote era mío")
    record_ruling(db, dispute, decision="upheld", rule="RRoP, Showdown 3", entered_by="host:ana", mode=mode)
    held = store.check_night(db, night_id)["hands"][-1]["chips_on_table"]
    for p in store.table_players(db, night_id):
        store.cash_out(db, night_id, p["player_id"], held[str(p["seat"])], entered_by="host:ana")
    store.close_night(db, night_id, entered_by="host:ana")
    return night_id


def _money(db, night_id) -> tuple:
    summary = store.night_summary(db, night_id)
    return ({p["name"]: p["net_chips"] for p in summary["players"]},
            sorted((t["payer"], t["payee"], t["cents"]) for t in summary["transfers"]))


@pytest.mark.parametrize("mode", ["table", "money"])
def test_a_ruling_comes_back_settled_the_same_way_and_the_chips_move_once(db, other, mode):
    """At the table the ruling's ``d move`` line is in the hand's actions and its
    ``handed_over``; the import takes it off, records the ruling again at the table (which
    writes it again) and so hands the chips over once: the same log, no money moved by the
    ledger, the same nets (the rules') and transfers, no count finding. In money: no move
    line, the ledger moves the money, the same figures."""
    night_id = _table_night(db, mode)
    session = json.loads(night_json(db, night_id))
    ruling = session["tapete"]["disputes"][0]["ruling"]
    assert ruling["mode"] == mode
    move = f"d move p{ruling_night.PEPE} p{ruling_night.CHEMA} {ruling_night.POT}"
    assert ruling.get("handed_over", []) == ([move] if mode == "table" else [])
    assert (session["hands"][3]["actions"][-1] == move) == (mode == "table")

    moved = store.import_session(other, session)
    assert log(other, moved) == log(db, night_id)
    assert _money(other, moved) == _money(db, night_id)
    assert _money(other, moved)[0] == ruling_night.rules_nets()
    names = {p["player_id"]: p["name"] for p in store.table_players(other, moved)}
    in_money = {names[p]: c for p, c in store.ruling_moves(other, moved).items()}
    assert in_money == ({} if mode == "table" else {"Pepe": -ruling_night.POT, "Chema": ruling_night.POT})
    assert count_findings(other, moved) == []
    assert json.loads(night_json(other, moved)) == session


@pytest.mark.parametrize("change, reason", [
    (lambda s: s["tapete"]["disputes"][0]["ruling"].__setitem__("mode", "mesa"), "records"),
    (lambda s: s["tapete"]["disputes"][0]["ruling"].__setitem__("mode", "money"), "records"),  # lines in money
    (lambda s: s["hands"][3]["actions"].append("p1 fold"), "correction"),   # the move is not the hand's end
])
def test_a_ruling_mode_the_import_cannot_use_is_refused_before_anything_is_stored(db, other, change, reason):
    session = json.loads(night_json(db, _table_night(db, "table")))
    change(session)
    kept = snapshot(other)
    with pytest.raises(store.StoreError) as refused:
        store.import_session(other, session)
    assert refused.value.code == "session_invalid"
    assert refused.value.params == {"what": "night", "field": "disputes", "reason": reason, "entry": 1}
    assert snapshot(other) == kept


def test_a_move_line_the_ruling_here_writes_otherwise_is_refused_and_nothing_seen(db, other):
    """The file says the ruling handed 16 over while the rules move 17 (the file's move
    line edited): ``file_record_differs``, never a night whose chips moved twice."""
    session = json.loads(night_json(db, _table_night(db, "table")))
    edited = f"d move p{ruling_night.PEPE} p{ruling_night.CHEMA} {ruling_night.POT - 1}"
    session["hands"][3]["actions"][-1] = edited
    session["tapete"]["disputes"][0]["ruling"]["handed_over"] = [edited]
    kept = rows(other)
    with pytest.raises(store.StoreError) as refused:
        store.import_session(other, session)
    assert (refused.value.code, refused.value.params) == ("file_record_differs",
                                                          {"what": "ruling", "entry": 1, "hand": 4})
    failed_invisibly(other, kept)  # (refused by the last piece: nothing the club sees)


def test_a_payment_mark_of_another_amount_than_the_transfer_is_refused_and_nothing_seen(db, other):
    """A fresh tester's finding: a file's mark with ``cents`` 5000 on a transfer of 20 cents
    was imported and marked that transfer paid. The file's amount is checked against the
    transfer here, as a ruling's moves and an expense's shares are."""
    night_id = _table_night(db, "money")
    transfer = store.night_summary(db, night_id)["transfers"][0]
    session = json.loads(night_json(db, night_id))
    session["tapete"]["payments"] = [{"what": "poker", "payer": transfer["payer"], "payee": transfer["payee"],
                                      "cents": transfer["cents"] + 4980, "paid_by": "host:ana",
                                      "paid_at": "2026-03-14T23:00:00+00:00"}]
    kept = rows(other)
    with pytest.raises(store.StoreError) as refused:
        store.import_session(other, session)
    assert (refused.value.code, refused.value.params) == ("file_record_differs", {"what": "payment", "entry": 1})
    failed_invisibly(other, kept)  # (refused by the last piece: nothing the club sees)
    session["tapete"]["payments"][0]["cents"] = transfer["cents"]   # the right amount is marked
    moved = store.import_session(other, session)
    assert [t["status"] for t in night_transfers(other, moved, "poker")
            if t["payer"] == transfer["payer"] and t["payee"] == transfer["payee"]] == ["paid"]
