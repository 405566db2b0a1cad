"""The host's night pages (issue 5): PIN login, seats, buy-ins, next hand, closing."""

from __future__ import annotations

import re

import pytest

import store

PIN = "2468"


@pytest.fixture
def host(app, client):
    """A client logged in with the host PIN."""
    app.config["HOST_PIN"] = PIN
    response = client.post("/host/login", data={"pin": PIN})
    assert response.status_code == 302
    return client


def _new_night(host, preset="jackpots", key="night-key-1"):
    response = host.post("/host/nights", data={"preset": preset, "ante": "5", "small_bet": "10",
                                               "big_bet": "20", "chip_cents": "10", "currency": "EUR",
                                               "key": key})
    assert response.status_code == 302, response.get_data(as_text=True)
    return int(re.search(r"/night/(\d+)", response.headers["Location"]).group(1))


def _seat(host, night_id, name, seat, chips, key):
    return host.post(f"/host/night/{night_id}/seat",
                     data={"name": name, "seat": str(seat), "chips": str(chips), "key": key})


def test_host_pages_need_the_pin(app, client):
    app.config["HOST_PIN"] = PIN
    assert client.get("/host/").status_code == 302
    wrong = client.post("/host/login", data={"pin": "0000"})
    assert wrong.status_code == 401
    assert client.get("/host/").status_code == 302
    assert client.post("/host/login", data={"pin": PIN}).status_code == 302
    assert client.get("/host/").status_code == 200


def test_host_seats_players_and_a_double_submitted_buy_in_is_stored_once(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-form-ana")
    _seat(host, night_id, "Ana", 1, 500, "seat-form-ana")  # the same form sent twice
    _seat(host, night_id, "Bruno", 3, 400, "seat-form-bruno")
    ana = store.find_player(db, "Ana")
    for _ in range(2):
        host.post(f"/host/night/{night_id}/buy-in", data={"player_id": str(ana), "chips": "200",
                                                         "key": "rebuy-form-1"})
    summary = {r["name"]: r["bought"] for r in store.night_summary(db, night_id)["players"]}
    assert summary == {"Ana": 700, "Bruno": 400}
    html = host.get(f"/host/night/{night_id}").get_data(as_text=True)
    assert re.search(r'<tr data-seat="1">.*?700', html, re.S)


def test_host_refusal_is_shown_and_nothing_stored(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    response = _seat(host, night_id, "Bruno", 1, 500, "seat-b-123")  # seat taken
    assert response.status_code == 302
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "seat 1 is taken" in page
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana"]


def test_host_starts_the_next_hand_moving_the_button_and_shows_the_opening(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-123")
    _seat(host, night_id, "Chus", 4, 500, "seat-c-123")
    host.post(f"/host/night/{night_id}/hand", data={"button": "4", "key": "hand-form-1"})
    first = store.current_hand(db, night_id)
    assert store.get_hand(db, first)["button"] == 4
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert re.search(r'id="opening-in-force">[^<]*<strong>J</strong>', page)
    store.end_hand(db, first, entered_by="test")
    host.post(f"/host/night/{night_id}/hand", data={"button": "", "key": "hand-form-2"})
    host.post(f"/host/night/{night_id}/hand", data={"button": "", "key": "hand-form-2"})
    hands = store.night_hands(db, night_id)
    # jackpots plays clockwise: the button moves from seat 4 to seat 1 (CONTRACT.md 1, 3)
    assert [h["button"] for h in hands] == [4, 1]


def test_host_closes_the_night_after_cash_outs(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-123")
    ana, bruno = store.find_player(db, "Ana"), store.find_player(db, "Bruno")
    host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(ana), "chips": "600", "key": "cash-a-123"})
    host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(bruno), "chips": "400", "key": "cash-b-123"})
    host.post(f"/host/night/{night_id}/close", data={"key": "close-123", "resolution": ""})
    assert store.get_night(db, night_id)["closed"]
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Bruno → Ana" in page


def test_spanish_preset_night_defaults_to_spanish(host):
    night_id = _new_night(host, preset="pocker", key="night-pocker")
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Jugadores y asientos" in page
    english = host.get(f"/host/night/{night_id}?lang=en").get_data(as_text=True)
    assert "Players and seats" in english


def test_guessing_the_pin_is_locked_out_after_five_tries(app, client, monkeypatch):
    import web.host

    monkeypatch.setattr(web.host, "_failures", {})
    app.config["HOST_PIN"] = PIN
    for _ in range(5):
        assert client.post("/host/login", data={"pin": "1111"}).status_code == 401
    # the right PIN is refused too until the window passes
    assert client.post("/host/login", data={"pin": PIN}).status_code == 429
    assert client.get("/host/").status_code == 302
