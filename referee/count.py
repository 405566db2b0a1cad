"""The close of the night: the chips each player counts at the cash-out against the stack
the referee says the seat holds.

A count is one player's chips handed in at the cash-out (at the end of the night, or when
the player leaves). The referee's stack for it is the seat's stack after the last hand
played before the count (``stacks`` of that hand's entry, CONTRACT.md 4: by the rules'
awards), plus the chips the seat bought after that hand and before the count (a rebuy
no hand has played yet). A count that differs is a night finding: ``stack_mismatch`` with
reason ``cash_out``, severity error (money differs), with who, how many and the last hand
after which the seat's chips agreed with the referee (:func:`cash_out_findings`).

Why they may differ, as far as the log can tell: the dealer pushed chips as the ``d award``
lines say, and where the referee ruled a hand's pushes wrong (``wrong_award``,
``chips_not_conserved``) the seat physically holds what was pushed, not what the rules
give. The finding carries both: ``pushed`` is the seat's stack had every push stood. When
``pushed`` equals the count, the wrong awards explain the difference; when it equals the
referee's stack, the chips went astray outside the log (a miscount, chips handed over, a
rebuy not entered).

Seed 002: "es aconsejable la institución de una caja y de un jugador-cajera para controlar
el cambio de dinero al comienzo del juego y durante las manos individuales" and "cada
jugador responde, en cada mano, solo de las fichas que tiene delante; existe la
posibilidad de comprar nuevas fichas desde el cajón, entre una mano y la otra".

Pure Python, no Flask, no database: ``referee.check`` calls :func:`night_entry` for a
session file's ``cash_out``; the store (``store.money.counts``) calls :func:`cash_out_findings`
with the stored judgements and the ledger's counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from .findings import Finding, make
from .session import seat_key

PUSH_FINDINGS = frozenset({"wrong_award", "chips_not_conserved"})
"""The kinds by which the referee rules a hand's ``d award`` lines wrong: only in such a
hand do the chips pushed differ from the referee's stacks."""


@dataclass(frozen=True, slots=True)
class Count:
    """One cash-out count.

    - ``seat``: the seat counted (int, 1-10).
    - ``chips``: chips counted (int >= 0; 0 for a player who busted).
    - ``after``: the number of the last hand played before the count (0: before hand 1).
    - ``bought``: chips the seat bought that no hand up to ``after`` played with (a rebuy
      entered after hand ``after`` and before the count; for a count before hand 1, the
      buy-in). Default 0.
    - ``name``: the player's name, or None where unknown.
    - ``moved``: chips a host's ruling moved to the player for hands up to ``after``
      (negative: from them), settled in money rather than at the table: the count is
      compared as ``chips + moved`` with the referee's stack, whose awards the ruling
      followed (``store.dispute.rulings``). Default 0.
    - ``pot_share``: chips of the pot carried after the last hand (passed out) that the
      host handed back to the seat's stack before the count (``store.money.ledger.
      pot_handed_back``; the share the close would give back): in the count, not in the
      referee's stack, so the count is compared as ``chips + moved - pot_share``. Default 0.
    """

    seat: int
    chips: int
    after: int
    bought: int = 0
    name: str | None = None
    moved: int = 0
    pot_share: int = 0


