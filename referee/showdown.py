"""The showdown: hands tabled (``pN show``) in showdown order or thrown away (``pN muck``),
each tabled hand checked against the cards the seat is known to hold; a partial show
proving openers. Functions of a :class:`HandState`. Who wins is the ruling's
(:mod:`referee.outcome`).

Seed 000: "El jugador que ha hecho el último envite deberá ser el primero en enseñar sus
cartas"; RRoP section 4 (Showdown): a hand must be tabled to win, and cards speak only for
a valid five-card hand; seed 002: the opener who wins need only show the openers.
"""

from __future__ import annotations

from .actions import Action
from .deck import declare_dead, kill, see
from .betting import muck as fold_muck
from .opening import left
from .rounds import showdown_order, start_showdown
from .state import BETTING_ROUNDS, DRAW, PAST, SHOWDOWN, HandState


def bet_line(st: HandState, i: int, seat: int, a: Action) -> None:
    """A betting line at the showdown: a fold is a muck, a check or call changes nothing,
    chips pushed now are not part of the pot (one ``out_of_turn``)."""
    verb = a.verb
    if verb == "fold":
        muck(st, i, seat)
        return
    if verb in ("check", "call"):
        return
    st.find("out_of_turn", i, seat, f"seat {seat} {PAST.get(verb, verb)} after the betting "
            "was over", details={"due": None, "verb": verb, "reason": "betting_over"})


GIVING_UP = frozenset(("fold", "sitout", "withdraw"))
"""Lines by which a seat gives up its hand (:func:`tabled_hand`)."""


def tabled_hand(st: HandState, i: int, seat: int, verb: str) -> bool:
    """A fold, sitout or withdrawal (:data:`GIVING_UP`) of a seat whose hand is tabled at
    the showdown: the hand is judged as shown (RRoP section 4: cards speak; a hand tabled
    at the showdown is not given up by what the player says after), so the line changes
    nothing: ``not_in_hand`` (reason ``tabled``). Returns whether it was one."""
    if verb not in GIVING_UP or st.phase != SHOWDOWN or seat not in st.shown:
        return False
    st.find("not_in_hand", i, seat, f"seat {seat} {PAST.get(verb, verb)} after its hand was "
            "tabled at the showdown: the hand is judged as shown (cards speak)",
            details={"verb": verb, "reason": "tabled"})
    return True


def show(st: HandState, i: int, seat: int, a: Action) -> None:
    """``pN show CARDS`` while the hand is live: a show where everyone checked before the
    draw of a game without openers starts the showdown (seed 003); a hand tabled before a
    seat that was to show first is ``showdown_order`` (once a hand)."""
    if (st.phase == DRAW and not st.drew and st.round == 0
            and st.rules.opening is None):
        # everyone checked before the draw: seed 003 shows the hands down
        start_showdown(st)
    if st.phase == SHOWDOWN and not st.order_fault:
        shown = st.shown
        order = showdown_order(st)
        for s in (order if seat in order else ()):  # the seats before this one: shown?
            if s == seat:
                break
            if s not in shown:
                st.order_fault = True
                st.find("showdown_order", i, seat, f"seat {seat} showed before seat {s}, who "
                        "was to show first", details={"due": s})
                break
    record_show(st, i, seat, a.cards or ())


def muck(st: HandState, i: int, seat: int) -> None:
    """``pN muck``: the hand is thrown away unseen (during a betting round, a fold)."""
    st.mucked.add(seat)
    if st.phase in BETTING_ROUNDS:
        fold_muck(st, i, seat)
    else:
        left(st, i, seat)


