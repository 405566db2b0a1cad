"""The player's phone, the link panel and the club page in a real browser at a phone's
size (390×844, issue 14), in Spanish, CSRF on. Screenshots: tests/artifacts/phone-*.png."""

from __future__ import annotations

import pytest
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS
from showcase_night import LONG_NAME, build_showcase_night

import store

pytestmark = pytest.mark.browser



def test_the_players_phone_live_then_closed_and_the_hosts_panel_and_club(app, db, browser, server):
    world = build_showcase_night(db)
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    page = context.new_page()
    errors: list[str] = []
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        # a live night on María's phone: her chips on the table now (issue 24: what she holds,
        # the referee's chips_on_table), each hand's result in words
        page.goto(f"{server}/p/{world.tokens[LONG_NAME]}")
        stack = page.locator(f"#stack-{world.night}")
        held = store.check_night(db, world.night)["hands"][-1]["chips_on_table"]
        assert stack.get_attribute("data-stack") == str(held["4"])
        assert page.locator("details.hand-list").first.get_attribute("open") is not None  # tonight: the hands open
        assert page.locator('li[data-hand="2"] .hand-result').inner_text().startswith("Mano 2: ganaste 15 fichas")
        fits(page)
        page.screenshot(path=str(ARTIFACTS / "phone-live.png"), full_page=True)

        # the host issues Íñigo's link: the panel names him, copies, shows the QR code
        page.goto(f"{server}/host/night/{world.night}/table")   # the players' links: the table stage
        page.wait_for_url("**/host/login**")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.wait_for_url(f"**/host/night/{world.night}/table")
        page.locator(f'form[action$="/player/{world.ids["Íñigo"]}/link"] button').click()
        panel = page.locator("#link-panel")
        panel.wait_for()
        assert "Enlace privado de Íñigo" in panel.inner_text()
        link = page.input_value("#new-link")
        assert "/p/" in link and page.get_attribute("#new-link", "readonly") is not None
        assert page.locator("#link-panel svg.qr").is_visible()
        assert page.locator("#copy-link").is_visible()
        page.locator("#link-panel").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "phone-link-panel.png"))
        box = panel.bounding_box()   # (the night page's tables below may scroll sideways)
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]

        # the night closed: Bruno's phone says whom he pays / who pays him
        world.close(db)
        page.goto(link)
        assert page.locator("#player-name").inner_text() == "Íñigo"
        page.goto(f"{server}/p/{world.tokens['Bruno']}")
        settle = page.locator("section.settle")
        assert settle.is_visible() and "€" in settle.inner_text()
        lines = page.locator("ul.entries li").all_inner_texts()
        assert any("sustituida por un recuento" in line for line in lines)
        fits(page)
        page.screenshot(path=str(ARTIFACTS / "phone-closed.png"), full_page=True)

        # the club's standings on the host's phone
        page.goto(f"{server}/host/club")
        assert page.locator("#standings tbody tr").count() == 5
        assert page.locator("svg.trend").is_visible()
        page.screenshot(path=str(ARTIFACTS / "phone-club.png"), full_page=True)
        assert not errors, errors
    finally:
        context.close()
