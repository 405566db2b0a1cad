"""Every hand is judged by the referee when a write changes it; its ruling is stored with
the hand and judged again when a correction lands."""

import json

import pytest

import store

ACTIONS = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 call", "p1 call",
           "p1 draw 3", "p3 draw 3", "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call",
           "p3 show JhJd8c8s3d", "p1 show 9s9d5c4h2s"]


@pytest.fixture
def hand(db):
    """The clean jackpots hand of shared/cases/clean_jackpot_hand.json, without its award."""
    night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                                  chip_cents=10)
    for seat, name in ((1, "Ana"), (3, "Bruno"), (4, "Chus")):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 500, entered_by="host")
    hand_id = store.start_hand(db, night_id, button=4, entered_by="dealer")
    for i, action in enumerate(ACTIONS):
        store.append_action(db, hand_id, action, entered_by="dealer", key=f"a{i}")
    return night_id, hand_id


def kinds(entry):
    return [(f["kind"], f["action"]) for f in entry["findings"]]


def test_a_wrong_award_is_found_and_cleared_when_the_correction_lands(db, hand):
    night_id, hand_id = hand
    wrong = store.append_action(db, hand_id, "d award p1 85", entered_by="dealer", key="award")
    assert ("wrong_award", 15) in kinds(store.hand_check(db, hand_id))
    store.void_event(db, wrong, reason="pot pushed to the wrong seat", entered_by="host")
    # the correction's result is stored at once, by the correction's own write
    stored = json.loads(db.execute("SELECT entry FROM hand_results WHERE hand_id = ?", [hand_id]).fetchone()[0])
    assert stored["hand"] == 1 and ("wrong_award", 15) not in kinds(stored)
    store.append_action(db, hand_id, "d award p3 85", entered_by="dealer", key="award-2")
    entry = store.hand_check(db, hand_id)
    assert [f for f in entry["findings"] if f["severity"] == "error"] == []
    assert entry["stacks"] == {"1": 465, "3": 550, "4": 485}


def test_an_unparseable_action_is_refused_and_the_check_unchanged(db, hand):
    """Issue 13: a line the referee cannot read is refused before it is stored."""
    _, hand_id = hand
    before = store.hand_check(db, hand_id)
    with pytest.raises(store.StoreError) as refused:
        store.append_action(db, hand_id, "p3 wins everything", entered_by="dealer", key="bad")
    assert refused.value.code == "actions_invalid"
    assert store.hand_check(db, hand_id) == before


def test_the_ruling_stored_by_the_write_is_what_reads_return(db, hand, monkeypatch):
    night_id, hand_id = hand
    first = store.hand_check(db, hand_id)
    monkeypatch.setattr(store.hand.judging, "play_hand", lambda *a: pytest.fail("judged on a read"))
    assert store.hand_check(db, hand_id) == first
    assert store.check_night(db, night_id)["hands"] == [first]
