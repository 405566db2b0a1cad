"""The browsers that have logged in: OWASP's device cookies (issue 25; migration
``m017_device_cookies``).

Source: OWASP, "Slow Down Online Guessing Attacks with Device Cookies"
(https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies).
A browser that logs in gets a device cookie, ``username | nonce | HMAC(secret key,
username | nonce)`` (signed and read by ``web.account.device_cookie``: the key is the
web's). Only the nonce's SHA-256 is stored here, for its account. A login presenting a
live device cookie of the username it tries is counted against that cookie's own allowance
(``store.account.login_limits``), never against the budget of browsers without one, which a
stranger's wrong guesses use up; a new cookie replaces the old one at each login, so a
copied cookie stops counting once the host logs in again.

- ``device_cookies``: id, account_id, nonce_hash (SHA-256 hex of the nonce, unique),
  issued_at, ended_at (the next login's cookie replaced it). A cookie older than
  :data:`DEVICE_MAX_AGE` counts as none.

A device claim is what the web read from a cookie whose signature holds: the tuple
``(username, nonce)`` (two strings), or None.
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from sqlite_utils import Database

from store.core import transactions
from store.core.transactions import utc_now, write_tx

DEVICE_MAX_AGE = timedelta(days=365)
"""A device cookie counts for a year after the login that issued it (each login issues a
new one); the web's cookie lives as long."""

NONCE_CHARS = 43
"""The length of a nonce (``secrets.token_urlsafe(32)``: 256 bits)."""


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _is_claim(claim: object) -> bool:
    return (isinstance(claim, tuple) and len(claim) == 2 and all(isinstance(part, str) for part in claim)
            and len(claim[1]) == NONCE_CHARS)


def known_device(db: Database, username: str, claim: tuple[str, str] | None) -> int | None:
    """The id of the live device cookie ``claim`` names for ``username``, else None (a
    browser without a valid device cookie: OWASP's "untrusted client").

    Valid means: ``claim`` is ``(username, nonce)`` of this very username (a cookie of
    another account counts as none), its nonce's hash is stored for that account, not
    replaced by a later login (``ended_at``), younger than :data:`DEVICE_MAX_AGE`, and
    the account is not disabled. Reads only.

    :param username: the username the login tries (stripped).
    :param claim: ``(username, nonce)`` from a cookie whose signature the web checked.
    """
    if not _is_claim(claim) or claim[0] != username:
        return None
    since = (transactions.clock() - DEVICE_MAX_AGE).isoformat()
    row = db.execute("SELECT d.id FROM device_cookies d JOIN accounts a ON a.id = d.account_id "
                     "WHERE d.nonce_hash = ? AND a.username = ? AND a.disabled_at IS NULL "
                     "AND d.ended_at IS NULL AND d.issued_at > ?", [_sha256(claim[1]), username, since]).fetchone()
    return row[0] if row else None


def issue_device(db: Database, account_id: int, *, replacing: int | None = None) -> str:
    """A new device cookie's nonce for ``account_id`` (43 URL-safe characters; only its
    SHA-256 is stored), ending the cookie it replaces (``replacing``: the device id the
    browser logged in with, if any). Call inside a write transaction.

    :returns: the nonce, for the web to sign into the cookie with the username.
    """
    nonce = secrets.token_urlsafe(32)
    if replacing is not None:
        db.execute("UPDATE device_cookies SET ended_at = ? WHERE id = ? AND ended_at IS NULL",
                   [utc_now(), replacing])
    db.execute("INSERT INTO device_cookies (account_id, nonce_hash, issued_at) VALUES (?, ?, ?)",
               [account_id, _sha256(nonce), utc_now()])
    return nonce


def first_device(db: Database, account_id: int) -> str:
    """The device cookie's nonce of the browser that set the account up (the first
    visit): :func:`issue_device` in its own write transaction."""
    with write_tx(db):
        return issue_device(db, account_id)
