"""The final ruling on a hand as logged (:func:`finish`): its outcome (showdown,
uncontested, passed out or carried, misdeal, void, incomplete), the pots and who the rules
give them to, the dealer's ``d award`` lines compared with that (:func:`compare_awards`),
and the stacks after the hand. A function of a :class:`HandState` after its last step.

Rulings where the contract is silent (card-room practice): a hand must be tabled to win
(RRoP section 4); a false opener's hand is dead and, if nobody else is live, the antes and
bets carry (RRoP section 11); the opener who takes the pot uncalled must show openers (seed
002); a duplicate card voids the hand and every chip goes back (RRoP section 13); the odd
chip of a split goes to the first tied seat after the button in the direction of play (or,
where ``suit_order`` is set, to the tied hand holding the best card by suit:
:func:`~referee.pots.award_pots`).
"""

from __future__ import annotations

from .checkdown import unpaid
from .chips_on_table import settle_moves
from .hand import HandResult
from .misaward import award_reason
from .opening import judge_late
from .pots import Pot, award_pots, build_pots
from .rounds import due, settle_showdown
from .state import COMPLETE, SHOWDOWN, HandState

Decision = tuple[str, list[Pot], "dict[int, int] | None", int, int]
"""``(outcome, pots, awards or None, chips carried, pot total)`` of :func:`finish`'s
branches."""


def finish(st: HandState) -> HandResult:
    """Rule on the hand as logged: pots, awards, stacks after, chips carried.

    :returns: a :class:`~referee.hand.HandResult`; findings sorted by action index.
    """
    last = len(st.actions) - 1 if st.actions else None
    judge_late(st)
    duplicate = any(f.kind == "duplicate_card" and f.severity == "error" for f in st.findings)
    outcome, pots, awards, carried, total = _decide(st, duplicate, last)
    unpaid(st, last)  # seed 002: folded seats that did not match after a check-down
    if outcome == "uncontested":
        _opener_folded_unshown(st)
    recorded: dict[int, int] = {}
    for _, s, amt in st.recorded:
        recorded[s] = recorded.get(s, 0) + amt
    if st.lost and not duplicate and outcome not in ("uncontested", "misdeal"):
        # an unreadable player line: what it did is unknown, so is the result (unless
        # everyone else left: the one seat left takes the pot whatever it was; a misdeal
        # voids the deal whatever it did: the chips the log shows go back, once)
        awards, outcome = None, "incomplete"
    if outcome == "void":
        total -= st.carried_in
    credited, over = credit(st.recorded, total)
    # a misdeal gives every chip back to who put it in: pushes are judged against that
    judged = returned(st) if outcome == "misdeal" and st.recorded and not st.lost else awards
    if over is not None:  # in every phase, finished or not
        _over_pot(st, over, sum(recorded.values()), total, decided=duplicate)
    if (not (st.lost or st.award_unknown) or duplicate) and not (
            outcome == "void" and not st.recorded):  # (void: one cause, the duplicate)
        # (a duplicate card voids the hand whatever an unreadable line did: RRoP section
        # 13, the chips go back to who put them in; the pushes are judged against that)
        compare_awards(st, judged, recorded, total, last, outcome, pots, over=over is not None)
    stacks, carried = _stacks_after(st, awards, credited, total, carried)
    _pot_carried(st, carried)
    pushed = push_gap(judged, credited)
    moves = settle_moves(st, stacks, pushed)
    return HandResult(st.ordered_findings(), pots, awards, recorded, stacks, carried, outcome,
                      opened=st.opener is not None or bool(st.blinds)
                      or outcome in ("showdown", "uncontested"),
                      credited=credited, pushed=pushed, moves=moves)


def credit(lines: list[tuple[int, int, int]], pot: int) -> tuple[dict[int, int], int | None]:
    """What the dealer's ``d award`` lines take out of the pot: each line in log order,
    at most the chips the pot still holds (CONTRACT.md 4: "recorded awards credit at most
    what the pot holds"; a stack is never credited with chips that were never in it).

    :param lines: ``[(index, seat, chips)]`` of the ``d award`` lines, in log order.
    :param pot: the chips in the middle that the lines push from (carried in included).
    :returns: ``(credited, over)``: seat -> chips credited (seats with a line, zeros
        kept), and the index of the line at which the lines pass the pot (None when they
        stay within it).

    >>> credit([(3, 1, 20), (4, 2, 20)], 35)
    ({1: 20, 2: 15}, 4)
    >>> credit([(9, 1, 999999)], 15)
    ({1: 15}, 9)
    """
    credited: dict[int, int] = {}
    left, over = pot, None
    for idx, seat, chips in lines:
        if chips > left:
            if over is None:
                over = idx
            chips = max(left, 0)
        left -= chips
        credited[seat] = credited.get(seat, 0) + chips
    return credited, over


