"""Hand ranking for five-card draw under every rule family of ``shared/seeds/``.

``rank(cards, rules)`` turns five cards into a :class:`HandRank`; a larger HandRank is the
better hand (the straight-flush cycle aside, which :func:`compare` and :func:`winners`
handle). One table per ranking-relevant set of rules is built once and cached (DESIGN.md);
the common path keys it on the rank letters of the card string: for decks of 40 cards or
fewer (or with a suit order) the letters as dealt, then the suit letters as dealt in a
pattern that validates them and picks the HandRank (two slices, three look-ups); for
bigger decks the product of the ranks' primes times a factor of the suit letters (flush,
one joker), one look-up, and a duplicate-card check where ranks repeat. A preset name
resolves to its table through one dictionary look-up; errors, other input shapes, first
sightings of a joker hand and two jokers take the validating path.

>>> rank("AsKd7h7c2h").name
'one pair'
>>> rank("JhJdJs8c8d", "clasico") < rank("AhKhQh9h7h", "clasico")   # 32 cards: flush > full
True
>>> rank("AsAhAdAcJk", "pocker").name_es
'repóquer'
>>> compare("Ah7h8h9hTh", "AsKsQsJsTs", "clasico")   # seed 001: the lowest beats the highest
1

Switches (fields of :class:`referee.rules.HouseRules`) and where they come from:

- ``flush_beats_full`` (``"auto"``: the flush wins with 40 cards or fewer; seed 000,
  "Advertencia: Jugando con más de 40 cartas, el full vale más que el color").
- ``lowest_rank``: stripped decks; the ace also plays low below the deck's lowest rank
  (A-7-8-9-T is the lowest straight with 32 cards, seed 001 "el As puesto en escalera antes
  de la carta menor de la baraja"); no round-the-corner straights unless
  ``circular_straight`` (seed 000, "Como la escalera es circular"; below the wheel) (seed 004, "3-2-A-K-Q no
  están permitidas").
- ``jokers``/``joker``: ``wild`` stands for any card not already in the hand, except that
  four of a rank and a joker make five of a kind; ``bug`` is an ace or fills a straight or
  a flush (CONTRACT.md section 3). ``five_of_a_kind`` (repóquer, the top hand, seed 000)
  and ``natural_beats_wild`` (seed 000: "dos jugadores tienen la misma jugada y uno de ellos
  la ha formado con el comodín, ganará el que ha ligado sin esta carta").
- ``five_figures``: five face cards, aces not counted, between two pair and three of a
  kind (seed 000, "Cinco figuras"). Five face cards always hold two pair at least, so only
  two-pair hands of J, Q and K become five figures; they compare as two pair do.
- ``suit_order`` (seed 001: "entre dos parejas gana la de valor superior, en el caso que
  sean del mismo valor, gana la pareja que tenga el palo de corazón (que es el primero en
  orden de importancia entre los palos: CORAZÓN, DIAMANTE, TRÉBOL, PICAS)"). Read
  literally and generalised: once the category and the ranks of the combination's made
  part are equal (the pair; both pairs, also for five figures; the trips; the trips of a
  full; the quads), the best suit within the made part decides, *before* the kickers (for
  two pair the higher pair's best suit, then the lower pair's). Hands without a made part
  of repeated ranks (high card, straight, flush, straight flush) compare all their ranks
  first, then the suit of the top card (a flush's suit; the T of A-7-8-9-T). So
  Q♥Q♣9♦8♣7♥ beats Q♦Q♠A♠K♦J♣, and two different natural hands from one deck never tie.
  A joker counts as below every suit (a joker flush has its flush's suit); with
  ``natural_beats_wild`` too, the natural hand wins only where ranks and suits tie.
  ``None``: suits never break ties (seed 004, "Los palos no son usados para
  desempatar").
- ``straight_flush_cycle`` (seed 001): the lowest straight flush (ace low) beats the
  highest (ace high), the highest beats a middle one, a middle one beats the lowest; when
  all three kinds meet, all straight flushes split. Only :func:`compare` and
  :func:`winners` apply it; the HandRank order is the plain one.
- ``ace_low_straight_flush_beats_royal`` (seed 000: "Hay jugadores que tienen por norma que
  la escalera mínima de as gane a la escalera real"): read as the ace-low straight flush
  being the best straight flush (above the royal), which keeps the order transitive.
  Ignored when the cycle is on (the cycle already makes it beat the royal).
- Known limitation: with the straight-flush cycle on, a joker completing a straight flush
  takes the highest card (as everywhere else), not the card best under the cycle (the
  ace-low one, which beats the royal). No preset has jokers with the cycle: only
  overrides reach this.
- ``ranking: deuce_to_seven``: 2-7 lowball (aces always high, straights and flushes
  count against the hand); the larger HandRank is the better low hand. Suit order and the
  five-figures category do not apply to it.
"""

from __future__ import annotations

import argparse
import sys
from itertools import combinations_with_replacement, permutations, product
from operator import itemgetter
from typing import Any, Callable, Sequence

from .cards import JOKER, RANK_VALUE, RANKS, SUITS, UNKNOWN, CardError, parse_card, parse_cards
from .lookup import dealt_lookup, no_dup, prime_lookup
from .rules import HouseRules, RulesError, resolve_rules
from .words import Np_, say_message

__all__ = [
    "CATEGORIES", "CATEGORIES_ES", "HandRank", "rank", "compare", "winners", "rank_main",
    "DEFAULT_PLAYERS", "rules_table",
]

CATEGORY_NAMES = (
    Np_("hand category", "high card"), Np_("hand category", "one pair"),
    Np_("hand category", "two pair"), Np_("hand category", "five figures"),
    Np_("hand category", "three of a kind"), Np_("hand category", "straight"),
    Np_("hand category", "flush"), Np_("hand category", "full house"),
    Np_("hand category", "four of a kind"), Np_("hand category", "straight flush"),
    Np_("hand category", "five of a kind"),
)
"""The categories as msgids of the referee's catalogue (:mod:`referee.words`), worst first."""

