"""The host's account pages as one store call each (``web.account.views``): a login, the
first visit's setup and a password change, each with its limit
(``store.account.login_limits.login_wait``: a browser's device cookie, OWASP's, has its own
allowance), its record of a failed attempt, the new session it starts and the new device
cookie's nonce; the cookies are the web's.

Each step keeps the transaction it had in ``store.account.accounts`` (a failed attempt is
recorded even though the request is refused); nothing here writes a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from store.account.accounts import (
    change_password,
    has_accounts,
    record_attempt,
    revoke_session,
    setup_account,
    start_session,
)
from store.account.devices import first_device, known_device
from store.account.login_limits import attempt_login, login_wait
from store.core.checks import StoreError


@dataclass(frozen=True)
class SignedIn:
    """What a login, a setup or a password change did: ``wait`` (seconds to wait: nothing
    was checked) and ``wait_reason`` (which limit: ``"device"``, ``"account"`` or
    ``"address"``, :class:`store.account.login_limits.Wait`), ``sid`` (the new session's id, for
    the cookie: the host is in; only its SHA-256 is stored), ``device`` (``(username,
    nonce)`` for the new device cookie the web signs: only the nonce's SHA-256 is stored),
    ``ended`` (sessions a password change ended). A wrong login password: all empty."""

    wait: int = 0
    wait_reason: str = ""
    sid: str | None = None
    device: tuple[str, str] | None = None
    ended: int = 0


def _new_session(db: Database, account_id: int, old_sid: object, ip: str) -> str:
    """A fresh session id for the account, the request's old session (``old_sid``, the
    cookie's, when it is a string) revoked (no session fixation)."""
    if isinstance(old_sid, str):
        revoke_session(db, old_sid)
    return start_session(db, account_id, ip=ip)


def log_in(db: Database, *, address: str, username: str, password: str, old_sid: object = None,
           device: tuple[str, str] | None = None) -> SignedIn | None:
    """One login (:func:`store.account.login_limits.attempt_login`: the limit checked and the
    attempt recorded before the password is), and on the right password a new session and
    a new device cookie.

    :param device: ``(username, nonce)`` of the device cookie the browser presented, its
        signature checked by the web; None without one.
    :returns: None when no account exists yet (the setup page's turn); else a
        :class:`SignedIn` (``wait`` and ``wait_reason``; ``sid`` and ``device``; or
        nothing for a wrong password).
    :raises store.core.transactions.Busy: the write lock held past the busy timeout
        (nothing recorded, no password checked).
    """
    if not has_accounts(db):
        return None
    attempt = attempt_login(db, address=address, username=username, password=password, device=device)
    if attempt.wait:
        return SignedIn(wait=attempt.wait.seconds, wait_reason=attempt.wait.reason)
    if attempt.account is None:
        return SignedIn()
    return SignedIn(sid=_new_session(db, attempt.account["id"], old_sid, address),
                    device=(attempt.account["username"], attempt.device_nonce))


def set_up(db: Database, *, address: str, code: str, username: str, password: str, confirm: str,
           old_sid: object = None) -> SignedIn:
    """The first visit's setup: the address's limit (:func:`store.account.login_limits.login_wait`),
    the password typed twice, the one-time code (a wrong code is recorded as a failed
    attempt of the address), the account (:func:`store.account.accounts.setup_account`), its
    first session and the browser's device cookie (:func:`store.account.devices.first_device`).

    :returns: :class:`SignedIn` with ``wait`` (nothing checked) or ``sid`` and ``device``.
    :raises StoreError: ``setup_done`` (an account exists: checked first),
        ``passwords_differ``, ``setup_code_wrong``, a bad username or password (nothing
        written but the failed attempt).
    """
    if has_accounts(db):
        raise StoreError("setup_done")
    wait = login_wait(db, address=address, username=None)
    if wait:
        return SignedIn(wait=wait.seconds, wait_reason=wait.reason)
    if password != confirm:
        raise StoreError("passwords_differ")
    try:
        account_id = setup_account(db, code, username, password)
    except StoreError as exc:
        if exc.code == "setup_code_wrong":
            record_attempt(db, address=address, username="", ok=False)
        raise
    return SignedIn(sid=_new_session(db, account_id, old_sid, address),
                    device=(username.strip(), first_device(db, account_id)))


def change_own_password(db: Database, *, account: dict, address: str, current: str, new: str, confirm: str,
                        keep_sid: str | None = None, device: tuple[str, str] | None = None) -> SignedIn:
    """The host's own password change: the limit (:func:`store.account.login_limits.login_wait`:
    the browser's device cookie's own allowance, or without one the address's and the
    username's), the new password typed twice, the current one (a wrong one is recorded as
    a failed login, of the device cookie when there is one), then
    :func:`store.account.accounts.change_password` (every other session ends).

    :param account: the session's account (``{"id", "username", ...}``).
    :param device: ``(username, nonce)`` of the browser's device cookie (signature checked
        by the web), or None.
    :returns: :class:`SignedIn` with ``wait`` (nothing checked) or ``ended``.
    :raises StoreError: ``passwords_differ``, ``password_wrong``, a bad new password.
    """
    device_id = known_device(db, account["username"], device)
    wait = login_wait(db, address=address, username=account["username"], device_id=device_id)
    if wait:
        return SignedIn(wait=wait.seconds, wait_reason=wait.reason)
    if new != confirm:
        raise StoreError("passwords_differ")
    try:
        ended = change_password(db, account["id"], current, new, keep_sid=keep_sid)
    except StoreError as exc:
        if exc.code == "password_wrong":
            record_attempt(db, address=address, username=account["username"], ok=False, device_id=device_id)
        raise
    return SignedIn(ended=ended)
