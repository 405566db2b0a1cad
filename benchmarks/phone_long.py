"""Benchmark: a player's phone page on a long open night (issue 25: "the page must cost what
it shows").

Usage: ``python benchmarks/phone_long.py [--hands 30,2500] [--players 9] [--repeat 5] [--nights 1]``

For each length in ``--hands``, builds ``--nights`` synthetic jackpots nights of that many
hands at ``--players`` seats (``benchmarks/samples.py``), imported and left open (no one
counted: tonight's nights, as several files imported the same day would be), on a
temporary SQLite file; issues the first player's private link and times ``GET /p/<token>``
through Flask's test client, in Spanish. Prints, per length, the median in ms (wall, and in
brackets the process's CPU time: on a busy shared machine the CPU figure is the one to
compare), the page's size in KB and the SQL statements the page ran (a ``sqlite3`` trace
callback); then ``GET /p/<token>/night/<id>/hands?page=2`` the same way (a page of the
night's hands). Figures are printed, never asserted; nothing but a temporary file is
written.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))


def _measure(hands: int, players: int, nights: int, repeat: int) -> list[str]:
    """The lines printed for one length of night."""
    from night_pages import _median
    from samples import synthetic_session

    import store
    from app import create_app

    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        db = store.open_db(path)
        ids = [store.import_session(db, synthetic_session(hands, players, seed=7 + i)) for i in range(nights)]
        player = store.table_players(db, ids[0])[0]["player_id"]
        token = store.issue_token(db, player)
        app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False})
        client = app.test_client()
        for label, url in (("phone", f"/p/{token}?lang=es"),
                           ("hands p2", f"/p/{token}/night/{ids[0]}/hands?page=2&lang=es")):
            size = {}

            def run(url=url, size=size):
                response = client.get(url)
                size["kb"] = len(response.data) / 1024
                size["status"] = response.status_code

            statements: list[str] = []
            figures = _median(run, repeat)
            opened = store.open_db

            def traced(*a, **k):
                conn = opened(*a, **k)
                conn.conn.set_trace_callback(statements.append)
                return conn

            store.open_db = traced  # (web.core.db opens each test request's connection with it)
            try:
                run()
            finally:
                store.open_db = opened
            lines.append(f"{label:>8}: {nights} open night(s) of {hands} hands: {figures[0]:8.1f} ms "
                         f"({figures[1]:7.1f} cpu), {size['kb']:7.1f} KB, HTTP {size['status']}, "
                         f"{len(statements)} SQL statements")
        db.conn.close()
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", default="30,2500")
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--nights", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    for hands in [int(h) for h in args.hands.split(",")]:
        for line in _measure(hands, args.players, args.nights, args.repeat):
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
