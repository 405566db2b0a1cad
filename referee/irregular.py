"""The seeds' dealing irregularities (issue 27): a card exposed while dealing (``d expose
pN CARD``, seed 002), a seat withdrawing from the hand after two of its cards were exposed
(``pN withdraw``, seed 002), a seat sitting a hand out (``pN sitout``, seed 000), as
functions of a :class:`HandState`. The dealer's fix of a wrong serve (``d fix``) is the
draw's (:func:`referee.draw.fix`); who abstains is read with the log
(:func:`referee.log.sitting_out`).

Seed 002: "Si una carta se descubre por error, el receptor debe aceptarla, mientras que dos
cartas se descubren, ambas destinadas al mismo jugador, esto puede retirarse de la mano."
An exposed card stays with its seat and is known to everyone (``exposed``: the replay and
the phones show it). A second one to the same seat lets it withdraw (``double_exposure``
``withdraw``: its ante stays in the pot) or voids the deal (``misdeal``, the card rooms'
reading): the chips put in go back.

Seed 000: "El pot es obligatorio o convencional. Si un jugador quiere abstenerse, lo dirá, y
no se le darán cartas." A seat that sits out owes no ante and is dealt nothing; one dealt
cards all the same is dealt in (its missing ante is ``missing_ante``); one that says so
after its ante, after its cards or once the betting began folds (``sitout_irregular``:
:func:`late_sitout`); one that sits out of a hand without a pot (blinds only) is dealt
nothing all the same and told the sitout is a pot hand's (:func:`sitout_without_pot`).
"""

from __future__ import annotations

from .actions import Action
from .betting import fold
from .deck import reveal
from .rounds import bet_due, draw_due, end_betting, end_draw, end_hand
from .state import BETTING_ROUNDS, COMPLETE, DRAW, PAST, PREDEAL, HandState

_WAGERS = frozenset(("open", "bet", "raise"))
"""Wagers whose amount is the seat's round total (CONTRACT.md section 2)."""
_FORCED = frozenset(("ante", "blind", "straddle"))
"""Forced chips: their amount is put in as said."""


def expose(st: HandState, i: int, a: Action) -> None:
    """``d expose pN CARD``: the card stays with seat N, known to everyone (``exposed``;
    ``exposed_card``, info, reason ``kept``); the second one to the same seat: it may
    withdraw (reason ``second_withdraw``) or the deal is void (``second_misdeal``: the
    hand ends as a misdeal, the chips go back). Once the betting began (the deal was
    over: seed 002 speaks of "se descubre por error" while dealing) the card is known to
    everyone all the same, a warning of its own (reason ``late``), and counts toward no
    withdrawal or misdeal. A third (or later) card exposed to the same seat in the deal
    is one more it keeps (reason ``further``, info; seed 002 speaks of one and two: the
    second's right to withdraw stands). A card exposed once the hand is decided (over, or
    its pot pushed) is ``not_in_hand`` and changes nothing; one exposed after the deal that
    the seat's known cards lack is said so (reason ``late_not_held``)."""
    seat = a.seat
    card = (a.cards or ("??",))[0]
    if seat is None or seat not in st.pos or st.phase == COMPLETE or st.recorded:
        # no hand, or the hand is decided (over, or its pot pushed): nothing plays on
        reason = ("never_dealt_in" if seat not in st.pos else
                  "hand_over" if st.phase == COMPLETE else "pot_pushed")
        st.find("not_in_hand", i, seat, f"a card was exposed for seat {seat}, which has no "
                "hand", details={"verb": "expose", "reason": reason})
        return
    held = card in st.hands[seat] or "??" in st.hands[seat]
    if held or st.phase == PREDEAL:
        reveal(st, i, seat, card)  # (late, a card the log does not give the seat: said once)
    shown = st.exposed.setdefault(seat, [])
    if card not in shown:
        shown.append(card)
    if st.phase != PREDEAL:
        # the betting began: the deal was over (seed 002 speaks of the deal); the card is
        # known to everyone all the same, and the hand plays on (a card the seat's known
        # cards lack is said so: ``late_not_held``)
        st.find("exposed_card", i, seat, f"{card}, seat {seat}'s card, was exposed after the "
                "deal: not a dealing irregularity; the hand plays on and everyone knows it",
                severity="warning", details={"card": card, "exposed": len(shown),
                                             "reason": "late" if held else "late_not_held"})
        return
    count = len(shown)
    if count == 1:
        st.find("exposed_card", i, seat, f"{card}, meant for seat {seat}, was exposed in the "
                "deal: the seat keeps it and everyone knows it",
                details={"card": card, "exposed": count, "reason": "kept"})
    elif count > 2:
        # seed 002 speaks of one card and of two: a third (or more) is one more the seat
        # keeps, everyone knows it; the right to withdraw the second gave stands
        st.find("exposed_card", i, seat, f"a further card meant for seat {seat} ({card}) was "
                f"exposed in the deal, {count} of its cards in all: the seat keeps it and "
                "everyone knows it", details={"card": card, "exposed": count,
                                              "reason": "further"})
    elif st.rules.double_exposure == "withdraw":
        st.find("exposed_card", i, seat, f"a second card meant for seat {seat} ({card}) was "
                "exposed in the deal: the seat may withdraw (its ante stays in the pot)",
                details={"card": card, "exposed": count, "reason": "second_withdraw"})
    else:
        returned = {str(s): c for s, c in sorted(st.contrib.items()) if c}
        st.find("exposed_card", i, seat, f"a second card meant for seat {seat} ({card}) was "
                "exposed in the deal: it is a misdeal, the chips put in go back",
                details={"card": card, "exposed": count, "reason": "second_misdeal",
                         "returned": returned})
        end_hand(st, "misdeal")


