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


TARGETS = """(selectors) => selectors.flatMap(s => [...document.querySelectorAll(s)])
  .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map(e => { const r = e.getBoundingClientRect();
              return {what: (e.id || e.tagName) + ' ' + e.textContent.trim().slice(0, 30),
                      h: Math.round(r.height), w: Math.round(r.width)}; })
  .filter(b => b.h < 44 || b.w < 44)"""
"""The elements of ``selectors`` shown smaller than 44×44 CSS px."""


def test_the_club_stats_play_replay_and_dispute_targets_are_44_px_at_390(app, db, browser, server):
    """Issue 28 (a fresh tester), at 390 px: the club page's season filter links were 21 px
    tall; the host's header links ("Nights", "Club standings", "Statistics") 24 px; the
    "tablets may accept them too" box 20 px and its label; the player's "Back to my ledger"
    (a replay) and "My ledger" (a dispute) 24 px."""
    from datetime import UTC, datetime

    from stats_worked import WORKED

    from store.stats.seasons import create_season

    night = store.import_session(db, WORKED, started_at=datetime(2026, 3, 14, 20, 0, tzinfo=UTC))
    store.close_night(db, night, entered_by="test")
    create_season(db, "Primavera", "2026-03-01", "2026-05-31", entered_by="test")
    create_season(db, "Otoño", "2026-09-01", "2026-11-30", entered_by="test")
    open_id, _closed_id, _code = _nights(db)
    hand_id = db.execute("SELECT id FROM hands WHERE night_id = ? ORDER BY id LIMIT 1", [night]).fetchone()[0]
    ana = store.find_player(db, "Ana")
    token = store.issue_token(db, ana)
    store.open_dispute(db, hand_id, ana, "Bruno habló fuera de turno.")
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=1)
    try:
        page = context.new_page()
        page.goto(f"{server}/host/club?lang=es")
        page.wait_for_url("**/host/login**")
        fill_login(page, app)
        page.click("button[type=submit]")
        page.wait_for_url("**/host/club**")
        header = ["header.bar > a", "header.bar a.tap", "header.bar .club-link", "header.bar .stats-link"]
        for path, extra in (("/host/club", ["nav.periods a"]), ("/host/stats", ["nav.periods a"]),
                            (f"/host/night/{open_id}/play", ["#tablet-rebuys", "label:has(> #tablet-rebuys)"]),
                            ("/host/", [])):
            page.goto(f"{server}{path}?lang=es")
            name = path.strip("/").replace("/", "-") or "home"
            page.screenshot(path=str(ARTIFACTS / f"host-targets-{name}.png"), full_page=True)
            assert page.evaluate(TARGETS, header + extra) == [], path
            if path.endswith("/play"):
                page.locator("#tablet-rebuys-form").screenshot(path=str(ARTIFACTS / "host-targets-tablet-rebuys.png"))
            for selector in extra:
                assert page.locator(selector).count() >= 1, (path, selector)
            fits(page)
        assert page.locator("header.bar .club-link").count() == 1   # (the night's stage: its header links)
        phone = context.new_page()
        for path, link in ((f"/p/{token}/hand/{hand_id}", "#back-link"), (f"/p/{token}/hand/{hand_id}/dispute", "header.bar a")):
            phone.goto(f"{server}{path}?lang=es")
            assert phone.locator(link).count() >= 1, path
            phone.screenshot(path=str(ARTIFACTS / f"phone-targets-{'dispute' if path.endswith('dispute') else 'replay'}.png"),
                             full_page=True)
            assert phone.evaluate(TARGETS, ["header.bar > a", link]) == [], path
            fits(phone)
    finally:
        context.close()
