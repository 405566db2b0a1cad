"""The dealer tablet's view of the table (:func:`table_view`): what the hand page draws,
as JSON, from the referee's own state of the hand (``referee.table.hand_state``) and the
stored log. No rule logic here: whose turn, the legal actions, the pots, who has acted,
findings and awards are the referee's. The hand is judged from its own start (the stored
result of the hand before it, ``store.hand.judging``), so a view costs the same at hand 1 and
at hand 1,000, and reading it writes nothing.
"""

from __future__ import annotations

import store
from referee.table import hand_state
from store.core.transactions import read_tx
from store.dispute.rulings import push_gap_left
from store.hand import judging
from store.hand.operations import finish_plan, forced_plan

STATE_FIELDS = ("hand", "phase", "to_act", "legal", "pot", "pots", "bets", "stacks", "in_hand",
                "dealt_in", "acted", "opening", "button", "proposed_awards", "awards",
                "recorded_awards", "findings", "known_cards", "dead", "show_openers", "legal_if_due")
"""The keys of ``referee.table.hand_state`` the view passes on as they are."""


def last_hand_id(db, night_id: int) -> int | None:
    """The night's hand in progress, else its last hand (int), else None."""
    last = store.hand.rows.last_hand(db, night_id)
    return None if last is None else last["id"]


def table_view(db, night_id: int, *, cached_check: bool = False, with_gap: bool = True) -> dict:
    """:func:`read_view` inside one read transaction: the hand, its log and the seats all
    from the same moment (another tablet's write between two reads cannot mix them)."""
    with read_tx(db):
        return read_view(db, night_id, cached_check=cached_check, with_gap=with_gap)


def read_view(db, night_id: int, *, cached_check: bool = False, with_gap: bool = True) -> dict:
    """Everything the hand page draws, as a JSON-able dict. Read-only.

    :param cached_check: for a hand that is over, take findings and awards from the
        ruling stored with the hand (``store.hand_check``, which has ``incomplete_hand``
        where the log stops early) rather than the in-progress view of ``hand_state``
        (they agree on a finished hand).
    :returns: ``{"night": int, "hand_id": int|None, "in_progress": bool, "hand": int,
        "seats": [{"seat", "name", "stack", "bet", "in_hand", "button", "to_act",
        "acted", "sitting_out" (not dealt in: no chips when the hand began)}], and the keys
        of :data:`STATE_FIELDS` as ``referee.table.hand_state`` gives them ("phase",
        "to_act", "legal" [{verb, min, max}], "pot", "pots", "bets", "stacks", "in_hand",
        "dealt_in", "acted", "opening", "button", "proposed_awards", "awards",
        "recorded_awards", "findings" (with ``details``), "known_cards", "dead",
        "show_openers"), "forced": [str] (the lines one "everyone's forced bets" tap would
        store now, the referee's: :func:`store.hand.operations.forced_plan`; [] none), "finish": :func:`store.hand.operations.finish_plan`
        (``{"awards", "carries"}``: what one "confirm and next hand" tap stores) or None,
        "actions": [{"event_id", "seq",
        "action", "voided"}], "version": int (the hand's version, ``store.hand_version``: a
        tap carries it back), "undo": ``store.undo_target`` (``{"event_id", "kind",
        "action"}``: what an undo voids now) or None, "award_gap": :func:`award_gap` (only ``with_gap``; the tap
        path of a plain action leaves the key out: the page keeps the one it has),
        "open_disputes": int (the night's disputes not ruled yet, ``store.open_disputes``:
        the tablet shows a banner and play goes on)}``;
        chips are ints, seat keys strings as in ``referee.check`` (CONTRACT.md 4).
    """
    hand_id = last_hand_id(db, night_id)
    in_progress = hand_id is not None and not store.hand.rows.hand_ended(db, hand_id)
    view: dict = {"night": night_id, "hand_id": hand_id, "in_progress": in_progress, "hand": 0,
                  "phase": None, "to_act": None, "legal": [], "pot": 0, "pots": [], "bets": {},
                  "stacks": {}, "in_hand": [], "dealt_in": [], "acted": [], "opening": None,
                  "button": None, "proposed_awards": None, "awards": None,
                  "recorded_awards": {}, "findings": [], "known_cards": {}, "dead": [],
                  "show_openers": None, "legal_if_due": {}, "forced": [], "finish": None, "actions": [], "version": 0,
                  "undo": None}
    if hand_id is not None:
        state = hand_state(judging.hand_item(db, hand_id))
        view.update({field: state[field] for field in STATE_FIELDS})
        view["actions"] = [{"event_id": a["event_id"], "seq": a["seq"], "action": a["action"],
                            "voided": bool(a["voided"])} for a in store.hand_actions(db, hand_id)]
        view["version"] = store.hand_version(db, hand_id)
        if in_progress:
            view["forced"] = forced_plan(db, hand_id, state)
            view["finish"] = finish_plan(state)
        view["undo"] = store.undo_target(db, hand_id)
        if cached_check and not in_progress:
            checked = store.hand_check(db, hand_id)
            view["findings"] = checked.get("findings", view["findings"])
            view["awards"] = checked.get("awards")
    view["seats"] = _seats(db, night_id, view)
    view["open_disputes"] = len(store.open_disputes(db, night_id))
    if with_gap:
        view["award_gap"] = award_gap(db, night_id)
    return view


