"""Request limits: the largest body, and JSON checked on its raw bytes before it is parsed.

- Any request: at most :data:`MAX_CONTENT_LENGTH` bytes of body (Flask's
  ``MAX_CONTENT_LENGTH``). Past it: 413, a page (or ``{"error": ...}`` for JSON) in the
  page's language, the body unread (its ``Content-Length`` is enough), nothing stored. The
  production server (``web.core.serving``) has the same limit and refuses such a body itself,
  before the app is called, with its own one-line 413 (no browser form of these pages
  comes near it: only a hostile client meets that answer).
- The upload routes (:data:`UPLOAD_LIMITS`, the one table of per-path limits:
  ``/host/import``, a night's session file or PHH, which for a long night is well past
  256 KB, at most :data:`MAX_UPLOAD_BYTES`; ``/host/pokernow/``, a PokerNow ledger CSV, at
  most ``store.files.pokernow.MAX_BYTES``): each takes a body of up to :data:`UPLOAD_BODY_BYTES`
  (:func:`body_limit`), so a file past its form's own limit still reaches the view, which
  reads it no further than that limit and refuses it on the form in the page's language
  (a body past :data:`MAX_CONTENT_LENGTH` on such a path is a person's wrong file, not an
  attack: the production server's bare English 413 must not answer it). A body past
  :data:`UPLOAD_BODY_BYTES` is refused unread, the refusal said on the form too
  (:func:`upload_too_large_text`, flashed, back to the form: a 303 to the same path);
  nothing stored either way. The production server keeps the same per-path limits.
- A request with a JSON content type and a body (the dealer's taps): at most
  :data:`MAX_JSON_BYTES` bytes, arrays and objects nested at most :data:`MAX_JSON_DEPTH` deep
  (counted on the raw bytes, strings skipped, BEFORE any parsing: a deeply nested body never
  reaches the recursive parser), and it must parse as standard JSON (no ``NaN`` or
  ``Infinity``, UTF-8). Else 400 ``{"error": message}`` in the page's language; the view
  never runs.

An answer 4xx is a refusal: the tablet's tap queue never resends it (a 5xx it resends).
"""

from __future__ import annotations

import json
import re

from flask import Flask, current_app, flash, g, jsonify, redirect, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

import store
from store.files import pokernow
from web.core.db import get_db

MAX_CONTENT_LENGTH = 256 * 1024
"""Bytes of request body accepted on any route (a later upload route may need its own)."""

MAX_UPLOAD_BYTES = 8 * 1024 * 1024
"""Bytes of an uploaded file accepted on :data:`UPLOAD_PATHS` (8 MB: a night of 300 hands
at nine seats is about 0.3 MB as session JSON and 0.9 MB as PHH, so about 2,500 hands of PHH
or 8,000 of JSON fit)."""

UPLOAD_BODY_BYTES = MAX_UPLOAD_BYTES + 64 * 1024
"""Bytes of request body accepted on every path of :data:`UPLOAD_LIMITS`: the largest file
(:data:`MAX_UPLOAD_BYTES`) and up to 64 KB of form fields and multipart framing."""

UPLOAD_LIMITS = {
    "/host/import": MAX_UPLOAD_BYTES,
    "/host/pokernow/": pokernow.MAX_BYTES,
}
"""The upload paths (``PATH_INFO``) and the largest file (bytes) each one's form takes (and
says it takes): the one table of per-path limits. Their body may be up to
:data:`UPLOAD_BODY_BYTES`; every other path keeps ``MAX_CONTENT_LENGTH``. The app
(:func:`check_body`, :func:`too_large`), the views (reading a file up to its limit) and
the production server (``web.core.serving``) all read it."""

UPLOAD_PATHS = frozenset(UPLOAD_LIMITS)
"""The paths of :data:`UPLOAD_LIMITS`."""

MAX_JSON_BYTES = 16 * 1024
"""Bytes of a JSON body accepted (a tap is well under 1 KB)."""

MAX_JSON_DEPTH = 8
"""Arrays and objects nested at most this deep in a JSON body (a tap nests 2)."""

_STRING = re.compile(rb'"(?:[^"\\]|\\.)*(?:"|\\?\Z)', re.DOTALL)
"""A JSON string, or an unterminated one up to the end (so every match ends the scan of
its quote: linear time whatever the bytes)."""
_BRACKET = re.compile(rb"[\[\]{}]")


