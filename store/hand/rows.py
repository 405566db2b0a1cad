"""Reading the hands table: a hand's row, the night's live hands, the hand in progress.

Shared by ``store.hand.events`` (the log), ``store.night.nights`` (seats between hands), the ledger and
the judging; it imports nothing else of the store's, so none of them import each other
for it.
"""

from __future__ import annotations

import contextlib
import json
from contextvars import ContextVar

from sqlite_utils import Database

from store.core.checks import StoreError
from store.night.importing import visible


def live_hand(table: str = "hands") -> str:
    """SQL on the hands table (or its alias ``table``): the hand's start has not been
    voided (:func:`store.hand.events.void_hand_start`)."""
    return f"NOT EXISTS (SELECT 1 FROM events x WHERE x.kind = 'void_hand' AND x.hand_id = {table}.id)"


LIVE_HAND = live_hand()
"""SQL: the hand's start has not been voided (:func:`store.hand.events.void_hand_start`)."""


def names_seat(action: str | None, seat: int) -> bool:
    """True when a log line shows ``seat`` dealt into its hand: a ``pN ...`` line of that
    seat or a ``d deal|serve|award pN ...`` line to it (CONTRACT.md 2; in an ante game the
    seats in the log are the ones dealt in, seed 000)."""
    words = (action or "").split()
    tag = f"p{seat}"
    return words[:1] == [tag] or (words[:1] == ["d"] and words[2:3] == [tag])


def hand_row(db: Database, hand_id: int) -> dict:
    """``{"id", "night_id", "number", "button", "stacks"}`` of a hand.

    A hand of a night the club does not see (its upload still being written, or failed:
    ``store.night.importing``) is no hand, but to the import writing it.

    :raises StoreError: no such hand (``no_hand``)."""
    row = db.execute("SELECT h.id, h.night_id, h.number, h.button, h.stacks, n.import_state FROM hands h "
                     "JOIN nights n ON n.id = h.night_id WHERE h.id = ?", [hand_id]).fetchone()
    if row is None or not visible(row[1], row[5]):
        raise StoreError("no_hand", hand=hand_id)
    return {"id": row[0], "night_id": row[1], "number": row[2], "button": row[3],
            "stacks": json.loads(row[4]) if row[4] else None}


def hand_exists(db: Database, hand_id: int) -> bool:
    """Whether :func:`hand_row` finds the hand (a hand of a night the club does not see is
    none). Read-only."""
    try:
        hand_row(db, hand_id)
    except StoreError:
        return False
    return True


def night_event(db: Database, night_id: int, event_id: int) -> dict | None:
    """Event ``event_id`` when it is of one of the night's hands: ``{"hand_id", "kind",
    "action", "number"}`` (the hand's number; ``action`` None for an end), else None."""
    row = db.execute("SELECT e.hand_id, e.kind, e.action, h.number FROM events e JOIN hands h ON h.id = e.hand_id "
                     "WHERE e.id = ? AND h.night_id = ?", [event_id, night_id]).fetchone()
    return None if row is None else {"hand_id": row[0], "kind": row[1], "action": row[2], "number": row[3]}


def get_hand(db: Database, hand_id: int) -> dict:
    """``{"id", "night_id", "number", "button", "stacks", "ended"}`` of a hand.

    :raises StoreError: no such hand.
    """
    hand = hand_row(db, hand_id)
    hand["ended"] = hand_ended(db, hand_id)
    return hand


def night_hands(db: Database, night_id: int) -> list[dict]:
    """The night's hands in order (not those whose start was voided):
    ``[{"id", "number", "button", "stacks"}]``."""
    return [{"id": r[0], "number": r[1], "button": r[2], "stacks": json.loads(r[3]) if r[3] else None}
            for r in db.execute(f"SELECT id, number, button, stacks FROM hands WHERE night_id = ? "
                                f"AND {LIVE_HAND} ORDER BY number, id", [night_id])]


def hand_numbers(db: Database, night_id: int) -> dict[int, int]:
    """The night's live hands as ``{hand id: number}``, in order (:func:`night_hands`
    without the stacks read: a row per hand, no JSON parsed). Read-only."""
    return dict(db.execute(f"SELECT id, number FROM hands WHERE night_id = ? AND {LIVE_HAND} ORDER BY number, id",
                           [night_id]).fetchall())


