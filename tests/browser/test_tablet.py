"""The dealer's tablet in a real browser: fixes after the second re-test (issue 5), and the
tablet drawing only what the referee says (no rule re-derived in the page).

Labels that never break inside a word on a 10-inch tablet in either orientation, fixed
amounts in one tap (the referee's legal min and max), queued taps shown at once without
guessing the referee's numbers, chips written the way the page's language writes numbers
(Babel/CLDR), findings as a sentence in the page's language with the referee's English words
beside them, a seat with no chips sitting out, the seat the referee has to act in triple
draw and after the draw (the opener), and the referee's side pots.
Same set-up as ``tests/support/tablet_page.py`` (Playwright driving ``/usr/bin/chromium``), the
tablet's clock paused as in ``tests/support/tablet_page.py``: time passes on the page only by
``_later`` (the dealer's next tap), never by how long the server takes to answer.
"""

from __future__ import annotations

import json
import re

import pytest
from babel.numbers import format_decimal
from pages import set_offline
from paths import ARTIFACTS
from tablet_page import Tablet, _later, _table, paused_page
from tablets import dealer_token

import referee
import store

pytestmark = pytest.mark.browser


@pytest.fixture
def case(shared):
    return json.loads((shared / "cases" / "false_opener.json").read_text())


def _open(browser, server, night_id, token, *, width=1280, height=800, lang="es"):
    context = browser.new_context(viewport={"width": width, "height": height},
                                  locale="es-ES" if lang == "es" else "en-US")
    return context, paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang={lang}")


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
    _later(page)
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
    for n, seat in ((2, 3), (3, 4)):     # each the referee's seat to act once the last is stored
        _later(page)
        page.wait_for_selector(f'#seats .seat.to-act[data-seat="{seat}"][aria-pressed="true"]')
        assert page.get_attribute('#verbs [data-verb="ante"]', "data-amount") == "5"
        page.click('#verbs [data-verb="ante"]')
        assert page.is_hidden("#keypad")
        tablet.wait_stored(n)
    # fixed limit: open is the small bet, the raise is to 20, each one tap
    _later(page)
    tablet.seat(1)
    assert page.text_content('#verbs [data-verb="open"]') == "Open 10"
    page.click('#verbs [data-verb="open"]')
    tablet.wait_stored(4)
    _later(page)
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


