"""Cross-site requests in a real browser (issue 13: "A real-browser test that a cross-site
auto-submitting form changes nothing").

The app runs on ``http://127.0.0.1:<port>`` (CSRF tokens checked: the ``browser`` mark) and
ANOTHER web server, on another port, serves the attacker's pages: a form that submits
itself to the host's buy-in while the host is logged in in the same browser, and a form and
``fetch`` calls that post a tap to the dealer's tablet URL while the tablet is open. The
attacker is served both as ``http://localhost:<port2>`` (another site) and as
``http://127.0.0.1:<port2>`` (the same site, another origin: the browser sends the session
cookie even with ``SameSite=Lax``). Every row of every table is the same after the attacks as
before; the control is the host's own buy-in form in the same browser, which is stored.

Also: the tablet whose token went bad (the page's meta replaced) has its tap refused with a
message, fetches a fresh token from the table's state, and its next tap is stored.
"""

from __future__ import annotations

import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from apps import snapshot
from pages import fill_login
from paths import ARTIFACTS
from role_routes import build

import store

pytestmark = pytest.mark.browser


@pytest.fixture
def attacker():
    """Another web server on a free port of 127.0.0.1: ``pages[path] = html`` is served at
    ``path``; yields ``(pages, port)``."""
    pages: dict[str, str] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 - the http.server name
            body = pages.get(self.path.split("?")[0])
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write((body or "not here").encode())

        def log_message(self, *args):
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield pages, httpd.server_port
    httpd.shutdown()
    thread.join(timeout=5)


def _login_host(page, server, app) -> None:
    page.goto(f"{server}/host/login")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_url(f"{server}/host/")


def _buy_in_attack(server: str, night: int, player: int) -> str:
    return f"""<!doctype html><title>Free chips</title>
<form id="f" method="post" action="{server}/host/night/{night}/buy-in">
<input name="player_id" value="{player}"><input name="chips" value="99999">
<input name="key" value="evil-buyin-0001"></form>
<script>document.getElementById("f").submit();</script>"""


def _tap_attack(tap_url: str) -> str:
    """A tap as JSON three ways: fetch with a JSON body (needs CORS: stopped by the browser),
    fetch ``no-cors`` with a text/plain body, and a text/plain form built to read as JSON."""
    return f"""<!doctype html><title>Tap</title>
<form id="f" method="post" enctype="text/plain" action="{tap_url}">
<input name='{{"key": "evil-tap-0003", "op": "start_hand", "x": "' value='"}}'></form>
<script>
var body = JSON.stringify({{key: "evil-tap-0001", op: "start_hand"}});
Promise.allSettled([
  fetch("{tap_url}", {{method: "POST", credentials: "include", headers: {{"Content-Type": "application/json"}}, body: body}}),
  fetch("{tap_url}", {{method: "POST", mode: "no-cors", credentials: "include", headers: {{"Content-Type": "text/plain"}},
                       body: JSON.stringify({{key: "evil-tap-0002", op: "start_hand"}})}}),
]).then(function () {{ document.getElementById("f").submit(); }});
</script>"""


@pytest.mark.parametrize("attacker_host", ["localhost", "127.0.0.1"], ids=["cross_site", "same_site"])
def test_another_sites_auto_submitting_forms_change_nothing(browser, server, app, db, attacker,
                                                            attacker_host):
    pages, port = attacker
    w = build(app, db)
    dealer_base = f"{server}/dealer/{w.night}/{w.dealer(w.night)}/"
    context = browser.new_context()
    page = context.new_page()
    _login_host(page, server, app)
    # the control: the host's own buy-in form, in this browser, is stored
    page.goto(f"{server}/host/night/{w.night}/table?lang=en")   # the buy-ins: the table stage
    before_control = snapshot(app.config["DATABASE"])
    page.select_option("#buy-player", str(w.ids["Chus"]))
    page.fill("#buy-chips", "100")
    with page.expect_navigation():
        page.click(f"form[action='/host/night/{w.night}/buy-in'] button[type=submit]")
    assert snapshot(app.config["DATABASE"]) != before_control, "the host's own form was not stored"
    # the tablet is open in the same browser (its session cookie is set)
    tablet = context.new_page()
    tablet.goto(dealer_base)
    tablet.wait_for_selector("#seats .seat")

    before = snapshot(app.config["DATABASE"])
    origin = f"http://{attacker_host}:{port}"
    pages["/buyin.html"] = _buy_in_attack(server, w.night, w.ids["Chus"])
    pages["/tap.html"] = _tap_attack(dealer_base + "tap")
    evil = context.new_page()
    with evil.expect_response(lambda r: r.url.endswith("/buy-in") and r.request.method == "POST") as answer:
        evil.goto(f"{origin}/buyin.html")
    assert snapshot(app.config["DATABASE"]) == before, "the other site's form stored a buy-in"
    assert answer.value.status == 403
    evil.wait_for_url(lambda url: url.endswith("/buy-in"), wait_until="load")
    assert "another site" in evil.text_content("body") or "otro sitio" in evil.text_content("body")
    ARTIFACTS.mkdir(exist_ok=True)
    evil.screenshot(path=str(ARTIFACTS / f"csrf_{attacker_host}_buyin_refused.png"))
    taps = []
    evil.on("request", lambda r: taps.append(r.method) if r.url.endswith("/tap") else None)
    with evil.expect_response(lambda r: r.url.endswith("/tap") and r.request.method == "POST"
                              and r.request.post_data and "evil-tap-0003" in r.request.post_data) as answer:
        evil.goto(f"{origin}/tap.html")
    assert answer.value.status == 403
    # the answer came; the refused page is drawn once the form's navigation has committed
    # (a screenshot taken before that fails with "Unable to capture screenshot")
    evil.wait_for_url(lambda url: url.endswith("/tap"), wait_until="load")
    assert "another site" in evil.text_content("body") or "otro sitio" in evil.text_content("body")
    evil.screenshot(path=str(ARTIFACTS / f"csrf_{attacker_host}_tap_refused.png"))
    assert snapshot(app.config["DATABASE"]) == before
    assert taps, "the attacker's page posted nothing: the test proves nothing"
    # the host is still logged in and the night unchanged (no 99999 buy-in)
    page.goto(f"{server}/host/night/{w.night}?lang=en")
    assert "99999" not in page.content() and "99.999" not in page.content()
    context.close()


def test_a_tablet_whose_token_went_bad_is_told_gets_a_fresh_one_and_goes_on(browser, server, app, db):
    w = build(app, db)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{server}/dealer/{w.night}/{w.dealer(w.night)}/?lang=en")
    page.wait_for_selector("#next-hand:not([hidden])")
    page.evaluate("document.querySelector('meta[name=\"csrf-token\"]').setAttribute('content', 'gone-bad')")
    before = snapshot(app.config["DATABASE"])
    page.click("#next-hand")
    page.wait_for_selector("#notice:not([hidden])")
    assert "security token" in page.text_content("#notice")
    # the refused tap left the queue (never resent) and the page took a fresh token
    page.wait_for_selector('#net[data-pending="0"]')
    page.wait_for_function("() => document.querySelector('meta[name=\"csrf-token\"]').content !== 'gone-bad'")
    assert snapshot(app.config["DATABASE"]) == before
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "csrf_tablet_token_refused.png"))
    page.wait_for_timeout(1600)                      # past the double-tap window
    page.click("#next-hand")
    page.wait_for_selector('#net[data-pending="0"]')
    page.wait_for_selector("#next-hand", state="hidden")     # hand 2 is in progress
    assert store.current_hand(db, w.night) is not None      # stored with the fresh token
    context.close()
