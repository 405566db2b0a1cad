"""Read-only figures for the player's phone and the club page (issue 14): each hand's
result by seat, a player's ledger lines with what they are, and the club's standings.

No rule is decided here: a hand's result is the difference of the referee's own stacks
(``referee.check``'s ``stacks`` after each hand, CONTRACT.md 4) between the start of the
hand (the stacks after the hand before plus the chips bought between: the session's
``rebuys``, CONTRACT.md 1, as ``store.hand.judging.session_hands`` gives them) and its end; a
night's net is :func:`store.money.ledger.night_summary`'s; the standings are the stored
totals (``store.money.totals``). Chips are ints, money int cents.
"""

from __future__ import annotations

import json
from heapq import merge

from sqlite_utils import Database

from referee.open_box import bought_from_box
from store.core.reasons import stored_reason
from store.core.transactions import read_tx
from store.hand.events import check_night
from store.hand.judging import session_hands
from store.hand.rows import hand_ended, night_hands
from store.money.box import box_buys
from store.money.carried_pot import hand_starts
from store.money import totals
from store.night.nights import table_players
from store.stats.figures import leaderboard
from store.stats.seasons import seasons


def hand_change(start: dict[int, int], stacks: dict[int, int], entry: dict) -> dict[int, int]:
    """What a hand won (+) or cost (-) each seat: ``{seat: chips}``, its stack after the hand
    (``stacks``) less the stack it began with (``start``) and less the chips it bought from
    an open box during the hand (a caja libre's, ``referee.open_box``: bought, not won;
    ``entry`` the hand's judgement, CONTRACT.md 4)."""
    boxed = bought_from_box(entry.get("findings") or [])
    return {seat: stacks.get(seat, chips) - chips - boxed.get(seat, 0) for seat, chips in start.items()}


def hand_results(db: Database, night_id: int) -> list[dict]:
    """Each live hand's result by seat, from the referee's stacks. Read-only.

    :returns: ``[{"hand_id", "number", "ended" (bool), "start": {seat: chips} (the stacks
        the hand began with: the stacks after the hand before plus the chips bought
        between), "stacks": {seat: chips} (after the hand, the referee's), "change": {seat:
        chips} (stacks - start - chips bought from an open box during the hand: what the
        hand won (+) or cost (-) each seat), "carried"
        (chips the hand left in a carried pot), "awards" (the referee's, or None where the
        cards were not recorded), "recorded_awards" (the dealer's pushes)}]`` in hand
        order; seats are ints. A hand in progress has ``ended`` False and its ``change`` is
        not a result yet.
    :raises StoreError: no such night.
    """
    hands = night_hands(db, night_id)
    if not hands:
        return []
    starting, specs = session_hands(db, night_id)
    entries = check_night(db, night_id)["hands"]
    out = []
    walk = hand_starts(starting, specs, entries)
    for hand, (start, stacks), entry in zip(hands, walk, entries):
        change = hand_change(start, stacks, entry)
        out.append({"hand_id": hand["id"], "number": hand["number"], "ended": hand_ended(db, hand["id"]),
                    "start": start, "stacks": stacks, "change": change,
                    "carried": entry.get("carried") or 0,
                    "awards": _seats(entry.get("awards")), "recorded_awards": _seats(entry.get("recorded_awards"))})
    return out


def _seats(mapping: dict | None) -> dict[int, int] | None:
    return None if mapping is None else {int(s): c for s, c in mapping.items()}


def player_entries(db: Database, night_id: int, player_id: int) -> list[dict]:
    """The player's ledger lines of the night in the order entered, with what each is.

    :returns: ``[{"id", "kind" ('buy_in' | 'cash_out' | 'adjustment'), "chips",
        "before_hand" (hands played when entered), "why" (an adjustment's reason, read:
        ``{"code", "params"}`` with code 'carried_pot', 'charge', 'credit', 'split',
        'ruling' (``store.core.reasons``), else None), "dispute_id" / "hand" (a ruling's),
        "entered_at", "voided" (bool), "void_why" (why it was voided, read, or None)}]``.
        A caja-libre night's chips bought from the box during a hand (``store.money.box``)
        are lines of kind ``box`` among them, by time: ``{"id": None, "kind": "box",
        "chips", "hand", "before_hand" (the hand's number - 1), "entered_at" (the hand's
        start), "voided": False, "why": None, "void_why": None, "dispute_id": None}``.
        Read-only.
    """
    seats = {p["seat"]: p["player_id"] for p in table_players(db, night_id)}
    boxes = [{"id": None, "kind": "box", "chips": b["chips"], "before_hand": b["hand"] - 1, "why": None,
              "dispute_id": None, "hand": b["hand"], "entered_at": b["entered_at"], "voided": False,
              "void_why": None} for b in box_buys(db, night_id, seats) if b["player_id"] == player_id]
    rows = db.execute(
        "SELECT l.id, l.kind, l.chips, COALESCE(l.before_hand, 0), l.reason, l.detail, l.entered_at, v.id, "
        "v.reason, v.detail FROM ledger l LEFT JOIN ledger v ON v.kind = 'void' AND v.target = l.id "
        "WHERE l.night_id = ? AND l.player_id = ? AND l.kind IN ('buy_in', 'cash_out', 'adjustment') "
        "ORDER BY l.id", [night_id, player_id]).fetchall()
    out = []
    for entry_id, kind, chips, before, reason, detail, at, void_id, void_reason, void_detail in rows:
        detail = json.loads(detail or "{}") if kind == "adjustment" else {}
        out.append({"id": entry_id, "kind": kind, "chips": chips, "before_hand": before,
                    "why": stored_reason(reason, detail), "dispute_id": detail.get("dispute_id"),
                    "hand": detail.get("hand"), "entered_at": at, "voided": void_id is not None,
                    "void_why": stored_reason(void_reason, void_detail, void=True)})
    return list(merge(out, boxes, key=lambda e: e["entered_at"] or ""))


