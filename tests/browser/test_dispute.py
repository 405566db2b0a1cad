"""A dispute in a real browser (issue 12; Playwright driving Debian's chromium): a player
disputes a hand from a phone-sized page (360 x 740), the host reads it on the night page,
steps through the hand's replay with the keyboard, previews and commits a ruling, the
player sees it, and the night's PDF read back shows the dispute, the ruling, the chips
moved and the chain head. Screenshots go to ``tests/artifacts/``.

The hand is ``shared/cases/false_opener.json``: Bruno (seat 3) opens on a pair of tens and
the pot (75) is pushed to him; the referee gives it to Chus (seat 4). Seed 000: «Cuando
se haga la apertura de juego con pot o jackpot, será obligatorio el justificar la ley de
apertura.»
"""

from __future__ import annotations

import json
import re

import pytest
from dispute_helpers import pushed_stacks, recorded_awards
from pages import fill_login, open_hands
from paths import ARTIFACTS
from pdfs import pdf_text
from tablets import dealer_url, night_with_first_hand

import store
import store.core.chain

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("shared")]

PHONE = {"width": 360, "height": 740}


def _closed_night(db, shared) -> tuple[int, dict, dict, dict]:
    """The false opener's night, everyone counted as the dealer pushed, closed."""
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    expect = json.loads((shared / "cases" / "false_opener.expect.json").read_text())["hands"][0]
    night_id, ids = night_with_first_hand(db, case)
    seats = {str(p["seat"]): p["name"] for p in case["players"]}
    table = pushed_stacks(expect["stacks"], expect["awards"], recorded_awards(case["hands"][0]["actions"]))
    for seat, chips in table.items():
        store.cash_out(db, night_id, ids[seats[seat]], chips, entered_by="test")
    store.close_night(db, night_id, entered_by="test")
    return night_id, ids, seats, expect