def live_hand_count(db: Database, night_id: int) -> int:
    """How many live hands the night has (``len(night_hands(...))``, counted by SQLite: no
    row read into Python, so a write that numbers its entry by it costs the same on a
    night of 2,500 hands, issue 25). Read-only."""
    return db.execute(f"SELECT COUNT(*) FROM hands WHERE night_id = ? AND {LIVE_HAND}", [night_id]).fetchone()[0]


def hand_version(db: Database, hand_id: int) -> int:
    """The hand's version: how many events it has (actions, voids, its end; voided ones
    included). Every write to a hand adds one event, so a tablet that saw version N made its
    tap on exactly the log of N events (the two-tablet check, ``store.hand.events``). Read-only;
    0 for a hand just started (or no such hand)."""
    return db.execute("SELECT COUNT(*) FROM events WHERE hand_id = ?", [hand_id]).fetchone()[0]


def hand_ended(db: Database, hand_id: int) -> bool:
    """True when the hand has a live ``end`` event."""
    return live_end(db, hand_id) is not None


def live_end(db: Database, hand_id: int) -> int | None:
    """The id of the hand's live ``end`` event (the newest, should there be more), or None
    while the hand is in play. Read-only."""
    row = db.execute(
        "SELECT e.id FROM events e WHERE e.hand_id = ? AND e.kind = 'end' AND NOT EXISTS "
        "(SELECT 1 FROM events v WHERE v.kind = 'void' AND v.target = e.id) "
        "ORDER BY e.id DESC LIMIT 1", [hand_id]).fetchone()
    return None if row is None else row[0]


def current_hand(db: Database, night_id: int) -> int | None:
    """The id of the night's hand in progress (started, not ended), or None."""
    last = last_hand(db, night_id)
    if last is None or hand_ended(db, last["id"]):
        return None
    return last["id"]


def last_hand(db: Database, night_id: int) -> dict | None:
    """The night's last live hand ``{"id", "number", "button"}`` (in progress or not), or
    None before the first."""
    row = db.execute(f"SELECT id, number, button FROM hands WHERE night_id = ? AND {LIVE_HAND} "
                     "ORDER BY number DESC, id DESC LIMIT 1", [night_id]).fetchone()
    return None if row is None else {"id": row[0], "number": row[1], "button": row[2]}


def hands_played(db: Database, night_id: int) -> int:
    """How many live hands the night has started (the last hand's number)."""
    last = last_hand(db, night_id)
    return 0 if last is None else last["number"]


def hand_by_number(db: Database, night_id: int, number: int) -> dict | None:
    """The night's live hand numbered ``number``: ``{"id", "number", "button"}``, or None."""
    row = db.execute(f"SELECT id, number, button FROM hands WHERE night_id = ? AND number = ? "
                     f"AND {LIVE_HAND} ORDER BY id DESC LIMIT 1", [night_id, number]).fetchone()
    return None if row is None else {"id": row[0], "number": row[1], "button": row[2]}


def hands_dealt_in(db: Database, night_id: int, player_id: int, seat: int | None) -> set[int]:
    """Ids of the night's hands the player was dealt into: hands started after the player
    sat down (``seats.before_hand``) whose live log names the seat (``pN ...`` or
    ``d deal|serve|award pN``, CONTRACT.md 2; in an ante game the seats in the log are the
    ones dealt in, seed 000).

    :param seat: the player's seat tonight (None: not seated: no hand).
    :returns: hand ids (a set). Read-only. (``store.money.ledger._hands_dealt_in`` is this.)
    """
    if seat is None:
        return set()
    return night_dealt_in(db, night_id, {player_id: seat})[player_id]


