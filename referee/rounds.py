"""The flow of a hand: whose turn it is, and when each round (the forced chips, a betting
round, the draw, the showdown) begins and ends. Functions of a :class:`HandState`.

Turn order (CONTRACT.md "How the log is read"): ``direction`` clockwise goes to higher
seat numbers, counterclockwise (seed 000) to lower. Before the draw the first seat to speak
is the one after the button (after the blinds, where posted); the draw starts after the
button; after the draw the opener speaks first (or the next live seat), and in games
without an opener the first live seat after the button. Showdown starts with the last
aggressor of the final round, or with the first to speak in it after a check-down (seed
000: "El jugador que ha hecho el último envite deberá ser el primero en enseñar sus
cartas").

Phases (:class:`~referee.state.Phase`): ``PREDEAL`` (antes and blinds), ``PREDRAW`` (betting
before the first draw), ``DRAW``, ``POSTDRAW`` (betting after a draw), ``SHOWDOWN``,
``COMPLETE``.
"""

from __future__ import annotations

from .betround import begin
from .blinds import postdraw_first
from .checkdown import next_payer
from .state import COMPLETE, DRAW, POSTDRAW, PREDEAL, PREDRAW, SHOWDOWN, HandState
from .turns import next_to_bet


def due(st: HandState) -> int | None:
    """The seat due to act now (int), or None (no one: the phase is over or not begun).

    Before the deal, the next seat that owes forced chips (:func:`predeal_owed`), then the
    first to speak. After a carried check-down where the house makes the folded seats
    match (seed 002, ``checkdown_matching``), the next of them still to pay
    (:func:`referee.checkdown.next_payer`).
    """
    phase = st.phase
    if phase == COMPLETE:
        return next_payer(st) if st.n else None
    if not st.n:
        return None
    if phase == PREDEAL:
        owed = predeal_owed(st)
        return owed[0] if owed else predraw_due(st)
    if phase == DRAW:
        return draw_due(st)
    if phase == SHOWDOWN:
        for s in showdown_order(st):
            if s not in st.shown and s not in st.mucked:
                return s
        return None
    return bet_due(st)


def draw_due(st: HandState) -> int | None:
    """In the draw: the first seat in play order yet to draw (None: everyone has)."""
    drew, folded, mucked = st.drew, st.folded, st.mucked
    for s in st.order:
        if s not in drew and s not in folded and s not in mucked:
            return s
    return None


class _Box(dict):
    """Every seat's chips as a caja libre sees them: never out of chips (seed 002)."""

    def __missing__(self, seat: int) -> int:
        return 1


_BOX = _Box()


def predeal_owed(st: HandState) -> tuple[int, str, int] | None:
    """Before the first bet: the next forced chips owed, ``(seat, verb, chips)``: each
    seat's ante (or the big blind's ante for the table), then the blinds where the house
    sets their size (the deuce-to-seven games; the seeds' blinds are optional). With table
    stakes a seat with no chips left owes none; with a caja libre (``table_stakes`` false,
    seed 002) every seat owes them (the box sells what its stack lacks)."""
    r = st.rules
    small, big = st.expected_blind_seats()
    stacks = st.stacks if r.table_stakes else _BOX  # (a caja libre: no seat is out of chips)
    if r.ante:
        if r.big_blind_ante:
            if big is not None and big not in st.anted and stacks[big] > 0:
                return big, "ante", r.ante
        else:
            for s in st.order:
                if s not in st.anted and stacks[s] > 0:
                    return s, "ante", r.ante
    if not r.blinds_allowed:
        return None
    # a blind's seat whose ante took every chip posts nothing (it is all in)
    small_out = small is None or stacks[small] == 0
    if r.small_blind and not st.blinds and not small_out:
        return small, "blind", r.small_blind
    if (r.big_blind and big is not None and stacks[big] > 0
            and (len(st.blinds) == 1 and st.blinds[0][0] != big
                 or not st.blinds and small_out)):
        return big, "straddle", r.big_blind
    return None


def predraw_due(st: HandState) -> int | None:
    """Before the first bet, the forced chips in: the seat the first betting round begins
    with (a seat all in by its ante or blind is never due: RRoP section 3, an all-in
    player takes no further part in the betting). Where that round has nobody to act (at
    most one seat can act and it has matched the bet), the one seat that can act still
    has its option (the big blind's check behind a small blind all in by its blind, RRoP
    section 3; :func:`~referee.draw.bet_line` accepts it), else the first seat to draw.
    """
    first = first_speaker_predraw(st)
    if first is None:
        return None
    seat = next_to_bet(st.cyc, st.pos[first], st.n, st.folded, st.mucked, st.allin,
                       st.bets, st.high, st.acted)
    if seat is not None:
        return seat
    able = [s for s in st.order if st.can_act(s)]
    return able[0] if len(able) == 1 else draw_due(st)


def predraw_betting(st: HandState) -> bool:
    """Whether the first betting round, begun now, has a seat to act
    (:func:`predraw_due` then names a betting seat, not the big blind's lone option or
    the draw)."""
    first = first_speaker_predraw(st)
    return first is not None and next_to_bet(
        st.cyc, st.pos[first], st.n, st.folded, st.mucked, st.allin, st.bets, st.high,
        st.acted) is not None


def bet_due(st: HandState) -> int | None:
    """The seat due in a betting round, or None when the round is over (see
    :func:`~referee.turns.next_to_bet`)."""
    return next_to_bet(st.cyc, st.cursor + 1, st.n, st.folded, st.mucked,
                       st.allin, st.bets, st.high, st.acted)


