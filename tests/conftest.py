"""Shared fixtures (Flask tutorial style): ``app`` with a temporary database per test,
``client``, ``runner``; ``db`` (the same database opened directly) and ``shared`` (the
path of ``../shared``); for the browser tests ``browser`` (Playwright driving Debian's
chromium) and ``server`` (the app on a free localhost port); helpers ``pdf_text``,
``pdf_pages``, ``login_host``, ``night_with_first_hand``, ``dealer_token``/``dealer_url`` (a
tablet link issued for a night) and ``tap_as_seen`` (a tap carrying what the tablet saw)
(``from conftest import ...``).
CSRF tokens are checked only in tests marked ``csrf`` or ``browser`` (:func:`csrf_on`).

Outside CI a test whose dependency is missing (``../shared``, chromium) is skipped with the
reason; under CI (``CI`` set) every skip is a failure, so nothing is silently left out.
"""

from __future__ import annotations

import functools
import os
import sqlite3
import sys
import threading
from io import BytesIO
from pathlib import Path

import pytest
from hypothesis import settings

# No hypothesis deadline anywhere: a deadline is a timed assertion, and these machines are
# noisy (DEVELOPERS.md: speed is measured in benchmarks/, never asserted in tests).
settings.register_profile("tapete", deadline=None)
settings.load_profile("tapete")
from pypdf import PdfReader
from werkzeug.security import generate_password_hash

import store
import store.account.accounts
import store.core.transactions
from app import create_app
from store import open_db

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))  # the synthetic nights (benchmarks/samples.py)
SHARED = (ROOT / ".." / "shared").resolve()
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = ROOT / "tests" / "artifacts"
"""Screenshots for a person to look at (not committed)."""


PHONE = {"width": 390, "height": 844}
"""A phone's screen for the browser tests of issue 14 (CSS pixels)."""


def fits(page, width: int = PHONE["width"]) -> None:
    """Assert that nothing on the page is wider than ``width`` (no sideways scrolling)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _fail_skips_under_ci(report) -> None:
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, where every dependency must be present: {report.longrepr}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_skips_under_ci(outcome.get_result())


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _fail_skips_under_ci(outcome.get_result())


CSRF_MARKERS = ("csrf", "browser")
"""Tests with one of these marks run with CSRF tokens checked (``WTF_CSRF_ENABLED`` on, as
the app sets it); every other test gets the app with the check off (``web.core.csrf``)."""


def csrf_on(request) -> bool:
    """Whether the running test asked for CSRF checks (:data:`CSRF_MARKERS`)."""
    return any(request.node.get_closest_marker(name) for name in CSRF_MARKERS)


@pytest.fixture
def app(tmp_path, request):
    """The app on a fresh SQLite file in ``tmp_path`` (schema migrated). CSRF tokens are
    checked only for tests marked ``csrf`` or ``browser`` (:func:`csrf_on`); post with
    ``tests/csrf_client.py`` there."""
    yield make_app(tmp_path / "tapete.db", csrf=csrf_on(request))


def make_app(path, *, csrf: bool = False):
    """The app as the tests configure it, on a fresh SQLite file at ``path`` (schema
    migrated first); ``csrf`` turns Flask-WTF's token checks on."""
    open_db(path).conn.close()
    return create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": csrf})


@pytest.fixture
def client(app):
    """A test client for ``app``."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner for ``app`` (``runner.invoke(args=["import", path])``)."""
    return app.test_cli_runner()


@pytest.fixture
def db(app):
    """The app's database opened directly (closed after the test)."""
    database = open_db(app.config["DATABASE"])
    yield database
    database.conn.close()


@pytest.fixture
def shared():
    """``../shared`` relative to the repository root; skips when it is missing."""
    if not SHARED.is_dir():
        pytest.skip(f"shared references not found at {SHARED} (CI has them at ../shared)")
    return SHARED


