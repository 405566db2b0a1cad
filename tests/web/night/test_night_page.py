"""The host's night pages (issue 5): login, seats, buy-ins, next hand, closing."""

from __future__ import annotations

import re

import pytest
from hosts import host_account
from refusal_english import english

import store


@pytest.fixture
def host(app, client):
    """A client logged in on the login page with the host's username and password."""
    username, password = host_account(app)
    response = client.post("/host/login", data={"username": username, "password": password})
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


@pytest.mark.slow
def test_host_pages_need_the_login(app, client):
    username, password = host_account(app)
    assert client.get("/host/").status_code == 302
    wrong = client.post("/host/login", data={"username": username, "password": "not the password"})
    assert wrong.status_code == 401
    assert client.get("/host/").status_code == 302
    assert client.post("/host/login", data={"username": username, "password": password}).status_code == 302
    assert client.get("/host/").status_code == 200


@pytest.mark.slow
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
    html = host.get(f"/host/night/{night_id}", follow_redirects=True).get_data(as_text=True)
    assert re.search(r'<tr data-seat="1">.*?700', html, re.S)


@pytest.mark.slow
def test_host_refusal_is_shown_and_nothing_stored(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    response = _seat(host, night_id, "Bruno", 1, 500, "seat-b-123")  # seat taken
    assert response.status_code == 302
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}, follow_redirects=True).get_data(as_text=True)
    # the refusal is said in the language of the request that was refused (no preference:
    # the default, Spanish), no longer the store's English text on a Spanish page
    assert "el asiento 1 está ocupado por Ana" in page
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana"]
    host.get("/host/?lang=en")
    _seat(host, night_id, "Bruno", 1, 500, "seat-b-124")
    assert "seat 1 is taken by Ana" in host.get(f"/host/night/{night_id}", follow_redirects=True).get_data(as_text=True)


@pytest.mark.slow
def test_host_starts_the_next_hand_moving_the_button_and_shows_the_opening(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-123")
    _seat(host, night_id, "Chus", 4, 500, "seat-c-123")
    host.post(f"/host/night/{night_id}/hand", data={"button": "4", "key": "hand-form-1"})
    first = store.current_hand(db, night_id)
    assert store.get_hand(db, first)["button"] == 4
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}, follow_redirects=True).get_data(as_text=True)
    assert re.search(r'id="opening-in-force">[^<]*<strong>J</strong>', page)
    store.end_hand(db, first, entered_by="test")
    host.post(f"/host/night/{night_id}/hand", data={"button": "", "key": "hand-form-2"})
    host.post(f"/host/night/{night_id}/hand", data={"button": "", "key": "hand-form-2"})
    hands = store.night_hands(db, night_id)
    # jackpots plays clockwise: the button moves from seat 4 to seat 1 (CONTRACT.md 1, 3)
    assert [h["button"] for h in hands] == [4, 1]


@pytest.mark.slow
def test_host_closes_the_night_after_cash_outs(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-123")
    ana, bruno = store.find_player(db, "Ana"), store.find_player(db, "Bruno")
    host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(ana), "chips": "600", "key": "cash-a-123"})
    host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(bruno), "chips": "400", "key": "cash-b-123"})
    host.post(f"/host/night/{night_id}/close", data={"key": "close-123", "resolution": "",
                                                          "confirm": "1"})
    assert store.get_night(db, night_id)["closed"]
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}, follow_redirects=True).get_data(as_text=True)
    assert "Bruno → Ana" in page


@pytest.mark.slow
def test_spanish_preset_night_defaults_to_spanish(host):
    night_id = _new_night(host, preset="pocker", key="night-pocker")
    page = host.get(f"/host/night/{night_id}", headers={"Accept-Language": "en"}, follow_redirects=True).get_data(as_text=True)
    assert "Jugadores y asientos" in page
    english = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "Players and seats" in english


