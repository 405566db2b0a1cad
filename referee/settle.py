"""Settlement maths: nets to transfers, and chips to money without losing a cent.

Pure functions, no I/O. Money is integer cents, chips are integers; nothing here ever
touches a float.

- :func:`settle` turns nets (who is up, who is down, summing to zero) into the fewest
  transfers: an exact search over zero-sum groups when at most :data:`EXACT_LIMIT` people
  have a non-zero net, greedy (largest debtor pays the largest creditor) beyond that.
- :func:`settle_hub` is the hub mode: everyone settles with one person (the host).
- :func:`largest_remainder` and :func:`chips_to_cents` round shares so that they still add
  up exactly (the largest remainder method, Hamilton's method).

>>> [tuple(t) for t in settle({"Ana": 40, "Bruno": 30, "Chus": -30, "Dani": -20, "Eva": -20})]
[('Dani', 'Ana', 20), ('Eva', 'Ana', 20), ('Chus', 'Bruno', 30)]
>>> chips_to_cents({"a": 1, "b": 1, "c": -2}, chip_cents=5, chips_per=2)
{'a': 3, 'b': 2, 'c': -5}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Iterator, Mapping, Sequence

EXACT_LIMIT = 15
"""Most non-zero nets for which :func:`settle` runs the exact search (2**15 subsets)."""


class SettleError(ValueError):
    """Nets that cannot be settled (they do not add up to zero, or are not integers)."""


@dataclass(frozen=True, order=True)
class Transfer:
    """One payment: ``payer`` gives ``payee`` ``amount`` (a positive int, cents or chips)."""

    payer: Hashable
    payee: Hashable
    amount: int

    def __iter__(self) -> Iterator:
        return iter((self.payer, self.payee, self.amount))


def _check_nets(nets: Mapping[Hashable, int]) -> list:
    for who, amount in nets.items():
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise SettleError(f"net of {who!r} is {amount!r}: must be a whole number (cents or chips)")
    total = sum(nets.values())
    if total != 0:
        raise SettleError(f"nets add up to {total}, not 0: settle the bank difference first")
    return sorted(nets)


def _greedy(people: Sequence[Hashable], nets: Mapping[Hashable, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor until all are square (ties: input order)."""
    order = {p: i for i, p in enumerate(people)}
    debtors = [[-nets[p], p] for p in people if nets[p] < 0]
    creditors = [[nets[p], p] for p in people if nets[p] > 0]
    out: list[Transfer] = []
    while debtors and creditors:
        debtors.sort(key=lambda d: (-d[0], order[d[1]]))
        creditors.sort(key=lambda c: (-c[0], order[c[1]]))
        debt, creditor = debtors[0], creditors[0]
        amount = min(debt[0], creditor[0])
        out.append(Transfer(debt[1], creditor[1], amount))
        debt[0] -= amount
        creditor[0] -= amount
        debtors = [d for d in debtors if d[0]]
        creditors = [c for c in creditors if c[0]]
    return out


def _zero_sum_groups(people: Sequence[Hashable], nets: Mapping[Hashable, int]) -> list[list[Hashable]]:
    """Partition ``people`` (all non-zero nets) into the most zero-sum groups.

    Dynamic programming over subsets: ``best[mask]`` is the most zero-sum groups that the
    people in ``mask`` can be cut into when ``mask`` itself sums to zero (and the most
    groups among prefixes otherwise); n - groups is then the fewest transfers.
    """
    n = len(people)
    values = [nets[p] for p in people]
    full = (1 << n) - 1
    sums = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        top = 0
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            value = best[mask ^ low]
            if value > top:
                top = value
        best[mask] = top + (1 if sums[mask] == 0 else 0)
    groups: list[list[Hashable]] = []
    mask = full
    group_mask = full
    while mask:
        # remove the lowest-indexed person that keeps the optimum (deterministic)
        target = best[mask] - (1 if sums[mask] == 0 else 0)
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            if best[mask ^ low] == target:
                break
        mask ^= low
        if sums[mask] == 0:
            groups.append([people[i] for i in range(n) if (group_mask ^ mask) >> i & 1])
            group_mask = mask
    groups.sort(key=lambda g: people.index(g[0]))
    return groups


