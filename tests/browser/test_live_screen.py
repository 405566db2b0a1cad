"""The live table view on a screen in the room (issue 28) and a rebuy asked from a phone, in a
real browser, in Spanish, CSRF on.

- A TV (1920×1080) opens the night's screen link (no login) and follows three taps of the
  dealer's tablet, each within 3 s (its poll, ``static/night/screen.js``: a 304 while nothing
  changed), showing no card nobody showed (the deals are said as a count); the connection
  dropped, it keeps the last picture and says it is reconnecting, and resumes when it is
  back. Screenshots: tests/artifacts/tv_1920-*.png.
- A player asks for chips on the phone (390 px), the request shows on the host's *Juego* (its
  live part) and on the tablet, which accepts it with one tap where the host ticked the
  night's box; the phone then says it was accepted. Screenshots:
  tests/artifacts/rebuy-*.png.
"""

from __future__ import annotations

import json
import time

import pytest
from pages import open_as_host
from paths import ARTIFACTS
from tablet_page import DEALER_PACE_MS, Tablet
from tablets import dealer_token

import store
from store.night.screen_links import issue_screen_link

pytestmark = pytest.mark.browser

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
PLAYERS = [("Ana", 1), ("Bruno", 3), ("Íñigo", 4)]
DEALT = {1: "AsAdKh7c2d", 3: "QsQh9c8c3d", 4: "JsJd5h4h2c"}
TV = {"width": 1920, "height": 1080}
TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
SUITS = "♠♥♦♣"


def _night(db) -> tuple[int, dict]:
    night_id = store.create_night(db, rules=RULES, chip_cents=10, title="Jueves", buy_in=500)
    ids = {}
    for name, seat in PLAYERS:
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night_id, ids[name], seat, entered_by="test")
        store.buy_in(db, night_id, ids[name], 500, entered_by="test")
    return night_id, ids


def _watch(page, errors: list[str]) -> None:
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def test_a_tv_follows_three_taps_of_the_tablet_hides_unshown_cards_and_survives_a_dropped_connection(
        app, db, browser, server):
    night_id, _ids = _night(db)
    hand = store.start_hand(db, night_id, button=4, entered_by="test")
    lines = ["p1 ante 5", "p3 ante 5", "p4 ante 5"] + [f"d deal p{seat} {cards}" for seat, cards in DEALT.items()]
    for i, line in enumerate(lines):
        store.append_action(db, hand, line, entered_by="test", key=f"tv-pre-{i}")
    token = dealer_token(db, night_id)
    _, screen = issue_screen_link(db, night_id, issued_by="test")
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    room = browser.new_context(viewport=TV, locale="es-ES", device_scale_factor=1)
    pad = browser.new_context(viewport=TABLET, locale="es-ES", device_scale_factor=1)
    try:
        tv = room.new_page()
        _watch(tv, errors)
        polls: list[int] = []
        tv.on("response", lambda r: polls.append(r.status) if "/live" in r.url else None)
        tv.goto(f"{server}/screen/{screen}?lang=es")
        tv.wait_for_selector("#tv-seats")
        tv.evaluate("window.__same_page = true")
        assert tv.text_content("#tv-to-act").strip() == "Ana"
        text = tv.text_content("#tv-live")
        assert "recibe 5 cartas" in text and not any(s in text for s in SUITS)
        tablet = pad.new_page()
        _watch(tablet, errors)
        tablet.goto(f"{server}/dealer/{night_id}/{token}/?lang=es")
        tablet.wait_for_selector('#seats .seat.to-act[data-seat="1"]')
        tv.wait_for_timeout(2_500)
        assert 304 in polls   # nothing changed yet: the poll cost a 304

        for n, (seat, verb, after) in enumerate(((1, "open", "Bruno"), (3, "call", "Íñigo"), (4, "fold", "Ana")), 1):
            tablet.click(f'#seats .seat[data-seat="{seat}"]')
            tablet.click(f'#verbs [data-verb="{verb}"]')
            tablet.wait_for_selector('#net[data-pending="0"]')
            tapped = time.monotonic()
            tv.wait_for_function(f"() => document.querySelector('#tv-to-act') && "
                                 f"document.querySelector('#tv-to-act').textContent.trim() === {json.dumps(after)}",
                                 timeout=3_000)
            assert time.monotonic() - tapped <= 3.0
            tv.screenshot(path=str(ARTIFACTS / f"tv_1920-tap{n}.png"))
            tablet.wait_for_timeout(DEALER_PACE_MS)
        assert tv.evaluate("window.__same_page") is True   # followed without a reload
        assert tv.get_attribute("#tv-pot", "data-pot") == "35"
        last = tv.locator("#tv-lines li").last.text_content()
        assert "Íñigo" in last
        text = tv.text_content("#tv-live")
        assert not any(s in text for s in SUITS)   # no card was shown: none on the screen
        assert tv.evaluate("document.documentElement.scrollWidth") <= TV["width"]
        assert tv.evaluate("document.documentElement.scrollHeight") <= TV["height"]   # one screen, no scrolling
        size = tv.evaluate("parseFloat(getComputedStyle(document.querySelector('.tv-seat')).fontSize)")
        assert size >= 32   # large type, read from across the room

        # the connection drops: the last picture stays, the screen says it is reconnecting
        room.set_offline(True)
        tv.wait_for_selector("#tv-status:not([hidden])", timeout=5_000)
        assert tv.text_content("#tv-to-act").strip() == "Ana"
        tv.screenshot(path=str(ARTIFACTS / "tv_1920-reconnecting.png"))
        Tablet(tablet).verb(1, "draw")   # Ana stands pat, on the tablet, while the TV is offline
        tablet.wait_for_selector("#draw-panel:not([hidden])")
        tablet.click('#draw-panel [data-count="0"]')
        tablet.wait_for_selector('#net[data-pending="0"]')
        tv.wait_for_timeout(2_500)
        assert tv.text_content("#tv-to-act").strip() == "Ana"   # still the last picture
        room.set_offline(False)
        tv.wait_for_selector("#tv-status", state="hidden", timeout=5_000)
        tv.wait_for_function("() => document.querySelector('#tv-to-act').textContent.trim() !== 'Ana'",
                             timeout=5_000)
        assert tv.evaluate("window.__same_page") is True
        tv.screenshot(path=str(ARTIFACTS / "tv_1920-resumed.png"))
    finally:
        room.close()
        pad.close()
    assert [e for e in errors if "net::" not in e] == []


