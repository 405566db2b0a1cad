"""Benchmark: what one dealer tap costs on a deep night, beside the server's floor (issue 10).

``python benchmarks/entry.py [--root DIR] [--depths 0,300,1000] [--hands 5] [--players 6] [--profile N]``

Run it with the checkout's own interpreter so its build (compiled or not) is the one timed,
e.g. ``.venv/bin/python benchmarks/entry.py`` in /work/main, or
``/work/before/.venv/bin/python /work/main/benchmarks/entry.py --root /work/before`` for
another checkout (``--root`` puts DIR first on ``sys.path`` and works from there, so
``app``, ``store`` and ``web`` are that checkout's).

What it does:

1. Builds the app in this process (``create_app`` on a temporary SQLite file, TESTING off
   so connections are pooled as in production) and adds one benchmark-only route to that
   app object, the **floor**: ``POST /_bench/floor`` parses a JSON body, inserts one row
   into a scratch table of the same database in its own transaction (BEGIN IMMEDIATE,
   COMMIT) and answers JSON. Nothing benchmark-only ships in the app.
2. Prepares one night per depth (default 0, 300 and 1,000 finished hands; 6 seats) through
   the ``store`` API (``create_night``, ``seat_player``, ``buy_in``, then per hand
   ``start_hand``, ``append_actions``, ``end_hand``), the hands being legal jackpots hands
   from ``synthetic_session`` (``benchmarks/samples.py`` or ``store/samples.py``).
3. Serves the app with werkzeug's threaded WSGI server in a thread on 127.0.0.1 and,
   over one keep-alive ``http.client`` connection, plays the next ``--hands`` hands of each
   night exactly as the tablet sends them (``POST /dealer/<night>/<token>/tap``): a
   ``start_hand`` tap, the hand's actions one ``action`` tap each, after every
   ``--undo-every``-th action an ``undo`` tap and the same action again, then ``end_hand``.
   After every tap it also times one floor request, so the floor is measured in the same
   conditions.

Prints p50/p95/max (milliseconds at the client) per tap kind per depth and for the floor,
with the median CPU time the server's thread spent on the request (``time.thread_time`` in
a WSGI middleware: less swayed by other work on the machine than the wall clock) and the
mean number of SQL statements it ran (a figure of its work that does not depend on the
load at all: every connection the app opens is traced, ``count_statements``), the errors
(an answer other than 200, no answer, or a hand whose stored log is not what was sent),
a line ``taps cpu p50 ms: floor F; hand 1 A; ...`` (issue 25: the server CPU per tap beside
the floor's), a line ``sql per tap: floor F; hand 1 A; ...``, and last, exactly::

    taps p95 ms: floor F; hand 1 A; hand 300 B; hand 1000 C; undo at 1000 U; errors E

where A, B, C are the p95 of every tap (action, undo, end and start together) on the hands
after a night of 0, 300 and 1,000 finished hands, and U the p95 of the undo taps alone on
the deepest night. Target (issue 10): every figure at most 2x the floor, E = 0. Figures are
printed, never asserted. Only 127.0.0.1 is contacted; the temporary database is removed.

``--profile N`` also runs the taps on the deepest night under cProfile (server side, timed by
the thread's CPU clock: a COMMIT's wait for the disk is not counted) and prints the N
functions with the most cumulative time (``ENTRY_SORT=tottime``: their own): where a tap's
CPU goes. A quick run:
``--depths 0,100 --hands 2``.
"""

from __future__ import annotations

import argparse
import cProfile
import http.client
import io
import json
import logging
import os
import pstats
import queue
import shutil
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
import uuid
from contextlib import contextmanager, nullcontext
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_ROOT = HERE.parent
SECRET = "benchmark-secret"
PIN = "135790"
STACK = 100_000
"""Chips each seat buys in for: deep enough that no synthetic hand ever needs a rebuy."""

TAP_KINDS = ("action", "undo", "end", "start")
FLOOR_PATH = "/_bench/floor"


# --- the checkout under test ----------------------------------------------------------------