def _over_pot(st: HandState, index: int, recorded: int, pot: int, decided: bool) -> None:
    """``chips_not_conserved`` (reason ``over_pot``) at the ``d award`` line where the
    pushes pass what the pot holds (CONTRACT.md 4, in every phase, finished or not); not
    made after an unreadable player line (:attr:`~referee.state.HandState.lost`): the chips
    that line put in are unknown, so is the pot (CONTRACT.md 2: reported once, as
    ``unreadable``; the credit stays within the chips the log shows in the pot, so the
    session's chips still add up), unless the hand is ``decided`` whatever that line did
    (voided by a duplicate card, as :func:`compare_awards` judges it)."""
    st.find("chips_not_conserved", index, None,
            f"the awards add up to {recorded}; the pot holds {pot}: the {recorded - pot} "
            "chips beyond it were never in the pot and are credited to nobody",
            details={"recorded": recorded, "pot": pot, "reason": "over_pot"}, decided=decided)


def push_gap(awards: dict[int, int] | None, credited: dict[int, int]) -> dict[int, int]:
    """Seat -> chips the dealer's pushes gave beyond the rules' awards (negative: withheld
    what the rules give), zeros left out: the difference a wrong push leaves between the
    chips on the table and the referee's stacks (CONTRACT.md 4). ``{}`` where the awards
    are unknown or nothing was pushed (no ``d award`` line: nothing written down).

    >>> push_gap({1: 35}, {2: 35})
    {1: -35, 2: 35}
    >>> push_gap(None, {2: 35}), push_gap({1: 35}, {})
    ({}, {})
    """
    if awards is None or not credited or credited == awards:
        return {}
    gap = {s: credited.get(s, 0) - awards.get(s, 0) for s in sorted(set(awards) | set(credited))}
    return {s: c for s, c in gap.items() if c}


def _decide(st: HandState, duplicate: bool, last: int | None) -> Decision:
    """The outcome and what the rules give, by how the hand ended."""
    total = st.pot_total()
    outcome = st.outcome
    false_opener = st.opener if st.opener_false else None
    if settle_showdown(st):  # the others threw their hands away at the showdown
        outcome = "uncontested"
    if duplicate and outcome != "misdeal":
        return _void(st, total)
    if outcome == "misdeal":
        return _misdeal(st)
    if outcome in ("passed_out", "carried"):
        return outcome, [], {}, total, total
    if outcome == "uncontested":
        return _uncontested(st, total, false_opener, last)
    if st.phase == SHOWDOWN or (st.phase == COMPLETE and outcome == "showdown"):
        return _showdown(st, total, false_opener, last)
    return _unfinished(st, total, last)


def _void(st: HandState, total: int) -> Decision:
    """RRoP section 13 (Irregularities): two cards of the same rank and suit in the deck:
    all action is void and the chips go back to the players who put them in."""
    awards = {s: c + st.dead_money.get(s, 0) for s, c in st.contrib.items()}
    for s, c in st.dead_money.items():
        awards.setdefault(s, c)
    return "void", [], {s: c for s, c in awards.items() if c}, st.carried_in, total


def _misdeal(st: HandState) -> Decision:
    """A misdeal: every chip put in goes back (the carried pot stays in the middle). The
    pot total is every chip in the middle (what the dealer's pushes, if any, came from:
    a table that played on after the misdeal, :func:`referee.irregular.after_misdeal`)."""
    st.return_chips()
    # (after an unreadable player line the chips in the middle are unknown: none credited)
    return "misdeal", [], {}, st.carried_in, st.carried_in if st.lost else st.pot_total()


def returned(st: HandState) -> dict[int, int]:
    """Seat -> the chips a misdeal gives back (all it put in this hand, dead money too;
    zeros left out): what a dealer who pushed chips after a misdeal should have pushed
    (RRoP section 13: a misdeal voids the deal; chips put in are returned)."""
    back = {s: c + st.dead_money.get(s, 0) for s, c in st.contrib.items()}
    for s, c in st.dead_money.items():
        back.setdefault(s, c)
    return {s: c for s, c in back.items() if c}


