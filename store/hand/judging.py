"""Each hand's referee result, stored with what it was computed from.

A hand depends on the hands before it only through its start: the stacks, the pot carried,
the button and the opener ladder's step (:class:`referee.session.Carry`), plus the rules,
which are frozen with the night. So each hand is judged from its own start
(:func:`referee.session.play_hand`) and stored in ``hand_results`` with:

- ``input_key``: a SHA-256 of everything the judgement was computed from (the night's rules,
  the table before the hand, the seats joining, the hand's button, stated stacks, rebuys
  and live actions);
- ``carry_after``: the table after the hand (the next hand's start);
- ``entry``: the judgement, as an entry of ``referee.check``'s ``hands`` (CONTRACT.md 4);
- ``facts`` (m018): a SHA-256 of the small facts that change whenever those inputs do
  (:func:`hand_facts`): the referee, the rules, the table before the hand as the hand
  before left it (its stored ``carry_after`` text) and the seats at the table, the hand's
  id, number, button and stated stacks, the chips bought before it, and how many events
  the hand has with the id of its newest. The log is append-only (every change to a
  hand's lines, a void included, is a new ``events`` row of that hand; a buy-in or a seat
  is a new ``ledger`` or ``seats`` row), so a read confirms a stored result from these
  facts without loading or hashing the hand's actions; a result whose facts differ (or
  that has none: stored before m018) is checked the long way, against ``input_key``;
- ``mac``: an HMAC under the chain key of the four (:func:`store.core.chain.result_mac`). The
  stored result decides what pages show and what a ruling moves, and it is not a row of
  the record's chain: a result whose MAC does not match (edited in the database, or
  stored before results had one) is stale like one of other inputs, judged again from
  the log (in memory on a read), and ``store.core.chain.verify`` names it.

Writes re-judge inside their own transaction (:func:`rejudge`), and store each judged hand's
facts for the statistics with it (``store.stats.hand_stats.store_hand``, issue 28): a tap judges the hand it
belongs to and nothing else; a correction to hand k re-judges k, k+1 ... and stops at the
first later hand whose inputs are unchanged (a hand whose inputs are unchanged but whose
facts are not, such as a hand just ended, has its facts stored again). Reads
(:func:`night_judgements`, :func:`hand_judgement`, :func:`hand_item`) never write: a stored
result whose inputs no longer match is recomputed in memory for that read only.
"""

from __future__ import annotations

import hashlib
import json
import threading
from bisect import bisect_right
from functools import lru_cache
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NamedTuple

from sqlite_utils import Database

import referee
from referee.check import hand_entry as check_entry
from referee.rules import HouseRules, resolve_rules
from referee.session import Carry, HandItem, next_button, play_hand
from referee.stats import chip_flows, seat_facts
from store.core.chain import chain_key, result_holds, result_mac
from store.core.checks import StoreError
from store.core.memo import kept
from store.core.transactions import write_tx
from store.hand.rows import hands_played, live_hand
from store.stats.hand_stats import store_hand

LIVE_HAND = live_hand("h")
"""SQL on ``hands h``: the hand's start has not been voided."""

LIVE_EVENT = "NOT EXISTS (SELECT 1 FROM events v WHERE v.kind = 'void' AND v.target = e.id)"
"""SQL on ``events e``: the event has not been voided."""

LIVE_ENTRY = "NOT EXISTS (SELECT 1 FROM ledger v WHERE v.kind = 'void' AND v.target = l.id)"
"""SQL on ``ledger l``: the entry has not been voided."""

_FIELDS = frozenset(HouseRules.__dataclass_fields__)


def referee_files() -> list[Path]:
    """What the referee judges with: its source, every ``referee/*.py``, and its compiled
    catalogues (``referee/locale/*/LC_MESSAGES/*.mo``: the words of a stored finding's
    ``rule``, ``referee.words``), in a fixed order."""
    here = Path(referee.__file__).parent
    return sorted(here.glob("*.py")) + sorted(here.glob("locale/*/LC_MESSAGES/*.mo"))


def _referee_fingerprint() -> str:
    """SHA-256 (hex) of the referee (:func:`referee_files`): part of each hand's input key,
    so that judgements stored by another version of the referee, or with other words, are not
    current (``flask init-db`` judges them again)."""
    digest = hashlib.sha256()
    root = Path(referee.__file__).parent
    for path in referee_files():
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


REFEREE = _referee_fingerprint()
"""The fingerprint of the referee that judges in this process."""


@lru_cache(maxsize=64)
def _rules(frozen_json: str) -> HouseRules:
    """The night's rules from its frozen JSON (resolved once per distinct JSON)."""
    frozen = json.loads(frozen_json)
    return resolve_rules({k: v for k, v in frozen.items() if k in _FIELDS})


