"""Correcting a disputed hand one step at a time (issue 26): the host picks a step of the
hand's log on the dispute page and changes it with pickers (the verb, the amount, the
cards, the award), removes it or inserts one; what comes out is the corrected list of
live actions, which goes through the same preview and ruling as the raw lines
(``store.dispute.rulings.preview_ruling`` / ``record_ruling``: one place for the rule).

What a step may become is the referee's (``referee.table.hand_state`` of the hand judged
up to that step, from its own start): the seat due and its ``legal`` verbs with their
``min``/``max``, the other seats' ``legal_if_due``, the seats dealt in, the pot. Nothing
here decides a rule: a changed step is only checked against those lists, and the whole
corrected hand is judged by the referee in the preview. Read-only.
"""

from __future__ import annotations

from sqlite_utils import Database

from referee.actions import PLAYER_VERBS, ActionError, parse_action
from referee.cards import CardError, parse_cards
from referee.session import play_hand
from referee.table import hand_state
from store.core.checks import MAX_CHIPS, StoreError
from store.core.transactions import read_tx
from store.hand.judging import hand_input

OPS = ("change", "insert")
"""What the step editor does with its fields: replace the step, or insert a new one before it."""

MAX_STEP_CARDS = 5
"""Card pickers a step offers (a hand's five cards; a draw's discards)."""


def step_state(db: Database, hand_id: int, actions: list[str], index: int) -> dict:
    """The referee's state of the hand just before step ``index`` (0-based) of ``actions``
    (the hand judged in memory from its own start with ``actions[:index]``). Read-only.

    :returns: ``{"index", "to_act": seat or None, "legal": [{"verb", "min", "max"}] (what
        ``to_act`` may do), "legal_if_due": {seat (str): [...]}, "dealt_in": [seats],
        "in_hand": [seats], "pot": chips, "phase": str, "deck": [card strings]}``.
    :raises StoreError: ``no_hand``; ``step_missing`` (``index``: 1-based, ``count``) when
        ``index`` is outside ``0..len(actions)``.
    """
    if not 0 <= index <= len(actions):
        raise StoreError("step_missing", index=index + 1, count=len(actions))
    with read_tx(db):
        night, hand = hand_input(db, hand_id)
        item, _ = play_hand(night.rules, hand.carry, {**hand.spec, "actions": list(actions[:index])}, hand.number)
    state = hand_state(item)
    return {"index": index, "to_act": state["to_act"], "legal": state["legal"],
            "legal_if_due": state.get("legal_if_due") or {}, "dealt_in": state["dealt_in"],
            "in_hand": state["in_hand"], "pot": state["pot"], "phase": state["phase"],
            "deck": list(night.rules.deck(players=max(len(state["dealt_in"]), 2)))}


def seat_options(state: dict, seat: int | None = None) -> list[dict]:
    """What ``seat`` may do at the step (:func:`step_state`): the seat due's ``legal``, another
    seat's ``legal_if_due`` (none: ``[]``). ``seat`` None: the seat due."""
    if seat is None or seat == state["to_act"]:
        return list(state["legal"]) if state["to_act"] is not None else []
    return list(state["legal_if_due"].get(str(seat), []))


def old_action(line: str | None):
    """The referee's reading of a step's line (``referee.actions.parse_action``), or None
    for no line or one it cannot read (the pickers then leave it to the raw lines). Pure."""
    if line is None:
        return None
    try:
        return parse_action(line)
    except ActionError:
        return None


def _int(value: object, field: str) -> int:
    text = str(value or "").strip()
    if not (text.isascii() and text.isdigit()) or len(text) > 12:
        raise StoreError("step_number", field=field)
    return int(text)


def _cards(values: list[str], deck: list[str]) -> list[str]:
    """The picked cards (blank pickers dropped), each of the night's deck, none twice."""
    picked = [v.strip() for v in values if v and v.strip()]
    if len(picked) > MAX_STEP_CARDS or len(set(picked)) != len(picked):
        raise StoreError("step_cards")
    for card in picked:
        try:
            parse_cards(card)
        except CardError:
            raise StoreError("step_cards") from None
        if card not in deck:
            raise StoreError("step_cards")
    return picked


