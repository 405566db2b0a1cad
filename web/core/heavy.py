"""Heavy pages bounded in number (issue 25, "No reader can stall the table"): the pages
whose cost is that of what they show, but which can be large, run a few at once, in two
pools so a flood of one kind cannot shut out the other:

- ``"page"``: a night's report, a replay of a long hand, a player's history, the club's
  standings (``HEAVY_PAGES`` in the app's config, or the environment's
  ``TAPETE_HEAVY_PAGES``, else :data:`DEFAULT_SLOTS`);
- ``"print"``: a night's PDF and its files to save (``HEAVY_PRINTS`` /
  ``TAPETE_HEAVY_PRINTS``, else :data:`DEFAULT_PRINT_SLOTS`; the PDF's layout runs in
  ``web.core.pdf_process``'s two processes).

A page finding its pool's slots taken waits up to :data:`WAIT_S` for one, while at most
:data:`WAITING` others of that pool wait too (a wait holds a worker thread, not the
interpreter's lock); past either it is answered 503 with ``Retry-After`` and the reason in
the page's language. So the server's other worker threads (``web.core.serving``:
:data:`web.core.serving.THREADS`, more than every slot and wait together) are always free
for the tablets' taps and state, which never take a slot; and a client reloading a heavy
page flat out gets an answer at most every :data:`WAIT_S`, not hundreds a second.

A view takes a slot by :func:`heavy_page` or :func:`heavy_print` (under its route and
access decorators: a refused login takes none). Under the production server the page is
then made in a worker process (``web.core.page_process``), which takes the slot before the
app sees the request.
"""

from __future__ import annotations

import os
import threading
from functools import wraps

from flask import Flask, current_app, request

DEFAULT_SLOTS = 3
"""Heavy pages (the ``"page"`` pool) at once, by default."""

DEFAULT_PRINT_SLOTS = 2
"""PDFs and files to save (the ``"print"`` pool) at once, by default: one per PDF process."""

WAIT_S = 0.5
"""How long one more heavy page waits for a slot of its pool before its 503."""

WAITING = 6
"""Heavy pages of one pool that may wait for a slot at once; one more is answered 503 at once."""

PER_ADDRESS = 2
"""Heavy pages of one pool one client address may have running or waiting at once (a phone
opens one page at a time): a guest reloading pages from many connections takes at most
this share, never every slot (``HEAVY_PER_ADDRESS`` / ``TAPETE_HEAVY_PER_ADDRESS``; 0: no
bound, for a server behind a proxy)."""

RETRY_AFTER = "5"
"""Seconds the 503 of a heavy page asks to wait."""

_KEY = "tapete_heavy"

IN_WORKER = "tapete.page_worker"
"""The environ key of a request a page worker makes (``web.core.page_process``): the page
took its slot in the server already, so it takes none here."""

BUSY = "tapete.heavy_busy"
"""The environ key ``web.core.page_process`` sets on a heavy page it found no slot for:
the app answers its 503."""

POOLS = {"page": ("HEAVY_PAGES", "TAPETE_HEAVY_PAGES", DEFAULT_SLOTS),
         "print": ("HEAVY_PRINTS", "TAPETE_HEAVY_PRINTS", DEFAULT_PRINT_SLOTS)}
"""Each pool: its config key, its environment variable and its default number of slots."""


class PagesBusy(Exception):
    """Every heavy-page slot of the pool is taken: the page was not started
    (``web.core.errors`` answers 503 with ``Retry-After``)."""


class Pool:
    """One pool's ``slots`` (pages running) and ``room`` (pages waiting for a slot), and
    what each client address holds of them (running or waiting): at most ``per_address``
    (0: no bound; behind a proxy every client has the proxy's address)."""

    def __init__(self, slots: int, per_address: int = PER_ADDRESS):
        self.size = max(1, slots)
        self.slots = threading.BoundedSemaphore(self.size)
        self.room = threading.BoundedSemaphore(WAITING)
        self.per_address = per_address
        self.held: dict[str, int] = {}
        self._lock = threading.Lock()

    def enter(self, address: str | None = None) -> None:
        """Take a slot for a request from ``address``: at once, else after waiting in the
        room up to :data:`WAIT_S`.

        :raises PagesBusy: the address holds its share already, the room is full, or no
            slot freed in time."""
        self._count(address, +1)
        try:
            if self.slots.acquire(blocking=False):
                return
            if not self.room.acquire(blocking=False):
                raise PagesBusy()
            try:
                if not self.slots.acquire(timeout=WAIT_S):
                    raise PagesBusy()
            finally:
                self.room.release()
        except PagesBusy:
            self._count(address, -1)
            raise

    def leave(self, address: str | None = None) -> None:
        """Give the slot of a request from ``address`` back."""
        self.slots.release()
        self._count(address, -1)

    def _count(self, address: str | None, step: int) -> None:
        """Count a request of ``address`` in (``step`` +1) or out (-1).

        :raises PagesBusy: counting in past ``per_address`` (nothing counted)."""
        if address is None or not self.per_address:
            return
        with self._lock:
            now = self.held.get(address, 0) + step
            if step > 0 and now > self.per_address:
                raise PagesBusy()
            if now > 0:
                self.held[address] = now
            else:
                self.held.pop(address, None)


def init_app(app: Flask) -> None:
    """Give ``app`` its pools (:data:`POOLS`: the config's number, else the environment's,
    else the default; at least 1 slot each)."""
    per_address = app.config.get("HEAVY_PER_ADDRESS", os.environ.get("TAPETE_HEAVY_PER_ADDRESS", PER_ADDRESS))
    app.extensions[_KEY] = {name: Pool(int(app.config.get(key) or os.environ.get(env) or default), int(per_address))
                            for name, (key, env, default) in POOLS.items()}


def pool(app: Flask, name: str = "page") -> Pool:
    """``app``'s pool ``name`` (``"page"`` or ``"print"``)."""
    return app.extensions[_KEY][name]


def slots_and_waits(app: Flask) -> int:
    """Threads the heavy pages of ``app`` can hold at once: every pool's slots and waits."""
    return sum(p.size + WAITING for p in app.extensions[_KEY].values())


def _bounded(view, name: str):
    @wraps(view)
    def wrapped(*args, **kwargs):
        if request.environ.get(IN_WORKER):
            return view(*args, **kwargs)
        if request.environ.get(BUSY):
            raise PagesBusy()
        slots, address = pool(current_app, name), request.remote_addr
        slots.enter(address)
        try:
            return view(*args, **kwargs)
        finally:
            slots.leave(address)

    wrapped.heavy_page = name
    return wrapped


def heavy_page(view):
    """Run ``view`` in a slot of the ``"page"`` pool.

    :raises PagesBusy: no slot (see the module)."""
    return _bounded(view, "page")


def heavy_print(view):
    """Run ``view`` in a slot of the ``"print"`` pool (a PDF, a file to save).

    :raises PagesBusy: no slot (see the module)."""
    return _bounded(view, "print")
