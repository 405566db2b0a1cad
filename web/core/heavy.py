"""Heavy pages bounded in number (issue 25, "No reader can stall the table"): the pages
whose cost is that of what they show, but which can be large (a night's report and PDF, a
replay of a long hand, a player's history, the club's standings, a night's file), run at
most :data:`DEFAULT_SLOTS` at once (``HEAVY_PAGES`` in the app's config, or the
environment's ``TAPETE_HEAVY_PAGES``); one more waits up to :data:`WAIT_S` for a slot and is
then answered 503 with ``Retry-After`` and the reason in the page's language, so the
server's other worker threads (``web.core.serving``: 8) are always free for the tablets'
taps and state, which never take a slot.

A view takes a slot by :func:`heavy_page` (under its route and access decorators: a
refused login takes none).
"""

from __future__ import annotations

import os
import threading
from functools import wraps

from flask import Flask, current_app

DEFAULT_SLOTS = 3
"""Heavy pages at once, by default (of 8 worker threads)."""

WAIT_S = 0.5
"""How long one more heavy page waits for a slot before its 503."""

RETRY_AFTER = "5"
"""Seconds the 503 of a heavy page asks to wait."""

_KEY = "tapete_heavy"


class PagesBusy(Exception):
    """Every heavy-page slot is taken: the page was not started (``web.core.errors`` answers
    503 with ``Retry-After``)."""


def init_app(app: Flask) -> None:
    """Give ``app`` its slots (``HEAVY_PAGES``, else ``TAPETE_HEAVY_PAGES``, else
    :data:`DEFAULT_SLOTS`; at least 1)."""
    slots = int(app.config.get("HEAVY_PAGES") or os.environ.get("TAPETE_HEAVY_PAGES") or DEFAULT_SLOTS)
    app.extensions[_KEY] = threading.BoundedSemaphore(max(1, slots))


def heavy_page(view):
    """Run ``view`` in one of the app's heavy-page slots.

    :raises PagesBusy: no slot freed within :data:`WAIT_S`.
    """

    @wraps(view)
    def wrapped(*args, **kwargs):
        slots = current_app.extensions[_KEY]
        if not slots.acquire(timeout=WAIT_S):
            raise PagesBusy()
        try:
            return view(*args, **kwargs)
        finally:
            slots.release()

    wrapped.heavy_page = True
    return wrapped
