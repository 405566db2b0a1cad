"""A whole hand written at once: an imported file's hand (``store.files.import_pieces``).

At the table a hand is written tap by tap, each judged as it lands
(``store.hand.events``). An imported hand arrives whole: its start, every line and its
end go in together, checked as the taps would be (:func:`store.hand.events.new_hand`,
:func:`store.hand.events.checked_lines`), its rows linked in the chain in one batch
(``store.core.records.insert_rows``) and the hand judged once, when it is all in
(``store.hand.judging.rejudge``; a start, its lines and its end, one by one, judged it
twice: issue 25).

A file's hands come one after another, and only the import writes its night: a
:class:`HandRun` keeps what the next hand starts from (the rules, the seats, the table the
hand before left), so each hand after the first is checked, linked (its row and lines in
one batch, ``store.core.records.linked_batch``) and judged
(``store.hand.judging.judge_newest``) without reading any of it back: the same rows, links
and judgements (``tests/store/hand/test_hand_run.py``), at about half the cost a hand.
"""

from __future__ import annotations

import json
from contextlib import nullcontext

from sqlite_utils import Database

from referee.session import Carry
from store.core.checks import StoreError, chip_amount
from store.core.records import insert_rows, linked_batch
from store.core.transactions import utc_now, write_tx
from store.hand.events import action_seats, checked_lines, new_hand
from store.hand.judging import Night, bought_before, button_for, judge_newest, rejudge, stored_result
from store.hand.rows import seat_tags
from store.night.nights import night_players


class HandRun:
    """A night's hands written one after another by one writer that is the only one to
    write its hands (an import's invisible night, ``store.files.import_pieces``): what the
    next hand starts from, kept in memory between hands (and pieces) instead of read back
    at each: the night's rules and seats (:class:`store.hand.judging.Night`), the seats
    playing and those a line may name, the last hand's number and whether it ended, and
    the table it left (its stored result's ``carry_after``). And what the night's last
    piece reads of every hand, kept as each hand is written: the seat tags each hand's
    lines name (:attr:`tags`, ``store.hand.rows.seat_tags``) and the chips on the table
    after each seat's last hand (:attr:`chips`), both for the hands written since hand 1
    (:attr:`whole`: every hand of the night so far).

    Empty until the first hand written with it (written the long way, as a hand without
    a run, then read once); emptied by any error inside :func:`write_hand` (and no longer
    :attr:`whole`), so the next hand is written the long way again. The seats must not
    change while it is used (an import seats everyone before its first hand)."""

    def __init__(self, night_id: int) -> None:
        self.night_id = night_id
        self.tags: dict[int, frozenset[str]] = {}
        self.chips: dict[str, int] = {}
        self.whole = True
        self._empty()

    def clear(self) -> None:
        """Forget what is kept: the next hand is written the long way (and :attr:`tags`
        and :attr:`chips` no longer cover the night)."""
        self._empty()
        self.whole = False

    def _empty(self) -> None:
        self.night: Night | None = None
        self.seats: list[int] = []
        self.taken: set[int] = set()
        self.number, self.ended = 0, True
        self.before: tuple[Carry, str] | None = None

    def load(self, db: Database, hand_id: int, number: int, ended: bool, actions: list[str]) -> None:
        """Keep the night as it is after hand ``number`` (id ``hand_id``, its live lines
        ``actions``), just written and judged: read once."""
        self.night = Night(db, self.night_id)
        self.seats = [p["seat"] for p in night_players(db, self.night_id)]
        self.taken = action_seats(db, self.night_id)
        self.number, self.ended = number, ended
        stored = stored_result(db, hand_id)
        if stored is None:
            self.clear()
            return
        self.before = stored[:2]
        self.whole = self.whole and number == 1
        self._kept(hand_id, actions, stored[2])

    def _kept(self, hand_id: int, actions: list[str], entry: dict) -> None:
        """Keep hand ``hand_id``'s seat tags and the chips on the table after it
        (``chips_on_table`` of its judgement, else its ``stacks``: CONTRACT.md 4)."""
        self.tags[hand_id] = seat_tags(actions)
        self.chips.update({str(k): v for k, v in (entry.get("chips_on_table") or entry.get("stacks") or {}).items()})


