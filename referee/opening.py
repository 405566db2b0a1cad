"""The opener's obligations during a replay: the opening judged against the minimum in force
from the deal, or, where the deal was not logged, from the discards and the shown hand (or
the openers alone, tabled); split openers declared or broken. Functions of a
:class:`HandState`; the card tests themselves are :mod:`referee.openers`.

Seed 000: "será obligatorio el justificar la ley de apertura"; seed 002: the opener who
wins "solo debe mostrar las cartas que puedan justificar su apertura"; RRoP section 11
(Draw Poker, Jackpots): a false opener's hand is dead, and a player splitting openers must
declare it and keep the discard to prove them.
"""

from __future__ import annotations

from .openers import meets_opening, openers_could_be_kept
from .rounds import due
from .state import DRAW, PREDRAW, HandState

PAIR = {"J": "a pair of jacks", "Q": "a pair of queens", "K": "a pair of kings",
        "A": "a pair of aces"}
"""The opening minimum in words, for the findings' messages."""


def opened(st: HandState, i: int, seat: int) -> None:
    """``seat`` opened the pot at line ``i`` (the first voluntary bet before the draw, in a
    hand without blinds)."""
    st.opener = seat
    st.open_index = i


def left(st: HandState, i: int, seat: int) -> None:
    """``seat`` threw its hand away (a fold or a muck) at line ``i``: where it is the
    opener and has not shown, that is where it gave up proving openers (the
    ``openers_not_shown`` finding points there)."""
    if seat == st.opener and seat not in st.shown:
        st.opener_left_index = i


def judge_from_deal(st: HandState, i: int | None, seat: int) -> None:
    """The opener's five cards as dealt (when logged in full) against the minimum in
    force: ``opener_false`` set, ``unjustified_opening`` at the opening if they fall
    short."""
    cards = st.dealt.get(seat)
    if st.opening is None or cards is None or "??" in cards or len(cards) != 5:
        return
    ok = meets_opening(cards, st.opening, st.rules, st.n)
    st.opener_false = not ok
    if not ok:
        st.find("unjustified_opening", i, seat, f"seat {seat} opened without "
                f"{PAIR[st.opening]} or better (dealt {''.join(cards)})",
                details={"opening": st.opening, "source": "deal", "hand": list(cards)})


def judge_late(st: HandState) -> None:
    """Decide the opening at the end of the hand where it is still open: from the deal if
    it was logged late, from the openers tabled alone, or from the shown hand with the
    known discards (some choice of kept cards, the shown cards not served, plus the
    discards must hold openers)."""
    seat = st.opener
    if seat is None or st.opener_false is not None or st.opening is None:
        return
    dealt = st.dealt.get(seat)
    if dealt is not None and len(dealt) == 5 and "??" not in dealt:
        judge_from_deal(st, st.open_index, seat)  # the deal was logged late
        return
    shown = st.shown.get(seat)
    if shown is None:
        _judge_proof(st, seat)
    else:
        _judge_shown(st, seat, shown)


def _judge_proof(st: HandState, seat: int) -> None:
    """Only the openers tabled (seed 002): they alone must meet the minimum."""
    proof = st.proof.get(seat)
    if proof is None or st.opening is None:
        return
    st.opener_false = not meets_opening(proof, st.opening, st.rules, st.n)
    if st.opener_false:
        st.find("unjustified_opening", st.open_index, seat,
                f"seat {seat} opened without {PAIR[st.opening]} or better "
                f"(showed {''.join(proof)})",
                details={"opening": st.opening, "source": "proof", "hand": list(proof)})


def _judge_shown(st: HandState, seat: int, shown: tuple[str, ...]) -> None:
    """The hand shown at the end, less the cards known served, plus the known discards."""
    assert st.opening is not None  # (judge_late returns first otherwise)
    known_discards = st.discards.get(seat, [])
    drawn = min(5, st.drawn_total.get(seat, 0))
    served = [c for c in st.served_known.get(seat, []) if c in shown]
    unknown_discards = drawn - len(known_discards)
    ok = openers_could_be_kept(shown, drawn, known_discards, served, st.opening,
                               st.rules, st.n)
    if not ok and st.opener_split and unknown_discards:
        return  # split openers with the discards unseen: not provable either way
    st.opener_false = not ok
    if not ok:
        st.find("unjustified_opening", st.open_index, seat,
                f"seat {seat} opened without {PAIR[st.opening]} or better (shown "
                f"{''.join(shown)} after drawing {drawn})",
                details={"opening": st.opening, "source": "show", "hand": list(shown),
                         "drawn": drawn})


def check_split(st: HandState, i: int, seat: int, discards: tuple[str, ...]) -> None:
    """The opener threw away part of the openers without declaring it (RRoP section 11,
    Draw Poker: a player splitting openers must declare it and keep the discard to prove
    openers): a warning, the opening itself stands (judged from the deal)."""
    dealt = st.dealt.get(seat)
    if dealt is None or len(dealt) != 5 or "??" in dealt or st.opening is None:
        return
    kept = [c for c in dealt if c not in discards]
    if (meets_opening(dealt, st.opening, st.rules, st.n)
            and not meets_opening(kept, st.opening, st.rules, st.n)):
        st.find("unjustified_opening", i, seat, f"seat {seat} broke its openers "
                f"(discarded {''.join(discards)}) without declaring split openers; "
                "the discard must be kept to prove them", severity="warning",
                details={"opening": st.opening, "source": "split", "hand": list(dealt),
                         "discards": list(discards)})


def declare_split(st: HandState, i: int, seat: int) -> None:
    """``pN split``: the opener declares splitting openers before drawing; anyone else, or
    after drawing, is out of turn."""
    if seat != st.opener or st.phase not in (DRAW, PREDRAW) or seat in st.drew:
        st.find("out_of_turn", i, seat, f"seat {seat} declared split openers but "
                f"{'is not the opener' if seat != st.opener else 'not before drawing'}",
                details={"due": due(st), "verb": "split",
                         "reason": "not_opener" if seat != st.opener else "after_drawing"})
        return
    st.opener_split = True
