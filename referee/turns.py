"""Whose turn it is, and the forced bets: pure functions of the table state.

Used by the replay's modules (:mod:`referee.state`, :mod:`referee.rounds`,
:mod:`referee.forced`), so that they all read the turn order and the blinds the same way.
Seats are ints; chips are ints.

>>> play_order({1, 3, 4, 6}, button=4, clockwise=True)
[6, 1, 3, 4]
>>> blind_seats([6, 1, 3, 4], button=4)
(6, 1)
"""

from __future__ import annotations

from typing import Sequence

from .rules import HouseRules


def play_order(seats: set[int] | Sequence[int], button: int, clockwise: bool) -> list[int]:
    """``seats`` in the direction of play (clockwise: to higher seat numbers), starting with
    the first seat after ``button`` (CONTRACT.md "How the log is read")."""
    ordered = sorted(seats, reverse=not clockwise)
    after = [s for s in ordered if (s > button if clockwise else s < button)]
    before = [s for s in ordered if (s <= button if clockwise else s >= button)]
    return after + before


def blind_seats(order: Sequence[int], button: int) -> tuple[int | None, int | None]:
    """The seats due to post the blind and the double blind (straddle), given the seats
    dealt in in play ``order`` from the button: the two seats after the button; heads-up,
    the button posts the small blind (card-room practice)."""
    if len(order) == 2:
        other = order[0]
        return button if button in order else other, other
    if len(order) >= 2:
        return order[0], order[1]
    return (order[0] if order else None), None


def blind_size(rules: HouseRules, blinds: Sequence[tuple[int, int]], pot: int) -> int:
    """The chips the next blind must be, after ``blinds`` (``(seat, chips)`` posted so far)
    with ``pot`` chips in the middle (the blinds included); 0 where nothing sets a size.

    The blind: the house size, else double the ante (seed 001 "una cifra doble de aquella
    del plato"); the double blind: the house size, else double the blind; each further blind
    doubles the last (seed 000 "Y así sucesivamente"). With ``blind_sizing`` "pot" (seed
    002) the blind doubles what is in the pot before it and the contra-blind is four times
    that pot ("cuatro veces el bote"). With ``pot_then_double`` (seed 001) the blind
    doubles the pot before it ("una cifra doble de aquella del plato") and each later blind
    doubles the last.
    """
    k = len(blinds)
    sizing = rules.blind_sizing
    if (sizing == "pot" and k < 2) or (sizing == "pot_then_double" and k == 0):
        base = pot - sum(chips for _, chips in blinds)
        return (2 if k == 0 else 4) * base
    if k == 0:
        return rules.small_blind or 2 * rules.ante
    if k == 1:
        return rules.big_blind or 2 * blinds[0][1]
    return 2 * blinds[-1][1]


def next_to_bet(cyc: list[int], start: int, n: int, folded: set[int], mucked: set[int],
                allin: set[int], bets: dict[int, int], high: int,
                acted: dict[int, int]) -> int | None:
    """The seat due in a betting round, or None when the round is over: one pass over
    ``cyc`` (play order twice) from position ``start`` (the seat after the last in-turn
    actor), ``n`` seats.

    The first seat still owing action (it has not acted, or its ``bets`` entry is below
    ``high``) is due unless fewer than two seats contest the pot, or no seat can act, or
    the only seat that can act has matched the bet. The pass stops as soon as that is
    settled (a second live seat seen, and a second seat that can act or a due seat that
    owes chips).
    """
    live = able = 0
    last_able = 0
    first: int | None = None
    for s in cyc[start:start + n]:  # (a slice: iterating it beats indexing a range)
        if s in folded or s in mucked:
            continue
        live += 1
        if s in allin:
            if first is not None and (able >= 2 or bets[first] < high):
                return first  # (live >= 2: first and s)
            continue
        able += 1
        last_able = s
        if first is None:
            if s not in acted or bets[s] < high:
                first = s
                if live >= 2 and (able >= 2 or bets[s] < high):
                    return s
        else:
            return first  # live >= 2 and able >= 2: first and s
    if live <= 1 or not able or (able == 1 and bets[last_able] >= high):
        return None
    return first
