"""Hands and the dealer's append-only event log; the session it makes; the referee's check.

Every dealer action is an ``events`` row (kind ``action``) with who entered it, when (UTC)
and an idempotency key. A correction is a ``void`` event pointing at the one it cancels,
with a reason; the end of a hand is an ``end`` event. Rows are never updated or deleted
(triggers refuse it); each is a link of the night's keyed hash chain
(:mod:`store.core.chain`). Every action line from outside (a tablet's tap, an import's
line) is checked one way before it is appended (:func:`_check_line`: read by the referee's
parser).
"""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from contextlib import nullcontext

from sqlite_utils import Database

from referee.actions import ActionError, parse_action
from referee.rules import HouseRules
from store.core.checks import MAX_CHIPS, StoreError, chip_amount, too_large_number
from store.core.records import existing, insert, insert_once, keyed_write, require_reason
from store.core.transactions import utc_now, write_tx
from store.hand.judging import (
    LIVE_ENTRY,
    hand_judgement,
    next_hand_button,
    night_judgements,
    rejudge,
    rejudge_hand,
    session_hands,
)
from store.hand.rows import LIVE_HAND, current_hand, hand_ended, hand_row, hand_version, last_hand, live_end
from store.night.nights import get_night, night_players, require_open, table_players
from store.stats.hand_stats import forget_hand

MAX_ACTION = 500
"""Longest action string stored (characters)."""

ANY = object()
"""``start_hand(after_hand=ANY)``: no check of the hand the caller saw (the host, imports)."""


# -- two tablets on one hand ----------------------------------------------------------------

def require_version(db: Database, hand: dict, version: int | None, current: int | None = None) -> None:
    """Refuse a tablet's write made on another version of the hand than the stored one
    (:func:`store.hand.rows.hand_version`): another tablet (or the host) wrote to the hand
    since the tablet saw it. Call inside the write transaction.

    :param version: the version the tablet saw (int), or None: not checked (the host's
        pages, imports, the CLI).
    :param current: the hand's version read by the caller in this write transaction
        (the write's next ``seq``, :func:`_append`), or None: read here.
    :raises StoreError: code ``stale_version`` (number, version, current).
    """
    if version is None:
        return
    if current is None:
        current = hand_version(db, hand["id"])
    if version != current:
        raise StoreError("stale_version", number=hand["number"], version=version, current=current)


def require_last(db: Database, hand: dict) -> None:
    """Refuse a change to a finished hand: one that is no longer the night's last hand (a
    later hand was started) is changed only through the host's ruling (``store.dispute.rulings``).
    The last hand, closed, may still be reopened by undoing its end (a close by mistake).

    :raises StoreError: code ``hand_finished`` (number).
    """
    last = last_hand(db, hand["night_id"])
    if last is None or last["id"] != hand["id"]:
        raise StoreError("hand_finished", number=hand["number"])


def require_not_ended(db: Database, hand: dict) -> None:
    """Refuse an action or an end on a closed hand: ``hand_finished`` (:func:`require_last`)
    once a later hand started, else ``hand_ended`` (number: undo its end to reopen it)."""
    if hand_ended(db, hand["id"]):
        require_last(db, hand)
        raise StoreError("hand_ended", number=hand["number"])


def undo_target(db: Database, hand_id: int, actions: list[dict] | None = None, end=ANY) -> dict | None:
    """What an undo of the hand voids now: its live ``end`` if it has one, else its last live
    action; None when there is nothing to undo. ``{"event_id": int, "kind": "end"|"action",
    "action": str|None}``. Read-only.

    :param actions: the hand's :func:`hand_actions` when the caller read them in the same
        read transaction (the tablet's view), else None: read here.
    :param end: the hand's :func:`store.hand.rows.live_end` (an id, or None) when the caller
        read it in the same transaction, else not given: read here."""
    if end is ANY:
        end = live_end(db, hand_id)
    if end is not None:
        return {"event_id": end, "kind": "end", "action": None}
    live = [a for a in (hand_actions(db, hand_id) if actions is None else actions) if not a["voided"]]
    if not live:
        return None
    return {"event_id": live[-1]["event_id"], "kind": "action", "action": live[-1]["action"]}


# -- hands -------------------------------------------------------------------------------

