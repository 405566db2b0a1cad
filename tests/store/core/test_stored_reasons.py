"""The store's own reasons are stored as codes and said in the page's language (issue 23):
a recount, a ruling that reopens the night, a buy-in voided by an unseat, the carried pot
given back; rows written before, as English words, are read by one function
(``store.core.reasons.old_reason``, every old form below) and said the same way; a reason
the host typed is shown as typed; a ruling keeps why it could not close the night again as
a code, never as English text."""

from __future__ import annotations

import html
import json

import pytest
from flask_babel import force_locale
from hosts import login_host

import store
from store.core.reasons import old_reason, stored_reason, void_reason
from store.core.transactions import utc_now, write_tx
from store.dispute.disputes import close_refusal
from web.core.i18n import said_reason
from web.core.refusals import close_refused_said


def _night(db, names=("Ana", "Bruno"), chips=100) -> tuple[int, dict]:
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = {}
    for seat, name in enumerate(names, start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="host")
        store.buy_in(db, night_id, ids[name], chips, entered_by="host")
    return night_id, ids


def _ledger(db, night_id: int) -> list[tuple]:
    return db.execute("SELECT kind, reason, detail FROM ledger WHERE night_id = ? AND kind = 'void' ORDER BY id",
                      [night_id]).fetchall()


def _words(app, reason: dict | None, lang: str) -> str:
    with app.test_request_context(f"/?lang={lang}"), force_locale(lang):
        return said_reason(reason)


# --- what the store writes now -------------------------------------------------------------

def test_a_recount_voids_the_count_with_the_code_recount(app, db):
    night_id, ids = _night(db)
    store.cash_out(db, night_id, ids["Ana"], 90, entered_by="host")
    store.recount(db, night_id, ids["Ana"], 100, entered_by="host")
    assert _ledger(db, night_id) == [("void", "recount", json.dumps({"reason_params": {}}))]
    [counted] = [e for e in store.night_entries(db, night_id) if e["voided"]]
    assert counted["void_why"] == {"code": "recount", "params": {}}
    assert _words(app, counted["void_why"], "es") == "contado de nuevo"
    assert _words(app, counted["void_why"], "en") == "counted again"


def test_a_host_typing_recount_is_shown_as_typed(app, db):
    """Only the store's own void carries the code: the same word typed by the host is text
    (its row says so: no old form is read into what a person types now)."""
    night_id, ids = _night(db)
    entry = store.buy_in(db, night_id, ids["Ana"], 50, entered_by="host")
    store.void_entry(db, entry, reason="recount", entered_by="host")
    [voided] = [e for e in store.night_entries(db, night_id) if e["voided"]]
    assert voided["void_why"] == {"code": "typed", "params": {"text": "recount"}}
    assert _words(app, voided["void_why"], "es") == "recount"


def test_a_ruling_that_reopens_the_night_voids_the_close_with_its_dispute(app, db):
    night_id, ids = _night(db)
    for name in ids:
        store.cash_out(db, night_id, ids[name], 100, entered_by="host")
    store.close_night(db, night_id, entered_by="host")
    with write_tx(db):
        store.money.ledger.void_close(db, night_id, entered_by="host", ruling=4)
    assert _ledger(db, night_id) == [("void", "ruling_reopened", json.dumps({"reason_params": {"dispute": 4}}))]
    [settlement] = store.night_settlements(db, night_id)
    assert settlement["void_why"] == {"code": "ruling_reopened", "params": {"dispute": 4}}
    assert _words(app, settlement["void_why"], "es") == "el fallo de la reclamación 4 reabrió la noche"


def test_a_buy_in_voided_by_an_unseat_is_said_in_the_pages_language(app, db, client):
    """It was stored as "unseated: <reason>" and shown in English on a Spanish page."""
    night_id, ids = _night(db, names=("Ana", "Bruno", "Chus"))
    store.unseat(db, night_id, ids["Chus"], reason="se sentó por error", entered_by="host")
    assert _ledger(db, night_id) == [("void", "unseated",
                                      json.dumps({"reason_params": {"reason": "se sentó por error"}}))]
    login_host(client)
    page = html.unescape(client.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True))
    assert "se levantó de la mesa: se sentó por error" in page and "unseated:" not in page
    english = html.unescape(client.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True))
    assert "unseated: se sentó por error" in english


