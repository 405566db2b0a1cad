"""The straights that turn the corner under the house switch ``circular_straight`` (seed
000: "Como la escalera es circular, el as puede ir delante del rey o después del dos, a
voluntad."), said for the pages that offer or explain the switch (the new-night form): which
runs they are with the night's deck, in their rank order, or that the switch cannot apply.

The order is :mod:`referee.rank`'s: a straight that turns the corner ranks by its top card,
the last of the run (Q-K-A-2-3 is 3 high), so every one of them is below the lowest straight
without the switch (A-2-3-4-5, 5 high, with 52 cards; A-7-8-9-T with 32): J-Q-K-A-2 <
Q-K-A-2-3 < K-A-2-3-4 < A-2-3-4-5 < 2-3-4-5-6 ... < T-J-Q-K-A. With a stripped deck the run
goes on from the ace to the deck's lowest cards (32 cards: J-Q-K-A-7 < Q-K-A-7-8 <
K-A-7-8-9). With a lowball ranking (deuce-to-seven) the switch plays no part: the ranking
never reads a high straight.

>>> circular_straights({"preset": "jackpots", "circular_straight": True})
((52, ('J-Q-K-A-2', 'Q-K-A-2-3', 'K-A-2-3-4'), 'A-2-3-4-5'),)
>>> circular_straights({"preset": "jackpots", "lowest_rank": "7"})[0][1]
('J-Q-K-A-7', 'Q-K-A-7-8', 'K-A-7-8-9')
>>> circular_straights("deuce_to_seven")
()
"""

from __future__ import annotations

from typing import Any

from .cards import RANKS, deck_size, lowest_rank_for_players
from .rules import resolve_rules

RUN = 5
"""Cards in a straight."""


def circular_straights(rules: Any) -> tuple[tuple[int, tuple[str, ...], str], ...]:
    """The straights that turn the corner, per deck the rules may be played with (whether
    the switch is on or not: what it would add).

    :param rules: a preset name, a rules dict or resolved rules (``referee.resolve_rules``).
    :returns: ``((deck size in cards, runs from the lowest as "Q-K-A-2-3", the lowest
        straight without the switch), ...)``: one entry for a fixed ``lowest_rank``, one per
        deck the rule of 11 may give for ``"auto"`` (the largest deck first); ``()`` where
        the switch cannot apply (a lowball ranking).
    :raises referee.RulesError: rules that do not resolve.
    """
    r = resolve_rules(rules)
    if r.ranking != "high":
        return ()
    if r.lowest_rank == "auto":
        lows = sorted({lowest_rank_for_players(n) for n in range(2, 11)}, key=RANKS.index)
    else:
        lows = [r.lowest_rank]
    out = []
    for low in lows:
        ranks = RANKS[RANKS.index(low):]  # (from the lowest rank to the ace)
        m = len(ranks)
        runs = tuple("-".join(ranks[(start + j) % m] for j in range(RUN))
                     for start in range(m - 4, m - 1))
        lowest = "-".join(("A",) + tuple(ranks[:RUN - 1]))
        out.append((deck_size(low, 0), runs, lowest))
    return tuple(out)