def start_hand(db: Database, night_id: int, *, button: int | None = None, entered_by: str,
               key: str | None = None, stacks: dict | None = None, after_hand=ANY) -> int:
    """Start the night's next hand; stacks carry from the previous hand.

    :param button: the dealer's seat; None lets the referee move it
        (:func:`referee.session.next_button`: the next seated seat with chips in the
        rules' ``direction``, or the same seat after a misdeal, Robert's Rules of Poker,
        Misdeals).
    :param stacks: optional stated stacks by seat (``{"1": 480}``), as a session file's
        hand ``stacks`` (a difference becomes a ``stack_mismatch`` finding).
    :param after_hand: the id of the night's last hand as the caller (a tablet) saw it, None
        for none; :data:`ANY` (default): not checked.
    :returns: the hand id.
    :raises StoreError: another hand started since the caller looked (code ``stale_hand``:
        number, the night's last hand), a hand still in progress, night closed, nobody
        seated, a button that is not an occupied seat, or no button for the first hand; a
        stated stack that is not a whole number (``not_whole``) or is past ``MAX_CHIPS``
        (``too_large``), field ``chips``.
    """
    for chips in (stacks or {}).values():
        chip_amount(chips)  # a stated stack is one amount entered: 0 to MAX_CHIPS, as a count
    payload = {"night_id": night_id} if button is None else {"night_id": night_id, "button": button}
    found = existing(db, "hands", key, match=payload)
    if found is not None:
        return found
    try:
        return _start_hand(db, night_id, button, stacks, entered_by, key, after_hand)
    except sqlite3.IntegrityError:  # the same key stored meanwhile by another tablet
        found = existing(db, "hands", key)
        if found is not None:
            return found
        raise StoreError("hand_race") from None


def _refuse_stale_start(db: Database, night_id: int, after_hand: int | None, last: dict | None) -> None:
    """Why a start made after hand ``after_hand`` (as the tablet saw the night) is refused
    when the night's last live hand is ``last`` (another one, or None).

    :raises StoreError: code ``hand_start_voided`` (number: the hand the tablet saw, whose
        start the host voided since) when ``after_hand`` is this night's and no longer live;
        else ``stale_hand`` (number: the night's last hand, a hand started since).
    """
    if after_hand is not None:
        row = db.execute(f"SELECT number, {LIVE_HAND} FROM hands WHERE id = ? AND night_id = ?",
                         [after_hand, night_id]).fetchone()
        if row is not None and not row[1]:
            raise StoreError("hand_start_voided", number=row[0])
    raise StoreError("stale_hand", number=last["number"] if last else 0)


def _start_hand(db: Database, night_id: int, button: int | None, stacks: dict | None,
                entered_by: str, key: str | None, after_hand=ANY) -> int:
    with write_tx(db):  # BEGIN IMMEDIATE: the checks and the insert see the same log
        hand_id, number = new_hand(db, night_id, button, stacks, entered_by=entered_by, key=key,
                                   after_hand=after_hand)
        rejudge(db, night_id, number)  # the new hand's start, judged in this transaction
        return hand_id


def new_hand(db: Database, night_id: int, button: int | None, stacks: dict | None, *, entered_by: str,
             key: str | None = None, after_hand=ANY) -> tuple[int, int]:
    """Check and insert the night's next hand row, not judged: inside the caller's write
    transaction, which judges it before it commits (``store.hand.judging.rejudge``: a start,
    :func:`start_hand`; a whole imported hand once its lines are in,
    ``store.hand.whole_hands.write_hand``). Arguments as :func:`start_hand`'s (``stacks``
    checked by the caller).

    :returns: ``(hand id, its number)``.
    :raises StoreError: as :func:`start_hand` (but ``stacks``' refusals).
    """
    require_open(db, night_id)
    last = last_hand(db, night_id)   # (read once, under the write lock: the checks below are of it)
    if after_hand is not ANY and (last["id"] if last else None) != after_hand:
        _refuse_stale_start(db, night_id, after_hand, last)
    seats = [p["seat"] for p in night_players(db, night_id)]
    if len(seats) < 2:
        raise StoreError("too_few_players")
    if last is not None and not hand_ended(db, last["id"]):   # the hand in progress (current_hand)
        raise StoreError("hand_not_ended", number=last["number"])
    if button is None:
        if last is None:
            raise StoreError("button_needed")
        # the referee's rule (the same dealer after a misdeal, else the next seat with
        # chips), among the seats taken now
        button = next_hand_button(db, night_id, seats)
    elif button not in seats:
        raise StoreError("button_not_seated", seats=sorted(seats), button=button)
    number = last["number"] + 1 if last is not None else 1
    hand_id = insert(db, "hands", {
        "night_id": night_id, "number": number, "button": button,
        "stacks": json.dumps(stacks, sort_keys=True) if stacks else None,
        "entered_by": entered_by, "entered_at": utc_now(), "key": key})
    return hand_id, number


