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
integers stop at 2**63."""
