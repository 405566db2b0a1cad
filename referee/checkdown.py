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
from .state import COMPLETE, HandState


def matching_due(st: HandState) -> bool:
    """Whether the hand ended in a check-down that carries and the house makes the folded
    seats match (``checkdown_matching``)."""
    return (st.rules.checkdown_matching and st.phase == COMPLETE and st.outcome == "carried"
            and st.round >= st.rules.draws and len(st.contesting()) >= 2)


def owed(st: HandState, seat: int) -> int:
    """Chips ``seat`` still owes: what brings its chips put in this hand up to the most a
    seat still in put in ("la cantidad alcanzada por los demás"), no more than its stack;
    0 for a seat still in."""
    if seat not in st.folded:
        return 0
    reached = max(st.contrib[s] for s in st.contesting())
    return max(0, min(reached - st.contrib[seat], st.stacks[seat]))


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
