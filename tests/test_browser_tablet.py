"""The dealer's tablet in a real browser: fixes after the second re-test (issue 5).

Labels that never break inside a word on a 10-inch tablet in either orientation, fixed
amounts in one tap, queued taps moving the shown pot and stacks at once, chips written the
way the page's language writes numbers (Babel/CLDR), findings as a sentence in the page's
language with the referee's English words beside them, and a seat with no chips sitting out.
Same set-up as ``test_browser_pages.py`` (Playwright driving ``/usr/bin/chromium``).
"""

from __future__ import annotations

import json

import pytest
from babel.numbers import format_decimal

import store
from conftest import ARTIFACTS
from test_browser_pages import Tablet, _table
from web.dealer import dealer_token

pytestmark = pytest.mark.browser


@pytest.fixture
def case(shared):
    return json.loads((shared / "cases" / "false_opener.json").read_text())


def _open(browser, server, night_id, token, *, width=1280, height=800, lang="es"):
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="es-ES" if lang == "es" else "en-US")
    page = context.new_page()
    page.goto(f"{server}/dealer/{night_id}/{token}/?lang={lang}")
    return context, page


def _store_actions(db, night_id, actions, prefix="pre"):
    hand_id = store.current_hand(db, night_id)
    for i, action in enumerate(actions):
        store.append_action(db, hand_id, action, entered_by="test", key=f"{prefix}-{i:04d}")
    return hand_id


def _log(db, night_id):
    hand_id = store.night_hands(db, night_id)[-1]["id"]
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


BROKEN_LABELS = """() => {
  const bad = [];
  for (const b of document.querySelectorAll('button')) {
    if (!b.offsetParent) continue;                       // not shown
    if (b.scrollWidth > b.clientWidth + 1) bad.push(['overflow', b.textContent.trim(), b.scrollWidth, b.clientWidth]);
    const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {     // each word on one line
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
        if (lines.size > 1) bad.push(['broken', m[0], b.textContent.trim()]);
      }
    }
  }
  return bad;
}"""


@pytest.mark.parametrize("width, height", [(800, 1280), (1280, 800)])
def test_no_button_label_breaks_inside_a_word_on_a_10_inch_tablet(browser, server, app, db, case, width, height):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:8])   # seat 3 is to draw
    context, page = _open(browser, server, night_id, token, width=width, height=height)
    page.click("details.more > summary")
    assert page.text_content('#verbs [data-verb="draw"]') == "¿Cuántas?"
    page.click('#verbs [data-verb="draw"]')                         # the draw panel: "Servido (0)"
    page.wait_for_selector("#draw-panel:not([hidden])")
    assert page.evaluate(BROKEN_LABELS) == []
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"dealer_es_{width}x{height}.png"), full_page=True)
    page.click('#draw-panel [data-count="3"]')
    Tablet(page).wait_stored(9)
    page.wait_for_timeout(450)
    page.click('#seats .seat[data-seat="4"]')
    page.click("#award-other")                                        # the keypad, Mín/Máx
    page.wait_for_selector("#keypad:not([hidden])")
    assert page.evaluate(BROKEN_LABELS) == []
    context.close()