@pytest.mark.slow
def test_new_night_form_sets_time_zone_start_and_a_fractional_chip_value(host, db):
    page = host.get("/host/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<option value="Europe/Madrid" selected>' in page and 'name="started_at"' in page
    response = host.post("/host/nights", data={
        "preset": "jackpots", "chip_cents": "10", "chips_per": "3", "currency": "MXN",
        "timezone": "America/Mexico_City", "started_at": "2026-03-14T21:00", "key": "night-tz-1"})
    night_id = int(re.search(r"/night/(\d+)", response.headers["Location"]).group(1))
    night = store.get_night(db, night_id)
    assert night["started_at"] == "2026-03-15T03:00:00+00:00" and night["local_date"] == "2026-03-14"
    assert (night["chip_cents"], night["chips_per"], night["timezone"]) == (10, 3, "America/Mexico_City")
    shown = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert "21:00 (America/Mexico_City)" in shown and "céntimos" not in shown


@pytest.mark.slow
def test_seating_during_a_hand_is_refused_whole_in_spanish(host, db):
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-123")
    host.post(f"/host/night/{night_id}/hand", data={"button": "1", "key": "hand-form-1"})
    _seat(host, night_id, "Chus", 4, 500, "seat-c-123")
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert "Hay una mano en juego: sienta a los jugadores nuevos entre manos." in page
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana", "Bruno"]
    assert store.find_player(db, "Chus") is None


@pytest.mark.slow
def test_close_form_offers_hub_mode_and_credit_for_a_shortage(host, db):
    night_id = _new_night(host)
    for name, seat, key in (("Ana", 1, "seat-a-123"), ("Bruno", 3, "seat-b-123"), ("Chus", 4, "seat-c-123")):
        _seat(host, night_id, name, seat, 100, key)
    ids = {n: store.find_player(db, n) for n in ("Ana", "Bruno", "Chus")}
    for name, chips in (("Ana", 150), ("Bruno", 40), ("Chus", 100)):
        host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(ids[name]), "chips": str(chips),
                                                            "key": f"cash-{name}-1"})
    host.post(f"/host/night/{night_id}/recount", data={"player_id": str(ids["Chus"]), "chips": "110",
                                                       "key": "recount-chus"})  # now 300 on the table
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert f'<option value="{ids["Chus"]}">everyone settles with Chus</option>' in page
    host.post(f"/host/night/{night_id}/close", data={"key": "close-hub-1", "hub_player_id": str(ids["Chus"]),
                                                          "confirm": "1"})
    summary = store.night_summary(db, night_id)
    assert summary["night"]["closed"] and summary["mode"] == "hub"
    assert [(t["payer"], t["payee"]) for t in summary["transfers"]] == [("Chus", "Ana"), ("Bruno", "Chus")]


@pytest.mark.slow
def test_host_voids_a_hand_started_by_mistake_and_unseats_a_player(host, db):
    night_id = _new_night(host)
    for name, seat, key in (("Ana", 1, "seat-a-123"), ("Bruno", 3, "seat-b-123"), ("Chus", 4, "seat-c-123")):
        _seat(host, night_id, name, seat, 100, key)
    host.post(f"/host/night/{night_id}/hand", data={"button": "1", "key": "hand-form-1"})
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert 'id="void-hand"' in page
    host.post(f"/host/night/{night_id}/void-hand", data={"reason": "wrong button", "key": "void-hand-1"})
    assert store.current_hand(db, night_id) is None and store.night_hands(db, night_id) == []
    chus = store.find_player(db, "Chus")
    host.post(f"/host/night/{night_id}/unseat", data={"player_id": str(chus), "reason": "seated by mistake",
                                                      "key": "unseat-chus-1"})
    assert [p["name"] for p in store.night_players(db, night_id)] == ["Ana", "Bruno"]
    assert store.bank_check(db, night_id)["bought"] == 200


# --- private links: revoking them (fixes after the first tester's review) ---------------

def _seated_night(host, db):
    host.get("/host/?lang=en")  # the lang cookie: the flashed messages are in English
    night_id = _new_night(host)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-123")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-123")
    return night_id, store.find_player(db, "Ana")


@pytest.mark.parametrize("paste", [
    "{url}?lang=en", "{url}#ledger", "  {url}/  ", "{token}", "/p/{token}?lang=es#x",
])
@pytest.mark.slow
def test_a_pasted_link_with_query_or_fragment_is_really_revoked(host, db, paste):
    night_id, ana = _seated_night(host, db)
    token = store.issue_token(db, ana)
    assert host.get(f"/p/{token}").status_code == 200
    pasted = paste.format(url=f"http://localhost/p/{token}", token=token)
    host.post("/host/revoke", data={"night_id": str(night_id), "link": pasted})
    assert host.get(f"/p/{token}").status_code == 404
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "Link revoked." in page


