"""The end of a hand: all fold but one, check-downs (showdown or carry), the showdown
order, cards speak, dead and mucked hands, side pots, split pots and the odd chip, and the
recorded awards compared with the rules' result."""

from replay_helpers import NO_LIMIT, kinds
from replay_helpers import session as one_hand

from referee import check, table_state

STACKS = {2: 200, 3: 200, 5: 200}
ANTES = ["p2 ante 5", "p3 ante 5", "p5 ante 5"]
TO_DRAW = ANTES + ["p2 bet 10", "p3 call", "p5 call", "p2 draw 1", "p3 draw 1", "p5 draw 2"]


def session(actions, rules=NO_LIMIT, stacks=STACKS, button=5):
    return one_hand(actions, rules=rules, stacks=stacks, button=button)


def play(actions, **kw):
    return check(session(actions, **kw))["hands"][0]


def test_all_fold_but_one_the_uncalled_bet_comes_back_in_the_award():
    hand = play(TO_DRAW + ["p2 check", "p3 bet 50", "p5 fold", "p2 fold", "d award p3 95"])
    assert kinds(hand) == [] and hand["awards"] == {"3": 95}
    assert hand["stacks"] == {"2": 185, "3": 230, "5": 185}


def test_checkdown_goes_to_showdown_in_basico():
    acts = TO_DRAW + ["p2 check", "p3 check", "p5 check",
                      "p2 show AsAd7c5h2s", "p3 show KsKd8c6h3s", "p5 muck"]
    hand = play(acts)
    assert hand["awards"] == {"2": 45} and hand["carried"] == 0


def test_checkdown_carries_the_pot_plato_de_palabra():
    # seed 001 PLATO DE PALABRA: all say "palabra" after the draw, the pot stays
    rules = dict(NO_LIMIT, preset="clasico", opening=None)
    hand = play(TO_DRAW + ["p2 check", "p3 check", "p5 check"], rules=rules)
    assert hand["awards"] == {} and hand["carried"] == 45
    assert [f["severity"] for f in hand["findings"]] == ["info"]


def test_carried_pot_goes_to_the_next_winner():
    rules = dict(NO_LIMIT, preset="clasico", opening=None)
    s = session(TO_DRAW + ["p2 check", "p3 check", "p5 check"], rules=rules)
    s["hands"].append({"actions": ["p2 ante 5", "p3 ante 5", "p5 ante 5", "p3 bet 10",
                                   "p5 fold", "p2 fold", "d award p3 70"]})
    second = check(s)["hands"][1]
    assert kinds(second) == [] and second["awards"] == {"3": 70}
    assert second["stacks"] == {"2": 180, "3": 240, "5": 180}


def test_showdown_starts_with_the_last_aggressor():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p2 show 9h8c7d6s5d", "p3 show 9s8d7c6h5s", "d award p2 43", "d award p3 42"]
    hand = play(acts)
    assert kinds(hand) == [("showdown_order", 13)]
    assert hand["findings"][0]["severity"] == "warning"


def test_showdown_order_is_reported_once():
    stacks = {2: 200, 3: 200, 5: 200}
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 call", "p2 call",
                      "p5 show 9h8c7d6s5d", "p2 show 3s3d4c6h8s", "p3 show 9s8d7c6h5s"]
    hand = play(acts, stacks=stacks)
    assert [k for k, _ in kinds(hand)].count("showdown_order") == 1


def test_cards_speak_over_the_dealers_push():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show KsKd8c6h3s", "p2 show AsAd7c5h2s", "d award p3 85"]
    hand = play(acts)
    assert kinds(hand) == [("wrong_award", 15)]
    assert hand["awards"] == {"2": 85} and hand["recorded_awards"] == {"3": 85}


def test_split_pot_odd_chip_first_tied_seat_clockwise_from_the_button():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show 9s8d7c6h5s", "p2 show 9h8c7d6s5d"]
    assert play(acts)["awards"] == {"2": 43, "3": 42}
    # with the button on seat 2 the first seat after it is 3
    acts2 = ANTES + ["p3 bet 10", "p5 call", "p2 call", "p3 draw 1", "p5 draw 2", "p2 draw 1",
                     "p3 check", "p5 fold", "p2 bet 20", "p3 call",
                     "p2 show 9s8d7c6h5s", "p3 show 9h8c7d6s5d"]
    assert play(acts2, button=2)["awards"] == {"2": 42, "3": 43}


def test_a_mucked_hand_cannot_win():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show 4s4d8c6h3s", "p2 muck"]
    assert play(acts)["awards"] == {"3": 85}


