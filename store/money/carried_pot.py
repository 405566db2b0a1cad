"""The pot carried after a night's last hand (passed out, CONTRACT.md 1): how big it is,
who put it in, each player's share of it, and whether the host handed it back to the
stacks before the count (issue #14). Read-only; the one place the shares are computed
(the close's ``store.money.ledger.pot_return``, the bank and the count check read it).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from sqlite_utils import Database

from referee.settle import largest_remainder
from store.core.memo import kept
from store.hand.judging import LIVE_ENTRY, LIVE_HAND, entry_texts, session_rebuys, stored_stretch
from store.hand.rows import live_hand_count
from store.night.nights import table_players

HANDED_BACK = "pot_handed_back"
"""Ledger kind of the host's statement that the carried pot was handed back to the
players' stacks before they counted (``store.money.ledger.pot_handed_back``)."""


def carried_pot(db: Database, night_id: int) -> tuple[int, dict[int, int]]:
    """The pot still on the table after the last hand (passed-out deals carry it,
    CONTRACT.md 1) and who put it in.

    :returns: ``(chips, {seat: chips put in})``; the put-in add up to the pot when the
        log is consistent (they are used as weights either way). ``(0, {})`` without one.
        Worked out once while the database is unchanged (``store.core.memo.kept``: the bank
        and the close's shares both ask), from the stored results of the night's last hands
        (:func:`stored_carried`: the last hand's alone when it carried nothing); from every
        hand's only when one of those does not hold (its MAC or its facts).
    """
    return kept(db, ("carried_pot", night_id), lambda: _carried_pot(db, night_id))


def _carried_pot(db: Database, night_id: int) -> tuple[int, dict[int, int]]:
    found = stored_carried(db, night_id)
    if found is not None:
        return found
    try:
        texts = entry_texts(db, night_id)
    except ImportError:  # pragma: no cover - no replay engine: nothing known to carry
        return 0, {}
    return carried_from(db, night_id, Entries([text for _, text in texts]))


def stored_carried(db: Database, night_id: int) -> tuple[int, dict[int, int]] | None:
    """:func:`carried_pot` from the stored results of the night's last hands
    (``store.hand.judging.stored_stretch``: each confirmed by its MAC and its facts, no
    action read): the last hand's result says the pot it carried (issue 25: the open
    night's money reads O(1) rows, not every hand); when it carried one, the run of carried
    hands that ends the night is read back (a window of hands, widened until the hand
    before the run is in it) and each seat's part of it is what each hand of the run took
    from the stack it began with (:func:`start_shares`). Read-only.

    :returns: ``(chips, {seat: chips put in})`` as :func:`carried_pot`; ``(0, {})`` for a
        night without hands; None when a stored result read does not hold (the caller
        walks the night: :func:`carried_from`).
    """
    last = db.execute(f"SELECT MAX(h.number) FROM hands h WHERE h.night_id = ? AND {LIVE_HAND}",
                      [night_id]).fetchone()[0]
    if not last:
        return 0, {}
    window = 1
    while True:
        first = max(1, last - window + 1)
        stretch = stored_stretch(db, night_id, first, last)
        if stretch is None or sorted(stretch) != list(range(first, last + 1)):
            return None
        if not stretch[last]["entry"].get("carried"):
            return 0, {}
        start = last
        while start > first and stretch[start - 1]["entry"].get("carried"):
            start -= 1
        if start > first or first == 1:
            run = [stretch[n] for n in range(start, last + 1)]
            return int(stretch[last]["entry"]["carried"]), start_shares(run)
        window *= 4