@pytest.fixture(scope="module")
def browser():
    """A headless Debian chromium driven by Playwright (never ``playwright install``)."""
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not at /usr/bin/chromium (scripts/setup --test installs it)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def server(app):
    """The app served on ``http://127.0.0.1:<free port>`` from a thread; yields the base URL.
    The host account exists (:func:`host_account`): the login page asks for it."""
    from werkzeug.serving import make_server

    host_account(app)

    httpd = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}"
    httpd.shutdown()
    thread.join(timeout=5)


def snapshot(path) -> dict[str, list[tuple]]:
    """Every row of every table of the database at ``path`` (a fresh connection: what is
    committed): table -> rows in rowid order. Two snapshots compare equal only when no row
    was added, changed or removed."""
    conn = sqlite3.connect(str(path))
    try:
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table' "
                                             "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
        return {t: conn.execute(f"SELECT * FROM {t} ORDER BY rowid").fetchall() for t in tables}
    finally:
        conn.close()


def pdf_text(pdf: bytes) -> str:
    """The text of every page of a PDF (bytes), joined (pypdf)."""
    return "\n".join(page.extract_text() for page in PdfReader(BytesIO(pdf)).pages)


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (bytes)."""
    return len(PdfReader(BytesIO(pdf)).pages)


HOST_USER, HOST_PASSWORD = "host", "correct horse battery"
"""The host account :func:`host_account` makes (what ``flask set-password`` would)."""


def host_account(app, username: str = HOST_USER, password: str = HOST_PASSWORD) -> tuple[str, str]:
    """Make the host account ``username`` in the app's database (once):
    ``(username, password)`` to log in with on the login page."""
    database = open_db(app.config["DATABASE"])
    try:
        if database.execute("SELECT 1 FROM accounts WHERE username = ?", [username]).fetchone() is None:
            with store.core.transactions.write_tx(database):  # what store.account.accounts.set_password does, the hash made once
                database.execute("INSERT INTO accounts (username, password_hash, role, created_at) "
                                 "VALUES (?, ?, 'host', ?)", [username, _hashed(password), store.core.transactions.utc_now()])
    finally:
        database.conn.close()
    return username, password


@functools.cache
def _hashed(password: str) -> str:
    """werkzeug's scrypt hash of ``password``, made once per test process (it is slow by design)."""
    return generate_password_hash(password)


def fill_login(page, app) -> None:
    """Fill the login page open in a Playwright ``page`` with the host's username and
    password (the account made if needed); the caller clicks the button."""
    username, password = host_account(app)
    page.fill("#username", username)
    page.fill("#password", password)


def open_as_host(page, base: str, path: str, app) -> None:
    """Open ``base + path`` in a Playwright ``page``, log in as the host on the login page
    it leads to (:func:`fill_login`), and wait until the browser is back on ``path``."""
    page.goto(base + path)
    fill_login(page, app)
    page.click("button[type=submit]")
    page.wait_for_url("**" + path)


def login_host(client, username: str = HOST_USER) -> str:
    """Log the test client in as the host: the account (:func:`host_account`), a session
    row, and the signed cookie holding its id and last-seen time (what the login page
    does). Returns the session id."""
    app = client.application
    host_account(app, username)
    database = open_db(app.config["DATABASE"])
    try:
        account_id = database.execute("SELECT id FROM accounts WHERE username = ?", [username]).fetchone()[0]
        sid = store.account.accounts.start_session(database, account_id, ip="127.0.0.1")
    finally:
        database.conn.close()
    with client.session_transaction() as session:
        session.clear()
        session["sid"] = sid
        session["seen"] = int(store.core.transactions.clock().timestamp())
        session.permanent = True
    return sid


