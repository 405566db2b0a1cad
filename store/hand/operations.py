"""The tablet's taps that store several lines at once (``web/hand/tablet.py`` ``tap``): everyone's
forced bets in one tap, and "confirm and next hand" (award, close, next hand) in one tap.

No rule lives here: who owes which forced chips, the award and whether anything about the
hand is in doubt are the referee's (``referee.table.hand_state``: the seat due, its legal
actions, ``proposed_awards``, the findings). Each op stores its lines in ONE write
transaction, each line under a key derived from the tap's key (``key + ":" + ...``), so a
retried tap (the same key) stores nothing twice: it is answered from what the first one
stored, before any version check (as ``store.append_action`` does).
"""

from __future__ import annotations

import store
from referee.session import play_hand
from referee.table import hand_state
from store.core.transactions import write_tx
from store.hand import judging
from store.hand.events import require_version
from store.hand.rows import hand_row
from store.night.nights import existing

FORCED_VERBS = frozenset({"ante", "blind", "straddle"})
"""Forced chips the tablet posts for everyone in one tap (CONTRACT.md section 2: the ante,
the blind and the double blind, ``straddle``)."""

MAX_FORCED = 40
"""At most this many forced lines in one tap (two per seat of a full table and then some):
a guard against a loop, never reached at a real table."""


def _state(db, hand_id: int) -> dict:
    return hand_state(judging.hand_item(db, hand_id))


def forced_step(state: dict) -> str | None:
    """The next forced-chips line the referee expects, or None.

    Only while the referee has a seat due before the deal whose ONE legal action is an ante
    or a blind of a fixed amount (``legal`` ``[{"verb": "ante"|"blind"|"straddle", "min": n,
    "max": n}]``,
    from ``referee.rounds.predeal_owed``: the house's ante, its blinds where it sets their
    size; a short stack: its stack). Optional blinds (a choice) are never posted for the
    player.

    :param state: ``referee.table.hand_state`` of the hand.
    :returns: ``"p3 ante 5"``, or None when no forced chip is owed now.
    """
    seat, legal = state.get("to_act"), state.get("legal") or []
    if seat is None or state.get("phase") != "predeal" or len(legal) != 1:
        return None
    only = legal[0]
    if only["verb"] not in FORCED_VERBS or only["min"] is None or only["min"] != only["max"]:
        return None
    return f"p{seat} {only['verb']} {only['min']}"


def forced_plan(db, hand_id: int, state: dict | None = None) -> list[str]:
    """Every forced-chips line one "everyone's forced bets" tap would store now, in order:
    :func:`forced_step` asked again after each line, the hand judged in memory with the
    lines before it (``referee.session.play_hand``, from the hand's own start). Read-only.

    The tablet shows it (``forced`` in ``web.hand.table_view.table_view``) and sends its length
    back with the tap (``events``), so the taps queued after it count the hand's version on
    by as many (static/hand/tapqueue.js ``stamp``).

    :param state: ``referee.table.hand_state`` of the hand as stored, when the caller has
        it (else judged here).
    :returns: ``["p1 ante 5", "p3 ante 5", ...]``; ``[]`` when no forced chip is owed now.
    :raises store.StoreError: no such live hand.
    """
    line = forced_step(state if state is not None else _state(db, hand_id))
    if line is None:
        return []
    night, hand = judging.hand_input(db, hand_id)
    stored = list(hand.spec.get("actions") or [])
    lines: list[str] = []
    while line is not None and len(lines) < MAX_FORCED:
        lines.append(line)
        item, _ = play_hand(night.rules, hand.carry, {**hand.spec, "actions": stored + lines}, hand.number)
        line = forced_step(hand_state(item))
    return lines