def may_withdraw(st: HandState, seat: int) -> bool:
    """Whether ``seat`` may withdraw: two of its cards were exposed in the deal and the
    house lets it (``double_exposure`` ``withdraw``)."""
    return (st.rules.double_exposure == "withdraw"
            and any(f.kind == "exposed_card" and f.seat == seat
                    and f.details.get("reason") == "second_withdraw" for f in st.findings))


def leave(st: HandState, i: int, seat: int, verb: str) -> None:
    """``pN withdraw`` or ``pN sitout`` of a seat dealt in: the seat leaves the hand (its
    ante, if any, stays in the pot). A withdrawal without two cards exposed where the
    house lets it is a fold (``exposed_card`` reason ``withdraw_not_allowed``), and so is
    one after the seat played on (a bet, a call, a draw: reason ``withdraw_after_acting``,
    seed 002's right answers the deal); a sitout
    after the seat's ante, its cards or the betting's start is a fold
    (``sitout_irregular``, :func:`late_sitout`); a sitout before all three, of a seat dealt
    cards all the same later, leaves it out (its missing ante, if any, is
    ``missing_ante``)."""
    if seat in st.folded or seat in st.mucked:
        after_leaving(st, i, seat, verb)
        return
    if verb == "withdraw" and not may_withdraw(st, seat):
        st.find("exposed_card", i, seat, f"seat {seat} withdrew without two of its cards "
                "exposed in the deal: it is a fold", severity="warning",
                details={"exposed": len(st.exposed.get(seat, ())),
                         "reason": "withdraw_not_allowed"})
    elif verb == "withdraw" and acted_before(st, i, seat):
        # seed 002's withdrawal answers the deal: once the seat played on, it is a fold
        st.find("exposed_card", i, seat, f"seat {seat} withdrew after acting in the hand: "
                "the right to withdraw is the deal's; it is a fold", severity="warning",
                details={"exposed": len(st.exposed.get(seat, ())),
                         "reason": "withdraw_after_acting"})
    elif verb == "sitout":
        late_sitout(st, i, seat)
    fold(st, i, seat)
    live = st.contesting()
    if len(live) == 1 and (st.phase != PREDEAL or st.n > 1):
        end_hand(st, "uncontested", live[0])
    elif st.phase in BETTING_ROUNDS and bet_due(st) is None:
        end_betting(st, i)
    elif st.phase == DRAW and draw_due(st) is None:
        end_draw(st)


_PLAYED = frozenset(("check", "open", "bet", "call", "raise", "allin", "draw", "split"))
"""A seat's lines that play the hand on (:func:`acted_before`)."""


def acted_before(st: HandState, i: int, seat: int) -> bool:
    """Whether ``seat`` played the hand on before line ``i`` (a betting line or a draw of
    its own: :data:`_PLAYED`)."""
    return any(a is not None and a.actor == "p" and a.seat == seat and a.verb in _PLAYED
               for a in st.parsed[:i])