CATEGORIES = tuple(name.msgid for name in CATEGORY_NAMES)
"""English category names (CONTRACT.md section 4); ``HandRank.category`` indexes this."""

CATEGORIES_ES = tuple(say_message("es", name) for name in CATEGORY_NAMES)
"""Spanish category names, same order as :data:`CATEGORIES` (UI text; the seeds' words,
from the referee's Spanish catalogue): "carta mayor", "pareja" ... "repóquer"."""

(HIGH_CARD, ONE_PAIR, TWO_PAIR, FIVE_FIGURES, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
 FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND) = range(11)

DEFAULT_PLAYERS = 4
"""Players assumed when ``lowest_rank`` is ``"auto"`` and no count is given: the base table
of seed 001 ("7, 8, 9, 10, Jota, Reina, Rey y As ... en el caso de cuatro jugadores")."""

P = {letter: prime for letter, prime in zip(RANKS, (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41))}
"""Rank letter -> a prime; the product of five keys a rank multiset (52-card tables)."""

_P = P


class HandRank:
    """The value of one five-card hand under one set of rules (immutable).

    Ordering: a larger HandRank is the better hand; equal means a tie (the value already
    holds the suit order when ``suit_order`` is set and the natural-beats-wild rule). The
    straight-flush cycle (seed 001) is not in the order: use :func:`compare`.
    Only compare HandRanks made under the same rules.

    Attributes: ``value`` (int, the order), ``category`` (int index into
    :data:`CATEGORIES`), ``name`` (English category, CONTRACT.md 4), ``name_es``
    (Spanish), ``ranks`` (tuple of rank values 2-14 in order of significance, e.g. the
    pair first; a straight's top card alone, 5 for the wheel), ``wild`` (a joker is
    used), ``ace_low`` (a straight or straight flush with the ace played low).
    HandRanks are cached and shared between hands of the same value, so they are
    read-only: setting or deleting an attribute raises :class:`AttributeError`.

    >>> rank("KsKhQdJcJh", "pocker").name
    'five figures'
    >>> rank("KsKhQdJcJh", "pocker").ranks
    (13, 11, 12)
    >>> rank("KsKhQdJcJh", "pocker").value = 0
    Traceback (most recent call last):
    ...
    AttributeError: HandRank is immutable (it is shared between hands): cannot set 'value'
    """

    __slots__ = ("value", "category", "name", "name_es", "ranks", "wild", "ace_low")

    def __init__(self, value: int, category: int, ranks: tuple[int, ...],
                 wild: bool = False, ace_low: bool = False) -> None:
        init = object.__setattr__
        init(self, "value", value)
        init(self, "category", category)
        init(self, "name", CATEGORIES[category])
        init(self, "name_es", CATEGORIES_ES[category])
        init(self, "ranks", tuple(ranks))
        init(self, "wild", bool(wild))
        init(self, "ace_low", bool(ace_low))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"HandRank is immutable (it is shared between hands): cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"HandRank is immutable (it is shared between hands): cannot delete {name!r}")

    def __reduce__(self) -> tuple:
        return (HandRank, (self.value, self.category, self.ranks, self.wild, self.ace_low))

    def __copy__(self) -> "HandRank":
        return self

    def __deepcopy__(self, memo: dict) -> "HandRank":
        return self

    def __lt__(self, other: "HandRank") -> bool:
        if other.__class__ is not HandRank:
            return NotImplemented
        return self.value < other.value

    def __le__(self, other: "HandRank") -> bool:
        if other.__class__ is not HandRank:
            return NotImplemented
        return self.value <= other.value

    def __gt__(self, other: "HandRank") -> bool:
        if other.__class__ is not HandRank:
            return NotImplemented
        return self.value > other.value

    def __ge__(self, other: "HandRank") -> bool:
        if other.__class__ is not HandRank:
            return NotImplemented
        return self.value >= other.value

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandRank):
            return NotImplemented
        return self.value == other.value

    def __hash__(self) -> int:
        return hash(self.value)

    def __repr__(self) -> str:
        letters = "".join(RANKS[v - 2] if 2 <= v <= 14 else "A" for v in self.ranks)
        extra = " wild" if self.wild else ""
        return f"<HandRank {self.name} {letters}{extra} value={self.value}>"


# ---------------------------------------------------------------------------------------
# Evaluation of one rank multiset (the slow, exact part used to build the tables)

MADE_PART = {ONE_PAIR: 1, TWO_PAIR: 2, FIVE_FIGURES: 2, THREE_OF_A_KIND: 1, FULL_HOUSE: 1,
             FOUR_OF_A_KIND: 1, FIVE_OF_A_KIND: 1}
"""Category -> how many leading entries of ``HandRank.ranks`` are the made part (the
pair, both pairs, the trips, the trips of a full, the quads); categories not listed
(high card, straight, flush, straight flush) have no made part of repeated ranks."""

_DIGITS = 7
"""Base-16 digits after the category in a value: up to five ranks and two suit keys."""


def _suit_digits(category: int) -> int:
    """How many suit keys a value holds under a suit order: both pairs' for two pair."""
    return 2 if MADE_PART.get(category) == 2 else 1


