"""Benchmark: the host's replay of a long hand at hand 1 and at hand 300 of a night (issue 12).

Usage: ``python benchmarks/replay_page.py [--hands 300] [--players 9] [--repeat 30]``

Builds a night of ``--hands`` synthetic jackpots hands (``benchmarks/samples.py``) at
``--players`` seats in which hand 1 and the last hand are the same long hand (the longest
of the night, its button given), stored through ``store.import_session`` on a temporary
SQLite file. Then times, for hand 1 and for the last hand:

- ``store``: ``store.hand.replayer.hand_replay`` with this process's cache of judged hands
  emptied first (``store.hand.judging.RECENT``): the hand judged and traced from its own start;
- ``page``: ``GET /host/night/<id>/hand/<n>`` through Flask's test client as the host
  (the whole page: the replay, the words in Spanish, the template);

and, for comparison, ``whole night``: ``referee.trace.trace_session`` of the night's session
file to reach the same hand (what a replay that started from the night's first hand would
cost). The runs of hand 1 and of the last hand alternate. Prints the median and p95 in
milliseconds of each, and the ratio last / first, which stays near 1 when the cost does not
grow with the night. Figures are printed, never
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


def _night(hands: int, players: int) -> dict:
    """The synthetic session with hand 1 and the last hand the same long hand."""
    from samples import synthetic_session

    session = synthetic_session(hands, players)
    seats = [p["seat"] for p in session["players"]]
    longest = max(range(hands), key=lambda i: len(session["hands"][i]["actions"]))
    button = seats[(len(seats) - 1 + longest) % len(seats)]  # (samples.py: it moves one seat a hand)
    for i in (0, hands - 1):
        session["hands"][i] = {**session["hands"][i], "button": button,
                               "actions": list(session["hands"][longest]["actions"])}
    return session


def _times(first, last, repeat: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """Median and p95 (milliseconds) of ``repeat`` calls of ``first`` and of ``last``,
    interleaved (first, last, first ...) so that a noisy machine sways both alike."""
    laps: tuple[list[float], list[float]] = ([], [])
    for _ in range(repeat):
        for run, out in ((first, laps[0]), (last, laps[1])):
            started = time.perf_counter()
            run()
            out.append((time.perf_counter() - started) * 1000)
    figures = []
    for out in laps:
        out.sort()
        figures.append((statistics.median(out), out[min(len(out) - 1, round(0.95 * (len(out) - 1)))]))
    return figures[0], figures[1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--players", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=30)
    args = parser.parse_args(argv)
    if args.hands < 2 or not 2 <= args.players <= 10:
        parser.error("--hands at least 2, --players 2 to 10")

    import store
    import store.hand.judging
    from app import create_app
    from referee.trace import trace_session
    from store.hand.replayer import hand_replay

    session = _night(args.hands, args.players)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        db = store.open_db(path)
        night_id = store.import_session(db, session)
        hands = {h["number"]: h["id"] for h in store.night_hands(db, night_id)}
        app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench",
                          "HOST_PIN": "135790"})
        client = app.test_client()
        with client.session_transaction() as s:
            s["host"] = True
        night_file = store.night_session(db, night_id)
        first, last = 1, args.hands
        lines = len(session["hands"][0]["actions"])
        print(f"night of {args.hands} hands at {args.players} seats; hands {first} and {last}: "
              f"the same hand of {lines} lines; {args.repeat} runs each")

        def cold(number):
            def run():
                store.hand.judging.RECENT.clear()
                hand_replay(db, hands[number])
            return run

        def page(number):
            def run():
                response = client.get(f"/host/night/{night_id}/hand/{number}?lang=es")
                assert response.status_code == 200, response.status_code
            return run

        def whole(number):
            return lambda: trace_session(night_file, number)

        for label, make, repeat in (("store", cold, args.repeat), ("page", page, args.repeat),
                                    ("whole night", whole, max(3, args.repeat // 10))):
            a, b = _times(make(first), make(last), repeat)
            print(f"{label:>11}: hand {first} median {a[0]:7.1f} ms p95 {a[1]:7.1f} ms | "
                  f"hand {last} median {b[0]:7.1f} ms p95 {b[1]:7.1f} ms | "
                  f"ratio {b[0] / a[0]:.2f}")
        db.conn.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
