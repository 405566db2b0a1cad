"""``bash scripts/serve`` runs the service under waitress (``python -m web.core.serving``, a
production WSGI server) on SQLite under the given database path, with one command (README's
first screen).

``scripts/serve`` first runs ``scripts/setup``, which installs into the checkout's own
``.venv``. A checkout that has one (CI's) is served as it is. A checkout without one (a
worktree run with a shared interpreter) is served from a copy of its layout whose ``.venv``
is this interpreter, marked installed for this ``pyproject.toml``: the same script, the
same code, nothing installed.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from liveserver import free_port
from paths import ROOT

LAYOUT = ("app.py", "babel.cfg", "pyproject.toml", "referee", "store", "web", "templates", "static",
          "translations", "scripts", "data")


def _checkout(tmp_path: Path) -> Path:
    """ROOT when it has its own ``.venv``; else a layout of symlinks to ROOT's files with a
    ``.venv`` made of this interpreter (see the module's doc)."""
    if (ROOT / ".venv" / "bin" / "python").exists():
        return ROOT
    root = tmp_path / "checkout"
    root.mkdir()
    for name in LAYOUT:
        (root / name).symlink_to(ROOT / name)
    bin_dir = root / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name, command in (("python", ""), ("flask", " -m flask")):
        # a wrapper, not a symlink: the interpreter finds its environment from its own path
        (bin_dir / name).write_text(f'#!/bin/sh\nexec "{sys.executable}"{command} "$@"\n')
        (bin_dir / name).chmod(0o755)
    state = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    (root / ".venv" / ".tapete-installed").write_text(f"{state} [test]\n")
    return root


@pytest.mark.slow
def test_scripts_serve_runs_the_app_under_waitress(tmp_path):
    port = free_port()
    root = _checkout(tmp_path)
    env = dict(os.environ, TAPETE_DB=str(tmp_path / "tapete.db"), TAPETE_SECRET_KEY="test-key", PYTHONUNBUFFERED="1")
    server = subprocess.Popen(["bash", "scripts/serve", "--port", str(port), "--no-demo"], cwd=root,
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
        assert answer.headers["Server"] == "tapete"  # waitress's ident: no name, no version
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
        assert (tmp_path / "tapete.db").exists()  # SQLite where TAPETE_DB says
        serving = subprocess.run(["pgrep", "-g", str(server.pid), "-f", "web.core.serving"],
                                 capture_output=True, text=True).stdout.split()
        assert len(serving) == 1  # the script's shell became the server (exec)
        environ = Path(f"/proc/{serving[0]}/environ").read_bytes().split(b"\0")
        assert b"MALLOC_ARENA_MAX=2" in environ  # issue 25: one malloc arena per thread kept memory up
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
    output = server.stdout.read().decode()
    assert "waitress" in output
    assert f"Serving on http://127.0.0.1:{port}" in output
    assert re.search(r"GET /host/login (200|302) ", output)  # the access log (302: first run, to the setup page)
    # a fresh machine: the one-time setup code, and how to set the password from the CLI
    code = re.search(r"setup code ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})", output)
    assert code and f"http://127.0.0.1:{port}/host/setup" in output and "set-password" in output
