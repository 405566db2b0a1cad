"""The dealer's tablet at 1280×800 in Spanish: defects a fresh tester found (issue 15).

1. No award (proposal, Confirm, "Confirmar y siguiente mano") while the referee still has a
   hand to be shown or mucked.
2. Everyone folded to the opener: the openers' picker alone, in view; no verbs; the
   referee's verdict not shown as a ruling while the tablet asks.
3. A tap out of turn: the keypad offers the referee's bounds for that seat, and "Anotar"
   with nothing typed says so.
4. The out-of-turn notice goes when the action it is about is undone.
5. A reload without connection with taps waiting selects no seat.
6. Cards drawn as the card buttons draw them (J♠ 10♦), never as codes.
7. A finding names its action in words, never a bare "#8".
8. Misdeal, another award and closing the hand only when there is a hand to act on; the
   award panel is "Reparto del bote".
"""

from __future__ import annotations

import pytest
from pages import set_offline
from paths import ARTIFACTS
from tap_counting import ANTES, Taps, _case, _night, _open

import store

pytestmark = pytest.mark.browser

CLEAN = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 call", "p1 draw 3", "p3 draw 3",
                 "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call"]


def _store(db, night_id, actions, prefix="pre"):
    hand_id = store.current_hand(db, night_id)
    for i, action in enumerate(actions):
        store.append_action(db, hand_id, action, entered_by="test", key=f"{prefix}-{i:04d}")
    return hand_id


def _shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _in_view(page, selector):
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + 40 <= 800


def test_no_award_is_offered_while_a_hand_is_still_to_be_shown(browser, server, app, db, shared):
    night_id, token = _night(db, _case(shared, "clean_jackpot_hand"))
    _store(db, night_id, CLEAN + ["p3 show JhJd8c8s3d"])
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.settle()
    page.wait_for_selector('#verbs[data-due="true"]')            # Ana still to show or muck
    assert page.is_hidden("#proposal") and page.is_hidden("#award-confirm")
    assert page.is_hidden("#finish-btn")
    assert "Reparto del bote" in page.text_content("#award-box h3")
    # the cards as the card buttons draw them, in the log and on the undo button (fix 6)
    assert "Bruno enseña J\u2665 J\u2666 8\u2663 8\u2660 3\u2666" in page.text_content("#log")
    assert "JhJd" not in page.text_content("#log")
    assert page.text_content("#undo-btn") == "Anular: Bruno enseña J\u2665 J\u2666 8\u2663 8\u2660 3\u2666"
    _shot(page, "tablet_fix_showdown_waits")
    taps.verb("show")
    taps.click('#picker-cards [data-card="9s"]')
    taps.click('#picker-cards [data-card="9d"]')
    assert page.text_content("#picked") == "9\u2660 9\u2666"    # picked cards drawn (fix 6)
    for card in ("5c", "4h", "2s"):
        taps.click(f'#picker-cards [data-card="{card}"]')
    taps.settle()
    page.wait_for_selector("#finish-btn:not([hidden])")           # now: nothing in doubt
    assert "Bruno: 85" in page.text_content("#proposal")
    context.close()


def test_all_fold_to_the_opener_asks_only_for_the_openers_in_view(browser, server, app, db, shared):
    night_id, token = _night(db, _case(shared, "clean_jackpot_hand"))
    _store(db, night_id, ANTES + ["p1 check", "p3 open 10", "p4 fold", "p1 fold"])
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector("#picker:not([hidden])")
    _shot(page, "tablet_fix_openers_asked")
    assert "Bruno se lleva el bote" in page.text_content("#picker-title")
    assert _in_view(page, "#picker-title") and _in_view(page, "#picker-cards")
    assert page.locator("#verbs button").count() == 0 and page.is_hidden("#more")
    assert page.text_content("#phase") == "El que abrió enseña la apertura"
    assert page.is_hidden("#seat-finding")
    assert page.locator('#findings li[data-kind="openers_not_shown"]').count() == 0
    assert "Bruno se lleva el bote" in page.text_content("#findings")
    assert page.is_hidden("#proposal") and page.is_hidden("#award-confirm")
    # cancelled: one button asks again, still no verbs
    page.click("#picker-cancel")
    assert [b.get_attribute("data-verb") for b in page.query_selector_all("#verbs button")] == ["show-openers"]
    page.click('#verbs [data-verb="show-openers"]')
    page.wait_for_selector("#picker:not([hidden])")
    context.close()


