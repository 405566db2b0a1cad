"""A property of the screen's lines (issue 28, ``store.night.screen_view.public_lines``): over
random legal draw hands (``tests/support/handgen.py``: PokerKit's play, with every deal,
discard and draw logged card by card), every card the screen's lines name, at every moment
of the hand, is one a ``show`` line had tabled by then: the room never sees a card nobody
showed (the replay's card hiding, ``store.hand.card_hiding``)."""

from __future__ import annotations

import pytest
from handgen import hands_strategy
from hypothesis import given, settings

from referee.cards import UNKNOWN
from store.hand.replayer import parsed_line
from store.night.screen_view import public_lines


def _shown_by(lines: list[str]) -> set[str]:
    """The cards tabled by ``pN show`` lines among ``lines`` (an independent count: the
    referee's parser, not the card hiding's own rule)."""
    out: set[str] = set()
    for line in lines:
        parsed = parsed_line(line)
        if parsed and parsed["verb"] == "show" and parsed["cards"]:
            out.update(parsed["cards"])
    return out


@pytest.mark.slow
@settings(max_examples=40)
@given(hand=hands_strategy())
def test_the_screen_names_no_card_before_it_is_shown(hand):
    logged = hand.actions
    assert any(parsed_line(line) and parsed_line(line)["cards"] for line in logged)   # the hand names cards
    for upto in range(1, len(logged) + 1):
        so_far = logged[:upto]
        said = public_lines([{"action": line, "voided": False} for line in so_far], last=len(so_far))
        shown = _shown_by(so_far)
        for line in said:
            named = set((line["parsed"] or {}).get("cards") or ())
            again = parsed_line(line["line"])
            named |= set((again or {}).get("cards") or ())
            assert named - {UNKNOWN} <= shown, (line, shown)