def night_with_first_hand(db, case: dict) -> tuple[int, dict]:
    """A night seated as a session file ``case`` (its rules, players, stacks bought in) with
    the case's first hand logged and ended: ``(night id, player id by name)``."""
    night_id = store.create_night(db, rules=case["rules"], chip_cents=10)
    ids = {}
    for p in case["players"]:
        ids[p["name"]] = store.add_player(db, p["name"])
        store.seat_player(db, night_id, ids[p["name"]], p["seat"], entered_by="test")
        store.buy_in(db, night_id, ids[p["name"]], p["stack"], entered_by="test")
    hand_id = store.start_hand(db, night_id, button=case["hands"][0]["button"], entered_by="test")
    for i, action in enumerate(case["hands"][0]["actions"]):
        store.append_action(db, hand_id, action, entered_by="test", key=f"k-{i}")
    store.end_hand(db, hand_id, entered_by="test")
    return night_id, ids


def dealer_token(db, night_id: int, label: str | None = None) -> str:
    """Issue a dealer (tablet) link for the night (``store.issue_dealer_link``, as the host
    does on the night page) and return its token."""
    return store.issue_dealer_link(db, night_id, label, issued_by="test")[1]


def dealer_url(db, night_id: int, label: str | None = None) -> str:
    """The base path of a newly issued dealer link: ``/dealer/<night>/<token>`` (add ``/``,
    ``/state`` or ``/tap``)."""
    return f"/dealer/{night_id}/{dealer_token(db, night_id, label)}"


def tap_as_seen(client, base: str, body: dict):
    """POST one tap to ``base + "/tap"`` the way the tablet sends it: what it saw of the
    table (``GET base/state`` now) fills what the body leaves out: ``version`` (the hand's
    version) for actions, ends and undos, ``event_id`` (the entry an undo voids now) for an
    undo, ``after_hand`` (the last hand seen) for the next hand. Returns the response."""
    body = dict(body)
    op = body.get("op", "action")
    if ("version" not in body and op != "start_hand") or (op == "undo" and "event_id" not in body) \
            or (op == "start_hand" and "after_hand" not in body):
        seen = client.get(base + "/state").get_json() or {}
        if op == "start_hand":
            body.setdefault("after_hand", seen.get("hand_id"))
        else:
            body.setdefault("version", seen.get("version"))
        if op == "undo":
            body.setdefault("event_id", (seen.get("undo") or {}).get("event_id"))
    return client.post(base + "/tap", json=body)


NO_NETWORK_SCRIPT = """(() => {
  if (window.__tapeteNoNetwork) { return; }
  window.__tapeteNoNetwork = true;
  const fetchOnline = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === "string" ? input : (input && input.url) || "";
    if (!navigator.onLine && /\\/(tap|state)(\\?|$)/.test(url)) {
      return Promise.reject(new TypeError("Failed to fetch"));
    }
    return fetchOnline.apply(this, arguments);
  };
})();"""
"""The page side of :func:`set_offline`: while the browser says it is offline
(``navigator.onLine`` false), a ``fetch`` of the tap endpoint or the table's state fails as
a tablet without wifi sees it (a ``TypeError``), whatever route the request would take."""


def set_offline(context, offline: bool) -> None:
    """Cut the tablet's connection (``offline``) or give it back, for a browser context.

    Playwright's ``context.set_offline`` alone does not reliably cut the requests a page
    sends while its service worker controls it (the worker that keeps the tablet for an
    offline reload lets the taps pass, and neither Chromium's offline emulation nor a
    context route always sees that hop: a clean-clone CI run stored three taps made
    "offline"). So, besides the emulation and a route, every page of the context (and every
    page it loads later) fails its taps and state fetches while ``navigator.onLine`` is
    false (:data:`NO_NETWORK_SCRIPT`)."""
    if offline:   # (the routes first: nothing gets through in between)
        if not getattr(context, "_tapete_no_network", False):
            context.add_init_script(NO_NETWORK_SCRIPT)
            context._tapete_no_network = True
        for page in context.pages:
            page.evaluate(NO_NETWORK_SCRIPT)
        context.route("**/tap", lambda route: route.abort("internetdisconnected"))
        context.route("**/state", lambda route: route.abort("internetdisconnected"))
        context.set_offline(True)
    else:         # (the routes gone before the browser says "online": the queue sends at once)
        context.unroute("**/tap")
        context.unroute("**/state")
        context.set_offline(False)
