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
``translations/es/LC_MESSAGES/messages.po``. The referee's words (findings, CONTRACT.md
section 5; log lines; phases; opening minimums) are never held here: the referee says them
in the page's language from its own catalogue (``referee.messages``, ``referee.words``):
a label, a sentence and the rule quoted, never the raw kind or the English message.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from decimal import Decimal
from functools import lru_cache
from pathlib import Path

from babel.numbers import get_decimal_symbol, get_group_symbol, get_minus_sign_symbol
from flask import Flask, g, request
from flask_babel import Babel, force_locale, format_currency, format_decimal, get_locale, gettext, ngettext
from flask_babel import lazy_gettext as _l

from referee import messages
from store.core.checks import MAX_FIGURE, StoreError
from store.hand.replayer import parsed_line
from store.night.nights import night_preset
from web.core.db import get_db
from web.core.forms import money_input

LANGUAGES = ("es", "en")
"""The UI languages, default first."""

SPANISH_PRESETS = frozenset({"pocker", "clasico", "internacional", "basico"})
"""Presets whose rules come from the Spanish seed texts (CONTRACT.md section 3)."""

TRANSLATIONS = Path(__file__).resolve().parents[2] / "translations"

SEED_WORDS = {
    "000": ("Paso", "Voy por tanto", "¿Cuantas?", "cuantas toma", "Servido"),
    "002": ("veo",),
}
"""The poker words the Spanish UI takes from the seed texts, by seed number, verbatim."""

PRESET_NAMES = {
    "jackpots": _l("Jackpots (jacks or better to open)"),
    "pocker": _l("Pocker with the joker"),
    "clasico": _l("Classic poker"),
    "internacional": _l("International poker"),
    "basico": _l("Basic poker"),
    "deuce_to_seven": _l("Deuce-to-seven lowball"),
}
"""The presets (CONTRACT.md section 3; seeds 000-003 for ``pocker`` to ``basico``) by name
in the page's language, never the raw id."""

BETTING_NAMES = {
    "fixed_limit": _l("fixed limit"),
    "pot_limit": _l("pot limit"),
    "no_limit": _l("no limit"),
}
"""The betting structures (``referee.rules.BETTING``) in the page's language."""


def preset_name(preset: str | None) -> str:
    """A preset (``referee.PRESETS``) by its name in the request's language
    (:data:`PRESET_NAMES`), never the raw id; an unknown one as it is."""
    return str(PRESET_NAMES.get(preset, preset or "—"))


def rules_text(rules: dict) -> str:
    """A night's frozen rules (``nights.rules_frozen``: every ``HouseRules`` field) in
    words of the request's language: the preset's name, the ante, the blinds when there
    are any, and the betting with its sizes (chips, integers): ``"Jackpots (...), ante 5,
    fixed limit 10/20"``; in Spanish ``"Jackpots (...), ante 5, límite fijo 10/20"``.
    A value this module has no words for is shown as it is (a preset added later).
    Outside a request (a PDF printed by the CLI) in :func:`page_lang`'s language."""
    with force_locale(page_lang()):
        return _rules_words(rules)


def _rules_words(rules: dict) -> str:
    preset = rules.get("preset")
    parts = [str(PRESET_NAMES.get(preset, preset or "—"))]
    if rules.get("ante"):
        parts.append(gettext("ante %(chips)s", chips=rules["ante"]))
    if rules.get("small_blind") or rules.get("big_blind"):
        parts.append(gettext("blinds %(small)s/%(big)s", small=rules.get("small_blind") or 0,
                             big=rules.get("big_blind") or 0))
    betting = rules.get("betting")
    words = str(BETTING_NAMES.get(betting, betting or ""))
    if betting == "fixed_limit" and rules.get("small_bet") is not None:
        words += f" {rules['small_bet']}/{rules.get('big_bet')}"
    elif betting in ("pot_limit", "no_limit") and rules.get("min_bet"):
        words += " " + gettext("(minimum bet %(chips)s)", chips=rules["min_bet"])
    if words:
        parts.append(words)
    return ", ".join(parts)


def page_lang() -> str:
    """The request's language as the referee's messages take it: ``"es"`` or ``"en"``
    (Spanish outside a request or for another locale)."""
    try:
        locale = get_locale()
    except (RuntimeError, KeyError, AttributeError):  # (no app, request or Babel)
        locale = None
    language = getattr(locale, "language", None)
    return language if language in LANGUAGES else LANGUAGES[0]


