"""The betting round's record: the bet to match and how it was made (the least raise, the
full bet a fixed-limit raise is made from, the full raises counted for the cap), who has
acted facing what, the last aggressor, the seats a wager out of turn skipped, and the
cursor (the last seat that acted in turn). Functions of a :class:`HandState`, the one
writer of those fields: :mod:`referee.betting` judges each betting line and records it
here, :mod:`referee.rounds` begins a round here, :mod:`referee.forced` brings the forced
chips in.

Amounts are round totals in chips (CONTRACT.md section 2). RRoP section 3: a raise is at
least the previous bet or raise, and a full bet or raise reopens the betting; TDA rule
53: the seats a wager out of turn skipped keep the options they had before it.
"""

from __future__ import annotations

from .blinds import bring_in
from .state import HandState


def begin(st: HandState, first: int | None) -> None:
    """A betting round begins with seat ``first`` (None: nobody can act). After a draw
    the bets are gathered and the record starts afresh (nothing to match, the least raise
    the minimum bet); the first round starts from the forced chips
    (:func:`set_bring_in`)."""
    if st.round > 0:
        st.clear_bets()
        st.high = 0
        st.raises = 0
        st.full_high = 0
        st.capped = False
        st.last_raise = st.min_bet()
        st.acted = {}
        st.acted_high = {}
        st.oot_skip = {}
        st.aggressor = None
    else:
        set_bring_in(st)
    st.cursor = (st.pos[first] - 1) if first is not None else -1


def set_bring_in(st: HandState) -> None:
    """The first betting round's bet as the forced chips leave it (called as each forced
    line goes in and as the round begins): the bet to match (:func:`~referee.blinds.
    bring_in`: a short all-in big blind does not lower it, RRoP section 2 rule 1), the
    least raise (the big blind, or the minimum bet) and, fixed limit, the full bet a
    raise is made from (the blind is the bet, RRoP section 3)."""
    st.high = bring_in(st)
    st.last_raise = max(st.min_bet(), st.high) if st.blinds or st.high else st.min_bet()
    st.full_high = st.high


def blind_in(st: HandState, seat: int) -> None:
    """A blind's chips in front of ``seat`` are a bet to match (the bet is at least
    them)."""
    st.high = max(st.high, st.bets[seat])


def wagered(st: HandState, seat: int, total: int, full: bool, opening: bool) -> None:
    """``seat`` bet (``opening``: nothing was bet in the round) or raised to ``total``
    chips, its chips put in. A full bet or raise (``full``) reopens the betting and is
    what the next raise is sized from: the least raise is its increment (not below the
    minimum bet or the last raise; fixed limit: the bet size instead) and, in fixed limit
    or as the round's first bet, the full bet is ``total``."""
    if full:
        st.full_seq += 1
        fixed = st.rules.betting == "fixed_limit"
        if opening or fixed:
            st.full_high = total
        if not fixed:
            floor = st.min_bet() if opening else st.last_raise
            st.last_raise = max(total - st.high, floor)
    st.high = total
    st.aggressor = seat


def count_raise(st: HandState) -> int:
    """A full raise in fixed limit, counted for the cap (RRoP section 3, rule 3); returns
    the raises so far this round."""
    st.raises += 1
    return st.raises


def cap(st: HandState) -> None:
    """The raising reached the cap with three or more in: the round stays capped (RRoP
    section 3, rule 4)."""
    st.capped = True


def skipped(st: HandState, due: int, seat: int, high_before: int) -> None:
    """TDA rule 53: the seats a wager out of turn skipped (from the seat ``due`` up to
    ``seat``, the wagerer) keep the options they had before it: the bet they faced,
    ``high_before``."""
    skip = st.oot_skip
    p = st.pos[due]
    for s in st.cyc[p:p + st.n]:
        if s == seat:
            break
        if st.can_act(s) and s not in skip:
            skip[s] = high_before


def acted(st: HandState, seat: int, in_turn: bool) -> None:
    """``seat`` has acted in this round, facing the bet as it stands now (a seat a wager
    out of turn skipped has answered it); ``in_turn``: it was due, and the turn moves on
    from it."""
    if st.oot_skip:
        st.oot_skip.pop(seat, None)
    st.acted[seat] = st.full_seq
    st.acted_high[seat] = st.high
    if in_turn:
        st.cursor = st.pos[seat]


def acted_by_muck(st: HandState, seat: int) -> None:
    """``seat`` threw its hand away during the round: it counts as having acted (the turn
    does not move from it)."""
    st.acted[seat] = st.full_seq


def unknown_wager(st: HandState, seat: int) -> None:
    """An unreadable line of ``seat`` that was a wager of unknown size: every other seat
    must answer it (no chips guessed)."""
    st.full_seq += 1
    for s in [s for s in st.acted if s != seat]:
        del st.acted[s]
    st.aggressor = seat
