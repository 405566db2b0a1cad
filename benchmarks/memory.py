"""Benchmark: the server's memory after heavy pages (issue 25, "Memory stays bounded").

``python benchmarks/memory.py [--root DIR] [--hands 1000] [--pdfs 10] [--phones 8] [--rounds 5]``

Run it with the checkout's own interpreter (``.venv/bin/python benchmarks/memory.py`` in
/work/main; ``--root`` as in ``benchmarks/load.py``).

What it does, twice on the same database: once with the heavy pages made in worker
processes (the server's default, ``web.core.page_process``) and once with them on the
server's threads (``TAPETE_PAGE_PROCESSES=0``, the peer: as before issue 25), each time on
a fresh ``bash scripts/serve`` (``MALLOC_ARENA_MAX`` as that script sets it):

1. A night of ``--hands`` (1,000) finished hands at 6 seats, with a private link for each
   player (prepared once, through the checkout's ``store`` API, as ``benchmarks/load.py``).
2. After one untimed PDF and phone page (imports and tables loaded), the server's memory:
   the resident set (VmRSS) of the server's own process and of its whole process group
   (its worker processes too), read from /proc.
3. ``--pdfs`` (10) PDFs of that night, one after another, as the host; then ``--rounds``
   (5) rounds of ``--phones`` (8) players loading their page at once. The peak of the
   group (sampled twice a second) and, five seconds after the last page, what stays.

Prints per mode: the start, the peak and what stays (MiB), for the server process and its
group, and last exactly::

    memory MiB: workers start S, peak P, after A (server process R); threads start S2, peak P2, after A2

Figures are printed, never asserted. Only 127.0.0.1 is contacted; the temporary database
is removed and every server stopped.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from entry import prepare_night, synthetic_session, use_root  # noqa: E402
from load import (HOST_PASSWORD, HOST_USER, LOGIN, PLAYERS, Client, Results, RssSampler, free_port, start_server,  # noqa: E402
                  stop_server, wait_for_port)

MIB = 1024


def prepare(db_path: str, hands: int) -> tuple[int, list[str]]:
    """One night of ``hands`` finished hands and a link per player: ``(night_id, tokens)``."""
    import store
    import store.account.accounts

    db = store.open_db(db_path)
    try:
        store.account.accounts.set_password(db, HOST_USER, HOST_PASSWORD)
        night_id = prepare_night(db, synthetic_session(hands, PLAYERS, seed=7), hands, "mem")
        tokens = [store.issue_token(db, p["player_id"]) for p in store.night_players(db, night_id)]
        return night_id, tokens
    finally:
        db.conn.close()


def process_rss_kib(pid: int) -> int:
    """VmRSS (KiB) of one process (0 when it is gone)."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def server_pid(pgid: int) -> int:
    """The server's own process in group ``pgid``: the one running ``web.core.serving``."""
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                cmd = fh.read()
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as fh:
                group = int(fh.read().rsplit(")", 1)[1].split()[2])
        except (OSError, IndexError, ValueError):
            continue
        if group == pgid and b"web.core.serving" in cmd:
            return int(entry)
    return pgid


def one_mode(root: Path, db_path: str, night_id: int, tokens: list[str], args, processes: str | None) -> dict:
    """Serve, warm up, load the pages, measure; the figures (KiB)."""
    from load import group_rss_kib

    if processes is None:
        os.environ.pop("TAPETE_PAGE_PROCESSES", None)
    else:
        os.environ["TAPETE_PAGE_PROCESSES"] = processes
    port = free_port()
    log_path = db_path + f".serve-{processes}.log"
    server = start_server(root, db_path, port, log_path)
    try:
        wait_for_port(server, port, args.start_timeout, log_path)
        results = Results()
        host = Client(port, results)
        host.request(None, "POST", "/host/login", LOGIN, "application/x-www-form-urlencoded")
        pdf = f"/reports/nights/{night_id}.pdf"
        statuses = [host.request(None, "GET", pdf)[0], Client(port, results).request(None, "GET", f"/p/{tokens[0]}")[0]]
        main_pid = server_pid(server.pid)
        out = {"start": group_rss_kib(server.pid), "start_main": process_rss_kib(main_pid)}
        stop = threading.Event()
        sampler = RssSampler(server.pid, stop)
        sampler.start()
        for _ in range(args.pdfs):
            statuses.append(host.request(None, "GET", pdf)[0])
        phones = [Client(port, results) for _ in range(args.phones)]
        for _ in range(args.rounds):
            threads = [threading.Thread(target=lambda c=c, t=t: statuses.append(c.request(None, "GET", f"/p/{t}")[0]))
                       for c, t in zip(phones, (tokens * args.phones)[:args.phones])]
            for t in threads:
                t.start()
            for t in threads:
                t.join(600)
        time.sleep(5)
        stop.set()
        sampler.join(5)
        out.update(peak=sampler.peak_kib, after=group_rss_kib(server.pid), after_main=process_rss_kib(main_pid),
                   statuses=sorted(set(statuses)))
        return out
    finally:
        stop_server(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(HERE.parent), help="the Tapete checkout to serve")
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--pdfs", type=int, default=10)
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--start-timeout", type=float, default=600.0)
    args = parser.parse_args(argv)
    root = use_root(args.root)
    print(f"Tapete memory: root {root}; a night of {args.hands} hands; {args.pdfs} PDFs, then "
          f"{args.rounds} rounds of {args.phones} phone pages at once")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    tmp = tempfile.mkdtemp(prefix="tapete-memory-")
    try:
        db_path = os.path.join(tmp, "memory.db")
        night_id, tokens = prepare(db_path, args.hands)
        figures = {}
        for label, processes in (("workers", None), ("threads", "0")):
            f = figures[label] = one_mode(root, db_path, night_id, tokens, args, processes)
            print(f"{label:<8} group start {f['start'] / MIB:.0f} MiB, peak {f['peak'] / MIB:.0f}, after "
                  f"{f['after'] / MIB:.0f}; server process start {f['start_main'] / MIB:.0f}, after "
                  f"{f['after_main'] / MIB:.0f}; answers {f['statuses']}")
        w, t = figures["workers"], figures["threads"]
        print(f"memory MiB: workers start {w['start'] / MIB:.0f}, peak {w['peak'] / MIB:.0f}, after "
              f"{w['after'] / MIB:.0f} (server process {w['after_main'] / MIB:.0f}); threads start "
              f"{t['start'] / MIB:.0f}, peak {t['peak'] / MIB:.0f}, after {t['after'] / MIB:.0f}")
        return 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
