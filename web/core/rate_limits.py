"""Request rates of the public routes (Flask-Limiter): a route anyone can reach without a
login or a link of their own (the table code's claim page, ``web.night.table_code``) takes
at most so many requests a minute from one address, so nobody can try codes by the
thousand. Past the limit: 429, the page ``core/refused.html`` in the page's language
(``web.core.errors``: "Too many requests: wait a moment and try again."), nothing stored.

The counts are kept in the process's memory (``memory://``: the service is one process;
a restart forgets them). Each phone is counted on its own (:func:`phone_key`: the address
the request came from and the phone's cookie :data:`PHONE_COOKIE`, so a whole table behind
one address, a proxy's or a router's, is not one phone and one guest cannot block every
claim: issue 26), and each night's code has a ceiling for all its phones together
(:func:`night_key`). The address is ``request.remote_addr``: behind a proxy it is the
client's only when ``TAPETE_PROXY`` says how many proxies stand in front (``app.py`` then
trusts that many ``X-Forwarded-For`` hops, werkzeug's ``ProxyFix``); otherwise a forwarded
header is ignored. The limits are the config's :data:`TABLE_CODE_READS`,
:data:`TABLE_CODE_WRITES` (a phone's) and :data:`TABLE_CODE_NIGHT_READS`,
:data:`TABLE_CODE_NIGHT_WRITES` (a night's) (``RATELIMIT_ENABLED`` False turns every limit
off).

Use::

    from web.core.rate_limits import limiter, night_key, table_code_reads, table_code_night_reads
    @bp.get("/<code>")
    @limiter.limit(table_code_reads)
    @limiter.limit(table_code_night_reads, key_func=night_key)
    def claim_page(code): ...
"""

from __future__ import annotations

from flask import Flask, current_app, g, request
from flask_limiter import Limiter

TABLE_CODE_READS = "30 per minute"
"""Claim pages (GET) one address may open a minute (config ``TABLE_CODE_READS``): a phone
opens it a few times a night."""

TABLE_CODE_WRITES = "10 per minute"
"""Claims and give-backs (POST) one phone may send a minute (config ``TABLE_CODE_WRITES``)."""

TABLE_CODE_NIGHT_READS = "600 per minute"
"""Claim pages all the phones of one night's code may open a minute (config
``TABLE_CODE_NIGHT_READS``); unknown codes count per address."""

TABLE_CODE_NIGHT_WRITES = "60 per minute"
"""Claims and give-backs all the phones of one night's code may send a minute (config
``TABLE_CODE_NIGHT_WRITES``): ten players claiming, and their mistakes, fit well within."""

PHONE_COOKIE = "tapete_phone"
"""A random name the table code's pages give a phone (``web.night.table_code``) to count
its requests by; it opens nothing."""


def client_address() -> str:
    """The address a request came from (the client's behind ``TAPETE_PROXY``)."""
    return request.remote_addr or "?"


def phone_key() -> str:
    """The key a phone's requests are counted by: its address and its :data:`PHONE_COOKIE`
    (``"-"`` before it has one)."""
    return f"{client_address()} {(request.cookies.get(PHONE_COOKIE) or '-')[:64]}"


def night_key() -> str:
    """The key a night's ceiling counts by: the night of the code in the path
    (``g.table_night``, set by ``web.night.table_code``), or the address for a code that
    is none (guessing codes)."""
    night = g.get("table_night")
    return f"night:{night}" if night is not None else f"no-code:{client_address()}"


limiter = Limiter(phone_key, storage_uri="memory://", strategy="moving-window", headers_enabled=False)
"""The app's limiter (no default limit: only the routes that say so are limited)."""


def table_code_reads() -> str:
    """The claim page's limit per phone (:data:`TABLE_CODE_READS`, or the config's)."""
    return current_app.config.get("TABLE_CODE_READS", TABLE_CODE_READS)


def table_code_writes() -> str:
    """The claim's and give-back's limit per phone (:data:`TABLE_CODE_WRITES`, or the config's)."""
    return current_app.config.get("TABLE_CODE_WRITES", TABLE_CODE_WRITES)


def table_code_night_reads() -> str:
    """The claim page's ceiling per night (:data:`TABLE_CODE_NIGHT_READS`, or the config's)."""
    return current_app.config.get("TABLE_CODE_NIGHT_READS", TABLE_CODE_NIGHT_READS)


def table_code_night_writes() -> str:
    """The claims' and give-backs' ceiling per night (:data:`TABLE_CODE_NIGHT_WRITES`, or the config's)."""
    return current_app.config.get("TABLE_CODE_NIGHT_WRITES", TABLE_CODE_NIGHT_WRITES)


def init_app(app: Flask) -> None:
    """Register :data:`limiter` on ``app`` (its counts start empty)."""
    limiter.init_app(app)
