"""The dealer tablet's view of the table (:func:`table_view`): what the hand page draws,
as JSON, from the referee's own state of the hand (``referee.table.hand_state``) and the
stored log, and what each of its one-tap buttons would store now (:func:`forced_plan`,
:func:`finish_plan`, :func:`hand_over_lines`). No rule logic here: whose turn, the legal
actions, the pots, who has acted, findings and awards are the referee's. The hand is judged from its own start (the
stored result of the hand before it, ``store.hand.judging``), so a view costs the same at
hand 1 and at hand 1,000, and reading it writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable

import store
from referee.actions import ActionError, parse_action
from referee.cards import CardError
from referee.rank import rank
from referee.rules import RulesError
from referee.session import play_hand
from referee.state import Phase
from referee.table import IRREGULAR_LINES, hand_state
from store.core.checks import StoreError
from store.core.transactions import read_tx
from store.dispute.ruling_modes import move_lines
from store.dispute.rulings import hand_moves, push_gap_left
from store.hand import judging
from store.hand.events import refuse_ruled
from store.night.last_hand import last_hand_status
from store.night.rebuy_reads import pending_rebuys, tablet_rebuys

STATE_FIELDS = ("hand", "phase", "to_act", "legal", "pot", "pots", "bets", "stacks", "in_hand",
                "dealt_in", "acted", "opening", "button", "proposed_awards", "awards",
                "recorded_awards", "findings", "known_cards", "exposed_cards", "dead", "show_openers",
                "legal_if_due", "miscount", "irregular", "sat_out")
"""The keys of ``referee.table.hand_state`` the view passes on as they are."""

FORCED_VERBS = frozenset({"ante", "blind", "straddle"})
"""Forced chips the tablet posts for everyone in one tap (CONTRACT.md section 2: the ante,
the blind and the double blind, ``straddle``)."""

MAX_FORCED = 40
"""At most this many forced lines in one tap (two per seat of a full table and then some):
a guard against a loop, never reached at a real table."""


def last_hand_id(db, night_id: int) -> int | None:
    """The night's hand in progress, else its last hand (int), else None."""
    last = store.hand.rows.last_hand(db, night_id)
    return None if last is None else last["id"]


def hand_now(db, hand_id: int) -> dict:
    """``referee.table.hand_state`` of the hand as stored (judged from its own start). Read-only."""
    return hand_state(judging.hand_item(db, hand_id))


def hand_now_checked(db, hand_id: int) -> tuple[dict, dict, judging.HandInput]:
    """:func:`hand_now`, the ruling on the hand (``store.hand_check``'s entry) and the hand
    as the referee took it (``store.hand.judging.hand_input``), from one read of its
    judgement (``store.hand.judging.hand_item_input``). Read-only."""
    item, checked, hand = judging.hand_item_input(db, hand_id)
    return hand_state(item), checked, hand


def forced_step(state: dict) -> str | None:
    """The next forced-chips line the referee expects, or None.

    Only while the referee has a seat due before the deal whose ONE legal action is an ante
    or a blind of a fixed amount (``legal`` ``[{"verb": "ante"|"blind"|"straddle", "min": n,
    "max": n}]``,
    from ``referee.rounds.predeal_owed``: the house's ante, its blinds where it sets their
    size; a short stack: its stack). Optional blinds (a choice) are never posted for the
    player.

    :param state: ``referee.table.hand_state`` of the hand.
    :returns: ``"p3 ante 5"``, or None when no forced chip is owed now.
    """
    seat, legal = state.get("to_act"), state.get("legal") or []
    if seat is None or state.get("phase") != Phase.PREDEAL or len(legal) != 1:
        return None
    only = legal[0]
    if only["verb"] not in FORCED_VERBS or only["min"] is None or only["min"] != only["max"]:
        return None
    return f"p{seat} {only['verb']} {only['min']}"


