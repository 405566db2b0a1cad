"""Benchmark: a bounded night's load on the server ``scripts/serve`` starts (issue 10).

``python benchmarks/load.py [--root DIR] [--seconds 60] [--flat-out]``

Run it with the checkout's own interpreter, e.g. ``.venv/bin/python benchmarks/load.py``
in /work/main, or ``/work/before/.venv/bin/python /work/main/benchmarks/load.py --root
/work/before`` for another checkout (``--root`` makes ``app``, ``store``, ``web`` that
checkout's, and starts that checkout's ``scripts/serve``).

What it does:

1. Prepares a temporary SQLite database through the checkout's ``store`` API: ``--nights``
   (20) nights of ``--hands`` (40) finished legal jackpots hands at 6 seats each (players
   unique to their night, ``synthetic_session``), and a private ledger link
   (``store.issue_token``) for one player of each of the first ``--ledgers`` nights.
2. Starts ``bash scripts/serve --port P`` in its own process group with ``TAPETE_DB`` on
   that database and ``TAPETE_SECRET_KEY`` / ``TAPETE_HOST_PIN`` set (whatever that script
   runs: ``flask run`` in older checkouts, gunicorn in newer ones; its demo night is loaded
   into the temporary database too), and waits for the port.
3. For ``--seconds`` (60), in threads, all to 127.0.0.1, each client from its own loopback
   address (127.0.0.2, 127.0.0.3, ...: the server limits connections per address, as it
   would limit one guest on the Wi-Fi, and 40 clients from one address were cut):

   - ``--tablets`` (20) dealer tablets, one per night, each on its own keep-alive
     connection, playing its night's next hands legally (the ``synthetic_session`` hands
     after the prepared ones) one tap at a time, about one tap a second (a pause of
     0.5-1.5 s after each answer): ``start_hand``, the actions, after every 20th action an
     ``undo`` and the action again, ``end_hand``; a tap that gets a 5xx or no answer is
     resent with the same key (as the page's queue does), up to 3 times. Every 10 s each
     tablet also asks for ``/state`` (the page's refresh).
   - ``--ledgers`` (15) players reloading their ledger ``GET /p/<token>`` every 1-3 s.
   - ``--flood`` (0; the issue's flood: 8) hostile clients reloading the most expensive
     page flat out (``--flood-url``, default night 1's report PDF), as the host; their 503s
     (the server's heavy-page limit) are counted apart, never as errors.
   - with ``--upload-hands N`` (issue 25: 2,500), the host uploads a synthetic night of N
     hands once, three seconds in; the longest tap that waited while it ran is printed.
   - ``--reports`` (5) hosts (logged in: the PIN, or the account ``prepare`` made) reading a random night's report,
     ``GET /reports/nights/<id>`` then ``.pdf``, every 2-4 s.

   Before the timed window, untimed warm-up requests (``--warm-up`` rounds: each
   night's ``/state``, a ledger, a report and its PDF), as a server up for a while has
   seen; each client then starts after a random part of its first pause.
   ``--flat-out`` drops every pause (the server's saturation instead of a bounded load).
4. Samples the server's resident memory (the sum of VmRSS over every process in its
   process group, from /proc) twice a second.

Prints the server's CPU seconds over the window (its process group, from /proc), p50/p95/max
milliseconds per route kind (at the client) of the requests answered (2xx or 3xx: a failure
is counted apart, never in the percentiles), the failures by route kind (503: the server
said it is busy; other 5xx; other 4xx; no answer), the 5xx count by route kind with the exception
lines of the server's log (``sqlite3.OperationalError: database is locked``), other errors
(4xx, no answer), whether the stored logs hold exactly what the tablets sent, and the
server's peak RSS; last a one-line summary (``taps refused``: taps answered other than 2xx,
a 503 among them). Targets (issues 10 and 25, with ``--flood 8``): tap p95 under 50 ms, no
tap refused, 0 5xx (the readers' 503s counted apart); with ``--upload-hands 2500`` the
longest tap wait under 1 s. Figures are printed, never asserted. Every loop is bounded in time and count; the
server's process group is killed and the temporary database removed at the end.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from entry import buttons, percentile, prepare_night, synthetic_session, use_root  # noqa: E402

SECRET = "load-benchmark-secret"
PIN = "246810"
HOST_USER, HOST_PASSWORD = "bench", "load-benchmark-password"
LOGIN = f"pin={PIN}&username={HOST_USER}&password={HOST_PASSWORD}".encode()
"""The host login's form: the PIN (older checkouts) and the account (made by ``prepare``)."""
PLAYERS = 6
UNDO_EVERY = 20
STATE_EVERY_S = 10.0
MAX_REQUESTS = 100_000
"""Upper bound on one client thread's requests, whatever the clock says."""


