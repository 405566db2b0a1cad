"""A season's leaderboard on a phone (issue 28), in Spanish, at 390×844: the player's link
opens the season's statistics, a tap on a column's heading sorts the table by it on the
server (the URL says so, no script needed) and a second tap reverses it; every link is a
touch target of at least 44×44 CSS px and the page does not scroll sideways (the wide table
scrolls inside its own box). Screenshot: tests/artifacts/stats-phone-season.png."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS
from stats_worked import WORKED

import store
from store.stats.seasons import create_season


pytestmark = pytest.mark.browser

SMALL = """() => [...document.querySelectorAll('a, button, summary')].map(e => {
  const r = e.getBoundingClientRect();
  const shown = getComputedStyle(e).visibility !== 'hidden' && r.width > 0 && r.height > 0 && r.right > 0;
  return shown && (r.width < 44 || r.height < 44) ? `${e.tagName} ${e.textContent.trim().slice(0, 40)} `
    + `${Math.round(r.width)}x${Math.round(r.height)}` : null;
}).filter(Boolean)"""
"""Every link, button and summary shown smaller than 44×44 CSS px (as tests/browser/test_phone_club.py)."""


def _names(page) -> list[str]:
    return [t.strip().rstrip("*").strip() for t in page.locator("#leaderboard tbody th.name").all_inner_texts()]


def test_a_seasons_leaderboard_sorted_by_a_column_on_a_phone(db, browser, server):
    night = store.import_session(db, WORKED, started_at=datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    store.close_night(db, night, entered_by="test")
    season = create_season(db, "Primavera 2026", "2026-03-01", "2026-05-31", entered_by="test")
    bruno = db.execute("SELECT id FROM players WHERE name = 'Bruno'").fetchone()[0]
    token = store.issue_token(db, bruno)
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{token}/stats?season={season}&lang=es")
        assert "Primavera 2026" in page.locator("h1").inner_text()
        assert _names(page) == ["Bruno", "Chus", "Ana"]                       # by net, highest first
        page.locator('#leaderboard a.sort[data-sort="vpip"]').click()
        page.wait_for_url("**sort=vpip**")
        assert "dir=desc" in page.url and f"season={season}" in page.url
        assert _names(page) == ["Ana", "Bruno", "Chus"]                       # 67 %, then 33 % by name
        assert page.locator('#leaderboard th[aria-sort="descending"] a[data-sort="vpip"]').count() == 1
        page.locator('#leaderboard a.sort[data-sort="net_chips"]').click()
        page.wait_for_url("**sort=net_chips**")
        page.locator('#leaderboard a.sort[data-sort="net_chips"]').click()     # again: lowest first
        page.wait_for_url("**dir=asc**")
        assert _names(page) == ["Ana", "Chus", "Bruno"]
        assert page.evaluate(SMALL) == []
        fits(page)
        page.screenshot(path=str(ARTIFACTS / "stats-phone-season.png"), full_page=True)
    finally:
        context.close()


def test_the_host_names_a_season_and_opens_its_leaderboard(app, db, browser, server):
    """On the host's screen (1366×768): a season named on the statistics page, its
    leaderboard opens filtered to it, the CSV link names it. Screenshot:
    tests/artifacts/stats-host-1366.png."""
    night = store.import_session(db, WORKED, started_at=datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    store.close_night(db, night, entered_by="test")
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(f"{server}/host/stats?lang=es")
        page.wait_for_url("**/host/login**")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.goto(f"{server}/host/stats")
        form = page.locator("#new-season")
        form.locator("input[name=name]").fill("Primavera 2026")
        form.locator("input[name=first_date]").fill("2026-03-01")
        form.locator("input[name=last_date]").fill("2026-05-31")
        form.locator("button[type=submit]").click()
        page.wait_for_url("**season=**")
        assert "Primavera 2026" in page.locator("h1").inner_text()
        assert _names(page) == ["Bruno", "Chus", "Ana"]
        assert "season=" in page.locator("#csv").get_attribute("href")
        page.screenshot(path=str(ARTIFACTS / "stats-host-1366.png"), full_page=True)
    finally:
        context.close()
