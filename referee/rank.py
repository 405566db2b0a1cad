"""Hand ranking for five-card draw under every rule family of ``shared/seeds/``.

``rank(cards, rules)`` turns five cards into a :class:`HandRank`; a larger HandRank is the
better hand (the straight-flush cycle aside, which :func:`compare` and :func:`winners`
handle). One table per ranking-relevant set of rules is built once and cached (DESIGN.md);
the common path keys it on the rank letters of the card string (their product of primes,
or, for decks of 40 cards or fewer, the letters as dealt) and looks the suit letters up
for the flush flag: a few slices and dictionary look-ups per hand, the joker, suit-order
and cycle work kept off that path.

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
  de la carta menor de la baraja"); no round-the-corner straights (seed 004, "3-2-A-K-Q no
  están permitidas").
- ``jokers``/``joker``: ``wild`` stands for any card not already in the hand, except that
  four of a rank and a joker make five of a kind; ``bug`` is an ace or fills a straight or
  a flush (CONTRACT.md section 3). ``five_of_a_kind`` (repóquer, the top hand, seed 000)
  and ``natural_beats_wild`` (seed 000: "dos jugadores tienen la misma jugada y uno de ellos
  la ha formado con el comodín, ganará el que ha ligado sin esta carta").
- ``five_figures``: five face cards, aces not counted, between two pair and three of a
  kind (seed 000, "Cinco figuras"). Five face cards always hold two pair at least, so only
  two-pair hands of J, Q and K become five figures; they compare as two pair do.
- ``suit_order`` (seed 001: "CORAZÓN, DIAMANTE, TRÉBOL, PICAS"): suits break a tie only
  when the ranks of all five cards are equal (kickers are compared first: this module
  reads the seed's "en el caso que sean del mismo valor" as the whole hand being of the
  same value); then the best suit among the cards of the deciding group wins: the
  pair's (the higher pair's for two pair, the trips' or quads' for those) and, for hands
  without a pair, the top card's (the highest card of a straight, so the T of A-7-8-9-T).
  Two different natural hands from one deck then never tie. Joker hands count their
  joker as the lowest suit. ``None``: suits never break ties (seed 004, "Los palos no
  son usados para desempatar").
- ``straight_flush_cycle`` (seed 001): the lowest straight flush (ace low) beats the
  highest (ace high), the highest beats a middle one, a middle one beats the lowest; when
  all three kinds meet, all straight flushes split. Only :func:`compare` and
  :func:`winners` apply it; the HandRank order is the plain one.
- ``ace_low_straight_flush_beats_royal`` (seed 000: "Hay jugadores que tienen por norma que
  la escalera mínima de as gane a la escalera real"): read as the ace-low straight flush
  being the best straight flush (above the royal), which keeps the order transitive.
  Ignored when the cycle is on (the cycle already makes it beat the royal).
- ``ranking: deuce_to_seven``: 2-7 lowball (aces always high, straights and flushes
  count against the hand); the larger HandRank is the better low hand. Suit order and the
  five-figures category do not apply to it.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from itertools import combinations_with_replacement, permutations, product
from typing import Any, Callable, Sequence

from .cards import JOKER, RANK_VALUE, RANKS, SUITS, UNKNOWN, CardError, parse_card, parse_cards
from .rules import HouseRules, RulesError, resolve_rules

__all__ = [
    "CATEGORIES", "CATEGORIES_ES", "HandRank", "rank", "compare", "winners", "rank_main",
    "DEFAULT_PLAYERS", "rules_table",
]

CATEGORIES = (
    "high card", "one pair", "two pair", "five figures", "three of a kind", "straight",
    "flush", "full house", "four of a kind", "straight flush", "five of a kind",
)
"""English category names (CONTRACT.md section 4); ``HandRank.category`` indexes this."""

CATEGORIES_ES = (
    "carta mayor", "pareja", "dobles parejas", "cinco figuras", "trío", "escalera",
    "color", "full", "póker", "escalera de color", "repóquer",
)
"""Spanish category names, same order as :data:`CATEGORIES` (UI text)."""

(HIGH_CARD, ONE_PAIR, TWO_PAIR, FIVE_FIGURES, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE,
 FOUR_OF_A_KIND, STRAIGHT_FLUSH, FIVE_OF_A_KIND) = range(11)

DEFAULT_PLAYERS = 4
"""Players assumed when ``lowest_rank`` is ``"auto"`` and no count is given: the base table
of seed 001 ("7, 8, 9, 10, Jota, Reina, Rey y As ... en el caso de cuatro jugadores")."""

P = {letter: prime for letter, prime in zip(RANKS, (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41))}
"""Rank letter -> a prime; the product of five keys a rank multiset (52-card tables)."""

_SUIT_STRINGS_5 = {a + b + c + d + e: a == b == c == d == e
                   for a in SUITS for b in SUITS for c in SUITS for d in SUITS for e in SUITS}
_JOKER_SUITS = {a + "k" + b: (2 * len(a), len(set(a + b)) == 1)
                for n in range(5) for a in map("".join, product(SUITS, repeat=n))
                for b in map("".join, product(SUITS, repeat=4 - n))}
"""Suit letters of a hand with one joker (its "k") -> (index of the joker's "J", whether
the four natural cards share one suit)."""

_SUIT_STRINGS_4 = {a + b + c + d: a == b == c == d
                   for a in SUITS for b in SUITS for c in SUITS for d in SUITS}


class HandRank:
    """The value of one five-card hand under one set of rules.

    Ordering: a larger HandRank is the better hand; equal means a tie (the value already
    holds the suit order when ``suit_order`` is set and the natural-beats-wild rule). The
    straight-flush cycle (seed 001) is not in the order: use :func:`compare`.
    Only compare HandRanks made under the same rules.

    Attributes: ``value`` (int, the order), ``category`` (int index into
    :data:`CATEGORIES`), ``name`` (English category, CONTRACT.md 4), ``name_es``
    (Spanish), ``ranks`` (tuple of rank values 2-14 in order of significance, e.g. the
    pair first; a straight's top card alone, 5 for the wheel), ``wild`` (a joker is
    used), ``ace_low`` (a straight or straight flush with the ace played low).
    HandRanks are shared between hands with the same value: treat them as immutable.

    >>> rank("KsKhQdJcJh", "pocker").name
    'five figures'
    >>> rank("KsKhQdJcJh", "pocker").ranks
    (13, 11, 12)
    """

    __slots__ = ("value", "category", "name", "name_es", "ranks", "wild", "ace_low")

    def __init__(self, value: int, category: int, ranks: tuple[int, ...],
                 wild: bool = False, ace_low: bool = False) -> None:
        self.value = value
        self.category = category
        self.name = CATEGORIES[category]
        self.name_es = CATEGORIES_ES[category]
        self.ranks = ranks
        self.wild = wild
        self.ace_low = ace_low

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

class _Spec:
    """The ranking-relevant rules, made concrete for one table (hashable key)."""

    __slots__ = ("key", "lowball", "low", "jokers", "joker", "flush_beats_full",
                 "five_figures", "five_of_a_kind", "natural_beats_wild", "suit_order",
                 "cycle", "ace_low_top", "order", "deck_ranks", "deck_text")

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
        self.cycle = r.straight_flush_cycle and not self.lowball
        self.ace_low_top = r.ace_low_straight_flush_beats_royal and not self.cycle and not self.lowball
        self.key = (self.lowball, self.low, self.jokers, self.joker, self.flush_beats_full,
                    self.five_figures, self.five_of_a_kind, self.natural_beats_wild,
                    self.suit_order, self.cycle, self.ace_low_top)
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


def _shape(spec: _Spec, values: Sequence[int], flush: bool) -> tuple[int, tuple[int, ...], bool]:
    """Category, significant ranks and ace-low flag of five rank values (any order)."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
    top = tuple(v for v, _ in groups)
    shape = tuple(c for _, c in groups)
    if shape[0] == 5:
        return FIVE_OF_A_KIND, top, False
    if len(counts) == 5:
        desc = tuple(sorted(values, reverse=True))
        high, ace_low = None, False
        if desc[0] - desc[4] == 4:
            high = desc[0]
        elif (not spec.lowball and desc[0] == 14
              and desc[1:] == (spec.low + 3, spec.low + 2, spec.low + 1, spec.low)):
            high, ace_low = spec.low + 3, True
        if high is not None:
            return (STRAIGHT_FLUSH if flush else STRAIGHT), (high,), ace_low
        return (FLUSH if flush else HIGH_CARD), desc, False
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


