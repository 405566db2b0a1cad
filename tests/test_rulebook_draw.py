"""The money and the cards by the rule books, through ``python -m referee check`` (issue 11,
the second tester's report): the part of a bet nobody matched when its owner folds,
discards logged without their cards over several draws, the muck reshuffled when the stub
runs out, and a show of one's own discard.

Each test writes a one-hand session file and runs the command's own code path (the
helpers of ``test_rulebook_betting``); the rule is quoted in the test's docstring.
"""

from __future__ import annotations

from test_rulebook_betting import check, kinds

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
