"""The host's night in stages and set up in a minute (issue 26), in a real browser, in
Spanish, CSRF on, every tap COUNTED: a night from an empty club (the names typed once,
with a 45-letter one), counted out and closed on one screen; then a second night from the
host's home page with "los mismos que la última vez": six players who played last time,
each bought in, the tablet link on screen, in at most 10 taps and nothing typed but the
title; a hand started by mistake voided from the counts in one tap; the six counts and
the close in 6 counts + 2 taps.

Screenshots of each stage at 1366×768: tests/artifacts/night_stage-<stage>.png; none
scrolls sideways with the long name.
"""

from __future__ import annotations

import re

import pytest
from pages import fill_login
from paths import ARTIFACTS

import store
from store.hand.table_view import table_view

pytestmark = pytest.mark.browser

LONG = "Maximiliano Bartolomé de la Santísima Trinidad"   # 45 letters and spaces
PLAYERS = [LONG, "Íñigo", "Lucía", "Pepe", "Chema", "Ana"]
WIDTH, HEIGHT = 1366, 768


class Counted:
    """A page whose taps and typing are counted: :meth:`tap` clicks one thing (a button,
    a link, a dialog's OK counts as its own tap), :meth:`type` fills one field."""

    def __init__(self, page):
        self.page, self.taps, self.typed = page, 0, []
        page.on("dialog", self._accept)

    def _accept(self, dialog):
        self.taps += 1
        dialog.accept()

    def tap(self, selector: str) -> None:
        self.taps += 1
        self.page.locator(selector).first.click()
        self.page.wait_for_load_state()

    def type(self, selector: str, text: str) -> None:
        self.typed.append(selector)
        self.page.fill(selector, text)


def _stage(page) -> str:
    return page.locator("#stages a[aria-current=page]").get_attribute("data-stage")


def _fits(page, name: str) -> None:
    """No sideways scroll at 1366 px; the stages' tabs 44 px or more; a screenshot."""
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, name
    for box in page.locator("#stages a").evaluate_all("els => els.map(e => e.getBoundingClientRect().height)"):
        assert box >= 44
    page.screenshot(path=str(ARTIFACTS / f"night_stage-{name}.png"), full_page=True)


def _count_and_close(page, counted: Counted, db, night_id: int) -> None:
    """Each player's count typed into the one form (the chips on the table it shows), then
    the close: one tap, one OK."""
    page.goto(page.url.split("/host/")[0] + f"/host/night/{night_id}/close?lang=es")
    fields = page.locator("#count-grid input[name^=count-]")
    assert fields.count() == 6
    for i in range(fields.count()):
        field = fields.nth(i)
        expected = field.get_attribute("placeholder")
        assert expected and expected.isdigit()          # the chips on the table to expect
        counted.type(f"#{field.get_attribute('id')}", expected)
    counted.tap("#close-button")
    page.wait_for_selector("#settled")
    assert store.get_night(db, night_id)["closed"] and _stage(page) == "pay"


def test_a_night_from_an_empty_club_then_the_same_as_last_time_in_ten_taps(browser, server, app, db):
    ARTIFACTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale="es-ES")
    page = context.new_page()
    page.goto(f"{server}/host/?lang=es")
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_selector('form[action$="/host/nights"]')

    # --- the first night, from an empty club: the names typed once, the seat prefilled
    first = Counted(page)
    assert page.input_value("#buy_in") == ""            # nothing to prefill yet
    first.type("#title", "Primera noche")
    first.type("#buy_in", "100")
    first.tap('form[action$="/host/nights"] button[type=submit]')
    night1 = int(re.search(r"/host/night/(\d+)/table", page.url).group(1))
    assert _stage(page) == "table"
    for seat, name in enumerate(PLAYERS, start=1):
        assert page.input_value("#seat") == str(seat) and page.input_value("#chips") == "100"
        first.type("#name", name)
        first.tap("#seat-form button[type=submit]")
        assert page.url.endswith("/table#seating")      # back where the form was
    assert page.locator("#players tbody tr").count() == 6 and LONG in page.inner_text("#players")
    _fits(page, "table-first")
    _count_and_close(page, Counted(page), db, night1)

    # --- the second night, counted from the host's home page
    page.goto(f"{server}/host/?lang=es")
    second = Counted(page)
    assert page.input_value("#buy_in") == "100"         # the last night's, prefilled
    second.type("#title", "Segunda noche")
    second.tap('form[action$="/host/nights"] button[type=submit]')
    night2 = int(re.search(r"/host/night/(\d+)/table", page.url).group(1))
    assert "Lucía" in page.inner_text("#seat-last")
    second.tap("#seat-last button[type=submit]")         # los mismos que la última vez
    assert page.locator("#players tbody tr").count() == 6
    second.tap("#buy-in-all button[type=submit]")        # todos compran 100
    second.tap("#issue-dealer-link button[type=submit]")  # the tablet's link, on screen
    assert page.locator("#new-dealer-url").is_visible()
    assert second.taps <= 10, second.taps
    assert second.typed == ["#title"]
    seats = {p["name"]: p["seat"] for p in store.night_players(db, night2)}
    assert seats == {name: seat for seat, name in enumerate(PLAYERS, start=1)}
    bought = {r["name"]: r["bought"] for r in store.night_summary(db, night2)["players"]}
    assert bought == {name: 100 for name in PLAYERS}
    _fits(page, "table")

    # --- a rebuy is one tap; the play stage shows the hand as the tablet's state gives it
    page.goto(f"{server}/host/night/{night2}/play?lang=es")
    assert _stage(page) == "play"
    page.locator('#players tr[data-seat="3"] button.rebuy').click()
    page.wait_for_load_state()
    assert page.url.endswith("/play#rebuys") and "Compra anotada: Lucía +100" in page.inner_text(".flash.ok")
    store.start_hand(db, night2, button=1, entered_by="host:test")
    page.goto(f"{server}/host/night/{night2}?lang=es")  # the night's moment: a hand in progress
    assert _stage(page) == "play" and page.locator("#hand-table tbody tr").count() == 6
    assert page.locator("#hand-pot").get_attribute("data-pot") == "0"
    _fits(page, "play")

    # --- the counts: the hand started with no action is voided in one tap, its reason filled in
    page.goto(f"{server}/host/night/{night2}/close?lang=es")
    closing = Counted(page)
    closing.tap("#void-empty-hand button[type=submit]")
    assert not table_view(db, night2)["in_progress"] and page.url.endswith("/close#counts")
    assert closing.taps == 1
    _fits(page, "close")
    closing = Counted(page)
    _count_and_close(page, closing, db, night2)
    assert len(closing.typed) <= 6 and closing.taps <= 2, (closing.typed, closing.taps)
    _fits(page, "pay")
    context.close()
