"""Property tests (hypothesis) for hand ranking: ``compare`` is antisymmetric under every
rule set; transitive without the straight-flush cycle; a wild joker never lowers a hand
(under ``pocker``: except by seed 000's natural-beats-wild note); category counts over
whole decks equal the combinatorial ones;
the fast path and the validating path agree; suit order leaves no ties between hands
from one deck."""

from __future__ import annotations

import math
from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee import PRESETS, compare, rank, resolve_rules, winners
from referee.rank import STRAIGHT_FLUSH, rules_table

RULE_SETS = [
    *PRESETS,
    {"preset": "pocker", "joker": "bug"},
    {"preset": "pocker", "jokers": 2},
    {"preset": "pocker", "lowest_rank": "7", "suit_order": "hdcs"},
    {"preset": "basico", "ace_low_straight_flush_beats_royal": True},
    {"preset": "clasico", "lowest_rank": "5"},
    {"preset": "jackpots", "suit_order": "shdc", "flush_beats_full": True},
]
PLAYERS = 4


def _deck(rules) -> list[str]:
    return list(resolve_rules(rules).deck(PLAYERS))


def _hands(rules, n: int):
    """n disjoint hands dealt from the rules' deck (as card strings)."""
    deck = _deck(rules)
    return st.permutations(deck).map(
        lambda cards: ["".join(cards[5 * i:5 * i + 5]) for i in range(n)])


def _with_hands(n: int):
    return st.sampled_from(RULE_SETS).flatmap(
        lambda rules: st.tuples(st.just(rules), _hands(rules, n)))


def _has_cycle(rules) -> bool:
    return resolve_rules(rules).straight_flush_cycle


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_with_hands(2))
def test_compare_is_antisymmetric_under_every_rule_set(case):
    rules, (a, b) = case
    assert compare(a, b, rules, PLAYERS) == -compare(b, a, rules, PLAYERS)
    assert compare(a, a, rules, PLAYERS) == 0


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_with_hands(3))
def test_compare_is_transitive_without_the_straight_flush_cycle(case):
    rules, (a, b, c) = case
    if _has_cycle(rules):
        rules = {"preset": rules, "straight_flush_cycle": False} if isinstance(rules, str) \
            else {**rules, "straight_flush_cycle": False}
    ab, bc, ac = (compare(x, y, rules, PLAYERS) for x, y in ((a, b), (b, c), (a, c)))
    if ab >= 0 and bc >= 0:
        assert ac >= 0
        if ab > 0 or bc > 0:
            assert ac > 0


@pytest.mark.slow
def test_the_cycle_is_the_only_intransitivity_in_clasico():
    """With the cycle off, the lowest straight flush is simply the lowest (control)."""
    rules = {"preset": "clasico", "straight_flush_cycle": False}
    assert compare("Ah7h8h9hTh", "AsKsQsJsTs", rules) == -1
    assert compare("Ah7h8h9hTh", "AsKsQsJsTs", "clasico") == 1


JOKER_RULES = [
    {"preset": "pocker", "natural_beats_wild": False},
    {"preset": "pocker", "natural_beats_wild": False, "lowest_rank": "7"},
    {"preset": "pocker", "natural_beats_wild": False, "five_of_a_kind": False},
]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.sampled_from(JOKER_RULES).flatmap(
    lambda rules: st.tuples(st.just(rules), _hands(rules, 1), st.integers(0, 4))))
def test_a_wild_joker_in_place_of_any_card_never_lowers_the_hand(case):
    """CONTRACT 3: the wild joker "stands for any card not already in the hand" - including
    the card it replaced, so the hand can only stay or improve."""
    rules, (hand,), slot = case
    if "Jk" in hand:
        hand = hand.replace("Jk", "")
        hand += next(c for c in _deck(rules) if c != "Jk" and c not in hand)
    with_joker = hand[:2 * slot] + "Jk" + hand[2 * slot + 2:]
    assert rank(with_joker, rules, PLAYERS) >= rank(hand, rules, PLAYERS)


POCKER_OFF = {"preset": "pocker", "natural_beats_wild": False}