def _fits(page) -> None:
    """Nothing on the page is wider than the phone (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


def test_a_player_disputes_on_a_phone_and_the_host_replays_previews_and_commits(browser, server, app, db, shared):
    night_id, ids, seats, expect = _closed_night(db, shared)
    token = store.issue_token(db, ids["Chus"])
    hand_id = store.night_hands(db, night_id)[0]["id"]
    ARTIFACTS.mkdir(exist_ok=True)

    # --- the player, on a phone, in Spanish
    phone = browser.new_context(viewport=PHONE, locale="es-ES", is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(f"{server}/p/{token}")
    open_hands(page, night_id)
    link = page.locator('li[data-hand="1"] a.dispute-link')
    assert link.inner_text().strip() == "Reclamar esta mano"
    link.click()
    page.wait_for_selector("#dispute-form")
    _fits(page)
    page.fill("#statement", "Bruno abrió con una pareja de dieces: el bote era mío.")
    page.screenshot(path=str(ARTIFACTS / "dispute_phone_form.png"), full_page=True)
    page.dblclick("#dispute-send")                     # a double tap
    page.wait_for_selector(".dispute[data-status='open']")
    assert "abierta: el anfitrión la resolverá" in page.inner_text(".dispute .status")
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / "dispute_phone_open.png"), full_page=True)
    [dispute] = store.night_disputes(db, night_id)     # the double tap stored one dispute
    assert dispute["hand_id"] == hand_id

    # --- the host: the night page lists it; the dispute; the replay with the keyboard
    host = browser.new_context(viewport={"width": 1280, "height": 900}, locale="es-ES")
    hp = host.new_page()
    hp.goto(f"{server}/host/night/{night_id}/play")   # the disputes: the play stage
    fill_login(hp, app)
    hp.click("button[type=submit]")
    hp.wait_for_selector("#disputes")
    assert "Bruno abrió con una pareja de dieces" in hp.inner_text("#disputes")
    hp.locator("#disputes").screenshot(path=str(ARTIFACTS / "dispute_host_night_list.png"))
    hp.click(f'#disputes li[data-dispute="{dispute["id"]}"] a')
    hp.wait_for_selector("#ruling-form")
    assert 'data-kind="unjustified_opening"' in hp.inner_html("#hand-findings")
    hp.click("#replay-link")
    hp.wait_for_selector("#replay.stepping")
    hp.keyboard.press("ArrowRight")
    hp.keyboard.press("ArrowRight")
    assert hp.evaluate("location.hash") == "#step-2"
    hp.keyboard.press("n")                              # the next finding: the false open
    step = hp.evaluate("location.hash")
    shown = hp.locator(step)
    assert "Bruno abre 10" in shown.inner_text()
    hp.screenshot(path=str(ARTIFACTS / "dispute_host_replay.png"), full_page=True)
    hp.go_back()
    hp.wait_for_selector("#ruling-form")

    # --- the ruling: upheld on the finding's rule; the preview; the commit
    hp.check("input[name=decision][value=upheld]")
    hp.locator("label.rule-choice input").first.check()
    rule = hp.locator("label.rule-choice input").first.get_attribute("value")
    hp.fill("#note", "Bruno no tenía apertura: el bote es de Chus.")
    before = {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in ("events", "ledger", "rulings")}
    hp.click("#preview-btn")
    hp.wait_for_selector("#preview")
    assert {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in before} == before
    moves = {li.inner_text().split(":")[0]: int(li.get_attribute("data-chips"))
             for li in hp.locator("#preview-moves li").all()}
    assert moves == {"Chus": 75, "Bruno": -75}
    assert "la vuelve a cerrar" in hp.inner_text("#preview-reopens")
    hp.screenshot(path=str(ARTIFACTS / "dispute_host_preview.png"), full_page=True)
    hp.click("#commit-btn")
    hp.wait_for_selector("#ruling")
    assert hp.inner_text("#ruling-decision") == "aceptada"
    assert hp.inner_text("#ruling-rule") == rule
    hp.screenshot(path=str(ARTIFACTS / "dispute_host_ruled.png"), full_page=True)

    # --- the player sees the ruling on the link
    page.reload()
    page.wait_for_selector(".dispute[data-status='upheld']")
    assert "Chus: +75" in page.inner_text(".dispute .moves") and "Bruno: \u221275" in page.inner_text(".dispute .moves")
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / "dispute_phone_ruled.png"), full_page=True)
    page.goto(f"{server}/p/{token}")                   # the ledger: the ruling beside the hand
    open_hands(page, night_id)
    mine = page.locator('li[data-hand="1"] .my-dispute')
    assert mine.get_attribute("data-status") == "upheld" and "+75" in mine.inner_text()
    assert "-75" not in page.inner_text("main")       # only her own move: no one else's chips
    _fits(page)
    page.screenshot(path=str(ARTIFACTS / "dispute_phone_ledger.png"), full_page=True)

    hp.goto(f"{server}/reports/nights/{night_id}")
    hp.locator("#disputes").screenshot(path=str(ARTIFACTS / "dispute_report_section.png"))
    hp.locator("#earlier-settlements").screenshot(path=str(ARTIFACTS / "dispute_report_settlements.png"))

    # --- the PDF: the dispute, the ruling, the chips moved, both settlements, the chain head
    pdf = hp.request.get(f"{server}/reports/nights/{night_id}.pdf")
    assert pdf.status == 200
    text = re.sub(r"\s+", " ", pdf_text(pdf.body()))
    assert "Bruno abrió con una pareja de dieces" in text
    assert "Fallo: aceptada" in text and "upheld" not in text and "Bruno no tenía apertura" in text
    assert "Chus +75" in text and "Bruno \u221275" in text
    assert "Liquidaciones anteriores" in text
    chain = store.core.chain.head(db, night_id)
    assert chain["head"] and chain["head"] in text.replace(" ", "")
    assert store.core.chain.verify(db, night_id, head=chain["head"])["ok"]
    phone.close()
    host.close()


def test_the_tablet_shows_a_banner_for_an_open_dispute_and_play_goes_on(browser, server, app, db, shared):
    """The tablet draws the server's count of open disputes as a banner beside the table;
    the next hand still starts (the banner blocks nothing), and the banner goes once the
    dispute is ruled (the tablet's next look at the table)."""
    case = json.loads((shared / "cases" / "out_of_turn_open.json").read_text())
    night_id, ids = night_with_first_hand(db, case)
    hand_id = store.night_hands(db, night_id)[0]["id"]
    dispute = store.open_dispute(db, hand_id, ids["Bruno"], "Chus abrió antes de que yo hablara.")
    url = f"{server}{dealer_url(db, night_id)}/"
    tablet = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    page = tablet.new_page()
    page.goto(url)
    banner = page.locator("#dispute-banner")
    banner.wait_for(state="visible")
    assert banner.inner_text() == "1 reclamación abierta: el anfitrión la resolverá. El juego sigue."
    page.click("#next-hand")                           # play goes on
    page.wait_for_selector('#net[data-pending="0"]')
    page.wait_for_function("() => document.getElementById('phase').textContent.trim() !== ''")
    assert store.current_hand(db, night_id) is not None
    assert banner.is_visible()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dispute_tablet_banner.png"), full_page=True)
    store.record_ruling(db, dispute, decision="rejected", rule="TDA 53", entered_by="host")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    banner.wait_for(state="hidden")
    tablet.close()
