"""Seed 002's payment after a carried check-down (``checkdown_matching``): "Si todos los
jugadores declaran palabras, la mano se considera cerrada y nadie gana el bote. Todos los
jugadores que se retiraron del juego en las fases anteriores deben hacer una entrada al
bote para compensar la cantidad alcanzada por los demás."

The log shows each payment as a ``pN ante A`` line after the hand's last check; the chips
join the pot that carries. Functions of a :class:`HandState`; the choice is written in
:class:`referee.rules.HouseRules`.
"""

from __future__ import annotations

from .actions import Action
from .open_box import cover
from .state import COMPLETE, HandState


def matching_due(st: HandState) -> bool:
    """Whether the hand ended in a check-down that carries and the house makes the folded
    seats match (``checkdown_matching``)."""
    return (st.rules.checkdown_matching and st.phase == COMPLETE and st.outcome == "carried"
            and st.round >= st.rules.draws and len(st.contesting()) >= 2)


def owed(st: HandState, seat: int) -> int:
    """Chips ``seat`` still owes: what brings its chips put in this hand up to the most a
    seat still in put in ("la cantidad alcanzada por los demás"), no more than its stack
    (with table stakes; with a caja libre the box sells the rest); 0 for a seat still in,
    and for a seat that withdrew after two of its cards were exposed in the deal (seed
    002: it leaves the hand with its ante in the pot and takes no further part:
    :func:`withdrew`)."""
    if seat not in st.folded or withdrew(st, seat):
        return 0
    reached = max(st.contrib[s] for s in st.contesting())
    short = reached - st.contrib[seat]
    if st.rules.table_stakes:
        short = min(short, st.stacks[seat])
    return max(0, short)


def withdrew(st: HandState, seat: int) -> bool:
    """Whether ``seat`` left the hand by a withdrawal the house allows (``pN withdraw`` as
    its first leaving line, with no finding on it: seed 002, «dos cartas se descubren,
    ambas destinadas al mismo jugador, esto puede retirarse de la mano»). A withdrawal
    without that right, or after the seat acted, is a fold (a finding at its line)."""
    for k, a in enumerate(st.parsed):
        if a is not None and a.actor == "p" and a.seat == seat and a.verb in _LEAVING:
            return a.verb == "withdraw" and not any(
                f.action == k and f.seat == seat for f in st.findings
                if f.kind in ("exposed_card", "not_in_hand", "sitout_irregular"))
    return False


_LEAVING = frozenset(("withdraw", "sitout", "fold", "muck"))
"""The lines by which a seat leaves a hand (:func:`withdrew`: the first one counts)."""


def next_payer(st: HandState) -> int | None:
    """The folded seat due to pay next after a carried check-down (play order), or None
    (no payment owed: the house does not ask for one, or every payer has paid)."""
    if not matching_due(st):
        return None
    for seat in st.order:
        if seat not in st.matched and owed(st, seat):
            return seat
    return None


def pay_option(st: HandState, seat: int) -> dict:
    """What the payer due may do: ``{"verb": "ante", "min": chips, "max": chips}`` (the
    chips it owes, :func:`owed`)."""
    chips = owed(st, seat)
    return {"verb": "ante", "min": chips, "max": chips}


def pay(st: HandState, i: int, seat: int, a: Action) -> None:
    """``pN ante A`` after the check-down: the chips join the pot; other than owed is
    ``wrong_amount`` (reason ``checkdown_matching``)."""
    due = owed(st, seat)
    amount = a.amount or 0
    if amount != due:
        st.find("wrong_amount", i, seat, f"seat {seat} paid {amount} after the check-down; it "
                f"owed {due} to match the seats still in",
                details={"expected": due, "recorded": amount, "reason": "checkdown_matching"})
    cover(st, i, seat, amount)  # (a caja libre: the box sells what the stack lacks)
    st.put_in(seat, max(0, min(amount, st.stacks[seat])))
    st.matched.add(seat)


def unpaid(st: HandState, last: int | None) -> None:
    """At the end of a carried check-down: each folded seat that owes and logged no
    payment is ``missing_ante`` (reason ``checkdown_matching``) at the hand's last
    action."""
    if not matching_due(st):
        return
    for seat in st.order:
        due = owed(st, seat)
        if due and seat not in st.matched:
            st.find("missing_ante", last, seat, f"seat {seat} folded and did not pay {due} "
                    "to match the seats still in after the check-down",
                    details={"ante": due, "reason": "checkdown_matching"})
