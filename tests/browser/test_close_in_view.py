"""The host's forms answer in view (issue 26, the fresh tester's findings 1 and 2), in a
real browser at 1366×768, Spanish, CSRF on: after "Sentar" the message and the section's
heading are inside the viewport, below the sticky tabs (measured: the message was printed
at the top of the page, y = −268, and the heading hidden under the tabs); on a night whose
last hand carried its pot, the counts' form asks where the pot is, the chips to expect
follow the answer, a refused close comes back with every count typed and its refusal in
view beside the close button, and the close with the pot handed back goes through.

Screenshots: tests/artifacts/night_close-pot-refused.png, night_table-seated-message.png.
"""

from __future__ import annotations

import pytest
from pages import open_as_host
from paths import ARTIFACTS

import store

pytestmark = pytest.mark.browser

WIDTH, HEIGHT = 1366, 768
LONG = "Maximiliano Bartolomé de la Santísima Trinidad"
NAMES = (LONG, "Íñigo", "Lucía", "Pepe", "Chema", "Ana")


def _carried_night(db) -> tuple[int, dict[str, int]]:
    """Six players, 500 chips each; one hand where nobody opens: 18 chips carried (3 each)."""
    night = store.create_night(db, rules="jackpots", chip_cents=10, buy_in=500)
    ids = {}
    for seat, name in enumerate(NAMES, start=1):
        ids[name] = store.add_player(db, name)
        store.seat_player(db, night, ids[name], seat, entered_by="host")
        store.buy_in(db, night, ids[name], 500, entered_by="host")
    hand = store.start_hand(db, night, button=1, entered_by="dealer")
    seats = [2, 3, 4, 5, 6, 1]
    lines = [f"p{s} ante 3" for s in seats] + [f"p{s} check" for s in seats]
    store.append_actions(db, hand, lines, entered_by="dealer", keys=[f"c-{i}" for i in range(len(lines))])
    store.end_hand(db, hand, entered_by="dealer")
    assert store.bank_check(db, night)["carried"] == 18
    return night, ids


def _in_view(page, selector: str) -> dict:
    """The element's box, asserted inside the viewport and below the sticky bar."""
    box = page.locator(selector).first.bounding_box()
    bar = page.locator("#stage-bar").bounding_box()
    assert box is not None, selector
    assert box["y"] >= bar["y"] + bar["height"] - 1 or selector.startswith("#stage-bar"), (selector, box, bar)
    assert box["y"] >= 0 and box["y"] + min(box["height"], 40) <= HEIGHT, (selector, box)
    return box


def test_the_messages_and_the_sections_are_in_view_and_a_refused_close_keeps_the_counts(browser, server, app, db):
    ARTIFACTS.mkdir(exist_ok=True)
    night, ids = _carried_night(db)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale="es-ES")
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    open_as_host(page, server, f"/host/night/{night}/table?lang=es", app)

    # "Sentar": back at #seating, the message in the sticky bar, the heading below it
    page.fill("#name", "Rosa")
    page.click("#seat-form button[type=submit]")
    page.wait_for_load_state()
    assert page.url.endswith("/table#seating")
    message = page.locator("#stage-messages .flash").first
    assert message.is_visible()
    box = message.bounding_box()
    assert 0 <= box["y"] and box["y"] + box["height"] <= HEIGHT, box
    _in_view(page, "#seating h2")
    page.screenshot(path=str(ARTIFACTS / "night_table-seated-message.png"))
    page.click("#stage-messages button.hide-message")
    assert page.locator("#stage-messages").count() == 0
    ids["Rosa"] = store.find_player(db, "Rosa")          # seated after the hand: 3.500 bought in all

    # the counts' form asks where the pot is; the chips to expect follow the answer
    page.goto(f"{server}/host/night/{night}/close?lang=es")
    assert page.is_checked('#pot-choice input[value="in_counts"]')
    ana = f'#count-grid tr[data-player="{ids["Ana"]}"] td.expected'
    assert page.inner_text(ana) == "500"                 # 497 + 3 of the pot handed back
    page.check('#pot-choice input[value="in_middle"]')
    assert page.inner_text(ana) == "497"
    assert page.get_attribute(f'#count-{ids["Ana"]}', "placeholder") == "497"
    typed = {name: 500 + (1 if name == "Pepe" else -1 if name == "Chema" else 0) for name in (*NAMES, "Rosa")}
    for name, chips in typed.items():
        page.fill(f"#count-{ids[name]}", str(chips))
    page.click("#close-button")                           # the pot said to be in the middle: +18, refused
    page.wait_for_selector("#close-refusal")
    assert not store.get_night(db, night)["closed"]
    refusal = page.inner_text("#close-refusal")
    assert "+18" in refusal and "siguen aquí" in refusal
    _in_view(page, "#close-refusal")
    _in_view(page, "#close-button")
    for name, chips in typed.items():                     # nothing wiped
        assert page.input_value(f"#count-{ids[name]}") == str(chips)
    assert page.is_checked('#pot-choice input[value="in_middle"]') and page.inner_text(ana) == "497"
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.screenshot(path=str(ARTIFACTS / "night_close-pot-refused.png"))

    # the pot was handed back: the same counts close the night
    page.check('#pot-choice input[value="in_counts"]')
    assert page.inner_text(ana) == "500"
    page.click("#close-button")
    page.wait_for_selector("#settled")
    assert store.get_night(db, night)["closed"]
    assert store.bank_check(db, night)["pot_in_counts"] == 18
    context.close()
