"""What the store refuses: :class:`StoreError` (a refusal a person can act on, nothing
written), the largest chip amount (:data:`MAX_CHIPS`), and what a person's text may hold.

The one check of characters for every name, label, title, reason and statement (the
store's checks and ``web.core.forms`` both use it).

Refused: control characters (Unicode category Cc: C0, DEL, C1, NUL; a multi-line field
keeps line breaks and tabs), format characters (Cf: bidi overrides such as U+202E,
zero-width spaces, the byte-order mark, U+180E), surrogates (Cs), line and paragraph
separators (Zl, Zp), and the letters and signs that draw nothing (:data:`BLANK_LOOKING`:
the Hangul fillers U+115F, U+1160, U+3164, U+FFA0 and the blank Braille pattern U+2800),
which let a name look empty or look like another. A text with no visible letter, digit,
sign or punctuation at all (only spaces and combining marks) is blank (:func:`looks_blank`).
Lookalike letters of other scripts (a Cyrillic "А" in "Аna") are NOT refused: they are
real letters of real names.
"""

from __future__ import annotations

import re
import unicodedata

BLANK_LOOKING = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e")
"""Characters that are letters or signs to Unicode but draw nothing on a page."""

LINE_BREAKS = frozenset("\n\r\t")
"""The control characters a multi-line field keeps."""

_REFUSED = ("Cc", "Cf", "Cs", "Zl", "Zp")


def bad_characters(text: str, *, multiline: bool = False) -> list[str]:
    """The characters of ``text`` a person's text may not hold, as ``U+XXXX`` (sorted,
    once each): control (Cc; line breaks and tabs allowed when ``multiline``), format (Cf),
    surrogates (Cs), line/paragraph separators and :data:`BLANK_LOOKING`.

    >>> bad_characters("Ana\\x00\\u202e"), bad_characters("Eve\\u3164")
    (['U+0000', 'U+202E'], ['U+3164'])
    >>> bad_characters("line one\\nline two", multiline=True)
    []
    """
    return sorted({f"U+{ord(c):04X}" for c in text
                   if (unicodedata.category(c) in _REFUSED or c in BLANK_LOOKING)
                   and not (multiline and c in LINE_BREAKS)})


def looks_blank(text: str) -> bool:
    """Whether ``text`` shows nothing: no letter, digit, symbol or punctuation that draws
    (only spaces, combining marks, :data:`BLANK_LOOKING` or refused characters).

    >>> looks_blank("\\u2800\\u2800"), looks_blank(" \\u0301 "), looks_blank("Ana")
    (True, True, False)
    """
    return not any(unicodedata.category(c)[0] in "LNSP" and c not in BLANK_LOOKING for c in text)


class StoreError(ValueError):
    """A write refused for a reason a person can act on; nothing was written.

    A refusal is a ``code`` (a short identifier such as ``"seat_taken"``) and its
    ``params`` (the names, seats, numbers it is about: ints, strings, lists of them); the
    store never writes a sentence. The sentences, in Spanish and English, are the web's
    gettext catalogue, keyed by code: ``web.core.refusals.MESSAGES`` (``translations/``),
    which every page, the tablet, the PDF and the command line say them from. Each raise
    site's docstring names its codes and params; ``tests/web/core/test_refusal_codes.py`` holds
    every raise site to a code (no words), ``tests/web/core/test_refusal_words.py`` every code to a
    sentence in both languages.

    ``str(error)`` is ``code {params}``, for logs and debugging only: nothing shows it or
    reads it.

    >>> error = StoreError("seat_taken", seat=3, name="Bruno")
    >>> error.code, error.params, str(error)
    ('seat_taken', {'seat': 3, 'name': 'Bruno'}, "seat_taken {'seat': 3, 'name': 'Bruno'}")
    """

    def __init__(self, code: str, **params) -> None:
        super().__init__(code)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return f"{self.code} {self.params}"

    def __reduce__(self):
        return _refusal, (type(self), self.code, self.params)


def _refusal(cls: type, code: str, params: dict) -> StoreError:
    """A :class:`StoreError` (or subclass) rebuilt from its code and params (unpickling)."""
    return cls(code, **params)