def forced_plan(db, hand_id: int, state: dict | None = None,
                judged: tuple[judging.Night, judging.HandInput] | None = None) -> list[str]:
    """Every forced-chips line one "everyone's forced bets" tap would store now, in order:
    :func:`forced_step` asked again after each line, the hand judged in memory with the
    lines before it (``referee.session.play_hand``, from the hand's own start). Read-only.

    The tablet shows it (``forced`` in :func:`table_view`) and sends its length
    back with the tap (``events``), so the taps queued after it count the hand's version on
    by as many (static/hand/tapqueue.js ``stamp``).

    :param state: ``referee.table.hand_state`` of the hand as stored, when the caller has
        it (else judged here); ``judged``: the night and the hand as the referee took it
        (``store.hand.judging.hand_input``), when the caller has them (else read here).
    :returns: ``["p1 ante 5", "p3 ante 5", ...]``; ``[]`` when no forced chip is owed now.
    :raises store.StoreError: no such live hand.
    """
    line = forced_step(state if state is not None else hand_now(db, hand_id))
    if line is None:
        return []
    night, hand = judged if judged is not None else judging.hand_input(db, hand_id)
    stored = list(hand.spec.get("actions") or [])
    lines: list[str] = []
    while line is not None and len(lines) < MAX_FORCED:
        lines.append(line)
        item, _ = play_hand(night.rules, hand.carry, {**hand.spec, "actions": stored + lines}, hand.number)
        line = forced_step(hand_state(item))
    return lines


def finish_plan(state: dict) -> dict | None:
    """What one "confirm and next hand" tap would store, or None when something is in doubt.

    Nothing is in doubt when the referee sees the hand complete (``phase`` ``complete``,
    nobody due), its award is known (``proposed_awards``: ``{}`` for a pot that carries),
    no finding of severity ``error`` stands, and the award the dealer recorded (if any) is
    the referee's. Otherwise the steps stay separate (award, close, next hand).

    :param state: ``referee.table.hand_state`` (or the tablet's view of it).
    :returns: ``{"awards": {seat: chips} still to record (seat keys strings, chips > 0),
        "carries": chips that stay for the next deal (0 when the pot is awarded)}`` or None.
    """
    proposed = state.get("proposed_awards")
    if state.get("phase") != "complete" or state.get("to_act") is not None or proposed is None:
        return None
    if any(f.get("severity") == "error" for f in state.get("findings") or []):
        return None
    recorded = state.get("recorded_awards") or {}
    awards = {s: c for s, c in proposed.items() if c > 0}
    if recorded and recorded != awards:
        return None
    return {"awards": {} if recorded else awards, "carries": 0 if awards else state.get("pot", 0)}


def table_view(db, night_id: int, *, cached_check: bool = False, with_gap: bool = True) -> dict:
    """:func:`read_view` inside one read transaction: the hand, its log and the seats all
    from the same moment (another tablet's write between two reads cannot mix them)."""
    with read_tx(db):
        return read_view(db, night_id, cached_check=cached_check, with_gap=with_gap)


def table_page(db, night_id: int) -> dict:
    """What the tablet's hand page shows, in one read transaction: ``{"view"}``
    (:func:`read_view`, a finished hand's findings and awards as stored:
    ``cached_check``), ``"night"`` (``store.get_night``) and ``"deck"`` (the cards the
    picker offers: the night's deck for the players seated, jokers too; the rule of 11 by
    how many are seated, ``HouseRules.deck``). Read-only.

    :raises StoreError: no such night.
    """
    with read_tx(db):
        rules = judging.night_of(db, night_id).rules
        return {"view": read_view(db, night_id, cached_check=True), "night": store.get_night(db, night_id),
                "deck": list(rules.deck(players=max(len(store.night_players(db, night_id)), 2)))}