def void_hand_start(db: Database, hand_id: int, *, reason: str, entered_by: str,
                    key: str | None = None) -> int:
    """Cancel a hand started by mistake (a ``void_hand`` event, with who and why).

    Only the hand in progress, and only while it has no live action: once anything is
    logged, void the actions first. The next hand started takes its number.

    :returns: the event id.
    :raises StoreError: not the hand in progress, actions logged (code ``hand_has_actions``:
        number), a rebuy taken during it (code ``hand_has_buy_ins``: number, names: it
        counts from the next hand; void it first), no reason, night closed.
    """
    with keyed_write(db, "events", key, "void_hand", {"hand_id": hand_id}) as found:
        if found is not None:
            return found
        require_reason(reason)
        hand = hand_row(db, hand_id)
        require_open(db, hand["night_id"])
        if current_hand(db, hand["night_id"]) != hand_id:
            raise StoreError("hand_not_current", number=hand["number"])
        if any(not a["voided"] for a in hand_actions(db, hand_id)):
            raise StoreError("hand_has_actions", number=hand["number"])
        bought = _bought_during(db, hand)
        if bought:  # they count from the hand after this one: voided, the next would take its number
            raise StoreError("hand_has_buy_ins", number=hand["number"], names=", ".join(bought))
        event = _append(db, hand, "void_hand", reason=reason.strip(), entered_by=entered_by, key=key)
        forget_hand(db, hand_id)   # (its facts leave the night's statistics: issue 28)
        return event


def _bought_during(db: Database, hand: dict) -> list[str]:
    """The names of those whose live buy-ins were taken while ``hand`` was in progress (a
    ledger ``before_hand`` of its number or more: they count from the next hand,
    ``store.money.ledger.buy_in``), in the order entered, once each."""
    rows = db.execute(
        "SELECT p.name FROM ledger l JOIN players p ON p.id = l.player_id WHERE l.night_id = ? "
        "AND l.kind = 'buy_in' AND COALESCE(l.before_hand, 0) >= ? AND NOT EXISTS "
        "(SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id) ORDER BY l.id",
        [hand["night_id"], hand["number"]]).fetchall()
    return list(dict.fromkeys(r[0] for r in rows))


# -- events --------------------------------------------------------------------------------

def _append(db: Database, hand: dict, kind: str, *, entered_by: str, key: str | None,
            action: str | None = None, target: int | None = None, reason: str | None = None,
            seq: int | None = None) -> int:
    """Append one event to the hand (``seq``: the hand's next) with its chain link; returns
    its id. Inside the caller's write transaction, where every caller is (the count and
    the insert see the same log), no savepoint of its own: one per row made an import's
    lines cost half as much again.

    :param seq: the hand's event count (:func:`store.hand.rows.hand_version`) as the caller
        read it in this write transaction with nothing appended since, or None: counted here."""
    if not isinstance(entered_by, str) or not entered_by.strip():
        raise StoreError("entered_by_needed")
    with nullcontext() if db.conn.in_transaction else write_tx(db):
        if seq is None:
            seq = hand_version(db, hand["id"])
        row = {"night_id": hand["night_id"], "hand_id": hand["id"], "seq": seq, "kind": kind,
               "action": action, "target": target, "reason": reason, "entered_by": entered_by,
               "entered_at": utc_now(), "key": key}
        return insert_once(db, "events", row)


def append_action(db: Database, hand_id: int, action: str, *, entered_by: str, key: str,
                  version: int | None = None) -> int:
    """Append one CONTRACT.md action string (``"p3 open 10"``) to a hand in progress.

    The line must be readable (:func:`_readable`: the referee's own parser, a seat taken
    tonight, numbers up to ``MAX_CHIPS``); stored even when irregular (out of turn, six
    cards, a card twice, a wrong award): the referee judges it and says so in its findings.

    :param key: idempotency key (required): a repeated submit returns the first event id
        (before any version check).
    :param version: the hand's version the tablet saw (:func:`require_version`), or None.
    :returns: the event id.
    :raises StoreError: empty or over-long text, a line :func:`_readable` refuses
        (``actions_invalid``, ``action_seat_unknown``, ``action_too_large``: ``index`` None),
        ``stale_version``, the hand already ended (``hand_ended``; ``hand_finished`` once a
        later hand started), night closed.
    """
    if not key:
        raise StoreError("key_needed")
    text = _action_text(action)
    with keyed_write(db, "events", key, "action", {"hand_id": hand_id, "action": text}) as found:
        if found is not None:
            return found
        hand = hand_row(db, hand_id)
        require_open(db, hand["night_id"])
        _check_line(None, text, action_seats(db, hand["night_id"]))
        count = hand_version(db, hand_id)   # (the version the tap is checked on, and the new line's seq)
        require_version(db, hand, version, count)
        require_not_ended(db, hand)
        event_id = _append(db, hand, "action", action=text, entered_by=entered_by, key=key, seq=count)
        rejudge(db, hand["night_id"], hand["number"])  # this hand only (its result, stored now)
        return event_id