def test_a_fixed_amount_is_one_tap_and_the_keypad_opens_only_for_a_real_choice(browser, server, app, db, case):
    night_id, token = _table(app, db, case)               # jackpots, fixed limit 10/20, ante 5
    context, page = _open(browser, server, night_id, token, lang="en")
    tablet = Tablet(page)
    page.click('#seats .seat[data-seat="1"]')
    assert page.text_content('#verbs [data-verb="ante"]') == "Ante 5"
    page.click('#verbs [data-verb="ante"]')
    assert page.is_hidden("#keypad")
    tablet.wait_stored(1)
    assert _log(db, night_id) == ["p1 ante 5"]
    for seat in (3, 4):
        page.wait_for_timeout(450)
        tablet.seat(seat)
        page.click('#verbs [data-verb="ante"]')
        assert page.is_hidden("#keypad")
    tablet.wait_stored(3)
    # fixed limit: open is the small bet, the raise is to 20, each one tap
    page.wait_for_timeout(450)
    tablet.seat(1)
    assert page.text_content('#verbs [data-verb="open"]') == "Open 10"
    page.click('#verbs [data-verb="open"]')
    tablet.wait_stored(4)
    page.wait_for_timeout(450)
    tablet.seat(3)
    assert page.text_content('#verbs [data-verb="raise"]') == "Raise 20"
    page.click('#verbs [data-verb="raise"]')
    tablet.wait_stored(5)
    assert page.is_hidden("#keypad")
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p3 raise 20"]
    context.close()
    # no limit: the open is the dealer's choice, so the keypad opens with min and max
    rules = {"preset": "jackpots", "betting": "no_limit", "ante": 5, "min_bet": 10}
    players = [{**p, "name": p["name"] + " NL"} for p in case["players"]]
    night_id, token = _table(app, db, {**case, "rules": rules, "players": players})
    _store_actions(db, night_id, ["p1 ante 5", "p3 ante 5", "p4 ante 5"], prefix="nl")
    context, page = _open(browser, server, night_id, token, lang="en")
    page.click('#seats .seat[data-seat="1"]')
    assert page.text_content('#verbs [data-verb="open"]') == "Open 10\u2013495"
    page.click('#verbs [data-verb="open"]')
    assert page.is_visible("#keypad") and page.input_value("#amount") == "10"
    context.close()


