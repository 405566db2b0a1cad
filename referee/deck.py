"""The physical cards of a hand: the deal (``d deal``), each card seen in one seat only and
only if the configured deck has it, the cards each seat holds as it throws and is served
at the draw (:func:`throw`, :func:`owe`, :func:`receive`), the stub and the reshuffled
discards the draw is served from, and a hand made dead by a wrong card count. Functions of
a :class:`HandState`; whose turn it is to draw, and how many cards each seat is owed, are
:mod:`referee.draw`'s.

RRoP section 13 (Irregularities): two cards of the same rank and suit void the hand; seed
000: the discards are reshuffled once the stub runs out ("se barajarán los descartes"),
never a seat's own, and the last card is not dealt unless ``deal_last_card``. The folded
hands (the muck) are shuffled with them: RRoP section 11 (draw), in card rooms the muck
joins the discards reshuffled to complete the draw; the seed does not exclude them.
"""

from __future__ import annotations

from .actions import Action
from .state import HandState


def see(st: HandState, i: int, seat: int, card: str) -> bool:
    """Card accounting: the card must be in the deck and seen in one seat only (a discard
    may come back once the discards were reshuffled; two jokers where the deck has two).
    Returns False for a card reported (``card_not_in_deck``, ``duplicate_card``)."""
    if card == "??":
        return True
    if card not in st.deck:
        st.find("card_not_in_deck", i, seat, f"{card} is not in this deck", once=("deck", card),
                details={"card": card})
        return False
    holder = st.seen.get(card)
    if holder is None:
        st.seen[card] = seat
        return True
    if holder != seat and st.reshuffled and (card in st.all_discards
                                             or holder in st.folded):
        st.seen[card] = seat  # a discard or a folded card reshuffled and served again
        return True
    if holder != seat and not (card == "Jk" and st.rules.jokers > 1):
        if card in st.all_discards:
            why = (f"{card} was discarded by seat {holder} while the stub still had cards "
                   f"(discards are not served before it runs out) and is seen again at "
                   f"seat {seat}")
            reason = "discard_served"
        else:
            why = f"{card} was seen at seat {holder} and again at seat {seat}"
            reason = "seen_twice"
        st.find("duplicate_card", i, seat, why, once=("dup", card),
                details={"card": card, "holder": holder, "reason": reason})
        return False
    return True


def kill(st: HandState, seat: int, index: int | None, why: str, details: dict) -> None:
    """The seat's hand is dead (other than five cards, or not the hand it holds): one
    ``wrong_card_count`` per seat, with ``details``."""
    if seat in st.dead:
        return
    st.dead[seat] = index
    st.find("wrong_card_count", index, seat, why, details=details)


