"""Host accounts, their sessions, login attempts and the one-time setup code (migration
``m011_accounts``).

- ``accounts``: id, username (unique), password_hash (werkzeug's scrypt: never the
  password), role (``"host"``), created_at, disabled_at.
- ``sessions``: id_hash (SHA-256 of the random session id the browser keeps in its signed
  cookie; the id itself is never stored), account_id, created_at, revoked_at, ip.
- ``login_attempts``: id, at, address, username, ok (1/0), device_id (m016: the device
  cookie presented, ``store.account.devices``; NULL without a valid one): every login and
  setup attempt, so the limits (``store.account.login_limits``) hold across restarts and
  processes; rows older than a day are pruned by the next attempt. A login is recorded as
  failed before its password is checked, and a success adds an ``ok`` row; failures count
  only after the newest ``ok`` row (by id) of their kind; ``set-password`` adds one for
  the username.
- ``setup_codes``: id, code_hash (SHA-256), issued_at, ended_at (used, or replaced by a
  newer code). Only the newest live code opens the first-visit page, and only while no
  account exists.

Times are ISO-8601 UTC strings from ``store.core.transactions.clock`` (tests move it). Refusals are
:class:`store.StoreError` with a code (``web.core.refusals``): ``username_bad``,
``password_short`` (min), ``password_long`` (max), ``password_control``,
``password_mismatch``, ``password_wrong``, ``setup_done``, ``setup_code_wrong``.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from datetime import datetime, timedelta
from functools import cache

from sqlite_utils import Database
from werkzeug.security import check_password_hash, generate_password_hash

from store.core import transactions
from store.core.checks import StoreError
from store.core.transactions import utc_now, write_tx

MIN_PASSWORD, MAX_PASSWORD = 10, 200
"""A password's length in characters: at least 10 (issue 13), at most 200 (a longer one is
a paste gone wrong, and every login hashes what it is given)."""

MAX_USERNAME = 40

SESSION_MAX_AGE = timedelta(hours=12)
"""A session ends 12 hours after the login whatever happens (absolute expiry)."""

RESET_ADDRESS = "set-password"
"""The address of the ``ok`` row ``set-password`` adds (it forgives the username's failures,
those of its device cookies included: ``store.account.login_limits``)."""

KEEP_ATTEMPTS = timedelta(days=1)
"""Login attempts older than this are pruned (the limits look back 15 minutes)."""

SETUP_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""The setup code's letters (no 0/O, 1/I): 12 of them, about 60 bits, said in groups of 4."""


@cache
def _dummy_hash() -> str:
    """Checked against when the username is unknown, so an unknown name costs the same time."""
    return generate_password_hash("not a password of anyone")


