"""The dealer tablet's "at the table" choice after a wrong push (issue 24: "the tablet's two
next hand buttons after a wrong push become the same choice, in the same words"): one tap
(``store.hand.operations.hand_over``) hands the pot back with ``d move`` lines (CONTRACT.md
2) appended to the closed hand, idempotent on the tap's key, version-checked; then the chips
on the table are the referee's, the banner goes, and a later ruling on the hand moves
nothing more (``store.dispute.rulings.hand_moves`` takes every live ``d move`` line off,
whoever wrote it).

The hand is ``shared/cases/false_opener.json``: the pot of 75 pushed to Bruno (seat 3),
whose tens did not open; the rules give it to Chus (seat 4) (RRoP, Draw Poker: a false
opener's hand is dead).
"""

from __future__ import annotations

import json

import pytest
from apps import snapshot

import store
from store.core.chain import verify
from store.dispute.ruling_modes import require_moves_kept, table_moves
from store.hand.operations import hand_over
from store.hand.rows import hand_version
from store.hand.table_view import award_gap
from store.money.counts import count_findings

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
WHO = "dealer:Mesa 1"
LINE = "d move p3 p4 75"   # Bruno hands Chus the pot the rules give Chus


@pytest.fixture
def table(app, db, shared):
    """The false opener's night, hand 1 pushed to Bruno and closed: ``(night_id, hand_id,
    {name: player_id})``."""
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    ids = {}
    for p in case["players"]:
        ids[p["name"]] = store.add_player(db, p["name"])
        store.seat_player(db, night_id, ids[p["name"]], p["seat"], entered_by="test")
        store.buy_in(db, night_id, ids[p["name"]], p["stack"], entered_by="test")
    hand_id = store.start_hand(db, night_id, button=4, entered_by="test")
    for i, action in enumerate(case["hands"][0]["actions"]):
        store.append_action(db, hand_id, action, entered_by="test", key=f"fo-{i:04d}")
    store.end_hand(db, hand_id, entered_by="test")
    return night_id, hand_id, ids


def _live(db, hand_id):
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def _over(db, night_id, hand_id, key="over-0001", **kw):
    kw.setdefault("version", hand_version(db, hand_id))
    return hand_over(db, night_id, hand_id, entered_by=WHO, key=key, **kw)


def test_the_banner_offers_the_lines_that_hand_the_pot_back(db, table):
    night_id, hand_id, _ = table
    gap = award_gap(db, night_id)
    assert gap["diff"] == {"3": 75, "4": -75} and gap["lines"] == [LINE]
    entry = store.hand_check(db, hand_id)
    assert "moves" not in entry   # (only where d move lines handed chips over)
    assert entry["chips_on_table"] == {"1": 495, "3": 540, "4": 465} != entry["stacks"]


def test_one_tap_hands_the_pot_back_once_in_the_chain_and_the_table_agrees_with_the_referee(app, db, table):
    night_id, hand_id, _ = table
    version = hand_version(db, hand_id)
    first = _over(db, night_id, hand_id, events=1)
    again = _over(db, night_id, hand_id, events=1, version=version)   # the same tap, resent
    assert first == again
    assert _live(db, hand_id)[-1] == LINE and _live(db, hand_id).count(LINE) == 1
    event = next(a for a in store.hand_actions(db, hand_id) if a["action"] == LINE)
    assert event["event_id"] == first and event["entered_by"] == WHO
    assert hand_version(db, hand_id) == version + 1
    assert store.current_hand(db, night_id) is None           # the hand stays closed
    entry = store.hand_check(db, hand_id)
    # the referee moved the line at the end of the hand: the chips on the table are its stacks
    assert entry["moves"] == [{"from": 3, "to": 4, "chips": 75}]
    assert entry["chips_on_table"] == entry["stacks"] == {"1": 495, "3": 465, "4": 540}
    assert entry["table_differences"] == {}
    assert award_gap(db, night_id) is None                     # the banner goes
    assert verify(db, night_id)["ok"]                          # the line is a link of the night's chain
    assert table_moves(db, night_id) == {}                     # no ruling wrote it


def test_a_retried_key_is_answered_before_the_version_and_the_gap_are_checked(db, table):
    night_id, hand_id, _ = table
    first = _over(db, night_id, hand_id)
    assert _over(db, night_id, hand_id, version=0) == first   # stale now, but it is the same tap
    assert _live(db, hand_id).count(LINE) == 1