class Night:
    """What every hand of one night shares: its id, its rules (and their JSON, part of
    each hand's input key), who sits where (``seats``: player id -> seat) and the hands
    each seat is at the table for (``spans``: seat -> ``[(first, last or None)]``, hand
    numbers: from the hand after it was taken to the last hand before its player left)."""

    def __init__(self, db: Database, night_id: int) -> None:
        row = db.execute("SELECT rules_frozen FROM nights WHERE id = ?", [night_id]).fetchone()
        if row is None:
            raise StoreError("no_night", night=night_id)
        self.id = night_id
        self.rules_json = row[0]
        self.rules = _rules(row[0])
        self.seats: dict[int, int] = {}
        self.spans: dict[int, list[tuple[int, int | None]]] = {}
        for player_id, seat, before, left in db.execute(
                "SELECT s.player_id, s.seat, COALESCE(s.before_hand, 0), (SELECT u.before_hand FROM "
                "ledger u WHERE u.kind = 'unseat' AND u.target = s.id) FROM seats s "
                "WHERE s.night_id = ? ORDER BY s.id", [night_id]):
            if left is not None and left <= before:
                continue  # a seat taken by mistake and left before any hand was dealt to it
            self.seats.setdefault(player_id, seat)
            self.spans.setdefault(seat, []).append((before + 1, left))
        # the hand numbers where the table changes (a seat taken or left): between two of
        # them the same seats are at the table (at_table asks once per stretch)
        self._changes = sorted({first for spans in self.spans.values() for first, _ in spans}
                               | {last + 1 for spans in self.spans.values() for _, last in spans
                                  if last is not None})
        self._tables: dict[int, list[int]] = {}
        self._prefix: str | None = None

    def at_table(self, number: int) -> list[int]:
        """The seats at the table for hand ``number``, in order."""
        stretch = bisect_right(self._changes, number)
        if stretch not in self._tables:
            self._tables[stretch] = sorted(seat for seat, spans in self.spans.items()
                                           if any(first <= number and (last is None or number <= last)
                                                  for first, last in spans))
        return list(self._tables[stretch])

    def facts_prefix(self) -> str:
        """The facts every hand of the night shares (:func:`hand_facts`): a SHA-256 (hex)
        of the referee (:data:`REFEREE`) and the night's rules (their frozen JSON); worked
        out once a night."""
        if self._prefix is None:
            text = "\0".join(("tapete-hand-facts/1", REFEREE, self.rules_json))
            self._prefix = hashlib.sha256(text.encode()).hexdigest()
        return self._prefix


_NIGHTS_ATTR = "_tapete_nights"
"""The attribute of a connection (``sqlite_utils.Database``) holding the :class:`Night`
objects shared inside :func:`shared_nights` (``{night_id: Night}``)."""


@contextmanager
def shared_nights(db: Database) -> Iterator[None]:
    """Inside, :func:`night_of` builds each night's :class:`Night` once on this connection
    and gives the same object again: one dealer's tap (``store.hand.operations.apply_tap``)
    judges its hand and reads the table it leaves in ONE write transaction, whose writes
    (events, hands and their results) never change what a :class:`Night` holds (the rules
    frozen with the night, the seats and who left). Call it only around such work, inside
    its write transaction (no other writer can change them meanwhile). Nested: the outer
    one's objects are kept."""
    if hasattr(db, _NIGHTS_ATTR):
        yield
        return
    setattr(db, _NIGHTS_ATTR, {})
    try:
        yield
    finally:
        delattr(db, _NIGHTS_ATTR)


def night_of(db: Database, night_id: int) -> Night:
    """The night's :class:`Night`: the one built already inside :func:`shared_nights`, else
    a new one (read now).

    :raises StoreError: no such night (``no_night``)."""
    shared = getattr(db, _NIGHTS_ATTR, None)
    if shared is None:
        return Night(db, night_id)
    night = shared.get(night_id)
    if night is None:
        night = shared[night_id] = Night(db, night_id)
    return night


def _hand_rows(db: Database, night_id: int, first: int, last: int | None = None) -> list[tuple]:
    """``(id, number, button, stacks JSON)`` of the night's live hands numbered
    ``first``..``last`` (all from ``first`` when ``last`` is None), in order."""
    sql = (f"SELECT h.id, h.number, h.button, h.stacks FROM hands h WHERE h.night_id = ? "
           f"AND h.number >= ? AND {LIVE_HAND}")
    args: list = [night_id, first]
    if last is not None:
        sql += " AND h.number <= ?"
        args.append(last)
    return db.execute(sql + " ORDER BY h.number, h.id", args).fetchall()


def _actions(db: Database, hand_ids: list[int]) -> dict[int, list[str]]:
    """Live action strings by hand id, in order."""
    out: dict[int, list[str]] = {h: [] for h in hand_ids}
    if not hand_ids:
        return out
    marks = ", ".join("?" for _ in hand_ids)
    for hand_id, action in db.execute(
            f"SELECT e.hand_id, e.action FROM events e WHERE e.hand_id IN ({marks}) "
            f"AND e.kind = 'action' AND {LIVE_EVENT} ORDER BY e.hand_id, e.seq", hand_ids):
        out[hand_id].append(action)
    return out


def _buy_ins(db: Database, night: Night, first: int, last: int | None) -> dict[int, dict[str, int]]:
    """Chips bought before each hand numbered ``first``..``last``: hand number -> {seat:
    chips} (a buy-in entered when ``b`` hands had been dealt plays from hand ``b + 1``;
    those before hand 1 are the starting stacks). A buy-in of a player who left before
    the hand it would play from is left out: the chips went home in the player's count
    (a fresh tester of issue 28: a rebuy asked from the phone, counted, and the player
    gone, stood as 15 chips at the table)."""
    out: dict[int, dict[str, int]] = {}
    hi = last if last is not None else 10**9
    for player_id, chips, before in db.execute(
            f"SELECT l.player_id, l.chips, COALESCE(l.before_hand, 0) FROM ledger l WHERE l.night_id = ? "
            f"AND l.kind = 'buy_in' AND COALESCE(l.before_hand, 0) + 1 BETWEEN ? AND ? AND {LIVE_ENTRY} "
            "ORDER BY l.id", [night.id, first, hi]):
        seat = night.seats.get(player_id)
        if seat is None or seat not in night.at_table(before + 1):
            continue
        by_seat = out.setdefault(before + 1, {})
        by_seat[str(seat)] = by_seat.get(str(seat), 0) + chips
    return out


