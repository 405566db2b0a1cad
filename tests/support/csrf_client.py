"""Posting as a browser does when CSRF tokens are checked (``web.core.csrf``): the token comes
from a page of the client's own session (its ``<meta name="csrf-token">``) and goes with the
form (field ``csrf_token``) or the JSON (header ``X-CSRFToken``).

Use in tests marked ``csrf`` or ``browser`` (``tests/conftest.py`` turns the check on
there); the helpers work with the check off too. A token belongs to the client's session: a
client whose session was cleared (a login makes a new session) needs a new one, so the
helpers fetch one for each request unless ``token`` is given.

    from csrf_client import csrf_token, post_form, post_json
    post_form(client, f"/host/night/{night}/buy-in", {"player_id": "1", "chips": "100"})
    post_json(client, f"/dealer/{night}/{token}/tap", {"key": "...", "op": "start_hand"},
              page=f"/dealer/{night}/{token}/")
"""

from __future__ import annotations

import re

META = re.compile(r'<meta name="csrf-token" content="([^"]+)">')


def csrf_token(client, path: str = "/host/") -> str:
    """GET ``path`` with ``client`` (following redirects: an anonymous client lands on the
    login page, which carries a token too) and read the page's CSRF token from its meta.

    :param client: a Flask test client (its cookies are its session).
    :param path: a page of the app that renders a template with the meta.
    :returns: the signed token (str) valid for the client's session.
    :raises AssertionError: the page has no token (not an HTML page of the app).
    """
    page = client.get(path, follow_redirects=True)
    found = META.search(page.get_data(as_text=True))
    assert found, f"no csrf-token meta on {path} (HTTP {page.status_code})"
    return found.group(1)


def post_form(client, url: str, data: dict | None = None, *, token: str | None = None,
              page: str = "/host/", **kwargs):
    """POST the form ``data`` to ``url`` with the session's token in ``csrf_token``.

    :param token: the token to send (default: a fresh one read from ``page``).
    :param page: the page to read the token from (:func:`csrf_token`).
    :param kwargs: passed on to ``client.post`` (``headers``, ``follow_redirects``...).
    :returns: the response.
    """
    form = dict(data or {})
    form["csrf_token"] = token if token is not None else csrf_token(client, page)
    return client.post(url, data=form, **kwargs)


def post_json(client, url: str, body, *, token: str | None = None, page: str = "/host/",
              **kwargs):
    """POST ``body`` as JSON to ``url`` with the session's token in ``X-CSRFToken``.

    :param token: the token to send (default: a fresh one read from ``page``).
    :param page: the page to read the token from (:func:`csrf_token`).
    :param kwargs: passed on to ``client.post`` (``headers`` are merged).
    :returns: the response.
    """
    headers = dict(kwargs.pop("headers", None) or {})
    headers["X-CSRFToken"] = token if token is not None else csrf_token(client, page)
    return client.post(url, json=body, headers=headers, **kwargs)
