"""What a hand's judgement says each seat bought from an open box ("caja libre",
``table_stakes`` false, issue 27).

Seed 002: «También es necesario determinar si el juego se llevará a cabo con una caja libre
(sin límite en las apuestas) o con una caja cautiva.» With a caja libre a wager or call past
the seat's stack is allowed; the seat buys the chips it lacks from the box at once
(:func:`referee.betting.open_box`), and the finding that names them
(``chips_added_mid_hand``, reason :data:`REASON`, ``details["chips"]``) is the one record of
them: the money side (``store.money.box``) reads it here, so the box's chips are counted where
the referee put them and nowhere else.
"""

from __future__ import annotations

from collections.abc import Iterable

KIND = "chips_added_mid_hand"
"""The finding's kind (CONTRACT.md section 3)."""

REASON = "open_box"
"""Its ``details["reason"]`` when the chips came from an open box."""


def bought_from_box(findings: Iterable[dict]) -> dict[int, int]:
    """Chips each seat bought from the box during one hand, from the hand's findings as
    ``referee.check`` writes them (CONTRACT.md section 4: dicts with ``kind``, ``seat``,
    ``details``): ``{seat: chips}`` (ints > 0; seats that bought nothing left out).

    >>> bought_from_box([{"kind": "chips_added_mid_hand", "seat": 1,
    ...                   "details": {"chips": 55, "reason": "open_box"}},
    ...                  {"kind": "chips_added_mid_hand", "seat": 2,
    ...                   "details": {"chips": 20, "reason": "rebuy"}}])
    {1: 55}
    """
    out: dict[int, int] = {}
    for finding in findings:
        details = finding.get("details") or {}
        if finding.get("kind") == KIND and details.get("reason") == REASON and finding.get("seat"):
            out[finding["seat"]] = out.get(finding["seat"], 0) + int(details.get("chips", 0))
    return out
