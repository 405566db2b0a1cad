"""Reading a hand's log: each action line parsed once (cached across hands), with what the
line tells of who was dealt in. Bad input is never guessed at (CONTRACT.md section 2): a
line that cannot be read, or that names a seat not at the table, comes back as a problem
for the replay to report as ``unreadable``.

>>> parsed, seats, betting, problems = read_log(["p1 ante 5", "p3 ante 5", "p1 check",
...                                              "p9 fold", "p3 dance"], {1: 100, 3: 100})
>>> [a.verb if a else None for a in parsed], sorted(seats), betting
(['ante', 'ante', 'check', None, None], [1, 3], True)
>>> [(i, seat) for i, seat, _, _ in problems]
[(3, 9), (4, None)]
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .actions import Action, ActionError, parse_action, parse_line

NOT_DEALT_IN = frozenset(("rebuy", "show", "muck", "sitout"))
"""Player verbs that do not show a seat dealt in (a seat never dealt in that shows is
``not_in_hand``; a rebuy is chips, not a hand; a seat that sits out abstains, seed 000)."""
DEALT_IN_ONLY = frozenset(("ante", "withdraw"))
"""Player verbs that show a seat dealt in but not the betting begun (an ante; a withdrawal
after two cards were exposed in the deal, seed 002)."""

PARSED: dict[str, tuple[Action, int]] = {}
"""Action text -> ``(parsed action, role)`` (parsing is pure; logs repeat the same lines).
The role says what the line tells of who was dealt in: 0 nothing (a rebuy, a show, a
muck), 1 the seat is in (an ante, a deal or a serve), 2 the seat is in and the betting has
begun (any other player line). Bounded: cleared when it passes :data:`PARSED_MAX` lines."""

PARSED_MAX = 16_384  # a long night's log several times over (~5 MiB at most)
_parse_uncached = parse_action.__wrapped__  # PARSED is the cache: no second copy

Problem = tuple[int, "int | None", str, Any]
"""An unreadable line: ``(index, seat or None, message, the line as logged)``."""


def parse_entry(line: Any) -> tuple[Action, int]:
    """Parse one action line into ``(action, role)`` (see :data:`PARSED`) and cache it.

    :raises ActionError: as :func:`~referee.actions.parse_action` (a number, list or
        object is not an action either).
    """
    if not isinstance(line, str):
        parse_line(line)  # raises ActionError: a number, list or object is not an action
    a = (_parse_uncached if line.__class__ is str else parse_action)(line)
    if a.seat is None:
        role = 0
    elif a.actor == "p":
        role = 0 if a.verb in NOT_DEALT_IN else 1 if a.verb in DEALT_IN_ONLY else 2
    else:
        role = 1 if a.verb in ("deal", "serve", "expose", "fix") else 0
    if a.cards is None:  # lines with cards (deals, serves, shows) hardly ever repeat
        if len(PARSED) > PARSED_MAX:
            PARSED.clear()
        PARSED[line] = (a, role)  # only strings parse
    return a, role


def sitting_out(parsed: Sequence[Action | None]) -> set[int]:
    """The seats that abstain from the hand (seed 000: "Si un jugador quiere abstenerse, lo
    dirá, y no se le darán cartas"): a ``pN sitout`` line before the betting began and
    before the seat's own ante (abstaining is said before the ante goes in), and no
    card dealt or served to the seat (cards dealt to it make it dealt in, and its missing
    ante a ``missing_ante``).

    >>> sitting_out([parse_action("p2 sitout"), parse_action("p3 sitout"),
    ...              parse_action("d deal p3 5")])
    {2}
    """
    out: set[int] = set()
    anted: set[int] = set()
    for a in parsed:
        if a is None or a.actor != "p":
            continue
        if a.verb == "sitout":
            if a.seat not in anted:  # (after its ante: too late, the ante stays in)
                out.add(a.seat)  # type: ignore[arg-type]  (a player line names its seat)
        elif a.verb == "ante":
            anted.add(a.seat)  # type: ignore[arg-type]
        elif a.verb not in NOT_DEALT_IN and a.verb not in DEALT_IN_ONLY:
            break  # the betting began: too late to abstain (a fold, referee.irregular.leave)
    if out:
        out -= {a.seat for a in parsed if a is not None and a.actor == "d"
                and a.verb in ("deal", "serve", "expose", "fix")}
    return out  # type: ignore[return-value]  (a player line names its seat)


def read_log(actions: Sequence[Any], seats_at_table: Mapping[int, int]
             ) -> tuple[list[Action | None], set[int], bool, list[Problem]]:
    """Parse a hand's lines.

    :param actions: the hand's action strings (anything else in the list is unreadable).
    :param seats_at_table: seat -> chips; a line naming another seat (either seat of a
        ``d move``) is unreadable.
    :returns: ``(parsed, seats, betting_started, problems)``: one :class:`Action` per line
        (None for an unreadable one); the seats the log shows dealt in (an ante, a deal or
        serve, any other player line but a rebuy, show or muck); whether a player line
        other than an ante, a rebuy, a show or a muck appears; the unreadable lines, in
        log order (:data:`Problem`).
    """
    cache = PARSED
    try:  # the common case: every line read before, every seat at the table
        entries = [cache[line] for line in actions]
    except (KeyError, TypeError):
        entries = None
    if entries is not None:
        seats = {a.seat for a, _ in entries}
        seats.discard(None)
        seats.update(a.to for a, _ in entries if a.to is not None)  # (a d move's taker)
        if seats_at_table.keys() >= seats:
            roles = [role for _, role in entries]
            return ([a for a, _ in entries], {a.seat for a, role in entries if role},
                    2 in roles, [])
    parsed: list[Action | None] = []
    problems: list[Problem] = []
    involved: set[int] = set()
    betting_started = False
    for i, line in enumerate(actions):
        try:
            entry = cache.get(line)
        except TypeError:  # not hashable: certainly not an action string
            entry = None
        if entry is None:
            try:
                entry = parse_entry(line)
            except ActionError as exc:
                parsed.append(None)
                problems.append((i, None, str(exc), line))
                continue
        a, role = entry
        seat = a.seat
        if seat is not None and seat not in seats_at_table:
            parsed.append(None)
            problems.append((i, seat, f"{line!r}: seat {seat} is not at the table", line))
            continue
        if a.to is not None and a.to not in seats_at_table:  # a d move to an empty seat
            parsed.append(None)
            problems.append((i, a.to, f"{line!r}: seat {a.to} is not at the table", line))
            continue
        parsed.append(a)
        if role:
            involved.add(seat)  # type: ignore[arg-type]  (role > 0: a seat)
            if role == 2:
                betting_started = True
    return parsed, involved, betting_started, problems