def test_side_pots_each_to_its_best_eligible_hand():
    # the worked case side_pot_allin: main pot 160 to the flush, side pot 180 to the trips
    stacks = {1: 100, 2: 300, 5: 300, 6: 40}
    acts = ["p1 ante 5", "p2 ante 5", "p5 ante 5", "p6 ante 5",
            "p1 bet 20", "p2 call", "p5 call", "p6 allin", "p1 call", "p2 call", "p5 call",
            "p1 draw 2", "p2 draw 1", "p5 draw 3", "p6 draw 0",
            "p1 allin", "p2 call", "p5 call",
            "p1 show QsQdQc5s2d", "p2 show 8s8d4c4d2c", "p5 show AsAdTcTh7c",
            "p6 show KhJh9h6h3h", "d award p6 160", "d award p1 180"]
    hand = play(acts, stacks=stacks, button=6)
    assert hand["pots"] == [{"amount": 160, "seats": [1, 2, 5, 6]}, {"amount": 180, "seats": [1, 2, 5]}]
    assert hand["awards"] == {"1": 180, "6": 160}
    assert kinds(hand) == []


def test_awards_not_adding_up_to_the_pot():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 fold", "d award p3 60"]
    hand = play(acts)
    assert ("chips_not_conserved", 13) in kinds(hand)


def test_a_missing_winner_line_is_a_wrong_award_at_the_last_action():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show 9s8d7c6h5s", "p2 show 9h8c7d6s5d", "d award p2 43"]
    hand = play(acts)
    assert ("wrong_award", 15) in kinds(hand)


def test_no_hand_shown_means_the_awards_are_unknown():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call", "d award p3 85"]
    hand = play(acts)
    assert hand["awards"] is None
    assert hand["stacks"]["3"] == 200 - 35 + 85


def test_a_log_that_stops_early_is_an_incomplete_hand():
    hand = play(TO_DRAW + ["p2 check"])
    assert kinds(hand) == [("incomplete_hand", 9)] and hand["awards"] is None


def test_table_state_proposes_the_awards_once_the_cards_decide():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call"]
    st = table_state(session(acts))
    assert st["phase"] == "showdown" and st["to_act"] == 3 and st["proposed_awards"] is None
    assert st["in_hand"] == [2, 3]
    st = table_state(session(acts + ["p3 show 9s8d7c6h5s", "p2 show 9h8c7d6s5d"]))
    assert st["phase"] == "complete" and st["proposed_awards"] == {"2": 43, "3": 42}


def test_a_shown_card_outside_the_deck_makes_the_hand_dead():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show AsAdAcJk2s", "p2 show 3s3d8c6h4s"]
    hand = play(acts)
    assert ("card_not_in_deck", 13) in kinds(hand)
    assert hand["awards"] == {"2": 85}


def test_a_duplicate_card_voids_the_hand_and_returns_every_chip_to_who_put_it_in():
    # RRoP, Irregularities: two cards of the same rank and suit found: all action is void
    # and the chips in the pot go back to the players who put them in
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show AsAdAc7h2s", "p2 show AsKdQc6h4s"]
    hand = play(acts)
    assert ("duplicate_card", 14) in kinds(hand)
    assert hand["awards"] == {"2": 35, "3": 35, "5": 15} and hand["carried"] == 0
    assert hand["stacks"] == {"2": 200, "3": 200, "5": 200}


def test_unseen_cards_at_showdown_leave_the_awards_undecided():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 call",
                      "p3 show ??????????", "p2 show AsKdQc6h4s"]
    assert play(acts)["awards"] is None


def test_chips_added_during_a_hand_do_not_play_until_the_next():
    # seed 000: "Tampoco puede nadie aumentar su resto, una vez vistas sus cartas iniciales"
    acts = TO_DRAW + ["p5 rebuy 100", "p2 check", "p3 bet 20", "p5 fold", "p2 fold", "d award p3 65"]
    hand = play(acts)
    assert ("chips_added_mid_hand", 9) in kinds(hand)
    assert [f["severity"] for f in hand["findings"]] == ["warning"]
    assert hand["stacks"]["5"] == 200 - 15 + 100


def test_pushing_a_pot_that_should_carry_is_a_wrong_award_only():
    rules = dict(NO_LIMIT, preset="clasico", opening=None)
    hand = play(TO_DRAW + ["p2 check", "p3 check", "p5 check", "d award p2 45"], rules=rules)
    assert [(k, a) for k, a in kinds(hand) if k != "passed_out"] == [("wrong_award", 12)]


def test_the_wrong_winner_and_the_wrong_sum_are_two_findings():
    acts = TO_DRAW + ["p2 check", "p3 bet 20", "p5 fold", "p2 fold", "d award p2 60"]
    assert sorted(kinds(play(acts))) == [("chips_not_conserved", 13), ("wrong_award", 13)]
