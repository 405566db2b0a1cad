"""The host cannot be locked out from the network (issue 25): OWASP's device cookies.

Measured: "Five wrong passwords from anyone on the network lock the host out for 15
minutes, renewable for ever at five requests a quarter; the way out is a shell." Required:
"the host logs in from a known device while the attacker keeps failing". Source: OWASP,
"Slow Down Online Guessing Attacks with Device Cookies": a browser that has logged in
keeps a signed device cookie and its own allowance (5 failures in 15 minutes); browsers
without one share the username's (5) and the address's (20); a forged, altered, replaced
or other account's cookie counts as none. Time is moved with ``store.core.transactions.clock``.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
from datetime import timedelta

import hosts
import pytest
from hosts import HOST_PASSWORD, HOST_USER, host_account, login_host
from itsdangerous import URLSafeSerializer
from werkzeug.security import generate_password_hash

import store.account.accounts
import store.account.devices
import store.core.transactions
from app import create_app
from web.account import device_cookie

HOME, STRANGER = "192.168.1.10", "192.168.1.66"
"""The host's address and the attacker's on the home network."""


@pytest.fixture(autouse=True)
def quick_hashes(monkeypatch):
    """Accounts made in these tests get a cheap hash (PBKDF2, 1,000 rounds) instead of
    scrypt: the limits are what is tested, and each checked password would cost a quarter
    of a second. ``check_password_hash`` reads the method from the hash."""
    cheap = functools.partial(generate_password_hash, method="pbkdf2:sha256:1000")
    monkeypatch.setattr(hosts, "_hashed", cheap)
    monkeypatch.setattr(store.account.accounts, "generate_password_hash", cheap)
    monkeypatch.setattr(store.account.accounts, "_dummy_hash", lambda: cheap("not a password of anyone"))


@pytest.fixture
def moved_clock(monkeypatch):
    """Move ``store.core.transactions.clock`` forward: ``moved_clock(minutes=3)``."""
    now = store.core.transactions.clock()
    offset = [timedelta()]
    monkeypatch.setattr(store.core.transactions, "clock", lambda: now + offset[0])

    def move(**delta):
        offset[0] += timedelta(**delta)
    return move


def _login(client, username=HOST_USER, password=HOST_PASSWORD, address=HOME):
    return client.post("/host/login?lang=en", data={"username": username, "password": password},
                       environ_base={"REMOTE_ADDR": address})


def _device(client) -> str | None:
    cookie = client.get_cookie(device_cookie.COOKIE, path=device_cookie.PATH)
    return cookie.value if cookie else None


def _with_device(app, value: str):
    """A new browser holding the device cookie ``value`` (copied, forged or altered)."""
    browser = app.test_client()
    browser.set_cookie(device_cookie.COOKIE, value, path=device_cookie.PATH)
    return browser


def _lock_untrusted(app, username=HOST_USER, address=STRANGER) -> None:
    """A stranger without a device cookie fails 5 times: the username is locked for
    browsers without its cookie (the 6th is refused unchecked)."""
    attacker = app.test_client()
    assert [_login(attacker, username, f"guess {n}", address).status_code for n in range(6)] == [401] * 5 + [429]


def _known_browser(app, username=HOST_USER, password=HOST_PASSWORD):
    """A browser that has logged in (and out again): it holds its device cookie."""
    browser = app.test_client()
    assert _login(browser, username, password).status_code == 302 and _device(browser)
    browser.post("/host/logout")
    return browser


def _keep_locked(attacker) -> int:
    """The attacker's turn: wrong passwords until refused unchecked (the lock renewed).
    Returns how many were checked (401)."""
    codes = []
    while not codes or codes[-1] == 401:
        codes.append(_login(attacker, password=secrets.token_hex(6), address=STRANGER).status_code)
        assert codes[-1] in (401, 429) and len(codes) <= 6
    return codes.count(401)


def test_the_attack_the_host_logs_in_from_a_known_browser_while_the_attacker_keeps_failing(
        app, runner, moved_clock):
    host_account(app)
    host = _known_browser(app)
    attacker = app.test_client()
    checked = 0
    for _ in range(20):  # an hour of an attacker keeping the account locked, trying every three minutes
        checked += _keep_locked(attacker)
        assert _login(host).status_code == 302 and host.get("/host/").status_code == 200  # the host is in
        host.post("/host/logout")
        moved_clock(minutes=3)
    assert checked == 5 * 4  # 5 passwords checked per 15 minutes, no more (the lock renewed each time)
    # a new browser of the host is locked as before, and is told where it may log in from
    checked += _keep_locked(attacker)
    new_browser = app.test_client()
    refused = _login(new_browser)
    assert refused.status_code == 429 and new_browser.get("/host/").status_code == 302
    assert "or log in from a browser you have logged in from before" in refused.get_data(as_text=True)
    # the shell still lifts it
    reset = runner.invoke(args=["set-password", HOST_USER, "--password-stdin"], input="una clave nueva\n")
    assert reset.exit_code == 0 and "failed logins were forgiven" in reset.output
    assert _login(new_browser, password="una clave nueva").status_code == 302
    assert _login(host, password="una clave nueva").status_code == 302  # the known browser keeps its cookie


def test_a_stranger_on_the_host_address_cannot_lock_out_the_known_browser(app):
    """Behind a proxy or one NAT everyone shares an address: 20 wrong passwords from it
    (any usernames) lock that address for browsers without a device cookie, not the host's."""
    host_account(app)
    host = _known_browser(app)
    attacker = app.test_client()
    codes = [_login(attacker, f"victim{n % 4}", "wrong password", HOME).status_code for n in range(21)]
    assert codes == [401] * 20 + [429]
    assert _login(app.test_client()).status_code == 429  # a new browser at that address waits
    assert _login(host).status_code == 302


