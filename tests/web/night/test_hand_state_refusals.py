"""Seating a player and voiding a hand's start from the night page are one store call each
(``store.money.chip_entries.seat_between_hands``, ``store.hand.start_void.void_current_start``):
the store refuses a seat while a hand is in progress ("A hand is in progress: seat new
players between hands.", code ``seat_hand_in_progress``) and a void with no hand in
progress ("No hand is in progress.", ``no_hand_to_void``), the sentences as before,
nothing written.

What changed with that (issue 23): the form's own fields are read first, so a form also
wrong in a field (a name or a reason with a control character) is refused for that field
first; the hand's state was said first before.
"""

from __future__ import annotations

import pytest
from apps import snapshot
from hosts import login_host

import store

HOST = "host:test"
SEAT_REFUSED = "A hand is in progress: seat new players between hands."
NO_HAND = "No hand is in progress."


def _night(db, *, hand: bool) -> int:
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
                               chip_cents=10)
    store.join_table(db, night, "Ana", 1, 100, entered_by=HOST)
    store.join_table(db, night, "Bruno", 2, 100, entered_by=HOST)
    if hand:
        store.start_hand(db, night, button=1, entered_by=HOST)
    return night


def _said(client, response) -> str:
    assert response.status_code == 302
    return client.get(response.headers["Location"]).get_data(as_text=True)


@pytest.mark.slow
def test_a_seat_while_a_hand_is_in_progress_is_refused_after_the_forms_fields(app, client, db):
    night = _night(db, hand=True)
    login_host(client)
    client.get("/host/?lang=en")
    before = snapshot(app.config["DATABASE"])
    right = _said(client, client.post(f"/host/night/{night}/seat", data={"name": "Chus", "seat": "3", "key": "s1"}))
    assert SEAT_REFUSED in right
    wrong = _said(client, client.post(f"/host/night/{night}/seat", data={"name": "Ch\x00us", "seat": "3",
                                                                         "key": "s2"}))
    assert SEAT_REFUSED not in wrong and "U+0000" in wrong
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.slow
def test_a_void_with_no_hand_in_progress_is_refused_after_the_reasons_refusal(app, client, db):
    night = _night(db, hand=False)
    login_host(client)
    client.get("/host/?lang=en")
    before = snapshot(app.config["DATABASE"])
    right = _said(client, client.post(f"/host/night/{night}/void-hand", data={"reason": "misdeal", "key": "v1"}))
    assert NO_HAND in right
    wrong = _said(client, client.post(f"/host/night/{night}/void-hand", data={"reason": "mis\x00deal", "key": "v2"}))
    assert NO_HAND not in wrong and "U+0000" in wrong
    assert snapshot(app.config["DATABASE"]) == before
