"""The hand replayer's data: one hand, action by action, from its own start.

:func:`hand_replay` takes the hand as the referee judges it (``store.hand.judging.hand_item``:
the table before it from the stored result of the hand before, its own live lines) and
steps it through ``referee.trace.trace``, so every figure is the referee's: who was due,
the pot, the stacks, the bet to call, the cards, each finding at its action. Nothing here
decides a rule. The cost is one hand's replay whatever the hand's number in the night.

Reads only, inside one read transaction (``store.core.transactions.read_tx``: no write lock).
"""

from __future__ import annotations

import json
from dataclasses import fields

from sqlite_utils import Database

from referee.actions import Action, ActionError, parse_line
from referee.trace import trace
from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.dispute.rulings import ruling_voids
from store.hand.card_hiding import (
    own_cards,
    redact_action,
    redact_cards,
    redact_finding,
    redact_text,
    shown_cards,
)
from store.hand.judging import LIVE_EVENT, hand_item, night_judgements
from store.hand.rows import LIVE_HAND, hand_by_number, hand_exists, live_hand, names_seat
from store.night.nights import get_night


def hand_replay(db: Database, hand_id: int, *, viewer_seat: int | None = None) -> dict:
    """The hand with id ``hand_id`` step by step (the hand replayer's page).

    :param viewer_seat: None for the host (every card as logged); a seat for a player's
        replay: cards nobody showed are hidden except that seat's own (``store.hand.card_hiding``),
        in the cards, the parsed lines, the lines' text, the findings and the voided lines.
    :returns: ``{"hand_id", "night_id", "number", "button", "ended": bool, "viewer_seat",
        "names": {seat (int): player name}, "start": {"stacks": {seat (str): chips},
        "button", "carried", "opening"}, "steps": [step], "findings_without_action":
        [finding], "result": the hand's entry as ``store.hand_check`` gives it (CONTRACT.md
        4), "voided": [voided line]}``. Chips are ints.

        - a step is ``referee.trace.trace``'s step (``index``, ``action`` (the line as
          logged), ``actor``, ``due``, ``next_due``, ``phase``, ``pot``, ``pots``,
          ``stacks``, ``bets``, ``to_call``, ``cards``: {seat: {"held", "shown"}},
          ``ruled``, ``findings``) plus ``number`` (``index`` + 1, as findings count
          actions on the pages), ``parsed``: the line as the referee read it
          (``{"actor", "seat", "verb", "amount", "cards", "count", "text"}``, or None for
          a line it could not read), ``event_id`` (the line's event) and ``added_by``:
          the dispute whose ruling added the line (from the ruling's detail,
          :func:`store.dispute.rulings.ruling_voids`), else None;
        - a voided line: ``{"event_id", "seq", "action", "parsed", "entered_by",
          "entered_at", "voided_by", "voided_at", "reason", "dispute_id"}`` (the
          correction trail: what was voided, when, by whom, why; ``dispute_id``: the
          dispute whose ruling voided it, else None), in log order.
    :raises StoreError: no such hand, or its start was voided.
    """
    with read_tx(db):
        row = db.execute(f"SELECT night_id, number FROM hands WHERE id = ? AND {LIVE_HAND}",
                         [hand_id]).fetchone()
        if row is None:
            raise StoreError("no_hand", hand=hand_id)
        item = hand_item(db, hand_id)
        traced = trace(item.start, item.actions, number=item.number, extra=item.extra, step=item.step)
        traced = json.loads(json.dumps(traced))  # as stored entries read back: plain JSON
        steps = traced["steps"]
        added_by = ruling_voids(db, row[0])["added"]
        event_ids = live_event_ids(db, hand_id)
        for step in steps:
            step["number"] = step["index"] + 1
            step["parsed"] = parsed_line(step["action"])
            step["event_id"] = event_ids[step["index"]] if step["index"] < len(event_ids) else None
            step["added_by"] = added_by.get(step["event_id"])
        out = {
            "hand_id": hand_id, "night_id": row[0], "number": row[1], "button": item.start.button,
            "ended": _ended(db, hand_id), "viewer_seat": viewer_seat,
            "names": hand_names(db, row[0], row[1]),
            "start": traced["start"], "steps": steps,
            "findings_without_action": traced["findings_without_action"],
            "result": traced["result"], "voided": voided_lines(db, hand_id),
        }
    if viewer_seat is not None:
        _hide(out, viewer_seat)
    return out


