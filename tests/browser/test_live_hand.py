"""The host's *Juego* stage, live (issue 26), in a real browser, in Spanish, CSRF on: a tap
made on the dealer's tablet shows on the host's screen within 3 s, without a reload (the
page's poll, ``static/night/live_hand.js``, a 304 while nothing changed); "Última mano"
said on the host's screen shows on the tablet within 3 s (its own poll), and "Confirmar y
terminar" ends the play, which the host's screen then says. Screenshots:
tests/artifacts/night_live-*.png (1366×768) and tablet_1024_last_hand_from_host.png."""

from __future__ import annotations

import time

import pytest
from pages import open_as_host
from paths import ARTIFACTS
from tablets import dealer_token

import store
from store.night.last_hand import last_hand_mark

pytestmark = pytest.mark.browser

LONG = "Wolfgang Wilhelm Maximilian Weißenwald-Wüstenhagen von Würzburg"[:60]   # 60 letters, wide ones
RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
PLAYERS = [("Ana", 1), (LONG, 3), ("Íñigo", 4)]
DESK = {"width": 1366, "height": 768}
TABLET = {"width": 1024, "height": 768}


def _night(db) -> tuple[int, str]:
    night_id = store.create_night(db, rules=RULES, chip_cents=10, title="Jueves")
    for name, seat in PLAYERS:
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=4, entered_by="test")
    return night_id, dealer_token(db, night_id)


def _watch(page, errors: list[str]) -> None:
    page.on("response", lambda r: errors.append(f"{r.status} {r.url}")
            if r.status >= 400 and not r.url.endswith("/favicon.ico") else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


def test_a_tablet_tap_shows_on_the_hosts_juego_within_3_s_and_last_hand_goes_the_other_way(
        app, db, browser, server):
    night_id, token = _night(db)
    ARTIFACTS.mkdir(exist_ok=True)
    errors: list[str] = []
    desk = browser.new_context(viewport=DESK, locale="es-ES", device_scale_factor=1)
    pad = browser.new_context(viewport=TABLET, locale="es-ES", device_scale_factor=1)
    try:
        host = desk.new_page()
        _watch(host, errors)
        open_as_host(host, server, f"/host/night/{night_id}/play?lang=es", app)
        host.wait_for_selector("#live-hand #hand-table")
        assert host.get_attribute("#hand-pot", "data-pot") == "0"
        host.evaluate("window.__same_page = true")   # gone if the page reloads
        polls = []
        host.on("response", lambda r: polls.append(r.status) if "/play/live" in r.url else None)

        tablet = pad.new_page()
        _watch(tablet, errors)
        tablet.goto(f"{server}/dealer/{night_id}/{token}/?lang=es")
        tablet.wait_for_selector("#forced-btn:not([hidden])")
        host.wait_for_timeout(2_500)   # (the sync API hands the page's events over while it waits)
        assert 304 in polls   # nothing changed yet: the poll cost a 304
        tablet.click("#forced-btn")        # everyone's ante, one tap on the tablet
        tablet.wait_for_selector('#net[data-pending="0"]')
        tapped = time.monotonic()
        host.wait_for_selector('#hand-pot[data-pot="15"]', timeout=3_000)
        assert time.monotonic() - tapped <= 3.0
        assert host.evaluate("window.__same_page") is True   # no reload
        assert host.locator("#last-lines li").count() == 3
        assert "Ana" in host.text_content("#last-lines") and "5" in host.text_content("#last-lines")
        assert host.evaluate("document.documentElement.scrollWidth") <= DESK["width"]
        host.screenshot(path=str(ARTIFACTS / "night_live-play.png"), full_page=True)

        # "Última mano" from the host's screen: the tablet shows it within 3 s (its poll)
        host.click("#last-hand-button")
        host.wait_for_selector("#last-hand-note")
        assert last_hand_mark(db, night_id) is not None
        said = time.monotonic()
        tablet.wait_for_selector("#last-hand-note:not([hidden])", timeout=3_000)
        assert time.monotonic() - said <= 3.0
        box = host.locator("#last-hand-button").bounding_box()
        assert box["height"] >= 44 and box["width"] >= 44
        host.screenshot(path=str(ARTIFACTS / "night_live-last_hand.png"), full_page=True)
        tablet.screenshot(path=str(ARTIFACTS / "tablet_1024_last_hand_from_host.png"))

        # the hand played out on the tablet's side (the store), then "Confirmar y terminar"
        hand = store.current_hand(db, night_id)
        lines = ["p1 check", "p3 check", "p4 check"]
        store.append_actions(db, hand, lines, entered_by="dealer:test", keys=[f"lh-{i}" for i in range(len(lines))])
        tablet.wait_for_selector('#finish-btn[data-last="true"]:not([hidden])', timeout=5_000)
        assert tablet.text_content("#finish-btn").startswith("Confirmar y terminar")
        tablet.click("#finish-btn")
        host.wait_for_selector("#play-over", timeout=3_000)
        assert store.current_hand(db, night_id) is None
        assert "recuento" in host.text_content("#play-over")
        host.screenshot(path=str(ARTIFACTS / "night_live-play_over.png"), full_page=True)
        assert errors == []
    finally:
        desk.close()
        pad.close()
