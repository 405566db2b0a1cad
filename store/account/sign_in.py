"""The host's account pages as one store call each (``web.account.views``): a login, the
first visit's setup and a password change, each with its limit (``login_wait``), its
record of a failed attempt and the new session it starts; the cookie is the web's.

Each step keeps the transaction it had in ``store.account.accounts`` (a failed attempt is
recorded even though the request is refused); nothing here writes a sentence.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlite_utils import Database

from store.account.accounts import (
    attempt_login,
    change_password,
    has_accounts,
    login_wait,
    record_attempt,
    revoke_session,
    setup_account,
    start_session,
)
from store.core.checks import StoreError


@dataclass(frozen=True)
class SignedIn:
    """What a login, a setup or a password change did: ``wait`` (seconds the address or
    the username must wait: nothing was checked), ``sid`` (the new session's id, for the
    cookie: the host is in; only its SHA-256 is stored), ``ended`` (sessions a password
    change ended). A wrong login password: all three empty."""

    wait: int = 0
    sid: str | None = None
    ended: int = 0


def _new_session(db: Database, account_id: int, old_sid: object, ip: str) -> str:
    """A fresh session id for the account, the request's old session (``old_sid``, the
    cookie's, when it is a string) revoked (no session fixation)."""
    if isinstance(old_sid, str):
        revoke_session(db, old_sid)
    return start_session(db, account_id, ip=ip)


def log_in(db: Database, *, address: str, username: str, password: str, old_sid: object = None) -> SignedIn | None:
    """One login (:func:`store.account.accounts.attempt_login`: the limit checked and the
    attempt recorded before the password is), and on the right password a new session.

    :returns: None when no account exists yet (the setup page's turn); else a
        :class:`SignedIn` (``wait``, ``sid``, or neither for a wrong password).
    :raises store.core.transactions.Busy: the write lock held past the busy timeout
        (nothing recorded, no password checked).
    """
    if not has_accounts(db):
        return None
    account, wait = attempt_login(db, address=address, username=username, password=password)
    if wait:
        return SignedIn(wait=wait)
    if account is None:
        return SignedIn()
    return SignedIn(sid=_new_session(db, account["id"], old_sid, address))


def set_up(db: Database, *, address: str, code: str, username: str, password: str, confirm: str,
           old_sid: object = None) -> SignedIn:
    """The first visit's setup: the address's limit (:func:`store.account.accounts.login_wait`),
    the password typed twice, the one-time code (a wrong code is recorded as a failed
    attempt of the address), the account (:func:`store.account.accounts.setup_account`) and
    its first session.

    :returns: :class:`SignedIn` with ``wait`` (nothing checked) or ``sid``.
    :raises StoreError: ``setup_done`` (an account exists: checked first),
        ``passwords_differ``, ``setup_code_wrong``, a bad username or password (nothing
        written but the failed attempt).
    """
    if has_accounts(db):
        raise StoreError("setup_done")
    wait = login_wait(db, address=address, username=None)
    if wait:
        return SignedIn(wait=wait)
    if password != confirm:
        raise StoreError("passwords_differ")
    try:
        account_id = setup_account(db, code, username, password)
    except StoreError as exc:
        if exc.code == "setup_code_wrong":
            record_attempt(db, address=address, username="", ok=False)
        raise
    return SignedIn(sid=_new_session(db, account_id, old_sid, address))


def change_own_password(db: Database, *, account: dict, address: str, current: str, new: str, confirm: str,
                        keep_sid: str | None = None) -> SignedIn:
    """The host's own password change: the limit (:func:`store.account.accounts.login_wait`
    of the address and the username), the new password typed twice, the current one (a
    wrong one is recorded as a failed login), then
    :func:`store.account.accounts.change_password` (every other session ends).

    :param account: the session's account (``{"id", "username", ...}``).
    :returns: :class:`SignedIn` with ``wait`` (nothing checked) or ``ended``.
    :raises StoreError: ``passwords_differ``, ``password_wrong``, a bad new password.
    """
    wait = login_wait(db, address=address, username=account["username"])
    if wait:
        return SignedIn(wait=wait)
    if new != confirm:
        raise StoreError("passwords_differ")
    try:
        ended = change_password(db, account["id"], current, new, keep_sid=keep_sid)
    except StoreError as exc:
        if exc.code == "password_wrong":
            record_attempt(db, address=address, username=account["username"], ok=False)
        raise
    return SignedIn(ended=ended)
