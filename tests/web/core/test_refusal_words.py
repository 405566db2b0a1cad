"""Every refusal a host page or a tablet can meet is said in the page's language (issue 13,
tester A items 8 and 9): the store's refusals by their code (``web.core.refusals``, the one
catalogue), and HTTP errors (404, 405, 400, 500 ...) as a small page or, for the tablet,
JSON words (``web.core.errors``). Spanish is checked word for word; nothing is stored. Every
code raised has its sentence in both languages."""

from __future__ import annotations

import ast
import html

import pytest
from apps import snapshot
from flask_babel import force_locale
from hosts import login_host
from refusal_scan import refusal_classes, scanned_modules
from tablets import dealer_url

import store
from web.core.refusals import RULES_UNPLAYABLE, said_refusal

SAMPLES = {
    "number": 3, "empty": True, "version": 1, "current": 2, "seat": 4, "name": "Ana", "names": ["Ana", "Bea"], "night": 7, "page": 3, "season": 2,
    "hand": 3, "dispute": 2, "dispute_id": 2, "ruling_id": 5, "count": 2, "hands": [1, 3], "key": "ante",
    "limit": 200, "length": 250, "max": 1000, "min": 10, "low": 1, "high": 10, "seats": [1, 3], "text": "p1 dance",
    "index": 0, "chars": "U+200B", "zone": "Mars/Base", "field": "chips", "player": 2, "entry": 9, "event": 9,
    "kind": "close", "button": 9, "chips": 50, "counted": 390, "carried": 0, "pot_returned": 0, "pot_in_counts": 0,
    "bought": 400, "difference": -10, "resolution": "charge", "role": "hub", "variant": "FB", "line": 3,
    "nickname": "Ana", "column": "buy_in", "value": "x", "amounts": "cents", "cells": 3, "columns": 5,
    "missing": ["net"], "twice": ["net"], "lines": [3, 4], "total": "1.00", "expected": "1.00", "net": "2.00",
    "buy_out": "1.00", "stack": "0.00", "nit_escrow": "0.00", "buy_in": "1.00", "reason_code": "name_invisible",
    "reason_params": {"chars": "U+200B"}, "path": "/srv/tapete.db", "archive": "/srv/b.tar", "folder": "/srv",
    "detail": "disk I/O error", "member": "tapete.db", "format": 1, "nights": 2, "manifest": 3,
    "unknown": ["m999_future"], "differences": [["table", "notes", "added"]], "more": 1,
    "variable": "TAPETE_CHAIN_KEY", "pid": 123, "mark": "/srv/tapete.db.serving", "source": "secrets.json",
    "where": "TAPETE_CHAIN_KEY", "bytes": 32, "username": "ana", "known": ["host"], "owed": 2, "said": 1,
    "payer": 1, "payee": 2, "expense": 3, "decision": "maybe", "label": "Mesa", "link": 5, "table": "events",
    "row": 12, "reason": "range", "what": "players", "pushed": 20, "pot": 30, "mode": "table", "ruling": 5, "verb": "raise", "answer": "accepted",
}
"""A value for each param a refusal is raised with (by name), to say every raise site."""

SPLATS = {"where": {"line": 3, "nickname": "Ana"}, "place": {"player": 2},
          "figures": {"counted": 390, "carried": 0, "pot_returned": 0, "pot_in_counts": 0, "bought": 400,
                      "difference": -10, "buy_out": "1.00", "stack": "0.00", "nit_escrow": "0.00", "buy_in": "1.00"},
          "exc.params": {}}
"""The params a raise site passes as ``**name``, by the name."""


def _raised():
    """``(site, code, params)`` of every refusal raised with a code in ``store/`` and
    ``web/`` (``test_refusal_codes``' scan): constant params as written, the others from
    :data:`SAMPLES` (None: a param with no sample)."""
    trees = scanned_modules()
    classes = refusal_classes(trees)
    for name, tree in trees.items():
        for node in ast.walk(tree):
            called = getattr(node, "func", None)
            if not (isinstance(node, ast.Call) and (getattr(called, "id", None) or getattr(called, "attr", None))
                    in classes and node.args and isinstance(node.args[0], ast.Constant)):
                continue
            params = {}
            for k in node.keywords:
                if k.arg is None:
                    params.update(SPLATS.get(ast.unparse(k.value), {}))
                elif isinstance(k.value, ast.Constant):
                    params[k.arg] = k.value.value
                else:
                    params[k.arg] = SAMPLES.get(k.arg, KeyError)
            yield f"{name}:{node.lineno}", node.args[0].value, params