class HandInput:
    """One hand as the referee takes it: its ``number``, ``hand_id``, the session-file
    ``spec`` (``button``, ``actions``, ``rebuys``, ``stacks``), and the table before it
    (``carry``, with the seats joining at this hand added at 0 chips)."""

    def __init__(self, hand_id: int, number: int, spec: dict, carry: Carry) -> None:
        self.hand_id = hand_id
        self.number = number
        self.spec = spec
        self.carry = carry

    def key(self, night: Night) -> str:
        """The SHA-256 (hex) of everything the judgement is computed from: the referee
        (:data:`REFEREE`), the night's rules, the table before the hand, its lines."""
        payload = json.dumps([REFEREE, night.rules_json, self.carry.as_dict(), self.spec],
                             sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(payload.encode()).hexdigest()


def _inputs(db: Database, night: Night, rows: list[tuple]) -> list[tuple[tuple, dict]]:
    """``(row, spec)`` for each hand row: its session-file object, actions included."""
    if not rows:
        return []
    actions = _actions(db, [r[0] for r in rows])
    buys = _buy_ins(db, night, rows[0][1], rows[-1][1])
    return [(row, _spec(row, actions[row[0]], buys.get(row[1]))) for row in rows]


def _spec(row: tuple, actions: list[str], rebuys: dict[str, int] | None) -> dict:
    """The session-file object of hand ``row`` (``(id, number, button, stacks JSON)``):
    ``{"button", "actions", "rebuys" (when any), "stacks" (when stated)}``."""
    _, _, button, stacks = row
    spec: dict = {"button": button, "actions": actions}
    if rebuys:
        spec["rebuys"] = rebuys
    if stacks:
        spec["stacks"] = json.loads(stacks)
    return spec


def _event_facts(db: Database, night_id: int, first: int, last: int | None = None) -> dict[int, tuple[int, int]]:
    """``hand_id -> (events, newest)``: how many events each of the night's hands numbered
    ``first`` on (to ``last`` when given) has (actions, voids, its end: voided ones
    included) and the id of the newest (0 for none). Every change to a hand's lines adds
    one (the log is append-only), so the pair changes whenever its lines do. One query,
    from the events' index; no action is read."""
    upto, args = (" AND h.number <= ?", [last]) if last is not None else ("", [])
    return {r[0]: (r[1], r[2]) for r in db.execute(
        "SELECT h.id, (SELECT COUNT(*) FROM events e WHERE e.hand_id = h.id), "
        "(SELECT COALESCE(MAX(e.id), 0) FROM events e WHERE e.hand_id = h.id) "
        f"FROM hands h WHERE h.night_id = ? AND h.number >= ?{upto}", [night_id, first, *args])}


def hand_facts(prefix: str, carry_text: str, seats: list[int], row: tuple, rebuys: dict[str, int] | None,
               events: tuple[int, int]) -> str:
    """The SHA-256 (hex) a stored result's ``facts`` holds: what changes whenever the hand's
    inputs (:meth:`HandInput.key`) do, read without its actions.

    :param prefix: :meth:`Night.facts_prefix` (the referee and the rules).
    :param carry_text: the table the hand before left, as its result stores it
        (``carry_after``; the empty table's :data:`START` before hand 1).
    :param seats: the seats at the table for the hand (:meth:`Night.at_table`): with
        ``carry_text`` they make the table before it (:func:`_seated`).
    :param row: ``(id, number, button, stacks JSON or None)`` of the hand.
    :param rebuys: the chips bought before it, ``{seat (str): chips}``, or None.
    :param events: ``(how many events, the newest's id)`` of the hand (:func:`_event_facts`).
    """
    hand_id, number, button, stacks = row
    text = "\0".join((prefix, carry_text, ",".join(map(str, seats)), str(hand_id), str(number), str(button),
                      stacks or "", json.dumps(rebuys, sort_keys=True) if rebuys else "",
                      f"{events[0]}:{events[1]}"))
    return hashlib.sha256(text.encode()).hexdigest()


START = json.dumps(Carry({}).as_dict())
"""The table before a night's first hand, as a stored ``carry_after`` writes a table."""


def _carry(text: str) -> Carry:
    """The table a stored ``carry_after`` text holds."""
    return Carry.from_dict(json.loads(text))


def _seated(night: Night, carry: Carry, number: int) -> Carry:
    """``carry`` as hand ``number`` finds the table: the seats that join at 0 chips (their
    buy-in is the hand's rebuy), the seats whose players left taken away (they took their
    chips home: a cash-out), seats in order."""
    present = night.at_table(number)
    if list(carry.stacks) == present:
        return carry
    stacks = {seat: carry.stacks.get(seat, 0) for seat in present}
    return carry.seated(stacks)


class Stored(NamedTuple):
    """A stored result whose MAC holds: its texts as ``hand_results`` keeps them."""

    input_key: str
    carry_after: str
    entry: str
    facts: str | None


def _stored(db: Database, hand_ids: list[int]) -> dict[int, Stored]:
    """``hand_id -> Stored`` of the stored results whose MAC holds (one that does not is
    left out: stale, judged again)."""
    if not hand_ids:
        return {}
    key = chain_key(db)
    out: dict[int, Stored] = {}
    for start in range(0, len(hand_ids), 900):
        part = hand_ids[start:start + 900]
        marks = ", ".join("?" for _ in part)
        for hand_id, input_key, carry, entry, mac, facts in db.execute(
                f"SELECT hand_id, input_key, carry_after, entry, mac, facts FROM hand_results "
                f"WHERE hand_id IN ({marks})", part):
            if result_holds(key, hand_id, input_key, carry, entry, mac, facts):
                out[hand_id] = Stored(input_key, carry, entry, facts)
    return out


def _carry_before(db: Database, night: Night, number: int) -> tuple[Carry, int, str]:
    """The table before hand ``number`` from the stored results: ``(carry, first, text)``,
    where ``first`` is the hand to judge from (``number``, or an earlier hand when the results
    before it were never stored, or do not hold their MAC: a database from before hands
    were judged one by one, or a result edited in the database), and ``text`` the table
    as the result before ``first`` stored it (:data:`START` before hand 1)."""
    if number <= 1:
        return Carry({}), 1, START
    key = chain_key(db)
    for n, hand_id, input_key, carry, entry, mac, facts in db.execute(
            f"SELECT h.number, r.hand_id, r.input_key, r.carry_after, r.entry, r.mac, r.facts FROM hands h "
            f"JOIN hand_results r ON r.hand_id = h.id WHERE h.night_id = ? AND h.number < ? AND {LIVE_HAND} "
            "ORDER BY h.number DESC", [night.id, number]):  # (the hand before, unless stale)
        if result_holds(key, hand_id, input_key, carry, entry, mac, facts):
            return _carry(carry), n + 1, carry
    return Carry({}), 1, START


def judge(night: Night, hand: HandInput) -> tuple[HandItem, Carry]:
    """Judge one hand from its own start (:func:`referee.session.play_hand`).

    :returns: ``(item, carry_after)``.
    """
    return play_hand(night.rules, hand.carry, hand.spec, hand.number)


def rejudge(db: Database, night_id: int, number: int) -> list[int]:
    """Re-judge hand ``number`` of the night and the later hands its change reaches, and
    store the results. Call inside the write transaction that changed the hand
    (:func:`store.core.transactions.write_tx`), so derived data is written with the write that made it
    stale and a read never writes.

    A later hand whose inputs (its start and its own lines) and facts (:func:`hand_facts`)
    are unchanged ends the walk: nothing after it can have changed. A hand whose inputs
    are unchanged but whose facts are not (an ``end``, a line added and voided, a result
    stored before m018) keeps its judgement and has its facts stored again.

    :param number: the first hand whose inputs the write changed (its actions, its
        button, a buy-in that plays from it ...); a number past the night's last hand
        judges nothing.
    :returns: the numbers of the hands judged, in order.
    """
    night = night_of(db, night_id)
    carry, first, text = _carry_before(db, night, number)
    rows, stored, events = _hands_from(db, night_id, first)
    judged: list[int] = []
    if not rows:
        return judged
    prefix = night.facts_prefix()
    for row, spec in _inputs(db, night, rows):
        hand_id, n = row[0], row[1]
        hand = HandInput(hand_id, n, spec, _seated(night, carry, n))
        key = hand.key(night)
        facts = hand_facts(prefix, text, night.at_table(n), row, spec.get("rebuys"), events.get(hand_id, (0, 0)))
        kept = stored.get(hand_id)
        if kept is not None and kept.input_key == key:
            if kept.facts != facts:
                _store(db, night_id, row, key, kept.carry_after, kept.entry, facts)
            elif n >= number:
                break  # unchanged inputs and facts: this hand and every later one stand
            carry, text = _carry(kept.carry_after), kept.carry_after
            continue
        item, carry = judge(night, hand)
        _remember(hand_id, key, item, hand)
        text = json.dumps(carry.as_dict())
        _store(db, night_id, row, key, text, json.dumps(check_entry(item)), facts)
        _store_stats(db, night, row, key, item)
        judged.append(n)
    return judged


def judge_newest(db: Database, night: Night, row: tuple, spec: dict, before: tuple[Carry, str],
                 events: tuple[int, int]) -> tuple[Carry, str, dict]:
    """Judge the night's newest hand, just written whole, and store its result: what
    :func:`rejudge` of its number stores, from what the writer holds in memory instead of
    read back (``store.hand.whole_hands.HandRun``: an import's hands, one after another).
    Inside the write transaction that wrote the hand. The hand is judged once; it is not
    kept in :data:`RECENT` (a long import would push the tablet's hands out of it).

    :param night: the hand's night (:class:`Night`, its seats as they are now).
    :param row: ``(id, number, button, stacks JSON or None)`` of the hand.
    :param spec: its session-file object (:func:`_spec`'s shape: ``button``, ``actions``,
        ``rebuys`` when any, ``stacks`` when stated), as stored.
    :param before: the table the hand before left: ``(carry, its stored text)``
        (``(Carry({}), START)`` before hand 1).
    :param events: ``(how many events, the newest's id)`` of the hand (:func:`_event_facts`).
    :returns: ``(carry, text, entry)``: the table after the hand and its stored text (the
        next hand's ``before``), and the judgement stored (an entry of ``referee.check``'s
        ``hands``, CONTRACT.md 4, as :func:`referee.check.hand_entry` gives it: its seat keys
        may be ints where the stored JSON has text).
    """
    carry, text = before
    hand = HandInput(row[0], row[1], spec, _seated(night, carry, row[1]))
    key = hand.key(night)
    facts = hand_facts(night.facts_prefix(), text, night.at_table(row[1]), row, spec.get("rebuys"), events)
    item, after = judge(night, hand)
    after_text, entry = json.dumps(after.as_dict()), check_entry(item)
    _store(db, night.id, row, key, after_text, json.dumps(entry), facts)
    _store_stats(db, night, row, key, item)
    return after, after_text, entry


def stored_result(db: Database, hand_id: int) -> tuple[Carry, str, dict] | None:
    """Hand ``hand_id``'s stored result as :func:`judge_newest` returns one: ``(carry,
    text, entry)``, the table after the hand, its stored text and the judgement; or None
    when no result is stored or its MAC does not hold. Read-only."""
    kept = _stored(db, [hand_id]).get(hand_id)
    return None if kept is None else (_carry(kept.carry_after), kept.carry_after, json.loads(kept.entry))


def bought_before(db: Database, night: Night, number: int) -> dict[str, int] | None:
    """The chips bought before hand ``number`` (its ``rebuys``: ``{seat (str): chips}``,
    hand 1's being the starting stacks), or None for none. Read-only."""
    return _buy_ins(db, night, number, number).get(number)


def button_for(night: Night, carry: Carry, number: int, bought: dict[str, int] | None,
               seated: list[int]) -> int | None:
    """Where the button goes for hand ``number`` by the referee's rule
    (:func:`referee.session.next_button`: it stays after a misdeal, else the next seat
    with chips in the direction of play), among the ``seated`` seats: ``carry`` the table
    the hand before left, ``bought`` the chips bought since (:func:`bought_before`)."""
    stacks = _start_stacks(night, carry, number, bought)
    return next_button(night.rules, carry, {s: c for s, c in stacks.items() if s in seated})


def _start_stacks(night: Night, carry: Carry, number: int, bought: dict[str, int] | None) -> dict[int, int]:
    """Seat -> chips hand ``number`` starts with: the seats at the table then
    (:func:`_seated` of ``carry``, the table the hand before left), ``bought`` added."""
    stacks = dict(_seated(night, carry, number).stacks)
    for seat, chips in (bought or {}).items():
        stacks[int(seat)] = stacks.get(int(seat), 0) + chips
    return stacks


def _hands_from(db: Database, night_id: int, first: int) -> tuple[list[tuple], dict[int, Stored],
                                                                   dict[int, tuple[int, int]]]:
    """:func:`_hand_rows` from ``first`` on, their :func:`_stored` results and their
    :func:`_event_facts`, in one query (a tap re-judges its hand with it): ``(rows, stored,
    events)``."""
    key = chain_key(db)
    rows: list[tuple] = []
    stored: dict[int, Stored] = {}
    events: dict[int, tuple[int, int]] = {}
    for (hand_id, number, button, stacks, input_key, carry, entry, mac, facts, count, newest) in db.execute(
            "SELECT h.id, h.number, h.button, h.stacks, r.input_key, r.carry_after, r.entry, r.mac, r.facts, "
            "(SELECT COUNT(*) FROM events e WHERE e.hand_id = h.id), "
            "(SELECT COALESCE(MAX(e.id), 0) FROM events e WHERE e.hand_id = h.id) "
            f"FROM hands h LEFT JOIN hand_results r ON r.hand_id = h.id WHERE h.night_id = ? AND h.number >= ? "
            f"AND {LIVE_HAND} ORDER BY h.number, h.id", [night_id, first]):
        rows.append((hand_id, number, button, stacks))
        events[hand_id] = (count, newest)
        if input_key is not None and result_holds(key, hand_id, input_key, carry, entry, mac, facts):
            stored[hand_id] = Stored(input_key, carry, entry, facts)
    return rows, stored, events


def _store_stats(db: Database, night: Night, row: tuple, key: str, item: HandItem) -> None:
    """Store the referee's facts of each seat in the judged hand ``row`` (``(id, number,
    ...)``) for the statistics (``referee.stats.seat_facts``, issue 28), with its judgement."""
    seats = seat_facts(item)
    store_hand(db, night.id, row[0], row[1], key, seats, chip_flows({s: f.net for s, f in seats.items()}),
               {seat: player for player, seat in night.seats.items()})


def _store(db: Database, night_id: int, row: tuple, key: str, after: str, entry: str, facts: str) -> None:
    """Write the result of hand ``row`` (``(id, number, ...)``) with its MAC (inside the
    write transaction)."""
    hand_id, number = row[0], row[1]
    db.execute("INSERT OR REPLACE INTO hand_results (hand_id, night_id, number, input_key, carry_after, entry, "
               "facts, mac) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               [hand_id, night_id, number, key, after, entry, facts,
                result_mac(chain_key(db), hand_id, key, after, entry, facts)])


