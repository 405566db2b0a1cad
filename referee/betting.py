"""A betting round: checks, calls, bets, opens, raises, all-ins and folds judged against the
turn, the amount owed and the limits; what the seat due may do (:func:`options`).
Functions of a :class:`HandState`; what a line changes in the round's record (the bet to
match, who acted) is written by :mod:`referee.betround`. Amounts are round totals in chips ("to", not "by",
CONTRACT.md section 2).

RRoP section 3 (Betting and Raising): a player facing a bet must call, raise or fold; a
raise is at least the previous bet or raise; fixed-limit sizes, the cap (rule 3: a bet and
four raises with two betting rounds, three with more; rule 4: none heads-up) and the short
all-in of less than half a bet, which is completed (rule 6). Section 15 and TDA rule 47:
an all-in of less than a full raise does not reopen the betting to a seat that has acted,
but several that add up to a full raise do; in pot limit the minimum bet or raise is
allowed even where it is more than the pot. TDA rule 53: after an action out of turn play
backs up to the seat that was due, which keeps the options it had.
"""

from __future__ import annotations

from .actions import Action
from .blinds import raise_closed, right_holder
from .betround import (acted, acted_by_muck, cap, count_raise, skipped, unknown_wager,
                       wagered)
from .open_box import buy, cover
from .opening import judge_from_deal, left, opened
from .rounds import bet_due, end_betting
from .state import PAST, PREDEAL, HandState


def bet(st: HandState, i: int, seat: int, a: Action) -> None:
    """A betting line in a betting round (``predraw`` or ``postdraw``): judged against the
    seat due and the bet to match, its chips put in, the turn moved on."""
    verb = a.verb
    due = st.due_next if st.due_at == i else bet_due(st)
    in_turn = due == seat
    if not in_turn:
        st.find("out_of_turn", i, seat,
                f"seat {seat} {PAST.get(verb, verb)} while "
                + (f"seat {due} was to act" if due is not None else "no one was to act"),
                details={"due": due, "verb": verb})
    if verb == "fold":
        fold(st, i, seat)
    elif verb == "check":
        _check(st, i, seat)
    elif verb == "call":
        _call(st, i, seat, a.amount)
    else:
        total = st.bets[seat] + st.stacks[seat] if verb == "allin" else (a.amount or 0)
        high_before = st.high
        wager(st, i, seat, verb, total)
        if not in_turn and due is not None and st.high > high_before:
            skipped(st, due, seat, high_before)
    acted(st, seat, in_turn)
    nxt = bet_due(st)
    if nxt is None:
        end_betting(st, i)
    else:
        st.due_at, st.due_next = i + 1, nxt  # who is due at the next action


def _check(st: HandState, i: int, seat: int) -> None:
    """A check facing a bet is illegal, unless the seat was skipped by a wager out of
    turn and faces no more than before it (TDA rule 53: the action backs up and the seat
    acts as if the wager had not been made)."""
    owed = st.high - st.bets[seat]
    if owed > 0 and not (seat in st.oot_skip and st.bets[seat] >= st.oot_skip[seat]):
        st.find("illegal_check", i, seat, f"seat {seat} checked facing a bet of {st.high}",
                details={"facing": st.high, "to_call": owed if not st.rules.table_stakes
                         else min(owed, st.stacks[seat])})


def _call(st: HandState, i: int, seat: int, amount: int | None) -> None:
    """A call puts in what is owed (an all-in call for less: only the chips left, table
    stakes); a recorded amount that differs is ``wrong_amount`` and the recorded chips go
    in (the log is what physically happened)."""
    bets = st.bets
    owed = st.high - bets[seat]
    if owed <= 0:
        if amount is not None and amount != bets[seat]:
            st.find("wrong_amount", i, seat, f"seat {seat} called {amount} with nothing to "
                    "call", details={"expected": bets[seat], "recorded": amount,
                                     "reason": "nothing_to_call"})
            st.put(seat, amount - bets[seat])
        return
    cover(st, i, seat, owed)  # (a caja libre: the box sells what the stack lacks)
    if amount is not None:
        due_total = min(st.high, bets[seat] + st.stacks[seat])
        if amount != due_total:
            st.find("wrong_amount", i, seat, f"seat {seat} called {amount}; the call was "
                    f"{due_total}", details={"expected": due_total, "recorded": amount,
                                             "reason": "call"})
            st.put(seat, amount - bets[seat])
            return
    st.put(seat, owed)


def fold(st: HandState, i: int, seat: int) -> None:
    """``seat`` folds at line ``i`` (in a betting round, at the draw, or a muck while the
    betting is on): it is out of the pot (an opener who had not shown gives up proving
    openers: :func:`~referee.opening.left`)."""
    st.folded.add(seat)
    left(st, i, seat)