def test_an_open_out_of_turn_offers_the_referees_bounds_and_asks_for_chips(browser, server, app, db, shared):
    night_id, token = _night(db, _case(shared, "out_of_turn_open"))
    _store(db, night_id, ANTES + ["p1 check"])
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.verb("open", seat=4)                    # Chus, while Bruno is due
    page.wait_for_selector("#keypad:not([hidden])")
    assert page.input_value("#amount") == "10"   # the referee's open for Chus, as if due
    assert page.text_content("#amount-min") == "Mín 10" or "10" in page.text_content("#amount-min")
    taps.click('#keypad .key[data-key="C"]')
    taps.click("#amount-ok")
    assert page.is_visible("#amount-note") and page.text_content("#amount-note") == "Escriba las fichas"
    assert page.get_attribute("#net", "data-pending") == "0"      # nothing sent
    _shot(page, "tablet_fix_keypad_empty")
    taps.keypad(10)
    taps.settle()
    # the notice of the open out of turn, and the finding naming the action in words (fix 7)
    page.wait_for_selector("#notice:not([hidden])")
    assert "Chus abrió cuando hablaba Bruno" in page.text_content("#notice")
    finding = page.text_content('#findings li[data-kind="out_of_turn"]')
    assert "en «Chus abre 10»" in finding and "#" not in finding
    # undone: the notice goes with its finding (fix 4)
    taps.undo()
    taps.settle()
    page.wait_for_selector('#seats .seat.to-act[data-seat="3"]')
    page.wait_for_selector('#findings li.none')
    assert page.is_hidden("#notice")
    _shot(page, "tablet_fix_notice_gone")
    assert [a["action"] for a in store.hand_actions(db, store.current_hand(db, night_id))
            if not a["voided"]] == ANTES + ["p1 check"]
    context.close()


def test_a_reload_offline_with_taps_waiting_selects_no_seat(browser, server, app, db, shared):
    night_id, token = _night(db, _case(shared, "clean_jackpot_hand"))
    _store(db, night_id, ANTES)
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector("html[data-offline-ready=true]")
    page.wait_for_selector('#seats .seat.to-act[data-seat="1"][aria-pressed="true"]')
    set_offline(context, True)
    page.click('#verbs [data-verb="check"]')     # Ana checks, offline
    page.wait_for_selector('#net[data-pending="1"]')
    response = page.reload()
    assert response.headers.get("x-tapete-offline") == "1"
    page.wait_for_selector('#net[data-pending="1"]')
    _shot(page, "tablet_fix_offline_reload")
    assert page.locator('#seats .seat[aria-pressed="true"]').count() == 0
    assert page.locator("#verbs button").count() == 0
    set_offline(context, False)
    Taps(page).settle()
    assert store.hand_actions(db, store.current_hand(db, night_id))[-1]["action"] == "p1 check"
    context.close()


def test_misdeal_close_and_another_award_only_when_there_is_a_hand_to_act_on(browser, server, app, db, shared):
    case = _case(shared, "clean_jackpot_hand")
    night_id, token = _night(db, case, start=False)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    assert page.is_visible("#button-pick")
    assert page.is_hidden("#misdeal-btn")                        # no hand yet
    taps.click('#button-seats [data-button="4"]')
    taps.settle()
    page.wait_for_selector("#forced-btn:not([hidden])")
    _shot(page, "tablet_fix_antes")
    assert page.is_visible("#misdeal-btn")
    assert page.is_hidden("#end-hand") and page.is_hidden("#award-other")   # the antes
    assert page.is_hidden("#award-box")                          # no empty panel
    taps.click("#forced-btn")
    taps.settle()
    page.wait_for_selector('#verbs[data-due="true"]')
    assert page.is_visible("#end-hand") and page.is_visible("#award-other")
    assert "Reparto del bote" in page.text_content("#award-box h3")
    context.close()
