"""The seeds' own blind rules (issue 11), as the house switches of :class:`HouseRules` set
them: a blind in a jackpot hand, a blind posted after looking, the blind who matches the
double blind before looking, who holds the right to speak last, who may raise first, and
who speaks first after the draw. Functions of a :class:`HandState`; each reads its switch
and, switched off, leaves the card-room behaviour as it was.

Seed 000 ("El blind o iniciación del juego a ciegas"), seed 001 ("CIEGA PEQUEÑA Y CIEGA
GRANDE"), seed 002 ("abrir en la oscuridad", "contra oscuridad"); the choices between them
are written in :class:`referee.rules.HouseRules`.
"""

from __future__ import annotations

from .state import PREDEAL, HandState


def jackpot_blind(st: HandState) -> bool:
    """Whether a blind posted now is one seed 000 forbids (``blind_with_jackpot`` False):
    "Y es incompatible cuando la apertura se hace con pot o jackpot", i.e. the hand owes
    an ante (a pot) or has an opening minimum in force (a jackpot)."""
    r = st.rules
    if r.blind_with_jackpot:
        return False
    anted = r.ante > 0 and not r.big_blind_ante
    return anted or (r.opening is not None and st.opening is not None)


def looked(st: HandState, i: int, seat: int) -> bool:
    """Whether ``seat`` could see its cards before line ``i`` (``blind_before_deal``, seed
    000: "Si antes de marcar el blind o ciega mira inadvertidamente sus cartas, se jugará
    esa partida sin blind"): a ``d deal`` line for the seat comes before it."""
    if not st.rules.blind_before_deal:
        return False
    return any(p is not None and p.actor == "d" and p.verb == "deal" and p.seat == seat
               for p in st.parsed[:i])


def matches_double(st: HandState, seat: int) -> bool:
    """Whether a ``blind`` line of ``seat`` now is the first blind matching the double blind
    before looking (``blind_keeps_last``, seed 001: "si el que hizo la ciega no se conforma
    antes de ver las propias cartas, pierde el derecho a ser último de mano"): still in
    the forced chips, the seat posted the first blind, a later blind was posted by
    another seat, and the seat has not matched yet."""
    blinds = st.blinds
    return (st.rules.blind_keeps_last and st.phase == PREDEAL and len(blinds) >= 2
            and blinds[0][0] == seat and all(s != seat for s, _ in blinds[1:]))


def bring_in(st: HandState) -> int:
    """The bet to match before the first voluntary action (chips, a round total): the
    largest forced bet in front of a seat, or the full big blind where the big blind's
    seat is all in for less (a short blind, or an ante that took its whole stack) and two
    or more seats can still act.

    Robert's Rules of Poker, section 2 (Button and blind use), rule 1: "The minimum
    bring-in and allowable raise sizes for the opener … remain the same even when the
    player in the blind does not have enough chips to post the full amount." So the call
    is the full big blind and the minimum raise is to two big blinds. Where fewer than two
    seats can act (heads-up against the short blind) nobody can match more than the
    all-in: the bet stays what is in front of the seats (RRoP section 3, a bet nobody can
    call goes back). Only where the house sets the big blind's size (``big_blind``).
    """
    high = max(st.bets.values(), default=0)
    r = st.rules
    if not (r.blinds_allowed and r.big_blind > high):
        return high
    big = st.expected_blind_seats()[1]
    if big is None or big not in st.allin or st.bets[big] >= r.big_blind:
        return high
    able = sum(1 for s in st.order if st.can_act(s))
    return r.big_blind if able >= 2 else high


def right_holder(st: HandState) -> int | None:
    """The seat holding the right to speak last in a hand with blinds: the last blind
    posted (the double blind, or the blind who matched it; seeds 000, 001), None without
    blinds."""
    return st.blinds[-1][0] if st.blinds else None


def raise_closed(st: HandState, seat: int) -> str | None:
    """Why ``seat`` may not raise now under ``blind_raise`` (None: it may), in the first
    betting round of a hand with blinds.

    ``blind_first`` (seed 001, "No son permitidos relances a los jugadores primero de un
    eventual relance del que hizo la ciega grande (o el que haya tomado el derecho)"):
    the double blind's seat and the holder of the right to speak last may raise; any
    other seat only once one of them has raised (or when neither can act).
    ``blind_only`` (seed 002, "solo el jugador que ha lanzado puede relanzar"): only a
    seat that posted a blind may raise.

    :returns: ``"blind_first"``, ``"blind_only"`` or None.
    """
    how = st.rules.blind_raise
    if how == "open" or st.round != 0 or not st.blinds:
        return None
    posted: dict[int, int] = {}
    for s, chips in st.blinds:
        posted[s] = chips  # (each seat's last blind, a round total)
    if how == "blind_only":
        return None if seat in posted else "blind_only"
    first = {st.blinds[-1][0]} | ({st.blinds[1][0]} if len(st.blinds) > 1 else set())
    if seat in first or not any(st.can_act(s) for s in first):
        return None
    if any(st.bets[s] > posted[s] for s in first):
        return None  # one of them has raised: the betting is open
    return "blind_first"


def postdraw_first(st: HandState) -> int | None:
    """After the draw in a hand with blinds (``postdraw_after_blind``; seed 000 "Habla
    primero el jugador que sigue al blind", seed 002 "el que se sienta a la izquierda del
    que lo ha declarado, habla primero"): the first seat that can act after the holder
    of the right to speak last (the holder itself last). None where the switch is off,
    there are no blinds, or nobody can act."""
    holder = right_holder(st)
    if not st.rules.postdraw_after_blind or holder is None or holder not in st.pos:
        return None
    for s in st.next_seats(st.pos[holder]):
        if st.can_act(s):
            return s
    return None
