"""The chips each player physically holds, "the chips on the table" (CONTRACT.md section 4),
beside the referee's stacks, and why the two differ.

The referee's ``stacks`` follow the rules' awards. At the table the chips are where the
dealer put them: a pot pushed where the rules do not give it leaves the seats holding more
or fewer chips than their stacks, and a ``d move pA pB A`` line (CONTRACT.md section 2:
chips handed over at the table outside the betting, a ruling settled at the table) moves
chips from one seat's pile to another's. So the chips on the table are "the stacks plus,
per hand, what the dealer's pushes gave beyond the rules' awards (or minus what they
withheld), plus the ``d move`` lines", and a night's counts are compared with them
(:mod:`referee.count`).

What a seat holds beyond its stack is kept as its standing differences (:data:`Gap`), each
with the hand and the cause, so that a page can say why ("+17: the pot of hand 4, pushed
to them beyond the rules"). A difference stands until the seat leaves the table (it takes
its chips home) or a hand states its stack (a stated stack is a count of the chips the seat
holds: the referee plays on from it, ``stack_mismatch`` where it differs); causes that
cancel out (a wrong push settled by a ``d move`` back) leave no difference.

Pure functions over dicts: :func:`settle_moves` runs at the end of a hand
(:func:`referee.outcome.finish`), the rest between hands (:mod:`referee.session`).

>>> gap = hand_gap({}, 4, {3: 17, 5: -17}, [])
>>> gap
{3: ((4, 'pushed', 17, None),), 5: ((4, 'pushed', -17, None),)}
>>> on_table({3: 181, 5: 215}, gap)
{3: 198, 5: 198}
>>> hand_gap(gap, 5, {}, [(3, 5, 17)])
{}
"""

from __future__ import annotations

from typing import Iterable, Mapping

from .state import HandState

PUSHED = "pushed"
"""A difference left by the dealer's pushes in a hand (``credited - awards``)."""
MOVED = "moved"
"""A difference left by the ``d move`` lines of a hand."""

Difference = tuple[int, str, int, "int | None"]
"""``(hand, reason, chips, other)``: in hand number ``hand``, for ``reason``
(:data:`PUSHED` or :data:`MOVED`), the seat came to hold ``chips`` more than its stack
(negative: fewer); ``other`` is the seat the chips were handed to or from (a move), None
for a push."""

Gap = dict[int, tuple[Difference, ...]]
"""Seat -> its standing differences, oldest first; seats holding exactly their stack are
left out."""


def settle_moves(st: HandState, stacks: Mapping[int, int],
                 pushed: Mapping[int, int]) -> list[tuple[int, int, int]]:
    """The hand's ``d move`` lines, in log order, as the chips they move once the hand is
    over (the line's place in the log aside: a move never enters the pots or the
    betting). A line moves at most what the giver then holds on the table (its stack
    after the hand, plus its differences at the start,
    :attr:`~referee.hand.HandStart.table_gap`, plus this hand's ``pushed``, plus the moves
    before it); a line that asks for more is
    ``chips_not_conserved`` (error, reason ``move``) at that line: chips a seat does not
    hold cannot be handed over, and none are conjured (not said after an unreadable player
    line, whose chips are unknown: :data:`referee.state.LOST_HIDES`).

    :param stacks: seat -> the referee's stacks after the hand.
    :param pushed: seat -> chips the hand's pushes gave beyond the rules' awards
        (:func:`referee.outcome.push_gap`).
    :returns: ``[(from seat, to seat, chips moved)]``.
    """
    if not st.moves:
        return []
    gap = sums(st.start.table_gap)
    held = {s: c + gap.get(s, 0) + pushed.get(s, 0) for s, c in stacks.items()}
    out = []
    for index, giver, taker, chips in st.moves:
        have = max(held.get(giver, 0), 0)
        if chips > have:
            st.find("chips_not_conserved", index, giver,
                    f"seat {giver} hands {chips} chips to seat {taker} at the table; it holds "
                    f"{have}", details={"recorded": chips, "held": have, "to": taker,
                                        "reason": "move"})
            chips = have
        held[giver] = held.get(giver, 0) - chips
        held[taker] = held.get(taker, 0) + chips
        out.append((giver, taker, chips))
    return out