def finding_label(kind: str) -> str:
    """The label of a finding kind in the request's language (``referee.messages.label``;
    a generic word for an unknown kind, never the raw code)."""
    return messages.label(kind, page_lang())


def finding_labels() -> dict[str, str]:
    """Every kind's label in the request's language: ``{kind: label}`` (for the page's JS)."""
    return messages.labels(page_lang())


def say_hand(category: int | None, ranks) -> str | None:
    """A ranked hand (``referee.rank``'s category index and ranks) in the request's language,
    as the referee names it (``referee.messages.hand_name``): ``"full de ases"``; None for a
    hand it could not rank."""
    return messages.hand_name(category, ranks, page_lang())


def say_finding(finding: dict, names: dict | None = None) -> dict:
    """A finding of ``referee.check`` as a page shows it, in the request's language: the
    finding plus ``label``, ``sentence`` (from its kind, seat and details, players by
    ``names``), ``rule_text`` (the rule quoted: seed titles and sentences, rule books by
    name and section; on an English page the seeds' sentences in English alone, the page
    being wholly in one language), ``text`` (the two together, CONTRACT.md section 4) and ``number``
    (the action counted from 1, as the log on the page numbers it; None without one).
    The referee's templates say it (``referee.messages``); its English ``message`` is
    never parsed.

    :param names: seat -> player name (int or str keys); seats without one are "asiento N".
    """
    said = messages.describe(finding, page_lang(), names, verbatim=False, faces=True)
    action = finding.get("action")
    return {**finding, "label": said["label"], "sentence": said["sentence"],
            "rule_text": said["rule_text"], "text": said["text"],
            "number": action + 1 if isinstance(action, int) else None}


def say_action(action: dict | None, names: dict | None = None, line: str | None = None) -> str:
    """A log line in words of the request's language, from the referee's parsed line
    (``referee.messages.action_sentence``): ``"Íñigo abre 10"`` / ``"Íñigo opens 10"``.

    :param action: the parsed line (``store.hand.replayer`` gives it as ``parsed``), or None for
        a line that could not be read (said with ``line``).
    :param names: seat -> player name; seats without one are "asiento N".

    Cards as the pages draw them (``J♠ 10♦``, ``referee.messages.card_face``), never as
    logged (``JsTd``).
    """
    return messages.action_sentence(action, page_lang(), names, line=line, faces=True)


def say_table_differences(items: list[dict] | None, names: dict | None = None) -> list[str]:
    """Why a seat's chips on the table differ from the referee's stack (its entries of a
    hand's ``table_differences``, CONTRACT.md 4), each in words of the request's language
    (``referee.messages.table_difference``): ``"+17: el bote de la mano 4 que se le entregó
    de más"``."""
    return [messages.table_difference(item, page_lang(), names) for item in items or []]


def say_line(line: str, names: dict | None = None) -> str:
    """A log line as written (``"p6 show AsAd..."``) in words of the request's language
    (:func:`say_action` of the referee's reading of it, ``store.hand.replayer.parsed_line``).

    The words depend on nothing but the line, the language and the names, so the last
    :data:`LINES_KEPT` are kept (a tap says its hand's whole log again; a report, every
    hand's)."""
    return line_sayer(names)(line)


def line_sayer(names: dict | None = None) -> Callable[[str], str]:
    """:func:`say_line` for many lines of one answer with the same ``names``: the request's
    language and the names read once (a tap's answer says its hand's whole log).

    :returns: a function of one log line (str) -> its words (str)."""
    lang, people = page_lang(), tuple(sorted((names or {}).items(), key=lambda item: str(item[0])))
    return lambda line: _line_words(line, lang, people)


LINES_KEPT = 8192
"""Log lines kept in words by :func:`say_line` (each a short string)."""


@lru_cache(maxsize=LINES_KEPT)
def _line_words(line: str, lang: str, names: tuple) -> str:
    """:func:`say_line` of ``line`` in ``lang`` (``names`` as sorted ``(seat, name)`` pairs)."""
    return messages.action_sentence(parsed_line(line), lang, dict(names), line=line, faces=True)


WHO = {
    "host": _l("the host"),
    "dealer": _l("the dealer"),
    "import": _l("the import of a file"),
    "cli": _l("the command line"),
    "demo": _l("the demo"),
}
"""Who entered, voided or ruled something (the rows' ``entered_by``), in words."""


