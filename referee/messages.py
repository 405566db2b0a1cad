"""Findings said in the player's language: Spanish or English sentences from a finding's
kind, seat and ``details`` (CONTRACT.md sections 4 and 5), never from its English
``message``.

Every kind has a sentence for each case of it (:data:`referee.phrases.TEMPLATES`, keyed by
the ``reason`` code of :data:`referee.findings.DETAILS`, or the ``source`` of an
``unjustified_opening``), said from the referee's catalogue (:mod:`referee.words`); the rule
it rests on comes from :mod:`referee.citations`, by its kind and ``reason``
(:func:`rule_text`). Players appear by name when a seat -> name map is given (``names``),
else as "el asiento 3" / "seat 3"; chips are counted in fichas / chips; cards keep their
codes (``As``, ``Td``), or are drawn as a page draws them (``faces``: ``A♠``, ``10♦``).
The Spanish words are the seeds' own (``shared/seeds/``): abrir, veo, paso, palabra,
servido, resto, pot, ciega / contra-ciega, bote, descarte, mano, apertura, repartidor.

>>> f = {"kind": "out_of_turn", "seat": 3, "action": 5, "details": {"due": 1, "verb": "open"}}
>>> sentence(f, "es")
'El asiento 3 abrió cuando hablaba el asiento 1.'
>>> sentence(f, "en", {1: "Ana", 3: "Bruno"})
'Bruno opened while Ana was to act.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .citations import citation, reason_of
from .phrases import (ACTIONS, ANY_VERB, FIELDS, LABELS, OPENINGS, PHASES, SEVERITY_WORDS,
                      TABLE_DIFFERENCES, TEMPLATES, VERBS)
from .rank import CATEGORY_NAMES
from .words import N_, Message, Np_, Said, and_list, capital, check_lang, number, say, say_first, say_message, say_n

_SEAT_KEYS = ("seat", "due", "holder", "raiser", "to", "dealer")
"""The details that name a seat (said as the player's name or "el asiento N")."""


# ------------------------------------------------------------------------------ rendering
MINUS = "\u2212"
"""The minus sign of a signed chip figure in a sentence (as the pages write it:
``web.core.i18n.chips`` with ``signed``)."""

def _get(finding: Any, key: str, default: Any = None) -> Any:
    """A field of a finding dict (``referee.check``) or :class:`referee.findings.Finding`."""
    if isinstance(finding, Mapping):
        return finding.get(key, default)
    return getattr(finding, key, default)


_SEAT = Np_("with its article", "seat %(number)s")
_BARE_SEAT = N_("seat %(number)s")
"""A seat by its number, "el asiento 3" / "asiento 3" ("seat 3" in English either way)."""


def seat_name(seat: int | None, lang: str, names: Mapping | None = None, *,
              article: bool = True) -> str:
    """A seat as a sentence names it: the player's name when ``names`` has it (keys ints or
    strings), else "el asiento 3" (``article=False``: "asiento 3") / "seat 3"; None is
    "nadie" / "no one".

    :raises ValueError: another language.
    """
    check_lang(lang)
    if seat is None:
        return say(lang, "no one")
    if names:
        name = names.get(seat, names.get(str(seat)))
        if isinstance(name, str) and name.strip():
            return name.strip()
    return say_message(lang, _SEAT if article else _BARE_SEAT, {"number": seat})


def chips_by_seat(chips: Mapping | None, lang: str, names: Mapping | None = None) -> str | None:
    """``{"1": 40, "3": 1}`` as "Ana: 40 fichas y asiento 3: 1 ficha" ... (None when empty)."""
    if not chips:
        return None
    parts = []
    for seat, amount in chips.items():
        who = seat_name(int(seat) if isinstance(seat, str) and seat.isdigit() else seat, lang,
                        names, article=False)
        parts.append(say_n(lang, "%(who)s: %(amount)s chip", "%(who)s: %(amount)s chips",
                           number(amount), who=who, amount=amount))
    return and_list(lang, parts)


SUIT_FACES = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
"""The suits as a page draws them (the tablet's card buttons): ♠ ♥ ♦ ♣."""


def signed(chips: int) -> str:
    """A signed chip figure as a sentence writes it: ``+17``, ``−17`` (:data:`MINUS`)."""
    return f"{chips:+d}".replace("-", MINUS)


def table_difference(item: Mapping, lang: str, names: Mapping | None = None) -> str:
    """One cause of a difference between a seat's chips on the table and its stack
    (an item of ``referee.check``'s ``table_differences``, :mod:`referee.chips_on_table`)
    in words of ``lang`` (:data:`referee.phrases.TABLE_DIFFERENCES`): the chips, signed,
    and why.

    :param item: ``{"hand": int, "reason": "pushed"|"moved", "chips": int (signed),
        "other": seat or None}``.
    :param names: seat -> player name (the other seat of a move).
    :raises ValueError: another language.

    >>> table_difference({"hand": 4, "reason": "pushed", "chips": 17, "other": None}, "es")
    '+17: el bote de la mano 4 que se le entregó de más'
    >>> table_difference({"hand": 6, "reason": "moved", "chips": -17, "other": 5}, "en",
    ...                  {5: "Chema"})
    '−17: handed to Chema at the table in hand 6'
    """
    check_lang(lang)
    chips = int(item.get("chips") or 0)
    reason = item.get("reason")
    case = f"{reason}:{'more' if chips > 0 else 'less'}"
    other = item.get("other")
    values = {"chips": signed(chips), "hand": item.get("hand"),
              "other": None if other is None else seat_name(other, lang, names)}
    message = TABLE_DIFFERENCES.get(case)
    if message is None:
        return signed(chips)
    return say_message(lang, message, values)


def card_face(code: str) -> str:
    """One card code as a page draws it: ``"Js"`` -> ``"J♠"``, ``"Td"`` -> ``"10♦"``, the
    joker ``"Jk"`` -> ``"★"``; an unseen card (``"??"``) or an unknown code as it is."""
    code = str(code)
    if code == "Jk":
        return "\u2605"
    if len(code) == 2 and code[1] in SUIT_FACES:
        return code[0].replace("T", "10") + SUIT_FACES[code[1]]
    return code


def _cards(cards: Any, faces: bool = False) -> str:
    """A list of card codes as ``As Kd 7h`` (codes as logged), or with ``faces`` as a page
    draws them, ``A♠ K♦ 7♥`` (:func:`card_face`)."""
    return " ".join(card_face(c) if faces else str(c) for c in cards)


def _values(finding: Any, lang: str, names: Mapping | None,
            faces: bool = False) -> dict[str, str | None]:
    """The sentence's values: every detail in words, plus ``seat`` and the derived
    ``verb_inf``, ``blind`` and ``count_asides``; None for a detail that is missing or empty.
    A ``name`` detail (the player counted at the cash-out) names the seat; a ``difference``
    is signed (``+20``, ``−20`` with :data:`MINUS`); ``table_differences`` are said one by
    one (:func:`table_difference`), joined with "; "; a ``card`` (one card code) and a list
    of cards drawn as a page draws them with ``faces``."""
    details = _get(finding, "details") or {}
    out: dict[str, str | None] = {"seat": seat_name(_get(finding, "seat"), lang, names)}
    for key, value in details.items():
        if value is None:
            out[key] = None
        elif key in _SEAT_KEYS:
            out[key] = seat_name(value, lang, names)
        elif key == "verb":
            past, infinitive = VERBS.get(value, ANY_VERB)
            out["verb"], out["verb_inf"] = say_message(lang, past), say_message(lang, infinitive)
        elif key == "opening":
            out[key] = say_message(lang, OPENINGS[value]) if value in OPENINGS else str(value)
        elif key == "phase":
            out[key] = say_message(lang, PHASES[value]) if value in PHASES else "?"
        elif key == "field":
            out[key] = say_message(lang, FIELDS[value]) if value in FIELDS else "?"
        elif key == "double":
            out["blind"] = say(lang, "the double blind") if value else say(lang, "the blind")
        elif key == "table_differences" and isinstance(value, (list, tuple)):
            out[key] = "; ".join(table_difference(d, lang, names) for d in value) or None
        elif isinstance(value, Mapping):
            out[key] = chips_by_seat(value, lang, names)
        elif isinstance(value, (list, tuple)):
            out[key] = _cards(value, faces) if value else None
        elif key == "card" and isinstance(value, str):   # one card: drawn as the list's are
            out[key] = card_face(value) if faces else value
        elif key == "difference" and isinstance(value, int):
            out[key] = signed(value)
        else:
            out[key] = str(value)
    name = details.get("name")
    if isinstance(name, str) and name.strip():
        out["seat"] = name.strip()
    out["count_asides"] = _count_asides(lang, out)
    return out


def _count_asides(lang: str, values: Mapping[str, str | None]) -> str:
    """What a cash-out count includes besides the chips handed in, as an aside after
    "counted N chips at the cash-out" (``""`` when nothing): the share of the carried pot
    handed back (``stack_mismatch`` ``cash_out``, from the store)."""
    asides = []
    if values.get("pot_share") is not None:
        asides.append(say(lang, "(with %(pot_share)s of the carried pot, handed back)",
                          pot_share=values["pot_share"]))
    return "".join(" " + aside for aside in asides)


def case_keys(kind: str, details: Mapping | None) -> list[str | None]:
    """The cases to try for a finding, most specific first (the last is None)."""
    details = details or {}
    if kind == "unjustified_opening":
        reason = details.get("source")
    else:
        reason = details.get("reason")
    keys: list[str | None] = []
    if kind == "unreadable" and reason != "bad_field" and details.get("line") is None:
        keys.append("unparsable:not_text")
    elif kind == "unreadable" and reason == "bad_field":
        keys.append("bad_field:assumed" if details.get("assumed") is not None
                    else f"bad_field:{details.get('field')}")
    elif kind == "out_of_turn" and reason is None and details.get("due") is None:
        keys.append("nobody_due")
    elif kind == "wrong_award" and reason is None:  # (a finding stored before its reason)
        if not details.get("recorded"):
            keys.append("no_award")
        elif not details.get("expected"):
            keys.append("pot_stays")
    elif kind == "stack_mismatch" and reason == "cash_out" and details.get("after"):
        keys.append("cash_out:table" if details.get("table_differences")
                    else "cash_out:outside_log")
    if isinstance(reason, str):
        basis = details.get("basis")
        if isinstance(basis, str):
            keys.append(f"{reason}:{basis}")  # (a case refined: "ante:dealer")
        keys.append(reason)
    keys.append(None)
    return keys


def template(kind: str, details: Mapping | None) -> Said | None:
    """What a finding is said with (:data:`referee.phrases.TEMPLATES`: one message or
    alternatives), or None when its kind has none."""
    cases = TEMPLATES.get(kind, {})
    for key in case_keys(kind, details):
        if key in cases:
            return cases[key]
    return None


def label(kind: str, lang: str) -> str:
    """The kind's short label (:data:`LABELS`); for an unknown kind, a generic word.

    :raises ValueError: another language.
    """
    message = LABELS.get(kind)
    if message is None:
        return say(lang, "finding")
    return say_message(lang, message)


def labels(lang: str) -> dict[str, str]:
    """Every kind's label in ``lang``: ``{kind: label}``."""
    return {kind: say_message(lang, message) for kind, message in LABELS.items()}


def severity_word(severity: str, lang: str) -> str:
    """``error`` / ``warning`` / ``info`` in ``lang`` (:data:`SEVERITY_WORDS`; another
    severity as ``info``)."""
    return say_message(lang, SEVERITY_WORDS.get(severity, SEVERITY_WORDS["info"]))


def phase_name(phase: str | None, lang: str) -> str | None:
    """A hand's phase (``predeal``, ``predraw``, ``draw``, ``postdraw``, ``showdown``,
    ``complete``) in words of ``lang`` (:data:`PHASES`): "enseñar las cartas" / "showdown";
    None for another.

    :raises ValueError: another language.
    """
    check_lang(lang)
    message = PHASES.get(phase or "")
    return None if message is None else say_message(lang, message)


def phase_names(lang: str) -> dict[str, str]:
    """Every phase in words of ``lang``: ``{phase: name}`` (:func:`phase_name`)."""
    return {phase: say_message(lang, message) for phase, message in PHASES.items()}


def opening_name(opening: str | None, lang: str) -> str | None:
    """An opening minimum (``"J"``..``"A"``, seed 000's "Ley de Apertura") in words of
    ``lang`` (:data:`OPENINGS`): "pareja de jotas" / "a pair of jacks"; None for another.

    :raises ValueError: another language.
    """
    check_lang(lang)
    message = OPENINGS.get(opening or "")
    return None if message is None else say_message(lang, message)


def sentence(finding: Any, lang: str, names: Mapping | None = None, *,
             strict: bool = False, faces: bool = False) -> str:
    """The finding in one sentence in ``lang``, from its kind, seat and details.

    :param finding: a finding dict of ``referee.check`` (``kind``, ``seat``, ``details``)
        or a :class:`referee.findings.Finding`.
    :param lang: ``"es"`` or ``"en"``.
    :param names: optional seat -> player name (int or str keys).
    :returns: e.g. ``"Ana abrió sin pareja de jotas o mejor (recibió Ts Td 9c 5h 2s)."``;
        a finding whose details lack what its sentence needs (a finding made elsewhere)
        is said by its label alone, never in another language.
    :param strict: raise instead (tests: every sentence fits the details the referee
        gives).
    :param faces: cards as a page draws them (``J♠ 10♦``, :func:`card_face`), not as
        logged (``Js Td``: the CLI's text).
    :raises ValueError: another language.
    :raises KeyError: ``strict`` and no sentence, or a detail it needs is missing.
    """
    check_lang(lang)
    kind = _get(finding, "kind") or ""
    said = template(kind, _get(finding, "details"))
    try:
        if said is None:
            raise KeyError(kind)
        return capital(say_first(lang, said, _values(finding, lang, names, faces)))
    except KeyError:
        if strict:
            raise
        return capital(label(kind, lang)) + "."


def rule_text(finding: Any, lang: str, *, verbatim: bool = True) -> str:
    """The rule a finding rests on, quoted in ``lang`` (:func:`referee.citations.citation`
    of its kind and ``details["reason"]``: a case with a rule of its own, such as a seed
    house switch or the cash-out count, cites that rule).

    :param finding: a finding dict of ``referee.check`` or a
        :class:`referee.findings.Finding`; or a kind (str) for the kind's general rule.
    :param verbatim: False for a page wholly in ``lang`` (``citation``'s ``verbatim``).
    :raises ValueError: another language.
    """
    if isinstance(finding, str):
        return citation(finding, lang, verbatim=verbatim)
    return citation(_get(finding, "kind") or "", lang, reason_of(_get(finding, "details")),
                    verbatim=verbatim)


def _with_rule(lang: str, said: str, rule: str) -> str:
    """A finding's sentence and the rule quoted after it: ``"<sentence> Regla: <rule>"``
    (``Rule:`` in English); the sentence alone without a rule."""
    return say(lang, "%(sentence)s Rule: %(rule)s", sentence=said, rule=rule) if rule else said


def finding_text(finding: Any, lang: str, names: Mapping | None = None) -> str:
    """The finding and the rule quoted in it: ``"<sentence> Regla: <citation>"`` (``Rule:``
    in English); the ``text`` of CONTRACT.md section 4."""
    return _with_rule(lang, sentence(finding, lang, names), rule_text(finding, lang))


def describe(finding: Any, lang: str, names: Mapping | None = None, *,
             verbatim: bool = True, faces: bool = False) -> dict[str, str]:
    """What a page shows of a finding in ``lang``: ``{"label", "sentence", "rule_text",
    "text"}`` (strings; ``rule_text`` as :func:`rule_text`, ``text`` as
    :func:`finding_text`). ``verbatim=False``: a page wholly in ``lang`` (an English page
    says the seeds' sentences in English only, :func:`referee.citations.citation`);
    ``faces``: cards as a page draws them (:func:`card_face`)."""
    kind = _get(finding, "kind") or ""
    said = sentence(finding, lang, names, faces=faces)
    rule = rule_text(finding, lang, verbatim=verbatim)
    return {"label": label(kind, lang), "sentence": said, "rule_text": rule,
            "text": _with_rule(lang, said, rule)}


def action_sentence(action: Mapping | None, lang: str, names: Mapping | None = None, *,
                    line: str | None = None, faces: bool = False) -> str:
    """One log line in words of ``lang``, as the hand replayer says it (:data:`ACTIONS`):
    ``"Íñigo abre 10"`` / ``"Íñigo opens 10"``, from the parsed line, never its text.

    :param action: the parsed line as a dict (the fields of
        :class:`referee.actions.Action`: ``actor``, ``seat``, ``verb``, ``amount``,
        ``cards`` (list of codes, or None where not known), ``count``, ``text``), or None
        for a line that could not be read (said with ``line``, the line as logged).
    :param names: seat -> player name (int or str keys); others are "el asiento N".
    :param faces: cards as a page draws them (``J♠ 10♦``, :func:`card_face`); else as
        logged (``Js Td``: the CLI's text).
    :returns: the sentence, capitalised, without a final stop.
    :raises ValueError: another language.

    >>> action_sentence({"actor": "p", "seat": 3, "verb": "open", "amount": 10}, "es",
    ...                 {3: "Íñigo"})
    'Íñigo abre 10'
    >>> action_sentence({"actor": "d", "seat": 4, "verb": "serve", "count": 1}, "en")
    'Seat 4 is served 1 card'
    """
    check_lang(lang)
    verb = action.get("verb") if action else None
    cards = action.get("cards") if action else None
    count = action.get("count") if action else None
    key = verb if verb in ACTIONS else "unreadable"
    if verb == "draw" and count == 0:
        key = "draw:pat"
    elif verb == "fix" and count is not None:
        key = "fix:more" if count > 0 else "fix:less"
        count = abs(count)
    values = {
        "seat": seat_name(action.get("seat"), lang, names) if action else None,
        "to": seat_name(action["to"], lang, names) if action and action.get("to") else None,
        "amount": None if not action or action.get("amount") is None else str(action["amount"]),
        "count": None if count is None else str(count),
        "cards": _cards(cards, faces) if cards else None,
        "text": (action.get("text") or "") if action else None,
        "line": line if line is not None else "",
    }
    try:
        return capital(say_first(lang, ACTIONS[key], values))
    except KeyError:  # a line missing what its words need (a deal without count or cards)
        return capital(say_first(lang, ACTIONS["unreadable"], {"line": line or ""}))


def add_text(result: dict, lang: str, names: Mapping | None = None) -> dict:
    """Give every finding of a ``referee.check`` result its ``text`` in ``lang``
    (CONTRACT.md section 4), in place; returns ``result``."""
    check_lang(lang)
    parts = [*result.get("hands", []), result.get("night", {})]
    for part in parts:
        for finding in part.get("findings", []):
            finding["text"] = finding_text(finding, lang, names)
    return result


def player_names(session: Any) -> dict[int, str]:
    """Seat -> name from a session file's ``players`` (CONTRACT.md section 1); players
    without a name (or a malformed list) are left out."""
    players = session.get("players") if isinstance(session, Mapping) else None
    out: dict[int, str] = {}
    if not isinstance(players, list):
        return out
    for p in players:
        if isinstance(p, Mapping) and isinstance(p.get("name"), str) and p["name"].strip():
            seat = p.get("seat")
            if isinstance(seat, int) and not isinstance(seat, bool):
                out[seat] = p["name"].strip()
    return out


# ------------------------------------------------------------------------------ hands in words
RANK_PLURALS: dict[int, Message] = {
    2: Np_("ranks", "twos"), 3: Np_("ranks", "threes"), 4: Np_("ranks", "fours"), 5: Np_("ranks", "fives"),
    6: Np_("ranks", "sixes"), 7: Np_("ranks", "sevens"), 8: Np_("ranks", "eights"), 9: Np_("ranks", "nines"),
    10: Np_("ranks", "tens"), 11: Np_("ranks", "jacks"), 12: Np_("ranks", "queens"), 13: Np_("ranks", "kings"),
    14: Np_("ranks", "aces"),
}
"""A rank value (2-14, ``HandRank.ranks``) as the plural the hand's name says: "ases", "reyes"."""

_NAMED_BY_RANK = frozenset({1, 4, 7, 8, 10})
"""The categories (``referee.rank.CATEGORIES`` indexes: one pair, three of a kind, full
house, four of a kind, five of a kind) named by their first rank: "full de ases"."""


def hand_name(category: int | None, ranks: Any, lang: str) -> str | None:
    """A ranked hand in words, as a card room says it: ``"full de ases"``, ``"trío de
    reyes"``, ``"dobles parejas de ases y ochos"``, else the category alone (``"color"``,
    ``"escalera"``); None for a hand that could not be ranked (``category`` None).

    :param category: ``HandRank.category`` (an index into ``referee.rank.CATEGORIES``).
    :param ranks: ``HandRank.ranks`` (rank values 2-14, most significant first).

    >>> hand_name(7, [14, 13], "es"), hand_name(4, [13, 9, 2], "en")
    ('full de ases', 'three of a kind, kings')
    >>> hand_name(2, [14, 8, 3], "es"), hand_name(6, [14, 9, 7, 5, 2], "es")
    ('dobles parejas de ases y ochos', 'color')
    """
    if category is None or not 0 <= category < len(CATEGORY_NAMES):
        return None
    name = say_message(lang, CATEGORY_NAMES[category])
    ranks = [r for r in (ranks or []) if r in RANK_PLURALS]
    if category in _NAMED_BY_RANK and ranks:
        return say(lang, "%(category)s, %(rank)s", category=name, rank=say_message(lang, RANK_PLURALS[ranks[0]]))
    if category == 2 and len(ranks) >= 2:
        return say(lang, "%(category)s, %(high)s and %(low)s", category=name,
                   high=say_message(lang, RANK_PLURALS[ranks[0]]), low=say_message(lang, RANK_PLURALS[ranks[1]]))
    return name