# --- the database -------------------------------------------------------------------------

def prepare(db_path: str, nights: int, hands: int, extra: int, ledgers: int) -> tuple[list, list[str]]:
    """Prepare the nights and the player links in the database at ``db_path``.

    :returns: ``([(night_id, session)], [ledger tokens])``; each session holds ``hands``
        stored hands and ``extra`` more for the night's tablet to play.
    """
    import store

    db = store.open_db(db_path)
    try:
        try:
            import store.account.accounts  # the host account (checkouts after issue 13)
        except ImportError:
            pass
        else:
            store.account.accounts.set_password(db, HOST_USER, HOST_PASSWORD)
        out, tokens = [], []
        for n in range(nights):
            session = synthetic_session(hands + extra, PLAYERS, seed=100 + n)
            night_id = prepare_night(db, session, hands, f"n{n + 1}")
            out.append((night_id, session))
            if n < ledgers:
                player = store.night_players(db, night_id)[n % PLAYERS]
                tokens.append(store.issue_token(db, player["player_id"]))
        return out, tokens
    finally:
        db.conn.close()


def tap_paths(db_path: str, night_ids: list[int]) -> dict[int, str]:
    """``/dealer/<night>/<token>/`` for each night: a tablet link issued for it
    (``store.issue_dealer_link``, as the host does)."""
    import store

    db = store.open_db(db_path)
    try:
        return {n: f"/dealer/{n}/{store.issue_dealer_link(db, n, 'Load', issued_by='benchmark')[1]}/"
                for n in night_ids}
    finally:
        db.conn.close()


def stored_mismatches(db_path: str, tablets: list) -> list[str]:
    """Hands whose stored live actions differ from what their tablet had sent and seen
    stored (answers 200), e.g. a lost or doubled action."""
    import store

    db = store.open_db(db_path)
    try:
        out = []
        for tablet in tablets:
            for hand_id, sent in tablet.played.items():
                stored = [a["action"] for a in store.hand_actions(db, hand_id) if not a["voided"]]
                if stored != sent:
                    out.append(f"night {tablet.night_id} hand id {hand_id}: stored {len(stored)} "
                               f"live actions, sent {len(sent)}")
        return out
    finally:
        db.conn.close()


# --- the server ---------------------------------------------------------------------------

def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(root: Path, db_path: str, port: int, log_path: str) -> subprocess.Popen:
    """``bash scripts/serve --port PORT`` in its own session (process group), its output
    to ``log_path``."""
    env = dict(os.environ, TAPETE_DB=db_path, TAPETE_SECRET_KEY=SECRET, TAPETE_HOST_PIN=PIN)
    env.pop("FLASK_DEBUG", None)
    with open(log_path, "wb") as log:
        return subprocess.Popen(["bash", "scripts/serve", "--port", str(port)], cwd=root, env=env,
                                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)


