"""Benchmark: import and settle a night of 300 hands at 9 seats, then print its PDF.

Usage: ``python benchmarks/night.py [--hands 300] [--players 9]`` (2-10 seats; a night whose
last deal is passed out closes by giving the carried pot back). Prints the seconds of
each step (import = store the log + replay it through ``referee.check``; settle = close
the night: bank check and the fewest transfers; pdf = HTML report + WeasyPrint) and the
whole; the target here is the whole under 3 s. Not a test: nothing is asserted.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--out", type=Path, default=None, help="also write the PDF here")
    args = parser.parse_args(argv)
    if not 2 <= args.players <= 10:
        parser.error(f"--players: a table has 2 to 10 seats, not {args.players}")
    if args.hands < 1:
        parser.error("--hands: at least 1")

    from samples import synthetic_session

    import store
    from app import create_app
    from web.money.report import night_pdf

    session = synthetic_session(args.hands, args.players)
    actions = sum(len(h["actions"]) for h in session["hands"])
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        app = create_app({"DATABASE": str(path), "HOST_PIN": "0000", "SECRET_KEY": "bench"})
        db = store.open_db(path)
        times = {}
        start = time.perf_counter()
        night_id = store.import_session(db, session, chip_cents=5)
        times["import"] = time.perf_counter() - start
        start = time.perf_counter()
        summary = store.close_night(db, night_id, entered_by="bench")
        times["settle"] = time.perf_counter() - start
        start = time.perf_counter()
        with app.app_context():
            pdf = night_pdf(db, night_id)
        times["pdf"] = time.perf_counter() - start
        db.conn.close()
    if args.out:
        args.out.write_bytes(pdf)
    total = sum(times.values())
    print(f"night: {args.hands} hands, {args.players} players, {actions} actions, "
          f"{len(summary['transfers'])} transfers, PDF {len(pdf) // 1024} KiB")
    for step, seconds in times.items():
        print(f"{step:7} {seconds:6.3f} s")
    print(f"{'total':7} {total:6.3f} s  (target < 3 s: {'met' if total < 3 else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
