"""The production server (``python -m web.core.serving``, waitress) as a real process, for tests.

``start_server(db_path) -> LiveServer``: the app served on ``http://127.0.0.1:<port>``
over the SQLite file ``db_path`` (``TAPETE_DB``), ready when this returns (it answered an
HTTP request). ``.kill()`` sends SIGKILL (no clean-up runs: a crash), ``.restart()`` starts
it again on the same port and waits until it answers, ``.stop()`` ends it (SIGTERM, then
SIGKILL). Everything the process writes (the access log) goes to ``.log_path``; ``.log()``
reads it. Use it as a context manager, or call ``.stop()`` in a ``finally``.

The port is chosen below the kernel's ephemeral range (``ip_local_port_range``), so the
client connections of this or any other test never take it while the server is down
between a kill and a restart.
"""

from __future__ import annotations

import http.client
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from paths import ROOT

READY_TIMEOUT = 90.0
"""Seconds a start may take before the test fails (a loaded 2-core CI machine is slow)."""

SECRET_KEY = "live-server-test-key"
"""A fixed SECRET_KEY, so sessions and signed links stay valid across restarts."""


def _ephemeral_low() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now, below the ephemeral range (see the module's doc)."""
    high = min(_ephemeral_low(), 65536) - 1
    for _ in range(200):
        port = random.randint(20000, high)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port below the ephemeral range")


class LiveServer:
    """One ``python -m web.core.serving`` process (see the module's doc)."""

    def __init__(self, db_path, port: int | None = None, env: dict | None = None,
                 args: tuple[str, ...] = ()):
        self.db_path = Path(db_path)
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = dict(os.environ, TAPETE_DB=str(self.db_path), TAPETE_SECRET_KEY=SECRET_KEY,
                        PYTHONUNBUFFERED="1")
        self.env.update(env or {})
        self.args = tuple(args)
        self.log_path = Path(tempfile.mkstemp(prefix="tapete-live-", suffix=".log")[1])
        self.process: subprocess.Popen | None = None
        self.starts = 0

    def start(self, timeout: float = READY_TIMEOUT) -> "LiveServer":
        """Start the process and wait until it answers HTTP; raises RuntimeError (with the
        log's tail) when it exits or does not answer within ``timeout`` seconds."""
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "web.core.serving", "--host", "127.0.0.1",
                 "--port", str(self.port), *self.args],
                cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True)
        self.starts += 1
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}):\n{self.log()[-3000:]}")
            if self._answers():
                return self
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not answer in {timeout:.0f} s:\n{self.log()[-3000:]}")

    def _answers(self) -> bool:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            connection.request("GET", "/static/core/tapete.css")
            connection.getresponse().read()
            return True
        except OSError:
            return False
        finally:
            connection.close()

    def kill(self) -> None:
        """SIGKILL the server (a crash: no clean-up of any kind) and reap it."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
        if self.process:
            self.process.wait()

    def restart(self, timeout: float = READY_TIMEOUT) -> "LiveServer":
        """Kill the server if it runs, then start it again on the same port."""
        self.kill()
        return self.start(timeout)

    def stop(self) -> None:
        """End the server: SIGTERM, then SIGKILL after 10 s."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        """All the process wrote so far (stdout and stderr)."""
        return self.log_path.read_text(errors="replace")

    def __enter__(self) -> "LiveServer":
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
        self.log_path.unlink(missing_ok=True)


def start_server(db_path, port: int | None = None, env: dict | None = None,
                 args: tuple[str, ...] = ()) -> LiveServer:
    """A started :class:`LiveServer` over ``db_path`` (created and migrated on first use).

    :param port: the port (default: a free one, see :func:`free_port`).
    :param env: extra environment (e.g. ``{"TAPETE_HTTPS": "1"}``); ``TAPETE_DB`` and a fixed
        ``TAPETE_SECRET_KEY`` are set.
    :param args: extra arguments to ``python -m web.core.serving`` (e.g. ``("--threads", "2")``).
    """
    return LiveServer(db_path, port=port, env=env, args=args).start()
