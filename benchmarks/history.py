"""Benchmark: what each page costs as a club's history grows, from one night to years (issue 25).

``python benchmarks/history.py [--root DIR] [--nights 1,10,50,200,500] [--hands 30] [--seats 6-9]
[--repeat 5] [--cpu]``

Run it with the checkout's own interpreter, e.g. ``.venv/bin/python benchmarks/history.py``
in /work/main, or ``/work/before/.venv/bin/python /work/main/benchmarks/history.py --root
/work/before`` for another checkout (``--root`` puts DIR first on ``sys.path`` and works from
there, so ``app``, ``store`` and ``web`` are that checkout's; the synthetic nights always come
from this script's ``samples.py``, so both checkouts measure the same club).

What it does, for each N of ``--nights`` (smallest first), each club in its own temporary
SQLite file:

1. A club of N closed nights, one a week, each a synthetic jackpots night
   (``benchmarks/samples.py``, a seed per night) of ``--hands`` (30) hands at 6 to 9 seats
   (``--seats``) drawn from twelve regulars; Ana sits every night. Each night is imported
   (``store.import_session``), everyone counted at the referee's stack and the night closed
   (the fewest transfers); no transfer is marked, so every one stays outstanding. The clubs
   are built once, growing: the club of 50 is copied (SQLite's backup) before nights 51-200
   are added for the club of 200, and so on; build times are printed (progress on stderr).
2. Tonight, on the copy: a further night of ``--hands`` hands, imported and left open (Ana
   seated), with a dealer tablet link (``store.issue_dealer_link``).
3. Times, through Flask's test client in this process as the logged-in host (the app as
   served: TESTING off, pooled connections), in Spanish, the median of ``--repeat`` (5)
   requests after one untimed warm-up:

   - ``phone``: ``GET /p/<token>`` of Ana (every night of the club is hers; its size is printed too);
   - ``club``: ``GET /host/club``; ``outstanding``: ``GET /host/outstanding``;
   - ``night``: ``GET /host/night/<id>``, ``report``: ``GET /reports/nights/<id>``,
     ``pdf``: its ``.pdf``, and ``replay``: ``GET /host/night/<id>/hand/<last>``, all of the
     newest closed night (what the host reads and prints at a close);
   - ``stats``: the host's all-time leaderboard ``GET /host/stats`` (issue 28); ``season``: the
     leaderboard of a season of the club's newest half (named in step 2), sorted by a column
     (``?season=&sort=vpip&dir=asc``); ``stats_player``: ``GET /host/stats/player/<Ana>`` (her
     figures, nights and head to head, all time); ``my_stats``: Ana's ``GET /p/<token>/stats``;
   - ``state``: the tablet's ``GET /dealer/<tonight>/<token>/state``; ``tap``: its ``POST
     .../tap`` of the next legal action of tonight's next hand (the hand started, and ended
     when it runs out, by untimed taps; the CSRF token from the state's answer).

A page that answers other than 200 or fails (an older checkout without it) prints ``n/a``,
and why on stderr (its status, or its exception and where).
``--cpu`` times this process's CPU (``time.process_time``) instead of the wall clock: less
swayed by other work on a shared machine.

Prints a table of the median milliseconds by page and N, with the growth exponent k of each
page: the least-squares slope of log(ms) over log(N) across the N measured (k near 1: the
page costs in proportion to the club's history; near 0: flat); then, exactly::

    history k: max K (PAGE); at N nights: phone P ms S KB, club C ms, outstanding O ms, stats S ms, season T ms

K the largest k and its page, N the largest N measured. Targets (issue 25): k <= 0.25 for
every page over 5, 50 and 500 nights; at 500 nights the phone page <= 150 ms and <= 300 KB,
the club page <= 150 ms, outstanding <= 150 ms; issue 28: the statistics pages <= 150 ms at
500 nights (the last line adds the leaderboard's and the season's). Figures are printed, never asserted; nothing
but temporary files is written. A quick run: ``--nights 1,5 --repeat 2``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import time
import traceback
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from entry import buttons, use_root

SECRET = "history-benchmark-secret"
PIN = "135790"
HOST = "host:bench"
REGULAR = "Ana"
CLUB = [REGULAR, "Bruno", "Chus", "Dani", "Eva", "Fede", "Gala", "Hugo", "Inés", "Javi", "Kike", "Lola"]
"""The club's twelve regulars; Ana sits every night, the others as drawn."""
TONIGHT_STACK = 100_000
"""Tonight's buy-in: deep enough that no hand the tablet taps needs a rebuy."""
PAGES = ("phone", "club", "outstanding", "night", "report", "pdf", "replay", "state", "tap", "stats", "season",
         "stats_player", "my_stats")