def first_stale(db: Database, night_id: int) -> int | None:
    """The number of the night's first hand with no stored judgement, or one whose facts
    (:func:`hand_facts`) are not the log's (another log, another version of the referee,
    or stored before results had facts), or None. Read-only; no action is read."""
    night = night_of(db, night_id)
    rows = _hand_rows(db, night_id, 1)
    stored = _stored(db, [r[0] for r in rows])
    events = _event_facts(db, night_id, 1)
    buys = _buy_ins(db, night, 1, None)
    prefix, text = night.facts_prefix(), START
    for row in rows:
        kept = stored.get(row[0])
        if kept is None or kept.facts != hand_facts(prefix, text, night.at_table(row[1]), row, buys.get(row[1]),
                                                    events.get(row[0], (0, 0))):
            return row[1]
        text = kept.carry_after
    return None


def store_stale(db: Database) -> int:
    """Judge and store, night by night, every hand whose stored judgement is missing or not
    current (:func:`first_stale`), each night in its own write transaction. A write
    command (``flask init-db``), never a page.

    :returns: how many hands were judged.
    """
    count = 0
    for (night_id,) in db.execute("SELECT DISTINCT night_id FROM hands ORDER BY night_id").fetchall():
        while (first := first_stale(db, night_id)) is not None:
            with write_tx(db):
                count += len(rejudge(db, night_id, first))
    return count


