"""The dealer's tablet, issue 15 (tabletnet): a reload without connection, doubles by key,
confirms in the page, the award-gap banner's lifetime and words, and a closed night.

- Offline reload: a service worker (``static/hand/sw.js``, served at ``/dealer/sw.js``) keeps
  the hand page and its assets; reloading while offline shows the table and the queued taps
  (the queue is in localStorage), and they are stored once each when the connection is back.
- Doubles by the tap's key: five quick taps for five seats, one after the other with no
  time passing on the page's clock, are five taps, all stored (the issue: "Five quick Pot
  taps stored three").
- Undo, misdeal and closing an unfinished hand ask in the page (no ``window.prompt`` or
  ``confirm``: any system dialog fails these tests).
- After a wrong push the banner names players and the real buttons, offers a host's ruling's
  choice in its words (at the table: one tap hands the pot back), cites no document, and
  ends once the chips are handed back.
- A closed night's tablet says so and offers nothing (no "Next hand").
Same set-up as ``tests/support/tablet_page.py`` (Playwright driving ``/usr/bin/chromium``, the
page's clock paused).
"""

from __future__ import annotations

import json
import re

import pytest
from pages import set_offline
from paths import ARTIFACTS
from tablet_page import Tablet, _later, _log, _store_actions, _table, paused_page, wait_sent
from tablets import dealer_token

import store

pytestmark = pytest.mark.browser


@pytest.fixture
def case(shared):
    return json.loads((shared / "cases" / "false_opener.json").read_text())


def _open(browser, server, night_id, token, *, lang="en", width=1280, height=800):
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="es-ES" if lang == "es" else "en-US")
    dialogs = []
    page = paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang={lang}")
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return context, page, dialogs


def test_the_service_worker_is_served_for_the_dealers_pages(client):
    response = client.get("/dealer/sw.js")
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert response.headers["Service-Worker-Allowed"] == "/dealer/"
    assert response.headers["Cache-Control"] == "no-store"
    assert b'addEventListener("fetch"' in response.data


def test_reloading_offline_shows_the_table_and_the_queued_taps_and_sends_them_when_back(
        browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, ["p1 ante 5", "p3 ante 5", "p4 ante 5"])
    context, page, dialogs = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    page.wait_for_selector("html[data-offline-ready=true]")      # the page and its assets kept
    # one tap while online (the kept page is older than the table now: the page draws the
    # newer table it kept itself)
    page.click('#verbs [data-verb="check"]')                       # Ana (seat 1) checks
    tablet.wait_stored(4)
    # the connection drops: two taps wait
    set_offline(context, True)
    page.wait_for_selector('#seats .seat.to-act[data-seat="3"][aria-pressed="true"]')
    page.click('#verbs [data-verb="check"]')                       # Bruno checks
    tablet.seat(4)
    page.click('#verbs [data-verb="check"]')                       # Chus checks
    page.wait_for_selector('#net[data-pending="2"]')
    # reload without connection: the service worker's kept page, the table and the queue
    response = page.reload()
    assert response.status == 200 and response.headers.get("x-tapete-offline") == "1"
    page.wait_for_selector('#seats .seat[data-seat="4"]')
    page.wait_for_selector('#net[data-pending="2"]')
    assert "2 taps waiting to be sent" in page.text_content("#net")
    assert page.locator("#log li:not(.waiting)").count() == 4        # Ana's check, stored before
    assert page.locator("#log li.waiting").count() == 2
    assert "Ana checks" in page.text_content("#log")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tablet_offline_reload_en.png"), full_page=True)
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check"]
    # back online: sent, each stored once
    set_offline(context, False)
    tablet.wait_stored(6)
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 check", "p4 check"]
    assert page.get_attribute("#net", "data-pending") == "0"
    # a reload online takes the server's page again (not the kept one)
    response = page.reload()
    assert response.headers.get("x-tapete-offline") is None
    page.wait_for_selector('#net[data-pending="0"]')
    assert page.locator("#log li:not(.waiting)").count() == 6
    assert dialogs == []
    context.close()


