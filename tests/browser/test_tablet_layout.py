"""The tablet's table at 1024×768 (issue 26, a fresh tester's report): with six and with ten
seats, a 45-letter name to act, at the bet and at the showdown (the shown cards at the
seats), no two seat boxes overlap, no seat box covers the centre line ("Habla: …", the name
cut short there as on the seats, whole in its title), every seat box is inside the viewport
and the table's oval, and the top bar stays one line high with the Jackpot preset's long
name. Screenshots under tests/artifacts/ (tablet_layout_*.png).
"""

from __future__ import annotations

import pytest
from paths import ARTIFACTS
from tablet_page import _store_actions, paused_page
from tablets import dealer_token

import store

pytestmark = pytest.mark.browser

LONG = "Maximiliano Fernández-Villaverde y Montenegro"   # the tester's 45-letter name
RULES = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
SIX = ["Íñigo", LONG, "Bea", "Carlos", "Dolores", "Eugenio"]
TEN = SIX + ["Fátima", "Gonzalo", "Herminia", "Jacinta"]
HANDS = ["AhAd2c3c4c", "KhKd5c6c7c", "QhQd8c9cTc", "JhJdJcQcKc", "ThTdAc2s3s",
         "9h9d4s5s6s", "8h8d7s8s9s", "7h7dTsJsQs", "6h6dKsAs2h", "5h5d3h4h2d"]


def _night(db, names):
    """Seats 1..len(names) of 500 chips each; Íñigo (seat 1) deals, so seat 2 speaks first."""
    night_id = store.create_night(db, rules=RULES, chip_cents=10)
    for seat, name in enumerate(names, start=1):
        pid = store.add_player(db, name)
        store.seat_player(db, night_id, pid, seat, entered_by="test")
        store.buy_in(db, night_id, pid, 500, entered_by="test")
    store.start_hand(db, night_id, button=1, entered_by="test")
    seats = range(1, len(names) + 1)
    _store_actions(db, night_id, [f"p{s} ante 5" for s in seats])
    return night_id, dealer_token(db, night_id)


def _to_showdown(db, night_id, count):
    """Seat 2 opens, everyone calls, everyone stands pat, checks down and shows."""
    order = list(range(2, count + 1)) + [1]
    lines = ["p2 open 10"] + [f"p{s} call" for s in order[1:]]
    lines += [f"p{s} draw 0" for s in order] + [f"p{s} check" for s in order]
    lines += [f"p{s} show {HANDS[s - 1]}" for s in order]
    _store_actions(db, night_id, lines, prefix="show")


def _boxes(page):
    return {int(s.get_attribute("data-seat")): s.bounding_box()
            for s in page.locator("#seats .seat").all()}


RING = 3
"""px: the ring round the seat to act (``box-shadow`` in tablet.css), outside its box."""


def _overlap(a, b, pad=RING):
    """Whether boxes ``a`` and ``b`` (Playwright's, CSS px) come within ``pad`` px."""
    return not (a["x"] + a["width"] + pad <= b["x"] or b["x"] + b["width"] + pad <= a["x"]
                or a["y"] + a["height"] + pad <= b["y"] or b["y"] + b["height"] + pad <= a["y"])


def _edge_midpoints(box):
    x, y, w, h = box["x"], box["y"], box["width"], box["height"]
    return [(x, y + h / 2), (x + w, y + h / 2), (x + w / 2, y), (x + w / 2, y + h)]


def _in_oval(felt, x, y, border=6):
    """Whether the point (CSS px) is inside the ellipse within the felt's border."""
    rx, ry = felt["width"] / 2 - border, felt["height"] / 2 - border
    cx, cy = felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] / 2
    return ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1


def _check_table(page, count, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"tablet_layout_{name}.png"))
    boxes = _boxes(page)
    assert len(boxes) == count
    seats = sorted(boxes)
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            assert not _overlap(boxes[a], boxes[b]), (name, a, boxes[a], b, boxes[b])
    centre = page.locator("#to-act").bounding_box()
    if centre and centre["width"]:
        for seat, box in boxes.items():
            assert not _overlap(box, centre), (name, seat, box, centre)
    felt = page.locator("#felt").bounding_box()
    for seat, box in boxes.items():   # in the viewport, on the felt (inside its border)
        assert box["x"] >= felt["x"] + 6 and box["x"] + box["width"] <= felt["x"] + felt["width"] - 6, (name, seat, box, felt)
        assert box["y"] >= felt["y"] and box["y"] + box["height"] <= felt["y"] + felt["height"], (name, seat, box, felt)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 1024 and box["y"] >= 0, (name, seat, box)
        assert box["y"] + box["height"] <= 768, (name, seat, box)
        for x, y in _edge_midpoints(box):   # on the oval, not over its edge
            assert _in_oval(felt, x, y), (name, seat, box, felt, x, y)
        for part in page.locator(f'#seats .seat[data-seat="{seat}"] > *').all():   # nothing spills out
            inner = part.bounding_box()
            assert inner["x"] >= box["x"] - 0.5 and inner["x"] + inner["width"] <= box["x"] + box["width"] + 0.5, (name, seat, inner, box)
            assert inner["y"] >= box["y"] - 0.5 and inner["y"] + inner["height"] <= box["y"] + box["height"] + 0.5, (name, seat, inner, box)
    return boxes


def _open(browser, server, night_id, token):
    context = browser.new_context(viewport={"width": 1024, "height": 768}, locale="es-ES")
    page = paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang=es")
    page.wait_for_selector("#seats .seat")
    return context, page


@pytest.mark.parametrize("names", [SIX, TEN], ids=["six", "ten"])
def test_a_45_letter_name_to_act_overlaps_nothing_at_the_bet_and_the_showdown(browser, server, app, db, names):
    count = len(names)
    night_id, token = _night(db, names)
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector('#seats .seat.to-act[data-seat="2"]')
    _check_table(page, count, f"{count}_bet")
    centre = page.locator("#to-act")
    assert centre.get_attribute("title") == f"Habla: Asiento 2 · {LONG}"   # whole where cut short
    assert centre.text_content() == f"Habla: Asiento 2 · {LONG}"
    name = page.locator("#to-act .to-act-name")
    assert name.evaluate("e => e.scrollWidth > e.clientWidth")            # cut short on the table
    assert centre.evaluate("e => e.getBoundingClientRect().height") < 60   # two lines at most
    context.close()
    _to_showdown(db, night_id, count)
    context, page = _open(browser, server, night_id, token)
    page.wait_for_selector("#seats .seat .seat-cards")
    assert page.locator("#seats .seat .seat-cards").count() == count
    _check_table(page, count, f"{count}_showdown")
    context.close()


def test_the_top_bar_stays_one_line_with_the_jackpot_preset(browser, server, app, db):
    night_id, token = _night(db, SIX)
    context, page = _open(browser, server, night_id, token)
    bar = page.locator("header.bar")
    assert "Jackpot (pareja de jotas o mejor para abrir)" in bar.text_content()
    one_line = page.locator("header.bar .brand").bounding_box()["height"]
    # the bar's children sit on one line: none below the first's top by a line or more
    tops = [b["y"] for b in (c.bounding_box() for c in bar.locator("> *").all()) if b and b["height"]]
    assert max(tops) - min(tops) < one_line, tops
    assert bar.bounding_box()["height"] <= 64
    context.close()