def rejudge_hand(db: Database, hand_id: int) -> list[int]:
    """:func:`rejudge` from the hand with id ``hand_id`` (inside the write transaction)."""
    row = db.execute("SELECT night_id, number FROM hands WHERE id = ?", [hand_id]).fetchone()
    if row is None:
        raise StoreError("no_hand", hand=hand_id)
    return rejudge(db, row[0], row[1])


def night_judgements(db: Database, night_id: int) -> list[dict]:
    """The judgement on every live hand of the night, in order: ``referee.check``'s ``hands``
    (CONTRACT.md 4), from the stored results. Read-only: a hand whose stored inputs no
    longer match (or that was never stored) and every hand after it are judged in memory
    for this read, and nothing is written. The walk is made once while the database is
    unchanged (:func:`entry_texts`); each caller gets its own copy.
    """
    return [json.loads(text) for _, text in entry_texts(db, night_id)]


def hands_judgements(db: Database, night_id: int, numbers: Iterable[int]) -> dict[int, dict]:
    """The judgements on the night's live hands numbered in ``numbers``: ``{number: entry}``
    (as :func:`night_judgements`'s; a number that is no live hand is left out), in order;
    only those entries are parsed (the count check wants the hand before each count, the
    bank the last hand's carried pot). Read-only. A few numbers are read from their stored
    results alone (:func:`stored_stretch`, each confirmed by its MAC and facts: issue 25,
    a long open night's counts read a hand or two); when one does not hold, or there are
    more than :data:`FEW_HANDS`, from the walk of the night (:func:`entry_texts`)."""
    wanted = set(numbers)
    if not wanted:
        return {}
    if len(wanted) <= FEW_HANDS:
        found = {}
        for n in sorted(wanted):
            stretch = stored_stretch(db, night_id, n, n)
            if not stretch or n not in stretch:
                break
            found[n] = stretch[n]["entry"]
        else:
            return found
    return {n: json.loads(text) for n, text in entry_texts(db, night_id) if n in wanted}


