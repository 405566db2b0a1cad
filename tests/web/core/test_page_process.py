"""Heavy pages made in worker processes under the production server (issue 25: heavy
renders "may run in a separate process if the interpreter's lock would otherwise hold the
taps up"; ``web.core.page_process``)."""

from __future__ import annotations

import os

import pytest
from hosts import login_host
from ruling_night import session
from tablets import dealer_token
from werkzeug.test import Client

import store
from web.core import heavy
from web.core.page_process import PageWorkers


@pytest.fixture
def workers(app):
    """The app wrapped as ``web.core.serving`` wraps it, one worker per pool, on the same
    database and configuration; its processes stopped after the test."""
    config = {k: app.config[k] for k in ("TESTING", "DATABASE", "SECRET_KEY", "WTF_CSRF_ENABLED")}
    middleware = PageWorkers(app, config, {"page": 1, "print": 1})
    yield middleware
    middleware.shutdown()


def _worker_pids(middleware, name):
    return {p.pid for p in (middleware._pools[name]._processes or {}).values()}


def test_a_players_page_is_made_in_a_worker_as_on_a_thread(app, client, db, workers):
    """The phone page through the workers: the same page (the player's name, the night, the
    language) as the app makes on a thread, made by another process."""
    store.import_session(db, session(hands=2), chip_cents=10)
    token = store.issue_token(db, store.find_player(db, "Ana"))
    inline = client.get(f"/p/{token}?lang=es")
    answer = Client(workers).get(f"/p/{token}?lang=es")
    assert answer.status_code == inline.status_code == 200
    assert answer.headers["Content-Type"] == inline.headers["Content-Type"]
    assert answer.headers.get("Content-Security-Policy") == inline.headers.get("Content-Security-Policy")
    body = answer.get_data(as_text=True)
    assert "Ana" in body and 'lang="es"' in body
    pids = _worker_pids(workers, "page")
    assert pids and os.getpid() not in pids


def test_the_access_rules_run_in_the_worker(app, db, workers):
    """The club's standings without a login: the worker answers as the app does (to the
    login), with the host's session cookie the page itself."""
    store.import_session(db, session(hands=2), chip_cents=10)
    browser = Client(workers)
    refused = browser.get("/host/club?lang=es")
    assert refused.status_code in (302, 303) and "/host/login" in refused.headers["Location"]
    host = app.test_client()
    login_host(host)
    cookie = host.get_cookie("session")
    browser.set_cookie("session", cookie.value)
    answer = browser.get("/host/club?lang=es")
    assert answer.status_code == 200 and "la clasificación empieza con el primer cierre" in answer.get_data(as_text=True)


def test_a_pdf_is_made_in_the_print_pool(app, db, workers):
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    host = app.test_client()
    login_host(host)
    browser = Client(workers)
    browser.set_cookie("session", host.get_cookie("session").value)
    answer = browser.get(f"/reports/nights/{night_id}.pdf?lang=es")
    assert answer.status_code == 200 and answer.headers["Content-Type"] == "application/pdf"
    assert answer.data.startswith(b"%PDF")
    assert _worker_pids(workers, "print") and "page" not in workers._pools


def test_a_full_pool_is_answered_here_in_words_and_no_worker_is_asked(app, db, workers):
    store.import_session(db, session(hands=2), chip_cents=10)
    token = store.issue_token(db, store.find_player(db, "Ana"))
    pool = heavy.pool(app)
    while pool.slots.acquire(blocking=False):
        pass
    while pool.room.acquire(blocking=False):
        pass
    try:
        answer = Client(workers).get(f"/p/{token}?lang=es")
        assert answer.status_code == 503 and answer.headers["Retry-After"] == heavy.RETRY_AFTER
        assert "Tapete está preparando otras páginas largas" in answer.get_data(as_text=True)
        assert workers._pools == {}
    finally:
        for _ in range(pool.size):
            pool.slots.release()
        for _ in range(heavy.WAITING):
            pool.room.release()


def test_the_tablet_and_other_pages_stay_on_the_servers_thread(app, db, workers):
    """The tablet's state (and a POST, and a page that is not heavy) never go to a worker."""
    night_id = store.import_session(db, session(hands=2), chip_cents=10)
    dealer = dealer_token(db, night_id)
    browser = Client(workers)
    assert browser.get(f"/dealer/{night_id}/{dealer}/state").status_code == 200
    assert browser.get("/host/login?lang=es").status_code in (200, 302)
    assert browser.post(f"/dealer/{night_id}/{dealer}/tap", json={}).status_code in (400, 403)
    assert workers.pool_of({"REQUEST_METHOD": "POST", "PATH_INFO": "/host/club", "SERVER_NAME": "localhost",
                            "SERVER_PORT": "80", "wsgi.url_scheme": "http"}) is None
    assert workers._pools == {}


def test_warmed_workers_are_running_before_the_first_page(app, workers):
    """``warm`` starts every pool's processes (each builds its app) before any page asks."""
    workers.warm()
    for name in ("page", "print"):
        assert _worker_pids(workers, name) and os.getpid() not in _worker_pids(workers, name)


def test_a_workers_log_lines_keep_no_link(app, capfd):
    """The server's workers log as the server does (its logging set-up runs first in each):
    an error line naming a player's link says ``/p/…`` (the link was written whole)."""
    import logging

    from web.core.serving import configure_logging

    token = "HO-is8zZw-" + "x" * 33
    config = {k: app.config[k] for k in ("TESTING", "DATABASE", "SECRET_KEY", "WTF_CSRF_ENABLED")}
    middleware = PageWorkers(app, config, {"page": 1, "print": 0}, initializer=configure_logging)
    try:
        middleware._workers("page").submit(logging.error, f"Exception on /p/{token}/hand/3 [GET]").result(60)
    finally:
        middleware.shutdown()
    err = capfd.readouterr().err
    assert "Exception on /p/…" in err and token not in err
