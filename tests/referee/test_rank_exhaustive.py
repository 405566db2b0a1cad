"""Every one of the 2,598,960 five-card hands of a 52-card deck ranks, under ``jackpots``,
in exactly the order two independent evaluators give (treys, and phevaluator's C
evaluator): same ties, same order.

The check maps each hand to (our HandRank value, their score) and requires each map to
be one-to-one on tie classes (7,462 of them) and order-reversing (both score the best
hand 1). Run time is a few seconds per million hands on one core.
"""

from __future__ import annotations

from itertools import combinations

import pytest

treys = pytest.importorskip("treys")

from referee.cards import make_deck  # noqa: E402
from referee.rank import rules_table  # noqa: E402

pytestmark = pytest.mark.slow


def test_jackpots_orders_all_2598960_hands_exactly_as_treys_and_phevaluator():
    phevaluator = pytest.importorskip("phevaluator")
    from phevaluator import _pheval  # the C evaluator behind phevaluator.evaluate_cards

    deck = make_deck("2")
    to_int = {card: treys.Card.new(card) for card in deck}
    to_ph = {card: phevaluator.Card(card).id_ for card in deck}
    five = treys.Evaluator()._five
    ph_five = _pheval.evaluate_5cards
    ranker = rules_table("jackpots")
    pairs: dict[int, int] = {}
    ph_pairs: dict[int, int] = {}
    count = 0
    for hand in combinations(deck, 5):
        ours = ranker("".join(hand)).value
        theirs = five([to_int[c] for c in hand])
        known = pairs.setdefault(ours, theirs)
        assert known == theirs, f"{''.join(hand)}: tie class {ours} maps to treys {known} and {theirs}"
        a, b, c, d, e = hand
        ph = ph_five(to_ph[a], to_ph[b], to_ph[c], to_ph[d], to_ph[e])
        known = ph_pairs.setdefault(ours, ph)
        assert known == ph, f"{''.join(hand)}: tie class {ours} maps to phevaluator {known} and {ph}"
        count += 1
    assert count == 2_598_960
    for name, mapping in (("treys", pairs), ("phevaluator", ph_pairs)):
        # One-to-one on tie classes: as many of ours as they have, none shared.
        assert len(mapping) == 7462, name
        assert len(set(mapping.values())) == len(mapping), name
        # Order: our larger value is their smaller (better) score, all the way down.
        theirs_in_our_order = [mapping[v] for v in sorted(mapping)]
        assert all(a > b for a, b in zip(theirs_in_our_order, theirs_in_our_order[1:])), name


def test_category_counts_over_all_hands_match_the_textbook():
    """The 52-card category frequencies (any probability table, e.g. Wikipedia's
    "Poker probability"): 1,302,540 high card ... 40 straight flushes (royals included)."""
    deck = make_deck("2")
    ranker = rules_table("jackpots")
    counts: dict[str, int] = {}
    for hand in combinations(deck, 5):
        name = ranker("".join(hand)).name
        counts[name] = counts.get(name, 0) + 1
    assert counts == {
        "high card": 1_302_540, "one pair": 1_098_240, "two pair": 123_552,
        "three of a kind": 54_912, "straight": 10_200, "flush": 5_108,
        "full house": 3_744, "four of a kind": 624, "straight flush": 40,
    }


def test_stripped_36_card_deck_orders_all_376992_hands_as_pokerkit_short_deck():
    """Seed 001 with five players (6 to ace, rule of 11): the ace plays low below the 6
    (A-6-7-8-9) and the flush beats the full. With suit order and the cycle switched off
    this is exactly PokerKit's short-deck ranking, checked here over every hand."""
    pokerkit = pytest.importorskip("pokerkit")
    lookup = pokerkit.lookups.ShortDeckHoldemLookup()
    rules = {"preset": "clasico", "suit_order": None, "straight_flush_cycle": False}
    ranker = rules_table(rules, players=5)
    deck = make_deck("6")
    pairs: dict[int, int] = {}
    for hand in combinations(deck, 5):
        cards = "".join(hand)
        ours = ranker(cards).value
        theirs = lookup.get_entry(cards).index
        known = pairs.setdefault(ours, theirs)
        assert known == theirs, f"{cards}: tie class {ours} maps to PokerKit {known} and {theirs}"
    assert len(set(pairs.values())) == len(pairs)
    theirs_in_our_order = [pairs[v] for v in sorted(pairs)]
    assert all(a < b for a, b in zip(theirs_in_our_order, theirs_in_our_order[1:]))