def settle(nets: Mapping[Hashable, int], *, exact_limit: int = EXACT_LIMIT) -> list[Transfer]:
    """The fewest transfers that bring every net to zero.

    :param nets: person -> net (int; positive = is owed, negative = owes), summing to 0.
        People are any sortable keys of one type (player ids, names); zero nets are skipped.
    :param exact_limit: with at most this many non-zero nets the search is exact
        (the most zero-sum groups, each settled in size - 1 transfers); beyond it,
        greedy largest debtor to largest creditor.
    :returns: a list of :class:`Transfer` (payer, payee, amount > 0), never to oneself,
        at most n - 1 of them, the same list for the same input.
    :raises SettleError: nets that are not integers or do not sum to zero.

    Exact: +40 +30 -30 -20 -20 settles in 3 (greedy takes 4).

    >>> len(settle({1: 40, 2: 30, 3: -30, 4: -20, 5: -20}))
    3
    >>> len(settle({1: 40, 2: 30, 3: -30, 4: -20, 5: -20}, exact_limit=0))
    4
    """
    people = [p for p in _check_nets(nets) if nets[p] != 0]
    if len(people) > exact_limit:
        return _greedy(people, nets)
    out: list[Transfer] = []
    for group in _zero_sum_groups(people, nets):
        out.extend(_greedy(group, nets))
    return out


def settle_hub(nets: Mapping[Hashable, int], hub: Hashable) -> list[Transfer]:
    """Hub mode: everyone settles with ``hub`` (the host) alone.

    :param nets: person -> net (int), summing to 0; ``hub`` may be absent (net 0).
    :returns: one transfer per other person with a non-zero net: losers pay the hub, the
        hub pays winners; sorted by person.
    :raises SettleError: as :func:`settle`.

    >>> [tuple(t) for t in settle_hub({"Ana": 30, "Bruno": -50, "Host": 20}, "Host")]
    [('Host', 'Ana', 30), ('Bruno', 'Host', 50)]
    """
    people = _check_nets(nets)
    out = []
    for person in people:
        amount = nets[person]
        if person == hub or amount == 0:
            continue
        out.append(Transfer(hub, person, amount) if amount > 0 else Transfer(person, hub, -amount))
    return out


def largest_remainder(total: int, weights: Mapping[Hashable, int], denominator: int | None = None) -> dict:
    """Share ``total`` (int) in proportion to integer ``weights``, rounding so the shares
    add up to exactly ``total`` (largest remainder method).

    Each share starts at ``floor(total * weight / denominator)``; the units still missing
    go one each to the largest remainders (ties: sorted key order). ``denominator``
    defaults to the sum of the weights.

    :raises SettleError: a zero denominator.

    >>> largest_remainder(100, {"a": 1, "b": 1, "c": 1})
    {'a': 34, 'b': 33, 'c': 33}
    >>> largest_remainder(-10, {"a": 1, "b": 1, "c": 1})
    {'a': -3, 'b': -3, 'c': -4}
    """
    keys = sorted(weights)
    denominator = sum(weights.values()) if denominator is None else denominator
    if denominator == 0:
        raise SettleError("cannot share among weights that add up to 0")
    shares = {}
    remainders = {}
    for key in keys:
        quotient, remainder = divmod(total * weights[key], denominator)
        shares[key] = quotient
        remainders[key] = remainder
    missing = total - sum(shares.values())
    order = sorted(keys, key=lambda k: (-remainders[k], keys.index(k)))
    step = 1 if missing >= 0 else -1
    for key in order[: abs(missing)]:
        shares[key] += step
    return shares


def chips_to_cents(chip_nets: Mapping[Hashable, int], *, chip_cents: int, chips_per: int = 1) -> dict:
    """Chip nets to money nets in integer cents, keeping a zero sum.

    The chip value is ``chip_cents / chips_per`` cents (``chips_per`` > 1 for a value that
    is not a whole cent, e.g. 3 chips = 10 cents). Each net is rounded down, then the
    cents still missing go to the largest remainders (largest remainder method), so nets
    that add up to zero in chips add up to zero in cents.

    :raises SettleError: ``chip_cents`` or ``chips_per`` not a positive integer.

    >>> chips_to_cents({"a": 1, "b": 1, "c": 1, "d": -3}, chip_cents=10, chips_per=3)
    {'a': 4, 'b': 3, 'c': 3, 'd': -10}
    """
    for name, value in (("chip_cents", chip_cents), ("chips_per", chips_per)):
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise SettleError(f"{name}={value!r}: must be a whole number above 0")
    exact_total = sum(chip_nets.values()) * chip_cents
    total = exact_total // chips_per
    # every net's exact value is net * chip_cents / chips_per; share ``total`` by those
    weights = {k: v * chip_cents for k, v in chip_nets.items()}
    shares = {}
    remainders = {}
    keys = sorted(chip_nets)
    for key in keys:
        shares[key], remainders[key] = divmod(weights[key], chips_per)
    missing = total - sum(shares.values())
    for key in sorted(keys, key=lambda k: (-remainders[k], keys.index(k)))[:max(missing, 0)]:
        shares[key] += 1
    return {k: shares[k] for k in chip_nets}
