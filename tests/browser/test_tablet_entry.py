"""The dealer's tablet in a real browser: fixes after the first tester's review (issue 5).

Double taps stored once, closing a hand by mistake and undoing it, the page while taps wait
(offline: nothing guessed), serving cards, the award-gap banner, the award said once,
readable folded seats, another seat than the referee's (no amounts offered), the misdeal
question, Spanish labels, the host page at 360 px; a table asked for before a tap and
answered after it (never drawn), a finding's action number the same on the tablet, the night
report and the player's page.
Same set-up as ``tests/support/tablet_page.py`` (Playwright driving ``/usr/bin/chromium``).

The tablet's own clock is the test's (Playwright's ``page.clock``, paused): the page's time
window (the same button activated twice within 300 ms is one tap) sees only the time
the test lets pass with :func:`_later`, never how long a loaded machine takes to answer; and
the test waits on what the page shows (stored taps, notes, the seat to act), never a sleep.
"""

from __future__ import annotations

import json
import re

import pytest
from pages import fill_login, set_offline
from tablet_page import Tablet, _later, _log, _store_actions, _table, paused_page, wait_sent

import store

pytestmark = pytest.mark.browser


@pytest.fixture
def case(shared):
    return json.loads((shared / "cases" / "false_opener.json").read_text())


def _open(browser, server, night_id, token, *, locale="en-US", width=1280, lang=None, script=None):
    context = browser.new_context(viewport={"width": width, "height": 800}, locale=locale)
    page = paused_page(context, f"{server}/dealer/{night_id}/{token}/" + (f"?lang={lang}" if lang else ""),
                       script=script)
    return context, page


def _nothing_sent(page):
    """Nothing waits to be sent: a tap is queued inside the click that makes it, so right
    after a click this says the click queued none."""
    assert page.get_attribute("#net", "data-pending") == "0"


def test_a_tap_made_again_is_a_tap_of_its_own_and_a_double_click_on_confirm_is_stored_once(
        browser, server, app, db, case):
    """Issue 15: doubles are recognised by the tap's key, never by its words: the same seat
    and verb tapped again a second later is a second tap (stored; the referee says it was out
    of turn, and Undo takes it back); only a double activation of the very same button is
    one tap ("Confirm" clicked twice: the award recorded once)."""
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:4])   # antes, the deal
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    tablet.stored = 4
    tablet.seat(1)
    page.click('#verbs [data-verb="check"]')
    tablet.wait_stored(5)
    _later(page)
    tablet.verb(3, "open")
    tablet.amount(10)
    tablet.wait_stored(6)
    page.clock.run_for(1_000)
    tablet.verb(3, "open")                         # seat 4 is due now: the keypad, then 10
    tablet.amount(10)
    tablet.wait_stored(7)
    assert _log(db, night_id)[4:] == ["p1 check", "p3 open 10", "p3 open 10"]
    page.wait_for_selector("#notice:not([hidden])")
    assert "while Chus was to act" in page.text_content("#notice")
    assert page.is_hidden("#tap-note")
    page.click("#undo-btn")
    page.click("#confirm-ok")
    page.wait_for_selector("#log li.voided")
    assert _log(db, night_id)[4:] == ["p1 check", "p3 open 10"]
    # the rest of the hand at a dealer's pace, then "Confirm" tapped twice: the award is
    # recorded once (a second award tap would still be waiting, or stored as a 16th line)
    tablet.stored = 7                              # the log shows the voided line too
    for line in case["hands"][0]["actions"][6:-1]:
        _later(page)
        tablet.act(line)
    page.wait_for_selector("#award-confirm:not([hidden])")
    _later(page)
    page.dblclick("#award-confirm")
    tablet.wait_stored(16)
    assert [a for a in _log(db, night_id) if a.startswith("d award")] == ["d award p4 75"]
    kinds = {f["kind"] for f in store.hand_check(db, store.current_hand(db, night_id))["findings"]}
    assert "chips_not_conserved" not in kinds and "wrong_award" not in kinds
    context.close()


