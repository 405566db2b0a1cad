"""What each seat did in one judged hand, for the club's statistics (issue 28).

The store keeps these facts beside each hand's judgement (``store.stats.hands``) and adds
them up per night; it never works a figure out of the log itself: the referee says.

A hand's facts come from its replay (:class:`referee.session.HandItem`): which seats were
dealt in (:attr:`referee.state.HandState.order`), what each did before the draw, in the
draw and at the showdown, and the chips each ended with (:attr:`referee.hand.HandResult.
stacks`). The definitions, each as the statistics pages state it:

- ``dealt``: the seat was dealt in (seated, with chips, not sitting out).
- ``vpip``: it put chips in voluntarily before the draw: it opened, bet, called, raised or
  went all in while the hand was in its first betting (antes, blinds and straddles are
  forced chips and do not count; a check is no chip). The draw-poker VPIP.
- ``opened``: it opened the pot (the first voluntary bet before the draw; seed 000 "abrir").
- ``raised``: it raised before the draw.
- ``draws`` / ``cards_drawn`` / ``stood_pat``: its turns in the draw, the cards it asked for
  over them, and the turns it took none (seed 000 "servido": standing pat).
- ``showdown``: it was still in (not folded, its hand not dead) as the hand came to a showdown
  (two or more still in after the last betting round: :attr:`HandState.showdown_seats`),
  whether it then showed or mucked, and whether or not the others' mucks left one hand
  shown (outcome ``"uncontested"``: a fresh tester of issue 28 found those left out).
- ``won``: it ended the hand with more chips than it began it (net chips > 0): it won a pot
  or part of one beyond what it had put in; ``won_at_showdown``: both.
- ``pot``: the chips the rules gave it from the pots (its award; the dealer's pushes where
  the cards that decide were never seen), 0 when it won nothing.
- ``net``: chips after the hand minus chips before it (a rebuy made during the hand, and
  with a caja libre the chips bought from the box, ``referee.open_box``, left out: they are
  bought, not won). Summed over a night it is the referee's net: the stacks the
  seat ends with minus the chips it bought.
- ``committed``: ``{kind: count}`` of the findings (warnings and errors) whose acting seat
  (:attr:`referee.findings.Finding.seat`) is this one.
- ``suffered``: ``{kind: count}`` of the findings whose ``details`` name this seat as the
  one harmed (:func:`harmed_seats`).

Chips are ints; seats are ints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from .findings import Finding
from .open_box import bought_from_box
from .session import HandItem
from .state import DRAW, PREDEAL, PREDRAW

VOLUNTARY = frozenset(("open", "bet", "call", "raise", "allin"))
"""The player verbs that put chips in by choice (CONTRACT.md 2): the VPIP's verbs."""

BEFORE_DRAW = frozenset((PREDEAL, PREDRAW))
"""The phases before the first draw (a blind game's first bets come in the predeal)."""


@dataclass
class SeatFacts:
    """One seat's facts in one hand (the module's docstring defines each)."""

    seat: int
    dealt: bool = False
    vpip: bool = False
    opened: bool = False
    raised: bool = False
    draws: int = 0
    cards_drawn: int = 0
    stood_pat: int = 0
    showdown: bool = False
    won_at_showdown: bool = False
    won: bool = False
    pot: int = 0
    net: int = 0
    committed: dict[str, int] = field(default_factory=dict)
    suffered: dict[str, int] = field(default_factory=dict)


def harmed_seats(finding: Finding | Mapping) -> set[int]:
    """The seats a finding's ``details`` name as harmed (never its own acting seat):

    - ``out_of_turn``, ``showdown_order``, ``blind_irregular`` (reason ``wrong_seat``): the
      ``due`` seat, whose turn (or blind) another seat took;
    - ``wrong_award``: each seat the pushes (``recorded``) gave less than the rules
      (``expected``).

    :param finding: a :class:`~referee.findings.Finding` or its dict (CONTRACT.md 4).
    :returns: a set of ints (empty when none is named).
    """
    if isinstance(finding, Finding):
        kind, seat, details = finding.kind, finding.seat, finding.details or {}
    else:
        kind, seat, details = finding["kind"], finding.get("seat"), finding.get("details") or {}
    out: set[int] = set()
    if kind in ("out_of_turn", "showdown_order", "blind_irregular"):
        due = details.get("due")
        if type(due) is int:
            out.add(due)
    elif kind == "wrong_award":
        expected = details.get("expected") or {}
        recorded = details.get("recorded") or {}
        for key, chips in expected.items():
            if str(key).isdigit() and (recorded.get(key) or recorded.get(str(key)) or 0) < chips:
                out.add(int(key))
    out.discard(seat)
    return out