class _Spec:
    """The ranking-relevant rules, made concrete for one table (hashable key)."""

    __slots__ = ("key", "lowball", "low", "jokers", "joker", "flush_beats_full",
                 "five_figures", "five_of_a_kind", "natural_beats_wild", "suit_order",
                 "cycle", "ace_low_top", "order", "deck_ranks", "deck_text", "assumed",
                 "suit_value", "circular")

    def __init__(self, r: HouseRules, players: int | None) -> None:
        n = DEFAULT_PLAYERS if players is None else players
        self.lowball = r.ranking == "deuce_to_seven"
        low_letter = r.lowest(n)
        self.low = RANK_VALUE[low_letter]
        self.jokers = r.jokers
        self.joker = r.joker
        self.flush_beats_full = r.flush_beats_full_for(n)
        self.five_figures = r.five_figures and not self.lowball
        self.five_of_a_kind = r.five_of_a_kind
        self.natural_beats_wild = r.natural_beats_wild and r.jokers > 0
        self.suit_order = None if self.lowball else r.suit_order
        self.suit_value = ({s: 4 - self.suit_order.index(s) for s in SUITS}
                           if self.suit_order else None)
        self.cycle = r.straight_flush_cycle and not self.lowball
        self.ace_low_top = r.ace_low_straight_flush_beats_royal and not self.cycle and not self.lowball
        self.circular = r.circular_straight and not self.lowball
        self.key = (self.lowball, self.low, self.jokers, self.joker, self.flush_beats_full,
                    self.five_figures, self.five_of_a_kind, self.natural_beats_wild,
                    self.suit_order, self.cycle, self.ace_low_top, self.circular)
        order = [HIGH_CARD, ONE_PAIR, TWO_PAIR]
        if self.five_figures:
            order.append(FIVE_FIGURES)
        order += [THREE_OF_A_KIND, STRAIGHT]
        order += [FULL_HOUSE, FLUSH] if self.flush_beats_full else [FLUSH, FULL_HOUSE]
        order += [FOUR_OF_A_KIND, STRAIGHT_FLUSH]
        if self.five_of_a_kind:
            order.append(FIVE_OF_A_KIND)
        self.order = {cat: i for i, cat in enumerate(order)}
        self.deck_ranks = tuple(range(self.low, 15))
        self.deck_text = (f"{RANKS[self.low - 2]} to ace, {4 * len(self.deck_ranks)} cards"
                          + (f" and {self.jokers} joker{'s' * (self.jokers > 1)}" if self.jokers else ""))
        # The player count was assumed (rule of 11 without a count): say so in errors.
        self.assumed = players is None and r.lowest_rank == "auto"


def _counts(items: Sequence[Any]) -> dict[Any, int]:
    """How many times each item occurs (a plain dict: ``collections.Counter`` costs several
    times as much for five items, and the tables count tens of thousands of hands)."""
    counts: dict[Any, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return counts


def _shape(spec: _Spec, values: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...], bool]:
    """Category, significant ranks and ace-low flag of five rank values (any order)."""
    counts = _counts(values)
    if len(counts) == 5:  # five ranks: a straight, a flush, both, or a high card
        desc = tuple(sorted(values, reverse=True))
        high, ace_low = None, False
        if desc[0] - desc[4] == 4:
            high = desc[0]
        elif (not spec.lowball and desc[0] == 14
              and desc[1:] == (spec.low + 3, spec.low + 2, spec.low + 1, spec.low)):
            high, ace_low = spec.low + 3, True
        elif spec.circular and desc[0] == 14:
            high = _round_the_corner(spec, set(values))
        if high is not None:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), (high,), ace_low
        return (FLUSH if flush else HIGH_CARD), desc, False
    groups = sorted([(c, v) for v, c in counts.items()], reverse=True)  # most cards, then rank
    top = tuple([v for _, v in groups])
    shape = tuple([c for c, _ in groups])
    if shape[0] == 5:
        return FIVE_OF_A_KIND, top, False
    if shape[0] == 4:
        return FOUR_OF_A_KIND, top, False
    if shape == (3, 2):
        return FULL_HOUSE, top, False
    if shape[0] == 3:
        return THREE_OF_A_KIND, top, False
    if shape == (2, 2, 1):
        if spec.five_figures and all(11 <= v <= 13 for v in values):
            return FIVE_FIGURES, top, False
        return TWO_PAIR, top, False
    return ONE_PAIR, top, False


def _round_the_corner(spec: _Spec, values: set[int]) -> int | None:
    """``circular_straight`` (seed 000: "Como la escalera es circular, el as puede ir delante
    del rey o después del dos, a voluntad"): five ranks, the ace among them, that run on
    round the corner (J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4 in a 52-card deck) make a straight
    whose top is its last card (2, 3, 4): each below the wheel (5 high). None otherwise."""
    ranks = spec.deck_ranks
    m = len(ranks)
    for start in range(m - 4, m - 1):  # (m - 1: the ace first, the wheel, is not round the corner)
        run = {ranks[(start + j) % m] for j in range(5)}
        if run == values:
            return ranks[(start + 4) % m]
    return None


def _value(spec: _Spec, category: int, ranks: tuple[int, ...], ace_low: bool,
           natural: bool, suits: tuple[int, ...] | None = None) -> int:
    """The order of a hand as one int: category, then base-16 digits, then the natural bit.

    Digits: the made part's ranks, its suit keys (under a suit order; 1-4, 0 for the
    joker), then the other ranks; for hands without a made part all ranks, then the top
    card's suit key. ``suits`` None means zeros (used to find a joker's best card)."""
    digits = ranks
    if category == STRAIGHT_FLUSH and ace_low and spec.ace_low_top:
        digits = (15,)
    if spec.lowball:
        base = spec.order[category]
        for i in range(5):
            base = base * 16 + (digits[i] if i < len(digits) else 0)
        return ((16 ** 6) - base) * 2
    if spec.suit_order is None:
        suits = ()
    elif suits is None:
        suits = (0,) * _suit_digits(category)
    made = MADE_PART.get(category, 0)
    if made:
        seq = tuple(digits[:made]) + tuple(suits) + tuple(digits[made:])
    else:
        seq = tuple(digits) + (0,) * (5 - len(digits)) + tuple(suits)
    base = spec.order[category]
    for i in range(_DIGITS):
        base = base * 16 + (seq[i] if i < len(seq) else 0)
    return base * 2 + (1 if natural and spec.natural_beats_wild else 0)


