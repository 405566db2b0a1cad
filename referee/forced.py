"""The forced chips before the first bet: antes and blinds (``pN ante``, ``pN blind``,
``pN straddle``), a seat dealt in without its ante, and the end of the forced chips (the
betting begins). Functions of a :class:`HandState`.

Seed 000: the ante ("pot") is owed by every player dealt in, the blind by the seat after the
dealer and the double blind by the next; seed 001 "CIEGA PEQUEÑA Y CIEGA GRANDE"; seed 002
sizes them by the pot. A big blind ante (``big_blind_ante``) is paid by the big blind for
the whole table: dead money in the main pot.
"""

from __future__ import annotations

from .actions import Action
from .blinds import jackpot_blind, matches_double
from .betround import blind_in, set_bring_in
from .open_box import cover
from .rounds import start_betting
from .state import PREDEAL, PREDRAW, HandState
from .turns import blind_size


def reach(st: HandState, seat: int, chips: int) -> int:
    """The forced ``chips`` the seat can be held to: no more than its stack with table
    stakes (seed 000: «Ningún jugador podrá obligar a otro a jugarse mayor cantidad de la
    que dispone en su resto»); all of them with a caja libre (``table_stakes`` false, seed
    002: what the stack lacks is bought from the box, :func:`referee.open_box.cover`)."""
    return min(chips, st.stacks[seat]) if st.rules.table_stakes else chips


def first_line(st: HandState, seat: int) -> int | None:
    """The line a seat's missing ante is reported at: its first player line; where that
    is a ``pN sitout`` (the seat said it abstains, and was dealt cards all the same), the
    first line after it that deals the seat in (a card dealt, served or exposed to it, or
    a player line of its own)."""
    parsed = st.parsed
    first = next((k for k, p in enumerate(parsed) if p is not None
                  and p.actor == "p" and p.seat == seat), None)
    if first is None or parsed[first].verb != "sitout":  # type: ignore[union-attr]
        return first
    return next((k for k, p in enumerate(parsed) if k > first and p is not None
                 and p.seat == seat and not (p.actor == "p" and p.verb == "sitout")
                 and (p.actor == "p" or p.verb in ("deal", "serve", "expose", "fix"))), first)


def leave_predeal(st: HandState, i: int) -> None:
    """A line other than an ante or blind: the forced chips are over. Every seat dealt in
    without its ante is a ``missing_ante`` (at its first line; where the dealer answers
    for the antes, ``ante_liable`` ``dealer``, seed 000, reason ``dealer``: the finding
    names the dealer, the button's seat, and the chips the dealer owes); the betting
    begins."""
    r = st.rules
    if r.ante and not r.big_blind_ante:
        for s in st.order:
            if s not in st.anted:
                first = first_line(st, s)
                if r.ante_liable == "dealer":  # seed 000: "responsable el que da"
                    st.find("missing_ante", first, s, f"seat {s} was dealt in without its "
                            f"ante of {r.ante}: the dealer, seat {st.button}, answers for it",
                            details={"ante": r.ante, "reason": "dealer", "dealer": st.button,
                                     "owed": reach(st, s, r.ante)})
                else:
                    st.find("missing_ante", first, s, f"seat {s} was dealt in without its "
                            f"ante of {r.ante}", details={"ante": r.ante})
    start_betting(st)  # (PREDRAW: no draw comes before the forced chips)


def unreadable(st: HandState, seat: int) -> None:
    """An unreadable ante, blind or straddle line of ``seat`` before the betting: the seat
    counts as having put in its forced chips (how many is unknown: none are guessed)."""
    st.anted.add(seat)


