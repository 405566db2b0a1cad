"""Every write route under a held lock, and writes on a full disk (issue 25: "every write
route answers a held lock with 503 + Retry-After in the page's language, never 500 ... a
full disk is said in words, everywhere").

The routes are the role x route matrix's (``tests/support/role_routes.py``: every
state-changing route of the app, checked against the URL map there), each sent by the role
it lets in, with a valid CSRF token, while another connection holds SQLite's write lock
(``BEGIN IMMEDIATE``; the busy timeout shortened to a tenth of a second). Each answers 503
with ``Retry-After`` and the catalogue's Spanish words, and stores nothing (every row of
every table the same). The control: the same request once the lock is free (a form sent
again from the 503 page's own "send it again" form) is stored.

A full disk is SQLite's real ``SQLITE_FULL`` (``tests/support/locks.full_disk``: the app's
connections may not grow the file): writes are made until one no longer fits; that one, a
tap or a form, is said in words (507), stores nothing, and is stored once there is room.
"""

from __future__ import annotations

import html
import io
import json
import re
import threading

import pytest
from apps import snapshot
from csrf_client import csrf_token
from flask_babel import force_locale, gettext
from hosts import HOST_PASSWORD, HOST_USER, host_account, login_host
from locks import SHORT_BUSY_MS, full_disk, held_write_lock
from role_routes import ALLOWED, carry_cookies, CASE, EXEMPT, ROUTES, build, client_for, credential

import store
import store.core.transactions
import store.files.import_pieces
import store.files.importer
from web.core import cli, errors

pytestmark = pytest.mark.csrf

SPANISH = {"Accept-Language": "es"}

EXEMPT_WRITES = ("host.login", "host.setup", "host.logout")
"""The matrix's exempt routes that write (a login attempt, the session's end)."""

READ_ONLY = ("disputes.preview", "disputes.step")
"""The exempt routes that write nothing (they take no lock: ``test_disputes``,
``test_step_editor``)."""

HIDDEN = re.compile(r'<input type="hidden" name="([^"]*)" value="([^"]*)">')
AGAIN = re.compile(r'<form method="post" action="([^"]*)" id="send-again">')


@pytest.fixture
def short_busy(monkeypatch):
    """The app's connections wait a tenth of a second for a held lock (not five)."""
    monkeypatch.setattr(store.core.transactions, "BUSY_TIMEOUT_MS", SHORT_BUSY_MS)


def spanish(app, path: str, words) -> str:
    """``words()`` (a function of ``web.core.errors``) said for a request to ``path`` in
    Spanish; asserted to be translated (not the English)."""
    with app.test_request_context(path, method="POST"):
        with force_locale("en"):
            english = words()
        with force_locale("es"):
            said = words()
    assert said != english, f"not translated: {english}"
    return said


def send(client, route, path: str, data: dict, token: str):
    """The route's request as its page sends it, in Spanish, with the session's token."""
    if route.as_json:
        return client.post(path, json=data, headers={**SPANISH, "X-CSRFToken": token})
    return client.post(path, data={**data, "csrf_token": token}, headers=SPANISH)


def sent_again(client, answer):
    """The 503 page's "send it again" form, sent as the browser sends it (its action and
    hidden fields); None when the page has none."""
    page = answer.get_data(as_text=True)
    action = AGAIN.search(page)
    if action is None:
        return None
    fields = [(html.unescape(n), html.unescape(v)) for n, v in HIDDEN.findall(page[action.end():])]
    form = {}
    for name, value in fields:
        form.setdefault(name, []).append(value)
    return client.post(html.unescape(action.group(1)), data=form)


def says(answer, words: str, as_json: bool) -> bool:
    """Whether the answer says ``words`` (the JSON's ``error``, or the page's text)."""
    if as_json:
        return answer.get_json()["error"] == words
    return html.escape(words) in answer.get_data(as_text=True)


def test_every_state_changing_route_is_sent_under_the_lock():
    """The matrix's routes are all sent here, and its exempt ones each have a place."""
    assert set(EXEMPT) == set(EXEMPT_WRITES) | set(READ_ONLY)
    assert len(ROUTES) > 25