def _value(spec: _Spec, category: int, ranks: tuple[int, ...], ace_low: bool,
           natural: bool, suit_key: int) -> int:
    digits = ranks
    if category == STRAIGHT_FLUSH and ace_low and spec.ace_low_top:
        digits = (15,)
    base = spec.order[category]
    for i in range(5):
        base = base * 16 + (digits[i] if i < len(digits) else 0)
    if spec.lowball:
        base = (16 ** 6) - base
    return ((base * 2 + (1 if natural and spec.natural_beats_wild else 0)) * 4) + suit_key


def _hand_rank(spec: _Spec, values: Sequence[int], flush: bool, natural: bool = True,
               suit_key: int = 0) -> HandRank:
    category, ranks, ace_low = _shape(spec, values, flush)
    return HandRank(_value(spec, category, ranks, ace_low, natural, suit_key), category,
                    ranks, wild=not natural, ace_low=ace_low)


def _is_straight_or_flush(category: int) -> bool:
    return category in (STRAIGHT, FLUSH, STRAIGHT_FLUSH)


def _best_with_jokers(spec: _Spec, naturals: tuple[int, ...], suited: bool, jokers: int) -> HandRank:
    """Best HandRank for natural rank values plus 1-2 jokers (wild or bug, CONTRACT 3).

    ``suited``: the natural cards are all of one suit (so the jokers may complete a flush
    with ranks not already held).
    """
    best: HandRank | None = None
    for extra in combinations_with_replacement(spec.deck_ranks, jokers):
        values = naturals + extra
        full = Counter(values)
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
cheaper than sorting and, measured, faster than 371,293 dealt-order keys."""


class _Table:
    """Everything needed to rank hands under one :class:`_Spec`, built once.

    ``entries`` maps the rank letters as dealt (``permuted``) or the product of their
    primes (:data:`P`) to a tuple:
    without suit order ``(plain, flush, dups)``; with it ``(plain4, flush4, dups, decisive
    letter, its count)`` where ``plain4``/``flush4`` hold one HandRank per suit key 0-3
    (and, keyed as dealt, ``(kind, index, index)``: where the deciding suits sit).
    ``flush`` is None when ranks repeat. ``dups`` is None (no repeated rank), a letter
    (exactly one pair) or a tuple of ``(letter, count)``.
    """

    def __init__(self, spec: _Spec) -> None:
        self.spec = spec
        self.cycle = spec.cycle
        self.entries: dict[str, tuple] = {}
        self.joker_entries: dict[int, list] = {}
        self.joker_memo: dict[tuple, HandRank] = {}
        self.permuted = 4 * len(spec.deck_ranks) <= PERMUTED_KEYS_MAX_DECK
        letters = [RANKS[v - 2] for v in spec.deck_ranks]
        suit_keys = range(4) if spec.suit_order else (0,)
        for combo in combinations_with_replacement(letters, 5):
            counts = Counter(combo)
            if max(counts.values()) > 4:
                continue
            values = tuple(RANK_VALUE[c] for c in combo)
            plain = tuple(_hand_rank(spec, values, False, suit_key=k) for k in suit_keys)
            flush = (tuple(_hand_rank(spec, values, True, suit_key=k) for k in suit_keys)
                     if len(counts) == 5 else None)
            dups = _dup_info(counts)
            if spec.suit_order:
                decisive = RANKS[plain[0].ranks[0] - 2]
                entry = (plain, flush, dups, decisive, counts[decisive])
            else:
                entry = (plain[0], flush[0] if flush else None, dups)
            if self.permuted and spec.suit_order:
                # Keyed as dealt, so the deciding cards' positions are known: the suit
                # of the deciding card (kind 0) or of the one pair (kind 1) is a slice.
                for key in set(permutations(combo)):
                    where = [2 * i + 1 for i, c in enumerate(key) if c == decisive]
                    if dups is None:
                        extra = (0, where[0], -1)
                    elif dups.__class__ is str:
                        extra = (1, where[0], where[1])
                    else:
                        extra = (2, -1, -1)
                    self.entries["".join(key)] = entry + extra
            elif self.permuted:
                for key in set(permutations(combo)):
                    self.entries["".join(key)] = entry
            else:
                self.entries[self.key(combo)] = entry
        self.suit_value = ({s: 3 - spec.suit_order.index(s) for s in SUITS}
                           if spec.suit_order else None)
        self.rank: Callable[[Any], HandRank] = self._make_fast()

    def key(self, letters: Sequence[str]) -> str | int:
        """The ``entries`` key of five rank letters (any order)."""
        if self.permuted:
            return "".join(letters)
        out = 1
        for letter in letters:
            out *= P[letter]
        return out

    # -- the common path ------------------------------------------------------------

    def _make_fast(self) -> Callable[[Any], HandRank]:
        entries = self.entries
        flush_of = _SUIT_STRINGS_5
        slow = self.slow
        has_dup = _has_dup
        permuted = self.permuted
        if self.spec.suit_order is None:
            def fast(cards: Any) -> HandRank:
                if cards.__class__ is str and len(cards) == 10:
                    try:
                        entry = entries[cards[0::2] if permuted else
                                        P[cards[0]] * P[cards[2]] * P[cards[4]] * P[cards[6]] * P[cards[8]]]
                        flush = flush_of[cards[1::2]]
                    except KeyError:
                        return slow(cards)
                    d = entry[2]
                    if d is None:
                        return entry[1] if flush else entry[0]
                    if d.__class__ is str:
                        i = cards.find(d)
                        if cards[i + 1] != cards[cards.find(d, i + 2) + 1]:
                            return entry[0]
                    elif not has_dup(cards, d):
                        return entry[0]
                return slow(cards)
            return fast

        suit_value = self.suit_value

        def fast_suits_dealt(cards: Any) -> HandRank:
            if cards.__class__ is str and len(cards) == 10:
                try:
                    entry = entries[cards[0::2]]
                    flush = flush_of[cards[1::2]]
                except KeyError:
                    return slow(cards)
                kind = entry[5]
                if kind == 0:
                    return (entry[1] if flush else entry[0])[suit_value[cards[entry[6]]]]
                if kind == 1:
                    a = cards[entry[6]]
                    b = cards[entry[7]]
                    if a != b:
                        a = suit_value[a]
                        b = suit_value[b]
                        return entry[0][a if a > b else b]
                    return slow(cards)
                if has_dup(cards, entry[2]):
                    return slow(cards)
                r = entry[3]
                i = cards.find(r)
                key = suit_value[cards[i + 1]]
                for _ in range(entry[4] - 1):
                    i = cards.find(r, i + 2)
                    k = suit_value[cards[i + 1]]
                    if k > key:
                        key = k
                return entry[0][key]
            return slow(cards)

        if permuted:
            return fast_suits_dealt

        def fast_suits(cards: Any) -> HandRank:
            if cards.__class__ is str and len(cards) == 10:
                try:
                    entry = entries[P[cards[0]] * P[cards[2]] * P[cards[4]] * P[cards[6]] * P[cards[8]]]
                    flush = flush_of[cards[1::2]]
                except KeyError:
                    return slow(cards)
                d = entry[2]
                r = entry[3]
                i = cards.find(r)
                if d is None:
                    return (entry[1] if flush else entry[0])[suit_value[cards[i + 1]]]
                if d.__class__ is str:
                    j = cards.find(d, i + 2) if d == r else -1
                    if j < 0:
                        i2 = cards.find(d)
                        if cards[i2 + 1] == cards[cards.find(d, i2 + 2) + 1]:
                            return slow(cards)
                        return entry[0][suit_value[cards[i + 1]]]
                    a, b = suit_value[cards[i + 1]], suit_value[cards[j + 1]]
                    if a == b:
                        return slow(cards)
                    return entry[0][a if a > b else b]
                if has_dup(cards, d):
                    return slow(cards)
                key = suit_value[cards[i + 1]]
                for _ in range(entry[4] - 1):
                    i = cards.find(r, i + 2)
                    k = suit_value[cards[i + 1]]
                    if k > key:
                        key = k
                return entry[0][key]
            return slow(cards)
        return fast_suits

    # -- everything else: validation with clear errors, jokers, other input shapes ------

    def slow(self, cards: Any) -> HandRank:
        """Rank with full validation (any input shape, jokers); see :func:`rank`."""
        if self.spec.jokers and cards.__class__ is str and len(cards) == 10:
            i = cards.find(JOKER)
            if i >= 0 and not i & 1:
                found = self._one_joker(cards[:i] + cards[i + 2:])
                if found is not None:
                    return found
        hand = _normalize(cards, self.spec)
        naturals = [c for c in hand if c != JOKER]
        jokers = 5 - len(naturals)
        suited = len({c[1] for c in naturals}) <= 1
        if jokers:
            return self._joker_rank("".join(sorted(c[0] for c in naturals)), suited, jokers)
        entry = self.entries[self.key([c[0] for c in naturals])]
        flush = suited
        if self.spec.suit_order is None:
            return entry[1] if flush else entry[0]
        r = entry[3]
        best = max(self.suit_value[c[1]] for c in naturals if c[0] == r)
        return (entry[1] if flush else entry[0])[best]

    def joker_fast(self, cards: Any) -> HandRank:
        """Rank a canonical ten-character string holding one joker; else :meth:`slow`.

        ``joker_entries`` is keyed on the prime product of all five rank letters, the
        joker's "J" included (so one multiplication chain, no re-slicing); an entry is
        ``[dups, plain, suited, dups_safe]`` for the four natural cards, ``dups_safe``
        meaning no repeated rank is a jack (whose "J" the joker's could be taken for)."""
        info = _JOKER_SUITS.get(cards[1::2]) if self.spec.jokers else None
        if info is not None and cards[info[0]] == "J":
            try:
                key = P[cards[0]] * P[cards[2]] * P[cards[4]] * P[cards[6]] * P[cards[8]]
            except KeyError:
                return self.slow(cards)
            entry = self.joker_entries.get(key)
            if entry is not None:
                d = entry[0]
                if d is None or (entry[3] and not _has_dup(cards, d)):
                    return entry[2] if info[1] else entry[1]
            i = info[0]
            found = self._one_joker(cards[:i] + cards[i + 2:])
            if found is not None:
                return found
        return self.slow(cards)

    def _one_joker(self, rest: str) -> HandRank | None:
        """Rank four canonical natural cards plus one joker; None if ``rest`` is not four
        valid, distinct cards of the deck (the caller then validates with errors)."""
        suited = _SUIT_STRINGS_4.get(rest[1::2])
        if suited is None:
            return None
        try:
            key = P[rest[0]] * P[rest[2]] * P[rest[4]] * P[rest[6]] * P["J"]
        except KeyError:
            return None
        entry = self.joker_entries.get(key)
        if entry is None:
            letters = "".join(sorted(rest[0::2]))
            if not all(RANK_VALUE[c] >= self.spec.low for c in letters):
                return None
            counts = Counter(letters)
            dups = tuple((r, n) for r, n in counts.items() if n > 1) or None
            entry = self.joker_entries[key] = [
                dups, self._joker_rank(letters, False, 1),
                self._joker_rank(letters, True, 1) if dups is None else None,
                dups is None or all(r != "J" for r, _ in dups)]
        if entry[0] is not None and _has_dup(rest, entry[0]):
            return None
        return entry[2] if suited else entry[1]

    def _joker_rank(self, key: str, suited: bool, jokers: int) -> HandRank:
        memo_key = (key, suited, jokers)
        found = self.joker_memo.get(memo_key)
        if found is None:
            naturals = tuple(RANK_VALUE[c] for c in key)
            found = _best_with_jokers(self.spec, naturals, suited, jokers)
            self.joker_memo[memo_key] = found
        return found


def _dup_info(counts: Counter) -> str | tuple[tuple[str, int], ...] | None:
    repeated = tuple((r, n) for r, n in counts.items() if n > 1)
    if not repeated:
        return None
    if len(repeated) == 1 and repeated[0][1] == 2:
        return repeated[0][0]
    return repeated


def _has_dup(cards: str, dups: tuple[tuple[str, int], ...]) -> bool:
    """Whether a valid canonical card string repeats a card, given its repeated ranks.

    Rank letters never occur at suit positions, so ``find`` lands on cards.
    """
    for r, n in dups:
        i = cards.find(r)
        j = cards.find(r, i + 2)
        if n == 2:
            if cards[i + 1] == cards[j + 1]:
                return True
            continue
        suits = {cards[i + 1], cards[j + 1]}
        for _ in range(n - 2):
            j = cards.find(r, j + 2)
            suits.add(cards[j + 1])
        if len(suits) != n:
            return True
    return False


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
        raise ValueError(f"Jk is not in the deck ({spec.deck_text}) in {shown!r}")
    for card in hand:
        if card != JOKER and RANK_VALUE[card[0]] < spec.low:
            raise ValueError(f"{card} is not in the deck ({spec.deck_text}) in {shown!r}")
    seen: set[str] = set()
    for card in hand:
        if card != JOKER and card in seen:
            raise ValueError(f"duplicate card {card} in {shown!r}")
        seen.add(card)
    return hand


# ---------------------------------------------------------------------------------------
# Rules -> table

_TABLES: dict[tuple, _Table] = {}
_FAST_BY_NAME: dict[str, Callable[[Any], HandRank]] = {}
_PLAIN_BY_NAME: dict[str, tuple] = {}
_BY_NAME: dict[tuple[str, int | None], _Table] = {}
_BY_ID: dict[tuple[int, int | None], tuple[HouseRules, _Table]] = {}
_BY_DICT: dict[tuple, _Table] = {}


def _table_for(rules: Any, players: int | None) -> _Table:
    if isinstance(rules, str):
        table = _BY_NAME.get((rules, players))
        if table is None:
            table = _build(resolve_rules(rules), players)
            _BY_NAME[(rules, players)] = table
            if players is None:
                _FAST_BY_NAME[rules] = table.rank
                if table.spec.suit_order is None and not table.permuted:
                    _PLAIN_BY_NAME[rules] = (table.entries, table.permuted, table.slow, table.joker_fast)
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
    spec = _Spec(rules, players)
    table = _TABLES.get(spec.key)
    if table is None:
        table = _Table(spec)
        _TABLES[spec.key] = table
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
        # The common path, inlined: a preset name, a canonical ten-character string.
        plain = _PLAIN_BY_NAME.get(rules)
        if plain is not None and cards.__class__ is str and len(cards) == 10:
            flush = _SUIT_STRINGS_5.get(cards[1::2])
            if flush is None:                       # a joker, or not a card
                return plain[3](cards)
            try:
                entry = plain[0][P[cards[0]] * P[cards[2]] * P[cards[4]] * P[cards[6]] * P[cards[8]]]
            except KeyError:
                return plain[2](cards)
            d = entry[2]
            if d is None:
                return entry[1] if flush else entry[0]
            if d.__class__ is str:
                i = cards.find(d)
                if cards[i + 1] != cards[cards.find(d, i + 2) + 1]:
                    return entry[0]
            return plain[2](cards)
        fast = _FAST_BY_NAME.get(rules)
        if fast is not None:
            return fast(cards)
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
    ranks = [table.rank(h) for h in hands]
    if not ranks:
        return []
    if not table.cycle:
        best = max(r.value for r in ranks)
        return [i for i, r in enumerate(ranks) if r.value == best]
    unbeaten = [i for i, r in enumerate(ranks)
                if not any(_compare_ranks(o, r, True) > 0 for o in ranks)]
    if unbeaten:
        return unbeaten
    return [i for i, r in enumerate(ranks) if r.category == STRAIGHT_FLUSH]


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