def muck(st: HandState, i: int, seat: int) -> None:
    """A muck during a betting round (the hand thrown away unseen): a fold; the seat has
    acted, and the round ends if nobody is left to act."""
    fold(st, i, seat)
    acted_by_muck(st, seat)
    if bet_due(st) is None:
        end_betting(st, i)


def unreadable(st: HandState, i: int, seat: int, verb: str) -> None:
    """An unreadable line of ``seat`` in a betting round (``verb``: its second word, as
    far as it reads). A wager (open, bet, raise, all in) of unknown size must be answered
    by every other seat (no chips guessed); before the draw, with nothing opened, it may
    be the opening. The seat, if due, counts as having acted (so that the turn order goes
    on without a cascade of findings)."""
    if verb in ("open", "bet", "raise", "allin"):
        unknown_wager(st, seat)
        if (verb in ("open", "bet") and st.round == 0 and st.opener is None
                and st.rules.opening is not None and not st.blinds):
            opened(st, i, seat)
    if bet_due(st) == seat:
        acted(st, seat, True)
        if bet_due(st) is None:
            end_betting(st, i)


def wager(st: HandState, i: int, seat: int, verb: str, total: int) -> None:
    """A bet, open, raise or all-in to ``total`` chips this round: capped at the stack,
    judged against the limits, its chips put in; a full bet or raise reopens the
    betting."""
    have = st.bets[seat] + st.stacks[seat]
    if total > have and not st.rules.table_stakes:
        buy(st, i, seat, total - have)  # a caja libre (seed 002): the box sells the rest
        have = total
    capped = total > have
    if capped:
        st.find("bet_too_large", i, seat, f"seat {seat} wagered {total} with only {have}",
                details={"recorded": total, "maximum": have, "reason": "stack"})
        total = have  # (all in: the size checks below would report the same cause again)
    allin = total >= have
    if total <= st.high:
        # an all-in call for less, or a "raise" that does not raise
        if not allin:
            st.find("bet_too_small", i, seat, f"seat {seat} {PAST.get(verb, verb)} "
                    f"{total}, not above the bet of {st.high}",
                    details={"recorded": total, "facing": st.high, "reason": "no_raise"})
        st.put(seat, total - st.bets[seat])
        return
    opening = st.high == 0
    if opening:
        full = _judge_bet(st, i, seat, total, allin, capped)
    else:
        full = _judge_raise(st, i, seat, total, allin, capped)
    st.put(seat, total - st.bets[seat])
    wagered(st, seat, total, full, opening)


def _judge_bet(st: HandState, i: int, seat: int, total: int, allin: bool,
               capped: bool) -> bool:
    """The first bet of the round (nothing to match): its size, the pot limit, and, the
    first voluntary bet before the draw, the opening. Returns whether it is a full bet."""
    r = st.rules
    size = st.bet_size() if r.betting == "fixed_limit" else 0
    if r.betting == "fixed_limit":
        if total != size and not (allin and total < size) and not capped:
            kind = "bet_too_small" if total < size else "bet_too_large"
            st.find(kind, i, seat, f"seat {seat} bet {total}; the bet is {size} in this round",
                    details={"recorded": total, "expected": size, "reason": "fixed_limit"})
    elif total < st.min_bet() and not allin:
        details = {"recorded": total, "minimum": st.min_bet(), "reason": "min_bet"}
        if not st.blinds and r.big_blind > max(r.min_bet, 1):
            # no blind was posted (seed 000: "Esta ciega no es obligatoria"), and the house's
            # big blind still sets the least bet (unposted_blind_min "big_blind")
            details["basis"] = "unposted_blind"
        st.find("bet_too_small", i, seat, f"seat {seat} bet {total}; the minimum bet is "
                f"{st.min_bet()}", details=details)
    if r.betting == "pot_limit" and not capped:
        cap = max(st.pot_total(), st.min_bet())  # the minimum bet is always allowed (RRoP 15)
        if total > cap:
            st.find("bet_too_large", i, seat, f"seat {seat} bet {total}; the pot limit was "
                    f"{cap}", details={"recorded": total, "maximum": cap,
                                       "reason": "pot_limit"})
    if st.round == 0 and st.opener is None and not st.blinds:
        opened(st, i, seat)
        judge_from_deal(st, i, seat)
    return (not allin or total >= st.min_bet()
            or r.betting == "fixed_limit" and 2 * total >= size)


