"""A player's phone in a real browser (390×844, Spanish) after a stored standings row was
edited with SQL (issue 25, a fresh tester's finding 1): the chart draws only the nights
whose figures hold, its axis not stretched to the edited figure, and the page says the
figure does not match the record. Screenshot: tests/artifacts/phone-tampered-chart.png."""

from __future__ import annotations

import pytest
from pages import PHONE
from paths import ARTIFACTS

import store

pytestmark = pytest.mark.browser

HOST = "host:test"
RULES = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}


def test_an_edited_standings_row_is_no_point_of_the_phone_s_chart(db, browser, server):
    nights = []
    for i in range(1, 5):
        night = store.create_night(db, rules=RULES, chip_cents=10, title="Noche")
        for seat, (name, counted) in enumerate({"Ana": 100 + 10 * i, "Bruno": 100 - 10 * i}.items(), 1):
            player = store.find_player(db, name) or store.add_player(db, name)
            store.seat_player(db, night, player, seat, entered_by=HOST)
            store.buy_in(db, night, player, 100, entered_by=HOST)
            store.cash_out(db, night, player, counted, entered_by=HOST)
        store.close_night(db, night, entered_by=HOST)
        nights.append(night)
    ana = store.find_player(db, "Ana")
    token = store.issue_token(db, ana)
    db.execute("UPDATE night_standings SET running = '-99900' WHERE night_id = ? AND player_id = ?", [nights[0], ana])
    db.conn.commit()
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(f"{server}/p/{token}")
        chart = page.locator("#running-total svg")
        assert chart.count() == 1
        ticks = chart.locator(".y-tick").all_text_contents()
        assert ticks and not any("999" in t or "1.000" in t for t in ticks), ticks
        assert chart.locator("circle").count() == 3
        assert page.locator("#totals-unsealed").is_visible()
        assert page.locator("#total-none").count() == 0
        chart.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "phone-tampered-chart.png"), full_page=True)
    finally:
        context.close()
