"""One QR for the table in a real browser (issue 26), in Spanish, CSRF on: the host shows the
table code; two phones (two browser contexts) each take a name and land on their own page; a
third phone's tap on a name taken meanwhile is refused in words; the host releases it and
the third phone takes it; after the close the code's page says it is closed. The tablet's
link is shown as a QR too. Screenshots: tests/artifacts/table-code-*.png (the claim page at
390×844, the host's table links at 1366×768)."""

from __future__ import annotations

import pytest
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS

import store

pytestmark = pytest.mark.browser

DESK = {"width": 1366, "height": 768}
LONG = "Maximiliano Alejandro de la Santísima Trinidad Villaverde-Ru"   # 60 letters, the longest name
PLAYERS = (("Ana", 1), ("Bruno", 2), ("Íñigo", 3), (LONG, 4))


def _night(db) -> tuple[int, dict]:
    night_id = store.create_night(db, rules={"preset": "pocker"}, chip_cents=10, title="Viernes")
    ids = {}
    for name, seat in PLAYERS:
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name], 500, entered_by="test")
    return night_id, ids


def _watch(page, errors: list[str], expected: tuple[int, ...] = ()) -> None:
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and r.status not in expected and not r.url.endswith("/favicon.ico") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def test_two_phones_claim_a_third_is_refused_the_host_releases_and_the_code_dies_at_the_close(
        app, db, browser, server):
    night_id, ids = _night(db)
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    desk = browser.new_context(viewport=DESK, locale="es-ES", device_scale_factor=1)
    phones = [browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1) for _ in range(3)]
    try:
        host = desk.new_page()
        _watch(host, errors)
        host.goto(f"{server}/host/night/{night_id}/table")
        host.wait_for_url("**/host/login**")
        fill_login(host, app)
        host.click("button[type=submit]")
        host.wait_for_url(f"**/host/night/{night_id}/table")
        host.click("#show-table-code button")
        host.locator("#new-table-code svg.qr").wait_for()
        code_url = host.input_value("#table-code-url")
        assert "/t/" in code_url
        assert host.locator("#new-table-code svg.qr").bounding_box()["width"] >= 200   # a camera reads it across a table
        host.locator("#table-code").screenshot(path=str(ARTIFACTS / "table-code-host-qr.png"))

        first, second, third = (context.new_page() for context in phones)
        for page in (first, second, third):
            _watch(page, errors, expected=(409, 410))
        third.goto(code_url)                       # the third phone opens the code first
        names = third.locator("button.claim-name")
        assert names.count() == 4
        for i in range(4):                         # a name is a big button, inside the screen
            box = names.nth(i).bounding_box()
            assert box["height"] >= 44 and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        fits(third)
        third.screenshot(path=str(ARTIFACTS / "table-code-claim.png"), full_page=True)

        for page, name in ((first, "Ana"), (second, "Bruno")):
            page.goto(code_url)
            page.click(f'button.claim-name[data-player="{ids[name]}"]')
            page.wait_for_url("**/p/**")
            assert page.locator("#player-name").inner_text() == name
        first.goto(code_url)                       # the phone keeps its name
        assert "Este móvil ha cogido el nombre Ana." in first.locator("#my-claim").inner_text()

        third.click(f'button.claim-name[data-player="{ids["Ana"]}"]')   # Ana was taken meanwhile
        refusal = third.locator("#claim-refusal")
        refusal.wait_for()
        assert ("Otro móvil ya ha cogido el nombre Ana: si es el tuyo, pide al anfitrión que lo libere."
                in refusal.inner_text())
        assert third.locator(f'.claim-name.taken[data-player="{ids["Ana"]}"]').is_visible()
        fits(third)
        third.screenshot(path=str(ARTIFACTS / "table-code-refused.png"), full_page=True)

        host.goto(f"{server}/host/night/{night_id}/table")
        row = host.locator(f'#table-claims tr[data-player="{ids["Ana"]}"][data-live="true"]')
        assert row.count() == 1
        row.locator("button.release-claim").click()
        host.wait_for_url(f"**/host/night/{night_id}/table#table-code")
        assert "Ana liberado" in host.locator(".flash.ok").inner_text()
        host.locator("#table-code").screenshot(path=str(ARTIFACTS / "table-code-host.png"))

        third.goto(code_url)
        third.click(f'button.claim-name[data-player="{ids["Ana"]}"]')
        third.wait_for_url("**/p/**")
        assert third.locator("#player-name").inner_text() == "Ana"

        # the tablet's link as a QR, beside the table code's section
        host.fill("#dealer-label", "Mesa")
        host.click("#issue-dealer-link button[type=submit]")
        host.locator("#dealer-qr svg.qr").wait_for()
        assert host.locator("#dealer-qr svg.qr").bounding_box()["width"] >= 200
        host.screenshot(path=str(ARTIFACTS / "table-code-host-tablet.png"))
        tablet_url = host.input_value("#new-dealer-url")
        assert f"/dealer/{night_id}/" in tablet_url

        for pid in ids.values():
            store.cash_out(db, night_id, pid, 500, entered_by="test")
        store.close_night(db, night_id, entered_by="test")
        answer = second.goto(code_url)
        assert answer.status == 410
        assert ("La noche está cerrada: el código de la mesa ya no funciona."
                in second.locator("#code-closed").inner_text())
        assert second.locator("button.claim-name").count() == 0
        fits(second)
        second.screenshot(path=str(ARTIFACTS / "table-code-closed.png"), full_page=True)
        assert not errors, errors
    finally:
        for context in (desk, *phones):
            context.close()