def use_root(root: str | Path) -> Path:
    """Make ``root``'s ``app``, ``store``, ``web`` and ``referee`` the ones imported: put it
    first on ``sys.path`` and work from there. Returns the resolved root."""
    root = Path(root).resolve()
    if not (root / "app.py").is_file():
        raise SystemExit(f"--root {root}: no app.py there (not a Tapete checkout)")
    sys.path.insert(0, str(root))
    os.chdir(root)
    return root


def synthetic_session(hands: int, players: int, seed: int) -> dict:
    """Legal jackpots hands from the checkout's ``synthetic_session`` (it lives in
    ``store/samples.py`` or ``benchmarks/samples.py``), every seat buying in ``STACK``."""
    try:
        from store.samples import synthetic_session as make
    except ImportError:
        try:
            from benchmarks.samples import synthetic_session as make
        except ImportError:
            sys.path.insert(1, str(Path.cwd() / "benchmarks"))
            from samples import synthetic_session as make
    session = make(hands, players, seed=seed, stack=STACK)
    if any(hand.get("rebuys") for hand in session["hands"]):
        raise SystemExit("synthetic_session asked for a rebuy: raise STACK")
    return session


def buttons(session: dict) -> list[int]:
    """The button of each hand of a ``synthetic_session`` (it moves one seat to the next
    higher seat number each hand, starting from the hand 1 button), as seat ints."""
    seats = sorted(p["seat"] for p in session["players"])
    first = seats.index(session["hands"][0].get("button", seats[-1]))
    return [seats[(first + n) % len(seats)] for n in range(len(session["hands"]))]


def compiled_modules() -> list[str]:
    """The ``referee`` modules loaded from C extensions (mypyc), by name."""
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("referee.") and str(getattr(module, "__file__", "")).endswith(".so"))


# --- preparing nights through the store API -------------------------------------------------

def write_tx(db):
    """``store.core.transactions.write_tx(db)`` (one BEGIN IMMEDIATE for a whole preparation) when the
    checkout has it, else no outer transaction."""
    import store.core.transactions

    tx = getattr(store.core.transactions, "write_tx", None)
    return tx(db) if tx else nullcontext()


def prepare_night(db, session: dict, finished: int, tag: str) -> int:
    """Store a new night holding the session's first ``finished`` hands, each started,
    logged and ended through the ``store`` API (the tablet's own writes, without HTTP).

    :param session: a ``tapete/1`` session (``synthetic_session``).
    :param finished: how many of its hands to store (int, may be 0).
    :param tag: makes the players' names unique to this night (``"Ana 3"``).
    :returns: the night id (int).
    """
    import store

    marks = buttons(session)
    with write_tx(db):
        night_id = store.create_night(db, rules=session["rules"], chip_cents=10,
                                      title=f"bench {tag}", key=f"bench-night:{tag}:{uuid.uuid4()}")
        for p in session["players"]:
            name = f"{p['name']} {tag}"
            player_id = store.find_player(db, name) or store.add_player(db, name)
            store.seat_player(db, night_id, player_id, p["seat"], entered_by="bench")
            store.buy_in(db, night_id, player_id, p["stack"], entered_by="bench")
        for number, hand in enumerate(session["hands"][:finished]):
            hand_id = store.start_hand(db, night_id, button=marks[number], entered_by="bench")
            actions = hand["actions"]
            store.append_actions(db, hand_id, actions, entered_by="bench",
                                 keys=[f"bench:{night_id}:{number}:{i}" for i in range(len(actions))])
            store.end_hand(db, hand_id, entered_by="bench")
    if finished and hasattr(store, "check_night"):
        store.check_night(db, night_id)  # as after an import: the night's rulings are known
    return night_id


# --- the server -----------------------------------------------------------------------------

def build_app(db_path: str):
    """The checkout's app on ``db_path`` (TESTING off: pooled connections, as served),
    plus the floor route :data:`FLOOR_PATH` registered on this app object only, and its
    :class:`ServerMeter` (what to serve) as ``app.wsgi_app_meter``. Every connection the
    app opens from here on (``store.open_db``) counts its SQL statements for the meter
    (:func:`count_statements`)."""
    import store
    from app import create_app

    app = create_app({"DATABASE": db_path, "SECRET_KEY": SECRET, "HOST_PIN": PIN})
    add_floor_route(app, db_path)
    app.wsgi_app_meter = ServerMeter(app)
    opened = store.open_db

    def open_counted(*args, **kwargs):
        db = opened(*args, **kwargs)
        count_statements(db.conn)
        return db

    store.open_db = open_counted   # (web.core.db opens the pool's connections through it)
    return app


