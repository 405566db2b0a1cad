"""Request limits: the largest body, and JSON checked on its raw bytes before it is parsed.

- Any request: at most :data:`MAX_CONTENT_LENGTH` bytes of body (Flask's
  ``MAX_CONTENT_LENGTH``; the production server, ``web.serving``, refuses larger ones before
  the app is called). Past it: 413, a page (or ``{"error": ...}`` for JSON) in the page's
  language, nothing read past the limit, nothing stored.
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

from flask import Flask, current_app, jsonify, render_template, request
from flask_babel import gettext as _
from werkzeug.exceptions import RequestEntityTooLarge

MAX_CONTENT_LENGTH = 256 * 1024
"""Bytes of request body accepted on any route (a later upload route may need its own)."""

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


def json_refusal(raw: bytes) -> str | None:
    """Why the JSON body ``raw`` is refused, in the request's language; None when it is
    within the limits and parses as standard JSON (UTF-8, no NaN/Infinity)."""
    if len(raw) > MAX_JSON_BYTES:
        return _("The request is too large (at most %(n)s KB of JSON).", n=MAX_JSON_BYTES // 1024)
    if json_depth(raw) > MAX_JSON_DEPTH:
        return _("The request nests too deep (at most %(n)s levels of JSON).", n=MAX_JSON_DEPTH)
    try:
        json.loads(raw, parse_constant=_not_standard)
    except (ValueError, RecursionError):  # UnicodeDecodeError and JSONDecodeError included
        return _("The request is not valid JSON.")
    return None


def check_body():
    """``before_request``: refuse a body past ``MAX_CONTENT_LENGTH`` on any route (413,
    unread, even where the view would not read it), and a JSON body past the JSON limits or
    not JSON (400 JSON)."""
    length = request.content_length
    if length is not None and length > current_app.config["MAX_CONTENT_LENGTH"]:
        raise RequestEntityTooLarge()
    if not request.is_json:
        return None
    if length is not None and length > MAX_JSON_BYTES:  # refused unread
        return _refused(json_refusal(b" " * (MAX_JSON_BYTES + 1)), 400)
    raw = request.get_data(cache=True)  # capped at MAX_CONTENT_LENGTH when chunked
    if not raw.strip():
        return None  # no body: the view says what it needed
    message = json_refusal(raw)
    return None if message is None else _refused(message, 400)


def too_large(exc: RequestEntityTooLarge):
    """413 for a body past :data:`MAX_CONTENT_LENGTH`: JSON for JSON, else a page."""
    return _refused(_("The request is too large (at most %(n)s KB).",
                      n=MAX_CONTENT_LENGTH // 1024), 413)


def wants_json() -> bool:
    """True when the request speaks JSON (JSON body, or asks for JSON first)."""
    return request.is_json or request.accept_mimetypes.best == "application/json"


def _refused(message: str, status: int):
    if wants_json():
        response = jsonify({"error": message})
    else:
        response = render_template("refused.html", message=message, status=status)
    return response, status


def init_app(app: Flask) -> None:
    """Set ``MAX_CONTENT_LENGTH`` (unless the app's config already gives one: Flask
    defines the key as None, so this is an explicit check, not ``setdefault``), the JSON
    check before every view and the 413 answer."""
    if app.config.get("MAX_CONTENT_LENGTH") is None:
        app.config["MAX_CONTENT_LENGTH"] = MAX_CONTENT_LENGTH
    app.before_request(check_body)
    app.register_error_handler(RequestEntityTooLarge, too_large)
