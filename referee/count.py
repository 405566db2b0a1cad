"""The close of the night: the chips each player counts at the cash-out against the chips
the seat holds on the table.

A count is one player's chips handed in at the cash-out (at the end of the night, or when
the player leaves). It is compared with the chips on the table (CONTRACT.md 4: "A night's
``cash_out`` counts are compared with the chips on the table"): the seat's
``chips_on_table`` after the last hand played before the count (the referee's stack, plus
what the dealer's pushes gave beyond the rules' awards, plus the ``d move`` lines:
:mod:`referee.chips_on_table`), plus the chips the seat bought after that hand and before
the count (a rebuy no hand has played yet). A count equal to it is never a mismatch. A
count that differs is a night finding: ``stack_mismatch`` with reason ``cash_out``,
severity error (money differs), with who, how many, the referee's own stack beside the
chips on the table and, where the two differ, why (the hand and the cause); the pushes and
the moves are in the figure, so what is left is not in the log (a miscount, chips handed
over with no ``d move``, a rebuy not entered).

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
    - ``pot_share``: chips of the pot carried after the last hand (passed out) that the
      host handed back to the seat's stack before the count (``store.money.ledger.
      pot_handed_back``; the share the close would give back): in the count, not on the
      table after the hand, so the count is compared as ``chips - pot_share``. Default 0.

    A ruling settled in money (``store.dispute.rulings``) moves no chip: the count is the
    chips on the table as they are, and the ledger moves the money at the close. A ruling
    settled at the table is a ``d move`` line: in the chips on the table already.
    """

    seat: int
    chips: int
    after: int
    bought: int = 0
    name: str | None = None
    pot_share: int = 0


def cash_out_findings(entries: Sequence[Mapping], counts: Iterable[Count],
                      open_box: bool = False) -> list[Finding]:
    """The counts that differ from the chips on the table, as night findings.

    :param entries: the night's hands as ``referee.check`` rules them (its ``hands``
        entries, CONTRACT.md 4, in order: ``hand``, ``stacks``, ``chips_on_table``,
        ``table_differences``; seat keys strings). A seat is at the table for a hand when
        its entry's ``stacks`` has it. An entry without ``chips_on_table`` (judged before
        the figure existed) counts its ``stacks``.
    :param counts: the :class:`Count` of each cash-out, in the order they were made.
    :param open_box: the night plays with a caja libre (``table_stakes`` false, seed 002):
        each finding's ``basis`` is ``"open_box"``, and its rule quotes the caja libre's
        sentence rather than the caja cautiva's («cada jugador responde, en cada mano, solo
        de las fichas que tiene delante», table stakes).
    :returns: one :class:`~referee.findings.Finding` per count that differs (in the order
        of ``counts``): kind ``stack_mismatch``, severity ``error``, ``action`` None,
        ``seat`` the seat counted, rule the cash-out's own (seed 002's cash box:
        ``referee.citations.REASONS``), and ``details`` (chips are ints):

        - ``reason``: ``"cash_out"``; ``name``: the player's name or None;
        - ``recorded``: chips counted; ``expected``: the chips on the table at the count
          (plus the chips bought since the hand); ``difference``: ``recorded - pot_share
          - expected``; ``after``: the last hand played before the count (0: none);
        - ``referee``: the referee's stack at the count (plus the chips bought since);
        - ``table_differences`` (only when ``referee`` differs from ``expected``): why,
          the seat's entry of ``table_differences`` after hand ``after``: ``[{"hand",
          "reason": "pushed"|"moved", "chips", "other"}]``;
        - ``pot_share`` (only when the host handed back a carried pot before the count).

        A pot carried after the last hand (passed out) is no seat's: the counts are
        compared without it (the close gives it back, ``store.money.ledger.close_night``), or,
        when the host handed it back before the count, with the seat's share taken out
        (``Count.pot_share``).
    """
    out = []
    for count in counts:
        played = [e for e in entries if e["hand"] <= count.after]
        key = str(count.seat)
        referee, expected, why = count.bought, count.bought, []
        if played:
            last = played[-1]
            stack = last["stacks"].get(key, 0)
            referee += stack
            expected += (last.get("chips_on_table") or last["stacks"]).get(key, stack)
            why = (last.get("table_differences") or {}).get(key, [])
        if count.chips - count.pot_share != expected:
            out.append(_finding(count, expected, referee, why, open_box))
    return out


def _finding(count: Count, expected: int, referee: int, why: list,
             open_box: bool = False) -> Finding:
    """The ``stack_mismatch`` (reason ``cash_out``) of one count (English message)."""
    who = f"seat {count.seat}" + (f" ({count.name})" if count.name else "")
    when = f"after hand {count.after}" if count.after else "before the first hand"
    share = f" (with {count.pot_share} of the carried pot, handed back)" if count.pot_share else ""
    difference = count.chips - count.pot_share - expected
    message = (f"{who} counted {count.chips} chips{share} at the cash-out {when}; the chips on "
               f"the table are {expected} ({difference:+d})")
    if referee != expected:
        message += f" (the referee's stack is {referee})"
    if count.after:
        message += ": the difference is not in the log"
    details = {"reason": "cash_out", "name": count.name, "recorded": count.chips,
               "expected": expected, "referee": referee, "difference": difference,
               "after": count.after}
    if referee != expected:
        details["table_differences"] = [dict(d) for d in why]
    if count.pot_share:
        details["pot_share"] = count.pot_share
    if open_box:
        details["basis"] = "open_box"  # (the rule quotes the caja libre: reason_of)
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


def night_entry(session: Mapping, entries: Sequence[Mapping], open_box: bool = False) -> dict:
    """The night's findings for ``referee.check``: ``{"findings": [finding dicts]}``, the
    unreadable counts of the file's ``cash_out`` first, then the counts that differ
    (:func:`session_counts`, :func:`cash_out_findings`); empty without ``cash_out``.

    :param session: the session dict (readable: ``referee.session.load`` accepted it).
    :param entries: ``referee.check``'s ``hands`` for it.
    :param open_box: the night plays with a caja libre (``table_stakes`` false:
        :func:`cash_out_findings`).
    """
    counts, findings = session_counts(session, len(entries))
    findings += cash_out_findings(entries, counts, open_box)
    return {"findings": [f.as_dict() for f in findings]}
