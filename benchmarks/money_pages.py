"""Benchmark: the host's night page and a player's page of a club with paying up on every
night, in a small club and a large one in the same run (issue 24: the pages check each
money row they use against its own link in the keyed chain; they must not walk the club's
chains).

Usage: ``python benchmarks/money_pages.py [--small 5] [--large 40] [--hands 20] [--repeat 15]``

Builds two clubs on temporary SQLite files: ``--small`` and ``--large`` closed synthetic
nights (``benchmarks/samples.py``) of ``--hands`` hands at 9 seats, each with three shared
expenses (one voided), every transfer marked paid and half of them confirmed, and every
player's payment handle given again each night (the club's chain grows with the club).
Times, through Flask's test client as a logged-in host, in Spanish, ``GET
/host/night/<the last night>`` and ``GET /p/<token>`` of a player who sat only the last
night (pages whose money rows do not grow with the club), and of one who sat every night
(whose page does). Prints the median CPU time of this process (``time.process_time``: the
other processes of a shared machine weigh on it far less than on the wall clock) in
milliseconds and the ratio large / small. Runs on any version of the code (the same
script before and after a change). Figures are printed, never asserted.
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

HOST = "host:bench"


def _money(db, night_id: int, number: int) -> None:
    """Paying up on a closed night: handles, marks, expenses."""
    import store
    from store.money import expenses, payments

    players = [p["player_id"] for p in store.table_players(db, night_id)]
    for pid in players:
        payments.set_payment_handle(db, pid, f"https://paypal.me/p{pid}-{number}", entered_by=HOST)
    for i, t in enumerate(payments.night_transfers(db, night_id)):
        mark = payments.confirm_paid if i % 2 else payments.mark_paid
        mark(db, night_id, t["payer_id"], t["payee_id"], entered_by=HOST)
    for k in range(3):
        expense = expenses.add_expense(db, night_id, players[k], 1000 + 7 * k, f"gasto {k}", players,
                                       entered_by=HOST)
        if k == 2:
            expenses.void_expense(db, night_id, expense, reason="repetido", entered_by=HOST)


def _club(path: Path, nights: int, hands: int) -> tuple[int, str, str]:
    """A club of ``nights`` closed nights; the last one with a newcomer. :returns: (the
    last night's id, the token of the newcomer, the token of a player of every night)."""
    from samples import synthetic_session

    import store

    db = store.open_db(path)
    night_id = None
    for number in range(nights):
        session = synthetic_session(hands, 9, seed=number + 1)
        if number == nights - 1:
            session["players"][-1]["name"] = "Recién llegada"
        night_id = store.import_session(db, session)
        last = store.check_night(db, night_id)["hands"][-1]
        uncounted = set(store.bank_check(db, night_id)["uncounted"])
        for row in store.table_players(db, night_id):
            if row["name"] in uncounted:
                store.cash_out(db, night_id, row["player_id"], last["stacks"].get(str(row["seat"]), 0),
                               entered_by=HOST)
        balanced = store.bank_check(db, night_id)["balanced"]
        store.close_night(db, night_id, entered_by=HOST, resolution=None if balanced else "split")
        _money(db, night_id, number)
    players = {p["name"]: p["player_id"] for p in store.table_players(db, night_id)}
    newcomer, regular = store.issue_token(db, players["Recién llegada"]), store.issue_token(db, players["Ana"])
    db.conn.close()
    return night_id, newcomer, regular


def _login(client, path: Path) -> None:
    import store
    import store.account.accounts

    db = store.open_db(path)
    account_id, _ = store.account.accounts.set_password(db, "bench", "bench password 1", new=True)
    sid = store.account.accounts.start_session(db, account_id, ip="127.0.0.1")
    db.conn.close()
    with client.session_transaction() as session:
        session["sid"] = sid
        session["seen"] = int(store.core.transactions.clock().timestamp())
        session.permanent = True


def _median(client, url: str, repeat: int) -> float:
    laps = []
    for _ in range(repeat):
        started = time.process_time()
        response = client.get(url, follow_redirects=True)  # (the night page leads to its stage: issue 26)
        laps.append((time.process_time() - started) * 1000)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(laps)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", type=int, default=5)
    parser.add_argument("--large", type=int, default=40)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    if not 1 <= args.small < args.large:
        parser.error("1 <= --small < --large")

    from app import create_app

    with tempfile.TemporaryDirectory() as tmp:
        clubs = {}
        for size in ("small", "large"):
            path = Path(tmp) / size / "bench.db"
            night_id, newcomer, regular = _club(path, getattr(args, size), args.hands)
            app = create_app({"TESTING": True, "DATABASE": str(path), "SECRET_KEY": "bench"})
            client = app.test_client()
            _login(client, path)
            clubs[size] = (client, night_id, newcomer, regular)
            for url in (f"/host/night/{night_id}?lang=es", f"/p/{newcomer}?lang=es", f"/p/{regular}?lang=es"):
                client.get(url)  # (warm: templates compiled, catalogues loaded)
        print(f"clubs of {args.small} and {args.large} closed nights of {args.hands} hands at 9 seats, paying up on "
              f"each; median CPU time of {args.repeat} runs, ms")
        pages = (("host night", lambda c: f"/host/night/{c[1]}?lang=es"),
                 ("newcomer", lambda c: f"/p/{c[2]}?lang=es"),
                 ("regular", lambda c: f"/p/{c[3]}?lang=es"))
        for label, url in pages:
            small, large = [], []
            for _ in range(2):  # (alternated)
                small.append(_median(clubs["small"][0], url(clubs["small"]), args.repeat))
                large.append(_median(clubs["large"][0], url(clubs["large"]), args.repeat))
            s, lg = min(small), min(large)
            print(f"{label:>11}: {args.small} nights {s:8.1f} | {args.large} nights {lg:8.1f} | ratio {lg / s:5.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