_STATEMENTS = threading.local()
"""The SQL statements run on this thread since the meter's last reset (``count``)."""


def _count_statement(sql: str) -> None:
    if not sql.startswith("--"):   # (a trigger's own statements are traced as "-- TRIGGER ...")
        _STATEMENTS.count = getattr(_STATEMENTS, "count", 0) + 1


def count_statements(conn: sqlite3.Connection) -> None:
    """Count each SQL statement ``conn`` runs (``set_trace_callback``: the statements
    sent, BEGIN and COMMIT included, the triggers' not) on the running thread, for
    :class:`ServerMeter`'s ``last_sql``: a figure of a tap's work that does not depend
    on the machine's load."""
    conn.set_trace_callback(_count_statement)


def add_floor_route(app, db_path: str) -> None:
    """Register ``POST /_bench/floor``: one row committed to a scratch table of the same
    SQLite file, in its own transaction, on a pooled connection (WAL, busy timeout), the
    JSON body parsed and a JSON answer made as a tap's are."""
    from flask import jsonify, request

    pool: queue.SimpleQueue = queue.SimpleQueue()

    def connect() -> sqlite3.Connection:
        conn = sqlite3.connect(db_path, timeout=5, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute("PRAGMA journal_mode = WAL")
        count_statements(conn)
        return conn

    setup = connect()
    count_statements(setup)
    setup.execute("CREATE TABLE IF NOT EXISTS bench_floor (id INTEGER PRIMARY KEY, key TEXT, at REAL)")
    pool.put(setup)

    def floor():
        body = request.get_json(silent=True) or {}
        try:
            conn = pool.get_nowait()
        except queue.Empty:
            conn = connect()
        try:
            conn.execute("BEGIN IMMEDIATE")
            row_id = conn.execute("INSERT INTO bench_floor (key, at) VALUES (?, ?)",
                                  [str(body.get("key")), time.time()]).lastrowid
            conn.execute("COMMIT")
        finally:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            pool.put(conn)
        return jsonify({"id": row_id})

    app.add_url_rule(FLOOR_PATH, "bench_floor", floor, methods=["POST"])


class ServerMeter:
    """WSGI middleware: the CPU time the server's thread spends on each request
    (``time.thread_time``, ms) in ``last_cpu_ms`` and the SQL statements it ran
    (:func:`count_statements`) in ``last_sql``, read by the one client after each answer;
    while ``profiling`` is set, each request also runs under cProfile, gathered in ``stats``."""

    def __init__(self, wsgi_app):
        self.wsgi_app = wsgi_app
        self.last_cpu_ms = float("nan")
        self.last_sql = 0
        self.profiling = False
        self.stats: pstats.Stats | None = None
        self.lock = threading.Lock()

    def __call__(self, environ, start_response):
        profile = cProfile.Profile(time.thread_time) if self.profiling else None   # (CPU, not waits)
        _STATEMENTS.count = 0
        began = time.thread_time()
        if profile:
            profile.enable()
        result = self.wsgi_app(environ, start_response)
        try:
            body = b"".join(result)
        finally:
            if hasattr(result, "close"):
                result.close()
        if profile:
            profile.disable()
            with self.lock:
                if self.stats is None:
                    self.stats = pstats.Stats(profile)
                else:
                    self.stats.add(profile)
        self.last_cpu_ms = (time.thread_time() - began) * 1000
        self.last_sql = _STATEMENTS.count
        return [body]


@contextmanager
def serving(app):
    """Serve ``app`` on 127.0.0.1 (a free port) with werkzeug's threaded server in a
    thread; yields the port; shuts the server down on leaving."""
    from werkzeug.serving import make_server

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    httpd = make_server("127.0.0.1", 0, app.wsgi_app_meter, threaded=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd.server_port
    finally:
        httpd.shutdown()
        thread.join(timeout=10)
        httpd.server_close()


# --- the client -----------------------------------------------------------------------------

class Client:
    """One keep-alive HTTP connection to 127.0.0.1 that times each request and counts
    failures (status other than 200, or no answer) in ``errors``."""

    def __init__(self, port: int, timeout: float = 60):
        self.port, self.timeout = port, timeout
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        self.errors: list[str] = []
        self.cookie: str | None = None   # the session cookie, as the tablet's browser keeps it
        self.csrf: str | None = None     # its CSRF token (a state answer's csrf_token)

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[float, int, bytes]:
        """Send one request; returns (milliseconds, status, body). No answer is status 0."""
        data = None if body is None else json.dumps(body)
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.cookie:
            headers["Cookie"] = self.cookie
        if self.csrf:
            headers["X-CSRFToken"] = self.csrf
        began = time.perf_counter()
        try:
            self.conn.request(method, path, data, headers)
            response = self.conn.getresponse()
            payload = response.read()
            status = response.status
            if response.getheader("Set-Cookie"):
                self.cookie = response.getheader("Set-Cookie").split(";", 1)[0]
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()
            self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=self.timeout)
            payload, status = repr(exc).encode(), 0
        elapsed = (time.perf_counter() - began) * 1000
        if status != 200:
            self.errors.append(f"{method} {path.split('/tap')[0][:30]}...: {status} {payload[:160]!r}")
        return elapsed, status, payload

    def close(self) -> None:
        self.conn.close()


class Timings:
    """Milliseconds by label (``"floor"``, ``(depth, kind)``): at the client (wall clock)
    and on the server's thread (CPU); and the SQL statements each request ran."""

    def __init__(self):
        self.by: dict = {}
        self.cpu: dict = {}
        self.sql: dict = {}

    def add(self, label, ms: float, cpu_ms: float, sql: int = 0) -> None:
        self.by.setdefault(label, []).append(ms)
        self.cpu.setdefault(label, []).append(cpu_ms)
        self.sql.setdefault(label, []).append(sql)

    def get_sql(self, label) -> list[int]:
        return self.sql.get(label, [])

    def get(self, label) -> list[float]:
        return self.by.get(label, [])

    def get_cpu(self, label) -> list[float]:
        return self.cpu.get(label, [])


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0-1) of ``values``; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def play_hands(client: Client, meter: ServerMeter, tap_path: str, hands: list[dict], marks: list[int],
               depth: int, undo_every: int, timings: Timings, profile: bool = False) -> list[list[str]]:
    """Play ``hands`` on the night through taps, as the tablet does, timing each tap under
    ``(depth, kind)`` and one floor request after each under ``"floor"`` (``profile``: the
    taps run under cProfile, gathered in ``meter.stats``).

    :returns: the live actions sent, per hand (to compare with what was stored).
    """
    sent = []
    # what the tablet saw: the table when it opens, then each answer
    _, _, table = client.request("GET", tap_path.rsplit("/", 1)[0] + "/state")
    seen: dict = json.loads(table)

    def tap(kind: str, body: dict) -> dict:
        nonlocal seen
        if kind == "start":
            body = {**body, "after_hand": seen.get("hand_id")}
        else:
            body = {**body, "version": seen.get("version", 0)}
            if kind == "undo":
                body["event_id"] = (seen.get("undo") or {}).get("event_id")
        meter.profiling = profile
        ms, status, payload = client.request("POST", tap_path, {"key": str(uuid.uuid4()), **body})
        meter.profiling = False
        timings.add((depth, kind), ms, meter.last_cpu_ms, meter.last_sql)
        floor_ms, _, _ = client.request("POST", FLOOR_PATH, {"key": str(uuid.uuid4())})
        timings.add("floor", floor_ms, meter.last_cpu_ms, meter.last_sql)
        answer = json.loads(payload) if status == 200 else {}
        if answer:
            seen = answer
        return answer

    for hand, button in zip(hands, marks):
        hand_id = tap("start", {"op": "start_hand", "button": button}).get("hand_id")
        for i, action in enumerate(hand["actions"], start=1):
            tap("action", {"op": "action", "hand_id": hand_id, "action": action})
            if undo_every and i % undo_every == 0:
                tap("undo", {"op": "undo", "hand_id": hand_id, "reason": "benchmark: undo and redo"})
                tap("action", {"op": "action", "hand_id": hand_id, "action": action})
        tap("end", {"op": "end_hand", "hand_id": hand_id})
        sent.append(list(hand["actions"]))
    return sent