def parsed_line(line) -> dict | None:
    """A log line as the referee reads it (:func:`referee.actions.parse_line`), as a dict;
    None when it cannot be read."""
    try:
        action = parse_line(line)
    except ActionError:
        return None
    # the fields one level deep (every one a plain value; ``dataclasses.asdict``'s deep copy
    # was half of a long report's time), the cards as a list
    parsed = {name: getattr(action, name) for name in ACTION_FIELDS}
    parsed["cards"] = list(action.cards) if action.cards is not None else None
    return parsed


ACTION_FIELDS = tuple(f.name for f in fields(Action))
"""The fields of a parsed line (:class:`referee.actions.Action`), in order."""


def live_event_ids(db: Database, hand_id: int) -> list[int]:
    """The ids of the hand's live action events, in the order the referee takes them
    (``seq``: ``store.hand.judging``), so the n-th is the line of step n. Read-only."""
    return [r[0] for r in db.execute(f"SELECT e.id FROM events e WHERE e.hand_id = ? AND e.kind = 'action' "
                                     f"AND {LIVE_EVENT} ORDER BY e.seq", [hand_id]).fetchall()]


def _ended(db: Database, hand_id: int) -> bool:
    row = db.execute(f"SELECT 1 FROM events e WHERE e.hand_id = ? AND e.kind = 'end' AND {LIVE_EVENT}",
                     [hand_id]).fetchone()
    return row is not None


def visible_cards(db: Database, hand_id: int, viewer_seat: int) -> set[str]:
    """The cards seat ``viewer_seat`` may know by the end of the hand with id ``hand_id``:
    its own and every card shown at the table (``store.hand.card_hiding``; what a player's replay
    shows at its last step). The player's pages hide every other card with it (findings,
    a ruling's correction and texts: ``store.hand.card_hiding.redact_finding`` / ``redact_text``).
    Read-only.

    :raises StoreError: no such live hand.
    """
    replay = hand_replay(db, hand_id)
    return _own(replay, viewer_seat) | set().union(
        *(shown_cards(s["parsed"], s["cards"]) for s in replay["steps"]))


def _own(replay: dict, viewer: int) -> set[str]:
    """The cards of seat ``viewer`` in a (host's) replay: dealt, served, discarded, shown."""
    steps = replay["steps"]
    return own_cards(viewer, [s["parsed"] for s in steps] + [v["parsed"] for v in replay["voided"]],
                     [s["cards"].get(str(viewer), {}).get("held", []) for s in steps])


def _hide(replay: dict, viewer: int) -> None:
    """Hide, in place, every card seat ``viewer`` may not see (``store.hand.card_hiding``)."""
    steps = replay["steps"]
    voided = replay["voided"]
    own = _own(replay, viewer)
    shown: set[str] = set()
    for step in steps:
        shown |= shown_cards(step["parsed"], step["cards"])
        visible = own | shown
        step["parsed"] = redact_action(step["parsed"], visible)
        step["action"] = redact_text(step["action"], visible)
        for seat, cards in step["cards"].items():
            if seat != str(viewer):
                cards["held"] = redact_cards(cards["held"], visible)
                cards["shown"] = redact_cards(cards["shown"], visible)
    final = own | shown  # what the player may know by the hand's end
    for step in steps:
        step["findings"] = [redact_finding(f, final) for f in step["findings"]]
    replay["findings_without_action"] = [redact_finding(f, final)
                                         for f in replay["findings_without_action"]]
    result = replay["result"]
    result["findings"] = [redact_finding(f, final) for f in result.get("findings", [])]
    for line in voided:
        line["parsed"] = redact_action(line["parsed"], final)
        line["action"] = redact_text(line["action"], final)
        line["reason"] = redact_text(line["reason"], final)


def voided_lines(db: Database, hand_id: int) -> list[dict]:
    """The hand's voided action lines, in log order: ``[{"event_id", "seq", "action",
    "parsed", "entered_by", "entered_at", "voided_by", "voided_at", "reason",
    "dispute_id"}]`` (times UTC ISO strings; ``dispute_id``: the dispute whose ruling
    voided the line, from the ruling's detail (:func:`store.dispute.rulings.ruling_voids`), else
    None). Read-only."""
    night = db.execute("SELECT night_id FROM hands WHERE id = ?", [hand_id]).fetchone()
    by_ruling = ruling_voids(db, night[0])["events"] if night else {}
    rows = db.execute(
        "SELECT e.id, e.seq, e.action, e.entered_by, e.entered_at, v.entered_by, v.entered_at, "
        "v.reason FROM events e JOIN events v ON v.kind = 'void' AND v.target = e.id "
        "WHERE e.hand_id = ? AND e.kind = 'action' ORDER BY e.seq, e.id", [hand_id]).fetchall()
    return [{"event_id": r[0], "seq": r[1], "action": r[2], "parsed": parsed_line(r[2]),
             "entered_by": r[3], "entered_at": r[4], "voided_by": r[5], "voided_at": r[6],
             "reason": r[7], "dispute_id": by_ruling.get(r[0])} for r in rows]