def test_five_quick_taps_for_five_seats_are_five_taps_all_stored(browser, server, app, db, case):
    """Each seat's "Pot" (the ante) tapped as soon as the referee's answer selects it, no time
    passing on the page's clock between them: five distinct taps (their own keys), none
    dropped as a double."""
    players = [{"seat": s, "name": n, "stack": 500} for s, n in enumerate(["Ana", "Bea", "Cris", "Dani", "Eva"], 1)]
    night_id, token = _table(app, db, {**case, "players": players, "hands": [{"button": 5}]})
    context, page, dialogs = _open(browser, server, night_id, token, lang="es")
    tablet = Tablet(page)
    for n, seat in enumerate([1, 2, 3, 4, 5], 1):
        page.wait_for_selector(f'#seats .seat.to-act[data-seat="{seat}"][aria-pressed="true"]')
        assert page.text_content('#verbs [data-verb="ante"]') == "Pot 5"
        page.click('#verbs [data-verb="ante"]')
        tablet.wait_stored(n)
    assert _log(db, night_id) == [f"p{s} ante 5" for s in range(1, 6)]
    assert page.is_hidden("#tap-note")                              # nothing said to be a double
    assert dialogs == []
    context.close()


def test_undo_misdeal_and_closing_early_are_confirmed_in_the_page(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    context, page, dialogs = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    page.click('#verbs [data-verb="ante"]')
    tablet.wait_stored(1)
    assert page.text_content("#undo-btn") == "Undo: Ana antes 5"
    # the undo says what it voids and asks why, in the page; Cancel sends nothing
    page.click("#undo-btn")
    assert page.is_visible("#confirm")
    assert page.text_content("#confirm-text") == "Undo “Ana antes 5”? It stays in the log, marked void."
    assert page.input_value("#confirm-reason") == "entered by mistake"
    page.click("#confirm-cancel")
    assert page.is_hidden("#confirm") and page.get_attribute("#net", "data-pending") == "0"
    assert _log(db, night_id) == ["p1 ante 5"]
    # a quick reason, then the button that says what it does
    page.click("#undo-btn")
    page.click('#confirm-why .reason:has-text("wrong seat")')
    assert page.text_content("#confirm-ok") == "Undo"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tablet_undo_inline_en.png"), full_page=True)
    page.click("#confirm-ok")
    page.wait_for_selector("#log li.voided")
    hand_id = store.current_hand(db, night_id)
    assert [(a["action"], a["voided"], a["void_reason"]) for a in store.hand_actions(db, hand_id)] == \
        [("p1 ante 5", True, "wrong seat")]
    # a misdeal and the close of an unfinished hand ask in the page too
    _later(page)
    page.click("#misdeal-btn")
    assert "Call a misdeal?" in page.text_content("#confirm-text")
    assert page.is_hidden("#confirm-why")
    page.click("#confirm-cancel")
    # closing by hand is offered once the hand is under way (the antes in), not before
    assert page.is_hidden("#end-hand")
    _later(page)
    page.click("#forced-btn")
    page.wait_for_selector("#end-hand:not([hidden])")
    page.click("#end-hand")
    assert "Close it anyway?" in page.text_content("#confirm-text")
    page.click("#confirm-ok")
    page.wait_for_selector("#next-hand:not([hidden])")
    assert store.current_hand(db, night_id) is None
    assert dialogs == []
    context.close()


def _box(page, selector):
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def test_the_award_gap_offers_a_rulings_choice_in_its_words_and_at_the_table_hands_the_pot_back(
        browser, server, app, db, case):
    """Issue 24: after a wrong push the banner offers the choice a host's ruling offers, in
    the dispute page's words: at the table (one tap: the pot handed back, ``d move``) or in
    money (the next hand, the chips where they are). Players by name, the real buttons, no
    document cited; at 1024x768 every button is a touch target of 44 px or more."""
    night_id, token = _table(app, db, case)
    hand_id = _store_actions(db, night_id, case["hands"][0]["actions"])   # pushed to Bruno; Chus's
    store.end_hand(db, hand_id, entered_by="test")
    context, page, dialogs = _open(browser, server, night_id, token, lang="es", width=1024, height=768)
    tablet = Tablet(page)
    page.wait_for_selector("#award-gap:not([hidden])")
    text = page.text_content("#award-gap")
    assert "Bruno +75" in text and "Chus \u221275" in text and "Asiento" not in text
    undo_label = page.text_content("#undo-btn")
    assert undo_label == "Anular: el cierre de la mano 1"
    assert f"«{undo_label}»" in text and "«Confirmar»" in text
    # the two choices, in the words of the host's dispute page (one word per thing)
    assert page.text_content("#award-gap-table") == "en la mesa: el repartidor entrega las fichas ahora"
    assert page.text_content("#award-gap-money") == ("en dinero: las fichas se quedan donde están; el dinero "
                                                     "se mueve al cierre")
    assert page.text_content("#award-gap-lines") == "Bruno entrega 75 fichas en la mesa; las recibe Chus"
    assert ("hasta que un fallo del anfitrión sobre una reclamación de la mano 1 la liquide "
            "(en la mesa, o en dinero") in \
        page.text_content("#award-gap-money-hint")
    body = page.inner_text("body")
    assert "Deshacer" not in body and "como están en la mesa" not in body
    assert not re.search(r"CONTRACT|contrato de Tapete|apartado \d", body)
    for button in ("#award-gap-table", "#award-gap-money", "#award-gap-hide"):
        box = _box(page, button)
        assert box["height"] >= 44 and box["width"] >= 44, (button, box)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tablet_award_gap_es.png"), full_page=True)
    page.click("#award-gap-table")                          # the dealer hands the pot over now
    page.wait_for_selector("#award-gap", state="hidden")    # nothing left between table and referee
    tablet.wait_stored()
    assert _log(db, night_id)[-1] == "d move p3 p4 75"
    assert store.current_hand(db, night_id) is None          # hand 1 stays closed; no next hand yet
    # each seat's chips on the table are the referee's now: no referee figure beside them
    for seat, chips in ((1, 495), (3, 465), (4, 540)):
        assert page.get_attribute(f'#seats .seat[data-seat="{seat}"]', "data-held") == str(chips)
    assert page.locator("#seats .seat-referee").count() == 0
    assert store.hand_check(db, hand_id)["chips_on_table"] == {"1": 495, "3": 465, "4": 540}
    page.wait_for_selector("#next-hand:not([hidden])")
    page.click("#next-hand")
    page.wait_for_selector("#misdeal-btn:not([hidden])")    # hand 2 in progress
    assert store.night_hands(db, night_id)[-1]["stacks"] is None   # nothing restated
    assert dialogs == []
    context.close()
    # a hand that states other stacks than the referee's (a count at the table): Tapete's
    # own rule said in words, no document or section named
    store.end_hand(db, store.current_hand(db, night_id), entered_by="test")
    store.start_hand(db, night_id, entered_by="test", stacks={"1": 495, "3": 540, "4": 465})
    context, page, dialogs = _open(browser, server, night_id, token, lang="es")
    page.wait_for_selector('#findings li[data-kind="stack_mismatch"]')
    body = page.inner_text("body")
    assert "norma de Tapete: una mano empieza con las fichas" in body
    assert not re.search(r"CONTRACT|contrato de Tapete|apartado \d", body)
    assert page.is_hidden("#award-gap")
    context.close()
    context, page, dialogs = _open(browser, server, night_id, token, lang="en")
    assert page.is_hidden("#award-gap")
    assert not re.search(r"CONTRACT|Tapete's contract|section \d", page.inner_text("body"))
    assert dialogs == []
    context.close()


def test_a_closed_nights_tablet_says_so_and_offers_nothing(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    other = dealer_token(db, night_id, "Tablet B")
    context, page, dialogs = _open(browser, server, night_id, token, lang="es")
    context_b, page_b, _ = _open(browser, server, night_id, other, lang="es")
    hand_id = store.current_hand(db, night_id)
    store.end_hand(db, hand_id, entered_by="test")
    for p in store.night_players(db, night_id):
        store.cash_out(db, night_id, p["player_id"], 500, entered_by="test")
    store.close_night(db, night_id, entered_by="test")
    # a tap on the open page: refused (410), the page says the night is closed, offers nothing
    page.click('#verbs [data-verb="ante"]')
    page.wait_for_selector("#night-closed:not([hidden])")
    assert "La noche está cerrada" in page.text_content("#night-closed")
    assert page.is_hidden(".dealer-grid") and page.locator("button:visible").count() == 0
    assert "Siguiente mano" not in page.inner_text("body")
    assert "1 toque sin guardar" in page.text_content("#net")
    assert _log(db, night_id) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tablet_night_closed_es.png"), full_page=True)
    # the other tablet finds out by its poll (every 10 s), without a tap
    _later(page_b, 10_500)
    page_b.wait_for_selector("#night-closed:not([hidden])")
    assert page_b.locator("button:visible").count() == 0
    # reloaded: the closed page (410), never the kept table
    response = page.reload()
    assert response.status == 410
    assert "La noche está cerrada" in page.text_content("h1")
    assert page.locator("button").count() == 0 and "Siguiente mano" not in page.inner_text("body")
    assert dialogs == []
    context.close()
    context_b.close()


def test_offline_taps_queue_after_everyones_ante_and_after_confirm_and_next_hand(
        browser, server, app, db, case):
    """The taps made after "everyone antes" (three lines: the referee's ``forced`` list) and
    after "confirm and next hand" (award, close, next hand) queue as any tap does, without a
    connection: reloaded offline, then sent when it is back, each stored once, in order, with
    the versions and the hand the server has (a wrong version would be refused, 409).

    The page offers "confirm and next hand" only on the referee's answer (the hand complete,
    nothing in doubt), so the hand's last check is sent between the two outages."""
    night_id, token = _table(app, db, case)
    hand_one = store.current_hand(db, night_id)
    context, page, dialogs = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    page.wait_for_selector("html[data-offline-ready=true]")
    page.wait_for_selector("#forced-btn:not([hidden])")
    # offline: everyone's ante, then two checks (the seat tapped first: nobody is known due)
    set_offline(context, True)
    page.click("#forced-btn")
    tablet.seat(1)
    page.click('#verbs [data-verb="check"]')                       # Ana checks
    tablet.seat(3)
    page.click('#verbs [data-verb="check"]')                       # Bruno checks
    page.wait_for_selector('#net[data-pending="3"]')
    assert page.is_hidden("#tap-note") and page.is_hidden("#notice")   # nothing refused
    response = page.reload()
    assert response.status == 200 and response.headers.get("x-tapete-offline") == "1"
    page.wait_for_selector('#net[data-pending="3"]')
    assert page.locator("#log li.waiting").count() == 3
    assert "Everyone puts in the ante" in page.text_content("#log")
    assert _log(db, night_id) == []
    set_offline(context, False)
    wait_sent(page)
    page.wait_for_function("() => document.querySelectorAll('#log li:not(.waiting)').length === 5",
                           timeout=30_000)
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 check"]
    # Chus checks: all pass, the referee's answer offers "confirm and next hand"
    page.wait_for_selector('#seats .seat.to-act[data-seat="4"][aria-pressed="true"]')
    page.click('#verbs [data-verb="check"]')
    page.wait_for_selector("#finish-btn:not([hidden])")
    assert page.text_content("#finish-btn") == "Next hand (the pot carries: 15)"
    # offline again: the finish, then two antes of the hand it starts
    set_offline(context, True)
    page.click("#finish-btn")
    tablet.verb(3, "ante")                                         # button 1: Bruno antes first
    tablet.amount(5)
    tablet.verb(4, "ante")
    tablet.amount(5)
    page.wait_for_selector('#net[data-pending="3"]')
    response = page.reload()
    assert response.headers.get("x-tapete-offline") == "1"
    page.wait_for_selector('#net[data-pending="3"]')
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "tablet_offline_compound_en.png"), full_page=True)
    assert len(store.night_hands(db, night_id)) == 1
    set_offline(context, False)
    wait_sent(page)
    hands = store.night_hands(db, night_id)
    assert len(hands) == 2 and store.current_hand(db, night_id) == hands[1]["id"]
    live = lambda hand_id: [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]
    assert live(hand_one) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 check", "p4 check"]
    assert live(hands[1]["id"]) == ["p3 ante 5", "p4 ante 5"]
    # the referee's log is as tapped: the pot carried (no award), and in hand 2 Ana antes next
    assert store.hand_check(db, hand_one)["awards"] == {}
    page.wait_for_selector('#seats .seat.to-act[data-seat="1"]')
    assert page.is_hidden("#notice") and dialogs == []
    context.close()
