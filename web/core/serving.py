"""Tapete's production server: the app under waitress, with an access log that keeps no secret.

``python -m web.core.serving [--host 127.0.0.1] [--port 5000] [--threads 25]`` serves
``app.create_app()`` (configured from the environment as the app reads it: ``TAPETE_DB``,
``TAPETE_SECRET_KEY``, ``TAPETE_TIMEZONE`` ...). ``scripts/serve`` calls it.

waitress is a pure-Python production WSGI server. It reads each request whole (headers and
body) before a worker thread sees it, so a slow client holds a socket, never a thread, and
it is cut after :data:`CHANNEL_TIMEOUT` seconds of silence. A header block past
:data:`MAX_HEADER_BYTES` is refused (431) before the app is called. A body past its path's
limit (the app's ``MAX_CONTENT_LENGTH``, 256 KB; on an upload path
``web.core.limits.UPLOAD_BODY_BYTES``, 8 MB and the form: see ``web.core.limits.body_limit``) is
refused on its announced length and never kept (:class:`GuardedParser`: up to
:data:`DISCARD_LIMIT` its bytes are read and dropped, so the browser reads the answer); the
answer is the app's own refusal in the request's language, given from the request's line
and headers with no body (:class:`TooLargeTask`: on an upload form, back to the form with
"El archivo es demasiado grande: como mucho 8 MB."). ``ident`` is
"tapete": the ``Server`` header names no server or version.

Silence is not the only way to hold a socket: a client that sends one header line every few
seconds is never silent, and 16 KB of headers last hours. So waitress's server and channel
are subclassed (:class:`GuardedServer`, :class:`GuardedChannel`) for two more limits: a
request must arrive whole (headers and body) within :data:`REQUEST_DEADLINE` seconds of its
first byte, and one address may hold at most :data:`PER_ADDRESS_LIMIT` open connections
(the ones past it are closed at once); the whole server holds :data:`CONNECTION_LIMIT`.

The access log (logger ``tapete.access``, on stderr): one line a request, ``address method
path status ms``. The dealer's and the players' secrets travel in their URLs
(``/dealer/<night>/<token>/...``, ``/p/<token>...``): they are written ``…``
(:func:`redacted_path`), the query string is dropped, and every other character that is not
printable ASCII is percent-escaped (a path cannot forge a log line). Every line this process
logs (waitress's and Flask's exception reports too, which name the path) goes through the
same redaction (:class:`RedactingFormatter`).
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import re
import sys
import time
from collections import Counter
from functools import partial

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ErrorTask, ThreadedTaskDispatcher, WSGITask
from waitress.utilities import RequestEntityTooLarge

from app import create_app
from store.core import service_lock
from web.core.cli import not_served
from web.core.heavy import slots_and_waits
from web.core.page_process import PROCESSES, PageWorkers
from web.core.limits import UPLOAD_PATHS, body_limit

THREADS = 25
"""Worker threads. The referee is pure Python (one process, one core at a time), so more
threads do not make pages faster; they keep threads free for the tablets: the heavy pages
hold at most ``web.core.heavy.slots_and_waits`` threads (17: 5 rendering, 12 waiting for a
slot, a wait costing no CPU), and the rest (8) are always there for taps and state."""

SWITCH_INTERVAL_S = 0.001
"""How long a thread holds the interpreter's lock before another that wants it gets it
(Python's default: 5 ms). A tap needs a few milliseconds of CPU; with a heavy page
rendering beside it, each 5 ms slice given to the page was 5 ms more of the tap's wait
(``benchmarks/load.py --flood 8``: tap p95 55 ms at 5 ms, lower at 1 ms)."""

CHANNEL_TIMEOUT = 30
"""Seconds a connection may stay silent (a slow or stuck client) before it is closed."""

MAX_HEADER_BYTES = 16 * 1024
"""The largest request line plus headers accepted (larger: 431, the app never called)."""

REQUEST_DEADLINE = 15
"""Seconds from a request's first byte until it must have arrived whole (headers and body),
however steadily it trickles in; past it the connection is closed (looked at every third
of it, so a trickle lasts at most about 1.4 times as long)."""

PER_ADDRESS_LIMIT = 20
"""Open connections one client address may hold (a browser opens about 6); the ones past
it are closed as soon as they are accepted. 0: no limit (behind a proxy, whose address is
every client's)."""

LOOK_EVERY = 5
"""The longest wait (seconds) between two looks at the open connections (what they closed
is logged at each)."""

CONNECTION_LIMIT = 250
"""Open connections the server holds in all (waitress's default is 100); past it, it stops
accepting until some close."""

ACCESS_LOGGER = "tapete.access"

MAX_LOGGED_PATH = 300
"""Characters of a path kept in the access log (the rest is cut and marked ``…``)."""

_SEP = r"(?:/|%2[Ff]|\\)+"
"""One or more path separators: ``/``, an encoded ``%2F``, a backslash (``/dealer//2/...``
reaches the dealer's page through a redirect, and is logged as it was asked)."""

_SEGMENT = r"(?:(?!%2[Ff])[^/\\\s?#])+"

_SECRET_SEGMENTS = (
    re.compile(rf"(/dealer{_SEP}{_SEGMENT}{_SEP}){_SEGMENT}"),  # /dealer/<night>/<token>/...
    re.compile(rf"(/p{_SEP}){_SEGMENT}"),                       # /p/<token>, /p/<token>/hand/<n>
)
"""The URL segments that are secrets (dealer link, player link), with what precedes them."""

TOKEN_LIKE = 20
"""A run of this many URL-safe characters (``A-Z a-z 0-9 - _``) or more looks like a secret
(the links' tokens are 43) and is redacted wherever it stands in a path."""

_TOKEN_IN_PATH = re.compile(rf"(?<![\w-])[\w-]{{{TOKEN_LIKE},}}", re.ASCII)
_TOKEN_IN_TEXT = re.compile(rf"(?<=[/%\\])[\w-]{{{TOKEN_LIKE},}}", re.ASCII)


def redacted(text: str) -> str:
    """``text`` with every dealer or player secret in a URL path replaced by ``…``: the
    segment in a secret's place (:data:`_SECRET_SEGMENTS`, however many slashes stand
    between the segments), and any run of :data:`TOKEN_LIKE` or more URL-safe characters
    that follows a ``/`` (or ``%``, ``\\``) anywhere.

    >>> redacted("GET /dealer/3/AbC-12_x/tap and /p/s3cr3t/hand/7")
    'GET /dealer/3/…/tap and /p/…/hand/7'
    >>> redacted("/dealer//3//AbC-12_x/tap /x/abcdefghijklmnopqrstu/y")
    '/dealer//3//…/tap /x/…/y'
    """
    for pattern in _SECRET_SEGMENTS:
        text = pattern.sub(r"\1…", text)
    return _TOKEN_IN_TEXT.sub("…", text)


def redacted_path(path: str) -> str:
    """The request path as the access log writes it: secrets ``…`` (:func:`redacted`, and
    any run of :data:`TOKEN_LIKE` or more URL-safe characters wherever it stands), any
    character outside printable ASCII percent-escaped (``PATH_INFO`` is the raw bytes read
    as latin-1, so each is one byte), at most :data:`MAX_LOGGED_PATH` characters.

    :param path: ``PATH_INFO`` (no query string).
    >>> redacted_path("/p/tok\\n200 fake/hand/1")
    '/p/…/hand/1'
    >>> redacted_path("/host/\\x1b[2J")
    '/host/%1B[2J'
    """
    safe = "".join(c if " " < c < "\x7f" else f"%{ord(c) & 0xFF:02X}" for c in path)
    safe = _TOKEN_IN_PATH.sub("…", redacted(safe))
    return safe if len(safe) <= MAX_LOGGED_PATH else safe[:MAX_LOGGED_PATH] + "…"


class RedactingFormatter(logging.Formatter):
    """A formatter whose every line (message and traceback) goes through :func:`redacted`."""

    def format(self, record: logging.LogRecord) -> str:
        return redacted(super().format(record))


class AccessLog:
    """WSGI middleware: logs ``address method path status ms`` for each request on
    :data:`ACCESS_LOGGER` once its answer has been sent (or failed)."""

    def __init__(self, app, logger: logging.Logger | None = None):
        self.app = app
        self.logger = logger or logging.getLogger(ACCESS_LOGGER)

    def __call__(self, environ, start_response):
        started = time.perf_counter()
        status = ["-"]

        def recording_start_response(status_line, headers, exc_info=None):
            status[0] = status_line.split(" ", 1)[0]
            return start_response(status_line, headers, exc_info)

        body = None
        try:
            body = self.app(environ, recording_start_response)
            yield from body
        finally:
            try:
                if hasattr(body, "close"):
                    body.close()
            finally:
                self._log(environ, status[0], (time.perf_counter() - started) * 1000)

    def _log(self, environ, status: str, ms: float) -> None:
        self.logger.info("%s %s %s %s %.0f", environ.get("REMOTE_ADDR", "-"),
                         redacted_path(environ.get("REQUEST_METHOD", "-")),
                         redacted_path(environ.get("PATH_INFO", "")), status, ms)


def _host(addr) -> str:
    """The client's address without its port (``addr`` as the socket gives it)."""
    return str(addr[0]) if isinstance(addr, tuple) else str(addr)


DISCARD_LIMIT = 32 * 1024 * 1024
"""Bytes of a body past its path's limit that the server still reads and drops, so the
browser that sent it reads the answer (:meth:`GuardedParser.received`); a longer body is
answered at once and its connection closed."""


class _BodyLimited:
    """waitress's settings (``Adjustments``) with another ``max_request_body_size``."""

    def __init__(self, adj, max_request_body_size: int):
        self._adj = adj
        self.max_request_body_size = max_request_body_size

    def __getattr__(self, name):
        return getattr(self._adj, name)


class GuardedParser(HTTPRequestParser):
    """waitress's request parser with the body limit of the request's path: the server is
    set to the largest (``max_request_body_size``); once the request line is read, a path
    that is not an upload path (``web.core.limits.body_limit``) is held to ``default_limit``
    bytes (the app's ``MAX_CONTENT_LENGTH``), checked on ``Content-Length`` before any of
    the body is read, and on a chunked body as it arrives."""

    def __init__(self, adj, default_limit: int | None = None):
        super().__init__(adj)
        self.default_limit = default_limit

    discard_left = 0
    """Bytes of a refused body still to read and drop (:meth:`received`)."""

    def parse_header(self, header_plus):
        super().parse_header(header_plus)
        if self.default_limit is not None:
            limit = body_limit(self.path, self.default_limit)
            if limit < self.adj.max_request_body_size:
                self.adj = _BodyLimited(self.adj, limit)

    def received(self, data):
        """waitress's parsing, and one more step for a body refused on its announced length:
        when it is at most :data:`DISCARD_LIMIT` bytes (and the client is not waiting for a
        "100 Continue"), its bytes are read as they come and dropped, never kept, and the
        request is complete (answered) once they are all in. A browser that is still sending
        a file when the answer comes and the connection closes shows "connection reset"
        instead of the answer; a body past :data:`DISCARD_LIMIT` is answered at once and the
        connection closed, as waitress does."""
        if self.discard_left:
            taken = min(len(data), self.discard_left)
            self.discard_left -= taken
            self.completed = self.discard_left == 0
            return taken
        consumed = super().received(data)
        if (self.completed and isinstance(self.error, RequestEntityTooLarge) and not self.chunked
                and not self.expect_continue and 0 < self.content_length <= DISCARD_LIMIT):
            self.discard_left = self.content_length
            self.completed = False
        return consumed


class TooLargeTask(WSGITask):
    """The answer to a request whose body is past its path's limit (refused by
    :class:`GuardedParser` before the body is read), given by the app itself rather than
    waitress's one-line English "Request Entity Too Large": the app sees the request's line
    and headers (its language, its session) with an empty body and a ``Content-Length``
    past the limit, so its own refusal answers (``web.core.limits.check_body`` and
    ``too_large``: on an upload form, the page's sentence "El archivo es demasiado grande:
    como mucho 8 MB." back on the form; elsewhere the 413 page in the request's language).
    The body is never read: the connection closes after the answer."""

    def get_environment(self):
        environ = super().get_environment()
        limit = self.request.adj.max_request_body_size
        environ["wsgi.input"] = io.BytesIO()
        environ["CONTENT_LENGTH"] = str(max(self.request.content_length, limit + 1))
        environ.pop("HTTP_TRANSFER_ENCODING", None)
        return environ

    def execute(self):
        self.set_close_on_finish()
        super().execute()


def error_task(channel, request):
    """waitress's error answer for ``request`` (``HTTPChannel.error_task_class``): a body
    past its limit is answered by the app (:class:`TooLargeTask`); every other error
    (a header block past :data:`MAX_HEADER_BYTES`, a bad request line) by waitress."""
    if isinstance(request.error, RequestEntityTooLarge):
        return TooLargeTask(channel, request)
    return ErrorTask(channel, request)


class GuardedChannel(HTTPChannel):
    """waitress's connection, with the clock of :data:`REQUEST_DEADLINE` and the check of
    :data:`PER_ADDRESS_LIMIT` (both enforced by its :class:`GuardedServer`).

    ``request_started`` is the ``time.time()`` of the first byte read since the connection
    opened or last handed a request to the app (:meth:`GuardedServer.add_task`); None while
    it waits for one. Blank lines (which waitress skips as empty requests) do not reset it.
    """

    request_started: float | None = None
    parser_class = GuardedParser
    error_task_class = staticmethod(error_task)

    def __init__(self, server, sock, addr, adj, map=None):
        super().__init__(server, sock, addr, adj, map=map)
        self.parser_class = partial(GuardedParser, default_limit=server.default_body_limit)
        host = _host(self.addr)
        if server.per_address_limit and server.open_from(host) > server.per_address_limit:
            server.turned_away[host] += 1
            self.will_close = True  # closed by the loop before anything is read

    def received(self, data):
        now = time.time()
        if data and self.request is None and self.request_started is None:
            self.request_started = now
        result = super().received(data)
        if self.request is not None and self.request_started is None:
            self.request_started = now  # a request handed over, and the next one begun
        return result


class GuardedServer(TcpWSGIServer):
    """waitress's TCP server with two more limits (see the module's doc): its maintenance
    (every ``cleanup_interval`` seconds) also closes the connections whose request has not
    arrived whole :attr:`request_deadline` seconds after its first byte, and its channels
    (:class:`GuardedChannel`) close themselves past :attr:`per_address_limit` connections
    from one address. What it closed is logged once a maintenance, one line an address.

    :param request_deadline: seconds (:data:`REQUEST_DEADLINE`).
    :param per_address_limit: connections (:data:`PER_ADDRESS_LIMIT`; 0: none).
    :param default_body_limit: bytes of body on a path that is not an upload path (the
        app's ``MAX_CONTENT_LENGTH``; :class:`GuardedParser`); None: waitress's one limit.
    Other arguments: ``waitress.server.TcpWSGIServer``'s.
    """

    channel_class = GuardedChannel

    def __init__(self, *args, request_deadline: float, per_address_limit: int,
                 default_body_limit: int | None = None, **kw):
        self.request_deadline = request_deadline
        self.default_body_limit = default_body_limit
        self.per_address_limit = per_address_limit
        self.turned_away: Counter[str] = Counter()  # address -> connections closed past the limit
        self.cut: Counter[str] = Counter()          # address -> connections closed at the deadline
        super().__init__(*args, **kw)

    def open_from(self, host: str) -> int:
        """How many open connections come from ``host``."""
        return sum(1 for channel in self.active_channels.values() if _host(channel.addr) == host)

    def add_task(self, task):
        task.request_started = None  # a whole request reached the app: its clock stops
        super().add_task(task)

    def maintenance(self, now):
        super().maintenance(now)
        cutoff = now - self.request_deadline
        for channel in self.active_channels.values():
            started = getattr(channel, "request_started", None)
            if started is not None and started < cutoff and not channel.requests and not channel.will_close:
                channel.will_close = True
                self.cut[_host(channel.addr)] += 1
        for host, count in self.cut.items():
            self.logger.warning("closed %d connection(s) from %s: no whole request within %s s",
                                count, host, self.request_deadline)
        for host, count in self.turned_away.items():
            self.logger.warning("closed %d connection(s) from %s: more than %d open",
                                count, host, self.per_address_limit)
        self.cut.clear()
        self.turned_away.clear()


def create_guarded_server(app, *, request_deadline: float = REQUEST_DEADLINE,
                          per_address_limit: int = PER_ADDRESS_LIMIT, default_body_limit: int | None = None,
                          **options):
    """``waitress.create_server`` with :class:`GuardedServer` on each address it listens on.

    :param default_body_limit: bytes of body on paths that are not upload paths
        (:class:`GuardedParser`; :func:`server_options` gives it).
    :param options: waitress's settings (:func:`server_options`).
    :returns: the server (``.run()`` serves until killed).
    """
    adj = Adjustments(**options)
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    socket_map: dict = {}
    servers = [GuardedServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info,
                             request_deadline=request_deadline, per_address_limit=per_address_limit,
                             default_body_limit=default_body_limit)
               for info in adj.listen]
    if len(servers) == 1:
        return servers[0]
    return MultiSocketServer(socket_map, adj, [(s.effective_host, s.effective_port) for s in servers],
                             dispatcher, servers[0].log_info)


def configure_logging(stream=None) -> None:
    """Log INFO and above (the access log, waitress's notices, the app's errors) to
    ``stream`` (stderr), every line redacted (:class:`RedactingFormatter`)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)


def server_options(app, *, host: str, port: int, threads: int = THREADS,
                   channel_timeout: int = CHANNEL_TIMEOUT, request_deadline: int = REQUEST_DEADLINE,
                   connection_limit: int = CONNECTION_LIMIT) -> dict:
    """waitress's settings for ``app`` (keyword arguments of :func:`create_guarded_server`).

    :param app: the Flask app (its ``MAX_CONTENT_LENGTH``, bytes, caps the body of every
        path but the upload paths, whose limit is ``web.core.limits.body_limit``'s: waitress is
        set to the larger, ``default_body_limit`` to the app's).
    :param channel_timeout: seconds of silence before a connection is closed; connections
        are looked at every third of it or of ``request_deadline`` (seconds), the shorter,
        and at least every :data:`LOOK_EVERY` seconds.
    :param connection_limit: open connections in all.
    """
    return {
        "host": host, "port": port, "threads": threads, "ident": "tapete",
        "channel_timeout": channel_timeout,
        "cleanup_interval": max(1, min(channel_timeout // 3, request_deadline // 3, LOOK_EVERY)),
        "connection_limit": connection_limit,
        "max_request_header_size": MAX_HEADER_BYTES,
        "max_request_body_size": max(body_limit(path, app.config["MAX_CONTENT_LENGTH"]) for path in UPLOAD_PATHS),
        "default_body_limit": app.config["MAX_CONTENT_LENGTH"],
        "expose_tracebacks": False,
    }


def page_processes(given: str | None) -> dict[str, int]:
    """The worker processes of each heavy-page pool (``web.core.page_process.PROCESSES``),
    or every pool's set to ``given`` (the environment's ``TAPETE_PAGE_PROCESSES``; "0":
    heavy pages on the server's threads, as before issue 25).

    :raises SystemExit: ``given`` is not a whole number from 0 to 8."""
    if given in (None, ""):
        return dict(PROCESSES)
    if not given.isdigit() or int(given) > 8:
        raise SystemExit(f"TAPETE_PAGE_PROCESSES must be a whole number from 0 to 8, not {given!r}")
    return {name: int(given) for name in PROCESSES}


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until killed."""
    parser = argparse.ArgumentParser(prog="python -m web.core.serving", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--threads", type=int, default=THREADS)
    parser.add_argument("--channel-timeout", type=int, default=CHANNEL_TIMEOUT,
                        help="seconds a silent connection is kept (default %(default)s)")
    parser.add_argument("--request-deadline", type=int, default=REQUEST_DEADLINE,
                        help="seconds a request may take to arrive whole (default %(default)s)")
    parser.add_argument("--per-address-limit", type=int, default=PER_ADDRESS_LIMIT,
                        help="open connections one address may hold, 0 for no limit (default %(default)s)")
    parser.add_argument("--connection-limit", type=int, default=CONNECTION_LIMIT,
                        help="open connections in all (default %(default)s)")
    args = parser.parse_args(argv)
    configure_logging()  # first: Flask then adds no handler of its own
    sys.setswitchinterval(SWITCH_INTERVAL_S)
    app = create_app()
    if args.threads <= slots_and_waits(app):
        logging.getLogger(ACCESS_LOGGER).warning(
            "%s threads: the heavy pages may hold them all (%s); the tablets' taps would wait",
            args.threads, slots_and_waits(app))
    try:
        service_lock.mark_serving(app.config["DATABASE"])  # until exit: restore refuses while it runs
    except OSError as exc:   # (a full disk: said in words, exit 1, nothing left behind)
        with app.app_context():
            raise SystemExit(not_served(exc)) from None
    options = server_options(app, host=args.host, port=args.port, threads=args.threads,
                             channel_timeout=args.channel_timeout, request_deadline=args.request_deadline,
                             connection_limit=args.connection_limit)
    pages = PageWorkers(app, processes=page_processes(os.environ.get("TAPETE_PAGE_PROCESSES")),
                        initializer=configure_logging)   # (the workers' log lines redacted too)
    pages.warm()
    server = create_guarded_server(AccessLog(pages), request_deadline=args.request_deadline,
                                   per_address_limit=args.per_address_limit, **options)
    server.print_listen("Serving on http://{}:{}")
    server.run()


if __name__ == "__main__":
    main()