def cash_out_findings(entries: Sequence[Mapping], hands: Sequence[Mapping] | None,
                      counts: Iterable[Count]) -> list[Finding]:
    """The counts that differ from the referee's stacks, as night findings.

    :param entries: the night's hands as ``referee.check`` rules them (its ``hands``
        entries, CONTRACT.md 4, in order: ``hand``, ``findings``, ``awards``,
        ``recorded_awards``, ``stacks``; seat keys strings). A seat is at the table for a
        hand when its entry's ``stacks`` has it.
    :param hands: the same hands as the session file gives them (CONTRACT.md 1, in the same
        order; only ``stacks``, the stated stacks, is read), or None.
    :param counts: the :class:`Count` of each cash-out, in the order they were made.
    :returns: one :class:`~referee.findings.Finding` per count that differs (in the order
        of ``counts``): kind ``stack_mismatch``, severity ``error``, ``action`` None,
        ``seat`` the seat counted, rule the cash-out's own (seed 002's cash box:
        ``referee.citations.REASONS``), and ``details`` (chips are ints):

        - ``reason``: ``"cash_out"``; ``name``: the player's name or None;
        - ``recorded``: chips counted; ``expected``: the referee's stack at the count;
          ``difference``: ``recorded - expected``;
        - ``after``: the last hand played before the count (0: none);
        - ``pushed``: the seat's stack had every ``d award`` line stood (the referee's
          stack plus, over the hands the referee ruled the pushes wrong, the chips pushed
          to the seat less those the rules give it);
        - ``last_agreed``: the number of the last hand after which ``pushed`` equalled
          the referee's stack, counted since the seat last came to the table (a seat that
          leaves takes its chips home) or had its stack stated by a hand (a stated stack
          is a count of the chips: from it on they agree), so ``after`` itself when the
          pushes agree to the end (the difference then arose outside the log); None when
          they agreed after no hand since the seat bought in (the first hand it played
          already pushed it wrong, or it played no hand);
        - ``wrong_push`` (only when the seat's own pushes agree to ``last_agreed``): the
          first hand played whose ``d award`` lines the referee ruled wrong for other
          seats, so that "the recorded pushes agree" is said of this seat only.

        A pot carried after the last hand (passed out) is no seat's: the counts are
        compared without it (the close gives it back, ``store.money.ledger.close_night``), or,
        when the host handed it back before the count, with the seat's share taken out
        (``Count.pot_share``; details ``pot_share``).
    """
    stated = [_stated(h) for h in hands] if hands is not None else []
    night = [(e, stated[i] if i < len(stated) else frozenset()) for i, e in enumerate(entries)]
    out = []
    for count in counts:
        played = [pair for pair in night if pair[0]["hand"] <= count.after]
        expected = count.bought
        if played:
            expected += played[-1][0]["stacks"].get(str(count.seat), 0)
        if count.chips + count.moved - count.pot_share == expected:
            continue
        pushed_gap, last_agreed = _pushes(played, count.seat)
        finding = _finding(count, expected, expected + pushed_gap, last_agreed)
        wrong = _wrong_push(played)
        if not pushed_gap and last_agreed is not None and wrong is not None:
            finding.details["wrong_push"] = wrong
        out.append(finding)
    return out


def _wrong_push(played: list[tuple[Mapping, frozenset[int]]]) -> int | None:
    """The number of the first hand ``played`` whose ``d award`` lines the referee ruled
    wrong (to any seat), or None."""
    for entry, _ in played:
        awards, recorded = entry.get("awards"), entry.get("recorded_awards") or {}
        if awards is not None and recorded and any(f["kind"] in PUSH_FINDINGS for f in entry.get("findings", ())):
            if {k: v for k, v in recorded.items() if v} != {k: v for k, v in awards.items() if v}:
                return entry["hand"]
    return None


def _stated(hand: Mapping) -> frozenset[int]:
    """The seats whose stack a session-file hand states (its ``stacks`` keys)."""
    given = hand.get("stacks") if isinstance(hand, Mapping) else None
    if not isinstance(given, Mapping):
        return frozenset()
    return frozenset(seat for seat in map(seat_key, given) if seat is not None)


def _pushes(played: list[tuple[Mapping, frozenset[int]]], seat: int) -> tuple[int, int | None]:
    """``(gap, last_agreed)`` of ``seat`` over the hands ``played`` (see
    :func:`cash_out_findings`): the chips pushed beyond the referee's stack at the end, and
    the last hand after which there were none."""
    key = str(seat)
    gap, last_agreed, previous = 0, None, None
    for entry, stated in played:
        number = entry["hand"]
        if key not in entry["stacks"]:  # not at the table: back later with new chips
            gap, last_agreed, previous = 0, None, None
            continue
        if seat in stated:  # the hand starts from the chips as counted
            gap, last_agreed = 0, previous
        awards, recorded = entry.get("awards"), entry.get("recorded_awards") or {}
        if awards is not None and recorded and any(
                f["kind"] in PUSH_FINDINGS for f in entry.get("findings", ())):
            gap += recorded.get(key, 0) - awards.get(key, 0)
        if gap == 0:
            last_agreed = number
        previous = number
    return gap, last_agreed