def who(entered_by: str | None, players: dict[int, str] | None = None) -> str:
    """Who entered, voided or ruled a row, in words of the request's language: the host,
    the dealer, the import of a file, the command line, the demo, a player (by name when
    ``players`` (player id -> name) knows them); anything else as stored.

    :param entered_by: a row's ``entered_by`` (``"host"``, ``"host:<username>"`` (a host
        account), ``"dealer"``, ``"dealer:<label>"``
        (a tablet's link), ``"import"``, ``"cli"``, ``"demo"``, ``"player:<id>"``), or None.
    """
    if not entered_by:
        return "—"
    if entered_by in WHO:
        return str(WHO[entered_by])
    if entered_by.startswith("host:"):     # a host account (web.account.views.current_actor), by its name
        return gettext("the host (%(name)s)", name=entered_by.split(":", 1)[1])
    if entered_by.startswith("dealer:"):   # a tablet's link (store.night.dealer_links), by its label
        return gettext("the dealer (%(label)s)", label=entered_by.split(":", 1)[1])
    if entered_by.startswith("player:"):
        pid = entered_by.split(":", 1)[1]
        name = (players or {}).get(int(pid)) if pid.isdigit() else None
        return name or gettext("a player")
    return entered_by


REASONS = {
    "carried_pot": lambda p: gettext("carried pot given back"),
    "recount": lambda p: gettext("counted again"),
    "charge": lambda p: gettext("difference charged"),
    "credit": lambda p: gettext("difference credited"),
    "split": lambda p: gettext("difference split among everyone"),
    "ruling": lambda p: gettext("ruling on a dispute"),
    "ruling_reopened": lambda p: gettext("the ruling on dispute %(n)s reopened the night", n=p["dispute"]),
    "ruling_void": lambda p: (gettext("ruling on dispute %(n)s: %(rule)s", n=p["dispute"], rule=p["rule"])
                              if p.get("rule") else gettext("voided by the ruling on dispute %(n)s", n=p["dispute"])),
    "unseated": lambda p: gettext("unseated: %(reason)s", reason=p["reason"]),
    "typed": lambda p: p["text"],
}
"""The store's reasons (``store.core.reasons``: a code and its params) in words of the
request's language; ``typed``: what a person typed, as typed."""


def said_reason(reason: dict | None) -> str:
    """A stored reason, read by the store (``{"code", "params"}``: ``store.core.reasons``),
    in words of the request's language; "" without one. A code this module has no words
    for is said by its code (a reason added later)."""
    if not reason:
        return ""
    say = REASONS.get(reason.get("code"))
    return say(reason.get("params") or {}) if say is not None else str(reason.get("code"))


def _and(items: list[str]) -> str:
    """``["Ana", "Bruno", "Chus"]`` -> ``"Ana, Bruno y Chus"`` / ``"Ana, Bruno and Chus"``."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " " + gettext("and") + " " + items[-1]


def chips_to(chips_by_seat: dict | None, names: dict | None = None) -> str:
    """``{"3": 22}`` as ``"Íñigo (22)"`` (several joined with "y" / "and"); seats without a
    name are "asiento N" / "seat N" (``referee.messages.seat_name``); zeros left out."""
    lang = page_lang()
    parts = []
    for seat, amount in (chips_by_seat or {}).items():
        if not amount:
            continue
        number = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
        parts.append(f"{messages.seat_name(number, lang, names, article=False)} ({chips(amount)})")
    return _and(parts)


def awards_said(entry: dict, names: dict | None = None) -> str | None:
    """Who GOT a hand's pot, in words of the request's language: the log's pushes
    (``recorded_awards`` of the referee's entry, CONTRACT.md section 4: the ``d award``
    lines), and where the referee's ``awards`` differ, where it would have given them:
    ``"el bote fue a Íñigo (22); según el árbitro, a María (22)"``. With no push logged,
    the referee's awards, said as such. None when nothing was awarded (a carried pot).
    No rule here: both figures are the referee's (``referee.check``)."""
    recorded = {str(k): v for k, v in (entry.get("recorded_awards") or {}).items() if v}
    awards = entry.get("awards")
    referee = None if awards is None else {str(k): v for k, v in awards.items() if v}
    if recorded:
        said = gettext("the pot went to %(who)s", who=chips_to(recorded, names))
        if referee is not None and referee != recorded:
            said += "; " + (gettext("according to the referee, to %(who)s", who=chips_to(referee, names))
                            if referee else gettext("according to the referee, nobody should have got it"))
        return said
    if referee:
        return gettext("no push logged; according to the referee, the pot goes to %(who)s",
                       who=chips_to(referee, names))
    return None


