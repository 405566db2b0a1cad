"""The dispute page's step editor (issue 26): the hand's steps in words, each to change,
remove or insert before, and the pickers of the picked step. The choices are the
referee's (``store.dispute.step_edits.step_state``); this only puts them in words.
"""

from __future__ import annotations

from flask_babel import gettext as _

from referee.actions import PLAYER_VERBS
from store.dispute.step_edits import MAX_STEP_CARDS, old_action, seat_options
from web.core import i18n


def verb_names() -> dict[str, str]:
    """The player verbs as the tablet's buttons name them (``web.hand.tablet.page_strings``)."""
    return {"check": _("Check"), "open": _("Open"), "bet": _("Bet"), "call": _("Call"),
            "raise": _("Raise"), "allin": _("All in"), "fold": _("Fold"), "draw": _("Draw"),
            "show": _("Show"), "muck": _("Muck"), "ante": _("Ante"), "blind": _("Blind"),
            "straddle": _("Double blind"), "split": _("Split openers"), "rebuy": _("Rebuy")}


def draft_steps(draft: list[str], live: list[str], names: dict) -> list[dict]:
    """The corrected hand's steps for the page: ``[{"index", "number", "action", "words",
    "changed"}]`` (``changed``: not the hand's own line at that place)."""
    return [{"index": i, "number": i + 1, "action": line, "words": i18n.say_line(line, names),
             "changed": i >= len(live) or live[i] != line} for i, line in enumerate(draft)]


def _seat_name(seat: int, names: dict) -> str:
    return names.get(seat) or _("seat %(s)s", s=seat)


def editor(state: dict, op: str, old: str | None, names: dict, sent: dict | None = None) -> dict:
    """The picked step's pickers: ``{"op", "index", "number", "kind" ("player" | "award" |
    "cards" | "raw": a line the pickers do not change), "old_words", "seats": [{"seat",
    "name"}] (who may act: the seat due first), "verbs": [{"verb", "name", "min", "max"}]
    (the referee's ``legal`` of the seat), "dealt": [{"seat", "name"}], "deck", "cards":
    [picked card or ""] x MAX_STEP_CARDS, "seat", "verb", "amount", "chips", "pot",
    "to_act_name", "amount_min", "amount_max"}``. ``sent``: the fields the host sent (a
    refused change keeps them)."""
    parsed = old_action(old)
    kind = "player"
    if old is not None and parsed is None:
        kind = "raw"
    elif parsed is not None and parsed.actor == "d":
        kind = {"award": "award", "deal": "cards", "serve": "cards"}.get(parsed.verb, "raw")
        if kind == "cards" and not parsed.cards:
            kind = "raw"
    sent = sent or {}
    if op == "insert" and sent.get("kind") in ("player", "award"):
        kind = sent["kind"]
    seat = parsed.seat if parsed is not None and parsed.actor == "p" else state["to_act"]
    seats = [s for s in [state["to_act"], *(int(k) for k in state["legal_if_due"])] if s is not None]
    if seat is not None and seat not in seats:
        seats.append(seat)
    chosen = int(sent["seat"]) if str(sent.get("seat", "")).isdigit() else seat
    verbs = [{**o, "name": verb_names().get(o["verb"], o["verb"])} for o in seat_options(state, seat)]
    if parsed is not None and parsed.actor == "p" and parsed.verb not in {v["verb"] for v in verbs}:
        verbs.append({"verb": parsed.verb, "name": verb_names().get(parsed.verb, parsed.verb), "min": None, "max": None})
    lows = [v["min"] for v in verbs if v["min"] is not None]
    highs = [v["max"] for v in verbs if v["max"] is not None]
    cards = list(sent.get("cards") or (parsed.cards if parsed is not None and parsed.cards else []))
    cards = (cards + [""] * MAX_STEP_CARDS)[:MAX_STEP_CARDS]
    verb = sent.get("verb") or (parsed.verb if parsed is not None and parsed.actor == "p" else "")
    amount = sent.get("amount", parsed.amount if parsed is not None and parsed.amount is not None
                      and parsed.actor == "p" else "")
    award_seat = parsed.seat if parsed is not None and parsed.verb == "award" else None
    return {"op": op, "index": state["index"], "number": state["index"] + 1, "kind": kind,
            "old_words": i18n.say_line(old, names) if old is not None else None,
            "seats": [{"seat": s, "name": _seat_name(s, names)} for s in seats],
            "seat": chosen, "verbs": verbs, "verb": verb, "amount": amount,
            "amount_min": min(lows) if lows else 0, "amount_max": max(highs) if highs else None,
            "takes": {v: PLAYER_VERBS[v] for v in PLAYER_VERBS},
            "dealt": [{"seat": s, "name": _seat_name(s, names)} for s in state["dealt_in"]],
            "award_seat": int(sent["seat"]) if kind == "award" and str(sent.get("seat", "")).isdigit() else award_seat,
            "chips": sent.get("chips", parsed.amount if parsed is not None and parsed.verb == "award" else ""),
            "deck": state["deck"], "cards": cards, "pot": state["pot"],
            "to_act_name": _seat_name(state["to_act"], names) if state["to_act"] is not None else _("nobody")}


def editor_fields(form) -> dict:
    """The step editor's fields from the sent form (``request.form``), as
    ``store.dispute.step_edits.step_line`` takes them."""
    kind = form.get("e_kind", "")
    return {"kind": kind, "seat": form.get("e_award_seat" if kind == "award" else "e_seat", ""),
            "verb": form.get("e_verb", ""), "amount": form.get("e_amount", ""),
            "chips": form.get("e_chips", ""),
            "cards": [form.get(f"e_card{i}", "") for i in range(MAX_STEP_CARDS)]}
