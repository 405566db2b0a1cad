"""Refuse state-changing requests that another site's page made (an Origin check, before
the CSRF token is looked at; :mod:`web.core.csrf`).

A browser says where a request comes from: ``Sec-Fetch-Site`` (sent to HTTPS and localhost
URLs), ``Origin`` (sent with every POST) and, failing that, ``Referer``. For POST, PUT, PATCH
and DELETE, :func:`cross_site` reads them and a request from another site is answered 403
(a page in the request's language, or JSON), before any view runs: nothing is stored.

Choices (the browser's behaviour, checked in Debian's chromium):

- ``Origin: null`` is what the site's OWN forms send when the page has
  ``Referrer-Policy: no-referrer`` (Fetch standard, "append a request Origin header"), and
  on a plain-HTTP LAN address no ``Sec-Fetch-Site`` comes with it. So ``null`` alone is not
  refused: it cannot be told from a sandboxed foreign page, and there the CSRF token decides.
- A request with none of the headers (a script, the test client, an old browser) is not
  refused here either; the CSRF token decides.
- The origin is compared with the request's ``Host`` (``request.host``) by host and port, not
  by scheme, so the check holds behind a TLS-terminating proxy that talks HTTP to the app.
  ``Sec-Fetch-Site: same-site`` (another port of the same machine, a sibling subdomain) is
  refused: only ``same-origin`` (or ``none``: the user's own navigation) is this site.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, current_app, request
from flask_babel import gettext as _

from web.core.csrf import refused

UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
"""The methods that may change state (the ones CSRF tokens guard too)."""

SAME_SITE_FETCH = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values of a request this site's own page (or the user) made."""

DEFAULT_PORTS = {"http": "80", "https": "443"}


def init_app(app: Flask) -> None:
    """Check the origin of every state-changing request of ``app`` (:func:`check_origin`)."""
    app.before_request(check_origin)


def _host_port(netloc: str, scheme: str) -> str:
    """``netloc`` lower-cased without the scheme's default port (``h:80`` -> ``h``)."""
    netloc = netloc.lower()
    default = DEFAULT_PORTS.get(scheme)
    if default and netloc.endswith(":" + default):
        netloc = netloc[: -len(default) - 1]
    return netloc


def _other_host(url: str, host: str) -> bool:
    """True unless ``url``'s host and port are ``host`` (a ``Host`` header value)."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return True
    if parts.scheme not in DEFAULT_PORTS or not parts.netloc:
        return True
    return _host_port(parts.netloc, parts.scheme) != _host_port(host, parts.scheme)


def cross_site(headers, host: str) -> bool:
    """Whether a request with ``headers`` was made by a page of another site.

    :param headers: the request's headers (a mapping with ``get``).
    :param host: this site as the request names it (``request.host``: ``"host[:port]"``).
    :returns: True when ``Sec-Fetch-Site`` says ``same-site`` or ``cross-site``, or
        ``Origin`` is another host and port (``null`` excepted: see the module docstring),
        or, without ``Origin``, ``Referer`` is another host and port; else False.
    """
    fetch_site = headers.get("Sec-Fetch-Site")
    if fetch_site is not None and fetch_site.strip().lower() not in SAME_SITE_FETCH:
        return True
    origin = headers.get("Origin")
    if origin is not None:
        return origin.strip() != "null" and _other_host(origin.strip(), host)
    referer = headers.get("Referer")
    return bool(referer) and _other_host(referer.strip(), host)


def check_origin():
    """``before_request``: a state-changing request from another site gets a 403 (nothing
    runs, nothing is stored); any other request goes on (None)."""
    if request.method not in UNSAFE_METHODS or not cross_site(request.headers, request.host):
        return None
    current_app.logger.warning("refused %s %s from another site (Origin %r, Sec-Fetch-Site %r)",
                               request.method, request.endpoint, request.headers.get("Origin"),
                               request.headers.get("Sec-Fetch-Site"))
    return refused(_("This request came from another site and was refused: nothing was "
                     "stored. Use Tapete's own pages."), 403, cross_site=True)