def _natural_hand_and_other(cards):
    """A joker-free hand and a joker-free other hand from one shuffled pocker deck."""
    natural = [c for c in cards if c != "Jk"]
    return "".join(natural[:5]), "".join(natural[5:10])


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.permutations(_deck("pocker")), st.integers(0, 4))
def test_under_pocker_a_joker_never_lowers_a_hand_except_by_the_natural_beats_wild_note(cards, slot):
    """The property "a joker in place of any card never lowers the hand" holds under
    ``pocker`` with one exception, seed 000's note: "dos jugadores tienen la misma jugada
    y uno de ellos la ha formado con el comodín, ganará el que ha ligado sin esta carta".
    Where the joker only rebuilds the same hand, the joker hand ranks just below the
    natural one: below it, but above every hand the natural one beats."""
    hand, other = _natural_hand_and_other(cards)
    with_joker = hand[:2 * slot] + "Jk" + hand[2 * slot + 2:]
    without_note = compare(with_joker, hand, POCKER_OFF, PLAYERS)
    assert without_note >= 0                              # the plain property
    verdict = compare(with_joker, hand, "pocker", PLAYERS)
    if without_note > 0:
        assert verdict == 1                               # a better hand stays better
    else:
        assert verdict == -1                              # the note: the natural one wins
        # ...and only just: whatever the natural hand beats, the joker hand beats too.
        if compare(other, hand, "pocker", PLAYERS) < 0:
            assert compare(other, with_joker, "pocker", PLAYERS) < 0


@pytest.mark.parametrize("natural, slot", [
    ("AsKhQdJcTs", 4),    # the joker can do no better than the ten it replaced
    ("AsKsQsJsTs", 0),    # nor than the ace of a royal flush
    ("AhKh9h7h6h", 4),    # a joker flush: the best free heart is the queen (better)
])
def test_joker_rebuilding_the_same_hand_ranks_just_below_it_under_pocker(natural, slot):
    """Seed 000's note, by example (the exception to the property above), with the
    control: without ``natural_beats_wild`` the two tie, and a genuinely better joker hand
    still wins."""
    with_joker = natural[:2 * slot] + "Jk" + natural[2 * slot + 2:]
    plain = compare(with_joker, natural, POCKER_OFF)
    if plain == 0:
        assert compare(with_joker, natural, "pocker") == -1
        assert rank(with_joker, "pocker").wild and not rank(natural, "pocker").wild
        assert rank(with_joker, "pocker").ranks == rank(natural, "pocker").ranks
    else:
        assert plain == 1 and compare(with_joker, natural, "pocker") == 1


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(_with_hands(1), st.randoms(use_true_random=False))
def test_fast_path_and_validating_path_agree_whatever_the_card_order(case, rnd):
    """A canonical string (fast path) and a shuffled, lower-case list of the same cards
    (validating path) rank the same."""
    rules, (hand,) = case
    cards = [hand[i:i + 2] for i in range(0, 10, 2)]
    rnd.shuffle(cards)
    messy = [c if c == "Jk" else c[0].lower() + c[1] for c in cards]
    assert rank(hand, rules, PLAYERS) == rank(messy, rules, PLAYERS)
    assert rank(hand, rules, PLAYERS) == rank(" ".join(cards), rules, PLAYERS)
    assert rank(hand, rules, PLAYERS).name == rank(messy, rules, PLAYERS).name


@settings(max_examples=300, deadline=None)
@given(_hands("clasico", 2))
def test_suit_order_leaves_no_tie_between_two_hands_of_one_deck(hands):
    """Seed 001 ranks every suit: two different natural hands never split."""
    a, b = hands
    assert compare(a, b, "clasico", PLAYERS) != 0


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(_with_hands(4))
def test_winners_tie_among_themselves_and_beat_the_rest(case):
    rules, hands = case
    best = winners(hands, rules, PLAYERS)
    assert best and best == sorted(set(best))
    ranks = [rank(h, rules, PLAYERS) for h in hands]
    if all(r.category == STRAIGHT_FLUSH for r in (ranks[i] for i in best)) and len(best) > 1 \
            and len({ranks[i].value for i in best}) > 1:
        return  # the three-way straight-flush split of seed 001
    for i in best:
        for j in range(len(hands)):
            expected = 0 if j in best else 1
            assert compare(hands[i], hands[j], rules, PLAYERS) == expected


