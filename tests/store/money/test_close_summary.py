"""A night's money as its close settled it, stored by the close (issue 25, "Per-night ...
facts that pages read again and again are stored when they change, in the same
transaction"; ``store.money.close_summary``): the pages of a closed night read it, and it
says exactly what working the money out from the log says; a reopen or a ruling's new
close is read afresh; an edited one is not used and ``flask verify`` names it.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruling_night import CHEMA, PEPE, session

import store
from store.core.chain import verify
from store.money.close_summary import live_closes, read_summary
from store.money.ledger import closed_money, money_summary, store_missing_summaries
from web.core.chain_words import problem_text


def _live(db, night_id) -> dict:
    """The money part of the night's summary worked out from the log, as JSON reads it."""
    return json.loads(json.dumps(money_summary(db, night_id, store.get_night(db, night_id))))


def _shown(db, night_id) -> dict:
    return {k: v for k, v in store.night_summary(db, night_id).items() if k != "night"}


def _played(db, *, pushes=None, miscount: int = 0) -> tuple[int, dict]:
    """The issue 24 night (hand 4 pushed to Pepe), everyone counted at the chips on the
    table, Ana ``miscount`` chips more."""
    night_id = store.import_session(db, session(pushes=pushes), chip_cents=10)
    ids = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    held = store.check_night(db, night_id)["hands"][-1]["chips_on_table"]
    for p in store.table_players(db, night_id):
        store.recount(db, night_id, p["player_id"], held[str(p["seat"])] + (miscount if p["name"] == "Ana" else 0),
                      entered_by="host")
    return night_id, ids


def test_the_close_stores_the_summary_the_pages_then_read():
    db = store.open_db(":memory:")
    night_id, _ = _played(db)
    assert night_id not in live_closes(db) and night_id not in closed_money(db)
    store.close_night(db, night_id, entered_by="host")
    close_id = live_closes(db)[night_id]
    assert read_summary(db, close_id) == _live(db, night_id) == _shown(db, night_id)
    assert closed_money(db)[night_id] == _live(db, night_id)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pushes=st.dictionaries(st.integers(1, 5), st.integers(1, 6), max_size=2), miscount=st.integers(-3, 3),
       resolution=st.sampled_from(["split", "charge"]), mode=st.sampled_from(["fewest", "hub"]),
       rule_after=st.booleans())
def test_the_stored_summary_is_what_the_log_says_after_every_close(pushes, miscount, resolution, mode, rule_after):
    """Over random nights (wrong pushes, a miscount resolved by a split or a charge, either
    settlement mode, a ruling in money after the close that reopens and closes it again):
    after every close the stored summary equals the one worked out from the log."""
    db = store.open_db(":memory:")
    night_id, ids = _played(db, pushes=pushes, miscount=miscount)
    charge = resolution if miscount > 0 or resolution == "split" else "credit"
    store.close_night(db, night_id, entered_by="host", mode=mode, hub_player_id=ids["Ana"] if mode == "hub" else None,
                      resolution=charge if miscount else None,
                      charge_player_id=ids["Bruno"] if miscount and charge != "split" else None)
    assert read_summary(db, live_closes(db)[night_id]) == _live(db, night_id) == _shown(db, night_id)
    wrong = [n for n, seat in pushes.items() if seat != (n - 1) % 6 + 1]
    if rule_after and wrong:
        hand = store.night_hands(db, night_id)[wrong[0] - 1]
        opener = [p for p in store.table_players(db, night_id) if p["seat"] == (wrong[0] - 1) % 6 + 1][0]
        dispute = store.open_dispute(db, hand["id"], opener["player_id"], "el bote era mío")
        first = live_closes(db)[night_id]
        store.record_ruling(db, dispute, decision="upheld", rule="RRoP", entered_by="host", mode="money")
        assert live_closes(db)[night_id] != first   # closed again: a new close, a new summary
        assert read_summary(db, live_closes(db)[night_id]) == _live(db, night_id) == _shown(db, night_id)
    db.conn.close()


def test_a_reopened_night_is_worked_out_from_the_log_and_closed_again_afresh():
    db = store.open_db(":memory:")
    night_id, ids = _played(db)
    store.close_night(db, night_id, entered_by="host")
    first = live_closes(db)[night_id]
    store.reopen_night(db, night_id, reason="recuento", entered_by="host")
    assert night_id not in live_closes(db) and night_id not in closed_money(db)
    assert store.night_summary(db, night_id)["night"]["closed"] is False
    held = store.check_night(db, night_id)["hands"][-1]["chips_on_table"]
    store.recount(db, night_id, ids["Pepe"], held[str(PEPE)] - 1, entered_by="host")
    store.recount(db, night_id, ids["Chema"], held[str(CHEMA)] + 1, entered_by="host")
    store.close_night(db, night_id, entered_by="host")
    again = live_closes(db)[night_id]
    assert again != first and read_summary(db, again) == _live(db, night_id) != read_summary(db, first)
    nets = {r["name"]: r["net_chips"] for r in _shown(db, night_id)["players"]}
    assert nets["Pepe"] == {r["name"]: r["net_chips"] for r in read_summary(db, first)["players"]}["Pepe"] - 1


def test_an_edited_summary_is_not_used_and_verify_names_it(app):
    db = store.open_db(":memory:")
    night_id, ids = _played(db)
    store.close_night(db, night_id, entered_by="host")
    live = _live(db, night_id)
    db.execute("UPDATE close_summaries SET summary = ?", [json.dumps({**live, "players": [
        {**r, "net_cents": 99999} for r in live["players"]]})])
    db.conn.commit()
    assert read_summary(db, live_closes(db)[night_id]) is None
    assert _shown(db, night_id) == live and closed_money(db)[night_id] == live
    problem = verify(db, night_id)["problem"]
    assert problem["code"] == "summary_changed" and problem["table"] == "close_summaries"
    with app.test_request_context(headers={"Accept-Language": "es"}):
        assert problem_text(problem).startswith("el resumen de dinero guardado del cierre")


def test_init_db_summarises_the_closes_made_before():
    """A database from before the table (its closes have no stored summary): the pages work
    the money out from the log until ``flask init-db`` stores them."""
    db = store.open_db(":memory:")
    night_id, _ = _played(db)
    store.close_night(db, night_id, entered_by="host")
    db.execute("DELETE FROM close_summaries")
    db.conn.commit()
    assert closed_money(db)[night_id] == _live(db, night_id)
    assert store_missing_summaries(db) == 1 and store_missing_summaries(db) == 0
    assert read_summary(db, live_closes(db)[night_id]) == _live(db, night_id)
