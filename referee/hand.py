"""The table as a hand starts (:class:`HandStart`) and the ruling on it (:class:`HandResult`):
what :class:`referee.replay.HandReplay` and its fast path (:mod:`referee.fastpath`) take
and give. Seats are ints, chips are ints.
"""

from __future__ import annotations

from dataclasses import dataclass

from .findings import Finding
from .pots import Pot
from .rules import HouseRules


@dataclass
class HandStart:
    """The table as a hand starts.

    - ``rules``: the :class:`~referee.rules.HouseRules` in force.
    - ``button``: the dealer's seat (int).
    - ``stacks``: seat -> chips (int) before antes; every seat at the table.
    - ``carried``: chips (int) in the pot from earlier passed-out deals.
    - ``opening``: the opening minimum in force (``"J"`` .. ``"A"`` or None); the ladder
      step chosen by the session (:meth:`HouseRules.opening_after`).
    - ``use_rules_opening``: when True (the default) a None ``opening`` means the rules'
      own ``opening``; the session passes False so that None means "no minimum".
    - ``awards_recorded``: False where the log never records pushes (a PHH hand without
      ``finishing_stacks``): a hand with no ``d award`` line is then not a ``wrong_award``.
    """

    rules: HouseRules
    button: int
    stacks: dict[int, int]
    carried: int = 0
    opening: str | None = None
    use_rules_opening: bool = True
    awards_recorded: bool = True

    def __post_init__(self) -> None:
        if self.use_rules_opening and self.opening is None:
            self.opening = self.rules.opening


@dataclass
class HandResult:
    """The ruling on one hand (CONTRACT.md section 4, one entry of ``hands``).

    - ``findings``: list of :class:`Finding`, by action index.
    - ``pots``: list of :class:`~referee.pots.Pot` (empty when the pot carries).
    - ``awards``: seat -> chips the rules push, or None where the cards needed were never
      recorded. ``recorded_awards``: seat -> chips from the ``d award`` lines.
    - ``stacks``: seat -> chips after the hand. ``carried``: chips carried to the next deal.
    - ``outcome``: ``showdown``, ``uncontested``, ``passed_out`` (nobody opened),
      ``carried`` (check-down carried, or a false opener uncalled), ``misdeal``, ``void``
      (a duplicate card: every chip goes back to who put it in, RRoP section 13) or
      ``incomplete`` (undecided: the log stops early, hands still to be shown with no
      award, or an unreadable player line; with no ``d award`` line the chips go back to
      the seats that put them in, so none vanish from the session).
    """

    findings: list[Finding]
    pots: list[Pot]
    awards: dict[int, int] | None
    recorded_awards: dict[int, int]
    stacks: dict[int, int]
    carried: int
    outcome: str
    opened: bool = False
