"""Corrections and the money rules found by the tester (issue 4 follow-up): counts that add
up, recounts, keys reused for another write, seating in one transaction, unseat and voided
hand starts, the sign of a bank difference, a carried pot at the close, player names."""

import pytest
from samples import synthetic_session

import store
from store import StoreError


@pytest.fixture
def table(db):
    """A night (1 chip = 10 cents), Ana (seat 1) and Bruno (seat 2) with 100 chips each."""
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = {}
    for seat, name in enumerate(["Ana", "Bruno"], start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="host")
        store.buy_in(db, night_id, ids[name], 100, entered_by="host")
    return db, night_id, ids


# 1. cash-outs add up; a recount is an explicit correction

def test_cash_out_leave_come_back_cash_out_again_adds_up(table):
    db, night_id, ids = table
    store.cash_out(db, night_id, ids["Ana"], 150, entered_by="host")  # leaves with 150
    store.buy_in(db, night_id, ids["Ana"], 100, entered_by="host")  # comes back
    store.cash_out(db, night_id, ids["Ana"], 40, entered_by="host")
    store.cash_out(db, night_id, ids["Bruno"], 110, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host")
    ana = next(p for p in summary["players"] if p["name"] == "Ana")
    assert (ana["bought"], ana["counted"], ana["net_chips"]) == (200, 190, -10)
    assert db.execute("SELECT COUNT(*) FROM ledger WHERE kind = 'void'").fetchone()[0] == 0


def test_a_player_back_at_the_table_must_count_again_before_the_close(table):
    db, night_id, ids = table
    store.cash_out(db, night_id, ids["Ana"], 150, entered_by="host")
    store.buy_in(db, night_id, ids["Ana"], 100, entered_by="host")
    store.cash_out(db, night_id, ids["Bruno"], 50, entered_by="host")
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("uncounted", {"names": ["Ana"]})


def test_recount_voids_the_earlier_count_with_reason_recount(table):
    db, night_id, ids = table
    first = store.cash_out(db, night_id, ids["Ana"], 90, entered_by="host")
    with pytest.raises(StoreError) as refused:
        store.cash_out(db, night_id, ids["Ana"], 120, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("already_counted", {"name": "Ana", "chips": 90})  # recount
    store.recount(db, night_id, ids["Ana"], 120, entered_by="host", key="rc-1")
    assert store.recount(db, night_id, ids["Ana"], 120, entered_by="host", key="rc-1")  # repeat
    assert db.execute("SELECT target, reason FROM ledger WHERE kind = 'void'").fetchall() == [(first, "recount")]
    store.cash_out(db, night_id, ids["Bruno"], 80, entered_by="host")
    assert store.bank_check(db, night_id)["balanced"]


def test_recount_needs_a_count_to_correct(table):
    db, night_id, ids = table
    with pytest.raises(StoreError) as refused:
        store.recount(db, night_id, ids["Ana"], 100, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("no_count", {"name": "Ana"})


# 5. a key reused for a different write is refused

def test_same_key_same_payload_is_idempotent_different_payload_is_refused(table):
    db, night_id, ids = table
    first = store.buy_in(db, night_id, ids["Ana"], 100, entered_by="host", key="rb1")
    assert store.buy_in(db, night_id, ids["Ana"], 100, entered_by="host", key="rb1") == first
    with pytest.raises(StoreError) as refused:
        store.buy_in(db, night_id, ids["Ana"], 999, entered_by="host", key="rb1")
    assert (refused.value.code, refused.value.params) == ("key_reused", {"key": "rb1", "kind": "buy_in"})
    with pytest.raises(StoreError) as refused:
        store.buy_in(db, night_id, ids["Bruno"], 100, entered_by="host", key="rb1")
    assert (refused.value.code, refused.value.params) == ("key_reused", {"key": "rb1", "kind": "buy_in"})
    assert store.bank_check(db, night_id)["bought"] == 300


def test_an_action_key_reused_in_another_hand_or_for_other_text_is_refused(table):
    db, night_id, _ = table
    hand = store.start_hand(db, night_id, button=1, entered_by="host")
    event = store.append_action(db, hand, "p1 ante 5", entered_by="dealer", key="tap-1")
    assert store.append_action(db, hand, "p1  ante 5", entered_by="dealer", key="tap-1") == event
    with pytest.raises(StoreError) as refused:
        store.append_action(db, hand, "p2 ante 5", entered_by="dealer", key="tap-1")
    assert (refused.value.code, refused.value.params) == ("key_reused", {"key": "tap-1", "kind": "action"})
    store.end_hand(db, hand, entered_by="dealer")
    second = store.start_hand(db, night_id, entered_by="host")
    with pytest.raises(StoreError) as refused:
        store.append_action(db, second, "p1 ante 5", entered_by="dealer", key="tap-1")
    assert (refused.value.code, refused.value.params) == ("key_reused", {"key": "tap-1", "kind": "action"})
    assert store.hand_actions(db, second) == []


# 6. seat + buy-in in one transaction; unseat; void a hand start

def test_seating_during_a_hand_is_refused_whole(table):
    db, night_id, _ = table
    store.start_hand(db, night_id, button=1, entered_by="host")
    with pytest.raises(StoreError) as refused:
        store.join_table(db, night_id, "Chus", 3, 200, entered_by="host", key="seat-form-1")
    assert refused.value.code == "hand_in_progress"
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana", "Bruno"]
    assert store.bank_check(db, night_id)["bought"] == 200
    assert store.find_player(db, "Chus") is None


def test_join_table_seats_and_buys_in_together(table):
    db, night_id, _ = table
    with pytest.raises(StoreError) as refused:
        store.join_table(db, night_id, "Chus", 3, 10**13, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("too_large", {"field": "chips", "max": 10**12})
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana", "Bruno"]
    chus = store.join_table(db, night_id, "Chus", 3, 200, entered_by="host", key="seat-form-2")
    assert store.join_table(db, night_id, "Chus", 3, 200, entered_by="host", key="seat-form-2") == chus
    assert store.bank_check(db, night_id)["bought"] == 400


def test_unseat_before_any_hand_frees_the_seat_and_voids_the_buy_in(table):
    db, night_id, ids = table
    with pytest.raises(StoreError) as refused:
        store.unseat(db, night_id, ids["Bruno"], reason=" ", entered_by="host")
    assert refused.value.code == "reason_needed"
    store.unseat(db, night_id, ids["Bruno"], reason="wrong player", entered_by="host")
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana"]
    assert store.bank_check(db, night_id)["bought"] == 100
    chus = store.add_player(db, "Chus")
    store.seat_player(db, night_id, chus, 2, entered_by="host")
    row = db.execute("SELECT reason, entered_by FROM ledger WHERE kind = 'unseat'").fetchone()
    assert row == ("wrong player", "host")


def test_a_player_who_played_must_cash_out_before_leaving_and_keeps_the_money(table):
    db, night_id, ids = table
    hand = store.start_hand(db, night_id, button=1, entered_by="host")
    store.end_hand(db, hand, entered_by="dealer")
    with pytest.raises(StoreError) as refused:
        store.unseat(db, night_id, ids["Bruno"], reason="goes home", entered_by="host")
    assert (refused.value.code, refused.value.params) == ("count_first", {"name": "Bruno"})
    store.cash_out(db, night_id, ids["Bruno"], 100, entered_by="host")
    store.unseat(db, night_id, ids["Bruno"], reason="goes home", entered_by="host")
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana"]
    assert [p["name"] for p in store.night_session(db, night_id)["players"]] == ["Ana", "Bruno"]
    dani = store.add_player(db, "Dani")
    with pytest.raises(StoreError) as refused:
        store.seat_player(db, night_id, dani, 2, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("seat_kept", {"seat": 2, "name": "Bruno"})
    store.cash_out(db, night_id, ids["Ana"], 100, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host")
    assert {p["name"]: p["net_chips"] for p in summary["players"]} == {"Ana": 0, "Bruno": 0}


def test_a_hand_start_with_no_action_can_be_voided_and_its_number_is_reused(table):
    db, night_id, _ = table
    hand = store.start_hand(db, night_id, button=1, entered_by="host")
    store.void_hand_start(db, hand, reason="started by mistake", entered_by="host", key="vh")
    assert store.current_hand(db, night_id) is None and store.night_hands(db, night_id) == []
    again = store.start_hand(db, night_id, button=2, entered_by="host")
    assert store.get_hand(db, again)["number"] == 1
    store.append_action(db, again, "p1 ante 5", entered_by="dealer", key="a")
    with pytest.raises(StoreError) as refused:
        store.void_hand_start(db, again, reason="oops", entered_by="host")
    assert (refused.value.code, refused.value.params) == ("hand_has_actions", {"number": 1})


# 7. the sign of the bank difference decides charge or credit

def test_an_excess_can_be_charged_but_not_credited(table):
    db, night_id, ids = table
    store.cash_out(db, night_id, ids["Ana"], 110, entered_by="host")
    store.cash_out(db, night_id, ids["Bruno"], 100, entered_by="host")  # 10 too many
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host", resolution="credit", charge_player_id=ids["Ana"])
    assert refused.value.code == "excess_credited" and refused.value.params["difference"] == 10
    summary = store.close_night(db, night_id, entered_by="host", resolution="charge", charge_player_id=ids["Ana"])
    ana = next(p for p in summary["players"] if p["name"] == "Ana")
    assert ana["adjustment"] == -10 and ana["net_chips"] == 0


def test_a_shortage_cannot_be_charged_but_can_be_credited(table):
    db, night_id, ids = table
    store.cash_out(db, night_id, ids["Ana"], 90, entered_by="host")
    store.cash_out(db, night_id, ids["Bruno"], 100, entered_by="host")  # 10 missing
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host", resolution="charge", charge_player_id=ids["Ana"])
    assert refused.value.code == "shortage_charged" and refused.value.params["difference"] == -10
    assert not store.get_night(db, night_id)["closed"]
    summary = store.close_night(db, night_id, entered_by="host", resolution="credit", charge_player_id=ids["Ana"])
    ana = next(p for p in summary["players"] if p["name"] == "Ana")
    assert ana["adjustment"] == 10 and ana["net_chips"] == 0


# 8. a pot carried after the last hand is on the table and goes back at the close

def _ends_passed_out(hands):
    session = synthetic_session(hands=hands, players=9)
    last = session["hands"][-1]["actions"]
    return session if not any("award" in a for a in last) else None


def test_a_night_whose_last_hand_is_passed_out_closes_returning_the_pot(db):
    session = next(s for s in (_ends_passed_out(n) for n in range(2, 60)) if s)
    night_id = store.import_session(db, session, chip_cents=5)
    bank = store.bank_check(db, night_id)
    assert bank["carried"] > 0 and bank["difference"] == 0
    assert bank["counted"] + bank["carried"] == bank["bought"]
    summary = store.close_night(db, night_id, entered_by="host")
    assert summary["bank"]["pot_returned"] == bank["carried"]
    assert sum(p["net_chips"] for p in summary["players"]) == 0
    assert sum(p["net_cents"] for p in summary["players"]) == 0
    # everyone anted the same into the carried pot: equal shares (largest remainder)
    returned = [p["adjustment"] for p in summary["players"]]
    assert max(returned) - min(returned) <= 1 and sum(returned) == bank["carried"]


def test_synthetic_night_needs_two_to_ten_seats():
    with pytest.raises(ValueError, match="2 to 10 seats"):
        synthetic_session(hands=3, players=11)


# 9. player names

@pytest.mark.parametrize("name", ["Ana\u200b", "A\x00na", "\u202eAna"])
def test_names_with_control_or_format_characters_are_refused(db, name):
    with pytest.raises(StoreError) as refused:
        store.add_player(db, name)
    assert refused.value.code == "name_invisible"  # control or invisible characters
    assert store.list_players(db) == []


def test_names_are_normalised_nfc_stripped_and_spaces_collapsed(db):
    player = store.add_player(db, "  Jose\u0301   María ")
    assert store.get_player(db, player)["name"] == "Jos\u00e9 María"
    with pytest.raises(StoreError) as refused:
        store.add_player(db, "JOSÉ MARÍA")
    assert (refused.value.code, refused.value.params) == ("duplicate_name", {"name": "José María"})