def step_line(state: dict, old: str | None, fields: dict) -> str:
    """The log line the step editor's ``fields`` make, checked against the referee's lists.

    :param state: :func:`step_state` at the step.
    :param old: the step's line as it stands (``op`` change), or None (an inserted step).
    :param fields: ``{"kind": "player" | "award" | "cards", "seat", "verb", "amount",
        "cards": [card strings, blank for none], "chips"}`` (strings as the form sends them).
        ``player``: the seat (the seat due, another seat still in the betting, or the old
        line's seat) and one of its legal verbs (or the old line's own verb), with an amount
        between the verb's ``min`` and ``max`` when it takes one, the cards when it shows
        or draws; ``award``: a seat dealt in and chips (0..MAX_CHIPS); ``cards``: the old
        deal or serve line's cards replaced.
    :returns: the line, e.g. ``"p3 raise 40"``, ``"d award p1 17"``.
    :raises StoreError: ``step_seat`` (``seat``), ``step_verb`` (``verb``), ``step_amount``
        (``min``, ``max``), ``step_number`` (``field``), ``step_cards``, ``step_kind``.
    """
    kind = fields.get("kind", "")
    parsed = old_action(old)
    if kind == "award":
        seat = _int(fields.get("seat"), "seat")
        if seat not in state["dealt_in"]:
            raise StoreError("step_seat", seat=seat)
        chips = _int(fields.get("chips"), "chips")
        if chips > MAX_CHIPS:
            raise StoreError("step_amount", min=0, max=MAX_CHIPS)
        return f"d award p{seat} {chips}"
    if kind == "cards":
        if parsed is None or parsed.actor != "d" or parsed.verb not in ("deal", "serve"):
            raise StoreError("step_kind")
        cards = _cards(fields.get("cards") or [], state["deck"])
        if not cards:
            raise StoreError("step_cards")
        return f"d {parsed.verb} p{parsed.seat} {''.join(cards)}"
    if kind != "player":
        raise StoreError("step_kind")
    seat = _int(fields.get("seat"), "seat")
    own = parsed is not None and parsed.actor == "p" and parsed.seat == seat
    options = seat_options(state, seat)
    if not options and not own and seat != state["to_act"]:
        raise StoreError("step_seat", seat=seat)
    verb = fields.get("verb", "")
    entry = next((o for o in options if o["verb"] == verb), None)
    if entry is None and not (own and verb == parsed.verb):
        raise StoreError("step_verb", verb=str(verb)[:20])
    takes = PLAYER_VERBS.get(verb)
    line = f"p{seat} {verb}"
    if takes in ("amount", "optional"):
        text = str(fields.get("amount") or "").strip()
        if text or takes == "amount":
            amount = _int(text, "amount")
            low = (entry or {}).get("min")
            high = (entry or {}).get("max")
            if (low is not None and amount < low) or (high is not None and amount > high) or amount > MAX_CHIPS:
                raise StoreError("step_amount", min=low if low is not None else 0,
                                 max=high if high is not None else MAX_CHIPS)
            line += f" {amount}"
    elif takes == "draw":
        cards = _cards(fields.get("cards") or [], state["deck"])
        line += f" {len(cards)}" + (f" {''.join(cards)}" if cards else "")
    elif takes == "cards":
        cards = _cards(fields.get("cards") or [], state["deck"])
        if not cards:
            raise StoreError("step_cards")
        line += f" {''.join(cards)}"
    try:
        parse_action(line)
    except ActionError:
        raise StoreError("step_verb", verb=str(verb)[:20]) from None
    return line


def edited_actions(db: Database, hand_id: int, actions: list[str], index: int, op: str,
                   fields: dict | None = None) -> list[str]:
    """``actions`` with step ``index`` (0-based) changed, removed or a step inserted before
    it (``op`` ``"change"``, ``"remove"``, ``"insert"``; insert at ``len(actions)``: a step
    at the end). Read-only; the result goes to the ruling's preview as the raw lines do.

    :raises StoreError: ``step_missing``, ``step_op`` and :func:`step_line`'s refusals.
    """
    if op not in OPS + ("remove",):
        raise StoreError("step_op")
    last = len(actions) if op == "insert" else len(actions) - 1
    if not 0 <= index <= last:
        raise StoreError("step_missing", index=index + 1, count=len(actions))
    if op == "remove":
        return actions[:index] + actions[index + 1:]
    state = step_state(db, hand_id, actions, index)
    line = step_line(state, actions[index] if op == "change" else None, fields or {})
    if op == "change":
        return actions[:index] + [line] + actions[index + 1:]
    return actions[:index] + [line] + actions[index:]
