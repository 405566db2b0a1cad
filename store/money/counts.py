"""The night's cash-out counts against the chips on the table (issue 11; issue 24: the chips
each player physically holds, CONTRACT.md 4): the host's night page shows each count that
differs, beside the counts.

A night whose hands were played elsewhere (a PokerNow ledger, ``store.files.pokernow``:
``store.night.nights.hands_elsewhere``) has no counts compared: the referee has no hands to
compare them with.

The comparison is the referee's (:func:`referee.count.cash_out_findings`); this module
only gathers what it takes, read-only: the stored judgements of the hands played before
each count (:func:`store.hand.judging.hands_judgements`, judged in memory where a stored one
is not current; nothing written: each carries its ``chips_on_table``), and the live ``cash_out`` entries of
the ledger with the chips bought since the last hand before each.

A count is compared with the seat's stack when it was made (``before_hand``: a player who
leaves is counted then, and ``store.unseat`` takes the seat off the table); counts of a
player who left and came back are compared one by one. A player counted and then dealt in
again without leaving is not what a count is for (the referee still plays the chips handed
in): the later count is compared with the referee's stack as it stands.

A wrong push is in the chips on the table (the referee's figure): a ruling settled in money
moves no chip (the ledger moves the money at the close), one settled at the table is a
``d move`` line of the log, in the figure too. So a count is compared with the chips on the
table alone, never with ruling adjustments added.

A pot carried after the last hand that the host handed back to the stacks before the
count (``store.money.ledger.pot_handed_back``) is in the counts: each player's last count is
compared less the player's share of it (``Count.pot_share``, ``store.money.carried_pot.pot_shares``).
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import replace

from sqlite_utils import Database

from referee.count import Count, cash_out_findings
from store.core.memo import kept
from store.core.transactions import read_tx
from store.hand.judging import LIVE_ENTRY, Night, hands_judgements
from store.hand.rows import hand_numbers
from store.money.carried_pot import carried_pot, handed_back, pot_shares
from store.night.nights import hands_elsewhere, table_players


def count_findings(db: Database, night_id: int) -> list[dict]:
    """The night's counts that differ from the referee's stacks. Read-only (one read
    transaction, no write lock).

    :returns: finding dicts as ``referee.check``'s ``night`` holds them (CONTRACT.md 4):
        kind ``stack_mismatch``, severity ``error``, ``details`` with reason ``cash_out``,
        ``name``, ``recorded`` (the chips counted), ``expected`` (the chips on the table),
        ``referee`` (the referee's stack), ``difference`` (``recorded - pot_share -
        expected``), ``after``, and ``table_differences`` where the two figures differ
        (``referee.findings.DETAILS``); in the order the counts were entered.
    :raises StoreError: no such night.
    """
    return kept(db, ("count_findings", night_id), lambda: _count_findings(db, night_id))


def _count_findings(db: Database, night_id: int) -> list[dict]:
    with read_tx(db):
        if hands_elsewhere(db, night_id):  # a PokerNow ledger: no hands here to compare with
            return []
        night = Night(db, night_id)
        counts = _counts(db, night)
        entries = list(hands_judgements(db, night_id, _hands_counted_after(db, night_id, counts)).values())
    # (a caja libre: the findings quote its sentence, not the caja cautiva's)
    return [f.as_dict() for f in cash_out_findings(entries, counts, not night.rules.table_stakes)]


def _hands_counted_after(db: Database, night_id: int, counts: list[Count]) -> set[int]:
    """The hands whose judgements the counts are compared with: for each count, the last
    live hand played before it (``referee.count.cash_out_findings`` reads that one entry),
    so that a long night's check reads a hand or two, not every hand."""
    numbers = list(hand_numbers(db, night_id).values())
    out = set()
    for count in counts:
        before = bisect_right(numbers, count.after)
        if before:
            out.add(numbers[before - 1])
    return out


def player_count_findings(db: Database, night_id: int, player_id: int) -> list[dict]:
    """The findings of :func:`count_findings` about one player's counts (the player's own:
    their name, unique in the club, is the finding's ``details["name"]``); read-only.

    :raises StoreError: no such night.
    """
    with read_tx(db):
        row = db.execute("SELECT name FROM players WHERE id = ?", [player_id]).fetchone()
        found = count_findings(db, night_id)
    if row is None:
        return []
    return [f for f in found if f.get("details", {}).get("name") == row[0]]


def _counts(db: Database, night: Night) -> list[Count]:
    """The live cash-outs as :class:`referee.count.Count`, in the order entered: the seat the referee plays the player at (:attr:`Night.seats`), the
    chips counted, the hands played when counted (``before_hand``), and the chips the
    player bought after that hand and before the count (since the player's count before
    it, if any)."""
    rows = db.execute(
        f"SELECT l.id, l.player_id, l.kind, l.chips, COALESCE(l.before_hand, 0), p.name FROM ledger l "
        f"JOIN players p ON p.id = l.player_id WHERE l.night_id = ? AND l.kind IN ('buy_in', 'cash_out') "
        f"AND {LIVE_ENTRY} ORDER BY l.id", [night.id]).fetchall()
    counts: list[Count] = []
    owners: list[int] = []  # the player of each count
    pending: dict[tuple[int, int], int] = {}  # (player, hands played) -> chips bought, not counted
    for _, player_id, kind, chips, before, name in rows:
        if kind == "buy_in":
            pending[(player_id, before)] = pending.get((player_id, before), 0) + chips
            continue
        seat = night.seats.get(player_id)
        if seat is None:
            continue
        bought = pending.pop((player_id, before), 0)
        counts.append(Count(seat, chips, before, bought, name))
        owners.append(player_id)
    return _pot_shares(db, night, counts, owners)


def _pot_shares(db: Database, night: Night, counts: list[Count], owners: list[int]) -> list[Count]:
    """``counts`` with each player's share of the carried pot on their last count, when the
    host stated it was handed back to the stacks before the count
    (``store.money.carried_pot.handed_back``; the shares of ``store.money.carried_pot.pot_shares``, the
    close's own, over the players in the money)."""
    if handed_back(db, night.id) is None:
        return counts
    pot = carried_pot(db, night.id)[0]
    in_money = {r[0] for r in db.execute(
        f"SELECT DISTINCT l.player_id FROM ledger l WHERE l.night_id = ? AND l.kind IN ('buy_in', 'cash_out') "
        f"AND {LIVE_ENTRY}", [night.id]).fetchall()}
    seats = {p["seat"]: p["player_id"] for p in table_players(db, night.id) if p["player_id"] in in_money}
    shares = pot_shares(db, night.id, seats, pot)
    last = {owner: i for i, owner in enumerate(owners)}
    out = list(counts)
    for player_id, chips in shares.items():
        if player_id in last:
            out[last[player_id]] = replace(out[last[player_id]], pot_share=chips)
    return out
