"""The pot carried after a night's last hand (passed out, CONTRACT.md 1): how big it is,
who put it in, each player's share of it, and whether the host handed it back to the
stacks before the count (issue #14). Read-only; the one place the shares are computed
(the close's ``store.money.ledger.pot_return``, the bank and the count check read it).
"""

from __future__ import annotations

from sqlite_utils import Database

from referee.settle import largest_remainder
from store.core.memo import kept
from store.hand.events import check_night
from store.hand.judging import LIVE_ENTRY, hands_judgements, session_rebuys
from store.hand.rows import night_hands
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
        and the close's shares both ask).
    """
    return kept(db, ("carried_pot", night_id), lambda: _carried_pot(db, night_id))


def _carried_pot(db: Database, night_id: int) -> tuple[int, dict[int, int]]:
    hands = night_hands(db, night_id)
    if not hands:
        return 0, {}
    try:
        last = hands_judgements(db, night_id, [hands[-1]["number"]])
        if not any(entry.get("carried") for entry in last.values()):
            return 0, {}  # (the last hand carries nothing: no other hand is read)
        result = check_night(db, night_id).get("hands", [])
    except ImportError:  # pragma: no cover - no replay engine: nothing known to carry
        return 0, {}
    return carried_from(db, night_id, result)


def carried_from(db: Database, night_id: int, result: list[dict]) -> tuple[int, dict[int, int]]:
    """:func:`carried_pot` from the night's referee entries ``result`` (CONTRACT.md 4, every
    live hand in order: stored, or judged in memory for a ruling's preview). Read-only."""
    if not result or not result[-1].get("carried"):
        return 0, {}
    bought, rebuys = session_rebuys(db, night_id)  # (the session's stacks and rebuys: no action read)
    starting = {p["seat"]: bought.get(p["seat"], 0) for p in table_players(db, night_id)}
    hands = [{"rebuys": chips} for chips in rebuys]
    shares: dict[int, int] = {}
    carried_before = 0
    for (start, after), entry in zip(hand_starts(starting, hands, result), result):
        if not carried_before:
            shares = {}
        if entry.get("carried"):
            for seat, chips in start.items():
                put_in = chips - after.get(seat, chips)
                if put_in > 0:
                    shares[seat] = shares.get(seat, 0) + put_in
        carried_before = entry.get("carried") or 0
    return int(result[-1]["carried"]), shares


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
    if row is None or row[2] != len(night_hands(db, night_id)):
        return None
    return {"id": row[0], "chips": row[1], "entered_by": row[3], "entered_at": row[4]}
