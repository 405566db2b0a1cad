"""The table code's routes (issue 26, ``web.night.table_code`` and ``web.night.table_host``):
the host shows one QR for the table; a phone opens ``/t/<code>``, taps a name and lands on
that player's private link, kept in a cookie; a taken name is refused in words (Spanish and
English), nothing stored; the host releases or revokes a claim; the phone gives its name
back; the code says it is dead once the night closes or a newer one is shown; the tablet's
link is shown as a QR, and again as a fresh one. CSRF is on here (mark ``csrf``)."""

from __future__ import annotations

import re
import uuid

import pytest
from apps import snapshot
from csrf_client import post_form
from hosts import login_host

import store
from app import create_app
from store.night.table_code import claim_name, issue_table_code

pytestmark = pytest.mark.csrf

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}

TAKEN = {"es": "Otro móvil ya ha cogido el nombre Ana: si es el tuyo, pide al anfitrión que lo libere.",
         "en": "Ana was already taken by another phone: if that name is yours, ask the host to release it."}
CLOSED = {"es": "La noche está cerrada: el código de la mesa ya no funciona.",
          "en": "The night is closed: the table code no longer works."}
REPLACED = {"es": "Este código de la mesa se ha cambiado por uno nuevo",
            "en": "This table code was replaced by a newer one"}


