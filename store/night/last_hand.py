"""The night's last hand ("última mano", issue 26): the host, or the tablet, says the hand
in progress (or, between hands, the next one) is the night's last; the tablet's "confirm and
end" then records the referee's award and closes that hand and starts no other
(``store.hand.operations.finish_hand``), and the tablet says the night's play is over and
points to the counts.

Stored in ``night_marks`` (m023, append-only): a ``last_hand`` row with ``from_hand`` (the
smallest hand id it covers: the hand in progress when said, else the next hand to start),
withdrawn by a ``void`` row naming it (``target``). A hand started after the mark (the host
plays on anyway) is covered too: its "confirm" ends the play again.
"""

from __future__ import annotations

from sqlite_utils import Database

from store.core.checks import StoreError
from store.core.records import keyed_write
from store.core.transactions import utc_now
from store.hand.rows import current_hand, last_hand
from store.night.nights import require_open


def last_hand_mark(db: Database, night_id: int) -> dict | None:
    """The night's live "última mano" mark: ``{"id", "from_hand" (int), "entered_by",
    "entered_at"}``, or None (never said, or withdrawn). Read-only."""
    row = db.execute(
        "SELECT id, from_hand, entered_by, entered_at FROM night_marks m WHERE night_id = ? AND kind = 'last_hand' "
        "AND NOT EXISTS (SELECT 1 FROM night_marks v WHERE v.kind = 'void' AND v.target = m.id) "
        "ORDER BY id DESC LIMIT 1", [night_id]).fetchone()
    return None if row is None else {"id": row[0], "from_hand": row[1], "entered_by": row[2], "entered_at": row[3]}


def covers(mark: dict | None, hand_id: int | None) -> bool:
    """True when ``mark`` (:func:`last_hand_mark`) makes hand ``hand_id`` a last hand."""
    return mark is not None and hand_id is not None and hand_id >= mark["from_hand"]


def last_hand_status(db: Database, night_id: int) -> dict:
    """What the tablet shows of the night's end. Read-only.

    :returns: ``{"declared": bool (a live mark), "last_hand": bool (the hand in progress,
        or the next one to start, is the last: its "confirm" ends the play), "play_over":
        bool (the last hand was played and closed, no hand in progress: the counts come
        next)}``.
    """
    mark = last_hand_mark(db, night_id)
    if mark is None:
        return {"declared": False, "last_hand": False, "play_over": False}
    now = current_hand(db, night_id)
    last = last_hand(db, night_id)
    over = now is None and last is not None and covers(mark, last["id"])
    return {"declared": True, "last_hand": not over, "play_over": over}


def declare_last_hand(db: Database, night_id: int, *, entered_by: str, key: str | None = None) -> int:
    """Say "última mano": the hand in progress, else the next hand to start, is the night's
    last. Said twice, the live mark stays (its id comes back).

    :returns: the mark's id.
    :raises StoreError: ``night_closed``; ``key_reused``.
    """
    with keyed_write(db, "night_marks", key, "last_hand", {"night_id": night_id}) as found:
        if found is not None:
            return found
        require_open(db, night_id)
        mark = last_hand_mark(db, night_id)
        if mark is not None:
            return mark["id"]
        now = current_hand(db, night_id)
        if now is None:
            last = db.execute("SELECT MAX(id) FROM hands").fetchone()[0]
            now = (last or 0) + 1
        return db["night_marks"].insert({"night_id": night_id, "kind": "last_hand", "from_hand": now,
                                         "entered_by": entered_by, "entered_at": utc_now(), "key": key}).last_pk


def withdraw_last_hand(db: Database, night_id: int, *, entered_by: str, key: str | None = None) -> int:
    """Take back "última mano" (play goes on): a ``void`` row naming the live mark.

    :returns: the void row's id.
    :raises StoreError: ``night_closed``; ``no_last_hand`` (nothing to take back); ``key_reused``.
    """
    with keyed_write(db, "night_marks", key, "void", {"night_id": night_id}) as found:
        if found is not None:
            return found
        require_open(db, night_id)
        mark = last_hand_mark(db, night_id)
        if mark is None:
            raise StoreError("no_last_hand")
        return db["night_marks"].insert({"night_id": night_id, "kind": "void", "target": mark["id"],
                                         "entered_by": entered_by, "entered_at": utc_now(), "key": key}).last_pk


def say_last_hand(db: Database, night_id: int, on: bool, *, entered_by: str, key: str | None = None) -> int:
    """The host's "última mano" switch (the *Juego* stage): :func:`declare_last_hand` when
    ``on``, else :func:`withdraw_last_hand` (the tablet's ``last_hand`` tap does the same,
    ``store.hand.operations``).

    :returns: the row's id (the mark, or its void).
    :raises StoreError: ``night_closed``; ``no_last_hand`` (taken back when not said); ``key_reused``.
    """
    if on:
        return declare_last_hand(db, night_id, entered_by=entered_by, key=key)
    return withdraw_last_hand(db, night_id, entered_by=entered_by, key=key)
