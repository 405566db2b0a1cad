"""Paying up in a real browser (issue 14; Playwright driving Debian's chromium, CSRF on):
on the night of ``tests/showcase_night.py``, closed, the payer opens their link on a phone
(390 x 844, Spanish), sees whom to pay with the payee's PayPal link and its QR code, taps
"He pagado"; the payee opens theirs, sees the transfer paid and not yet confirmed, taps
"Lo he recibido"; the host's outstanding totals no longer count it, and the payee's own
outstanding page (a tap on their row) no longer lists it; the host marks another of the
payee's transfers paid there and lands back on it (issue 25). Screenshots go to
``tests/artifacts/payments-*.png``.
"""

from __future__ import annotations

import pytest
from pages import PHONE, fill_login, fits
from paths import ARTIFACTS
from showcase_night import build_showcase_night

from store.money import payments

pytestmark = pytest.mark.browser



def test_the_payer_marks_paid_on_the_phone_and_the_payee_confirms(browser, server, app, db):
    world = build_showcase_night(db)
    world.close(db)
    t = payments.night_transfers(db, world.night)[0]
    names = {pid: name for name, pid in world.ids.items()}
    payer, payee = names[t["payer_id"]], names[t["payee_id"]]
    payments.set_payment_handle(db, t["payee_id"], "https://paypal.me/cobra", entered_by=f"player:{t['payee_id']}")
    ARTIFACTS.mkdir(exist_ok=True)

    # --- the payer, on a phone
    phone = browser.new_context(viewport=PHONE, locale="es-ES", is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(f"{server}/p/{world.tokens[payer]}")
    settle = page.locator(f"#settle-{world.night}")
    row = settle.locator(f'li.transfer[data-what="poker"][data-other="{t["payee_id"]}"]')
    assert f"a {payee}" in row.inner_text() and "pendiente" in row.inner_text()
    assert row.locator("code.payment-handle").inner_text() == "https://paypal.me/cobra"
    assert row.locator("svg.qr").count() == 1
    row.scroll_into_view_if_needed()
    fits(page)
    page.screenshot(path=str(ARTIFACTS / "payments-payer-due.png"), full_page=True)
    row.get_by_role("button", name="He pagado").click()
    page.wait_for_selector(f'#settle-{world.night} li.transfer[data-other="{t["payee_id"]}"][data-status="paid"]')
    assert "Marcada como pagada." in page.inner_text(".flash")
    assert "pagada, sin confirmar" in settle.locator(f'li[data-other="{t["payee_id"]}"]').first.inner_text()
    page.screenshot(path=str(ARTIFACTS / "payments-payer-paid.png"), full_page=True)
    assert payments.night_transfers(db, world.night)[0]["status"] == "paid"

    # --- the payee, on another phone
    other = browser.new_context(viewport=PHONE, locale="es-ES", is_mobile=True, has_touch=True)
    page = other.new_page()
    page.goto(f"{server}/p/{world.tokens[payee]}")
    row = page.locator(f'#settle-{world.night} li.transfer[data-what="poker"][data-other="{t["payer_id"]}"]')
    assert f"de {payer}" in row.inner_text() and "pagada, sin confirmar" in row.inner_text()
    row.get_by_role("button", name="Lo he recibido").click()
    page.wait_for_selector(f'#settle-{world.night} li.transfer[data-other="{t["payer_id"]}"][data-status="confirmed"]')
    fits(page)
    page.locator(f"#settle-{world.night}").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "payments-payee-confirmed.png"), full_page=True)
    done = payments.night_transfers(db, world.night)[0]
    assert (done["status"], done["paid_by"], done["confirmed_by"]) == (
        "confirmed", f"player:{t['payer_id']}", f"player:{t['payee_id']}")

    # --- the host: the totals per player, each a link to that player's transfers; the
    # confirmed transfer is no longer outstanding; marking from a player's page comes back to it
    host = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    hp = host.new_page()
    hp.goto(f"{server}/host/outstanding")
    fill_login(hp, app)
    hp.click("button[type=submit]")
    hp.wait_for_selector("#outstanding-totals")
    left = payments.outstanding(db)
    players = {pid for r in left for pid in (r["payer_id"], r["payee_id"])}
    assert {int(x) for x in hp.locator("#outstanding-totals tbody tr").evaluate_all(
        "rows => rows.map(r => r.dataset.player)")} == players
    assert hp.locator("li.transfer").count() == 0  # (the totals only)
    hp.screenshot(path=str(ARTIFACTS / "payments-host-outstanding.png"), full_page=True)
    link = hp.locator(f'#outstanding-totals tr[data-player="{t["payee_id"]}"] a.player-link')
    box = link.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44
    link.click()
    hp.wait_for_url(f"**/host/outstanding/{t['payee_id']}")
    theirs = [r for r in left if t["payee_id"] in (r["payer_id"], r["payee_id"])]
    assert hp.locator("li.transfer").count() == len(theirs)
    assert hp.locator(f'li.transfer[data-payer="{t["payer_id"]}"][data-payee="{t["payee_id"]}"]').count() == 0
    due = hp.locator('li.transfer[data-status="due"]').first
    other_payer, other_payee = due.get_attribute("data-payer"), due.get_attribute("data-payee")
    due.get_by_role("button", name="Marcar pagada").click()
    hp.wait_for_selector(f'li.transfer[data-payer="{other_payer}"][data-payee="{other_payee}"][data-status="paid"]')
    assert hp.url.split("#")[0].endswith(f"/host/outstanding/{t['payee_id']}")
    assert "Marcada como pagada." in hp.inner_text(".flash")
    hp.screenshot(path=str(ARTIFACTS / "payments-host-outstanding-player.png"), full_page=True)
    for context in (phone, other, host):
        context.close()