@pytest.mark.parametrize("case", ["in_play", "later_hand", "no_gap", "stale", "count", "ruled", "counted"])
def test_a_refused_hand_over_writes_nothing(app, db, table, case):
    night_id, hand_id, ids = table
    kw, code = {}, None
    if case == "in_play":            # the last hand reopened (its close undone): still in play
        store.undo_last(db, hand_id, reason="cerrada por error", entered_by="test")
        code = "hand_over_in_play"
    elif case == "later_hand":       # the next hand started: the gap ended with its hand
        store.start_hand(db, night_id, entered_by="test")
        code = "hand_finished"
    elif case == "no_gap":           # handed back already (another key)
        _over(db, night_id, hand_id, key="over-first")
        code = "hand_over_nothing"
    elif case == "stale":            # another tablet wrote to the hand since
        kw["version"] = hand_version(db, hand_id) - 1
        code = "stale_version"
    elif case == "count":            # the tablet showed another count of lines
        kw["events"] = 2
        code = "hand_over_changed"
    elif case == "ruled":            # the host ruled on the hand: it changes only through the dispute page
        dispute = store.open_dispute(db, hand_id, ids["Chus"], "el bote era mío")
        store.record_ruling(db, dispute, decision="rejected", rule="RRoP, Showdown 3", entered_by="host")
        code = "hand_ruled"
    else:                            # Bruno counted the chips he held (a second tester's finding: the
        store.cash_out(db, night_id, ids["Bruno"], 540, entered_by="host")   # count went stale)
        code = "hand_over_counted"
    before = snapshot(app.config["DATABASE"])
    with pytest.raises(store.StoreError) as caught:
        _over(db, night_id, hand_id, key="over-refused", **kw)
    assert caught.value.code == code
    assert snapshot(app.config["DATABASE"]) == before


def test_after_the_hand_over_an_upheld_dispute_moves_nothing_more(db, table):
    """The chips are not moved twice: the ruling's moves are the push's difference less
    every live ``d move`` line of the hand, the tablet's too (it has no ruling row)."""
    night_id, hand_id, ids = table
    _over(db, night_id, hand_id)
    dispute = store.open_dispute(db, hand_id, ids["Chus"], "Bruno abrió con dieces")
    preview = store.preview_ruling(db, dispute, decision="upheld")
    assert preview["moves"] == [] and preview["mode"] is None and preview["refusal"] is None
    ruling = store.record_ruling(db, dispute, decision="upheld", rule="RRoP, Draw Poker", entered_by="host")
    assert store.get_dispute(db, dispute)["ruling"]["id"] == ruling
    assert store.get_dispute(db, dispute)["ruling"]["moves"] == []
    assert store.ruling_moves(db, night_id) == {} and table_moves(db, night_id) == {}
    assert _live(db, hand_id).count(LINE) == 1                 # no second d move line


def test_without_the_hand_over_the_same_ruling_moves_the_pot(db, table):
    """(The contrast, so the test above can fail: the same dispute upheld on the hand as
    pushed moves the pot.)"""
    night_id, hand_id, ids = table
    dispute = store.open_dispute(db, hand_id, ids["Chus"], "Bruno abrió con dieces")
    store.record_ruling(db, dispute, decision="upheld", rule="RRoP, Draw Poker", entered_by="host")
    assert store.ruling_moves(db, night_id) == {ids["Bruno"]: -75, ids["Chus"]: 75}


@pytest.mark.parametrize("handed_over", [True, False], ids=["at_the_table", "chips_left"])
def test_counts_equal_to_the_chips_on_the_table_are_no_finding(db, table, handed_over):
    night_id, hand_id, ids = table
    if handed_over:
        _over(db, night_id, hand_id)
    held = {int(s): c for s, c in store.hand_check(db, hand_id)["chips_on_table"].items()}
    assert held == ({1: 495, 3: 465, 4: 540} if handed_over else {1: 495, 3: 540, 4: 465})
    for p in store.table_players(db, night_id):
        store.cash_out(db, night_id, p["player_id"], held[p["seat"]], entered_by="host")
    assert count_findings(db, night_id) == []
    nets = {p["name"]: p["net_chips"] for p in store.night_summary(db, night_id)["players"]}
    # at the table the nets are the rules' (Chus wins the pot); chips left where they were
    # pushed follow the push until a host's ruling settles it in money
    assert nets == ({"Ana": -5, "Bruno": -35, "Chus": 40} if handed_over else {"Ana": -5, "Bruno": 40, "Chus": -35})


def test_a_correction_keeps_the_tablets_hand_over_or_writes_it_again(db, table):
    """A second tester's finding: a ruling's correction voided the tablet's ``d move`` line
    (the chips went back on the pages though they were handed over) and moved the pot in
    money too. A correction that drops the line is refused, nothing written; one that
    writes it again as it was (a correction voids everything after the first line it
    changes) is let through."""
    night_id, hand_id, ids = table
    _over(db, night_id, hand_id)
    live = _live(db, hand_id)
    dispute = store.open_dispute(db, hand_id, ids["Chus"], "Bruno abrió con dieces")
    events = len(store.hand_actions(db, hand_id))
    with pytest.raises(store.StoreError) as caught:
        store.record_ruling(db, dispute, decision="upheld", rule="RRoP, Draw Poker",
                            actions=[a for a in live if a != LINE], entered_by="host", mode="money")
    assert caught.value.code == "correction_voids_table_moves" and len(store.hand_actions(db, hand_id)) == events
    move = next(a for a in store.hand_actions(db, hand_id) if a["action"] == LINE and not a["voided"])
    hand = {**store.hand.rows.hand_row(db, hand_id), "night_id": night_id}
    require_moves_kept(db, hand, [{"event_id": move["event_id"], "action": LINE}], [LINE])   # written again
    with pytest.raises(store.StoreError):
        require_moves_kept(db, hand, [{"event_id": move["event_id"], "action": LINE}], ["d move p3 p4 74"])