def _judge_raise(st: HandState, i: int, seat: int, total: int, allin: bool,
                 capped: bool) -> bool:
    """A raise (a bet to match): reopened to this seat, its size (fixed limit: the bet
    more, and the cap; else at least the last raise and the pot limit). Returns whether
    it is a full raise."""
    r = st.rules
    increment = total - st.high
    closed = raise_closed(st, seat)
    if closed is not None:
        _raise_before_blind(st, i, seat, total, closed)
    elif not reopened(st, seat):
        _not_reopened(st, i, seat, total)
    if r.betting == "fixed_limit":
        return _judge_fixed_raise(st, i, seat, total, allin, capped)
    full = increment >= st.last_raise
    if not full and not allin:
        st.find("bet_too_small", i, seat, f"seat {seat} raised by {increment}; the minimum "
                f"raise is {st.last_raise}",
                details={"recorded": total, "minimum": st.high + st.last_raise,
                         "raise_by": increment, "min_raise": st.last_raise,
                         "reason": "min_raise"})
    if r.betting == "pot_limit" and not capped:
        cap = max(pot_raise_limit(st, seat), st.high + st.last_raise)  # the minimum raise
        if total > cap:
            st.find("bet_too_large", i, seat, f"seat {seat} raised to {total}; the pot limit "
                    f"was {cap}", details={"recorded": total, "maximum": cap,
                                           "reason": "pot_limit"})
    return full


def _not_reopened(st: HandState, i: int, seat: int, total: int) -> None:
    """A raise by a seat the betting was not reopened to (:func:`reopened`), said by what
    came since it acted: nobody raised (``not_raised_since``: the bet is the one it made or
    already faced), or the last raise (by ``raiser``) was short of a full one: an all-in
    (``short_allin``: RRoP section 3, rule 6; section 15; TDA rule 47) or not
    (``short_raise``, itself too small)."""
    raiser = st.aggressor
    details = {"recorded": total, "facing": st.high}
    if st.high == st.acted_high.get(seat, st.high):
        reason, said = "not_raised_since", "nobody raised since it acted"
    elif raiser is not None and raiser in st.allin:
        reason, said = "short_allin", f"the all-in of seat {raiser} was short of a full raise"
        details["raiser"] = raiser
        if st.rules.betting == "fixed_limit":
            details["basis"] = "fixed_limit"  # (less than half a bet: RRoP 3 rule 6)
    else:
        reason, said = "short_raise", "the raise since it acted was short of a full raise"
        details["raiser"] = raiser
    details["reason"] = reason
    st.find("not_reopened", i, seat, f"seat {seat} raised, but the betting was not reopened "
            f"to it: {said}", details=details)


def _raise_before_blind(st: HandState, i: int, seat: int, total: int, why: str) -> None:
    """A raise the seeds' blind rules do not allow yet (:func:`~referee.blinds.raise_closed`:
    seed 001 ``blind_first``, seed 002 ``blind_only``)."""
    holder = right_holder(st)
    st.find("not_reopened", i, seat, f"seat {seat} raised, but in a hand with blinds "
            + ("only a seat that posted a blind may raise" if why == "blind_only" else
               f"no raise comes before the blinds' own (seat {holder})"),
            details={"recorded": total, "facing": st.high, "reason": why, "holder": holder})


def _judge_fixed_raise(st: HandState, i: int, seat: int, total: int, allin: bool,
                       capped: bool) -> bool:
    """A fixed-limit raise: to one bet over the last full bet (over a short all-in of less
    than half a bet, completing it: RRoP section 3, rule 6, "a player facing an all-in
    wager of less than half a bet may fold, call, or complete the wager"; an all-in of
    half a bet or more is treated as a full bet), and the cap (:func:`_judge_cap`).
    Returns whether it is a full raise (it reopens the betting and counts for the cap)."""
    size = st.bet_size()
    want = st.full_high + size
    if total != want and not (allin and total < want) and not capped:
        kind = "bet_too_small" if total < want else "bet_too_large"
        details = {"recorded": total, "expected": want, "reason": "fixed_limit"}
        if st.high > st.full_high:
            details["basis"] = "completion"  # (facing a short all-in: RRoP 3 rule 6)
        st.find(kind, i, seat, f"seat {seat} raised to {total}; the raise is to {want}",
                details=details)
    full = total >= want or 2 * (total - st.high) >= size
    if full:
        _judge_cap(st, i, seat, count_raise(st))
    return full


def _judge_cap(st: HandState, i: int, seat: int, raises: int) -> None:
    """RRoP section 3, rule 3: "for a pot involving three or more players who are not
    all-in", a bet and :meth:`~referee.rules.HouseRules.raises_allowed` raises; rule 4:
    heads-up raising is unlimited if the action became heads-up before the cap was
    reached, and once capped the round stays capped. ``raises``: the full raises so far
    this round, this one included."""
    most = st.rules.raises_allowed()
    if most is None or (not st.capped and _heads_up(st)):
        return
    if raises > most:
        st.find("raise_cap", i, seat, f"raise number {raises} by seat {seat}; the cap "
                f"is a bet and {most} raises", details={"raises": raises, "cap": most})
    elif raises == most:
        cap(st)


