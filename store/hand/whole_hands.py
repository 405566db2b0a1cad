"""A whole hand written at once: an imported file's hand (``store.files.import_pieces``).

At the table a hand is written tap by tap, each judged as it lands
(``store.hand.events``). An imported hand arrives whole: its start, every line and its
end go in together, checked as the taps would be (:func:`store.hand.events.new_hand`,
:func:`store.hand.events.checked_lines`), its rows linked in the chain in one batch
(``store.core.records.insert_rows``) and the hand judged once, when it is all in
(``store.hand.judging.rejudge``; a start, its lines and its end, one by one, judged it
twice: issue 25).
"""

from __future__ import annotations

from contextlib import nullcontext

from sqlite_utils import Database

from store.core.checks import StoreError, chip_amount
from store.core.records import insert_rows
from store.core.transactions import utc_now, write_tx
from store.hand.events import action_seats, checked_lines, new_hand
from store.hand.judging import rejudge


def write_hand(db: Database, night_id: int, *, button: int | None, stacks: dict | None, actions: list,
               keys: list[str], end: bool, entered_by: str) -> int:
    """Start the night's next hand with ``actions`` as its lines and, when ``end``, its end;
    judge it once and store its result. Inside the caller's write transaction (else its
    own): nothing is written unless all of it is.

    :param button: the dealer's seat, or None: the referee's next (as
        :func:`store.hand.events.start_hand`); ``stacks``: stated stacks by seat, or None.
    :param actions: the hand's CONTRACT.md action strings, each checked as a tap's line
        (not again when they are :func:`store.hand.events.checked_lines`' for the night's
        seats: an import checks every hand's lines before it writes anything).
    :param keys: one idempotency key per action (unique in the club).
    :returns: the hand id.
    :raises StoreError: ``keys_needed``, ``entered_by_needed``; a stated stack out of
        bounds (``not_whole``, ``too_large``); :func:`store.hand.events.new_hand`'s
        refusals (night closed, too few players, a hand in progress, the button); a line
        :func:`store.hand.events.checked_lines` refuses (with its ``index``).
    """
    if len(keys) != len(actions) or len(set(keys)) != len(keys) or not all(keys):
        raise StoreError("keys_needed")
    if not isinstance(entered_by, str) or not entered_by.strip():
        raise StoreError("entered_by_needed")
    for chips in (stacks or {}).values():
        chip_amount(chips)
    with nullcontext() if db.conn.in_transaction else write_tx(db):
        texts = checked_lines(actions, action_seats(db, night_id))
        hand_id, number = new_hand(db, night_id, button, stacks, entered_by=entered_by)
        at = utc_now()   # (the hand is written at once: one time for all its rows)
        rows = [_event(night_id, hand_id, seq, "action", text, key, entered_by, at)
                for seq, (text, key) in enumerate(zip(texts, keys))]
        if end:
            rows.append(_event(night_id, hand_id, len(rows), "end", None, None, entered_by, at))
        insert_rows(db, "events", rows)
        rejudge(db, night_id, number)
        return hand_id


def _event(night_id: int, hand_id: int, seq: int, kind: str, action: str | None, key: str | None,
           entered_by: str, at: str) -> dict:
    """An ``events`` row of the hand, as ``store.hand.events`` appends one, entered ``at``
    (``store.core.transactions.utc_now``'s text)."""
    return {"night_id": night_id, "hand_id": hand_id, "seq": seq, "kind": kind, "action": action,
            "target": None, "reason": None, "entered_by": entered_by, "entered_at": at, "key": key}
