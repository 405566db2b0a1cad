"""A login while another writer holds the database past the busy timeout (issue 23: the
store says so, ``store.core.transactions.Busy``; the page never reads SQLite's errors): the
login page answers 503 with ``Retry-After`` and words, nothing is recorded, and the same
login once the lock is free goes through."""

from __future__ import annotations

import sqlite3

from hosts import HOST_PASSWORD, HOST_USER, host_account

import store.core.transactions


def test_a_login_while_the_database_stays_locked_is_a_503_and_records_nothing(app, client, db, monkeypatch):
    host_account(app)
    monkeypatch.setattr(store.core.transactions, "BUSY_TIMEOUT_MS", 100)
    attempts = db.execute("SELECT COUNT(*) FROM login_attempts").fetchone()[0]
    holder = sqlite3.connect(app.config["DATABASE"], check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")
    try:
        answer = client.post("/host/login?lang=en", data={"username": HOST_USER, "password": HOST_PASSWORD})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert answer.status_code == 503 and answer.headers["Retry-After"] == "2"
    assert "The server is busy: try again in a moment." in answer.get_data(as_text=True)
    assert db.execute("SELECT COUNT(*) FROM login_attempts").fetchone()[0] == attempts
    again = client.post("/host/login", data={"username": HOST_USER, "password": HOST_PASSWORD})
    assert again.status_code == 302