def _hand_rank(spec: _Spec, values: Sequence[int], flush: bool, natural: bool = True,
               suits: tuple[int, ...] | None = None) -> HandRank:
    category, ranks, ace_low = _shape(spec, values, flush)
    return HandRank(_value(spec, category, ranks, ace_low, natural, suits), category,
                    ranks, wild=not natural, ace_low=ace_low)


def _is_straight_or_flush(category: int) -> bool:
    return category in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)


def _best_with_jokers(spec: _Spec, naturals: tuple[int, ...], suited: bool, jokers: int) -> HandRank:
    """Best HandRank for natural rank values plus 1-2 jokers (wild or bug, CONTRACT 3),
    by category and ranks (suit keys left at 0).

    ``suited``: the natural cards are all of one suit (so the jokers may complete a flush
    with ranks not already held).
    """
    best: HandRank | None = None
    for extra in combinations_with_replacement(spec.deck_ranks, jokers):
        values = naturals + extra
        full = _counts(values)
        if any(c > 5 for c in full.values()):
            continue
        five = any(c == 5 for c in full.values())
        if five and not spec.five_of_a_kind:
            continue
        # Up to four of a rank a joker always finds a free suit of it; five of a rank is
        # the repóquer exception (CONTRACT.md 3).
        flush_options = [False]
        if suited and len(full) == 5:
            flush_options.append(True)
        for flush in flush_options:
            if spec.joker == "bug":
                category, _, _ = _shape(spec, values, flush)
                if not (all(v == 14 for v in extra) or _is_straight_or_flush(category)):
                    continue
            candidate = _hand_rank(spec, values, flush, natural=False)
            if best is None or candidate.value > best.value:
                best = candidate
    if best is None:
        # A bug beside four natural aces without five of a kind: no ace is left for it,
        # and it cannot fill a straight or a flush; it then plays as a wild card.
        wild = _Spec.__new__(_Spec)
        for name in _Spec.__slots__:
            setattr(wild, name, getattr(spec, name))
        wild.joker = "wild"
        return _best_with_jokers(wild, naturals, suited, jokers)
    return best


# ---------------------------------------------------------------------------------------
# Tables and the fast path

PERMUTED_KEYS_MAX_DECK = 40
"""Decks of at most this many cards key their table on the rank letters as dealt (every
ordering stored: 32,768 keys for 32 cards, 100,000 for 40), a single slice; bigger decks
key on the product of the ranks' primes (:data:`P`; 6,175 keys for 52 cards), which is
cheaper than sorting and, measured, faster than 371,293 dealt-order keys. With a suit
order a bigger deck keys on the letters as dealt too, filling its table as hands come."""

_ALL_SUIT_STRINGS = tuple("".join(s) for s in product(SUITS, repeat=5))
FLUSH_FACTOR, JOKER_FACTOR, SUITED_JOKER_FACTOR = 43, 47, 53
_SUIT_FACTOR = {s: FLUSH_FACTOR if s.count(s[0]) == 5 else 1 for s in _ALL_SUIT_STRINGS}
_SUIT_FACTOR.update(
    {a + "k" + b: SUITED_JOKER_FACTOR if len(set(a + b)) == 1 else JOKER_FACTOR
     for n in range(5) for a in map("".join, product(SUITS, repeat=n))
     for b in map("".join, product(SUITS, repeat=4 - n))})
"""The five suit letters of a hand -> a factor of its ``entries`` key (prime-keyed
tables): 1, or a prime above the rank primes for a flush (43), for one joker (its "k";
47) and for one joker beside four cards of one suit (53). Anything else (a bad suit, two
jokers) is missing, so the look-up fails over to the validating path."""

_PATTERNS: dict[tuple, dict[str, int]] = {}


def _pattern(desc: tuple, suit_value: dict[str, int] | None) -> dict[str, int]:
    """Suit letters as dealt -> index into an entry's HandRanks, for one layout of ranks.

    ``desc`` is ``(dup_groups, index_groups, flushable)``: positions of cards sharing a
    rank (their suits must differ, else the suit string is left out: a duplicate card),
    the positions whose best suit makes each suit key, and whether a flush is possible.
    """
    key = (desc, None if suit_value is None else tuple(sorted(suit_value.items())))
    found = _PATTERNS.get(key)
    if found is not None:
        return found
    dup_groups, index_groups, flushable = desc
    # each group of positions sharing a rank: its suits, and how many there must be
    suits_at = [(itemgetter(*g), len(g)) for g in dup_groups]  # (groups of 2 cards or more)
    # each group whose best suit makes a suit key: its suits (one letter for a single card)
    keys_at = [itemgetter(*g) for g in index_groups]
    value_of = suit_value.__getitem__ if suit_value is not None else None
    out: dict[str, int] = {}
    for s in _ALL_SUIT_STRINGS:
        if any(len(set(suits(s))) < k for suits, k in suits_at):
            continue
        flush = flushable and s.count(s[0]) == 5
        if suit_value is None:
            out[s] = 1 if flush else 0
            continue
        index = 0
        for suits in keys_at:
            index = index * 4 + max(map(value_of, suits(s))) - 1
        out[s] = index + (4 if flush else 0)
    _PATTERNS[key] = out
    return out


