"""Money of a hand: contributions -> main and side pots, who wins each, splits and the odd
chip.

All amounts are chips (int). Seats are ints.

>>> build_pots({1: 100, 2: 100, 5: 100, 6: 40}, live={1, 2, 5, 6}, carried=0)
[Pot(amount=160, seats=(1, 2, 5, 6)), Pot(amount=180, seats=(1, 2, 5))]
>>> sorted(split(85, [3, 2], order=[2, 3, 5]).items())
[(2, 43), (3, 42)]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from .cards import RANK_VALUE
from .rank import RANKING_FIELDS, value_ranker, winners
from .rules import HouseRules


@dataclass
class Pot:
    """One pot: ``amount`` chips (int) and the ``seats`` (tuple of ints) eligible to win it.
    Never changed once made (a pot that grows is a new Pot)."""

    amount: int
    seats: tuple[int, ...]

    def as_dict(self) -> dict:
        """``{"amount": int, "seats": [int, ...]}`` as in CONTRACT.md section 4."""
        return {"amount": self.amount, "seats": list(self.seats)}


def build_pots(contrib: Mapping[int, int], live: Iterable[int], carried: int = 0) -> list[Pot]:
    """Split what each seat put in into a main pot and side pots (RRoP section 3, table stakes).

    :param contrib: seat -> chips that seat put in this hand (antes, blinds, bets).
    :param live: seats still contesting (not folded, not dead); only they can win.
    :param carried: chips carried in from earlier deals; they go to the main pot.
    :returns: pots from the main pot outwards; each pot's ``seats`` are the live seats
        that put in at least that level, sorted. A top pot with one seat is that seat's
        uncalled bet. Then, after the live pots, one pot per folded or dead seat that put
        in more than every live seat, in seat order: its chips above the top live level,
        back to it (``seats`` is that one seat). Empty when no seat is live (the caller
        carries everything).

    Seed 000: "Si el que gana va restado, solamente ganará el importe de su resto a cada
    uno de los jugadores que hayan entrado con él." RRoP section 3: an all-in player wins
    from each player only what he matched; the bet nobody matched goes back to who made it.

    The choice where several folded seats put in more than every live seat (the seeds and
    the rule book are silent): each gets back its own chips above the top live level. No
    live seat can win them, and each of those seats gave up its hand; the chips they
    matched among themselves are not given to the last of them to fold.

    >>> build_pots({1: 10, 2: 20, 3: 15}, live={3})
    [Pot(amount=40, seats=(3,)), Pot(amount=5, seats=(2,))]
    >>> build_pots({1: 100, 2: 60, 3: 15, 4: 15}, live={3, 4})
    [Pot(amount=60, seats=(3, 4)), Pot(amount=85, seats=(1,)), Pot(amount=45, seats=(2,))]
    """
    live_seats = sorted(set(live))
    if not live_seats:
        return []
    get = contrib.get
    put_in = list(contrib.values())
    levels = sorted({get(s, 0) for s in live_seats})
    top = levels[-1]
    returned = sorted([(s, chips - top) for s, chips in contrib.items() if chips > top])
    if len(levels) == 1 and not returned:  # every live seat put in the same: one pot
        return [Pot(sum(put_in) + carried, tuple(live_seats))]
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = 0
        for chips in put_in:
            if chips > prev:
                amount += (level if chips > level else chips) - prev
        if not pots:
            amount += carried
        seats = tuple([s for s in live_seats if get(s, 0) >= level])
        if amount or not pots:
            pots.append(Pot(amount, seats))
        prev = level
    for s, chips in returned:  # what no live seat matched goes back (RRoP section 3)
        pots.append(Pot(chips, (s,)))
    return pots


def split(amount: int, winners: Sequence[int], order: Sequence[int],
          odd_chip_first: int | None = None) -> dict[int, int]:
    """Share ``amount`` chips among tied ``winners`` (RRoP section 4; seed 000 "se distribuyen
    las ganancias entre los dos").

    :param order: every seat in the direction of play starting with the first seat after
        the button; the odd chips go one each to the tied seats in this order.
    :param odd_chip_first: the seat that gets the first odd chip instead (by suit, where
        the house breaks ties by suit), then the rest in ``order``.
    :returns: seat -> chips, summing to ``amount``.
    :raises ValueError: no winners.
    """
    if not winners:
        raise ValueError("split: no winners")
    share, odd = divmod(amount, len(winners))
    out = {s: share for s in winners}
    ranked = [s for s in order if s in out] + [s for s in winners if s not in order]
    if odd_chip_first is not None and odd_chip_first in out:
        ranked.remove(odd_chip_first)
        ranked.insert(0, odd_chip_first)
    for s in ranked[:odd]:
        out[s] += 1
    return out


def award_pots(pots: Sequence[Pot], live: Sequence[int], shown: dict[int, tuple[str, ...]],
               unknown: set[int], rules: HouseRules, n: int,
               order: Sequence[int]) -> dict[int, int] | None:
    """Cards speak (RRoP section 4): each pot to the best shown hand among its seats; a
    hand must be tabled to win; ties split with the odd chip from the button (or, where
    ``suit_order`` is set, to the tied hand holding the best card by suit).

    :param pots: the pots, main pot first. :param live: the seats that can win.
    :param shown: seat -> the five cards it tabled. :param unknown: seats that tabled
        unseen cards (``??``). :param rules: the table's rules; ``n`` seats dealt in, in
        play ``order`` from the button.
    :returns: seat -> chips (ints), or None where the cards that decide a pot were never
        seen.
    """
    shown_live = [s for s in live if s in shown]
    values: dict[int, int] | None = None  # seat -> hand value (ranked once for every pot)
    awards: dict[int, int] = {}
    for pot in pots:
        seats = list(pot.seats)
        if len(seats) == 1:
            won = seats
        else:
            contenders = [s for s in seats if s in shown_live]
            if not contenders or (unknown and any(s in unknown for s in seats)):
                return None  # the cards that decide this pot were never seen
            if len(contenders) == 1:
                won = contenders
            else:
                try:
                    if values is None:
                        rank_of = _ranker(rules, n)
                        values = ({} if rank_of is None else
                                  {s: rank_of("".join(shown[s])).value for s in shown_live})
                    if values:
                        best = max([values[s] for s in contenders])
                        won = [s for s in contenders if values[s] == best]
                    else:  # the straight-flush cycle: no single value orders the hands
                        idx = winners(["".join(shown[s]) for s in contenders], rules, n)
                        won = [contenders[k] for k in idx]
                except ValueError:  # pragma: no cover - shown hands are validated before
                    return None
        if len(won) == 1:
            awards[won[0]] = awards.get(won[0], 0) + pot.amount
        else:
            first = _odd_chip_by_suit(won, shown, rules.suit_order) if rules.suit_order else None
            for s, c in split(pot.amount, won, order, first).items():
                awards[s] = awards.get(s, 0) + c
    return awards


def _ranker(rules: HouseRules, n: int) -> Callable[[Any], Any] | None:
    """:func:`referee.rank.value_ranker` for the table's rules and ``n`` seats, kept in
    :data:`_RANKERS` per rules object (by identity: they are frozen) and per the fields
    the ranking depends on (:data:`referee.rank.RANKING_FIELDS`: a session with other
    stakes ranks alike)."""
    key: tuple = (id(rules), n)
    found = _RANKERS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    fields = rules.__dict__
    by_fields = tuple([fields[name] for name in RANKING_FIELDS] + [n])
    if len(_RANKERS) > 512:
        _RANKERS.clear()
    same = _RANKERS.get(by_fields)
    if same is None:
        rank_of = value_ranker(rules, n)
        _RANKERS[by_fields] = (rules, rank_of)
    else:
        rank_of = same[1]
    _RANKERS[key] = (rules, rank_of)  # (the rules kept alive: their id stays theirs)
    return rank_of


_RANKERS: dict[tuple, tuple[HouseRules, Callable[[Any], Any] | None]] = {}


def _odd_chip_by_suit(seats: list[int], shown: dict[int, tuple[str, ...]], order: str) -> int:
    """The tied seat holding the best card by rank, then by ``order`` of suits."""

    def key(s: int) -> tuple:
        best = (0, 0)
        for c in shown.get(s, ()):
            if c[0] in RANK_VALUE and c[1] in order:
                best = max(best, (RANK_VALUE[c[0]], 4 - order.index(c[1])))
        return best

    return max(seats, key=key)