def append_actions(db: Database, hand_id: int, actions: list[str], *, entered_by: str,
                   keys: list[str]) -> list[int]:
    """Append many actions to a hand in one transaction (an import), each checked as a
    tap's is (:func:`_check_line`): nothing is written unless every line passes.

    :param keys: one idempotency key per action; actions whose key is stored are skipped.
    :returns: the event ids, in order.
    :raises StoreError: as :func:`append_action`, for any of them (nothing written); a line
        :func:`_readable` refuses carries its ``index`` among ``actions`` (0-based).
    """
    if len(keys) != len(actions) or len(set(keys)) != len(keys) or not all(keys):
        raise StoreError("keys_needed")
    hand = hand_row(db, hand_id)
    ids = []
    with write_tx(db):  # the checks under the write lock (BEGIN IMMEDIATE)
        require_open(db, hand["night_id"])
        require_not_ended(db, hand)
        seats = action_seats(db, hand["night_id"])
        for index, (action, key) in enumerate(zip(actions, keys)):
            text = _action_text(action)
            found = existing(db, "events", key, "action", {"hand_id": hand_id, "action": text})
            if found is None:
                _check_line(index, text, seats)
                found = _append(db, hand, "action", action=text, entered_by=entered_by, key=key)
            ids.append(found)
        rejudge(db, hand["night_id"], hand["number"])
    return ids


class CheckedLines(tuple):
    """A hand's lines as they are stored, each passed :func:`_check_line` against
    ``seats`` (made only by :func:`checked_lines`): a writer given them for a night whose
    :func:`action_seats` are ``seats`` need not read them again."""

    seats: frozenset[int]

    def __new__(cls, texts: list[str], seats: set[int]) -> CheckedLines:
        made = super().__new__(cls, texts)
        made.seats = frozenset(seats)
        return made

    def checked_for(self, seats: set[int]) -> bool:
        """Whether these lines were checked against exactly ``seats``."""
        return self.seats == frozenset(seats)


def checked_lines(actions: list, seats: set[int], seen: set[str] | None = None) -> CheckedLines:
    """An import's lines of one hand as they are stored (:func:`_action_text`), each
    checked as a tap's is (:func:`_check_line`), before any is appended.

    :param seats: the seats a line may name (:func:`action_seats`).
    :param seen: lines already checked against the same ``seats`` (a file's earlier hands:
        ``p3 ante 5`` comes back every hand), not checked again; the lines checked here are
        added to it.
    :raises StoreError: as :func:`_check_line`, a refusal of :func:`_readable` carrying the
        line's ``index`` (0-based); an empty line (``action_empty``, index None).
    """
    if isinstance(actions, CheckedLines) and actions.checked_for(seats):
        return actions
    texts = [_action_text(action) for action in actions]
    seen = set() if seen is None else seen
    for index, text in enumerate(texts):
        if text not in seen:
            _check_line(index, text, seats)
            seen.add(text)
    return CheckedLines(texts, seats)


def _action_text(action: object) -> str:
    """An action line as it is stored: whitespace runs made one space.

    :raises StoreError: not text, or empty (``action_empty``, index None).
    """
    if not isinstance(action, str) or not action.strip():
        raise StoreError("action_empty", index=None)
    return " ".join(action.split())


def _check_line(index: int | None, text: str, seats: set[int]) -> None:
    """The check every action line from outside passes before it is appended (a tablet's
    tap, :func:`append_action`; an import's line, :func:`append_actions`): no longer than
    ``MAX_ACTION``, and readable (:func:`_readable`).

    :param index: the line's place among an import's lines (0-based), None for a tap.
    :raises StoreError: as :func:`_readable`; ``action_too_long`` (index None, limit,
        length).
    """
    if len(text) > MAX_ACTION:
        raise StoreError("action_too_long", index=None, limit=MAX_ACTION, length=len(text))
    _readable(index, text, seats)


def _event(db: Database, event_id: int) -> dict | None:
    row = db.execute("SELECT id, hand_id, kind, action FROM events WHERE id = ?", [event_id]).fetchone()
    return None if row is None else {"id": row[0], "hand_id": row[1], "kind": row[2], "action": row[3]}


def _voided(db: Database, event_id: int) -> bool:
    return db.execute("SELECT 1 FROM events WHERE kind = 'void' AND target = ?", [event_id]).fetchone() is not None


def _void(db: Database, event_id: int, *, reason: str, entered_by: str, key: str | None,
          undone: tuple[dict, int] | None = None) -> int:
    """Append the ``void`` of ``event_id``; call inside ``write_tx`` (the checks and the
    write see the same log, so a target gets at most one live void).

    :param undone: ``(hand, version)`` when the caller's undo found ``event_id`` to be what
        an undo of ``hand`` voids now (:func:`undo_target`: a live event of that hand, no
        void) with the key looked up, the night open and the hand's event count
        ``version``, all in this write transaction: then appended at once (else checked
        here)."""
    if undone is not None:
        hand, version = undone
        return _append(db, hand, "void", target=event_id, reason=reason.strip(), entered_by=entered_by, key=key,
                       seq=version)
    found = existing(db, "events", key, "void", {"target": event_id})
    if found is not None:
        return found
    target = _event(db, event_id)
    if target is None:
        raise StoreError("no_event", event=event_id)
    if target["kind"] == "void":
        raise StoreError("void_of_void")
    if _voided(db, event_id):
        raise StoreError("already_voided")
    hand = hand_row(db, target["hand_id"])
    require_open(db, hand["night_id"])
    return _append(db, hand, "void", target=event_id, reason=reason.strip(), entered_by=entered_by, key=key)