def test_the_carried_pot_given_back_is_stored_as_a_code_and_counted_once(db):
    night_id, ids = _night(db)
    hand = store.start_hand(db, night_id, button=1, entered_by="dealer")
    for line in ("p2 ante 5", "p1 ante 5", "p2 check", "p1 check"):  # nobody opens: the pot is carried
        store.append_action(db, hand, line, entered_by="dealer", key=f"pot-{line}")
    store.end_hand(db, hand, entered_by="dealer")
    carried = store.bank_check(db, night_id)["carried"]
    assert carried == 10
    store.cash_out(db, night_id, ids["Ana"], 95, entered_by="host")
    store.cash_out(db, night_id, ids["Bruno"], 95, entered_by="host")
    store.close_night(db, night_id, entered_by="host")
    reasons = db.execute("SELECT reason, detail FROM ledger WHERE kind = 'adjustment'").fetchall()
    assert reasons and set(reasons) == {("carried_pot", None)}
    assert store.bank_check(db, night_id)["pot_returned"] == carried
    assert {e["why"]["code"] for e in store.night_entries(db, night_id) if e["kind"] == "adjustment"} == {
        "carried_pot"}


# --- rows written before: the one reader of old words ------------------------------------------

OLD = [
    ("void", "recount", "recount", {}),
    ("void", "ruling of dispute 3: the night reopened to apply it", "ruling_reopened", {"dispute": 3}),
    ("void", "ruling of dispute 3: RRoP, Showdown: a dead hand cannot win", "ruling_void",
     {"dispute": 3, "rule": "RRoP, Showdown: a dead hand cannot win"}),
    ("void", "unseated: se fue a casa", "unseated", {"reason": "se fue a casa"}),
    ("void", "typed 2000 for 200", "typed", {"text": "typed 2000 for 200"}),
    ("adjustment", "carried pot", "carried_pot", {}),
    ("adjustment", "pot pushed by hand", "typed", {"text": "pot pushed by hand"}),
    ("close_refused", "2 dispute(s) still open (hand(s) 1, 3): rule on them first, or give a reason to close anyway",
     "dispute_open", {"count": 2, "hands": [1, 3]}),
    ("close_refused", "a hand is still in progress; end it before closing the night", "hand_in_progress", {}),
    ("close_refused", "nobody bought in: nothing to close", "nothing_to_close", {}),
    ("close_refused", "count the chips of: Ana, Bea (0 if they busted)", "uncounted", {"names": ["Ana", "Bea"]}),
    ("close_refused", "hub mode: say which player everyone settles with", "hub_needed", {}),
    ("close_refused", "hub mode: everyone settles with a player of tonight's game; player 7 did not play",
     "hub_not_playing", {}),
    ("close_refused", "the bank does not balance: 390 chips counted, 400 bought (difference -10): a shortage; "
     "recount, credit it to one player, or split it", "bank_unbalanced",
     {"counted": 390, "carried": 0, "pot_returned": 0, "bought": 400, "difference": -10}),
    ("close_refused", "the bank does not balance: 385 chips counted + 20 in the carried pot, 400 bought "
     "(difference +5): 5 too many; recount, charge it to one player, or split it", "bank_unbalanced",
     {"counted": 385, "carried": 20, "pot_returned": 0, "bought": 400, "difference": 5}),
    ("close_refused", "after the recount the bank is still off by -10 chips", "recount_off", {"difference": -10}),
    ("close_refused", "after the recount the bank is still off by +5 chips (difference +5)", "recount_off",
     {"difference": 5}),
    ("close_refused", "the bank is short by 10 chips: a shortage cannot be charged to a player (that would raise "
     "their net); credit it to one player or split it", "shortage_charged", {"difference": -10}),
    ("close_refused", "the bank is short by 10 chips (difference -10): a shortage cannot be charged to a player "
     "(that would raise their net); credit it to one player or split it", "shortage_charged", {"difference": -10}),
    ("close_refused", "the bank has 5 chips too many: an excess cannot be credited to a player; charge it to one "
     "player or split it", "excess_credited", {"difference": 5}),
    ("close_refused", "the bank has 5 chips too many (difference +5): an excess cannot be credited to a player; "
     "charge it to one player or split it", "excess_credited", {"difference": 5}),
    ("close_refused", "say which player the difference is charged to", "resolution_player", {"resolution": "charge"}),
    ("close_refused", "say which player the difference is credited to", "resolution_player", {"resolution": "credit"}),
    ("close_refused", "something no version said", "close_refused_unknown", {}),
]
"""Every form of the English words the store wrote before its reasons were codes, by kind,
with the code and params they are read as."""