@pytest.mark.slow
@pytest.mark.parametrize("paste", ["http://localhost/p/" + "Z" * 43, "not a link at all", "http://localhost/host/"])
def test_a_made_up_link_is_not_said_to_be_revoked(host, db, paste):
    night_id, ana = _seated_night(host, db)
    token = store.issue_token(db, ana)
    host.post("/host/revoke", data={"night_id": str(night_id), "link": paste})
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "Link revoked." not in page
    assert "No private link matches what was pasted: nothing revoked." in page
    assert host.get(f"/p/{token}").status_code == 200


@pytest.mark.slow
def test_the_night_page_lists_each_players_live_links_to_revoke_one_or_all(host, db):
    night_id, ana = _seated_night(host, db)
    first, second, third = (store.issue_token(db, ana) for _ in range(3))
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    block = page.split(f'data-player="{ana}"')[1].split("</div>")[0]
    for token in (first, second, third):
        assert token[:6] + "…" in block and token not in block
    link_ids = re.findall(r'data-link="(\d+)"', block)
    assert len(link_ids) == 3 and "issued " in block
    host.post(f"/host/player/{ana}/links/{link_ids[0]}/revoke", data={"night_id": str(night_id)})
    assert host.get(f"/p/{first}").status_code == 404 and host.get(f"/p/{second}").status_code == 200
    host.post(f"/host/player/{ana}/links/revoke-all", data={"night_id": str(night_id)})
    assert host.get(f"/p/{second}").status_code == 404 and host.get(f"/p/{third}").status_code == 404
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert "2 links revoked." in page
    assert 'data-link="' not in page.split(f'data-player="{ana}"')[1].split("</div>")[0]


@pytest.mark.slow
@pytest.mark.parametrize("field, value", [("chips", "١٢"), ("chips", "²"), ("chips", "10000000000001"),
                                          ("chips", "-5"), ("player_id", "99999999999999999999999")])
def test_a_bad_number_names_the_field_in_the_pages_language_and_is_never_a_500(host, db, field, value):
    night_id, ana = _seated_night(host, db)
    data = {"player_id": str(ana), "chips": "200", "key": "rebuy-bad-1", field: value}
    response = host.post(f"/host/night/{night_id}/buy-in?lang=es", data=data)
    assert response.status_code == 302
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    label = {"chips": "Fichas", "player_id": "Jugador"}[field]
    assert re.search(rf'class="flash error"[^>]*>{label}: (debe ser|es demasiado)', page), page[:3000]
    assert "invalid literal" not in page and "chips must" not in page
    assert host.post("/host/player/99999999999999999999999/link", data={"night_id": str(night_id)}).status_code == 302


@pytest.mark.slow
def test_the_night_page_shows_a_player_who_left_after_playing(host, db):
    night_id = _new_night(host)
    for name, seat, key in (("Ana", 1, "seat-a-123"), ("Bruno", 3, "seat-b-123"), ("Chus", 4, "seat-c-123")):
        _seat(host, night_id, name, seat, 100, key)
    hand = store.start_hand(db, night_id, button=1, entered_by="test")
    store.end_hand(db, hand, entered_by="test")
    chus = store.find_player(db, "Chus")
    host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(chus), "chips": "100", "key": "cash-c-123"})
    host.post(f"/host/night/{night_id}/unseat", data={"player_id": str(chus), "reason": "goes home",
                                                      "key": "unseat-c-123"})
    response = host.get(f"/host/night/{night_id}/table?lang=es")   # the seats: the table stage
    assert response.status_code == 200
    assert re.search(r'<tr data-seat="4">.*?Chus <small class="muted">\(se fue\)</small>',
                     response.get_data(as_text=True), re.S)


