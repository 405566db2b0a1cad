"""The live table view for a screen in the room (issue 28): the hand in progress as the
tablet shows it (seats, stacks, bets, pot and side pots, whose turn, the last lines of its
log, the opening minimum), with no card nobody showed.

The view is the tablet's (``store.hand.table_view.table_view``), cut down to what the whole
room may see (:func:`public_table`): no legal actions, no findings, no held cards; the log's
lines go through the same card-hiding path as a player's replay
(``store.hand.card_hiding``) with no seat's own cards, so only the cards shown at the table
(``pN show`` lines, cards exposed in the deal) stay. Read again only when the night changed
(``store.hand.table_view.table_stamp``), so a screen polling every 2 s costs a 304 while
nothing happens at the table. Read-only.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlite_utils import Database

from store.core.transactions import read_tx
from store.hand.card_hiding import redact_action, redact_text, shown_cards
from store.hand.replayer import parsed_line
from store.hand.table_view import table_stamp, table_view
from store.night.nights import get_night, hands_elsewhere, table_players
from store.night.night_page import opening_next

LAST_LINES = 8
"""How many of the hand's last log lines the screen shows (newest last)."""

SEAT_FIELDS = ("seat", "name", "stack", "bet", "in_hand", "button", "to_act", "acted", "sitting_out")
"""What the screen shows of each seat (the tablet's seat, without its cards or differences)."""


def visible_cards(parsed_lines: list[dict | None]) -> set[str]:
    """The cards the whole room has seen in a hand's live lines (parsed,
    ``store.hand.replayer.parsed_line``): every card a ``show`` line tabled and every card a
    ``d expose`` line exposed in the deal (seed 002) (``store.hand.card_hiding.shown_cards``,
    the player's replay's rule, with no seat's own cards)."""
    visible: set[str] = set()
    for parsed in parsed_lines:
        visible |= shown_cards(parsed, {})
        if parsed and parsed.get("verb") == "expose" and parsed.get("cards"):
            visible |= shown_cards(None, {"_": {"exposed": parsed["cards"]}})
    return visible


def public_lines(actions: list[dict], last: int = LAST_LINES) -> list[dict]:
    """The last ``last`` live lines of a hand's log (``table_view``'s ``actions``), each
    ``{"parsed": the referee's reading with every card nobody showed hidden
    (``store.hand.card_hiding.redact_action``; a deal or a draw keeps only its count), "line":
    the line as logged with those cards as ``??``}``."""
    live = [a["action"] for a in actions if not a.get("voided")]
    parsed = [parsed_line(line) for line in live]
    visible = visible_cards(parsed)
    return [{"parsed": redact_action(p, visible), "line": redact_text(line, visible)}
            for p, line in list(zip(parsed, live))[-last:]]


def public_table(view: dict) -> dict:
    """What the whole room may see of ``view`` (``store.hand.table_view.table_view``):
    ``{"hand": int, "in_progress": bool, "phase": str | None, "pot": int, "pots": [{"amount",
    "seats"}], "button": int | None, "to_act": int | None, "opening": str | None, "seats":
    [{:data:`SEAT_FIELDS`}], "lines": :func:`public_lines` (during a hand; else []),
    "last_declared": bool, "play_over": bool, "open_disputes": int}``. Chips are ints."""
    in_progress = bool(view.get("in_progress"))
    return {"hand": view.get("hand") or 0, "in_progress": in_progress, "phase": view.get("phase"),
            "pot": view.get("pot") or 0, "pots": [{"amount": p["amount"], "seats": list(p["seats"])}
                                                  for p in view.get("pots") or [] if p.get("amount")],
            "button": view.get("button"), "to_act": view.get("to_act"), "opening": view.get("opening"),
            "seats": [{k: s.get(k) for k in SEAT_FIELDS} for s in view.get("seats", [])
                      if s.get("took_home") is None],   # (a player who left is not at the table)
            "lines": public_lines(view.get("actions", [])) if in_progress else [],
            "last_declared": bool(view.get("last_declared")), "play_over": bool(view.get("play_over")),
            "open_disputes": view.get("open_disputes") or 0}


def screen_since(db: Database, night_id: int, seen: Callable[[str], bool]) -> tuple[str, dict | None]:
    """The screen's conditional read, in one read transaction: the night's ``table_stamp``
    and, unless ``seen(stamp)`` (the screen has that version already), what it draws:
    ``{"night": store.get_night, "table": :func:`public_table`, "players":
    store.table_players, "opening_next": store.night.night_page.opening_next (str or None),
    "hands_elsewhere": bool}``. Read-only.

    :returns: ``(stamp, page)``: ``page`` None when ``seen(stamp)``.
    :raises StoreError: ``no_night``.
    """
    with read_tx(db):
        stamp = table_stamp(db, night_id)
        if seen(stamp):
            return stamp, None
        night = get_night(db, night_id)
        view = table_view(db, night_id, cached_check=True, with_gap=False)
        return stamp, {"night": night, "table": public_table(view), "players": table_players(db, night_id),
                       "opening_next": opening_next(db, view, night), "hands_elsewhere": hands_elsewhere(db, night_id)}
