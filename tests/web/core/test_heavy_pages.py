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
from web.core import heavy
from web.core.heavy import RETRY_AFTER

HEAVY = {"player.ledger": "page", "player.night": "page", "player.older": "page", "player.night_hands": "page",
         "reports.night": "page", "reports.night_pdf_view": "print",
         "replay.host_hand": "page", "replay.player_hand": "page", "files.download": "print", "club.standings": "page",
         "stats.host_stats": "page", "stats.host_player": "page", "stats.night_stats": "page",
         "stats.player_stats": "page"}
"""The pages that can be large (what they show grows with a night or a club's years), and their pool."""


def test_the_heavy_pages_are_the_ones_that_take_a_slot(app):
    marked = {name: view.heavy_page for name, view in app.view_functions.items() if getattr(view, "heavy_page", False)}
    assert marked == HEAVY


def _take_all(app, name="page"):
    """Every slot of pool ``name`` and every place in its waiting room, taken; returns the pool."""
    pool = heavy.pool(app, name)
    while pool.slots.acquire(blocking=False):
        pass
    while pool.room.acquire(blocking=False):
        pass
    return pool


def _give_back(pool):
    for _ in range(pool.size):
        pool.slots.release()
    for _ in range(heavy.WAITING):
        pool.room.release()


def test_with_every_slot_taken_a_heavy_page_waits_briefly_then_says_503_in_words(app, client, db):
    """Every slot held (as by long PDFs being made): the phone page and the report answer
    503 with Retry-After and the reason in Spanish, nothing read; the tablet's state and a
    tap, which take no slot, answer at once; once a slot frees the page answers."""
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    ana = store.find_player(db, "Ana")
    token = store.issue_token(db, ana)
    dealer = dealer_token(db, night_id)
    login_host(client)
    pool = heavy.pool(app)
    assert pool.size == 3
    pool = _take_all(app)
    try:
        for url in (f"/p/{token}?lang=es", f"/reports/nights/{night_id}?lang=es", "/host/club?lang=es"):
            answer = client.get(url)
            assert answer.status_code == 503 and answer.headers["Retry-After"] == RETRY_AFTER
            assert "Tapete está preparando otras páginas largas" in answer.get_data(as_text=True)
        state = client.get(f"/dealer/{night_id}/{dealer}/state")
        assert state.status_code == 200
    finally:
        _give_back(pool)
    assert client.get(f"/p/{token}?lang=es").status_code == 200


def test_a_slot_is_given_back_when_the_page_fails(app, client, db):
    """A page that ends in an error (a 404 of an unknown night's report) frees its slot."""
    login_host(client)
    for _ in range(5):
        assert client.get("/reports/nights/999999").status_code == 404
    slots = heavy.pool(app).slots
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


def test_a_flood_of_pdfs_leaves_the_players_pages_their_own_slots(app, client, db):
    """Every PDF slot and wait taken (a client reloading a night's PDF flat out): the PDF
    answers 503 in words, the player's page and the report still answer."""
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    token = store.issue_token(db, store.find_player(db, "Ana"))
    login_host(client)
    pool = _take_all(app, "print")
    try:
        pdf = client.get(f"/reports/nights/{night_id}.pdf?lang=es")
        assert pdf.status_code == 503 and "Tapete está preparando otras páginas largas" in pdf.get_data(as_text=True)
        assert client.get(f"/p/{token}?lang=es").status_code == 200
        assert client.get(f"/reports/nights/{night_id}?lang=es").status_code == 200
    finally:
        _give_back(pool)


def test_a_page_finding_the_slots_taken_waits_for_one_that_frees_in_time(app, client, db):
    """The slots taken but the waiting room free: the page waits (no 503) and is made once
    a slot frees within ``WAIT_S``."""
    store.import_session(db, session(hands=2), chip_cents=10)
    token = store.issue_token(db, store.find_player(db, "Ana"))
    pool = heavy.pool(app)
    for _ in range(pool.size):
        assert pool.slots.acquire(blocking=False)
    timer = threading.Timer(heavy.WAIT_S / 5, pool.slots.release)
    timer.start()
    try:
        assert client.get(f"/p/{token}?lang=es").status_code == 200
    finally:
        timer.join()
        for _ in range(pool.size - 1):
            pool.slots.release()


def test_with_the_waiting_room_full_the_next_page_is_refused_at_once(app, client, db):
    """Slots and waiting room full: a further page is answered 503 without waiting out
    ``WAIT_S`` (a flood is refused cheaply; waits are bounded, so threads stay for taps)."""
    import time

    store.import_session(db, session(hands=2), chip_cents=10)
    token = store.issue_token(db, store.find_player(db, "Ana"))
    pool = _take_all(app)
    try:
        began = time.monotonic()
        assert client.get(f"/p/{token}?lang=es").status_code == 503
        assert time.monotonic() - began < heavy.WAIT_S
    finally:
        _give_back(pool)


def test_the_server_keeps_threads_for_the_tablets_beyond_every_heavy_slot_and_wait(app):
    """The production server's worker threads outnumber what heavy pages can hold by at
    least eight: those are always free for taps and the tablet's state."""
    from web.core.serving import THREADS

    assert THREADS >= heavy.slots_and_waits(app) + 8


def test_one_guest_flooding_from_many_connections_leaves_the_others_their_pages(app, db):
    """A guest holding its share of the pool (two pages of one address running) is refused
    a third at once, in words; a player on another address still gets their page, and the
    host the report (one address took every slot and the others got 503)."""
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    ana, bruno = (store.issue_token(db, store.find_player(db, name)) for name in ("Ana", "Bruno"))
    guest = app.test_client()
    pool = heavy.pool(app)
    for _ in range(heavy.PER_ADDRESS):
        pool.enter("10.0.0.66")
    try:
        refused = guest.get(f"/p/{ana}?lang=es", environ_base={"REMOTE_ADDR": "10.0.0.66"})
        assert refused.status_code == 503
        assert "Tapete está preparando otras páginas largas" in refused.get_data(as_text=True)
        other = app.test_client().get(f"/p/{bruno}?lang=es", environ_base={"REMOTE_ADDR": "10.0.0.7"})
        assert other.status_code == 200
        host = app.test_client()
        login_host(host)
        assert host.get(f"/reports/nights/{night_id}", environ_base={"REMOTE_ADDR": "10.0.0.8"}).status_code == 200
    finally:
        for _ in range(heavy.PER_ADDRESS):
            pool.leave("10.0.0.66")
    assert pool.held == {}
