"""CSRF tokens and the Origin check on every state-changing route (issue 13: "CSRF:
Flask-WTF's CSRFProtect ... on every form and on the tablet's JSON (a header token), plus an
Origin check").

Every route of the role × route matrix (``tests/web/core/test_roles_routes.py``: its ``ROUTES``, checked
there against the URL map, and its ``EXEMPT`` login, logout and preview), sent by the one
role its area lets in, is refused without a token, with a wrong token, with the token of
another session, and with a valid token but another site's ``Origin``: 400 (token) or 403
(origin), and every row of every table is the same after as before. The control: the same
request with the session's own token is taken (it changes rows).
"""

from __future__ import annotations

import re

import itsdangerous
import pytest
from apps import snapshot
from csrf_client import csrf_token, post_form, post_json
from hosts import host_account
from role_routes import ALLOWED, carry_cookies, EXEMPT, ROUTES, build, client_for, credential

from web.core.origin import cross_site

pytestmark = pytest.mark.csrf

HOURS = 3600


def _request(client, route, w, *, token, headers=None):
    """The route's request as its area's role sends it, with ``token`` (None: no token)."""
    path = route.path(w, credential(w, ALLOWED[route.area]))
    data = route.data(w)
    headers = dict(headers or {})
    if route.as_json:
        if token is not None:
            headers["X-CSRFToken"] = token
        return client.post(path, json=data, headers=headers)
    if token is not None:
        data = {**data, "csrf_token": token}
    return client.post(path, data=data, headers=headers)


def _other_sessions_token(app) -> str:
    """A valid token of ANOTHER client's session (what an attacker could get for itself)."""
    return csrf_token(app.test_client(), "/host/login")


BAD_TOKENS = {
    "none": lambda app, own: None,
    "empty": lambda app, own: "",
    "garbage": lambda app, own: "not-a-token",
    "tampered": lambda app, own: own[:-2] + ("AA" if not own.endswith("AA") else "BB"),
    "another_session": lambda app, own: _other_sessions_token(app),
}


CROSS_SITE = {
    "origin": {"Origin": "http://evil.example"},
    "origin_other_port": {"Origin": "http://localhost:8081"},
    "referer_only": {"Referer": "http://evil.example/buy-in.html"},
    "fetch_cross_site": {"Sec-Fetch-Site": "cross-site"},
    "fetch_same_site": {"Sec-Fetch-Site": "same-site", "Origin": "http://localhost:8081"},
}
"""Another site's request as a browser marks it (sent with the session's VALID token)."""


@pytest.mark.slow
@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.endpoint)
def test_every_state_changing_route_refuses_a_bad_token_and_another_sites_request(app, db, route):
    """Without a token, with an empty, made-up or tampered one, or with another session's
    valid token: 400. With the session's valid token but another site's ``Origin``,
    ``Referer`` or ``Sec-Fetch-Site``: 403. Nothing changed by any of them. The control: the
    same request with the session's token from this site's page is taken and changes rows."""
    w = build(app, db)
    route.prepare(w)
    client = client_for(app, w, ALLOWED[route.area])
    carry_cookies(client, route, w)
    own = csrf_token(client)
    before = snapshot(app.config["DATABASE"])
    for bad, make in BAD_TOKENS.items():
        response = _request(client, route, w, token=make(app, own))
        assert response.status_code == 400, (bad, response.get_data(as_text=True)[:300])
    for how, headers in CROSS_SITE.items():
        response = _request(client, route, w, token=own, headers=headers)
        assert response.status_code == 403, (how, response.get_data(as_text=True)[:300])
    assert snapshot(app.config["DATABASE"]) == before
    response = _request(client, route, w, token=own,
                        headers={"Origin": "http://localhost", "Sec-Fetch-Site": "same-origin"})
    assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:300]
    assert snapshot(app.config["DATABASE"]) != before


def test_login_without_a_token_does_not_log_in(app, db):
    """Login CSRF: another site cannot log the browser into the club's host session."""
    username, password = host_account(app)
    client = app.test_client()
    response = client.post("/host/login", data={"username": username, "password": password})
    assert response.status_code == 400
    with client.session_transaction() as session:
        assert not session.get("sid")
    assert post_form(client, "/host/login", {"username": username, "password": password},
                     page="/host/login").status_code == 302
    with client.session_transaction() as session:
        assert session.get("sid")


def test_logout_and_preview_without_a_token_are_refused(app, db):
    """The exempt routes of the matrix (no row) still need the token: another site cannot
    log the host out, nor post to the ruling's preview."""
    assert set(EXEMPT) == {"host.login", "host.setup", "host.logout", "disputes.preview", "disputes.step"}
    w = build(app, db)
    client = client_for(app, w, "host")
    assert client.post(f"/host/dispute/{w.dispute}/preview", data={"decision": "rejected"}).status_code == 400
    assert client.post(f"/host/dispute/{w.dispute}/step", data={"remove": "8"}).status_code == 400
    assert client.post("/host/logout").status_code == 400
    assert client.get("/host/").status_code == 200           # still logged in
    assert post_form(client, "/host/logout", {}).status_code == 302
    assert client.get("/host/").status_code == 302