class NotAvailable(Exception):
    """A page this checkout does not answer with 200 (its status or error, in words)."""


# --- the club ---------------------------------------------------------------------------------

def club_session(number: int, hands: int, seats: tuple[int, int], stack: int = 2000) -> dict:
    """Night ``number`` (from 1) of the club: ``synthetic_session`` (this script's
    ``samples.py``) at a seat count drawn from ``seats`` (low, high), its players renamed to
    regulars of :data:`CLUB` (Ana always among them, the rest drawn), deterministic for the
    number. Actions name seats, so renaming keeps every hand legal."""
    from samples import synthetic_session

    rng = random.Random(f"history night {number}")
    count = rng.randint(*seats)
    session = synthetic_session(hands, count, seed=number, stack=stack)
    names = [REGULAR] + rng.sample(CLUB[1:], count - 1)
    rng.shuffle(names)
    for player, name in zip(session["players"], names):
        player["name"] = name
    return session


def import_night(db, session: dict, started_at: datetime) -> int:
    """``store.import_session`` of ``session`` dated ``started_at`` (a checkout whose import
    takes no date: undated); returns the night id."""
    import store

    try:
        return store.import_session(db, session, started_at=started_at)
    except TypeError:
        return store.import_session(db, session)


def close(db, night_id: int) -> None:
    """Count everyone the import did not count at the referee's stack and close the night
    (the fewest transfers; a bank that does not balance: split), as night_pages.py does."""
    import store

    uncounted = set(store.bank_check(db, night_id)["uncounted"])
    if uncounted:
        last = store.check_night(db, night_id)["hands"][-1]
        for row in store.table_players(db, night_id):
            if row["name"] in uncounted:
                store.cash_out(db, night_id, row["player_id"], last["stacks"].get(str(row["seat"]), 0),
                               entered_by=HOST)
    balanced = store.bank_check(db, night_id)["balanced"]
    store.close_night(db, night_id, entered_by=HOST, resolution=None if balanced else "split")


class Club:
    """The growing club: closed nights added to one base database, copied at each N."""

    def __init__(self, path: Path, hands: int, seats: tuple[int, int], largest: int, now: datetime):
        import store

        self.db = store.open_db(path)
        self.hands, self.seats, self.now, self.largest = hands, seats, now, largest
        self.built = 0
        self.seconds = 0.0

    def date(self, number: int) -> datetime:
        """Night ``number``'s start: weekly, the largest club's last night a week before tonight."""
        return self.now - timedelta(weeks=self.largest - number + 1)

    def grow(self, nights: int) -> float:
        """Add closed nights until the club has ``nights``; returns the seconds it took."""
        began = last_said = time.perf_counter()
        target = nights
        while self.built < target:
            number = self.built + 1
            close(self.db, import_night(self.db, club_session(number, self.hands, self.seats), self.date(number)))
            self.built = number
            now = time.perf_counter()
            if now - last_said > 5 or self.built == target:
                last_said = now
                print(f"  built {self.built}/{target} nights ({now - began:.0f} s)", file=sys.stderr, flush=True)
        took = time.perf_counter() - began
        self.seconds += took
        return took

    def copy(self, path: Path) -> None:
        """The club as it is now, into a new SQLite file at ``path`` (the backup API)."""
        target = sqlite3.connect(path)
        try:
            self.db.conn.backup(target)
        finally:
            target.close()

    def close(self) -> None:
        self.db.conn.close()


