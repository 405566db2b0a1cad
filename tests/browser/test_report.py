"""The night report in a real browser (Playwright driving Debian's chromium): the host
logs in (username and password), opens the report on a phone-sized screen, long names wrap (no
sideways scrolling) and the PDF link serves a PDF; a long night's hands come a hundred a page."""

from __future__ import annotations

import pytest
from pages import fill_login
from paths import ARTIFACTS
from samples import synthetic_session

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


def test_a_long_nights_report_pages_its_hands_on_a_phone(app, db, browser, server):
    """Issue 25: a 150-hand night's report shows hands 1-100 as rows (no sideways scrolling
    on a phone), the noted ones in full; the page link shows 101-150, and a row's link in
    the noted column goes to that hand's section."""
    night_id = store.import_session(db, synthetic_session(hands=150, players=6, seed=4), chip_cents=5)
    page = browser.new_page(viewport={"width": 360, "height": 740})
    try:
        page.goto(f"{server}/reports/nights/{night_id}")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.wait_for_url(f"**/reports/nights/{night_id}")
        rows = page.locator("table.hands-table tbody tr")
        assert rows.count() == 100 and rows.first.get_attribute("data-hand") == "1"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("section#hands h2").scroll_into_view_if_needed()
        page.evaluate("document.querySelector('section#hands').scrollIntoView()")
        page.screenshot(path=str(ARTIFACTS / "report_long_phone.png"), full_page=False)
        noted = page.locator("table.hands-table tr.noted td:last-child a").first
        number = noted.evaluate("a => a.closest('tr').dataset.hand")
        noted.click()
        assert page.locator(f"section#hand-{number}").is_visible()
        page.locator("nav.hand-pages a", has_text="101–150").first.click()
        page.wait_for_url("**page=2**")
        assert page.locator("table.hands-table tbody tr").count() == 50
        assert page.locator("table.hands-table tbody tr").first.get_attribute("data-hand") == "101"
        assert page.locator("nav.hand-pages [aria-current=page]").first.inner_text() == "101–150"
    finally:
        page.close()