@pytest.mark.slow
@pytest.mark.parametrize("route", ROUTES, ids=lambda r: r.endpoint)
def test_a_write_route_under_a_held_lock_answers_503_in_words_and_stores_nothing(app, db, route, short_busy):
    w = build(app, db)
    route.prepare(w)
    role = ALLOWED[route.area]
    client = client_for(app, w, role)
    carry_cookies(client, route, w)
    path = route.path(w, credential(w, role))
    token = csrf_token(client)
    data = route.data(w)
    before = snapshot(app.config["DATABASE"])
    with held_write_lock(app.config["DATABASE"]):
        answer = send(client, route, path, data, token)
    assert snapshot(app.config["DATABASE"]) == before
    assert answer.status_code == 503, answer.get_data(as_text=True)[:500]
    assert answer.headers["Retry-After"] == errors.RETRY_AFTER
    assert says(answer, spanish(app, path, errors.busy_message), route.as_json)
    # the control: once the lock is free the same write is stored (a form: from the page's
    # own "send it again", when it can hold the form)
    again = None if route.as_json else sent_again(client, answer)
    if again is None:
        again = send(client, route, path, route.data(w), token)
    assert again.status_code in (200, 302, 303), again.get_data(as_text=True)[:500]
    assert snapshot(app.config["DATABASE"]) != before


@pytest.mark.slow
@pytest.mark.parametrize("endpoint", EXEMPT_WRITES)
def test_login_setup_and_logout_under_a_held_lock_answer_503_in_words(app, db, endpoint, short_busy):
    client = app.test_client()
    form = {"username": HOST_USER, "password": HOST_PASSWORD}
    path = {"host.login": "/host/login", "host.setup": "/host/setup", "host.logout": "/host/logout"}[endpoint]
    words = errors.busy_message
    if endpoint == "host.login":   # the login page answers itself, with its own words
        host_account(app)
        def words():
            return gettext("The server is busy: try again in a moment.")
    elif endpoint == "host.setup":  # a wrong code: a failed attempt to record
        form = {"code": "AAAA-BBBB-CCCC", "username": HOST_USER, "password": HOST_PASSWORD,
                "confirm": HOST_PASSWORD}
    else:
        login_host(client)
    token = csrf_token(client)
    before = snapshot(app.config["DATABASE"])
    with held_write_lock(app.config["DATABASE"]):
        answer = client.post(path, data={**form, "csrf_token": token}, headers=SPANISH)
    assert snapshot(app.config["DATABASE"]) == before
    assert answer.status_code == 503 and answer.headers["Retry-After"] == errors.RETRY_AFTER
    assert says(answer, spanish(app, path, words), False)
    assert HOST_PASSWORD not in answer.get_data(as_text=True)   # a password is never written back
    again = client.post(path, data={**form, "csrf_token": token})
    assert again.status_code in (302, 401)
    assert snapshot(app.config["DATABASE"]) != before


def _session_file(names: tuple[str, ...]) -> bytes:
    """A session file of one hand (the matrix's case) played by ``names`` at seats 1, 3, 4."""
    players = [{"seat": seat, "name": name, "stack": 500} for name, (_, seat) in zip(names, CASE["players"])]
    return json.dumps({"format": "tapete/1", "rules": CASE["rules"], "players": players,
                       "hands": [{"button": 4, "actions": CASE["actions"]}]}).encode()


@pytest.mark.slow
def test_two_uploads_at_once_the_second_answers_503_in_words_and_the_first_is_stored(app, db, short_busy,
                                                                                    monkeypatch):
    """The first upload holds the write lock (it waits inside its transaction until the
    second has been answered); the second is told in words, stores nothing, and is stored
    when sent again."""
    host_account(app)
    first, second = app.test_client(), app.test_client()
    login_host(first)
    login_host(second)
    tokens = csrf_token(first), csrf_token(second)
    inside, release = threading.Event(), threading.Event()
    real = store.files.import_pieces.enter_expenses

    def slow_expenses(*args, **kwargs):   # called inside the import's write transaction
        inside.set()
        assert release.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(store.files.import_pieces, "enter_expenses", slow_expenses)
    answers = {}

    def upload(name, client, token, names):
        answers[name] = client.post("/host/import", headers=SPANISH, data={
            "file": (io.BytesIO(_session_file(names)), f"{name}.json"), "chip_cents": "10", "csrf_token": token})

    worker = threading.Thread(target=upload, args=("first", first, tokens[0], ("Ana", "Bruno", "Chus")))
    worker.start()
    try:
        assert inside.wait(30)
        before = snapshot(app.config["DATABASE"])
        upload("second", second, tokens[1], ("Dora", "Eva", "Fede"))
        assert snapshot(app.config["DATABASE"]) == before
    finally:
        release.set()
        worker.join(30)
    assert answers["second"].status_code == 503 and answers["second"].headers["Retry-After"] == errors.RETRY_AFTER
    assert says(answers["second"], spanish(app, "/host/import", errors.busy_message), False)
    assert answers["first"].status_code == 302
    assert [n["id"] for n in store.list_nights(db)] == [1]
    upload("second", second, tokens[1], ("Dora", "Eva", "Fede"))
    assert answers["second"].status_code == 302 and len(store.list_nights(db)) == 2


