"""Rebuys asked from the phone (issue 28, ``web.night.rebuy_requests``): "pedir fichas" on
the player's link, the request on the host's *Juego* (its live part) answered with one tap,
the tablet's state showing it and its answer refused unless the host allowed it; refusals in
the page's language, nothing stored. Marked ``csrf``: every POST carries its token."""

from __future__ import annotations

import json
import re
from datetime import datetime

import pytest
from apps import snapshot
from csrf_client import post_form, post_json
from hosts import login_host
from tablets import dealer_url

import store
from store.money.chip_entries import seat_between_hands
from store.night.rebuy_reads import pending_rebuys

pytestmark = pytest.mark.csrf


def _night(db):
    night = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
                               chip_cents=10, buy_in=100, started_at=datetime(2026, 3, 1, 21, 0))
    ids = {name: seat_between_hands(db, night, name, seat, 100, entered_by="host:test")
           for name, seat in (("Ana", 1), ("Bruno", 2))}
    return night, ids


def test_asked_on_the_phone_shown_live_on_juego_and_accepted_with_one_tap(app, db):
    night, ids = _night(db)
    token = store.issue_token(db, ids["Bruno"])
    phone = app.test_client()
    page = phone.get(f"/p/{token}?lang=es").get_data(as_text=True)
    assert "Pedir fichas" in page and f'id="rebuy-{night}"' in page
    host = app.test_client()
    login_host(host)
    juego = host.get(f"/host/night/{night}/play?lang=es").get_data(as_text=True)
    tag = re.search(r'data-etag="([^"]*)"', juego).group(1).replace("&#34;", '"')
    live = f"/host/night/{night}/play/live?lang=es"
    assert host.get(live, headers={"If-None-Match": tag}).status_code == 304
    asked = post_form(phone, f"/p/{token}/night/{night}/rebuy", {"chips": "250", "key": "ask-form-0001"},
                      page=f"/p/{token}", follow_redirects=True)
    assert "Has pedido 250 fichas: el anfitrión contestará." in asked.get_data(as_text=True)
    assert "esperando la respuesta del anfitrión" in asked.get_data(as_text=True)
    fresh = host.get(live, headers={"If-None-Match": tag})
    assert fresh.status_code == 200 and "Bruno pide 250 fichas" in fresh.get_data(as_text=True)
    request_id = re.search(r'data-request="(\d+)"', fresh.get_data(as_text=True)).group(1)
    done = post_form(host, f"/host/night/{night}/rebuy-requests/{request_id}",
                     {"answer": "accepted", "key": "answer-form-0001"}, follow_redirects=True)
    assert "Bruno: recompra de 250 fichas anotada." in done.get_data(as_text=True)
    entry = db.execute("SELECT chips, entered_by, detail FROM ledger WHERE kind = 'buy_in' ORDER BY id DESC").fetchone()
    assert entry[0] == 250 and entry[1].startswith("host:")
    assert json.loads(entry[2])["asked_by"] == f"player:{ids['Bruno']}"
    mesa = host.get(f"/host/night/{night}/table?lang=es").get_data(as_text=True)
    assert mesa.count("pedida desde el móvil, aceptada por") == 1   # the ledger's line says who asked
    back = phone.get(f"/p/{token}?lang=es").get_data(as_text=True)
    assert "Tu petición de 250 fichas se aceptó." in back


def test_a_bad_amount_and_a_second_request_are_refused_in_words_and_store_nothing(app, db):
    night, ids = _night(db)
    token = store.issue_token(db, ids["Ana"])
    phone = app.test_client()
    phone.get(f"/p/{token}?lang=es")
    for bad in ("0", "-5", "2.5", "diez", "", "9" * 30):
        before = snapshot(app.config["DATABASE"])
        said = post_form(phone, f"/p/{token}/night/{night}/rebuy", {"chips": bad, "key": f"bad-{len(bad)}-{bad[:1]}xx"},
                         page=f"/p/{token}", follow_redirects=True).get_data(as_text=True)
        assert "Fichas:" in said, bad
        assert snapshot(app.config["DATABASE"]) == before
    post_form(phone, f"/p/{token}/night/{night}/rebuy", {"chips": "50", "key": "first-0001"}, page=f"/p/{token}")
    before = snapshot(app.config["DATABASE"])
    said = post_form(phone, f"/p/{token}/night/{night}/rebuy", {"chips": "60", "key": "second-0001"},
                     page=f"/p/{token}", follow_redirects=True).get_data(as_text=True)
    assert "Ya has pedido 50 fichas" in said
    assert snapshot(app.config["DATABASE"]) == before
    taken = post_form(phone, f"/p/{token}/night/{night}/rebuy/withdraw", {"key": "back-0001"},
                      page=f"/p/{token}", follow_redirects=True).get_data(as_text=True)
    assert "Petición de fichas retirada." in taken