@pytest.mark.parametrize("how", ["other_key", "altered_signature", "other_username_same_signature",
                                 "unknown_nonce", "garbage"])
def test_a_forged_or_altered_device_cookie_counts_as_none(app, how):
    host_account(app)
    genuine = _device(_known_browser(app))
    with app.test_request_context():
        username, nonce = device_cookie.read(genuine)
        payload, signature = genuine.rsplit(".", 1)
        value = {
            "other_key": URLSafeSerializer("not the app's key", salt=device_cookie.SALT,
                                           signer_kwargs={"digest_method": hashlib.sha256}).dumps([username, nonce]),
            "altered_signature": payload + "." + ("A" if signature[0] != "A" else "B") + signature[1:],
            "other_username_same_signature": device_cookie.signed("hostx", nonce).rsplit(".", 1)[0] + "." + signature,
            "unknown_nonce": device_cookie.signed(HOST_USER, secrets.token_urlsafe(32)),
            "garbage": "not a cookie at all",
        }[how]
        assert how == "unknown_nonce" or device_cookie.read(value) is None
    _lock_untrusted(app)
    forged = _with_device(app, value)
    refused = _login(forged)
    assert refused.status_code == 429 and "browsers it does not know" in refused.get_data(as_text=True)
    assert 0 < int(refused.headers["Retry-After"]) <= 15 * 60   # (the wait said in the header too)
    assert _login(_with_device(app, genuine)).status_code == 302  # the control: the genuine cookie gets in


def test_a_device_cookie_with_too_many_failures_stops_helping_for_the_window(app, moved_clock):
    host_account(app)
    host = _known_browser(app)
    _lock_untrusted(app)
    stolen = _with_device(app, _device(host))  # a copy of the cookie: the same allowance
    assert [_login(stolen, password=f"guess {n}", address=STRANGER).status_code for n in range(5)] == [401] * 5
    for browser in (stolen, host):  # the cookie itself is locked out, the right password refused unchecked
        refused = _login(browser)
        assert refused.status_code == 429 and "from this browser" in refused.get_data(as_text=True)
    moved_clock(minutes=16)
    _lock_untrusted(app)  # the attacker keeps the untrusted budget locked meanwhile
    assert _login(host).status_code == 302


def test_a_device_cookies_failures_are_its_own_not_the_accounts(app):
    """The host mistyping on a known browser uses that browser's allowance: a new browser
    (untrusted) still has the account's."""
    host_account(app)
    host = _known_browser(app)
    assert [_login(host, password="typo password").status_code for _ in range(6)] == [401] * 5 + [429]
    assert _login(app.test_client()).status_code == 302