@pytest.mark.parametrize("lang, words", [
    ("es", "Este formulario ha caducado o no viene de este sitio"),
    ("en", "This form has expired or did not come from this site"),
])
def test_a_form_refused_for_its_token_says_so_in_the_pages_language(app, db, lang, words):
    w = build(app, db)
    client = client_for(app, w, "host")
    response = client.post(f"/host/night/{w.night}/buy-in?lang={lang}",
                           data={"player_id": str(w.ids["Chus"]), "chips": "100", "key": "buyin-csrf-1"})
    assert response.status_code == 400 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert words in page and f'lang="{lang}"' in page


@pytest.mark.parametrize("lang, words", [
    ("es", "Esta petición venía de otro sitio"),
    ("en", "This request came from another site"),
])
def test_another_sites_form_is_refused_in_the_pages_language(app, db, lang, words):
    w = build(app, db)
    client = client_for(app, w, "host")
    response = post_form(client, f"/host/night/{w.night}/buy-in",
                         {"player_id": str(w.ids["Chus"]), "chips": "100", "key": "buyin-csrf-2"},
                         headers={"Origin": "http://evil.example", "Accept-Language": lang})
    assert response.status_code == 403 and words in response.get_data(as_text=True)


def _dealer(app, db):
    w = build(app, db)
    client = client_for(app, w, "dealer")
    base = f"/dealer/{w.night}/{w.dealer(w.night)}/"
    return w, client, base


def test_a_tap_refused_for_its_token_is_json_the_queue_drops_and_state_gives_a_fresh_token(app, db):
    """The tablet's tap without a valid token: 400 JSON ``{"error", "csrf": true}`` in the
    page's language (the tap queue drops it and renews the token); the table's state then
    carries a token that the next tap is taken with."""
    w, client, base = _dealer(app, db)
    before = snapshot(app.config["DATABASE"])
    refused = client.post(base + "tap", json={"key": "tap-csrf-0001", "op": "start_hand", "after_hand": w.hand},
                          headers={"X-CSRFToken": "stale", "Accept-Language": "es"})
    assert refused.status_code == 400
    body = refused.get_json()
    assert body["csrf"] is True and "La clave de seguridad de la página ha caducado" in body["error"]
    assert snapshot(app.config["DATABASE"]) == before
    fresh = client.get(base + "state").get_json()["csrf_token"]
    taken = client.post(base + "tap", json={"key": "tap-csrf-0002", "op": "start_hand", "after_hand": w.hand},
                        headers={"X-CSRFToken": fresh})
    assert taken.status_code == 200 and taken.get_json()["hand"] == 2


def test_a_tablet_page_with_no_session_cookie_left_gets_a_new_token_from_state(app, db):
    """The tablet's cookie is gone (the browser dropped it, or it outlived the session's
    lifetime): the page's token no longer matches any session; the state gives the new
    session's token, and taps are taken again."""
    w, client, base = _dealer(app, db)
    page_token = csrf_token(client, base)
    client.delete_cookie(app.config["SESSION_COOKIE_NAME"])
    response = client.post(base + "tap", json={"key": "tap-csrf-0003", "op": "start_hand", "after_hand": w.hand},
                           headers={"X-CSRFToken": page_token})
    assert response.status_code == 400 and response.get_json()["csrf"] is True
    fresh = client.get(base + "state").get_json()["csrf_token"]
    assert post_json(client, base + "tap", {"key": "tap-csrf-0004", "op": "start_hand", "after_hand": w.hand},
                     token=fresh).status_code == 200


@pytest.mark.parametrize("time_limit, status", [("default", 200), (3600, 400)])
def test_a_tablet_open_for_ten_hours_still_posts(app, db, monkeypatch, time_limit, status):
    """``WTF_CSRF_TIME_LIMIT`` is None: the token read when the tablet's page was rendered
    is still taken ten hours later. (With Flask-WTF's default time limit of an hour, the
    second case, the same tap is refused: the setting is what keeps the tablet working.)"""
    if time_limit == "default":
        assert app.config["WTF_CSRF_TIME_LIMIT"] is None
    else:
        app.config["WTF_CSRF_TIME_LIMIT"] = time_limit
    w, client, base = _dealer(app, db)
    token = csrf_token(client, base)
    now = itsdangerous.timed.TimestampSigner.get_timestamp
    monkeypatch.setattr(itsdangerous.timed.TimestampSigner, "get_timestamp",
                        lambda self: now(self) + 10 * HOURS)
    response = client.post(base + "tap", json={"key": "tap-late-0001", "op": "start_hand", "after_hand": w.hand},
                           headers={"X-CSRFToken": token})
    assert response.status_code == status, response.get_data(as_text=True)[:300]


