"""The host's first visit and login in a real browser (Playwright driving Debian's
chromium): the setup page with the one-time code, the nights page, logout, a wrong
password said in Spanish, the login coming back to the page asked for, and a copy of the
cookie refused after logout."""

from __future__ import annotations

import re

import pytest
from paths import ARTIFACTS

import store.account.accounts
import store.core.transactions

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