@pytest.mark.parametrize("kind, text, code, params", OLD, ids=[f"{k}-{c}-{i}" for i, (k, _, c, _) in enumerate(OLD)])
def test_each_old_form_is_read_as_its_code(app, kind, text, code, params):
    assert old_reason(text, kind) == {"code": code, "params": params}
    for lang in ("es", "en"):
        with app.test_request_context(f"/?lang={lang}"), force_locale(lang):
            said = (close_refused_said({"close_refusal": {"code": code, "params": params}})
                    if kind == "close_refused" else said_reason({"code": code, "params": params}))
        assert said and "%(" not in said and "Refused (" not in said, (lang, said)


def test_an_old_row_is_read_through_the_one_reader(db):
    """A ledger row of old words (no params kept in its detail) and a ruling that kept its
    refusal in English only are read as codes; a row with the params is read as stored."""
    assert stored_reason("carried pot") == {"code": "carried_pot", "params": {}}
    assert stored_reason("charge") == {"code": "charge", "params": {}}
    assert stored_reason("ruling of dispute 2: the night reopened to apply it", None, void=True) == {
        "code": "ruling_reopened", "params": {"dispute": 2}}
    assert stored_reason("recount", '{"reason_params": {}}', void=True) == {"code": "recount", "params": {}}
    assert stored_reason("recount", '{"reason_params": null}', void=True) == {
        "code": "typed", "params": {"text": "recount"}}
    assert void_reason("ruling", 6) == {"code": "ruling_void", "params": {"dispute": 6}}
    assert void_reason("ruling of dispute 6: seed 000") == {
        "code": "typed", "params": {"text": "ruling of dispute 6: seed 000"}}
    assert close_refusal({"close_refused": "nobody bought in: nothing to close"}) == {
        "code": "nothing_to_close", "params": {}}
    assert close_refusal({"close_refused": "nobody bought in: nothing to close",
                          "close_refusal": {"code": "nothing_to_close", "params": {}, "message": "x"}}) == {
        "code": "nothing_to_close", "params": {}}
    assert close_refusal({"closed_again": True}) is None


def test_old_rows_in_the_ledger_are_said_on_the_night_page(app, db, client):
    """Rows written as English words before (inserted here as they were) are said in the
    page's language, and the carried pot given back is counted once by the bank."""
    night_id, ids = _night(db)
    extra = store.buy_in(db, night_id, ids["Ana"], 20, entered_by="host")
    now = utc_now()
    db.execute("INSERT INTO ledger (night_id, player_id, kind, target, reason, entered_by, entered_at) "
               "VALUES (?, ?, 'void', ?, 'ruling of dispute 3: the night reopened to apply it', 'host', ?)",
               [night_id, ids["Ana"], extra, now])
    db.execute("INSERT INTO ledger (night_id, player_id, kind, chips, reason, entered_by, entered_at) "
               "VALUES (?, ?, 'adjustment', 5, 'carried pot', 'host', ?)", [night_id, ids["Bruno"], now])
    db.conn.commit()
    assert store.bank_check(db, night_id)["pot_returned"] == 5
    login_host(client)
    page = html.unescape(client.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True))
    assert "el fallo de la reclamación 3 reabrió la noche" in page and "ruling of dispute" not in page
    english = html.unescape(client.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True))
    assert "(carried pot given back)" in english and "the ruling on dispute 3 reopened the night" in english
