"""Benchmark: the host's and the players' pages of a night, for a short night and a long
one in the same run (issues 14 and 25).

Usage: ``python benchmarks/night_pages.py [--short 30] [--long 300] [--players 9] [--repeat 10]
[--uploads-only]``

Builds two synthetic jackpots nights (``benchmarks/samples.py``) of ``--short`` and
``--long`` hands at ``--players`` seats, each imported (``store.import_session``), on one
temporary SQLite file; then times, through Flask's test client as a logged-in host (and a
player's link), in Spanish:

- ``open night``: ``GET /host/night/<id>`` while the night is still open (no one counted:
  the bank, the count findings and the summary are worked out from the stored judgements);

then every player is counted (the referee's stack) and the night closed (fewest transfers),
and:

- ``host night``: ``GET /host/night/<id>`` (the closed night: who pays whom with the marks,
  the share text, the bank, the ledger);
- ``report``: ``GET /reports/nights/<id>`` (HTML) and ``pdf``: ``.pdf`` (WeasyPrint);
- ``csv``: ``GET /host/night/<id>/download/csv`` (the money, a row per player);
- ``player``: ``GET /p/<token>`` (the phone: hand results, ledger in words, the chart);
- ``club``: ``GET /host/club`` (both nights' standings);
- ``upload``: ``POST /host/import`` of a session file of ``--short`` hands, of 300 (issue
  25's target is for that one) and of ``--long`` hands, each a closed night (its block's
  ``"closed": true``: the last piece counts everyone, closes the night and stores its
  summary and totals, as a downloaded night's upload does), a new synthetic night each run,
  its players named apart (so the upload never compares it with a night of the club with
  the same players and hands). Each upload's write transactions are timed (from the first
  statement after ``BEGIN IMMEDIATE`` to its ``COMMIT``, on the app's connections: the lock
  held) and the longest printed ("longest write transaction of the upload"). Then one more
  upload of each while two other writers take the write lock every 20 ms from the
  upload's start to its end (its last piece included), as a tablet's tap does: one a thread
  of this process on a connection of its own (the server's taps: the import lets them in
  between two pieces, ``store.core.transactions.in_pieces``), one another process writing
  through Tapete's ``write_tx`` (a ``flask`` command or a second server worker beside the
  server: the import lets it in too, ``store.core.writer_turns``), and one a bare
  ``sqlite3`` process (no Tapete code: it gets the lock only when its busy poll falls
  between two pieces); the longest each waited is printed, and the upload's wall time
  beside them.

The runs of the short and the long night alternate. Prints the median in milliseconds of
each (wall clock, and in brackets the process's CPU time: on a busy shared machine the CPU
figure is the one to compare between runs) and the ratio long / short: pages that show each
hand grow with the night; the others should stay near 1. The last line compares the long
night's figures with issue 25's targets, judged on the CPU figure (the quiet machine's
stand-in); the PDF's layout is made on the request's thread here (``PDF_PROCESSES`` 0), so
its CPU is the PDF's whole cost, not the part outside a worker process
(``web.core.pdf_process``); the upload target is judged on the 300-hand file. Figures are
printed, never asserted; nothing but a temporary file is written.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def _closed_night(db, hands: int, players: int, seed: int) -> int:
    """Import a synthetic night, count everyone at the referee's stack, close it."""
    night_id = _open_night(db, hands, players, seed)
    _close(db, night_id)
    return night_id


def _open_night(db, hands: int, players: int, seed: int) -> int:
    """Import a synthetic night (left open, no one counted)."""
    from samples import synthetic_session

    import store

    return store.import_session(db, synthetic_session(hands, players, seed=seed))


def _close(db, night_id: int) -> None:
    """Count everyone at the referee's stack and close the night (fewest transfers)."""
    import store

    last = store.check_night(db, night_id)["hands"][-1]
    uncounted = set(store.bank_check(db, night_id)["uncounted"])
    for row in store.table_players(db, night_id):
        if row["name"] in uncounted:
            stack = last["stacks"].get(str(row["seat"]), 0)
            store.cash_out(db, night_id, row["player_id"], stack, entered_by="host:bench")
    balanced = store.bank_check(db, night_id)["balanced"]
    store.close_night(db, night_id, entered_by="host:bench", resolution=None if balanced else "split")