def refuse_ruled(db: Database, hand: dict) -> None:
    """Refuse a dealer's change to a hand the host has ruled on: once a ruling (upheld or
    rejected) decided the hand, with the chips it moved, the hand changes only through the
    host's dispute page (a ruling corrects it with its own voids, ``correct_hand``), or a
    later award correction would move the same chips twice.

    :param hand: ``{"id", "number"}`` of the hand.
    :raises StoreError: ``hand_ruled`` (number, dispute: the first ruled dispute).
    """
    row = db.execute("SELECT r.dispute_id FROM rulings r JOIN disputes d ON d.id = r.dispute_id "
                     "WHERE d.hand_id = ? ORDER BY r.id LIMIT 1", [hand["id"]]).fetchone()
    if row is not None:
        raise StoreError("hand_ruled", number=hand["number"], dispute=row[0])


def void_event(db: Database, event_id: int, *, reason: str, entered_by: str, key: str | None = None) -> int:
    """Cancel an action (or a hand's end) with a ``void`` event pointing at it.

    Nothing is deleted or changed; the hand is re-judged, and the later hands its change
    reaches (:func:`store.hand.judging.rejudge`), in the same transaction. The checks run inside
    the write transaction (BEGIN IMMEDIATE): voids of one event sent at once store one.

    :param reason: why (required, shown in the report and the dispute trail).
    :returns: the void event's id.
    :raises StoreError: no such event, already voided, a void itself, no reason, night closed,
        ``hand_ruled`` (number, dispute: the hand has a ruling, :func:`refuse_ruled`).
    """
    found = existing(db, "events", key, "void", {"target": event_id})
    if found is not None:
        return found
    require_reason(reason)
    with write_tx(db):
        target = _event(db, event_id)
        if target is not None:
            refuse_ruled(db, hand_row(db, target["hand_id"]))
        new_id = _void(db, event_id, reason=reason, entered_by=entered_by, key=key)
        hand_id = db.execute("SELECT hand_id FROM events WHERE id = ?", [event_id]).fetchone()[0]
        rejudge_hand(db, hand_id)  # that hand and the later ones its change reaches
    return new_id


def undo_last(db: Database, hand_id: int, *, reason: str, entered_by: str, key: str | None = None) -> int:
    """Void the hand's most recent live event (the dealer's "undo"), its ``end`` included.

    A closed hand's ``end`` is later than all its live actions (nothing is added after it),
    so undoing a closed hand voids the ``end`` and reopens it; otherwise the last live
    action is voided. A retried undo (same key) answers with the void stored the first time.
    The last live event is found inside the write transaction, so undos sent at once void
    one event each, never the same one twice.

    :returns: the void event's id.
    :raises StoreError: nothing left to undo in the hand (code ``nothing_to_undo``), the
        hand has a ruling (``hand_ruled``: number, dispute), or as :func:`void_event`.
    """
    with keyed_write(db, "events", key, "void", {"hand_id": hand_id}) as found:
        if found is not None:
            return found
        require_reason(reason)
        hand = hand_row(db, hand_id)
        refuse_ruled(db, hand)
        require_last(db, hand)
        target = undo_target(db, hand_id)
        if target is None:
            raise StoreError("nothing_to_undo")
        new_id = _void(db, target["event_id"], reason=reason, entered_by=entered_by, key=key)
        rejudge(db, hand["night_id"], hand["number"])
    return new_id


def undo_event(db: Database, hand_id: int, event_id: int, *, reason: str, entered_by: str,
               key: str | None = None, version: int | None = None) -> int:
    """The tablet's undo: void ``event_id``, which must be what an undo of the hand voids now
    (:func:`undo_target`: its live ``end``, else its last live action), on the version of the
    hand the tablet saw. Two undos sent at once on the same version: the first is stored,
    the second is stale. Undoing the end reopens the hand, only while it is the night's last
    (:func:`require_last`). Checked inside the write transaction (BEGIN IMMEDIATE).

    :returns: the void event's id (a retried key: the void stored the first time).
    :raises StoreError: no reason; ``stale_version`` (:func:`require_version`);
        ``hand_finished``; ``hand_ruled``; ``nothing_to_undo``; ``undo_not_newest``
        (number: the event is not what an undo voids now); night closed.
    """
    with keyed_write(db, "events", key, "void", {"hand_id": hand_id, "target": event_id}) as found:
        if found is not None:
            return found
        require_reason(reason)
        hand = hand_row(db, hand_id)
        require_open(db, hand["night_id"])
        count = hand_version(db, hand_id)   # (the version the tap is checked on, and the void's seq)
        require_version(db, hand, version, count)
        refuse_ruled(db, hand)
        require_last(db, hand)
        target = undo_target(db, hand_id)
        if target is None:
            raise StoreError("nothing_to_undo")
        if target["event_id"] != event_id:
            raise StoreError("undo_not_newest", number=hand["number"])
        new_id = _void(db, event_id, reason=reason, entered_by=entered_by, key=key, undone=(hand, count))
        rejudge(db, hand["night_id"], hand["number"])
    return new_id


