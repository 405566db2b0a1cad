"""The dealer tablet's taps (``POST /dealer/<night>/<token>/tap``, ``web.hand.tablet``): one
tap is one call, :func:`apply_tap`: the write it asks for, tried again while the database
is locked, and the table it leaves (``store.hand.table_view``), read for the answer in the
same write transaction. Three of its operations store several lines at once: everyone's forced bets in
one tap (:func:`forced_bets`), "confirm and next hand" (award, close, next hand) in one
tap (:func:`finish_hand`), and the chips of a wrong push handed back at the table
(:func:`hand_over`).

No rule lives here: who owes which forced chips, the award, whether anything about the
hand is in doubt and what a wrong push left to hand back are the referee's
(``referee.table.hand_state``: the seat due, its legal actions, ``proposed_awards``, the
findings; ``referee.check``'s hand entry: awards, pushes, ``moves``; the plans are
``store.hand.table_view.forced_plan``, ``finish_plan`` and ``hand_over_lines``). Each op
stores its lines in ONE write transaction, each line under a key derived from the tap's key
(``key + ":" + ...``), so a retried tap (the same key) stores nothing twice: it is answered
from what the first one stored, before any version check (as ``store.append_action`` does).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import store
from referee.actions import ActionError, parse_action
from store.core.checks import StoreError
from store.core.records import existing
from store.core.transactions import Busy, busy_when_locked, read_tx, write_tx
from store.hand import judging
from store.hand.events import append_lines, check_lines, refuse_ruled, require_last, require_version
from store.dispute.ruling_modes import require_table
from store.hand.rows import hand_ended, hand_row, night_event
from store.hand.table_view import (
    MAX_FORCED,
    finish_plan,
    forced_plan,
    hand_now,
    hand_over_plan,
    last_hand_id,
    read_view,
)
from store.night.dealer_links import entered_by as link_entered_by
from store.night.last_hand import covers, declare_last_hand, last_hand_mark, withdraw_last_hand
from store.night.nights import require_open

OPS = frozenset({"action", "undo", "end_hand", "start_hand", "forced_bets", "finish_hand", "hand_over",
                 "last_hand"})
"""What a tap does (:class:`Tap`'s ``op``): ``last_hand`` says "última mano" (``on``) or
takes it back (``store.night.last_hand``): no event of the hand, no version."""

WRITE_ATTEMPTS = 3
"""Tries of one tap's write when SQLite reports the database locked (another tablet's write
won the race; safe to retry because every write is idempotent on the tap's key). Each try
waits up to the busy timeout (``store.core.transactions.BUSY_TIMEOUT_MS``); after the last,
``store.core.transactions.Busy`` (the tap is answered 503 and the tablet's queue sends it
again)."""


@dataclass(frozen=True)
class Tap:
    """One dealer's tap as the tablet sent it, read and checked for its types and ranges
    by the view (``web.hand.tablet``, whose docstring says the endpoint).

    ``op``: one of :data:`OPS`; ``key``: the client's idempotency key (8-100 printable
    ASCII characters); ``version``: the hand's version the tablet saw
    (``store.hand_version``), None for ``start_hand``; ``hand_id``: the hand it names, or
    None (the hand in progress; for an undo the hand of ``event_id``); ``action``: the
    action line (``"p3 open 10"``, trimmed) of an ``action``; ``event_id`` and ``reason``
    (trimmed, at most 200 characters) of an ``undo``; ``events``: how many lines a
    ``forced_bets`` or ``hand_over`` tap stores as the tablet showed them, or None;
    ``after_hand``, ``button`` and ``stacks`` (``{seat (str): chips}`` or None) of a
    ``start_hand``; ``on`` of a ``last_hand`` (True: say "última mano"; False: take it back).
    """

    op: str
    key: str
    version: int | None = None
    hand_id: int | None = None
    action: str | None = None
    event_id: int | None = None
    reason: str | None = None
    events: int | None = None
    after_hand: int | None = None
    button: int | None = None
    stacks: dict | None = None
    on: bool | None = None


def apply_tap(db, night_id: int, link: dict, tap: Tap) -> dict:
    """Store one tap of the night's tablet idempotently on its key, and read the table it
    leaves.

    The write (:func:`_write`) is tried again while SQLite says the database is locked
    (another tablet's write won the race: safe, every write is idempotent on the tap's key;
    at most :data:`WRITE_ATTEMPTS` tries). Who entered it is the link's label
    (``"dealer:<label>"``, ``store.night.dealer_links.entered_by``), never the tap's.

    :param link: the tablet's live link of this night (``store.dealer_link_for``).
    :returns: ``{"event_id": the event stored (a retried key: the one stored the first
        time), "view": store.hand.table_view.read_view (the award gap only for other ops
        than ``action``), "started_hand": the hand a ``finish_hand`` started, or None}``,
        the view and the hand read in the write's own transaction, before its commit (a
        retried key too: it then takes the write lock for its answer).
    :raises StoreError: the tap refused, nothing stored: a show line with no card seen
        (``show_without_cards``), no hand in progress (``no_hand_in_progress``), a hand of
        another night (``hand_not_this_night``, ``no_hand``), a stale table
        (``stale_version``, ``stale_hand``, ``hand_start_voided``, ``hand_finished``,
        ``undo_not_newest``, ``forced_changed``, ``hand_over_changed``), a key used for
        another tap (``key_reused``), or as ``store.append_action``, ``store.undo_event``,
        ``store.end_hand``, ``store.start_hand``, :func:`forced_bets`, :func:`finish_hand`,
        :func:`hand_over`.
    :raises store.core.transactions.Busy: the database stayed locked past every try.
    """
    write = _write(db, night_id, tap, link_entered_by(link))
    for attempt in range(WRITE_ATTEMPTS):
        try:
            # the write and the table it leaves in one write transaction: the answer is the
            # table as this tap left it (no other write between), and the night's rules and
            # seats are read once for both (judging.shared_nights)
            with busy_when_locked(), write_tx(db), judging.shared_nights(db):
                event_id = write()
                view = read_view(db, night_id, with_gap=tap.op != "action")
                started = finish_started(db, tap.key) if tap.op == "finish_hand" else None
            break
        except Busy:
            if attempt == WRITE_ATTEMPTS - 1:
                raise
            time.sleep(random.uniform(0.001, 0.004) * (attempt + 1))   # a short random back-off
    return {"event_id": event_id, "view": view, "started_hand": started}


def _write(db, night_id: int, tap: Tap, who: str):
    """The store write of ``tap``, as a no-argument function.

    :raises StoreError: see :func:`apply_tap` (before anything is written)."""
    if tap.op == "start_hand":
        return lambda: store.start_hand(db, night_id, button=tap.button, entered_by=who, key=tap.key,
                                        stacks=tap.stacks, after_hand=tap.after_hand)
    if tap.op == "last_hand":
        if tap.on:
            return lambda: declare_last_hand(db, night_id, entered_by=who, key=tap.key)
        return lambda: withdraw_last_hand(db, night_id, entered_by=who, key=tap.key)
    if tap.op == "action" and _show_without_cards(tap.action):
        raise StoreError("show_without_cards")
    hand_id = tap.hand_id
    if tap.op == "undo" and hand_id is None:   # the hand of the entry it names
        found = night_event(db, night_id, tap.event_id)
        hand_id = None if found is None else found["hand_id"]
    hand_id = _hand_for_tap(db, night_id, hand_id, closed_too=tap.op in ("undo", "hand_over"))
    if tap.op == "action":
        return lambda: store.append_action(db, hand_id, tap.action, entered_by=who, key=tap.key,
                                           version=tap.version)
    if tap.op == "forced_bets":
        return lambda: forced_bets(db, hand_id, entered_by=who, key=tap.key, version=tap.version, events=tap.events)
    if tap.op == "finish_hand":
        return lambda: finish_hand(db, night_id, hand_id, entered_by=who, key=tap.key, version=tap.version)
    if tap.op == "hand_over":
        return lambda: hand_over(db, night_id, hand_id, entered_by=who, key=tap.key, version=tap.version,
                                 events=tap.events)
    if tap.op == "undo":
        return lambda: store.undo_event(db, hand_id, tap.event_id, reason=tap.reason, entered_by=who,
                                        key=tap.key, version=tap.version)
    return lambda: store.end_hand(db, hand_id, entered_by=who, key=tap.key, version=tap.version)


def _show_without_cards(action: str) -> bool:
    """True for a show line (``pN show CARDS``, CONTRACT.md section 2) in which no card is
    seen (only ``??``): the referee tables no hand from unseen cards
    (``referee.showdown``), so the line would leave the turn on that seat and the next tap
    would go to the wrong seat. Unreadable lines are left to the store's own check
    (``store.append_action``)."""
    try:
        parsed = parse_action(action)
    except (ActionError, ValueError):
        return False
    return parsed.verb == "show" and all(card == "??" for card in parsed.cards or ())


def _hand_for_tap(db, night_id: int, hand_id: int | None, *, closed_too: bool = False) -> int:
    """The hand a tap is for: its ``hand_id`` (checked to be this night's), else the hand in
    progress (``closed_too``: else the night's last hand, which an undo may reopen).

    :raises StoreError: ``no_hand_in_progress``; ``no_hand``; ``hand_not_this_night``."""
    if hand_id is None:
        hand_id = last_hand_id(db, night_id) if closed_too else store.current_hand(db, night_id)
        if hand_id is None:
            raise StoreError("no_hand_in_progress")
        return hand_id
    if hand_row(db, hand_id)["night_id"] != night_id:
        raise StoreError("hand_not_this_night")
    return hand_id


def tap_context(db, night_id: int, token: str | None, event_id: int | None) -> dict | None:
    """What a refused tap's words need (``web.hand.tablet``, which names the tap as the log
    does), in one read: ``{"players": store.night_players, "event":
    store.hand.rows.night_event of ``event_id`` (an undo's entry) or None}``; None when
    ``token`` is given and is no live link of the night (the names are the night's).
    Read-only."""
    with read_tx(db):
        if token is not None and store.dealer_link_for(db, night_id, token) is None:
            return None
        return {"players": store.night_players(db, night_id),
                "event": None if event_id is None else night_event(db, night_id, event_id)}


def forced_bets(db, hand_id: int, *, entered_by: str, key: str, version: int | None,
                events: int | None = None) -> int:
    """Post every forced chip the referee asks for (``store.hand.table_view.forced_plan``), seat after seat,
    as its own action line (``p1 ante 5``, ``p3 ante 5`` ...), in one write transaction;
    line ``i`` under key ``key + ":" + i``.

    :param events: how many lines the tablet said the tap stores (the ``forced`` list it
        showed; its later queued taps count the hand's version on by as many), or None: not
        checked. Where the referee now asks for another count, nothing is stored
        (``forced_changed``, a stale table: the later taps' versions would be wrong).
    :returns: the event id of the last line stored (a retried key: the last one the first
        tap stored).
    :raises StoreError: ``stale_version``; ``forced_changed``; nothing owed now
        (``forced_none``); as ``store.append_action``.
    """
    done = _stored_lines(db, key)
    if done is not None:
        return done
    with write_tx(db):
        hand = hand_row(db, hand_id)
        require_version(db, hand, version)
        lines = forced_plan(db, hand_id)
        if events is not None and events != len(lines):
            raise StoreError("forced_changed", number=hand["number"], owed=len(lines), said=events)
        if not lines:
            raise StoreError("forced_none")
        last = None
        for i, line in enumerate(lines):
            last = store.append_action(db, hand_id, line, entered_by=entered_by, key=f"{key}:{i}")
        return last


def _stored_lines(db, key: str, match: dict | None = None) -> int | None:
    """The last event stored under ``key:0``, ``key:1`` ... (a retried tap), else None.

    :param match: column -> value each stored row must have (``store.core.records.existing``:
        else ``key_reused``), or None."""
    last = None
    for i in range(MAX_FORCED):
        found = existing(db, "events", f"{key}:{i}", "action", match)
        if found is None:
            break
        last = found
    return last


def finish_started(db, key: str) -> int | None:
    """The id of the hand a "confirm and next hand" tap (idempotency ``key``) started, or
    None where it started none (a seat had no chips left). Read-only."""
    row = db.execute("SELECT id FROM hands WHERE key = ?", [f"{key}:next"]).fetchone()
    return None if row is None else row[0]


def finish_hand(db, night_id: int, hand_id: int, *, entered_by: str, key: str,
                version: int | None) -> int:
    """Record the referee's award (``store.hand.table_view.finish_plan``), close the hand and start the next
    one, in one write transaction: award line ``i`` under ``key:award:i``, the close under
    ``key:end``, the next hand under ``key:next``. The next hand is not started when a seat
    dealt in this hand has no chips left (a rebuy may come first: chips are bought only
    between hands, RRoP section 3, table stakes); the tablet then offers "Next hand". Nor
    is it started when the hand is the night's last ("última mano",
    ``store.night.last_hand``: "confirm and end"): the night's play is over, the counts
    come next.

    :returns: the close's event id (a retried key: the one stored the first time).
    :raises StoreError: ``stale_version``; ``finish_in_doubt`` (the referee's award is
        not certain: the steps stay separate); as ``store.append_action``,
        ``store.end_hand``, ``store.start_hand``.
    """
    found = existing(db, "events", f"{key}:end", "end", {"hand_id": hand_id})
    if found is not None:
        return found
    with write_tx(db):
        require_version(db, hand_row(db, hand_id), version)
        state = hand_now(db, hand_id)
        plan = finish_plan(state)
        if plan is None:
            raise StoreError("finish_in_doubt")
        for i, (seat, chips) in enumerate(sorted(plan["awards"].items(), key=lambda kv: int(kv[0]))):
            store.append_action(db, hand_id, f"d award p{seat} {chips}", entered_by=entered_by,
                                key=f"{key}:award:{i}")
        end_id = store.end_hand(db, hand_id, entered_by=entered_by, key=f"{key}:end")
        if covers(last_hand_mark(db, night_id), hand_id):   # the night's last hand: no other
            return end_id
        upcoming = judging.next_hand_stacks(db, night_id)
        if all(upcoming.get(seat, 0) > 0 for seat in state.get("dealt_in") or []):
            store.start_hand(db, night_id, entered_by=entered_by, key=f"{key}:next", after_hand=hand_id)
        return end_id


def hand_over(db, night_id: int, hand_id: int, *, entered_by: str, key: str, version: int | None,
              events: int | None = None) -> int:
    """The gap banner's "at the table" tap (``store.hand.table_view.award_gap``): the dealer
    hands back the chips a wrong push gave against the rules, now, as a ruling settled at
    the table does (``store.dispute.ruling_modes``): the ``d move`` lines of
    ``store.hand.table_view.hand_over_lines`` (CONTRACT.md 2: "after a hand, A chips handed
    from seat A to seat B at the table outside the betting"; RRoP, Showdown, rule 3: an
    error in awarding a pot is put right) appended to the finished hand after its ``end``
    (``store.hand.events.check_lines`` and ``append_lines``: each an ``action`` event in
    the night's keyed chain, ``entered_by`` the tablet link's label), the hand re-judged
    (``store.hand.judging.rejudge_hand``). Then the chips on the table are the referee's
    stacks and the banner goes; a later ruling on the hand moves nothing more
    (``store.dispute.rulings.hand_moves`` takes every live ``d move`` line off). One
    write transaction; line ``i`` under key ``key + ":" + i``, so a retried tap (the same
    key) stores nothing twice and is answered before any check.

    :param hand_id: the night's last hand, closed (the one the banner names).
    :param events: how many lines the tablet showed (the banner's ``lines``; its later
        queued taps count the hand's version on by as many), or None: not checked.
    :returns: the event id of the last line stored (a retried key: the last one the first
        tap stored).
    :raises StoreError: ``hand_finished`` (a later hand was started), ``hand_over_in_play``
        (number: the hand is not closed), ``stale_version``, ``hand_ruled`` (number,
        dispute: the host ruled on the hand, which then changes only through the host's
        dispute page), ``hand_over_nothing`` (number: no difference is left to hand back),
        ``hand_over_changed`` (number, owed, said: the referee now asks for another count
        of lines than the tablet showed), ``hand_over_counted`` (names: a player it touches
        has counted: the count is of the chips held then), ``ruling_table_unseated``
        (names: a player it touches has left), as
        ``hand_moves`` (``awards_unknown``, ``pushes_unbalanced``) and ``check_lines``;
        the night closed; nothing written on a refusal.
    """
    done = _stored_lines(db, key, {"hand_id": hand_id})
    if done is not None:
        return done
    with write_tx(db):
        hand = hand_row(db, hand_id)
        require_open(db, night_id)
        require_last(db, hand)
        if not hand_ended(db, hand_id):
            raise StoreError("hand_over_in_play", number=hand["number"])
        require_version(db, hand, version)
        refuse_ruled(db, hand)
        moves, lines = hand_over_plan(db, night_id, hand, store.hand_check(db, hand_id))
        if not lines:
            raise StoreError("hand_over_nothing", number=hand["number"])
        try:
            require_table(db, night_id, moves)
        except StoreError as exc:
            if exc.code == "ruling_table_counted":
                raise StoreError("hand_over_counted", names=exc.params["names"]) from None
            raise
        if events is not None and events != len(lines):
            raise StoreError("hand_over_changed", number=hand["number"], owed=len(lines), said=events)
        check_lines(db, hand, lines)
        event_ids = append_lines(db, hand, lines, entered_by=entered_by, key=key)
        judging.rejudge_hand(db, hand_id)
        return event_ids[-1]
