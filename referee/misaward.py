"""Why the dealer's pushes differ from the rules' award: the case of a ``wrong_award``
(its ``details["reason"]``), so that the finding quotes the rule that decides it
(``referee.citations.REASONS``). A function of a :class:`HandState` after its last step.

The cases, tried in this order:

- ``no_award``: no ``d award`` line, and the rules give chips (CONTRACT.md section 4).
- ``misdeal``: the deal was void (``d misdeal``, or two cards exposed where the house
  calls it one); every chip put in goes back to who put it in (RRoP section 13).
- ``checked_down``: the rules give nothing because every player checked after the draw:
  the pot carries (seed 002, "Si todos los jugadores declaran palabras, la mano se
  considera cerrada y nadie gana el bote."; seed 001, PLATO DE PALABRA).
- ``pot_stays``: the rules give nothing otherwise: the pot carries to the next deal (RRoP
  section 11, a false opener's hand is dead and nobody else is live).
- ``void``: a duplicate card voided the hand; the chips go back (RRoP section 13).
- ``uncontested``: one seat was left in (seed 002, "el bote irá al jugador que hizo esa
  apuesta").
- ``false_opener``: the pushes pay a false opener, whose hand is dead (RRoP sections 4
  and 11).
- ``wrong_cards``: the pushes pay a seat whose hand is dead for its cards (a wrong number
  of cards, or not the hand it holds: RRoP section 4; seed 000, "no podrá tomar parte en
  la jugada por tener cartas de más o de menos, perdiendo todas las puestas").
- ``dead_hand``: the pushes pay a seat that cannot win otherwise: it folded (RRoP section
  4).
- ``flush_over_full`` / ``full_over_flush``: with the other order of flush and full house
  the rules would have paid the dealer's way, or nearer it (seed 000, "si se juega con 40,
  o con menos, vale mas el color que el full"; seed 001).
- ``suit_order``: without the house's order of suits, likewise (seed 001, "gana la pareja
  que tenga el palo de corazón").
- ``odd_chip``: a pot split with chips left over, and the pushes differ from the rules'
  only by those chips (Robert's Rules of Poker, "Ties": the first hand clockwise from the
  button gets the odd chip).
- ``split``: the rules split a pot between tied hands (seed 000, "se distribuyen las
  ganancias entre los dos").
- ``side_pots``: two or more pots, and the pushes go to the rules' winners in other amounts,
  or nearer to one pot for the best hand (RRoP section 3; seed 000, "Si el que gana va
  restado, solamente ganara el importe de su resto ...").
- ``best_hand``: any other case: cards speak, the best hand shown wins (RRoP section 4).

"Nearer" is the chips moved: the sum over seats of the difference between two awards.
"""

from __future__ import annotations

from dataclasses import replace

from .pots import Pot, award_pots
from .state import HandState

def award_reason(st: HandState, outcome: str | None, pots: list[Pot],
                 expected: dict[int, int], recorded: dict[int, int]) -> str:
    """The case of a ``wrong_award`` (one of the module's cases, tried in their order).

    :param outcome: the hand's outcome (``showdown``, ``uncontested``, ``void`` ...).
    :param pots: the pots the rules built (main pot first; empty when none).
    :param expected: seat -> chips the rules give (zero entries left out).
    :param recorded: seat -> chips the ``d award`` lines push.
    """
    if not recorded:
        return "no_award"
    if outcome == "misdeal":
        return "misdeal"
    if not expected:
        return "checked_down" if _checked_down(st) else "pot_stays"
    if outcome in ("void", "uncontested"):
        return outcome
    live = sorted({s for pot in pots for s in pot.seats})
    paid_out = [s for s in recorded if s not in live]
    if paid_out:
        return _dead_reason(st, paid_out)
    moved = _distance(recorded, expected)
    for reason, rules in _other_rankings(st):
        other = _award(st, pots, live, rules)
        if other is not None and other != expected and _distance(recorded, other) < moved:
            return reason
    shares = [_award(st, [pot], live, st.rules) or {} for pot in pots]
    split_pots = [(pot, share) for pot, share in zip(pots, shares) if len(share) > 1]
    odd = sum(pot.amount % len(share) for pot, share in split_pots)
    if (odd and sum(recorded.values()) == sum(expected.values())
            and set(recorded) <= set(expected) and moved <= 2 * odd):
        return "odd_chip"
    if split_pots:
        return "split"
    if len(pots) > 1:
        flat = _award(st, [Pot(sum(p.amount for p in pots), pots[0].seats)], live, st.rules)
        if set(recorded) <= set(expected) or (
                flat is not None and _distance(recorded, flat) < moved):
            return "side_pots"
    return "best_hand"


def _checked_down(st: HandState) -> bool:
    """Whether the hand carried because every player checked after the draw (its
    ``passed_out`` finding, reason ``checked_down``)."""
    return any(f.kind == "passed_out" and f.details.get("reason") == "checked_down"
               for f in st.findings)


def _dead_reason(st: HandState, paid_out: list[int]) -> str:
    """Why the seats paid though not live cannot win: ``false_opener`` (one is the false
    opener), ``wrong_cards`` (one's hand is dead for its cards), else ``dead_hand``."""
    if st.opener_false and st.opener in paid_out:
        return "false_opener"
    if any(s in st.dead and s not in st.folded for s in paid_out):
        return "wrong_cards"
    return "dead_hand"


def _other_rankings(st: HandState) -> list[tuple[str, object]]:
    """``(reason, rules)`` for each house ranking switch of the high game, flipped: the
    order of flush and full house; the order of suits, where the house has one; the
    straight round the corner (``circular_straight``, seed 000: "Como la escalera es
    circular, el as puede ir delante del rey o después del dos, a voluntad.")."""
    r = st.rules
    if r.ranking != "high":
        return []  # (lowball: the house switches are the high game's)
    flush_wins = r.flush_beats_full_for(st.n)
    out: list[tuple[str, object]] = [
        ("flush_over_full" if flush_wins else "full_over_flush",
         replace(r, flush_beats_full=not flush_wins))]
    if r.suit_order:
        out.append(("suit_order", replace(r, suit_order=None)))
    # seed 000: "Como la escalera es circular" (the house switch circular_straight)
    out.append(("circular" if r.circular_straight else "not_circular",
                replace(r, circular_straight=not r.circular_straight)))
    return out


def _award(st: HandState, pots: list[Pot], live: list[int], rules) -> dict[int, int] | None:
    """The pots awarded under ``rules`` (zero entries left out), None when undecided."""
    got = award_pots(pots, live, st.shown, st.shown_unknown, rules, st.n, st.order)
    return None if got is None else {s: c for s, c in got.items() if c}


def _distance(a: dict[int, int], b: dict[int, int]) -> int:
    """Chips moved between two awards: the sum of the differences seat by seat."""
    return sum(abs(a.get(s, 0) - b.get(s, 0)) for s in set(a) | set(b))
