"""The live table view's layout (issue 28, a fresh tester): on a 390-px phone the page was
868 px wide, the names one letter a line and the side panel over the seats; at 1920 px a long
name broke mid-word in a narrow column while its row had room. Now, at 390×844, the seats are
a list, the panel below them, nothing wider than the screen; at 1920×1080 a long name takes
the row's room and wraps at its spaces. Screenshots: tests/artifacts/tv_layout-*.png."""

from __future__ import annotations

import pytest
from paths import ARTIFACTS

import store
from store.night.screen_links import issue_screen_link

pytestmark = pytest.mark.browser

RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
PLAYERS = [("Maximiliano Fernández de la Vega", 1), ("Ana", 2), ("Bartolomeu Wolfeschlegelsteinhausen", 3),
           ("Íñigo", 4)]
DEALT = {1: "AsAdKh7c2d", 2: "QsQh9c8c3d", 3: "JsJd5h4h2c", 4: "9s9d6h5c4d"}

BOXES = """() => [...document.querySelectorAll('.tv-seat')].map(s => {
  const box = s.getBoundingClientRect(), name = s.querySelector('.tv-name').getBoundingClientRect();
  const line = parseFloat(getComputedStyle(s.querySelector('.tv-name')).lineHeight) ||
               1.3 * parseFloat(getComputedStyle(s.querySelector('.tv-name')).fontSize);
  return {left: box.left, right: box.right, bottom: box.bottom, nameWidth: name.width,
          nameLines: Math.round(name.height / line), name: s.querySelector('.tv-name').textContent};
})"""


def _night(db) -> int:
    night_id = store.create_night(db, rules=RULES, chip_cents=10, title="Viernes largo", buy_in=500)
    for name, seat in PLAYERS:
        player = store.add_player(db, name)
        store.seat_player(db, night_id, player, seat, entered_by="test")
        store.buy_in(db, night_id, player, 500, entered_by="test")
    hand = store.start_hand(db, night_id, button=4, entered_by="test")
    lines = [f"p{seat} ante 5" for _, seat in PLAYERS] + [f"d deal p{s} {c}" for s, c in DEALT.items()]
    lines += ["p1 open 10", "p2 fold"]   # a bet and a fold: each seat's second line says them
    for i, line in enumerate(lines):
        store.append_action(db, hand, line, entered_by="test", key=f"tv-layout-{i}")
    return night_id


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_the_tv_view_fits_a_phone_and_a_tv(db, browser, server, width, height):
    night_id = _night(db)
    _, token = issue_screen_link(db, night_id, issued_by="test")
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": height}, locale="es-ES")
    try:
        page = context.new_page()
        page.goto(f"{server}/screen/{token}?lang=es")
        page.wait_for_selector("#tv-seats")
        page.screenshot(path=str(ARTIFACTS / f"tv_layout-{width}.png"), full_page=True)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        seats = page.evaluate(BOXES)
        assert len(seats) == 4
        for seat in seats:
            assert 0 <= seat["left"] and seat["right"] <= width, seat
            assert seat["nameLines"] <= 2, seat   # wrapped at its spaces, never a letter a line
        side = page.locator(".tv-side").bounding_box()
        assert side["x"] >= 0 and side["x"] + side["width"] <= width
        by_name = {s["name"]: s for s in seats}
        if width == 390:
            assert side["y"] >= max(s["bottom"] for s in seats)   # the panel below the seats
            assert min(s["nameWidth"] for s in seats) >= 150   # the name has the row's room
            assert page.locator("#tv-to-act").is_visible()
        else:
            assert side["x"] >= max(s["right"] for s in seats)   # the panel beside the seats
            for name in ("Maximiliano Fernández de la Vega", "Bartolomeu Wolfeschlegelsteinhausen"):
                assert by_name[name]["nameWidth"] >= 450, by_name[name]   # the row's room is the name's
            assert page.evaluate("document.documentElement.scrollHeight") <= height
            size = page.evaluate("parseFloat(getComputedStyle(document.querySelector('.tv-seat')).fontSize)")
            assert size >= 32   # large type, read from across the room
    finally:
        context.close()
