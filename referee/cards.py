"""Cards, card strings and decks.

A card is a two-character string: rank then suit (``"As"``, ``"Td"``, ``"7h"``), the
joker ``"Jk"``, or ``"??"`` for a card nobody saw (CONTRACT.md section 2). Ranks are
``2-9 T J Q K A``; suits ``s h d c``. Keeping cards as plain strings makes parsing a
slice and lets the ranking tables key on them directly.

>>> parse_cards("AsKd7h7c2h")
('As', 'Kd', '7h', '7c', '2h')
>>> parse_cards("Jk??")
('Jk', '??')
>>> len(make_deck("7"))
32
>>> lowest_rank_for_players(5)
'6'
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

RANKS = "23456789TJQKA"
"""Ranks from lowest to highest (ace high)."""

SUITS = "shdc"
"""The four suits: spades, hearts, diamonds, clubs."""

JOKER = "Jk"
UNKNOWN = "??"

RANK_VALUE = {r: i for i, r in enumerate(RANKS, start=2)}
"""Rank letter -> value, 2..14 (ace 14)."""

_CANONICAL = {c: c for c in [r + s for r in RANKS for s in SUITS] + [JOKER, UNKNOWN]}
"""Canonical card text -> the one shared string of that card (so parsing canonical text is
a lookup per card, and parsed hands share their card strings)."""


_canonical = _CANONICAL.__getitem__

_SPLIT = {n: itemgetter(*[slice(i, i + 2) for i in range(0, n, 2)]) for n in range(4, 110, 2)}
"""Length of a card string of 2-54 cards -> the function that cuts it into its two-character
pieces, as a tuple (``operator.itemgetter`` of the slices: one call, no loop in Python).
One card (length 2) is looked up whole."""


class CardError(ValueError):
    """Raised for card text that is not a card; the message quotes the bad text."""


def _check_card(text: str, whole: str) -> str:
    if text in (JOKER, UNKNOWN):
        return text
    if len(text) == 2:
        rank, suit = text[0].upper(), text[1].lower()
        if rank in RANKS and suit in SUITS:
            return rank + suit
        if text.lower() == "jk":
            return JOKER
    raise CardError(f"not a card: {text!r} in {whole!r} (expected rank 2-9TJQKA + suit shdc, 'Jk' or '??')")


def parse_card(text: Any) -> str:
    """Parse one card.

    :param text: two characters, e.g. ``"As"``, ``"td"`` (case of rank and suit is
        forgiven), ``"Jk"`` or ``"??"``.
    :returns: the canonical card string (``"Td"``).
    :raises CardError: for anything else, quoting the text.

    >>> parse_card("qh")
    'Qh'
    >>> parse_card("1h")
    Traceback (most recent call last):
    ...
    referee.cards.CardError: not a card: '1h' in '1h' (expected rank 2-9TJQKA + suit shdc, 'Jk' or '??')
    """
    if not isinstance(text, str):
        raise CardError(f"not a card: {text!r}")
    return _check_card(text.strip(), text)


def parse_cards(text: Any) -> tuple[str, ...]:
    """Parse a run of cards written together (``"AsKd7h7c2h"``; spaces allowed).

    :param text: the card string from a log line or the command line.
    :returns: a tuple of canonical card strings, in the order given.
    :raises CardError: on an odd length or any bad card, quoting the text; for
        separators between the cards (``"As,Kd,7h"``) it says to write them together.

    >>> parse_cards("As,Kd,7h")
    Traceback (most recent call last):
    ...
    referee.cards.CardError: cards must be written together, without separators: ',' in 'As,Kd,7h' (write 'AsKd7h')
    """
    if not isinstance(text, str):
        raise CardError(f"not a card string: {text!r}")
    split = _SPLIT.get(len(text))
    if split is not None:
        try:  # the common case, canonical cards written together: one lookup per card
            return tuple(map(_canonical, split(text)))
        except KeyError:
            pass  # lower case, spaces, separators or bad cards: read in full below
    elif len(text) == 2 and text in _CANONICAL:
        return (_CANONICAL[text],)
    compact = "".join(text.split())
    separators = [c for c in compact if not c.isalnum() and c != "?"]
    if separators:
        found = "".join(dict.fromkeys(separators))
        together = "".join(c for c in compact if c.isalnum() or c == "?")
        raise CardError(f"cards must be written together, without separators: {found!r} in "
                        f"{text!r} (write {together!r})")
    if not compact or len(compact) % 2:
        raise CardError(f"not a card string: {text!r} (cards are two characters each)")
    return tuple(_check_card(compact[i:i + 2], text) for i in range(0, len(compact), 2))


def lowest_rank_for_players(players: Any) -> str:
    """The lowest rank of a stripped deck by the rule of 11 (seed ``001_*.txt``).

    "en el caso de cuatro jugadores [7 a As], en la versión de 5 jugadores se aumenta el 6
    y así se va aumentando una carta por cada jugador más": lowest rank = 11 - players,
    never above 7 (fewer than four players still play 7 to ace) nor below 2.

    :param players: number of players dealt in (int >= 1).
    :returns: the rank letter ``"2"`` .. ``"7"``.
    """
    value = min(7, max(2, 11 - int(players)))
    return RANKS[value - 2]


def resolve_lowest_rank(lowest_rank: Any, players: Any = None) -> str:
    """Resolve a ``lowest_rank`` setting (``"2"``..``"7"`` or ``"auto"``) to a rank letter.

    :raises ValueError: for ``"auto"`` without a player count, or an unknown setting.
    """
    if lowest_rank == "auto":
        if players is None:
            raise ValueError("lowest_rank 'auto' needs the number of players (rule of 11)")
        return lowest_rank_for_players(players)
    text = str(lowest_rank).upper()
    if text not in tuple(RANKS[:6]):  # a tuple: "34" or "" is no rank (not a substring test)
        raise ValueError(f"lowest_rank must be '2'..'7' or 'auto', not {lowest_rank!r}")
    return text


def make_deck(lowest_rank: Any = "2", jokers: Any = 0) -> tuple[str, ...]:
    """Build a deck: every rank from ``lowest_rank`` to ace in four suits, plus jokers.

    :param lowest_rank: a rank letter ``"2"``..``"7"`` (resolve ``"auto"`` first with
        :func:`resolve_lowest_rank`).
    :param jokers: 0, 1 or 2 jokers (``"Jk"`` appears that many times).
    :returns: the cards, low ranks first; 52 cards for ``("2", 0)``, 32 for ``("7", 0)``.
    :raises ValueError: for an unknown rank or a joker count outside 0-2.
    """
    low = resolve_lowest_rank(lowest_rank)
    if jokers not in (0, 1, 2):
        raise ValueError(f"jokers must be 0, 1 or 2, not {jokers!r}")
    return _DECKS[low, jokers]


def deck_set(lowest_rank: str, jokers: int) -> frozenset[str]:
    """The cards of ``make_deck(lowest_rank, jokers)`` as a frozenset (jokers once), for
    "is this card in the deck" (``lowest_rank`` a rank letter, ``jokers`` 0-2).

    :raises KeyError: for a rank or joker count outside those.
    """
    return _DECK_SETS[lowest_rank, jokers]


_DECKS = {(low, jokers): tuple(r + s for r in RANKS[RANKS.index(low):] for s in SUITS)
          + (JOKER,) * jokers for low in RANKS[:6] for jokers in (0, 1, 2)}
"""The 18 decks (lowest rank 2-7, 0-2 jokers), built once: constants, like the ranks."""
_DECK_SETS = {key: frozenset(deck) for key, deck in _DECKS.items()}


def deck_size(lowest_rank: Any = "2", jokers: Any = 0) -> int:
    """Number of cards in the deck ``make_deck(lowest_rank, jokers)`` builds."""
    low = resolve_lowest_rank(lowest_rank)
    return 4 * (15 - RANK_VALUE[low]) + jokers
