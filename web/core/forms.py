"""Reading form fields and JSON values: one place for types, ranges, lengths and the
characters a person's text may hold.

Every refusal is a ``ValueError`` whose message names the field in the request's language
(Flask-Babel); the views show it and store nothing. Used by the host's forms
(``web.night.views``), the dispute pages (``web.dispute.views``) and the tablet's JSON
(``web.hand.tablet``).

Text: a name, title, reason, statement, label or note may not hold control characters
(Unicode category Cc: C0, DEL and C1, NUL included; a multi-line field keeps line breaks
and tabs), format characters (Cf: bidi overrides such as U+202E, zero-width spaces, the
byte-order mark), lone surrogates (Cs) or characters that draw nothing (the Hangul fillers
such as U+3164, the blank Braille pattern U+2800): they hide or reorder what a page shows,
so the text is refused (never silently cleaned: the host retypes it); a text with no
visible letter, digit or sign is refused too. The characters are ``store.core.checks``'s (one
check for the store and the pages); lookalike letters of other scripts are kept.
"""

from __future__ import annotations

import uuid

from flask import request
from flask_babel import gettext as _

from store.core.checks import LINE_BREAKS, MAX_CHIPS, bad_characters, looks_blank  # noqa: F401 (the one check, re-exported)

MAX_NUMBER = MAX_CHIPS
"""The largest number a form field or a tap takes (chips, cents, ids): the store's bound
(``store.core.checks.MAX_CHIPS``)."""

MAX_TITLE = 120
"""Longest night title (characters)."""

MAX_REASON = 500
"""Longest reason (a void, an unseat, a reopening, closing over an open dispute)."""

MAX_NAME = 60
"""Longest player name (the store's ``store.player.players.MAX_NAME``)."""


def key_ok(key: object) -> bool:
    """Whether ``key`` may be an idempotency key (a form's ``key``, a tap's): text of 8-100
    printable ASCII characters."""
    return isinstance(key, str) and 8 <= len(key) <= 100 and key.isascii() and key.isprintable()


def form_key() -> str | None:
    """The form's idempotency key (``key``, :func:`key_ok`), else None (no key: the write is
    made, just not deduplicated; nothing odd is stored as a key)."""
    key = request.form.get("key", "")
    return key if key_ok(key) else None


def new_form_key() -> str:
    """A fresh idempotency key for a form (a UUID4), so a double submit is stored once."""
    return str(uuid.uuid4())


def field_label(name: str) -> str:
    """A form field's name as the page says it (in the request's language): the one
    wording of each field, used by the form's ``<label>`` (templates/night/index.html draws
    its labels from here) and by every refusal that names the field."""
    labels = {"chips": _("Chips"), "seat": _("Seat"), "ante": _("Ante (chips)"),
              "small_bet": _("Small bet (chips)"), "big_bet": _("Big bet (chips)"),
              "min_bet": _("Minimum bet (chips)"),
              "chip_cents": _("Chip value, in hundredths of the currency"),
              "chip_value": _("Chip value (money, such as 0.05)"),
              "chips_per": _("For this many chips"), "buy_in": _("Default buy-in (chips)"),
              "player_id": _("Player"), "button": _("Button (seat)"),
              "charge_player_id": _("Player charged"), "hub_player_id": _("Player"),
              "night_id": _("Night"), "entry_id": _("Entry"), "name": _("Name"),
              "title": _("Title"), "reason": _("Reason"), "override_reason": _("Reason"),
              "statement": _("Statement"), "note": _("Note"), "rule": _("Rule"),
              "rule_other": _("Rule"), "label": _("Label"), "currency": _("Currency"),
              "timezone": _("Time zone"), "started_at": _("Start (date and time, in that zone)"),
              "action": _("Action"),
              "handle": _("Payment handle"), "amount": _("Amount"), "description": _("What it was"),
              "payer_id": _("Who pays"), "payee_id": _("Who receives"), "sharer_ids": _("Shared by"),
              "what": _("Settlement"), "expense_id": _("Expense"), "mode": _("Settlement"),
              "resolution": _("If the bank does not balance"), **_rule_labels()}
    return labels.get(name, name)


