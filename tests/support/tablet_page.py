"""The dealer's tablet page driven as a dealer taps it (Playwright), and a night to tap on."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tablets import dealer_token

import store


def _table(app, db, case: dict) -> tuple[int, str]:
    """A night set up as ``case`` (rules, players, first button); hand 1 started."""
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    for player in case["players"]:
        pid = store.add_player(db, player["name"])
        store.seat_player(db, night_id, pid, player["seat"], entered_by="test")
        store.buy_in(db, night_id, pid, player["stack"], entered_by="test")
    store.start_hand(db, night_id, button=case["hands"][0]["button"], entered_by="test")
    return night_id, dealer_token(db, night_id)


class Tablet:
    """Taps on the dealer page the way a dealer does (seat first, then the button)."""

    def __init__(self, page):
        self.page = page
        self.stored = 0

    def wait_stored(self, count: int | None = None):
        wait_sent(self.page)
        if count is not None:
            self.page.wait_for_function(
                f"() => document.querySelectorAll('#log li:not(.waiting)').length === {count}", timeout=10_000)

    def seat(self, seat: int):
        self.page.click(f'#seats .seat[data-seat="{seat}"]')

    def verb(self, seat: int, verb: str):
        self.seat(seat)
        main = self.page.locator(f'#verbs [data-verb="{verb}"]')
        if main.count():
            button = main
        else:
            if self.page.get_attribute("details.more", "open") is None:
                self.page.click("details.more > summary")
            button = self.page.locator(f'#more-verbs [data-verb="{verb}"]')
        self.fixed = button.get_attribute("data-amount")   # a fixed amount: one tap, no keypad
        button.click()

    def amount(self, value: int):
        if getattr(self, "fixed", None) is not None:
            assert int(self.fixed) == value and self.page.is_hidden("#keypad")
            self.fixed = None
            return
        self.page.fill("#amount", str(value))
        self.page.click("#amount-ok")

    def cards(self, cards: str):
        for i in range(0, len(cards), 2):
            card = f'#picker-cards [data-card="{cards[i:i + 2]}"]'
            if self.page.get_attribute(card, "aria-pressed") != "true":   # known cards come picked
                self.page.click(card)

    def act(self, line: str):
        """Enter one CONTRACT.md action line by tapping; waits until it is stored."""
        words = line.split()
        if words[0] == "d":
            seat = int(words[2][1:])
            self.seat(seat)
            if words[1] == "deal":
                self.page.click("#deal-btn")
                self.cards(words[3])
                if self.page.is_visible("#picker"):   # a whole deal picked is entered by itself
                    self.page.click("#picker-ok")
            elif words[1] == "award":
                self.page.click("#award-other")
                self.amount(int(words[3]))
            else:
                raise AssertionError(f"no tap for {line!r}")
        else:
            seat, verb, rest = int(words[0][1:]), words[1], words[2:]
            self.verb(seat, verb)
            if verb in ("ante", "open", "bet", "raise", "blind", "straddle"):
                self.amount(int(rest[0]))
            elif verb == "draw":
                if len(rest) > 1:
                    self.cards(rest[1])
                self.page.click(f'#draw-panel [data-count="{rest[0]}"]')
            elif verb == "show":
                self.cards(rest[0])
                if self.page.is_visible("#picker"):   # a whole hand picked is entered by itself
                    self.page.click("#picker-ok")
        self.stored += 1
        self.wait_stored(self.stored)


PAGE_START = datetime(2025, 1, 10, 21, 0, tzinfo=timezone.utc)
"""The tablet's clock when the page opens (paused there)."""


DEALER_PACE_MS = 2_000
"""A dealer's next deliberate tap, on the page's clock: past the tablet's double-activation
window (``TapDoubleGuard``, 300 ms, ``static/hand/tapqueue.js``)."""


def paused_page(context, url: str, *, script: str | None = None):
    """A page of ``context`` at ``url`` whose clock stands still at :data:`PAGE_START`:
    ``Date.now()`` and the page's timers (the 10 s refresh, a note that fades) move only when
    the test moves them (:func:`_later`, ``page.clock.run_for``). ``script``: run in the page
    before its own scripts."""
    page = context.new_page()
    page.clock.install(time=PAGE_START)
    page.clock.pause_at(PAGE_START + timedelta(seconds=1))
    if script:
        page.add_init_script(script)
    page.goto(url)
    return page


def wait_sent(page, timeout_s: float = 30) -> None:
    """Wait until the tablet's queue is empty (``#net[data-pending="0"]``), letting the page's
    paused clock run a second at a time meanwhile, as a tablet's clock runs: a try that
    failed just as the connection came back is sent again after its back-off (on a clock
    that never runs, it never would; the queue's own test of the reconnect is
    ``tests/js/tapqueue.test.js``)."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            page.wait_for_selector('#net[data-pending="0"]', timeout=1_000)
            return
        except PlaywrightTimeout:
            if time.monotonic() > deadline:
                raise
            page.clock.run_for(1_000)


def _later(page, ms: int = DEALER_PACE_MS):
    """Let ``ms`` pass on the page's clock (its timers fire): the dealer's next tap."""
    page.clock.run_for(ms)


def _log(db, night_id, *, hand_id=None):
    hand_id = hand_id or store.night_hands(db, night_id)[-1]["id"]
    return [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]


def _store_actions(db, night_id, actions, prefix="pre"):
    hand_id = store.current_hand(db, night_id)
    for i, action in enumerate(actions):
        store.append_action(db, hand_id, action, entered_by="test", key=f"{prefix}-{i:04d}")
    return hand_id