def _uncontested(st: HandState, total: int, false_opener: int | None,
                 last: int | None) -> Decision:
    """One seat left: it takes the pot, unless it is a false opener or a dead hand, or the
    opener who never showed openers (then the pot carries, RRoP section 11). It wins from
    each seat only what it matched: the chips a folded seat put in above the winner go
    back to that seat (RRoP section 3; seed 000, "solamente ganará el importe de su resto";
    :func:`~referee.pots.build_pots`)."""
    w = st.winner
    assert w is not None  # (set with the outcome)
    if w == false_opener or w in st.dead:
        return "carried", [], {}, total, total
    if (w == st.opener and st.opening is not None and w not in st.shown
            and w not in st.proof and st.opener_false is None):
        where = st.opener_left_index if st.opener_left_index is not None else last
        st.find("openers_not_shown", where, w, f"seat {w} took the pot without showing "
                "openers: the opener's hand is dead and the pot stays",
                details={"opening": st.opening, "reason": "took_pot"})
        return "carried", [], {}, total, total
    pots = build_pots(st.contrib, [w], st.carried_in + sum(st.dead_money.values()))
    awards: dict[int, int] = {}
    for pot in pots:  # (RRoP section 3: the part of a bet nobody matched goes back)
        awards[pot.seats[0]] = awards.get(pot.seats[0], 0) + pot.amount
    return "uncontested", pots, awards, 0, total


def _showdown(st: HandState, total: int, false_opener: int | None,
              last: int | None) -> Decision:
    """Two or more to the showdown: the pots among the live hands (not dead, not a false
    opener), cards speak (:func:`~referee.pots.award_pots`); undecided while hands are
    still to be shown and nothing was pushed."""
    live = [s for s in st.contesting() if s not in st.dead and s != false_opener]
    if (st.opener is not None and st.opening is not None and st.opener_false is None
            and st.opener not in st.shown and st.opener_left_index is not None):
        st.find("openers_not_shown", st.opener_left_index, st.opener,
                f"seat {st.opener} threw the hand away without showing openers",
                severity="warning", details={"opening": st.opening, "reason": "threw_away"})
    pots = build_pots(st.contrib, live, st.carried_in + sum(st.dead_money.values()))
    if not pots:
        return "carried", pots, {}, total, total
    awards = award_pots(pots, live, st.shown, st.shown_unknown, st.rules, st.n, st.order)
    if awards is None and not st.recorded and not st.award_unknown and any(
            s not in st.shown and s not in st.shown_unknown for s in live):
        # nobody pushed the pot and hands are still to be shown: undecided
        seat = due(st)
        st.find("incomplete_hand", last, seat, "the log ends before the hand is decided: "
                "hands still to be shown and no award",
                details={"due": seat, "phase": st.phase.value, "reason": "not_shown"})
        return "incomplete", pots, awards, 0, total
    return "showdown", pots, awards, 0, total


def _unfinished(st: HandState, total: int, last: int | None) -> Decision:
    """The log stops before the hand is decided."""
    if st.n and st.actions:
        seat = due(st)
        st.find("incomplete_hand", last, seat, "the log ends before the hand is decided",
                details={"due": seat, "phase": st.phase.value, "reason": "log_ends"})
    pots = build_pots(st.contrib, [s for s in st.contesting() if s not in st.dead],
                      st.carried_in + sum(st.dead_money.values()))
    return "incomplete", pots, None, 0, total


def _pot_carried(st: HandState, carried: int) -> None:
    """The ``passed_out`` finding's ``pot`` is the chips that carry: made when the betting
    ends, it is settled here, after the folded seats' matching payments that follow a
    check-down (seed 002: "deben hacer una entrada al bote para compensar")."""
    for f in st.findings:
        if f.kind == "passed_out":
            f.details["pot"] = carried


def _opener_folded_unshown(st: HandState) -> None:
    """Another seat won uncontested after the opener folded without showing openers, with
    the deal not logged: a warning (the opening cannot be judged)."""
    opener = st.opener
    if (opener is not None and opener != st.winner and st.opener_left_index is not None
            and st.opener_false is None and st.opening is not None
            and opener not in st.shown and st.dealt.get(opener) is None):
        st.find("openers_not_shown", st.opener_left_index, opener,
                f"seat {opener} folded without showing openers", severity="warning",
                details={"opening": st.opening, "reason": "folded"})


def _stacks_after(st: HandState, awards: dict[int, int] | None, recorded: dict[int, int],
                  total: int, carried: int) -> tuple[dict[int, int], int]:
    """The stacks after the hand and the chips carried: by the rules' awards where known,
    else as the dealer pushed (``recorded``: the pushes as :func:`credit` credits them,
    never beyond the pot); undecided with nothing pushed, the chips go back to the
    seats that put them in (as after a misdeal), so no chip vanishes from the session and
    none appears. Chips bought during the hand join the stack now."""
    stacks = dict(st.stacks)
    if awards is None:
        if st.recorded:  # the dealer pushed what the log cannot judge: as credited
            carried = max(0, total - sum(recorded.values()))
        else:
            for s, c in st.contrib.items():
                stacks[s] += c
            for s, c in st.dead_money.items():
                stacks[s] += c
            carried = st.carried_in
    for s, c in st.late_chips.items():
        stacks[s] += c
    pay = awards if awards is not None else recorded
    for s, c in pay.items():
        stacks[s] = stacks.get(s, 0) + c
    return stacks, carried


