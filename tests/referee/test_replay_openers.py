"""Jackpot openings: the minimum in force, justifying openers (recorded deal, discards plus
the shown hand, the shown hand alone), split openers, the false-opener rulings (RRoP
section 11, Draw Poker: the opener's hand is dead; the pot plays if pre-draw action was
completed, otherwise the antes and the opener's bet carry), openers not shown."""

import replay_helpers
from replay_helpers import JACKPOTS, kinds

from referee import check

STACKS = {1: 500, 3: 500, 4: 500}
ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]


def play(actions, rules=JACKPOTS, stacks=STACKS, button=4):
    return replay_helpers.play(actions, rules=rules, stacks=stacks, button=button)


def test_openers_proved_by_the_recorded_deal():
    hand = play(ANTES + ["d deal p3 JsJd9c5h2s", "p1 check", "p3 open 10", "p4 fold",
                         "p1 fold", "d award p3 25"])
    assert kinds(hand) == [] and hand["awards"] == {"3": 25}


def test_false_opener_pot_plays_after_a_call():
    # the recorded deal holds only tens; seat 4 called, so the pot plays without seat 3
    hand = play(ANTES + ["d deal p3 TsTd9c5h2s", "p1 check", "p3 open 10", "p4 call",
                         "p1 fold", "p3 draw 3 9c5h2s", "p4 draw 1", "p3 bet 20",
                         "p4 call", "p3 show TsTdTc8h4c", "p4 show KsKd6c6h3s",
                         "d award p4 75"])
    assert kinds(hand) == [("unjustified_opening", 5)]
    assert hand["awards"] == {"4": 75} and hand["carried"] == 0


def test_false_opener_uncalled_antes_and_the_opening_bet_carry():
    # nobody called: the antes and the opener's bet stay for the next deal
    hand = play(ANTES + ["d deal p3 TsTd9c5h2s", "p1 check", "p3 open 10", "p4 fold",
                         "p1 fold", "p3 show TsTd9c5h2s"])
    assert ("unjustified_opening", 5) in kinds(hand)
    assert hand["awards"] == {} and hand["carried"] == 25
    assert hand["stacks"] == {"1": 495, "3": 485, "4": 495}


def test_the_shown_hand_must_keep_the_openers():
    # drew 4, so only one card was kept: the jacks shown cannot have been dealt together
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 draw 4", "p4 draw 1",
                    "p3 check", "p4 check", "p3 show JhJd8c8s3d", "p4 show 9s9d5c4h2s"]
    hand = play(acts)
    assert ("unjustified_opening", 4) in kinds(hand)
    assert hand["awards"] == {"4": 35}


def test_openers_kept_through_the_draw_are_justified():
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 draw 3", "p4 draw 1",
                    "p3 check", "p4 check", "p3 show JhJd8c8s3d", "p4 show 9s9d5c4h2s",
                    "d award p3 35"]
    hand = play(acts)
    assert kinds(hand) == []
    assert hand["awards"] == {"3": 35}


def test_split_openers_proved_from_the_discards():
    # seat 3 splits its jacks for a flush draw; the discard Jc shows the pair
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 split",
                    "p3 draw 1 Jc", "p4 draw 1", "p3 check", "p4 check",
                    "p3 show Jh9h7h4h2h", "p4 show 9s9d5c6c3s"]
    hand = play(acts)
    assert "unjustified_opening" not in [k for k, _ in kinds(hand)]
    assert hand["awards"] == {"3": 35}


def test_discards_and_shown_hand_without_openers_is_unjustified():
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold",
                    "p3 draw 3 Tc9d2s", "p4 draw 1", "p3 check", "p4 check",
                    "p3 show JhQsKd7c5c", "p4 show 9s9h6c4h3d"]
    hand = play(acts)
    assert ("unjustified_opening", 4) in kinds(hand)
    assert hand["awards"] == {"4": 35}


def test_opener_who_wins_uncontested_must_still_show_openers():
    hand = play(ANTES + ["p1 check", "p3 open 10", "p4 fold", "p1 fold", "p3 muck"])
    assert "openers_not_shown" in [k for k, _ in kinds(hand)]
    assert hand["awards"] == {} and hand["carried"] == 25


def test_opener_who_folds_without_showing_is_a_warning_only():
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 draw 3", "p4 draw 1",
                    "p3 check", "p4 bet 20", "p3 fold"]
    hand = play(acts)
    found = [f for f in hand["findings"] if f["kind"] == "openers_not_shown"]
    assert [(f["action"], f["severity"]) for f in found] == [(11, "warning")]
    assert hand["awards"] == {"4": 55}