def log_tail(log_path: str, lines: int = 15) -> str:
    """The last lines of the server's output (for a failure message)."""
    try:
        return "\n".join(Path(log_path).read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


def server_exceptions(log_path: str, top: int = 5) -> list[tuple[str, int]]:
    """The exception lines of tracebacks in the server's output (``sqlite3.OperationalError:
    database is locked``) with how often each occurs, most frequent first."""
    counts: dict[str, int] = {}
    try:
        text = Path(log_path).read_text(errors="replace")
    except OSError:
        return []
    for line in text.splitlines():
        if re.match(r"^[A-Za-z_][\w.]*(Error|Exception|Timeout): ", line):
            counts[line[:160]] = counts.get(line[:160], 0) + 1
    return sorted(counts.items(), key=lambda item: -item[1])[:top]


def wait_for_port(server: subprocess.Popen, port: int, timeout: float, log_path: str) -> float:
    """Wait until 127.0.0.1:port answers a GET (the server up); returns the seconds it took.

    :raises SystemExit: the server exited, or did not answer within ``timeout`` seconds.
    """
    began = time.monotonic()
    while time.monotonic() - began < timeout:
        if server.poll() is not None:
            raise SystemExit(f"scripts/serve exited with {server.returncode} before answering:\n"
                             f"{log_tail(log_path)}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/host/login")
            conn.getresponse().read()
            conn.close()
            return time.monotonic() - began
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    raise SystemExit(f"scripts/serve did not answer on port {port} within {timeout:.0f} s:\n"
                     f"{log_tail(log_path)}")


def stop_server(server: subprocess.Popen) -> None:
    """Kill the server's process group: SIGTERM, then SIGKILL after 10 s."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass
    try:
        os.killpg(server.pid, signal.SIGKILL)  # stragglers (workers) too
    except ProcessLookupError:
        pass
    server.wait(timeout=10)


def _group_processes(pgid: int):
    """``(pid, stat fields after the name)`` of each live process in group ``pgid``."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # the process ended meanwhile
        if int(fields[2]) == pgid:  # after the name: state, ppid, pgrp
            yield entry, fields


def group_rss_kib(pgid: int) -> int:
    """The sum of VmRSS (KiB) over the processes in process group ``pgid`` (from /proc)."""
    total = 0
    for pid, _ in _group_processes(pgid):
        try:
            with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
        except (OSError, IndexError, ValueError):
            continue  # the process ended meanwhile
    return total


def group_cpu_seconds(pgid: int) -> float:
    """CPU seconds (user + system) used so far by the live processes of group ``pgid``."""
    total = sum(int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15 of stat)
                for _, fields in _group_processes(pgid))
    return total / os.sysconf("SC_CLK_TCK")


class RssSampler(threading.Thread):
    """Samples :func:`group_rss_kib` twice a second until ``stop`` is set; keeps the peak."""

    def __init__(self, pgid: int, stop: threading.Event):
        super().__init__(daemon=True)
        self.pgid, self.stop, self.peak_kib = pgid, stop, 0

    def run(self) -> None:
        for _ in range(100_000):
            self.peak_kib = max(self.peak_kib, group_rss_kib(self.pgid))
            if self.stop.wait(0.5):
                return


# --- the clients --------------------------------------------------------------------------

class Results:
    """Thread-safe timings (ms) by route kind of the answered requests (2xx, 3xx), and the
    failures apart: by route kind and what failed (``busy``: 503, the server's designed
    refusal; ``5xx``; ``4xx``; ``no answer``), with 5xx and other errors' first bytes."""

    def __init__(self):
        self.lock = threading.Lock()
        self.ms: dict[str, list[float]] = {}
        self.failed: dict[str, dict[str, int]] = {}
        self.spans: list[tuple[float, float]] = []   # (began, ended) of every tap, perf_counter seconds
        self.server_errors: list[str] = []
        self.other_errors: list[str] = []

    def add(self, kind: str, ms: float, status: int, body: bytes, began: float | None = None) -> None:
        with self.lock:
            if began is not None and kind.startswith("tap "):
                self.spans.append((began, began + ms / 1000))
            if 200 <= status < 400:
                self.ms.setdefault(kind, []).append(ms)
                return
            what = ("busy" if status == 503 else "5xx" if status >= 500 else "4xx" if status >= 400
                    else "no answer")
            counts = self.failed.setdefault(kind, {})
            counts[what] = counts.get(what, 0) + 1
            if status >= 500 and status != 503:
                self.server_errors.append(f"{kind}: {status} {body[:200]!r}")
            elif status != 503:
                self.other_errors.append(f"{kind}: {status or 'no answer'} {body[:200]!r}")

    def busy(self) -> int:
        """How many answers were 503 (the server busy: counted apart from errors)."""
        return sum(c.get("busy", 0) for c in self.failed.values())


_SOURCES = itertools.count(2)
"""The next client's loopback source address (:func:`source_address`)."""
_SOURCE_LOCK = threading.Lock()