def _until_full(app, write, ok: tuple[int, ...], tries: int = 200):
    """Writes ``write(i)`` (i = 0, 1, ...) until one is not answered ``ok``: ``(that answer, the
    database before it, i)``; fails when none is refused in ``tries``."""
    for i in range(tries):
        before = snapshot(app.config["DATABASE"])
        answer = write(i)
        if answer.status_code not in ok:
            return answer, before, i
    raise AssertionError(f"{tries} writes and the database never filled up")


@pytest.mark.slow
def test_a_tap_on_a_full_disk_is_said_in_words_stores_nothing_and_is_stored_once_there_is_room(app, db):
    w = build(app, db)
    store.start_hand(db, w.night, button=1, entered_by="test")
    client = client_for(app, w, "dealer")
    path = f"/dealer/{w.night}/{w.dealer(w.night)}/tap"
    token = csrf_token(client)

    def tap(i):
        version = client.get(path.replace("/tap", "/state")).get_json()["version"]
        body = {"key": f"note-{i:04d}", "op": "action", "action": f"d note the {i}th note", "version": version}
        return client.post(path, json=body, headers={**SPANISH, "X-CSRFToken": token}), body

    taps = []
    with full_disk():
        answer, before, i = _until_full(app, lambda i: taps.append(tap(i)) or taps[-1][0], ok=(200,))
    assert snapshot(app.config["DATABASE"]) == before
    assert answer.status_code == 507
    assert answer.get_json()["error"] == spanish(app, path, errors.disk_full_message)
    # room again: the tablet's queue sends the same tap (its key), stored once
    again = client.post(path, json=taps[-1][1], headers={"X-CSRFToken": token})
    assert again.status_code == 200
    assert db.execute("SELECT COUNT(*) FROM events WHERE key = ?", [f"note-{i:04d}"]).fetchone()[0] == 1


@pytest.mark.slow
def test_a_form_on_a_full_disk_is_said_in_words_stores_nothing_and_can_be_sent_again(app, db):
    w = build(app, db)
    client = client_for(app, w, "host")
    path = f"/host/night/{w.night}/expenses"
    token = csrf_token(client)

    def expense(i):
        form = {"payer_id": str(w.ids["Ana"]), "amount": "1,00", "description": f"pizza {i}",
                "sharer_ids": [str(w.ids["Ana"]), str(w.ids["Bruno"])], "key": f"expense-{i:04d}",
                "csrf_token": token}
        return client.post(path, data=form, headers=SPANISH)

    with full_disk():
        answer, before, i = _until_full(app, expense, ok=(302,))
    assert snapshot(app.config["DATABASE"]) == before
    assert answer.status_code == 507
    page = answer.get_data(as_text=True)
    assert html.escape(spanish(app, path, errors.disk_full_message)) in page
    assert f'href="/host/night/{w.night}"' in page       # the page the form is on
    again = sent_again(client, answer)                  # room again: the page's own form
    assert again.status_code == 302
    assert snapshot(app.config["DATABASE"]) != before
    assert db.execute("SELECT COUNT(*) FROM expenses WHERE description = ?", [f"pizza {i}"]).fetchone()[0] == 1


def _cli_words(app, exc) -> str:
    """The command line's line for ``exc`` in Spanish (asserted translated)."""
    with app.app_context():
        app.config["CLUB_LANGUAGE"] = "en"
        english = cli.not_stored(exc)
        app.config["CLUB_LANGUAGE"] = "es"
        said = cli.not_stored(exc)
    assert said != english, f"not translated: {english}"
    return said


def test_a_command_under_a_held_lock_says_so_in_one_line_and_stores_nothing(app, db, short_busy):
    night_id = store.create_night(db, rules=CASE["rules"], chip_cents=10)
    words = _cli_words(app, store.Busy())
    before = snapshot(app.config["DATABASE"])
    with held_write_lock(app.config["DATABASE"]):
        result = app.test_cli_runner().invoke(args=["dealer-link", str(night_id)])
    assert result.exit_code == 1 and result.output.strip() == f"Error: {words}"
    assert snapshot(app.config["DATABASE"]) == before


@pytest.mark.slow
def test_a_command_on_a_full_disk_says_so_in_one_line_and_stores_nothing(app, db):
    night_id = store.create_night(db, rules=CASE["rules"], chip_cents=10)
    words = _cli_words(app, store.DiskFull())
    runner = app.test_cli_runner()
    with full_disk():
        for i in range(200):
            before = snapshot(app.config["DATABASE"])
            result = runner.invoke(args=["dealer-link", str(night_id), "--label", f"{i:03d}" + "x" * 37])
            if result.exit_code != 0:
                break
    assert result.exit_code == 1 and result.output.strip() == f"Error: {words}"
    assert snapshot(app.config["DATABASE"]) == before
