"""Deuce-to-seven lowball ranking (``ranking: deuce_to_seven``, the ``deuce_to_seven``
preset for the real WSOP 2-7 hands in ``shared/data/phh``), checked against PokerKit's
deuce-to-seven evaluator (``pokerkit.StandardLowHand``).

In 2-7 the ace is always high, straights and flushes count against the hand, and the best
hand is 7-5-4-3-2 of mixed suits. A larger HandRank is the better low hand.
"""

from __future__ import annotations

import ast
import random
import re
from itertools import combinations

import pytest

pokerkit = pytest.importorskip("pokerkit")

from referee import compare, rank, winners  # noqa: E402
from referee.cards import make_deck  # noqa: E402
from referee.rank import rules_table  # noqa: E402

LOW = "deuce_to_seven"


def test_seven_five_four_three_deuce_is_the_best_low_hand():
    """RRoP, "Lowball" (deuce-to-seven): 7-5-4-3-2 unsuited is the nuts."""
    best = rank("7h5d4c3s2h", LOW)
    assert best.name == "high card"
    assert compare("7h5d4c3s2h", "7s6d4h3c2d", LOW) == 1
    assert compare("7h5d4c3s2h", "8s5h4d3h2c", LOW) == 1


def test_ace_is_high_and_a2345_is_not_a_straight_in_deuce_to_seven():
    """In 2-7 the ace only plays high: A-2-3-4-5 is an ace-high hand, worse than K-high."""
    assert rank("As2d3h4c5s", LOW).name == "high card"
    assert compare("Ks8d6h4c2s", "As2d3h4c5s", LOW) == 1


def test_straights_and_flushes_count_against_the_hand_in_deuce_to_seven():
    """8-7-6-5-4 is a straight (a bad low); 9-7-5-3-2 of one suit is a flush."""
    assert rank("8s7d6h5c4s", LOW).name == "straight"
    assert compare("AsAdKhQc2s", "8s7d6h5c4s", LOW) == 1    # a pair beats a straight
    assert rank("9h7h5h3h2h", LOW).name == "flush"
    assert compare("9h7h5h3h2d", "9h7h5h3h2h", LOW) == 1


@pytest.mark.slow
def test_deuce_to_seven_orders_100000_random_hands_as_pokerkit():
    """Our order and PokerKit's agree exactly (same ties, same order) on 100,000 hands."""
    deck = make_deck("2")
    rng = random.Random(20230622)
    ranker = rules_table(LOW)
    low_hand = pokerkit.StandardLowHand
    pairs: dict[int, int] = {}
    for _ in range(100_000):
        cards = "".join(rng.sample(deck, 5))
        ours = ranker(cards).value
        theirs = low_hand(cards).entry.index        # PokerKit: index 0 is the best low
        known = pairs.setdefault(ours, theirs)
        assert known == theirs, f"{cards}: tie class {ours} maps to PokerKit {known} and {theirs}"
    assert len(set(pairs.values())) == len(pairs)
    theirs_in_our_order = [pairs[v] for v in sorted(pairs)]
    assert all(a > b for a, b in zip(theirs_in_our_order, theirs_in_our_order[1:]))
    assert len(pairs) > 5000


def test_pokerkit_hand_comparison_agrees_on_random_pairs():
    """The same check through PokerKit's own ``>`` (not its table index): 3,000 pairs."""
    deck = make_deck("2")
    rng = random.Random(7)
    for _ in range(3000):
        a, b = ("".join(rng.sample(deck, 5)) for _ in range(2))
        ha, hb = pokerkit.StandardLowHand(a), pokerkit.StandardLowHand(b)
        expected = (ha > hb) - (ha < hb)
        assert compare(a, b, LOW) == expected, (a, b)


def _known_hands(text: str) -> list[list[str]]:
    """Five-card hands named in a PHH ``actions`` list (deals and showdowns), by seat."""
    match = re.search(r"^actions = (\[.*?\])$", text, re.M | re.S)
    actions = ast.literal_eval(match.group(1))
    shown: list[list[str]] = []
    for action in actions:
        m = re.fullmatch(r"(?:d dh (p\d) |(p\d) sm )([2-9TJQKA][shdc]{1}(?:[2-9TJQKA][shdc]){4})",
                         action.split("#")[0].strip())
        if m:
            shown.append([m.group(1) or m.group(2), m.group(3)])
    return shown


def test_real_wsop_deuce_to_seven_hands_rank_as_pokerkit_ranks_them(shared):
    """Every fully known five-card hand dealt or shown in the 2-7 PHH files
    (``N2L1D``, ``F2L3D``) ranks, pair by pair, as PokerKit ranks it; and the best
    shown hand of each file is the one PokerKit picks."""
    files = sorted((shared / "data" / "phh").glob("*.phh"))
    checked = 0
    for path in files:
        text = path.read_text()
        if not re.search(r"variant = '(N2L1D|F2L3D)'", text):
            continue
        hands = [cards for _, cards in _known_hands(text)]
        for a, b in combinations(hands, 2):
            ha, hb = pokerkit.StandardLowHand(a), pokerkit.StandardLowHand(b)
            assert compare(a, b, LOW) == (ha > hb) - (ha < hb), (path.name, a, b)
            checked += 1
        if hands:
            best = max(pokerkit.StandardLowHand(h) for h in hands)
            assert {hands[i] for i in winners(hands, LOW)} == {
                h for h in hands if pokerkit.StandardLowHand(h) == best}
    assert checked > 50