def source_address() -> tuple[str, int]:
    """A loopback address of its own for one client: 127.0.0.2, 127.0.0.3, ... 127.0.1.1
    (the whole of 127.0.0.0/8 is this machine), any port."""
    with _SOURCE_LOCK:
        n = next(_SOURCES)
    return f"127.0.{n // 254}.{n % 254 + 1}", 0


class Client:
    """One client's keep-alive connection to 127.0.0.1, from its own loopback address
    (:func:`source_address`), with a cookie jar (every cookie set: the session's, the
    login's device cookie).
    A request that finds the kept connection closed by the server (its keep-alive timeout)
    is sent again at once on a new one, as browsers do; that is not an error."""

    def __init__(self, port: int, results: Results):
        self.port, self.results = port, results
        self.source = source_address()
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.csrf: str | None = None   # the session's CSRF token ("" : the checkout has none)

    def csrf_token(self) -> str:
        """The session's CSRF token, read as a browser gets it: the ``csrf-token`` meta of a
        page (the login page; untimed). "" for a checkout without CSRF tokens."""
        self.csrf = ""
        _, payload, _ = self.request(None, "GET", "/host/login")
        found = re.search(rb'<meta name="csrf-token" content="([^"]+)">', payload)
        return found.group(1).decode() if found else ""

    def request(self, kind: str | None, method: str, path: str, body: bytes | None = None,
                content_type: str = "application/json") -> tuple[int, bytes, http.client.HTTPResponse | None]:
        """Send one request, timed under ``kind`` (None: not timed); returns (status, body,
        response). Status 0 is no answer."""
        headers = {"Content-Type": content_type, "Accept": "application/json, text/html, */*"}
        if method == "POST" and self.csrf is None:
            self.csrf = self.csrf_token()
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST" and self.csrf:
            headers["X-CSRFToken"] = self.csrf
        for attempt in range(2):
            reused = self.conn is not None
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120,
                                                       source_address=self.source)
            began = time.perf_counter()
            try:
                self.conn.request(method, path, body, headers)
                response = self.conn.getresponse()
                payload, status = response.read(), response.status
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError) as exc:
                self.close()
                if reused and attempt == 0:
                    continue  # a stale keep-alive connection: send again on a new one
                payload, status, response = repr(exc).encode(), 0, None
            except (OSError, http.client.HTTPException) as exc:
                self.close()
                payload, status, response = repr(exc).encode(), 0, None
            if kind is not None:
                self.results.add(kind, (time.perf_counter() - began) * 1000, status, payload, began)
            if response is not None:
                for cookie in response.msg.get_all("Set-Cookie") or []:  # (the session and the device cookie)
                    name, _, value = cookie.split(";", 1)[0].partition("=")
                    self.cookies[name.strip()] = value
                if response.getheader("Connection", "").lower() == "close":
                    self.close()
            return status, payload, response
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


class Worker(threading.Thread):
    """A client thread that stops at ``deadline`` (time.monotonic()) or after
    :data:`MAX_REQUESTS` iterations, pausing ``pause`` seconds (uniform bounds) between
    steps; subclasses define :meth:`step`."""

    pause = (0.5, 1.5)

    def __init__(self, port: int, results: Results, deadline: float, flat_out: bool, seed: str):
        super().__init__(daemon=True)
        self.client = Client(port, results)
        self.deadline, self.flat_out = deadline, flat_out
        self.rng = random.Random(seed)

    def run(self) -> None:
        try:
            self.before()
            if not self.flat_out:  # clients do not all start in the same instant
                time.sleep(min(self.rng.uniform(0, self.pause[1]), max(0.0, self.deadline - time.monotonic())))
            for _ in range(MAX_REQUESTS):
                if time.monotonic() >= self.deadline or not self.step():
                    break
                if not self.flat_out:
                    wait = min(self.rng.uniform(*self.pause), self.deadline - time.monotonic())
                    if wait > 0:
                        time.sleep(wait)
        finally:
            self.client.close()

    def before(self) -> None:
        """Once before the loop (e.g. a login)."""

    def step(self) -> bool:
        """One step; False ends the loop."""
        raise NotImplementedError