def start_shares(run: list[dict]) -> dict[int, int]:
    """What each seat put into a carried pot over ``run``, the hands of the run of carried
    hands that ends the night, in order (each ``{"start": {seat (int): chips}, "entry":
    {"stacks": {seat (str): chips}}}`` as ``store.hand.judging.stored_stretch`` gives
    them): per hand, the chips each seat's stack lost between its start and the entry's
    stacks, summed. Pure; the same figures as :func:`run_shares`' walk.

    >>> start_shares([{"start": {1: 10, 2: 10}, "entry": {"stacks": {"1": 9, "2": 9}}},
    ...               {"start": {1: 9, 2: 14}, "entry": {"stacks": {"1": 8, "2": 13}}}])
    {1: 2, 2: 2}
    """
    shares: dict[int, int] = {}
    for hand in run:
        stacks = hand["entry"].get("stacks") or {}
        for seat, chips in hand["start"].items():
            lost = chips - stacks.get(str(seat), chips)
            if lost > 0:
                shares[seat] = shares.get(seat, 0) + lost
    return shares


class Entries(Sequence):
    """The night's referee entries from their stored JSON texts
    (``store.hand.judging.entry_texts``), each parsed when first read: the carried pot's
    shares read the last hands', not a long night's every one."""

    def __init__(self, texts: list[str]) -> None:
        self._texts = texts
        self._parsed: dict[int, dict] = {}

    def __len__(self) -> int:
        return len(self._texts)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = index + len(self) if index < 0 else index
        if index not in self._parsed:
            self._parsed[index] = json.loads(self._texts[index])
        return self._parsed[index]


def carried_from(db: Database, night_id: int, result: Sequence[dict]) -> tuple[int, dict[int, int]]:
    """:func:`carried_pot` from the night's referee entries ``result`` (CONTRACT.md 4, every
    live hand in order: stored, or judged in memory for a ruling's preview). Read-only."""
    if not result or not result[-1].get("carried"):
        return 0, {}
    bought, rebuys = session_rebuys(db, night_id)  # (the session's stacks and rebuys: no action read)
    starting = {p["seat"]: bought.get(p["seat"], 0) for p in table_players(db, night_id)}
    return int(result[-1]["carried"]), run_shares(starting, rebuys, result)


def run_shares(starting: dict[int, int], rebuys: list[dict], entries: Sequence[dict]) -> dict[int, int]:
    """What each seat put into the pot the night's last hands carried: the chips each hand
    of the run of carried hands that ends the night took from the seat's stack (its start,
    :func:`hand_starts`'s, less its ``stacks`` after), summed over the run. Only the run's
    entries are read, and the entries before it only as far back as a seat's stack is
    named. Pure.

    :param starting: ``{seat: chips}`` before hand 1; ``rebuys``: each hand's ``{seat (str):
        chips}`` bought before it; ``entries``: the referee's entries, in order (the same
        hands; the walk stops at the shorter).
    :returns: ``{seat: chips put in}`` (only seats that put chips in).

    >>> run_shares({1: 10, 2: 10}, [{}, {}, {"2": 5}],
    ...            [{"stacks": {"1": 12, "2": 8}, "carried": 0}, {"stacks": {"1": 11, "2": 7}, "carried": 2},
    ...             {"stacks": {"1": 10, "2": 11}, "carried": 4}])
    {1: 2, 2: 2}
    """
    count = min(len(entries), len(rebuys))
    first = count - 1
    while first > 0 and entries[first - 1].get("carried"):
        first -= 1  # (the run: a hand after one that carried nothing starts the shares again)
    seats = {int(seat) for j in range(first, count) for seat in entries[j].get("stacks") or {}}
    after = {seat: chips for seat in seats
             if (chips := _stack_after(seat, first - 1, starting, rebuys, entries)) is not None}
    shares: dict[int, int] = {}
    for j in range(first, count):
        start = dict(after)
        for seat, chips in (rebuys[j] or {}).items():
            start[int(seat)] = start.get(int(seat), 0) + chips
        stacks = {int(seat): chips for seat, chips in (entries[j].get("stacks") or {}).items()}
        for seat, chips in start.items():
            if chips - stacks.get(seat, chips) > 0:
                shares[seat] = shares.get(seat, 0) + chips - stacks.get(seat, chips)
        after = {**start, **stacks}
    return shares


