"""The opener ladder from hand to hand: the step of ``opener_ladder`` the next hand plays
at, from this hand's step and outcome (:func:`next_step`). The step is an index into the
ladder; :meth:`referee.rules.HouseRules.opening_after` turns it into the minimum.

Seed 000: "En el caso de que nadie lo tenga, se volverá a dar las cartas ... abrir con
pareja de damas ... Y así sucesivamente con pareja de ases, descendiendo a continuación a
pareja de reyes, de damas y de valets" (``ladder_descent`` ``passed_out``). Seed 002: "Si
una apertura falla, la siguiente debe tener como base un par de Damas y, si la situación
persiste, se juegan tres manos con apertura a los Reyes para luego volver a las Damas y
nuevamente a los Jotas" (``ladder_descent`` ``hands``).

>>> from referee.rules import resolve_rules
>>> r = resolve_rules("internacional")
>>> steps = [0]
>>> for outcome in ("passed_out", "passed_out", "showdown", "passed_out", "uncontested",
...                 "showdown"):
...     steps.append(next_step(r, steps[-1], outcome))
>>> [r.opening_after(s) for s in steps]
['J', 'Q', 'K', 'K', 'K', 'Q', 'J']
"""

from __future__ import annotations

from .cards import RANKS
from .rules import HouseRules

NOT_PLAYED = frozenset(("misdeal", "void"))
"""Outcomes of a deal that was not a hand played (a misdeal, a void deal): the ladder
stays where it was."""


def top(ladder: tuple[str, ...]) -> int:
    """The index of the ladder's first highest step (``("J","Q","K","K","K","Q","J")``: 2)."""
    best = max(ladder, key=RANKS.index)
    return ladder.index(best)


def next_step(rules: HouseRules, step: int, outcome: str) -> int:
    """The ladder step of the next hand (an int, 0 = the normal minimum).

    :param step: this hand's step. :param outcome: this hand's outcome
        (:class:`~referee.hand.HandResult`).

    ``passed_out`` (and without a ladder): a passed-out deal moves one step on, a pot won
    (``showdown``, ``uncontested``) goes back to 0, anything else stays. ``hands``: the
    same while below the ladder's top; from the top on, every hand played moves one step
    on whatever happened in it, and reaching the last step is 0 again.
    """
    ladder = rules.opener_ladder
    if rules.ladder_descent == "hands" and ladder is not None and step >= top(ladder):
        if outcome in NOT_PLAYED:
            return step
        step += 1
        return 0 if step >= len(ladder) - 1 else step
    if outcome == "passed_out":
        return step + 1
    if outcome in ("showdown", "uncontested"):
        return 0
    return step