def log_mismatches(db, night_id: int, first: int, sent: list[list[str]]) -> list[str]:
    """Hands numbered from ``first`` whose stored live actions differ from ``sent``."""
    import store

    hands = store.night_hands(db, night_id)[first - 1:]
    out = []
    for number, (hand, actions) in enumerate(zip(hands, sent), start=first):
        stored = [a["action"] for a in store.hand_actions(db, hand["id"]) if not a["voided"]]
        if stored != actions:
            out.append(f"night {night_id} hand {number}: stored {len(stored)} live actions, sent {len(actions)}")
    if len(hands) < len(sent):
        out.append(f"night {night_id}: {len(hands)} hands stored from hand {first}, {len(sent)} sent")
    return out


# --- the run --------------------------------------------------------------------------------

def label(depth: int) -> str:
    """``hand 1`` for an empty night, else ``hand <depth>``."""
    return f"hand {max(depth, 1)}"


def report(timings: Timings, depths: list[int], errors: list[str]) -> str:
    """Print the table of p50/p95/max per tap kind per depth and the errors; return the
    last line (the issue's exact format)."""
    def row(name: str, labels: list) -> None:
        values = [x for one in labels for x in timings.get(one)]
        cpu = [x for one in labels for x in timings.get_cpu(one)]
        sql = [x for one in labels for x in timings.get_sql(one)]
        if values:
            print(f"  {name:<16} {len(values):>5} {statistics.median(values):>8.1f} "
                  f"{percentile(values, 0.95):>8.1f} {max(values):>8.1f} {statistics.median(cpu):>9.2f} "
                  f"{statistics.mean(sql):>8.1f}")

    print(f"  {'taps (ms)':<16} {'n':>5} {'p50':>8} {'p95':>8} {'max':>8} {'cpu p50':>9} {'sql avg':>8}")
    row("floor", ["floor"])
    for depth in depths:
        for kind in TAP_KINDS:
            row(f"{label(depth)} {kind}", [(depth, kind)])
        row(f"{label(depth)} all", [(depth, kind) for kind in TAP_KINDS])
    print("  (p50/p95/max: wall clock at the client; cpu p50: CPU time of the server's thread; "
          "sql avg: SQL statements per request)")
    print(f"errors {len(errors)}")
    for error in errors[:8]:
        print("  ", error)

    def p95(values):
        return f"{percentile(values, 0.95):.1f}"

    def cpu(labels):
        return f"{statistics.median([x for one in labels for x in timings.get_cpu(one)]):.2f}"

    def sql(labels):
        return f"{statistics.mean([x for one in labels for x in timings.get_sql(one)]):.1f}"

    every = {depth: [(depth, kind) for kind in TAP_KINDS] for depth in depths}
    print("taps cpu p50 ms: floor " + cpu(["floor"]) + "; "
          + "; ".join(f"{label(d)} {cpu(every[d])}" for d in depths))
    print("sql per tap: floor " + sql(["floor"]) + "; "
          + "; ".join(f"{label(d)} {sql(every[d])}" for d in depths))
    parts = [f"floor {p95(timings.get('floor'))}"]
    for depth in depths:
        parts.append(f"{label(depth)} {p95([x for k in TAP_KINDS for x in timings.get((depth, k))])}")
    parts.append(f"undo at {depths[-1]} {p95(timings.get((depths[-1], 'undo')))}")
    parts.append(f"errors {len(errors)}")
    return "taps p95 ms: " + "; ".join(parts)


