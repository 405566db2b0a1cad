"""Request rates of the public routes (Flask-Limiter): a route anyone can reach without a
login or a link of their own (the table code's claim page, ``web.night.table_code``) takes
at most so many requests a minute from one address, so nobody can try codes by the
thousand. Past the limit: 429, the page ``core/refused.html`` in the page's language
(``web.core.errors``: "Too many requests: wait a moment and try again."), nothing stored.

The counts are kept in the process's memory (``memory://``: the service is one process;
a restart forgets them) by the address the request came from (``request.remote_addr``,
as the login limits count it: ``web.account.views``). The limits are the config's
:data:`TABLE_CODE_READS` and :data:`TABLE_CODE_WRITES` (``RATELIMIT_ENABLED`` False turns
every limit off).

Use::

    from web.core.rate_limits import limiter, table_code_reads
    @bp.get("/<code>")
    @limiter.limit(table_code_reads)
    def claim_page(code): ...
"""

from __future__ import annotations

from flask import Flask, current_app, request
from flask_limiter import Limiter

TABLE_CODE_READS = "30 per minute"
"""Claim pages (GET) one address may open a minute (config ``TABLE_CODE_READS``): a phone
opens it a few times a night."""

TABLE_CODE_WRITES = "10 per minute"
"""Claims and give-backs (POST) one address may send a minute (config ``TABLE_CODE_WRITES``)."""


def client_address() -> str:
    """The key a request is counted by: the address it came from."""
    return request.remote_addr or "?"


limiter = Limiter(client_address, storage_uri="memory://", strategy="moving-window", headers_enabled=False)
"""The app's limiter (no default limit: only the routes that say so are limited)."""


def table_code_reads() -> str:
    """The claim page's limit (:data:`TABLE_CODE_READS`, or the config's)."""
    return current_app.config.get("TABLE_CODE_READS", TABLE_CODE_READS)


def table_code_writes() -> str:
    """The claim's and give-back's limit (:data:`TABLE_CODE_WRITES`, or the config's)."""
    return current_app.config.get("TABLE_CODE_WRITES", TABLE_CODE_WRITES)


def init_app(app: Flask) -> None:
    """Register :data:`limiter` on ``app`` (its counts start empty)."""
    limiter.init_app(app)