def test_an_id_too_large_for_the_database_in_a_url_is_a_400_not_a_500(host):
    huge = "9" * 25
    for method, url in (("get", f"/host/night/{huge}"), ("post", f"/host/night/{huge}/buy-in"),
                        ("post", f"/host/night/{huge}/hand")):
        response = getattr(host, method)(url + "?lang=en", data={"player_id": "1", "chips": "5"})
        assert response.status_code == 400
        assert "too large" in response.get_data(as_text=True)


# --- corrections the host can make (re-tester's review) ---------------------------------

def _counted_night(host, db, key="night-fix-1"):
    """A night with Ana (500 in, 600 out) and Bruno (500 in, 400 out): ready to close."""
    night_id = _new_night(host, key=key)
    _seat(host, night_id, "Ana", 1, 500, "seat-a-fix")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-fix")
    ana, bruno = store.find_player(db, "Ana"), store.find_player(db, "Bruno")
    for pid, chips in ((ana, 600), (bruno, 400)):
        host.post(f"/host/night/{night_id}/cash-out", data={"player_id": str(pid), "chips": str(chips),
                                                            "key": f"cash-{pid}-fix"})
    return night_id, ana, bruno


@pytest.mark.slow
def test_host_lists_the_entries_and_voids_a_wrong_rebuy_with_reason_who_and_when(host, db):
    night_id = _new_night(host, key="night-void-1")
    _seat(host, night_id, "Ana", 1, 500, "seat-a-void")
    ana = store.find_player(db, "Ana")
    host.post(f"/host/night/{night_id}/buy-in", data={"player_id": str(ana), "chips": "2000", "key": "rebuy-typo-1"})
    entries = store.night_entries(db, night_id)
    assert [(e["kind"], e["chips"]) for e in entries] == [("buy_in", 500), ("buy_in", 2000)]
    wrong = entries[1]["id"]
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    assert f'<tr data-entry="{wrong}">' in page and f'name="entry_id" value="{wrong}"' in page
    # a reason is needed; nothing stored without one
    host.post(f"/host/night/{night_id}/void-entry", data={"entry_id": str(wrong), "reason": " ", "key": "void-e-1"})
    assert not store.night_entries(db, night_id)[1]["voided"]
    for _ in range(2):  # the same form sent twice voids it once
        host.post(f"/host/night/{night_id}/void-entry",
                  data={"entry_id": str(wrong), "reason": "typed 2000 for 200", "key": "void-e-2"})
    entry = store.night_entries(db, night_id)[1]
    assert entry["voided"] and entry["void_reason"] == "typed 2000 for 200" and entry["voided_by"] == "host:host"
    assert entry["voided_at"]
    assert db.execute("SELECT COUNT(*) FROM ledger WHERE kind = 'void' AND target = ?", [wrong]).fetchone()[0] == 1
    assert store.bank_check(db, night_id)["bought"] == 500
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert "Anulada por el anfitrión (host)" in page and "typed 2000 for 200" in page
    assert f'name="entry_id" value="{wrong}"' not in page  # no second void button


@pytest.mark.slow
def test_void_entry_refuses_an_entry_of_another_night(host, db):
    first = _new_night(host, key="night-a-void")
    _seat(host, first, "Ana", 1, 500, "seat-a-x")
    other = _new_night(host, key="night-b-void")
    entry = store.night_entries(db, first)[0]["id"]
    host.get("/host/?lang=en")
    host.post(f"/host/night/{other}/void-entry", data={"entry_id": str(entry), "reason": "x", "key": "void-x-1"})
    assert not store.night_entries(db, first)[0]["voided"]
    assert "No such entry in this night." in host.get(f"/host/night/{other}?lang=en", follow_redirects=True).get_data(as_text=True)


@pytest.mark.slow
def test_closing_the_night_needs_a_confirmation(host, db):
    night_id, ana, bruno = _counted_night(host, db)
    page = host.get(f"/host/night/{night_id}?lang=en", follow_redirects=True).get_data(as_text=True)
    form = re.search(r'<form[^>]*id="close-night".*?</form>', page, re.S).group(0)
    button = re.search(r'<button[^>]*id="close-button"[^>]*>', form).group(0)  # the close's own button asks
    assert 'data-confirm="Close the night now?' in button and 'name="confirm" value="1"' in button
    assert "core/confirm.js" in page  # asks before it sends (no inline handler: the CSP)
    host.get("/host/?lang=es")  # the refusal is said in the language of the POST, beside the close button
    refused = host.post(f"/host/night/{night_id}/close", data={"key": "close-noconfirm", "resolution": ""})
    assert not store.get_night(db, night_id)["closed"]
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400 and "No se confirmó el cierre de la noche" in page
    host.post(f"/host/night/{night_id}/close", data={"key": "close-confirmed", "resolution": "", "confirm": "1"})
    assert store.get_night(db, night_id)["closed"]


