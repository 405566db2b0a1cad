"""The draw: each seat in turn discards K cards (``pN draw K [CARDS]``, 0 stands pat) and is
served as many (``d serve pN ...``); the draw limit; a betting line written during the
draw. Functions of a :class:`HandState`; the cards themselves (which ones each seat holds,
the stub) are :mod:`referee.deck`'s.

Seed 001: "reemplazar de 0 a 4 de las propias cartas" (the house ``max_draw``); seed 000:
a hand with cards "de más o de menos" loses everything (``wrong_card_count``); the draw
starts after the button (CONTRACT.md "How the log is read").
"""

from __future__ import annotations

from .actions import Action
from .betting import fold
from .deck import fill_placeholders, give_back, kill, owe, receive, refit, revive, serve_from_deck, throw
from .opening import check_split
from .rounds import bet_due, draw_due, drawn, drawn_early, end_betting, end_draw, end_hand
from .state import BETTING_ROUNDS, DRAW, PAST, HandState

WAGERS = ("open", "bet", "raise", "allin")


def bet_line(st: HandState, i: int, seat: int, a: Action) -> bool:
    """A betting line (check, call, fold, a wager) written while the draw is on. A fold
    throws the hand away; a check or call by a seat yet to draw while others drew is out
    of turn; anything else ends the draw (out of turn where seats had still to draw).

    :returns: True when the line goes on to the betting round it opened.
    """
    verb = a.verb
    if verb == "fold":
        # throwing the hand away at the draw: no bet is involved, nothing to back up
        fold(st, i, seat)
        live = st.contesting()
        if len(live) == 1:
            end_hand(st, "uncontested", live[0])
        elif draw_due(st) is None:
            end_draw(st)
        return False
    if (verb == "check" or verb == "call" and a.amount is None) and not st.drew \
            and _nobody_to_bet_against(st, seat):
        return False  # the big blind's option behind an all-in call: nothing changes
    if st.drew and seat not in st.drew and verb in ("check", "call"):
        # a check in the middle of the draw by a seat yet to draw: nothing to end
        st.find("out_of_turn", i, seat, f"seat {seat} {PAST[verb]} during the draw, "
                "before drawing", details={"due": draw_due(st), "verb": verb,
                                           "reason": "before_drawing"})
        return False
    if st.drew:
        waiting = draw_due(st)
        st.find("out_of_turn", i, seat, f"seat {seat} {PAST.get(verb, verb)} while "
                f"seat {waiting} had still to draw",
                details={"due": waiting, "verb": verb, "reason": "during_draw"})
    end_draw(st)
    if st.phase not in BETTING_ROUNDS:
        if verb in WAGERS and not st.drew:
            # no betting round follows (everyone all in, or the hand is over)
            st.find("out_of_turn", i, seat, f"seat {seat} {PAST[verb]} when no betting was "
                    "left (every other seat all in or out)",
                    details={"due": None, "verb": verb, "reason": "no_betting_left"})
        return False
    return True


def _nobody_to_bet_against(st: HandState, seat: int) -> bool:
    """Whether ``seat`` is the only seat that can still act (every other seat in the pot
    is all in): its check as the draw begins is the big blind's option, taken after the
    round was over (every other seat all in: RRoP section 3, nobody is left to call a
    bet), or a check with nobody to bet against; a ``call`` with no amount there (the
    small blind over a big blind all in for less) is the same check. It changes nothing
    and does not stand for a draw skipped (the draws are still played)."""
    others = [s for s in st.contesting() if s != seat and s not in st.dead]
    return st.can_act(seat) and all(s in st.allin for s in others)