def _stack_after(seat: int, index: int, starting: dict[int, int], rebuys: list[dict],
                 entries: Sequence[dict]) -> int | None:
    """The seat's chips after the hand at ``index`` (-1: before the first) as
    :func:`hand_starts` walks them: the last entry that names the seat, plus the chips it
    bought after it (or the starting stack plus every buy); None when the walk has no
    chips for the seat."""
    bought, known = 0, False
    while index >= 0:
        stacks = entries[index].get("stacks") or {}
        if str(seat) in stacks:
            return stacks[str(seat)] + bought
        if str(seat) in (rebuys[index] or {}):
            bought, known = bought + rebuys[index][str(seat)], True
        index -= 1
    if seat in starting:
        return starting[seat] + bought
    return bought if known else None


def hand_starts(starting: dict, hands: list[dict], entries: list[dict]):
    """Each hand's stacks at its start and at its end, walking the night: a hand starts
    with the stacks after the hand before plus the chips bought between (its ``rebuys``,
    CONTRACT.md 1; hand 1 with ``starting``) and ends with the referee's ``stacks``
    (CONTRACT.md 4; a seat it does not name keeps its chips). The one walk of the stacks
    for the carried pot's shares (:func:`carried_from`) and each hand's result
    (``store.club.standings.hand_results``). Pure.

    :param starting: ``{seat: chips}`` before hand 1 (seats as ints or digit strings).
    :param hands: the session's hand objects, in order (their ``rebuys``).
    :param entries: the referee's entries of those hands, in order.
    :returns: an iterator of ``(start, stacks)``, ``{seat (int): chips}`` each.

    >>> list(hand_starts({1: 10, 2: 10}, [{}, {"rebuys": {"2": 5}}],
    ...                  [{"stacks": {"1": 12, "2": 8}}, {"stacks": {"1": 12, "2": 13}}]))
    [({1: 10, 2: 10}, {1: 12, 2: 8}), ({1: 12, 2: 13}, {1: 12, 2: 13})]
    """
    after = {int(seat): chips for seat, chips in starting.items()}
    for hand, entry in zip(hands, entries):
        start = dict(after)
        for seat, chips in (hand.get("rebuys") or {}).items():
            start[int(seat)] = start.get(int(seat), 0) + chips
        stacks = {int(seat): chips for seat, chips in (entry.get("stacks") or {}).items()}
        yield start, stacks
        after = {**start, **stacks}


def pot_shares(db: Database, night_id: int, seats: dict[int, int], chips: int) -> dict[int, int]:
    """Each player's share of ``chips`` of the carried pot, in proportion to what their
    seat put in (largest remainder, ``referee.settle.largest_remainder``; everyone in
    ``seats`` equally when none of them put anything in): ``{player_id: chips}``, only
    the non-zero shares. Read-only.

    :param seats: ``{seat: player_id}`` of the players in the money.
    """
    if not chips or not seats:
        return {}
    _, put_in = carried_pot(db, night_id)
    weights = {seat: c for seat, c in put_in.items() if seat in seats} or {seat: 1 for seat in seats}
    return {seats[seat]: c for seat, c in largest_remainder(chips, weights).items() if c}


def handed_back(db: Database, night_id: int) -> dict | None:
    """The host's live statement that the carried pot was handed back to the stacks before
    the count, when it still holds (no hand played since): ``{"id", "chips", "entered_by",
    "entered_at"}``, else None. Read-only."""
    row = db.execute(
        f"SELECT l.id, l.chips, l.before_hand, l.entered_by, l.entered_at FROM ledger l WHERE l.night_id = ? "
        f"AND l.kind = ? AND {LIVE_ENTRY} ORDER BY l.id DESC LIMIT 1", [night_id, HANDED_BACK]).fetchone()
    if row is None or row[2] != live_hand_count(db, night_id):
        return None
    return {"id": row[0], "chips": row[1], "entered_by": row[3], "entered_at": row[4]}
