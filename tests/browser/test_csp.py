"""No page breaks its own Content-Security-Policy (issue 13: "a CSP without inline scripts
or styles"): a real browser (Playwright driving Debian's chromium) opens every page as the
role that may see it, with the policy on, and collects every ``securitypolicyviolation``
event and every console error that names the policy; any one fails the test. The pages'
own scripts still run under the policy (the dealer page draws its table, the replay steps,
the close-night form asks first)."""

from __future__ import annotations

import pytest
from every_page import build_pages
from pages import fill_login
from paths import ARTIFACTS

import store

pytestmark = pytest.mark.browser

WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) {
  window.__csp.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + (e.sample || ''));
});
"""


def _watched(context):
    page = context.new_page()
    console = []
    page.on("console", lambda m: console.append(m.text)
            if m.type == "error" and "Content Security Policy" in m.text else None)
    return page, console


def _violations(page, console) -> list[str]:
    return page.evaluate("window.__csp") + console


def _login(page, server, app):
    page.goto(f"{server}/host/")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}/host/")


def test_no_page_violates_the_content_security_policy(browser, server, app, db):
    pages = build_pages(app, db)
    quiet = store.create_night(db, rules={"preset": "jackpots"}, chip_cents=10)  # no hand: can close
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    context.add_init_script(WATCH)
    page, console = _watched(context)
    seen = {}
    for path in pages.anonymous:
        page.goto(server + path)
        seen[path] = _violations(page, console)
    _login(page, server, app)
    for path in pages.host + pages.dealer + pages.player:
        page.goto(server + path)
        page.wait_for_load_state("networkidle")
        seen[path] = _violations(page, console)
        console.clear()
    assert {path: found for path, found in seen.items() if found} == {}
    assert len(seen) == len(pages.html)

    # the scripts run under the policy: the dealer page draws the seats from its JSON data
    page.goto(f"{server}/dealer/{pages.night}/{pages.dealer_token}/")
    page.wait_for_selector('#seats .seat[data-seat="1"]')
    assert page.evaluate("getComputedStyle(document.querySelector('.seat')).position") == "absolute"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "csp_dealer.png"))
    # the replay steps with the keyboard (static/hand/replayer.js)
    page.goto(f"{server}/host/night/{pages.night}/hand/1")
    page.wait_for_selector("#replay.stepping")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("location.hash").startswith("#step-")
    # the close-night form asks first (static/core/confirm.js; no inline onsubmit)
    page.goto(f"{server}/host/night/{quiet}/close")
    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.dismiss()))
    page.click("#close-button")
    page.wait_for_timeout(300)
    assert asked and "¿Cerrar la noche ahora?" in asked[0]
    assert not store.get_night(db, quiet)["closed"]
    assert _violations(page, console) == []
    context.close()


def test_an_inline_script_is_blocked_and_reported(browser, server, app, db):
    """The control: a script added inline is blocked, and the watch sees it (the test above
    would catch a template that had one)."""
    context = browser.new_context()
    context.add_init_script(WATCH)
    page, console = _watched(context)
    page.goto(f"{server}/host/login")
    page.evaluate("""() => { const s = document.createElement('script');
                             s.textContent = 'window.__ran = 1'; document.body.appendChild(s);
                             const d = document.createElement('div');
                             d.setAttribute('style', 'color: red'); document.body.appendChild(d); }""")
    page.wait_for_timeout(200)
    assert page.evaluate("window.__ran") is None
    found = _violations(page, console)
    assert any(v.startswith("script-src") for v in found), found
    assert any(v.startswith("style-src") for v in found), found
    context.close()
