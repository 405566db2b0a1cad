"""Benchmark: the host's and the players' pages of a closed night, for a short night and a
long one in the same run (issue 14).

Usage: ``python benchmarks/night_pages.py [--short 30] [--long 300] [--players 9] [--repeat 10]``

Builds two synthetic jackpots nights (``benchmarks/samples.py``) of ``--short`` and
``--long`` hands at ``--players`` seats, each imported (``store.import_session``), every
player counted (the session's counts, else the referee's stack) and the night closed (fewest transfers), on one
temporary SQLite file; then times, through Flask's test client as a logged-in host (and a
player's link), in Spanish:

- ``host night``: ``GET /host/night/<id>`` (the closed night: who pays whom with the marks,
  the share text, the bank, the ledger);
- ``player``: ``GET /p/<token>`` (the phone: hand results, ledger in words, the chart);
- ``report``: ``GET /reports/nights/<id>`` (HTML) and ``pdf``: ``.pdf`` (WeasyPrint);
- ``club``: ``GET /host/club`` (both nights' standings).

The runs of the short and the long night alternate. Prints the median in milliseconds of
each and the ratio long / short: pages that show each hand (the report, the phone's hand
results) grow with the night; the others should stay near 1. Figures are printed, never
asserted; nothing but a temporary file is written.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def _closed_night(db, hands: int, players: int, seed: int) -> int:
    """Import a synthetic night, count everyone at the referee's stack, close it."""
    from samples import synthetic_session

    import store

    night_id = store.import_session(db, synthetic_session(hands, players, seed=seed))
    last = store.check_night(db, night_id)["hands"][-1]
    uncounted = set(store.bank_check(db, night_id)["uncounted"])
    for row in store.table_players(db, night_id):
        if row["name"] in uncounted:
            stack = last["stacks"].get(str(row["seat"]), 0)
            store.cash_out(db, night_id, row["player_id"], stack, entered_by="host:bench")
    balanced = store.bank_check(db, night_id)["balanced"]
    store.close_night(db, night_id, entered_by="host:bench", resolution=None if balanced else "split")
    return night_id


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


def _median(run, repeat: int) -> float:
    laps = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        laps.append((time.perf_counter() - started) * 1000)
    return statistics.median(laps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", type=int, default=30)
    parser.add_argument("--long", type=int, default=300)
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=10)
    args = parser.parse_args(argv)
    if not 1 <= args.short < args.long or not 2 <= args.players <= 10:
        parser.error("1 <= --short < --long; --players 2 to 10")

    import store
    from app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        db = store.open_db(path)
        nights = {"short": _closed_night(db, args.short, args.players, 1),
                  "long": _closed_night(db, args.long, args.players, 2)}
        player = store.table_players(db, nights["long"])[0]["player_id"]
        token = store.issue_token(db, player)   # (the same players sat both nights)
        app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench"})
        client = app.test_client()
        _login(client, db)

        def get(url):
            def run():
                response = client.get(url)
                assert response.status_code == 200, (url, response.status_code)
            return run

        print(f"closed nights of {args.short} and {args.long} hands at {args.players} seats; "
              f"median of {args.repeat} runs, ms")
        pages = (("host night", lambda n: f"/host/night/{n}?lang=es"),
                 ("report", lambda n: f"/reports/nights/{n}?lang=es"),
                 ("pdf", lambda n: f"/reports/nights/{n}.pdf?lang=es"))
        for label, url in pages:
            repeat = max(3, args.repeat // 3) if label == "pdf" else args.repeat
            short = _median(get(url(nights["short"])), repeat)
            long = _median(get(url(nights["long"])), repeat)
            print(f"{label:>11}: {args.short} hands {short:8.1f} | {args.long} hands {long:8.1f} | "
                  f"ratio {long / short:5.2f}")
        for label, url in (("player", f"/p/{token}?lang=es"), ("club", "/host/club?lang=es")):
            print(f"{label:>11}: both nights {_median(get(url), args.repeat):8.1f}")
        db.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
