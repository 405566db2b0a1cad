"""The host's account and a test client logged in as the host."""

from __future__ import annotations

import functools

from werkzeug.security import generate_password_hash

import store
import store.account.accounts
import store.core.transactions
from store import open_db

HOST_USER = "host"
"""The host account's username (:func:`host_account`)."""


HOST_PASSWORD = "correct horse battery"
"""The host account :func:`host_account` makes (what ``flask set-password`` would)."""


def host_account(app, username: str = HOST_USER, password: str = HOST_PASSWORD) -> tuple[str, str]:
    """Make the host account ``username`` in the app's database (once):
    ``(username, password)`` to log in with on the login page."""
    database = open_db(app.config["DATABASE"])
    try:
        if database.execute("SELECT 1 FROM accounts WHERE username = ?", [username]).fetchone() is None:
            with store.core.transactions.write_tx(database):  # what store.account.accounts.set_password does, the hash made once
                database.execute("INSERT INTO accounts (username, password_hash, role, created_at) "
                                 "VALUES (?, ?, 'host', ?)", [username, _hashed(password), store.core.transactions.utc_now()])
    finally:
        database.conn.close()
    return username, password


@functools.cache
def _hashed(password: str) -> str:
    """werkzeug's scrypt hash of ``password``, made once per test process (it is slow by design)."""
    return generate_password_hash(password)


def login_host(client, username: str = HOST_USER) -> str:
    """Log the test client in as the host: the account (:func:`host_account`), a session
    row, and the signed cookie holding its id and last-seen time (what the login page
    does). Returns the session id."""
    app = client.application
    host_account(app, username)
    database = open_db(app.config["DATABASE"])
    try:
        account_id = database.execute("SELECT id FROM accounts WHERE username = ?", [username]).fetchone()[0]
        sid = store.account.accounts.start_session(database, account_id, ip="127.0.0.1")
    finally:
        database.conn.close()
    with client.session_transaction() as session:
        session.clear()
        session["sid"] = sid
        session["seen"] = int(store.core.transactions.clock().timestamp())
        session.permanent = True
    return sid
