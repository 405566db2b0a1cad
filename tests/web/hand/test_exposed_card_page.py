"""The phone's replay of a hand with a card exposed in the deal (issue 27, seed 002: "Si una
carta se descubre por error, el receptor debe aceptarla"): the exposed card is drawn for
every player, every other card nobody showed stays off the page; the host sees all."""

from __future__ import annotations

import pytest
from exposed_night import ANA, BRUNO_HIDDEN, CHUS, EXPOSED, exposed_night
from hosts import login_host
from replay_nights import page_cards

import store
from referee.messages import card_face


@pytest.fixture
def night(db):
    return exposed_night(db)


@pytest.mark.parametrize("name", ["Ana", "Chus"])
def test_every_player_sees_the_exposed_card_and_no_hidden_one(client, db, night, name):
    token = store.issue_token(db, night["players"][name])
    response = client.get(f"/p/{token}/hand/{night['hand_id']}", headers={"Accept-Language": "es"})
    assert response.status_code == 200
    html = page_cards(response.get_data(as_text=True), token)
    assert card_face(EXPOSED) in html
    hidden = BRUNO_HIDDEN + (CHUS if name == "Ana" else ())
    for card in hidden:
        assert card not in html and card_face(card) not in html, card
    for card in ANA:   # shown at the showdown
        assert card_face(card) in html, card


def test_the_host_sees_every_card(client, db, night):
    login_host(client)
    html = client.get(f"/host/night/{night['night_id']}/hand/1").get_data(as_text=True)
    for card in (EXPOSED, *BRUNO_HIDDEN, *CHUS):
        assert card_face(card) in html, card