class Tablet(Worker):
    """A night's dealer tablet playing its next hands legally, one tap per step."""

    pause = (0.5, 1.5)

    def __init__(self, port, results, deadline, flat_out, night_id: int, path: str, hands: list[dict],
                 marks: list[int]):
        super().__init__(port, results, deadline, flat_out, seed=f"tablet {night_id}")
        self.night_id, self.path = night_id, path
        self.taps = self.plan(hands, marks)
        self.next_state = time.monotonic() + self.rng.uniform(0, STATE_EVERY_S)
        self.hand_id: int | None = None
        self.seen: dict | None = None   # what this tablet saw: the table when it opens, then each answer
        self.played: dict[int, list[str]] = {}   # hand id -> actions stored (answered 200)
        self.done_hands = 0
        self.failed = False

    @staticmethod
    def plan(hands: list[dict], marks: list[int]) -> list[tuple[str, dict]]:
        """The taps to send, in order: ``(kind, body without key)``."""
        taps = []
        for hand, button in zip(hands, marks):
            taps.append(("start", {"op": "start_hand", "button": button}))
            for i, action in enumerate(hand["actions"], start=1):
                taps.append(("action", {"op": "action", "action": action}))
                if i % UNDO_EVERY == 0:
                    taps.append(("undo", {"op": "undo", "reason": "load benchmark: undo and redo"}))
                    taps.append(("action", {"op": "action", "action": action}))
            taps.append(("end", {"op": "end_hand"}))
        return taps

    def step(self) -> bool:
        if time.monotonic() >= self.next_state:
            self.next_state += STATE_EVERY_S
            self.client.request("state", "GET", self.path + "state")
        if not self.taps or self.failed:
            return False
        if self.seen is None:
            status, payload, _ = self.client.request("state", "GET", self.path + "state")
            self.seen = json.loads(payload) if status == 200 else {}
        kind, body = self.taps.pop(0)
        if kind != "start":   # what this tablet saw: the version, and the entry an undo voids
            body = {**body, "hand_id": self.hand_id, "version": self.seen.get("version", 0)}
            if kind == "undo":
                body["event_id"] = (self.seen.get("undo") or {}).get("event_id")
        else:
            body = {**body, "after_hand": self.seen.get("hand_id")}
        status, payload = self.send(kind, {"key": str(uuid.uuid4()), **body})
        if status != 200:
            self.failed = True  # the hand cannot go on legally: this tablet stops
            return False
        answer = json.loads(payload)
        self.seen = answer
        if kind == "start":
            self.hand_id = answer.get("hand_id")
            self.played[self.hand_id] = []
        elif kind == "action":
            self.played[self.hand_id].append(body["action"])
        elif kind == "undo":
            self.played[self.hand_id].pop()
        else:
            self.done_hands += 1
        return True

    def send(self, kind: str, tap: dict) -> tuple[int, bytes]:
        """POST the tap; resend it (same key) after a 5xx or no answer, up to 3 tries."""
        data = json.dumps(tap).encode()
        status, payload = 0, b""
        for _ in range(3):
            status, payload, _ = self.client.request(f"tap {kind}", "POST", self.path + "tap", data)
            if 0 < status < 500:
                break
        return status, payload


class LedgerReader(Worker):
    """A player reloading their ledger page on a phone."""

    pause = (1.0, 3.0)

    def __init__(self, port, results, deadline, flat_out, token: str):
        super().__init__(port, results, deadline, flat_out, seed=token)
        self.token = token

    def step(self) -> bool:
        self.client.request("ledger", "GET", f"/p/{self.token}")
        return True


class ReportReader(Worker):
    """A host reading night reports: the HTML page, then the PDF, of a random night."""

    pause = (2.0, 4.0)

    def __init__(self, port, results, deadline, flat_out, night_ids: list[int], index: int):
        super().__init__(port, results, deadline, flat_out, seed=f"reports {index}")
        self.night_ids, self.pdf_next = night_ids, False
        self.night = self.rng.choice(night_ids)

    def before(self) -> None:
        status, _, _ = self.client.request(None, "POST", "/host/login", LOGIN,
                                           "application/x-www-form-urlencoded")
        if status not in (302, 303):
            self.client.results.add("login", 0.0, status or 599, b"host login refused")

    def step(self) -> bool:
        if self.pdf_next:
            self.client.request("report pdf", "GET", f"/reports/nights/{self.night}.pdf")
            self.night = self.rng.choice(self.night_ids)
        else:
            self.client.request("report html", "GET", f"/reports/nights/{self.night}")
        self.pdf_next = not self.pdf_next
        return True