@pytest.mark.slow
def test_host_reopens_a_closed_night_with_a_reason(host, db):
    night_id, ana, bruno = _counted_night(host, db, key="night-reopen-1")
    host.post(f"/host/night/{night_id}/close", data={"key": "close-reopen-1", "confirm": "1"})
    assert store.get_night(db, night_id)["closed"]
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert 'id="reopen"' in page and "Reabrir la noche" in page
    host.post(f"/host/night/{night_id}/reopen", data={"reason": ""})
    assert store.get_night(db, night_id)["closed"]
    host.post(f"/host/night/{night_id}/reopen", data={"reason": "Bruno's count was wrong"})
    assert not store.get_night(db, night_id)["closed"]
    reason = db.execute("SELECT reason, entered_by FROM ledger WHERE kind = 'void' AND target = "
                        "(SELECT id FROM ledger WHERE night_id = ? AND kind = 'close')", [night_id]).fetchone()
    assert reason == ("Bruno's count was wrong", "host:host")
    page = host.get(f"/host/night/{night_id}?lang=es", follow_redirects=True).get_data(as_text=True)
    assert "Noche reabierta." in page and 'id="close-night"' in page


@pytest.mark.parametrize("make, spanish", [
    (lambda h, n, ids: _seat(h, n, "Chus", 1, 100, "seat-c-tr"), "el asiento 1 está ocupado por Ana"),
    (lambda h, n, ids: _seat(h, n, "ana", 5, 100, "seat-a2-tr"), "Ana ya está en el asiento 1"),
    (lambda h, n, ids: h.post(f"/host/night/{n}/cash-out", data={"player_id": str(ids["Ana"]), "chips": "1",
                                                                 "key": "cash-tr-1"}),
     "La mano 1 sigue en juego"),
    (lambda h, n, ids: h.post(f"/host/night/{n}/buy-in", data={"player_id": str(ids["Ana"]), "chips": "7",
                                                               "key": "seat-a-tr:buy"}),
     "Este formulario ya se envió con otros datos"),
    (lambda h, n, ids: h.post(f"/host/night/{n}/hand", data={"button": "3", "key": "hand-tr-2"}),
     "La mano 1 sigue en juego: termínala primero."),
])
def test_store_refusals_are_said_in_spanish(host, db, make, spanish):
    night_id = _new_night(host, key="night-tr-1")
    _seat(host, night_id, "Ana", 1, 500, "seat-a-tr")
    _seat(host, night_id, "Bruno", 3, 500, "seat-b-tr")
    ids = {"Ana": store.find_player(db, "Ana")}
    if "en juego" in spanish:
        host.post(f"/host/night/{night_id}/hand", data={"button": "1", "key": "hand-tr-1"})
    host.get("/host/?lang=es")
    before = db.execute("SELECT (SELECT COUNT(*) FROM ledger), (SELECT COUNT(*) FROM seats)").fetchone()
    make(host, night_id, ids)
    page = host.get(f"/host/night/{night_id}", follow_redirects=True).get_data(as_text=True)
    assert spanish in page
    assert db.execute("SELECT (SELECT COUNT(*) FROM ledger), (SELECT COUNT(*) FROM seats)").fetchone() == before


@pytest.mark.slow
def test_closed_night_refusal_is_said_in_spanish_and_english_keeps_the_store_text(host, db):
    night_id, ana, bruno = _counted_night(host, db, key="night-closed-tr")
    host.post(f"/host/night/{night_id}/close", data={"key": "close-tr-1", "confirm": "1"})
    host.get("/host/?lang=es")
    host.post(f"/host/night/{night_id}/buy-in", data={"player_id": str(ana), "chips": "10", "key": "buy-closed-1"})
    assert "La noche está cerrada: reábrela para cambiar algo." in host.get(f"/host/night/{night_id}", follow_redirects=True).get_data(as_text=True)
    host.get("/host/?lang=en")
    _seat(host, night_id, "Bruno", 5, 0, "seat-b-closed")
    assert "The night is closed: reopen it to change anything." in host.get(f"/host/night/{night_id}", follow_redirects=True).get_data(as_text=True)


