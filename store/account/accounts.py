"""Host accounts, their sessions, login attempts and the one-time setup code (migration
``m011_accounts``).

- ``accounts``: id, username (unique), password_hash (werkzeug's scrypt: never the
  password), role (``"host"``), created_at, disabled_at.
- ``sessions``: id_hash (SHA-256 of the random session id the browser keeps in its signed
  cookie; the id itself is never stored), account_id, created_at, revoked_at, ip.
- ``login_attempts``: id, at, address, username, ok (1/0): every login and setup attempt,
  so the limits hold across restarts and processes; rows older than a day are pruned by
  the next attempt. A login is recorded as failed before its password is checked, and a
  success adds an ``ok`` row; failures count only after the newest ``ok`` row (by id) of
  the username (or address); ``set-password`` adds one for the username.
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
from store.core.transactions import busy_when_locked, utc_now, write_tx

MIN_PASSWORD, MAX_PASSWORD = 10, 200
"""A password's length in characters: at least 10 (issue 13), at most 200 (a longer one is
a paste gone wrong, and every login hashes what it is given)."""

MAX_USERNAME = 40

SESSION_MAX_AGE = timedelta(hours=12)
"""A session ends 12 hours after the login whatever happens (absolute expiry)."""

FAILURE_WINDOW = timedelta(minutes=15)
MAX_USER_FAILURES, MAX_ADDRESS_FAILURES = 5, 20
"""Failed logins allowed within :data:`FAILURE_WINDOW`: per username, and per address."""

RESET_ADDRESS = "set-password"
"""The address of the ``ok`` row ``set-password`` adds (it forgives the username's failures)."""

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
    ``login_attempts``, which stays append-only), so a host locked out by someone's wrong
    guesses gets in at once. Creates the host account when there is none of that name, but
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
        _insert_attempt(db, address=RESET_ADDRESS, username=username, ok=True)
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


def _insert_attempt(db: Database, *, address: str, username: str, ok: bool) -> None:
    db.execute("INSERT INTO login_attempts (at, address, username, ok) VALUES (?, ?, ?, ?)",
               [utc_now(), (address or "")[:64], (username or "")[:MAX_USERNAME], int(ok)])


def record_attempt(db: Database, *, address: str, username: str, ok: bool) -> None:
    """Keep one login (or setup) attempt; prunes attempts older than :data:`KEEP_ATTEMPTS`."""
    with write_tx(db):
        db.execute("DELETE FROM login_attempts WHERE at < ?", [_ago(KEEP_ATTEMPTS)])
        _insert_attempt(db, address=address, username=username, ok=ok)


def attempt_login(db: Database, *, address: str, username: str, password: str) -> tuple[dict | None, int]:
    """One login attempt, limited: ``(account, 0)`` when the password is right, ``(None,
    0)`` when wrong, ``(None, seconds)`` when the address or username must wait
    (:func:`login_wait`; the password is then not checked).

    The limit's check and the attempt's record are one write transaction (``BEGIN
    IMMEDIATE``) taken BEFORE the password is hashed: the attempt is recorded as failed
    first, and a right password then adds an ``ok`` row (which forgives the failures
    before it). So parallel attempts each see the ones before them, and no more than the
    limit of wrong passwords are ever checked per window.

    :raises store.core.transactions.Busy: the write lock stayed held past the busy timeout
        (many logins at once): nothing recorded, no password checked.
    """
    name = (username or "").strip()[:MAX_USERNAME] if isinstance(username, str) else ""
    with busy_when_locked():
        with write_tx(db):
            db.execute("DELETE FROM login_attempts WHERE at < ?", [_ago(KEEP_ATTEMPTS)])
            wait = login_wait(db, address=address, username=name)
            if wait:
                return None, wait
            _insert_attempt(db, address=address, username=name, ok=False)
        account = check_login(db, username, password)
        if account is not None:
            record_attempt(db, address=address, username=name, ok=True)
    return account, 0


def _wait_for(db: Database, column: str, value: str, limit: int) -> int:
    """Seconds until ``value`` (an address or a username) may try again: 0 unless it has
    ``limit`` failures within the window since its last success."""
    since = _ago(FAILURE_WINDOW)
    last_ok = db.execute(f"SELECT max(id) FROM login_attempts WHERE {column} = ? AND ok = 1",
                         [value]).fetchone()[0]
    rows = db.execute(f"SELECT at FROM login_attempts WHERE {column} = ? AND ok = 0 AND at > ? AND id > ? "
                      "ORDER BY id DESC LIMIT ?", [value, since, last_ok or 0, limit]).fetchall()
    if len(rows) < limit:
        return 0
    oldest = datetime.fromisoformat(rows[-1][0])
    return max(1, int((oldest + FAILURE_WINDOW - transactions.clock()).total_seconds()) + 1)


def login_wait(db: Database, *, address: str, username: str | None) -> int:
    """Seconds ``address`` (and ``username``, when given) must wait before the next login
    attempt: 0 when allowed. The limits: :data:`MAX_USER_FAILURES` failures per username
    and :data:`MAX_ADDRESS_FAILURES` per address within :data:`FAILURE_WINDOW`, counted
    since the last success; read from the database, so they survive restarts and hold
    across processes."""
    waits = [_wait_for(db, "address", (address or "")[:64], MAX_ADDRESS_FAILURES)]
    if username:
        waits.append(_wait_for(db, "username", username.strip()[:MAX_USERNAME], MAX_USER_FAILURES))
    return max(waits)


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
