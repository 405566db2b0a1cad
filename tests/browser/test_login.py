"""The host's first visit and login in a real browser (Playwright driving Debian's
chromium): the setup page with the one-time code, the nights page, logout, a wrong
password said in Spanish, the login coming back to the page asked for, a copy of the
cookie refused after logout, and a stranger's wrong guesses locking out new browsers but
not the host's own (issue 25, the device cookie)."""

from __future__ import annotations

import re

import pytest
from hosts import HOST_PASSWORD, HOST_USER
from paths import ARTIFACTS

import store.account.accounts
import store.core.transactions
from web.account import device_cookie

pytestmark = pytest.mark.browser


def test_first_visit_setup_then_logout_and_login_in_a_browser(app, db, browser, server):
    with store.core.transactions.write_tx(db):  # a fresh install: no account (the server fixture made one)
        db.execute("DELETE FROM accounts")
    code = store.account.accounts.issue_setup_code(db)
    context = browser.new_context(viewport={"width": 390, "height": 800}, locale="es-ES")
    page = context.new_page()
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        page.goto(f"{server}/host/")
        page.wait_for_url("**/host/setup")
        page.fill("#code", code.lower())
        page.fill("#username", "ana")
        page.fill("#password", "una clave larga")
        page.fill("#confirm", "una clave larga")
        page.screenshot(path=str(ARTIFACTS / "auth_setup.png"), full_page=True)
        page.click("button[type=submit]")
        page.wait_for_url("**/host/")
        assert page.locator("#password-link").is_visible()
        copied = [c for c in context.cookies() if c["name"] == "session"][0]
        assert copied["httpOnly"] and copied["sameSite"] == "Lax"

        page.click("header form button")  # log out
        page.wait_for_url("**/host/login")
        page.goto(f"{server}/reports/nights")
        page.wait_for_url(re.compile(r".*/host/login\?next=.*"))
        page.fill("#username", "ana")
        page.fill("#password", "una clave mala")
        page.click("button[type=submit]")
        assert "Usuario o contraseña incorrectos." in page.inner_text("#login-error")
        page.screenshot(path=str(ARTIFACTS / "auth_login_wrong.png"), full_page=True)
        page.fill("#password", "una clave larga")
        page.click("button[type=submit]")
        page.wait_for_url("**/reports/nights")

        # the cookie of the first session, replayed in another browser, opens nothing
        thief = browser.new_context()
        thief.add_cookies([{k: copied[k] for k in ("name", "value", "domain", "path")}])
        other = thief.new_page()
        other.goto(f"{server}/host/")
        assert "/host/login" in other.url
        thief.close()
    finally:
        context.close()


def _log_in(page, server: str, password: str) -> None:
    page.goto(f"{server}/host/login")
    page.fill("#username", HOST_USER)
    page.fill("#password", password)
    page.click("button[type=submit]")


def test_a_stranger_locks_new_browsers_out_but_not_the_hosts_own(browser, server):
    """Issue 25 in a browser: the host's browser has logged in before (it keeps its device
    cookie, HttpOnly, SameSite=Lax, sent to /host/ only); a stranger's browser fails until
    the account is locked for browsers it does not know; the host's browser still logs in,
    and a new browser of the host is told to wait or use a known one."""
    contexts = [browser.new_context(viewport={"width": 390, "height": 800}, locale="es-ES") for _ in range(3)]
    host, stranger, new = (context.new_page() for context in contexts)
    ARTIFACTS.mkdir(exist_ok=True)
    try:
        _log_in(host, server, HOST_PASSWORD)
        host.wait_for_url("**/host/")
        device = next(c for c in contexts[0].cookies() if c["name"] == device_cookie.COOKIE)
        assert device["httpOnly"] and device["sameSite"] == "Lax" and device["path"] == "/host/"
        host.click("header form button")  # log out: the device cookie stays
        host.wait_for_url("**/host/login")
        assert [c["name"] for c in contexts[0].cookies()].count(device_cookie.COOKIE) == 1

        for n in range(6):
            _log_in(stranger, server, f"adivinanza {n}")
            stranger.wait_for_selector("#login-error")
        assert "desde navegadores que no conoce" in stranger.inner_text("#login-error")

        _log_in(host, server, HOST_PASSWORD)
        host.wait_for_url("**/host/")
        assert host.locator("#password-link").is_visible()

        _log_in(new, server, HOST_PASSWORD)
        said = new.inner_text("#login-error")
        assert "entra desde un navegador con el que ya hayas entrado antes" in said and "/host/login" in new.url
        new.screenshot(path=str(ARTIFACTS / "auth_login_locked_for_new_browsers.png"), full_page=True)
    finally:
        for context in contexts:
            context.close()
