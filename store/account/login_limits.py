"""The login limits: how many wrong passwords, from where, before a wait (issue 13; issue
25, "the host cannot be locked out from the network").

Source: OWASP, "Slow Down Online Guessing Attacks with Device Cookies"
(https://owasp.org/www-community/Slow_Down_Online_Guessing_Attacks_with_Device_Cookies).
A browser presenting a live device cookie of the username it tries (``store.account.devices``,
OWASP's "trusted client") is limited on its own: :data:`MAX_DEVICE_FAILURES` failures
within :data:`FAILURE_WINDOW`, then that cookie is locked out until the window has passed
(OWASP: "put the device cookie into the lockout list"). Every other browser (no cookie, a
forged or altered one, one of another account, one replaced by a later login) is
"untrusted": limited per username, :data:`MAX_USER_FAILURES` for all of them together
(OWASP: "lock out all untrusted clients for the user"), and per address,
:data:`MAX_ADDRESS_FAILURES` (the slow safeguard against one address guessing many
usernames). Neither lockout of the untrusted browsers stops a browser with its device
cookie, so a stranger's wrong guesses cannot lock the host out of the browsers the host
has logged in from; a stolen device cookie gives at most its own allowance, until the
host's next login replaces it.

Each failure counts in one budget, and only after the newest ``ok`` row of that budget in
``login_attempts``: an untrusted success (or ``set-password``'s row) for the username's
untrusted failures, an untrusted success from the address for the address's, and
``set-password``'s row for a device cookie's (a cookie's own success replaces it with a
new one). So the host's logins from a known browser forgive nothing a stranger used up.
Everything is read from the database, so the limits survive restarts and hold across
processes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

from sqlite_utils import Database

from store.account.accounts import MAX_USERNAME, RESET_ADDRESS, check_login, insert_attempt, prune_attempts
from store.account.devices import issue_device, known_device
from store.core import transactions
from store.core.transactions import busy_when_locked, write_tx

FAILURE_WINDOW = timedelta(minutes=15)
"""How far back failed logins are counted, and the longest wait."""

MAX_USER_FAILURES = 5
"""Failed logins of one username from browsers without its device cookie, together."""

MAX_DEVICE_FAILURES = 5
"""Failed logins with one device cookie (its own allowance)."""

MAX_ADDRESS_FAILURES = 20
"""Failed logins from one address without a device cookie, whatever the username."""


@dataclass(frozen=True)
class Wait:
    """How long a login must wait: ``seconds`` (0: it may try now) and ``reason``, which
    limit holds it: ``"device"`` (this browser's device cookie), ``"account"`` (the
    username, for browsers without its device cookie) or ``"address"``; ``""`` when none."""

    seconds: int = 0
    reason: str = ""

    def __bool__(self) -> bool:
        return self.seconds > 0


@dataclass(frozen=True)
class Attempt:
    """One login attempt's outcome: ``account`` (``{"id", "username", "role"}``, the
    password was right), ``wait`` (a :class:`Wait`: nothing was checked), ``device_nonce``
    (the new device cookie's nonce for the web to sign with the username, on a success).
    A wrong password: all empty."""

    account: dict | None = None
    wait: Wait = field(default_factory=Wait)
    device_nonce: str | None = None


def _seconds_left(db: Database, failures: tuple[str, list], forgiven: tuple[str, list], limit: int) -> int:
    """Seconds until the failed logins matching ``failures`` may try again: 0 unless
    ``limit`` of them fall within :data:`FAILURE_WINDOW` after the newest ``ok`` row
    matching ``forgiven``. Each is ``(WHERE fragment of this module, never user text,
    its parameters)``."""
    last_ok = db.execute(f"SELECT max(id) FROM login_attempts WHERE ok = 1 AND ({forgiven[0]})",
                         forgiven[1]).fetchone()[0]
    since = (transactions.clock() - FAILURE_WINDOW).isoformat()
    rows = db.execute(f"SELECT at FROM login_attempts WHERE ok = 0 AND ({failures[0]}) AND at > ? AND id > ? "
                      "ORDER BY id DESC LIMIT ?", [*failures[1], since, last_ok or 0, limit]).fetchall()
    if len(rows) < limit:
        return 0
    oldest = datetime.fromisoformat(rows[-1][0])
    return max(1, int((oldest + FAILURE_WINDOW - transactions.clock()).total_seconds()) + 1)


def _address_wait(db: Database, address: str) -> Wait:
    untrusted = ("address = ? AND device_id IS NULL", [address])
    seconds = _seconds_left(db, untrusted, untrusted, MAX_ADDRESS_FAILURES)
    return Wait(seconds, "address" if seconds else "")


def _account_wait(db: Database, username: str) -> Wait:
    untrusted = ("username = ? AND device_id IS NULL", [username])
    seconds = _seconds_left(db, untrusted, untrusted, MAX_USER_FAILURES)
    return Wait(seconds, "account" if seconds else "")


def _device_wait(db: Database, device_id: int, username: str) -> Wait:
    seconds = _seconds_left(db, ("device_id = ?", [device_id]),
                            ("device_id = ? OR (username = ? AND address = ?)", [device_id, username, RESET_ADDRESS]),
                            MAX_DEVICE_FAILURES)
    return Wait(seconds, "device" if seconds else "")


def login_wait(db: Database, *, address: str, username: str | None, device_id: int | None = None) -> Wait:
    """How long the next login attempt must wait (a :class:`Wait`; falsy when allowed).

    With ``device_id`` (a live device cookie of ``username``:
    :func:`store.account.devices.known_device`) only that cookie's allowance counts
    (:data:`MAX_DEVICE_FAILURES`); without, the address's (:data:`MAX_ADDRESS_FAILURES`)
    and, when ``username`` is given, the username's for browsers without its device cookie
    (:data:`MAX_USER_FAILURES`), the longer wait winning. Reads only.
    """
    name = (username or "").strip()[:MAX_USERNAME]
    if device_id is not None:
        return _device_wait(db, device_id, name)
    waits = [_address_wait(db, (address or "")[:64])]
    if name:
        waits.append(_account_wait(db, name))
    return max(waits, key=lambda wait: wait.seconds)


def _start(db: Database, address: str, name: str, device: tuple[str, str] | None) -> tuple[Wait, int | None]:
    """The attempt's first write transaction: prune, find the device cookie, check the
    limit, and record the attempt as failed. Returns the wait (nothing recorded when
    held) and the device id."""
    with write_tx(db):
        prune_attempts(db)
        device_id = known_device(db, name, device)
        wait = login_wait(db, address=address, username=name, device_id=device_id)
        if not wait:
            insert_attempt(db, address=address, username=name, ok=False, device_id=device_id)
    return wait, device_id


def _succeed(db: Database, account: dict, address: str, name: str, device_id: int | None) -> str:
    """The right password's write: an ``ok`` row, and a new device cookie replacing the
    one presented (OWASP: a new device cookie at each successful login). Returns its nonce."""
    with write_tx(db):
        insert_attempt(db, address=address, username=name, ok=True, device_id=device_id)
        return issue_device(db, account["id"], replacing=device_id)


def attempt_login(db: Database, *, address: str, username: str, password: str,
                  device: tuple[str, str] | None = None) -> Attempt:
    """One login attempt, limited (:func:`login_wait`): an :class:`Attempt` with the
    account and a new device cookie's nonce (right password), the wait (the password is
    then not checked), or neither (wrong password).

    The limit's check and the attempt's record are one write transaction (``BEGIN
    IMMEDIATE``) taken BEFORE the password is hashed: the attempt is recorded as failed
    first, and a right password then adds an ``ok`` row. So parallel attempts each see
    the ones before them, and no more than the limit of wrong passwords are ever checked
    per window.

    :param device: ``(username, nonce)`` read from a device cookie whose signature the web
        checked, or None; it counts only when live for this username
        (:func:`store.account.devices.known_device`), else the browser is untrusted.
    :raises store.core.transactions.Busy: the write lock stayed held past the busy timeout
        (many logins at once): nothing recorded, no password checked.
    """
    name = (username or "").strip()[:MAX_USERNAME] if isinstance(username, str) else ""
    with busy_when_locked():
        wait, device_id = _start(db, address, name, device)
        if wait:
            return Attempt(wait=wait)
        account = check_login(db, username, password)
        if account is None:
            return Attempt()
        return Attempt(account=account, device_nonce=_succeed(db, account, address, name, device_id))