def read_view(db, night_id: int, *, cached_check: bool = False, with_gap: bool = True) -> dict:
    """Everything the hand page draws, as a JSON-able dict. Read-only.

    :param cached_check: for a hand that is over, take findings and awards from the
        ruling stored with the hand (``store.hand_check``, which has ``incomplete_hand``
        where the log stops early) rather than the in-progress view of ``hand_state``
        (they agree on a finished hand).
    :returns: ``{"night": int, "hand_id": int|None, "in_progress": bool, "hand": int,
        "seats": [{"seat", "name", "stack", "held" (the chips on the table: ``stack`` plus
        ``differences``), "differences" (why they differ: the seat's ``table_differences``,
        CONTRACT.md 4), "bet", "in_hand", "button", "to_act",
        "acted", "sitting_out" (not dealt in: no chips when the hand began, or abstaining),
        "abstains" (not dealt in because the seat said ``pN sitout``: seed 000's
        abstaining, worded apart from a seat with no chips)}], and the keys
        of :data:`STATE_FIELDS` as ``referee.table.hand_state`` gives them ("phase",
        "to_act", "legal" [{verb, min, max}], "pot", "pots", "bets", "stacks", "in_hand",
        "dealt_in", "acted", "opening", "button", "proposed_awards", "awards",
        "recorded_awards", "findings" (with ``details``), "known_cards", "exposed_cards"
        (seat -> the cards exposed in the deal, known to everyone: the tablet draws them
        face up at the seat), "dead", "show_openers", "miscount" (seat -> the line that
        records it found holding too many or too few cards: a deal's or a serve's count, the
        referee's ``referee.table.miscount_lines``), "irregular" (the irregularities' lines
        the tablet's menu offers now, ``referee.table.irregular_offers``), "sat_out"),
        "forced": [str] (the lines one "everyone's forced bets" tap would
        store now, the referee's: :func:`forced_plan`; [] none), "finish": :func:`finish_plan`
        (``{"awards", "carries"}``: what one "confirm and next hand" tap stores) or None,
        "actions": [{"event_id", "seq",
        "action", "voided"}], "version": int (the hand's version, ``store.hand_version``: a
        tap carries it back), "undo": ``store.undo_target`` (``{"event_id", "kind",
        "action"}``: what an undo voids now) or None, "award_gap": :func:`award_gap` (only ``with_gap``; the tap
        path of a plain action leaves the key out: the page keeps the one it has),
        "open_disputes": int (the night's disputes not ruled yet, ``store.open_disputes``:
        the tablet shows a banner and play goes on), "rebuy_requests": the rebuys asked
        from a phone waiting for an answer (``store.night.rebuy_reads.pending_rebuys``),
        "tablet_rebuys": bool (the host lets the night's tablets answer them), "last_declared", "last_hand",
        "play_over": bools (``store.night.last_hand.last_hand_status``: "última mano" said;
        the hand in progress or the next is the last, its "confirm" ends the play; the
        last hand is over), "shown": :func:`shown_hands`}``;
        chips are ints, seat keys strings as in ``referee.check`` (CONTRACT.md 4).
    """
    last = store.hand.rows.last_hand(db, night_id)
    hand_id = None if last is None else last["id"]
    end = None if hand_id is None else store.hand.rows.live_end(db, hand_id)
    in_progress = hand_id is not None and end is None
    view: dict = {"night": night_id, "hand_id": hand_id, "in_progress": in_progress, "hand": 0,
                  "phase": None, "to_act": None, "legal": [], "pot": 0, "pots": [], "bets": {},
                  "stacks": {}, "in_hand": [], "dealt_in": [], "acted": [], "opening": None,
                  "button": None, "proposed_awards": None, "awards": None,
                  "recorded_awards": {}, "findings": [], "known_cards": {}, "exposed_cards": {}, "dead": [],
                  "show_openers": None, "legal_if_due": {}, "miscount": {},
                  "irregular": list(IRREGULAR_LINES), "sat_out": [], "forced": [], "finish": None, "actions": [], "version": 0,
                  "undo": None}
    checked = None   # the ruling on the newest hand (the one shown), read with its state
    if hand_id is not None:
        state, checked, judged = hand_now_checked(db, hand_id)
        view.update({field: state[field] for field in STATE_FIELDS})
        logged = store.hand_actions(db, hand_id)
        view["actions"] = [{"event_id": a["event_id"], "seq": a["seq"], "action": a["action"],
                            "voided": bool(a["voided"])} for a in logged]
        view["version"] = store.hand_version(db, hand_id)
        if in_progress:
            view["forced"] = (forced_plan(db, hand_id, state, (judging.night_of(db, night_id), judged))
                              if forced_step(state) is not None else [])   # (the night read only when owed)
            view["finish"] = finish_plan(state)
        view["undo"] = store.undo_target(db, hand_id, logged, end=end)
        if cached_check and not in_progress:
            view["findings"] = checked.get("findings", view["findings"])
            view["awards"] = checked.get("awards")
    view["seats"] = _seats(db, night_id, view, (checked or {}).get("table_differences") or {},
                           0 if last is None else last["number"])
    view["open_disputes"] = len(store.open_disputes(db, night_id))
    view["rebuy_requests"] = pending_rebuys(db, night_id)
    view["tablet_rebuys"] = tablet_rebuys(db, night_id)
    ending = last_hand_status(db, night_id)
    view["last_declared"], view["last_hand"], view["play_over"] = (
        ending["declared"], ending["last_hand"], ending["play_over"])
    view["shown"] = shown_hands(db, night_id, view["actions"], players=len(view["dealt_in"]) or None)
    if with_gap:
        view["award_gap"] = award_gap(db, night_id, last, in_progress, checked)
    return view