def test_queued_taps_show_at_once_on_their_seats_and_the_referees_numbers_replace_them(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, ["p1 ante 5", "p3 ante 5", "p4 ante 5"])
    context, page = _open(browser, server, night_id, token)      # Spanish
    tablet = Tablet(page)
    set_offline(context, True)
    page.click('#verbs [data-verb="open"]')                     # seat 1: "Abro 10", one tap
    for seat, verb in ((3, "call"), (4, "fold")):
        _later(page)
        tablet.seat(seat)
        page.click(f'#verbs [data-verb="{verb}"]')
    page.wait_for_selector('#net[data-pending="3"]')
    # each tap on its seat at once, marked waiting; the pot and stacks stay the referee's
    # last (no chips moved by the page), marked as waiting for its answer
    assert [page.text_content(f'#seats .seat[data-seat="{s}"] .seat-pending') for s in (1, 3, 4)] == \
        ["Abro 10", "Veo", "Me retiro"]
    assert page.get_attribute("#pot", "data-pot") == "15" and page.get_attribute("#pot", "data-pending") == "true"
    assert "pending-value" in page.get_attribute("#pot", "class")
    for seat in (1, 3, 4):
        seat_el = f'#seats .seat[data-seat="{seat}"]'
        assert page.get_attribute(seat_el, "data-stack") == "495"
        assert page.get_attribute(seat_el, "data-pending") == "true"
    assert page.text_content("#phase") == "Esperando al árbitro…"
    assert [li.text_content() for li in page.query_selector_all("#log li.waiting")] == \
        ["Ana · Abro 10 … pendiente", "Bruno · Veo … pendiente", "Chus · Me retiro … pendiente"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dealer_es_waiting_offline.png"), full_page=True)
    # a seat chosen while waiting: every action, in Spanish, no amounts
    _later(page)
    tablet.seat(1)
    assert page.text_content("#verbs-hint").startswith("Esperando al árbitro")
    labels = [b.text_content() for b in page.query_selector_all("#verbs button")]
    assert labels[:4] == ["Paso", "Abro", "Voy", "Veo"] and "Me retiro" in labels and "¿Cuántas?" in labels
    assert page.evaluate(BROKEN_LABELS) == []
    page.screenshot(path=str(ARTIFACTS / "dealer_es_waiting_seat_chosen.png"), full_page=True)
    # back online: the referee's answer replaces the echo (its pot, stacks, seat to act)
    set_offline(context, False)
    tablet.wait_stored(6)
    assert page.get_attribute("#pot", "data-pending") == "false"
    assert page.get_attribute("#pot", "data-pot") == "35"
    assert page.get_attribute('#seats .seat[data-seat="1"]', "data-stack") == "485"
    assert page.get_attribute('#seats .seat[data-seat="1"]', "data-pending") == "false"
    assert page.locator("#seats .seat-pending").count() == 0
    assert "out" in page.get_attribute('#seats .seat[data-seat="4"]', "class")
    assert page.get_attribute("#seats .seat.to-act", "data-seat") == "1"   # the draw: after the button
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
    token = dealer_token(db, night_id)
    context, page = _open(browser, server, night_id, token, lang=lang)
    # Babel (CLDR), as the server writes them: 18.000 / 1.234.567 in Spanish, 18,000 in English
    for seat, chips in ((1, 18000), (3, 1234567), (4, 500)):
        assert page.text_content(f'#seats .seat[data-seat="{seat}"] .seat-stack') == format_decimal(chips, locale=lang)
    assert page.evaluate("window.tapeteFormatChips(1800)") == format_decimal(1800, locale=lang)
    assert page.evaluate("window.tapeteFormatChips(12345)") == format_decimal(12345, locale=lang)
    if lang == "es":
        assert page.text_content('#seats .seat[data-seat="1"] .seat-stack') == "18.000"
    context.close()


def test_findings_are_said_in_the_pages_language_by_the_referees_templates(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:4] + ["p3 open 10"])   # seat 1 was due
    context, page = _open(browser, server, night_id, token)
    item = '#findings li[data-kind="out_of_turn"]'
    page.wait_for_selector(item)
    # "p3 open 10", the 5th action; the sentence from details["due"], players by name
    assert page.text_content(f"{item} strong") == "fuera de turno"
    assert page.text_content(item).startswith("fuera de turno en «Bruno abre 10» — ")
    assert page.text_content(f"{item} .sentence") == "Bruno abrió cuando hablaba Ana."
    rule = page.locator(f"{item} .rule")
    assert rule.text_content().startswith(" Regla: Reglas de la TDA, regla 53")
    assert page.evaluate(f"parseFloat(getComputedStyle(document.querySelector('{item} .rule')).fontSize) < "
                         f"parseFloat(getComputedStyle(document.querySelector('{item} .sentence')).fontSize)")
    assert "opened" not in page.text_content(item) and page.locator(f"{item} [lang=en]").count() == 0
    context.close()
    context, page = _open(browser, server, night_id, token, lang="en")   # English: the English template
    page.wait_for_selector(item)
    assert page.text_content(f"{item} .sentence") == "Bruno opened while Ana was to act."
    assert "TDA Poker Rules (2022), rule 53 (Action Out of Turn)" in page.text_content(f"{item} .rule")
    assert "abrió" not in page.text_content(item)
    context.close()


def test_the_log_reads_in_words_with_the_names_at_the_table(browser, server, app, db):
    """Issue #14: "the log written in words with names ("Íñigo abre 2")": the tablet's log
    shows the referee's sentence for each line (the server's ``words``), the line as
    written only as its title; the undo button names its entry the same way."""
    from showcase_night import HANDS, PLAYERS, RULES
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for name, seat, chips in PLAYERS:
        store.join_table(db, night_id, name, seat, chips, entered_by="test")
    store.start_hand(db, night_id, button=1, entered_by="test")
    lines = HANDS[1]["actions"][:8]                        # the antes, the deal, "p2 check", "p3 open 2"
    _store_actions(db, night_id, lines)
    token = dealer_token(db, night_id)
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    page.wait_for_selector("#log li")
    shown = [li.text_content() for li in page.query_selector_all("#log li")]
    assert shown[-2:] == ["Bruno pasa", "Íñigo abre 2"]
    assert shown[0] == "Ana pone el pot de 1" and shown[3].startswith(PLAYERS[3][0] + " ")
    assert not [text for text in shown if re.search(r"\bp\d\b|\b(ante|open|check|deal)\b", text)], shown
    assert [li.get_attribute("title") for li in page.query_selector_all("#log li")] == lines
    assert page.text_content("#undo-btn") == "Anular: Íñigo abre 2"
    # a tap from the tablet: stored, then said in words as the others
    _later(page)
    tablet.verb(4, "call")
    tablet.wait_stored(len(lines) + 1)
    last = page.text_content('#log li:last-child')
    assert last.startswith(PLAYERS[3][0] + " ") and "call" not in last and "p4" not in last
    assert page.get_attribute("#log li:last-child", "title") == "p4 call"
    assert page.text_content("#undo-btn") == "Anular: " + last
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dealer_es_log_in_words.png"), full_page=True)
    context.close()


