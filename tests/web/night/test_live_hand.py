"""The host's *Juego* stage, live (issue 26, ``web.night.live_hand``): the hand in progress
as an HTML fragment the page polls with the tablet's conditional read (a 304 while nothing
changed, the new figures after a tap, a rebuy or "última mano"), the host's alone; and
"última mano" said and taken back from the host's page, refusals in words, nothing stored."""

from __future__ import annotations

import re
from datetime import datetime

import pytest
from apps import snapshot
from hosts import login_host

import store
from store.money.chip_entries import seat_between_hands
from store.night.last_hand import last_hand_mark


@pytest.fixture
def host(client):
    login_host(client)
    client.get("/host/?lang=en")
    return client


def _night(db):
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                               chip_cents=10, buy_in=500, started_at=datetime(2026, 3, 1, 21, 0))
    for name, seat in (("Ana", 1), ("Bruno", 2), ("Íñigo", 3)):
        seat_between_hands(db, night, name, seat, 500, entered_by="host:test")
    return night


def _etag(page: str) -> str:
    return re.search(r'id="live-hand"[^>]*data-etag="([^"]*)"', page).group(1).replace("&#34;", '"')


def test_the_live_part_answers_304_until_a_tap_then_the_new_pot_and_the_line_in_words(host, db):
    night = _night(db)
    hand = store.start_hand(db, night, button=1, entered_by="host:test")
    page = host.get(f"/host/night/{night}/play?lang=en").get_data(as_text=True)
    tag = _etag(page)
    assert tag.startswith('"') and tag.endswith('.en"')
    url = re.search(r'data-live-url="([^"]*)"', page).group(1).replace("&amp;", "&")
    same = host.get(url, headers={"If-None-Match": tag})
    assert same.status_code == 304 and same.get_data() == b"" and same.headers["ETag"] == tag
    store.append_action(db, hand, "p2 ante 5", entered_by="dealer:test", key="live-tap-0001")
    fresh = host.get(url, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and fresh.headers["ETag"] != tag
    body = fresh.get_data(as_text=True)
    assert 'data-pot="5"' in body and "Bruno" in body and 'id="last-lines"' in body
    assert "<html" not in body   # a fragment, put in place by static/night/live_hand.js
    assert host.get(url, headers={"If-None-Match": fresh.headers["ETag"]}).status_code == 304


def test_a_rebuy_between_hands_changes_the_live_part(host, db):
    night = _night(db)
    store.end_hand(db, store.start_hand(db, night, button=1, entered_by="host:test"), entered_by="host:test")
    url = f"/host/night/{night}/play/live?lang=en"
    first = host.get(url)
    store.buy_in(db, night, store.find_player(db, "Ana"), 100, entered_by="host:test")
    assert host.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 200


def test_the_live_part_is_the_hosts_alone(client, db):
    night = _night(db)
    answer = client.get(f"/host/night/{night}/play/live")
    assert answer.status_code == 302 and "/host/login" in answer.headers["Location"]


def test_no_such_night_is_404(host):
    assert host.get("/host/night/999/play/live").status_code == 404


def test_the_live_part_is_said_in_spanish_for_a_spanish_page(host, db):
    night = _night(db)
    store.start_hand(db, night, button=1, entered_by="host:test")
    body = host.get(f"/host/night/{night}/play/live?lang=es").get_data(as_text=True)
    assert "Última mano" in body and "Bote" in body


def test_the_host_says_last_hand_and_takes_it_back(host, db):
    night = _night(db)
    store.start_hand(db, night, button=1, entered_by="host:test")
    answer = host.post(f"/host/night/{night}/last-hand", data={"on": "1", "key": "last-hand-0001"})
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/host/night/{night}/play#hand")
    mark = last_hand_mark(db, night)
    assert mark is not None and mark["entered_by"].startswith("host")
    page = host.get(f"/host/night/{night}/play?lang=en").get_data(as_text=True)
    assert 'id="last-hand-note"' in page and "Take back “last hand”" in page
    # the tablet sees it (its poll's state)
    assert store.hand.table_view.table_view(db, night)["last_declared"] is True
    host.post(f"/host/night/{night}/last-hand", data={"on": "0", "key": "last-hand-0002"})
    assert last_hand_mark(db, night) is None


def test_taking_back_what_was_not_said_is_refused_in_words_and_stores_nothing(host, app, db):
    night = _night(db)
    before = snapshot(app.config["DATABASE"])
    answer = host.post(f"/host/night/{night}/last-hand", data={"on": "0", "key": "last-hand-0003"},
                       follow_redirects=True)
    assert "“Last hand” was not said: there is nothing to take back." in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before


def test_a_bad_on_is_refused_and_stores_nothing(host, app, db):
    night = _night(db)
    before = snapshot(app.config["DATABASE"])
    answer = host.post(f"/host/night/{night}/last-hand", data={"on": "yes", "key": "last-hand-0004"},
                       follow_redirects=True)
    assert "choose one of the options" in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before
    assert last_hand_mark(db, night) is None


def test_last_hand_on_a_closed_night_is_refused_in_words(host, app, db):
    night = _night(db)
    for name in ("Ana", "Bruno", "Íñigo"):
        store.cash_out(db, night, store.find_player(db, name), 500, entered_by="host:test")
    store.close_night(db, night, entered_by="host:test")
    before = snapshot(app.config["DATABASE"])
    answer = host.post(f"/host/night/{night}/last-hand", data={"on": "1", "key": "last-hand-0005"},
                       follow_redirects=True)
    assert "The night is closed: reopen it to change anything." in answer.get_data(as_text=True)
    assert snapshot(app.config["DATABASE"]) == before
    assert last_hand_mark(db, night) is None