@pytest.mark.parametrize("refreshing, status", [(True, 200), (False, 400)])
def test_an_open_tablet_outlives_the_session_lifetime(app, db, monkeypatch, refreshing, status):
    """The session cookie that holds the tablet's token is no longer read once it is older
    than the session lifetime (12 h here). An open tablet asks for the state every 10 s,
    which signs the cookie anew: sixteen hours after the page was opened, its token is still
    taken. (Without those refreshes, the second case, the cookie has aged out: refused.)"""
    app.permanent_session_lifetime = 12 * HOURS
    w, client, base = _dealer(app, db)
    token = csrf_token(client, base)
    now = itsdangerous.timed.TimestampSigner.get_timestamp
    for hours in (8, 16):
        monkeypatch.setattr(itsdangerous.timed.TimestampSigner, "get_timestamp",
                            lambda self, h=hours: now(self) + h * HOURS)
        if refreshing and hours == 8:
            assert client.get(base + "state").status_code == 200
    response = client.post(base + "tap", json={"key": "tap-late-0002", "op": "start_hand", "after_hand": w.hand},
                           headers={"X-CSRFToken": token})
    assert response.status_code == status, response.get_data(as_text=True)[:300]


@pytest.mark.slow
def test_the_token_is_in_every_page_and_every_post_form(app, db):
    """Each page's meta and each ``<form method="post">`` of the host's, the dealer's and
    the player's pages carry the session's token (the one the server checks)."""
    w = build(app, db)
    pages = {"host": ["/host/", *(f"/host/night/{w.night}/{stage}" for stage in ("table", "play", "close", "pay")),
                      f"/host/dispute/{w.dispute}"],
             "dealer": [f"/dealer/{w.night}/{w.dealer(w.night)}/"],
             "player": [f"/p/{w.tokens['Bruno']}", f"/p/{w.tokens['Bruno']}/hand/{w.hand}/dispute"]}
    forms_seen = 0
    for role, paths in pages.items():
        client = client_for(app, w, role)
        for path in paths:
            html = client.get(path).get_data(as_text=True)
            meta = re.findall(r'<meta name="csrf-token" content="([^"]+)">', html)
            assert len(meta) == 1, path
            for form in re.findall(r'<form method="post".*?</form>', html, flags=re.S):
                forms_seen += 1
                assert f'name="csrf_token" value="{meta[0]}"' in form, (path, form[:200])
    assert forms_seen >= 15


@pytest.mark.parametrize("headers, host, expected", [
    ({}, "club:5000", False),                                         # a script, the test client
    ({"Origin": "http://club:5000"}, "club:5000", False),
    ({"Origin": "HTTP://CLUB:5000"}, "club:5000", False),
    ({"Origin": "https://club"}, "club", False),                      # behind a TLS proxy
    ({"Origin": "https://club:443"}, "club", False),
    ({"Origin": "null"}, "club:5000", False),                         # own form, no-referrer
    ({"Origin": "null", "Sec-Fetch-Site": "same-origin"}, "club:5000", False),
    ({"Sec-Fetch-Site": "none"}, "club:5000", False),                 # the user's own navigation
    ({"Referer": "http://club:5000/host/night/1"}, "club:5000", False),
    ({"Origin": "http://evil.example"}, "club:5000", True),
    ({"Origin": "http://club:5001"}, "club:5000", True),              # another port
    ({"Origin": "http://club.evil.example:5000"}, "club:5000", True),
    ({"Origin": "file://"}, "club:5000", True),
    ({"Origin": "http://[::1"}, "club:5000", True),                   # not a URL
    ({"Origin": "null", "Sec-Fetch-Site": "cross-site"}, "club:5000", True),
    ({"Sec-Fetch-Site": "same-site", "Origin": "http://club:5000"}, "club:5000", True),
    ({"Referer": "http://evil.example/x"}, "club:5000", True),
    ({"Origin": "http://club:5000", "Referer": "http://evil.example/"}, "club:5000", False),
])
def test_cross_site_reads_sec_fetch_site_then_origin_then_referer(headers, host, expected):
    assert cross_site(headers, host) is expected


def test_own_forms_under_no_referrer_send_origin_null_and_are_taken(app, db):
    """A page with ``Referrer-Policy: no-referrer`` makes the browser send ``Origin: null``
    on its own forms (Fetch standard; chromium does): with the valid token they are taken."""
    w = build(app, db)
    client = client_for(app, w, "host")
    before = snapshot(app.config["DATABASE"])
    response = post_form(client, f"/host/night/{w.night}/buy-in",
                         {"player_id": str(w.ids["Chus"]), "chips": "100", "key": "buyin-null-1"},
                         headers={"Origin": "null"})
    assert response.status_code == 302
    assert snapshot(app.config["DATABASE"]) != before