def club_standings(db: Database) -> dict:
    """Standings across the club's closed nights (a night counts once it is settled), from
    the stored totals (``store.money.totals``: a row per player, whatever the club's
    years); a night imported as a deliberate copy (``nights.copy_of``) is left out: its
    money is counted by the night it copies; so is the demo night (``store.night.demo``).

    :returns: ``{"currencies": [codes in the order first closed], "nights": how many
        closed nights count, "players": [{"player_id", "name", "nights" (closed nights
        played: in the money), "hands" (hands dealt in, those nights), "nets": {currency:
        cents}, "unsealed" (their stored totals row does not match the record: their
        figures are not shown; a night's row edited behind the record's back is named by
        ``flask verify``)}], "trend": ``store.money.totals.chart`` (a line per player,
        at most ``CHART_POINTS`` nights per currency)}``, players sorted by net (the first
        currency's, then the others), highest first; a player whose figures do not match
        the record last. Nets are the closes' ``net_cents``. Read in one read transaction.
        Read-only.
    """
    with read_tx(db):
        return _standings(db)


def _standings(db: Database) -> dict:
    """:func:`club_standings` (inside its read transaction)."""
    found = totals.totals(db)
    names = dict(db.execute("SELECT id, name FROM players").fetchall())
    currencies = [r[0] for r in db.execute(
        "SELECT n.currency FROM nights n WHERE n.id IN (SELECT night_id FROM night_standings WHERE counts = 1) "
        "GROUP BY n.currency ORDER BY MIN(n.started_at)")]
    count = db.execute("SELECT COUNT(DISTINCT night_id) FROM night_standings WHERE counts = 1").fetchone()[0]
    players = []
    for pid, mine in found.items():
        unsealed = mine["unsealed"]
        players.append({"player_id": pid, "name": names.get(pid), "unsealed": unsealed,
                        "nights": None if unsealed else mine["nights"], "hands": None if unsealed else mine["hands"],
                        "nets": {} if unsealed else mine["nets"]})
    ranked = sorted(players, key=lambda p: (p["unsealed"], tuple(-p["nets"].get(c, 0) for c in currencies),
                                            p["name"] or ""))
    return {"currencies": currencies, "nights": count, "players": ranked,
            "trend": totals.chart(db) if not any(p["unsealed"] for p in players) else {}}


def season_standings(db: Database, season_id: int) -> dict:
    """:func:`club_standings` over one season's counting closed nights (``store.stats``:
    the nights' stored statistics rows in the season's dates, ``store.stats.night_stats``),
    in the same shape; no trend chart (``"trend": {}``); ``unsealed`` False (the rows are
    the statistics', read as stored). Read-only.

    :raises StoreError: ``no_season``.
    """
    with read_tx(db):
        board = leaderboard(db, season_id, "net", True)
        nights = db.execute("SELECT COUNT(DISTINCT night_id) FROM night_stats WHERE counts = 1 AND local_date "
                            "BETWEEN ? AND ?", [board["first"], board["last"]]).fetchone()[0]
    currencies = sorted({c for row in board["rows"] for c in row["net_cents"]})
    if board["currency"] in currencies:
        currencies.remove(board["currency"])
        currencies.insert(0, board["currency"])
    players = [{"player_id": row["player_id"], "name": row["name"], "nights": row["nights"], "hands": row["hands"],
                "nets": dict(row["net_cents"]), "unsealed": False} for row in board["rows"]]
    return {"currencies": currencies, "nights": nights, "players": players, "trend": {}}


def club_page(db: Database, season_id: int | None) -> dict:
    """The club page's data in one read: ``{"standings": club_standings(...) (all time, None)
    or season_standings(...), "seasons": store.stats.seasons.seasons(...)}``. Read-only.

    :raises StoreError: ``no_season``.
    """
    with read_tx(db):
        found = club_standings(db) if season_id is None else season_standings(db, season_id)
        return {"standings": found, "seasons": seasons(db)}
