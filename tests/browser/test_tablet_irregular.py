"""The tablet's "Irregularidades" menu at 1024×768 in Spanish (issue 27): each of the seeds'
irregularities in at most three taps from the menu closed (the menu, the seat in the
irregularity's row, then the card or the number), each one log line the referee
judges, its finding (or the line in words) on the tablet: a card exposed in the deal (seat,
card: ``d expose pN CARD``, seed 002), a player withdrawing after two exposed cards (seat:
``pN withdraw``), a player sitting the hand out before the deal (seat: ``pN sitout``, seed
000) and the dealer putting a serve right (seat, number; the cards optional: ``d fix pN
+K|-K [CARDS]``, seed 000). Screenshots under tests/artifacts/.
"""

from __future__ import annotations

import pytest
from paths import ARTIFACTS
from tablet_page import _log, _store_actions, paused_page
from tablets import dealer_token
from tap_counting import Taps

import store

pytestmark = pytest.mark.browser

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20, "double_exposure": "withdraw"}
THREE = [("Ana", 1), ("Bruno", 3), ("Chus", 4)]
ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
MOST_TAPS = 3
"""Issue 27: "The tablet offers each irregularity in at most three taps", counted from the
menu closed (a fresh tester counted four: menu, irregularity, seat, card)."""


def _night(db):
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in THREE:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    return night_id, dealer_token(db, night_id)