def tonight(path: Path, hands: int, seats: tuple[int, int], extra: int, now: datetime) -> dict:
    """Import tonight (``hands`` hands, left open; ``extra`` more for the tablet to tap) into
    the club at ``path``; link Ana's phone and a tablet.

    :returns: ``{"night": tonight's id, "closed": the newest closed night's id (None: none),
        "hand": its last hand's number, "token": Ana's link, "dealer": the tablet's token (None:
        this checkout issues none), "session": tonight's whole session}``.
    """
    import store

    db = store.open_db(path)
    try:
        closed = db.execute("SELECT MAX(id) FROM nights").fetchone()[0]  # (all closed: tonight is not in yet)
        session = club_session(1_000_000, hands + extra, seats, stack=TONIGHT_STACK)
        if any(hand.get("rebuys") for hand in session["hands"]):
            raise SystemExit("tonight's synthetic session asked for a rebuy: raise TONIGHT_STACK")
        night_id = import_night(db, {**session, "hands": session["hands"][:hands]}, now)
        last = None
        if closed is not None:
            last = max(h["number"] for h in store.night_hands(db, closed))
        regular = store.find_player(db, REGULAR)
        token = store.issue_token(db, regular)
        season = None
        try:
            from store.stats.seasons import create_season

            dates = [r[0] for r in db.execute("SELECT local_date FROM nights ORDER BY local_date")]
            season = create_season(db, "Bench", dates[len(dates) // 2], dates[-1], entered_by="benchmark")
        except ImportError:
            pass
        try:
            dealer = store.issue_dealer_link(db, night_id, "Bench", issued_by="benchmark")[1]
        except (AttributeError, TypeError):
            dealer = None
        return {"night": night_id, "closed": closed, "hand": last, "token": token,
                "dealer": dealer, "session": session, "season": season, "regular": regular}
    finally:
        db.conn.close()


# --- the pages --------------------------------------------------------------------------------

def host_login(client, path: Path) -> None:
    """Log the test client in as the host: an account and its session (checkouts with
    ``store.account``), else the PIN era's ``session["host"]``."""
    import store

    try:
        from store.account import accounts
    except ImportError:
        with client.session_transaction() as session:
            session["host"] = True
        return
    db = store.open_db(path)
    try:
        account_id, _ = accounts.set_password(db, "bench", "bench password 1", new=True)
        sid = accounts.start_session(db, account_id, ip="127.0.0.1")
    finally:
        db.conn.close()
    with client.session_transaction() as session:
        session["sid"] = sid
        session["seen"] = int(store.core.transactions.clock().timestamp())
        session.permanent = True


def ok(response):
    """``response`` when it is a 200, else :class:`NotAvailable`."""
    if response.status_code != 200:
        raise NotAvailable(f"{response.status_code}")
    return response


class Tablet:
    """Tonight's dealer tablet on the test client: taps tonight's next hands in order, each
    action timed apart from the untimed start and end taps around it."""

    def __init__(self, client, night_id: int, token: str, session: dict, first: int):
        self.client, self.base = client, f"/dealer/{night_id}/{token}/"
        self.hands = session["hands"][first:]
        self.marks = buttons(session)[first:]
        self.index, self.hand_id, self.todo = -1, None, []
        self.seen: dict = {}
        self.csrf = None

    def state(self):
        response = ok(self.client.get(self.base + "state?lang=es"))
        body = response.get_json(silent=True) or {}
        self.seen = body or self.seen
        self.csrf = body.get("csrf_token") or self.csrf
        return response

    def _tap(self, body: dict):
        headers = {"X-CSRFToken": self.csrf} if self.csrf else {}
        response = ok(self.client.post(self.base + "tap?lang=es", json={"key": str(uuid.uuid4()), **body},
                                       headers=headers))
        self.seen = response.get_json() or self.seen
        return response

    def ready(self) -> None:
        """Untimed: end the hand when its actions are done, start the next when none is in play."""
        if self.hand_id is not None and not self.todo:
            self._tap({"op": "end_hand", "hand_id": self.hand_id, "version": self.seen.get("version", 0)})
            self.hand_id = None
        if self.hand_id is None:
            self.index += 1
            if self.index >= len(self.hands):
                raise NotAvailable("out of hands to tap")
            self._tap({"op": "start_hand", "button": self.marks[self.index], "after_hand": self.seen.get("hand_id")})
            self.hand_id = self.seen.get("hand_id")
            self.todo = list(self.hands[self.index]["actions"])

    def act(self):
        """Timed: the hand's next action."""
        action = self.todo.pop(0)
        return self._tap({"op": "action", "hand_id": self.hand_id, "action": action,
                          "version": self.seen.get("version", 0)})


def median_ms(run, repeat: int, clock, prepare=None) -> tuple[float, object]:
    """The median milliseconds of ``repeat`` calls of ``run`` after one untimed warm-up,
    ``prepare`` (untimed) before each; returns (ms, the last call's result)."""
    laps, result = [], None
    for i in range(repeat + 1):
        if prepare:
            prepare()
        began = clock()
        result = run()
        if i:
            laps.append((clock() - began) * 1000)
    return statistics.median(laps), result


def measure(path: Path, facts: dict, repeat: int, clock) -> tuple[dict, float | None]:
    """Each page's median ms (None: not available) in the club at ``path``, and the phone
    page's size in KB."""
    from app import create_app

    app = create_app({"DATABASE": str(path), "SECRET_KEY": SECRET, "HOST_PIN": PIN})
    app.config["PROPAGATE_EXCEPTIONS"] = True  # (a page that fails says why: its exception, not a bare 500)
    client = app.test_client()
    host_login(client, path)
    closed, number = facts["closed"], facts["hand"]
    urls = {"phone": f"/p/{facts['token']}?lang=es", "club": "/host/club?lang=es",
            "outstanding": "/host/outstanding?lang=es", "stats": "/host/stats?lang=es",
            "stats_player": f"/host/stats/player/{facts['regular']}?lang=es",
            "my_stats": f"/p/{facts['token']}/stats?lang=es"}
    if facts.get("season") is not None:
        urls["season"] = f"/host/stats?season={facts['season']}&sort=vpip&dir=asc&lang=es"
    if closed is not None:
        urls.update({"night": f"/host/night/{closed}?lang=es", "report": f"/reports/nights/{closed}?lang=es",
                     "pdf": f"/reports/nights/{closed}.pdf?lang=es",
                     "replay": f"/host/night/{closed}/hand/{number}?lang=es"})
    out: dict = {}
    kb = None
    for page in PAGES:
        try:
            if page in ("state", "tap"):
                if facts["dealer"] is None:
                    raise NotAvailable("no dealer links")
                tablet = facts.setdefault("tablet", Tablet(client, facts["night"], facts["dealer"],
                                                           facts["session"], facts["hands"]))
                if page == "state":
                    out[page], _ = median_ms(tablet.state, repeat, clock)
                else:
                    out[page], _ = median_ms(tablet.act, repeat, clock, prepare=tablet.ready)
            elif page in urls:
                out[page], response = median_ms(lambda u=urls[page]: ok(client.get(u, follow_redirects=True)),
                                                repeat, clock)   # (the night page leads to its stage: issue 26)
                if page == "phone":
                    kb = len(response.get_data()) / 1024
            else:
                raise NotAvailable("no closed night")
        except Exception as exc:  # noqa: BLE001 - an older checkout's page: n/a, said
            out[page] = None
            where = traceback.extract_tb(exc.__traceback__)[-1]
            print(f"  {page}: n/a ({type(exc).__name__}: {str(exc)[:160]}; at {where.filename}:{where.lineno})",
                  file=sys.stderr)
    _forget_pool(path)
    return out, kb


def _forget_pool(path: Path) -> None:
    """Close the app's pooled connections to ``path`` (checkouts with ``web.core.db._POOLS``)
    and the cache of judged hands, before the next club."""
    try:
        import web.core.db as web_db

        pool = web_db._POOLS.pop(str(path), None)
        while pool is not None and not pool.empty():
            pool.get_nowait().conn.close()
    except (ImportError, AttributeError):
        pass
    try:
        from store.hand import judging

        judging.RECENT.clear()
    except (ImportError, AttributeError):
        pass


# --- the figures ------------------------------------------------------------------------------

def growth(points: list[tuple[int, float]]) -> float | None:
    """The least-squares slope of log(ms) over log(N) of ``points`` [(N, ms)]; None when
    fewer than two distinct N have a figure."""
    pts = [(math.log(n), math.log(ms)) for n, ms in points if ms is not None and ms > 0 and n > 0]
    if len({x for x, _ in pts}) < 2:
        return None
    mx = statistics.fmean(x for x, _ in pts)
    my = statistics.fmean(y for _, y in pts)
    return sum((x - mx) * (y - my) for x, y in pts) / sum((x - mx) ** 2 for x, _ in pts)


def fig(ms: float | None) -> str:
    """Milliseconds as the last line gives them: an integer from 100, else one decimal; n/a."""
    if ms is None:
        return "n/a"
    return f"{ms:.0f}" if ms >= 100 else f"{ms:.1f}"


def report(sizes: list[int], results: dict, kbs: dict) -> str:
    """Print the table (ms by page and N, k per page; the phone page's KB); return the last line."""
    ks = {page: growth([(n, results[n][page]) for n in sizes]) for page in PAGES}

    def row(label: str, cells: list[str], k: float | None) -> None:
        print(f"{label:<13}" + "".join(f"{c:>10}" for c in cells) + f"{'n/a' if k is None else f'{k:.2f}':>8}")

    print(f"{'nights':<13}" + "".join(f"{n:>10}" for n in sizes) + f"{'k':>8}")
    for page in PAGES:
        row(f"{page} ms", [fig(results[n][page]) for n in sizes], ks[page])
    row("phone KB", ["n/a" if kbs[n] is None else f"{kbs[n]:.0f}" for n in sizes],
        growth([(n, kbs[n]) for n in sizes]))
    known = {page: k for page, k in ks.items() if k is not None}
    worst = max(known, key=known.get) if known else None
    largest = sizes[-1]
    at, kb = results[largest], kbs[largest]
    top = f"{known[worst]:.2f} ({worst})" if worst else "n/a (n/a)"
    return (f"history k: max {top}; at {largest} nights: phone {fig(at['phone'])} ms "
            f"{'n/a' if kb is None else f'{kb:.0f}'} KB, club {fig(at['club'])} ms, "
            f"outstanding {fig(at['outstanding'])} ms, stats {fig(at['stats'])} ms, season {fig(at['season'])} ms")


def seat_range(text: str) -> tuple[int, int]:
    """``"6-9"`` or ``"8"`` as (low, high) seats, 2 to 10 (this club has 12 regulars)."""
    low, _, high = text.partition("-")
    low_n, high_n = int(low), int(high or low)
    if not 2 <= low_n <= high_n <= 10:
        raise argparse.ArgumentTypeError("seats: 2 to 10, low-high")
    return low_n, high_n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(DEFAULT_ROOT), help="the Tapete checkout to time")
    parser.add_argument("--nights", default="1,10,50,200,500", help="club sizes in closed nights (comma-separated)")
    parser.add_argument("--hands", type=int, default=30, help="hands a night")
    parser.add_argument("--seats", type=seat_range, default=(6, 9), help="seats a night, low-high (6-9)")
    parser.add_argument("--repeat", type=int, default=5, help="timed requests per page (after one warm-up)")
    parser.add_argument("--cpu", action="store_true", help="time this process's CPU, not the wall clock")
    args = parser.parse_args(argv)
    try:
        sizes = sorted({int(n) for n in args.nights.split(",") if n.strip()})
    except ValueError:
        parser.error("--nights: whole numbers, comma-separated")
    if not sizes or sizes[0] < 1 or args.hands < 1 or args.repeat < 1:
        parser.error("--nights at least 1 each, --hands and --repeat at least 1")
    root = use_root(args.root)
    sys.path.insert(1, str(HERE))  # (this script's samples.py, after the checkout's packages)
    clock = time.process_time if args.cpu else time.perf_counter
    began = time.perf_counter()
    print(f"Tapete pages by club history: root {root}, python {sys.executable}")
    print(f"clubs of {', '.join(map(str, sizes))} closed nights of {args.hands} hands at "
          f"{args.seats[0]}-{args.seats[1]} seats (of {len(CLUB)} regulars) and tonight open; "
          f"median of {args.repeat} requests, {'CPU' if args.cpu else 'wall-clock'} ms")
    print(f"machine: {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the start")
    now = datetime.now(UTC).replace(microsecond=0)
    results, kbs = {}, {}
    tmp = tempfile.mkdtemp(prefix="tapete-history-")
    try:
        club = Club(Path(tmp) / "base.db", args.hands, args.seats, sizes[-1], now)
        try:
            for n in sizes:
                before = club.built
                took = club.grow(n)
                path = Path(tmp) / f"club{n}.db"
                club.copy(path)
                facts = tonight(path, args.hands, args.seats, args.repeat + 3, now)
                facts["hands"] = args.hands
                added = n - before
                plural = {"n": "s" if n != 1 else "", "added": "s" if added != 1 else ""}
                print(f"club of {n} night{plural['n']}: {added} night{plural['added']} added in {took:.1f} s "
                      f"({took / max(added, 1):.2f} s a night; {club.seconds:.0f} s built so far)", flush=True)
                print(f"  measuring {n} nights", file=sys.stderr, flush=True)
                results[n], kbs[n] = measure(path, facts, args.repeat, clock)
                path.unlink(missing_ok=True)
                for suffix in ("-wal", "-shm"):
                    Path(f"{path}{suffix}").unlink(missing_ok=True)
        finally:
            club.close()
        last = report(sizes, results, kbs)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"load average {os.getloadavg()[0]:.1f} at the end (other work on the machine skews wall-clock figures)")
    print(f"total {time.perf_counter() - began:.0f} s")
    print(last)
    return 0


if __name__ == "__main__":
    sys.exit(main())
