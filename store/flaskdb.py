"""The store inside Flask: one connection per request (Flask tutorial style).

``get_db()`` opens ``current_app.config["DATABASE"]`` on first use in a request and
``init_app(app)`` closes it when the request ends.
"""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlite_utils import Database

from .opening import open_db


def get_db() -> Database:
    """The request's ``sqlite_utils.Database`` (opened and migrated on first use)."""
    if "tapete_db" not in g:
        g.tapete_db = open_db(current_app.config["DATABASE"])
    return g.tapete_db


def close_db(exc: BaseException | None = None) -> None:
    """Close the request's connection, if one was opened."""
    db = g.pop("tapete_db", None)
    if db is not None:
        db.conn.close()


def init_app(app: Flask) -> None:
    """Register :func:`close_db` on the app's teardown."""
    app.teardown_appcontext(close_db)