def test_the_tablet_shows_requests_and_answers_them_only_where_the_host_allowed_it(app, db):
    night, ids = _night(db)
    base = dealer_url(db, night, "Mesa")
    tablet = app.test_client()
    tablet.get(base + "/?lang=es")
    token = store.issue_token(db, ids["Ana"])
    phone = app.test_client()
    phone.get(f"/p/{token}")
    post_form(phone, f"/p/{token}/night/{night}/rebuy", {"chips": "80", "key": "ask-tab-0001"}, page=f"/p/{token}")
    state = tablet.get(base + "/state").get_json()
    assert [(r["name"], r["chips"]) for r in state["rebuy_requests"]] == [("Ana", 80)] and state["tablet_rebuys"] is False
    request_id = state["rebuy_requests"][0]["id"]
    before = snapshot(app.config["DATABASE"])
    refused = post_json(tablet, base + "/rebuy", {"key": "tab-answer-0001", "request_id": request_id,
                                                   "answer": "accepted"}, page=base + "/")
    assert refused.status_code == 400 and "no ha dejado que las tabletas" in refused.get_json()["error"]
    assert snapshot(app.config["DATABASE"]) == before
    host = app.test_client()
    login_host(host)
    post_form(host, f"/host/night/{night}/tablet-rebuys", {"on": ["0", "1"], "key": "allow-0001"})
    assert tablet.get(base + "/state").get_json()["tablet_rebuys"] is True
    taken = post_json(tablet, base + "/rebuy", {"key": "tab-answer-0002", "request_id": request_id,
                                                 "answer": "accepted"}, page=base + "/")
    assert taken.status_code == 200 and taken.get_json()["rebuy_requests"] == []
    assert taken.get_json()["said"] == "Ana: recompra de 80 fichas anotada."
    assert db.execute("SELECT entered_by FROM ledger WHERE kind = 'buy_in' ORDER BY id DESC").fetchone()[0] == "dealer:Mesa"
    post_form(host, f"/host/night/{night}/tablet-rebuys", {"on": "0", "key": "allow-0002"})
    assert tablet.get(base + "/state").get_json()["tablet_rebuys"] is False


def test_a_request_still_waiting_at_the_close_is_declined_by_it_and_not_back_on_a_reopen(app, db):
    """Issue 28 (a fresh tester): a request the host never answered vanished at the close,
    without an answer, and came back on a reopen. The close answers it (declined because the
    night closed: who closed, and the close's entry, append-only), the phone says so in both
    languages, and a reopen does not bring it back."""
    night, ids = _night(db)
    token = store.issue_token(db, ids["Bruno"])
    phone = app.test_client()
    phone.get(f"/p/{token}?lang=en")
    post_form(phone, f"/p/{token}/night/{night}/rebuy", {"chips": "250", "key": "ask-close-0001"}, page=f"/p/{token}")
    for pid in ids.values():
        store.cash_out(db, night, pid, 100, entered_by="test")
    store.close_night(db, night, entered_by="host:alba")
    answer = db.execute("SELECT answer, answered_by, ledger_id FROM rebuy_answers").fetchall()
    close_id = db.execute("SELECT id FROM ledger WHERE kind = 'close'").fetchone()[0]
    assert answer == [("closed", "host:alba", close_id)]
    assert "250 chips was not accepted: the night was closed." in phone.get(f"/p/{token}?lang=en").get_data(as_text=True)
    assert "250 fichas no se aceptó: la noche se cerró." in phone.get(f"/p/{token}?lang=es").get_data(as_text=True)
    store.reopen_night(db, night, reason="a count was wrong", entered_by="host:alba")
    assert pending_rebuys(db, night) == []
    host = app.test_client()
    login_host(host)
    juego = host.get(f"/host/night/{night}/play?lang=en").get_data(as_text=True)
    assert "asks for 250 chips" not in juego and "data-request=" not in juego
    again = phone.get(f"/p/{token}?lang=en").get_data(as_text=True)
    assert "the night was closed" in again and 'id="rebuy-ask-' in again   # may ask again