FEW_HANDS = 16
"""The most hands :func:`hands_judgements` reads one by one from their stored results."""


def entry_texts(db: Database, night_id: int) -> list[tuple[int, str]]:
    """``(number, entry JSON)`` of every live hand of the night, in order: the stored
    results, each confirmed by its facts (:func:`hand_facts`: no action read); from the
    first hand whose facts differ, the remaining hands' actions are read once and each
    result is checked against its ``input_key``, or judged in memory. Read-only; made once
    while the database is unchanged (:func:`store.core.memo.kept`)."""
    return kept(db, ("entry_texts", night_id), lambda: list(_judgements(db, night_id)))


def _judgements(db: Database, night_id: int) -> Iterator[tuple[int, str]]:
    """:func:`entry_texts`, worked out."""
    night = night_of(db, night_id)
    rows = _hand_rows(db, night_id, 1)
    if not rows:
        return
    stored = _stored(db, [r[0] for r in rows])
    events = _event_facts(db, night_id, 1)
    buys = _buy_ins(db, night, 1, None)
    prefix, text = night.facts_prefix(), START
    actions: dict[int, list[str]] | None = None
    for index, row in enumerate(rows):
        hand_id, n = row[0], row[1]
        kept = stored.get(hand_id)
        if kept is not None and kept.facts == hand_facts(prefix, text, night.at_table(n), row, buys.get(n),
                                                         events.get(hand_id, (0, 0))):
            yield n, kept.entry
            text = kept.carry_after
            continue
        if actions is None:  # (the first hand not confirmed by its facts: the rest the long way)
            actions = _actions(db, [r[0] for r in rows[index:]])
        hand = HandInput(hand_id, n, _spec(row, actions[hand_id], buys.get(n)), _seated(night, _carry(text), n))
        if kept is not None and kept.input_key == hand.key(night):
            yield n, kept.entry
            text = kept.carry_after
            continue
        item, carry = judge(night, hand)
        yield n, json.dumps(check_entry(item))
        text = json.dumps(carry.as_dict())


def stored_stretch(db: Database, night_id: int, first: int, last: int) -> dict[int, dict] | None:
    """The stored results of the night's live hands numbered ``first``..``last``, each
    confirmed by its facts (:func:`hand_facts`) against the table the stored result of the
    hand before it left, with the table each began with: what a page showing a few hands
    of a long night reads, without the hands before them (issue 25: the page costs what it
    shows). Read-only; no action is read.

    :returns: ``{number: {"hand_id", "entry" (as ``referee.check``'s ``hands``, CONTRACT.md
        4), "start": {seat (int): chips} (the table the hand began with: the hand before's
        stacks, the seats joining at 0, plus the chips bought before it)}}``; None when one
        of them (or the hand before the first) has no stored result that holds its MAC and
        facts (another log, another version of the referee, a result edited in the
        database): the caller then takes the long way (:func:`night_judgements`).
    :raises StoreError: no such night.
    """
    night = night_of(db, night_id)
    first = max(1, first)
    rows = _hand_rows(db, night_id, max(1, first - 1), last)
    stored = _stored(db, [r[0] for r in rows])
    events = _event_facts(db, night_id, first, last)
    buys = _buy_ins(db, night, first, last)
    prefix, text = night.facts_prefix(), START if first == 1 else None
    out: dict[int, dict] = {}
    for row in rows:
        hand_id, n = row[0], row[1]
        kept = stored.get(hand_id)
        if kept is None:
            return None
        if n >= first:
            if text is None or kept.facts != hand_facts(prefix, text, night.at_table(n), row, buys.get(n),
                                                        events.get(hand_id, (0, 0))):
                return None
            start = dict(_seated(night, _carry(text), n).stacks)
            for seat, chips in (buys.get(n) or {}).items():
                start[int(seat)] = start.get(int(seat), 0) + chips
            out[n] = {"hand_id": hand_id, "entry": json.loads(kept.entry), "start": start}
        text = kept.carry_after
    return out