def end_hand(db: Database, hand_id: int, *, entered_by: str, key: str | None = None,
             version: int | None = None) -> int:
    """Mark the hand over (an ``end`` event); rebuys and the next hand may follow.

    Checked inside the write transaction (BEGIN IMMEDIATE): however many ends arrive at
    once, with whatever keys, the hand gets one live ``end``.

    :param version: the hand's version the tablet saw (:func:`require_version`), or None.
    :returns: the event id.
    :raises StoreError: ``stale_version``, already ended (``hand_ended``; ``hand_finished``
        once a later hand started), night closed.
    """
    with keyed_write(db, "events", key, "end", {"hand_id": hand_id}) as found:
        if found is not None:
            return found
        hand = hand_row(db, hand_id)
        require_open(db, hand["night_id"])
        count = hand_version(db, hand_id)   # (the version the tap is checked on, and the end's seq)
        require_version(db, hand, version, count)
        if hand_ended(db, hand_id):
            require_last(db, hand)
            raise StoreError("hand_ended", number=hand["number"])
        event_id = _append(db, hand, "end", entered_by=entered_by, key=key, seq=count)
        rejudge(db, hand["night_id"], hand["number"])  # (stored already unless never judged)
        return event_id


def correction_texts(actions: object) -> list[str]:
    """A hand's corrected live actions as they would be stored: each action string with its
    whitespace collapsed (as :func:`append_action` stores it).

    :param actions: a list of CONTRACT.md action strings (``["p1 ante 5", ...]``).
    :raises StoreError: not a list of strings (code ``actions_invalid``), an empty action
        (``action_empty``, params ``index``: 0-based), one over :data:`MAX_ACTION`
        characters (``action_too_long``: ``index``, ``limit``, ``length``).
    """
    if not isinstance(actions, (list, tuple)) or not all(isinstance(a, str) for a in actions):
        raise StoreError("actions_invalid")
    texts = []
    for index, action in enumerate(actions):
        text = " ".join(action.split())
        if not text:
            raise StoreError("action_empty", index=index)
        if len(text) > MAX_ACTION:
            raise StoreError("action_too_long", index=index, limit=MAX_ACTION, length=len(text))
        texts.append(text)
    return texts


def correction_plan(db: Database, hand_id: int, actions: object) -> tuple[list[dict], list[str]]:
    """What correcting the hand's live actions to ``actions`` writes (read-only): the
    hand's live actions after the longest common prefix of the current live actions and
    the corrected list (each gets a ``void`` event), and the rest of the corrected list
    (appended as new ``action`` events).

    A NEW line (one not among the hand's live actions) must pass :func:`_readable` (the
    referee reads it with its own parser, no control or invisible characters, seats taken
    tonight, numbers up to ``MAX_CHIPS``); the lines of the log are kept as they are (an
    unreadable one there stays the referee's ``unreadable`` finding).

    :returns: ``(voided, added)``: ``[{"event_id", "action"}]`` and ``[str]``, in order.
    :raises StoreError: as :func:`correction_texts`; a new line refused by :func:`_readable`
        (``actions_invalid``: one the referee cannot read; ``action_seat_unknown``: a seat
        nobody takes tonight; ``action_too_large``: a number past ``MAX_CHIPS``; params
        ``index``: 0-based in ``actions``, ``text``: the line); no such hand.
    """
    hand_row(db, hand_id)
    texts = correction_texts(actions)
    live = [a for a in hand_actions(db, hand_id) if not a["voided"]]
    keep = 0
    while keep < min(len(live), len(texts)) and live[keep]["action"] == texts[keep]:
        keep += 1
    logged = {a["action"] for a in live}
    seats = action_seats(db, hand_row(db, hand_id)["night_id"])
    for index in range(keep, len(texts)):
        if texts[index] not in logged:  # (a line of the log written again is kept as it is)
            _readable(index, texts[index], seats)
    return ([{"event_id": a["event_id"], "action": a["action"]} for a in live[keep:]], texts[keep:])


