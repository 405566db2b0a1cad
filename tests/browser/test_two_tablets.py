"""Two tablets on one hand, in a real browser (issue 13): each with its own link of the night.

Tablet A stores an ante; tablet B, which has not seen it, taps another: B's tap was made on
an out-of-date table, so it is refused (409), nothing is stored, B reads the table again
and says how many taps were not stored; B enters it again. Tablet A, still showing its own
ante as the newest entry, taps Undo: refused (it would void B's correct action), A reads the
table again and its Undo now names B's entry, which it then voids. Who entered each row is
the tablet's label. Same set-up as ``tests/support/tablet_page.py`` (paused page clocks).
"""

from __future__ import annotations

import json

import pytest
from paths import ARTIFACTS
from tablet_page import Tablet, _later, _table, paused_page
from tablets import dealer_token

import store

pytestmark = pytest.mark.browser


def _log(db, night_id):
    hand_id = store.night_hands(db, night_id)[-1]["id"]
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def _page(browser, server, night_id, token, lang):
    context = browser.new_context(viewport={"width": 1280, "height": 800},
                                  locale="es-ES" if lang == "es" else "en-US")
    return context, paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang={lang}")


def test_two_tablets_on_one_hand_never_interleave(browser, server, app, db, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id, token_a = _table(app, db, case)                  # Ana 1, Bruno 3, Chus 4; button 4
    token_b = dealer_token(db, night_id, "Tablet B")
    context_a, a = _page(browser, server, night_id, token_a, "en")
    context_b, b = _page(browser, server, night_id, token_b, "es")
    tablet_a, tablet_b = Tablet(a), Tablet(b)
    # A: seat 1's ante, one tap; stored
    a.click('#verbs [data-verb="ante"]')
    tablet_a.wait_stored(1)
    assert a.text_content("#undo-btn") == "Undo: Ana antes 5"   # the referee's words
    # B has not seen it: its tap for seat 3 is made on version 0 and refused, nothing stored
    tablet_b.verb(3, "ante")
    tablet_b.amount(5)
    b.wait_for_selector("#notice:not([hidden])")
    notice = b.text_content("#notice")
    assert "cambió desde que se hizo este toque" in notice and notice.endswith("1 toque sin guardar.")
    assert _log(db, night_id) == ["p1 ante 5"]
    # B has read the table again: A's ante in its log, seat 3 to act; it enters its ante again
    tablet_b.wait_stored(1)
    b.wait_for_selector('#seats .seat.to-act[data-seat="3"][aria-pressed="true"]')
    _later(b)
    b.click('#verbs [data-verb="ante"]')
    tablet_b.wait_stored(2)
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5"]
    ARTIFACTS.mkdir(exist_ok=True)
    b.screenshot(path=str(ARTIFACTS / "two_tablets_b_after_refusal_es.png"), full_page=True)
    # A still shows its own ante as the newest: its Undo is refused (it would void B's action)
    assert a.text_content("#undo-btn") == "Undo: Ana antes 5"
    a.click("#undo-btn")
    a.fill("#confirm-reason", "slip")
    a.click("#confirm-ok")
    a.wait_for_selector("#notice:not([hidden])")
    assert "changed since this tap was made" in a.text_content("#notice")
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5"]
    # A has read the table again: Undo now names B's entry, and voids it
    a.wait_for_selector('#undo-btn:has-text("Bruno")')
    assert a.text_content("#undo-btn") == "Undo: Bruno antes 5"
    a.screenshot(path=str(ARTIFACTS / "two_tablets_a_after_refusal_en.png"), full_page=True)
    _later(a)
    a.click("#undo-btn")
    a.fill("#confirm-reason", "entered twice")
    a.click("#confirm-ok")
    a.wait_for_selector('#undo-btn:has-text("Ana")')
    assert _log(db, night_id) == ["p1 ante 5"]
    hand_id = store.night_hands(db, night_id)[-1]["id"]
    rows = db.execute("SELECT kind, action, entered_by FROM events WHERE hand_id = ? ORDER BY id", [hand_id]).fetchall()
    assert rows == [("action", "p1 ante 5", "dealer:Tablet 1"), ("action", "p3 ante 5", "dealer:Tablet B"),
                    ("void", None, "dealer:Tablet 1")]
    context_a.close()
    context_b.close()


def test_a_withdrawn_link_stops_the_tablet_and_says_so(browser, server, app, db, shared):
    """The host revokes tablet B's link while its page is open: its next tap gets a 404 and
    the page says, in its language, that the link no longer works and to ask the host for a
    new one; it shows the tap as not stored (not "Todo guardado") and offers no buttons.
    The 10 s poll of the other page says the same on its own."""
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id, token_a = _table(app, db, case)
    token_b = dealer_token(db, night_id, "Tablet B")
    context_b, b = _page(browser, server, night_id, token_b, "es")
    context_a, a = _page(browser, server, night_id, token_a, "es")
    links = {link["label"]: link["id"] for link in store.dealer_links(db, night_id)}
    store.revoke_dealer_link(db, links["Tablet B"], revoked_by="host:ana")
    b.click('#verbs [data-verb="ante"]')
    b.wait_for_selector("#link-revoked:not([hidden])")
    assert "El enlace de esta tableta ya no funciona" in b.text_content("#link-revoked")
    assert "Pide al anfitrión un enlace nuevo" in b.text_content("#link-revoked")
    net = b.text_content("#net")
    assert net.startswith("Sin guardar: el enlace de esta tableta ya no funciona") and "1 toque sin guardar" in net
    assert "Todo guardado" not in net
    assert b.is_hidden(".dealer-grid") and b.locator("button:visible").count() == 0
    assert _log(db, night_id) == []
    ARTIFACTS.mkdir(exist_ok=True)
    b.screenshot(path=str(ARTIFACTS / "tablet_link_revoked_es.png"), full_page=True)
    # tablet A's link is revoked too: its poll (every 10 s) finds out without a tap
    store.revoke_dealer_link(db, links[next(k for k in links if k != "Tablet B")], revoked_by="host:ana")
    _later(a, 10_500)
    a.wait_for_selector("#link-revoked:not([hidden])")
    assert a.text_content("#net").startswith("Sin guardar") and a.is_hidden(".dealer-grid")
    context_a.close()
    context_b.close()