def _login(client, db) -> None:
    """Log the test client in as a host (an account, a session row, the signed cookie)."""
    import store
    import store.account.accounts

    account_id, _ = store.account.accounts.set_password(db, "bench", "bench password 1", new=True)
    sid = store.account.accounts.start_session(db, account_id, ip="127.0.0.1")
    with client.session_transaction() as session:
        session["sid"] = sid
        session["seen"] = int(store.core.transactions.clock().timestamp())
        session.permanent = True


def _median(run, repeat: int) -> tuple[float, float]:
    """``(wall, cpu)``: the medians in ms of ``repeat`` runs, wall clock and process CPU,
    after one run that is not counted (the templates compiled, the caches warm)."""
    run()
    walls, cpus = [], []
    for _ in range(repeat):
        started, cpu = time.perf_counter(), time.process_time()
        run()
        walls.append((time.perf_counter() - started) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def _said(figures: tuple[float, float]) -> str:
    return f"{figures[0]:8.1f} ({figures[1]:7.1f})"


UPLOAD_TARGET_HANDS = 300
"""The hands of the upload issue 25's target is for (always uploaded)."""

TARGETS = (("open night", "long", 60), ("host night", "long", 60), ("report", "short", 200),
           ("pdf", "short", 1000), ("pdf", "long", 2500), ("csv", "long", 20),
           ("upload", UPLOAD_TARGET_HANDS, 500))
"""Issue 25's targets on a quiet machine, ms: (page, which night: ``"short"``, ``"long"`` or
a number of hands, at most); the night page at 1,000 hands, the report at 300, the PDF at
300 and 1,000 (run with ``--short 300 --long 1000``), the CSV at any length, the upload of
a 300-hand file."""


class LockProbe:
    """Another writer of the process, on a connection of its own, as a tablet's tap is: an
    empty write transaction (``store.core.transactions.write_tx``: ``BEGIN IMMEDIATE``,
    ``COMMIT``) every 20 ms while it runs, keeping the longest it waited for the lock (ms).
    Its busy timeout is 120 s, so a long wait is measured, not cut off at the server's 5 s."""

    def __init__(self, path: Path) -> None:
        self.path, self.longest, self.stop = path, 0.0, threading.Event()
        self.started = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        import store
        from store.core.transactions import write_tx

        db = store.open_db(self.path)
        db.execute("PRAGMA busy_timeout = 120000")
        try:
            while not self.stop.is_set():
                began = time.perf_counter()
                with write_tx(db):
                    self.longest = max(self.longest, (time.perf_counter() - began) * 1000)
                self.started.set()
                time.sleep(0.02)
        finally:
            db.conn.close()

    def __enter__(self) -> "LockProbe":
        self.thread.start()
        self.started.wait(timeout=60)
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(timeout=180)


PROCESS_PROBE = """
import select, sqlite3, sys, time
if sys.argv[2] == "tapete":   # a writer of Tapete's own (a flask command, another server worker)
    sys.path.insert(0, sys.argv[3])
    import store
    from store.core.transactions import write_tx
    db = store.open_db(sys.argv[1])
    db.execute("PRAGMA busy_timeout = 120000")
    def write():
        with write_tx(db):
            pass
else:   # a bare sqlite3 writer (no Tapete code: only SQLite's busy handler)
    conn = sqlite3.connect(sys.argv[1], timeout=120, isolation_level=None)
    def write():
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("COMMIT")
longest, first = 0.0, True
while not select.select([sys.stdin], [], [], 0)[0]:
    began = time.perf_counter()
    write()
    longest = max(longest, time.perf_counter() - began)
    if first:
        print("ready", flush=True)
        first = False
    time.sleep(0.02)
print(f"{longest * 1000:.1f}", flush=True)
"""
"""The writer of :class:`ProcessProbe`, run by another Python: an empty write transaction
every 20 ms (busy timeout 120 s) until its standard input closes, then the longest it
waited (ms). ``tapete``: Tapete's own (``store.core.transactions.write_tx``: ``BEGIN
IMMEDIATE``, ``COMMIT``, the writers' turns of ``store.core.writer_turns``); ``bare``: a
plain ``sqlite3`` connection's ``BEGIN IMMEDIATE``, ``COMMIT``."""


class ProcessProbe:
    """Another process writing as :class:`LockProbe` does (:data:`PROCESS_PROBE`, ``kind``
    ``"tapete"`` or ``"bare"``): the longest it waited for the lock, ms, in :attr:`longest`
    once the block ends."""

    def __init__(self, path: Path, kind: str = "tapete") -> None:
        self.path, self.kind, self.longest = path, kind, 0.0

    def __enter__(self) -> "ProcessProbe":
        self.proc = subprocess.Popen([sys.executable, "-c", PROCESS_PROBE, str(self.path), self.kind, str(HERE.parent)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.proc.stdout.readline()  # "ready": it has written once
        return self

    def __exit__(self, *exc) -> None:
        self.proc.stdin.close()  # (its signal to stop)
        out = self.proc.stdout.read()
        self.proc.wait(timeout=180)
        self.longest = float(out.split()[-1])


class WriteSpans:
    """The longest write transaction (ms, from the first statement after ``BEGIN
    IMMEDIATE``, the lock taken, to its ``COMMIT``: the lock held; and the most process CPU
    one took, the figure to compare on a busy machine) on every connection the app opens
    while it is on (``store.open_db`` wrapped: under ``TESTING`` the app opens one
    per request, ``web.core.db``)."""

    def __init__(self) -> None:
        self.longest, self.where, self.longest_cpu = 0.0, "", 0.0

    def __enter__(self) -> "WriteSpans":
        import store

        self.real = real = store.open_db

        def traced(*args, **kwargs):
            db = real(*args, **kwargs)
            state = {"begun": False, "held": None, "cpu": 0.0, "spans": []}

            def trace(sql: str) -> None:
                now, cpu = time.perf_counter(), time.process_time()
                if sql.startswith("BEGIN IMMEDIATE"):
                    state["begun"], state["held"] = True, None
                elif sql in ("COMMIT", "ROLLBACK"):
                    if state["held"] is not None:
                        state["spans"].append((now - state["held"]) * 1000)
                        if state["spans"][-1] > self.longest:
                            self.longest, self.where = state["spans"][-1], state["spans"]
                        self.longest_cpu = max(self.longest_cpu, (cpu - state["cpu"]) * 1000)
                    state["begun"], state["held"] = False, None
                elif state["begun"] and state["held"] is None:
                    state["held"], state["cpu"] = now, cpu
            db.conn.set_trace_callback(trace)
            return db

        store.open_db = traced
        return self

    def __exit__(self, *exc) -> None:
        import store

        store.open_db = self.real


def _uploads(client, path: Path, hands: int, players: int, repeat: int) -> dict:
    """Upload ``repeat`` (plus one not counted) new synthetic closed nights of ``hands``
    hands through the import form, alone; then :data:`BESIDE_RUNS` more while a
    :class:`LockProbe` and two :class:`ProcessProbe` (Tapete's, a bare one) write beside
    them. Returns ``{"figures": (wall, cpu) medians in ms, "held": the longest write
    transaction of the uploads alone, "thread", "process", "bare": the longest lock waits
    of the probes, "beside": the uploads' median wall time beside them}`` (ms)."""
    import io
    import json
    import re

    from samples import synthetic_session

    def night(i: int) -> bytes:
        session = synthetic_session(hands, players, seed=1000 + hands + i)
        for player in session["players"]:
            player["name"] += f" {hands}.{i}"  # (players of their own: no night of the club is the same to compare)
        session["tapete"] = {"closed": True}   # (closed by the last piece, as a downloaded night is)
        return json.dumps(session).encode()

    bodies = [night(i) for i in range(repeat + 1 + BESIDE_RUNS)]

    def run():
        answer = client.post("/host/import?lang=es", content_type="multipart/form-data",
                             data={"chip_cents": "10", "file": (io.BytesIO(bodies.pop()), "night.json")})
        assert answer.status_code == 302, re.findall(r"(?s)class=\"error[^>]*>(.*?)<", answer.get_data(as_text=True))

    with WriteSpans() as spans:
        figures = _median(run, repeat)
    where = spans.where
    at = f"the {where.index(spans.longest) + 1} of {len(where)}" if where else "none"
    walls = []
    with LockProbe(path) as thread, ProcessProbe(path) as process, ProcessProbe(path, "bare") as bare:
        for _ in range(BESIDE_RUNS):
            began = time.perf_counter()
            run()
            walls.append((time.perf_counter() - began) * 1000)
    return {"figures": figures, "held": spans.longest, "at": at, "held_cpu": spans.longest_cpu, "thread": thread.longest,
            "process": process.longest, "bare": bare.longest, "beside": statistics.median(walls)}


BESIDE_RUNS = 3
"""How many uploads of each size run beside the other writers (their longest waits over all
of them; the uploads' median wall time)."""


def _pair(label: str, url, nights: dict, repeat: int, args, found: dict) -> None:
    """Time ``url(night_id)`` for the short and the long night, print a line, keep both."""
    short = _median(url(nights["short"]), repeat)
    long = _median(url(nights["long"]), repeat)
    found[(label, "short")], found[(label, "long")] = short, long
    print(f"{label:>11}: {args.short} hands {_said(short)} | {args.long} hands {_said(long)} | "
          f"ratio {long[0] / short[0]:5.2f}")


def _against_targets(found: dict, args) -> str:
    """The issue's targets beside the figures (CPU ms, the quiet machine's stand-in)."""
    said = []
    for label, night, most in TARGETS:
        if (label, night) in found:
            hands = night if isinstance(night, int) else args.short if night == "short" else args.long
            cpu = found[(label, night)][1]
            said.append(f"{label} at {hands} {cpu:.0f} ms cpu (<= {most}{'' if cpu <= most else ' MISSED'})")
    return "targets: " + "; ".join(said)


def _upload_lines(client, path: Path, args, found: dict) -> None:
    """Time the uploads of ``--short``, 300 and ``--long`` hands (:func:`_uploads`), a line
    each; keep their figures in ``found`` by ``("upload", hands)``."""
    repeat = max(3, args.repeat // 3)
    for hands in sorted({args.short, UPLOAD_TARGET_HANDS, args.long}):
        upload = _uploads(client, path, hands, args.players, repeat)
        found[("upload", hands)] = upload["figures"]
        print(f"{'upload':>11}: {hands} hands {_said(upload['figures'])}; longest write transaction of the "
              f"upload: {upload['held']:.0f} ms ({upload['at']}; the most CPU one took {upload['held_cpu']:.0f} ms); longest lock wait beside it: a thread {upload['thread']:.0f} ms, "
              f"another process {upload['process']:.0f} ms (a bare sqlite3 one {upload['bare']:.0f} ms; "
              f"the upload took {upload['beside']:.0f} ms wall beside them, median of {BESIDE_RUNS})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", type=int, default=30)
    parser.add_argument("--long", type=int, default=300)
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--uploads-only", action="store_true", help="time the uploads only (no pages)")
    args = parser.parse_args(argv)
    if not 1 <= args.short < args.long or not 2 <= args.players <= 10:
        parser.error("1 <= --short < --long; --players 2 to 10")

    import store
    from app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        db = store.open_db(path)
        nights = {"short": _open_night(db, args.short, args.players, 1),
                  "long": _open_night(db, args.long, args.players, 2)}
        app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "PDF_PROCESSES": 0})  # (the PDF's layout in this process: its CPU counted)
        client = app.test_client()
        _login(client, db)

        def get(url):
            def run():
                # (the night's stage when the night page leads to one: issue 26's stages)
                response = client.get(url, follow_redirects=True)
                assert response.status_code == 200, (url, response.status_code)
            return run

        print(f"nights of {args.short} and {args.long} hands at {args.players} seats; "
              f"median of {args.repeat} runs, ms wall (cpu)")
        found: dict = {}
        if args.uploads_only:
            _upload_lines(client, path, args, found)
            print(_against_targets(found, args))
            db.conn.close()
            return 0
        _pair("open night", lambda n: get(f"/host/night/{n}?lang=es"), nights, args.repeat, args, found)
        for night_id in nights.values():
            _close(db, night_id)
        player = store.table_players(db, nights["long"])[0]["player_id"]
        token = store.issue_token(db, player)   # (the same players sat both nights)
        pages = (("host night", lambda n: f"/host/night/{n}?lang=es"),
                 ("report", lambda n: f"/reports/nights/{n}?lang=es"),
                 ("pdf", lambda n: f"/reports/nights/{n}.pdf?lang=es"),
                 ("csv", lambda n: f"/host/night/{n}/download/csv?lang=es"))
        for label, url in pages:
            repeat = max(3, args.repeat // 3) if label == "pdf" else args.repeat
            _pair(label, lambda n, url=url: get(url(n)), nights, repeat, args, found)
        for label, url in (("player", f"/p/{token}?lang=es"), ("club", "/host/club?lang=es")):
            print(f"{label:>11}: both nights {_said(_median(get(url), args.repeat))}")
        _upload_lines(client, path, args, found)
        print(_against_targets(found, args))
        db.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