def ante(st: HandState, i: int, seat: int, a: Action) -> None:
    """``pN ante A``: the chips go in (table stakes: no more than the stack); a second
    ante, one of another size than the house ante, or one in a hand that owes none
    (``ante_custom``, seed 000), is ``wrong_amount``; a short one, where the dealer answers
    for the antes (``ante_liable`` ``dealer``, seed 000), names the dealer and the chips
    the dealer owes (``basis`` ``dealer``)."""
    r = st.rules
    owed = r.ante
    if r.big_blind_ante:
        owed = r.ante if st.expected_blind_seats()[1] == seat else 0
    amount = a.amount or 0
    if st.start.waived_ante and not r.big_blind_ante:
        st.find("wrong_amount", i, seat, f"seat {seat} anted {amount} in a hand that owes no "
                "ante (the marker is not in the middle)",
                details={"expected": 0, "recorded": amount, "reason": "not_due"})
    elif seat in st.anted and owed:
        st.find("wrong_amount", i, seat, f"seat {seat} anted twice ({amount} more)",
                details={"expected": 0, "recorded": amount, "reason": "ante_twice"})
    elif owed and amount < reach(st, seat, owed) and r.ante_liable == "dealer":
        short = reach(st, seat, owed) - amount  # seed 000: "responsable el que da"
        st.find("wrong_amount", i, seat, f"seat {seat} anted {amount}; the ante is {owed}: "
                f"the dealer, seat {st.button}, answers for the {short} missing",
                details={"expected": owed, "recorded": amount, "reason": "ante",
                         "basis": "dealer", "dealer": st.button, "owed": short})
    elif owed and (amount > owed or amount < reach(st, seat, owed)):
        st.find("wrong_amount", i, seat, f"seat {seat} anted {amount}; the ante is {owed}",
                details={"expected": owed, "recorded": amount, "reason": "ante"})
    st.anted.add(seat)
    cover(st, i, seat, amount)  # (a caja libre: the box sells what the stack lacks)
    # (a big blind ante is paid for the whole table: dead money in the main pot)
    st.put_in(seat, min(amount, st.stacks[seat]), dead=r.big_blind_ante)
    if st.phase == PREDEAL:
        set_bring_in(st)  # (an ante that takes the big blind's stack: RRoP 2 rule 1)


def blind(st: HandState, i: int, seat: int, a: Action) -> None:
    """``pN blind A`` / ``pN straddle A``: the chips go in as a bet of this round. Posted
    after the betting began, where the house plays no blinds, by the wrong seat or of the
    wrong size: ``blind_irregular``."""
    late_small = _blind_after_double(st, i, a)
    is_big = not late_small and (a.verb == "straddle" or len(st.blinds) > 0
                                 or _small_blind_out(st, seat))
    amount = a.amount or 0
    if a.verb == "blind" and matches_double(st, seat):
        _match_double(st, i, seat, amount)
        return
    if st.phase not in (PREDEAL, PREDRAW) or (st.phase == PREDRAW and st.acted):
        st.find("blind_irregular", i, seat, f"seat {seat} posted a blind after the betting "
                "began", details={"reason": "late", "double": is_big})
    elif not st.rules.blinds_allowed:
        st.find("blind_irregular", i, seat, "blinds are not played under these house rules",
                details={"reason": "not_allowed", "double": is_big})
    elif jackpot_blind(st):
        st.find("blind_irregular", i, seat, "a blind is not played in a hand opened with "
                "antes or an opening minimum (pot or jackpot)",
                details={"reason": "jackpot", "double": is_big})
    else:
        _judge_blind(st, i, seat, amount, is_big, late_small)
    cover(st, i, seat, amount)  # (a caja libre: the box sells what the stack lacks)
    st.put(seat, amount)
    # a blind logged after the double blind goes before it: the double blind keeps the
    # right to speak last, and the first to speak is the seat after it
    st.blinds.insert(0 if late_small else len(st.blinds), (seat, st.bets[seat]))
    blind_in(st, seat)
    if st.phase == PREDEAL:
        set_bring_in(st)  # (a short all-in big blind does not lower the bet: RRoP 2 rule 1)


def _blind_after_double(st: HandState, i: int, a: Action) -> bool:
    """Whether a ``pN blind A`` line at ``i`` is the blind logged after the double blind:
    every blind line before it in the hand is a ``straddle`` (at least one). CONTRACT.md
    section 2: ``pN blind A`` is the blind, ``pN straddle A`` the double blind; the verb,
    not the order of the lines, says which is which."""
    if a.verb != "blind" or not st.blinds:
        return False
    verbs = [p.verb for p in st.parsed[:i]
             if p is not None and p.actor == "p" and p.verb in ("blind", "straddle")]
    return bool(verbs) and all(v == "straddle" for v in verbs)