@pytest.fixture
def night(db):
    """Ana (seat 1), Bruno (3) and a 60-letter name (4), 500 chips each."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    ids = {}
    for name, seat in (("Ana", 1), ("Bruno", 3), ("Maximiliano " * 5, 4)):
        ids[name.split()[0]] = store.add_player(db, name.strip())
        store.seat_player(db, night_id, ids[name.split()[0]], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name.split()[0]], 500, entered_by="test")
    return {"id": night_id, "ids": ids}


def _phone(app, lang: str):
    client = app.test_client()
    client.set_cookie("lang", lang)
    return client


def _host(app, lang: str = "es"):
    client = _phone(app, lang)
    login_host(client)
    return client


def _show_code(host, night_id: int) -> str:
    """The host shows the table code; its path (``/t/<code>``) from the answer."""
    answer = post_form(host, f"/host/night/{night_id}/table-code", {"key": str(uuid.uuid4())},
                       page=f"/host/night/{night_id}")
    html = answer.get_data(as_text=True)
    assert answer.status_code == 200 and 'id="new-table-code"' in html and "<svg" in html
    url = re.search(r'value="([^"]+)" aria-label="[^"]*" id="table-code-url"', html).group(1)
    return url.split("localhost", 1)[1]


def _claim(phone, path: str, player_id: int):
    return post_form(phone, path + "/claim", {"player_id": str(player_id), "key": f"k-{id(phone)}-{player_id}"},
                     page=path)


def _refusal(response) -> str:
    found = re.search(r'id="claim-refusal"><p class="error">([^<]+)', response.get_data(as_text=True))
    return found.group(1) if found else ""


@pytest.mark.parametrize("lang", ["es", "en"])
def test_a_phone_takes_a_name_and_a_taken_name_is_refused_in_words(app, night, lang):
    host = _host(app, lang)
    path = _show_code(host, night["id"])
    first = _phone(app, lang)
    page = first.get(path)
    assert page.status_code == 200 and page.headers["Cache-Control"] == "no-store"
    assert page.get_data(as_text=True).count('class="claim-name"') == 3
    taken = _claim(first, path, night["ids"]["Ana"])
    assert taken.status_code == 303 and taken.headers["Location"].startswith("/p/")
    assert first.get(taken.headers["Location"]).status_code == 200          # the player's own page
    assert first.get_cookie("tapete_table", path="/t/").value == taken.headers["Location"][3:]
    mine = first.get(path).get_data(as_text=True)
    assert 'id="my-claim"' in mine and taken.headers["Location"] in mine and 'id="give-back"' in mine

    second = _phone(app, lang)
    before = snapshot(app.config["DATABASE"])
    refused = _claim(second, path, night["ids"]["Ana"])
    assert refused.status_code == 409 and _refusal(refused) == TAKEN[lang]
    assert snapshot(app.config["DATABASE"]) == before
    assert 'data-taken="true"' in second.get(path).get_data(as_text=True)


def test_the_host_sees_the_claims_and_releases_one_the_name_is_taken_again(app, db, night):
    host = _host(app)
    path = _show_code(host, night["id"])
    first, third = _phone(app, "es"), _phone(app, "es")
    link = _claim(first, path, night["ids"]["Ana"]).headers["Location"]
    html = host.get(f"/host/night/{night['id']}/table").get_data(as_text=True)
    claim = re.search(r'data-claim="(\d+)" data-player="%d" data-live="true"' % night["ids"]["Ana"], html).group(1)
    released = post_form(host, f"/host/night/{night['id']}/claims/{claim}/release", {},
                         page=f"/host/night/{night['id']}")
    assert released.status_code == 302 and released.headers["Location"].endswith("#table-code")
    after = host.get(f"/host/night/{night['id']}/table").get_data(as_text=True)
    assert "Ana liberado" in after and "liberado a las" in after
    assert first.get(link).status_code == 404                               # a release ends the link (issue 26)
    again = _claim(third, path, night["ids"]["Ana"])
    assert again.status_code == 303 and third.get(again.headers["Location"]).status_code == 200


def test_a_revoked_claims_link_is_a_404(app, night):
    host = _host(app, "en")
    path = _show_code(host, night["id"])
    phone = _phone(app, "en")
    link = _claim(phone, path, night["ids"]["Bruno"]).headers["Location"]
    html = host.get(f"/host/night/{night['id']}/table").get_data(as_text=True)
    claim = re.search(r'data-claim="(\d+)"', html).group(1)
    post_form(host, f"/host/night/{night['id']}/claims/{claim}/revoke", {}, page=f"/host/night/{night['id']}")
    assert phone.get(link).status_code == 404
    again = post_form(host, f"/host/night/{night['id']}/claims/{claim}/revoke", {},
                      page=f"/host/night/{night['id']}")
    assert again.status_code == 302
    assert "The claim of Bruno was already ended." in host.get(f"/host/night/{night['id']}/table").get_data(as_text=True)


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_phone_gives_the_wrong_name_back(app, night, lang):
    host = _host(app, lang)
    path = _show_code(host, night["id"])
    phone = _phone(app, lang)
    link = _claim(phone, path, night["ids"]["Ana"]).headers["Location"]
    given = post_form(phone, path + "/give-back", {}, page=path)
    assert given.status_code == 303 and phone.get(link).status_code == 404
    page = phone.get(path).get_data(as_text=True)
    assert {"es": "Has devuelto el nombre Ana", "en": "You gave back the name Ana"}[lang] in page
    assert 'id="my-claim"' not in page and 'data-taken="true"' not in page
    stranger = _phone(app, lang)
    refused = post_form(stranger, path + "/give-back", {}, page=path)
    assert refused.status_code == 409 and _refusal(refused) == {
        "es": "Este móvil no tiene ningún nombre de esta noche: no hay nada que devolver.",
        "en": "This phone holds no name of this night: nothing to give back."}[lang]


@pytest.mark.parametrize("lang", ["es", "en"])
def test_the_code_says_it_is_dead_after_the_close_and_when_replaced(app, db, night, lang):
    host = _host(app, lang)
    old = _show_code(host, night["id"])
    new = _show_code(host, night["id"])
    replaced = _phone(app, lang).get(old)
    assert replaced.status_code == 410 and REPLACED[lang] in replaced.get_data(as_text=True)
    for pid in night["ids"].values():
        store.cash_out(db, night["id"], pid, 500, entered_by="test")
    store.close_night(db, night["id"], entered_by="test")
    phone = _phone(app, lang)
    closed = phone.get(new)
    assert closed.status_code == 410 and CLOSED[lang] in closed.get_data(as_text=True)
    assert 'class="claim-name"' not in closed.get_data(as_text=True)
    refused = _claim(phone, new, night["ids"]["Ana"])
    assert refused.status_code == 409 and _refusal(refused).startswith(CLOSED[lang])
    assert 'id="show-table-code"' not in host.get(f"/host/night/{night['id']}/table").get_data(as_text=True)


def test_an_unknown_code_is_a_404_in_words(app, night):
    answer = _phone(app, "es").get("/t/" + "Zq3" * 10 + "xy")
    assert answer.status_code == 404 and "Esta página no existe" in answer.get_data(as_text=True)


def test_a_claim_without_the_csrf_token_is_refused_and_stores_nothing(app, db, night):
    _, code = issue_table_code(db, night["id"], issued_by="test")
    phone = _phone(app, "es")
    phone.get(f"/t/{code}")
    before = snapshot(app.config["DATABASE"])
    answer = phone.post(f"/t/{code}/claim", data={"player_id": str(night["ids"]["Ana"])})
    assert answer.status_code == 400 and snapshot(app.config["DATABASE"]) == before


def test_a_bad_player_field_is_refused_in_words(app, db, night):
    _, code = issue_table_code(db, night["id"], issued_by="test")
    phone = _phone(app, "en")
    before = snapshot(app.config["DATABASE"])
    for value in ("", "-1", "abc", "99999"):
        answer = post_form(phone, f"/t/{code}/claim", {"player_id": value}, page=f"/t/{code}")
        assert answer.status_code == 409 and _refusal(answer), value
    assert snapshot(app.config["DATABASE"]) == before


def test_the_claim_page_is_rate_limited(app, db, night):
    app.config.update(TABLE_CODE_READS="3 per minute")
    _, code = issue_table_code(db, night["id"], issued_by="test")
    phone = _phone(app, "es")
    phone.get(f"/t/{code}")           # the first answer names the phone (its cookie); counted from then on
    assert [phone.get(f"/t/{code}").status_code for _ in range(3)] == [200] * 3
    limited = phone.get(f"/t/{code}")
    assert limited.status_code == 429 and "Demasiadas peticiones" in limited.get_data(as_text=True)
    assert phone.get("/t/" + "Zq3" * 10 + "xy").status_code == 429        # guessing codes is limited too


def test_two_phones_from_one_address_each_claim(app, db, night):
    """Issue 26, a tester's finding: the claims were counted per address, so behind a proxy
    (or one router) the whole table shared one count and one guest could block every claim.
    Each phone is counted on its own (its address and its cookie)."""
    app.config.update(TABLE_CODE_WRITES="1 per minute")
    _, code = issue_table_code(db, night["id"], issued_by="test")
    path = f"/t/{code}"
    first, second = _phone(app, "es"), _phone(app, "es")          # both from 127.0.0.1
    assert _claim(first, path, night["ids"]["Ana"]).status_code == 303
    assert _claim(second, path, night["ids"]["Bruno"]).status_code == 303
    again = _claim(first, path, night["ids"]["Maximiliano"])       # the first phone's second claim
    assert again.status_code == 429 and "Demasiadas peticiones" in again.get_data(as_text=True)
    assert first.get_cookie("tapete_phone", path="/t/").value != second.get_cookie("tapete_phone", path="/t/").value


def test_a_nights_code_has_a_ceiling_for_all_its_phones(app, db, night):
    """A guest making up a new phone for every claim (a fresh cookie each time) still meets
    the night's ceiling."""
    app.config.update(TABLE_CODE_NIGHT_WRITES="2 per minute")
    _, code = issue_table_code(db, night["id"], issued_by="test")
    path = f"/t/{code}"
    answers = [_claim(_phone(app, "en"), path, night["ids"][name]).status_code
               for name in ("Ana", "Bruno", "Maximiliano")]
    assert answers == [303, 303, 429]


