"""Host accounts and sessions (issue 13): passwords stored as hashes, login and logout,
a copied cookie refused after logout, idle and absolute expiry, login limits that survive a
new app on the same database, the first visit's one-time setup code, the password change,
safe ``next`` redirects, and no secret in the session cookie."""

from __future__ import annotations

import base64
import json
import re
import sqlite3
import zlib
from datetime import timedelta

import pytest
from hosts import HOST_PASSWORD, HOST_USER, host_account, login_host

import store
import store.account.accounts
import store.core.transactions
from app import create_app
from web.account.views import safe_next


def _login(client, username=HOST_USER, password=HOST_PASSWORD, next_=None):
    path = "/host/login" + (f"?next={next_}" if next_ is not None else "")
    return client.post(path, data={"username": username, "password": password})


def _cookie(client) -> str:
    cookie = client.get_cookie("session")
    return cookie.value if cookie else ""


def _session_set_cookie(response) -> str:
    """The response's ``Set-Cookie`` header of the session cookie (a login also sets the
    device cookie: ``tests/web/account/test_device_cookies.py``)."""
    return next(h for h in response.headers.getlist("Set-Cookie") if h.startswith("session="))


def _cookie_payload(value: str) -> str:
    """The JSON inside Flask's signed cookie (base64, zlib-compressed when it starts with '.')."""
    body = value.split(".")[1] if value.startswith(".") else value.split(".")[0]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return (zlib.decompress(raw) if value.startswith(".") else raw).decode()


@pytest.fixture
def moved_clock(monkeypatch):
    """Move ``store.core.transactions.clock`` forward: ``moved_clock(hours=3)``."""
    now = store.core.transactions.clock()
    offset = [timedelta()]
    monkeypatch.setattr(store.core.transactions, "clock", lambda: now + offset[0])

    def move(**delta):
        offset[0] += timedelta(**delta)
    return move


@pytest.mark.slow
def test_the_password_is_stored_as_a_scrypt_hash_never_in_plain(db):
    account_id, created = store.account.accounts.set_password(db, "ana", "una clave larga")
    stored = db.execute("SELECT password_hash FROM accounts WHERE id = ?", [account_id]).fetchone()[0]
    assert created and stored.startswith("scrypt:") and "una clave larga" not in stored
    assert store.account.accounts.check_login(db, "ana", "una clave larga")["id"] == account_id
    assert store.account.accounts.check_login(db, "ana", "una clave corta") is None
    assert store.account.accounts.check_login(db, "nadie", "una clave larga") is None


@pytest.mark.parametrize("password, code", [("short", "password_short"), ("x" * 201, "password_long"),
                                            ("ten chars\x00!", "password_control"),
                                            ("ten chars\u202e!", "password_control")])
def test_a_weak_or_odd_password_is_refused_and_nothing_stored(db, password, code):
    with pytest.raises(store.StoreError) as refused:
        store.account.accounts.set_password(db, "ana", password)
    assert refused.value.code == code and not store.account.accounts.has_accounts(db)


def test_the_host_role_only_after_login_and_logout_ends_it(app, client):
    host_account(app)
    assert client.get("/host/").status_code == 302
    assert _login(client).status_code == 302
    assert client.get("/host/").status_code == 200
    response = client.post("/host/logout")
    assert response.status_code == 302 and response.headers["Location"].startswith("/host/login")
    assert client.get("/host/").status_code == 302


@pytest.mark.slow
def test_a_cookie_copied_before_logout_is_refused_after_it(app, client):
    host_account(app)
    _login(client)
    stolen = _cookie(client)
    thief = app.test_client()
    thief.set_cookie("session", stolen)
    assert thief.get("/host/").status_code == 200  # the copy works while the session lives
    client.post("/host/logout")
    assert thief.get("/host/").status_code == 302
    assert thief.get("/reports/nights").status_code == 302


@pytest.mark.slow
def test_login_makes_a_new_session_id_and_revokes_the_old_one(app, client, db):
    host_account(app)
    _login(client)
    first = _cookie(client)
    _login(client)
    assert _cookie(client) != first
    replay = app.test_client()
    replay.set_cookie("session", first)
    assert replay.get("/host/").status_code == 302
    assert db.execute("SELECT count(*) FROM sessions WHERE revoked_at IS NULL").fetchone()[0] == 1


def test_a_planted_session_id_is_not_adopted(app, client):
    """Session fixation: an id set in the cookie before login is not the one after it."""
    host_account(app)
    with client.session_transaction() as session:
        session["sid"] = "planted-" + "x" * 40
    _login(client)
    with client.session_transaction() as session:
        assert session["sid"] != "planted-" + "x" * 40


