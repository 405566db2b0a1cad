"""The night of issue 24 in a real browser (Playwright driving Debian's chromium): 6
players; hand 4's pot of 17 pushed to Pepe, the rules give it to Chema. Chema disputes
from his phone (360 x 740); the host upholds it at the table (the form's default: the
night is open and both are seated), and again, on a copy of the night, in money. Then
everyone counts exactly the chips on the table: no count finding on the host's page, the
phone, the report or the PDF, and every net is the rules' net. Screenshots go to
``tests/artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from pages import fill_login, open_hands
from paths import ARTIFACTS
from pdfs import pdf_text
from ruling_night import CHEMA, PEPE, POT, rules_nets, session
from tablets import dealer_url

import store

pytestmark = [pytest.mark.browser]

PHONE = {"width": 360, "height": 740}


def _night(db, note: str = "") -> tuple[int, dict]:
    """The issue's night, imported, the players still at the table (the import's counts
    voided: they play on); with a ``note`` it is imported as a copy (an import of the same
    file is the same night, refused unless imported as a copy)."""
    night_id = store.import_session(db, {**session(), "note": note}, chip_cents=10, copy=bool(note))
    for entry in store.night_entries(db, night_id):
        if entry["kind"] == "cash_out":
            store.void_entry(db, entry["id"], reason="aún juegan", entered_by="test")
    return night_id, {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}


def _held(db, night_id) -> dict[int, int]:
    return {int(s): c for s, c in store.check_night(db, night_id)["hands"][-1]["chips_on_table"].items()}


def _dispute_from_the_phone(browser, server, db, night_id, ids, shot: str):
    phone = browser.new_context(viewport=PHONE, locale="es-ES", is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(f"{server}/p/{store.issue_token(db, ids['Chema'])}")
    open_hands(page, night_id)
    page.locator(f'section[data-night="{night_id}"] li[data-hand="4"] a.dispute-link').click()
    page.wait_for_selector("#dispute-form")
    page.fill("#statement", "Abrí y todos se retiraron: el bote de 17 era mío, no de Pepe.")
    page.click("#dispute-send")
    page.wait_for_selector(".dispute[data-status='open']")
    page.screenshot(path=str(ARTIFACTS / f"{shot}_phone_dispute.png"), full_page=True)
    phone.close()
    [dispute] = store.night_disputes(db, night_id)
    return dispute["id"]


def _rule(hp, server, dispute_id: int, mode: str | None, shot: str) -> None:
    """The host upholds: ``mode`` None keeps the form's default."""
    hp.goto(f"{server}/host/dispute/{dispute_id}")
    hp.wait_for_selector("#ruling-form")
    hp.check("input[name=decision][value=upheld]")
    hp.fill("#rule-other", "RRoP, Showdown 3")
    if mode is not None:
        hp.check(f"input[name=mode][value={mode}]")
    hp.click("#preview-btn")
    hp.wait_for_selector("#preview")
    hp.screenshot(path=str(ARTIFACTS / f"{shot}_host_preview.png"), full_page=True)
    hp.click("#commit-btn")
    hp.wait_for_selector("#ruling")
    hp.screenshot(path=str(ARTIFACTS / f"{shot}_host_ruled.png"), full_page=True)


MODE_WORDS = {"table": "Liquidado en la mesa: se entregaron las fichas.",
              "money": "Liquidado en dinero: el libro de cuentas lo mueve al cierre."}


