"""What PHH reading and writing share (:mod:`referee.phh_read`, :mod:`referee.phh_write`):
the variant codes, the ``# tapete:`` comment and unreadable-line marks, the error, and the
chips put in by position while a hand is translated. The format itself is described in
:mod:`referee.phh`.
"""

from __future__ import annotations

STANDARD_VARIANTS = {
    # variant: (betting, draws) for deuce-to-seven lowball (PokerKit games.py)
    "N2L1D": ("no_limit", 1),
    "F2L3D": ("fixed_limit", 3),
}
BETTING_LETTER = {"fixed_limit": "F", "pot_limit": "P", "no_limit": "N"}
LETTER_BETTING = {v: k for k, v in BETTING_LETTER.items()}

TAPETE_COMMENT = "# tapete (seat numbers): "
"""Prefix of a PHH comment action carrying a tapete action that PHH has no form for
(``pN split``, ``d misdeal``, ``d note``, unreadable lines); PokerKit skips comments,
:func:`load_phh` puts the action back. The line after it is the session log's own, so its
``pN`` is the player in seat N (the file's ``seats`` field), not PHH's position N: the
prefix says so."""

TAPETE_COMMENT_BEFORE = "# tapete: "
"""The prefix exports wrote before issue 11 (the same seat-numbered lines); still read."""


def tapete_line(comment: str) -> str | None:
    """The log line a ``# tapete`` comment carries (after either prefix), else None."""
    for prefix in (TAPETE_COMMENT, TAPETE_COMMENT_BEFORE):
        if comment.startswith(prefix):
            return comment[len(prefix):]
    return None

BLIND_VERBS = ("blind", "straddle")
"""Tapete verbs for PHH ``blinds_or_straddles`` positions 1 and 2 (CONTRACT.md 2: ``blind``
is the "ciega", ``straddle`` the double blind, "contra-ciega")."""


UNREADABLE_MARK = "! "
"""Prefix of the log line :func:`load_phh` writes for a PHH action it cannot read: the
check reports the line as ``unreadable`` with the reason that follows
(``referee.actions.parse_action``)."""


class PHHError(ValueError):
    """Raised for PHH text that cannot be read as a draw hand; the message says why."""


class NotPHHError(PHHError):
    """The text is not PHH at all: not TOML, or no table with a ``variant`` field."""


class VariantError(PHHError):
    """The text is a PHH hand, but of a game the referee does not judge (its ``variant``
    is no five-card draw code: ``FB`` badugi, ``NT`` hold'em ...). ``variant``: the
    file's code, as written."""

    def __init__(self, message: str, variant: str) -> None:
        super().__init__(message)
        self.variant = variant


class ChipTable:
    """Chips put in by position during one hand, for choosing verbs and awards."""

    def __init__(self, stacks: list[int]):
        self.stacks = list(stacks)
        self.bets = [0] * len(stacks)
        self.contributed = [0] * len(stacks)

    def put(self, i: int, amount: int) -> int:
        amount = max(0, min(amount, self.stacks[i]))
        self.stacks[i] -= amount
        self.contributed[i] += amount
        return amount

    def bet_to(self, i: int, total: int) -> None:
        self.bets[i] += self.put(i, total - self.bets[i])

    def new_round(self) -> None:
        self.bets = [0] * len(self.bets)
