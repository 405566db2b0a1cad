"""The host's stages and the claim page on a 390 px phone (issue 26, a fresh tester's
findings): every link and button of every stage at least 44 CSS px tall and wide (the
claims' "Liberar"/"Revocar" were 40 px, "Informe"/"PDF" on *Pagos* 21 px); on the claim
page a long name breaks, never the word "cogido" beside it. Screenshots:
tests/artifacts/host-targets-<stage>.png, tests/artifacts/host-targets-claim.png."""

from __future__ import annotations

import pytest
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS

import store
from store.night.table_code import claim_name, issue_table_code

pytestmark = pytest.mark.browser

LONG = "Maximiliano Fernández-Villaverde y Montenegro"   # 45 letters and spaces
PLAYERS = ((LONG, 1), ("Íñigo", 2), ("Ana", 3))

SMALL = """() => [...document.querySelectorAll('main a, main button, main summary, header .report-links a')]
  .filter(e => e.offsetParent !== null && e.getClientRects().length)
  .map(e => { const r = e.getBoundingClientRect();
              return {what: (e.id || e.className || e.tagName) + ' ' + e.textContent.trim().slice(0, 30),
                      h: Math.round(r.height), w: Math.round(r.width)}; })
  .filter(b => b.h < 44 || b.w < 44)"""
"""Every visible link, button and summary of the page's main part (and the header's report
links) smaller than 44×44 CSS px."""


def _nights(db) -> tuple[int, int, str]:
    """An open night with the table code shown and two names taken, and a closed night
    (with its transfers): ``(open_id, closed_id, code)``."""
    ids = {}
    nights = []
    for title in ("Viernes", "Sábado"):
        night = store.create_night(db, rules={"preset": "pocker"}, chip_cents=10, title=title, buy_in=1000)
        for name, seat in PLAYERS:
            ids[name] = store.find_player(db, name) or store.add_player(db, name)
            store.seat_player(db, night, ids[name], seat, entered_by="test")
            store.buy_in(db, night, ids[name], 1000, entered_by="test")
        nights.append(night)
    _, code = issue_table_code(db, nights[0], issued_by="test")
    claim_name(db, code, ids[LONG])
    claim_name(db, code, ids["Ana"])
    for name, counted in ((LONG, 2500), ("Íñigo", 300), ("Ana", 200)):
        store.cash_out(db, nights[1], ids[name], counted, entered_by="test")
    store.close_night(db, nights[1], entered_by="test")
    return nights[0], nights[1], code


def test_every_stage_link_and_button_is_44_px_and_cogido_stays_whole_at_390(app, db, browser, server):
    open_id, closed_id, code = _nights(db)
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    phone = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(f"{server}/host/night/{open_id}/table?lang=es")
        page.wait_for_url("**/host/login**")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.wait_for_url(f"**/host/night/{open_id}/table**")
        for night, stage in ((open_id, "table"), (open_id, "play"), (open_id, "close"), (closed_id, "pay")):
            page.goto(f"{server}/host/night/{night}/{stage}?lang=es")
            if stage == "table":
                assert page.locator("button.release-claim").count() == 2
            if stage == "pay":
                assert page.locator("#settled-report-pdf").is_visible()
            page.screenshot(path=str(ARTIFACTS / f"host-targets-{stage}.png"), full_page=True)
            assert page.evaluate(SMALL) == [], stage
            fits(page)

        claim = phone.new_page()
        claim.goto(f"{server}/t/{code}")
        taken = claim.locator(".claim-name.taken small")
        assert taken.count() == 2
        for i in range(taken.count()):        # one line each: the word is never broken
            box = taken.nth(i).evaluate("e => ({h: e.getBoundingClientRect().height, "
                                        "line: parseFloat(getComputedStyle(e).lineHeight) || 0})")
            assert box["h"] < 1.6 * (box["line"] or 20), box
        fits(claim)
        claim.screenshot(path=str(ARTIFACTS / "host-targets-claim.png"), full_page=True)
    finally:
        context.close()
        phone.close()