def _cookieless_reads(app, code: str) -> list[int]:
    """Two phones behind one proxy (the same REMOTE_ADDR, each its own X-Forwarded-For),
    no cookies kept: the claim page's status for each."""
    return [app.test_client(use_cookies=False).get(f"/t/{code}", headers={"X-Forwarded-For": address},
                                                   environ_base={"REMOTE_ADDR": "10.0.0.1"}).status_code
            for address in ("192.168.1.20", "192.168.1.21")]


def test_a_forwarded_address_is_believed_only_behind_tapete_proxy(app, db, night, tmp_path):
    _, code = issue_table_code(db, night["id"], issued_by="test")
    app.config.update(TABLE_CODE_READS="1 per minute")
    assert _cookieless_reads(app, code) == [200, 429]             # no proxy said: the header is anyone's
    behind = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                         "TAPETE_PROXY": "1", "TABLE_CODE_READS": "1 per minute"})
    assert _cookieless_reads(behind, code) == [200, 200]          # each phone's own address


def test_the_tablets_link_is_shown_as_a_qr_and_again_as_a_fresh_one(app, db, night):
    host = _host(app)
    issued = post_form(host, f"/host/night/{night['id']}/dealer-links", {"label": "Mesa", "key": "tablet-1"},
                       page=f"/host/night/{night['id']}")
    html = issued.get_data(as_text=True)
    assert 'id="dealer-qr"' in html and "<svg" in html.split('id="dealer-qr"')[1][:200]
    old_url = re.search(r'value="([^"]+)" aria-label="[^"]*" id="new-dealer-url"', html).group(1)
    old_id = re.search(r'id="new-dealer-link" data-link="(\d+)"', html).group(1)
    again = post_form(host, f"/host/night/{night['id']}/dealer-links/{old_id}/again", {"key": "tablet-again-1"},
                      page=f"/host/night/{night['id']}")
    html = again.get_data(as_text=True)
    new_url = re.search(r'value="([^"]+)" aria-label="[^"]*" id="new-dealer-url"', html).group(1)
    assert new_url != old_url and 'id="dealer-qr"' in html
    tablet = app.test_client()
    assert tablet.get(old_url.split("localhost", 1)[1]).status_code == 404
    assert tablet.get(new_url.split("localhost", 1)[1]).status_code == 200
    assert [link["label"] for link in store.dealer_links(db, night["id"])] == ["Mesa", "Mesa (2)"]


def test_the_claims_list_says_how_each_claim_ended(app, db, night):
    _, code = issue_table_code(db, night["id"], issued_by="test")
    claim_name(db, code, night["ids"]["Maximiliano"])
    html = _host(app).get(f"/host/night/{night['id']}/table").get_data(as_text=True)
    assert 'id="table-claims"' in html and "Maximiliano Maximiliano" in html
    assert 'id="table-code-shown"' in html and code[:6] in html and code not in html
