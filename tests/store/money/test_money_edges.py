"""Money edge cases of a night: uneven chip values, midnight, namesakes, double submits,
table stakes."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

import store
import store.core.transactions as store_db
from store import StoreError


def seat_all(db, night_id, names, stack=100):
    ids = {}
    for seat, name in enumerate(names, start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="host")
        if stack:
            store.buy_in(db, night_id, ids[name], stack, entered_by="host")
    return ids


def test_chip_value_that_does_not_divide_evenly_keeps_the_sum_at_zero_by_largest_remainder(db):
    # 3 chips = 10 cents: +1 chip is 3.33 cents; the remainder cent goes to the largest remainder
    night_id = store.create_night(db, rules="jackpots", chip_cents=10, chips_per=3)
    ids = seat_all(db, night_id, ["Ana", "Bruno", "Chus", "Dani"], stack=30)
    for name, counted in (("Ana", 31), ("Bruno", 31), ("Chus", 31), ("Dani", 27)):
        store.cash_out(db, night_id, ids[name], counted, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host")
    cents = {p["name"]: p["net_cents"] for p in summary["players"]}
    assert cents == {"Ana": 4, "Bruno": 3, "Chus": 3, "Dani": -10}
    assert sum(cents.values()) == 0
    assert sum(t["cents"] for t in summary["transfers"]) == 10
    assert all(isinstance(t["cents"], int) and t["cents"] > 0 for t in summary["transfers"])


def test_night_from_21_00_to_02_30_in_mexico_city_stays_one_night_dated_by_its_start(db, monkeypatch):
    tz = ZoneInfo("America/Mexico_City")
    start = datetime(2026, 3, 14, 21, 0, tzinfo=tz)
    now = {"t": start}
    monkeypatch.setattr(store_db, "clock", lambda: now["t"].astimezone(timezone.utc))
    night_id = store.create_night(db, rules="jackpots", chip_cents=100, currency="MXN",
                                  timezone="America/Mexico_City")
    ids = seat_all(db, night_id, ["Ana", "Bruno"])
    now["t"] = start + timedelta(hours=2)  # 23:00
    hand = store.start_hand(db, night_id, button=1, entered_by="dealer")
    store.append_action(db, hand, "p1 ante 1", entered_by="dealer", key="a")
    now["t"] = datetime(2026, 3, 15, 2, 30, tzinfo=tz)  # past midnight
    store.end_hand(db, hand, entered_by="dealer")
    store.cash_out(db, night_id, ids["Ana"], 110, entered_by="host")
    store.cash_out(db, night_id, ids["Bruno"], 90, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host")
    night = summary["night"]
    assert night["local_date"] == "2026-03-14"
    assert night["started_at"] == "2026-03-15T03:00:00+00:00"  # stored in UTC
    assert night["started_local"].strftime("%Y-%m-%d %H:%M") == "2026-03-14 21:00"
    assert night["ended_local"].strftime("%Y-%m-%d %H:%M") == "2026-03-15 02:30"
    assert store.list_nights(db) == [{"id": night_id, "local_date": "2026-03-14",
                                      "timezone": "America/Mexico_City", "currency": "MXN", "title": None,
                                      "copy_of": None, "demo": False}]
    assert {p["name"]: p["net_cents"] for p in summary["players"]} == {"Ana": 1000, "Bruno": -1000}


def test_two_players_with_the_same_display_name_are_told_apart(db):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    with pytest.raises(StoreError) as refused:
        seat_all(db, night_id, ["Alex", "alex"])
    assert (refused.value.code, refused.value.params) == ("duplicate_name", {"name": "Alex"})  # "tell them apart"
    ids = {"Alex": store.find_player(db, "Alex")}
    ids["Alex R."] = store.add_player(db, "Alex R.")
    store.seat_player(db, night_id, ids["Alex R."], 2, entered_by="host")
    store.buy_in(db, night_id, ids["Alex R."], 100, entered_by="host")
    store.cash_out(db, night_id, ids["Alex"], 160, entered_by="host")
    store.cash_out(db, night_id, ids["Alex R."], 40, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host")
    rows = {p["player_id"]: p for p in summary["players"]}
    assert rows[ids["Alex"]]["net_chips"] == 60 and rows[ids["Alex R."]]["net_chips"] == -60
    assert summary["transfers"] == [{"payer_id": ids["Alex R."], "payer": "Alex R.",
                                     "payee_id": ids["Alex"], "payee": "Alex", "cents": 600}]


def test_a_session_file_with_two_players_of_the_same_name_is_refused(db):
    session = {"format": "tapete/1", "rules": "jackpots",
               "players": [{"seat": 1, "name": "Alex", "stack": 100}, {"seat": 2, "name": "ALEX", "stack": 100}],
               "hands": []}
    with pytest.raises(StoreError) as refused:
        store.import_session(db, session)
    assert (refused.value.code, refused.value.params) == ("session_invalid", {"what": "shared_name"})
    assert db.execute("SELECT COUNT(*) FROM nights").fetchone()[0] == 0


def test_a_double_submitted_buy_in_is_stored_once(db):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = seat_all(db, night_id, ["Ana", "Bruno"], stack=0)
    first = store.buy_in(db, night_id, ids["Ana"], 200, entered_by="host", key="form-7f3a")
    second = store.buy_in(db, night_id, ids["Ana"], 200, entered_by="host", key="form-7f3a")
    assert first == second
    assert store.bank_check(db, night_id)["bought"] == 200
    assert db.execute("SELECT COUNT(*) FROM ledger WHERE kind = 'buy_in'").fetchone()[0] == 1


def test_a_rebuy_during_a_hand_is_refused_with_a_clear_error(db):
    """Table stakes (Robert's Rules of Poker, section 3): chips only between hands."""
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = seat_all(db, night_id, ["Ana", "Bruno"])
    hand = store.start_hand(db, night_id, button=1, entered_by="dealer")
    with pytest.raises(StoreError) as refused:
        store.buy_in(db, night_id, ids["Ana"], 50, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("hand_in_progress", {"number": 1, "name": "Ana"})
    assert store.bank_check(db, night_id)["bought"] == 200
    store.end_hand(db, hand, entered_by="dealer")
    store.buy_in(db, night_id, ids["Ana"], 50, entered_by="host")
    assert store.bank_check(db, night_id)["bought"] == 250


@pytest.mark.parametrize("chips", [0, -5, 2.5, "10", True])
def test_buy_in_amount_must_be_a_positive_whole_number_of_chips(db, chips):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = seat_all(db, night_id, ["Ana", "Bruno"], stack=0)
    with pytest.raises(StoreError) as refused:
        store.buy_in(db, night_id, ids["Ana"], chips, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("not_whole", {"field": "chips", "low": 1})


def test_a_key_reused_for_another_kind_of_write_is_refused(db):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = seat_all(db, night_id, ["Ana", "Bruno"], stack=0)
    store.buy_in(db, night_id, ids["Ana"], 100, entered_by="host", key="form-1")
    with pytest.raises(StoreError) as refused:
        store.cash_out(db, night_id, ids["Ana"], 100, entered_by="host", key="form-1")
    assert (refused.value.code, refused.value.params) == ("key_reused", {"key": "form-1", "kind": "buy_in"})
    assert store.bank_check(db, night_id)["uncounted"] == ["Ana"]
