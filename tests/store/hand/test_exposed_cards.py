"""A card exposed in the deal is known to everyone (issue 27, seed 002: "Si una carta se
descubre por error, el receptor debe aceptarla"): a player's replay
(``store.hand.replayer.hand_replay`` with ``viewer_seat``) shows it from the step it was
exposed on, at its seat, and keeps every other card nobody showed hidden
(``store.hand.card_hiding.shown_cards`` reads the trace's ``exposed``)."""

from __future__ import annotations

import json

import pytest
from exposed_night import ANA, BRUNO_HIDDEN, CHUS, EXPOSED, exposed_night

from store.hand.card_hiding import shown_cards
from store.hand.replayer import hand_replay, visible_cards


@pytest.fixture
def night(db):
    return exposed_night(db)


def test_the_referee_notes_the_exposed_card_and_the_trace_carries_it(db, night):
    replay = hand_replay(db, night["hand_id"])
    step = next(s for s in replay["steps"] if s["action"].startswith("d expose"))
    assert [f["kind"] for f in step["findings"]] == ["exposed_card"]
    assert step["cards"]["2"]["exposed"] == [EXPOSED]


def test_shown_cards_adds_each_seats_exposed_cards():
    cards = {"1": {"held": list(ANA), "shown": []}, "2": {"held": [EXPOSED], "shown": [], "exposed": [EXPOSED]}}
    assert shown_cards({"verb": "check"}, cards) == {EXPOSED}
    assert shown_cards(None, {"1": {"held": list(ANA), "shown": []}}) == set()


@pytest.mark.parametrize("viewer", [1, 3])
def test_another_player_sees_the_exposed_card_and_no_other_of_that_seat(db, night, viewer):
    replay = hand_replay(db, night["hand_id"], viewer_seat=viewer)
    steps = replay["steps"]
    expose = next(i for i, s in enumerate(steps) if s["action"].startswith("d expose"))
    assert EXPOSED not in json.dumps(steps[:expose])          # not known before it was exposed
    assert steps[expose]["action"] == f"d expose p2 {EXPOSED}"
    deal = next(s for s in steps if s["action"].startswith("d deal p2"))
    assert deal["parsed"]["cards"] == [EXPOSED, "??", "??", "??", "??"]
    assert steps[-1]["cards"]["2"]["held"][0] == EXPOSED
    text = json.dumps(replay)
    for card in BRUNO_HIDDEN:
        assert card not in text, card
    mucked = CHUS if viewer == 1 else ()
    for card in mucked:                                        # Chus mucked: hidden from Ana
        assert card not in text, card
    assert EXPOSED in visible_cards(db, night["hand_id"], viewer)


def test_the_player_the_card_was_meant_for_sees_all_their_own(db, night):
    text = json.dumps(hand_replay(db, night["hand_id"], viewer_seat=2))
    for card in (EXPOSED, *BRUNO_HIDDEN):
        assert card in text, card
    for card in CHUS:
        assert card not in text, card
