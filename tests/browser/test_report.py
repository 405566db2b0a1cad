"""The night report in a real browser (Playwright driving Debian's chromium): the host
logs in (username and password), opens the report on a phone-sized screen, long names wrap (no
sideways scrolling) and the PDF link serves a PDF."""

from __future__ import annotations

import pytest
from pages import fill_login
from paths import ARTIFACTS

import store

LONG_NAME = "Maximilianoaurelianoconstantinodelosremediosfernandezz"

pytestmark = pytest.mark.browser


def test_report_on_a_phone_wraps_long_names_and_links_the_pdf(app, db, browser, server):
    live_url = server
    night_id = store.create_night(db, rules="jackpots", chip_cents=10, title="Viernes")
    for seat, (name, counted) in enumerate(((LONG_NAME, 130), ("Bruno", 70)), start=1):
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="host")
        store.buy_in(db, night_id, player, 100, entered_by="host")
        store.cash_out(db, night_id, player, counted, entered_by="host")
    store.close_night(db, night_id, entered_by="host")

    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.goto(f"{live_url}/reports/nights/{night_id}")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.wait_for_url(f"**/reports/nights/{night_id}")
        assert page.get_by_text("Bruno").first.is_visible()
        cell = page.locator("table.players td.name", has_text=LONG_NAME[:20])
        assert cell.evaluate("el => el.getBoundingClientRect().height") > 30  # two lines or more
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "report_phone.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        assert page.locator("table.transfers").inner_text().count("€3.00") == 1  # an English browser: the English report
        href = page.get_attribute("a[href$='.pdf']", "href")
        response = page.request.get(live_url + href)
        assert response.status == 200 and response.headers["content-type"] == "application/pdf"
        assert response.body().startswith(b"%PDF")
    finally:
        page.close()