def test_an_idle_session_ends_after_two_hours_and_use_keeps_it(app, client, moved_clock):
    login_host(client)
    moved_clock(minutes=110)
    assert client.get("/host/").status_code == 200  # used: the cookie's last-seen moves on
    moved_clock(minutes=110)
    assert client.get("/host/").status_code == 200
    moved_clock(minutes=121)
    assert client.get("/host/").status_code == 302


@pytest.mark.slow
def test_a_session_ends_twelve_hours_after_login_however_used(app, client, moved_clock):
    login_host(client)
    for _ in range(6):
        moved_clock(minutes=115)
        assert client.get("/host/").status_code == 200
    moved_clock(minutes=115)  # 805 minutes after the login
    assert client.get("/host/").status_code == 302


@pytest.mark.slow
def test_a_get_writes_nothing(app, client):
    """Reads never write: the idle clock lives in the cookie, not in the session's row."""
    login_host(client)
    client.get("/host/")
    conn = sqlite3.connect(app.config["DATABASE"])
    before = conn.execute("PRAGMA data_version").fetchone()[0], conn.total_changes
    rows = conn.execute("SELECT * FROM sessions").fetchall()
    for _ in range(3):
        assert client.get("/host/").status_code == 200
    assert conn.execute("PRAGMA data_version").fetchone()[0] == before[0]  # no other connection wrote
    assert conn.execute("SELECT * FROM sessions").fetchall() == rows
    conn.close()


@pytest.mark.slow
def test_five_wrong_passwords_lock_the_username_and_a_new_app_remembers(app, client):
    host_account(app)
    for _ in range(5):
        assert _login(client, password="wrong password").status_code == 401
    refused = _login(client)  # the right password too, until the wait is over
    assert refused.status_code == 429 and client.get("/host/").status_code == 302
    assert re.search(r"wait 1[45] minutes", client.post("/host/login?lang=en", data={
        "username": HOST_USER, "password": HOST_PASSWORD}).get_data(as_text=True))
    # a restart (a new app, another process) reads the same attempts from the database
    again = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                        "WTF_CSRF_ENABLED": False})
    assert _login(again.test_client()).status_code == 429
    assert "espera" in _login(again.test_client()).get_data(as_text=True)


@pytest.mark.slow
def test_the_lock_ends_with_the_window(app, client, moved_clock):
    host_account(app)
    for _ in range(5):
        _login(client, password="wrong password")
    assert _login(client).status_code == 429
    moved_clock(minutes=16)
    assert _login(client).status_code == 302


@pytest.mark.slow
def test_twenty_failures_from_one_address_lock_it_for_every_username(app, client):
    host_account(app)
    for n in range(20):
        assert _login(client, username=f"guess{n}", password="wrong password").status_code == 401
    assert _login(client).status_code == 429
    other = app.test_client()
    assert other.post("/host/login", data={"username": HOST_USER, "password": HOST_PASSWORD},
                      environ_base={"REMOTE_ADDR": "10.0.0.7"}).status_code == 302


@pytest.mark.slow
def test_the_first_visit_needs_the_setup_code_and_uses_it_up(app, client, runner, db):
    assert client.get("/host/").status_code == 302
    assert client.get("/host/login").headers["Location"].endswith("/host/setup")
    out = runner.invoke(args=["setup-code"]).output
    code = re.search(r"setup code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})", out).group(1)
    form = {"username": "ana", "password": "una clave larga", "confirm": "una clave larga"}
    assert client.post("/host/setup", data={**form, "code": "AAAA-BBBB-CCCC"}).status_code == 401
    assert client.post("/host/setup", data={**form, "code": code, "confirm": "otra"}).status_code == 400
    assert not store.account.accounts.has_accounts(db)
    response = client.post("/host/setup", data={**form, "code": code.lower().replace("-", " ")})
    assert response.status_code == 302 and client.get("/host/").status_code == 200
    assert db.execute("SELECT username FROM accounts").fetchall() == [("ana",)]
    # used: nobody else can claim the club with it, and the page now sends to the login
    other = app.test_client()
    used = other.post("/host/setup", data={**form, "username": "eve", "code": code})
    assert used.status_code == 302 and used.headers["Location"].endswith("/host/login")
    assert db.execute("SELECT count(*) FROM accounts").fetchone()[0] == 1
    assert "Host account: ana" in runner.invoke(args=["setup-code"]).output


