"""Heavy pages made in worker processes (issue 25, "No reader can stall the table": heavy
renders "may run in a separate process if the interpreter's lock would otherwise hold the
taps up").

The referee and the templates are pure Python: a page rendering on one of the server's
threads holds the interpreter's lock, and a tap on another thread waits for it in 1-5 ms
slices (``benchmarks/load.py --flood 8``: tap p95 117 ms with the heavy pages on threads).
So the server (``web.core.serving``) wraps the app in :class:`PageWorkers`: a GET of a
heavy page (a view marked by ``web.core.heavy``) takes a slot of its pool here, as on a
thread, and is then made whole, by the same app, in a worker process (``spawn``: nothing
of the threaded server is forked), the request's thread waiting on a pipe without the
lock. The worker answers status, headers and body; the access rules, the language, the
security headers and the 503 are the app's own, run in the worker as on a thread. A page
whose pool is full is answered here by the app (its 503 in words, no worker asked).

Two pools of processes (:data:`PROCESSES`): pages and prints apart, as their slots, so a
flood of PDFs does not queue the players' pages behind them. Each worker is replaced after
:data:`TASKS_PER_WORKER` pages (the memory a long one used is given back). The
environment's ``TAPETE_PAGE_PROCESSES`` sets every pool's processes (``web.core.serving``;
0: the pages on the server's threads). In a worker
the PDF's layout runs on its own thread (``PDF_PROCESSES`` 0: it is out of the server's
process already).
"""

from __future__ import annotations

import atexit
import io
import multiprocessing
import sys
import threading
from concurrent.futures import ProcessPoolExecutor

from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from app import create_app
from web.core import heavy

PROCESSES = {"page": 2, "print": 1}
"""Worker processes per pool of ``web.core.heavy`` (the machine has two cores)."""

TASKS_PER_WORKER = {"page": 200, "print": 20}
"""Pages a worker of each pool makes before it is replaced (its memory given back: a long
night's PDF takes a hundred MB or more)."""

TIMEOUT_S = 300
"""The longest a page may take in a worker before the request fails."""

_apps: dict = {}


class PageWorkers:
    """WSGI middleware: heavy pages of ``app`` made in worker processes (see the module).

    :param app: the Flask app (its URL map says which view a request reaches).
    :param config: the ``create_app`` argument the workers build the same app with (None:
        from the environment, as the server's own).
    :param processes: worker processes per pool (default :data:`PROCESSES`).
    :param initializer: run first in each worker process (a module-level function): the
        server passes its logging set-up, so a worker's log lines are redacted as its own
        (``web.core.serving.configure_logging``: no player's or dealer's link in the log).
    """

    def __init__(self, app, config: dict | None = None, processes: dict[str, int] | None = None,
                 initializer=None):
        self.app = app
        self.initializer = initializer
        self.config = config
        self.processes = dict(PROCESSES if processes is None else processes)
        self._pools: dict[str, ProcessPoolExecutor] = {}
        self._lock = threading.Lock()

    def __call__(self, environ, start_response):
        name = self.pool_of(environ)
        if name is None:
            return self.app(environ, start_response)
        slots, address = heavy.pool(self.app, name), environ.get("REMOTE_ADDR")
        try:
            slots.enter(address)
        except heavy.PagesBusy:
            environ[heavy.BUSY] = True  # the app answers its 503 in words
            return self.app(environ, start_response)
        try:
            status, headers, body = self._workers(name).submit(
                render, self.config, portable(environ)).result(timeout=TIMEOUT_S)
        finally:
            slots.leave(address)
        start_response(status, headers)
        return [body]

    def pool_of(self, environ) -> str | None:
        """The heavy pool (``"page"``, ``"print"``) of the view a GET or HEAD reaches, or
        None (another view, another method, no view: the app answers it on this thread)."""
        if environ.get("REQUEST_METHOD") not in ("GET", "HEAD"):
            return None
        try:
            endpoint, _ = self.app.url_map.bind_to_environ(environ).match()
        except (HTTPException, RequestRedirect):
            return None
        view = self.app.view_functions.get(endpoint)
        name = getattr(view, "heavy_page", None)
        return name if self.processes.get(name) else None

    def _workers(self, name: str) -> ProcessPoolExecutor:
        """Pool ``name``'s processes, started on first use (shut down at exit)."""
        with self._lock:
            pool = self._pools.get(name)
            if pool is None:
                pool = ProcessPoolExecutor(max_workers=self.processes[name],
                                           mp_context=multiprocessing.get_context("spawn"),
                                           initializer=self.initializer,
                                           max_tasks_per_child=TASKS_PER_WORKER.get(name, 20))
                atexit.register(pool.shutdown, wait=False, cancel_futures=True)
                self._pools[name] = pool
            return pool

    def warm(self) -> None:
        """Start every pool's processes now, each building its app (in the background: the
        first heavy page then waits for no interpreter to start)."""
        for name, count in self.processes.items():
            if count:
                pool = self._workers(name)
                for _ in range(count):
                    pool.submit(build, self.config)

    def shutdown(self) -> None:
        """Stop every worker process."""
        with self._lock:
            for pool in self._pools.values():
                pool.shutdown(wait=True, cancel_futures=True)
            self._pools.clear()


def portable(environ: dict) -> dict:
    """The request's environ as a worker can receive it: its text and number entries (the
    headers, path, query, address, ``wsgi.url_scheme``), without the server's objects
    (input and error streams, the socket)."""
    return {k: v for k, v in environ.items() if isinstance(v, (str, int, bool, tuple)) and v is not None}


def _app(config: dict | None):
    """This worker process's app for ``config`` (built on first use: :func:`app.create_app`)."""
    key = repr(sorted((config or {}).items()))
    app = _apps.get(key)
    if app is None:
        app = _apps[key] = create_app(config)
        app.config["PDF_PROCESSES"] = 0  # the layout on this worker's thread: it is out of the server already
    return app


def build(config: dict | None) -> None:
    """Build this worker process's app for ``config`` now (:meth:`PageWorkers.warm`)."""
    _app(config)


def render(config: dict | None, environ: dict) -> tuple[str, list[tuple[str, str]], bytes]:
    """Make one request in this worker process: the app (built once per process from
    ``config``, as :func:`app.create_app`) answers ``environ`` (a GET: no body).

    :returns: ``(status line, headers, body bytes)``.
    """
    app = _app(config)
    answer: dict = {}

    def start_response(status, headers, exc_info=None):
        answer["status"], answer["headers"] = status, list(headers)
        return lambda data: None

    request = {**environ, "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr, heavy.IN_WORKER: True}
    result = app(request, start_response)
    try:
        body = b"".join(result)
    finally:
        if hasattr(result, "close"):
            result.close()
    return answer["status"], answer["headers"], body
