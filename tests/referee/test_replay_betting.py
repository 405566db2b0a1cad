"""Betting: turn order both ways, blinds, fixed limit and the raise cap, pot limit, no
limit minimum raises, short all-ins that do not reopen, table stakes."""

from replay_helpers import NO_LIMIT, kinds, play, session

from referee import table_state


def verbs(state):
    return {l["verb"]: (l["min"], l["max"]) for l in state["legal"]}


ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]


def test_clockwise_first_to_speak_is_left_of_the_button_then_higher_seats():
    st = table_state(session(ANTES))
    assert st["to_act"] == 1
    assert table_state(session(ANTES + ["p1 check"]))["to_act"] == 3
    assert table_state(session(ANTES + ["p1 check", "p3 check"]))["to_act"] == 4


def test_counterclockwise_pocker_plays_to_the_dealers_right():
    # seed 000: "empezando por el de su derecha": button 3 -> seat 2, then 1, then 3
    rules = {"preset": "pocker", "ante": 10, "min_bet": 10}
    stacks = {1: 300, 2: 300, 3: 300}
    antes = ["p1 ante 10", "p2 ante 10", "p3 ante 10"]
    assert table_state(session(antes, rules=rules, stacks=stacks, button=3))["to_act"] == 2
    assert table_state(session(antes + ["p2 check"], rules=rules, stacks=stacks, button=3))["to_act"] == 1
    hand = play(antes + ["p1 check"], rules=rules, stacks=stacks, button=3)
    assert ("out_of_turn", 3) in kinds(hand)


def test_out_of_turn_action_backs_up_to_the_seat_due():
    # TDA 53: seat 4 opens while seat 3 is due; seat 3 is still due afterwards
    st = table_state(session(ANTES + ["p1 check", "p4 open 10"]))
    assert st["to_act"] == 3
    assert [f["kind"] for f in st["findings"]] == ["out_of_turn"]
    assert st["bets"] == {"1": 0, "3": 0, "4": 10}


def test_blinds_the_first_to_speak_is_after_the_double_blind():
    rules = {"preset": "deuce_to_seven"}
    stacks = {1: 100, 2: 100, 3: 100, 4: 100}
    st = table_state(session(["p1 blind 1", "p2 straddle 2"], rules=rules, stacks=stacks, button=4))
    assert st["to_act"] == 3 and st["pot"] == 3
    assert verbs(st)["raise"] == (4, 100)
    assert st["findings"] == []


def test_blind_by_the_wrong_seat_is_irregular():
    rules = {"preset": "deuce_to_seven"}
    stacks = {1: 100, 2: 100, 3: 100, 4: 100}
    hand = play(["p2 blind 1", "p3 straddle 2", "p4 fold", "p1 fold", "p2 fold"],
                rules=rules, stacks=stacks, button=4)
    assert ("blind_irregular", 0) in kinds(hand)


def test_blind_of_the_wrong_size_is_irregular():
    rules = {"preset": "deuce_to_seven"}
    stacks = {1: 100, 2: 100, 3: 100}
    hand = play(["p1 blind 1", "p2 straddle 3"], rules=rules, stacks=stacks, button=3)
    assert ("blind_irregular", 1) in kinds(hand)


def test_heads_up_the_button_posts_the_small_blind_and_speaks_first():
    rules = {"preset": "deuce_to_seven"}
    st = table_state(session(["p2 blind 1", "p1 straddle 2"], rules=rules,
                             stacks={1: 100, 2: 100}, button=2))
    assert st["findings"] == [] and st["to_act"] == 2


def test_blinds_are_not_played_in_jackpots():
    hand = play(ANTES + ["p1 blind 10"])
    assert ("blind_irregular", 3) in kinds(hand)


def test_fixed_limit_the_bet_is_the_small_bet_before_the_draw():
    assert ("bet_too_large", 4) in kinds(play(ANTES + ["p1 check", "p3 open 15"]))
    assert ("bet_too_small", 4) in kinds(play(ANTES + ["p1 check", "p3 open 5"]))
    st = table_state(session(ANTES + ["p1 check", "p3 open 10"]))
    assert verbs(st)["raise"] == (20, 20)


