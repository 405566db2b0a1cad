"""The referee's words in Spanish and English: its own gettext domain, ``referee``, read
without Flask.

Every label, verb, phase, sentence, action line and citation the referee says to a person
is a message of this domain, kept beside the referee:
``referee/locale/<lang>/LC_MESSAGES/referee.po`` and its compiled ``referee.mo`` (both
committed, like the web's ``translations/``), extracted from the referee's modules by
``pybabel`` with the three commands at the head of ``referee/babel.cfg``. The catalogues are
read with the standard library's :mod:`gettext` (``GNUTranslations``: ``gettext``,
``ngettext``, ``pgettext``), so the referee still imports nothing outside the standard
library; pybabel is needed only to extract and compile.

Two kinds of msgid, as each reads best:

- **The referee's own words**: the msgid is the English words (as in the web's
  catalogue), the Spanish catalogue translates them; the English catalogue leaves them
  as they are. The JSON ``rule`` of a finding is this English.
- **The seeds' own words** (a sentence quoted from a seed text, a seed's title): the msgid
  is the seed's Spanish, verbatim, with a context naming the seed (``seed 000``, ``seed 000
  title``). A quote is the seed's own words in both languages (an English page quotes the
  Spanish and shows an English rendering beside it), so the Spanish is the source, not a
  translation: the Spanish catalogue leaves these untranslated (a translator cannot alter
  a quote), and the English catalogue holds the English rendering. The code shows each
  quote exactly as its seed says it, which is what ``tests`` check against the seed files.

Marks read by ``pybabel extract`` (``referee/babel.cfg``): :func:`N_` (a msgid),
:func:`Np_` (with a context), :func:`Nn_` (a singular and a plural: the noun agrees with a
number, "1 ficha", "2 fichas"), ``quoted`` (a seed's sentence:
:func:`referee.citations.quoted`), and the literal second argument of :func:`say`,
:func:`say_p` and :func:`say_n`.

>>> say("es", "%(items)s and %(last)s", items="Ana, Bruno", last="Chus")
'Ana, Bruno y Chus'
>>> chips = ("%(who)s: %(amount)s chip", "%(who)s: %(amount)s chips")
>>> say_n("es", *chips, 1, who="Ana", amount=1), say_n("en", *chips, 3, who="Ana", amount=3)
('Ana: 1 ficha', 'Ana: 3 chips')
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

LANGS = ("es", "en")
"""The languages the referee speaks."""

SEED_LANG = "es"
"""The language of the seed texts (``shared/seeds/``): a quote of one is said as it is in
this language, and with its rendering beside it in any other."""

DOMAIN = "referee"
LOCALES = Path(__file__).resolve().parent / "locale"
"""Where the referee's catalogues live: ``<lang>/LC_MESSAGES/referee.po`` and ``.mo``."""


@dataclass(frozen=True, slots=True)
class Message:
    """A msgid of the referee's catalogue that is more than a plain string: with a
    ``context`` (``msgctxt``), or with a ``plural`` whose form is picked by the number of the
    value named ``count`` (``"recorded"``: the chips a sentence counts)."""

    msgid: str
    plural: str | None = None
    count: str | None = None
    context: str | None = None


Said = str | Message | tuple[str | Message, ...]
"""What a case is said with: one message, or alternatives tried in turn (the first whose
values are all given: :func:`say_first`)."""


def N_(msgid: str) -> str:
    """Mark ``msgid`` for extraction; it is said later (:func:`say_message`)."""
    return msgid


def Np_(context: str, msgid: str) -> Message:
    """Mark ``msgid`` in ``context`` (the same English word said otherwise elsewhere: the
    phase "showdown", the label "misdeal")."""
    return Message(msgid, context=context)


def Nn_(singular: str, plural: str, count: str) -> Message:
    """Mark a message whose noun agrees with the number of the value ``count`` ("1 chip",
    "20 chips"; in Spanish "1 ficha", "20 fichas")."""
    return Message(singular, plural, count)


