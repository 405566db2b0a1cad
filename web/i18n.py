"""Flask-Babel set-up for the dealer, host and player pages: Spanish and English.

The locale of a request is, in order (first that applies):

1. ``?lang=es`` / ``?lang=en`` in the URL (remembered in the ``lang`` cookie);
2. the ``lang`` cookie;
3. the night being shown: Spanish for the presets that come from the Spanish seed texts
   (``pocker``, ``clasico``, ``internacional``, ``basico``; ``shared/seeds/000-003``);
4. the browser's ``Accept-Language`` (``es`` or ``en``);
5. Spanish.

Poker words follow the seeds, quoted exactly as they are written there (:data:`SEED_WORDS`):
seed 000 (``shared/seeds/000_*.txt``): “Paso”, “Voy por tanto”, “¿Cuantas?” / “cuantas
toma” (the UI writes today's “¿Cuántas?”), “Servido”; seed 002: ‘veo’. They live in
``translations/es/LC_MESSAGES/messages.po``. Finding kinds (CONTRACT.md section 5) are shown
by their label (:func:`finding_label`), never by the raw kind.
"""

from __future__ import annotations

import secrets
from decimal import Decimal
from pathlib import Path

from babel.numbers import get_group_symbol, get_minus_sign_symbol
from flask import Flask, g, request
from flask_babel import Babel, format_currency, format_decimal, get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

LANGUAGES = ("es", "en")
"""The UI languages, default first."""

SPANISH_PRESETS = frozenset({"pocker", "clasico", "internacional", "basico"})
"""Presets whose rules come from the Spanish seed texts (CONTRACT.md section 3)."""

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"

SEED_WORDS = {
    "000": ("Paso", "Voy por tanto", "¿Cuantas?", "cuantas toma", "Servido"),
    "002": ("veo",),
}
"""The poker words the Spanish UI takes from the seed texts, by seed number, verbatim."""

FINDING_LABELS = {
    "unreadable": _l("unreadable entry"),
    "out_of_turn": _l("out of turn"),
    "not_in_hand": _l("not in the hand"),
    "illegal_check": _l("check facing a bet"),
    "bet_too_small": _l("bet too small"),
    "bet_too_large": _l("bet too large"),
    "raise_cap": _l("too many raises"),
    "not_reopened": _l("raise not reopened"),
    "wrong_amount": _l("wrong amount"),
    "missing_ante": _l("missing ante"),
    "blind_irregular": _l("irregular blind"),
    "wrong_card_count": _l("wrong number of cards"),
    "draw_limit": _l("too many cards drawn"),
    "duplicate_card": _l("duplicate card"),
    "card_not_in_deck": _l("card not in the deck"),
    "deck_exhausted": _l("deck exhausted"),
    "unjustified_opening": _l("opening without openers"),
    "openers_not_shown": _l("openers not shown"),
    "showdown_order": _l("showdown out of order"),
    "wrong_award": _l("wrong award"),
    "chips_not_conserved": _l("chips do not add up"),
    "incomplete_hand": _l("incomplete hand"),
    "stack_mismatch": _l("stack mismatch"),
    "chips_added_mid_hand": _l("chips added during the hand"),
    "passed_out": _l("passed out: the pot carries"),
    "misdeal": _l("misdeal"),
}
"""A human label, in the UI's language, for each finding kind of CONTRACT.md section 5."""


def finding_label(kind: str) -> str:
    """The label of a finding kind in the request's language (the kind itself when unknown).

    >>> finding_label("no_such_kind")
    'no_such_kind'
    """
    label = FINDING_LABELS.get(kind)
    return str(label) if label is not None else kind


def finding_labels() -> dict[str, str]:
    """Every kind's label in the request's language: ``{kind: label}`` (for the page's JS)."""
    return {kind: str(label) for kind, label in FINDING_LABELS.items()}