def test_fixed_limit_raise_cap_a_bet_and_four_raises():
    """RRoP section 3, rule 3: "a game with two betting rounds (such as draw) allows a
    maximum of a bet and four raises"; the fifth raise is over the cap."""
    acts = ANTES + ["p1 open 10", "p3 raise 20", "p4 raise 30", "p1 raise 40", "p3 raise 50"]
    st = table_state(session(acts))
    assert st["to_act"] == 4 and "raise" not in verbs(st)
    hand = play(acts + ["p4 raise 60"])
    assert ("raise_cap", 8) in kinds(hand)
    assert ("raise_cap", 7) not in kinds(hand)


def test_fixed_limit_raise_must_be_one_bet_more():
    hand = play(ANTES + ["p1 open 10", "p3 raise 25"])
    assert ("bet_too_large", 4) in kinds(hand)


def test_pot_limit_bet_up_to_the_pot_and_raise_up_to_the_pot_after_calling():
    rules = {"preset": "basico", "ante": 5, "betting": "pot_limit", "min_bet": 10}
    st = table_state(session(ANTES, rules=rules))
    assert verbs(st)["bet"] == (10, 15)
    assert "bet_too_large" not in [k for k, _ in kinds(play(ANTES + ["p1 bet 15"], rules=rules))]
    assert ("bet_too_large", 3) in kinds(play(ANTES + ["p1 bet 16"], rules=rules))
    # pot 15 + bet 10: calling makes 35, so the raise may go to 10 + 35 = 45
    st = table_state(session(ANTES + ["p1 bet 10"], rules=rules))
    assert verbs(st)["raise"] == (20, 45)
    assert ("bet_too_large", 4) in kinds(play(ANTES + ["p1 bet 10", "p3 raise 46"], rules=rules))
    assert kinds(play(ANTES + ["p1 bet 10", "p3 raise 45"], rules=rules)) == [("incomplete_hand", 4)]


def test_no_limit_minimum_bet_and_minimum_raise():
    assert ("bet_too_small", 3) in kinds(play(ANTES + ["p1 bet 5"], rules=NO_LIMIT))
    assert ("bet_too_small", 4) in kinds(play(ANTES + ["p1 bet 10", "p3 raise 15"], rules=NO_LIMIT))
    # a raise of 20 sets the minimum raise for the next raiser to 20
    hand = play(ANTES + ["p1 bet 20", "p3 raise 40", "p4 raise 50"], rules=NO_LIMIT)
    assert ("bet_too_small", 5) in kinds(hand) and ("bet_too_small", 4) not in kinds(hand)


def test_short_all_in_does_not_reopen_the_betting():
    # TDA 47 / RRoP 3: seat 4 all in for 18 over a bet of 10 (a raise of 8 < 10)
    stacks = {1: 200, 3: 200, 4: 23}
    acts = ANTES + ["p1 bet 10", "p3 call", "p4 allin"]
    st = table_state(session(acts, rules=NO_LIMIT, stacks=stacks))
    assert st["to_act"] == 1
    assert "raise" not in verbs(st) and "allin" not in verbs(st) and verbs(st)["call"] == (18, 18)
    hand = play(acts + ["p1 raise 40"], rules=NO_LIMIT, stacks=stacks)
    assert ("not_reopened", 6) in kinds(hand)


def test_full_all_in_raise_reopens_the_betting():
    stacks = {1: 200, 3: 200, 4: 30}
    acts = ANTES + ["p1 bet 10", "p3 call", "p4 allin"]
    st = table_state(session(acts, rules=NO_LIMIT, stacks=stacks))
    assert verbs(st)["raise"] == (40, 195)
    hand = play(acts + ["p1 raise 40"], rules=NO_LIMIT, stacks=stacks)
    assert "not_reopened" not in [k for k, _ in kinds(hand)]


def test_checking_while_facing_a_bet_is_illegal():
    hand = play(ANTES + ["p1 open 10", "p3 check"])
    assert ("illegal_check", 4) in kinds(hand)


