"""Heavy pages bounded in number (issue 25, "No reader can stall the table": heavy renders
"bounded in cost and in concurrency (at most a few at once; others get 503 with
Retry-After in words) ... so worker threads are always free for taps and the tablet's
state"; ``web.core.heavy``)."""

from __future__ import annotations

import threading

from hosts import login_host
from ruling_night import session
from tablets import dealer_token

import store
from web.core.heavy import RETRY_AFTER

HEAVY = {"player.ledger", "player.night", "player.older", "reports.night", "reports.night_pdf_view", "replay.host_hand",
         "replay.player_hand", "files.download", "club.standings"}
"""The pages that can be large (what they show grows with a night or a club's years)."""


def test_the_heavy_pages_are_the_ones_that_take_a_slot(app):
    marked = {name for name, view in app.view_functions.items() if getattr(view, "heavy_page", False)}
    assert marked == HEAVY


def test_with_every_slot_taken_a_heavy_page_waits_briefly_then_says_503_in_words(app, client, db):
    """Every slot held (as by long PDFs being made): the phone page and the report answer
    503 with Retry-After and the reason in Spanish, nothing read; the tablet's state and a
    tap, which take no slot, answer at once; once a slot frees the page answers."""
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    ana = store.find_player(db, "Ana")
    token = store.issue_token(db, ana)
    dealer = dealer_token(db, night_id)
    login_host(client)
    slots = app.extensions["tapete_heavy"]
    held = 0
    while slots.acquire(blocking=False):
        held += 1
    assert held == 3
    try:
        for url in (f"/p/{token}?lang=es", f"/reports/nights/{night_id}?lang=es", "/host/club?lang=es"):
            answer = client.get(url)
            assert answer.status_code == 503 and answer.headers["Retry-After"] == RETRY_AFTER
            assert "Tapete está preparando otras páginas largas" in answer.get_data(as_text=True)
        state = client.get(f"/dealer/{night_id}/{dealer}/state")
        assert state.status_code == 200
    finally:
        for _ in range(held):
            slots.release()
    assert client.get(f"/p/{token}?lang=es").status_code == 200


def test_a_slot_is_given_back_when_the_page_fails(app, client, db):
    """A page that ends in an error (a 404 of an unknown night's report) frees its slot."""
    login_host(client)
    for _ in range(5):
        assert client.get("/reports/nights/999999").status_code == 404
    slots = app.extensions["tapete_heavy"]
    taken = [slots.acquire(blocking=False) for _ in range(3)]
    assert all(taken)
    for _ in taken:
        slots.release()


def test_at_most_the_slots_run_at_once(app, client, db, monkeypatch):
    """Eight phone pages at once: never more than three inside the view at the same time."""
    import store.player.phone as phone

    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    token = store.issue_token(db, store.find_player(db, "Ana"))
    inside, peak, lock = [0], [0], threading.Lock()
    real = phone.phone_page

    def slow(*args, **kwargs):
        with lock:
            inside[0] += 1
            peak[0] = max(peak[0], inside[0])
        try:
            threading.Event().wait(0.2)
            return real(*args, **kwargs)
        finally:
            with lock:
                inside[0] -= 1

    monkeypatch.setattr("web.player.views.phone_page", slow)
    codes = []

    def load():
        codes.append(app.test_client().get(f"/p/{token}").status_code)

    threads = [threading.Thread(target=load) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert peak[0] <= 3 and sorted(set(codes)) <= [200, 503] and 200 in codes
    assert night_id