def shown_hands(db, night_id: int, actions: list[dict], *, players: int | None = None) -> dict[str, dict]:
    """The hands tabled face up in the hand (its live ``pN show CARDS`` lines, CONTRACT.md 2;
    a seat's last show counts), each ranked by the referee under the night's rules
    (``referee.rank``): the tablet draws the cards at the seat and the award proposal names
    the hand in words (``referee.messages.hand_name``). Read-only.

    :param actions: the hand's log as :func:`read_view` lists it (``action``, ``voided``).
    :param players: the seats dealt in (the rule of 11's deck), or None.
    :returns: ``{seat (str): {"cards": ["As", ...], "category": int (``referee.rank``'s
        index into ``CATEGORIES``) or None where the five cards cannot be ranked (unseen,
        not five, outside the deck), "ranks": [rank values 2-14, most significant first]}}``.
    """
    shown: dict[str, list[str]] = {}
    for action in actions:
        if action["voided"]:
            continue
        try:
            parsed = parse_action(action["action"])
        except (ActionError, ValueError):
            continue
        if parsed.verb == "show" and parsed.cards and parsed.seat is not None:
            shown[str(parsed.seat)] = [str(card) for card in parsed.cards]
    if not shown:
        return {}
    rules = judging.night_of(db, night_id).rules
    out = {}
    for seat, cards in shown.items():
        try:
            ranked = rank(cards, rules, players=players)
            out[seat] = {"cards": cards, "category": ranked.category, "ranks": list(ranked.ranks)}
        except (CardError, ValueError, RulesError):
            out[seat] = {"cards": cards, "category": None, "ranks": []}
    return out


def _seats(db, night_id: int, view: dict, gap: dict[str, list[dict]], played: int) -> list[dict]:
    """One entry per seat at the table (who sits there and what the referee says of it).
    ``played``: the night's hands played (``store.hand.rows.hands_played``, read with the view).

    ``gap``: seat -> why the chips it holds on the table differ from its stack: the
    referee's ``table_differences`` of the night's newest hand (CONTRACT.md 4), finished or
    in progress (which starts from the last one's, except for a seat whose stack it states:
    a stated stack is the chips the seat holds), ``{}`` before the first hand.

    A seat's ``stack`` is the referee's: during a hand, as the hand stands; between hands,
    the chips the seat starts the next hand with (the referee's stack after the last hand
    plus the chips bought since, ``store.hand.judging.next_hand_stacks``), so a rebuy shows at
    once. During a hand, a seat's ``coming`` is the chips it bought while the hand is in
    play (they count from the next hand, ``store.money.ledger.buy_in``; 0 for none): the
    stack stays the hand's. A seat whose player left has ``took_home``: the chips the
    player took home and was counted for (``store.hand.judging.left_stacks``; None for a
    seat at the table), what the close's counts table expects of that player."""
    stacks = view["stacks"]
    upcoming = None
    coming = judging.bought_for_next(db, night_id, played) if view["in_progress"] else {}
    if not view["in_progress"] and view["hand_id"] is not None:  # between hands: rebuys since count
        upcoming = judging.next_hand_stacks(db, night_id, played)
    dealt_in, acted, live = set(view["dealt_in"]), set(view["acted"]), set(view["in_hand"])
    abstaining = set(view.get("sat_out") or ())  # (said ``pN sitout``: not for want of chips)
    seats = []
    players = store.table_players(db, night_id)
    gone = judging.left_stacks(db, night_id) if any(p["left"] for p in players) else {}
    for p in players:
        seat = p["seat"]
        stack = stacks.get(str(seat)) if upcoming is None else upcoming.get(seat, stacks.get(str(seat)))
        if stack is None:  # not at the table for this hand (seated since): its buy-in
            if upcoming is None:
                upcoming = judging.next_hand_stacks(db, night_id, played)
            stack = upcoming.get(seat, 0)
        differences = gap.get(str(seat), [])
        seats.append({"seat": seat, "name": p["name"], "stack": stack,
                      "held": stack + sum(d["chips"] for d in differences), "differences": differences,
                      "bet": view["bets"].get(str(seat), 0), "in_hand": seat in live,
                      "button": view["button"] == seat, "to_act": view["to_act"] == seat,
                      "acted": seat in acted,
                      "sitting_out": view["hand_id"] is not None and seat not in dealt_in,
                      "abstains": seat in abstaining,
                      "coming": coming.get(seat, 0), "took_home": gone.get(seat) if p["left"] else None})
    return seats


