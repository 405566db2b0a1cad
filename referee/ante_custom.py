"""Seed 000's custom of which hands are anted (``ante_custom``; off in every preset).

"El pot se suele organizar así: Se toma un fetiche o pequeño objeto cualquiera ... y el que
da las cartas, lo pone en el centro de la mesa, al tiempo que todos los jugadores ponen un
pot en el tapete. Aquel que gana la jugada recoge, con el importe ganado, el objeto indicado
y lo reserva hasta que le llegue el turno de dar." And: "También se acostumbra a poner pot
en los casos siguientes: Después de haber hecho la jugada pocker, o re-pocker, o escalera
de color. Cuando no se abre juego por pasar todos los jugadores. Cuando un jugador envida
sin que le siga nadie. Cuando el que es blind abandona lo que puso. Cada vez que se dan mal
las cartas."

The seed's fetiche is the *marker* here. A hand is anted when the marker is in the middle
(the night's first hand, a hand after an anted hand nobody won, a hand dealt by the seat
holding the marker, or by a seat no longer at the table) or after one of the customs
(:func:`custom_after`). The choice is written in :class:`referee.rules.HouseRules`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping

from .rank import rank
from .rules import HouseRules, resolve_rules
from .state import HandState

TOP_HANDS = frozenset(("four of a kind", "five of a kind", "straight flush"))
"""The hands after which everyone antes again: "la jugada pocker, o re-pocker, o escalera
de color"."""


def marker_in_middle(marker: int | None, button: int, stacks: Mapping[int, int]) -> bool:
    """Whether the marker is in the middle for the hand dealt from ``button``: nobody holds
    it (None), its holder deals ("lo reserva hasta que le llegue el turno de dar"), or its
    holder has left the table."""
    return marker is None or marker == button or marker not in stacks


def ante_due(rules: HouseRules, marker: int | None, fresh: bool, button: int,
             stacks: Mapping[int, int]) -> bool:
    """Whether every seat owes the ante in the hand dealt from ``button``: always without
    ``ante_custom``; with it, when the marker is in the middle or the last hand called
    for a fresh pot (``fresh``)."""
    if not rules.ante_custom:
        return True
    return fresh or marker_in_middle(marker, button, stacks)


def custom_after(st: HandState, outcome: str) -> bool:
    """Whether the hand just played calls for a fresh pot from everyone in the next one:
    a four of a kind, five of a kind or straight flush shown, a passed-out deal, a pot
    won by a bet nobody called (everyone else folded during the betting or the draw: not a
    showdown where the others mucked), a blind that folded, a misdeal."""
    if outcome in ("passed_out", "misdeal") or st.outcome == "uncontested":
        return True
    if any(seat in st.folded for seat, _ in st.blinds):
        return True
    return any(len(cards) == 5 and "??" not in cards
               and rank(cards, st.rules, st.n).name in TOP_HANDS
               for cards in st.shown.values())


def marker_after(marker: int | None, in_middle: bool, awards: Mapping[int, int] | None,
                 order: list[int]) -> int | None:
    """Who holds the marker after the hand: the winner of a hand played with it in the
    middle (the seat awarded most, the first in play ``order`` on a tie), else as before
    (None, in the middle, when nobody won it)."""
    if not in_middle:
        return marker
    won = {s: c for s, c in (awards or {}).items() if c > 0}
    if not won:
        return None
    most = max(won.values())
    return next((s for s in order if won.get(s) == most), min(won))


@lru_cache(maxsize=256)
def without_ante(rules: HouseRules) -> HouseRules:
    """``rules`` with ``ante`` 0, for a hand that owes none (one object per house rules:
    cached, so the ranking tables cached on it stay hot). With ``jackpot_without_pot``
    False the hand is no jackpot either: no opening minimum (seed 000 ties the opening to
    a pot: "Cuando se haga la apertura de juego con pot o jackpot, será obligatorio el
    justificar la ley de apertura"), so nobody needs openers and a blind there is a blind.

    >>> without_ante(resolve_rules("pocker", ante_custom=True)).opening
    'J'
    >>> without_ante(resolve_rules("pocker", ante_custom=True, jackpot_without_pot=False)).opening
    """
    if rules.jackpot_without_pot:
        return resolve_rules(rules, ante=0)
    return resolve_rules(rules, ante=0, opening=None)