def _heads_up(st: HandState) -> bool:
    """Two or fewer players not all in contest the pot (RRoP section 3, rule 3)."""
    return sum(1 for s in st.contesting() if s not in st.allin) <= 2


def reopened(st: HandState, seat: int) -> bool:
    """Whether the betting is open to ``seat`` for a raise: it has not acted in this
    round, or a full raise came after it acted, or the short all-ins since it acted add
    up to a full raise (TDA rule 47; RRoP section 15, No-Limit: "all-in wagers ... of
    less than a full raise ... in total" reopen the betting)."""
    acted = st.acted
    if seat not in acted or st.full_seq > acted[seat]:
        return True
    need = st.bet_size() if st.rules.betting == "fixed_limit" else st.last_raise
    return st.high - st.acted_high.get(seat, st.high) >= need


def options(st: HandState, seat: int) -> list[dict]:
    """What ``seat`` may do in a betting round: ``[{"verb": str, "min": int|None, "max":
    int|None}]`` (round totals in chips, as the log writes them): check and bet (or
    open), or call and raise (where reopened and under the cap); fold; all in.

    With table stakes every figure stops at the seat's chips (seed 000: «Ningún jugador
    podrá obligar a otro a jugarse mayor cantidad de la que dispone en su resto»). With a
    caja libre (``table_stakes`` false, seed 002: «una caja libre (sin límite en las
    apuestas)») nothing stops at the stack: the call is the whole call, a no-limit wager has
    no most (``max`` None), and the chips lacking come from the box
    (:func:`referee.open_box.cover`); a short all-in is no call there, so the all-in is offered only as a no-limit wager."""
    r = st.rules
    stack = st.stacks[seat]
    have = st.bets[seat] + stack if r.table_stakes else None
    owed = st.high - st.bets[seat]
    out: list[dict] = []
    if owed <= 0:
        out.append({"verb": "check", "min": None, "max": None})
        if stack > 0 or not r.table_stakes:
            out.append(_bet_option(st, have))
    else:
        call = _upto(st.high, have)
        out.append({"verb": "call", "min": call, "max": call})
        raise_option = _raise_option(st, seat, have, owed)
        if raise_option is not None:
            out.append(raise_option)
    out.append({"verb": "fold", "min": None, "max": None})
    everything = st.bets[seat] + stack
    if stack > 0 and ((r.table_stakes and owed >= stack) or (r.betting == "no_limit" and reopened(st, seat))):
        out.append({"verb": "allin", "min": everything, "max": everything})
    return out


def _upto(chips: int | None, have: int | None) -> int | None:
    """``chips`` stopped at ``have`` (the seat's chips with table stakes; None: a caja
    libre, nothing stops at the stack)."""
    if have is None or chips is None:
        return chips
    return min(chips, have)


def _bet_option(st: HandState, have: int | None) -> dict:
    """The first bet of the round (``open`` before the draw where an opening is owed);
    ``have``: the seat's chips, None with a caja libre (:func:`options`)."""
    r = st.rules
    mn = st.min_bet()
    if r.betting == "fixed_limit":
        mx = mn
    else:
        mx = max(st.pot_total(), mn) if r.betting == "pot_limit" else have
    verb = "open" if (st.round == 0 and st.opener is None and not st.blinds
                      and r.opening is not None) else "bet"
    return {"verb": verb, "min": _upto(mn, have), "max": _upto(mx, have)}


def _raise_option(st: HandState, seat: int, have: int | None, owed: int) -> dict | None:
    """A raise, where the seat has chips beyond the call (always, with a caja libre:
    ``have`` None), the betting is open to it and the cap is not reached."""
    r = st.rules
    cap = r.raises_allowed()
    capped = (r.betting == "fixed_limit" and cap is not None and st.raises >= cap
              and (st.capped or not _heads_up(st)))
    short = have is not None and have <= st.high
    if short or not reopened(st, seat) or capped or raise_closed(st, seat):
        return None
    if r.betting == "fixed_limit":
        mn = mx = st.full_high + st.bet_size()  # (completing a short all-in: RRoP 3 rule 6)
    else:
        inc = st.last_raise if st.phase != PREDEAL else max(st.min_bet(), st.high)
        mn = st.high + inc
        mx = have if r.betting == "no_limit" else max(pot_raise_limit(st, seat), mn)
    return {"verb": "raise", "min": _upto(mn, have), "max": _upto(mx, have)}


def pot_raise_limit(st: HandState, seat: int) -> int:
    """The most a pot-limit raise may be (round total, chips): the call plus the pot after
    the call (RRoP section 15, Pot-Limit: "the maximum raise is the amount in the pot
    after the call"). The minimum raise is allowed even where it is more (the callers
    take the larger of the two)."""
    return st.high + st.pot_total() + (st.high - st.bets[seat])