def test_a_login_replaces_the_device_cookie_so_an_old_copy_counts_as_none(app, db):
    host_account(app)
    host = _known_browser(app)
    copied = _device(host)
    assert _login(host).status_code == 302 and _device(host) != copied
    _lock_untrusted(app)
    assert _login(_with_device(app, copied)).status_code == 429
    assert _login(host).status_code == 302
    live = db.execute("SELECT count(*) FROM device_cookies WHERE ended_at IS NULL").fetchone()[0]
    assert live == 1 and db.execute("SELECT count(*) FROM device_cookies").fetchone()[0] == 3


def test_a_device_cookie_of_one_account_does_not_help_another(app, db):
    host_account(app)
    host_account(app, "ana", "otra clave larga")
    browser = _known_browser(app)  # logged in as the host
    _lock_untrusted(app, "ana")
    refused = _login(browser, "ana", "otra clave larga")
    assert refused.status_code == 429 and "browsers it does not know" in refused.get_data(as_text=True)
    with app.test_request_context():
        claim = device_cookie.read(_device(browser))
    assert store.account.devices.known_device(db, "ana", claim) is None
    assert store.account.devices.known_device(db, HOST_USER, claim) is not None
    assert _login(browser).status_code == 302  # still the host's


def test_only_the_nonces_hash_is_stored_and_an_old_cookie_expires(app, db, moved_clock):
    host_account(app)
    browser = _known_browser(app)
    with app.test_request_context():
        username, nonce = device_cookie.read(_device(browser))
    stored = db.execute("SELECT nonce_hash FROM device_cookies").fetchall()
    assert username == HOST_USER and stored == [(hashlib.sha256(nonce.encode()).hexdigest(),)]
    moved_clock(days=366)
    assert store.account.devices.known_device(db, HOST_USER, (HOST_USER, nonce)) is None


def test_the_device_cookie_is_httponly_lax_for_host_pages_and_secure_over_https(app):
    host_account(app)
    headers = _login(app.test_client()).headers.getlist("Set-Cookie")
    device = [h for h in headers if h.startswith(device_cookie.COOKIE + "=")]
    assert len(device) == 1
    assert all(part in device[0] for part in ("HttpOnly", "SameSite=Lax", "Path=/host/", "Max-Age=31536000"))
    assert "Secure" not in device[0]
    https_app = create_app({"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": "test",
                            "TAPETE_HTTPS": "1", "WTF_CSRF_ENABLED": False})
    secure = _login(https_app.test_client()).headers.getlist("Set-Cookie")
    assert any(h.startswith(device_cookie.COOKIE + "=") and "; Secure" in h for h in secure)


def test_the_first_visits_setup_gives_the_browser_its_device_cookie(app, db):
    code = store.account.accounts.issue_setup_code(db)
    browser = app.test_client()
    made = browser.post("/host/setup", data={"code": code, "username": "ana", "password": "una clave larga",
                                             "confirm": "una clave larga"})
    assert made.status_code == 302 and _device(browser)
    browser.post("/host/logout")
    _lock_untrusted(app, "ana")
    assert _login(browser, "ana", "una clave larga").status_code == 302


def test_the_password_page_counts_against_the_browsers_own_allowance(app, moved_clock):
    """A logged-in host changes the password from a known browser while the account is
    locked for the others; without a device cookie the change waits."""
    host_account(app)
    host = _known_browser(app)
    assert _login(host).status_code == 302
    _lock_untrusted(app)
    change = {"current": HOST_PASSWORD, "password": "una clave nueva", "confirm": "una clave nueva"}
    without = app.test_client()
    login_host(without)
    assert without.post("/host/account/password", data=change).status_code == 429
    assert host.post("/host/account/password", data=change).status_code == 302
    wrong = dict(change, current="wrong password", password="otra clave nueva", confirm="otra clave nueva")
    tries = [host.post("/host/account/password?lang=en", data=wrong) for _ in range(6)]
    assert [answer.status_code for answer in tries] == [400] * 5 + [429]
    assert re.search("from this browser", tries[-1].get_data(as_text=True))
