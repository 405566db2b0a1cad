"""Rulings found by random walks and testers, each with the session that showed it.

The random walk (:mod:`walkgen`) covers every house game; the rest are single sessions: a
seat never dealt in, a big blind's ante after the blind, cards served after the pot was
pushed, card counts no deck holds. (They were written against the fast path, now removed:
the one referee must still rule them so.)
"""

from __future__ import annotations

import copy

import pytest
from walkgen import HOUSE, walk_session

import referee


@pytest.mark.slow
def test_random_walk_covers_the_house_games():
    """The walk is not vacuous: every house game, openers, passed-out deals and carried
    pots, the ladder climbing, showdowns, irregular hands and clean hands all occur."""
    walks = [walk_session(seed) for seed in range(300)]
    presets = {w["rules"]["preset"] for w in walks}
    assert presets == set(HOUSE)
    results = [referee.check(w)["hands"] for w in walks]
    hands = [h for r in results for h in r]
    kinds = {f["kind"] for h in hands for f in h["findings"]}
    assert any(h["carried"] for h in hands)
    assert {h["next_opening"] for h in hands} >= {"J", "Q", "K"}
    assert "passed_out" in kinds and "out_of_turn" in kinds and "wrong_award" in kinds
    assert sum(not h["findings"] for h in hands) > len(hands) // 4
    assert sum(len(h["pots"]) > 1 for h in hands) > 0  # side pots
    assert sum(len(r) for r in results) / len(walks) >= 2.5


@pytest.mark.parametrize("actions", [["p1 ante 1", "p2 ante 1", "p1 check", "p3 check"],
                                     ["d serve p3 1"]])
def test_seat_not_dealt_in_never_crashes(actions):
    session = {"rules": {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4},
               "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100},
                           {"seat": 3, "stack": 0}],
               "hands": [{"button": 2, "actions": actions}]}
    kinds = {f["kind"] for f in referee.check(session)["hands"][0]["findings"]}
    assert "not_in_hand" in kinds  # a seat with no chips is not dealt in (RRoP 3)



BB_ANTE_AFTER_BLIND = {
    "rules": {"preset": "deuce_to_seven", "small_blind": 1, "big_blind": 2, "ante": 2,
              "big_blind_ante": True},
    "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}, {"seat": 3, "stack": 100}],
    "hands": [{"button": 3, "actions": ["p1 blind 1", "p2 straddle 2", "p2 ante 2", "p3 raise 6",
                                        "p1 fold", "p2 fold", "d award p3 11"]}]}


def test_a_big_blind_ante_after_the_blind_comes_from_what_is_left():
    """The big blind posts 2, then antes 2: 96 left (the fast path once took the ante from
    the stack the hand began with, making chips: 302 at the end)."""
    hand = referee.check(BB_ANTE_AFTER_BLIND)["hands"][0]
    assert hand["stacks"] == {"1": 99, "2": 96, "3": 105}
    assert sum(hand["stacks"].values()) == 300


SERVE_AFTER_AWARD = {
    "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
    "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
    "hands": [{"button": 2, "actions": [
        "p1 ante 5", "p2 ante 5", "p1 open 10", "p2 call", "p1 draw 1", "p2 draw 2",
        "p1 check", "p2 check", "p1 show JsJd4c3h2s", "p2 show KsQd9c7h5s", "d award p1 30",
        "d serve p2 2"]}]}


@pytest.mark.parametrize("line", ["d serve p2 2", "d serve p1 1", "d serve p2 As2d"])
def test_cards_served_after_the_pot_was_pushed_are_flagged_by_both_paths(line):
    session = copy.deepcopy(SERVE_AFTER_AWARD)
    session["hands"][0]["actions"][-1] = line
    findings = referee.check(session)["hands"][0]["findings"]
    assert [(f["kind"], f["action"]) for f in findings if f["action"] == 11] \
        == [("wrong_card_count", 11)]


@pytest.mark.parametrize("line", ["d deal p1 " + "9" * 5000, "d serve p1 " + "9" * 5000])
def test_a_card_count_python_cannot_convert_is_left_to_the_full_replay(line):
    """``int()`` refuses more than 4,300 digits: the fast path gives up on the line (the
    full replay calls it unreadable) instead of raising out of ``check``."""
    session = copy.deepcopy(SERVE_AFTER_AWARD)
    session["hands"][0]["actions"].insert(2, line)
    hand = referee.check(session)["hands"][0]
    assert any(f["kind"] in ("unreadable", "wrong_card_count") and f["action"] == 2
               for f in hand["findings"])
