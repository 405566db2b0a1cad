"""The demo night (issue 26, ``store.night.demo``): closed by ``flask demo`` it counts
nowhere (standings, running totals and chart, outstanding), and the host can hide it from
the list of nights with an append-only mark (nothing deleted); any other night is refused.
"""

from __future__ import annotations

import pytest

import store
from store.club.standings import club_standings
from store.money import dues, payments, totals
from store.night.demo import DEMO_BY, hide_demo, is_demo, is_hidden

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}


def _night(db, counts: dict[str, int], *, by: str = HOST, title: str = "Noche") -> int:
    """A closed night where each player buys 100 chips and counts ``counts``; closed by ``by``."""
    night = store.create_night(db, rules=RULES, chip_cents=10, title=title)
    for seat, (name, counted) in enumerate(counts.items(), 1):
        player = store.find_player(db, name) or store.add_player(db, name)
        store.seat_player(db, night, player, seat, entered_by=HOST)
        store.buy_in(db, night, player, 100, entered_by=HOST)
        store.cash_out(db, night, player, counted, entered_by=HOST)
    store.close_night(db, night, entered_by=by)
    return night


def test_the_demo_night_counts_nowhere(db):
    real = _night(db, {"Ana": 150, "Bruno": 50})
    demo = _night(db, {"Ana": 50, "Bruno": 100, "Dani": 150}, by=DEMO_BY, title="Demo")
    assert is_demo(db, demo) and not is_demo(db, real)
    ana, dani = store.find_player(db, "Ana"), store.find_player(db, "Dani")
    # standings and totals: the real night only; Dani, who sat only the demo, is nowhere
    assert totals.totals(db)[ana]["nets"] == {"EUR": 500}
    assert totals.totals(db)[ana]["nights"] == 1
    assert dani not in totals.totals(db)
    standings = club_standings(db)
    assert standings["nights"] == 1
    assert {p["player_id"] for p in standings["players"]} == {ana, store.find_player(db, "Bruno")}
    assert [n["night_id"] for n in standings["trend"]["EUR"]["nights"]] == [real]
    # outstanding: the demo's transfers owe nothing
    assert {r["night_id"] for r in payments.outstanding(db)} == {real}
    assert all(r["player_id"] != dani for r in dues.outstanding_totals(db)["totals"])
    assert db.execute("SELECT COUNT(*) FROM night_dues WHERE night_id = ?", [demo]).fetchone()[0] == 0
    assert totals.verify_totals(db) == []


def test_a_reopened_demo_stays_a_demo(db):
    demo = _night(db, {"Ana": 50, "Bruno": 150}, by=DEMO_BY)
    store.reopen_night(db, demo, reason="trying the host's page", entered_by=HOST)
    store.close_night(db, demo, entered_by=HOST)
    assert is_demo(db, demo)
    assert totals.totals(db) == {}


def test_store_missing_mends_a_demo_stored_as_counting(db):
    """A demo closed before it stopped counting (its rows stored with counts 1) is stored
    again by ``flask init-db`` (``store.money.totals.store_missing``)."""
    demo = _night(db, {"Ana": 50, "Bruno": 150}, by=DEMO_BY)
    db.execute("UPDATE night_standings SET counts = 1 WHERE night_id = ?", [demo])
    db.conn.commit()
    assert totals.store_missing(db) == 1
    assert db.execute("SELECT COUNT(*) FROM night_standings WHERE night_id = ? AND counts = 1",
                      [demo]).fetchone()[0] == 0
    assert totals.totals(db) == {}
    assert totals.store_missing(db) == 0


def test_the_host_hides_the_demo_and_nothing_is_deleted(db):
    real = _night(db, {"Ana": 150, "Bruno": 50})
    demo = _night(db, {"Ana": 50, "Bruno": 150}, by=DEMO_BY, title="Demo")
    listed = {n["id"]: n for n in store.list_nights(db)}
    assert listed[demo]["demo"] and not listed[real]["demo"]
    mark = hide_demo(db, demo, entered_by=HOST, key="hide-1")
    assert hide_demo(db, demo, entered_by=HOST, key="hide-1") == mark      # the same submit again
    assert hide_demo(db, demo, entered_by=HOST) == mark                     # hidden twice: one mark
    assert is_hidden(db, demo) and not is_hidden(db, real)
    assert [n["id"] for n in store.list_nights(db)] == [real]
    assert store.get_night(db, demo)["closed"]                              # still there, by its id
    rows = db.execute("SELECT kind, entered_by FROM night_marks WHERE night_id = ?", [demo]).fetchall()
    assert rows == [("hide", HOST)]
    with pytest.raises(Exception, match="append-only"):
        db.execute("DELETE FROM night_marks WHERE night_id = ?", [demo])


def test_only_the_demo_can_be_hidden(db):
    real = _night(db, {"Ana": 150, "Bruno": 50})
    with pytest.raises(store.StoreError) as refused:
        hide_demo(db, real, entered_by=HOST)
    assert refused.value.code == "not_demo" and refused.value.params == {"night": real}
    with pytest.raises(store.StoreError) as missing:
        hide_demo(db, real + 99, entered_by=HOST)
    assert missing.value.code == "no_night"
    assert db.execute("SELECT COUNT(*) FROM night_marks").fetchone()[0] == 0
    assert [n["id"] for n in store.list_nights(db)] == [real]