# --- category counts: every hand of the deck against combinatorics ---------------------

def _expected_counts(rules, players: int) -> dict[str, int]:
    """How many hands of each category the deck of ``rules`` at ``players`` holds, by
    counting (binomials over the deck's ranks, straights as sets of five consecutive
    ranks plus the ace-low one; for the wild joker, what it makes of each kind of four
    natural cards). Independent of ``referee.rank``: only the deck comes from the rules."""
    r = resolve_rules(rules)
    low = "23456789TJQKA".index(r.lowest(players)) + 2
    ranks = list(range(low, 15))
    n = len(ranks)
    lowball = r.ranking == "deuce_to_seven"
    straights = [set(range(top - 4, top + 1)) for top in range(low + 4, 15)]
    if not lowball:
        straights.append({14, low, low + 1, low + 2, low + 3})
    s = len(straights)
    c = math.comb
    counts = {
        "high card": (c(n, 5) - s) * (4 ** 5 - 4),
        "one pair": n * 6 * c(n - 1, 3) * 4 ** 3,
        "two pair": c(n, 2) * 6 * 6 * (n - 2) * 4,
        "three of a kind": n * 4 * c(n - 1, 2) * 4 ** 2,
        "straight": s * (4 ** 5 - 4),
        "flush": 4 * (c(n, 5) - s),
        "full house": n * 4 * (n - 1) * 6,
        "four of a kind": n * (n - 1) * 4,
        "straight flush": 4 * s,
    }
    if r.five_figures and not lowball and low <= 11:
        # Two pairs among J, Q, K and the third face card as the kicker.
        counts["five figures"] = 3 * 6 * 6 * 4
        counts["two pair"] -= counts["five figures"]
    if r.jokers:
        assert r.jokers == 1 and r.joker == "wild" and not lowball
        fits = sum(1 for four in combinations(ranks, 4) if any(set(four) <= st for st in straights))
        five = "five of a kind" if r.five_of_a_kind else "four of a kind"
        extra = {
            "four of a kind": n * 4 * (n - 1) * 4,                  # trips and one
            "full house": c(n, 2) * 6 * 6,                          # two pairs
            "three of a kind": n * 6 * c(n - 1, 2) * 4 ** 2,        # a pair and two
            "straight flush": 4 * fits,
            "flush": 4 * (c(n, 4) - fits),
            "straight": (4 ** 4 - 4) * fits,
            "one pair": (4 ** 4 - 4) * (c(n, 4) - fits),
        }
        extra[five] = extra.get(five, 0) + n                        # four of a rank
        for name, k in extra.items():
            counts[name] = counts.get(name, 0) + k
    return {name: k for name, k in counts.items() if k}


@pytest.mark.parametrize("rules, players", [
    ("clasico", 4), ("clasico", 5), ("clasico", 6),
    ({"preset": "pocker", "lowest_rank": "7"}, 4),
    ({"preset": "pocker", "lowest_rank": "7", "five_of_a_kind": False}, 4),
], ids=str)
@pytest.mark.slow
def test_every_hand_of_a_stripped_deck_falls_in_the_category_combinatorics_give(rules, players):
    """All hands of the deck (201,376 for 32 cards ... 658,008 for 40; 237,336 for 32
    cards and a joker) ranked one by one: the category counts equal the counted ones,
    so every category the rules allow occurs, as often as it should, and no other."""
    ranker = rules_table(rules, players)
    deck = resolve_rules(rules).deck(players)
    found = Counter(ranker("".join(hand)).name for hand in combinations(deck, 5))
    assert dict(found) == _expected_counts(rules, players)


def _weighted_hands(ranks: str, jokers: int):
    """(hand, how many hands of the deck it stands for): one hand per multiset of rank
    letters (suits spread over repeated ranks; distinct ranks once off-suit, once
    suited), weighted by the number of suit choices giving that same shape."""
    size = 5 - jokers
    for combo in combinations_with_replacement(ranks, size):
        counts = Counter(combo)
        if max(counts.values()) > 4:
            continue
        joker = "Jk" * jokers
        if len(counts) == size:
            yield "".join(r + "s" for r in combo) + joker, 4
            yield "".join(r + ("h" if i == 0 else "s") for i, r in enumerate(combo)) + joker, 4 ** size - 4
            continue
        cards, weight = [], 1
        for r, k in counts.items():
            cards += [r + suit for suit in "shdc"[:k]]
            weight *= math.comb(4, k)
        yield "".join(cards) + joker, weight


