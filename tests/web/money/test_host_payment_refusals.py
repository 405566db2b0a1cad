"""The host's payment forms of a night (``web.money.views``: handle, transfer mark,
expense) are one store call each (``store.money.host_payments``): the form's own fields
are read first, then the store refuses a night that does not exist (``no_night``: the
404) and a player who did not play the night (``not_night_player``: "That player did not
play this night.", said as before), nothing written.

What changed with that (issue 23, one store call per view): a request wrong in two ways
is refused for its form's field first. A form wrong in a field on a night that does not
exist was the 404 at once; it is now the field's refusal, back to the night's page (which
is the 404). A player who did not play the night, in a form also wrong in a later field,
was "That player did not play this night."; it is now the later field's refusal.
"""

from __future__ import annotations

import pytest
from apps import snapshot
from hosts import login_host

import store

HOST = "host:test"
DID_NOT_PLAY = "That player did not play this night."


def _night(db) -> tuple[int, int, int, int]:
    """An open night of Ana and Bruno, and Chus of another night:
    ``(night, ana, bruno, chus)``."""
    rules = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
    night = store.create_night(db, rules=rules, chip_cents=10)
    ana = store.join_table(db, night, "Ana", 1, 100, entered_by=HOST)
    bruno = store.join_table(db, night, "Bruno", 2, 100, entered_by=HOST)
    other = store.create_night(db, rules=rules, chip_cents=10)
    chus = store.join_table(db, other, "Chus", 1, 100, entered_by=HOST)
    return night, ana, bruno, chus


def _english_host(client):
    login_host(client)
    client.get("/host/?lang=en")  # the lang cookie: flashed refusals in English


def _said(client, response) -> str:
    """The night page the refused form went back to, with its flashed refusal."""
    assert response.status_code == 302
    return client.get(response.headers["Location"]).get_data(as_text=True)


@pytest.mark.slow
def test_a_player_of_another_night_is_refused_by_the_store_and_nothing_is_written(app, client, db):
    night, ana, _bruno, chus = _night(db)
    _english_host(client)
    before = snapshot(app.config["DATABASE"])
    handle = client.post(f"/host/night/{night}/handle", data={"player_id": chus, "handle": "@chus", "key": "h1"})
    assert DID_NOT_PLAY in _said(client, handle)
    expense = client.post(f"/host/night/{night}/expenses", data={
        "payer_id": ana, "amount": "12.00", "description": "Pizza", "sharer_ids": [str(ana), str(chus)],
        "key": "e1"})
    assert DID_NOT_PLAY in _said(client, expense)
    assert snapshot(app.config["DATABASE"]) == before


def test_a_right_form_on_a_missing_night_is_404_and_a_wrong_one_its_fields_refusal(app, client, db):
    night, ana, bruno, _chus = _night(db)
    _english_host(client)
    before = snapshot(app.config["DATABASE"])
    assert client.post("/host/night/999/handle", data={"player_id": ana, "handle": "", "key": "h2"}).status_code == 404
    assert client.post("/host/night/999/expenses/1/void", data={"reason": "typo", "key": "v1"}).status_code == 404
    wrong = client.post("/host/night/999/handle", data={"player_id": "Ana", "handle": "", "key": "h3"})
    assert wrong.status_code == 302 and wrong.headers["Location"].endswith("/host/night/999/pay#transfers")
    assert client.get(wrong.headers["Location"]).status_code == 404
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.slow
def test_a_player_who_did_not_play_is_said_after_the_forms_own_refusals(app, client, db):
    night, ana, _bruno, chus = _night(db)
    _english_host(client)
    form = {"action": "void", "payer_id": chus, "payee_id": ana, "key": "t1"}
    without_reason = _said(client, client.post(f"/host/night/{night}/transfer", data={**form, "reason": ""}))
    assert DID_NOT_PLAY not in without_reason and "Reason" in without_reason
    with_reason = _said(client, client.post(f"/host/night/{night}/transfer", data={**form, "reason": "typo",
                                                                                     "key": "t2"}))
    assert DID_NOT_PLAY in with_reason
