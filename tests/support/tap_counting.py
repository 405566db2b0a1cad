"""Taps counted on the dealer's tablet as a dealer makes them (Playwright), on a night of a worked case."""

from __future__ import annotations

import json

from tablet_page import _later, paused_page
from tablets import dealer_token

import store


def _night(db, case: dict, *, start: bool = True) -> tuple[int, str]:
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    for player in case["players"]:
        pid = store.add_player(db, player["name"])
        store.seat_player(db, night_id, pid, player["seat"], entered_by="test")
        store.buy_in(db, night_id, pid, player["stack"], entered_by="test")
    if start:
        store.start_hand(db, night_id, button=case["hands"][0]["button"], entered_by="test")
    return night_id, dealer_token(db, night_id)


class Taps:
    """The dealer's taps on the hand page, counted: :meth:`click` is one tap (a click or a
    key a dealer makes); every helper taps only through it."""

    def __init__(self, page):
        self.page = page
        self.count = 0

    def settle(self):
        """Wait until every tap is stored and answered (nothing waiting to be sent)."""
        self.page.wait_for_selector('#net[data-pending="0"]', timeout=10_000)

    def click(self, selector: str):
        """One tap on ``selector``, at a dealer's pace, once the last tap is answered."""
        self.settle()
        _later(self.page)
        self.page.click(selector)
        self.count += 1

    def verb(self, verb: str, seat: int | None = None):
        """The seat due's action (selected by the referee's answer), or ``seat`` tapped first."""
        if seat is not None:
            self.click(f'#seats .seat[data-seat="{seat}"]')
        else:
            self.settle()
            self.page.wait_for_selector('#verbs[data-due="true"]')
        self.click(f'#verbs [data-verb="{verb}"]')

    def keypad(self, amount: int):
        for digit in str(amount):
            self.click(f'#keypad .key[data-key="{digit}"]')
        self.click("#amount-ok")

    def cards(self, cards: str):
        """Each card not picked yet (cards known to the referee come picked)."""
        for i in range(0, len(cards), 2):
            card = f'#picker-cards [data-card="{cards[i:i + 2]}"]'
            if self.page.get_attribute(card, "aria-pressed") != "true":
                self.click(card)
        if self.page.is_visible("#picker"):
            self.click("#picker-ok")

    def draw(self, count: int):
        self.settle()
        self.page.wait_for_selector('#verbs[data-due="true"]')
        self.click(f'#verbs [data-verb="draw-count"][data-count="{count}"]')

    def show(self, cards: str):
        self.verb("show")
        self.cards(cards)

    def undo(self):
        """Undo the last entry and confirm it (in the page, else the browser's question)."""
        self.page.once("dialog", lambda d: d.accept(d.default_value or "entered by mistake"))
        self.click("#undo-btn")
        confirm = self.page.locator("#confirm-ok")
        if confirm.count() and confirm.is_visible():
            self.click("#confirm-ok")
        else:
            self.count += 1   # the answer to the browser's question is a tap too


def _open(browser, server, night_id, token):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    return context, paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang=es")


def _case(shared, name):
    return json.loads((shared / "cases" / f"{name}.json").read_text())


ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
