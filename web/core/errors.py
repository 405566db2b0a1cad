"""HTTP errors (404, 405, 400, 413, 500 and every other ``werkzeug`` ``HTTPException``)
said in the request's language.

A page's request gets ``core/refused.html`` (in Spanish or English, as the page's locale is
chosen: ``web.core.i18n``); a JSON request, and any request to the tablet's own paths
(``/dealer/<night>/<token>/state`` and ``/tap``), gets ``{"error": message}``, so the tablet
shows words, never "HTTP 404". A 404 on a tablet path says that the tablet link no longer
works (a revoked or mistyped link) and to ask the host for a new one.

More specific handlers registered elsewhere win (Flask picks the nearest class): the
CSRF refusal (``web.core.csrf``) and the 413 of ``web.core.limits``.

A write the store could not make, whatever the route (one place, not one per view):

- the database locked by another write past the busy timeout (``store.Busy``, raised by
  ``store.core.transactions.write_tx``): 503 with ``Retry-After`` (:func:`table_busy`);
- the database out of room (``store.DiskFull``, SQLite's ``SQLITE_FULL``): 507
  (:func:`disk_full`).

Both say in the request's language that nothing was stored (the write transaction rolled
back); the tablet gets ``{"error"}`` (its queue keeps the tap, sends it again and shows the
words, ``static/hand/tapqueue.js``); a form's page offers to send the same form again (its
fields, not a password or a file: :func:`resend_fields`) and links the page the form is on
(:func:`form_page`).
"""

from __future__ import annotations

from flask import Flask, current_app, g, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from store import Busy, DiskFull
from web.core.heavy import RETRY_AFTER as HEAVY_RETRY_AFTER
from web.core.heavy import PagesBusy

DEALER_PREFIX = "/dealer/"
"""The tablet's paths."""

RETRY_AFTER = "2"
"""Seconds a client waits before sending again a write refused for a busy database
(``Retry-After`` of every 503 for :class:`store.Busy`)."""

SECRET_FIELDS = frozenset({"password", "current", "code"})
"""Form fields never written back into a page (passwords, the setup's one-time code): a
form holding one is not offered again whole (:func:`resend_fields`)."""

FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data"})
"""The request bodies a browser's form sends."""


def init_app(app: Flask) -> None:
    """Answer every ``HTTPException`` of ``app`` with :func:`http_error`, a number past
    what the database holds with :func:`number_too_large`, a busy database with
    :func:`table_busy` and a full one with :func:`disk_full`."""
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(OverflowError, number_too_large)
    app.register_error_handler(Busy, table_busy)
    app.register_error_handler(DiskFull, disk_full)
    app.register_error_handler(PagesBusy, pages_busy)


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
    response = said_error(code, message_for(code))
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


def tablet_tap() -> bool:
    """True when the request is a tablet's tap (``/dealer/<night>/<token>/tap``)."""
    return request.path.startswith(DEALER_PREFIX) and request.path.rstrip("/").endswith("/tap")


def busy_message() -> str:
    """What a write refused for a busy database means, in the request's language (a tap:
    that the tablet sends it again)."""
    if tablet_tap():
        return _("The database is busy: the tap was not stored yet and will be sent again.")
    return _("The table is busy storing something else: nothing was stored. Try again in a few seconds.")


def host_request() -> bool:
    """True when the request is the host's (a ``/host/`` page, the host's login among them,
    or any page of a logged-in host): the one who can act on the server, so never told to
    tell the host."""
    return request.path == "/host" or request.path.startswith("/host/") or bool(g.get("tapete_account"))


def disk_full_message() -> str:
    """What a write refused for a full disk means, in the request's language (a tap: that
    the tablet keeps it and sends it again; the host's pages (:func:`host_request`): what
    the host can do, free space on the server)."""
    if tablet_tap():
        return _("The server's disk is full: the tap was not stored. This tablet keeps it and sends it again "
                 "once the host has made room on the disk.")
    if host_request():
        return _("The server's disk is full: nothing was stored. Free some space on the server's disk "
                 "(old backups, logs or other files), then send it again.")
    return _("The server's disk is full: nothing was stored. Tell the host, who must make room on the "
             "server's disk; then send it again.")


