"""The host's new-night form: the presets described, every house rule of CONTRACT.md
section 3 settable, and the form read back into a night's ``rules`` (the preset plus only
the overrides the host set).

One table (:data:`SETTINGS`) says each setting's field, its group on the page, whether it
sits in the folded "more house rules" part, and its choices (the form's value, the value
the referee takes, the words the page shows). The template draws the table; the view
(``web.night.views.new_night``) reads the form with :func:`read_rules`. An empty field is the
preset's value and is not stored as an override.

The rules themselves are the referee's: :func:`read_rules` builds the ``HouseRules`` with
``referee.resolve_rules`` and says its refusal (``RulesError.key``) in the page's words.
The combinations no hand can be played with are refused by the store, which applies
``referee.rules.check_playable`` to every night however it is made
(``store.night.nights.playable``, code ``rules_unplayable`` with the ``field``): the page
says it from the refusals' catalogue and marks that field (:func:`refused_field`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from itertools import permutations
from typing import Any, Callable, TypeVar

from flask import request
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

import referee
from referee.circular import circular_straights
from referee.citations import seed_title
from referee.messages import SUIT_FACES
from store.core.checks import MAX_STAKE, StoreError
from web.core.forms import MAX_NUMBER, field_label, int_field, money_field
from web.core.i18n import PRESET_NAMES, page_lang
from web.night.rule_words import extra_label, extra_value

PRESET_SENTENCES = {
    "jackpots": _l("The card room's jacks or better (Robert's Rules of Poker): 52 cards, a pair of "
                   "jacks to open, antes, fixed limit; when nobody opens, the pot carries."),
    "pocker": _l("Follows the seed text “%(title)s”: 52 cards and a "
                 "wild joker, repóquer (five of a kind) and cinco figuras (five court cards), opens with "
                 "J-Q-K-A-K-Q-J after deals nobody opens, blinds, no limit, played to the dealer's right; the dealer answers for a wrong ante."),
    "clasico": _l("Follows the seed text “%(title)s”: a deck stripped by the "
                  "number of players (rule of 11), a flush beats a full, ties broken by suit (hearts, "
                  "diamonds, clubs, spades), draw up to 4, blinds; when everyone checks after the draw, "
                  "the pot carries."),
    "internacional": _l("Follows the seed text “%(title)s”: 52 cards, jacks to open, then "
                        "queens, then three hands at kings, blind and contra-blind; when everyone "
                        "checks after the draw the pot carries and those who folded match it; a second card "
                        "exposed in the deal lets the player withdraw."),
    "basico": _l("Follows the seed text of basic rules (2 to 8 players): 52 cards, no minimum to open, "
                 "draw 0 to 5; when everyone checks after the draw, the hands are shown."),
    "deuce_to_seven": _l("Follows real hands of the World Series of Poker: deuce-to-seven lowball, "
                         "blinds, no limit, one draw."),
}
"""Each preset (``referee.PRESETS``) in one sentence, with the seed text it follows
(CONTRACT.md section 3: ``pocker`` seed 000, ``clasico`` 001, ``internacional`` 002,
``basico`` 003, ``deuce_to_seven`` the WSOP hands of ``shared/data/phh``), named by its
title (``%(title)s``: :data:`PRESET_SEEDS`), never by its file or number (pages show no
file names)."""

PRESET_SEEDS = {"pocker": "000", "clasico": "001", "internacional": "002"}
"""The presets whose sentence names a titled seed text: the title is the referee's
(``referee.citations.seed_title``: the one title the findings' citations give it, in the
page's language), never written here again."""


def preset_sentence(preset: str) -> str:
    """The sentence of ``preset`` (:data:`PRESET_SENTENCES`) in the request's language, the
    seed text it follows named by the referee's title of it; ``""`` for a preset without one."""
    sentence = PRESET_SENTENCES.get(preset)
    if sentence is None:
        return ""
    seed = PRESET_SEEDS.get(preset)
    return str(sentence) % {"title": seed_title(seed, page_lang())} if seed else str(sentence)


@dataclass(frozen=True)
class Setting:
    """One house rule on the form.

    ``key``: the override key (CONTRACT.md section 3) and the form field's name.
    ``group``: the heading it sits under; ``advanced``: folded away by default.
    ``choices``: ``(form value, rules value, words)`` for a choice; empty for chips (a
    whole number typed in). ``hint``: a sentence under the field, or None.
    """

    key: str
    group: str
    advanced: bool = True
    choices: tuple[tuple[str, Any, Any], ...] = ()
    hint: Any = None
    chips: bool = field(default=False)


YES_NO = (("yes", True, _l("yes")), ("no", False, _l("no")))
SUIT_WORDS = SUIT_FACES  # the suits as the pages draw them (referee.messages)
LADDERS = (("J-Q-K-A-K-Q-J", ("J", "Q", "K", "A", "K", "Q", "J")),
           ("J-Q-K-K-K-Q-J", ("J", "Q", "K", "K", "K", "Q", "J")))
"""The seeds' ladders (000 and 002) offered by name; any other is typed in."""

GROUPS = {
    "betting": _l("Antes and betting"),
    "table": _l("Direction, check-down and blinds"),
    "draw": _l("Opening and the draw"),
    "deck": _l("The deck"),
    "ranking": _l("Ranking of hands"),
    "irregular": _l("Irregularities"),
}
"""The form's headings, in the order shown."""


def _ints(values) -> tuple[tuple[str, int, str], ...]:
    return tuple((str(v), v, str(v)) for v in values)


SETTINGS: tuple[Setting, ...] = (
    Setting("ante", "betting", advanced=False, chips=True),
    Setting("betting", "betting", advanced=False, choices=(
        ("fixed_limit", "fixed_limit", _l("fixed limit")), ("pot_limit", "pot_limit", _l("pot limit")),
        ("no_limit", "no_limit", _l("no limit")))),
    Setting("small_bet", "betting", advanced=False, chips=True),
    Setting("big_bet", "betting", advanced=False, chips=True),
    Setting("min_bet", "betting", advanced=False, chips=True,
            hint=_l("Small and big bet are for fixed limit; the minimum bet for pot limit and no limit.")),
    Setting("raise_cap", "betting", advanced=False, choices=(
        ("auto", "auto", _l("a bet and 4 raises with one draw, 3 with more (Robert's Rules)")),
        ("none", None, _l("no cap")), *_ints(range(0, 9)))),
    Setting("table_stakes", "betting", choices=(
        ("yes", True, _l("yes: each player answers only for the chips in front of them")),
        ("no", False, _l("no, an open box: a bet past the chips is bought from the box at once")))),
    Setting("direction", "table", choices=(
        ("clockwise", "clockwise", _l("clockwise: to the dealer's left")),
        ("counterclockwise", "counterclockwise", _l("counterclockwise: to the dealer's right")))),
    Setting("checkdown", "table", choices=(
        ("showdown", "showdown", _l("the hands are shown")),
        ("carry", "carry", _l("the pot carries to the next hand")))),
    Setting("blinds_allowed", "table", choices=YES_NO,
            hint=_l("A blind size above 0 plays blinds unless you say no here.")),
    Setting("small_blind", "table", chips=True),
    Setting("big_blind", "table", chips=True),
    Setting("unposted_blind_min", "table", choices=(
        ("big_blind", "big_blind", _l("the double blind (at least the minimum bet)")),
        ("min_bet", "min_bet", _l("the minimum bet")))),
    Setting("opening", "draw", choices=(
        ("none", None, _l("no minimum")), ("J", "J", _l("a pair of jacks or better")),
        ("Q", "Q", _l("a pair of queens or better")), ("K", "K", _l("a pair of kings or better")),
        ("A", "A", _l("a pair of aces or better")))),
    Setting("opener_ladder", "draw", choices=(
        ("none", None, _l("none: the minimum never climbs")),
        *((name, ladder, name) for name, ladder in LADDERS),
        ("other", "other", _l("another (write it below)")))),
    Setting("jackpot_without_pot", "draw", choices=YES_NO,
            hint=_l("Only in a house where the pot is put in by custom, the marker saying which hand owes it.")),
    Setting("draws", "draw", choices=_ints((1, 2, 3))),
    Setting("max_draw", "draw", choices=_ints(range(0, 6))),
    Setting("jokers", "deck", choices=_ints((0, 1, 2))),
    Setting("joker", "deck", choices=(
        ("wild", "wild", _l("wild: any card")), ("bug", "bug", _l("bug: an ace, or to fill a straight or a flush")))),
    Setting("lowest_rank", "deck", choices=(
        *((r, r, r) for r in ("2", "3", "4", "5", "6", "7")),
        ("auto", "auto", _l("by the number of players (rule of 11)")))),
    Setting("deal_last_card", "deck", choices=YES_NO),
    Setting("ranking", "ranking", choices=(
        ("high", "high", _l("high: the best hand wins")),
        ("deuce_to_seven", "deuce_to_seven", _l("deuce-to-seven lowball")))),
    Setting("flush_beats_full", "ranking", choices=(
        *YES_NO, ("auto", "auto", _l("only with 40 cards or fewer")))),
    Setting("five_figures", "ranking", choices=YES_NO),
    Setting("five_of_a_kind", "ranking", choices=YES_NO),
    Setting("natural_beats_wild", "ranking", choices=YES_NO),
    Setting("straight_flush_cycle", "ranking", choices=YES_NO),
    Setting("circular_straight", "ranking", choices=(
        ("yes", True, _l("yes: it turns the corner, ranked by its top card (J-Q-K-A-2, then "
                         "Q-K-A-2-3, then K-A-2-3-4, all below A-2-3-4-5)")),
        ("no", False, _l("no: the ace plays high or low only")))),
    Setting("suit_order", "ranking", choices=(
        ("none", None, _l("suits never break ties")),
        *(("".join(p), "".join(p), " ".join(SUIT_WORDS[s] for s in p)) for p in permutations("hdcs")))),
    Setting("ante_liable", "irregular", choices=(
        ("player", "player", _l("the player")), ("dealer", "dealer", _l("the dealer")))),
    Setting("double_exposure", "irregular", choices=(
        ("misdeal", "misdeal", _l("the deal is void: the chips put in go back")),
        ("withdraw", "withdraw", _l("the player may withdraw from the hand (the ante stays in the pot)")))),
)
"""Every override key of CONTRACT.md section 3 (and ``blinds_allowed``, which the blinds
need; and the switches of issue 27: ``table_stakes``, ``unposted_blind_min``,
``jackpot_without_pot``, ``circular_straight``, ``ante_liable``, ``double_exposure``), in the order the form shows them. Chips are whole numbers; choices are closed lists
(the referee's own values: ``referee.rules.BETTING`` ...)."""

BY_KEY = {s.key: s for s in SETTINGS}

LADDER_OTHER = "opener_ladder_other"
"""The text field of a ladder typed in (ranks J, Q, K, A separated by spaces or dashes)."""


def presets() -> list[dict]:
    """The presets for the form: ``{"id", "name", "sentence"}`` in ``referee.PRESETS`` order,
    in the request's language."""
    return [{"id": p, "name": str(PRESET_NAMES.get(p, p)), "sentence": preset_sentence(p)}
            for p in referee.PRESETS]


def groups(advanced: bool) -> list[dict]:
    """The settings to draw, by group: ``[{"title", "settings": [{"key", "label", "hint",
    "choices": [(value, words)], "preset_words"}]}]``; ``advanced`` picks the folded part."""
    out = []
    for group, title in GROUPS.items():
        rows = [_row(s) for s in SETTINGS if s.group == group and s.advanced == advanced]
        if rows:
            out.append({"title": str(title), "settings": rows})
    return out


def _row(s: Setting) -> dict:
    return {"key": s.key, "label": field_label(s.key), "hint": str(s.hint) if s.hint else None,
            "chips": s.chips, "choices": [(value, str(words)) for value, _v, words in s.choices]}


def read_rules() -> dict:
    """The night's ``rules`` from the form (``request.form``): ``{"preset": NAME, KEY:
    VALUE...}`` with only the settings the host filled in (an empty field is the preset's).
    A blind size above 0 with ``blinds_allowed`` left empty turns blinds on (the host set
    blinds); a blind size with blinds set to "no" is refused.

    :raises FieldRefused: a bad number or choice, or rules the referee cannot resolve
        (``referee.RulesError``), the message naming the field in the page's language and
        ``field`` the form field's name. (Rules no hand can be played with are the store's
        refusal: ``store.create_night``.)
    """
    preset = request.form.get("preset", "") or "jackpots"
    if preset not in referee.PRESETS:
        raise FieldRefused(_("%(field)s: choose one of the options.", field=field_label("preset")), "preset")
    rules: dict[str, Any] = {"preset": preset}
    for s in SETTINGS:
        value = named(s.key, lambda: _read(s))
        if value is not _EMPTY:
            rules[s.key] = value
    blinds = bool(rules.get("small_blind") or rules.get("big_blind"))
    if blinds and "blinds_allowed" not in rules and not referee.PRESETS[preset].blinds_allowed:
        rules["blinds_allowed"] = True
    if blinds and rules.get("blinds_allowed") is False:
        raise FieldRefused(_("%(field)s: say yes to play the blinds you sized, or leave their sizes empty.",
                             field=field_label("blinds_allowed")), "blinds_allowed")
    try:
        resolved = referee.resolve_rules(rules)
    except referee.RulesError as exc:
        key = exc.key if exc.key in BY_KEY else "preset"
        raise FieldRefused(_("%(field)s: this value cannot be played with these rules.",
                             field=field_label(exc.key or "preset")), key) from None
    ladder = resolved.opener_ladder
    if "opener_ladder" in rules and ladder and ladder[0] != resolved.opening:
        raise FieldRefused(_("%(field)s: starts with the minimum to open (%(opening)s).",
                             field=field_label("opener_ladder"),
                             opening=resolved.opening or _("no minimum")), "opener_ladder")
    return rules


_EMPTY = object()

T = TypeVar("T")


class FieldRefused(ValueError):
    """A refusal of the new-night form that names its field: ``field`` is the form field's
    name (``"draws"``, ``"chip_cents"``...), so the page marks that field; the message is
    already in the page's language."""

    def __init__(self, message: str, field: str) -> None:
        super().__init__(message)
        self.field = field


def named(field_name: str, read: Callable[[], T]) -> T:
    """``read()``, its ``ValueError`` (a form's refusal, already in the page's language)
    re-raised as :class:`FieldRefused` of ``field_name``; a :class:`FieldRefused` and a
    store refusal (a code, said by the caller: ``web.core.refusals.refusal_text``) pass as
    they are."""
    try:
        return read()
    except (FieldRefused, StoreError):
        raise
    except ValueError as exc:
        raise FieldRefused(str(exc), field_name) from None


def chip_value(*, required: bool = True) -> int | None:
    """The chip value the host typed as money in ``chip_value`` ("0,05 €", "0.05":
    ``web.core.forms.money_field``) as int cents; a script's ``chip_cents`` (int cents) when
    the form has no ``chip_value``; None when empty and not ``required``.

    :raises FieldRefused: of ``chip_value`` (the field the page draws, whichever was read),
        said in the page's language (``decimals``, ``negative``, ``zero``, ``too_large``,
        not an amount).
    """
    if "chip_value" in request.form or "chip_cents" not in request.form:
        return named("chip_value", lambda: money_field("chip_value", required=required))
    return named("chip_value", lambda: int_field("chip_cents", required=required, low=1))


STORE_FIELDS = {"unknown_timezone": "timezone"}
"""The store's refusal codes that name one field of the form."""


def refused_field(exc: Exception) -> str | None:
    """The form field a refusal names: a :class:`FieldRefused`'s ``field``, the field of a
    store refusal (``StoreError`` code ``unknown_timezone``, or a ``field`` param that is a
    field of the form), else None."""
    if isinstance(exc, FieldRefused):
        return exc.field
    params = getattr(exc, "params", None) or {}
    named_field = STORE_FIELDS.get(getattr(exc, "code", None)) or params.get("field")
    return named_field if named_field in FORM_FIELDS else None


FORM_FIELDS = frozenset({"preset", LADDER_OTHER, "chip_value", "chip_cents", "chips_per", "currency", "timezone",
                         "started_at", "title", *BY_KEY})
"""Every field of the new-night form."""


def opens_more(entered, refused: str | None) -> bool:
    """Is the folded "more house rules" part drawn open: something inside it was set
    (``entered``: the form as the host sent it) or is the refused field."""
    inside = {s.key for s in SETTINGS if s.advanced} | {LADDER_OTHER}
    return refused in inside or any(entered.get(key, "") for key in inside)


def preset_words() -> dict[str, dict[str, str]]:
    """What "as the preset" means under each preset, in the page's language: ``{preset:
    {key: "as the preset: <words>"}}`` for every setting, the words of the value
    ``referee.resolve_rules`` gives that preset (a choice's own words, a number of chips as
    it is); the static/night/night_form.js swaps them in when the host picks another preset."""
    return {p: {s.key: _as_preset(s, getattr(referee.resolve_rules({"preset": p}), s.key))
                for s in SETTINGS} for p in referee.PRESETS}


CIRCULAR_KEYS = ("ranking", "lowest_rank")
"""The settings the circular straight's note depends on (:func:`circular_notes`)."""


def circular_notes() -> dict:
    """What the switch ``circular_straight`` means with each preset and each value the host
    may choose for the ranking and the deck, in the page's language, as the referee says it
    (:func:`referee.circular.circular_straights`: the runs that turn the corner with that
    deck, in rank order; none with a lowball ranking, where the switch cannot apply):
    ``{"texts": [str], "off": [bool] (per text: the switch cannot apply, drawn disabled),
    "by": {preset: {"<ranking>|<lowest_rank>": index into texts}}}`` (an empty value: the
    preset's). static/night/night_form.js shows the note of the values chosen: a lookup,
    no rule."""
    texts: list[str] = []
    off: list[bool] = []
    by: dict[str, dict[str, int]] = {}
    rankings = [""] + [v for v, _r, _w in BY_KEY["ranking"].choices]
    lowests = [""] + [v for v, _r, _w in BY_KEY["lowest_rank"].choices]
    for p in referee.PRESETS:
        by[p] = {}
        for ranking in rankings:
            for lowest in lowests:
                rules = {"preset": p, **({"ranking": ranking} if ranking else {}),
                         **({"lowest_rank": lowest} if lowest else {})}
                text, cannot = _circular_text(circular_straights(rules))
                if text not in texts:
                    texts.append(text)
                    off.append(cannot)
                by[p][f"{ranking}|{lowest}"] = texts.index(text)
    return {"texts": texts, "off": off, "by": by}


def _circular_text(decks: tuple) -> tuple[str, bool]:
    """The note of :func:`circular_notes` for what the referee says, and whether the switch
    cannot apply."""
    if not decks:
        return _("Cannot apply with a lowball ranking: no high straight is read."), True
    said = "; ".join(_("with %(deck)s cards %(runs)s, all below %(lowest)s",
                       deck=deck, runs=" < ".join(runs), lowest=lowest)
                     for deck, runs, lowest in decks)
    if len(decks) > 1:
        return _("The deck goes by the players (rule of 11): %(decks)s.", decks=said), False
    return _("Straights round the corner, from the lowest: %(decks)s.", decks=said), False


def circular_note(notes: dict, preset: str, entered) -> tuple[str, bool]:
    """The note of :func:`circular_notes` for the form as drawn (``entered``: the values
    chosen), and whether the switch cannot apply."""
    key = "|".join(str(entered.get(k, "") or "") for k in CIRCULAR_KEYS)
    index = notes["by"].get(preset, {}).get(key, notes["by"].get(preset, {}).get("|", 0))
    return notes["texts"][index], notes["off"][index]


def _as_preset(s: Setting, value: Any) -> str:
    if isinstance(value, list):
        value = tuple(value)
    words = str(value) if s.chips else next(
        (str(w) for _v, rules_value, w in s.choices
         if rules_value == value and type(rules_value) is type(value) and rules_value != "other"), None)
    return _("as the preset: %(value)s", value=words) if words is not None else _("as the preset")


def rules_words(rules: dict | str | None) -> list[str]:
    """A night's rules in the form's own words (the request's language), the one place a
    page says them, for a night made on the form or imported alike: the preset's name
    first, then each rule that differs from the preset, in the form's order, as
    ``"<label>: <value>"`` (the field's label, :func:`web.core.forms.field_label`; a
    choice's words from :data:`SETTINGS`; the seeds' extra keys the form does not draw by
    ``web.night.rule_words``; chips as the number), e.g. ``["Pocker with the joker",
    "Direction of play: clockwise: to the dealer's left", "Blind (chips): 5", ...]``.
    The host's night page lists them; the tablet folds them under its header.

    ``rules``: the stored ``nights.rules`` (the preset and the overrides, CONTRACT.md
    section 3; an imported file may carry every key, those equal to the preset's are
    left out), or a preset's name alone. A value with no words (a ladder typed in) is
    said as it is; a key nobody knows keeps its name."""
    if not isinstance(rules, dict):
        rules = {"preset": rules}
    preset = rules.get("preset")
    words = [str(PRESET_NAMES.get(preset, preset or "—"))]
    as_preset = _preset_values(preset)
    keys = [s.key for s in SETTINGS if s.key in rules] + sorted(k for k in rules if k not in BY_KEY and k != "preset")
    for key in keys:
        if key in as_preset and _same(as_preset[key], rules[key]):
            continue
        label = field_label(key) if key in BY_KEY else (extra_label(key) or key)
        words.append(_("%(field)s: %(value)s", field=label, value=_value_words(key, rules[key])))
    return words


def _preset_values(preset: Any) -> dict[str, Any]:
    """Every rule of ``preset`` (``referee.resolve_rules``), or {} for a name it does not know."""
    try:
        return asdict(referee.resolve_rules(preset))
    except (ValueError, TypeError, KeyError):
        return {}


def _same(preset_value: Any, value: Any) -> bool:
    """Whether a stored rule is the preset's own (a list stored for a tuple; 1 is not True)."""
    tupled = tuple(value) if isinstance(value, list) else value
    return type(tupled) is type(preset_value) and tupled == preset_value


def _value_words(key: str, value: Any) -> str:
    setting = BY_KEY.get(key)
    if isinstance(value, list):
        value = tuple(value)
    if setting is not None and not setting.chips:
        for _v, rules_value, words in setting.choices:
            if rules_value == value and type(rules_value) is type(value) and rules_value != "other":
                return str(words)
    if setting is None and (said := extra_value(key, value)) is not None:
        return said
    return "-".join(value) if isinstance(value, tuple) else str(value)


def form_values(rules: dict | None) -> dict[str, str]:
    """The form's fields filled from a night's stored ``rules`` (``{"preset": NAME, KEY:
    VALUE...}``, the last real night's: ``store.night.setup.last_rules``), so a new night
    starts with the same preset and house rules: ``{"preset": NAME, KEY: form value...}``
    (a number of chips as digits, a choice as its form value; a ladder the form does not
    name as "other" with ``opener_ladder_other`` written out). A preset or a key the form
    does not know is left out (the field stays "as the preset"); None gives ``{}``."""
    if not rules:
        return {}
    out: dict[str, str] = {}
    if rules.get("preset") in referee.PRESETS:
        out["preset"] = rules["preset"]
    for key, value in rules.items():
        setting = BY_KEY.get(key)
        if setting is None:
            continue
        if setting.chips:
            if isinstance(value, int) and not isinstance(value, bool):
                out[key] = str(value)
            continue
        if isinstance(value, list):
            value = tuple(value)
        named_value = next((v for v, rules_value, _w in setting.choices
                            if rules_value == value and type(rules_value) is type(value) and v != "other"), None)
        if named_value is not None:
            out[key] = named_value
        elif key == "opener_ladder" and isinstance(value, tuple):
            out[key], out[LADDER_OTHER] = "other", " ".join(str(r) for r in value)
    return out


def _read(s: Setting) -> Any:
    """One setting's value from the form, or :data:`_EMPTY` when left empty."""
    if s.chips:
        value = int_field(s.key, required=False, high=MAX_NUMBER)
        if value is not None and value > MAX_STAKE:
            raise ValueError(_("%(field)s: too large (at most %(limit)s chips).",
                               field=field_label(s.key), limit=f"{MAX_STAKE:,}".replace(",", " ")))
        return _EMPTY if value is None else value
    raw = request.form.get(s.key, "")
    if not raw:
        return _EMPTY
    for value, rules_value, _words in s.choices:
        if raw == value:
            return _ladder_typed() if rules_value == "other" and s.key == "opener_ladder" else rules_value
    raise ValueError(_("%(field)s: choose one of the options.", field=field_label(s.key)))


def _ladder_typed() -> list[str]:
    """The ladder typed in (``J Q K A``, ``J-Q-K``, ``j,q,k``): its ranks in order.

    :raises FieldRefused: (of ``opener_ladder_other``) empty, or a step that is not J, Q, K or A."""
    text = request.form.get(LADDER_OTHER, "")[:60]
    steps = [w for w in text.upper().replace(",", " ").replace("-", " ").split()]
    if not steps or any(step not in ("J", "Q", "K", "A") for step in steps):
        raise FieldRefused(_("%(field)s: write the ranks J, Q, K or A in order, separated by spaces "
                             "(for example J Q K A K Q J).", field=field_label("opener_ladder")), LADDER_OTHER)
    return steps
