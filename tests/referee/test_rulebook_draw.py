"""The money and the cards by the rule books, through ``python -m referee check`` (issue 11,
the second tester's report): the part of a bet nobody matched when its owner folds,
discards logged without their cards over several draws, the muck reshuffled when the stub
runs out, and a show of one's own discard.

Each test writes a one-hand session file and runs the command's own code path (the
helpers of ``test_rulebook_betting``); the rule is quoted in the test's docstring.
"""

from __future__ import annotations

import pytest
from referee_runs import check, kinds

NO_LIMIT = {"preset": "deuce_to_seven", "betting": "no_limit", "small_blind": 10,
            "big_blind": 20, "min_bet": 20}


# ------------------------------------------------- 1. the uncalled part of a bet
def test_a_short_all_in_wins_only_what_it_matched_when_the_others_fold(tmp_path, capsys):
    """RRoP section 3: an all-in player wins from each player only what he matched; the
    bet nobody matched goes back to who made it. Seed 000: "Si el que gana va restado,
    solamente ganara el importe de su resto a cada uno de los jugadores que hayan entrado
    con el." Seat 3 is all in for 15 against the blinds of 10 and 20, both blinds fold:
    seat 3 wins 10 + 15 + 15 = 40 and the 5 of the big blind nobody matched go back to it,
    folded or not."""
    status, hand = check(tmp_path, capsys, NO_LIMIT, {1: 500, 2: 500, 3: 15}, 3, [
        "p1 blind 10", "p2 straddle 20",
        "d deal p1 KsKdQcQhJs", "d deal p2 AsAdAcJdJh", "d deal p3 7h5d4c3s2h",
        "p3 allin", "p1 fold", "p2 fold", "d award p3 40", "d award p2 5"])
    assert status == 0 and kinds(hand) == []
    assert hand["awards"] == {"2": 5, "3": 40}
    assert hand["stacks"] == {"1": 490, "2": 485, "3": 40}
    assert hand["pots"] == [{"amount": 40, "seats": [3]}, {"amount": 5, "seats": [2]}]


def test_the_uncalled_part_of_a_folded_bet_is_not_won_by_the_all_in(tmp_path, capsys):
    """RRoP section 3 (as above): the dealer who pushes the whole pot to the short all-in
    is wrong; the rules give it 40 and the big blind its unmatched 5."""
    status, hand = check(tmp_path, capsys, NO_LIMIT, {1: 500, 2: 500, 3: 15}, 3, [
        "p1 blind 10", "p2 straddle 20",
        "d deal p1 KsKdQcQhJs", "d deal p2 AsAdAcJdJh", "d deal p3 7h5d4c3s2h",
        "p3 allin", "p1 fold", "p2 fold", "d award p3 45"])
    assert ("wrong_award", 8) in kinds(hand)
    assert hand["awards"] == {"2": 5, "3": 40}


# ------------------------------------------- 2. discards logged without their cards
TRIPLE = {"preset": "deuce_to_seven", "betting": "fixed_limit", "draws": 3,
          "small_blind": 5, "big_blind": 10, "small_bet": 10, "big_bet": 20}


def _two_unnamed_draws(show: str) -> list[str]:
    return ["p2 blind 5", "p1 straddle 10",
            "d deal p1 Kd7h5d4c3s", "d deal p2 8h6d5c3d2h", "p2 call", "p1 check",
            "p1 draw 1", "d serve p1 Qc", "p2 draw 0", "p1 check", "p2 check",
            "p1 draw 1", "d serve p1 2c", "p2 draw 0", "p1 check", "p2 check",
            "p1 draw 0", "p2 draw 0", "p1 check", "p2 check",
            f"p1 show {show}", "p2 show 8h6d5c3d2h", "d award p1 20"]


def test_two_draws_with_unnamed_discards_keep_a_hand_the_seat_may_hold(tmp_path, capsys):
    """CONTRACT.md section 2: "CARDS = the discards when known"; RRoP section 4 (cards
    speak for the hand the player holds). Seat 1, dealt Kd7h5d4c3s, throws one card
    unnamed and is served Qc, then one more unnamed and is served 2c: which cards it
    still holds is uncertain, and 7h5d4c3s2c is a hand it may hold (Kd then Qc thrown).
    Only what is certain is a finding: the hand is live and wins."""
    status, hand = check(tmp_path, capsys, TRIPLE, {1: 200, 2: 200}, 2,
                         _two_unnamed_draws("7h5d4c3s2c"))
    assert status == 0 and kinds(hand) == []
    assert hand["awards"] == {"1": 20}