def test_a_rebuy_asked_on_the_phone_is_accepted_on_the_tablet_where_the_host_allowed_it(app, db, browser, server):
    night_id, ids = _night(db)
    token = dealer_token(db, night_id, "Mesa")
    link = store.issue_token(db, ids["Bruno"])
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    desk = browser.new_context(viewport={"width": 1366, "height": 768}, locale="es-ES", device_scale_factor=1)
    pad = browser.new_context(viewport=TABLET, locale="es-ES", device_scale_factor=1)
    hand = browser.new_context(viewport=PHONE, locale="es-ES", device_scale_factor=2, is_mobile=True, has_touch=True)
    try:
        host = desk.new_page()
        _watch(host, errors)
        open_as_host(host, server, f"/host/night/{night_id}/play?lang=es", app)
        host.check("#tablet-rebuys")
        host.click("#tablet-rebuys-form button[type=submit]")
        host.wait_for_selector("#tablet-rebuys:checked")

        tablet = pad.new_page()
        _watch(tablet, errors)
        tablet.goto(f"{server}/dealer/{night_id}/{token}/?lang=es")
        tablet.wait_for_selector("#seats .seat")
        assert tablet.is_hidden("#rebuy-requests")

        phone = hand.new_page()
        _watch(phone, errors)
        phone.goto(f"{server}/p/{link}?lang=es")
        phone.fill(f"#rebuy-chips-{night_id}", "200")
        phone.click(f"#rebuy-ask-{night_id}")
        phone.wait_for_selector(f"#rebuy-waiting-{night_id}")
        assert "Has pedido 200 fichas" in phone.text_content("main")
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        phone.screenshot(path=str(ARTIFACTS / "rebuy-phone-asked.png"), full_page=True)

        host.wait_for_selector("#rebuy-requests .rebuy-request", timeout=3_000)   # Juego's live part
        assert "Bruno pide 200 fichas" in host.text_content("#rebuy-requests")
        host.locator("#rebuy-requests").scroll_into_view_if_needed()
        host.screenshot(path=str(ARTIFACTS / "rebuy-juego-pending.png"))

        tablet.wait_for_selector("#rebuy-requests:not([hidden]) .rebuy-accepted", timeout=5_000)
        assert "Bruno pide 200 fichas" in tablet.text_content("#rebuy-requests")
        tablet.screenshot(path=str(ARTIFACTS / "rebuy-tablet-request.png"))
        tablet.click("#rebuy-requests .rebuy-accepted")
        tablet.wait_for_selector("#rebuy-requests", state="hidden")
        assert "Bruno: recompra de 200 fichas anotada." in tablet.text_content("#tap-note")
        tablet.screenshot(path=str(ARTIFACTS / "rebuy-tablet-accepted.png"))

        entry = db.execute("SELECT chips, entered_by, detail FROM ledger WHERE kind = 'buy_in' ORDER BY id DESC").fetchone()
        assert entry[:2] == (200, "dealer:Mesa")
        assert json.loads(entry[2]) == {"rebuy_request": 1, "asked_by": f"player:{ids['Bruno']}"}
        host.wait_for_selector("#rebuy-requests", state="detached", timeout=3_000)

        phone.reload()
        phone.wait_for_selector(f"#rebuy-answer-{night_id}")
        assert "Tu petición de 200 fichas se aceptó." in phone.text_content(f"#rebuy-answer-{night_id}")
        phone.screenshot(path=str(ARTIFACTS / "rebuy-phone-accepted.png"), full_page=True)
    finally:
        desk.close()
        pad.close()
        hand.close()
    assert errors == []