def test_a_seat_with_no_chips_sits_out_and_is_never_the_seat_to_act(browser, server, app, db, case):
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    for name, seat, chips in (("Ana", 1, 0), ("Bruno", 3, 500), ("Chus", 4, 500)):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        if chips:
            store.buy_in(db, night_id, pid, chips, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")      # seat 1 would speak first
    token = dealer_token(db, night_id)
    context, page = _open(browser, server, night_id, token)
    empty = '#seats .seat[data-seat="1"]'
    assert page.get_attribute(empty, "data-sitting-out") == "true"
    assert page.is_disabled(empty) and "sin fichas" in page.text_content(empty)   # (not "no juega": that is a pN sitout)
    assert page.get_attribute('#seats .seat[data-seat="3"]', "aria-pressed") == "true"
    assert "Asiento 3" in page.text_content("#to-act")
    assert "to-act" not in page.get_attribute(empty, "class")
    # the antes of the two seats with chips: the turn goes round them only
    page.click('#verbs [data-verb="ante"]')
    Tablet(page).wait_stored(1)
    _later(page)
    page.wait_for_selector('#seats .seat[data-seat="4"][aria-pressed="true"]')
    page.click('#verbs [data-verb="ante"]')
    Tablet(page).wait_stored(2)
    assert _log(db, night_id) == ["p3 ante 5", "p4 ante 5"]
    assert page.get_attribute(empty, "aria-pressed") == "false"
    context.close()


def _night(app, db, rules, players, button):
    """A night with ``players`` ((name, seat, chips) tuples) under ``rules``; hand 1 started."""
    night_id = store.create_night(db, rules=rules, chip_cents=10)
    for name, seat, chips in players:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, chips, entered_by="test")
    store.start_hand(db, night_id, button=button, entered_by="test")
    return night_id, dealer_token(db, night_id)


def _referee_to_act(db, night_id):
    """The seat the referee has to act in the night's hand as stored (referee.table_state)."""
    return referee.table_state(store.night_session(db, night_id))["to_act"]


def _shown_to_act(page):
    """The seat the tablet highlights as the one to act (the only one), as an int."""
    assert page.locator("#seats .seat.to-act").count() == 1
    return int(page.get_attribute("#seats .seat.to-act", "data-seat"))


def _tap_when_due(page, tablet, seat, verb, stored):
    """Wait for the referee's answer to select ``seat``, tap its ``verb`` (one tap), wait
    until ``stored`` actions are stored."""
    _later(page)
    page.wait_for_selector(f'#seats .seat.to-act[data-seat="{seat}"][aria-pressed="true"]')
    page.click(f'#verbs [data-verb="{verb}"]')
    tablet.wait_stored(stored)


def test_triple_draw_deuce_to_seven_fixed_limit_the_tablet_shows_the_referees_seat_and_bet_sizes(browser, server, app, db):
    rules = {"preset": "deuce_to_seven", "betting": "fixed_limit", "draws": 3, "ante": 0,
             "small_blind": 5, "big_blind": 10, "small_bet": 10, "big_bet": 20}
    night_id, token = _night(app, db, rules, (("Ana", 1, 500), ("Bruno", 2, 500), ("Chus", 3, 500)), button=3)
    # blinds, the first betting round checked round, the first of three draws
    _store_actions(db, night_id, ["p1 blind 5", "p2 straddle 10", "p3 call", "p1 call", "p2 check",
                                  "p1 draw 2", "p2 draw 1", "p3 draw 0"])
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    # the second betting round: the first live seat after the button, at the small bet
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 1
    assert page.text_content("#to-act") == "Habla: Asiento 1 · Ana"
    assert [b.get_attribute("data-verb") for b in page.query_selector_all("#verbs button")] == ["check", "bet", "fold"]
    assert page.text_content('#verbs [data-verb="bet"]') == "Voy 10"
    page.click('#verbs [data-verb="bet"]')                      # one tap: the referee's amount
    tablet.wait_stored(9)
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 2
    assert page.text_content('#verbs [data-verb="raise"]') == "Subo 20"
    _tap_when_due(page, tablet, 2, "call", 10)
    _tap_when_due(page, tablet, 3, "call", 11)
    # not the showdown: the second draw, from the first seat after the button
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 1
    assert page.text_content("#phase") == "El descarte"
    assert page.text_content('#verbs [data-verb="draw"]') == "¿Cuántas?"
    for n, (seat, count) in enumerate(((1, 1), (2, 2), (3, 0)), start=12):
        _later(page)
        page.wait_for_selector(f'#seats .seat.to-act[data-seat="{seat}"]')
        page.click('#verbs [data-verb="draw"]')
        page.click(f'#draw-panel [data-count="{count}"]')
        tablet.wait_stored(n)
    # the third betting round is at the big bet (the referee's; twice the small bet)
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 1
    assert page.text_content('#verbs [data-verb="bet"]') == "Voy 20"
    assert page.get_attribute('#verbs [data-verb="bet"]', "data-amount") == "20"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dealer_es_triple_draw.png"), full_page=True)
    _later(page)
    page.click('#verbs [data-verb="bet"]')
    tablet.wait_stored(15)
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 2
    assert _log(db, night_id)[8:] == ["p1 bet 10", "p2 call", "p3 call", "p1 draw 1", "p2 draw 2",
                                      "p3 draw 0", "p1 bet 20"]
    assert page.is_hidden("#notice")                            # every tap was in turn
    context.close()