MAX_CHIPS = 10**12
"""Largest chip amount (and chip value in cents) accepted: beyond it is a typo, and SQLite
integers stop at 2**63. The one bound of every door: a number in an action line (a
tablet's tap, an import's line, a correction: ``store.hand.events``), a buy-in, a count, a
stated stack (``store.money.ledger``, ``store.hand.events``), an expense in cents
(``store.money.expenses``), a chip value (``store.night.nights``), and each amount of a
session, PHH or PokerNow file (``store.files``); the chips a player buys in one night
together (:func:`store.money.ledger.buy_in`)."""

MAX_STAKE = MAX_CHIPS // 1000
"""Largest ante, blind or bet size of a night's rules (chips), and any other whole number
of them: a thousandth of :data:`MAX_CHIPS`, so ten seats each putting it in through a bet
and four raises on every round of three draws keep a hand's pot within what the store
writes (an action line with a number past :data:`MAX_CHIPS` is refused). An ante of
99 999 999 999 chips is a typo, not a stake. ``store.night.nights.create_night`` refuses
rules past it, however the night is made (the new-night form, which names the field;
the command line; an imported file's rules)."""

MAX_FIGURE = MAX_CHIPS ** 2
"""Largest figure a page writes as a number (chips, or money in integer cents; either
sign): :data:`MAX_CHIPS` chips at a chip value of :data:`MAX_CHIPS` cents, the most one
amount the doors admit is worth. Babel writes it exactly in both languages (its decimal
context holds 28 digits; past about 10**25 it fails with ``decimal.InvalidOperation``).
A figure past it (a value stored before the doors were bounded) is shown as "out of
range" (``web.core.i18n.chips``, ``web.core.i18n.money``), never a 500."""


def whole_number(value: object, *, low: int = 0, high: int | None = MAX_CHIPS) -> bool:
    """Whether ``value`` is a whole number (an ``int``, not a ``bool``) from ``low`` to
    ``high`` (None: no upper bound, for a caller that says "too large" in words of its
    own): the one test of an amount at every door (default: 0 to :data:`MAX_CHIPS`).

    >>> whole_number(5), whole_number(MAX_CHIPS + 1), whole_number(True), whole_number(2.0)
    (True, False, False, False)
    >>> whole_number(0, low=1), whole_number(MAX_STAKE, high=MAX_STAKE), whole_number(10**30, high=None)
    (False, True, True)
    """
    return (isinstance(value, int) and not isinstance(value, bool) and value >= low
            and (high is None or value <= high))


def chip_amount(value: object, *, low: int = 0, field: str = "chips") -> int:
    """``value`` as one amount a person or a file entered (a buy-in, a count, a stated
    stack): a whole number from ``low`` to :data:`MAX_CHIPS`, returned as it is.

    :raises StoreError: ``not_whole`` (``field``, ``low``): not a whole number, or below
        ``low``; ``too_large`` (``field``, ``max``): past :data:`MAX_CHIPS`.
    """
    if not whole_number(value, low=low, high=None):
        raise StoreError("not_whole", field=field, low=low)
    if value > MAX_CHIPS:
        raise StoreError("too_large", field=field, max=MAX_CHIPS)
    return value


def too_large_number(text: str) -> bool:
    """Whether a line (an action, as logged) holds a number past :data:`MAX_CHIPS` (a word of
    ASCII digits: the only numbers the referee reads, ``referee.actions.parse_action``).

    >>> too_large_number("d award p1 10000000000000000000000000"), too_large_number("p1 bet 20")
    (True, False)
    """
    if not _LONG_DIGITS.search(text):
        return False  # (no run of digits as long as MAX_CHIPS's: the common line, read at once)
    return any(w.isascii() and w.isdigit() and int(w) > MAX_CHIPS for w in text.split())


_LONG_DIGITS = re.compile(f"[0-9]{{{len(str(MAX_CHIPS))},}}")
"""A run of ASCII digits as long as :data:`MAX_CHIPS` written out, or longer: a line without
one holds no number past it."""
