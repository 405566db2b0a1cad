"""HTTP errors (404, 405, 400, 413, 500 and every other ``werkzeug`` ``HTTPException``)
said in the request's language.

A page's request gets ``core/refused.html`` (in Spanish or English, as the page's locale is
chosen: ``web.core.i18n``); a JSON request, and any request to the tablet's own paths
(``/dealer/<night>/<token>/state`` and ``/tap``), gets ``{"error": message}``, so the tablet
shows words, never "HTTP 404". A 404 on a tablet path says that the tablet link no longer
works (a revoked or mistyped link) and to ask the host for a new one.

More specific handlers registered elsewhere win (Flask picks the nearest class): the
CSRF refusal (``web.core.csrf``) and the 413 of ``web.core.limits``.
"""

from __future__ import annotations

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException

DEALER_PREFIX = "/dealer/"
"""The tablet's paths."""


def init_app(app: Flask) -> None:
    """Answer every ``HTTPException`` of ``app`` with :func:`http_error`, and a number past
    what the database holds with :func:`number_too_large`."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(OverflowError, number_too_large)


def tablet_json() -> bool:
    """True when the answer should be JSON: the request is JSON or asks for JSON first, or
    it is the tablet's fetch of its state or a tap (not the hand page a browser opens)."""
    if request.is_json or request.accept_mimetypes.best == "application/json":
        return True
    path = request.path
    return path.startswith(DEALER_PREFIX) and path.rstrip("/").rsplit("/", 1)[-1] in ("state", "tap")


def message_for(code: int | None) -> str:
    """What an HTTP status means for the person, in the request's language."""
    if code == 404 and request.path.startswith(DEALER_PREFIX):
        return _("This tablet link no longer works (it was revoked, or it is mistyped): ask the host "
                 "for a new one.")
    messages = {
        400: _("The request could not be read: reload the page and try again."),
        401: _("You need to log in first."),
        403: _("You may not do this."),
        404: _("This page does not exist: check the address, or go back to Tapete's own pages."),
        405: _("This address does not take that kind of request: open it from Tapete's own pages."),
        408: _("The request took too long: try again."),
        409: _("Something changed meanwhile: reload the page and try again."),
        410: _("This is no longer available."),
        413: _("The request is too large."),
        414: _("The address is too long."),
        415: _("The request's content is of a kind this page does not take."),
        429: _("Too many requests: wait a moment and try again."),
        431: _("The request's headers are too large."),
        500: _("Something went wrong on the server: try again. If it keeps happening, tell the host."),
        501: _("This address does not take that kind of request: open it from Tapete's own pages."),
        503: _("The server is busy: try again in a moment."),
    }
    return messages.get(code, _("The request was refused (error %(code)s).", code=code))


def http_error(exc: HTTPException):
    """The answer to ``exc``: JSON ``{"error"}`` for the tablet and JSON requests
    (:func:`tablet_json`), else the page ``core/refused.html``; the status and the headers of
    ``exc`` kept (``Allow`` on a 405, ``Retry-After`` ...)."""
    code = exc.code or 500
    if code >= 500:
        current_app.logger.error("HTTP %s on %s %s", code, request.method, request.path)
    message = message_for(code)
    if tablet_json():
        response = jsonify({"error": message})
    else:
        response = current_app.make_response(render_template("core/refused.html", message=message, status=code))
    response.status_code = code
    for name, value in exc.get_headers():
        if name.lower() not in ("content-type", "content-length"):
            response.headers[name] = value
    return response


def number_too_large(exc: OverflowError):
    """A number past what the database holds (an id or amount in a URL or a form, e.g.
    ``/host/night/99999999999999999999``): HTTP 400 with a message, never a 500 (JSON
    ``{"error"}`` for a JSON request, plain text otherwise)."""
    message = _("A number in the request is too large.")
    if request.is_json or request.accept_mimetypes.best == "application/json":
        response = jsonify({"error": message})
        response.status_code = 400
        return response
    return message, 400, {"Content-Type": "text/plain; charset=utf-8"}
