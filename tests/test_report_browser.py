"""The night report in a real browser (Playwright driving Debian's chromium): the host
logs in with the PIN, opens the report on a phone-sized screen, long names wrap (no
sideways scrolling) and the PDF link serves a PDF."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

import store

CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
LONG_NAME = "Maximilianoaurelianoconstantinodelosremediosfernandezz"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not at /usr/bin/chromium "
                                                     "(apt-get install chromium; CI installs it)"),
]


@pytest.fixture
def live_url(app):
    """The app served on a free localhost port from a thread; yields the base URL."""
    from werkzeug.serving import make_server

    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=5)


def test_report_on_a_phone_wraps_long_names_and_links_the_pdf(app, db, live_url):
    sync_api = pytest.importorskip("playwright.sync_api")
    night_id = store.create_night(db, rules="jackpots", chip_cents=10, title="Viernes")
    for seat, (name, counted) in enumerate(((LONG_NAME, 130), ("Bruno", 70)), start=1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
        store.cash_out(db, night_id, player, counted, entered_by="host")
    store.close_night(db, night_id, entered_by="host")

    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 360, "height": 740})
            page.goto(f"{live_url}/reports/nights/{night_id}")
            page.fill("#pin", app.config["HOST_PIN"])
            page.click("button[type=submit]")
            page.wait_for_url(f"**/reports/nights/{night_id}")
            assert page.get_by_text("Bruno").first.is_visible()
            cell = page.locator("table.players td.name", has_text=LONG_NAME[:20])
            assert cell.evaluate("el => el.getBoundingClientRect().height") > 30  # two lines or more
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "report_phone.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
            assert page.locator("table.transfers").inner_text().count("3.00 EUR") == 1
            href = page.get_attribute("a[href$='.pdf']", "href")
            response = page.request.get(live_url + href)
            assert response.status == 200 and response.headers["content-type"] == "application/pdf"
            assert response.body().startswith(b"%PDF")
        finally:
            browser.close()