# ---------------------------------------------------------------- the dealer's pushes
def compare_awards(st: HandState, awards: dict[int, int] | None, recorded: dict[int, int],
                   total: int, last: int | None, outcome: str | None = None,
                   pots: list[Pot] | None = None, over: bool = False) -> None:
    """The dealer's ``d award`` lines against the rules' result (CONTRACT.md 4):
    ``wrong_award`` at the first line that differs (the last action when a winner's
    line is missing); ``chips_not_conserved`` when the lines do not add up to the pot
    being pushed (``over``: the lines pass what the pot holds, a ``chips_not_conserved``
    already made at the line where they do, :func:`finish`: not made again). No lines at
    all: nothing was written down, nothing to compare (a
    ``wrong_award`` at the last action where the log records pushes and the rules give
    chips). Each ``wrong_award`` carries the case that decides it (``reason``,
    :func:`~referee.misaward.award_reason` of the hand's ``outcome`` and ``pots``).
    :func:`finish` calls it only where the pushes can be judged: after an unreadable player
    line, only when the rules' awards are decided whatever that line did (a hand voided by
    a duplicate card), so its findings are made despite the line (``decided``,
    :meth:`~referee.state.HandState.find`)."""
    lines = st.recorded
    if not lines:
        if awards and any(awards.values()) and st.start.awards_recorded and last is not None:
            st.find("wrong_award", last, None, "no award was recorded; the rules give "
                    f"{awards_text(awards)}",
                    details={"expected": keyed(awards), "recorded": {},
                             "reason": "no_award"}, decided=True)
        return
    rec_sum = sum(recorded.values())
    if awards is None:  # the cards that decide were never seen: only the sum is known
        if not over and st.phase in (SHOWDOWN, COMPLETE) and rec_sum != total:
            st.find("chips_not_conserved", lines[0][0], None,
                    f"the awards add up to {rec_sum}; the pot is {total}",
                    details={"recorded": rec_sum, "pot": total}, decided=True)
        return
    expected = {s: c for s, c in awards.items() if c}
    first_bad = _first_bad_line(lines, expected, last)
    if first_bad is None:
        return
    exp_sum = sum(expected.values())
    missing_only = all(recorded[s] == expected.get(s) for s in recorded)
    if expected and rec_sum != exp_sum and not missing_only:
        # (a pot with no line at all is one cause, the wrong_award below; a line that
        # pushes the wrong count is chips_not_conserved)
        if not over:
            st.find("chips_not_conserved", first_bad[0], None,
                    f"the awards add up to {rec_sum}; the pot is {exp_sum}",
                    details={"recorded": rec_sum, "pot": exp_sum}, decided=True)
        if set(recorded) == set(expected):
            return  # the right seats, a miscount: one cause
    st.find("wrong_award", first_bad[0], first_bad[1],
            f"awarded {awards_text(recorded)}; the rules give "
            f"{awards_text(expected) or 'nothing (the pot stays for the next deal)'}",
            details={"expected": keyed(expected), "recorded": keyed(recorded),
                     "reason": award_reason(st, outcome, pots or [], expected, recorded)},
            decided=True)


def _first_bad_line(lines: list[tuple[int, int, int]], expected: dict[int, int],
                    last: int | None) -> tuple[int | None, int | None] | None:
    """``(index, seat)`` of the first ``d award`` line that pushes more than the rules
    give the seat (or other than its whole share, when it is the seat's only line), else
    ``(last, None)`` when some seat is owed more; None when the lines are right."""
    per_seat: dict[int, int] = {}
    for _, s, _ in lines:
        per_seat[s] = per_seat.get(s, 0) + 1
    remaining = dict(expected)
    for idx, s, amt in lines:
        owed = remaining.get(s, 0)
        if owed < amt or (owed != amt and per_seat[s] == 1):
            return idx, s
        remaining[s] = owed - amt
    if any(remaining.values()):
        return last, None
    return None


def keyed(chips: dict[int, int]) -> dict[str, int]:
    """Seat -> chips with the seats as strings, in seat order, as ``referee.check`` writes
    awards (zero entries left out)."""
    return {str(s): c for s, c in sorted(chips.items()) if c}


def awards_text(awards: dict[int, int]) -> str:
    """``{3: 20, 1: 5}`` as ``5 to seat 1, 20 to seat 3``."""
    return ", ".join(f"{c} to seat {s}" for s, c in sorted(awards.items()) if c)
