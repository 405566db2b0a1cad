"""The hand replayer in a real browser (Playwright driving Debian's chromium): the host
steps through a hand with the keyboard and the buttons, a link points at a step, the page
without JavaScript and in print lists every step; a player opens a replay from the hand
list of their private link on a 360 x 740 phone. Screenshots go to ``tests/artifacts/``."""

from __future__ import annotations

import re

import pytest
from pages import open_as_host
from paths import ARTIFACTS
from replay_nights import ANA_OWN, NEVER_SHOWN, page_cards, replay_night

import store
from referee.messages import card_face

pytestmark = pytest.mark.browser

FINDING_STEPS = (11, 23)
"""Hand 1's steps with a finding: Íñigo's open (false opener), the award (wrong push)."""


def _current(page) -> int:
    """The step shown: the only visible step, which also names itself in the URL."""
    visible = page.eval_on_selector_all(
        "li.step", "els => els.filter(e => e.offsetParent !== null).map(e => +e.dataset.step)")
    assert len(visible) == 1, visible
    assert page.evaluate("location.hash") == f"#step-{visible[0]}"
    return visible[0]


def test_the_host_steps_through_a_hand_with_the_keyboard(browser, server, app, db):
    night = replay_night(db)
    url = f"/host/night/{night['night_id']}/hand/1"
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="es-ES")
    page = context.new_page()
    try:
        open_as_host(page, server, f"/host/night/{night['night_id']}/play", app)   # the hands: the play stage
        page.click("#hands-link")                       # the night page -> the list of hands
        page.wait_for_selector("#hand-list")
        assert page.locator("#hand-list tbody tr").count() == 4
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "replay_host_hands.png"), full_page=True)
        page.click('#hand-list tr[data-hand="1"] a.hand-link')  # the list -> the replay
        page.wait_for_selector("#replay.stepping")
        assert page.url.endswith(url + "#step-0")
        assert _current(page) == 0
        for expected in (1, 2, 3):
            page.keyboard.press("ArrowRight")
            assert _current(page) == expected
        page.keyboard.press("ArrowLeft")
        assert _current(page) == 2
        assert page.inner_text("#finding-next").endswith("(n)")   # a keyboard's key, shown with a keyboard
        page.keyboard.press("n")
        assert _current(page) == FINDING_STEPS[0]
        shown = page.locator(f"#step-{FINDING_STEPS[0]}")
        assert "Íñigo abre 10" in shown.inner_text()
        assert "apertura sin ley" in shown.inner_text()
        assert "Íñigo abre 10" in page.text_content("#step-counter")
        page.screenshot(path=str(ARTIFACTS / "replay_host_finding.png"), full_page=True)
        page.keyboard.press("n")
        assert _current(page) == FINDING_STEPS[1]
        page.keyboard.press("n")                       # from the last finding back to the first
        assert _current(page) == FINDING_STEPS[0]
        page.keyboard.press("End")
        last = _current(page)
        assert page.is_disabled("#step-next") and not page.is_disabled("#step-prev")
        page.click("#step-prev")
        assert _current(page) == last - 1
        page.click("#finding-next")
        assert _current(page) == FINDING_STEPS[1]
        # a link points at a step: opening it shows that step
        page.goto(server + url + "#step-5")
        page.wait_for_selector("#replay.stepping")
        assert _current(page) == 5
        assert page.locator("#step-6 .words").text_content() == "Íñigo recibe 10\u2660 10\u2666 9\u2663 5\u2665 2\u2660"
        page.screenshot(path=str(ARTIFACTS / "replay_host_step5.png"), full_page=True)
        # print: every step, no buttons
        page.emulate_media(media="print")
        visible = page.eval_on_selector_all("li.step", "els => els.filter(e => e.offsetParent !== null).length")
        assert visible == page.locator("li.step").count() > 20
        assert not page.is_visible("#replay-controls")
        page.pdf(path=str(ARTIFACTS / "replay_host_print.pdf"))
        page.emulate_media(media="screen")
    finally:
        context.close()


def test_without_javascript_every_step_is_listed(browser, server, app, db):
    night = replay_night(db)
    url = f"/host/night/{night['night_id']}/hand/1"
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US",
                                  java_script_enabled=False)
    page = context.new_page()
    try:
        open_as_host(page, server, url, app)
        steps = page.locator("li.step")
        assert steps.count() > 20
        assert all(steps.nth(i).is_visible() for i in range(steps.count()))
        assert not page.is_visible("#replay-controls")
        assert "Íñigo opens 10" in page.locator("#step-11").inner_text()
    finally:
        context.close()


def test_a_player_opens_a_replay_on_a_360px_phone(browser, server, db):
    night = replay_night(db)
    token = store.issue_token(db, night["players"]["Ana"])
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale="es-ES",
                                  is_mobile=True, has_touch=True, device_scale_factor=2)
    page = context.new_page()
    try:
        page.goto(f"{server}/p/{token}")
        hands = page.locator("details:has(a.replay-link)").first   # (tonight's hands open at once)
        if hands.get_attribute("open") is None:
            hands.locator("summary").first.click()
        page.click(f'a[href="/p/{token}/hand/{night["hands"][0]}"]')
        page.wait_for_selector("#replay.stepping")
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        html = page_cards(page.content(), token)
        for card in NEVER_SHOWN:   # neither as logged nor as the page draws cards (J♠ 10♦)
            assert card not in html and card_face(card) not in html, card
        assert all(card_face(card) in html for card in ANA_OWN)
        assert "(n)" not in page.inner_text("#finding-next")   # no keyboard hint on a phone (issue 26)
        page.click("#finding-next")
        assert _current(page) == FINDING_STEPS[0]
        step = page.locator(f"#step-{FINDING_STEPS[0]}")
        assert "10\u2660 10\u2666 ?? ?? ??" in re.sub(r"\s+", " ", step.inner_text())
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "replay_player_phone_360.png"), full_page=True)
        page.click("#step-next")
        page.click("#step-next")
        assert _current(page) == FINDING_STEPS[0] + 2
        page.goto(f"{server}/p/{token}/hand/{night['hands'][0]}#step-8")
        page.wait_for_selector("#replay.stepping")
        assert "Dani recibe 5 cartas" in page.locator("#step-8").inner_text()
        page.screenshot(path=str(ARTIFACTS / "replay_player_deal_360.png"), full_page=True)
    finally:
        context.close()