@pytest.mark.parametrize("rules, players", [
    ("jackpots", 4), ("pocker", 4), ("internacional", 4), ("basico", 4),
    ("deuce_to_seven", 4), ("clasico", 7), ("clasico", 9),
    ({"preset": "pocker", "five_of_a_kind": False}, 4),
    ({"preset": "jackpots", "lowest_rank": "4"}, 4),
], ids=str)
def test_every_shape_of_hand_of_a_full_deck_counts_as_combinatorics_give(rules, players):
    """The 44- to 53-card decks, through every multiset of ranks (and for distinct ranks
    both suited and not) with the number of hands each stands for: same counts as
    :func:`_expected_counts`. (The 52-card order itself is checked hand by hand against
    treys and phevaluator in test_rank_exhaustive.py.)"""
    r = resolve_rules(rules)
    ranks = "23456789TJQKA"["23456789TJQKA".index(r.lowest(players)):]
    found: Counter = Counter()
    total = 0
    for jokers in range(r.jokers + 1)[:2]:
        for hand, weight in _weighted_hands(ranks, jokers):
            found[rank(hand, rules, players).name] += weight
            total += weight
    deck = len(r.deck(players))
    assert total == math.comb(deck - r.jokers, 5) + (r.jokers and math.comb(deck - 1, 4))
    assert dict(found) == _expected_counts(rules, players)


@pytest.mark.parametrize("rules", [
    {"preset": "pocker", "natural_beats_wild": False},
    {"preset": "pocker", "natural_beats_wild": False, "joker": "bug"},
    {"preset": "pocker", "natural_beats_wild": False, "lowest_rank": "7", "joker": "bug"},
    {"preset": "pocker", "natural_beats_wild": False, "lowest_rank": "7",
     "flush_beats_full": True, "five_figures": False},
], ids=["wild52", "bug52", "bug32", "wild32-flush-over-full"])
def test_joker_hand_is_the_best_of_its_legal_replacements_by_brute_force(rules):
    """CONTRACT 3, checked by trying every card the joker may stand for: a wild joker is any
    card not already in the hand; a bug is an ace or a card that makes a straight or a
    flush. (Four of a rank plus the joker, the repóquer exception, is left to the seeds
    tests.)"""
    import random

    deck = [c for c in _deck(rules) if c != "Jk"]
    bug = resolve_rules(rules).joker == "bug"
    rng = random.Random(11)
    checked = 0
    while checked < 400:
        four = rng.sample(deck, 4)
        if max(sum(c[0] == x[0] for c in four) for x in four) == 4:
            continue
        options = []
        for card in deck:
            if card in four:
                continue
            hand = rank("".join(four) + card, rules, PLAYERS)
            if bug and card[0] != "A" and hand.name not in ("straight", "flush", "straight flush"):
                continue
            options.append(hand.value)
        assert rank("".join(four) + "Jk", rules, PLAYERS).value == max(options), four
        checked += 1


@pytest.mark.slow
def test_two_wild_jokers_make_the_best_of_every_pair_of_replacements():
    """Two wild jokers stand for any two distinct cards not in the hand (hands with three
    of a rank, where the jokers would make five of a kind, are left out)."""
    import random
    from itertools import combinations

    rules = {"preset": "pocker", "jokers": 2, "natural_beats_wild": False}
    deck = [c for c in _deck(rules) if c != "Jk"]
    rng = random.Random(12)
    checked = 0
    while checked < 60:
        three = rng.sample(deck, 3)
        if len({c[0] for c in three}) == 1:
            continue
        rest = [c for c in deck if c not in three]
        best = max(rank("".join(three) + a + b, rules, PLAYERS).value for a, b in combinations(rest, 2))
        assert rank("".join(three) + "JkJk", rules, PLAYERS).value == best, three
        checked += 1
