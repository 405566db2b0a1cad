"""Who may change what (issue 12): a role × route matrix over EVERY state-changing route of
the app (host, dealer, player; the dispute and ruling routes included).

Roles: anonymous; a player's private link (a player dealt into the night's hand); an
outsider's link (a player of another night); another night's dealer link; this night's
dealer link revoked by the host; this night's dealer link; the host (logged in: a session of the host account). Each role is a client that has used its
own credential (opened its own page) and then sends the route's request, carrying its
credential where the route's area takes one (the token in the URL of the dealer and
player areas; the session for the host area).

Each refused request answers as its area does -- the host area redirects to the login page
(302), the dealer and player areas answer the 404 of an unknown link -- and changes
nothing: every row of every table is the same before and after (not only the counts). The
allowed role's same request is the control: it is answered and changes rows, so a matrix
that refused everything, or compared nothing, would fail.

The list of routes is checked against the app's URL map: a new state-changing route that
is not added here fails :func:`test_every_state_changing_route_is_in_the_matrix`.

CSRF tokens are checked here (mark ``csrf``): every role's client sends the valid token of its
own session (``tests/support/csrf_client.py``), so what refuses it is the role, not a missing token.
"""

from __future__ import annotations

import json

import pytest
from apps import snapshot
from csrf_client import post_form, post_json
from hosts import host_account, login_host
from role_routes import ALLOWED, EXEMPT, ROLES, ROUTES, build, client_for, send

pytestmark = pytest.mark.csrf


def test_every_state_changing_route_is_in_the_matrix(app):
    changing = {rule.endpoint for rule in app.url_map.iter_rules()
                if rule.methods - {"GET", "HEAD", "OPTIONS"}}
    assert changing == {r.endpoint for r in ROUTES} | set(EXEMPT)


@pytest.mark.slow
@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.endpoint)
@pytest.mark.parametrize("role", ROLES)
def test_a_role_outside_the_routes_area_is_refused_and_changes_nothing(app, db, route, role):
    w = build(app, db)
    route.prepare(w)
    client = client_for(app, w, role)
    before = snapshot(app.config["DATABASE"])
    response = send(client, route, w, role)
    after = snapshot(app.config["DATABASE"])
    if role == ALLOWED[route.area] or role in route.also:
        # the control: the same request from the role the area lets in is taken
        assert response.status_code in (200, 302, 303), response.get_data(as_text=True)[:500]
        if route.area == "host":
            assert "/host/login" not in response.headers.get("Location", "")
        assert after != before, f"{route.endpoint} as {role} changed nothing: the control is void"
        return
    if route.area == "host":
        assert response.status_code == 302
        assert response.headers["Location"].startswith("/host/login")
    else:
        assert response.status_code == 404
    assert after == before
    if role != "host":
        with client.session_transaction() as session:
            assert "sid" not in session


@pytest.mark.parametrize("endpoint", sorted(EXEMPT))
def test_the_exempt_routes_change_no_row(app, db, endpoint):
    w = build(app, db)
    before = snapshot(app.config["DATABASE"])
    client = app.test_client()
    if endpoint == "disputes.preview":  # the host's own page: the host sends it
        login_host(client)
        before = snapshot(app.config["DATABASE"])
        response = post_form(client, f"/host/dispute/{w.dispute}/preview", {"decision": "rejected"})
        assert response.status_code == 200 and 'id="commit-form"' not in response.get_data(as_text=True)
        assert 'id="preview"' in response.get_data(as_text=True)
        assert snapshot(app.config["DATABASE"]) == before
        return
    if endpoint == "disputes.step":  # the host's own page; anyone else goes to the login
        path = f"/host/dispute/{w.dispute}/step"
        assert post_form(client, path, {"remove": "8"}).headers["Location"].startswith("/host/login")
        login_host(client)
        before = snapshot(app.config["DATABASE"])
        response = post_form(client, path, {"remove": "8"})
        assert response.status_code == 200 and 'id="preview"' in response.get_data(as_text=True)
        assert snapshot(app.config["DATABASE"]) == before
        return
    if endpoint == "host.login":  # (with no account yet the login page sends to the setup page)
        host_account(app)
        before = snapshot(app.config["DATABASE"])
    path = {"host.login": "/host/login", "host.logout": "/host/logout", "host.setup": "/host/setup"}[endpoint]
    response = post_form(client, path, {"username": "host", "password": "guessed password",
                                       "code": "AAAA-BBBB-CCCC", "confirm": "guessed password"})
    assert response.status_code in (302, 401)
    after = snapshot(app.config["DATABASE"])
    assert len(after.pop("login_attempts")) == len(before.pop("login_attempts")) + (endpoint != "host.logout")
    assert after == before


def test_the_player_may_dispute_only_hands_of_their_own_link(app, db):
    """A player's link opens the dispute of the hands that player was dealt into, and no
    other: Dora's link (another night) on night A's hand is the 404 of an unknown link,
    for the page and for the form alike, and nothing is written."""
    w = build(app, db)
    client = app.test_client()
    before = snapshot(app.config["DATABASE"])
    outsider = f"/p/{w.tokens['Dora']}/hand/{w.hand}/dispute"
    assert client.get(outsider).status_code == 404
    assert post_form(client, outsider, {"statement": "x", "key": "dora-0001"}).status_code == 404
    assert client.get(f"/p/{w.tokens['Bruno']}/hand/{w.hand + 999}/dispute").status_code == 404
    assert snapshot(app.config["DATABASE"]) == before
    assert client.get(f"/p/{w.tokens['Bruno']}/hand/{w.hand}/dispute").status_code == 200


@pytest.mark.slow
def test_the_hosts_dispute_page_is_behind_the_pin(app, db):
    w = build(app, db)
    for role in ("anonymous", "player", "other_dealer", "revoked_dealer", "dealer"):
        client = client_for(app, w, role)
        for response in (client.get(f"/host/dispute/{w.dispute}"),
                         post_form(client, f"/host/dispute/{w.dispute}/preview", {"decision": "rejected"})):
            assert response.status_code == 302 and response.headers["Location"].startswith("/host/login")
            assert "Chus opened before Bruno spoke" not in response.get_data(as_text=True)
    assert "Chus opened before Bruno spoke" in client_for(app, w, "host").get(
        f"/host/dispute/{w.dispute}").get_data(as_text=True)


def test_json_taps_are_the_dealer_areas_only_write(app, db):
    """The tap answers JSON for the dealer of the night; the same tap with another night's
    dealer link is a 404 whose body reveals nothing of the night."""
    w = build(app, db)
    tap = {"key": "tap-start-0002", "op": "start_hand", "after_hand": w.hand}
    refused = post_json(client_for(app, w, "other_dealer"), f"/dealer/{w.night}/{w.dealer(w.other_night)}/tap", tap)
    assert refused.status_code == 404 and "Chus" not in refused.get_data(as_text=True)
    taken = post_json(client_for(app, w, "dealer"), f"/dealer/{w.night}/{w.dealer(w.night)}/tap", tap)
    assert taken.status_code == 200 and json.loads(taken.get_data())["hand"] == 2