def _finding(count: Count, expected: int, pushed: int, last_agreed: int | None) -> Finding:
    """The ``stack_mismatch`` (reason ``cash_out``) of one count (English message)."""
    who = f"seat {count.seat}" + (f" ({count.name})" if count.name else "")
    when = f"after hand {count.after}" if count.after else "before the first hand"
    moved = f" (chips moved by a ruling: {count.moved:+d})" if count.moved else ""
    if count.pot_share:
        moved += f" (with {count.pot_share} of the carried pot, handed back)"
    difference = count.chips + count.moved - count.pot_share - expected
    message = (f"{who} counted {count.chips} chips{moved} at the cash-out {when}; the referee's "
               f"stack is {expected} ({difference:+d})")
    if pushed != expected:
        since = f"hand {last_agreed}" if last_agreed is not None else "the buy-in"
        message += (f"; as the dealer pushed the chips the seat would hold {pushed}: they "
                    f"agreed with the referee up to {since}")
    elif count.after:
        message += "; the recorded pushes agree with the referee: the difference is not in the log"
    details = {"reason": "cash_out", "name": count.name, "recorded": count.chips,
               "expected": expected, "difference": difference, "after": count.after,
               "pushed": pushed, "last_agreed": last_agreed}
    if count.moved:
        details["ruling_moves"] = count.moved
    if count.pot_share:
        details["pot_share"] = count.pot_share
    return make("stack_mismatch", None, count.seat, message, severity="error", details=details)


# ---------------------------------------------------------------- a session file's counts
def session_counts(session: Mapping, played: int) -> tuple[list[Count], list[Finding]]:
    """The counts of a session file's optional top-level ``cash_out`` key.

    CONTRACT-style: ``"cash_out": {"1": 480, "3": 0, "4": {"chips": 200, "after": 2}}``:
    the chips each seat counted at the cash-out, by seat (keys as in ``rebuys``). A number
    is a count at the end of the night, after the file's last hand; an object
    ``{"chips": C, "after": K}`` is the count of a player who left after hand K (0: before
    the first hand). A count before hand 1 is compared with the seat's ``stack``; later
    rebuys are not in it (a ``rebuys`` line is chips bought for the next hand). Seats not
    counted are not compared. Omitted or null: nothing is compared.

    :param session: the session dict (already readable: ``referee.session.load``).
    :param played: the number of hands in the file.
    :returns: ``(counts, findings)``: the :class:`Count` list in seat order, and an
        ``unreadable`` finding (reason ``bad_field``, field ``cash_out``) for each count
        that is not a whole number of chips >= 0, names a seat not at the table, or a hand
        the file does not have (never guessed at, CONTRACT.md 2).
    """
    given = session.get("cash_out")
    if given is None:
        return [], []
    bad = {"line": None, "reason": "bad_field", "field": "cash_out"}
    if not isinstance(given, Mapping):
        return [], [make("unreadable", None, None, "'cash_out' must be an object (seat: chips)",
                         details=dict(bad))]
    players = {p["seat"]: p for p in session["players"]}
    counts, findings = [], []
    for key, value in given.items():
        seat = seat_key(key)
        chips, after = (value.get("chips"), value.get("after", played)) \
            if isinstance(value, Mapping) else (value, played)
        if (seat not in players or type(chips) is not int or chips < 0
                or type(after) is not int or not 0 <= after <= played):
            findings.append(make("unreadable", None, seat if seat in players else None,
                                 f"bad cash-out count {key!r}: {value!r}", details=dict(bad)))
            continue
        bought = players[seat].get("stack", 0) if after == 0 else 0
        name = players[seat].get("name")
        counts.append(Count(seat, chips, after, bought, None if name is None else str(name)))
    counts.sort(key=lambda c: c.seat)
    return counts, findings


def night_entry(session: Mapping, entries: Sequence[Mapping]) -> dict:
    """The night's findings for ``referee.check``: ``{"findings": [finding dicts]}``, the
    unreadable counts of the file's ``cash_out`` first, then the counts that differ
    (:func:`session_counts`, :func:`cash_out_findings`); empty without ``cash_out``.

    :param session: the session dict (readable: ``referee.session.load`` accepted it).
    :param entries: ``referee.check``'s ``hands`` for it.
    """
    counts, findings = session_counts(session, len(entries))
    hands = session.get("hands")
    findings += cash_out_findings(entries, hands if isinstance(hands, list) else None, counts)
    return {"findings": [f.as_dict() for f in findings]}