def first_speaker_predraw(st: HandState) -> int | None:
    """The first to speak before the draw: the seat after the last blind, else the seat
    after the button."""
    if st.blinds:
        last = st.blinds[-1][0]
        if last in st.pos:
            return st.order[(st.pos[last] + 1) % st.n]
    return st.order[0] if st.order else None


def showdown_order(st: HandState) -> list[int]:
    """The seats still contesting, in showdown order: from ``showdown_first`` round the
    table in play order (play order from the button when it is not set)."""
    first = st.showdown_first
    if first is None or first not in st.pos:
        return st.contesting()
    folded, mucked = st.folded, st.mucked
    p = st.pos[first]
    return [s for s in st.cyc[p:p + st.n] if s not in folded and s not in mucked]


# ------------------------------------------------------------------ the rounds
def start_betting(st: HandState) -> None:
    """A betting round begins (the first, or one after a draw): who speaks first, the
    minimum raise; a round nobody can bet in ends at once."""
    st.phase = PREDRAW if st.round == 0 else POSTDRAW
    first = first_speaker_predraw(st) if st.round == 0 else _first_speaker_postdraw(st)
    st.round_first = first
    begin(st, first)  # the round's record: afresh after a draw, else from the forced chips
    if bet_due(st) is None:
        end_betting(st, st.index)


def _first_speaker_postdraw(st: HandState) -> int | None:
    """After a draw: the opener (or the next seat that can act) where the game has an
    opener, else the first seat after the button that can act; in a hand with blinds where
    the house says so, the seat after the last blind (:func:`~referee.blinds.postdraw_first`,
    seeds 000 and 002)."""
    if st.blinds and st.rules.postdraw_after_blind:
        first = postdraw_first(st)
        if first is not None:
            return first
    if st.opener is not None and st.rules.opening is not None and not st.blinds:
        for s in [st.opener] + st.next_seats(st.pos[st.opener]):
            if st.can_act(s):
                return s
    folded, mucked, allin = st.folded, st.mucked, st.allin
    for s in st.order:  # the first seat that can act (inlined can_act)
        if s not in folded and s not in mucked and s not in allin:
            return s
    return None


def end_hand(st: HandState, outcome: str, winner: int | None = None) -> None:
    """The hand is over without a showdown: the phase is ``COMPLETE``, ``outcome`` how it
    ended (``uncontested``, ``passed_out``, ``carried``, ``misdeal``) and ``winner``,
    when given, the one seat left (an earlier winner stays otherwise)."""
    st.phase = COMPLETE
    st.outcome = outcome
    if winner is not None:
        st.winner = winner


def settle_showdown(st: HandState) -> bool:
    """At the ruling, a showdown where every other seat threw its hand away: the one seat
    left is the hand's winner (the phase stays ``SHOWDOWN``, where the log left it).
    Returns whether it was so."""
    if st.phase != SHOWDOWN or st.outcome is not None:
        return False
    remaining = st.contesting()
    if len(remaining) != 1:
        return False
    st.winner = remaining[0]
    return True


def _carry(st: HandState, index: int | None, outcome: str, reason: str, message: str) -> None:
    """The hand is over and its pot carries to the next deal (``outcome`` ``passed_out`` or
    ``carried``): a ``passed_out`` finding of ``reason`` at line ``index``."""
    end_hand(st, outcome)
    st.find("passed_out", index, None, message,
            details={"reason": reason, "pot": st.pot_total()})


def end_betting(st: HandState, index: int | None) -> None:
    """The betting round is over: the hand ends uncontested, passes out, carries, goes to
    the draw or to the showdown."""
    live = st.contesting()
    if len(live) == 1:
        end_hand(st, "uncontested", live[0])
        return
    if not live:
        end_hand(st, "carried")
        return
    nobody_bet = st.high == 0 and not any(st.bets.values())
    if st.round == 0:
        if (nobody_bet and st.rules.opening is not None and not st.blinds
                and st.opener is None and not st.lost):
            _carry(st, index, "passed_out", "nobody_opened", "nobody opened: the pot stays "
                   "for the next deal and everyone antes again")
            return
    elif st.round >= st.rules.draws:
        if (nobody_bet and st.rules.checkdown == "carry" and not st.lost
                and len([s for s in live if s not in st.allin]) >= 2):
            _carry(st, index, "carried", "checked_down", "everyone checked after the draw: "
                   "the pot stays for the next deal (plato de palabra)")
            return
        start_showdown(st)
        return
    st.phase = DRAW
    st.draw_no += 1
    st.drew, st.early_drew = st.early_drew, set()  # (an early draw was held: TDA rule 53)
    st.clear_bets()
    if st.drew and draw_due(st) is None:
        end_draw(st)  # everyone drew while the betting was on


def drawn(st: HandState, seat: int) -> None:
    """``seat`` has had its turn in the draw under way."""
    st.drew.add(seat)


def drawn_early(st: HandState, seat: int) -> None:
    """``seat`` drew while the betting was still on: it has drawn when the draw comes
    (:func:`end_betting`)."""
    st.early_drew.add(seat)


def end_draw(st: HandState) -> None:
    """Everyone has drawn: the next betting round."""
    st.round += 1
    start_betting(st)


def start_showdown(st: HandState) -> None:
    """The betting is over with two or more contesting: the showdown, from the last
    aggressor (or the first to speak in the last round, or the next seat still in)."""
    st.phase = SHOWDOWN
    st.clear_bets()
    first = st.aggressor if st.aggressor is not None else st.round_first
    live = st.contesting()
    if st.showdown_seats is None:
        st.showdown_seats = frozenset(live)
    if first not in live:
        first = None
        if st.round_first is not None and st.round_first in st.pos:
            for s in [st.round_first] + st.next_seats(st.pos[st.round_first]):
                if s in live:
                    first = s
                    break
    st.showdown_first = first
