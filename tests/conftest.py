"""Shared fixtures (Flask tutorial style): ``app`` with a temporary database per test,
``client``, ``runner``; ``db`` (the same database opened directly) and ``shared`` (the
path of ``../shared``); for the browser tests ``browser`` (Playwright driving Debian's
chromium) and ``server`` (the app on a free localhost port). The helpers the tests share
live in ``tests/support/`` (on the path: ``from hosts import login_host``, ``from pdfs
import pdf_text``, ``from tablets import dealer_token``...), each module named for what it
builds. Tests are in folders that mirror the code: ``tests/referee/``,
``tests/store/<feature>/``, ``tests/web/<feature>/``, ``tests/browser/`` (and the tablet's
JavaScript under ``tests/js/``, run by node).
CSRF tokens are checked only in tests marked ``csrf`` or ``browser`` (:func:`csrf_on`).

Outside CI a test whose dependency is missing (``../shared``, chromium) is skipped with the
reason; under CI (``CI`` set) every skip is a failure, so nothing is silently left out.
"""

from __future__ import annotations

import os
import threading

import pytest
from apps import make_app
from hosts import host_account
from hypothesis import settings
from pages import CHROMIUM, CHROMIUM_ARGS
from paths import SHARED

from store import open_db

# No hypothesis deadline anywhere: a deadline is a timed assertion, and these machines are
# noisy (DEVELOPERS.md: speed is measured in benchmarks/, never asserted in tests).
settings.register_profile("tapete", deadline=None)
settings.load_profile("tapete")


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
    ``tests/support/csrf_client.py`` there."""
    yield make_app(tmp_path / "tapete.db", csrf=csrf_on(request))


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


