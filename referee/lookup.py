"""The common path of a ranking table (:class:`referee.rank._Table`): five cards written
together as one canonical string -> their :class:`~referee.rank.HandRank`, found in the
table's ``entries`` without parsing. Anything else (a joker not met before, lower case,
other shapes, a bad card, a repeated card) goes to the table's validating ``slow`` path,
which explains or ranks it.

The referee ranks the shown hands of every showdown through these: each is a plain
function (a closure over its table), the cheapest thing Python calls.

>>> entries = {"AAKKQ": ((None,), {"shdcs": 0})}
>>> look = dealt_lookup(entries, lambda cards: "slow")
>>> look("AsAhKdKcQs"), look("as ah")
(None, 'slow')
>>> no_dup("AsAhKdKc2s", ("A", "K")), no_dup("AsAsKdKc2s", ("A", "K"))
(True, False)
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["dealt_lookup", "prime_lookup", "no_dup"]

JOKER = "Jk"


def no_dup(cards: str, checks: tuple[str, ...]) -> bool:
    """Whether a well-formed card string (rank letters at even places, suits at odd)
    repeats no card, given its repeated ranks: ``checks`` lists each repeated rank's
    letter once per card after its first, sorted (``("J", "J", "8")`` for J-J-J-8-8).
    Each such card but the last of its rank must not occur again further on. A leading
    ``"Jk"`` (joker entries) asks that the string holds a joker: where the suit letters
    are valid, a "J" before the "k" can only be the joker's."""
    prev = ""
    i = -2
    for r in checks:
        if r == JOKER:
            if JOKER not in cards:
                return False
            continue
        i = cards.find(r, i + 2) if r == prev else cards.find(r)
        if cards.find(cards[i:i + 2], i + 2) >= 0:
            return False
        prev = r
    return True


def dealt_lookup(entries: dict, slow: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The ranking function of a table keyed by the rank letters as dealt (stripped decks,
    suit orders): ``entries[letters] = (hand ranks, suits pattern -> index)``.

    :param entries: the table's entries (shared, filled as the table learns new hands).
    :param slow: the table's validating path, ``slow(cards) -> HandRank``.
    :returns: ``rank_of(cards) -> HandRank`` for any input (the unusual goes to ``slow``).
    """

    def rank_of(cards: Any) -> Any:
        if cards.__class__ is str:
            try:
                entry = entries[cards[0::2]]
                return entry[0][entry[1][cards[1::2]]]
            except (KeyError, TypeError, IndexError):
                pass
        return slow(cards)

    return rank_of


def prime_lookup(entries: dict, slow: Callable[[Any], Any], primes: dict[str, int],
                 factor: dict[str, int]) -> Callable[[Any], Any]:
    """The ranking function of a table keyed by the product of the five rank letters'
    primes times a suit factor (52-card decks): ``entries[key] = (hand rank, dups)``,
    ``dups`` the repeated ranks to check for a repeated card (None, one letter, or a
    tuple: see :func:`no_dup`).

    :param entries: the table's entries. :param slow: its validating path.
    :param primes: rank letter -> prime. :param factor: the five suit letters -> factor.
    :returns: ``rank_of(cards) -> HandRank`` for any input (the unusual goes to ``slow``).
    """

    def rank_of(cards: Any) -> Any:
        if cards.__class__ is not str or len(cards) != 10:  # (an 11th character unseen)
            return slow(cards)
        p = primes
        try:
            entry = entries[p[cards[0]] * p[cards[2]] * p[cards[4]] * p[cards[6]]
                            * p[cards[8]] * factor[cards[1::2]]]
        except KeyError:
            return slow(cards)
        d = entry[1]
        if d is None:
            return entry[0]
        if d.__class__ is str:
            i = cards.find(d)
            if cards.find(cards[i:i + 2], i + 2) < 0:
                return entry[0]
        elif no_dup(cards, d):
            return entry[0]
        return slow(cards)

    return rank_of