def draw(st: HandState, i: int, seat: int, a: Action) -> None:
    """``pN draw K [CARDS]``: the seat throws K cards (the named ones where known) and is
    owed K; drawing while the betting was on ends the round (out of turn)."""
    if st.phase in BETTING_ROUNDS:
        due = bet_due(st)
        if due == seat:  # the seat drew while it was itself still to act in the betting
            st.find("out_of_turn", i, seat, f"seat {seat} drew while it was itself still "
                    "to act in the betting", details={"due": due, "verb": "draw",
                                                      "reason": "still_to_bet"})
        elif due is not None:  # another seat was still to act in the betting
            st.find("out_of_turn", i, seat, f"seat {seat} drew while seat {due} was to act",
                    details={"due": due, "verb": "draw"})
        if due is not None:
            if due != seat and st.round < st.rules.draws and seat not in st.early_drew:
                _draw_early(st, i, seat, a)
                return
            end_betting(st, i)  # the seat due drew: it has passed, the round ends
            if st.phase != DRAW:
                return
    if st.phase != DRAW:
        st.find("out_of_turn", i, seat, f"seat {seat} drew when no draw was due",
                once=("draw", seat, st.phase),
                details={"due": None, "verb": "draw", "reason": "no_draw"})
        return
    drew, folded, mucked = st.drew, st.folded, st.mucked
    if seat in drew:
        st.find("out_of_turn", i, seat, f"seat {seat} drew twice in one draw",
                details={"due": draw_due(st), "verb": "draw", "reason": "drew_twice"})
        return
    due = None  # draw_due(st), inlined: the first seat yet to draw
    for s in st.order:
        if s not in drew and s not in folded and s not in mucked:
            due = s
            break
    if due != seat:
        st.find("out_of_turn", i, seat, f"seat {seat} drew while seat {due} was to draw",
                details={"due": due, "verb": "draw"})
    k = a.count or 0
    r = st.rules
    if k > r.max_draw:
        st.find("draw_limit", i, seat, f"seat {seat} drew {k}; at most {r.max_draw} "
                f"may be drawn", details={"cards": k, "max_draw": r.max_draw})
        if k > 5:
            k = 5  # a hand has five cards: no more can be thrown (one cause: draw_limit)
    drawn(st, seat)
    _throw(st, i, seat, a.cards, k, st.draw_no)
    for s in st.order:  # someone still to draw (draw_due(st), inlined)
        if s not in drew and s not in folded and s not in mucked:
            return
    end_draw(st)


def _draw_early(st: HandState, i: int, seat: int, a: Action) -> None:
    """A draw while another seat was still to act in the betting round (TDA rule 53:
    action out of turn; play backs up to the seat due): the round is not over; the cards
    are thrown now (and served) and the seat has drawn when the draw comes."""
    k = a.count or 0
    if k > st.rules.max_draw:
        st.find("draw_limit", i, seat, f"seat {seat} drew {k}; at most {st.rules.max_draw} "
                f"may be drawn", details={"cards": k, "max_draw": st.rules.max_draw})
    drawn_early(st, seat)
    _throw(st, i, seat, a.cards, min(k, 5), st.draw_no + 1)  # (the draw it belongs to)


def _throw(st: HandState, i: int, seat: int, cards: tuple[str, ...] | None, k: int,
           number: int) -> None:
    """At draw ``number`` (1, 2 ...) the seat throws ``k`` cards (``cards`` where named)
    and is owed as many, served from the stub (or the reshuffled discards); an opener
    breaking its openers at the first draw without declaring it is judged
    (:func:`~referee.opening.check_split`)."""
    st.drawn_total[seat] = st.drawn_total.get(seat, 0) + k
    st.expect_serve[seat] = k
    st.got_serve.pop(seat, None)
    throw(st, i, seat, cards, k, number == 1)
    if (cards is not None and number == 1 and seat == st.opener and not st.opener_split
            and st.opening is not None):
        check_split(st, i, seat, cards)
    owe(st, i, seat, k)


def serve(st: HandState, i: int, a: Action) -> None:
    """``d serve pN CARDS`` or ``d serve pN K``: the replacements; they stand in for the
    unseen cards the draw assumed. Served other than drawn (or without drawing) is a dead
    hand; served after the pot was pushed changes nothing."""
    seat = a.seat
    assert seat is not None  # (a serve line names its seat)
    count = a.count or 0
    if st.recorded:
        st.find("wrong_card_count", i, seat, f"seat {seat} was served after the pot was "
                "pushed: the hand was over (nothing changes)", severity="warning",
                details={"cards": count, "reason": "served_after_push"})
        return
    if seat not in st.pos:
        st.find("not_in_hand", i, seat, f"seat {seat} was never dealt in this hand: it "
                "cannot be served", once=("never", seat),
                details={"verb": "serve", "reason": "never_dealt_in"})
        return
    expected = st.expect_serve.get(seat)
    if expected is None and seat in st.drew:
        expected = 0
    got = st.got_serve.get(seat, 0) + count
    st.got_serve[seat] = got
    if expected is None:
        expected = 0
        st.find("wrong_card_count", i, seat, f"seat {seat} was served {count} cards "
                f"without drawing", once=("serve", seat),
                details={"cards": count, "reason": "served_without_draw"})
    receive(st, i, seat, a.cards, count, expected, got - count)
    if got > expected:
        serve_from_deck(st, i, seat, got - max(expected, got - count))
    if got != expected:
        held = len(st.hands[seat]) - max(0, expected - got)  # (placeholders never served)
        kill(st, seat, i, f"seat {seat} asked for {expected} and was served {got}: "
             f"{held} cards", {"cards": held, "drawn": expected, "served": got,
                               "reason": "served"})