def night_dealt_in(db: Database, night_id: int, seats: dict[int, int]) -> dict[int, set[int]]:
    """:func:`hands_dealt_in` for several players of the night at once, the log read once
    (or not at all: the seats each hand's log names as read before the write lock was taken,
    :func:`dealt_in_read_before`, when the night's log has not changed since).

    :param seats: player id -> the player's seat tonight.
    :returns: player id -> hand ids (a set each). Read-only.
    """
    since = {player_id: 0 for player_id in seats}
    for player_id, before in db.execute(
            "SELECT player_id, MIN(COALESCE(before_hand, 0)) FROM seats WHERE night_id = ? GROUP BY player_id",
            [night_id]):
        if player_id in since:
            since[player_id] = before or 0
    numbers = hand_numbers(db, night_id)
    by_tag: dict[str, list[int]] = {}
    for player_id, seat in seats.items():
        by_tag.setdefault(f"p{seat}", []).append(player_id)
    dealt: dict[int, set[int]] = {player_id: set() for player_id in seats}
    for hand_id, tags in _seat_tags(db, night_id).items():
        for tag in tags:
            for player_id in by_tag.get(tag, ()):
                if numbers.get(hand_id, 0) > since[player_id]:
                    dealt[player_id].add(hand_id)
    return dealt


_READ_BEFORE: ContextVar[tuple[int, tuple, dict[int, frozenset[str]]] | None] = ContextVar(
    "dealt_in_read_before", default=None)
"""``(night_id, the log's mark, hand id -> seat tags)`` read by :func:`dealt_in_read_before`."""


@contextlib.contextmanager
def dealt_in_read_before(db: Database, night_id: int, known: dict[int, frozenset[str]] | None = None):
    """Read now which seats each hand of the night names in its live log (the one read of
    :func:`night_dealt_in` that walks every action of the night), so that a write
    transaction begun inside (in this thread or task) uses it instead of walking the log
    again under the write lock (issue 25: an import's last piece, the close, holds the lock
    a few ms, not a walk of 2,500 hands). The read is used only while the night's log is
    as it was (:func:`_log_mark`, checked in two indexed lookups): events and hands are
    append-only, so an action, a void or a hand started since changes the mark and the log
    is walked again. Call it outside any write transaction; reads only.

    :param known: hand id -> :func:`seat_tags` of its live lines, for every hand of the
        night as its log is now, when the caller kept them while writing the log (an
        import's hands, ``store.hand.whole_hands.HandRun``): then the log is not walked."""
    tags = _walk_seat_tags(db, night_id) if known is None else dict(known)
    token = _READ_BEFORE.set((night_id, _log_mark(db, night_id), tags))
    try:
        yield
    finally:
        _READ_BEFORE.reset(token)


def _log_mark(db: Database, night_id: int) -> tuple:
    """The night's newest event id and newest hand id: any write to the night's log (an
    action, a void, a hand started or its start voided) changes it (both tables are
    append-only)."""
    return tuple(db.execute("SELECT (SELECT MAX(id) FROM events WHERE night_id = ?), "
                            "(SELECT MAX(id) FROM hands WHERE night_id = ?)", [night_id, night_id]).fetchone())


def _seat_tags(db: Database, night_id: int) -> dict[int, frozenset[str]]:
    """Hand id -> the seat tags (``p3``) its live log names as dealt in: the read of
    :func:`dealt_in_read_before` when it is the night's and the log is unchanged, else
    :func:`_walk_seat_tags`."""
    before = _READ_BEFORE.get()
    if before is not None and before[0] == night_id and before[1] == _log_mark(db, night_id):
        return before[2]
    return _walk_seat_tags(db, night_id)


def _walk_seat_tags(db: Database, night_id: int) -> dict[int, frozenset[str]]:
    """Hand id -> the seat tags its live actions name (``pN ...``, ``d deal|serve|award pN``:
    the seats :func:`names_seat` reads), every live action of the night read. Read-only."""
    lines: dict[int, list[str]] = {}
    for hand_id, action in db.execute(
            "SELECT e.hand_id, e.action FROM events e WHERE e.night_id = ? AND e.kind = 'action' "
            "AND NOT EXISTS (SELECT 1 FROM events v WHERE v.kind = 'void' AND v.target = e.id)", [night_id]):
        lines.setdefault(hand_id, []).append(action)
    return {hand_id: seat_tags(found) for hand_id, found in lines.items()}


def seat_tags(actions: list[str | None]) -> frozenset[str]:
    """The seat tags (``p3``) a hand's live action lines name as dealt in: each line's first
    word, and a dealer's line's target (``d deal|serve|award pN``: its third word), as
    :func:`names_seat` reads them."""
    found: set[str] = set()
    for action in actions:
        words = action.split(None, 3) if action else ()
        if words:
            found.add(words[0])
            if words[0] == "d" and len(words) > 2:
                found.add(words[2])
    return frozenset(found)
