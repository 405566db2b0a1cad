"""Who is the host: login, logout, the first visit's setup, the password change, and the
session behind them (``store.account.accounts``).

The routes live in the host area (``/host/login``, ``/host/logout``, ``/host/setup``,
``/host/account/password``; endpoints ``host.*``, added by :func:`add_routes`).

Sessions: the cookie (Flask's signed cookie, HttpOnly, SameSite=Lax, Secure over HTTPS)
holds only a random session id (``sid``) and when it was last seen (``seen``, epoch
seconds); the database keeps the SHA-256 of the id. A session is the host's while its row
is live (not revoked: logout, a password change), younger than 12 hours, and seen within
the last 2 hours (the idle expiry, read from the cookie's timestamp, which each request
re-signs: a GET never writes the database). Login makes a new id (no session fixation).

Logins are limited (``store.account.login_limits``, counted in the database; OWASP's device
cookies, issue 25): a browser that has logged in keeps a device cookie
(``web.account.device_cookie``) and its own allowance (5 failures in 15 minutes); browsers
without one share the username's (5) and the address's (20), which a stranger's wrong
guesses can use up without locking out the host's known browsers. ``next`` is followed
only to a path of this site (:func:`safe_next`).
"""

from __future__ import annotations

from datetime import timedelta
from functools import wraps
from urllib.parse import urlsplit

from flask import Blueprint, Flask, flash, g, redirect, render_template, request, session, url_for
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from flask_babel import ngettext

import store.core.transactions
from store import Busy, StoreError
from store.account import accounts as accounts
from store.account import sign_in
from web.account import device_cookie
from web.core.db import get_db
from web.core.refusals import refusal_text

IDLE = timedelta(hours=2)
"""A session not used for this long ends (the cookie's ``seen``)."""


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, its cookie Secure when the app says HTTPS
    (``TAPETE_HTTPS``) or the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure


def init_app(app: Flask) -> None:
    """The session cookie's settings, set explicitly (Flask defines these keys already, so
    ``setdefault`` would leave its defaults), and the idle-timestamp refresh."""
    if app.extensions.get("tapete_auth"):
        return
    app.extensions["tapete_auth"] = True
    app.config["SESSION_COOKIE_SAMESITE"] = "Lax"
    app.config["SESSION_COOKIE_HTTPONLY"] = True
    app.config["SESSION_COOKIE_SECURE"] = str(app.config.get("TAPETE_HTTPS", "")) in ("1", "True", "true")
    app.config["PERMANENT_SESSION_LIFETIME"] = accounts.SESSION_MAX_AGE
    app.session_interface = SessionInterface()
    app.after_request(_touch)


def _now() -> int:
    return int(store.core.transactions.clock().timestamp())


def current_account() -> dict | None:
    """The host account of this request's session (``{"id", "username", "role", ...}``),
    or None: no session, idle for :data:`IDLE`, revoked, expired. Reads only."""
    if "tapete_account" in g:
        return g.tapete_account
    account = None
    sid, seen = session.get("sid"), session.get("seen")
    if isinstance(sid, str) and isinstance(seen, int) and 0 <= _now() - seen < IDLE.total_seconds():
        account = accounts.session_account(get_db(), sid)
        if account is not None and account["role"] != "host":
            account = None
    g.tapete_account = account
    return account


def current_actor() -> str:
    """Who enters a host view's writes: ``"host:<username>"`` (``entered_by``).

    :raises RuntimeError: no host is logged in (use it under :func:`host_required`).
    """
    account = current_account()
    if account is None:
        raise RuntimeError("current_actor() outside a host session")
    return "host:" + account["username"]


def _touch(response):
    """Re-sign the cookie with the time of this request (the idle expiry's clock)."""
    if g.get("tapete_account"):
        session["seen"] = _now()
    return response