def fix(st: HandState, i: int, a: Action) -> None:
    """``d fix pN +K|-K [CARDS]``: the dealer puts a wrong deal or serve right. Seed 000:
    "Si por error le dieran más o menos de la cuenta, hará que rectifique el que las dio.
    En el caso contrario, no podrá tomar parte en la jugada". Before seat N acts again
    after the last deal or serve to it, a fix that leaves five cards makes the hand live
    (the ``wrong_card_count`` of that line is withdrawn; an info one, reason ``fixed``,
    says so); after, the dead hand stands (``fix_late``); a fix that leaves other than
    five kills the hand (``fix_wrong``)."""
    seat, k = a.seat, a.count or 0
    assert seat is not None  # (a fix line names its seat)
    if seat not in st.pos or st.recorded:
        st.find("not_in_hand", i, seat, f"seat {seat} was not dealt in or the hand was over: "
                "its cards cannot be fixed", once=("never", seat),
                details={"verb": "fix", "reason": "never_dealt_in" if seat not in st.pos
                         else "pot_pushed"})
        return
    at = next((j for j in range(i - 1, -1, -1) if (p := st.parsed[j]) is not None
               and p.actor == "d" and p.seat == seat and p.verb in ("deal", "serve")), None)
    late = at is None or any(p is not None and p.actor == "p" and p.seat == seat
                             for p in st.parsed[at + 1:i])
    serving = at is not None and st.parsed[at].verb == "serve"  # type: ignore[union-attr]
    fill = 0
    if serving:
        missing = max(0, st.expect_serve.get(seat, 0) - st.got_serve.get(seat, 0))
        fill = min(k, missing) if k > 0 else 0   # (cards the serve owed: in the places the draw kept)
        _refit_serve(st, i, seat, k)
        fill_placeholders(st, i, seat, fill, a.cards)
    rest = None if a.cards is None else a.cards[fill:]
    held = refit(st, i, seat, k - fill, rest, dealt=not serving) if k - fill else len(st.hands[seat])
    if serving:
        held -= max(0, st.expect_serve.get(seat, 0) - st.got_serve.get(seat, 0))  # (places never served)
    details = {"cards": held, "fixed": k}
    if late:
        st.find("wrong_card_count", i, seat, f"seat {seat}'s cards were fixed after it had "
                "acted: the dead hand stands", severity="warning",
                details=dict(details, reason="fix_late"))
        if held != 5:
            kill(st, seat, i, f"seat {seat}'s cards were fixed to {held}, not five",
                 dict(details, reason="fix_wrong"))
        return
    dead_at = st.dead.get(seat, -1)
    if dead_at is not None and at <= dead_at < i and _count_line(st, dead_at, seat):
        # the count of that line (the deal, the serve or an earlier fix of this one) is put
        # right, or wrong again
        revive(st, seat)
        st.drop_finding("wrong_card_count", dead_at, seat)
    if held == 5:
        st.find("wrong_card_count", i, seat, f"the dealer fixed seat {seat}'s cards before it "
                "acted: the hand is live", severity="info", details=dict(details, reason="fixed"))
    else:
        kill(st, seat, i, f"seat {seat}'s cards were fixed to {held}, not five",
             dict(details, reason="fix_wrong"))


def _count_line(st: HandState, j: int, seat: int) -> bool:
    """Line ``j`` is the dealer's deal, serve or fix of ``seat``'s cards."""
    p = st.parsed[j]
    return p is not None and p.actor == "d" and p.seat == seat and p.verb in ("deal", "serve", "fix")


def _refit_serve(st: HandState, i: int, seat: int, k: int) -> None:
    """The draw's record of a serve put right: ``k`` more served (beyond the draw: from
    the stub), or ``-k`` taken back (those beyond the draw back to the stub)."""
    expected = st.expect_serve.get(seat, 0)
    got = st.got_serve.get(seat, 0)
    st.got_serve[seat] = got + k
    if k > 0 and got + k > expected:
        serve_from_deck(st, i, seat, got + k - max(expected, got))
    elif k < 0 and got > expected:
        give_back(st, min(-k, got - expected))


def options(st: HandState, seat: int) -> list[dict]:
    """What the seat due may do in the draw: draw 0 to ``max_draw``; the opener may also
    declare split openers. ``[{"verb", "min", "max"}]``."""
    out = [{"verb": "draw", "min": 0, "max": st.rules.max_draw}]
    if seat == st.opener and st.opening is not None:
        out.append({"verb": "split", "min": None, "max": None})
    return out