def _count_and_check(hp, browser, server, db, night_id, ids, shot: str, mode: str) -> None:
    """Everyone counts the chips on the table; nothing on any page calls it a mismatch;
    the nets are the rules' nets; the report, the PDF and Chema's dispute say how the
    ruling was settled."""
    held = _held(db, night_id)
    for p in store.table_players(db, night_id):
        store.cash_out(db, night_id, p["player_id"], held[p["seat"]], entered_by="test")
    hp.goto(f"{server}/host/night/{night_id}/close")      # the money: the counts' stage
    hp.wait_for_selector("#money")
    assert hp.locator("#money .count-differs").count() == 0 and hp.locator("#count-findings").count() == 0
    hp.goto(f"{server}/host/night/{night_id}/table")      # the seats: the table stage
    hp.locator("#players").screenshot(path=str(ARTIFACTS / f"{shot}_night_players.png"))
    store.close_night(db, night_id, entered_by="test")
    nets = {p["name"]: p["net_chips"] for p in store.night_summary(db, night_id)["players"]}
    assert nets == rules_nets()
    hp.goto(f"{server}/reports/nights/{night_id}")
    assert hp.locator(".count-differs").count() == 0
    assert hp.inner_text(".ruling-mode") == MODE_WORDS[mode]
    hp.screenshot(path=str(ARTIFACTS / f"{shot}_report.png"), full_page=True)
    pdf = hp.request.get(f"{server}/reports/nights/{night_id}.pdf")
    assert pdf.status == 200
    text = re.sub(r"\s+", " ", pdf_text(pdf.body()))
    assert "fichas en la caja" not in text and "fichas en la mesa son" not in text   # no count finding
    assert MODE_WORDS[mode] in text
    phone = browser.new_context(viewport=PHONE, locale="es-ES", is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(f"{server}/p/{store.issue_token(db, ids['Pepe'])}")
    assert "Tu recuento no cuadra" not in page.inner_text("main")
    page.screenshot(path=str(ARTIFACTS / f"{shot}_phone_pepe.png"), full_page=True)
    [dispute] = store.night_disputes(db, night_id)
    page.goto(f"{server}/p/{store.issue_token(db, ids['Chema'])}/hand/{dispute['hand_id']}/dispute")
    assert page.inner_text(".ruling-mode") == MODE_WORDS[mode]
    page.screenshot(path=str(ARTIFACTS / f"{shot}_phone_chema_ruling.png"), full_page=True)
    phone.close()


def test_the_issue_night_upheld_at_the_table_and_on_a_copy_in_money(browser, server, app, db):
    ARTIFACTS.mkdir(exist_ok=True)
    night_id, ids = _night(db)
    copy_id, copy_ids = _night(db, "copia")
    host = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    hp = host.new_page()
    hp.goto(f"{server}/host/night/{night_id}/table")
    fill_login(hp, app)
    hp.click("button[type=submit]")
    hp.wait_for_selector("#players")
    # before any ruling: Pepe holds 17 more than the referee's stack, and the page says why
    pepe = hp.inner_text('#players tr[data-seat="3"]')
    assert "+17: el bote de la mano 4 que se le entregó de más" in pepe
    held = _held(db, night_id)
    stacks = store.check_night(db, night_id)["hands"][-1]["stacks"]
    tablet = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    tp = tablet.new_page()
    url = f"{server}{dealer_url(db, night_id)}/"
    tp.goto(url)
    seat = tp.locator('#seats .seat[data-seat="3"]')
    seat.wait_for()
    assert seat.get_attribute("data-held") == str(held[PEPE]) and seat.get_attribute("data-stack") == str(stacks["3"])
    assert "según el árbitro" in seat.locator(".seat-referee").inner_text()
    assert "+17: el bote de la mano 4 que se le entregó de más" in seat.locator(".seat-stack").get_attribute("title")
    tp.screenshot(path=str(ARTIFACTS / "ruling_table_tablet_before.png"))

    # --- at the table (the default)
    dispute = _dispute_from_the_phone(browser, server, db, night_id, ids, "ruling_table")
    _rule(hp, server, dispute, None, "ruling_table")
    assert hp.get_attribute("#ruling-mode", "data-mode") == "table"
    assert store.ruling_moves(db, night_id) == {}
    after = _held(db, night_id)
    assert (after[PEPE], after[CHEMA]) == (held[PEPE] - POT, held[CHEMA] + POT)
    hp.goto(f"{server}/host/night/{night_id}/table")
    assert "según el árbitro" not in hp.inner_text("#players")   # the two figures agree again
    tp.goto(url)
    seat = tp.locator('#seats .seat[data-seat="3"]')
    seat.wait_for()
    assert seat.get_attribute("data-held") == seat.get_attribute("data-stack") == str(held[PEPE] - POT)
    assert seat.locator(".seat-referee").count() == 0
    tablet.close()
    _count_and_check(hp, browser, server, db, night_id, ids, "ruling_table", "table")

    # --- the copy, in money
    dispute = _dispute_from_the_phone(browser, server, db, copy_id, copy_ids, "ruling_money")
    _rule(hp, server, dispute, "money", "ruling_money")
    assert hp.get_attribute("#ruling-mode", "data-mode") == "money"
    assert store.ruling_moves(db, copy_id) == {copy_ids["Pepe"]: -POT, copy_ids["Chema"]: POT}
    assert _held(db, copy_id) == held
    _count_and_check(hp, browser, server, db, copy_id, copy_ids, "ruling_money", "money")
    host.close()