def write_hand(db: Database, night_id: int, *, button: int | None, stacks: dict | None, actions: list,
               keys: list[str], end: bool, entered_by: str, run: HandRun | None = None) -> int:
    """Start the night's next hand with ``actions`` as its lines and, when ``end``, its end;
    judge it once and store its result. Inside the caller's write transaction (else its
    own): nothing is written unless all of it is.

    :param button: the dealer's seat, or None: the referee's next (as
        :func:`store.hand.events.start_hand`); ``stacks``: stated stacks by seat, or None.
    :param actions: the hand's CONTRACT.md action strings, each checked as a tap's line
        (not again when they are :func:`store.hand.events.checked_lines`' for the night's
        seats: an import checks every hand's lines before it writes anything).
    :param keys: one idempotency key per action (unique in the club).
    :param run: the night's :class:`HandRun` when its hands are written one after another
        by this writer alone: the checks and the judgement made from what it keeps (the
        same refusals, rows, links and result as without it), not read back.
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
        if run is not None and run.night is not None:
            try:
                return _write_in_run(db, run, button, stacks, actions, keys, end, entered_by)
            except BaseException:
                run.clear()
                raise
        texts = checked_lines(actions, action_seats(db, night_id))
        hand_id, number = new_hand(db, night_id, button, stacks, entered_by=entered_by)
        at = utc_now()   # (the hand is written at once: one time for all its rows)
        rows = [_event(night_id, hand_id, seq, "action", text, key, entered_by, at)
                for seq, (text, key) in enumerate(zip(texts, keys))]
        if end:
            rows.append(_event(night_id, hand_id, len(rows), "end", None, None, entered_by, at))
        insert_rows(db, "events", rows)
        rejudge(db, night_id, number)
        if run is not None:
            run.load(db, hand_id, number, end, list(texts))
        return hand_id


def _write_in_run(db: Database, run: HandRun, button: int | None, stacks: dict | None, actions: list,
                  keys: list[str], end: bool, entered_by: str) -> int:
    """:func:`write_hand` from what ``run`` keeps: :func:`store.hand.events.new_hand`'s
    checks on the seats and the last hand kept, the hand's row and lines inserted and
    linked in one batch, judged once (:func:`store.hand.judging.judge_newest`)."""
    night, number = run.night, run.number + 1
    if len(run.seats) < 2:
        raise StoreError("too_few_players")
    if not run.ended:
        raise StoreError("hand_not_ended", number=run.number)
    bought = bought_before(db, night, number)
    if button is None:  # (the referee's rule, among the seats taken now: as new_hand)
        button = button_for(night, run.before[0], number, bought, run.seats)
    elif button not in run.seats:
        raise StoreError("button_not_seated", seats=sorted(run.seats), button=button)
    texts = checked_lines(actions, run.taken)
    at = utc_now()   # (the hand is written at once: one time for all its rows)
    stacked = json.dumps(stacks, sort_keys=True) if stacks else None
    hand = {"night_id": night.id, "number": number, "button": button, "stacks": stacked,
            "entered_by": entered_by, "entered_at": at, "key": None}
    with linked_batch(db) as batch:  # (the hand's row and its lines: one link batch, the head written once)
        (hand_id,) = batch.insert("hands", [hand])
        rows = [_event(night.id, hand_id, seq, "action", text, key, entered_by, at)
                for seq, (text, key) in enumerate(zip(texts, keys))]
        if end:
            rows.append(_event(night.id, hand_id, len(rows), "end", None, None, entered_by, at))
        ids = batch.insert("events", rows)
    spec: dict = {"button": button, "actions": list(texts)}
    if bought:
        spec["rebuys"] = bought
    if stacked:
        spec["stacks"] = json.loads(stacked)
    after, text, entry = judge_newest(db, night, (hand_id, number, button, stacked), spec, run.before,
                                      (len(ids), max(ids, default=0)))
    run.before, run.number, run.ended = (after, text), number, end
    run._kept(hand_id, spec["actions"], entry)
    return hand_id


def _event(night_id: int, hand_id: int, seq: int, kind: str, action: str | None, key: str | None,
           entered_by: str, at: str) -> dict:
    """An ``events`` row of the hand, as ``store.hand.events`` appends one, entered ``at``
    (``store.core.transactions.utc_now``'s text)."""
    return {"night_id": night_id, "hand_id": hand_id, "seq": seq, "kind": kind, "action": action,
            "target": None, "reason": None, "entered_by": entered_by, "entered_at": at, "key": key}
