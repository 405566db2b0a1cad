"""What a player may see of a hand's cards: their own, and the cards shown at the table.

A player's replay (``store.hand.replayer.hand_replay`` with ``viewer_seat``) hides every card
nobody showed, except that player's own (issue 12: "Players see the replay of hands they
played; cards nobody showed stay hidden from them": the log records the cards for the
referee and the host, not for the table; a player's right to ask to see a called hand,
RRoP section 4, is asked of the floor at the table, not granted by a link). Visible to
seat ``v`` at a step of the hand:

- its own cards: dealt or served to ``v``, discarded by ``v``, shown by ``v`` (whole hand);
- every card shown at the table up to and including that step (``pN show`` lines, and
  the hand or openers the referee counts as shown);
- every card exposed in the deal up to and including that step (``d expose pN CARD``, seed
  002: "Si una carta se descubre por error, el receptor debe aceptarla": the card stays
  with its seat and everyone knows it; the trace's ``exposed`` of each seat).

Everything else that names a card is hidden: a hidden card becomes ``"??"`` (the code of
a card nobody saw, CONTRACT.md section 2) in the parsed lines, in the cards held, in the
findings' details and message, and in free text (a line that could not be read, a note, a
correction's reason), where a run of card codes is found by its shape (:func:`redact_text`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from referee.cards import JOKER, RANKS, SUITS, UNKNOWN, CardError, parse_card

_TOKEN = re.compile(r"[0-9A-Za-z?]+")
_CANONICAL = frozenset([r + s for r in RANKS for s in SUITS] + [JOKER])


def own_cards(viewer: int, parsed: Iterable[Mapping | None],
              held: Iterable[Iterable[str]] = ()) -> set[str]:
    """The cards seat ``viewer`` knows as its own: in the parsed lines (dicts of
    :class:`referee.actions.Action` fields) dealt or served to it, or discarded or shown by
    it, plus ``held`` (the seat's cards at each step, as the trace has them)."""
    out: set[str] = set()
    for a in parsed:
        if a and a.get("seat") == viewer and a.get("cards"):
            out.update(a["cards"])
    for cards in held:
        out.update(cards)
    out.discard(UNKNOWN)
    return out


def shown_cards(parsed: Mapping | None, cards: Mapping[str, Mapping]) -> set[str]:
    """The cards shown to everyone at one step: a ``show`` line's cards, and every seat's
    ``shown`` and ``exposed`` (cards exposed in the deal, ``d expose``) in the trace's
    ``cards`` of that step (``{seat: {"held", "shown", "exposed", ...}}``; a trace without
    ``exposed`` has none)."""
    out: set[str] = set()
    if parsed and parsed.get("verb") == "show" and parsed.get("cards"):
        out.update(parsed["cards"])
    for seat in cards.values():
        if seat.get("shown"):
            out.update(seat["shown"])
        if seat.get("exposed"):
            out.update(seat["exposed"])
    out.discard(UNKNOWN)
    return out


def redact_cards(cards: Iterable[str] | None, visible: set[str]) -> list[str] | None:
    """``cards`` with each card not in ``visible`` as ``"??"`` (None stays None)."""
    if cards is None:
        return None
    return [c if c in visible else UNKNOWN for c in cards]


def _card(piece: str) -> str | None:
    try:
        card = parse_card(piece)
    except CardError:
        return None
    return card if card != UNKNOWN else None


def _redact_token(token: str, visible: set[str]) -> str:
    """One word of free text: a run of two or more card codes (any case, what the log's
    parser takes; the rest of the word kept, a line that could not be read), or one card
    written as the log writes it (``As``, ``Td``, ``Jk``), has its hidden cards as ``??``."""
    if len(token) == 2:
        return UNKNOWN if token in _CANONICAL and token not in visible else token
    cards = []
    for i in range(0, len(token) - 1, 2):
        card = _card(token[i:i + 2])
        if card is None and token[i:i + 2] != UNKNOWN:
            break
        cards.append(card)
    if len(cards) < 2:
        return token
    said = "".join(UNKNOWN if c is not None and c not in visible else token[2 * i:2 * i + 2]
                   for i, c in enumerate(cards))
    return said + token[2 * len(cards):]


def redact_text(text: Any, visible: set[str]) -> Any:
    """Free text with every hidden card written as ``??`` (non-strings pass)."""
    if not isinstance(text, str):
        return text
    return _TOKEN.sub(lambda m: _redact_token(m.group(0), visible), text)


def redact_value(value: Any, visible: set[str]) -> Any:
    """A finding's detail (str, list, dict, number ...) with its hidden cards as ``??``."""
    if isinstance(value, str):
        return redact_text(value, visible)
    if isinstance(value, Mapping):
        return {k: redact_value(v, visible) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [redact_value(v, visible) for v in value]
    return value


def redact_finding(finding: Mapping, visible: set[str]) -> dict:
    """A finding (``referee.check``'s dict) with its hidden cards as ``??`` in its
    ``details`` and English ``message``; the rule it quotes names no card of the hand."""
    out = dict(finding)
    if "details" in out:
        out["details"] = redact_value(out["details"], visible)
    if "message" in out:
        out["message"] = redact_text(out["message"], visible)
    if "text" in out:
        out["text"] = redact_text(out["text"], visible)
    return out


def redact_action(parsed: Mapping | None, visible: set[str]) -> Mapping | None:
    """A parsed line with its hidden cards as ``??``; a deal, serve or discard whose every
    card is hidden keeps only its count (said "receives 5 cards", "draws 2")."""
    if not parsed:
        return parsed
    out = dict(parsed)
    if out.get("cards"):
        cards = redact_cards(out["cards"], visible)
        if out.get("verb") in ("deal", "serve", "draw") and all(c == UNKNOWN for c in cards):
            out["count"] = len(cards) if out.get("count") is None else out["count"]
            cards = None
        out["cards"] = cards
    if out.get("text"):
        out["text"] = redact_text(out["text"], visible)
    return out
