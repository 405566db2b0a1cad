"""Money edge cases of a night: uneven chip values, midnight, namesakes, double submits,
table stakes."""

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

import store
import store.core.transactions as store_db
from store import StoreError
from store.hand.start_void import void_current_start
from store.hand.table_view import table_view


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


def test_a_rebuy_during_a_hand_counts_from_the_next_hand(db):
    """Seed 000: «Tampoco puede nadie aumentar su resto, una vez vistas sus cartas
    iniciales.» (table stakes, Robert's Rules of Poker section 3): a rebuy taken while a
    hand is in progress is kept (issue 26: home hosts take it then) and plays from the next
    hand; the hand in progress is judged as before, its stacks without the chips."""
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = seat_all(db, night_id, ["Ana", "Bruno"])
    hand = store.start_hand(db, night_id, button=1, entered_by="dealer")
    store.append_action(db, hand, "p2 ante 1", entered_by="dealer", key="a2")
    judged = store.hand_check(db, hand)
    store.buy_in(db, night_id, ids["Ana"], 50, entered_by="host")
    assert store.bank_check(db, night_id)["bought"] == 250
    view = table_view(db, night_id)
    ana = next(s for s in view["seats"] if s["name"] == "Ana")
    assert (ana["stack"], ana["coming"]) == (100, 50)   # the hand's stack; the rebuy waits
    for line in ("p1 ante 1", "p2 check", "p1 check"):
        store.append_action(db, hand, line, entered_by="dealer", key=f"x-{line}")
    store.end_hand(db, hand, entered_by="dealer")
    after = store.hand_check(db, hand)
    assert after["stacks"] == {"1": 99, "2": 99} and judged is not None
    second = store.start_hand(db, night_id, entered_by="dealer")
    view = table_view(db, night_id)
    assert view["hand_id"] == second
    assert {s["name"]: (s["stack"], s["coming"]) for s in view["seats"]} == {"Ana": (149, 0), "Bruno": (99, 0)}


def test_a_start_with_a_rebuy_taken_during_it_is_not_voided_until_the_rebuy_is(db):
    """A rebuy taken during hand 1 counts from hand 2; voiding hand 1's start would give its
    number to the next hand and move the rebuy one hand later: refused, said with the name."""
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = seat_all(db, night_id, ["Ana", "Bruno"])
    store.start_hand(db, night_id, button=1, entered_by="dealer")
    entry = store.buy_in(db, night_id, ids["Bruno"], 30, entered_by="host")
    with pytest.raises(StoreError) as refused:
        void_current_start(db, night_id, reason="empezada por error", entered_by="host")
    assert (refused.value.code, refused.value.params) == ("hand_has_buy_ins", {"number": 1, "names": "Bruno"})
    store.void_entry(db, entry, reason="mejor luego", entered_by="host")
    void_current_start(db, night_id, reason="empezada por error", entered_by="host")
    assert store.current_hand(db, night_id) is None


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
