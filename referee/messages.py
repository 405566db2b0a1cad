"""Findings said in the player's language: Spanish or English sentences from a finding's
kind, seat and ``details`` (CONTRACT.md sections 4 and 5), never from its English
``message``.

Every kind has a template for each case of it (:data:`referee.phrases.TEMPLATES`, keyed by the
``reason`` code of :data:`referee.findings.DETAILS`, or the ``source`` of an
``unjustified_opening``); the rule it rests on comes from :mod:`referee.citations`, by its
kind and ``reason`` (:func:`rule_text`). Players appear by name when a seat -> name map is
given (``names``), else as "el asiento 3" / "seat 3"; chips are counted in fichas / chips;
cards keep their codes (``As``, ``Td``).
The Spanish words are the seeds' own (``shared/seeds/``): abrir, veo, paso, palabra,
servido, resto, pot, ciega / contra-ciega, bote, descarte, mano, apertura, el que da.

>>> f = {"kind": "out_of_turn", "seat": 3, "action": 5, "details": {"due": 1, "verb": "open"}}
>>> sentence(f, "es")
'El asiento 3 abrió cuando hablaba el asiento 1.'
>>> sentence(f, "en", {1: "Ana", 3: "Bruno"})
'Bruno opened while Ana was to act.'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .citations import LANGS, citation, reason_of
from .phrases import ACTIONS, ANY_VERB, FIELDS, LABELS, OPENINGS, PHASES, SEVERITY_WORDS, TEMPLATES, VERBS  # noqa: F401

_SEAT_KEYS = ("seat", "due", "holder", "raiser")
"""The details that name a seat (said as the player's name or "el asiento N")."""


_PLACEHOLDER = re.compile(r"\{(\w+)\}")
_ONE = re.compile(r"(?<![\d.,-])1 (fichas|cartas|subidas|chips|cards|raises)\b")
_OPTIONAL = re.compile(r"\[([^\[\]]*)\]")


# ------------------------------------------------------------------------------ rendering
MINUS = "\u2212"
"""The minus sign of a signed chip figure in a sentence (as the pages write it:
``web.core.i18n.chips`` with ``signed``)."""

def _get(finding: Any, key: str, default: Any = None) -> Any:
    """A field of a finding dict (``referee.check``) or :class:`referee.findings.Finding`."""
    if isinstance(finding, Mapping):
        return finding.get(key, default)
    return getattr(finding, key, default)


def _lang(lang: str) -> int:
    """0 for Spanish, 1 for English. :raises ValueError: another language."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: one of {', '.join(LANGS)}")
    return LANGS.index(lang)


def seat_name(seat: int | None, lang: str, names: Mapping | None = None, *,
              article: bool = True) -> str:
    """A seat as a sentence names it: the player's name when ``names`` has it (keys ints or
    strings), else "el asiento 3" (``article=False``: "asiento 3") / "seat 3"; None is
    "nadie" / "no one"."""
    i = _lang(lang)
    if seat is None:
        return ("nadie", "no one")[i]
    if names:
        name = names.get(seat, names.get(str(seat)))
        if isinstance(name, str) and name.strip():
            return name.strip()
    if i == 0:
        return f"el asiento {seat}" if article else f"asiento {seat}"
    return f"seat {seat}"


def chips_by_seat(chips: Mapping | None, lang: str, names: Mapping | None = None) -> str | None:
    """``{"1": 40, "3": 20}`` as "Ana 40 fichas y asiento 3 20 fichas" ... (None when empty)."""
    if not chips:
        return None
    unit = ("fichas", "chips")[_lang(lang)]
    parts = []
    for seat, amount in chips.items():
        number = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
        who = seat_name(number, lang, names, article=False)
        parts.append(f"{who}: {amount} {unit}")
    return _and(lang, parts)


def _and(lang: str, items: list[str]) -> str:
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + (" y " if lang == "es" else " and ") + items[-1]


SUIT_FACES = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
"""The suits as a page draws them (the tablet's card buttons): ♠ ♥ ♦ ♣."""


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
    """The template's fields: every detail in words, plus ``seat`` and the derived
    ``verb_inf`` and ``blind``; None for a detail that is missing or empty. A ``name``
    detail (the player counted at the cash-out) names the seat; a ``difference`` (and the
    store's ``ruling_moves``) is signed (``+20``, ``−20`` with :data:`MINUS`)."""
    i = _lang(lang)
    details = _get(finding, "details") or {}
    out: dict[str, str | None] = {"seat": seat_name(_get(finding, "seat"), lang, names)}
    for key, value in details.items():
        if value is None:
            out[key] = None
        elif key in _SEAT_KEYS:
            out[key] = seat_name(value, lang, names)
        elif key == "verb":
            words = VERBS.get(value, ANY_VERB)
            out["verb"], out["verb_inf"] = words[2 * i], words[2 * i + 1]
        elif key == "opening":
            out[key] = OPENINGS.get(value, (str(value), str(value)))[i]
        elif key == "phase":
            out[key] = PHASES.get(value, ("?", "?"))[i]
        elif key == "field":
            out[key] = FIELDS.get(value, ("?", "?"))[i]
        elif key == "double":
            out["blind"] = (("la contra-ciega", "the double blind") if value
                            else ("la ciega", "the blind"))[i]
        elif isinstance(value, Mapping):
            out[key] = chips_by_seat(value, lang, names)
        elif isinstance(value, (list, tuple)):
            out[key] = _cards(value, faces) if value else None
        elif key in ("difference", "ruling_moves") and isinstance(value, int):
            out[key] = f"{value:+d}".replace("-", MINUS)
        else:
            out[key] = str(value)
    name = details.get("name")
    if isinstance(name, str) and name.strip():
        out["seat"] = name.strip()
    return out


def case_keys(kind: str, details: Mapping | None) -> list[str | None]:
    """The template cases to try for a finding, most specific first (the last is None)."""
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
    elif kind == "stack_mismatch" and reason == "cash_out":
        if details.get("pushed") != details.get("expected"):
            keys.append("cash_out:pushed" if details.get("last_agreed") is not None
                        else "cash_out:pushed_since_buy_in")
        elif details.get("last_agreed") is not None:
            keys.append("cash_out:outside_log")
    if isinstance(reason, str):
        keys.append(reason)
    keys.append(None)
    return keys


def template(kind: str, details: Mapping | None, lang: str) -> str | None:
    """The template a finding is said with, or None when its kind has none."""
    i = _lang(lang)
    cases = TEMPLATES.get(kind, {})
    for key in case_keys(kind, details):
        if key in cases:
            return cases[key][i]
    return None


def fill(text: str, values: Mapping[str, str | None]) -> str:
    """Fill ``{name}`` placeholders; a ``[...]`` part goes when a value in it is None; one
    of a counted noun is singular ("1 ficha", "1 chip").

    >>> fill("{n} fichas[ y {m}]", {"n": "1", "m": None})
    '1 ficha'

    :raises KeyError: a placeholder outside brackets whose value is missing or None (a
        template that asks for a detail the finding does not carry: a bug of ours).
    """
    def optional(match: re.Match) -> str:
        part = match.group(1)
        needed = _PLACEHOLDER.findall(part)
        return part if all(values.get(n) is not None for n in needed) else ""

    text = _OPTIONAL.sub(optional, text)

    def one(match: re.Match) -> str:
        value = values.get(match.group(1))
        if value is None:
            raise KeyError(match.group(1))
        return value

    return _ONE.sub(lambda m: "1 " + m.group(1)[:-1], _PLACEHOLDER.sub(one, text))


def label(kind: str, lang: str) -> str:
    """The kind's short label (:data:`LABELS`); for an unknown kind, a generic word."""
    pair = LABELS.get(kind)
    if pair is None:
        return ("incidencia", "finding")[_lang(lang)]
    return pair[_lang(lang)]


def severity_word(severity: str, lang: str) -> str:
    """``error`` / ``warning`` / ``info`` in ``lang`` (:data:`SEVERITY_WORDS`)."""
    pair = SEVERITY_WORDS.get(severity, SEVERITY_WORDS["info"])
    return pair[_lang(lang)]


def sentence(finding: Any, lang: str, names: Mapping | None = None, *,
             strict: bool = False, faces: bool = False) -> str:
    """The finding in one sentence in ``lang``, from its kind, seat and details.

    :param finding: a finding dict of ``referee.check`` (``kind``, ``seat``, ``details``)
        or a :class:`referee.findings.Finding`.
    :param lang: ``"es"`` or ``"en"``.
    :param names: optional seat -> player name (int or str keys).
    :returns: e.g. ``"Ana abrió sin pareja de valets o mejor (recibió Ts Td 9c 5h 2s)."``;
        a finding whose details lack what its template needs (a finding made elsewhere)
        is said by its label alone, never in another language.
    :param strict: raise instead (tests: every template fits the details the referee
        gives).
    :param faces: cards as a page draws them (``J♠ 10♦``, :func:`card_face`), not as
        logged (``Js Td``: the CLI's text).
    :raises ValueError: another language.
    :raises KeyError: ``strict`` and no template, or a detail it needs is missing.
    """
    kind = _get(finding, "kind") or ""
    text = template(kind, _get(finding, "details"), lang)
    try:
        if text is None:
            raise KeyError(kind)
        return _capital(fill(text, _values(finding, lang, names, faces)))
    except KeyError:
        if strict:
            raise
        return _capital(label(kind, lang)) + "."


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


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


def finding_text(finding: Any, lang: str, names: Mapping | None = None) -> str:
    """The finding and the rule quoted in it: ``"<sentence> Regla: <citation>"`` (``Rule:``
    in English); the ``text`` of CONTRACT.md section 4."""
    rule = rule_text(finding, lang)
    said = sentence(finding, lang, names)
    if not rule:
        return said
    return f"{said} {('Regla', 'Rule')[_lang(lang)]}: {rule}"


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
    word = ("Regla", "Rule")[_lang(lang)]
    return {"label": label(kind, lang), "sentence": said, "rule_text": rule,
            "text": f"{said} {word}: {rule}" if rule else said}


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
    i = _lang(lang)
    verb = action.get("verb") if action else None
    cards = action.get("cards") if action else None
    count = action.get("count") if action else None
    key = verb if verb in ACTIONS else "unreadable"
    if verb == "draw" and count == 0:
        key = "draw:pat"
    elif verb in ("deal", "serve") and not cards:
        key = f"{verb}:count"
    values = {
        "seat": seat_name(action.get("seat"), lang, names) if action else None,
        "amount": None if not action or action.get("amount") is None else str(action["amount"]),
        "count": None if count is None else str(count),
        "cards": _cards(cards, faces) if cards else None,
        "text": (action.get("text") or "") if action else None,
        "line": line if line is not None else "",
    }
    try:
        return _capital(fill(ACTIONS[key][i], values))
    except KeyError:  # a line missing what its words need (a deal without count or cards)
        return _capital(fill(ACTIONS["unreadable"][i], {"line": line or ""}))


def add_text(result: dict, lang: str, names: Mapping | None = None) -> dict:
    """Give every finding of a ``referee.check`` result its ``text`` in ``lang``
    (CONTRACT.md section 4), in place; returns ``result``."""
    _lang(lang)
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