class _Multiset:
    """The HandRanks of one multiset of five rank letters under one :class:`_Spec`.

    ``hands``: without suit order ``(plain,)`` or ``(plain, flush)``; with it one HandRank
    per suit key (4, or 16 for two pair: 4 * higher pair's + lower pair's, keys 1-4 as
    0-3), and for hands without a made part 4 more for the flush. ``index_letters``: the
    rank letters whose best suit gives the suit keys (the made part, or the top card).
    ``checks``: the repeated ranks to check for a repeated card (:func:`_checks`).
    """

    __slots__ = ("hands", "plain", "flush", "dup_letters", "index_letters", "flushable",
                 "checks")

    def __init__(self, spec: _Spec, letters: str) -> None:
        counts = _counts(letters)
        self.checks = _checks(letters, counts)
        values = tuple([RANK_VALUE[c] for c in letters])
        self.flushable = len(counts) == 5
        plain = _hand_rank(spec, values, False)
        self.plain = plain
        self.flush = _hand_rank(spec, values, True) if self.flushable else None
        self.dup_letters = tuple(sorted([r for r, n in counts.items() if n > 1]))
        made = MADE_PART.get(plain.category, 0)
        self.index_letters = tuple([RANKS[v - 2] for v in plain.ranks[:made or 1]])
        if spec.suit_order is None:
            self.hands = (plain, self.flush) if self.flushable else (plain,)
            return
        n = _suit_digits(plain.category)
        hands = [self._with(spec, plain, keys) for keys in product(range(1, 5), repeat=n)]
        if self.flushable:
            hands += [self._with(spec, self.flush, (k,)) for k in range(1, 5)]
        self.hands = tuple(hands)

    @staticmethod
    def _with(spec: _Spec, hr: HandRank, suits: tuple[int, ...]) -> HandRank:
        return HandRank(_value(spec, hr.category, hr.ranks, hr.ace_low, True, suits),
                        hr.category, hr.ranks, ace_low=hr.ace_low)


class _Table:
    """Everything needed to rank hands under one :class:`_Spec`, built once.

    Two layouts. ``dealt`` (decks of 40 cards or fewer, or any deck with a suit order):
    ``entries`` maps the five rank letters as dealt (``"AKQ97"``) to ``(hands,
    pattern)``, where ``pattern`` maps the five suit letters as dealt to the index in
    ``hands`` (it leaves out suit strings that repeat a card, so a lookup validates).
    Otherwise ``entries`` maps the product of the ranks' primes (:data:`P`, a joker's
    "J" counted as a jack) times the suit factor (:data:`_SUIT_FACTOR`: flush, one
    joker) to ``(hand_rank, dups)``: ``dups`` None (no repeated rank), a letter (one
    pair), or a tuple of letters, each repeated rank's letter once per card after its
    first (the cards to check for a duplicate, see :func:`referee.lookup.no_dup`). Joker keys are
    added as joker hands are first ranked (never where a natural jack repeats: the
    joker's "J" would be taken for one); their checks start with ``"Jk"``.
    """

    def __init__(self, spec: _Spec, twin: "_Table | None" = None) -> None:
        self.spec = spec
        self.cycle = spec.cycle
        if twin is not None:
            # Same ranking, other error wording (the player count assumed or given):
            # share the tables.
            for name in ("entries", "multisets", "joker_memo", "suited_memo", "dealt",
                         "lazy", "letters", "patterns"):
                setattr(self, name, getattr(twin, name))
            self.rank = self._make_fast()
            return
        self.entries: dict[Any, tuple] = {}
        self.multisets: dict[str, _Multiset] = {}
        self.joker_memo: dict[tuple, HandRank] = {}
        self.suited_memo: dict[int, HandRank] = {}
        self.patterns: dict[tuple, dict[str, int]] = {}
        size = 4 * len(spec.deck_ranks)
        self.dealt = size <= PERMUTED_KEYS_MAX_DECK or spec.suit_order is not None
        self.lazy = self.dealt and size > PERMUTED_KEYS_MAX_DECK
        self.letters = "".join(RANKS[v - 2] for v in spec.deck_ranks)
        for combo in combinations_with_replacement(self.letters, 5):
            if combo[0] == combo[4]:  # (sorted: five of one rank, a hand only with a joker)
                continue
            m = self._multiset("".join(combo))
            if not self.dealt:
                key = self.key(combo)
                self.entries[key] = (m.plain, m.checks)
                if m.flush is not None:
                    self.entries[key * FLUSH_FACTOR] = (m.flush, None)
            elif not self.lazy:
                for perm in set(permutations(combo)):
                    self._dealt_entry("".join(perm), m)
        self.rank: Callable[[Any], HandRank] = self._make_fast()

    def key(self, letters: Sequence[str]) -> str | int:
        """The ``entries`` key of five rank letters (as dealt)."""
        if self.dealt:
            return "".join(letters)
        out = 1
        for letter in letters:
            out *= P[letter]
        return out

    def _multiset(self, sorted_letters: str) -> _Multiset:
        m = self.multisets.get(sorted_letters)
        if m is None:
            m = self.multisets[sorted_letters] = _Multiset(self.spec, sorted_letters)
        return m

    def _dealt_entry(self, letters: str, m: _Multiset | None = None) -> tuple:
        """The ``(hands, pattern)`` entry of five valid rank letters as dealt (made and
        stored if missing)."""
        entry = self.entries.get(letters)
        if entry is None:
            if m is None:
                m = self._multiset("".join(sorted(letters)))
            find = letters.find
            dup_groups = tuple(_places(letters, r) for r in m.dup_letters)
            index_groups = (((find(m.index_letters[0]),),) if m.flushable
                            else tuple(_places(letters, r) for r in m.index_letters))
            desc = (dup_groups, index_groups, m.flushable)
            pattern = self.patterns.get(desc)
            if pattern is None:
                pattern = self.patterns[desc] = _pattern(desc, self.spec.suit_value)
            entry = self.entries[letters] = (m.hands, pattern)
        return entry

    # -- the common path ------------------------------------------------------------

    def _make_fast(self) -> Callable[[Any], HandRank]:
        """The table's common path (:mod:`referee.lookup`)."""
        if self.dealt:
            return dealt_lookup(self.entries, self.slow)
        return prime_lookup(self.entries, self.slow, P, _SUIT_FACTOR)

    # -- everything else: validation with clear errors, jokers, other input shapes ------

    def slow(self, cards: Any) -> HandRank:
        """Rank with full validation (any input shape, jokers); see :func:`rank`."""
        spec = self.spec
        hand = _normalize(cards, spec)
        naturals = [c for c in hand if c != JOKER]
        jokers = 5 - len(naturals)
        if jokers:
            suited = len({c[1] for c in naturals}) <= 1
            letters = "".join(sorted(c[0] for c in naturals))
            base = self._joker_rank(letters, suited, jokers)
            if spec.suit_order is not None:
                return self._joker_suits(base, naturals)
            if jokers == 1 and not self.dealt and letters.count("J") < 2:
                # Let the next hand of these ranks take the fast path.
                # Its checks start with "Jk": the "k" must be a joker's (a "Qk" beside a
                # natural jack would make the same key).
                key = self.key(letters + "J") * (SUITED_JOKER_FACTOR if suited else JOKER_FACTOR)
                checks = _checks(letters)
                checks = (JOKER,) + ((checks,) if checks.__class__ is str else checks or ())
                self.entries.setdefault(key, (base, checks))
            return base
        letters = "".join(c[0] for c in hand)
        suits = "".join(c[1] for c in hand)
        if self.dealt:
            entry = self._dealt_entry(letters)
            return entry[0][entry[1][suits]]
        m = self._multiset("".join(sorted(letters)))
        return m.flush if _SUIT_FACTOR[suits] == FLUSH_FACTOR else m.plain

    def _joker_suits(self, base: HandRank, naturals: list[str]) -> HandRank:
        """A joker hand's HandRank with its suit keys (suit order on): the best suit of the
        natural cards in the made part, or of the top card (0 where the joker plays it);
        a flush's suit for flushes. The joker counts as below every suit."""
        sv = self.spec.suit_value
        category = base.category
        if category in (FLUSH, STRAIGHT_FLUSH):
            suits: tuple[int, ...] = (sv[naturals[0][1]],)
        else:
            groups = base.ranks[:MADE_PART.get(category, 1)]
            suits = tuple(max((sv[c[1]] for c in naturals if RANK_VALUE[c[0]] == r), default=0)
                          for r in groups)
        value = _value(self.spec, category, base.ranks, base.ace_low, False, suits)
        found = self.suited_memo.get(value)
        if found is None:
            found = self.suited_memo[value] = HandRank(value, category, base.ranks, wild=True,
                                                       ace_low=base.ace_low)
        return found

    def _joker_rank(self, key: str, suited: bool, jokers: int) -> HandRank:
        memo_key = (key, suited, jokers)
        found = self.joker_memo.get(memo_key)
        if found is None:
            naturals = tuple(RANK_VALUE[c] for c in key)
            found = _best_with_jokers(self.spec, naturals, suited, jokers)
            self.joker_memo[memo_key] = found
        return found