class Flooder(Worker):
    """A hostile guest on the Wi-Fi (issue 25, "No reader can stall the table"): reloads
    the most expensive page, a long night's report PDF (``--flood-url``), flat out, logged
    in as the host."""

    def __init__(self, port, results, deadline, flat_out, url: str, index: int, cookies: dict[str, str]):
        super().__init__(port, results, deadline, True, seed=f"flood {index}")
        self.url = url
        self.client.cookies = dict(cookies)   # one login shared (the host's sessions are few)

    def step(self) -> bool:
        status, _, _ = self.client.request("flood", "GET", self.url)
        if status != 200 and status != 503:
            self.client.results.other_errors.append(f"flood: {status}")
        return True


class Uploader(Worker):
    """The host uploading a long night's file (``--upload-hands``, a session JSON) once,
    a few seconds into the load, while the tablets tap their nights (issue 25, "Uploads
    in pieces": the longest tap wait while it runs is printed)."""

    def __init__(self, port, results, deadline, flat_out, hands: int, cookies: dict[str, str]):
        super().__init__(port, results, deadline, True, seed="upload")
        self.client.cookies = dict(cookies)
        self.body, self.boundary = self.form(hands)
        self.window: tuple[float, float] | None = None
        self.status = 0

    @staticmethod
    def form(hands: int) -> tuple[bytes, str]:
        """A multipart form with a synthetic night of ``hands`` hands as ``file``."""
        boundary = "tapeteloadboundary"
        text = json.dumps(synthetic_session(hands, PLAYERS, 9999)).encode()
        body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"chip_cents\"\r\n\r\n10\r\n"
                f"--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"long.json\"\r\n"
                f"Content-Type: application/json\r\n\r\n").encode() + text + f"\r\n--{boundary}--\r\n".encode()
        return body, boundary

    def step(self) -> bool:
        time.sleep(3)   # the tablets are tapping by then
        began = time.perf_counter()
        self.status, _, _ = self.client.request("upload", "POST", "/host/import", self.body,
                                                f"multipart/form-data; boundary={self.boundary}")
        self.window = (began, time.perf_counter())
        return False


# --- the run --------------------------------------------------------------------------------

def warm_up(port: int, nights: list, paths: dict[int, str], tokens: list[str], rounds: int) -> int:
    """Untimed requests before the load, as a server that has been up a while has seen:
    each night's ``/state`` once, then ``rounds`` times a ledger, a report and its PDF,
    each on a new connection (with several server processes, more of them get one).
    Returns how many answers were not 200."""
    results = Results()
    reader = Client(port, results)
    reader.request(None, "POST", "/host/login", LOGIN, "application/x-www-form-urlencoded")
    failed = 0
    requests = [(Client(port, results), paths[n] + "state") for n, _ in nights]
    for i in range(rounds):
        night_id = nights[i % len(nights)][0]
        if tokens:
            requests.append((Client(port, results), f"/p/{tokens[i % len(tokens)]}"))
        requests += [(reader, f"/reports/nights/{night_id}"), (reader, f"/reports/nights/{night_id}.pdf")]
    for client, path in requests:
        status, _, _ = client.request(None, "GET", path)
        failed += status != 200
        if client is not reader:
            client.close()
    reader.close()
    return failed


def run_load(port: int, nights: list, paths: dict[int, str], tokens: list[str], args) -> tuple:
    """Run the clients for ``args.seconds``; returns (results, tablets, wall seconds)."""
    results = Results()
    deadline = time.monotonic() + args.seconds
    tablets = []
    for night_id, session in nights[:args.tablets]:
        tablets.append(Tablet(port, results, deadline, args.flat_out, night_id, paths[night_id],
                              session["hands"][args.hands:], buttons(session)[args.hands:]))
    workers = list(tablets)
    workers += [LedgerReader(port, results, deadline, args.flat_out, token) for token in tokens]
    workers += [ReportReader(port, results, deadline, args.flat_out, [n for n, _ in nights], i)
                for i in range(args.reports)]
    flood_url = args.flood_url or f"/reports/nights/{nights[0][0]}.pdf"
    host = Client(port, results)
    if args.flood or args.upload_hands:
        host.request(None, "POST", "/host/login", LOGIN, "application/x-www-form-urlencoded")
        host.close()
    workers += [Flooder(port, results, deadline, True, flood_url, i, host.cookies) for i in range(args.flood)]
    uploader = Uploader(port, results, deadline, True, args.upload_hands, host.cookies) if args.upload_hands else None
    workers += [uploader] if uploader else []
    began = time.monotonic()
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=max(1.0, deadline - time.monotonic()) + 180)
    stuck = sum(worker.is_alive() for worker in workers)
    if stuck:
        results.other_errors.append(f"{stuck} client threads still waiting for an answer at the end")
    if uploader is not None:
        results.upload = upload_said(results, uploader, args.upload_hands)
    return results, tablets, time.monotonic() - began