def record_show(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> None:
    """A hand tabled. Unseen cards (``??``) do not table a hand; a card outside the
    deck, a card twice in the hand or held by another seat, or other than five cards
    make the hand dead (it cannot win: RRoP section 4, cards speak only for a valid
    five-card hand). A second show by the same seat changes nothing: the first hand
    tabled is the hand (a different one is a finding). Once the pot is pushed the hand
    is over (RRoP section 3): a show that clashes with the cards seen is a warning and
    voids nothing."""
    if seat in st.shown or seat in st.shown_unknown:
        _shown_again(st, i, seat, cards)
        return
    if st.recorded and _clashes_after_push(st, i, seat, cards):
        return
    if "??" in cards:
        st.shown_unknown.add(seat)
        return
    if len(cards) < 5 and seat == st.opener and (st.phase != SHOWDOWN
                                                 or st.outcome == "uncontested"):
        _prove_openers(st, i, seat, cards)
        return
    if not _holds(st, i, seat, cards):
        return
    st.shown[seat] = cards
    valid = _cards_valid(st, i, seat, cards)
    if len(cards) != 5:
        kill(st, seat, i, f"seat {seat} showed {len(cards)} cards, not five",
             {"cards": len(cards), "reason": "shown"})
    elif not valid:
        declare_dead(st, seat, i)


def _shown_again(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> None:
    """A second show by a seat: the first hand stands; a different one is a warning."""
    first = st.shown.get(seat)
    if first is not None and sorted(cards) != sorted(first):
        st.find("wrong_card_count", i, seat, f"seat {seat} showed {''.join(cards)} after "
                f"showing {''.join(first)}: a seat holds one hand, the first one shown "
                "stands", severity="warning", once=("reshow", seat),
                details={"cards": len(cards), "shown": list(cards), "first": list(first),
                         "reason": "shown_again"})


def _clashes_after_push(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> bool:
    """After the pot was pushed: a show with cards seen at another seat is a warning and
    changes nothing. Returns whether it clashed."""
    clash = [c for c in cards if c in st.seen and st.seen[c] != seat
             and not (c in st.all_discards and st.reshuffled)]
    if not clash:
        return False
    st.find("duplicate_card", i, seat, f"seat {seat} showed {''.join(clash)}, seen at "
            "another seat, after the pot was pushed: the result stands", severity="warning",
            once=("dup-after", seat),
            details={"card": clash[0], "holder": st.seen[clash[0]], "clash": clash,
                     "reason": "shown_after_push"})
    return True


def _prove_openers(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> None:
    """Proving openers: seed 002 "solo debe mostrar las cartas que puedan justificar su
    apertura"; a partial show, not a hand of four."""
    for c in cards:
        if c not in st.deck:
            see(st, i, seat, c)
        elif st.seen.get(c, seat) != seat and c not in st.all_discards:
            see(st, i, seat, c)
    st.proof[seat] = cards


def _holds(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> bool:
    """The cards recorded as dealt and served are held (RRoP section 4: cards speak for the
    hand the player holds): a known card missing from a five-card show means the tabled
    hand is not the seat's (dead; it stands as shown). Returns whether the show can be the
    seat's hand."""
    held = st.hands.get(seat)
    if held is None or len(held) != 5 or len(cards) != 5:
        return True
    unseen = list(cards)
    for c in held:
        if c == "??":
            continue
        if c not in unseen:
            _not_held(st, i, seat, cards, held)
            return False
        unseen.remove(c)
    if "??" in held and not _may_hold(st, seat, unseen):
        _not_held(st, i, seat, cards, held)
        return False
    return True


def _may_hold(st: HandState, seat: int, cards: list[str]) -> bool:
    """Whether the seat may hold ``cards`` in its unseen places (after discards not named,
    which of its cards it still holds is uncertain): each is a card it was dealt or served
    and did not discard by name, unless it was ever dealt or served a card unseen (then
    any card may be). Only what is certain is a finding."""
    dealt = st.dealt.get(seat)
    served = st.served_known.get(seat, [])
    known_served = sum(1 for c in served if c != "??")
    if dealt is None or "??" in dealt or "??" in served or st.drawn_total.get(
            seat, 0) > known_served:
        return True  # an unseen card came in: it may be any of them
    own = st.own_discards.get(seat, ())
    may = [c for c in (*dealt, *served) if c not in own]
    return all(c in may or c == "Jk" for c in cards)


def _not_held(st: HandState, i: int, seat: int, cards: tuple[str, ...],
              held: list[str]) -> None:
    """The show is not the hand the seat holds: its hand is dead (``not_held``)."""
    st.shown[seat] = cards
    kill(st, seat, i, f"seat {seat} showed {''.join(cards)} but holds {''.join(held)} "
         "as logged: the hand shown is not the one it holds",
         {"cards": len(cards), "shown": list(cards), "held": list(held),
          "reason": "not_held"})


def _cards_valid(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> bool:
    """Each shown card in the deck, once in the hand, not another seat's (its discard only
    after a reshuffle), not one the seat discarded and was not served back (that show is
    not the hand held: the seat's hand is dead, ``not_held``; the deal stands)."""
    valid = True
    jokers_ok = st.rules.jokers
    seen, deck = st.seen, st.deck
    in_hand: set[str] = set()
    for c in cards:
        if c not in deck:
            see(st, i, seat, c)
            valid = False
            continue
        if c in in_hand and not (c == "Jk" and jokers_ok > 1):
            st.find("duplicate_card", i, seat, f"seat {seat} showed {c} twice",
                    once=("dup", c), details={"card": c, "holder": seat,
                                              "reason": "shown_twice"})
            valid = False
        in_hand.add(c)
        holder = seen.get(c)
        if holder is None:
            see(st, i, seat, c)  # (a card in the deck not seen yet: the seat's now)
        elif holder != seat:  # another seat's card (its discard only after a reshuffle)
            if not see(st, i, seat, c):
                valid = False
        elif (c in st.own_discards.get(seat, ()) and c not in st.served_known.get(seat, ())
                and not (c == "Jk" and jokers_ok > 1)):
            # one card, thrown: the show is not the hand held (RRoP section 4), no card
            # is twice in the deck (not RRoP section 13): that hand is dead, not the deal
            held = st.hands.get(seat, [])
            kill(st, seat, i, f"seat {seat} showed {c}, a card it discarded: the hand "
                 "shown is not the one it holds",
                 {"cards": len(cards), "shown": list(cards), "held": list(held), "card": c,
                  "reason": "not_held"})
            valid = False
    return valid


def options() -> list[dict]:
    """What the seat due may do at the showdown: show or muck."""
    return [{"verb": "show", "min": None, "max": None},
            {"verb": "muck", "min": None, "max": None}]