def hand_over_lines(db, night_id: int, hand: dict, entry: dict) -> list[str]:
    """The ``d move`` lines one "at the table" tap of the gap banner (:func:`award_gap`)
    stores now (``store.hand.operations.hand_over``): the chips a wrong push in ``hand``
    still leaves unsettled, by the one rule a ruling follows too
    (``store.dispute.rulings.hand_moves``: the rules' awards less the pushes, less what
    rulings and earlier ``d move`` lines already settled), handed from the seats the push
    over-paid to those it under-paid, as a ruling settled at the table writes them
    (``store.dispute.ruling_modes.move_lines``; CONTRACT.md 2, ``d move pA pB A``).
    Read-only.

    :param hand: ``{"id", "number"}`` of the night's hand; ``entry``: its referee entry
        (``store.hand_check``).
    :returns: ``["d move p3 p4 75", ...]``; ``[]`` when nothing is left to hand over.
    :raises StoreError: as ``hand_moves``: ``awards_unknown`` (number), ``pushes_unbalanced``
        (number, pot, pushed): no chips can be handed back for such a hand.
    """
    return hand_over_plan(db, night_id, hand, entry)[1]


def hand_over_plan(db, night_id: int, hand: dict, entry: dict) -> tuple[dict[int, int], list[str]]:
    """:func:`hand_over_lines` with the chips they move: ``({player_id: chips}, lines)``
    (the tap checks the players it touches). Read-only; raises as ``hand_moves``."""
    moves = hand_moves(db, {**hand, "night_id": night_id}, entry)
    return moves, move_lines(db, night_id, moves)