def upload_said(results: Results, uploader: Uploader, hands: int) -> str:
    """The upload's line: how long it took, its answer, and the longest tap that was
    waiting while it ran (a tap begun before it ended and ended after it began)."""
    if uploader.window is None:
        return f"upload of {hands} hands: not sent (the load ended first)"
    start, end = uploader.window
    waits = [(e - b) * 1000 for b, e in results.spans if b < end and e > start]
    return (f"upload of {hands} hands: {(end - start):.1f} s, answer {uploader.status}; "
            f"longest tap wait while it ran {max(waits, default=float('nan')):.0f} ms ({len(waits)} taps)")


KIND_ORDER = ("tap action", "tap undo", "tap end", "tap start", "state", "ledger", "report html", "report pdf",
              "flood")


def print_results(results: Results, tablets: list, wall: float, peak_kib: int, mismatches: list[str],
                  exceptions: list[tuple[str, int]]) -> None:
    """The table per route kind, then errors (``exceptions``: :func:`server_exceptions`),
    the log check and the peak RSS."""
    def row(kind: str, values: list[float]) -> None:
        if values:
            print(f"  {kind:<12} {len(values):>6} {statistics.median(values):>9.1f} "
                  f"{percentile(values, 0.95):>9.1f} {max(values):>9.1f}")

    print(f"  {'route (ms)':<12} {'n':>6} {'p50':>9} {'p95':>9} {'max':>9}")
    kinds = [k for k in KIND_ORDER if k in results.ms] + sorted(set(results.ms) - set(KIND_ORDER))
    for kind in kinds:
        row(kind, results.ms[kind])
    taps = [x for k, v in results.ms.items() if k.startswith("tap ") for x in v]
    row("tap (all)", taps)
    total = sum(len(v) for v in results.ms.values())
    print(f"requests {total} in {wall:.1f} s ({total / wall:.1f}/s); taps {len(taps)} "
          f"({len(taps) / wall:.1f}/s); hands finished by tablets {sum(t.done_hands for t in tablets)}; "
          f"tablets stopped by a failed tap {sum(t.failed for t in tablets)}")
    by_kind: dict[str, int] = {}
    for error in results.server_errors:
        kind = error.split(":", 1)[0]
        by_kind[kind] = by_kind.get(kind, 0) + 1
    print(f"5xx {len(results.server_errors)}" + (f" ({', '.join(f'{k} {n}' for k, n in by_kind.items())})"
                                                 if by_kind else ""))
    print("failures (not in the timings): " + (", ".join(
        f"{kind} " + "/".join(f"{what} {n}" for what, n in sorted(counts.items()))
        for kind, counts in sorted(results.failed.items())) or "none"))
    for line, n in exceptions:
        print(f"   server log: {n} x {line}")
    print(f"other errors {len(results.other_errors)}")
    for error in results.other_errors[:5]:
        print("  ", error)
    print(f"stored logs as the tablets sent them: {'yes' if not mismatches else 'NO'}"
          + "".join(f"\n   {m}" for m in mismatches[:5]))
    print(f"server peak RSS {peak_kib / 1024:.0f} MiB (all processes of its group)")
    if getattr(results, "upload", None):
        print(results.upload)
    refused = sum(n for kind, counts in results.failed.items() if kind.startswith("tap ") for n in counts.values())
    print(f"load: tap p95 {percentile(taps, 0.95):.1f} ms, max {max(taps, default=float('nan')):.1f} ms; "
          f"taps refused {refused}; 5xx {len(results.server_errors)}; 503 {results.busy()}; other errors {len(results.other_errors)}; "
          f"peak RSS {peak_kib / 1024:.0f} MiB")