def check_lang(lang: str) -> str:
    """``lang`` if the referee speaks it. :raises ValueError: another language."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: one of {', '.join(LANGS)}")
    return lang


@lru_cache(maxsize=None)
def catalogue(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (``referee/locale/<lang>/LC_MESSAGES/referee.mo``),
    read once per process.

    :raises ValueError: a language the referee does not speak.
    :raises OSError: the ``.mo`` file is missing (``pybabel compile``: ``referee/babel.cfg``).
    """
    check_lang(lang)
    return gettext.translation(DOMAIN, LOCALES, languages=[lang])  # type: ignore[return-value]


def number(value: object) -> int:
    """The number a plural form is picked by: an int as it is, a string of digits ("20",
    "-3") as its value; anything else (a list of cards, a word) counts as many (2)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and re.fullmatch(r"-?\d+", value):
        return int(value)
    return 2


def translate(lang: str, message: str | Message, n: int = 2) -> str:
    """``message`` in ``lang``, not yet filled (a plural ``message`` in its form for ``n``).

    :raises ValueError: another language.
    """
    if isinstance(message, str) or message.plural is None:
        return _translated(lang, message)
    words = catalogue(lang)
    if message.context is None:
        return words.ngettext(message.msgid, message.plural, n)
    return words.npgettext(message.context, message.msgid, message.plural, n)


@lru_cache(maxsize=4096)
def _translated(lang: str, message: str | Message) -> str:
    """A message without a plural in ``lang`` (looked up once: the pages say the same
    labels and sentences over and over)."""
    words = catalogue(lang)
    if isinstance(message, str):
        return words.gettext(message)
    if message.context is None:
        return words.gettext(message.msgid)
    return words.pgettext(message.context, message.msgid)


def say_message(lang: str, message: str | Message, values: Mapping[str, object] | None = None) -> str:
    """``message`` in ``lang`` with its ``%(name)s`` filled from ``values`` (a value None
    counts as missing); a plural message in the form of its ``count`` value's number.

    :raises KeyError: a value the message names is missing or None.
    :raises ValueError: another language.
    """
    given = {k: v for k, v in (values or {}).items() if v is not None}
    n = 2
    if isinstance(message, Message) and message.count is not None:
        n = number(given[message.count])
    text = translate(lang, message, n)
    return text % given if "%" in text else text


def say_first(lang: str, said: Said, values: Mapping[str, object]) -> str:
    """The first of ``said``'s messages (or ``said`` itself) whose values are all given,
    in ``lang``, filled (:func:`say_message`).

    :raises KeyError: none of them has all its values.
    """
    if not isinstance(said, tuple):
        return say_message(lang, said, values)
    missing: KeyError | None = None
    for message in said:
        try:
            return say_message(lang, message, values)
        except KeyError as exc:
            missing = exc
    raise missing if missing is not None else KeyError("no message")


def say(lang: str, msgid: str, **values: object) -> str:
    """``msgid`` in ``lang``, filled with ``values`` (:func:`say_message`)."""
    return say_message(lang, msgid, values)


def say_p(lang: str, context: str, msgid: str, **values: object) -> str:
    """``msgid`` of ``context`` in ``lang``, filled with ``values``."""
    return say_message(lang, Message(msgid, context=context), values)


def say_n(lang: str, singular: str, plural: str, n: int, **values: object) -> str:
    """The form of ``singular``/``plural`` for ``n`` in ``lang``, filled with ``values``."""
    return translate(lang, Message(singular, plural), n) % values


def and_list(lang: str, items: list[str]) -> str:
    """``["Ana", "Bruno", "Chus"]`` -> ``Ana, Bruno y Chus`` / ``Ana, Bruno and Chus``; one
    item as it is, none as ``""``."""
    if len(items) < 2:
        return "".join(items)
    return say(lang, "%(items)s and %(last)s", items=", ".join(items[:-1]), last=items[-1])


def capital(text: str) -> str:
    """``text`` with its first letter in capitals (a sentence's start)."""
    return text[:1].upper() + text[1:]
