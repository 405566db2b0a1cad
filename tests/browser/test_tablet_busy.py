"""The tablet while another write holds the database (issue 25): the tap is answered 503 in
words, and the page says them beside the waiting tap (never a silent retry); once the lock
is free the queue sends the same tap again and it is stored once.
Same set-up as ``tests/support/tablet_page.py`` (Playwright driving ``/usr/bin/chromium``, the
page's clock paused: the back-off before the next try runs when the test moves it).
"""

from __future__ import annotations

import pytest
from flask_babel import force_locale
from locks import SHORT_BUSY_MS, held_write_lock
from role_routes import CASE
from tablet_page import Tablet, _log, _table, paused_page

import store.core.transactions
from web.core import errors

pytestmark = pytest.mark.browser

TABLE = {"rules": CASE["rules"], "players": [{"seat": seat, "name": name, "stack": 500} for name, seat in CASE["players"]],
         "hands": [{"button": 4}]}
"""Ana, Bruno and Chus at seats 1, 3 and 4; Chus deals the first hand."""


def test_a_tap_while_the_database_is_held_is_said_on_the_tablet_and_stored_when_free(
        browser, server, app, db, monkeypatch):
    monkeypatch.setattr(store.core.transactions, "BUSY_TIMEOUT_MS", SHORT_BUSY_MS)
    night_id, token = _table(app, db, TABLE)
    with app.test_request_context(f"/dealer/{night_id}/{token}/tap", method="POST"), force_locale("es"):
        busy = errors.busy_message()
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="es-ES")
    page = paused_page(context, f"{server}/dealer/{night_id}/{token}/?lang=es")
    tablet = Tablet(page)
    page.wait_for_selector('#seats .seat.to-act[data-seat="1"][aria-pressed="true"]')
    with held_write_lock(app.config["DATABASE"]):
        page.click('#verbs [data-verb="ante"]')                    # Ana's ante
        page.wait_for_function("(w) => document.getElementById('net').textContent.includes(w)", arg=busy)
        assert page.get_attribute("#net", "data-pending") == "1"
        assert "net offline" in page.get_attribute("#net", "class")
        assert _log(db, night_id) == []
    page.clock.run_for(1_500)                                        # the back-off: sent again
    tablet.wait_stored(1)
    assert _log(db, night_id) == ["p1 ante 5"]
    assert busy not in page.text_content("#net")
    context.close()