def gap_at_start(gap: Mapping[int, tuple[Difference, ...]], stacks: Iterable[int],
                 stated: Iterable[int] = ()) -> Gap:
    """The differences a hand starts with: those of the seats at the table (``stacks``,
    its seats) whose stack the hand does not state (``stated``: a stated stack is the chips
    the seat holds, from which they agree again)."""
    if not gap:
        return {}
    seats = set(stacks) - set(stated)
    return {s: d for s, d in gap.items() if s in seats and d}


def sums(gap: Mapping[int, tuple[Difference, ...]]) -> dict[int, int]:
    """Seat -> the chips it holds beyond its stack (the sum of its differences), zeros
    left out."""
    if not gap:
        return {}
    out = {s: sum(d[2] for d in items) for s, items in gap.items()}
    return {s: c for s, c in out.items() if c}


def hand_gap(gap: Mapping[int, tuple[Difference, ...]], number: int,
             pushed: Mapping[int, int], moves: Iterable[tuple[int, int, int]]) -> Gap:
    """The differences after hand ``number``: those it started with (``gap``, from
    :func:`gap_at_start`), plus its ``pushed`` chips and its ``moves`` (:func:`settle_moves`).
    The differences of one hand, one cause and one other seat are added up; a seat whose
    differences add up to 0 holds its stack: it has none left."""
    if not gap and not pushed and not moves:
        return {}
    out: dict[int, list[Difference]] = {s: list(d) for s, d in gap.items()}
    for seat, chips in pushed.items():
        _add(out, seat, (number, PUSHED, chips, None))
    for giver, taker, chips in moves:
        if chips:
            _add(out, giver, (number, MOVED, -chips, taker))
            _add(out, taker, (number, MOVED, chips, giver))
    return {s: tuple(items) for s, items in sorted(out.items())
            if items and sum(d[2] for d in items)}


def _add(gap: dict[int, list[Difference]], seat: int, new: Difference) -> None:
    """Add ``new`` to the seat's differences, into one of the same hand, cause and other
    seat where there is one (dropped when they cancel out)."""
    items = gap.setdefault(seat, [])
    for k, (hand, reason, chips, other) in enumerate(items):
        if (hand, reason, other) == (new[0], new[1], new[3]):
            total = chips + new[2]
            if total:
                items[k] = (hand, reason, total, other)
            else:
                del items[k]
            return
    items.append(new)


def on_table(stacks: Mapping[int, int], gap: Mapping[int, tuple[Difference, ...]]) -> dict[int, int]:
    """Seat -> the chips on the table: each seat of ``stacks`` (the referee's) plus its
    differences (:func:`sums`)."""
    if not gap:
        return dict(stacks)
    extra = sums(gap)
    return {s: c + extra.get(s, 0) for s, c in stacks.items()}


def gap_json(gap: Mapping[int, tuple[Difference, ...]]) -> dict[str, list[dict]]:
    """The differences as JSON: ``{seat: [{"hand": int, "reason": "pushed"|"moved",
    "chips": int, "other": seat or None}]}``, seat keys strings, in seat order (as
    ``referee.check`` writes them, its hands' ``table_differences``)."""
    return {str(s): [{"hand": h, "reason": r, "chips": c, "other": o} for h, r, c, o in items]
            for s, items in sorted(gap.items()) if items}


def gap_from_json(data: Mapping | None) -> Gap:
    """The inverse of :func:`gap_json` (None or ``{}``: no differences)."""
    if not data:
        return {}
    return {int(s): tuple((int(d["hand"]), str(d["reason"]), int(d["chips"]),
                           None if d.get("other") is None else int(d["other"])) for d in items)
            for s, items in data.items() if items}
