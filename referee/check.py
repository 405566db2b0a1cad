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

from .count import night_entry
from .phh_read import load_phh
from .session import HandItem, SessionError, replay_session

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


def check(session: Any, rules: Any = None) -> dict:
    """Replay a session and judge every hand.

    :param session: a session dict (CONTRACT.md section 1). Beyond the contract, a hand may
        say ``"awards_recorded": false`` (``referee.phh.load_phh`` writes it for a PHH hand
        without ``finishing_stacks``): its log never records the pushes, so a hand with no
        ``d award`` line is not a ``wrong_award``. Otherwise a decided hand that gives chips
        to someone and has no ``d award`` line at all is a ``wrong_award`` at its last
        action (CONTRACT.md section 4: "at the hand's last action when an award is missing").
    :param rules: optional override of the session's rules (preset name, dict or
        HouseRules), like ``--rules``.
    :returns: ``{"hands": [{"hand": int, "findings": [finding dicts], "pots": [{"amount":
        int, "seats": [int]}], "awards": {seat: chips} or None, "recorded_awards":
        {seat: chips}, "stacks": {seat: chips}, "carried": int, "next_opening": str or
        None}], "night": {"findings": [finding dicts]}}``, seats as strings, chips as
        ints. ``night`` holds the findings on the night as a whole: the session's optional
        ``cash_out`` counts against the referee's stacks (:mod:`referee.count`).
    :raises SessionError: the file cannot be read at all (not an object, no players,
        unknown rules). Bad table play never raises: it is a finding.
    """
    hands = [hand_entry(item) for item in replay_session(session, rules)]
    return {"hands": hands, "night": night_entry(session, hands)}


def hand_entry(item: HandItem) -> dict:
    """One judged hand (:func:`referee.session.play_hand`) as an entry of ``check``'s
    ``hands`` (CONTRACT.md section 4): ``{"hand", "findings", "pots", "awards",
    "recorded_awards", "stacks", "carried", "next_opening"}``, seats as strings."""
    result = item.result
    extra = item.extra
    findings = [f.as_dict() for f in extra + result.findings] if extra or result.findings else []
    return {
        "hand": item.number,
        "findings": findings,
        "pots": [p.as_dict() for p in result.pots],
        "awards": _keyed(result.awards),
        "recorded_awards": _keyed(result.recorded_awards),
        "stacks": _keyed(result.stacks),
        "carried": result.carried,
        "next_opening": item.start.rules.opening_after(item.step),
    }


def has_errors(result: dict) -> bool:
    """True if any finding of ``result`` (as :func:`check` returns: its hands' and its
    night's) has severity error."""
    night = result.get("night", {}).get("findings", [])
    return any(f["severity"] == "error" for h in result["hands"] + [{"findings": night}]
               for f in h["findings"])


def _chips_text(chips: dict | None, undecided: str = "undecided") -> str:
    """``{"1": 290, "3": 10}`` as ``seat 1: 290, seat 3: 10`` (``none`` when empty)."""
    if chips is None:
        return undecided
    return ", ".join(f"seat {s}: {c}" for s, c in chips.items()) or "none"


def _text(result: dict) -> str:
    lines = []
    for h in result["hands"]:
        lines.append(f"hand {h['hand']}: awards {_chips_text(h['awards'])} (recorded "
                     f"{_chips_text(h['recorded_awards'])}), carried {h['carried']}, next "
                     f"opening {h['next_opening'] or 'none'}")
        for f in h["findings"]:
            where = f"action {f['action']}" if f["action"] is not None else "no action"
            lines.append(f"  {f['severity']:7} {f['kind']} ({where}): {f['message']}")
            lines.append(f"          rule: {f['rule']}")
        lines.append(f"  stacks {_chips_text(h['stacks'])}")
    for f in result.get("night", {}).get("findings", []):
        lines.append(f"night: {f['severity']:7} {f['kind']}: {f['message']}")
        lines.append(f"          rule: {f['rule']}")
    return "\n".join(lines)


def check_main(argv: list[str]) -> int:
    """``python -m referee check FILE [--rules PRESET] [--format json|text]``.

    Reads a session file (``.json``) or a PHH hand history (``.phh``/``.phhs``, via
    ``referee.phh_read.load_phh``), prints the check, and returns 0 (no error findings), 1
    (some error findings) or 2 (the file could not be read; one line on stderr).
    """
    parser = argparse.ArgumentParser(prog="python -m referee check")
    parser.add_argument("file")
    parser.add_argument("--rules", default=None)
    parser.add_argument("--format", choices=("json", "text"), default="json")
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
        result = check(session, args.rules)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"check: {args.file}: {reason}", file=sys.stderr)
        return 2
    if args.format == "json":
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(_text(result))
    return 1 if has_errors(result) else 0