def _small_blind_out(st: HandState, seat: int) -> bool:
    """Whether a first ``blind`` line of ``seat`` is the big blind because the small
    blind's seat cannot post (its ante took its whole stack: it is all in, and owes no
    blind, :func:`~referee.rounds.predeal_owed`). CONTRACT.md section 2: ``pN blind A``
    is a blind, the second blind line the double blind; with no small blind to come the
    blind posted is the second one, the big blind (where the house sets both sizes)."""
    r = st.rules
    if st.blinds or st.phase != PREDEAL or not (r.small_blind and r.big_blind):
        return False
    small = st.expected_blind_seats()[0]
    return (small is not None and small != seat and st.stacks[small] == 0
            and r.table_stakes)


def _match_double(st: HandState, i: int, seat: int, amount: int) -> None:
    """Seed 001: the blind matches the double blind before looking (a second ``blind``
    line of its seat, to the double blind's total) and keeps the right to speak last;
    another total is ``blind_irregular`` (wrong size). Its chips go in as logged."""
    if amount != st.high:
        st.find("blind_irregular", i, seat, f"seat {seat} matched the double blind with "
                f"{amount}; it is {st.high}", details={"reason": "wrong_size",
                                                      "expected": st.high,
                                                      "recorded": amount, "double": False})
    cover(st, i, seat, amount - st.bets[seat])
    st.put(seat, max(0, amount - st.bets[seat]))
    st.blinds.append((seat, st.bets[seat]))
    blind_in(st, seat)
    set_bring_in(st)


def _judge_blind(st: HandState, i: int, seat: int, amount: int, is_big: bool,
                 late_small: bool = False) -> None:
    """The blind's seat (the seat after the button, or after the last blind) and size
    (:func:`~referee.turns.blind_size`). ``book`` in the details: the house sizes the blinds
    (``small_blind``/``big_blind``, Robert's Rules section 2) rather than a seed's way.
    ``late_small``: the blind logged after the double blind (judged as the first blind)."""
    small, big = st.expected_blind_seats()
    want_seat = big if is_big else small
    if st.blinds and not late_small:
        want_seat = st.order[(st.pos[st.blinds[-1][0]] + 1) % st.n]
    name = "double blind" if is_big else "blind"
    r = st.rules
    book = r.blind_sizing == "fixed" and bool(r.small_blind or r.big_blind)
    if seat != want_seat:
        st.find("blind_irregular", i, seat, f"seat {seat} posted the {name}; it was seat "
                f"{want_seat}'s", details={"reason": "wrong_seat", "due": want_seat,
                                           "double": is_big, "book": book})
    size = _size_due(st, is_big, late_small)
    if size and (amount > size or amount < reach(st, seat, size)):
        st.find("blind_irregular", i, seat, f"seat {seat} posted {amount} as the {name}; it "
                f"is {size}", details={"reason": "wrong_size", "expected": size,
                                       "recorded": amount, "double": is_big, "book": book})


def _size_due(st: HandState, is_big: bool, late_small: bool = False) -> int:
    """The size of the blind being posted (:func:`~referee.turns.blind_size`); a double
    blind with no blind before it (the blind's seat had no chips left: its ante took them)
    is still the double blind's size where the house sets the sizes; a blind logged after
    the double blind is the first blind's size (the pot before the blinds)."""
    r = st.rules
    if late_small:
        return blind_size(r, [], st.pot_total() - sum(c for _, c in st.blinds))
    if is_big and not st.blinds and r.blind_sizing == "fixed":
        return r.big_blind or 2 * blind_size(r, [], 0)
    return blind_size(r, st.blinds, st.pot_total())


def owed_option(st: HandState, owed: tuple[int, str, int]) -> dict:
    """The forced chips owed (:func:`~referee.rounds.predeal_owed`) as the one thing the
    seat due may do: ``{"verb", "min", "max"}`` (chips, no more than its stack with
    table stakes: :func:`reach`)."""
    seat, verb, chips = owed
    chips = reach(st, seat, chips)
    return {"verb": verb, "min": chips, "max": chips}


def blind_options(st: HandState) -> list[dict]:
    """Before the first bet with nothing owed: an optional blind, where the house plays
    blinds and none is posted yet (seed 000, seed 001: double the ante; seed 002: double
    the pot). ``[{"verb": "blind", "min", "max"}]`` or ``[]``."""
    r = st.rules
    if r.blinds_allowed and not st.blinds and not jackpot_blind(st):
        size = blind_size(r, st.blinds, st.pot_total()) or None
        return [{"verb": "blind", "min": size, "max": size}]
    return []