def test_after_the_draw_the_opener_speaks_first_as_the_referee_says(browser, server, app, db):
    rules = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20, "max_draw": 3}
    night_id, token = _night(app, db, rules, (("Ana", 1, 500), ("Bruno", 2, 500), ("Chus", 3, 500),
                                              ("Dani", 4, 500)), button=4)
    _store_actions(db, night_id, ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5",
                                  "p1 check", "p2 check", "p3 open 10", "p4 call", "p1 call", "p2 fold"])
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    # the draw starts after the button: seat 1; counts past the house's 3 are marked
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 1
    page.click('#verbs [data-verb="draw"]')
    over = [b.get_attribute("data-count") for b in page.query_selector_all("#draw-panel .count.over")]
    assert over == ["4", "5"]
    page.click('#draw-panel [data-count="3"]')
    tablet.wait_stored(11)
    _later(page)
    page.wait_for_selector('#seats .seat.to-act[data-seat="3"]')
    page.click('#verbs [data-verb="draw"]')
    page.click('#draw-panel [data-count="1"]')
    tablet.wait_stored(12)
    # the last draw tapped offline: nobody is guessed to speak next
    set_offline(context, True)
    _later(page)
    page.wait_for_selector('#seats .seat.to-act[data-seat="4"]')
    page.click('#verbs [data-verb="draw"]')
    page.click('#draw-panel [data-count="2"]')
    page.wait_for_selector('#net[data-pending="1"]')
    assert page.locator("#seats .seat.to-act").count() == 0
    set_offline(context, False)
    tablet.wait_stored(13)
    # after the draw the opener (seat 3) speaks first, not the first seat after the button
    page.wait_for_selector('#seats .seat.to-act[aria-pressed="true"]')
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 3
    assert "Asiento 3" in page.text_content("#to-act")
    assert page.text_content('#verbs [data-verb="bet"]') == "Voy 20"
    assert "to-act" not in page.get_attribute('#seats .seat[data-seat="1"]', "class")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dealer_es_opener_first.png"), full_page=True)
    _tap_when_due(page, tablet, 3, "check", 14)
    assert _shown_to_act(page) == _referee_to_act(db, night_id) == 4
    assert page.is_hidden("#notice")
    context.close()


def test_the_pots_and_side_pots_are_the_referees(browser, server, app, db, shared):
    case = json.loads((shared / "cases" / "side_pot_allin.json").read_text())
    players = [(p["name"], p["seat"], p["stack"]) for p in case["players"]]
    night_id, token = _night(app, db, case["rules"], players, button=case["hands"][0]["button"])
    actions = case["hands"][0]["actions"]
    _store_actions(db, night_id, actions[:actions.index("p1 allin") + 1])   # seat 1 all in after the draw
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    # a betting round open: the chips in front of the seats, no pot list yet
    assert page.is_hidden("#pots")
    assert page.text_content('#seats .seat[data-seat="1"] .seat-bet') == "60"
    _tap_when_due(page, tablet, 2, "call", 17)
    _tap_when_due(page, tablet, 5, "call", 18)             # to the showdown
    page.wait_for_selector("#pots:not([hidden])")
    expected = referee.table_state(store.night_session(db, night_id))["pots"]
    assert expected == [{"amount": 160, "seats": [1, 2, 5, 6]}, {"amount": 180, "seats": [1, 2, 5]}]
    assert page.text_content("#pot") == "340"
    assert [li.text_content() for li in page.query_selector_all("#pots li")] == \
        ["Bote principal 160: Ana, Bruno, Chus, Dani", "Bote lateral 180: Ana, Bruno, Chus"]
    assert [(li.get_attribute("data-amount"), li.get_attribute("data-seats"))
            for li in page.query_selector_all("#pots li")] == [("160", "1,2,5,6"), ("180", "1,2,5")]
    # who has acted this hand: every seat dealt in, marked on the seat
    assert {s.get_attribute("data-seat") for s in page.query_selector_all('#seats .seat[data-acted="true"]')} == \
        {"1", "2", "5", "6"}
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dealer_es_side_pot.png"), full_page=True)
    context.close()
