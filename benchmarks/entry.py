"""Benchmark: many dealer tablets entering actions against one server.

``python benchmarks/entry.py [--tablets 20] [--actions 200] [--retries 10]``

Starts the app in a separate process (werkzeug's threaded server on a free localhost
port, a temporary SQLite database), opens one night per tablet (three seats, the
``false_opener`` table of ``shared/cases``), then runs one thread per tablet, each with its
own keep-alive HTTP connection, entering ``--actions`` action taps through
``POST /dealer/<night>/<token>/tap`` (the same request the page's tap queue sends). A hand
is the worked jackpots hand with the right award; between hands the tablet sends
``end_hand`` and ``start_hand`` taps (not counted as actions, but timed apart). Each
tablet then resends ``--retries`` of its taps with the same idempotency keys, as a tablet
does after losing an answer.

Prints p50/p95/max latency per action tap (milliseconds, measured at the client), the
throughput, the errors (HTTP status other than 200, or no answer), and the actions lost or
duplicated (the stored log of each night compared with what its tablet sent). Target
(issue 5): p95 under 50 ms, zero errors, zero lost or duplicated actions.

``--think-ms`` is the mean pause between one tablet's taps (default 500 ms: two taps a
second per tablet, 40 a second for the server, ten times faster than a dealer entering a
hand of 15 actions in a minute);
``--think-ms 0`` sends flat out and measures the server's saturation instead.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HAND = [
    "p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p3 JsJd9c5h2s",
    "p1 check", "p3 open 10", "p4 call", "p1 fold",
    "p3 draw 3 9c5h2s", "p4 draw 1",
    "p3 bet 20", "p4 call",
    "p3 show JsJdJc8h4c", "p4 show KsKd6c6h3s",
    "d award p3 75",
]
"""One jackpots hand (seat 3 opens with jacks, improves to trips and wins 75)."""

SECRET = "benchmark-secret"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def serve(db_path: str, port: int) -> None:
    """Run the app on ``port`` (threaded) until killed (the server process)."""
    import logging

    from werkzeug.serving import make_server

    from app import create_app

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    app = create_app({"DATABASE": db_path, "SECRET_KEY": SECRET, "HOST_PIN": "0"})
    make_server("127.0.0.1", port, app, threaded=True).serve_forever()


def set_up(db_path: str, tablets: int) -> list[tuple[int, str]]:
    """One night per tablet, hand 1 started; returns ``[(night_id, tap_path)]``."""
    import store
    from app import create_app
    from web.dealer import dealer_token

    db = store.open_db(db_path)
    app = create_app({"DATABASE": db_path, "SECRET_KEY": SECRET, "HOST_PIN": "0"})
    out = []
    for t in range(tablets):
        night_id = store.create_night(db, rules={"preset": "jackpots", "ante": 5, "small_bet": 10,
                                                 "big_bet": 20}, chip_cents=10)
        for name, seat in (("Ana", 1), ("Bruno", 3), ("Chus", 4)):
            pid = store.find_player(db, f"{name} {t}") or store.add_player(db, f"{name} {t}")
            store.seat_player(db, night_id, pid, seat, entered_by="bench")
            store.buy_in(db, night_id, pid, 100_000, entered_by="bench")
        store.start_hand(db, night_id, button=4, entered_by="bench")
        with app.test_request_context():
            out.append((night_id, f"/dealer/{night_id}/{dealer_token(night_id)}/tap"))
    db.conn.close()
    return out


class Tablet(threading.Thread):
    """One dealer tablet: sends its taps in order over one keep-alive connection."""

    def __init__(self, port: int, path: str, actions: int, retries: int, start: threading.Event,
                 think_ms: float = 0.0):
        super().__init__(daemon=True)
        self.think = think_ms / 1000
        self.rng = random.Random(path)
        self.port, self.path, self.actions, self.retries, self.start_gate = port, path, actions, retries, start
        self.latencies: list[float] = []
        self.other_latencies: list[float] = []
        self.errors: list[str] = []
        self.sent: list[list[str]] = [[]]   # actions per hand, as sent
        self.taps: list[dict] = []
        self.hand_id: int | None = None   # the hand the last answer was about (as the page keeps)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, body: dict) -> tuple[float, int]:
        """Send one tap; like the page's queue, resend it (same key) after a 5xx or no
        answer, up to 3 times. Every failure counts as an error. Returns (ms, status) of
        the last attempt."""
        data = json.dumps(body)
        elapsed, status = float("nan"), 0
        for _ in range(3):
            began = time.perf_counter()
            try:
                self.conn.request("POST", self.path, data, {"Content-Type": "application/json"})
                response = self.conn.getresponse()
                payload = response.read()
                elapsed, status = (time.perf_counter() - began) * 1000, response.status
                if status == 200:
                    self.hand_id = json.loads(payload).get("hand_id", self.hand_id)
                    return elapsed, status
                self.errors.append(f"{status}: {payload[:200]!r}")
                if status < 500:
                    return elapsed, status
            except (OSError, http.client.HTTPException) as exc:
                self.conn.close()
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                self.errors.append(f"no answer: {exc!r}")
        return elapsed, status

    def run(self) -> None:
        self.start_gate.wait()
        done = 0
        while done < self.actions:
            for line in HAND:
                if done == self.actions:
                    break
                if self.think:
                    time.sleep(self.rng.uniform(0.5, 1.5) * self.think)
                # like the page, a tap names its hand: a retry after the next hand has started
                # is the same tap (a key reused for other content is refused, issue 5)
                tap = {"key": str(uuid.uuid4()), "op": "action", "action": line, "hand_id": self.hand_id}
                self.taps.append(tap)
                elapsed, status = self.post(tap)
                self.latencies.append(elapsed)
                if status == 200:
                    self.sent[-1].append(line)
                    if tap["hand_id"] is None:   # the page's first tap names the hand it drew
                        tap["hand_id"] = self.hand_id
                done += 1
            if done < self.actions:
                for op in ({"op": "end_hand"}, {"op": "start_hand", "button": 4}):
                    elapsed, _ = self.post({"key": str(uuid.uuid4()), **op})
                    self.other_latencies.append(elapsed)
                self.sent.append([])
        for tap in random.Random(self.path).sample(self.taps, min(self.retries, len(self.taps))):
            elapsed, _ = self.post(tap)   # a retried tap: same key, must not be stored again
            self.other_latencies.append(elapsed)
        self.conn.close()


def stored_actions(db_path: str, night_id: int) -> list[list[str]]:
    import store

    db = store.open_db(db_path)
    try:
        return [[a["action"] for a in store.hand_actions(db, h["id"]) if not a["voided"]]
                for h in store.night_hands(db, night_id)]
    finally:
        db.conn.close()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tablets", type=int, default=20)
    parser.add_argument("--actions", type=int, default=200)
    parser.add_argument("--retries", type=int, default=10)
    parser.add_argument("--think-ms", type=float, default=500.0,
                        help="mean pause between one tablet's taps (uniform 0.5x-1.5x); 0 = flat out")
    parser.add_argument("--serve", nargs=2, metavar=("DB", "PORT"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve[0], int(args.serve[1]))
        return 0

    tmp = tempfile.mkdtemp(prefix="tapete-bench-")
    db_path = os.path.join(tmp, "bench.db")
    nights = set_up(db_path, args.tablets)
    port = free_port()
    server = subprocess.Popen([sys.executable, __file__, "--serve", db_path, str(port)], cwd=ROOT)
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        gate = threading.Event()
        tablets = [Tablet(port, path, args.actions, args.retries, gate, args.think_ms)
                   for _, path in nights]
        for tablet in tablets:
            tablet.start()
        began = time.perf_counter()
        gate.set()
        for tablet in tablets:
            tablet.join()
        wall = time.perf_counter() - began
    finally:
        server.terminate()
        server.wait(timeout=10)

    latencies = [x for t in tablets for x in t.latencies if x == x]
    others = [x for t in tablets for x in t.other_latencies if x == x]
    errors = [e for t in tablets for e in t.errors]
    lost = duplicated = 0
    for (night_id, _), tablet in zip(nights, tablets):
        stored = stored_actions(db_path, night_id)
        for sent_hand, stored_hand in zip(tablet.sent, stored + [[]] * len(tablet.sent)):
            lost += max(0, len(sent_hand) - len(stored_hand))
            duplicated += max(0, len(stored_hand) - len(sent_hand))
            if len(sent_hand) == len(stored_hand) and sent_hand != stored_hand:
                lost += sum(a != b for a, b in zip(sent_hand, stored_hand))
        duplicated += sum(len(h) for h in stored[len(tablet.sent):])
    total = len(latencies)
    print(f"tablets {args.tablets}, actions per tablet {args.actions}, retried taps per tablet "
          f"{args.retries}, mean pause between taps {args.think_ms:g} ms")
    print(f"action taps {total} in {wall:.1f} s ({total / wall:.0f} taps/s overall)")
    if latencies:
        print(f"latency per action (ms): p50 {statistics.median(latencies):.1f}  "
              f"p95 {percentile(latencies, 0.95):.1f}  max {max(latencies):.1f}")
    if others:
        print(f"hand start/end and retried taps (ms): p50 {statistics.median(others):.1f}  "
              f"p95 {percentile(others, 0.95):.1f}")
    print(f"errors {len(errors)}; lost actions {lost}; duplicated actions {duplicated}")
    for error in errors[:5]:
        print("  ", error)
    ok = not errors and not lost and not duplicated
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