def preset_locale(preset: str | None) -> str | None:
    """``"es"`` for a preset from the Spanish seeds, else None (no preference).

    >>> preset_locale("pocker"), preset_locale("jackpots")
    ('es', None)
    """
    return "es" if preset in SPANISH_PRESETS else None


def select_locale() -> str:
    """Flask-Babel's locale selector (see the module docstring for the order)."""
    asked = request.args.get("lang")
    if asked in LANGUAGES:
        g.set_lang_cookie = asked
        return asked
    cookie = request.cookies.get("lang")
    if cookie in LANGUAGES:
        return cookie
    from_night = preset_locale(getattr(g, "night_preset", None))
    if from_night:
        return from_night
    return request.accept_languages.best_match(LANGUAGES) or LANGUAGES[0]


def _remember_lang(response):
    lang = g.get("set_lang_cookie")
    if lang:
        response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response


def money(cents: int | None, currency: str = "EUR") -> str:
    """Integer cents as the UI language writes money (``1250`` -> ``12,50 €`` in Spanish).

    :param cents: amount in cents (int; negative for a loss); None gives an em dash.
    """
    if cents is None:
        return "\u2014"
    return format_currency(Decimal(cents) / 100, currency)


def chips(count: int | None, signed: bool = False) -> str:
    """A chip count as the UI language writes numbers (Babel, CLDR): ``18000`` ->
    ``18.000`` in Spanish, ``18,000`` in English; ``signed`` adds ``+`` to a gain.

    :param count: chips (int); None gives an em dash.
    """
    if count is None:
        return "\u2014"
    text = format_decimal(count)
    return "+" + text if signed and count > 0 else text


def number_symbols() -> dict[str, str]:
    """The request language's number symbols for the page's JavaScript, from Babel (CLDR):
    ``{"group": "." (Spanish) or "," (English), "minus": "-"}``; with them the page writes
    whole chip counts as :func:`chips` does."""
    locale = get_locale()
    return {"group": get_group_symbol(locale), "minus": get_minus_sign_symbol(locale)}


def finding_sentence(finding: dict) -> str:
    """A short sentence for a finding in the UI's language, built from its kind, seat and
    action number (the referee's own message is English: shown beside it as a detail).

    :param finding: a finding dict of ``referee.check`` (``kind``, ``seat``, ``action``).
    :returns: e.g. ``"Asiento 3: fuera de turno (acción #3)"`` in Spanish.
    """
    label = finding_label(finding.get("kind") or "")
    seat, action = finding.get("seat"), finding.get("action")
    if seat is not None and action is not None:
        return _("Seat %(seat)s: %(label)s (action #%(n)s)", seat=seat, label=label, n=action)
    if seat is not None:
        return _("Seat %(seat)s: %(label)s", seat=seat, label=label)
    if action is not None:
        return _("%(label)s (action #%(n)s)", label=label, n=action)
    return label


def init_app(app: Flask) -> None:
    """Set up Flask-Babel on ``app`` once (idempotent); also make sure sessions work.

    Leaves an existing Babel set-up alone. When the app has no ``SECRET_KEY`` a random one
    is set for this process (host logins and dealer links then last until a restart) and
    a warning is logged.
    """
    if app.extensions.get("tapete_i18n"):
        return
    app.extensions["tapete_i18n"] = True
    if "babel" not in app.extensions:
        app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
        app.config.setdefault("BABEL_DEFAULT_LOCALE", LANGUAGES[0])
        Babel(app, locale_selector=select_locale)
    app.after_request(_remember_lang)
    app.jinja_env.globals.setdefault("get_locale", get_locale)
    app.jinja_env.filters.setdefault("money", money)
    app.jinja_env.filters.setdefault("finding_label", finding_label)
    app.jinja_env.filters.setdefault("chips", chips)
    app.jinja_env.filters.setdefault("finding_sentence", finding_sentence)
    if not app.secret_key:
        app.secret_key = secrets.token_hex(32)
        app.logger.warning("SECRET_KEY not configured: using a random one for this run")