def findings_count(totals: dict[str, int]) -> str:
    """``{"error": 2, "warning": 0, "info": 1}`` in words of the request's language:
    ``"2 errores, 0 avisos, 1 nota"`` / ``"2 errors, 0 warnings, 1 note"``."""
    return ", ".join([
        ngettext("%(num)s error", "%(num)s errors", totals.get("error", 0)),
        ngettext("%(num)s warning", "%(num)s warnings", totals.get("warning", 0)),
        ngettext("%(num)s note", "%(num)s notes", totals.get("info", 0)),
    ])


def phase_name(phase: str | None) -> str:
    """A hand's phase (``predeal``, ``predraw``, ``draw``, ``postdraw``, ``showdown``,
    ``complete``) in words of the request's language, as the referee says it
    (``referee.messages.phase_name``); another as "—"."""
    return messages.phase_name(phase, page_lang()) or "\u2014"


def phase_headings() -> dict[str, str]:
    """Every phase of a hand as a heading says it in the request's language: the referee's
    words (:func:`phase_name`) with a capital, ``{"predeal": "Pot y reparto", ...,
    "showdown": "Enseñar las cartas"}`` (the tablet's phase line)."""
    names = messages.phase_names(page_lang())
    return {phase: name[:1].upper() + name[1:] for phase, name in names.items()}


def opening_name(opening: str | None) -> str:
    """An opening minimum (``"J"``..``"A"``, seed 000's "Ley de Apertura") in words of the
    request's language, as the referee says it (``referee.messages.opening_name``); None:
    "ninguna" / "none"; another as it is."""
    if opening is None:
        return gettext("none")
    return messages.opening_name(opening, page_lang()) or opening


def seat_names(players: list[dict]) -> dict[int, str]:
    """Seat -> name for the findings' sentences, from a night's players
    (``store.table_players``: ``[{"seat", "name", ...}]``). A seat more than one player
    sat in that night is left out (said "asiento N"): which of them a hand's finding is
    about is not known here."""
    names: dict[int, str] = {}
    shared: set[int] = set()
    for p in players:
        seat = p.get("seat")
        if seat in names and names[seat] != p.get("name"):
            shared.add(seat)
        names[seat] = p.get("name")
    return {seat: name for seat, name in names.items() if seat not in shared and name}


def say_findings(findings: list[dict], names: dict | None = None) -> list[dict]:
    """:func:`say_finding` for each finding of a list."""
    return [say_finding(f, names) for f in findings]


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


def _night_language() -> None:
    """A page or form of one night (a route with a ``night_id``: the host's stages and
    their forms, the TV view, the night's statistics, ...) speaks the night's language, as
    its stage pages do (``g.night_preset``, :func:`select_locale`): a refusal flashed by a
    form and the TV view were in the browser's language while the night's pages were in
    the night's (a fresh tester of issue 28). The tablet's routes set it from their link;
    a night the club does not see is the view's to refuse (nothing set here)."""
    night_id = (request.view_args or {}).get("night_id")
    if not isinstance(night_id, int) or request.blueprint == "dealer" or g.get("night_preset"):
        return
    try:
        g.night_preset = night_preset(get_db(), night_id)
    except StoreError:
        return


def _remember_lang(response):
    lang = g.get("set_lang_cookie")
    if lang:
        response.set_cookie("lang", lang, max_age=365 * 24 * 3600, samesite="Lax")
    return response


OUT_OF_RANGE = _l("out of range")
"""What a page writes for a figure it cannot write as a number (:func:`in_range`)."""


