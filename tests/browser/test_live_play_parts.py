"""The host's *Juego* stage keeps its other parts live too (issue 26): the tab's "· mano N"
and the players' part (one-tap rebuys, another amount, a player leaving; "between hands"
while a hand is in progress) followed the page's load until a reload. Now the stage's poll
(``web.night.live_hand``, ``static/night/live_hand.js``) draws them again with the hand: a
hand that ends offers the rebuys within 3 s, the next one takes them away and the tab says
"mano 2", with no reload. In Spanish, CSRF on, at 1366×768. Screenshot:
tests/artifacts/night_live-rebuys-after-hand.png."""

from __future__ import annotations

import pytest
from pages import open_as_host
from paths import ARTIFACTS

import store

pytestmark = pytest.mark.browser

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
DESK = {"width": 1366, "height": 768}


def test_the_tab_and_the_rebuys_follow_the_hands_without_a_reload(app, db, browser, server):
    night_id = store.create_night(db, rules=RULES, chip_cents=10, buy_in=500, title="Jueves")
    for name, seat in (("Ana", 1), ("Bruno", 2), ("Íñigo", 4)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    hand = store.start_hand(db, night_id, button=1, entered_by="test")
    desk = browser.new_context(viewport=DESK, locale="es-ES", device_scale_factor=1)
    errors: list[str] = []
    try:
        page = desk.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        open_as_host(page, server, f"/host/night/{night_id}/play?lang=es", app)
        note = '#stage-play [data-live-target="play-note"]'
        assert page.text_content(note).split() == ["·", "mano", "1"]
        assert "entre manos" in page.text_content("#live-players")        # a player leaves between hands
        assert page.is_visible("#live-players #rebuy-next-hand")        # a rebuy now counts from the next hand
        assert page.locator("#live-players form.rebuy-one").count() == 3
        assert page.locator("#live-players #unseat").count() == 0
        page.evaluate("window.__same_page = true")   # gone if the page reloads

        store.end_hand(db, hand, entered_by="test")
        page.wait_for_selector("#live-players #unseat", timeout=3_000)
        assert page.locator("#live-players #rebuy-next-hand").count() == 0
        assert page.locator("#live-players form.rebuy-one").count() == 3
        assert page.locator("#live-players #unseat").count() == 1
        assert "entre manos" not in page.text_content("#live-players")
        assert page.text_content(note).strip() == "" and not page.is_visible(note)
        assert page.evaluate("window.__same_page") is True
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "night_live-rebuys-after-hand.png"), full_page=True)

        store.start_hand(db, night_id, button=2, entered_by="test")
        page.wait_for_selector("#live-players #unseat", state="detached", timeout=3_000)
        assert page.is_visible("#live-players #rebuy-next-hand")
        page.wait_for_selector(f'{note}:has-text("2")', timeout=3_000)
        assert page.text_content(note).split() == ["·", "mano", "2"]
        assert page.evaluate("window.__same_page") is True
        assert page.locator("template").count() == 0   # each part put in place, none left behind
        assert errors == []
    finally:
        desk.close()