def action_seats(db: Database, night_id: int) -> set[int]:
    """The seats a line of the night's log may name: every seat taken tonight, by a player
    seated now or one who played in it and left (:func:`store.night.nights.table_players`)."""
    return {p["seat"] for p in table_players(db, night_id)}


def _readable(index: int | None, text: str, seats: set[int]) -> None:
    """Refuse a line before it is stored, by the referee's own parser
    (:func:`referee.actions.parse_action`), the one check for a tablet's tap and an
    import's lines (:func:`_check_line`) and a correction's new lines
    (:func:`correction_plan`).

    What the referee exists to flag is not refused here: a line out of turn, a hand of six
    cards, a card shown twice, a wrong award (its findings, CONTRACT.md 4).

    :param index: the line's 0-based place in a correction or among an import's lines,
        or None (a tap).
    :param seats: :func:`action_seats` of the night.
    :raises StoreError: ``actions_invalid`` (index, text): control or invisible characters,
        or a line the referee cannot read (unknown verb, malformed seat, card or amount);
        ``action_seat_unknown`` (index, text, seat, seats: "1, 3, 4"): a seat nobody takes
        tonight; ``action_too_large`` (index, text, limit): a number past
        :data:`store.core.checks.MAX_CHIPS`.
    """
    if not (text.isascii() and text.isprintable()) and any(unicodedata.category(c) in ("Cc", "Cf") for c in text):
        raise StoreError("actions_invalid", index=index, text=text)  # (printable ASCII has neither)
    try:
        action = parse_action(text)
    except ActionError:
        raise StoreError("actions_invalid", index=index, text=text) from None
    if too_large_number(text):
        raise StoreError("action_too_large", index=index, text=text, limit=MAX_CHIPS)
    if action.seat is not None and action.seat not in seats:
        raise StoreError("action_seat_unknown", index=index, text=text, seat=action.seat,
                         seats=", ".join(str(s) for s in sorted(seats)))


def check_lines(db: Database, hand: dict, lines: list[str]) -> None:
    """Check each of ``lines`` as a tap's line is checked (:func:`_check_line`: length,
    readable, a seat taken tonight at ``hand``'s night) before any is appended.

    :raises StoreError: as :func:`_check_line`.
    """
    seats = action_seats(db, hand["night_id"])
    for line in lines:
        _check_line(None, line, seats)


def append_lines(db: Database, hand: dict, lines: list[str], *, entered_by: str,
                 key: str | None = None) -> list[int]:
    """Append ``lines`` (already checked: :func:`check_lines`, or :func:`correction_plan`)
    to ``hand`` as ``action`` events after everything it has, ended or not, through the one
    append path (:func:`_append`: the chain link). Inside the caller's write transaction;
    the caller re-judges (``store.hand.judging.rejudge_hand``).

    :param key: a tap's idempotency key: line ``i`` is stored under ``key + ":" + i`` (the
        caller answers a retried key from them first); None: no keys.
    :returns: the new event ids, in order.
    """
    return [_append(db, hand, "action", action=line, entered_by=entered_by,
                    key=None if key is None else f"{key}:{i}") for i, line in enumerate(lines)]


def void_events(db: Database, hand: dict, event_ids: list[int], *, reason: str, entered_by: str) -> None:
    """Append a ``void`` event (``reason``, who) for each of ``event_ids`` of ``hand``
    (append-only: the voided events stay). Inside the caller's write transaction; the
    caller re-judges."""
    for event_id in event_ids:
        _append(db, hand, "void", target=event_id, reason=reason, entered_by=entered_by, key=None)


def correct_hand(db: Database, hand_id: int, actions: list[str], *, reason: str,
                 entered_by: str, closed_ok: bool = False) -> tuple[list[dict], list[dict]]:
    """Correct ANY past hand's log to ``actions`` (its whole corrected list of live
    actions), append-only: a ``void`` event (with ``reason``) for each live action after
    the longest common prefix with the current live actions, then the rest of the list as
    new ``action`` events, after everything the hand has (after its ``end``: an ended hand
    stays ended; the referee takes the live actions in ``seq`` order). Never an UPDATE or
    DELETE. The hand and every later hand its change reaches are re-judged
    (:func:`store.hand.judging.rejudge_hand`). Call inside the write transaction
    (:func:`store.core.transactions.write_tx`); a ruling (``store.dispute.rulings.record_ruling``) is the caller.

    :returns: ``(voided, added)``: ``[{"event_id" (the void's target), "action"}]`` and
        ``[{"event_id" (the new action event), "action"}]``, in order.
    :param closed_ok: correct a hand of a closed night too (a ruling: it reopens the night
        itself when the money changes, ``store.dispute.rulings.record_ruling``).
    :raises StoreError: as :func:`correction_plan`; no reason; the night closed (unless
        ``closed_ok``).
    """
    require_reason(reason)
    hand = hand_row(db, hand_id)
    with write_tx(db):
        if not closed_ok:
            require_open(db, hand["night_id"])
        voided, added = correction_plan(db, hand_id, actions)
        void_events(db, hand, [event["event_id"] for event in voided], reason=reason.strip(), entered_by=entered_by)
        new = [{"event_id": event_id, "action": text}
               for event_id, text in zip(append_lines(db, hand, added, entered_by=entered_by), added)]
        if voided or new:
            rejudge_hand(db, hand_id)
    return voided, new


