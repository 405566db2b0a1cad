"""Openers: does a hand hold the opening minimum, and could the kept cards have held it.

Seed 000: "Para ello será preciso tener en mano, por lo menos, una pareja de valets ... será
obligatorio el justificar la ley de apertura"; the progressive minimum (queens, kings, aces
after passed-out deals) comes from the session (``HouseRules.opening_after``).

>>> from referee.rules import resolve_rules
>>> openers_could_be_kept(("Jh", "Jd", "8c", "8s", "3d"), 3, [], [], "J", resolve_rules("jackpots"))
True
>>> openers_could_be_kept(("Jh", "Jd", "8c", "8s", "3d"), 4, [], [], "J", resolve_rules("jackpots"))
False
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from .cards import RANK_VALUE
from .rank import rank
from .rules import HouseRules

STRONGER_THAN_PAIR = {"two pair", "five figures", "three of a kind", "straight", "flush",
                      "full house", "four of a kind", "straight flush", "five of a kind"}
"""Category names (``rank.HandRank.name``) that beat any one pair."""


def meets_opening(cards: Sequence[str], minimum: str | None, rules: HouseRules,
                  players: int | None = None) -> bool:
    """Whether ``cards`` hold openers: a pair of ``minimum`` (``"J"``..``"A"``) or better.

    :param cards: up to five card strings (unknown ``??`` cards count for nothing); with
        fewer than five, only pairs, two pairs and trips can be seen.
    :param minimum: the opening in force (seed 000 "una pareja de valets", the ladder), or
        None (anything opens).
    :returns: True if two pair or better, or a pair of ``minimum`` or higher. A wild joker
        pairs with the highest card; a bug joker counts as an ace (CONTRACT.md section 3).

    >>> from referee.rules import resolve_rules
    >>> meets_opening(("Js", "Jh", "8d", "5c", "2s"), "Q", resolve_rules("pocker"))
    False
    >>> meets_opening(("Ah", "Jk", "8d", "5c", "2s"), "Q", resolve_rules("pocker"))
    True
    >>> meets_opening(("Ts", "Td"), "J", resolve_rules("jackpots"))
    False
    """
    if minimum is None:
        return True
    known = [c for c in cards if c != "??"]
    jokers = sum(1 for c in known if c == "Jk")
    natural = [c for c in known if c != "Jk"]
    counts: dict[str, int] = {}
    for c in natural:
        counts[c[0]] = counts.get(c[0], 0) + 1
    pairs = sorted((RANK_VALUE[r] for r, k in counts.items() if k >= 2), reverse=True)
    if jokers and rules.joker == "bug":
        counts["A"] = counts.get("A", 0) + jokers
        pairs = sorted((RANK_VALUE[r] for r, k in counts.items() if k >= 2), reverse=True)
        jokers = 0
    top = max(counts.values(), default=0) + jokers
    if len(pairs) >= 2 or top >= 3:
        return True
    need = RANK_VALUE[minimum]
    if pairs:
        if jokers:
            return True  # a pair and a joker make trips
        return pairs[0] >= need
    if jokers and natural:
        return max(RANK_VALUE[c[0]] for c in natural) >= need
    if jokers >= 2:
        return True
    if len(known) == 5:
        try:
            return rank("".join(known), rules, players).name in STRONGER_THAN_PAIR
        except ValueError:
            return True  # not a hand of this deck: reported as a card finding, not here
    return False


def openers_could_be_kept(shown: Sequence[str], drawn: int, known_discards: Sequence[str],
                          served: Sequence[str], minimum: str | None, rules: HouseRules,
                          players: int | None = None) -> bool:
    """Whether the opener's hand before the draw can have held openers, judged from the
    hand shown after it (the deal not recorded).

    The cards kept are ``5 - drawn`` of the shown cards that were not served; the hand
    before the draw was those plus the discards. Openers are proved if some choice of
    kept cards, with the discards that are known (split openers: the discarded half of the
    pair), holds ``minimum`` or better; with unknown discards the kept cards alone must
    hold them.

    :param shown: the five cards tabled. :param drawn: cards drawn in all (0-5).
    :param known_discards: the discards written in the log (may be fewer than ``drawn``).
    :param served: served cards known to be among ``shown``.
    :returns: True if openers are possible, False if impossible.
    """
    pool = [c for c in shown if c not in served]
    keep = min(max(5 - drawn, 0), len(pool))
    discards = tuple(known_discards)
    return any(meets_opening(tuple(kept) + discards, minimum, rules, players)
               for kept in combinations(pool, keep))