def test_queued_taps_move_the_shown_pot_and_stacks_at_once_marked_pending(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    context, page = _open(browser, server, night_id, token, lang="en")
    tablet = Tablet(page)
    context.set_offline(True)
    tablet.seat(1)
    page.click('#verbs [data-verb="ante"]')
    for seat in (3, 4):
        page.wait_for_selector(f'#seats .seat[data-seat="{seat}"][aria-pressed="true"]')
        assert page.text_content('#verbs [data-verb="ante"]') == "Ante 5"     # not "Ante 5–500"
        page.wait_for_timeout(450)
        page.click('#verbs [data-verb="ante"]')
    page.wait_for_selector('#net[data-pending="3"]')
    assert page.get_attribute("#pot", "data-pot") == "15" and page.text_content("#pot") == "15"
    assert page.get_attribute("#pot", "data-pending") == "true"
    for seat in (1, 3, 4):
        seat_el = f'#seats .seat[data-seat="{seat}"]'
        assert page.get_attribute(seat_el, "data-stack") == "495"
        assert page.get_attribute(seat_el, "data-pending") == "true"
        assert page.text_content(f"{seat_el} .seat-stack") == "495"
    # seat 1 opens (the small bet, one tap), seat 3 calls, seat 4 folds
    page.wait_for_selector('#seats .seat[data-seat="1"][aria-pressed="true"]')
    page.wait_for_timeout(450)
    page.click('#verbs [data-verb="open"]')
    page.wait_for_selector('#seats .seat[data-seat="3"][aria-pressed="true"]')
    assert page.get_attribute("#pot", "data-pot") == "25"
    assert page.text_content('#seats .seat[data-seat="1"] .seat-bet') == "10"
    page.wait_for_timeout(450)
    page.click('#verbs [data-verb="call"]')
    page.wait_for_selector('#seats .seat[data-seat="4"][aria-pressed="true"]')
    page.wait_for_timeout(450)
    page.click('#verbs [data-verb="fold"]')
    page.wait_for_selector('#net[data-pending="6"]')
    assert page.get_attribute("#pot", "data-pot") == "35"
    assert page.get_attribute('#seats .seat[data-seat="1"]', "data-stack") == "485"
    assert page.get_attribute('#seats .seat[data-seat="3"]', "data-stack") == "485"
    assert "out" in page.get_attribute('#seats .seat[data-seat="4"]', "class")
    # back online: the referee's answer replaces the guess (the same numbers, no longer pending)
    context.set_offline(False)
    tablet.wait_stored(6)
    assert page.get_attribute("#pot", "data-pending") == "false"
    assert page.get_attribute("#pot", "data-pot") == "35"
    assert page.get_attribute('#seats .seat[data-seat="1"]', "data-pending") == "false"
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p3 call", "p4 fold"]
    context.close()


@pytest.mark.parametrize("lang", ["es", "en"])
def test_chips_are_written_the_way_the_pages_language_writes_numbers(browser, server, app, db, case, lang):
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    for name, seat, chips in (("Ana", 1, 18000), ("Bruno", 3, 1234567), ("Chus", 4, 500)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, chips, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    with app.test_request_context():
        token = dealer_token(night_id)
    context, page = _open(browser, server, night_id, token, lang=lang)
    # Babel (CLDR), as the server writes them: 18.000 / 1.234.567 in Spanish, 18,000 in English
    for seat, chips in ((1, 18000), (3, 1234567), (4, 500)):
        assert page.text_content(f'#seats .seat[data-seat="{seat}"] .seat-stack') == format_decimal(chips, locale=lang)
    assert page.evaluate("window.tapeteFormatChips(1800)") == format_decimal(1800, locale=lang)
    assert page.evaluate("window.tapeteFormatChips(12345)") == format_decimal(12345, locale=lang)
    if lang == "es":
        assert page.text_content('#seats .seat[data-seat="1"] .seat-stack') == "18.000"
    context.close()


def test_findings_are_a_spanish_sentence_with_the_referees_english_words_beside(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:4] + ["p3 open 10"])   # seat 1 was due
    context, page = _open(browser, server, night_id, token)
    item = '#findings li[data-kind="out_of_turn"]'
    page.wait_for_selector(item)
    assert page.text_content(f"{item} .sentence") == "Asiento 3: fuera de turno (acción #4)"
    detail = page.locator(f"{item} .detail")
    assert detail.get_attribute("lang") == "en" and "seat 3" in detail.text_content()
    assert page.evaluate(f"parseFloat(getComputedStyle(document.querySelector('{item} .detail')).fontSize) < "
                         f"parseFloat(getComputedStyle(document.querySelector('{item} .sentence')).fontSize)")
    context.close()
    context, page = _open(browser, server, night_id, token, lang="en")   # English: the referee's words
    page.wait_for_selector(item)
    assert "seat 3" in page.text_content(item) and page.locator(f"{item} .detail").count() == 0
    context.close()


def test_a_seat_with_no_chips_sits_out_and_is_never_the_seat_to_act(browser, server, app, db, case):
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    for name, seat, chips in (("Ana", 1, 0), ("Bruno", 3, 500), ("Chus", 4, 500)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        if chips:
            store.buy_in(db, night_id, pid, chips, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")      # seat 1 would speak first
    with app.test_request_context():
        token = dealer_token(night_id)
    context, page = _open(browser, server, night_id, token)
    empty = '#seats .seat[data-seat="1"]'
    assert page.get_attribute(empty, "data-sitting-out") == "true"
    assert page.is_disabled(empty) and "no juega" in page.text_content(empty)
    assert page.get_attribute('#seats .seat[data-seat="3"]', "aria-pressed") == "true"
    assert "Asiento 3" in page.text_content("#to-act")
    assert "to-act" not in page.get_attribute(empty, "class")
    # the antes of the two seats with chips: the turn goes round them only
    page.click('#verbs [data-verb="ante"]')
    Tablet(page).wait_stored(1)
    page.wait_for_timeout(450)
    page.wait_for_selector('#seats .seat[data-seat="4"][aria-pressed="true"]')
    page.click('#verbs [data-verb="ante"]')
    Tablet(page).wait_stored(2)
    assert _log(db, night_id) == ["p3 ante 5", "p4 ante 5"]
    assert page.get_attribute(empty, "aria-pressed") == "false"
    context.close()