def test_unnamed_discards_a_shown_card_never_dealt_or_served_is_not_held(tmp_path, capsys):
    """RRoP section 4 (as above): after the same two unnamed discards, a show with As,
    a card the seat was never dealt nor served (every card it got was logged), is
    certainly not the hand it holds: dead (``wrong_card_count``, ``not_held``)."""
    status, hand = check(tmp_path, capsys, TRIPLE, {1: 200, 2: 200}, 2,
                         _two_unnamed_draws("7h5d4c3sAs"))
    found = [f for f in hand["findings"] if f["kind"] == "wrong_card_count"]
    assert [f["details"]["reason"] for f in found] == ["not_held"]
    assert hand["awards"] == {"2": 20}


# ------------------------------------------- 3. the muck reshuffled with the discards
SHORT_DECK = {"preset": "basico", "lowest_rank": "7", "ante": 5, "small_bet": 10,
              "big_bet": 20, "betting": "fixed_limit"}
SIX = {s: 100 for s in range(1, 7)}


def _muck_hand(serve3: str) -> list[str]:
    return [*[f"p{s} ante 5" for s in range(1, 7)],
            "d deal p1 AsAhAdKsQs", "d deal p2 KhKdKcJs7s", "d deal p3 QhQdQcJhTs",
            "d deal p4 JdJcTh9s9h", "d deal p5 Td9d9c8s8h", "d deal p6 Tc8d8c7h7d",
            "p1 check", "p2 check", "p3 check", "p4 check", "p5 fold", "p6 fold",
            "p1 draw 1 Qs", "d serve p1 Ac", "p2 draw 2 Js7s", "d serve p2 Qs7c",
            "p3 draw 3 JhTsQc", f"d serve p3 {serve3}", "p4 draw 0",
            "p1 check", "p2 check", "p3 check", "p4 check",
            "p1 show AsAhAdAcKs", "p2 show KhKdKcQs7c", f"p3 show QhQd{serve3}",
            "p4 show JdJcTh9s9h", "d award p1 30"]


@pytest.mark.slow
def test_the_folded_hands_are_shuffled_with_the_discards_when_the_stub_runs_out(
        tmp_path, capsys):
    """Seed 000: "Si no hubiera en el mazo suficientes cartas para completar la mano de
    los jugadores que se descartaron, se barajarán los descartes"; RRoP section 11 (draw):
    in card rooms the muck joins the discards reshuffled to complete the draw. A 32-card
    deck, six players: the stub (2 cards, the last kept back) runs out; seats 5 and 6
    folded. Seat 3 is served Js7s8s, with 8s from seat 5's folded hand: no duplicate, the
    deck is not exhausted, seat 1's four aces win."""
    status, hand = check(tmp_path, capsys, SHORT_DECK, SIX, 6, _muck_hand("Js7s8s"))
    assert status == 0 and kinds(hand) == []
    assert hand["awards"] == {"1": 30}


def test_a_seat_is_never_served_its_own_discard_after_the_reshuffle(tmp_path, capsys):
    """Seed 000 (as above, "se barajarán los descartes"), as the referee reads it
    (``referee.deck``): never a seat's own discards, muck or not. Seat 3 served Jh,
    which it threw, is still a finding (``deck_exhausted``, ``own_discard``), and the
    only one: the muck completes the rest."""
    status, hand = check(tmp_path, capsys, SHORT_DECK, SIX, 6, _muck_hand("Js7sJh"))
    reasons = [f["details"].get("reason") for f in hand["findings"]
               if f["kind"] == "deck_exhausted"]
    assert reasons == ["own_discard"]


# ------------------------------------------------- 4. a show of one's own discard
def test_a_show_of_ones_own_discard_kills_that_hand_not_the_deal(tmp_path, capsys):
    """RRoP section 4 (cards speak for the hand the player holds) against RRoP section 13
    ("if two cards of the same rank and suit are found in the deck, all action is void"):
    seat 3 throws Kh, is served one card unseen and shows Kh. Only one Kh exists, the one
    it threw: the show is not the hand it holds, so that hand is dead (``not_held``),
    there is no duplicate and the deal stands: seat 1's low wins."""
    status, hand = check(tmp_path, capsys, NO_LIMIT, {1: 500, 2: 500, 3: 500}, 3, [
        "p1 blind 10", "p2 straddle 20",
        "d deal p1 KsKdQcQhJs", "d deal p2 AsAdAcJdJh", "d deal p3 7h5d4c3sKh",
        "p3 call", "p1 call", "p2 check",
        "p1 draw 0", "p2 draw 0", "p3 draw 1 Kh", "d serve p3 1",
        "p1 check", "p2 check", "p3 check",
        "p1 show KsKdQcQhJs", "p2 show AsAdAcJdJh", "p3 show 7h5d4c3sKh", "d award p1 60"])
    assert kinds(hand) == [("wrong_card_count", 17)]
    assert hand["findings"][0]["details"]["reason"] == "not_held"
    assert hand["awards"] == {"1": 60}