def json_depth(raw: bytes) -> int:
    """How deep arrays and objects nest in the JSON text ``raw``, counted on the bytes
    (brackets inside strings skipped), without parsing it. Unbalanced text gives the
    deepest level reached.

    >>> json_depth(b'{"a": [1, {"b": "[[[["}]}')
    3
    >>> json_depth(b'"x"')
    0
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub(b'""', raw)):
        if bracket in b"[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _not_standard(constant: str):
    raise ValueError(f"{constant} is not JSON")


def json_problem(raw: bytes) -> str | None:
    """What is wrong with the JSON body ``raw``: ``"size"`` (past :data:`MAX_JSON_BYTES`),
    ``"depth"`` (past :data:`MAX_JSON_DEPTH`, counted before parsing), ``"syntax"`` (not
    standard JSON: UTF-8, no NaN/Infinity); None when it is fine."""
    if len(raw) > MAX_JSON_BYTES:
        return "size"
    if json_depth(raw) > MAX_JSON_DEPTH:
        return "depth"
    try:
        json.loads(raw, parse_constant=_not_standard)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError included
        return "syntax"
    return None


def json_refusal(raw: bytes) -> str | None:
    """Why the JSON body ``raw`` is refused (:func:`json_problem`), in the request's
    language; None when it is fine."""
    problem = json_problem(raw)
    if problem == "size":
        return _("The request is too large (at most %(n)s KB of JSON).", n=MAX_JSON_BYTES // 1024)
    if problem == "depth":
        return _("The request nests too deep (at most %(n)s levels of JSON).", n=MAX_JSON_DEPTH)
    if problem == "syntax":
        return _("The request is not valid JSON.")
    return None


def body_limit(path: str, default: int) -> int:
    """Bytes of request body accepted on ``path``: :data:`UPLOAD_BODY_BYTES` on an upload
    path (:data:`UPLOAD_PATHS`), else ``default`` (the app's ``MAX_CONTENT_LENGTH``), never
    less than ``default``.

    >>> body_limit("/host/import", 1024) == UPLOAD_BODY_BYTES
    True
    >>> body_limit("/host/login", 1024)
    1024
    """
    return max(default, UPLOAD_BODY_BYTES) if path in UPLOAD_PATHS else default


def upload_limit(path: str) -> int:
    """Bytes of file the form on ``path`` takes (:data:`UPLOAD_LIMITS`; another path:
    :data:`MAX_UPLOAD_BYTES`).

    >>> upload_limit("/host/pokernow/") == pokernow.MAX_BYTES
    True
    """
    return UPLOAD_LIMITS.get(path, MAX_UPLOAD_BYTES)


def upload_too_large_text(path: str | None = None) -> str:
    """The refusal of a file past the limit of ``path``'s form (:func:`upload_limit`; the
    request's path by default), in the request's language, in MB or KB as the form says it."""
    limit = upload_limit(request.path if path is None else path)
    if limit >= 1024 * 1024:
        return _("The file is too large: at most %(n)s MB.", n=limit // (1024 * 1024))
    return _("The file is too large: at most %(n)s KB.", n=limit // 1024)


def check_body():
    """``before_request``: refuse a body past its route's limit (:func:`body_limit`: 413,
    unread, even where the view would not read it), and a JSON body past the JSON limits or
    not JSON (400 JSON). On an upload path the form parser is held to that limit too (a
    chunked body has no length to check first)."""
    length = request.content_length
    limit = body_limit(request.path, current_app.config["MAX_CONTENT_LENGTH"])
    if length is not None and length > limit:
        raise RequestEntityTooLarge()
    if request.path in UPLOAD_PATHS:
        request.max_content_length = limit
    if not request.is_json:
        return None
    if length is not None and length > MAX_JSON_BYTES:  # refused unread
        return _refused(lambda: json_refusal(b" " * (MAX_JSON_BYTES + 1)), 400)
    raw = request.get_data(cache=True)  # capped at MAX_CONTENT_LENGTH when chunked
    if not raw.strip():
        return None  # no body: the view says what it needed
    if json_problem(raw) is None:
        return None
    return _refused(lambda: json_refusal(raw), 400)


def too_large(exc: RequestEntityTooLarge):
    """413 for a body past :data:`MAX_CONTENT_LENGTH`: JSON for JSON, else a page; on an
    upload path (:data:`UPLOAD_PATHS`) a page's form sent it, so the refusal is said there
    (:func:`upload_too_large_text` flashed, 303 back to the form's page)."""
    if request.path in UPLOAD_PATHS and not wants_json():
        flash(upload_too_large_text(), "error")
        return redirect(request.script_root + request.path, code=303)
    return _refused(lambda: _("The request is too large (at most %(n)s KB).",
                              n=MAX_CONTENT_LENGTH // 1024), 413)


def wants_json() -> bool:
    """True when the request speaks JSON (JSON body, or asks for JSON first)."""
    return request.is_json or request.accept_mimetypes.best == "application/json"


def _night_language() -> None:
    """Let a refusal on a night's URL (``night_id``: the tablet's taps) be said in that
    night's language, as its pages are (``g.night_preset``, ``web.core.i18n.select_locale``).
    Read only when refusing, before any message is translated."""
    night_id = (request.view_args or {}).get("night_id")
    if night_id is None or "night_preset" in g:
        return
    try:
        g.night_preset = store.night.nights.night_preset(get_db(), night_id)
    except (store.StoreError, OverflowError):
        g.night_preset = None


def _refused(say, status: int):
    """The refusal answer; ``say()`` gives the message, called once the night's language
    is known (:func:`_night_language`)."""
    _night_language()
    message = say()
    if wants_json():
        response = jsonify({"error": message})
    else:
        response = render_template("core/refused.html", message=message, status=status)
    return response, status


def init_app(app: Flask) -> None:
    """Set ``MAX_CONTENT_LENGTH`` (unless the app's config already gives one: Flask
    defines the key as None, so this is an explicit check, not ``setdefault``), the JSON
    check before every view and the 413 answer."""
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    app.before_request(check_body)
    app.register_error_handler(RequestEntityTooLarge, too_large)
