"""The device cookie: a browser that has logged in keeps its own allowance of failed logins
(issue 25; the allowance and its storage: ``store.account.login_limits``,
``store.account.devices``).

Source: OWASP, "Slow Down Online Guessing Attacks with Device Cookies"
(https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies):
the cookie is ``LOGIN|NONCE|HMAC(secret-key, LOGIN|NONCE)``. Here it is itsdangerous'
``URLSafeSerializer`` of the JSON ``[username, nonce]``, signed with HMAC-SHA256 under the
app's ``SECRET_KEY`` and a salt of its own (a session cookie cannot pass for one);
HttpOnly, SameSite=Lax, Secure when ``TAPETE_HTTPS`` is set or the request came over
HTTPS, sent only to ``/host/``, kept for :data:`store.account.devices.DEVICE_MAX_AGE`.
Logging out keeps it (it is no login: only an allowance of guesses). A forged or altered
cookie reads as none.
"""

from __future__ import annotations

import hashlib

from flask import Response, current_app, request
from itsdangerous import BadData, URLSafeSerializer

from store.account.devices import DEVICE_MAX_AGE

COOKIE = "tapete_device"
"""The device cookie's name."""

PATH = "/host/"
"""Where the browser sends it: the login, setup and password pages are under ``/host/``."""

SALT = "tapete.device-cookie"
"""The signer's salt: the same secret key signs the session cookie under another."""

MAX_AGE = int(DEVICE_MAX_AGE.total_seconds())
"""The cookie's ``Max-Age`` in seconds: as long as the store counts it."""


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt=SALT, signer_kwargs={"digest_method": hashlib.sha256})


def signed(username: str, nonce: str) -> str:
    """The cookie's value for ``(username, nonce)`` (URL-safe text: the JSON, its
    signature), under the request's app."""
    return _serializer().dumps([username, nonce])


def read(value: object) -> tuple[str, str] | None:
    """``(username, nonce)`` from a cookie value whose signature holds, else None (no
    cookie, a forged or altered one, another shape)."""
    if not isinstance(value, str) or not value or len(value) > 512:
        return None
    try:
        claim = _serializer().loads(value)
    except BadData:
        return None
    if not (isinstance(claim, list) and len(claim) == 2 and all(isinstance(part, str) for part in claim)):
        return None
    return claim[0], claim[1]


def presented() -> tuple[str, str] | None:
    """The request's device cookie read (:func:`read`): ``(username, nonce)`` or None.
    Whether it is live for the username tried is the store's to say
    (``store.account.devices.known_device``)."""
    return read(request.cookies.get(COOKIE))


def _secure() -> bool:
    return bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure


def give(response: Response, device: tuple[str, str] | None) -> Response:
    """Set the device cookie of ``device`` (``(username, nonce)``, as the store issued it)
    on ``response``; None leaves the response as it is. Returns ``response``."""
    if device is not None:
        response.set_cookie(COOKIE, signed(*device), max_age=MAX_AGE, path=PATH,
                            secure=_secure(), httponly=True, samesite="Lax")
    return response