def test_a_new_setup_code_replaces_the_last(db):
    first = store.account.accounts.issue_setup_code(db)
    second = store.account.accounts.issue_setup_code(db)
    with pytest.raises(store.StoreError) as refused:
        store.account.accounts.setup_account(db, first, "ana", "una clave larga")
    assert refused.value.code == "setup_code_wrong"
    assert store.account.accounts.setup_account(db, second, "ana", "una clave larga")
    assert store.account.accounts.issue_setup_code(db) is None  # an account exists: no more codes


@pytest.mark.slow
def test_set_password_from_the_cli_creates_then_resets_and_ends_sessions(app, client, runner, db):
    created = runner.invoke(args=["set-password", "ana", "--password-stdin"], input="una clave larga\n")
    assert created.exit_code == 0 and "created" in created.output
    assert _login(client, "ana", "una clave larga").status_code == 302
    assert client.get("/host/").status_code == 200
    prompt = runner.invoke(args=["set-password", "ana"], input="otra clave larga\notra clave larga\n")
    assert prompt.exit_code == 0 and "updated" in prompt.output
    assert client.get("/host/").status_code == 302  # the reset ended the session
    assert _login(client, "ana", "otra clave larga").status_code == 302
    short = runner.invoke(args=["set-password", "ana", "--password-stdin"], input="corta\n")
    assert short.exit_code == 1 and "at least 10" in short.output


@pytest.mark.slow
def test_changing_the_password_ends_every_other_session(app, client, db):
    login_host(client)
    other = app.test_client()
    login_host(other)
    form = {"current": HOST_PASSWORD, "password": "una clave nueva", "confirm": "una clave nueva"}
    wrong = client.post("/host/account/password", data={**form, "current": "not the password"})
    assert wrong.status_code == 400 and other.get("/host/").status_code == 200
    assert client.post("/host/account/password", data=form).status_code == 302
    assert client.get("/host/").status_code == 200 and other.get("/host/").status_code == 302
    assert store.account.accounts.check_login(db, HOST_USER, "una clave nueva")


@pytest.mark.parametrize("target", ["/%09/host", "//evil.example", "/\\evil", "https://evil",
                                    "/%2F/evil", "javascript:alert(1)", "%2F%2Fevil.example",
                                    "/host/%0d%0aSet-Cookie:x=1", "http:/evil"])
def test_next_never_leaves_the_site(app, client, target):
    host_account(app)
    response = _login(client, next_=target)
    assert response.status_code == 302 and response.headers["Location"] == "/host/"


def test_next_to_a_page_of_the_site_is_followed(app, client):
    host_account(app)
    assert _login(client, next_="/host/night/3%3Flang%3Den").headers["Location"] == "/host/night/3?lang=en"
    assert safe_next("/reports/nights") == "/reports/nights"
    assert safe_next("/\t/host") is None and safe_next(" /host/") is None


@pytest.mark.slow
def test_the_cookie_holds_no_player_link_and_no_secret_but_the_session_id(app, client, db):
    login_host(client)
    night_id = store.create_night(db, rules={"preset": "jackpots"}, chip_cents=10)
    ana = store.add_player(db, "Ana")
    store.seat_player(db, night_id, ana, 1, entered_by="test")
    answer = client.post(f"/host/player/{ana}/link", data={"night_id": str(night_id)})
    page = answer.get_data(as_text=True)
    token = re.search(r'id="new-link"[^>]*value="[^"]*/p/([^"?]+)"|value="[^"]*/p/([^"?]+)"[^>]*id="new-link"',
                      page)
    token = next(t for t in token.groups() if t)
    assert answer.status_code == 200 and client.get(f"/p/{token}").status_code == 200
    payload = _cookie_payload(_cookie(client))
    assert token not in payload and "/p/" not in payload
    # csrf_token: Flask-WTF's per-session CSRF secret (signed; forms carry a token made from it)
    assert set(json.loads(payload)) <= {"sid", "seen", "_permanent", "_flashes", "csrf_token"}
    assert token not in client.get(f"/host/night/{night_id}", follow_redirects=True).get_data(as_text=True)  # shown once


@pytest.mark.slow
def test_the_session_cookie_is_httponly_lax_and_secure_over_https(app, client):
    host_account(app)
    header = _session_set_cookie(_login(client))
    assert "HttpOnly" in header and "SameSite=Lax" in header and "Secure" not in header
    secure = app.test_client().post("/host/login", base_url="https://localhost",
                                    data={"username": HOST_USER, "password": HOST_PASSWORD})
    assert "Secure" in _session_set_cookie(secure)
    https_app = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                            "TAPETE_HTTPS": "1"})
    assert https_app.config["SESSION_COOKIE_SECURE"] and https_app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