def seat_facts(item: HandItem) -> dict[int, SeatFacts]:
    """Each seat's facts in the judged hand ``item`` (:func:`referee.session.play_hand`).

    Read from the judged replay alone (no second stepping of the log): the phase each line
    was read in (:attr:`referee.state.HandState.line_phases`) and the seats still in as the
    showdown began (:attr:`~referee.state.HandState.showdown_seats`).

    :returns: seat -> :class:`SeatFacts`, for every seat at the table as the hand started
        (a seat not dealt in has ``dealt`` False and its chips unchanged).
    """
    start, result = item.start, item.result
    final = item.replay.state
    facts = {seat: SeatFacts(seat) for seat in sorted(start.stacks)}
    for seat in final.order:
        facts.setdefault(seat, SeatFacts(seat)).dealt = True
    rebought: dict[int, int] = {}
    reached = final.showdown_seats or frozenset()
    phases = final.line_phases
    for i, action in enumerate(final.parsed):
        phase = phases[i] if i < len(phases) else None
        if action is None or action.actor != "p" or action.seat not in facts:
            continue
        mine, verb = facts[action.seat], action.verb
        if verb == "rebuy":
            rebought[action.seat] = rebought.get(action.seat, 0) + (action.amount or 0)
        elif not mine.dealt:
            continue
        elif phase in BEFORE_DRAW and verb in VOLUNTARY:
            mine.vpip = True
            mine.opened |= verb == "open"
            mine.raised |= verb == "raise"
        elif phase == DRAW and verb == "draw" and action.count is not None:
            mine.draws += 1
            mine.cards_drawn += action.count
            mine.stood_pat += action.count == 0
    if final.opener is not None and final.opener in facts:
        facts[final.opener].opened = facts[final.opener].vpip = True
    awards = result.awards if result.awards is not None else result.credited
    boxed = bought_from_box(f.as_dict() for f in item.extra + result.findings)
    for seat, mine in facts.items():
        late = final.late_chips.get(seat, 0)
        mine.net = (result.stacks.get(seat, start.stacks[seat]) - start.stacks[seat] - (rebought.get(seat, 0) - late)
                    - boxed.get(seat, 0))
        mine.won = mine.net > 0
        mine.pot = awards.get(seat, 0) if mine.won else 0
        mine.showdown = (mine.dealt and seat not in final.dead
                         and (seat in reached or (result.outcome == "showdown" and seat in final.contesting())))
        mine.won_at_showdown = mine.showdown and mine.won
    for finding in item.extra + result.findings:
        if finding.severity == "info":
            continue
        if finding.seat in facts:
            bump = facts[finding.seat].committed
            bump[finding.kind] = bump.get(finding.kind, 0) + 1
        for seat in harmed_seats(finding):
            if seat in facts:
                bump = facts[seat].suffered
                bump[finding.kind] = bump.get(finding.kind, 0) + 1
    return facts


def apportion(total: int, weights: Mapping[int, int]) -> dict[int, int]:
    """``total`` chips split over the keys pro rata to their ``weights`` (ints > 0): each
    gets ``total * weight // sum`` and the chips rounding left go one at a time to the
    largest remainders (ties to the lower key), so the parts add up to ``total``.

    >>> apportion(10, {1: 1, 2: 1, 3: 1})
    {1: 4, 2: 3, 3: 3}
    """
    whole = sum(weights.values())
    if not whole:
        return {}
    parts, rests = {}, []
    for key, weight in sorted(weights.items()):
        parts[key], rest = divmod(total * weight, whole)
        rests.append((-rest, key))
    for _, key in sorted(rests)[:total - sum(parts.values())]:
        parts[key] += 1
    return parts


def chip_flows(nets: Mapping[int, int]) -> dict[tuple[int, int], int]:
    """Who won what from whom in one hand (head to head), from each seat's net chips.

    The pots' chips that changed hands are ``min(gains, losses)`` (the rest was carried in
    from a passed-out deal, or carried out to the next one). They are taken from the
    losing seats pro rata to their losses, and what each loser gives is split among the
    winning seats pro rata to their gains (the hand's pots together), each split in whole
    chips by the largest remainder (:func:`apportion`): a loser gives at most its loss, and
    when nothing is carried in or out exactly its loss.

    :param nets: seat -> net chips in the hand (:attr:`SeatFacts.net`).
    :returns: ``{(loser, winner): chips > 0}``.

    >>> chip_flows({1: -30, 2: -10, 3: 40})
    {(1, 3): 30, (2, 3): 10}
    >>> sorted(chip_flows({1: -10, 2: 5, 3: 5}).items())
    [((1, 2), 5), ((1, 3), 5)]
    """
    losers = {s: -n for s, n in nets.items() if n < 0}
    winners = {s: n for s, n in nets.items() if n > 0}
    gains, losses = sum(winners.values()), sum(losers.values())
    if not gains or not losses:
        return {}
    flows: dict[tuple[int, int], int] = {}
    for loser, given in apportion(min(gains, losses), losers).items():
        for winner, chips in apportion(given, winners).items():
            if chips:
                flows[(loser, winner)] = chips
    return flows