def _open(browser, server, night_id, token):
    """The tablet, the "Irregularidades" menu closed (as a dealer finds it)."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="es-ES")
    page = paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang=es")
    page.wait_for_selector("#seats .seat")
    assert page.get_attribute("#irregular", "open") is None
    return context, page


def _menu(taps):
    """One tap: the menu opened where it is closed (it stays open after)."""
    if taps.page.get_attribute("#irregular", "open") is None:
        taps.click("#irregular summary")


def _shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def _finding(page, kind: str) -> str:
    page.wait_for_selector(f'#findings [data-kind="{kind}"]')
    return page.text_content(f'#findings [data-kind="{kind}"]:last-child')


def test_a_card_exposed_in_the_deal_then_a_second_and_the_player_withdraws(browser, server, app, db):
    """Seed 002: the first exposed card stays with Bruno (info); a second one lets him
    withdraw (the house's ``double_exposure`` ``withdraw``); his withdrawal is one line.
    The menu closed: menu, Bruno in the row "Carta descubierta", the card (three taps)."""
    night_id, token = _night(db)
    hand_id = _store_actions(db, night_id, ANTES)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-expose [data-seat="3"]')
    page.wait_for_selector("#picker:not([hidden])")
    assert page.text_content("#picker-title") == "Carta descubierta que iba para Bruno: ¿cuál es?"
    assert page.is_hidden("#picker-unseen")
    taps.click('#picker-cards [data-card="Ah"]')   # one card: entered at the tap
    taps.settle()
    assert taps.count <= MOST_TAPS and taps.count == 3
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d expose p3 Ah"
    said = _finding(page, "exposed_card")
    assert "A♥, que iba para Bruno, se descubrió en el reparto: el jugador se la queda" in said, said
    assert page.is_hidden("#picker")

    taps = Taps(page)   # the menu stays open: two taps
    _menu(taps)
    taps.click('#irregular-expose [data-seat="3"]')
    assert page.locator('#picker-cards [data-card="Ah"]').count() == 0   # out already: not offered
    taps.click('#picker-cards [data-card="Kc"]')
    taps.settle()
    assert taps.count == 2
    page.wait_for_function("document.querySelectorAll('#findings [data-kind=\"exposed_card\"]').length === 2")
    assert "una segunda carta que iba para Bruno (K♣): el jugador puede retirarse" in page.text_content("#findings")
    _shot(page, "tablet_1024_irregular_exposed")

    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-withdraw [data-seat="3"]')
    taps.settle()
    assert taps.count == 1
    assert _log(db, night_id, hand_id=hand_id)[-1] == "p3 withdraw"
    page.wait_for_function("document.querySelector('#log li:last-child').textContent.indexOf('Bruno') >= 0")
    reasons = [f["details"].get("reason") for f in store.hand_check(db, hand_id)["findings"]]
    assert reasons[:2] == ["kept", "second_withdraw"] and "withdraw_not_allowed" not in reasons
    context.close()


def test_an_exposed_card_is_drawn_face_up_at_its_seat_and_no_other(browser, server, app, db):
    """Everyone saw the exposed card: the table draws it face up at Bruno's seat; Ana's
    dealt cards, which the dealer logged, are not drawn; Bruno's deal offers the card
    first, picked, and no other seat's card."""
    night_id, token = _night(db)
    _store_actions(db, night_id, ANTES + ["d deal p1 AsAd7c5d2h", "d expose p3 Qh"])
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector('#seats .seat[data-seat="3"] .seat-cards.exposed')
    assert page.get_attribute('#seats .seat[data-seat="3"] .seat-cards.exposed', "data-exposed") == "Qh"
    assert page.text_content('#seats .seat[data-seat="3"] .seat-cards.exposed') == "Q♥"
    assert page.locator('#seats .seat[data-seat="1"] .seat-cards').count() == 0
    assert page.locator('#seats .seat[data-seat="4"] .seat-cards').count() == 0
    _shot(page, "tablet_1024_irregular_exposed_face_up")
    page.click('#seats .seat[data-seat="3"]')
    page.click("#deal-btn")
    page.wait_for_selector("#picker:not([hidden])")
    first = page.locator("#picker-cards .card").first
    assert first.get_attribute("data-card") == "Qh" and first.get_attribute("aria-pressed") == "true"
    for card in ("As", "Ad", "7c", "5d", "2h"):   # Ana's: out, not offered again
        assert page.locator(f'#picker-cards [data-card="{card}"]').count() == 0, card
    context.close()


def test_a_player_sits_the_hand_out_before_the_deal_in_two_taps(browser, server, app, db):
    """Seed 000: "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas." The
    line before any ante; the referee owes nothing of the seat (no missing ante)."""
    night_id, token = _night(db)
    hand_id = store.current_hand(db, night_id)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-sitout [data-seat="1"]')
    taps.settle()
    assert taps.count == 2
    assert _log(db, night_id, hand_id=hand_id) == ["p1 sitout"]
    page.wait_for_selector("#log li")
    assert "Ana" in page.text_content("#log li:last-child")
    _store_actions(db, night_id, ["p3 ante 5", "p4 ante 5"], prefix="after")
    assert not [f for f in store.hand_check(db, hand_id)["findings"] if f["kind"] == "missing_ante"]
    context.close()


def test_the_dealer_puts_a_serve_right_in_three_taps_the_cards_optional(browser, server, app, db):
    """Seed 000: "Si por error le dieran más o menos de la cuenta, hará que rectifique el que
    las dio." Ana was dealt four unseen cards: one more (menu, Ana, +1: three taps from the
    menu closed); Chus six, the Q♦ taken back (Ana's row, the card, −1 with the menu open)."""
    night_id, token = _night(db)
    hand_id = _store_actions(db, night_id, ANTES + ["d deal p1 4", "d deal p4 KsKd9h6h3cQd"])
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-fix [data-seat="1"]')
    page.wait_for_selector("#fix-panel:not([hidden])")
    assert page.is_visible("#picker") and page.is_hidden("#picker-ok")
    _shot(page, "tablet_1024_irregular_fix")
    taps.click('#fix-panel [data-fix="+1"]')
    taps.settle()
    assert taps.count <= MOST_TAPS and taps.count == 3
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d fix p1 +1"
    page.wait_for_selector('#findings [data-kind="wrong_card_count"]')
    assert page.is_hidden("#fix-panel") and page.is_hidden("#picker")

    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-fix [data-seat="4"]')
    taps.click('#picker-cards [data-card="Qd"]')
    taps.click('#fix-panel [data-fix="-2"]')   # two tapped, one picked: said, nothing sent
    assert page.is_visible("#fix-note")
    taps.click('#fix-panel [data-fix="-1"]')
    taps.settle()
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d fix p4 -1 Qd"
    page.wait_for_function(
        "document.querySelectorAll('#findings [data-kind=\"wrong_card_count\"]').length >= 2")
    fixed = [f["details"] for f in store.hand_check(db, hand_id)["findings"] if f["kind"] == "wrong_card_count"]
    assert fixed == [{"cards": 5, "fixed": 1, "reason": "fixed"},   # each hand live: put right in time
                     {"cards": 5, "fixed": -1, "reason": "fixed"}]
    assert "la mano sigue viva" in page.text_content("#findings")
    _shot(page, "tablet_1024_irregular_fixed")
    context.close()


def test_after_a_withdrawal_leaves_one_player_the_tablet_offers_the_award(browser, server, app, db):
    """Heads-up, Bruno withdraws after two exposed cards: the hand is over (the referee
    says so, as after a fold): no "Habla" with a lone "Paso", the award to Ana proposed."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat in THREE[:2]:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=3, entered_by="test")
    token = dealer_token(db, night_id)
    _store_actions(db, night_id, ["p1 ante 5", "p3 ante 5", "d expose p3 Ah", "d expose p3 Kc"])
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-withdraw [data-seat="3"]')
    taps.settle()
    page.wait_for_selector("#finish-btn:not([hidden])")
    assert "Ana" in page.text_content("#award-box")
    assert page.locator('#verbs [data-verb="check"]:visible').count() == 0
    assert "Habla: Ana" not in page.text_content("#to-act")
    _shot(page, "tablet_1024_irregular_withdraw_award")
    context.close()


def test_the_new_buttons_are_touch_targets(browser, server, app, db):
    night_id, token = _night(db)
    context, page = _open(browser, server, night_id, token)
    page.click("#irregular summary")
    for kind in ("expose", "withdraw", "sitout", "fix"):
        for button in page.locator(f"#irregular-{kind} [data-seat]").all():
            box = button.bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44, kind
    page.click('#irregular-fix [data-seat="1"]')
    for button in page.locator("#fix-panel [data-fix]").all():
        box = button.bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
    context.close()


def test_too_many_and_too_few_cards_in_three_taps_from_the_menu_closed(browser, server, app, db):
    """Too many or too few cards: the menu, the seat in its row, the count (three taps; a
    fresh tester counted four: menu, irregularity, seat, count). Each is the deal as it was
    (``d deal pN K``), judged ``wrong_card_count``."""
    night_id, token = _night(db)
    hand_id = _store_actions(db, night_id, ANTES)
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-few [data-seat="3"]')
    page.wait_for_selector("#picker:not([hidden])")
    assert page.is_hidden('#picker-unseen .count[data-count="5"]')
    taps.click('#picker-unseen .count[data-count="4"]')
    taps.settle()
    assert taps.count <= MOST_TAPS and taps.count == 3
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d deal p3 4"
    _finding(page, "wrong_card_count")
    taps = Taps(page)   # the menu stays open: two taps
    _menu(taps)
    taps.click('#irregular-many [data-seat="1"]')
    taps.click('#picker-unseen .count[data-count="6"]')
    taps.settle()
    assert taps.count == 2
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d deal p1 6"
    context.close()


def test_too_few_cards_after_the_draw_is_the_serve_the_referee_names(browser, server, app, db):
    """Issue 27, a fresh tester: "too few cards" for a seat after it drew (the draw's serve
    was short) logged ``d deal pN K``. CONTRACT.md section 2: the replacements given on the
    draw are ``d serve pN K``; the referee names the line for each count held (the view's
    ``miscount``): Ana drew two and holds four, so she was served one. Too many after the
    draw: served three. Before the seat drew, the deal's count (the test above)."""
    night_id, token = _night(db)
    hand_id = _store_actions(db, night_id, ANTES + ["p1 open 10", "p3 call", "p4 call", "p1 draw 2", "p3 draw 0"])
    context, page = _open(browser, server, night_id, token)
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-few [data-seat="1"]')
    page.wait_for_selector("#picker:not([hidden])")
    taps.click('#picker-unseen .count[data-count="4"]')
    taps.settle()
    assert taps.count == 3
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d serve p1 1"
    _finding(page, "wrong_card_count")
    _shot(page, "tablet_irregular_short_serve")
    # Bruno stands pat: six cards after the draw is one card served that he never asked for
    taps = Taps(page)
    _menu(taps)
    taps.click('#irregular-many [data-seat="3"]')
    taps.click('#picker-unseen .count[data-count="6"]')
    taps.settle()
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d serve p3 1"
    # Chus has not drawn: his count is still his deal's
    _menu(taps)
    taps.click('#irregular-few [data-seat="4"]')
    taps.click('#picker-unseen .count[data-count="4"]')
    taps.settle()
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d deal p4 4"
    context.close()


def test_once_the_hands_are_shown_the_menu_offers_no_withdrawal_or_sitout(browser, server, app, db):
    """Issue 27, a second fresh tester: a sitout or a withdrawal after the hands were shown
    gave the pot away. A tabled hand is judged as shown (RRoP section 4, cards speak), so at
    the showdown the menu, which offers what the referee says (``view.irregular``), has no
    "Se retira" or "No juega esta mano" row; the deal's counts and the exposed card stay."""
    night_id, token = _night(db)
    _store_actions(db, night_id, ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold",
                                          "p3 draw 0", "p4 draw 0", "p3 check", "p4 check"])
    context, page = _open(browser, server, night_id, token)
    page.click("#irregular summary")
    page.wait_for_selector("#irregular-expose .choose-seat")
    assert page.is_hidden("#irregular-withdraw") and page.is_hidden("#irregular-sitout")
    assert page.is_visible("#irregular-expose") and page.is_visible("#irregular-few")
    _shot(page, "tablet_irregular_showdown")
    context.close()