def late_sitout(st: HandState, i: int, seat: int) -> None:
    """``pN sitout`` of a seat dealt in: too late to abstain (seed 000: "Si un jugador
    quiere abstenerse, lo dirá, y no se le darán cartas": said before the deal, before
    the ante goes in), so it is a fold and what it put in stays in the pot. One
    ``sitout_irregular`` (the sitout is said when the player says it, not in turn: no seat
    is named as due), its ``reason`` the latest of: ``after_betting`` (the betting
    began), ``after_deal`` (a card was dealt, served or exposed to the seat), ``after_ante``
    (its ante is in)."""
    if st.phase != PREDEAL:
        st.find("sitout_irregular", i, seat, f"seat {seat} sat out after the betting began: "
                "it is a fold", details={"reason": "after_betting"})
    elif _dealt_to(st, i, seat):
        st.find("sitout_irregular", i, seat, f"seat {seat} sat out after its cards were "
                "dealt: too late to abstain; it is a fold"
                + (", its ante stays in the pot" if seat in st.anted else ""),
                details={"reason": "after_deal", "anted": seat in st.anted})
    elif seat in st.anted:
        st.find("sitout_irregular", i, seat, f"seat {seat} sat out after anteing: too late "
                "to abstain; its ante stays in the pot and it is a fold",
                details={"reason": "after_ante"})


def _dealt_to(st: HandState, i: int, seat: int) -> bool:
    """Whether a line before ``i`` dealt, served, exposed or fixed a card of ``seat``."""
    return any(a is not None and a.actor == "d" and a.seat == seat
               and a.verb in ("deal", "serve", "expose", "fix") for a in st.parsed[:i])


def sitout_without_pot(st: HandState, i: int, seat: int) -> None:
    """``pN sitout`` of a seat that abstains in a hand that owes no ante (blinds only, or
    ``ante_custom``'s hand with the marker held): seed 000's abstaining is from the pot
    ("El pot es obligatorio o convencional. Si un jugador quiere abstenerse, lo dirá, y no
    se le darán cartas"); in a hand without one, a player who does not want to play folds
    in turn. The seat is dealt nothing all the same (the log says so):
    ``sitout_irregular`` (reason ``no_pot``)."""
    st.find("sitout_irregular", i, seat, f"seat {seat} sat out of a hand without a pot: "
            "sitting out is for a hand with antes; here a player who does not want to play "
            "folds in turn", details={"reason": "no_pot"})


def left_by(st: HandState, i: int, seat: int) -> str:
    """How ``seat`` left the hand before line ``i``: ``"withdrew"`` (``pN withdraw``),
    ``"sat_out"`` (``pN sitout``) or ``"folded"`` (a fold or a muck), by its last such
    line."""
    for a in reversed(st.parsed[:i]):
        if a is not None and a.actor == "p" and a.seat == seat:
            if a.verb == "withdraw":
                return "withdrew"
            if a.verb == "sitout":
                return "sat_out"
            if a.verb in ("fold", "muck"):
                return "folded"
    return "folded"


def after_leaving(st: HandState, i: int, seat: int, verb: str) -> None:
    """A line of a seat that left the hand (it folded, withdrew or sat out too late):
    ``not_in_hand`` at every such line (reason ``folded``, ``withdrew`` or ``sat_out``;
    RRoP section 3: only a live hand may act). The line changes nothing."""
    how = left_by(st, i, seat)
    text = (f"seat {seat} acted after folding" if how == "folded" else
            f"seat {seat} {PAST.get(verb, verb)} after leaving the hand ({how.replace('_', ' ')})")
    st.find("not_in_hand", i, seat, text, details={"verb": verb, "reason": how})


def after_misdeal(st: HandState, i: int, seat: int, a: Action) -> None:
    """A player line after a misdeal (the outcome ``misdeal``): the deal was void, so the
    table played on a hand that was not one. One ``not_in_hand`` (reason ``misdeal``) at
    the first such line; the chips the lines put in (a wager's round total, a call of
    the highest, an all-in's stack, forced chips as said; a draw begins a new round) are
    in the middle and go back with the rest when the hand is ruled
    (:meth:`HandState.return_chips`), so the dealer's pushes are judged against them.
    Source: RRoP section 13, a misdeal voids the deal; chips put in are returned."""
    verb = a.verb
    st.find("not_in_hand", i, seat, f"seat {seat} {PAST.get(verb, verb)} after the misdeal: "
            "the deal was void and nothing played after it counts; the chips go back",
            once=("misdeal",), details={"verb": verb, "reason": "misdeal"})
    bets = st.misdeal_bets
    if verb == "draw":
        bets.clear()  # a new betting round
        return
    have = st.stacks.get(seat, 0)
    if verb in _FORCED:
        chips = a.amount or 0
    elif verb in _WAGERS:
        chips = (a.amount or 0) - bets.get(seat, 0)
    elif verb == "call":
        chips = (max(bets.values()) if bets else 0) - bets.get(seat, 0)
    elif verb == "allin":
        chips = have
    else:
        return
    chips = max(0, min(chips, have))
    if chips:
        st.put_in(seat, chips)
        if verb != "ante":
            bets[seat] = bets.get(seat, 0) + chips