def _places(letters: str, r: str) -> tuple[int, ...]:
    """Positions of rank letter ``r`` in ``letters``."""
    return tuple([i for i, c in enumerate(letters) if c == r])


def _checks(letters: Sequence[str], counts: dict[str, int] | None = None
            ) -> str | tuple[str, ...] | None:
    """The ``dups`` of an entry for these rank letters (see :class:`_Table`): None, the
    pair's letter, or each repeated rank's letter once per card after its first
    (``counts``: the letters counted, where the caller has them)."""
    if counts is None:
        counts = _counts(letters)
    if len(counts) == len(letters):
        return None  # (no rank repeated: nothing to check)
    checks = tuple([r for r in sorted(counts) for _ in range(counts[r] - 1)])
    return checks[0] if len(checks) == 1 else checks


def _normalize(cards: Any, spec: _Spec) -> tuple[str, ...]:
    """Parse and validate a hand; returns five canonical card strings.

    :raises CardError: text that is not a card.
    :raises ValueError: not five cards, an unknown card, a card outside the deck, a
        duplicate, more jokers than the deck has.
    """
    if isinstance(cards, str):
        hand = parse_cards(cards)
        shown = cards
    else:
        try:
            items = list(cards)
        except TypeError:
            raise CardError(f"not a hand of cards: {cards!r}") from None
        hand = tuple(parse_card(c) for c in items)
        shown = "".join(hand)
    if len(hand) != 5:
        raise ValueError(f"a hand is five cards, not {len(hand)}: {shown!r}")
    if UNKNOWN in hand:
        raise ValueError(f"cannot rank a hand with an unknown card ('??'): {shown!r}")
    jokers = hand.count(JOKER)
    if jokers > spec.jokers:
        if spec.jokers:
            raise ValueError(f"too many jokers (the deck has {spec.jokers}) in {shown!r}")
        raise ValueError(f"Jk is not in the deck ({spec.deck_text}) in {shown!r}")
    for card in hand:
        if card != JOKER and RANK_VALUE[card[0]] < spec.low:
            hint = ""
            if spec.assumed:
                hint = (f"; {DEFAULT_PLAYERS} players were assumed for the rule of 11: give the "
                        "number of players dealt in (players=N, or --players N on the command line)")
            raise ValueError(f"{card} is not in the deck ({spec.deck_text}) in {shown!r}{hint}")
    seen: set[str] = set()
    for card in hand:
        if card != JOKER and card in seen:
            raise ValueError(f"duplicate card {card} in {shown!r}")
        seen.add(card)
    return hand


# ---------------------------------------------------------------------------------------
# Rules -> table

