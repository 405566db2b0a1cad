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

Seed 000: "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas." A seat that
sits out owes no ante and is dealt nothing; one dealt cards all the same is dealt in (its
missing ante is ``missing_ante``); one that says so once the betting began folds.
"""

from __future__ import annotations

from .actions import Action
from .betting import fold
from .deck import reveal
from .rounds import bet_due, draw_due, end_betting, end_draw, end_hand
from .state import BETTING_ROUNDS, COMPLETE, DRAW, PREDEAL, HandState


def expose(st: HandState, i: int, a: Action) -> None:
    """``d expose pN CARD``: the card stays with seat N, known to everyone (``exposed``;
    ``exposed_card``, info, reason ``kept``); the second one to the same seat: it may
    withdraw (reason ``second_withdraw``) or the deal is void (``second_misdeal``: the
    hand ends as a misdeal, the chips go back)."""
    seat = a.seat
    card = (a.cards or ("??",))[0]
    if seat is None or seat not in st.pos or st.phase == COMPLETE:
        st.find("not_in_hand", i, seat, f"a card was exposed for seat {seat}, which has no "
                "hand", details={"verb": "expose", "reason": "never_dealt_in"
                                 if seat not in st.pos else "hand_over"})
        return
    reveal(st, i, seat, card)
    shown = st.exposed.setdefault(seat, [])
    if card not in shown:
        shown.append(card)
    count = len(shown)
    if count != 2:
        st.find("exposed_card", i, seat, f"{card}, meant for seat {seat}, was exposed in the "
                "deal: the seat keeps it and everyone knows it",
                details={"card": card, "exposed": count, "reason": "kept"})
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
    return st.rules.double_exposure == "withdraw" and len(st.exposed.get(seat, ())) >= 2


def leave(st: HandState, i: int, seat: int, verb: str) -> None:
    """``pN withdraw`` or ``pN sitout`` of a seat dealt in: the seat leaves the hand (its
    ante, if any, stays in the pot). A withdrawal without two cards exposed where the
    house lets it, or a sitout once the betting began, is a fold
    (``exposed_card`` reason ``withdraw_not_allowed``; ``out_of_turn`` reason
    ``sitout_late``); a sitout before the betting, of a seat dealt cards all the same,
    leaves it out (its missing ante, if any, is ``missing_ante``)."""
    if seat in st.folded or seat in st.mucked:
        st.find("not_in_hand", i, seat, f"seat {seat} acted after folding",
                once=("folded", seat), details={"verb": verb, "reason": "folded"})
        return
    if verb == "withdraw" and not may_withdraw(st, seat):
        st.find("exposed_card", i, seat, f"seat {seat} withdrew without two of its cards "
                "exposed in the deal: it is a fold", severity="warning",
                details={"exposed": len(st.exposed.get(seat, ())),
                         "reason": "withdraw_not_allowed"})
    elif verb == "sitout" and st.phase != PREDEAL:
        st.find("out_of_turn", i, seat, f"seat {seat} sat out after the betting began: it is "
                "a fold", details={"due": None, "verb": verb, "reason": "sitout_late"})
    fold(st, i, seat)
    live = st.contesting()
    if len(live) == 1 and st.phase != PREDEAL:
        end_hand(st, "uncontested", live[0])
    elif st.phase in BETTING_ROUNDS and bet_due(st) is None:
        end_betting(st, i)
    elif st.phase == DRAW and draw_due(st) is None:
        end_draw(st)
