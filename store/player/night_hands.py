"""The hands of a night that a player's phone shows (issue 25: "the page must cost what it
shows"): on the ledger page the newest hands the player was dealt into, a few a night
(:data:`SHOWN`, and :data:`TOTAL` across the page), the rest on the pages of the night's
hands (:func:`hands_page`, :data:`PAGE` hand numbers a page, newest first).

Each hand shown comes with its findings (every finding of the hand: it is public at the
table; cards nobody showed hidden but the player's own, ``store.hand.replayer.
hidden_findings``), its result by seat and the names at that hand. The results are the
stored ones (``store.hand.judging.stored_stretch``: each confirmed by its facts against the
table the hand before left, no action read, nothing before the hands shown read); where one
does not hold, the night is walked the long way (``store.club.standings.hand_results``). What
is read grows with the hands shown, not with the night's length. Chips are ints.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.club.standings import hand_change, hand_results
from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.hand.events import check_night
from store.hand.judging import LIVE_EVENT, stored_stretch
from store.hand.replayer import hidden_findings, seat_names
from store.hand.rows import hands_played, live_hand, names_seat
from store.night.importing import shown
from store.night.nights import table_players

SHOWN = 20
"""At most how many of a night's hands the ledger page shows (the player's newest)."""

TOTAL = 40
"""At most how many hands the ledger page shows across its nights in full (tonight's
nights first, newest first); a night past it shows none, its hands a tap away."""

PAGE = 25
"""How many hand numbers a page of :func:`hands_page` covers."""

SCAN = 5 * SHOWN
"""How many hand numbers back from the player's last seat the ledger page looks for their
newest hands (a player sitting out longer has their hands on :func:`hands_page`)."""


def _since(db: Database, night_id: int, player_id: int) -> int:
    """How many hands had been dealt when the player first sat down that night."""
    return db.execute("SELECT MIN(COALESCE(before_hand, 0)) FROM seats WHERE night_id = ? AND player_id = ?",
                      [night_id, player_id]).fetchone()[0] or 0


def dealt_rows(db: Database, night_id: int, player_id: int, seat: int, lo: int, hi: int) -> list[tuple[int, int]]:
    """``(hand_id, number)`` of the night's live hands numbered ``lo``..``hi`` that the
    player was dealt into (``store.hand.rows.hands_dealt_in``'s rule: started after the
    player sat down, the live log names the seat), in order. Reads only those hands'
    lines that may name the seat. Read-only."""
    found: dict[int, int] = {}
    for hand_id, number, action in db.execute(
            f"SELECT h.id, h.number, e.action FROM hands h JOIN events e ON e.hand_id = h.id "
            f"WHERE h.night_id = ? AND h.number BETWEEN ? AND ? AND h.number > ? AND {live_hand('h')} "
            f"AND e.kind = 'action' AND (e.action LIKE ? OR e.action LIKE 'd %') AND {LIVE_EVENT}",
            [night_id, lo, hi, _since(db, night_id, player_id), f"p{seat}%"]):
        if hand_id not in found and names_seat(action, seat):
            found[hand_id] = number
    return sorted(found.items(), key=lambda item: item[1])


def newest_rows(db: Database, night_id: int, player_id: int, seat: int | None,
                limit: int) -> tuple[list[tuple[int, int]], bool]:
    """The ``limit`` newest hands (``(hand_id, number)``, in order) the player was dealt
    into, looked for among the :data:`SCAN` hand numbers before their last seat's last
    hand (or the night's last hand), and whether there are no others (the look went back
    to the player's first hand and found no more than ``limit``). Read-only."""
    if seat is None or limit <= 0:
        return [], seat is None
    last = hands_played(db, night_id)
    left = db.execute(
        "SELECT MAX(CASE WHEN u.id IS NULL THEN ? ELSE u.before_hand END) FROM seats s LEFT JOIN ledger u "
        "ON u.kind = 'unseat' AND u.target = s.id WHERE s.night_id = ? AND s.player_id = ?",
        [last, night_id, player_id]).fetchone()[0]
    hi = min(last, left if left is not None else last)
    lo = max(1, hi - SCAN + 1)
    rows = dealt_rows(db, night_id, player_id, seat, lo, hi)
    return rows[-limit:], len(rows) <= limit and lo <= _since(db, night_id, player_id) + 1


def hand_lines(db: Database, night_id: int, player_id: int, rows: list[tuple[int, int]]) -> list[dict]:
    """The hands ``rows`` (``(hand_id, number)``, in order) as the phone shows them.

    :returns: ``[{"hand_id", "number", "findings" (the cards the player may not see
        hidden), "result": as one of ``store.club.standings.hand_results`` ("hand_id",
        "number", "ended", "start", "stacks", "change", "carried", "awards",
        "recorded_awards"), "names": {seat: name at that hand}}]``, in order. Read-only.
    """
    if not rows:
        return []
    numbers = [number for _, number in rows]
    stretch = stored_stretch(db, night_id, numbers[0], numbers[-1])
    if stretch is None:  # a stored result does not hold: the night the long way
        results = {r["hand_id"]: r for r in hand_results(db, night_id)}
        findings = dict(zip([r["hand_id"] for r in results.values()], _long_findings(db, night_id)))
    else:
        results, findings = {}, {}
        for number in numbers:
            kept = stretch[number]
            results[kept["hand_id"]] = _result(db, number, kept)
            findings[kept["hand_id"]] = kept["entry"].get("findings", [])
    names = seat_names(db, night_id, numbers)
    return [{"hand_id": hand_id, "number": number, "result": results[hand_id], "names": names[number],
             "findings": hidden_findings(db, hand_id, player_id, list(findings.get(hand_id, [])))}
            for hand_id, number in rows if hand_id in results]


def _long_findings(db: Database, night_id: int) -> list[list[dict]]:
    """Every live hand's findings, in order, the long way (``check_night``)."""
    return [entry.get("findings", []) for entry in check_night(db, night_id)["hands"]]


def _result(db: Database, number: int, kept: dict) -> dict:
    """One hand's result (as ``store.club.standings.hand_results`` gives it) from its stored
    judgement and the table it began with (``store.hand.judging.stored_stretch``)."""
    entry, start = kept["entry"], kept["start"]
    stacks = {int(seat): chips for seat, chips in (entry.get("stacks") or {}).items()}
    ended = db.execute(f"SELECT 1 FROM events e WHERE e.hand_id = ? AND e.kind = 'end' AND {LIVE_EVENT}",
                       [kept["hand_id"]]).fetchone() is not None
    return {"hand_id": kept["hand_id"], "number": number, "ended": ended, "start": start, "stacks": stacks,
            "change": hand_change(start, stacks, entry),
            "carried": entry.get("carried") or 0, "awards": _seats(entry.get("awards")),
            "recorded_awards": _seats(entry.get("recorded_awards"))}


def _seats(mapping: dict | None) -> dict[int, int] | None:
    return None if mapping is None else {int(seat): chips for seat, chips in mapping.items()}


def hands_page(db: Database, player_id: int, night_id: int, page: int) -> dict:
    """One page of a night's hands for a player's phone: the hands numbered in the page's
    stretch (:data:`PAGE` hand numbers, page 1 the newest) that the player was dealt
    into, as :func:`hand_lines` gives them, in one read transaction. Read-only.

    :param page: 1, 2, ...
    :returns: ``{"night_id", "seat", "page", "pages", "first", "last" (the stretch's hand
        numbers), "hands": :func:`hand_lines`}``.
    :raises StoreError: ``no_night`` (not a night the player sat, or not one the club
        sees); ``no_page`` (past the last page).
    """
    with read_tx(db):
        if db.execute(f"SELECT 1 FROM nights n WHERE n.id = ? AND {shown('n')}", [night_id]).fetchone() is None:
            raise StoreError("no_night", night=night_id)
        seat = next((p["seat"] for p in table_players(db, night_id) if p["player_id"] == player_id), None)
        if seat is None:
            raise StoreError("no_night", night=night_id)
        played = hands_played(db, night_id)
        pages = max(1, -(-played // PAGE))
        if not 1 <= page <= pages:
            raise StoreError("no_page", page=page)
        last = played - (page - 1) * PAGE
        first = max(1, last - PAGE + 1)
        rows = dealt_rows(db, night_id, player_id, seat, first, last) if played else []
        return {"night_id": night_id, "seat": seat, "page": page, "pages": pages, "first": first, "last": last,
                "hands": hand_lines(db, night_id, player_id, rows)}
