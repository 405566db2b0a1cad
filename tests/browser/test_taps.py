"""Taps per hand on the dealer's tablet (issue 15): each hand type of the issue entered by
tapping only, at 1280×800 in Spanish, the taps counted (:class:`Taps`: every click or key a
dealer makes) and asserted at or below the new figure, and the stored log and the referee's
result checked to be what the hand should be.

Counted from the hand started (its antes not yet in) to the next hand started, or to the
hand closed where the tablet waits for a rebuy or the dealer's word. The issue's figures
before (taps a new dealer needed, issue 15) and the figures now:

=============================================  ======  =====
hand                                           before  after
=============================================  ======  =====
all pass                                          12      5
open, all fold, openers shown                     22      8
showdown, three draws, two shown hands            37     24
out of turn + undo                                41     33
false opener + wrong push                         40     35
wrong serve (a dead hand)                         44     17
all-in, side pot, three shown hands               47     38
=============================================  ======  =====

The tablet's clock is paused (``tablet_page.paused_page``): time passes only at the
dealer's pace between taps (:meth:`Taps.click` lets 2 s pass first), never by how long the
server takes to answer.
"""

from __future__ import annotations

import pytest
from paths import ARTIFACTS
from tap_counting import ANTES, Taps, _case, _night, _open

import store

pytestmark = pytest.mark.browser


def _log(db, hand_id):
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def _hand_one(db, night_id):
    return store.night_hands(db, night_id)[0]["id"]


def _next_hand_started(db, night_id, taps):
    taps.settle()
    hands = store.night_hands(db, night_id)
    assert len(hands) == 2 and store.current_hand(db, night_id) == hands[1]["id"]


def _errors(db, hand_id):
    return {f["kind"] for f in store.hand_check(db, hand_id)["findings"] if f["severity"] == "error"}


def test_the_first_hand_starts_with_one_tap_on_who_deals(browser, server, app, db, shared):
    case = _case(shared, "clean_jackpot_hand")
    night_id, token = _night(db, case, start=False)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    assert page.is_visible("#button-pick") and page.is_hidden("#next-hand")
    assert [b.text_content() for b in page.query_selector_all("#button-seats button")] == ["Ana", "Bruno", "Chus"]
    taps.click('#button-seats [data-button="4"]')
    taps.settle()
    page.wait_for_selector("#forced-btn:not([hidden])")
    assert taps.count == 1
    assert store.night_hands(db, night_id)[0]["button"] == 4
    assert page.text_content("#forced-btn") == "Todos ponen el pot"
    context.close()


def test_all_pass_in_five_taps(browser, server, app, db, shared):
    case = _case(shared, "clean_jackpot_hand")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    for _ in range(3):
        taps.verb("check")
    taps.settle()
    page.wait_for_selector("#finish-btn:not([hidden])")
    assert page.is_hidden("#proposal") and page.is_hidden("#award-confirm")   # no empty proposal
    assert page.text_content("#finish-btn") == "Siguiente mano (el bote pasa: 15)"
    taps.click("#finish-btn")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 5
    hand = _hand_one(db, night_id)
    assert _log(db, hand) == ANTES + ["p1 check", "p3 check", "p4 check"]
    assert store.hand_check(db, hand)["awards"] == {}
    page.wait_for_selector('#pot:text("15")')     # the pot carries into hand 2
    context.close()


def test_open_all_fold_openers_shown_in_eight_taps(browser, server, app, db, shared):
    case = _case(shared, "clean_jackpot_hand")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    taps.verb("open")              # the referee's fixed 10: one tap
    taps.verb("fold")
    taps.verb("fold")
    taps.settle()
    page.wait_for_selector("#picker:not([hidden])")     # the openers asked for at once
    assert "Ana" in page.text_content("#picker-title")
    taps.cards("JhJd")
    page.wait_for_selector("#finish-btn:not([hidden])")
    taps.click("#finish-btn")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 8
    hand = _hand_one(db, night_id)
    assert _log(db, hand) == ANTES + ["p1 open 10", "p3 fold", "p4 fold", "p1 show JhJd", "d award p1 25"]
    assert store.hand_check(db, hand)["awards"] == {"1": 25} and not _errors(db, hand)
    context.close()