def award_gap(db, night_id: int, last=None, in_progress: bool | None = None,
              checked: dict | None = None) -> dict | None:
    """The chips the table and the referee disagree on after the last finished hand, while
    no hand is in progress (the choice it offers is made before the next hand starts: then
    None).

    When that hand's recorded awards differ from the referee's (an uncorrected
    ``wrong_award`` or ``chips_not_conserved``, CONTRACT.md 5), the referee carries its own
    stacks into the next hand while the chips on the table follow the dealer's push. The
    banner offers the choice a host's ruling offers (``store.dispute.ruling_modes``): at
    the table, the dealer hands the chips over now (``lines``, one tap:
    ``store.hand.operations.hand_over``); or in money, the next hand starts as it is and
    the chips stay where they are (a host's ruling on a dispute of the hand then moves the
    money at the close).

    What was settled already (a ruling, in money or at the table, or the dealer's
    hand-over: every live ``d move`` line of the hand) is taken off
    (:func:`store.dispute.rulings.push_gap_left`).

    :param last: the night's last hand (``store.hand.rows.last_hand``) and ``in_progress``
        whether it is in play, when the caller (:func:`read_view`) read them in the same
        transaction; ``in_progress`` None: both read here. ``checked``: the judgement on
        that hand (``store.hand_check``) read with them, or None: read here.
    :returns: None when they agree (or the referee cannot decide), else ``{"hand": number,
        "hand_id": int, "diff": {seat: chips on the table minus the referee's}, "awards":
        {seat: chips} (the referee's), "recorded": {seat: chips} (the dealer's), "lines":
        [the ``d move`` lines the "at the table" tap stores, :func:`hand_over_lines`; ``[]``
        where the tablet cannot hand chips over: the awards unknown, pushes that do not add
        up to the pot, or a hand the host ruled on]}``; seat keys strings.
    """
    if in_progress is None:
        last = store.hand.rows.last_hand(db, night_id)
        in_progress = store.current_hand(db, night_id) is not None
    if last is None or in_progress:
        return None   # the gap ends with its hand: once the next one has started (or this one reopened)
    if checked is None:
        checked = store.hand_check(db, last["id"])
    if not {"wrong_award", "chips_not_conserved"} & {f.get("kind") for f in checked.get("findings", [])}:
        return None
    awards, recorded = checked.get("awards"), checked.get("recorded_awards") or {}
    if awards is None:
        return None
    seats = sorted(set(awards) | set(recorded), key=int)
    diff = {s: recorded.get(s, 0) - awards.get(s, 0) for s in seats if recorded.get(s, 0) != awards.get(s, 0)}
    left = push_gap_left(db, {**last, "night_id": night_id}, checked)  # less what was settled
    if left is not None:
        diff = {s: left[s] for s in sorted(left, key=int)}
    if not diff:
        return None
    try:   # a ruled hand changes only through the host's dispute page (refuse_ruled)
        refuse_ruled(db, last)
        lines = hand_over_lines(db, night_id, last, checked)
    except StoreError:
        lines = []
    return {"hand": last["number"], "hand_id": last["id"], "diff": diff, "awards": awards,
            "recorded": recorded, "lines": lines}


def table_since(db, night_id: int, seen: Callable[[str], bool]) -> tuple[str, dict | None]:
    """The tablet's conditional read of the table, in one read transaction: the night's
    :func:`table_stamp` and, unless ``seen(stamp)`` (the tablet has that version already),
    :func:`read_view`. Read-only.

    :returns: ``(stamp, view)``; ``view`` None when ``seen(stamp)``.
    """
    with read_tx(db):
        stamp = table_stamp(db, night_id)
        return stamp, None if seen(stamp) else read_view(db, night_id)


def table_stamp(db, night_id: int) -> str:
    """A cheap version of everything the tablet draws for the night (:func:`read_view`): the
    newest row id of its log, hands, ledger (buy-ins, rebuys, counts, leaving, the close),
    seats, night marks ("última mano", the tablets' leave to answer rebuy requests), disputes
    and rulings, rebuy requests asked from a phone and their answers (issue 28), read in one read transaction (no
    write lock). It changes whenever one of them gains a row (every table is append-only;
    a revoked link answers 404 before this is asked), so the tablet's poll of the state
    costs a 304 while nothing changed (``web.hand.tablet.state``: its ETag).

    :returns: ``"e12.h3.l9.s6.m0.d0.r0.q0.a0"``.
    """
    with read_tx(db):
        row = db.execute(
            "SELECT (SELECT MAX(id) FROM events WHERE night_id = :n), (SELECT MAX(id) FROM hands WHERE night_id = :n), "
            "(SELECT MAX(id) FROM ledger WHERE night_id = :n), (SELECT MAX(rowid) FROM seats WHERE night_id = :n), "
            "(SELECT MAX(id) FROM night_marks WHERE night_id = :n), (SELECT MAX(id) FROM disputes WHERE night_id = :n), "
            "(SELECT MAX(id) FROM rulings WHERE night_id = :n), "
            "(SELECT MAX(id) FROM rebuy_requests WHERE night_id = :n), "
            "(SELECT MAX(id) FROM rebuy_answers WHERE night_id = :n)", {"n": night_id}).fetchone()
    return ".".join(f"{tag}{value or 0}" for tag, value in zip("ehlsmdrqa", row))