def hand_input(db: Database, hand_id: int) -> tuple[Night, HandInput]:
    """The hand with id ``hand_id`` as the referee takes it, its start from the stored
    result of the hand before (read-only; judged in memory where none was stored).

    :returns: ``(night, hand)``.
    :raises StoreError: no such hand, or its start was voided.
    """
    row = db.execute(f"SELECT h.id, h.number, h.button, h.stacks, h.night_id FROM hands h "
                     f"WHERE h.id = ? AND {LIVE_HAND}", [hand_id]).fetchone()
    if row is None:
        raise StoreError("no_hand", hand=hand_id)
    night = night_of(db, row[4])
    carry = _table_before(db, night, row[1])
    ((_, spec),) = _inputs(db, night, [tuple(row[:4])])
    return night, HandInput(row[0], row[1], spec, _seated(night, carry, row[1]))


def judge_corrected(db: Database, hand_id: int, actions: list[str]) -> tuple[list[dict], dict[int, int]]:
    """What the referee would rule were the hand's live actions ``actions``: that hand,
    judged from its own start (the stored table before it), and every later live hand
    after it, all in memory. Read-only: nothing is stored.

    :returns: ``(entries, stacks)``: ``[{"hand_id", "number", "entry"}]`` from the hand
        to the night's last (``entry``: as ``referee.check``'s ``hands``, CONTRACT.md 4),
        and the stacks after the last of them (seat -> chips, ints).
    :raises StoreError: no such live hand.
    """
    night, hand = hand_input(db, hand_id)
    corrected = HandInput(hand.hand_id, hand.number, {**hand.spec, "actions": list(actions)}, hand.carry)
    item, carry = judge(night, corrected)
    entries = [{"hand_id": hand_id, "number": hand.number, "entry": json.loads(json.dumps(check_entry(item)))}]
    for (h_id, n, _, _), spec in _inputs(db, night, _hand_rows(db, night.id, hand.number + 1)):
        item, carry = judge(night, HandInput(h_id, n, spec, _seated(night, carry, n)))
        entries.append({"hand_id": h_id, "number": n, "entry": json.loads(json.dumps(check_entry(item)))})
    return entries, dict(carry.stacks)


def table_after(db: Database, night_id: int) -> dict[int, int]:
    """The referee's stacks after the night's last hand (seat -> chips, ints; ``{}`` before
    the first hand). Read-only.

    :raises StoreError: no such night.
    """
    night = night_of(db, night_id)
    return dict(_table_before(db, night, hands_played(db, night_id) + 1).stacks)


def _table_before(db: Database, night: Night, number: int) -> Carry:
    """The table before hand ``number``: the stored result of the hand before, or, where
    none was stored, the hands before judged in memory (read-only)."""
    carry, first, _ = _carry_before(db, night, number)
    if first < number:
        for (h_id, n, _, _), spec in _inputs(db, night, _hand_rows(db, night.id, first, number - 1)):
            _, carry = judge(night, HandInput(h_id, n, spec, _seated(night, carry, n)))
    return carry


def next_hand_button(db: Database, night_id: int, seated: list[int]) -> int | None:
    """Where the button goes for the night's next hand, by the referee's rule
    (:func:`referee.session.next_button`: it stays after a misdeal, else the next seat
    with chips in the direction of play) among the ``seated`` seats. Read-only.

    :returns: the seat, or None before the first hand.
    """
    night = night_of(db, night_id)
    number = hands_played(db, night.id) + 1
    return button_for(night, _table_before(db, night, number), number, bought_before(db, night, number), seated)


def next_hand_stacks(db: Database, night_id: int, played: int | None = None) -> dict[int, int]:
    """Seat -> chips (ints) each seat would start the next hand with: the stacks after the
    night's last hand, the seats seated since (at 0) and the chips bought since. Read-only.

    :param played: the night's :func:`store.hand.rows.hands_played` when the caller read it
        in the same transaction, else None: read here.
    :raises StoreError: no such night.
    """
    return _next_table(db, night_of(db, night_id), played)[1]


def bought_for_next(db: Database, night_id: int, played: int | None = None) -> dict[int, int]:
    """Seat -> chips bought for the next hand (taken since the last hand started: during a
    hand in progress, they count from the next one, ``store.money.ledger.buy_in``); only
    seats that bought. Read-only.

    :param played: as :func:`next_hand_stacks`'s.
    :raises StoreError: no such night.
    """
    number = (hands_played(db, night_id) if played is None else played) + 1
    bought = _buy_ins(db, night_of(db, night_id), number, number).get(number, {})
    return {int(seat): chips for seat, chips in bought.items() if chips}


def left_stacks(db: Database, night_id: int) -> dict[int, int]:
    """Seat -> the chips each seat whose player has left the table took home (ints): the
    referee's stack after the last hand the seat was at the table for, plus the chips its
    player bought after that hand and before leaving (they played no hand: they went home
    in the player's count, :func:`_buy_ins`). What the close's counts table expects of a
    player who left (a fresh tester of issue 28 saw a phone rebuy's 15 chips there, and
    copying them voided the right count). Read-only.

    :raises StoreError: no such night.
    """
    night = night_of(db, night_id)
    out = {}
    for seat, spans in night.spans.items():
        last = spans[-1][1]
        if last is None:
            continue  # at the table now
        stack = _table_before(db, night, last + 1).stacks.get(seat, 0) if last else 0
        player = next(p for p, s in night.seats.items() if s == seat)
        bought = db.execute(
            f"SELECT COALESCE(SUM(l.chips), 0) FROM ledger l WHERE l.night_id = ? AND l.player_id = ? "
            f"AND l.kind = 'buy_in' AND COALESCE(l.before_hand, 0) = ? AND {LIVE_ENTRY}",
            [night_id, player, last]).fetchone()[0]
        out[seat] = stack + bought
    return out