def hand_names(db: Database, night_id: int, number: int) -> dict[int, str]:
    """Seat -> the name of the player sitting there for hand ``number`` of the night."""
    return {seat: name for _, seat, name, before, left in _seatings(db, night_id)
            if _covers(before, left, number)}


def seat_names(db: Database, night_id: int, numbers: list[int]) -> dict[int, dict[int, str]]:
    """:func:`hand_names` of each of the night's hands numbered in ``numbers`` (the seats
    read once): ``{number: {seat: name}}``."""
    seatings = _seatings(db, night_id)
    return {number: {seat: name for _, seat, name, before, left in seatings if _covers(before, left, number)}
            for number in numbers}


def _covers(before: int, left: int | None, number: int) -> bool:
    """A seat taken when ``before`` hands had been dealt and left after hand ``left``
    (None: still there) plays hand ``number`` (the spans of ``store.hand.judging.Night``)."""
    return before < number and (left is None or number <= left)


def _seatings(db: Database, night_id: int, player_id: int | None = None
              ) -> list[tuple[int, int, str, int, int | None]]:
    """``(player_id, seat, name, hands dealt before it was taken, the hand after which it
    was left or None)`` of every seat taken in the night (of one player's, with
    ``player_id``), in the order taken; a seat taken by mistake and left before any hand
    is left out."""
    sql = ("SELECT s.player_id, s.seat, p.name, COALESCE(s.before_hand, 0), (SELECT u.before_hand "
           "FROM ledger u WHERE u.kind = 'unseat' AND u.target = s.id) FROM seats s JOIN players p "
           "ON p.id = s.player_id WHERE s.night_id = ?")
    args: list = [night_id]
    if player_id is not None:
        sql += " AND s.player_id = ?"
        args.append(player_id)
    rows = db.execute(sql + " ORDER BY s.id", args).fetchall()
    return [r for r in rows if r[4] is None or r[4] > r[3]]


def player_hand_seat(db: Database, hand_id: int, player_id: int) -> int | None:
    """The seat in which player ``player_id`` was dealt into the hand with id ``hand_id``,
    or None (no such live hand, the player was not at the table for it, or the hand's live
    log never names that seat: the rule of the player's ledger, ``store.player_ledger``).
    Read-only."""
    with read_tx(db):
        row = db.execute(f"SELECT night_id, number FROM hands WHERE id = ? AND {LIVE_HAND}",
                         [hand_id]).fetchone()
        if row is None:
            return None
        night_id, number = row
        seat = next((seat for _, seat, _, before, left in _seatings(db, night_id, player_id)
                     if _covers(before, left, number)), None)
        if seat is None:
            return None
        for (action,) in db.execute(f"SELECT e.action FROM events e WHERE e.hand_id = ? AND "
                                    f"e.kind = 'action' AND {LIVE_EVENT}", [hand_id]):
            if names_seat(action, seat):
                return seat
    return None


def night_hand_list(db: Database, night_id: int) -> list[dict]:
    """The night's live hands for the host's list, in order: ``[{"hand_id", "number",
    "button", "names": {seat: name}, "awards": {seat (str): chips} or None (the
    referee's; None where the cards needed were never recorded), "recorded_awards",
    "carried", "findings": count, "errors": count of error findings, "voided": count of
    voided lines}]``. From the stored judgements (``store.hand.judging.night_judgements``). Read-only.

    :raises StoreError: no such night.
    """
    with read_tx(db):
        if db.execute("SELECT 1 FROM nights WHERE id = ?", [night_id]).fetchone() is None:
            raise StoreError("no_night", night=night_id)
        rows = db.execute(f"SELECT h.id, h.number, h.button FROM hands h WHERE h.night_id = ? "
                          f"AND {live_hand('h')} ORDER BY h.number, h.id", [night_id]).fetchall()
        entries = night_judgements(db, night_id) if rows else []
        voided = dict(db.execute(
            "SELECT e.hand_id, COUNT(*) FROM events e WHERE e.night_id = ? AND e.kind = 'action' "
            "AND EXISTS (SELECT 1 FROM events v WHERE v.kind = 'void' AND v.target = e.id) "
            "GROUP BY e.hand_id", [night_id]).fetchall())
        seatings = _seatings(db, night_id)
    out = []
    for (hand_id, number, button), entry in zip(rows, entries):
        findings = entry.get("findings", [])
        out.append({"hand_id": hand_id, "number": number, "button": button,
                    "names": {seat: name for _, seat, name, before, left in seatings
                              if _covers(before, left, number)},
                    "awards": entry.get("awards"), "recorded_awards": entry.get("recorded_awards"),
                    "carried": entry.get("carried"), "findings": len(findings),
                    "errors": sum(1 for f in findings if f.get("severity") == "error"),
                    "voided": voided.get(hand_id, 0)})
    return out