def test_closing_an_unfinished_hand_asks_first_and_undo_reopens_a_closed_hand(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    hand_id = _store_actions(db, night_id, case["hands"][0]["actions"][:5])
    context, page = _open(browser, server, night_id, token)
    questions = []

    def answer(dialog, accept):
        questions.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.on("dialog", lambda d: answer(d, False))                  # none: the page asks itself
    page.click("#end-hand")
    assert "Close it anyway?" in page.text_content("#confirm-text")
    page.click("#confirm-cancel")
    _nothing_sent(page)
    assert store.current_hand(db, night_id) == hand_id          # kept open
    page.click("#end-hand")
    page.click("#confirm-ok")
    page.wait_for_selector("#next-hand:not([hidden])")
    assert store.current_hand(db, night_id) is None
    assert page.is_hidden("#award-other")                         # nothing to record any more
    # Undo voids the most recent event: the hand's end, not the check before it
    page.click("#undo-btn")
    assert page.text_content("#confirm-text").startswith("Undo “the close of hand 1”?")
    page.fill("#confirm-reason", "closed by mistake")
    page.click("#confirm-ok")
    page.wait_for_selector("#end-hand:not([hidden])")
    assert questions == []
    assert store.current_hand(db, night_id) == hand_id
    assert _log(db, night_id) == case["hands"][0]["actions"][:5]
    context.close()


def test_while_taps_wait_nothing_is_guessed_and_the_answer_shows_the_referees_seat(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    # the referee's seat to act is highlighted and chosen, its ante one tap
    assert page.get_attribute("#seats .seat.to-act", "data-seat") == "1"
    assert page.get_attribute('#seats .seat[data-seat="1"]', "aria-pressed") == "true"
    assert page.get_attribute('#verbs [data-verb="ante"]', "data-amount") == "5"
    set_offline(context, True)
    page.click('#verbs [data-verb="ante"]')
    page.wait_for_selector('#net[data-pending="1"]')
    # waiting: the tap in the log and on its seat, nobody guessed to be due, nothing legal
    assert page.locator("#seats .seat.to-act").count() == 0
    assert page.locator('#seats .seat[aria-pressed="true"]').count() == 0
    assert page.text_content("#to-act") == "To act: ?"
    assert page.text_content("#phase") == "Waiting for the referee…"
    assert page.text_content("#actor-title") == "Tap the seat that acts"
    seat1 = '#seats .seat[data-seat="1"]'
    assert page.get_attribute(seat1, "data-acted") == "true" and page.get_attribute(seat1, "data-pending") == "true"
    assert page.text_content(f"{seat1} .seat-pending") == "Ante 5"
    # the waiting tap as tapped (the seat's name, the button's label), the line only as its title
    assert page.text_content("#log li.waiting") == "Ana · Ante 5 … waiting"
    assert page.get_attribute("#log li.waiting", "title") == "p1 ante 5"
    assert page.get_attribute("#pot", "data-pot") == "0"     # no pot arithmetic in the page
    # another seat while waiting: every action, no amount offered, the keypad without bounds
    for seat in (3, 4):
        _later(page)
        tablet.seat(seat)
        assert "Waiting for the referee" in page.text_content("#verbs-hint")
        assert page.get_attribute('#verbs [data-verb="ante"]', "data-amount") is None
        assert page.text_content('#verbs [data-verb="ante"]') == "Ante"
        page.click('#verbs [data-verb="ante"]')
        assert page.is_visible("#keypad") and page.input_value("#amount") == ""
        assert page.is_hidden("#amount-min") and page.is_hidden("#amount-max")
        page.fill("#amount", "5")
        page.click("#amount-ok")
    page.wait_for_selector('#net[data-pending="3"]')
    assert "3 taps waiting" in page.text_content("#net")
    assert page.locator("#seats .seat.to-act").count() == 0
    assert page.is_hidden("#notice")
    set_offline(context, False)
    tablet.wait_stored(3)
    # the referee's answer: seat 1 (after the button, seat 4) speaks, with check/open/fold
    page.wait_for_selector('#seats .seat.to-act[data-seat="1"][aria-pressed="true"]')
    verbs = [b.get_attribute("data-verb") for b in page.query_selector_all("#verbs button")]
    assert verbs == ["check", "open", "fold"]
    assert page.get_attribute("#pot", "data-pot") == "15" and page.get_attribute("#pot", "data-pending") == "false"
    assert page.locator("#log li.waiting").count() == 0
    assert _log(db, night_id) == ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
    assert page.is_hidden("#notice")                       # nothing was out of turn
    context.close()


def test_antes_in_any_order_never_warn_and_the_warning_is_the_referees(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    tablet.act("p3 ante 5")                    # seat 1 antes later: antes have no order
    assert page.is_hidden("#notice")           # the answer, drawn: no notice in it
    tablet.act("p4 ante 5")
    tablet.act("p1 ante 5")
    tablet.act("p3 check")                     # seat 1 speaks first: the referee says so
    page.wait_for_selector("#notice:not([hidden])")
    assert page.text_content("#notice") == "Bruno checked while Ana was to act."   # the referee's template
    context.close()


def test_serving_unseen_cards_is_a_count_tapped_and_a_picked_count_mismatch_is_said(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:9])   # up to "p3 draw 3 9c5h2s"
    context, page = _open(browser, server, night_id, token)
    tablet = Tablet(page)
    tablet.seat(3)
    page.click("#serve-btn")
    assert page.is_visible("#picker-unseen")
    page.click("#picker-ok")                   # no cards picked, no count: nothing guessed
    page.wait_for_selector("#tap-note:not([hidden])")
    assert "Pick the cards, or tap how many unseen cards" in page.text_content("#tap-note")
    assert len(_log(db, night_id)) == 9
    page.click('#picker-unseen [data-count="3"]')   # three unseen cards
    tablet.wait_stored(10)
    assert _log(db, night_id)[-1] == "d serve p3 3"
    # seat 4 picks one discard but taps 2: said, nothing stored, the picked card kept
    _later(page)
    tablet.verb(4, "draw")
    tablet.cards("2c")
    page.click('#draw-panel [data-count="2"]')
    page.wait_for_selector("#draw-note:not([hidden])")
    assert "1 discards picked but 2 tapped" in page.text_content("#draw-note")
    assert len(_log(db, night_id)) == 10
    page.click('#draw-panel [data-count="1"]')
    tablet.wait_stored(11)
    assert _log(db, night_id)[-1] == "p4 draw 1 2c"
    # a card picked and a count tapped for a serve: said, nothing stored; the card itself goes
    tablet.seat(4)
    page.click("#serve-btn")
    tablet.cards("Tc")
    page.click('#picker-unseen [data-count="2"]')
    page.wait_for_selector("#tap-note:not([hidden])")
    assert "1 discards picked but 2 tapped" in page.text_content("#tap-note")
    assert len(_log(db, night_id)) == 11
    page.click("#picker-ok")
    tablet.wait_stored(12)
    assert _log(db, night_id)[-1] == "d serve p4 Tc"
    context.close()


def test_after_an_uncorrected_wrong_award_the_dealer_page_names_the_hand_and_the_gap(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    hand_id = _store_actions(db, night_id, case["hands"][0]["actions"])   # pushed to seat 3
    store.end_hand(db, hand_id, entered_by="test")
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector("#award-gap:not([hidden])")
    text = page.text_content("#award-gap")
    assert "Hand 1" in text and "Bruno +75" in text and "Chus \u221275" in text
    assert "tap “Undo: the close of hand 1” (the hand reopens)" in text
    assert page.text_content("#award-gap-table") == "at the table: the dealer hands the chips over now"
    assert page.text_content("#award-gap-lines") == "Bruno hands 75 chips to Chus at the table"
    assert page.get_attribute('#seats .seat[data-seat="3"]', "data-held") == "540"   # the push, on the table
    page.click("#award-gap-table")              # at the table: the pot handed back now
    page.wait_for_selector("#award-gap", state="hidden")
    Tablet(page).wait_stored()
    assert _log(db, night_id)[-1] == "d move p3 p4 75"
    # the chips on the table are the referee's: 465 for seat 3, 540 for seat 4
    for seat, chips in ((1, 495), (3, 465), (4, 540)):
        page.wait_for_selector(f'#seats .seat[data-seat="{seat}"][data-held="{chips}"]')
    assert page.locator("#seats .seat-referee").count() == 0
    page.click("#next-hand")
    page.wait_for_selector("#misdeal-btn:not([hidden])")     # a hand in progress (its antes)
    hand2 = store.night_hands(db, night_id)[-1]
    assert hand2["number"] == 2 and hand2["stacks"] is None   # nothing to restate
    assert page.is_hidden("#award-gap")           # issue 15: the banner ends with its hand
    context.close()


def test_after_a_wrong_award_in_money_the_next_hand_leaves_the_chips_where_they_are(browser, server, app, db, case):
    """The other choice (issue 24): in money, the ordinary next hand. The chips stay where
    the dealer pushed them, nothing is restated and no chip is moved: the seats show the
    chips on the table with the referee's figure beside them until a host's ruling on a
    dispute settles the difference in money."""
    night_id, token = _table(app, db, case)
    hand_id = _store_actions(db, night_id, case["hands"][0]["actions"])   # pushed to seat 3
    store.end_hand(db, hand_id, entered_by="test")
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector("#award-gap:not([hidden])")
    assert page.text_content("#award-gap-money") == ("in money: the chips stay where they are; the money moves "
                                                     "at the close")
    assert "until a host's ruling on a dispute of hand 1 settles it (at the table, or in money" in \
        page.text_content("#award-gap-money-hint")
    page.click("#award-gap-money")               # the ordinary next hand
    page.wait_for_selector("#misdeal-btn:not([hidden])")
    assert page.is_hidden("#award-gap")
    assert _log(db, night_id, hand_id=hand_id)[-1] == "d award p3 75"   # no chip moved in the log
    hand2 = store.night_hands(db, night_id)[-1]
    assert hand2["number"] == 2 and hand2["stacks"] is None             # nothing restated
    for seat, chips, referee in ((3, 540, 465), (4, 465, 540)):
        page.wait_for_selector(f'#seats .seat[data-seat="{seat}"][data-held="{chips}"]')
        assert f"(referee: {referee})" in page.text_content(f'#seats .seat[data-seat="{seat}"] .seat-referee')
    assert page.locator('#findings li[data-kind="stack_mismatch"]').count() == 0
    context.close()


def test_award_said_once_folded_seats_readable_another_seat_unbounded_and_misdeal_asks(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:4])     # antes and a deal
    context, page = _open(browser, server, night_id, token)
    # seat 1 is to act (the referee's); seat 3 chosen: the page says whose turn it is and
    # offers every action without an amount (the referee gives bounds for its seat only)
    assert page.text_content('#verbs [data-verb="open"]') == "Open 10"
    page.click('#seats .seat[data-seat="3"]')
    assert "seat 1 to act" in page.text_content("#verbs-hint")
    assert page.get_attribute("#seats .seat.to-act", "data-seat") == "1"
    assert page.text_content('#verbs [data-verb="open"]') == "Open"
    assert page.get_attribute('#verbs [data-verb="open"]', "data-amount") is None
    page.click('#verbs [data-verb="open"]')
    assert page.is_visible("#keypad") and page.input_value("#amount") == ""
    page.click("#amount-cancel")
    # a misdeal is called only when the dealer confirms it (in the page)
    page.click("#misdeal-btn")
    assert "Call a misdeal?" in page.text_content("#confirm-text")
    page.click("#confirm-cancel")
    _nothing_sent(page)
    assert _log(db, night_id) == case["hands"][0]["actions"][:4]
    # play on to the showdown; the folded seat stays readable (WCAG AA 4.5:1)
    tablet = Tablet(page)
    tablet.stored = 4
    for line in case["hands"][0]["actions"][4:-1]:
        _later(page)
        tablet.act(line)
    contrast = page.evaluate("""() => {
      const rgb = (c) => c.match(/[0-9.]+/g).slice(0, 3).map(Number);
      const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
                                   return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
      const seat = document.querySelector('#seats .seat.out');
      let opacity = 1;
      for (let e = seat; e; e = e.parentElement) { opacity *= Number(getComputedStyle(e).opacity); }
      const felt = [0x12, 0x3a, 0x26];
      const bg = rgb(getComputedStyle(seat).backgroundColor).map((v, i) => opacity * v + (1 - opacity) * felt[i]);
      return Math.min(...[...seat.querySelectorAll('span')].map((s) => {
        const fg = rgb(getComputedStyle(s).color).map((v, i) => opacity * v + (1 - opacity) * felt[i]);
        const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
        return (a + 0.05) / (b + 0.05);
      }));
    }""")
    assert contrast >= 4.5, contrast
    # showdown: the proposal is said once (not again as "Referee's award")
    award_box = page.text_content("#award-box")
    assert award_box.count("75") == 1 and "proposes" in award_box
    tablet.act(case["hands"][0]["actions"][-1])   # "d award p3 75": the referee's award beside it
    page.wait_for_selector("#referee-award:not([hidden])")
    assert "proposes" not in page.text_content("#award-box")
    context.close()


def test_spanish_page_names_findings_and_counts_taps_in_spanish(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"])
    context, page = _open(browser, server, night_id, token, locale="es-ES", lang="es")
    page.wait_for_selector('#findings li[data-kind="wrong_award"]')
    assert "bote mal repartido" in page.text_content('#findings li[data-kind="wrong_award"]')
    assert "apertura sin ley" in page.text_content('#findings li[data-kind="unjustified_opening"]')
    # the sentence from the finding's details by the referee's Spanish template: the
    # recorded award beside the referee's, players by name
    assert page.text_content('#findings li[data-kind="wrong_award"] .sentence') == \
        ("Se anotó el bote así: Bruno: 75 fichas; según las reglas corresponde: Chus: 75 fichas "
         "(se pagó a quien abrió sin la apertura exigida: su mano está muerta).")
    assert "wrong_award" not in page.text_content("#findings")
    set_offline(context, True)
    page.click("#undo-btn")
    assert page.input_value("#confirm-reason") == "anotada por error"
    page.click("#confirm-ok")
    page.wait_for_selector('#net[data-pending="1"]')
    assert "1 toque por enviar" in page.text_content("#net")
    set_offline(context, False)
    wait_sent(page)
    context.close()


def test_host_night_page_fits_a_360px_phone(browser, server, app, db, case):
    night_id, _ = _table(app, db, case)
    for pid in [p["player_id"] for p in store.night_players(db, night_id)]:
        store.issue_token(db, pid)
    context = browser.new_context(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.goto(f"{server}/host/login")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.goto(f"{server}/host/night/{night_id}/table?lang=es")
    page.wait_for_selector("#players")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # nor inside the tables: every column, the link buttons included, is on the screen
    overflow = page.evaluate("[...document.querySelectorAll('table.grid')]"
                             ".map(t => t.scrollWidth - t.clientWidth)")
    assert overflow and max(overflow) <= 0, overflow
    context.close()


def test_next_hand_after_a_misdeal_keeps_the_button(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:3])
    context, page = _open(browser, server, night_id, token)
    page.click("#misdeal-btn")
    page.click("#confirm-ok")                            # "Call a misdeal?", in the page
    Tablet(page).wait_stored(4)
    page.click("#end-hand")                              # a misdeal is a finished deal: no question
    page.wait_for_selector("#next-hand:not([hidden])")
    page.click("#next-hand")
    page.wait_for_selector("#misdeal-btn:not([hidden])")     # a hand in progress (its antes)
    # Robert's Rules of Poker, Misdeals: the same dealer deals again
    assert [h["button"] for h in store.night_hands(db, night_id)] == [4, 4]
    assert page.get_attribute(".dealer-button", "title") and \
        page.evaluate("document.querySelector('.dealer-button').closest('.seat').dataset.seat") == "4"
    context.close()


READ_MARK = """(() => {
  // window.tapeteRead counts the answers the page has read as JSON; it goes up after the
  // page's own handlers of the answer have run (promise callbacks run before the next task)
  const json = Response.prototype.json;
  window.tapeteRead = 0;
  Response.prototype.json = function () {
    const read = json.call(this);
    const mark = () => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { window.tapeteRead += 1; };
      channel.port2.postMessage(0);
    };
    read.then(mark, mark);
    return read;
  };
})()"""


def test_a_table_asked_for_before_a_tap_and_answered_after_it_is_not_drawn(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    _store_actions(db, night_id, case["hands"][0]["actions"][:4])   # antes, the deal
    context, page = _open(browser, server, night_id, token, script=READ_MARK)
    tablet = Tablet(page)
    tablet.stored = 4
    # the page asks for the table again (every 10 s); the server reads it at once, before
    # the tap below, but its answer is slow: it arrives after the tap's own answer
    asked = []
    page.route("**/state", lambda route: asked.append((route, route.fetch())))
    _later(page, 10_000)
    for _ in range(1500):             # the route handler runs while Playwright is waited on
        if asked:
            break
        page.wait_for_timeout(20)
    assert asked, "the page did not ask for the table"
    route, before = asked[0]
    assert len(before.json()["actions"]) == 4
    tablet.act("p1 check")
    read = page.evaluate("window.tapeteRead")
    route.fulfill(response=before)
    page.wait_for_function(f"() => window.tapeteRead > {read}")        # the old table read
    # the page keeps the newer table (the tap's answer): the check stored, seat 3 to act
    assert page.locator("#log li:not(.waiting)").count() == 5
    assert page.get_attribute("#to-act", "data-seat") == "3"
    assert page.get_attribute('#seats .seat[data-seat="1"]', "data-acted") == "true"
    context.close()


def _number(text: str) -> int:
    """The action number in a finding's text ("… (acción #6)", "… #6 — …", "(#6: …)")."""
    numbers = re.findall(r"#(\d+)", text)
    assert len(numbers) == 1, text
    return int(numbers[0])


def test_a_finding_has_the_same_number_on_the_tablet_the_report_and_the_players_page(browser, server, app, db, case):
    night_id, token = _table(app, db, case)
    actions = case["hands"][0]["actions"]
    hand_id = _store_actions(db, night_id, actions[:2])
    # a slip voided before the false opening: it is no action of the hand, nor counted
    store.append_action(db, hand_id, "p4 ante 10", entered_by="test", key="slip")
    store.undo_last(db, hand_id, reason="five, not ten", entered_by="test", key="slip-undo")
    _store_actions(db, night_id, actions[2:], prefix="rest")
    finding = next(f for f in store.hand_check(db, hand_id)["findings"] if f["kind"] == "unjustified_opening")
    assert finding["action"] == 5 and actions[5] == "p3 open 10"   # the referee's index, from 0
    number = 6                                                        # people count from 1
    kind = '[data-kind="unjustified_opening"]'
    shown = {}
    # the tablet, in both languages: the finding, and the log's line of that number
    for lang, locale in (("es", "es-ES"), ("en", "en-US")):
        context, page = _open(browser, server, night_id, token, locale=locale, lang=lang)
        page.wait_for_selector(f"#findings li{kind}")
        assert page.get_attribute(f"#findings li{kind}", "data-action") == "5"      # the JSON's
        # the tablet says the action in words, never a bare number (issue 15): the log's line
        said = page.text_content(f'#log li[value="{number}"]')
        assert {"es": f"en «{said}»", "en": f"in “{said}”"}[lang] in page.text_content(f"#findings li{kind}")
        assert "#" not in page.text_content(f"#findings li{kind}")
        assert page.text_content(f'#log li[value="{number}"]') == {"es": "Bruno abre 10", "en": "Bruno opens 10"}[lang]
        assert page.get_attribute(f'#log li[value="{number}"]', "title") == "p3 open 10"
        assert [li.get_attribute("value") for li in page.query_selector_all("#log li")][:4] == \
            ["1", "2", None, "3"]                                      # the voided slip: no number
        context.close()
    store.end_hand(db, hand_id, entered_by="test")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    # the player's page (Bruno, seat 3), in both languages
    player_token = store.issue_token(db, store.find_player(db, "Bruno"))
    for lang in ("es", "en"):
        page.goto(f"{server}/p/{player_token}?lang={lang}")
        shown[f"player {lang}"] = _number(page.text_content(f'[data-hand="1"] .findings li{kind}'))
    # the night report (the host's)
    page.goto(f"{server}/host/login")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.goto(f"{server}/reports/nights/{night_id}")
    item = page.locator('#hand-1 ul.findings li[data-kind="unjustified_opening"]')
    assert "Bruno opens 10" in item.text_content()      # the line in words (the page is English now)
    shown["report"] = _number(item.text_content())
    assert page.text_content('#hand-1 ol.actions li[value="6"]').startswith("Bruno opens 10")
    context.close()
    assert shown == dict.fromkeys(shown, number), shown