def serve_and_load(root: Path, db_path: str, log_path: str, nights: list, paths: dict[int, str],
                   tokens: list[str], args) -> None:
    """Start ``scripts/serve`` on the prepared database, warm it up, run the load while
    sampling its memory and CPU, stop it (always), then print the results."""
    port = args.port or free_port()
    server = start_server(root, db_path, port, log_path)
    try:
        print(f"scripts/serve answered on 127.0.0.1:{port} after "
              f"{wait_for_port(server, port, args.start_timeout, log_path):.1f} s")
        began = time.monotonic()
        failed = warm_up(port, nights, paths, tokens, args.warm_up)
        print(f"warm-up (untimed) in {time.monotonic() - began:.1f} s, answers other than 200: {failed}")
        stop = threading.Event()
        sampler = RssSampler(server.pid, stop)
        sampler.start()
        cpu_before = group_cpu_seconds(server.pid)
        results, tablets, wall = run_load(port, nights, paths, tokens, args)
        cpu_used = group_cpu_seconds(server.pid) - cpu_before
        stop.set()
        sampler.join(timeout=5)
    finally:
        stop_server(server)
    requests = sum(map(len, results.ms.values()))
    print(f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine skews the figures); "
          f"server CPU {cpu_used:.1f} s in the window ({cpu_used * 1000 / max(1, requests):.1f} ms per request)")
    print_results(results, tablets, wall, sampler.peak_kib, stored_mismatches(db_path, tablets),
                  server_exceptions(log_path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(HERE.parent), help="the Tapete checkout to serve")
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the load runs")
    parser.add_argument("--nights", type=int, default=20)
    parser.add_argument("--hands", type=int, default=40, help="finished hands per night before the load")
    parser.add_argument("--tablets", type=int, default=20, help="at most --nights")
    parser.add_argument("--ledgers", type=int, default=15, help="ledger readers, at most --nights")
    parser.add_argument("--reports", type=int, default=5, help="report readers (HTML and PDF)")
    parser.add_argument("--flat-out", action="store_true", help="no pauses: saturate the server")
    parser.add_argument("--flood", type=int, default=0,
                        help="clients reloading the most expensive page flat out (issue 25's flood: 8)")
    parser.add_argument("--flood-url", default="", help="the page they reload (default: night 1's report PDF)")
    parser.add_argument("--upload-hands", type=int, default=0,
                        help="upload a session file of this many hands a few seconds in (issue 25: 2500)")
    parser.add_argument("--port", type=int, default=0, help="default: a free port")
    parser.add_argument("--warm-up", type=int, default=3,
                        help="untimed rounds of ledger, report and PDF before the load (0: none)")
    parser.add_argument("--start-timeout", type=float, default=600.0,
                        help="seconds to wait for scripts/serve (it may set up the venv first)")
    args = parser.parse_args(argv)
    if not (0 < args.seconds <= 3600 and 1 <= args.nights and args.tablets <= args.nights
            and args.ledgers <= args.nights and args.hands >= 0):
        parser.error("--seconds 0-3600; --tablets and --ledgers at most --nights")
    root = use_root(args.root)
    print(f"Tapete under load: root {root}; {args.nights} nights of {args.hands} hands at {PLAYERS} seats; "
          f"{args.tablets} tablets, {args.ledgers} ledger readers, {args.reports} report readers, "
          f"{args.flood} flooding; "
          f"{args.seconds:g} s{', flat out' if args.flat_out else ''}")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    tmp = tempfile.mkdtemp(prefix="tapete-load-")
    try:
        db_path = os.path.join(tmp, "load.db")
        extra = int(args.seconds) + 5 if args.flat_out else int(args.seconds) // 5 + 5
        began = time.monotonic()
        nights, tokens = prepare(db_path, args.nights, args.hands, extra, args.ledgers)
        paths = tap_paths(db_path, [n for n, _ in nights])
        print(f"prepared in {time.monotonic() - began:.1f} s")
        serve_and_load(root, db_path, os.path.join(tmp, "serve.log"), nights, paths, tokens, args)
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