def login_redirect():
    """The answer to a request without a host session: the login page, coming back here
    (the path, with its query only when it has one: no bare trailing "?")."""
    return redirect(url_for("host.login", next=request.full_path if request.query_string else request.path))


def host_required(view):
    """Run the view only for a logged-in host; otherwise redirect to the login page."""

    @wraps(view)
    def wrapped(*args, **kwargs):
        if current_account() is None:
            return login_redirect()
        return view(*args, **kwargs)

    return wrapped


def safe_next(target: str | None) -> str | None:
    """``target`` when it is a path of this site, else None: it starts with one ``/`` (not
    ``//`` or ``/\\``), holds no backslash, control character or white space anywhere
    (``/%09/host`` arrives as ``/\\t/host``, which browsers read as ``//host``), and
    ``urlsplit`` finds no scheme or host in it.

    >>> safe_next("/host/night/3?lang=en"), safe_next("//evil.example"), safe_next("/\\t/host")
    ('/host/night/3?lang=en', None, None)
    """
    if not isinstance(target, str) or not target.startswith("/") or target.startswith(("//", "/\\")):
        return None
    if "\\" in target or any(c.isspace() or not c.isprintable() for c in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc:
        return None
    return target


def _address() -> str:
    return request.remote_addr or "?"


def _wait_words(seconds: int, reason: str = "") -> str:
    """The wait in words, by the limit that holds (``store.account.login_limits.Wait.reason``):
    this browser's device cookie, the account for browsers that have not logged in to it,
    or the address."""
    minutes = max(1, -(-seconds // 60))
    if reason == "device":
        return ngettext("Too many failed attempts from this browser: wait %(num)s minute and try again.",
                        "Too many failed attempts from this browser: wait %(num)s minutes and try again.", minutes)
    if reason == "account":
        return ngettext("Too many failed attempts at this account from browsers it does not know: wait %(num)s "
                        "minute, or log in from a browser you have logged in from before.",
                        "Too many failed attempts at this account from browsers it does not know: wait %(num)s "
                        "minutes, or log in from a browser you have logged in from before.", minutes)
    return ngettext("Too many failed attempts: wait %(num)s minute and try again.",
                    "Too many failed attempts: wait %(num)s minutes and try again.", minutes)


def _begin_session(sid: str) -> None:
    """The cookie of a new session (``sid``: ``store.account.sign_in`` started it, the old
    one revoked): a fresh id."""
    session.clear()
    session["sid"] = sid
    session["seen"] = _now()
    session.permanent = True
    g.pop("tapete_account", None)


def login():
    """The login page (username and password). No account yet: the setup page instead.
    Refused with 429 and the wait in words after too many failures (of this browser's
    device cookie; without one, of the username's browsers without theirs, or of the
    address); a right password then is refused too until the wait is over. The limit is
    checked and the attempt recorded in one transaction before the password is checked
    (``store.account.login_limits.attempt_login``), so parallel attempts cannot overrun it. A
    right password sets a new device cookie (:mod:`web.account.device_cookie`). A GET
    reads whether an account exists; a POST is one store call
    (``store.account.sign_in.log_in``)."""
    error, status = None, 200
    username = ""
    if request.method != "POST":
        if not accounts.has_accounts(get_db()):
            return redirect(url_for("host.setup"))
    else:
        username = request.form.get("username", "")[:accounts.MAX_USERNAME + 10].strip()
        try:
            done = sign_in.log_in(get_db(), address=_address(), username=username,
                                  password=request.form.get("password", ""), old_sid=session.get("sid"),
                                  device=device_cookie.presented())
        except Busy:  # the write lock held past the busy timeout
            return _busy()
        if done is None:
            return redirect(url_for("host.setup"))
        if done.wait:
            error, status = _wait_words(done.wait, done.wait_reason), 429
            g.retry_after = done.wait  # (the 429's Retry-After: seconds)
        else:
            if done.sid is not None:
                _begin_session(done.sid)
                return device_cookie.give(redirect(safe_next(request.args.get("next")) or url_for("host.index")),
                                          done.device)
            error, status = _("Wrong username or password."), 401
    return render_template("account/login.html", error=error, username=username), status, _retry()


def _retry() -> dict:
    """A refused attempt's ``Retry-After`` header (429: the seconds to wait), else none."""
    wait = g.pop("retry_after", None)
    return {"Retry-After": str(wait)} if wait else {}


def _busy():
    """The login page answering 503: the database stayed locked (many logins at once);
    nothing was recorded and no password checked."""
    page = render_template("account/login.html", error=_("The server is busy: try again in a moment."),
                           username=request.form.get("username", "")[:accounts.MAX_USERNAME].strip())
    return page, 503, {"Retry-After": "2"}


def logout():
    """End the session: its row is revoked (a copy of the cookie stops working too)."""
    sid = session.get("sid")
    if isinstance(sid, str):
        accounts.revoke_session(get_db(), sid)
    session.clear()
    return redirect(url_for("host.login"))


def setup():
    """The first visit: the one-time setup code (printed by ``scripts/serve`` and
    ``flask --app app setup-code``), a username and the password twice make the host
    account and log it in (the browser gets its device cookie). Once an account exists this
    page sends to the login page.
    Wrong codes count as failed logins of the address (the same limit). A GET reads
    whether an account exists; a POST is one store call (``store.account.sign_in.set_up``)."""
    error, status = None, 200
    username = request.form.get("username", "")[:accounts.MAX_USERNAME + 10].strip()
    if request.method != "POST":
        if accounts.has_accounts(get_db()):
            return redirect(url_for("host.login"))
    else:
        try:
            done = sign_in.set_up(get_db(), address=_address(), code=request.form.get("code", ""),
                                  username=username, password=request.form.get("password", ""),
                                  confirm=request.form.get("confirm", ""), old_sid=session.get("sid"))
        except StoreError as exc:
            if exc.code == "setup_done":
                return redirect(url_for("host.login"))
            error, status = refusal_text(exc), 401 if exc.code == "setup_code_wrong" else 400
        else:
            if done.wait:
                error, status = _wait_words(done.wait, done.wait_reason), 429
                g.retry_after = done.wait  # (the 429's Retry-After: seconds)
            else:
                _begin_session(done.sid)
                return device_cookie.give(redirect(url_for("host.index")), done.device)
    return render_template("account/setup.html", error=error, username=username), status, _retry()


@host_required
def change_password():
    """The host's own password: the current one and the new one twice. Every other session
    of the account ends (this one stays). A wrong current password counts as a failed login
    (of this browser's device cookie when it has one)."""
    error, status = None, 200
    if request.method == "POST":
        try:
            done = sign_in.change_own_password(
                get_db(), account=current_account(), address=_address(), current=request.form.get("current", ""),
                new=request.form.get("password", ""), confirm=request.form.get("confirm", ""),
                keep_sid=session.get("sid"), device=device_cookie.presented())
        except StoreError as exc:
            error, status = refusal_text(exc), 400
        else:
            if done.wait:
                error, status = _wait_words(done.wait, done.wait_reason), 429
                g.retry_after = done.wait  # (the 429's Retry-After: seconds)
            else:
                flash(ngettext("Password changed; %(num)s other session ended.",
                               "Password changed; %(num)s other sessions ended.", done.ended), "ok")
                return redirect(url_for("host.index"))
    return render_template("account/password.html", error=error), status, _retry()


def add_routes(bp: Blueprint) -> None:
    """Add the login, logout, setup and password routes to the host blueprint (``/host``)."""
    bp.add_url_rule("/login", "login", login, methods=["GET", "POST"])
    bp.add_url_rule("/logout", "logout", logout, methods=["POST"])
    bp.add_url_rule("/setup", "setup", setup, methods=["GET", "POST"])
    bp.add_url_rule("/account/password", "change_password", change_password, methods=["GET", "POST"])