def test_showdown_with_three_draws_and_two_shown_hands_in_24_taps(browser, server, app, db, shared):
    case = _case(shared, "clean_jackpot_hand")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    for verb in ("check", "open", "call", "call"):
        taps.verb(verb)
    for count in (3, 3, 1):
        taps.draw(count)
    for verb in ("bet", "fold", "call"):
        taps.verb(verb)
    taps.show("JhJd8c8s3d")
    taps.show("9s9d5c4h2s")
    taps.settle()
    page.wait_for_selector("#finish-btn:not([hidden])")
    assert "Bruno: 85" in page.text_content("#proposal") or page.is_hidden("#proposal")
    taps.click("#finish-btn")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 24
    hand = _hand_one(db, night_id)
    assert _log(db, hand) == case["hands"][0]["actions"]
    assert store.hand_check(db, hand)["awards"] == {"3": 85} and not _errors(db, hand)
    context.close()


def test_out_of_turn_and_undo_in_33_taps(browser, server, app, db, shared):
    case = _case(shared, "out_of_turn_open")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    taps.verb("check")
    taps.verb("open", seat=4)          # Chus opens while Bruno is to speak: no amount offered
    taps.keypad(10)
    taps.settle()
    page.wait_for_selector("#notice:not([hidden])")
    assert "Chus abrió cuando hablaba Bruno" in page.text_content("#notice")
    taps.undo()
    taps.settle()
    page.wait_for_selector('#seats .seat.to-act[data-seat="3"]')
    for verb in ("check", "open", "call", "call"):
        taps.verb(verb)
    for count in (3, 2, 1):
        taps.draw(count)
    for verb in ("check", "bet", "fold", "call"):    # the opener (Chus) speaks first
        taps.verb(verb)
    taps.show("QsQh7c5d2s")
    taps.show("JsJd9c8h2d")
    page.wait_for_selector("#finish-btn:not([hidden])")
    taps.click("#finish-btn")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 33
    hand = _hand_one(db, night_id)
    assert _log(db, hand) == ANTES + [
        "p1 check", "p3 check", "p4 open 10", "p1 call", "p3 call", "p1 draw 3", "p3 draw 2", "p4 draw 1",
        "p4 check", "p1 bet 20", "p3 fold", "p4 call", "p1 show QsQh7c5d2s",
        "p4 show JsJd9c8h2d", "d award p1 85"]
    voided = [a["action"] for a in store.hand_actions(db, hand) if a["voided"]]
    assert voided == ["p4 open 10"] and not _errors(db, hand)
    context.close()


def test_false_opener_and_wrong_push_in_35_taps(browser, server, app, db, shared):
    case = _case(shared, "false_opener")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    taps.click('#seats .seat[data-seat="3"]')
    taps.click("#deal-btn")
    taps.cards("TsTd9c5h2s")                     # entered by itself at the fifth card
    for verb in ("check", "open", "call", "fold"):
        taps.verb(verb)
    taps.verb("draw")                            # "¿Cuántas?": the discards picked first
    for card in ("9c", "5h", "2s"):
        taps.click(f'#picker-cards [data-card="{card}"]')
    taps.click('#draw-panel [data-count="3"]')
    taps.draw(1)
    taps.verb("bet")
    taps.verb("call")
    taps.show("TsTdTc8h4c")                      # Ts Td known from the deal: picked already
    taps.show("KsKd6c6h3s")
    taps.settle()
    page.wait_for_selector("#award-confirm:not([hidden])")   # in doubt (a false opener): step by step
    assert page.is_hidden("#finish-btn") and "Chus: 75" in page.text_content("#proposal")
    taps.click('#seats .seat[data-seat="3"]')    # the wrong push: the pot to Bruno
    taps.click("#award-other")
    taps.click("#amount-ok")                     # the pot offered
    taps.click("#end-hand")
    taps.settle()
    page.wait_for_selector("#next-hand:not([hidden])")
    taps.click("#next-hand")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 35
    hand = _hand_one(db, night_id)
    assert _log(db, hand) == case["hands"][0]["actions"]
    kinds = {f["kind"] for f in store.hand_check(db, hand)["findings"]}
    assert {"unjustified_opening", "wrong_award"} <= kinds   # the false opener, the wrong push
    context.close()


