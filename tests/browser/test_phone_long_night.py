"""A long open night on a phone (issue 25): the ledger page shows the player's newest hands
and a link to the pages of the night's hands, each page fitting a 390 px phone with a long
name, its links at least 44 px tall. Screenshots: tests/artifacts/phone-long-*.png."""

from __future__ import annotations

import pytest
from pages import PHONE, fits
from paths import ARTIFACTS
from samples import synthetic_session

import store
from store.player.night_hands import SHOWN

pytestmark = pytest.mark.browser

LONG = "María de los Ángeles Villaverde-Fernández del Castillo Ruiz"


def test_a_long_night_on_the_phone_and_its_pages_of_hands(db, browser, server):
    session = synthetic_session(SHOWN + 40, 4, seed=3)
    session["players"][0]["name"] = LONG
    night = store.import_session(db, session)
    token = store.issue_token(db, store.find_player(db, LONG))
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{token}")
        assert page.locator("li[data-hand]").count() == SHOWN
        fits(page)
        more = page.locator(f"#all-hands-{night}")
        assert more.bounding_box()["height"] >= 44
        page.screenshot(path=str(ARTIFACTS / "phone-long-ledger.png"), full_page=True)
        more.click()
        page.wait_for_url(f"**/p/{token}/night/{night}/hands")
        assert page.locator("li[data-hand]").first.get_attribute("data-hand") == str(SHOWN + 40)
        fits(page)
        for link in ("#back-to-night", 'a[rel="next"]'):
            assert page.locator(link).bounding_box()["height"] >= 44
        page.screenshot(path=str(ARTIFACTS / "phone-long-hands.png"), full_page=True)
        page.click('a[rel="next"]')
        page.wait_for_url("**page=2")
        assert page.locator('a[rel="prev"]').is_visible()
        fits(page)
    finally:
        context.close()
