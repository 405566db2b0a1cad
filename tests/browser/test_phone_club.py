"""Phone and club (issue 26) in a real browser, in Spanish: on a phone (390×844) every link
and button of the player's page is a touch target of at least 44×44 CSS px, the page opens
on tonight (the chips on the table, the hands), an empty state is one line of text, and a
hand list keeps its open or closed state after a replay and back; the club page (1366×768)
leaves the demo night out, runs oldest to newest and names each line in a legend.
Screenshots: tests/artifacts/phone-tonight.png, phone-empty.png, club-1366.png."""

from __future__ import annotations

import pytest
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS
from showcase_night import LONG_NAME, build_showcase_night

import store
from store.night.demo import DEMO_BY

pytestmark = pytest.mark.browser

SMALL = """() => [...document.querySelectorAll('a, button, summary')].map(e => {
  const r = e.getBoundingClientRect();
  const shown = getComputedStyle(e).visibility !== 'hidden' && r.width > 0 && r.height > 0 && r.right > 0;
  return shown && (r.width < 44 || r.height < 44) ? `${e.tagName} ${e.textContent.trim().slice(0, 40)} `
    + `${Math.round(r.width)}x${Math.round(r.height)}` : null;
}).filter(Boolean)"""
"""Every link, button and summary shown on the page smaller than 44×44 CSS px (the skip link,
off-screen until focused, left out)."""


def _one_line(page, selector: str) -> None:
    """The element is a paragraph of one line of text (not a heading)."""
    box = page.locator(selector).bounding_box()
    height = page.eval_on_selector(selector, "e => parseFloat(getComputedStyle(e).lineHeight)")
    assert box["height"] <= height * 1.5, selector
    assert page.eval_on_selector(selector, "e => e.tagName") == "P"


def _phone(browser):
    return browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)


def test_the_phone_page_has_big_touch_targets_and_opens_on_tonight(db, browser, server):
    world = build_showcase_night(db)
    ARTIFACTS.mkdir(exist_ok=True)
    context = _phone(browser)
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{world.tokens[LONG_NAME]}")
        first = page.locator("main > *").first                      # the name, then tonight's night
        assert first.get_attribute("id") == "player-name"
        card = page.locator("section.night-card").first
        stack = page.locator(f"#stack-{world.night}")
        assert stack.is_visible() and stack.bounding_box()["y"] < PHONE["height"]   # on the first screen
        assert card.bounding_box()["y"] < page.locator("#running-total").bounding_box()["y"]
        assert page.locator("details.hand-list").first.get_attribute("open") is not None  # tonight's hands open
        assert page.locator(".replay-link").first.is_visible()
        assert page.evaluate(SMALL) == []
        fits(page)
        page.screenshot(path=str(ARTIFACTS / "phone-tonight.png"), full_page=True)
        lang = page.locator("nav.lang a").first.bounding_box()
        assert lang["width"] >= 44 and lang["height"] >= 44

        world.close(db)                                             # closed: whom to pay, then the hands
        page.goto(f"{server}/p/{world.tokens['Bruno']}")
        assert page.evaluate(SMALL) == []
        fits(page)
    finally:
        context.close()


def test_the_hand_list_keeps_its_state_after_a_replay(db, browser, server):
    world = build_showcase_night(db)
    world.close(db)
    context = _phone(browser)
    page = context.new_page()
    ledger = f"{server}/p/{world.tokens['Bruno']}"
    hands = page.locator(f"#hands-{world.night}")
    try:
        page.goto(ledger)
        assert hands.get_attribute("open") is None                 # a closed night: folded
        hands.locator("summary").click()
        assert hands.get_attribute("open") is not None
        hands.locator(".replay-link").first.click()
        page.wait_for_url("**/hand/**")
        page.go_back()                                              # the browser's back
        page.wait_for_url(ledger)
        assert hands.get_attribute("open") is not None
        hands.locator(".replay-link").nth(1).click()
        page.wait_for_url("**/hand/**")
        page.click("#back-link")                                    # the replay's own link back: a new load
        page.wait_for_url(ledger)
        assert hands.get_attribute("open") is not None
        hands.locator("summary").click()                            # folded again, it stays folded
        page.reload()
        assert hands.get_attribute("open") is None
    finally:
        context.close()


def test_an_empty_phone_page_says_so_in_one_line(db, browser, server):
    player = store.add_player(db, "Nadia")
    token = store.issue_token(db, player)
    ARTIFACTS.mkdir(exist_ok=True)
    context = _phone(browser)
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{token}")
        _one_line(page, "#no-nights")
        assert page.locator("#no-nights").inner_text() == "Aún no hay noches."
        assert page.locator("main h1").count() == 1 and page.locator("main h2").count() == 0
        assert page.evaluate(SMALL) == []
        page.screenshot(path=str(ARTIFACTS / "phone-empty.png"), full_page=True)
        night = store.create_night(db, rules={"preset": "jackpots", "ante": 1}, chip_cents=10)
        store.seat_player(db, night, player, 1, entered_by="test")   # tonight, nothing closed yet
        page.reload()
        _one_line(page, "#total-none")
        assert page.locator("#total-none").inner_text() == "Aún no hay noches cerradas."
    finally:
        context.close()


def test_the_club_page_leaves_the_demo_out_and_has_a_legend(app, db, browser, server):
    world = build_showcase_night(db)
    world.close(db)
    demo = store.create_night(db, rules={"preset": "jackpots", "ante": 1}, chip_cents=10, title="Demo")
    for seat, (name, counted) in enumerate((("Demo Uno", 50), ("Demo Dos", 150)), 1):
        player = store.add_player(db, name)
        store.seat_player(db, demo, player, seat, entered_by="test")
        store.buy_in(db, demo, player, 100, entered_by="test")
        store.cash_out(db, demo, player, counted, entered_by="test")
    store.close_night(db, demo, entered_by=DEMO_BY)
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="es-ES", device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(f"{server}/host/club")
        page.wait_for_url("**/host/login**")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.goto(f"{server}/host/club")
        text = page.locator("main").inner_text()
        assert "Demo Uno" not in text and "1 noche cerrada" in text
        legend = page.locator("svg.trend g.legend")
        assert legend.count() == page.locator("#standings tbody tr").count()
        colours = [legend.nth(i).get_attribute("data-colour") for i in range(legend.count())]
        assert len(set(colours)) == len(colours)
        fits(page, 1366)
        page.screenshot(path=str(ARTIFACTS / "club-1366.png"), full_page=True)
        page.goto(f"{server}/host/")
        assert page.locator(f"#demo-mark-{demo}").is_visible()
        page.locator(f"#hide-demo-{demo} button").click()
        page.wait_for_url(f"{server}/host/")
        assert page.locator(f"#demo-mark-{demo}").count() == 0
        assert page.locator(f'a[href="/host/night/{world.night}"]').is_visible()
    finally:
        context.close()