def test_wrong_serve_dead_hand_in_17_taps(browser, server, app, db, shared):
    case = _case(shared, "six_cards_after_draw")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    for verb in ("open", "fold", "call"):
        taps.verb(verb)
    taps.draw(1)
    taps.draw(2)
    taps.click('#seats .seat[data-seat="4"]')
    taps.click("#serve-btn")
    taps.click('#picker-unseen [data-count="3"]')    # three for two: six cards, a dead hand
    taps.verb("bet")
    taps.settle()
    # the dead hand: no betting offered, its finding by the verbs
    page.wait_for_selector('#seats .seat.to-act[data-seat="4"]')
    assert [b.get_attribute("data-verb") for b in page.query_selector_all("#verbs button")] == ["fold"]
    assert "wrong_card_count" in page.get_attribute("#seat-finding", "data-kinds")
    assert page.is_visible("#seat-finding")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "taps_dead_hand_es.png"), full_page=False)
    taps.verb("fold")
    taps.settle()
    page.wait_for_selector("#picker:not([hidden])")        # everyone folded to the opener
    taps.cards("AsAh")
    page.wait_for_selector("#award-confirm:not([hidden])")  # an error finding stands: step by step
    taps.click("#award-confirm")
    taps.click("#end-hand")
    taps.settle()
    taps.click("#next-hand")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 17
    hand = _hand_one(db, night_id)
    log = _log(db, hand)
    assert log[:-1] == ANTES + ["p1 open 10", "p3 fold", "p4 call", "p1 draw 1", "p4 draw 2",
                                "d serve p4 3", "p1 bet 20", "p4 fold", "p1 show AsAh"]
    awards = store.hand_check(db, hand)["awards"]
    assert list(awards) == ["1"] and log[-1] == f"d award p1 {awards['1']}"
    context.close()


def test_all_in_side_pot_and_three_shown_hands_in_38_taps(browser, server, app, db, shared):
    case = _case(shared, "side_pot_allin")
    night_id, token = _night(db, case)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    taps.click("#forced-btn")
    taps.verb("bet")                    # no limit: the keypad, its first key replaces the minimum
    taps.keypad(20)
    for verb in ("call", "call", "allin", "call", "call", "call"):
        taps.verb(verb)
    for count in (2, 1, 3, 0):
        taps.draw(count)
    taps.verb("allin")
    taps.verb("call")
    taps.verb("call")
    taps.settle()
    page.wait_for_selector("#pots:not([hidden])")          # the side pot during the hand, by name
    assert "Dani" in page.text_content("#pots li:first-child")
    assert "Dani" not in page.text_content("#pots li:nth-child(2)")
    taps.show("QsQdQc5s2d")
    taps.verb("muck")
    taps.show("AsAdTcTh7c")
    taps.show("KhJh9h6h3h")
    taps.settle()
    page.wait_for_selector("#finish-btn:not([hidden])")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "taps_side_pot_es.png"), full_page=False)
    taps.click("#finish-btn")
    _next_hand_started(db, night_id, taps)
    assert taps.count <= 38
    hand = _hand_one(db, night_id)
    log = _log(db, hand)
    assert log[:21] == case["hands"][0]["actions"][:18] + ["p1 show QsQdQc5s2d", "p2 muck", "p5 show AsAdTcTh7c"]
    assert store.hand_check(db, hand)["awards"] == {"1": 180, "6": 160} and not _errors(db, hand)
    context.close()