def forced_bets(db, hand_id: int, *, entered_by: str, key: str, version: int | None,
                events: int | None = None) -> int:
    """Post every forced chip the referee asks for (:func:`forced_plan`), seat after seat,
    as its own action line (``p1 ante 5``, ``p3 ante 5`` ...), in one write transaction;
    line ``i`` under key ``key + ":" + i``.

    :param events: how many lines the tablet said the tap stores (the ``forced`` list it
        showed; its later queued taps count the hand's version on by as many), or None: not
        checked. Where the referee now asks for another count, nothing is stored
        (``forced_changed``, a stale table: the later taps' versions would be wrong).
    :returns: the event id of the last line stored (a retried key: the last one the first
        tap stored).
    :raises store.StoreError: ``stale_version``; ``forced_changed``; nothing owed now
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
            raise store.StoreError("forced_changed", number=hand["number"], owed=len(lines), said=events)
        if not lines:
            raise store.StoreError("forced_none")
        last = None
        for i, line in enumerate(lines):
            last = store.append_action(db, hand_id, line, entered_by=entered_by, key=f"{key}:{i}")
        return last


def _stored_lines(db, key: str) -> int | None:
    """The last event stored under ``key:0``, ``key:1`` ... (a retried tap), else None."""
    last = None
    for i in range(MAX_FORCED):
        found = existing(db, "events", f"{key}:{i}", "action")
        if found is None:
            break
        last = found
    return last


def finish_plan(state: dict) -> dict | None:
    """What one "confirm and next hand" tap would store, or None when something is in doubt.

    Nothing is in doubt when the referee sees the hand complete (``phase`` ``complete``,
    nobody due), its award is known (``proposed_awards``: ``{}`` for a pot that carries),
    no finding of severity ``error`` stands, and the award the dealer recorded (if any) is
    the referee's. Otherwise the steps stay separate (award, close, next hand).

    :param state: ``referee.table.hand_state`` (or the tablet's view of it).
    :returns: ``{"awards": {seat: chips} still to record (seat keys strings, chips > 0),
        "carries": chips that stay for the next deal (0 when the pot is awarded)}`` or None.
    """
    proposed = state.get("proposed_awards")
    if state.get("phase") != "complete" or state.get("to_act") is not None or proposed is None:
        return None
    if any(f.get("severity") == "error" for f in state.get("findings") or []):
        return None
    recorded = state.get("recorded_awards") or {}
    awards = {s: c for s, c in proposed.items() if c > 0}
    if recorded and recorded != awards:
        return None
    return {"awards": {} if recorded else awards, "carries": 0 if awards else state.get("pot", 0)}


def finish_started(db, key: str) -> int | None:
    """The id of the hand a "confirm and next hand" tap (idempotency ``key``) started, or
    None where it started none (a seat had no chips left). Read-only."""
    row = db.execute("SELECT id FROM hands WHERE key = ?", [f"{key}:next"]).fetchone()
    return None if row is None else row[0]


def finish_hand(db, night_id: int, hand_id: int, *, entered_by: str, key: str,
                version: int | None) -> int:
    """Record the referee's award (:func:`finish_plan`), close the hand and start the next
    one, in one write transaction: award line ``i`` under ``key:award:i``, the close under
    ``key:end``, the next hand under ``key:next``. The next hand is not started when a seat
    dealt in this hand has no chips left (a rebuy may come first: chips are bought only
    between hands, RRoP section 3, table stakes); the tablet then offers "Next hand".

    :returns: the close's event id (a retried key: the one stored the first time).
    :raises store.StoreError: ``stale_version``; ``finish_in_doubt`` (the referee's award is
        not certain: the steps stay separate); as ``store.append_action``,
        ``store.end_hand``, ``store.start_hand``.
    """
    found = existing(db, "events", f"{key}:end", "end", {"hand_id": hand_id})
    if found is not None:
        return found
    with write_tx(db):
        require_version(db, hand_row(db, hand_id), version)
        state = _state(db, hand_id)
        plan = finish_plan(state)
        if plan is None:
            raise store.StoreError("finish_in_doubt")
        for i, (seat, chips) in enumerate(sorted(plan["awards"].items(), key=lambda kv: int(kv[0]))):
            store.append_action(db, hand_id, f"d award p{seat} {chips}", entered_by=entered_by,
                                key=f"{key}:award:{i}")
        end_id = store.end_hand(db, hand_id, entered_by=entered_by, key=f"{key}:end")
        upcoming = judging.next_hand_stacks(db, night_id)
        if all(upcoming.get(seat, 0) > 0 for seat in state.get("dealt_in") or []):
            store.start_hand(db, night_id, entered_by=entered_by, key=f"{key}:next", after_hand=hand_id)
        return end_id