def in_range(figure: object) -> bool:
    """Whether a page writes ``figure`` (chips, or money in cents) as a number: a finite
    number (an ``int``, ``float`` or ``Decimal``; not a ``bool``) of at most
    ``store.core.checks.MAX_FIGURE`` either way, which Babel writes exactly in both
    languages. Every amount the store takes is within it (its doors bound each amount by
    ``MAX_CHIPS``); a figure past it is a value stored before those bounds (``d award p1
    10000000000000000000000000``, issue 24), which :func:`chips` and :func:`money` write
    as :data:`OUT_OF_RANGE`, never a 500 (Babel's ``decimal.InvalidOperation``).

    >>> in_range(10**24), in_range(-10**24), in_range(10**25), in_range(1.5), in_range(float("nan"))
    (True, True, False, True, False)
    >>> in_range(True), in_range("12")
    (False, False)
    """
    if isinstance(figure, bool) or not isinstance(figure, (int, float, Decimal)):
        return False
    finite = figure.is_finite() if isinstance(figure, Decimal) else isinstance(figure, int) or math.isfinite(figure)
    return finite and abs(figure) <= MAX_FIGURE


def out_of_range() -> str:
    """The words for a figure out of range in the request's language, "fuera de rango" /
    "out of range" (:data:`OUT_OF_RANGE`)."""
    return str(OUT_OF_RANGE)


def money(cents: int | None, currency: str = "EUR", signed: bool = False) -> str:
    """Integer cents as the UI language writes money (``1250`` -> ``12,50 €`` in Spanish).

    :param cents: amount in cents (int; negative for a loss, written with the minus sign
        :data:`MINUS`, as every signed chip figure: ``−3,00 €``); None gives an em dash; a
        figure past :func:`in_range` gives :data:`OUT_OF_RANGE` (no sign).
    :param signed: a gain gets ``+`` too (a net: ``+12,50 €``).
    """
    if cents is None:
        return "\u2014"
    if not in_range(cents):
        return out_of_range()
    text = format_currency(Decimal(cents) / 100, currency)
    if cents < 0:
        return text.replace("-", MINUS, 1)
    return "+" + text if signed and cents > 0 else text


def money_typed(cents: int | None) -> str:
    """Cents as a money field of a form shows them in the request's language, for the host
    to keep or change: ``5`` -> ``"0,05"`` in Spanish, ``"0.05"`` in English (no grouping,
    no sign: ``web.core.forms.parse_money`` reads it back); None gives ``""``."""
    if cents is None or not in_range(cents):
        return ""
    return money_input(int(cents), get_decimal_symbol(get_locale()))


MINUS = "\u2212"
"""The minus sign of every signed chip figure (:func:`chips` with ``signed``)."""


def chips(count: int | None, signed: bool = False) -> str:
    """A chip count as the UI language writes numbers (Babel, CLDR): ``18000`` ->
    ``18.000`` in Spanish, ``18,000`` in English; ``signed`` adds ``+`` to a gain and
    writes a loss with the minus sign :data:`MINUS` (``−20``): every signed chip figure of
    the host's pages, the report, its PDF and the share text is written by this.

    :param count: chips (int); None gives an em dash; a figure past :func:`in_range` (a
        value stored before the store bounded amounts) gives :data:`OUT_OF_RANGE`.
    """
    if count is None:
        return "\u2014"
    if not in_range(count):
        return out_of_range()
    if signed and count < 0:
        return MINUS + format_decimal(-count)
    text = format_decimal(count)
    return "+" + text if signed and count > 0 else text


def number_symbols() -> dict[str, str]:
    """The request language's number symbols for the page's JavaScript, from Babel (CLDR):
    ``{"group": "." (Spanish) or "," (English), "minus": "-"}``; with them the page writes
    whole chip counts as :func:`chips` does."""
    locale = get_locale()
    return {"group": get_group_symbol(locale), "minus": get_minus_sign_symbol(locale)}


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
    app.before_request(_night_language)
    app.after_request(_remember_lang)
    app.jinja_env.globals.setdefault("get_locale", get_locale)
    app.jinja_env.filters.setdefault("money", money)
    app.jinja_env.filters.setdefault("money_typed", money_typed)
    app.jinja_env.filters.setdefault("finding_label", finding_label)
    app.jinja_env.filters.setdefault("card", messages.card_face)
    app.jinja_env.filters.setdefault("chips", chips)
    app.jinja_env.filters.setdefault("preset_name", preset_name)
    app.jinja_env.filters.setdefault("who", who)
    app.jinja_env.filters.setdefault("said_reason", said_reason)
    if not app.secret_key:
        app.secret_key = secrets.token_hex(32)
        app.logger.warning("SECRET_KEY not configured: using a random one for this run")