def _seats(db, night_id: int, view: dict) -> list[dict]:
    """One entry per seat at the table (who sits there and what the referee says of it).

    A seat's ``stack`` is the referee's: during a hand, as the hand stands; between hands,
    the chips the seat starts the next hand with (the referee's stack after the last hand
    plus the chips bought since, ``store.hand.judging.next_hand_stacks``), so a rebuy shows at
    once."""
    stacks = view["stacks"]
    upcoming = None
    if not view["in_progress"] and view["hand_id"] is not None:  # between hands: rebuys since count
        upcoming = judging.next_hand_stacks(db, night_id)
    dealt_in, acted, live = set(view["dealt_in"]), set(view["acted"]), set(view["in_hand"])
    seats = []
    for p in store.table_players(db, night_id):
        seat = p["seat"]
        stack = stacks.get(str(seat)) if upcoming is None else upcoming.get(seat, stacks.get(str(seat)))
        if stack is None:  # not at the table for this hand (seated since): its buy-in
            if upcoming is None:
                upcoming = judging.next_hand_stacks(db, night_id)
            stack = upcoming.get(seat, 0)
        seats.append({"seat": seat, "name": p["name"], "stack": stack,
                      "bet": view["bets"].get(str(seat), 0), "in_hand": seat in live,
                      "button": view["button"] == seat, "to_act": view["to_act"] == seat,
                      "acted": seat in acted,
                      "sitting_out": view["hand_id"] is not None and seat not in dealt_in})
    return seats


def award_gap(db, night_id: int) -> dict | None:
    """The chips the table and the referee disagree on after the last finished hand, while
    no hand is in progress (the choice it offers, fix the hand or start the next one with
    the table's chips, is made once the next hand starts: then None).

    When that hand's recorded awards differ from the referee's (an uncorrected
    ``wrong_award`` or ``chips_not_conserved``, CONTRACT.md 5), the referee carries its own
    stacks into the next hand while the chips on the table follow the dealer's push.

    A ruling that moved the chips of that hand (``store.dispute.rulings``) settled them: what it
    moved is taken off (:func:`store.dispute.rulings.push_gap_left`).

    :returns: None when they agree (or the referee cannot decide), else ``{"hand": number,
        "hand_id": int, "diff": {seat: chips on the table minus the referee's}, "awards":
        {seat: chips} (the referee's), "recorded": {seat: chips} (the dealer's),
        "table_stacks": {seat: chips on the table after that hand}}``; seat keys strings.
    """
    last = store.hand.rows.last_hand(db, night_id)
    if last is None or store.current_hand(db, night_id) is not None:
        return None   # the gap ends with its hand: once the next one has started (or this one reopened)
    checked = store.hand_check(db, last["id"])
    if not {"wrong_award", "chips_not_conserved"} & {f.get("kind") for f in checked.get("findings", [])}:
        return None
    awards, recorded = checked.get("awards"), checked.get("recorded_awards") or {}
    if awards is None:
        return None
    seats = sorted(set(awards) | set(recorded), key=int)
    diff = {s: recorded.get(s, 0) - awards.get(s, 0) for s in seats if recorded.get(s, 0) != awards.get(s, 0)}
    left = push_gap_left(db, {**last, "night_id": night_id}, checked)  # less what rulings moved
    if left is not None:
        diff = {s: left[s] for s in sorted(left, key=int)}
    if not diff:
        return None
    stacks = checked.get("stacks") or {}
    return {"hand": last["number"], "hand_id": last["id"], "diff": diff, "awards": awards,
            "recorded": recorded,
            "table_stacks": {s: stacks.get(s, 0) + diff.get(s, 0) for s in sorted(stacks, key=int)}}