_TABLES: dict[tuple, _Table] = {}
"""(spec key, player count assumed) -> table."""
_NAMED: dict[str, tuple] = {}
"""Preset name -> ``(dealt, entries, slow)`` of its table at the default table size: what
:func:`rank` needs inline for a preset name (the common call)."""
_BY_NAME: dict[tuple[str, int | None], _Table] = {}
_BY_ID: dict[tuple[int, int | None], tuple[HouseRules, _Table]] = {}
_BY_DICT: dict[tuple, _Table] = {}
_BY_FIELDS: dict[tuple, _Table] = {}
"""The ranking fields of a HouseRules as written, and the player count -> table."""
RANKING_FIELDS = ("ranking", "lowest_rank", "jokers", "joker", "flush_beats_full",
                  "five_figures", "five_of_a_kind", "natural_beats_wild", "suit_order",
                  "straight_flush_cycle", "ace_low_straight_flush_beats_royal",
                  "circular_straight")
"""The :class:`~referee.rules.HouseRules` fields the ranking depends on: rules equal in
these (whatever their stakes, betting ...) rank hands alike and share one table."""


def _table_for(rules: Any, players: int | None) -> _Table:
    """The table for ``rules`` (name, dict or HouseRules) and ``players``, resolved once:
    names and dicts by value, HouseRules by identity (frozen, so one object one table)."""
    if rules.__class__ is str:
        table = _BY_NAME.get((rules, players))
        if table is None:
            table = _build(resolve_rules(rules), players)
            _BY_NAME[(rules, players)] = table
            if players is None:
                _NAMED[rules] = (table.dealt, table.entries, table.slow)
        return table
    if isinstance(rules, HouseRules):
        found = _BY_ID.get((id(rules), players))
        if found is not None and found[0] is rules:
            return found[1]
        table = _build(rules, players)
        if len(_BY_ID) > 512:
            _BY_ID.clear()
        _BY_ID[(id(rules), players)] = (rules, table)
        return table
    try:
        frozen = (tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                               for k, v in rules.items())), players)
        hash(frozen)
    except (AttributeError, TypeError):
        return _build(resolve_rules(rules), players)
    table = _BY_DICT.get(frozen)
    if table is None:
        table = _build(resolve_rules(rules), players)
        if len(_BY_DICT) > 512:
            _BY_DICT.clear()
        _BY_DICT[frozen] = table
    return table


def _build(rules: HouseRules, players: int | None) -> _Table:
    if players is not None and (isinstance(players, bool) or not isinstance(players, int) or players < 1):
        raise ValueError(f"players must be a whole number of at least 1, not {players!r}")
    # rules that differ only in what ranking ignores (stakes, betting ...) share a table:
    # found by the ranking fields as written, before working out the _Spec
    fields = rules.__dict__
    written = (*[fields[name] for name in RANKING_FIELDS], players)
    table = _BY_FIELDS.get(written)
    if table is not None:
        return table
    spec = _Spec(rules, players)
    table = _TABLES.get((spec.key, spec.assumed))
    if table is None:
        table = _Table(spec, _TABLES.get((spec.key, not spec.assumed)))
        _TABLES[(spec.key, spec.assumed)] = table
    _BY_FIELDS[written] = table
    return table


def rules_table(rules: Any = "jackpots", players: int | None = None) -> Callable[[Any], HandRank]:
    """The ranking function for these rules: ``f(cards) -> HandRank``, same as
    ``lambda cards: rank(cards, rules, players)`` without resolving the rules each call.

    :raises RulesError: unknown preset or bad rules.
    """
    return _table_for(rules, players).rank


# ---------------------------------------------------------------------------------------
# The public face

def rank(cards: str | Sequence[str], rules: Any = "jackpots", players: int | None = None) -> HandRank:
    """Rank a five-card hand under house rules.

    :param cards: five cards as one string (``"AsKd7h7c2h"``, spaces allowed, case
        forgiven) or a sequence of card strings (``["As", "Kd", ...]``); ``"Jk"`` is a
        joker (CONTRACT.md section 2).
    :param rules: a preset name (``"clasico"``), a session-style dict
        (``{"preset": "jackpots", "suit_order": "hdcs"}``) or a
        :class:`~referee.rules.HouseRules`.
    :param players: players dealt in; resolves ``lowest_rank: "auto"`` (rule of 11,
        seed 001). None assumes :data:`DEFAULT_PLAYERS` (4: the 32-card deck).
    :returns: a :class:`HandRank` (larger is better, the straight-flush cycle aside).
    :raises CardError: text that is not a card (quoted).
    :raises ValueError: not five cards, an unknown card ``??``, a card outside the
        configured deck, a duplicate card (quoted), bad ``players``.
    :raises RulesError: unknown preset or bad rules.

    >>> rank("7s8s9sTsJs").name
    'straight flush'
    >>> rank("As2d3h4c5s") < rank("2s3d4h5c6s")     # the wheel is the lowest straight
    True
    >>> rank("Ah7s8d9cTs", "clasico").name           # 32 cards: A-7-8-9-T
    'straight'
    >>> rank("Ah7s8d9cTs", "clasico", players=5).name   # 36 cards: the ace goes below 6
    'high card'
    >>> rank("QsKsAs2s3d").ranks                      # no round-the-corner straight
    (14, 13, 12, 3, 2)
    """
    if players is None and rules.__class__ is str:
        # The common path, inlined (see _Table._make_fast): a preset name, a canonical
        # ten-character string. Anything unusual (a joker, bad or other-shaped input)
        # fails a look-up and goes to the table's validating path.
        t = _NAMED.get(rules)
        if t is not None:
            try:
                if t[0]:
                    entry = t[1][cards[0::2]]
                    return entry[0][entry[1][cards[1::2]]]
                if len(cards) != 10:               # (an 11th character would go unseen)
                    return t[2](cards)
                entry = t[1][_P[cards[0]] * _P[cards[2]] * _P[cards[4]] * _P[cards[6]] * _P[cards[8]]
                             * _SUIT_FACTOR[cards[1::2]]]
            except (KeyError, TypeError, IndexError):
                return t[2](cards)
            d = entry[1]
            if d is None:
                return entry[0]
            if d.__class__ is str:
                i = cards.find(d)
                if cards.find(cards[i:i + 2], i + 2) < 0:
                    return entry[0]
            elif no_dup(cards, d):
                return entry[0]
            return t[2](cards)
    return _table_for(rules, players).rank(cards)


