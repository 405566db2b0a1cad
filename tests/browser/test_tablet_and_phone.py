"""The dealer's tablet and a player's phone in a real browser (issue 5).

Playwright drives Debian's chromium (``/usr/bin/chromium``; never ``playwright install``)
against the app served on a free localhost port from a thread, on a temporary database.
Screenshots go to ``tests/artifacts/`` for a person to look at.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from pages import set_offline
from paths import ARTIFACTS, ROOT
from tablet_page import Tablet, _table

import store

pytestmark = pytest.mark.browser


def test_dealer_taps_the_false_opener_hand_and_sees_the_referees_findings_and_award(browser, server, app, db, shared):
    path = shared / "cases" / "false_opener.json"
    case = json.loads(path.read_text())
    night_id, token = _table(app, db, case)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.goto(f"{server}/dealer/{night_id}/{token}/")
    tablet = Tablet(page)
    actions = case["hands"][0]["actions"]
    for line in actions[:-1]:
        tablet.act(line)
    # showdown: the referee proposes the pot to seat 4 (the false opener's hand is dead)
    assert "75" in page.text_content("#proposal")
    tablet.act(actions[-1])  # the dealer records "d award p3 75" instead

    stored = [a["action"] for a in store.hand_actions(db, store.current_hand(db, night_id))]
    assert stored == actions
    cli = subprocess.run([sys.executable, "-m", "referee", "check", str(path)], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    expected = json.loads(cli.stdout)["hands"][0]
    page.wait_for_selector('#findings li[data-kind="wrong_award"]')
    shown = sorted((li.get_attribute("data-kind"), li.get_attribute("data-action"))
                   for li in page.query_selector_all("#findings li.finding"))
    assert shown == sorted((f["kind"], "" if f["action"] is None else str(f["action"]))
                           for f in expected["findings"])
    assert {"unjustified_opening", "wrong_award"} <= {kind for kind, _ in shown}
    assert json.loads(page.get_attribute("#referee-award", "data-awards")) == expected["awards"] == {"4": 75}
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "dealer_false_opener.png"), full_page=True)
    context.close()


def test_taps_made_offline_or_whose_answer_was_lost_are_stored_once(browser, server, app, db, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id, token = _table(app, db, case)
    hand_id = store.current_hand(db, night_id)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.goto(f"{server}/dealer/{night_id}/{token}/")
    tablet = Tablet(page)
    tablet.act("p1 ante 5")

    # 1. the connection drops: taps wait in the page, in order, and go out once it is back
    set_offline(context, True)
    tablet.verb(3, "ante")
    tablet.amount(5)
    tablet.verb(4, "ante")
    tablet.amount(5)
    page.wait_for_selector('#net[data-pending="2"]')
    assert "No connection" in page.text_content("#net")
    assert [a["action"] for a in store.hand_actions(db, hand_id)] == ["p1 ante 5"]
    set_offline(context, False)
    tablet.wait_stored(3)
    assert [a["action"] for a in store.hand_actions(db, hand_id)] == ["p1 ante 5", "p3 ante 5", "p4 ante 5"]

    # 2. the server stores a tap but its answer is lost: the page resends it, stored once
    lost = []

    def lose_answer(route):
        if not lost:
            route.fetch()  # reaches the server, which stores it
            lost.append(json.loads(route.request.post_data)["key"])
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/tap", lose_answer)
    tablet.verb(1, "check")
    tablet.wait_stored(4)
    assert lost
    live = [a["action"] for a in store.hand_actions(db, hand_id)]
    assert live == ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check"]

    # 3. out of turn: said as soon as the referee has judged the stored tap (TDA 53)
    tablet.verb(4, "fold")
    page.wait_for_function("() => document.querySelector('#notice').textContent === "
                           "'Chus folded while Bruno was to act.'", timeout=10_000)
    tablet.wait_stored(5)
    page.reload()
    tablet.wait_stored(5)
    assert len(store.hand_actions(db, hand_id)) == 5
    context.close()


def test_a_hand_can_be_entered_with_the_keyboard_alone(browser, server, app, db, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id, token = _table(app, db, case)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.goto(f"{server}/dealer/{night_id}/{token}/")
    page.focus('#seats .seat[data-seat="1"]')
    page.keyboard.press("Enter")              # choose seat 1: focus moves to its first action
    assert page.evaluate("document.activeElement.dataset.verb") == "ante"
    page.keyboard.press("Enter")              # ante 5, a fixed amount: one key, no keypad
    Tablet(page).wait_stored(1)
    assert page.is_hidden("#keypad")
    assert page.evaluate("document.activeElement.dataset.verb")  # focus is back on an action
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.tagName") in ("BUTTON", "SUMMARY")
    assert [a["action"] for a in store.hand_actions(db, store.current_hand(db, night_id))] == ["p1 ante 5"]
    # undo asks why, in the page (the focus on its button); the action is voided with that
    # reason, nothing deleted
    page.focus("#undo-btn")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "confirm-ok"
    page.fill("#confirm-reason", "wrong seat")
    page.keyboard.press("Enter")
    page.wait_for_selector("#log li.voided")
    actions = store.hand_actions(db, store.current_hand(db, night_id))
    assert [(a["action"], a["voided"], a["void_reason"]) for a in actions] == [("p1 ante 5", True, "wrong seat")]
    context.close()


def test_the_tablet_follows_a_hand_started_from_the_hosts_page(browser, server, app, db, shared):
    case = json.loads((shared / "cases" / "false_opener.json").read_text())
    night_id, token = _table(app, db, case)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    page.goto(f"{server}/dealer/{night_id}/{token}/")
    first = store.current_hand(db, night_id)
    store.end_hand(db, first, entered_by="host")
    second = store.start_hand(db, night_id, entered_by="host")  # the button moves on: seat 1
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("() => document.querySelector('.dealer-button') && "
                           "document.querySelector('.dealer-button').closest('.seat').dataset.seat === '1'")
    Tablet(page).act("p3 ante 5")
    assert [a["action"] for a in store.hand_actions(db, second)] == ["p3 ante 5"]
    context.close()


def test_player_opens_the_private_link_on_a_360px_phone_and_sees_the_net(browser, server, db):
    night_id = store.create_night(db, rules="pocker", chip_cents=10)
    ids = {}
    for name, seat, bought, counted in (("Ana", 1, 500, 740), ("Bruno", 2, 500, 260)):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name], bought, entered_by="test")
        store.cash_out(db, night_id, ids[name], counted, entered_by="test")
    store.close_night(db, night_id, entered_by="test")
    token = store.issue_token(db, ids["Ana"])
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="es-ES",
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    page.goto(f"{server}/p/{token}")
    net = page.text_content(".net-night")
    assert re.search(r"\+?24,00\s€", net), net  # +240 chips at 10 cents
    assert page.get_attribute("#total-EUR", "data-total-cents") == "2400"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Bruno's count stays private: he is named only at the table and as Ana's payer (issue 14)
    assert "260" not in page.content() and "de Bruno" in page.inner_text(f"#settle-{night_id}")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "player_phone_360.png"), full_page=True)
    context.close()
