"""The host imports a PokerNow ledger in a real browser (issue 15; Playwright driving
Debian's chromium, CSRF on, Spanish): from the nights page to the import form; a file with
an unbalanced row is refused with the row named and nothing stored; the corrected file,
amounts in cents, makes a night whose page shows who pays whom; the host closes it and
the settlement stands. Screenshots go to ``tests/artifacts/pokernow-*.png``.
"""

from __future__ import annotations

import pytest
from apps import snapshot
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS

from store import night_summary

pytestmark = pytest.mark.browser

LEDGER = "\r\n".join([
    "player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,nit_escrow,net",
    '"Ana",pn-ana,2026-03-14T22:40:29.687Z,,5000,,6050,0,1050',
    '"Bruno",pn-bruno,2026-03-14T22:10:46.798Z,,5000,,18450,0,13450',
    '"Ana",pn-ana,2026-03-14T20:17:52.143Z,2026-03-14T22:39:41.592Z,2500,0,0,0,-2500',
    '"=HYPERLINK(""http://x"",""y"")",pn-chus,2026-03-14T20:17:52.139Z,2026-03-14T21:32:37.389Z,7500,3722,0,0,-3778',
    '"Dora",pn-dora,2026-03-14T20:20:00.000Z,2026-03-14T23:00:00.000Z,10000,1778,0,0,-8222',
    '"Eva",pn-eva,,2026-03-14T20:10:45.717Z,2000,2000,0,0,0',
]) + "\r\n"
HOSTILE = '=HYPERLINK("http://x","y")'


def _choose(page, text: str) -> None:
    page.set_input_files("#ledger", files=[{"name": "ledger_pglNight.csv", "mimeType": "text/csv",
                                            "buffer": text.encode("utf-8")}])
    page.get_by_label("céntimos: 1250 son 12,50").check()


def test_the_host_uploads_a_pokernow_ledger_and_sees_who_pays_whom(browser, server, app, db):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    page = context.new_page()
    page.goto(f"{server}/host/")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.click("#pokernow-link")
    page.wait_for_selector("#pokernow-form")

    # --- a row that does not balance: refused, the row named, nothing stored
    before = snapshot(app.config["DATABASE"])
    _choose(page, LEDGER.replace(",7500,3722,0,0,-3778", ",7500,3722,0,0,-3700"))
    page.get_by_role("button", name="Importar las cuentas").click()
    error = page.wait_for_selector("#pokernow-error")
    assert error.inner_text().startswith("La línea 5 (=HYPERLINK(\"http://x\",\"y\")) no cuadra")
    assert "No se ha importado nada." in error.inner_text()
    assert page.locator("input[name=amounts][value=cents]").is_checked()  # the choice kept
    page.screenshot(path=str(ARTIFACTS / "pokernow-refused.png"), full_page=True)
    assert snapshot(app.config["DATABASE"]) == before

    # --- the corrected file: a night, its settlement on its page
    _choose(page, LEDGER)
    page.fill("#pn-title", "Viernes en PokerNow")
    page.get_by_role("button", name="Importar las cuentas").click()
    page.wait_for_selector("#money")
    flash = page.inner_text(".flash.ok")
    assert "Importado de PokerNow: 4 jugadores" in flash and "1 fila devuelta no contada (Eva)" in flash
    money = page.inner_text("#money")
    assert HOSTILE in money and page.locator("#money a").count() == 0  # a name, not a link or a formula
    assert page.locator("#count-findings").count() == 0
    section = page.locator("section[aria-labelledby=summary-h]")
    pays = section.locator("h3", has_text="Quién paga a quién").locator("xpath=following-sibling::ul[1]")
    said = pays.inner_text()
    assert "Dora → Bruno: 82,22" in said and f"{HOSTILE} → Bruno: 37,78" in said and "Ana → Bruno: 14,50" in said
    pays.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "pokernow-night.png"), full_page=True)

    # --- the host closes it: the settlement stands
    night_id = int(page.url.split("/night/")[1].split("/")[0].split("?")[0].split("#")[0])
    assert "/close" in page.url                               # a ledger's night opens on its counts
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#close-button")
    page.wait_for_selector("#settled")
    summary = night_summary(db, night_id)
    assert summary["night"]["closed"]
    assert {(t["payer"], t["payee"], t["cents"]) for t in summary["transfers"]} == {
        ("Dora", "Bruno", 8222), (HOSTILE, "Bruno", 3778), ("Ana", "Bruno", 1450)}
    assert "Dora" in page.inner_text("#settled")
    page.screenshot(path=str(ARTIFACTS / "pokernow-closed.png"), full_page=True)
    context.close()


def test_the_import_form_fits_a_phone(browser, server, app):
    context = browser.new_context(viewport=PHONE, locale="es-ES", is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/host/pokernow/")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_selector("#pokernow-form")
    fits(page)
    page.screenshot(path=str(ARTIFACTS / "pokernow-form-phone.png"), full_page=True)
    context.close()