def hidden_findings(db: Database, hand_id: int, player_id: int, findings: list[dict]) -> list[dict]:
    """A hand's findings as the player may read them: cards nobody showed hidden, except
    the player's own, as on their replay (:func:`visible_cards`,
    ``store.hand.card_hiding.redact_finding``); a hand whose findings name no card is
    not traced. Read-only."""
    if all(redact_finding(f, set()) == f for f in findings):
        return findings  # no finding names a card: nothing to hide, no replay to trace
    seat = player_hand_seat(db, hand_id, player_id)
    visible = visible_cards(db, hand_id, seat) if seat is not None else set()
    return [redact_finding(f, visible) for f in findings]


def hidden_rulings(disputes: list[dict], visible: set[str]) -> list[dict]:
    """The player's disputes with every card they may not see (not in ``visible``:
    :func:`visible_cards`) hidden in the ruling's rule, note and correction, as on their
    replay (``store.hand.card_hiding.redact_text``)."""
    out = []
    for d in disputes:
        r = d.get("ruling")
        if r:
            r = {**r, "rule": redact_text(r["rule"], visible), "note": redact_text(r["note"], visible),
                 "voided": [{**a, "action": redact_text(a["action"], visible)} for a in r.get("voided", [])],
                 "added": [{**a, "action": redact_text(a["action"], visible)} for a in r.get("added", [])]}
        out.append({**d, "ruling": r})
    return out


def player_rulings(db: Database, hand_id: int, player_id: int, disputes: list[dict]) -> list[dict]:
    """The player's disputes of one hand as they may read them: the rulings' cards hidden
    (:func:`hidden_rulings`) but those the player may see in that hand (:func:`visible_cards`
    from their seat, :func:`player_hand_seat`; none when they were not dealt in). Read-only."""
    if not any(d.get("ruling") for d in disputes):
        return disputes
    seat = player_hand_seat(db, hand_id, player_id)
    return hidden_rulings(disputes, visible_cards(db, hand_id, seat) if seat is not None else set())



def night_hands_page(db: Database, night_id: int) -> dict | None:
    """The host's list of the night's hands, in one read: ``{"night": store.get_night,
    "hands": :func:`night_hand_list`}``; None when there is no such night. Read-only."""
    with read_tx(db):
        try:
            return {"night": get_night(db, night_id), "hands": night_hand_list(db, night_id)}
        except StoreError:
            return None


def host_hand_page(db: Database, night_id: int, number: int) -> dict | None:
    """The host's replay of hand ``number`` of the night (every card as logged), in one
    read: ``{"night": store.get_night, "replay": :func:`hand_replay`}``; None when there is
    no such night or hand. Read-only."""
    with read_tx(db):
        try:
            night = get_night(db, night_id)
        except StoreError:
            return None
        hand = hand_by_number(db, night_id, number)
        if hand is None:
            return None
        return {"night": night, "replay": hand_replay(db, hand["id"])}


def player_hand_page(db: Database, hand_id: int, player_id: int) -> dict | None:
    """A player's replay of a hand they were dealt into (:func:`player_hand_seat`; cards
    nobody showed hidden but their own), in one read: ``{"night", "replay"}``; None for
    any other hand. Read-only."""
    with read_tx(db):
        seat = player_hand_seat(db, hand_id, player_id)
        if seat is None or not hand_exists(db, hand_id):   # (a hand of a night the club does not see: none)
            return None
        replay = hand_replay(db, hand_id, viewer_seat=seat)
        return {"night": get_night(db, replay["night_id"]), "replay": replay}