def _rule_labels() -> dict[str, str]:
    """The house rules' fields of the new-night form (``web.night.night_form``; CONTRACT.md 3)."""
    return {"preset": _("Rules"), "betting": _("Betting"), "raise_cap": _("Raises after the bet"),
            "direction": _("Direction of play"), "checkdown": _("When everyone checks after the draw"),
            "blinds_allowed": _("Blinds played"), "small_blind": _("Blind (chips)"),
            "big_blind": _("Double blind (chips)"), "opening": _("Minimum to open"),
            "opener_ladder": _("Opener ladder after deals nobody opens"),
            "opener_ladder_other": _("Another ladder (ranks in order)"), "draws": _("Draws per hand"),
            "max_draw": _("Most cards drawn"), "jokers": _("Jokers"), "joker": _("The joker plays as"),
            "lowest_rank": _("Lowest rank in the deck"), "deal_last_card": _("Deal the last card of the stub"),
            "ranking": _("Ranking"), "flush_beats_full": _("Flush beats full"),
            "five_figures": _("Cinco figuras (five court cards)"),
            "five_of_a_kind": _("Repóquer (five of a kind)"),
            "natural_beats_wild": _("A natural hand beats the same hand with the joker"),
            "straight_flush_cycle": _("Straight flush cycle (low beats high)"),
            "suit_order": _("Suits break ties, best first"),
            "table_stakes": _("Table stakes"),
            "unposted_blind_min": _("Least bet when nobody posted the blind"),
            "jackpot_without_pot": _("A hand without a pot needs the minimum to open"),
            "circular_straight": _("Circular straight (Q-K-A-2-3)"),
            "ante_liable": _("Who answers for a wrong ante"),
            "double_exposure": _("Two cards of one player exposed in the deal")}


def int_field(name: str, *, required: bool = True, low: int = 0, high: int = MAX_NUMBER) -> int | None:
    """A whole-number form field (``request.form``): ASCII digits only, ``low`` to ``high``
    (default :data:`MAX_NUMBER`); None when empty and not ``required``.

    :raises ValueError: not digits (a sign, a decimal point, ``NaN``, other scripts'
        digits), below ``low`` or above ``high``; the message names the field in the page's
        language.
    """
    raw = request.form.get(name, "").strip()
    if not raw and not required:
        return None
    if raw.isascii() and raw.isdigit() and len(raw) > 20:  # digits, just too many of them
        raise ValueError(_("%(field)s: too large.", field=field_label(name)))
    if not (raw.isascii() and raw.isdigit()) or int(raw) < low:
        raise ValueError(_("%(field)s: must be a whole number of at least %(low)s.",
                           field=field_label(name), low=low))
    if int(raw) > high:
        raise ValueError(_("%(field)s: too large.", field=field_label(name)))
    return int(raw)


def check_text(value, name: str, max_len: int, *, required: bool = False, multiline: bool = False) -> str:
    """``value`` (a form's or a JSON body's) as text a page may keep: stripped; refused
    when not a string, empty while ``required``, longer than ``max_len`` characters, or
    holding characters :func:`bad_characters` names, or showing nothing (:func:`looks_blank`).

    :returns: the stripped text ("" when empty and not required).
    :raises ValueError: the message names the field (``name``, :func:`field_label`) in the
        page's language.
    """
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise ValueError(_("%(field)s: must be text.", field=field_label(name)))
    text = value.strip()
    if required and not text:
        raise ValueError(_("%(field)s: missing.", field=field_label(name)))
    if len(text) > max_len:
        raise ValueError(_("%(field)s: too long (%(length)s characters, at most %(limit)s).",
                           field=field_label(name), length=len(text), limit=max_len))
    bad = bad_characters(text, multiline=multiline)
    if bad:
        raise ValueError(_("%(field)s: cannot hold control or invisible characters (%(chars)s); type it again.",
                           field=field_label(name), chars=", ".join(bad[:5])))
    if text and looks_blank(text):
        raise ValueError(_("%(field)s: shows nothing; write it with visible letters or digits.", field=field_label(name)))
    return text


def text_field(name: str, max_len: int, required: bool = False, *, multiline: bool = False) -> str:
    """A text form field (``request.form``) checked by :func:`check_text`.

    :raises ValueError: as :func:`check_text`.
    """
    return check_text(request.form.get(name, ""), name, max_len, required=required, multiline=multiline)



def currency_field(name: str = "currency") -> str:
    """The form's currency: three ASCII letters (ISO 4217), upper-cased; EUR when empty.

    :raises ValueError: anything else, in the page's language."""
    code = text_field(name, 10).upper() or "EUR"
    if not (len(code) == 3 and code.isascii() and code.isalpha()):
        raise ValueError(_("The currency is a three-letter code such as EUR."))
    return code

def choice_field(name: str, choices, *, required: bool = False) -> str | None:
    """A form field that must be one of ``choices`` (strings); None when empty and not
    ``required``. :raises ValueError: anything else, naming the field."""
    raw = request.form.get(name, "")
    if not raw and not required:
        return None
    if raw not in choices:
        raise ValueError(_("%(field)s: choose one of the options.", field=field_label(name)))
    return raw


MAX_CENTS_TEXT = 20
"""Longest amount of money a form takes (characters, the currency sign included)."""

CURRENCY_SIGNS = ("€", "$", "£")
"""Signs an amount may carry before or after its figure (``0,05 €``, ``$0.05``); a
three-letter code (``0,05 EUR``) is taken too."""


