"""PDFs made in worker processes (issue 25, "No reader can stall the table": heavy renders
"may run in a separate process if the interpreter's lock would otherwise hold the taps up").

WeasyPrint's layout is Python work that holds the interpreter's lock for seconds on a long
night: on the server's threads a few PDFs at once held every tap up (a tablet's p95 near a
second under a flood of PDF requests). So the HTML is made on the request's thread and
handed to a small pool of worker processes (:data:`PROCESSES`, started once, on first
use, by ``spawn``: nothing of the threaded server is forked) that turn it into the PDF
(``web.core.pdf.html_to_pdf``, the same function, the same static-only fetcher). Each
worker is replaced after :data:`TASKS_PER_WORKER` PDFs, so the memory a long one used is
given back. ``PDF_PROCESSES`` 0 in the app's config makes them on the request's thread.
"""

from __future__ import annotations

import atexit
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from flask import current_app

from web.core.pdf import html_to_pdf

PROCESSES = 2
"""Worker processes making PDFs (the heavy pages are at most 3 at once: ``web.core.heavy``)."""

TASKS_PER_WORKER = 20
"""PDFs a worker makes before it is replaced (its memory given back)."""

TIMEOUT_S = 300
"""The longest a PDF may take before the request fails."""

_pool: ProcessPoolExecutor | None = None
_lock = threading.Lock()


def make_pdf(html: str, static_folder: str | Path) -> bytes:
    """The PDF of ``html`` (as :func:`web.core.pdf.html_to_pdf`), made in a worker process
    unless the app's ``PDF_PROCESSES`` is 0.

    :raises concurrent.futures.TimeoutError: past :data:`TIMEOUT_S`.
    """
    processes = current_app.config.get("PDF_PROCESSES", PROCESSES)
    if not processes:
        return html_to_pdf(html, static_folder)
    return _workers(processes).submit(html_to_pdf, html, str(static_folder)).result(timeout=TIMEOUT_S)


def _workers(processes: int) -> ProcessPoolExecutor:
    """The pool, started on first use (``spawn``; shut down at exit)."""
    global _pool
    with _lock:
        if _pool is None:
            _pool = ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"),
                                        max_tasks_per_child=TASKS_PER_WORKER)
            atexit.register(_pool.shutdown, wait=False, cancel_futures=True)
        return _pool