def hand_actions(db: Database, hand_id: int) -> list[dict]:
    """The hand's actions in order, voided ones included and marked.

    :returns: ``[{"event_id", "seq", "action", "entered_by", "entered_at", "voided",
        "void_reason"}]``.
    """
    rows = db.execute(
        "SELECT e.id, e.seq, e.action, e.entered_by, e.entered_at, v.reason, v.entered_by "
        "FROM events e LEFT JOIN events v ON v.kind = 'void' AND v.target = e.id "
        "WHERE e.hand_id = ? AND e.kind = 'action' ORDER BY e.seq", [hand_id]).fetchall()
    return [{"event_id": r[0], "seq": r[1], "action": r[2], "entered_by": r[3], "entered_at": r[4],
             "voided": r[5] is not None, "void_reason": r[5], "voided_by": r[6]} for r in rows]


def corrected_hands(db: Database, night_id: int) -> set[int]:
    """Ids of the night's hands with a voided action line (a correction: the dealer's undo,
    the host's void, a ruling's), from the void events alone (a void is an event of its
    target's hand). Read-only."""
    return {r[0] for r in db.execute(
        "SELECT DISTINCT v.hand_id FROM events v JOIN events e ON e.id = v.target "
        "WHERE v.night_id = ? AND v.kind = 'void' AND e.kind = 'action'", [night_id])}


# -- the session and the referee -----------------------------------------------------------

def night_session(db: Database, night_id: int) -> dict:
    """The night as a CONTRACT.md ``tapete/1`` session (live actions only).

    Buy-ins before the first hand are the starting stacks; later ones are the ``rebuys``
    of the next hand (by seat). The rules are the night's frozen rules. The live cash-out
    counts, when there are any, are the ``cash_out`` (:func:`night_counts`).
    """
    night = get_night(db, night_id)
    players = table_players(db, night_id)
    starting, hands = session_hands(db, night_id)
    known = set(HouseRules.__dataclass_fields__)
    session = {
        "format": "tapete/1",
        "rules": {k: v for k, v in night["rules_frozen"].items() if k in known},
        "players": [{"seat": p["seat"], "name": p["name"], "stack": starting.get(p["seat"], 0)}
                    for p in players],
        "hands": hands,
    }
    counts = night_counts(db, night_id, {p["player_id"]: p["seat"] for p in players}, len(hands))
    if counts:
        session["cash_out"] = counts
    return session


def night_counts(db: Database, night_id: int, seats: dict[int, int],
                 played: int) -> dict[str, int | dict[str, int]]:
    """The night's live cash-out counts as a session file's ``cash_out``
    (:func:`referee.count.session_counts`): seat (str) -> chips (int) for a count after the
    last of the ``played`` hands, ``{"chips": C, "after": K}`` for a count made after hand
    K (a player who left; 0: before the first hand). A file holds one count per seat: for a
    player counted more than once (who left and came back), the last. Read-only.

    :param seats: player id -> seat (the night's :func:`store.night.nights.table_players`).
    """
    out: dict[str, int | dict[str, int]] = {}
    for player_id, chips, after in db.execute(
            f"SELECT l.player_id, l.chips, COALESCE(l.before_hand, 0) FROM ledger l WHERE "
            f"l.night_id = ? AND l.kind = 'cash_out' AND {LIVE_ENTRY} ORDER BY l.id", [night_id]):
        if player_id in seats:
            out[str(seats[player_id])] = chips if after >= played else {"chips": chips, "after": after}
    return dict(sorted(out.items(), key=lambda kv: int(kv[0])))


def check_night(db: Database, night_id: int) -> dict:
    """The referee's ruling on every hand of the night, as ``referee.check`` gives it for
    :func:`night_session` (CONTRACT.md section 4): ``{"hands": [{"hand", "findings",
    "pots", "awards", "recorded_awards", "stacks", "carried", "next_opening"}]}``.

    Read from the results each write stored (:mod:`store.hand.judging`); never writes (a
    result that is not current is judged in memory for this read).
    """
    return {"hands": night_judgements(db, night_id)}


def hand_check(db: Database, hand_id: int) -> dict:
    """The ruling on one hand (an entry of :func:`check_night`'s ``hands``); read-only.

    :raises StoreError: no such hand.
    """
    return hand_judgement(db, hand_id)