class MoneyRefused(ValueError):
    """An amount of money a person typed that is not one (:func:`parse_money`): ``code``
    names why, one of ``"format"`` (not a figure), ``"decimals"`` (more than two),
    ``"negative"``, ``"zero"``, ``"too_large"`` (past :data:`MAX_NUMBER` cents); the page
    says it in words (:func:`money_refusal_words`), never by parsing this text."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def _without_currency(text: str) -> str:
    """``text`` without one currency sign or three-letter code at either end, stripped."""
    text = text.strip()
    for sign in CURRENCY_SIGNS:
        if text.startswith(sign) or text.endswith(sign):
            return text.removeprefix(sign).removesuffix(sign).strip()
    if len(text) > 3 and text[:3].isascii() and text[:3].isalpha():
        return text[3:].strip()
    if len(text) > 3 and text[-3:].isascii() and text[-3:].isalpha():
        return text[:-3].strip()
    return text


def parse_money(text: str) -> int:
    """An amount of money as a person types it, as int cents: a figure with ``,`` or ``.``
    before at most two decimals, a currency sign or code optional before or after it, no
    thousands separators (``1.250`` would be read as three decimals and is refused).

    >>> parse_money("0,05 €"), parse_money("0.05"), parse_money("€12"), parse_money("1,5 EUR")
    (5, 5, 1200, 150)

    :returns: cents, 1 to :data:`MAX_NUMBER`.
    :raises MoneyRefused: ``format`` (empty, letters, two separators, other scripts'
        digits), ``decimals`` (three or more), ``negative``, ``zero``, ``too_large``.
    """
    if not isinstance(text, str) or len(text) > MAX_CENTS_TEXT:
        raise MoneyRefused("too_large" if isinstance(text, str) and _figure_like(text) else "format")
    raw = _without_currency(text.replace("\u00a0", " "))
    negative = raw.startswith(("-", "\u2212"))
    raw = _without_currency(raw[1:]) if negative else raw
    whole, dot, part = raw.replace(",", ".").partition(".")
    digits = lambda s: s.isascii() and s.isdigit()  # noqa: E731
    if not (digits(whole) or (dot and not whole and part)) or (dot and not digits(part)):
        raise MoneyRefused("format")
    if len(part) > 2:
        raise MoneyRefused("decimals")
    cents = int(whole or "0") * 100 + int((part or "0").ljust(2, "0"))
    if negative and cents:
        raise MoneyRefused("negative")
    if cents < 1:
        raise MoneyRefused("zero")
    if cents > MAX_NUMBER:
        raise MoneyRefused("too_large")
    return cents


def _figure_like(text: str) -> bool:
    """Whether an over-long ``text`` is digits with at most a separator (a huge amount)."""
    return text.strip().replace(",", "", 1).replace(".", "", 1).isdigit()


def money_refusal_words(code: str, name: str) -> str:
    """A :class:`MoneyRefused` ``code`` said in the page's language, naming the field
    ``name`` (:func:`field_label`)."""
    field = field_label(name)
    words = {"decimals": lambda: _("%(field)s: at most two decimals (cents), such as 0.05.", field=field),
             "negative": lambda: _("%(field)s: cannot be negative.", field=field),
             "zero": lambda: _("%(field)s: must be more than 0.", field=field),
             "too_large": lambda: _("%(field)s: too large.", field=field)}
    return words.get(code, lambda: _("%(field)s: must be an amount such as 12,50.", field=field))()


def money_field(name: str, *, required: bool = True) -> int | None:
    """An amount of money typed in the form field ``name`` (``request.form``), read by
    :func:`parse_money`: int cents; None when empty and not ``required``.

    :raises ValueError: :func:`parse_money`'s refusals in the page's language, naming the field.
    """
    raw = request.form.get(name, "").strip()
    if not raw and not required:
        return None
    try:
        return parse_money(raw)
    except MoneyRefused as exc:
        raise ValueError(money_refusal_words(exc.code, name)) from None


def cents_field(name: str) -> int:
    """An amount of money typed as a person writes it (``12``, ``12,5``, ``12.50 €``;
    ``1.250,00`` is refused: no thousands separators) as int cents, 1 to
    :data:`MAX_NUMBER` (:func:`money_field`).

    :raises ValueError: empty, not an amount, more than two decimals, negative, zero, or
        too large; the message names the field in the page's language.
    """
    return money_field(name)


def money_input(cents: int, decimal_symbol: str = ",") -> str:
    """Cents as a money field shows them, without grouping nor sign, so that
    :func:`parse_money` reads them back: ``5`` -> ``"0,05"`` (``decimal_symbol`` ``"."``
    -> ``"0.05"``); ``1200`` -> ``"12,00"``."""
    return f"{cents // 100}{decimal_symbol}{cents % 100:02d}"