def judge_deal_size(st: HandState) -> None:
    """CONTRACT.md section 5, ``deck_exhausted``: "more cards dealt than the deck holds, or
    the last card dealt when the rules forbid it" (seed 000: "No se debe dar la última
    carta del mazo"), for the deal itself: five cards to each seat dealt in need more
    cards than the deck may give (seven players at a 32-card table). One finding, at the
    first ``d deal`` line past the cards there were (None where the deal is not logged)."""
    reserve = 0 if st.rules.deal_last_card else 1
    if not st.n or st.stub >= reserve:  # (the stub after the deal: cards left over)
        return
    size = st.stub + 5 * st.n
    usable = size - reserve
    deals = [k for k, p in enumerate(st.parsed)
             if p is not None and p.actor == "d" and p.verb == "deal"]
    at = deals[usable // 5] if len(deals) > usable // 5 else None
    reason = "deal_out" if 5 * st.n > size else "deal_last_card"
    st.find("deck_exhausted", at, None, f"the deal needs {5 * st.n} cards for {st.n} "
            f"players; the deck has {size}" + ("" if reason == "deal_out" else
                                               " and its last card may not be dealt"),
            severity="error" if reason == "deal_out" else "warning",
            details={"needed": 5 * st.n, "deck": size, "reason": reason})


def deal(st: HandState, i: int, a: Action) -> None:
    """``d deal pN CARDS`` or ``d deal pN K``: the seat holds these cards (or K unseen);
    other than five is a dead hand."""
    seat = a.seat
    assert seat is not None  # (a deal line names its seat)
    count = a.count or 0
    if a.cards is not None:
        cards = a.cards
        seen, deck = st.seen, st.deck
        if ("Jk" not in cards and deck.issuperset(cards) and seen.keys().isdisjoint(cards)
                and len(set(cards)) == len(cards)):
            seen.update(dict.fromkeys(cards, seat))  # the common case: all new cards
        else:
            _see_dealt(st, i, seat, cards)
        st.dealt[seat] = cards
        st.hands[seat] = list(cards)
        for c in st.exposed.get(seat, ()):
            if c not in cards and c != "??":
                exposed_not_dealt(st, i, seat, c)
    else:
        st.hands[seat] = ["??"] * count
    if count != 5:
        kill(st, seat, i, f"seat {seat} was dealt {count} cards, not five",
             {"cards": count, "reason": "dealt"})


def _see_dealt(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> None:
    """A deal with a card seen before, twice in itself, outside the deck or a joker."""
    seen, deck = st.seen, st.deck
    this_deal: set[str] = set()
    for c in cards:
        if c in this_deal and c != "??" and not (c == "Jk" and st.rules.jokers > 1):
            st.find("duplicate_card", i, seat, f"seat {seat} was dealt {c} twice",
                    once=("dup", c), details={"card": c, "holder": seat, "reason": "dealt_twice"})
        elif c in deck and c not in seen and c != "Jk":
            seen[c] = seat
        else:
            see(st, i, seat, c)
        this_deal.add(c)


def declare_dead(st: HandState, seat: int, index: int | None) -> None:
    """The seat's hand is dead from line ``index`` on, its cause reported already (a card
    shown that it cannot hold): the first cause stands."""
    if seat not in st.dead:
        st.dead[seat] = index


def serve_from_deck(st: HandState, i: int, seat: int, k: int) -> None:
    """Deck accounting (seed 000): serve ``k`` cards from the stub, keeping back the last
    card where ``deal_last_card`` is false; then from the reshuffled discards of the
    others (never this seat's own, which join the pool only after it is served) and the
    folded hands (:func:`muck_left`). More
    than both hold is ``deck_exhausted``; so is serving the kept-back last card where the
    others' discards are too few to shuffle it with (seed 000: "No se debe dar la última
    carta del mazo, siendo mejor mezclarla con los descartes")."""
    if k <= 0:
        return
    reserve = 0 if st.rules.deal_last_card else 1
    from_stub = min(k, max(0, st.stub - reserve))
    st.stub -= from_stub
    rest = k - from_stub
    if rest:
        st.reshuffled = True
        muck = muck_left(st)
        pool = st.discard_pool + muck + st.stub  # the others' discards and folded hands
        if rest > pool:
            st.find("deck_exhausted", i, seat, f"seat {seat} was served {k} cards but the "
                    f"deck had only {from_stub + pool} left", severity="error",
                    details={"served": k, "left": from_stub + pool, "reason": "deck_out"})
        elif reserve and rest > st.discard_pool + muck:
            st.find("deck_exhausted", i, seat, f"seat {seat} was served the last card of the "
                    "deck, with no discards to shuffle it with",
                    details={"served": k, "left": from_stub + pool, "reason": "last_card"})
        take_stub = min(rest, st.stub)
        st.stub -= take_stub
        from_pool = rest - take_stub
        take_discards = min(from_pool, st.discard_pool)
        st.discard_pool -= take_discards
        st.muck_taken += min(from_pool - take_discards, muck)


def muck_left(st: HandState) -> int:
    """Cards of the folded hands (the muck) not served yet: they are reshuffled with the
    discards once the stub runs out (RRoP section 11; seed 000 "se barajarán los
    descartes")."""
    hands = st.hands
    folded = sum(len(hands.get(s, ())) for s in st.folded)
    return max(0, folded - st.muck_taken)


# ------------------------------------------------------------------ the draw's cards
def throw(st: HandState, i: int, seat: int, cards: tuple[str, ...] | None, k: int,
          first_draw: bool) -> None:
    """At a draw, the seat throws ``k`` cards: ``cards``, the named ones (None: not named).
    They leave its hand (:func:`owe` then stands unseen cards in for the replacements);
    ``first_draw``: the draw whose discards may prove openers."""
    if cards is not None:
        _discard_known(st, i, seat, cards, first_draw)
    else:
        _discard_unknown(st, seat, k)


def owe(st: HandState, i: int, seat: int, k: int) -> None:
    """The seat that threw ``k`` cards is owed as many: unseen cards stand for them in its
    hand until served (:func:`receive`), taken from the stub, or from the reshuffled
    discards once it runs out (:func:`serve_from_deck`); the thrown cards join the
    discards."""
    st.hands[seat].extend(["??"] * k)
    if k > 0:
        if k <= st.stub - (0 if st.rules.deal_last_card else 1):  # from the stub (inlined)
            st.stub -= k
        else:
            serve_from_deck(st, i, seat, k)
    st.discard_pool += k


def receive(st: HandState, i: int, seat: int, cards: tuple[str, ...] | None, count: int,
            expected: int, before: int) -> None:
    """The seat is served ``count`` cards (``cards`` where named, None: unseen): they stand
    in for the unseen cards its draw assumed (``expected`` of them, ``before`` served
    already); a named card is checked as it comes (:func:`_serve_known`)."""
    hand = st.hands[seat]
    _drop_placeholders(hand, expected, before, count)
    if cards is not None:
        _serve_known(st, i, seat, cards)
    else:
        hand.extend(["??"] * count)


def _discard_known(st: HandState, i: int, seat: int, cards: tuple[str, ...],
                   first_draw: bool) -> None:
    """The named discards leave the hand (an unseen card stands for one not logged); a
    card the seat was not dealt, where the deal was logged, kills the hand. Those of the
    first draw are kept apart (``discards``: they may prove openers)."""
    hand = st.hands[seat]
    seen, deck = st.seen, st.deck
    for c in cards:
        if c in deck and seen.get(c, seat) == seat:  # the common cases, inline:
            if c not in seen:                          # the seat's own card, or
                seen[c] = seat                         # one not seen yet
        elif not see(st, i, seat, c):
            continue  # reported (a duplicate or a card outside the deck)
        if c in hand:
            hand.remove(c)
        elif "??" in hand:
            hand.remove("??")
        elif seat not in st.dead:
            # the deal was recorded: the seat cannot throw a card it was not given
            kill(st, seat, i, f"seat {seat} discarded {c}, a card it was not dealt "
                 f"(it held {''.join(hand)}): its hand does not add up to five cards as "
                 "logged", {"cards": len(hand), "card": c, "held": list(hand),
                            "reason": "discard_not_held"})
    if first_draw:
        st.discards.setdefault(seat, []).extend(cards)
    st.own_discards.setdefault(seat, set()).update(cards)
    st.all_discards.update(cards)


def _discard_unknown(st: HandState, seat: int, k: int) -> None:
    """K discards not named (CONTRACT.md section 2: "CARDS = the discards when known"):
    which cards went is unknown, so no card the seat held is certain to be held any
    more: the hand keeps ``len - K`` unseen cards. What it may still hold (the cards it
    was dealt and served, less those known discarded) is judged at the show
    (:func:`referee.showdown.record_show`)."""
    if k > 0:
        st.hands[seat] = ["??"] * max(0, len(st.hands[seat]) - k)


def _drop_placeholders(hand: list[str], expected: int, before: int, count: int) -> None:
    """The draw already assumed ``expected`` unseen cards (``before`` of them served
    already); the first of them, up to ``count``, give way to the cards now served."""
    placeholders = min(hand.count("??"), expected - before) if before < expected else 0
    drop = min(placeholders, count)
    if drop > 0:
        at = hand.index("??")
        if hand[at:at + drop].count("??") == drop:  # (together, as the draw left them)
            del hand[at:at + drop]
        else:
            for _ in range(drop):
                hand.remove("??")


def _serve_known(st: HandState, i: int, seat: int, cards: tuple[str, ...]) -> None:
    """Named replacement cards: each must be in the deck, not the seat's own discard, not
    a card it holds, not another seat's (unless reshuffled)."""
    hand = st.hands[seat]
    own = st.own_discards.get(seat, ())
    seen, deck = st.seen, st.deck
    for c in cards:
        if c == "??":
            pass
        elif c not in deck:
            see(st, i, seat, c)  # card_not_in_deck
        elif c in own:
            st.find("deck_exhausted", i, seat, f"seat {seat} was served {c}, one of its own "
                    "discards", details={"card": c, "reason": "own_discard"})
        elif c in hand and not (c == "Jk" and st.rules.jokers > 1):
            # served a card the seat already holds (dealt, or served twice)
            st.find("duplicate_card", i, seat, f"seat {seat} was served {c}, a card it "
                    "already holds", once=("dup", c),
                    details={"card": c, "holder": seat, "reason": "served_held"})
        elif c in seen and seen[c] != seat:
            see(st, i, seat, c)  # another seat's card (a discard only after a reshuffle)
        else:
            seen[c] = seat  # (see(), inlined: a card not seen yet, or the seat's own)
        hand.append(c)
    st.served_known.setdefault(seat, []).extend(cards)


# ------------------------------------------------------- the seeds' irregularities
def reveal(st: HandState, i: int, seat: int, card: str) -> None:
    """A card meant for ``seat`` exposed while dealing (``d expose``, seed 002): accounted
    as seen at the seat, and held: it stands in for an unseen card of the hand (a deal
    logged card by card names it again)."""
    if not see(st, i, seat, card):
        return
    hand = st.hands[seat]
    if card not in hand and "??" in hand:
        hand[hand.index("??")] = card
    elif card not in hand and st.dealt.get(seat) is not None:
        exposed_not_dealt(st, i, seat, card)  # the deal was logged card by card without it


def exposed_not_dealt(st: HandState, i: int, seat: int, card: str) -> None:
    """A card exposed in the deal to ``seat`` (``d expose``, seed 002: "el receptor debe
    aceptarla": the seat keeps it) that the seat's deal, logged card by card, lacks: the
    log does not add up (the deal line, or the exposure, names the wrong card).
    ``wrong_card_count`` (reason ``exposed_not_dealt``, a warning: the hand is judged by
    the deal as logged)."""
    st.find("wrong_card_count", i, seat, f"{card} was exposed to seat {seat} in the deal, "
            f"but the deal logged for seat {seat} lacks it: the log does not add up",
            severity="warning", details={"cards": len(st.hands[seat]), "card": card,
                                         "held": list(st.hands[seat]),
                                         "reason": "exposed_not_dealt"})


def refit(st: HandState, i: int, seat: int, k: int, cards: tuple[str, ...] | None,
          dealt: bool) -> int:
    """``d fix pN +K|-K [CARDS]`` (seed 000: "hará que rectifique el que las dio"): ``k``
    cards more (``k`` > 0, ``cards`` the ones given where known) or ``-k`` taken back
    (``cards`` the ones taken where known; else unseen ones first, then the last held).
    A card taken back is seen nowhere any more. ``dealt``: the fix is of the deal (the
    seat's dealt cards follow). Returns the cards the seat holds after it."""
    hand = st.hands[seat]
    if k > 0:
        for c in cards or ("??",) * k:
            see(st, i, seat, c)
            hand.append(c)
    else:
        for c in cards or ("??",) * -k:
            if c != "??" and c not in hand and ("??" not in hand
                                                 or st.seen.get(c, seat) != seat):
                # a card the seat was never dealt (its cards are all known, or the card
                # is another seat's): which card went back the log does not say
                st.find("wrong_card_count", i, seat, f"the dealer took {c} back from seat "
                        f"{seat}, a card it was never dealt", severity="warning",
                        details={"cards": len(hand), "card": c, "held": list(hand),
                                 "fixed": k, "reason": "fix_not_held"})
            if c in hand and c != "??":
                hand.remove(c)
                if st.seen.get(c) == seat:
                    del st.seen[c]
            elif "??" in hand:
                hand.remove("??")
            elif hand:
                gone = hand.pop()
                if st.seen.get(gone) == seat:
                    del st.seen[gone]
    if dealt and st.dealt.get(seat) is not None:
        st.dealt[seat] = tuple(hand)
    return len(hand)


def fill_placeholders(st: HandState, i: int, seat: int, n: int, cards: tuple[str, ...] | None) -> None:
    """A fix of a short serve (``d fix pN +K``, seed 000 "hará que rectifique el que las
    dio"): its first ``n`` cards take the places the draw kept for the cards never served
    (the ``"??"`` placeholders of the seat's hand), by ``cards`` where known."""
    hand = st.hands[seat]
    for c in (cards or ())[:n]:
        if "??" in hand:
            hand.remove("??")
        see(st, i, seat, c)
        hand.append(c)


def revive(st: HandState, seat: int) -> None:
    """The seat's hand, dead for its card count, is live again: the dealer put the count
    right before the player looked (``d fix``)."""
    st.dead.pop(seat, None)


def give_back(st: HandState, k: int) -> None:
    """``k`` cards served beyond a draw and taken back by the dealer go back to the stub."""
    st.stub += k
