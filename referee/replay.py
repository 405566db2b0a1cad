"""The hand state machine's driver: replay one hand of five-card draw under the house rules.

:class:`HandReplay` takes the table as the hand starts (:class:`HandStart`) and steps
through the log one action at a time (:meth:`HandReplay.step`), handing each line to the
concern it belongs to, all over one :class:`~referee.state.HandState`:

==========================  ==========================================================
module                      job
==========================  ==========================================================
:mod:`referee.log`          parsing the lines (cached), who the log shows dealt in
:mod:`referee.state`        the hand's state (each field's one writer module: its
                            ``WRITERS``) and the moves every concern shares
:mod:`referee.rounds`       whose turn it is; when each round begins and ends
:mod:`referee.forced`       antes and blinds
:mod:`referee.betting`      a betting round: checks, calls, bets, raises, folds
:mod:`referee.betround`     the betting round's record (the bet to match, who acted)
:mod:`referee.opening`      the opener's obligations (openers, split openers)
:mod:`referee.deck`         the cards: the deal, each card seen once, the stub
:mod:`referee.draw`         the draw and the serves
:mod:`referee.showdown`     hands tabled or mucked, in showdown order
:mod:`referee.outcome`       the final ruling: outcome, pots, awards, stacks after
==========================  ==========================================================

The state is kept what physically happened at the table (chips recorded as put in are in
the pot, cards recorded as served are held), and every irregularity is a
:class:`~referee.findings.Finding`. :meth:`HandReplay.finish` rules on the end of the hand.

Irregular logs: an unreadable player line before the hand is decided leaves the result
undecided (``awards`` None, unless one seat is left) and the seat, if it was due, counts as
having acted; the betting findings that could follow from the missing action are not made
(CONTRACT.md 2: reported once, as ``unreadable``). A player action after the pot was pushed
is one ``not_in_hand`` and changes nothing. ``pN rebuy A`` (an extension) records chips
bought during a hand: they play from the next hand (``chips_added_mid_hand``).

>>> from referee.rules import resolve_rules
>>> start = HandStart(rules=resolve_rules("jackpots", ante=5, small_bet=10, big_bet=20),
...                   button=4, stacks={1: 500, 3: 500, 4: 500})
>>> h = HandReplay(start, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10"])
>>> h.run().state.phase, h.due()
(<Phase.PREDRAW: 'predraw'>, 4)
>>> [l["verb"] for l in h.legal()]
['call', 'raise', 'fold']
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .actions import Action
from .betting import bet
from .betting import options as bet_options
from .betting import unreadable as bet_unreadable
from .blinds import looked
from .checkdown import matching_due, pay, pay_option
from .deck import deal, judge_deal_size
from .draw import bet_line as draw_bet_line
from .draw import draw, fix, serve
from .draw import options as draw_options
from .forced import ante, blind, blind_options, leave_predeal, owed_option
from .forced import unreadable as forced_unreadable
from .hand import HandResult, HandStart
from .irregular import after_leaving, after_misdeal, expose, leave, sitout_without_pot
from .opening import declare_split, left
from .outcome import finish
from .rounds import drawn, due, end_draw, end_hand, predeal_owed, predraw_betting
from .showdown import bet_line as showdown_bet_line
from .showdown import muck, record_show, show, tabled_hand
from .showdown import options as showdown_options
from .state import (BETTING_ROUNDS, COMPLETE, DRAW, PAST, POSTDRAW, PREDEAL, PREDRAW, SHOWDOWN,
                    HandState)

__all__ = ["HandReplay", "HandStart", "HandResult"]


class HandReplay:
    """Replay of one hand. Build it, call :meth:`step` per action (or :meth:`run`), then
    :meth:`finish`. Never raises on a player's or dealer's mistake; those are findings.

    :param start: the table as the hand starts.
    :param actions: the hand's action strings (CONTRACT.md section 2).

    ``state`` is the :class:`~referee.state.HandState` as far as the log has been stepped
    (phase, stacks, bets, who folded, the cards ...).
    """

    __slots__ = ("start", "actions", "state")

    def __init__(self, start: HandStart, actions: Sequence[Any]):
        self.state = HandState(start, actions)
        judge_deal_size(self.state)
        self.start = start
        self.actions = self.state.actions

    def run(self) -> "HandReplay":
        """Step through every action of the log; returns self (call :meth:`finish` next)."""
        step = self.step
        for i in range(len(self.actions)):
            step(i)
        return self

    def step(self, i: int) -> None:
        """Apply action ``i`` of the log to the state, recording findings."""
        st = self.state
        st.index = i
        st.line_phases.append(st.phase)
        a = st.parsed[i]
        if a is None:
            _unreadable(st, i)
            return
        if a.actor == "d":
            _DEALER[a.verb](st, i, a)
            return
        seat: int = a.seat  # type: ignore[assignment]  (a player line names its seat)
        verb = a.verb
        if st.recorded and verb not in _AFTER_AWARD_OK:
            # the pot was pushed: the hand is over; nothing a player does changes it
            st.find("not_in_hand", i, seat, f"seat {seat} {PAST.get(verb, verb)} after the "
                    "hand was over (the pot had been pushed)",
                    details={"verb": verb, "reason": "pot_pushed"})
            return
        if seat not in st.folded and seat not in st.mucked and seat not in st.allin:
            # the common cases first: a bet in a betting round, a draw in the draw, a show
            # at the showdown (the same handlers as the general path below)
            phase = st.phase
            if verb in _BETTING and (phase == PREDRAW or phase == POSTDRAW) and seat in st.pos:
                bet(st, i, seat, a)
                return
            if verb == "draw" and phase == DRAW and seat in st.pos:
                draw(st, i, seat, a)
                return
            if verb == "show" and phase == SHOWDOWN and seat in st.pos:
                show(st, i, seat, a)
                return
        _player_line(st, i, seat, a)

    def due(self) -> int | None:
        """The seat due to act now (int), or None (no one: the phase is over or not begun).

        Before the deal, the next seat that has not anted (when antes are owed).
        """
        return due(self.state)

    def legal(self) -> list[dict]:
        """What the seat due may do now: ``[{"verb": str, "min": int|None, "max": int|None}]``
        (amounts are round totals in chips, as the log writes them)."""
        st = self.state
        seat = due(st)
        if seat is None:
            return []
        if st.phase == COMPLETE:
            return [pay_option(st, seat)]  # (seed 002: a folded seat pays after a check-down)
        if st.phase == PREDEAL:
            owed = predeal_owed(st)
            if owed:
                return [owed_option(st, owed)]
            if not predraw_betting(st):
                # nobody to bet against: the lone seat's option (a check), else the draw
                if st.can_act(seat):
                    return [{"verb": "check", "min": None, "max": None}]
                return draw_options(st, seat)
            return blind_options(st) + bet_options(st, seat)
        if st.phase == DRAW:
            return draw_options(st, seat)
        if st.phase == SHOWDOWN:
            return showdown_options()
        return bet_options(st, seat)

    def pot_total(self) -> int:
        """Chips in the middle: carried in plus everything put in this hand (int)."""
        return self.state.pot_total()

    def finish(self) -> HandResult:
        """Rule on the hand as logged: pots, awards, stacks after, chips carried
        (:func:`referee.outcome.finish`).

        :returns: a :class:`HandResult`; findings are sorted by action index.
        """
        return finish(self.state)


# ------------------------------------------------------------------ player lines
def _player_line(st: HandState, i: int, seat: int, a: Action) -> None:
    """A player line off the common paths of :meth:`HandReplay.step`: a seat not dealt
    in, forced chips, a rebuy, the end of the forced chips, a line after the hand was
    decided or after folding, and any line out of its phase."""
    verb = a.verb
    if _off_the_hand(st, i, seat, a):
        return
    if verb == "ante":
        if st.phase == COMPLETE and matching_due(st):
            pay(st, i, seat, a)  # seed 002: the folded seats match after a check-down
        else:
            ante(st, i, seat, a)
        return
    if verb in ("blind", "straddle"):
        if st.phase in (PREDEAL, PREDRAW) and looked(st, i, seat):
            _blind_after_looking(st, i, seat, a)
        else:
            blind(st, i, seat, a)
        return
    if verb == "rebuy":
        _rebuy(st, i, seat, a.amount or 0)
        return
    if verb in _ALLIN_IDLE and seat in st.allin and _allin_line(st, i, seat, a):
        return
    if tabled_hand(st, i, seat, verb):
        return  # (a tabled hand is judged as shown: RRoP section 4, cards speak)
    if verb in _LEAVING and st.phase != COMPLETE:
        return leave(st, i, seat, verb)  # (seeds 002 and 000: out of the hand, ante stays)
    if st.phase == PREDEAL:
        leave_predeal(st, i)
    if st.phase == COMPLETE:
        _after_the_hand(st, i, seat, a)
        return
    if seat in st.folded or seat in st.mucked:
        if verb == "show":
            record_show(st, i, seat, a.cards or ())
            return
        after_leaving(st, i, seat, verb)
        return
    if verb == "show":
        show(st, i, seat, a)
    elif verb == "muck":
        muck(st, i, seat)
    elif verb == "split":
        declare_split(st, i, seat)
    elif verb == "draw":
        draw(st, i, seat, a)
    elif st.phase == DRAW:
        if draw_bet_line(st, i, seat, a):
            bet(st, i, seat, a)
    elif st.phase == SHOWDOWN:
        showdown_bet_line(st, i, seat, a)
    else:
        bet(st, i, seat, a)


def _off_the_hand(st: HandState, i: int, seat: int, a: Action) -> bool:
    """A line of a seat never dealt in (:func:`_never_dealt_in`), a line after a misdeal
    (the table played on a void deal, :func:`referee.irregular.after_misdeal`), or forced
    chips of a seat that left the hand (:func:`referee.irregular.after_leaving`): judged
    as such; returns whether it was one."""
    verb = a.verb
    if seat not in st.pos:
        _never_dealt_in(st, i, seat, verb)
        return True
    if st.outcome == "misdeal" and verb != "rebuy":
        after_misdeal(st, i, seat, a)
        return True
    if (verb in _FORCED_VERBS and st.phase != COMPLETE
            and (seat in st.folded or seat in st.mucked)):
        after_leaving(st, i, seat, verb)
        return True
    return False


def _never_dealt_in(st: HandState, i: int, seat: int, verb: str) -> None:
    """A line of a seat not dealt in (a rebuy, and the sitout of a seat that abstains,
    aside): ``not_in_hand``, once per seat (reason ``never_dealt_in``); of a seat that sat
    the hand out, at each line (reason ``sat_out``: its lines do not vanish). The sitout
    itself, in a hand that owes no ante (blinds only), is ``sitout_irregular`` (reason
    ``no_pot``: seed 000's abstaining is from the pot), once."""
    if verb == "sitout" and seat in st.sat_out:
        # seed 000: "lo dirá, y no se le darán cartas", in a hand with a pot (antes)
        if not _pot_hand(st) and not any(
                p is not None and p.actor == "p" and p.seat == seat and p.verb == "sitout"
                for p in st.parsed[:i]):
            sitout_without_pot(st, i, seat)
        return
    if verb != "rebuy" and seat in st.sat_out:
        # it abstained: each line it logs after is one more line of a seat out of the hand
        st.find("not_in_hand", i, seat, f"seat {seat} sat this hand out: it cannot {verb}",
                details={"verb": verb, "reason": "sat_out"})
    elif verb != "rebuy":
        st.find("not_in_hand", i, seat, f"seat {seat} was never dealt in this hand: "
                f"it cannot {verb}", once=("never", seat),
                details={"verb": verb, "reason": "never_dealt_in"})


def _pot_hand(st: HandState) -> bool:
    """Whether every seat owes an ante in this hand (a "pot", seed 000: "El pot es
    obligatorio o convencional"): the house ante, not a big blind ante, and not waived
    (``ante_custom``: the hand's rules carry ante 0, :func:`referee.ante_custom.without_ante`)."""
    return st.rules.ante > 0 and not st.rules.big_blind_ante


def _allin_line(st: HandState, i: int, seat: int, a: Action) -> bool:
    """A check, call or wager logged by a seat already all in (by its ante or blind, or
    earlier in the hand), while the hand is still in its forced chips, betting or draw:
    the seat has no chips to act with and takes no further part in the betting (RRoP
    section 3: an all-in player is in the pot for the chips it put in), so it was not
    due: ``out_of_turn`` (reason ``all_in``, ``due`` the seat that was), and the line
    changes nothing (no round ends, no draw is lost). Returns whether it was such a
    line (False: a folded seat's, or at the showdown or after the hand; judged as
    usual)."""
    if st.phase not in _BETTING_PHASES or seat in st.folded or seat in st.mucked:
        return False
    verb = a.verb
    who = due(st)
    st.find("out_of_turn", i, seat, f"seat {seat} {PAST.get(verb, verb)}, but it was "
            "already all in: it had nothing left to act on",
            details={"due": who, "verb": verb, "reason": "all_in"})
    return True


def _blind_after_looking(st: HandState, i: int, seat: int, a: Action) -> None:
    """A blind posted after the seat's cards were dealt (``blind_before_deal``, seed 000:
    "Si antes de marcar el blind o ciega mira inadvertidamente sus cartas, se jugará esa
    partida sin blind"): ``blind_irregular`` (reason ``looked``), and the hand is played
    without a blind: the chips logged are the seat's own bet (a raise where there is a bet
    to match) in the first betting round, judged as one."""
    st.find("blind_irregular", i, seat, f"seat {seat} posted a blind after its cards were "
            "dealt: the hand is played without a blind (the chips are its bet)",
            details={"reason": "looked", "double": a.verb == "straddle" or bool(st.blinds)})
    if st.phase == PREDEAL:
        leave_predeal(st, i)
    if st.phase != PREDRAW:
        return  # (the forced chips ended the round at once: nobody left to bet)
    verb = "raise" if st.high else "bet"
    bet(st, i, seat, Action("p", seat, verb, a.amount or 0))


def _rebuy(st: HandState, i: int, seat: int, chips: int) -> None:
    """``pN rebuy A`` (an extension): before any player line but antes, a between-hands
    rebuy; later, chips added during the hand (table stakes, seed 000: they play from the
    next hand; with an open box, ``table_stakes`` False, seed 002: at once)."""
    if st.phase == PREDEAL and not any(
            p is not None and p.actor == "p" and p.verb != "ante" for p in st.parsed[:i]):
        st.add_chips(seat, chips)  # before the cards: a between-hands rebuy
        return
    if not st.rules.table_stakes:
        st.add_chips(seat, chips)  # an open box (caja libre, seed 002): they play at once
        return
    st.late_chips[seat] = st.late_chips.get(seat, 0) + chips
    st.find("chips_added_mid_hand", i, seat, f"seat {seat} added {chips} chips during the "
            "hand; they play from the next hand", details={"chips": chips})


def _after_the_hand(st: HandState, i: int, seat: int, a: Action) -> None:
    """A line once the hand is decided: a show is recorded (it may prove openers), a muck
    or fold may be the opener leaving; anything else is ``not_in_hand`` (after a misdeal,
    nothing)."""
    verb = a.verb
    if verb == "show":
        record_show(st, i, seat, a.cards or ())
    elif verb in ("muck", "fold"):
        left(st, i, seat)
    elif st.outcome != "misdeal":
        st.find("not_in_hand", i, seat, f"seat {seat} {PAST.get(verb, verb)} after the hand "
                "was over", details={"verb": verb, "reason": "hand_over"})


# ---------------------------------------------------------------- unreadable lines
def _unreadable(st: HandState, i: int) -> None:
    """An unreadable line (its ``unreadable`` finding is already made). A dealer line
    changes no chips (one that may be an award leaves the push unjudged; a move is no
    push); a player line
    before the hand is decided makes the hand ``lost``: its result is not judged and the
    seat, if it was due, counts as having acted (so that the turn order goes on without a
    cascade of findings)."""
    line = st.actions[i]
    words = line.split() if isinstance(line, str) else []
    who = words[0] if words else ""
    if who in ("d", "D"):
        if len(words) < 2 or words[1].lower() not in ("deal", "serve", "move", "note",
                                                       "misdeal"):
            st.award_unknown = True  # (it may have been a push: do not judge them)
        return
    if st.phase == COMPLETE or (st.recorded and st.phase == SHOWDOWN):
        return  # after the hand was decided: nothing it did changes the result
    seat = None
    if len(who) > 1 and who[0] in "pP" and who[1:].isascii() and who[1:].isdigit():
        seat = int(who[1:])
    st.lost = True
    st.lost_seats.add(seat if seat in st.pos else None)
    if seat is None or seat not in st.pos:
        return
    verb = words[1].lower() if len(words) > 1 else ""
    if st.phase == PREDEAL:
        if verb.startswith(("ante", "blind", "straddle")):
            forced_unreadable(st, seat)
            return
        leave_predeal(st, i)
    if st.phase in BETTING_ROUNDS:
        bet_unreadable(st, i, seat, verb)
    elif st.phase == DRAW and due(st) == seat:
        drawn(st, seat)
        if due(st) is None:
            end_draw(st)


# ------------------------------------------------------------------ dealer lines
def _award(st: HandState, i: int, a: Action) -> None:
    """``d award pN A``: the dealer pushed A chips to seat N (judged at the end)."""
    assert a.seat is not None and a.amount is not None  # (an award names both)
    st.recorded.append((i, a.seat, a.amount))


def _move(st: HandState, i: int, a: Action) -> None:
    """``d move pA pB A``: A chips handed from seat A to seat B at the table, outside the
    betting (a ruling settled at the table, CONTRACT.md section 2). The pots, the betting
    and the referee's stacks are untouched; the chips on the table change once the hand is
    over (:func:`referee.chips_on_table.settle_moves`), wherever the line stands."""
    assert a.seat is not None and a.to is not None and a.amount is not None  # (a move names all)
    st.moves.append((i, a.seat, a.to, a.amount))


def _misdeal(st: HandState, i: int, a: Action) -> None:
    """``d misdeal``: the deal is void; the chips put in go back (at the end)."""
    end_hand(st, "misdeal")
    returned = {s: c + st.dead_money.get(s, 0) for s, c in st.contrib.items()}
    for s, c in st.dead_money.items():
        returned.setdefault(s, c)
    st.find("misdeal", i, None, "the dealer called a misdeal: the deal is void and the "
            "chips put in go back",
            details={"returned": {str(s): c for s, c in sorted(returned.items()) if c}})


def _note(st: HandState, i: int, a: Action) -> None:
    """``d note TEXT``: no effect on play."""


_DEALER: dict[str, Callable[[HandState, int, Action], None]] = {
    "deal": deal, "serve": serve, "award": _award, "move": _move, "misdeal": _misdeal,
    "note": _note, "expose": expose, "fix": fix}
_BETTING = frozenset(("check", "open", "bet", "call", "raise", "allin", "fold"))
_FORCED_VERBS = frozenset(("ante", "blind", "straddle"))
_LEAVING = frozenset(("withdraw", "sitout"))
_AFTER_AWARD_OK = frozenset(("show", "muck", "rebuy"))
_ALLIN_IDLE = frozenset(("check", "call", "open", "bet", "raise", "allin"))
"""Betting lines a seat already all in cannot act on (:func:`_allin_line`)."""
_BETTING_PHASES = frozenset((PREDEAL, PREDRAW, DRAW, POSTDRAW))
