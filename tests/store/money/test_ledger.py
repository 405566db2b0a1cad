"""The ledger: bank check, its resolution at the close, hub mode, a player's ledger."""

import pytest

import store
from store import StoreError


@pytest.fixture
def table(db):
    """A night (1 chip = 10 cents) with Ana, Bruno, Chus, Dani: 100 chips each."""
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = {}
    for seat, name in enumerate(["Ana", "Bruno", "Chus", "Dani"], start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="host")
        store.buy_in(db, night_id, ids[name], 100, entered_by="host")
    return db, night_id, ids


def count(db, night_id, ids, counts):
    for name, chips in counts.items():
        store.cash_out(db, night_id, ids[name], chips, entered_by="host")


def test_bank_balances_when_chips_counted_equal_chips_bought(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 60})
    bank = store.bank_check(db, night_id)
    miscounts = bank.pop("miscounts")  # (no hand was dealt: the referee's stacks are the buy-ins)
    assert bank == {"bought": 400, "counted": 400, "carried": 0, "difference": 0, "adjustments": 0,
                    "pot_returned": 0, "pot_in_counts": 0, "resolved": 0, "resolution": None,
                    "resolved_name": None, "uncounted": [], "balanced": True}
    assert {m["name"]: m["difference"] for m in miscounts} == {"Ana": 40, "Bruno": 30, "Chus": -30, "Dani": -40}


def test_close_is_refused_while_someone_is_not_counted(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 130})
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("uncounted", {"names": ["Dani"]})


def test_bank_difference_is_shown_and_close_refused_without_a_resolution(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 50})
    assert store.bank_check(db, night_id)["difference"] == -10
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host")
    assert refused.value.code == "bank_unbalanced"
    assert {k: refused.value.params[k] for k in ("counted", "bought", "difference")} == {
        "counted": 390, "bought": 400, "difference": -10}
    assert not store.get_night(db, night_id)["closed"]
    summary = store.night_summary(db, night_id)
    assert summary["transfers"] == [] and summary["players"][0]["net_cents"] is None


def test_recount_resolves_the_bank_by_a_new_count_that_voids_the_old(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 50})
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host", resolution="recount")
    assert refused.value.code == "recount_off" and refused.value.params["difference"] == -10  # still off by -10
    with pytest.raises(StoreError) as refused:  # a second count is not a recount
        store.cash_out(db, night_id, ids["Dani"], 60, entered_by="host")
    assert (refused.value.code, refused.value.params) == ("already_counted", {"name": "Dani", "chips": 50})
    store.recount(db, night_id, ids["Dani"], 60, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host", resolution="recount")
    assert summary["bank"]["balanced"]
    voids = db.execute("SELECT reason FROM ledger WHERE kind = 'void'").fetchall()
    assert voids == [("recount",)]


def test_charge_to_one_player_records_an_adjustment(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 70})  # 10 too many
    summary = store.close_night(db, night_id, entered_by="host", resolution="charge",
                                charge_player_id=ids["Dani"])
    dani = next(p for p in summary["players"] if p["name"] == "Dani")
    assert dani["adjustment"] == -10 and dani["net_chips"] == -40
    assert sum(p["net_cents"] for p in summary["players"]) == 0
    assert summary["night"]["close"]["detail"]["resolution"] == "charge"


def test_split_shares_the_difference_by_largest_remainder(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 50})  # 10 missing
    summary = store.close_night(db, night_id, entered_by="host", resolution="split")
    adjustments = [p["adjustment"] for p in summary["players"]]
    assert adjustments == [3, 3, 2, 2]
    assert sum(p["net_chips"] for p in summary["players"]) == 0


def test_fewest_transfers_at_the_close(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 60})
    summary = store.close_night(db, night_id, entered_by="host")
    assert [(t["payer"], t["payee"], t["cents"]) for t in summary["transfers"]] == [
        ("Dani", "Ana", 400), ("Chus", "Bruno", 300)]


def test_hub_mode_everyone_settles_with_the_host(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 60})
    summary = store.close_night(db, night_id, entered_by="host", mode="hub", hub_player_id=ids["Ana"])
    assert summary["mode"] == "hub"
    assert [(t["payer"], t["payee"], t["cents"]) for t in summary["transfers"]] == [
        ("Ana", "Bruno", 300), ("Chus", "Ana", 300), ("Dani", "Ana", 400)]


def test_a_closed_night_refuses_changes_until_reopened(table):
    db, night_id, ids = table
    count(db, night_id, ids, {"Ana": 140, "Bruno": 130, "Chus": 70, "Dani": 70})
    store.close_night(db, night_id, entered_by="host", resolution="charge", charge_player_id=ids["Dani"],
                      key="close-1")
    assert store.close_night(db, night_id, entered_by="host", key="close-1")["night"]["closed"]
    with pytest.raises(StoreError) as refused:
        store.buy_in(db, night_id, ids["Ana"], 10, entered_by="host")
    assert refused.value.code == "night_closed"
    with pytest.raises(StoreError) as refused:
        store.close_night(db, night_id, entered_by="host")
    assert refused.value.code == "night_closed"
    store.reopen_night(db, night_id, reason="Dani found 10 chips in her pocket", entered_by="host")
    night = store.get_night(db, night_id)
    assert not night["closed"]
    assert store.bank_check(db, night_id)["adjustments"] == 0  # the adjustment was voided too


def test_voided_buy_in_leaves_the_ledger(table):
    db, night_id, ids = table
    extra = store.buy_in(db, night_id, ids["Ana"], 50, entered_by="host")
    store.void_entry(db, extra, reason="entered twice by hand", entered_by="host")
    assert store.bank_check(db, night_id)["bought"] == 400
    with pytest.raises(StoreError) as refused:
        store.void_entry(db, extra, reason="again", entered_by="host")
    assert refused.value.code == "already_voided"


def test_player_ledger_has_nights_nets_and_a_running_total(db):
    ana = store.add_player(db, "Ana")
    bruno = store.add_player(db, "Bruno")
    for counts in ((150, 50), (80, 120)):
        night_id = store.create_night(db, rules="jackpots", chip_cents=10)
        for seat, (player, counted) in enumerate(zip((ana, bruno), counts), start=1):
            store.seat_player(db, night_id, player, seat, entered_by="host")
            store.buy_in(db, night_id, player, 100, entered_by="host")
            store.cash_out(db, night_id, player, counted, entered_by="host")
        store.close_night(db, night_id, entered_by="host")
    ledger = store.player_ledger(db, ana)
    assert ledger["player"]["name"] == "Ana"
    assert [n["net_cents"] for n in ledger["nights"]] == [500, -200]
    assert [n["running_cents"] for n in ledger["nights"]] == [500, 300]
    assert ledger["totals"] == {"EUR": 300}
    assert [e["kind"] for e in ledger["nights"][0]["entries"]] == ["buy_in", "cash_out"]


def test_hub_mode_defaults_to_the_player_named_as_host(db):
    night_id = store.create_night(db, rules="jackpots", chip_cents=10, host="Chus")
    for seat, (name, counted) in enumerate((("Ana", 150), ("Bruno", 40), ("Chus", 110)), start=1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
        store.cash_out(db, night_id, player, counted, entered_by="host")
    summary = store.close_night(db, night_id, entered_by="host", mode="hub")
    assert [(t["payer"], t["payee"], t["cents"]) for t in summary["transfers"]] == [
        ("Chus", "Ana", 500), ("Bruno", "Chus", 600)]