def print_profile(stats: pstats.Stats, top: int, depth: int) -> None:
    """The ``top`` functions by cumulative time over the profiled taps (server side)."""
    out = io.StringIO()
    stats.stream = out
    stats.sort_stats(os.environ.get("ENTRY_SORT", "cumulative")).print_stats(top)
    print(f"profile of the taps on the night of {depth} hands (server threads' CPU, cProfile; "
          f"the figures above were timed with it on for these taps):")
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    print("\n".join("   " + line for line in lines[start:] if line.strip()))


def run(args) -> str:
    """Prepare, serve, time; returns the last line."""
    import store

    tmp = tempfile.mkdtemp(prefix="tapete-entry-")
    try:
        db_path = os.path.join(tmp, "bench.db")
        db = store.open_db(db_path)
        app = build_app(db_path)
        nights = {}
        for index, depth in enumerate(args.depths):
            session = synthetic_session(depth + args.hands, args.players, seed=index + 1)
            began = time.perf_counter()
            night_id = prepare_night(db, session, depth, f"d{depth}")
            events = db.execute("SELECT COUNT(*) FROM events WHERE night_id = ?", [night_id]).fetchone()[0]
            print(f"prepared night {night_id}: {depth} finished hands, {events} events, "
                  f"in {time.perf_counter() - began:.1f} s")
            nights[depth] = (night_id, session)
        paths = {d: f"/dealer/{n}/{store.issue_dealer_link(db, n, 'Bench', issued_by='benchmark')[1]}/"
                 for d, (n, _) in nights.items()}
        timings, errors = Timings(), []
        with serving(app) as port:
            client = Client(port)
            for depth in args.depths:
                night_id, session = nights[depth]
                # warm-up, not timed; the tablet's session and CSRF token (none: a checkout
                # without CSRF tokens)
                _, status, payload = client.request("GET", paths[depth] + "state")
                if status == 200:
                    client.csrf = json.loads(payload).get("csrf_token") or client.csrf
                for _ in range(3):
                    client.request("POST", FLOOR_PATH, {"key": "warm-up"})
                began = time.perf_counter()
                sent = play_hands(client, app.wsgi_app_meter, paths[depth] + "tap", session["hands"][depth:],
                                  buttons(session)[depth:], depth, args.undo_every, timings,
                                  profile=bool(args.profile) and depth == args.depths[-1])
                print(f"played hands {depth + 1}-{depth + args.hands} of night {night_id} "
                      f"in {time.perf_counter() - began:.1f} s")
                errors += log_mismatches(db, night_id, depth + 1, sent)
            client.close()
            errors = client.errors + errors
        db.conn.close()
        if args.profile and app.wsgi_app_meter.stats is not None:
            print_profile(app.wsgi_app_meter.stats, args.profile, args.depths[-1])
        return report(timings, args.depths, errors)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(DEFAULT_ROOT), help="the Tapete checkout to time")
    parser.add_argument("--depths", default="0,300,1000",
                        help="finished hands on each night before the timed hands (comma-separated)")
    parser.add_argument("--hands", type=int, default=5, help="hands played by taps on each night")
    parser.add_argument("--players", type=int, default=6, help="seats at each table (2-10)")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="cProfile the taps on the deepest night; print the top N functions "
                             "(their timings then include the profiler's overhead)")
    parser.add_argument("--undo-every", type=int, default=5,
                        help="an undo (and the action again) after every N-th action; 0 = none")
    args = parser.parse_args(argv)
    args.depths = [int(d) for d in args.depths.split(",")]
    if args.hands < 1 or any(d < 0 for d in args.depths):
        parser.error("--hands at least 1, depths at least 0")
    root = use_root(args.root)
    began = time.perf_counter()
    print(f"Tapete taps by night depth: root {root}, python {sys.executable}")
    print(f"{args.players} seats, {args.hands} hands played by taps per night, "
          f"undo every {args.undo_every} actions")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    last = run(args)
    print(f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine skews wall-clock figures)")
    print(f"referee modules compiled (mypyc): {', '.join(m.split('.', 1)[1] for m in compiled_modules()) or 'none'}")
    print(f"total {time.perf_counter() - began:.0f} s")
    print(last)
    return 0


if __name__ == "__main__":
    sys.exit(main())