@pytest.mark.slow
def test_every_store_refusal_has_a_sentence_in_spanish_and_english(app):
    """Every code raised in store/ (and web/) is said by the catalogue (``web.core.refusals``)
    with the params its raise site gives, in Spanish and in English, and the two differ
    (the Spanish is translated); no code without a sentence, no sentence that needs a
    param the raise site does not give."""
    sites = [expanded for site in _raised() for expanded in _each_reason(*site)]
    assert len({code for _, code, _ in sites}) > 150
    unknown, unsaid, untranslated = [], [], []
    for site, code, params in sites:
        if KeyError in params.values():
            unknown.append(f"{site} {code}: {[k for k, v in params.items() if v is KeyError]}")
            continue
        with app.test_request_context():
            said = {}
            for lang in ("es", "en"):
                with force_locale(lang):
                    said[lang] = said_refusal(code, params)
        if None in said.values():
            unsaid.append(f"{site} {code} {params}")
        elif said["es"] == said["en"]:
            untranslated.append(f"{site} {code}: {said['en']}")
    assert not unknown, "params with no sample in SAMPLES: " + "; ".join(unknown)
    assert not unsaid, "codes the catalogue (web.core.refusals.MESSAGES) does not say: " + "; ".join(unsaid)
    assert not untranslated, "said the same in Spanish and English: " + "; ".join(untranslated)


UNPLAYABLE = {"field": "big_blind", "small": 10, "blind": 5}
"""The figures a ``rules_unplayable`` refusal carries besides its ``reason``."""


def _each_reason(site: str, code: str, params: dict):
    """A raise site, or one per reason where its sentence depends on the referee's reason
    (``rules_unplayable``, alone or as an import's ``session_invalid``: every reason of
    ``web.core.refusals.RULES_UNPLAYABLE``)."""
    if code != "rules_unplayable" and params.get("what") != "rules_unplayable":
        yield site, code, params
        return
    for reason in RULES_UNPLAYABLE:
        yield site, code, {**params, **UNPLAYABLE, "reason": reason}


@pytest.fixture
def night(app, db, client):
    """Ana (seat 1) and Bruno (seat 3) bought in, no hand yet; Bea in the club, not seated;
    the host logged in."""
    night_id = store.create_night(db, rules="jackpots", chip_cents=10)
    ids = {}
    for name, seat in (("Ana", 1), ("Bruno", 3)):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name], 500, entered_by="test")
    ids["Bea"] = store.add_player(db, "Bea")
    login_host(client)
    return {"id": night_id, "ids": ids}


def _said(app, client, url, data):
    """POST the form in Spanish; the page it lands on (text, entities decoded); asserts
    nothing was stored."""
    before = snapshot(app.config["DATABASE"])
    answer = client.post(url + "?lang=es", data={"key": "refusal-words-01", **data}, follow_redirects=True)
    assert snapshot(app.config["DATABASE"]) == before
    return html.unescape(answer.get_data(as_text=True))


@pytest.mark.parametrize("path, form, spanish", [
    ("seat", {"name": "Cris", "seat": "11", "chips": "100"},
     "El asiento debe ser un número del 1 al 10, no 11."),
    ("buy-in", {"player": "Bea", "chips": "100"}, "Bea no está sentado en esta noche."),
    ("unseat", {"player": "Bea", "reason": "se va"}, "Bea no está sentado en esta noche."),
    ("recount", {"player": "Bea", "chips": "100"}, "Bea no está sentado en esta noche."),
    ("cash-out", {"player": "Bea", "chips": "100"}, "Bea no está sentado en esta noche."),
    ("recount", {"player": "Ana", "chips": "100"},
     "Ana no tiene una cuenta que corregir: anota sus fichas al final."),
    ("close", {"confirm": "1"}, "Cuenta las fichas de Ana, Bruno antes de cerrar (0 si se quedaron sin fichas)."),
    ("hand", {"button": "99"}, "El botón debe estar en un asiento ocupado (1, 3), no en el 99."),
])
def test_a_refused_host_form_is_said_in_spanish(app, client, night, path, form, spanish):
    """Tester A item 8: these came back in English on Spanish pages."""
    if "player" in form:
        form = {**form, "player_id": str(night["ids"][form.pop("player")])}
    page = _said(app, client, f"/host/night/{night['id']}/{path}", form)
    assert spanish in page
    assert "not seated" not in page and "count the chips" not in page and "must be" not in page


@pytest.mark.slow
def test_an_unknown_time_zone_is_said_in_spanish(app, client, night):
    page = _said(app, client, "/host/nights", {"chip_cents": "10", "timezone": "../../etc/passwd"})
    assert "“../../etc/passwd” no es una zona horaria: elige una de la lista (como Europe/Madrid)." in page
    assert "unknown time zone" not in page


def test_a_link_for_no_player_is_said_in_spanish(app, client, night):
    page = _said(app, client, "/host/player/99999/link", {"night_id": str(night["id"])})
    assert "No existe ese jugador." in page
    assert "no player with id" not in page