def _sf_kind(hr: HandRank) -> int:
    """0 lowest (ace low), 1 middle, 2 highest (ace high) straight flush (seed 001)."""
    if hr.ace_low:
        return 0
    return 2 if hr.ranks[0] == 14 else 1


def _compare_ranks(a: HandRank, b: HandRank, cycle: bool) -> int:
    if cycle and a.category == STRAIGHT_FLUSH == b.category:
        ka, kb = _sf_kind(a), _sf_kind(b)
        if ka == 0 and kb == 2:
            return 1
        if ka == 2 and kb == 0:
            return -1
    return (a.value > b.value) - (a.value < b.value)


def compare(a: str | Sequence[str] | HandRank, b: str | Sequence[str] | HandRank,
            rules: Any = "jackpots", players: int | None = None) -> int:
    """Which of two hands wins: 1 if ``a`` beats ``b``, -1 if ``b`` beats ``a``, 0 a tie.

    Applies the straight-flush cycle of seed 001 (``straight_flush_cycle``): the lowest
    (ace-low) straight flush beats the highest (ace-high); otherwise the HandRank order
    (suit order and natural-beats-wild included).

    :param a: cards as for :func:`rank`, or a HandRank made under the same rules.
    :param b: likewise.
    :raises CardError, ValueError, RulesError: as :func:`rank`.

    >>> compare("AsKsQsJsTs", "9h8h7h6h5h")
    1
    >>> compare("QhQs9d8c7h", "QdQc9h8s7d", "clasico")   # seed 001: the heart pair wins
    1
    >>> compare("QhQs9d8c7h", "QdQc9h8s7d")               # jackpots: suits never break ties
    0
    """
    table = _table_for(rules, players)
    ra = a if isinstance(a, HandRank) else table.rank(a)
    rb = b if isinstance(b, HandRank) else table.rank(b)
    return _compare_ranks(ra, rb, table.cycle)


def winners(hands: Sequence[str | Sequence[str]], rules: Any = "jackpots",
            players: int | None = None) -> list[int]:
    """Indices (ascending) of the best hand(s) among several; ties split.

    With the straight-flush cycle (seed 001) the winners are the hands no other hand
    beats; when the lowest, the highest and a middle straight flush all meet, nobody is
    unbeaten and every straight flush shares ("el plato es dividido en partes iguales
    entre todos los poseedores de las diferentes escaleras reales").

    :param hands: card strings (or card sequences), one per live hand.
    :returns: list of int indices into ``hands``; empty for no hands.
    :raises CardError, ValueError, RulesError: as :func:`rank`.

    >>> winners(["AsAd5c4h2s", "KsKdKc4d2d", "KhKd7c4s2c"])
    [1]
    >>> winners(["9s8d7c6h5s", "9h8c7d6s5d"])
    [0, 1]
    >>> winners(["Ah7h8h9hTh", "AsKsQsJsTs", "JdTd9d8d7d"], "clasico")
    [0, 1, 2]
    """
    table = _table_for(rules, players)
    rank_of = table.rank
    ranks = [rank_of(h) for h in hands]
    if not ranks:
        return []
    if not table.cycle:
        values = [r.value for r in ranks]
        best = max(values)
        return [i for i, v in enumerate(values) if v == best]
    unbeaten = [i for i, r in enumerate(ranks)
                if not any(_compare_ranks(o, r, True) > 0 for o in ranks)]
    if unbeaten:
        return unbeaten
    return [i for i, r in enumerate(ranks) if r.category == STRAIGHT_FLUSH]


def value_ranker(rules: Any = "jackpots", players: int | None = None) -> Callable[[Any], Any] | None:
    """The table's ranking function, ``f(cards) -> HandRank``, where the hands' ``value``
    alone orders them (the higher wins, equal values tie: what :func:`winners` does); None
    under the straight-flush cycle (seed 001), where no single value orders the hands (use
    :func:`winners`).

    :raises RulesError: unknown preset or bad rules.

    >>> f = value_ranker("jackpots")
    >>> f("KsKdKc4d2d").value > f("AsAd5c4h2s").value > f("KhKd7c4s2c").value
    True
    >>> value_ranker("clasico") is None
    True
    """
    table = _table_for(rules, players)
    return None if table.cycle else table.rank


def rank_main(argv: list[str]) -> int:
    """``python -m referee rank CARDS [--rules PRESET] [--players N]``.

    Prints the category in English and Spanish (``full house / full``) and returns 0;
    on bad cards or rules prints one line to stderr and returns 2.
    """
    parser = argparse.ArgumentParser(prog="python -m referee rank",
                                     description="Print a five-card hand's category.")
    parser.add_argument("cards", nargs="+", help="the five cards, e.g. AsKd7h7c2h")
    parser.add_argument("--rules", default="jackpots", help="preset name (default jackpots)")
    parser.add_argument("--players", type=int, default=None,
                        help="players dealt in, for the rule of 11 (default 4)")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        hr = rank("".join(args.cards), args.rules, args.players)
    except (ValueError, RulesError) as exc:  # CardError is a ValueError
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"{hr.name} / {hr.name_es}")
    return 0
