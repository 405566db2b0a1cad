"""``referee.check(session)`` and ``python -m referee check FILE`` (CONTRACT.md section 4).

>>> s = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
...      "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
...      "hands": [{"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p1 open 10",
...                 "p2 fold", "p1 show JsJd4c3h2s", "d award p1 20"]}]}
>>> out = check(s)["hands"][0]
>>> out["awards"], out["stacks"], out["findings"]
({'1': 20}, {'1': 105, '2': 95}, [])
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .chips_on_table import gap_json, on_table
from .count import night_entry
from .messages import (add_text, label, player_names, rule_text, seat_name, sentence,
                       severity_word, table_difference)
from .phh_read import load_phh
from .rules import RulesError
from .rules_said import rules_error_text
from .session import HandItem, SessionError, replay_session
from .words import LANGS, Np_, check_lang, say, say_message, say_p

__all__ = ["check", "check_main", "SessionError"]


_SEAT_KEY = {s: str(s) for s in range(1, 11)}
"""Seat -> its JSON key (seats are 1-10: ``referee.session.load``)."""


def _keyed(d: dict[int, int] | None) -> dict[str, int] | None:
    """Seat -> chips as ``{"1": chips, ...}`` in seat order (None stays None)."""
    if d is None:
        return None
    items: Any = d.items()
    last = 0
    for s in d:  # (usually in seat order already: then no sort)
        if s < last:
            items = sorted(items)
            break
        last = s
    out: dict[str, int] = {}
    for s, chips in items:
        text = _SEAT_KEY.get(s)
        out[text if text is not None else str(s)] = chips
    return out


def check(session: Any, rules: Any = None, lang: str | None = None) -> dict:
    """Replay a session and judge every hand.

    :param session: a session dict (CONTRACT.md section 1). Beyond the contract, a hand may
        say ``"awards_recorded": false`` (``referee.phh.load_phh`` writes it for a PHH hand
        without ``finishing_stacks``): its log never records the pushes, so a hand with no
        ``d award`` line is not a ``wrong_award``. Otherwise a decided hand that gives chips
        to someone and has no ``d award`` line at all is a ``wrong_award`` at its last
        action (CONTRACT.md section 4: "at the hand's last action when an award is missing").
    :param rules: optional override of the session's rules (preset name, dict or
        HouseRules), like ``--rules``.
    :param lang: ``"es"`` or ``"en"``: each finding also carries ``text``, the finding
        and its rule said in that language, players by the session's names
        (``referee.messages.finding_text``; CONTRACT.md section 4); None leaves it out.
    :returns: ``{"hands": [{"hand": int, "findings": [finding dicts], "pots": [{"amount":
        int, "seats": [int]}], "awards": {seat: chips} or None, "recorded_awards":
        {seat: chips}, "stacks": {seat: chips}, "carried": int, "next_opening": str or
        None, "chips_on_table": {seat: chips}, "table_differences": {seat: [...]}, and
        "moves": [...] only where the hand's ``d move`` lines moved chips}],
        "night": {"findings": [finding dicts]}}`` (:func:`hand_entry`), seats as strings,
        chips as ints. ``night`` holds the findings on the night as a whole: the session's
        optional ``cash_out`` counts against the chips on the table (:mod:`referee.count`).
    :raises SessionError: the file cannot be read at all (not an object, no players,
        unknown rules). Bad table play never raises: it is a finding.
    :raises ValueError: a ``lang`` other than ``es`` or ``en``.
    """
    if lang is not None:
        check_lang(lang)
    hands, open_box = [], False
    for item in replay_session(session, rules):
        hands.append(hand_entry(item))
        open_box = not item.start.rules.table_stakes  # (a caja libre: the counts say so)
    result = {"hands": hands, "night": night_entry(session, hands, open_box)}
    if lang is not None:
        add_text(result, lang, player_names(session))
    return result


def hand_entry(item: HandItem) -> dict:
    """One judged hand (:func:`referee.session.play_hand`) as an entry of ``check``'s
    ``hands`` (CONTRACT.md section 4): ``{"hand", "findings", "pots", "awards",
    "recorded_awards", "stacks", "carried", "next_opening", "chips_on_table",
    "table_differences"}``, and ``"moves"`` where the hand has any; seats as strings.
    ``chips_on_table``: seat -> the chips the seat physically holds after the hand
    (CONTRACT.md 4: the stacks plus what the dealer's pushes gave beyond the rules'
    awards, plus the ``d move`` lines); ``table_differences``: for each seat whose chips on
    the table differ from its stack, why: ``[{"hand", "reason": "pushed"|"moved", "chips"
    (signed), "other" (the seat of a move, else None)}]`` (:mod:`referee.chips_on_table`),
    ``{}`` when every seat holds its stack.

    ``moves`` (beyond CONTRACT.md 4's keys, present only when the hand's ``d move`` lines,
    CONTRACT.md 2, handed chips over): what they moved, in log order, ``[{"from": seat,
    "to": seat, "chips": int > 0}]`` (seats as ints), each line at most what the giver then
    held (:func:`referee.chips_on_table.settle_moves`; a line that moved nothing is left
    out). Whoever wrote the lines (a ruling settled at the table, the dealer's hand-over),
    this is what was handed back at the table: the store takes it off what a ruling still
    has to move (``store.dispute.rulings.hand_moves``), never parsing the lines itself.

    >>> s = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
    ...      "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
    ...      "hands": [{"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p1 open 10",
    ...                 "p2 fold", "p1 show JsJd4c3h2s", "d award p2 20", "d move p2 p1 20"]}]}
    >>> out = check(s)["hands"][0]
    >>> out["moves"], out["chips_on_table"], out["table_differences"]
    ([{'from': 2, 'to': 1, 'chips': 20}], {'1': 105, '2': 95}, {})
    """
    result = item.result
    extra = item.extra
    findings = [f.as_dict() for f in extra + result.findings] if extra or result.findings else []
    entry = {
        "hand": item.number,
        "findings": findings,
        "pots": [p.as_dict() for p in result.pots],
        "awards": _keyed(result.awards),
        "recorded_awards": _keyed(result.recorded_awards),
        "stacks": _keyed(result.stacks),
        "carried": result.carried,
        "next_opening": item.start.rules.opening_after(item.step),
        "chips_on_table": _keyed(on_table(result.stacks, item.gap)),
        "table_differences": gap_json(item.gap),
    }
    moves = [{"from": giver, "to": taker, "chips": chips} for giver, taker, chips in result.moves if chips]
    if moves:
        entry["moves"] = moves
    return entry


def has_errors(result: dict) -> bool:
    """True if any finding of ``result`` (as :func:`check` returns: its hands' and its
    night's) has severity error."""
    night = result.get("night", {}).get("findings", [])
    return any(f["severity"] == "error" for h in result["hands"] + [{"findings": night}]
               for f in h["findings"])


NEXT_OPENING = {"J": Np_("next opening", "J"), "Q": Np_("next opening", "Q"),
                "K": Np_("next opening", "K"), "A": Np_("next opening", "A")}
"""The next opening minimum as the text format writes it ("J" / "jotas")."""

NONE = {"awards": Np_("no awards", "none"), "stacks": Np_("no stacks", "none"),
        "opening": Np_("no opening", "none")}
"""The text format's "none", by the noun it stands for (in Spanish it agrees with it:
"ninguno", "ninguna")."""


def _chips_text(chips: dict | None, lang: str = "en", names: dict | None = None,
                none: str = "awards") -> str:
    """``{"1": 290, "3": 10}`` as ``Ana: 290, seat 3: 10``: each seat by its player's name
    where ``names`` (seat -> name) has it, else ``seat N`` / ``asiento N``
    (:func:`referee.messages.seat_name`); "none" (:data:`NONE`, agreeing with the noun
    ``none`` names) when empty, "undecided" for None."""
    if chips is None:
        return say(lang, "undecided")
    return ", ".join(f"{_seat(s, lang, names)}: {c}" for s, c in chips.items()) \
        or say_message(lang, NONE[none])


def _seat(seat: str | int, lang: str, names: dict | None) -> str:
    """A seat key of the JSON (a string of digits) as the text names it."""
    number = int(seat) if isinstance(seat, str) and seat.isdigit() else seat
    if not isinstance(number, int):
        return say(lang, "seat %(number)s", number=seat)
    return seat_name(number, lang, names, article=False)


def _finding_lines(f: dict, lang: str, names: dict | None, where: str) -> list[str]:
    """A finding as two lines of the text format: its severity, label, ``where`` and
    sentence; the rule quoted under it."""
    return [f"{severity_word(f['severity'], lang):7} {label(f['kind'], lang)}{where}: "
            f"{sentence(f, lang, names)}",
            "          " + say_p(lang, "text format", "rule: %(rule)s", rule=rule_text(f, lang))]


def _text(result: dict, lang: str = "en", names: dict | None = None) -> str:
    """The check as lines for people, in ``lang``: a line per hand, each finding with its
    severity, label, where (the action counted from 1, as a dealer counts the hand's lines;
    the JSON ``action`` is the 0-based index), the sentence and the rule quoted."""
    lines = []
    for h in result["hands"]:
        opening = h["next_opening"]
        opening = (say_message(lang, NEXT_OPENING[opening]) if opening in NEXT_OPENING
                   else opening or say_message(lang, NONE["opening"]))
        lines.append(say(lang, "hand %(n)s: awards %(awards)s (recorded %(recorded)s), carried "
                               "%(carried)s, next opening %(opening)s",
                         n=h["hand"], awards=_chips_text(h["awards"], lang, names),
                         recorded=_chips_text(h["recorded_awards"], lang, names),
                         carried=h["carried"], opening=opening))
        for f in h["findings"]:
            where = (say(lang, "action %(n)s of the hand, counting from 1", n=f["action"] + 1)
                     if f["action"] is not None else say(lang, "no logged action"))
            first, rule = _finding_lines(f, lang, names, f" ({where})")
            lines += ["  " + first, rule]
        lines.append("  " + say(lang, "stacks %(stacks)s",
                                stacks=_chips_text(h["stacks"], lang, names, "stacks")))
        lines += _table_lines(h, lang, names)
    for f in result.get("night", {}).get("findings", []):
        first, rule = _finding_lines(f, lang, names, "")
        lines += [say(lang, "night: %(finding)s", finding=first), rule]
    return "\n".join(lines)


def _table_lines(hand: dict, lang: str, names: dict | None) -> list[str]:
    """The text format's lines on the chips on the table, only where they differ from the
    stacks (a hand entry's ``table_differences``): the figure, then each seat's causes
    (:func:`referee.messages.table_difference`)."""
    differences = hand.get("table_differences") or {}
    if not differences:
        return []
    lines = ["  " + say(lang, "chips on the table %(chips)s",
                        chips=_chips_text(hand["chips_on_table"], lang, names, "stacks"))]
    for seat, items in differences.items():
        why = "; ".join(table_difference(d, lang, names) for d in items)
        lines.append(f"    {_seat(seat, lang, names)}: {why}")
    return lines


def check_main(argv: list[str]) -> int:
    """``python -m referee check FILE [--rules PRESET] [--format json|text] [--lang es|en]``.

    Reads a session file (``.json``) or a PHH hand history (``.phh``/``.phhs``, via
    ``referee.phh_read.load_phh``), prints the check, and returns 0 (no error findings), 1
    (some error findings) or 2 (the file could not be read; one line on stderr).
    ``--lang`` (default ``en``): the language of the text format's findings and of the
    ``text`` each finding of the JSON carries beside the English ``message``.
    """
    parser = argparse.ArgumentParser(prog="python -m referee check")
    parser.add_argument("file")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--format", choices=("json", "text"), default="json")
    parser.add_argument("--lang", choices=LANGS, default="en")
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return 2 if exc.code else 0
    session: Any = None  # (whatever the file holds)
    try:
        with open(args.file, encoding="utf-8-sig") as fh:  # (a byte-order mark is fine)
            text = fh.read()
        if args.file.endswith((".phh", ".phhs")):
            try:
                session = load_phh(text)
            except (TypeError, KeyError, AttributeError, IndexError):
                raise ValueError("not a PHH hand history this reader understands (a field "
                                 "of the wrong type)") from None
        else:
            session = json.loads(text)
        result = check(session, args.rules, lang=args.lang)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        cause = exc if isinstance(exc, RulesError) else exc.__cause__
        if isinstance(cause, RulesError):
            reason = rules_error_text(cause, args.lang)  # (in --lang's words, from its codes)
        print(f"check: {args.file}: {reason}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(_text(result, args.lang, player_names(session)))
    return 1 if has_errors(result) else 0