def test_opening_queens_after_a_passed_out_deal_pocker_ladder():
    # seed 000: after a passed-out deal a pair of queens is needed: jacks are not enough
    rules = {"preset": "pocker", "ante": 10, "min_bet": 10}
    stacks = {1: 300, 2: 300, 3: 300}
    s = {"rules": rules,
         "players": [{"seat": k, "stack": c} for k, c in stacks.items()],
         "hands": [{"button": 3, "actions": ["p1 ante 10", "p2 ante 10", "p3 ante 10",
                                             "p2 check", "p1 check", "p3 check"]},
                   {"actions": ["p1 ante 10", "p2 ante 10", "p3 ante 10",
                                "d deal p1 QsQh8d5c2s", "p1 open 20", "p3 fold", "p2 fold",
                                "d award p1 80"]}]}
    hands = check(s)["hands"]
    assert hands[0]["next_opening"] == "Q"
    assert kinds(hands[1]) == [] and hands[1]["awards"] == {"1": 80}
    assert hands[1]["next_opening"] == "J"


def test_a_wild_joker_makes_openers_with_the_highest_card():
    rules = {"preset": "pocker", "ante": 10, "min_bet": 10}
    stacks = {1: 300, 2: 300}
    hand = play(["p1 ante 10", "p2 ante 10", "d deal p1 QsJk8d5c2s", "p1 open 20", "p2 fold",
                 "d award p1 40"], rules=rules, stacks=stacks, button=2)
    assert kinds(hand) == []


def test_opener_left_alone_at_showdown_must_show_openers():
    # the caller mucks at the showdown; the opener throws the hand in without showing
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 draw 3", "p4 draw 1",
                    "p3 check", "p4 check", "p4 muck", "p3 muck"]
    hand = play(acts)
    assert ("openers_not_shown", 12) in kinds(hand)
    assert hand["awards"] == {} and hand["carried"] == 35


def test_an_uncontested_opener_may_show_only_the_openers():
    # seed 002: "solo debe mostrar las cartas que puedan justificar su apertura"
    hand = play(ANTES + ["p1 check", "p3 open 10", "p4 fold", "p1 fold", "p3 show QsQh",
                         "d award p3 25"])
    assert kinds(hand) == [] and hand["awards"] == {"3": 25}
    hand = play(ANTES + ["p1 check", "p3 open 10", "p4 fold", "p1 fold", "p3 show TsTh"])
    assert ("unjustified_opening", 4) in kinds(hand) and hand["carried"] == 25


def test_a_deal_logged_after_the_opening_still_judges_it():
    hand = play(ANTES + ["p1 check", "p3 open 10", "d deal p3 TsTd9c5h2s", "p4 fold",
                         "p1 fold", "p3 show TsTd9c5h2s"])
    assert ("unjustified_opening", 4) in kinds(hand) and hand["carried"] == 25


def test_meets_opening_pairs_against_each_step_of_the_ladder():
    from referee.openers import meets_opening
    from referee.rules import resolve_rules

    r = resolve_rules("pocker")
    kings = ("Ks", "Kh", "8d", "5c", "2s")
    assert [meets_opening(kings, m, r) for m in "JQKA"] == [True, True, True, False]
    assert meets_opening(("4s", "4h", "3d", "3c", "2s"), "A", r)  # two pair beats any pair
    assert not meets_opening(("As", "Kh", "8d", "5c", "2s"), "J", r)
    assert meets_opening(("9s", "Th", "Jd", "Qc", "Ks"), "A", resolve_rules("jackpots"))  # straight


def test_a_bug_joker_counts_as_an_ace_for_openers():
    from referee.openers import meets_opening
    from referee.rules import resolve_rules

    bug = resolve_rules("jackpots", jokers=1, joker="bug")
    assert meets_opening(("Jk", "As", "8d", "5c", "2s"), "A", bug)
    assert not meets_opening(("Jk", "Ks", "8d", "5c", "2s"), "K", bug)


def test_splitting_openers_without_declaring_it_is_a_warning():
    # RRoP section 11 (Draw Poker): a player splitting openers must declare it and keep
    # the discard to prove openers; the opening itself stands
    deal = ["d deal p3 JhJc9h7h4h"]
    acts = ANTES + deal + ["p1 check", "p3 open 10", "p4 call", "p1 fold", "p3 draw 1 Jc",
                           "p4 draw 1", "p3 check", "p4 check", "p3 show Jh9h7h4h2h",
                           "p4 show 9s9d5c6c3s", "d award p3 35"]
    hand = play(acts)
    found = [(f["kind"], f["action"], f["severity"]) for f in hand["findings"]]
    assert found == [("unjustified_opening", 8, "warning")]
    assert hand["awards"] == {"3": 35}
    declared = play(ANTES + deal + acts[4:8] + ["p3 split"] + acts[8:])
    assert declared["findings"] == []