def test_a_tap_whose_hand_is_not_a_number_is_said_in_spanish_words(app, db, client, night):
    """It said "hand_id debe ser un número": the field's name in a Spanish sentence."""
    store.start_hand(db, night["id"], button=1, entered_by="test")
    base = dealer_url(db, night["id"])
    before = snapshot(app.config["DATABASE"])
    answer = client.post(base + "/tap?lang=es", json={"key": "hand-as-text-01", "op": "action",
                                                      "hand_id": "uno", "version": 0, "action": "p1 check"})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == ("Cada toque debe indicar su mano con un número (el id de la mano): "
                                          "recarga la mesa.")
    assert snapshot(app.config["DATABASE"]) == before


def test_a_tap_for_a_hand_that_does_not_exist_is_said_in_spanish(app, db, client, night):
    store.start_hand(db, night["id"], button=1, entered_by="test")
    answer = client.post(dealer_url(db, night["id"]) + "/tap?lang=es", json={
        "key": "no-such-hand-01", "op": "action", "hand_id": 99999, "version": 0, "action": "p1 check"})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "No existe esa mano."


# --- HTTP errors ------------------------------------------------------------------------

def test_an_unknown_page_is_said_in_spanish(client):
    answer = client.get("/nonexistent?lang=es", headers={"Accept-Language": "es"})
    assert answer.status_code == 404
    page = html.unescape(answer.get_data(as_text=True))
    assert "Esta página no existe: revisa la dirección o vuelve a las páginas del propio Tapete." in page
    assert "Not Found" not in page
    assert 'href="?lang=en"' in page  # a GET: the language links reload this same address
    assert "No se ha guardado nada." not in page  # nothing could have been stored by a GET


def test_an_unknown_page_is_said_in_english(client):
    page = client.get("/nonexistent?lang=en").get_data(as_text=True)
    assert "This page does not exist" in page


def test_a_wrong_method_is_said_in_spanish_with_no_language_links_to_a_post_address(app, client):
    login_host(client)
    for method, url in (("DELETE", "/host/"), ("GET", "/host/logout")):
        answer = client.open(url + "?lang=es", method=method)
        assert answer.status_code == 405
        assert "Allow" in answer.headers
        page = html.unescape(answer.get_data(as_text=True))
        assert ("Esta dirección no acepta ese tipo de petición: ábrela desde las páginas del propio "
                "Tapete.") in page
        assert "Method Not Allowed" not in page
        if method != "GET":
            assert "?lang=" not in page  # the links would GET an address that answers 405
            assert page.count("No se ha guardado nada.") == 1


def test_a_post_to_a_night_that_does_not_exist_is_said_in_spanish(app, client):
    login_host(client)
    answer = client.post("/host/night/99999/dealer-links?lang=es", data={"label": "Mesa"})
    assert answer.status_code == 404
    page = html.unescape(answer.get_data(as_text=True))
    assert "Esta página no existe" in page
    assert "?lang=" not in page


def test_a_revoked_tablet_link_says_so_in_json_words(app, db, client, night):
    """The tablet showed "HTTP 404": it now reads why and what to do."""
    link_id, token = store.issue_dealer_link(db, night["id"], "Mesa", issued_by="test")
    store.revoke_dealer_link(db, link_id, revoked_by="test")
    base = f"/dealer/{night['id']}/{token}"
    spanish = ("Este enlace de tableta ya no funciona (se revocó o está mal escrito): pide uno nuevo al "
               "anfitrión.")
    for answer in (client.post(base + "/tap?lang=es", json={"key": "revoked-tap-01", "op": "action"}),
                   client.get(base + "/state?lang=es")):
        assert answer.status_code == 404
        assert answer.get_json() == {"error": spanish}
    page = client.get(base + "/?lang=es", headers={"Accept": "text/html"})
    assert page.status_code == 404 and spanish in html.unescape(page.get_data(as_text=True))
    english = client.get(base + "/state?lang=en").get_json()["error"]
    assert english.startswith("This tablet link no longer works")


def test_a_server_error_is_said_in_spanish(app, client):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/boom")
    def boom():
        raise RuntimeError("boom")

    answer = client.get("/boom?lang=es")
    assert answer.status_code == 500
    assert ("Algo ha fallado en el servidor: inténtalo de nuevo. Si sigue pasando, díselo al anfitrión."
            in html.unescape(answer.get_data(as_text=True)))


def test_a_bad_request_to_the_tablet_is_json_words(app, db, client, night):
    from werkzeug.exceptions import BadRequest

    @app.get("/dealer/<int:night_id>/x/state")
    def bad(night_id):
        raise BadRequest()

    answer = client.get(f"/dealer/{night['id']}/x/state?lang=es")
    assert answer.status_code == 400
    assert answer.get_json() == {"error": "No se ha podido leer la petición: recarga la página e inténtalo de "
                                          "nuevo."}


@pytest.mark.csrf
def test_the_cross_site_refusal_says_nothing_was_stored_once(app, client):
    login_host(client)
    answer = client.post("/host/nights?lang=es", data={"chip_cents": "10"},
                         headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    page = html.unescape(answer.get_data(as_text=True))
    assert page.lower().count("no se ha guardado nada") == 1
    assert "?lang=" not in page
