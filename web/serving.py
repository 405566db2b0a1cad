"""Tapete's production server: the app under waitress, with an access log that keeps no secret.

``python -m web.serving [--host 127.0.0.1] [--port 5000] [--threads 8]`` serves
``app.create_app()`` (configured from the environment as the app reads it: ``TAPETE_DB``,
``TAPETE_SECRET_KEY``, ``TAPETE_TIMEZONE`` ...). ``scripts/serve`` calls it.

waitress is a pure-Python production WSGI server. It reads each request whole (headers and
body) before a worker thread sees it, so a slow client holds a socket, never a thread, and
it is cut after :data:`CHANNEL_TIMEOUT` seconds of silence; a header block past
:data:`MAX_HEADER_BYTES` or a body past the app's ``MAX_CONTENT_LENGTH`` is refused (431 /
413) before the app is called, so no large body is ever read in full. ``ident`` is
"tapete": the ``Server`` header names no server or version.

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
import logging
import re
import sys
import time

from waitress import serve

from app import create_app
from store import servicelock

THREADS = 8
"""Worker threads (the referee is pure Python: one process, one core at a time)."""

CHANNEL_TIMEOUT = 30
"""Seconds a connection may stay silent (a slow or stuck client) before it is closed."""

MAX_HEADER_BYTES = 16 * 1024
"""The largest request line plus headers accepted (larger: 431, the app never called)."""

ACCESS_LOGGER = "tapete.access"

MAX_LOGGED_PATH = 300
"""Characters of a path kept in the access log (the rest is cut and marked ``…``)."""

_SECRET_SEGMENTS = (
    re.compile(r"(/dealer/[^/\s?#]+/)[^/\s?#]+"),  # /dealer/<night>/<token>/...
    re.compile(r"(/p/)[^/\s?#]+"),                 # /p/<token>, /p/<token>/hand/<n>
)
"""The URL segments that are secrets (dealer link, player link), with what precedes them."""


def redacted(text: str) -> str:
    """``text`` with every dealer or player secret in a URL path replaced by ``…``.

    >>> redacted("GET /dealer/3/AbC-12_x/tap and /p/s3cr3t/hand/7")
    'GET /dealer/3/…/tap and /p/…/hand/7'
    """
    for pattern in _SECRET_SEGMENTS:
        text = pattern.sub(r"\1…", text)
    return text


def redacted_path(path: str) -> str:
    """The request path as the access log writes it: secrets ``…`` (:func:`redacted`),
    any character outside printable ASCII percent-escaped (``PATH_INFO`` is the raw bytes
    read as latin-1, so each is one byte), at most :data:`MAX_LOGGED_PATH` characters.

    :param path: ``PATH_INFO`` (no query string).
    >>> redacted_path("/p/tok\\n200 fake/hand/1")
    '/p/…/hand/1'
    >>> redacted_path("/host/\\x1b[2J")
    '/host/%1B[2J'
    """
    safe = "".join(c if " " < c < "\x7f" else f"%{ord(c) & 0xFF:02X}" for c in path)
    safe = redacted(safe)
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


def configure_logging(stream=None) -> None:
    """Log INFO and above (the access log, waitress's notices, the app's errors) to
    ``stream`` (stderr), every line redacted (:class:`RedactingFormatter`)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(RedactingFormatter("%(asctime)s %(name)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)


def server_options(app, *, host: str, port: int, threads: int = THREADS,
                   channel_timeout: int = CHANNEL_TIMEOUT) -> dict:
    """waitress's settings for ``app`` (keyword arguments of ``waitress.serve``).

    :param app: the Flask app (its ``MAX_CONTENT_LENGTH``, bytes, caps the body).
    :param channel_timeout: seconds of silence before a connection is closed; idle
        connections are looked at every third of it.
    """
    return {
        "host": host, "port": port, "threads": threads, "ident": "tapete",
        "channel_timeout": channel_timeout, "cleanup_interval": max(1, channel_timeout // 3),
        "max_request_header_size": MAX_HEADER_BYTES,
        "max_request_body_size": app.config["MAX_CONTENT_LENGTH"],
        "expose_tracebacks": False,
    }


def main(argv: list[str] | None = None) -> None:
    """Parse the command line and serve until killed."""
    parser = argparse.ArgumentParser(prog="python -m web.serving", description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--threads", type=int, default=THREADS)
    parser.add_argument("--channel-timeout", type=int, default=CHANNEL_TIMEOUT,
                        help="seconds a silent connection is kept (default %(default)s)")
    args = parser.parse_args(argv)
    configure_logging()  # first: Flask then adds no handler of its own
    app = create_app()
    servicelock.mark_serving(app.config["DATABASE"])  # until exit: restore refuses while it runs
    serve(AccessLog(app), **server_options(app, host=args.host, port=args.port, threads=args.threads,
                                           channel_timeout=args.channel_timeout))


if __name__ == "__main__":
    main()
