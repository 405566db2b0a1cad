"""Setting up a night in a minute and counting it out on one screen (issue 26,
``store.night.setup``): the last night's players in their seats, the roster with the next
free seat, the default buy-in, everyone buying in at once, every count in one write, the
counts and the close together or not at all."""

from __future__ import annotations

from datetime import datetime

import pytest

import store
from store.night import setup
from store.night.demo import DEMO_BY, hide_demo
from store.player.players import player_by_name


def _night(db, day: int, buy_in: int | None = None, rules="jackpots", **extra) -> int:
    return store.create_night(db, rules=rules, chip_cents=10, buy_in=buy_in,
                              started_at=datetime(2026, 3, day, 21, 0), **extra)


def _seat(db, night_id, name, seat, chips=None):
    return store.money.chip_entries.seat_between_hands(db, night_id, name, seat, chips, entered_by="host")


def test_the_default_buy_in_is_kept_with_the_night_and_offered_to_the_next(db):
    assert setup.last_buy_in(db) is None
    first = _night(db, 1, buy_in=150)
    assert setup.night_buy_in(db, first) == 150 and store.get_night(db, first)["buy_in"] == 150
    assert setup.last_buy_in(db) == 150
    _night(db, 8)                                        # a night with none said: the one before's stays
    assert setup.last_buy_in(db) == 150
    with pytest.raises(store.StoreError) as refused:
        _night(db, 9, buy_in=0)
    assert refused.value.code == "not_whole" and refused.value.params["field"] == "buy_in"


def test_without_a_default_the_last_nights_most_common_buy_in_is_offered(db):
    night = _night(db, 1)
    for name, seat, chips in (("Ana", 1, 100), ("Bruno", 2, 100), ("Chus", 3, 200)):
        _seat(db, night, name, seat, chips)
    assert setup.last_buy_in(db) == 100


def test_the_last_nights_players_sit_in_their_seats_in_one_write(db):
    before = _night(db, 1)
    for name, seat in (("Ana", 2), ("Bruno", 4), ("Chus", 7)):
        _seat(db, before, name, seat, 100)
    tonight = _night(db, 8)
    _seat(db, tonight, "Dora", 4)                        # Bruno's seat is taken tonight
    assert setup.last_night(db, tonight)["night_id"] == before
    names = setup.seat_last_night(db, tonight, entered_by="host", key="seat-last-key")
    seats = {p["name"]: p["seat"] for p in store.night_players(db, tonight)}
    assert seats == {"Ana": 2, "Dora": 4, "Chus": 7, "Bruno": 1}   # Bruno: the first seat nobody wants
    assert names == ["Bruno", "Ana", "Chus"]
    # the same tap again stores nothing new; a new tap says nobody is new
    assert setup.seat_last_night(db, tonight, entered_by="host", key="seat-last-key")
    assert len(store.night_players(db, tonight)) == 4
    with pytest.raises(store.StoreError) as refused:
        setup.seat_last_night(db, tonight, entered_by="host", key="another-key-1")
    assert refused.value.code == "nobody_new"


def test_no_last_night_is_refused_and_nothing_is_written(db):
    night = _night(db, 1)
    with pytest.raises(store.StoreError) as refused:
        setup.seat_last_night(db, night, entered_by="host")
    assert refused.value.code == "no_last_night"
    assert store.night_players(db, night) == []


def test_the_roster_offers_the_seat_of_last_time_or_the_next_free_one(db):
    before = _night(db, 1)
    _seat(db, before, "Ana", 5, 100)
    _seat(db, before, "Bruno", 1, 100)
    player_by_name(db, "Zoe")                      # in the club, never played
    tonight = _night(db, 8)
    _seat(db, tonight, "Chus", 1)
    assert setup.free_seats(db, tonight) == [2, 3, 4, 5, 6, 7, 8, 9, 10]
    offered = {p["name"]: p["seat"] for p in setup.roster(db, tonight)}
    assert offered == {"Ana": 5, "Bruno": 2, "Zoe": 2}
    assert [p["name"] for p in setup.roster(db, tonight)][:2] == ["Bruno", "Ana"]  # last night's first


def test_everyone_without_a_buy_in_buys_in_at_once(db):
    night = _night(db, 1, buy_in=100)
    _seat(db, night, "Ana", 1, 300)
    for name, seat in (("Bruno", 2), ("Chus", 3)):
        _seat(db, night, name, seat)
    assert setup.buy_in_everyone(db, night, 100, entered_by="host", key="buy-all-key") == ["Bruno", "Chus"]
    bought = {r["name"]: r["bought"] for r in store.night_summary(db, night)["players"]}
    assert bought == {"Ana": 300, "Bruno": 100, "Chus": 100}
    setup.buy_in_everyone(db, night, 100, entered_by="host", key="buy-all-key")   # the same tap twice
    with pytest.raises(store.StoreError) as refused:
        setup.buy_in_everyone(db, night, 100, entered_by="host", key="buy-all-key-2")
    assert refused.value.code == "nobody_to_buy_in"
    assert {r["name"]: r["bought"] for r in store.night_summary(db, night)["players"]} == bought


