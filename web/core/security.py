"""Security headers on every response (``after_request``).

Every answer carries:

- ``Content-Security-Policy`` :data:`CSP`: scripts, styles, images, forms only from this
  site, no inline script or style (the templates keep none: styles live in
  ``static/css/``, scripts in ``static/js/``; JSON data blocks ``<script
  type="application/json">`` are data, never run), no plugins, no ``<base>``, and no page
  of this site inside a frame (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY``
  for older browsers);
- ``X-Content-Type-Options: nosniff``; ``Cross-Origin-Opener-Policy: same-origin``;
- ``Referrer-Policy: no-referrer``: the dealer's and players' pages carry their secret in
  the URL, and no page needs to tell another site where it was;
- ``Cache-Control: no-store`` on every answer but the static files: host, dealer, player
  and report pages show secrets (links, money) that must not stay in a shared cache or in
  the browser's history cache after logout;
- ``Strict-Transport-Security`` only when served over HTTPS (``request.is_secure`` or the
  config ``TAPETE_HTTPS``): over plain HTTP on a home network it would mean nothing.

The ``Server`` header is the production server's (``web.core.serving``: "tapete", no version).
"""

from __future__ import annotations

import os

from flask import Flask, current_app, request

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
"""The Content-Security-Policy of every answer."""

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""Headers set on every answer."""

PRIVATE = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex"}
"""The headers of a page a private link opens (the player's pages: the link is the key):
never cached, no referrer, never indexed."""

HSTS = "max-age=31536000"
"""Strict-Transport-Security over HTTPS (one year; no includeSubDomains: a home host name
may serve other things)."""


def https() -> bool:
    """True when this request came over HTTPS (or the config ``TAPETE_HTTPS`` says the
    service is only reached through HTTPS, e.g. behind a TLS proxy)."""
    return request.is_secure or bool(current_app.config.get("TAPETE_HTTPS"))


def secure_headers(response):
    """``after_request``: add :data:`HEADERS`, ``Cache-Control: no-store`` off the static
    files, HSTS over HTTPS. A header a view set itself is kept."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if request.endpoint != "static":
        response.headers["Cache-Control"] = "no-store"
        response.headers.pop("Expires", None)
    if https():
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


def init_app(app: Flask) -> None:
    """Register :func:`secure_headers` on ``app``; ``TAPETE_HTTPS`` from the environment."""
    if "TAPETE_HTTPS" not in app.config:
        app.config["TAPETE_HTTPS"] = os.environ.get("TAPETE_HTTPS", "") not in ("", "0")
    app.after_request(secure_headers)
