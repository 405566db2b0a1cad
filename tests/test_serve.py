"""``bash scripts/serve`` runs the service under gunicorn (a production WSGI server) on
SQLite under the given database path, with one command (README's first screen)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_scripts_serve_runs_the_app_under_gunicorn(tmp_path):
    port = _free_port()
    env = dict(os.environ, TAPETE_DB=str(tmp_path / "tapete.db"), TAPETE_SECRET_KEY="test-key")
    server = subprocess.Popen(["bash", "scripts/serve", "--port", str(port), "--no-demo"], cwd=ROOT,
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        answer = None
        while time.monotonic() < deadline and server.poll() is None:
            try:
                answer = urllib.request.urlopen(f"http://127.0.0.1:{port}/host/login", timeout=5)
                break
            except OSError:
                time.sleep(0.3)
        assert answer is not None, "the server did not answer"
        assert answer.status == 200
        assert answer.headers.get("Server", "").startswith("gunicorn")
        assert (tmp_path / "tapete.db").exists()  # SQLite where TAPETE_DB says
        workers = subprocess.run(["pgrep", "-g", str(server.pid), "-f", "gunicorn"],
                                 capture_output=True, text=True).stdout.split()
        assert len(workers) >= 2  # an arbiter and its workers
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    output = server.stdout.read().decode()
    assert "gunicorn" in output
    # a fresh machine: the one-time setup code, and how to set the password from the CLI
    code = re.search(r"setup code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})", output)
    assert code and f"http://127.0.0.1:{port}/host/setup" in output and "set-password" in output