def table_busy(exc: Busy):
    """The answer to a write refused because another write held the database past the
    busy timeout (nothing stored): 503 with ``Retry-After`` (:data:`RETRY_AFTER`) and
    :func:`busy_message`, as JSON ``{"error"}`` or as a page (:func:`unavailable`)."""
    current_app.logger.warning("database busy on %s %s: %s", request.method, request.path, exc)
    response = unavailable(503, busy_message())
    response.headers["Retry-After"] = RETRY_AFTER
    return response


def pages_busy(exc: PagesBusy):
    """The answer to a heavy page that found every slot taken (``web.core.heavy``): 503
    with ``Retry-After`` and the reason in the request's language; nothing was read or
    written."""
    current_app.logger.warning("heavy pages busy on %s %s", request.method, request.path)
    response = said_error(503, _("Tapete is preparing other long pages right now, so this one was not started. "
                                 "Try again in a few seconds."))
    response.headers["Retry-After"] = HEAVY_RETRY_AFTER
    return response


def said_error(code: int, message: str):
    """An error answer with status ``code`` saying ``message``: JSON ``{"error"}`` for the
    tablet and JSON requests (:func:`tablet_json`), else the page ``core/refused.html``."""
    if tablet_json():
        response = jsonify({"error": message})
    else:
        response = current_app.make_response(render_template("core/refused.html", message=message, status=code))
    response.status_code = code
    return response


def disk_full(exc: DiskFull):
    """The answer to a write refused because the database could not grow (nothing
    stored): 507 Insufficient Storage with :func:`disk_full_message`, as JSON ``{"error"}``
    or as a page (:func:`unavailable`)."""
    current_app.logger.error("disk full on %s %s: %s", request.method, request.path, exc)
    return unavailable(507, disk_full_message())


def unavailable(code: int, message: str):
    """A write not made (status ``code``, ``message`` already saying nothing was stored):
    JSON ``{"error": message}`` for the tablet and JSON requests (:func:`tablet_json`), else
    ``core/refused.html`` with the form to send again (:func:`resend_fields`) and the link
    to the form's page (:func:`form_page`)."""
    if tablet_json():
        response = jsonify({"error": message})
    else:
        fields = resend_fields()
        page = render_template("core/refused.html", message=message, status=code, stored_said=True,
                               heading=_("Not stored"), resend=fields, again_url=this_url(),
                               file_again=bool(request.files), back_url=form_page(request.path))
        response = current_app.make_response(page)
    response.status_code = code
    return response


def resend_fields() -> list[tuple[str, str]] | None:
    """The posted form's fields ``[(name, value)]`` in order, to send the same form again
    (its ``key`` too, so a form that was stored after all is stored once); the CSRF token
    left out (the page puts its own). None when the request is not a browser form's POST, or
    it holds a file (a page cannot hold it) or a secret (:data:`SECRET_FIELDS`)."""
    if request.method != "POST" or request.mimetype not in FORM_TYPES or request.files:
        return None
    if SECRET_FIELDS & set(request.form):
        return None
    return [(name, value) for name, value in request.form.items(multi=True) if name != "csrf_token"]


def this_url() -> str:
    """The request's own address (path and query: ``?lang=`` kept), relative."""
    query = request.query_string.decode("latin-1")
    return request.script_root + request.path + (f"?{query}" if query else "")


def form_page(path: str) -> str:
    """The page a form posted to ``path`` lives on, as near as the routes say: ``path``
    itself when a GET opens it (``/p/<token>/hand/<id>/dispute``), else its nearest parent
    that one does (``/host/night/5/seat`` -> ``/host/night/5``); ``/`` at worst."""
    adapter = current_app.url_map.bind_to_environ(request.environ)
    parts = path.rstrip("/").split("/")
    while len(parts) > 1:
        candidate = "/".join(parts)
        try:
            adapter.match(candidate, method="GET")
        except RequestRedirect:   # the page's address ends with a slash
            return request.script_root + candidate + "/"
        except HTTPException:     # no page there (404), or not one a GET opens (405)
            parts.pop()
            continue
        return request.script_root + candidate
    return request.script_root + "/"