def test_a_call_recorded_for_the_wrong_amount_keeps_the_chips_put_in():
    hand = play(ANTES + ["p1 open 10", "p3 call 15", "p4 fold", "p1 call"])
    assert ("wrong_amount", 4) in kinds(hand)
    st = table_state(session(ANTES + ["p1 open 10", "p3 call 15"]))
    assert st["pot"] == 15 + 25 and st["stacks"]["3"] == 480


def test_table_stakes_a_bet_over_the_stack_is_capped():
    hand = play(["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 bet 80"], rules=NO_LIMIT,
                stacks={1: 50, 3: 500, 4: 500})
    assert ("bet_too_large", 3) in kinds(hand)
    st = table_state(session(["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 bet 80"],
                             rules=NO_LIMIT, stacks={1: 50, 3: 500, 4: 500}))
    assert st["stacks"]["1"] == 0 and st["bets"]["1"] == 45


def test_a_seat_acting_after_folding_is_not_in_hand():
    hand = play(ANTES + ["p1 open 10", "p3 fold", "p3 call"])
    assert ("not_in_hand", 5) in kinds(hand)


def test_missing_ante_is_reported_at_the_seats_first_action():
    hand = play(["p1 ante 5", "p3 ante 5", "p1 check", "p3 check", "p4 check"])
    assert ("missing_ante", 4) in kinds(hand)


def test_an_ante_of_the_wrong_size_is_a_wrong_amount():
    hand = play(["p1 ante 5", "p3 ante 4", "p4 ante 5"])
    assert ("wrong_amount", 1) in kinds(hand)


def test_passed_out_when_nobody_opens_carries_the_antes():
    hand = play(ANTES + ["p1 check", "p3 check", "p4 check"])
    assert hand["carried"] == 15 and hand["awards"] == {}
    assert [f for f in hand["findings"] if f["kind"] == "passed_out"][0]["severity"] == "info"


def test_table_state_asks_for_the_forced_blinds_first():
    rules = {"preset": "deuce_to_seven"}
    stacks = {1: 100, 2: 100, 3: 100}
    st = table_state(session([], rules=rules, stacks=stacks, button=3))
    assert (st["phase"], st["to_act"], st["legal"]) == ("predeal", 1, [{"verb": "blind", "min": 1, "max": 1}])
    st = table_state(session(["p1 blind 1"], rules=rules, stacks=stacks, button=3))
    assert (st["to_act"], st["legal"]) == (2, [{"verb": "straddle", "min": 2, "max": 2}])
    st = table_state(session(["p1 blind 1", "p2 straddle 2"], rules=rules, stacks=stacks, button=3))
    assert (st["phase"], st["to_act"]) == ("predraw", 3)


def test_big_blind_ante_is_owed_by_the_big_blind_only():
    rules = {"preset": "deuce_to_seven", "ante": 3, "big_blind_ante": True}
    stacks = {1: 100, 2: 100, 3: 100}
    st = table_state(session([], rules=rules, stacks=stacks, button=3))
    assert (st["to_act"], st["legal"]) == (2, [{"verb": "ante", "min": 3, "max": 3}])
    hand = play(["p2 ante 3", "p1 blind 1", "p2 straddle 2", "p3 fold", "p1 fold", "d award p2 6"],
                rules=rules, stacks=stacks, button=3)
    assert hand["findings"] == [] and hand["awards"] == {"2": 6}


def test_each_further_blind_doubles_the_last_seed_000():
    # seed 000: "podrá hacer doble blind ... Y así sucesivamente los restantes jugadores"
    # (with the blinds allowed beside the antes: seed 000 itself forbids them with a pot,
    # blind_with_jackpot, tests/referee/test_seed_rules.py)
    rules = {"preset": "pocker", "ante": 5, "min_bet": 10, "blind_with_jackpot": True}
    stacks = {1: 300, 2: 300, 3: 300, 4: 300}
    ok = play(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5",
               "p3 blind 10", "p2 straddle 20", "p1 straddle 40"], rules=rules, stacks=stacks)
    assert "blind_irregular" not in [k for k, _ in kinds(ok)]
    bad = play(["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5",
                "p3 blind 10", "p2 straddle 20", "p1 straddle 30"], rules=rules, stacks=stacks)
    assert ("blind_irregular", 6) in kinds(bad)