def _next_table(db: Database, night: Night, played: int | None = None) -> tuple[Carry, dict[int, int]]:
    """The table after the night's last hand, and the stacks the next hand would start
    with (the seats at the table then, the chips bought since added); ``played``: as
    :func:`next_hand_stacks`'s."""
    number = (hands_played(db, night.id) if played is None else played) + 1
    carry = _table_before(db, night, number)
    return carry, _start_stacks(night, carry, number, bought_before(db, night, number))


def session_hands(db: Database, night_id: int) -> tuple[dict[int, int], list[dict]]:
    """The night's hands as a session file gives them (CONTRACT.md 1): ``(starting,
    hands)``, the chips bought before hand 1 by seat, and each live hand's object
    (``button``, ``actions``, ``rebuys`` from hand 2 on, ``stacks`` where stated), in
    order; the same lines the hands are judged from. Read-only."""
    night = night_of(db, night_id)
    specs = [spec for _, spec in _inputs(db, night, _hand_rows(db, night_id, 1))]
    starting = _buy_ins(db, night, 1, 1).get(1, {})
    if specs:
        specs[0].pop("rebuys", None)  # (hand 1's are the starting stacks)
    return {int(seat): chips for seat, chips in starting.items()}, specs


def session_rebuys(db: Database, night_id: int) -> tuple[dict[int, int], list[dict[str, int]]]:
    """:func:`session_hands` without the actions (what the walk of the stacks,
    ``store.money.carried_pot.hand_starts``, reads): ``(starting, rebuys)``, the chips bought
    before hand 1 by seat, and each live hand's ``rebuys`` in order (``{seat (str):
    chips}``, ``{}`` for none and for hand 1). Read-only; no action is read."""
    night = night_of(db, night_id)
    rows = _hand_rows(db, night_id, 1)
    buys = _buy_ins(db, night, 1, None)
    starting = _buy_ins(db, night, 1, 1).get(1, {})
    rebuys = [buys.get(row[1], {}) for row in rows]
    if rebuys:
        rebuys[0] = {}  # (hand 1's are the starting stacks)
    return {int(seat): chips for seat, chips in starting.items()}, rebuys


def hand_item(db: Database, hand_id: int) -> HandItem:
    """The hand with id ``hand_id`` judged from its own start, as far as its log goes
    (:class:`referee.session.HandItem`: the tablet's view is drawn from it). Read-only.

    The hand as this process last judged it is kept (:data:`RECENT`) under the key of its
    inputs; while the stored judgement still has that key (every write re-judges in its own
    transaction, so the stored key follows the log), it is the hand: one query, no replay.

    :raises StoreError: no such hand.
    """
    return _item(db, hand_id)[0]


def hand_item_entry(db: Database, hand_id: int) -> tuple[HandItem, dict]:
    """:func:`hand_item` and the judgement on the hand (as :func:`hand_judgement` gives it:
    an entry of ``referee.check``'s ``hands``), from one read: the stored entry where the
    kept hand is the stored judgement's, else the entry of the hand judged now in memory
    (the tablet's answer to a tap reads both). Read-only.

    :raises StoreError: no such hand.
    """
    item, stored, _ = _item(db, hand_id)
    return item, json.loads(stored if stored is not None else json.dumps(check_entry(item)))


def hand_item_input(db: Database, hand_id: int) -> tuple[HandItem, dict, HandInput]:
    """:func:`hand_item_entry` and the hand as the referee took it (:func:`hand_input`: the
    table before it and its lines, what a plan of lines to add replays from), from the same
    read. Read-only.

    :returns: ``(item, entry, hand)``.
    :raises StoreError: no such hand.
    """
    item, stored, hand = _item(db, hand_id)
    return item, json.loads(stored if stored is not None else json.dumps(check_entry(item))), hand


def _item(db: Database, hand_id: int) -> tuple[HandItem, str | None, HandInput]:
    """:func:`hand_item`, with the stored entry's text when it is that hand's judgement
    (the kept hand found under the stored key), else None (judged now), and its
    :class:`HandInput`."""
    row = db.execute("SELECT hand_id, input_key, carry_after, entry, mac, facts FROM hand_results "
                     "WHERE hand_id = ?", [hand_id]).fetchone()
    if row is not None and result_holds(chain_key(db), *row):
        kept = RECENT.get((hand_id, row[1]))
        if kept is not None:
            return kept[0], row[3], kept[1]
    night, hand = hand_input(db, hand_id)
    item = judge(night, hand)[0]
    _remember(hand_id, hand.key(night), item, hand)
    return item, None, hand


RECENT: dict[tuple[int, str], tuple[HandItem, HandInput]] = {}
"""``(hand_id, input key) -> (HandItem, HandInput)``: the hands this process judged last,
with what they were judged from (bounded by :data:`RECENT_MAX`; a judged hand and its
input are never changed, so threads may share them)."""

RECENT_MAX = 256


_RECENT_LOCK = threading.Lock()


def _remember(hand_id: int, key: str, item: HandItem, hand: HandInput) -> None:
    with _RECENT_LOCK:
        if len(RECENT) >= RECENT_MAX:
            RECENT.pop(next(iter(RECENT)), None)  # the oldest
        RECENT[(hand_id, key)] = (item, hand)


def hand_judgement(db: Database, hand_id: int) -> dict:
    """The judgement on one hand (an entry of ``referee.check``'s ``hands``): the stored one
    when its inputs still match, else judged now in memory. Read-only.

    :raises StoreError: no such hand.
    """
    night, hand = hand_input(db, hand_id)
    kept = _stored(db, [hand_id]).get(hand_id)
    if kept is not None and kept.input_key == hand.key(night):
        return json.loads(kept.entry)
    return json.loads(json.dumps(check_entry(judge(night, hand)[0])))