def test_store_errors_carry_codes_and_the_catalogue_says_them_in_english(db):
    """A refusal is its code and params (issue 23); its English is the catalogue's, the
    pages' and the command line's (it was the store's own text until then)."""
    with pytest.raises(store.StoreError) as dup:
        store.add_player(db, "Alex")
        store.add_player(db, "alex")
    assert dup.value.code == "duplicate_name" and dup.value.params == {"name": "Alex"}
    assert "There is already a player called Alex" in english(dup.value)
    night = store.create_night(db, rules="jackpots", chip_cents=10)
    alex = store.find_player(db, "Alex")
    store.seat_player(db, night, alex, 1, entered_by="host")
    with pytest.raises(store.StoreError) as seated:
        store.seat_player(db, night, alex, 2, entered_by="host")
    assert english(seated.value) == "Alex is already in seat 1"
    assert (seated.value.code, seated.value.params) == ("player_seated", {"name": "Alex", "seat": 1})
    store.join_table(db, night, "Bea", 2, None, entered_by="host")
    hand = store.start_hand(db, night, button=1, entered_by="host")
    with pytest.raises(store.StoreError) as nothing:
        store.undo_last(db, hand, reason="oops", entered_by="dealer")
    assert nothing.value.code == "nothing_to_undo"


# --- the new-night form refuses sizes no hand can be played with ------------------------

@pytest.mark.parametrize("preset, sizes, english, spanish", [
    ("jackpots", {"ante": "0", "small_bet": "0", "big_bet": "0"}, "Small bet (chips): must be above 0 in fixed limit.",
     "Apuesta pequeña (fichas): debe ser mayor que 0 en límite fijo."),
    ("jackpots", {"ante": "5", "small_bet": "10", "big_bet": "5"}, "Big bet (chips): must be at least the small bet (10).",
     "Apuesta grande (fichas): debe ser al menos la apuesta pequeña (10)."),
    ("jackpots", {"ante": "0", "small_bet": "10", "big_bet": "20"}, "Ante (chips): must be above 0 when there are no blinds",
     "Pot / ante (fichas): debe ser mayor que 0 cuando no hay ciegas"),
    ("pocker", {"ante": "5", "min_bet": "0"}, "Minimum bet (chips): must be above 0 in pot limit and no limit.",
     "Apuesta mínima (fichas): debe ser mayor que 0 en límite del bote y sin límite."),
])
def test_new_night_with_unplayable_sizes_is_refused_naming_the_field(host, db, preset, sizes, english, spanish):
    for lang, message in (("en", english), ("es", spanish)):
        host.get(f"/host/?lang={lang}")
        response = host.post("/host/nights", data={"preset": preset, "chip_cents": "10", "currency": "EUR",
                                                   "key": f"bad-sizes-{lang}", **sizes})
        assert response.status_code == 400   # the form drawn again, as filled, the refusal on top
        assert message in response.get_data(as_text=True)
    assert store.list_nights(db) == []


def test_new_night_with_playable_sizes_is_opened(host, db):
    night_id = _new_night(host)  # ante 5, 10/20 fixed limit
    assert store.get_night(db, night_id)["rules_frozen"]["small_bet"] == 10
    response = host.post("/host/nights", data={"preset": "pocker", "ante": "5", "min_bet": "25",
                                               "chip_cents": "10", "key": "nl-night-1"})
    no_limit = int(re.search(r"/night/(\d+)", response.headers["Location"]).group(1))
    assert store.get_night(db, no_limit)["rules_frozen"]["min_bet"] == 25
    # the deuce-to-seven preset has blinds and no ante: playable
    response = host.post("/host/nights", data={"preset": "deuce_to_seven", "chip_cents": "10", "key": "27-night"})
    assert "/night/" in response.headers["Location"]
