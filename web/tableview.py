"""The dealer tablet's view of the table (:func:`table_view`): what the hand page draws,
as JSON, from the referee's own state of the hand (``referee.table_state``) and the stored
log. No rule logic here: whose turn, the legal actions, the pots, findings and awards are
the referee's.
"""

from __future__ import annotations

import referee
import store


def last_hand_id(db, night_id: int) -> int | None:
    """The night's hand in progress, else its last hand (int), else None."""

    current = store.current_hand(db, night_id)
    if current is not None:
        return current
    hands = store.night_hands(db, night_id)
    return hands[-1]["id"] if hands else None


def table_view(db, night_id: int, session: dict | None = None, *, cached_check: bool = False,
               with_gap: bool = True) -> dict:
    """Everything the hand page draws, as a JSON-able dict.

    :param cached_check: for a hand that is over, take findings and awards from
        ``store.hand_check`` (the cached ``referee.check`` of the night, written back to the
        database when stale) rather than ``referee.table_state`` alone (they agree on a
        finished hand; a hand in progress always shows ``table_state``'s, which leave out
        ``incomplete_hand``). The tap path leaves it off: one replay, no extra write.
    :returns: ``{"night": int, "hand_id": int|None, "in_progress": bool, "hand": int,
        "seats": [{"seat", "name", "stack", "bet", "in_hand", "button", "to_act",
        "sitting_out" (no chips and no action this hand: not dealt in)}],
        "phase", "to_act", "legal", "pot", "bets", "stacks", "in_hand", "opening",
        "button", "proposed_awards", "findings": [...], "awards": {seat: chips}|None (the
        referee's, once the hand is decided), "recorded_awards": {seat: chips} (the
        dealer's ``d award`` lines), "actions": [{"event_id", "seq", "action", "voided"}],
        "award_gap": :func:`award_gap` (only ``with_gap``; the tap path of a plain action
        leaves the key out: the page keeps the one it has)}``; chips are ints, seat keys
        strings as in ``referee.check`` (CONTRACT.md 4).
    """

    session = session if session is not None else store.night_session(db, night_id)
    hand_id = last_hand_id(db, night_id)
    in_progress = store.current_hand(db, night_id) is not None
    view: dict = {"night": night_id, "hand_id": hand_id, "in_progress": in_progress,
                  "hand": len(session.get("hands", [])), "phase": None, "to_act": None,
                  "legal": [], "pot": 0, "bets": {}, "stacks": {}, "in_hand": [],
                  "opening": None, "button": None, "proposed_awards": None, "findings": [],
                  "awards": None, "recorded_awards": {}, "actions": []}
    if session.get("hands"):
        state = referee.table_state(session)
        for field in ("hand", "phase", "to_act", "legal", "pot", "bets", "stacks", "in_hand",
                      "opening", "button", "proposed_awards", "findings"):
            if field in state:
                view[field] = state[field]
        if view["phase"] == "complete":
            view["awards"] = view["proposed_awards"]
    if hand_id is not None:
        actions = store.hand_actions(db, hand_id)
        view["actions"] = [{"event_id": a["event_id"], "seq": a["seq"], "action": a["action"],
                            "voided": bool(a["voided"])} for a in actions]
        view["recorded_awards"] = recorded_awards(a["action"] for a in actions if not a["voided"])
        if cached_check and not in_progress:
            checked = store.hand_check(db, hand_id)
            if checked:
                view["findings"] = checked.get("findings", view["findings"])
                view["awards"] = checked.get("awards")
    bets = {str(k): v for k, v in (view["bets"] or {}).items()}
    stacks = {str(k): v for k, v in (view["stacks"] or {}).items()}
    live = {str(s) for s in (view["in_hand"] or [])}
    acted = {a["action"].split()[0][1:] for a in view["actions"]
             if not a["voided"] and a["action"].split()[:1] and a["action"].split()[0][:1] == "p"}
    view["seats"] = [
        {"seat": p["seat"], "name": p["name"],
         "stack": stacks.get(str(p["seat"]), p.get("stack")),
         "bet": bets.get(str(p["seat"]), 0),
         "in_hand": str(p["seat"]) in live,
         "button": view["button"] == p["seat"],
         "to_act": view["to_act"] == p["seat"],
         "sitting_out": _sitting_out(p["seat"], stacks.get(str(p["seat"]), p.get("stack")),
                                     bets.get(str(p["seat"]), 0), acted)}
        for p in sorted(session.get("players", []), key=lambda p: p["seat"])
    ]
    if with_gap:
        view["award_gap"] = award_gap(db, night_id)
    return view


def _sitting_out(seat: int, stack, bet, acted: set[str]) -> bool:
    """A seat with no chips (seated without a buy-in, or busted before this hand) that has
    not acted in this hand: it is not dealt in, so the tablet never offers it as a seat to
    act (an all-in seat has acted, or has chips in front)."""
    return stack == 0 and not bet and str(seat) not in acted


def award_gap(db, night_id: int) -> dict | None:
    """The chips the table and the referee disagree on after the last finished hand.

    When that hand's recorded awards differ from the referee's (an uncorrected
    ``wrong_award`` or ``chips_not_conserved``, CONTRACT.md 5), the referee carries its own
    stacks into the next hand while the chips on the table follow the dealer's push.

    :returns: None when they agree (or the referee cannot decide), else ``{"hand": number,
        "hand_id": int, "diff": {seat: chips on the table minus the referee's}, "awards":
        {seat: chips} (the referee's), "recorded": {seat: chips} (the dealer's),
        "table_stacks": {seat: chips on the table after that hand}}``; seat keys strings.
    """

    current = store.current_hand(db, night_id)
    finished = [h for h in store.night_hands(db, night_id) if h["id"] != current]
    if not finished:
        return None
    last = finished[-1]
    checked = store.hand_check(db, last["id"]) or {}
    if not {"wrong_award", "chips_not_conserved"} & {f.get("kind") for f in checked.get("findings", [])}:
        return None
    awards, recorded = checked.get("awards"), checked.get("recorded_awards") or {}
    if awards is None:
        return None
    seats = sorted(set(awards) | set(recorded), key=int)
    diff = {s: recorded.get(s, 0) - awards.get(s, 0) for s in seats if recorded.get(s, 0) != awards.get(s, 0)}
    if not diff:
        return None
    stacks = checked.get("stacks") or {}
    return {"hand": last["number"], "hand_id": last["id"], "diff": diff, "awards": awards,
            "recorded": recorded,
            "table_stacks": {s: stacks.get(s, 0) + diff.get(s, 0) for s in sorted(stacks, key=int)}}


def recorded_awards(actions) -> dict[str, int]:
    """Chips the dealer pushed, by seat, from the ``d award pN A`` lines (CONTRACT.md 2).

    >>> recorded_awards(["p3 show TsTdTc8h4c", "d award p3 70", "d award p3 5", "d award p9 x"])
    {'3': 75}
    """
    out: dict[str, int] = {}
    for line in actions:
        words = line.split()
        if len(words) == 4 and words[:2] == ["d", "award"] and words[2][:1] == "p" \
                and words[2][1:].isdigit() and words[3].isdigit():
            out[words[2][1:]] = out.get(words[2][1:], 0) + int(words[3])
    return out