def _sha256(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _ago(delta: timedelta) -> str:
    return (transactions.clock() - delta).isoformat()


def _has_control(text: str) -> bool:
    return any(unicodedata.category(c) in ("Cc", "Cf") for c in text)


def check_username(username: str) -> str:
    """The username as stored: stripped; 1-40 letters, digits, ``.``, ``_`` or ``-``.

    :raises StoreError: code ``username_bad`` (param ``max``).
    """
    name = (username or "").strip() if isinstance(username, str) else ""
    if not 1 <= len(name) <= MAX_USERNAME or not all(c.isalnum() or c in "._-" for c in name):
        raise StoreError("username_bad", max=MAX_USERNAME)
    return name


def check_password(password: str) -> str:
    """The password if it may be used: 10 to 200 characters, no control or format characters.

    :raises StoreError: codes ``password_short`` (min), ``password_long`` (max),
        ``password_control``.
    """
    if not isinstance(password, str) or len(password) < MIN_PASSWORD:
        raise StoreError("password_short", min=MIN_PASSWORD)
    if len(password) > MAX_PASSWORD:
        raise StoreError("password_long", max=MAX_PASSWORD)
    if _has_control(password):
        raise StoreError("password_control")
    return password


def has_accounts(db: Database) -> bool:
    """Whether any account exists (none: the first visit sets one up)."""
    return db.execute("SELECT 1 FROM accounts LIMIT 1").fetchone() is not None


def usernames(db: Database) -> list[str]:
    """The host accounts' usernames, oldest first."""
    return [row[0] for row in db.execute("SELECT username FROM accounts ORDER BY id")]


def _insert_account(db: Database, username: str, password: str, role: str) -> int:
    cur = db.execute("INSERT INTO accounts (username, password_hash, role, created_at) VALUES (?, ?, ?, ?)",
                     [username, generate_password_hash(password), role, utc_now()])
    return cur.lastrowid


def set_password(db: Database, username: str, password: str, *, new: bool = False) -> tuple[int, bool]:
    """Set ``username``'s password (the CLI ``set-password``): every session of the account
    ends, and its failed logins are forgiven (an ``ok`` row for the username in
    ``login_attempts``, which stays append-only): those of browsers without a device cookie
    and those of each device cookie (``store.account.login_limits``), so a host locked out by
    someone's wrong guesses gets in at once. Its device cookies stay valid (they carry an
    allowance of guesses, not a login). Creates the host account when there is none of that name, but
    only when no account exists yet or ``new`` is given (a typo must not make a second
    host account).

    :returns: ``(account id, created)``.
    :raises StoreError: a bad username or password (:func:`check_username`,
        :func:`check_password`); ``account_unknown`` (username, known: the existing names)
        when the name is not an account, others exist and ``new`` is not given.
    """
    username, password = check_username(username), check_password(password)
    with write_tx(db):
        row = db.execute("SELECT id FROM accounts WHERE username = ?", [username]).fetchone()
        if row is None:
            known = [r[0] for r in db.execute("SELECT username FROM accounts ORDER BY id")]
            if known and not new:
                raise StoreError("account_unknown", username=username, known=known)
            return _insert_account(db, username, password, "host"), True
        db.execute("UPDATE accounts SET password_hash = ?, disabled_at = NULL WHERE id = ?",
                   [generate_password_hash(password), row[0]])
        db.execute("UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL",
                   [utc_now(), row[0]])
        insert_attempt(db, address=RESET_ADDRESS, username=username, ok=True)
        return row[0], False


def check_login(db: Database, username: str, password: str) -> dict | None:
    """The live account whose username and password these are: ``{"id", "username",
    "role"}``, else None (unknown name, wrong password, disabled account). An unknown name
    is checked against a dummy hash, so it takes as long as a wrong password."""
    row = None
    if isinstance(username, str) and len(username) <= MAX_USERNAME:
        row = db.execute("SELECT id, username, role, password_hash FROM accounts WHERE username = ? "
                         "AND disabled_at IS NULL", [username.strip()]).fetchone()
    given = password if isinstance(password, str) and len(password) <= MAX_PASSWORD else ""
    ok = check_password_hash(row[3] if row else _dummy_hash(), given)
    if row is None or not ok:
        return None
    return {"id": row[0], "username": row[1], "role": row[2]}


def change_password(db: Database, account_id: int, current: str, new: str, *,
                    keep_sid: str | None = None) -> int:
    """Change an account's password (the host's own page): every other session ends.

    :param keep_sid: the session id that made the change (kept live).
    :returns: how many sessions were ended.
    :raises StoreError: code ``password_wrong`` (``current`` is not the password), or a
        bad new password (:func:`check_password`).
    """
    row = db.execute("SELECT username FROM accounts WHERE id = ?", [account_id]).fetchone()
    if row is None or check_login(db, row[0], current) is None:
        raise StoreError("password_wrong")
    check_password(new)
    keep = _sha256(keep_sid) if keep_sid else ""
    with write_tx(db):
        db.execute("UPDATE accounts SET password_hash = ? WHERE id = ?", [generate_password_hash(new), account_id])
        return db.execute("UPDATE sessions SET revoked_at = ? WHERE account_id = ? AND revoked_at IS NULL "
                          "AND id_hash != ?", [utc_now(), account_id, keep]).rowcount


def start_session(db: Database, account_id: int, *, ip: str | None) -> str:
    """A new session of the account: returns its random id (43 characters; only its
    SHA-256 is stored). The caller puts it in the signed cookie."""
    sid = secrets.token_urlsafe(32)
    with write_tx(db):
        db.execute("INSERT INTO sessions (id_hash, account_id, created_at, ip) VALUES (?, ?, ?, ?)",
                   [_sha256(sid), account_id, utc_now(), (ip or "")[:64]])
    return sid


def session_account(db: Database, sid: str) -> dict | None:
    """The account of a live session: ``{"id", "username", "role", "session_created"}``,
    or None: unknown id, revoked, older than :data:`SESSION_MAX_AGE`, or the account
    disabled. Reads only (the idle expiry is the caller's, from the cookie's timestamp)."""
    if not isinstance(sid, str) or not 20 <= len(sid) <= 100:
        return None
    row = db.execute(
        "SELECT a.id, a.username, a.role, s.created_at FROM sessions s JOIN accounts a ON a.id = s.account_id "
        "WHERE s.id_hash = ? AND s.revoked_at IS NULL AND a.disabled_at IS NULL",
        [_sha256(sid)]).fetchone()
    if row is None or datetime.fromisoformat(row[3]) <= transactions.clock() - SESSION_MAX_AGE:
        return None
    return {"id": row[0], "username": row[1], "role": row[2], "session_created": row[3]}


def revoke_session(db: Database, sid: str) -> bool:
    """End one session (logout): True when it was live."""
    if not isinstance(sid, str) or not sid:
        return False
    with write_tx(db):
        return db.execute("UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL",
                          [utc_now(), _sha256(sid)]).rowcount > 0


def insert_attempt(db: Database, *, address: str, username: str, ok: bool, device_id: int | None = None) -> None:
    """Add one row to ``login_attempts`` (inside the caller's write transaction).

    :param device_id: the device cookie the attempt presented (``store.account.devices``),
        None for a browser without a valid one.
    """
    db.execute("INSERT INTO login_attempts (at, address, username, ok, device_id) VALUES (?, ?, ?, ?, ?)",
               [utc_now(), (address or "")[:64], (username or "")[:MAX_USERNAME], int(ok), device_id])


def prune_attempts(db: Database) -> None:
    """Delete the attempts older than :data:`KEEP_ATTEMPTS` (inside a write transaction)."""
    db.execute("DELETE FROM login_attempts WHERE at < ?", [_ago(KEEP_ATTEMPTS)])


def record_attempt(db: Database, *, address: str, username: str, ok: bool, device_id: int | None = None) -> None:
    """Keep one login (or setup) attempt (:func:`insert_attempt`); prunes attempts older
    than :data:`KEEP_ATTEMPTS`."""
    with write_tx(db):
        prune_attempts(db)
        insert_attempt(db, address=address, username=username, ok=ok, device_id=device_id)


def _normal_code(code: str) -> str:
    return "".join(c for c in (code or "").upper() if c not in " -") if isinstance(code, str) else ""


def issue_setup_code(db: Database) -> str | None:
    """A new one-time setup code (``"ABCD-EFGH-JKLM"``) replacing any earlier one, or None
    when an account exists already (no setup then). Only its SHA-256 is stored."""
    code = "".join(secrets.choice(SETUP_ALPHABET) for _ in range(12))
    with write_tx(db):
        if has_accounts(db):
            return None
        db.execute("UPDATE setup_codes SET ended_at = ? WHERE ended_at IS NULL", [utc_now()])
        db.execute("INSERT INTO setup_codes (code_hash, issued_at) VALUES (?, ?)", [_sha256(code), utc_now()])
    return "-".join(code[i:i + 4] for i in range(0, 12, 4))


def setup_account(db: Database, code: str, username: str, password: str) -> int:
    """The first host account, made with the one-time setup code (the code is used up).

    :returns: the new account's id.
    :raises StoreError: code ``setup_done`` (an account exists), ``setup_code_wrong``
        (not the live code), or a bad username or password.
    """
    username, password = check_username(username), check_password(password)
    with write_tx(db):
        if has_accounts(db):
            raise StoreError("setup_done")
        row = db.execute("SELECT id FROM setup_codes WHERE ended_at IS NULL AND code_hash = ?",
                         [_sha256(_normal_code(code))]).fetchone()
        if row is None or len(_normal_code(code)) != 12:
            raise StoreError("setup_code_wrong")
        db.execute("UPDATE setup_codes SET ended_at = ? WHERE id = ?", [utc_now(), row[0]])
        return _insert_account(db, username, password, "host")
