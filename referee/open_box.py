"""The chips a seat buys from an open box ("caja libre", ``table_stakes`` false, issue 27)
while a hand is played (:func:`cover`), and what a hand's judgement says each seat bought
(:func:`bought_from_box`).

Seed 002: «También es necesario determinar si el juego se llevará a cabo con una caja libre
(sin límite en las apuestas) o con una caja cautiva.» With a caja libre a wager or call past
the seat's stack is allowed; the seat buys the chips it lacks from the box at once
(:func:`cover`: a wager, a call, an ante, a blind or a payment past the stack), and the
finding that names them
(``chips_added_mid_hand``, reason :data:`REASON`, ``details["chips"]``) is the one record of
them: the money side (``store.money.box``) reads it here, so the box's chips are counted where
the referee put them and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # (typing only: the state imports nothing of the box)
    from .state import HandState

KIND = "chips_added_mid_hand"
"""The finding's kind (CONTRACT.md section 3)."""

REASON = "open_box"
"""Its ``details["reason"]`` when the chips came from an open box."""


def cover(st: "HandState", i: int, seat: int, chips: int) -> None:
    """Before ``chips`` of ``seat`` go in at line ``i``: with a caja libre (``table_stakes``
    false, seed 002: «una caja libre (sin límite en las apuestas)»; «cada jugador responde,
    en cada mano, solo de las fichas que tiene delante» is the caja cautiva's) the chips the
    stack lacks are bought from the box at once (:func:`buy`); with table stakes nothing
    (the chips put in stop at the stack)."""
    lacking = chips - st.stacks[seat]
    if lacking > 0 and not st.rules.table_stakes:
        buy(st, i, seat, lacking)


def buy(st: "HandState", i: int, seat: int, chips: int) -> None:
    """``seat`` buys ``chips`` (> 0) from the box at line ``i``: they join its stack and the
    finding names the chips it owes the box (``chips_added_mid_hand``, info, reason
    :data:`REASON`: the one record of them, :func:`bought_from_box`)."""
    st.add_chips(seat, chips)
    st.find(KIND, i, seat, f"seat {seat} wagered {chips} chips more than it had: with an "
            "open box (caja libre) it owes them to the box", severity="info",
            details={"chips": chips, "reason": REASON})


def bought_from_box(findings: Iterable[dict]) -> dict[int, int]:
    """Chips each seat bought from the box during one hand, from the hand's findings as
    ``referee.check`` writes them (CONTRACT.md section 4: dicts with ``kind``, ``seat``,
    ``details``): ``{seat: chips}`` (ints > 0; seats that bought nothing left out).

    >>> bought_from_box([{"kind": "chips_added_mid_hand", "seat": 1,
    ...                   "details": {"chips": 55, "reason": "open_box"}},
    ...                  {"kind": "chips_added_mid_hand", "seat": 2,
    ...                   "details": {"chips": 20, "reason": "rebuy"}}])
    {1: 55}
    """
    out: dict[int, int] = {}
    for finding in findings:
        details = finding.get("details") or {}
        if finding.get("kind") == KIND and details.get("reason") == REASON and finding.get("seat"):
            out[finding["seat"]] = out.get(finding["seat"], 0) + int(details.get("chips", 0))
    return out