def test_a_bad_amount_for_everyone_writes_nothing(db):
    night = _night(db, 1)
    _seat(db, night, "Ana", 1)
    with pytest.raises(store.StoreError) as refused:
        setup.buy_in_everyone(db, night, 0, entered_by="host")
    assert refused.value.code == "not_whole"
    assert store.night_summary(db, night)["players"] == [] or \
        all(r["bought"] == 0 for r in store.night_summary(db, night)["players"])


def _counted(db, night):
    return {r["name"]: r["counted"] for r in store.night_summary(db, night)["players"]}


def test_every_count_in_one_write_a_recount_where_it_differs(db):
    night = _night(db, 1)
    ids = {name: _seat(db, night, name, seat, 100) for name, seat in (("Ana", 1), ("Bruno", 2))}
    stored = setup.record_counts(db, night, {ids["Ana"]: 120, ids["Bruno"]: 80}, entered_by="host", key="counts-1")
    assert [s["before"] for s in stored] == [None, None]
    assert _counted(db, night) == {"Ana": 120, "Bruno": 80}
    stored = setup.record_counts(db, night, {ids["Ana"]: 120, ids["Bruno"]: 81}, entered_by="host", key="counts-2")
    assert stored == [{"player_id": ids["Bruno"], "chips": 81, "before": 80}]   # Ana's the same: untouched
    assert _counted(db, night) == {"Ana": 120, "Bruno": 81}


def test_one_bad_count_writes_none_of_them(db):
    night = _night(db, 1)
    ids = {name: _seat(db, night, name, seat, 100) for name, seat in (("Ana", 1), ("Bruno", 2))}
    with pytest.raises(store.StoreError):
        setup.record_counts(db, night, {ids["Ana"]: 120, 999: 80}, entered_by="host")
    assert _counted(db, night) == {"Ana": None, "Bruno": None}
    with pytest.raises(store.StoreError) as refused:
        setup.record_counts(db, night, {}, entered_by="host")
    assert refused.value.code == "no_counts"


def test_the_counts_and_the_close_together_or_not_at_all(db):
    night = _night(db, 1)
    ids = {name: _seat(db, night, name, seat, 100) for name, seat in (("Ana", 1), ("Bruno", 2))}
    with pytest.raises(store.StoreError) as refused:     # the bank is off and no resolution: no counts stored
        setup.count_and_close(db, night, {ids["Ana"]: 150, ids["Bruno"]: 80}, entered_by="host", key="close-1")
    assert refused.value.code == "bank_unbalanced"
    assert _counted(db, night) == {"Ana": None, "Bruno": None} and not store.get_night(db, night)["closed"]
    summary = setup.count_and_close(db, night, {ids["Ana"]: 120, ids["Bruno"]: 80}, entered_by="host",
                                    key="close-2")
    assert store.get_night(db, night)["closed"] and summary["bank"]["balanced"]
    again = setup.count_and_close(db, night, {ids["Ana"]: 120, ids["Bruno"]: 80}, entered_by="host", key="close-2")
    assert again["bank"] == summary["bank"]              # the same form twice: closed once, no refusal


def _demo(db, day: int) -> int:
    """A demo night (closed by ``flask demo``'s ``DEMO_BY``) with Ana, Bruno, Chus and Dani."""
    night = _night(db, day, buy_in=500, title="Demo")
    for seat, name in enumerate(("Ana", "Bruno", "Chus", "Dani"), 1):
        _seat(db, night, name, seat, 100)
        store.cash_out(db, night, player_by_name(db, name), 100, entered_by="host")
    store.close_night(db, night, entered_by=DEMO_BY)
    return night


def test_the_demo_night_is_never_the_last_night_nor_in_the_roster(db):
    """Issue 26, a tester's finding: night 2's "the same as last time" offered the demo's
    players, also after the demo was hidden, and they stayed in the roster."""
    demo = _demo(db, 1)
    real = _night(db, 2, rules={"preset": "internacional", "ante": 2})
    _seat(db, real, "Elena", 1, 100)
    assert setup.last_night(db, real) is None                # the demo is no last night
    assert [p["name"] for p in setup.roster(db, real)] == []  # nor are its players the club's
    assert setup.last_buy_in(db) == 100                       # Elena's, not the demo's 500
    with pytest.raises(store.StoreError) as refused:
        setup.seat_last_night(db, real, entered_by="host")
    assert refused.value.code == "no_last_night"
    hide_demo(db, demo, entered_by="host")
    tonight = _night(db, 9, rules="jackpots")
    assert setup.last_night(db, tonight)["night_id"] == real
    assert [p["name"] for p in setup.roster(db, tonight)] == ["Elena"]


def test_the_last_real_nights_rules_are_offered_not_the_demos_nor_a_copys(db):
    assert setup.last_rules(db) is None
    _night(db, 1, rules={"preset": "internacional", "ante": 2, "draws": 2})
    _demo(db, 5)
    assert setup.last_rules(db) == {"preset": "internacional", "ante": 2, "draws": 2}
    assert setup.nights_page(db)["last_rules"] == {"preset": "internacional", "ante": 2, "draws": 2}
    assert setup.last_buy_in(db) is None                     # the demo's 500 is not offered
