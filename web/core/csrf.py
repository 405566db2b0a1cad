"""CSRF tokens on every state-changing request (Flask-WTF's ``CSRFProtect``) and the
answer to a request that is refused for its origin or its token.

Every POST (PUT, PATCH, DELETE) must carry the token of its own session: forms in the
hidden field ``csrf_token`` (``{{ csrf_token() }}`` in the template), the tablet's JSON
taps in the header ``X-CSRFToken`` (``static/hand/tapqueue.js`` reads it from the page's
``<meta name="csrf-token">``). A page from another site cannot read the token, so a form
it submits in the host's browser is refused (``CSRFError``): HTTP 400, nothing stored, a
page in the request's language saying the form expired (or ``{"error": ..., "csrf": true}``
for a JSON request, which the tablet treats as refused and then fetches a fresh token).

The token is a signed copy of a random value kept in the (signed) session cookie, so a
tablet, which has no login, gets its own when its page is rendered (``web.hand.tablet``'s state
also returns a fresh one: ``csrf_token``).

Tests: the plain ``app`` fixture turns the check off (``WTF_CSRF_ENABLED=False``); the tests
marked ``csrf`` or ``browser`` run with it on (``tests/conftest.py``, ``tests/support/csrf_client.py``).
"""

from __future__ import annotations

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError, CSRFProtect, generate_csrf

csrf = CSRFProtect()
"""The app's one ``CSRFProtect`` (:func:`init_app`)."""

__all__ = ["csrf", "init_app", "generate_csrf", "wants_json", "refused"]


def init_app(app: Flask) -> None:
    """Turn on CSRF tokens for ``app`` and register the refusal page.

    Settings (each kept when the app's config already has it, e.g. from ``test_config``):

    - ``WTF_CSRF_ENABLED``: True (the tests' plain ``app`` fixture sets False).
    - ``WTF_CSRF_TIME_LIMIT``: None -- the token lives as long as the session that holds it.
      A dealer's tablet has no login: its page is opened at the start of the night and stays
      open all night, so a token with a time limit (Flask-WTF's default is one hour) would
      refuse its taps after an hour. The session is what expires (logout, idle expiry of
      the host's session), and a refused tap makes the tablet fetch a fresh token.
    - ``WTF_CSRF_SSL_STRICT``: False -- Flask-WTF's own check of the ``Referer`` on HTTPS
      requests would refuse every form sent under ``Referrer-Policy: no-referrer`` (no
      ``Referer`` at all); :mod:`web.core.origin` checks ``Origin``/``Referer`` on HTTP and HTTPS
      alike instead.
    """
    app.config.setdefault("WTF_CSRF_ENABLED", True)
    app.config.setdefault("WTF_CSRF_TIME_LIMIT", None)
    app.config.setdefault("WTF_CSRF_SSL_STRICT", False)
    csrf.init_app(app)
    app.register_error_handler(CSRFError, _token_refused)


def wants_json() -> bool:
    """True when the request is JSON or asks for JSON (the tablet's taps and state)."""
    return request.is_json or request.accept_mimetypes.best == "application/json"


def refused(message: str, status: int, **extra):
    """The answer to a request refused before its view ran: ``{"error": message, **extra}``
    for JSON (:func:`wants_json`), else the page ``core/refused.html`` saying ``message`` (which
    says itself that nothing was stored: the page does not repeat it).

    :param message: the reason, already in the request's language.
    :param status: the HTTP status (400 for a bad token, 403 for another site's request).
    :returns: a Flask response (tuple).
    """
    if wants_json():
        return jsonify({"error": message, **extra}), status
    return render_template("core/refused.html", message=message, stored_said=True), status


def _token_refused(exc: CSRFError):
    """A missing, wrong or foreign CSRF token: 400, nothing stored (the view never ran)."""
    if wants_json():
        return refused(_("The page's security token has expired or is missing, so this was not "
                         "stored. The page is getting a new one: enter it again."), 400, csrf=True)
    return refused(_("This form has expired or did not come from this site, so nothing was "
                     "stored. Go back, reload the page and send it again."), 400)
