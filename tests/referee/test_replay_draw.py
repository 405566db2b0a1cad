"""The draw: order from the dealer's left, the draw limit, serves vs discards, the deck
running out, card accounting (duplicates, cards outside the deck, four or six cards)."""

from replay_helpers import kinds, play, session

from referee import table_state

CLASICO = {"preset": "clasico", "ante": 5, "betting": "no_limit", "min_bet": 10}


PREDRAW = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 call", "p1 call"]


def test_the_draw_starts_left_of_the_dealer():
    st = table_state(session(PREDRAW))
    assert st["phase"] == "draw" and st["to_act"] == 1
    assert {"verb": "draw", "min": 0, "max": 5} in st["legal"]
    hand = play(PREDRAW + ["p3 draw 2"])
    assert ("out_of_turn", 7) in kinds(hand)


def test_after_the_draw_the_opener_speaks_first():
    st = table_state(session(PREDRAW + ["p1 draw 3", "p3 draw 2", "p4 draw 1"]))
    assert st["phase"] == "postdraw" and st["to_act"] == 3
    assert {"verb": "bet", "min": 20, "max": 20} in st["legal"]


def test_draw_limit_clasico_draws_up_to_four():
    # seed 001: "reemplazar de 0 a 4 de las propias cartas"
    stacks = {1: 200, 2: 200, 3: 200, 4: 200}
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p2 call",
            "p3 fold", "p4 fold", "p1 draw 4", "p2 draw 5"]
    hand = play(acts, rules=CLASICO, stacks=stacks)
    assert ("draw_limit", 9) in kinds(hand) and ("draw_limit", 8) not in kinds(hand)


def test_served_more_than_asked_makes_a_dead_hand_of_six():
    acts = PREDRAW + ["p1 draw 1", "p3 draw 2", "d serve p3 3", "p4 draw 1",
                      "p3 bet 20", "p4 call", "p1 call",
                      "p3 show AsAhAdKcKs", "p4 show 9s9d5c4h2s", "p1 show 8s8d5d4c2c"]
    hand = play(acts)
    assert ("wrong_card_count", 9) in kinds(hand)
    assert hand["awards"] == {"4": 105}


def test_served_fewer_than_asked_makes_a_dead_hand_of_four():
    acts = PREDRAW + ["p1 draw 1", "p3 draw 2", "d serve p3 1", "p4 draw 1",
                      "p3 bet 20", "p4 call", "p1 fold", "p3 show AsAhAdKc", "p4 show 9s9d5c4h2s"]
    hand = play(acts)
    assert ("wrong_card_count", 9) in kinds(hand)
    assert hand["awards"] == {"4": 85}


def test_a_deal_of_four_cards_is_a_wrong_count():
    hand = play(["p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p1 4", "p1 check"])
    assert ("wrong_card_count", 3) in kinds(hand)


def test_the_same_card_seen_twice_is_a_duplicate():
    acts = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p1 AsKs7h7c2h",
            "d deal p3 AsQdJc9h3d"]
    assert ("duplicate_card", 4) in kinds(play(acts))


def test_a_card_outside_the_stripped_deck():
    # seed 001, four players: the deck runs 7 to ace, so a 2 is not in it
    stacks = {1: 200, 2: 200, 3: 200, 4: 200}
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5", "d deal p1 AsKs7h7c2h"]
    assert ("card_not_in_deck", 4) in kinds(play(acts, rules=CLASICO, stacks=stacks))
    assert ("card_not_in_deck", 3) in kinds(play(["p1 ante 5", "p3 ante 5", "p4 ante 5",
                                                  "d deal p1 AsKs7hJk2h"]))


def test_the_deck_running_out_reshuffles_the_others_discards():
    # 4 players, 32 cards: 20 dealt, a stub of 12 (the last card kept back, seed 000)
    stacks = {1: 200, 2: 200, 3: 200, 4: 200}
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p2 call",
            "p3 call", "p4 call", "p1 draw 4", "p2 draw 4", "p3 draw 4", "p4 draw 4"]
    hand = play(acts, rules=CLASICO, stacks=stacks)
    assert "deck_exhausted" not in [k for k, _ in kinds(hand)]


def test_more_cards_than_the_deck_holds_is_deck_exhausted():
    # six players on 32 cards: 30 dealt, 2 left, one of them kept back
    stacks = {s: 200 for s in range(1, 7)}
    rules = dict(CLASICO, lowest_rank="7")
    antes = [f"p{s} ante 5" for s in range(1, 7)]
    acts = antes + ["p1 open 10"] + [f"p{s} call" for s in range(2, 7)] + ["p1 draw 3"]
    hand = play(acts, rules=rules, stacks=stacks, button=6)
    assert ("deck_exhausted", 12) in kinds(hand)


def test_a_players_own_discards_are_never_served_back():
    acts = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 open 10", "p4 fold",
            "p1 call", "p1 draw 2 7c2h", "d serve p1 7cKd"]
    assert ("deck_exhausted", 8) in kinds(play(acts))


def test_standing_pat_serves_nothing_and_is_clean():
    acts = PREDRAW + ["p1 draw 0", "p3 draw 0", "p4 draw 0"]
    st = table_state(session(acts))
    assert st["findings"] == [] and st["phase"] == "postdraw"


def test_showing_six_cards_is_a_dead_hand():
    acts = PREDRAW + ["p1 draw 1", "p3 draw 2", "p4 draw 1", "p3 bet 20", "p4 call",
                      "p1 fold", "p3 show AsAhAdKcKs3c", "p4 show 9s9d5c4h2s"]
    hand = play(acts)
    assert ("wrong_card_count", 13) in kinds(hand)
    assert hand["awards"] == {"4": 85}


def test_triple_draw_has_three_draws_and_four_betting_rounds():
    rules = {"preset": "deuce_to_seven", "betting": "fixed_limit", "draws": 3,
             "small_bet": 2, "big_bet": 4}
    # heads-up the button (seat 2) posts the small blind and speaks first before the draw
    acts = ["p2 blind 1", "p1 straddle 2", "p2 call", "p1 check",
            "p1 draw 2", "p2 draw 1", "p1 bet 2", "p2 call",
            "p1 draw 1", "p2 draw 1", "p1 bet 4", "p2 call",
            "p1 draw 0", "p2 draw 1"]
    st = table_state(session(acts, rules=rules, stacks={1: 100, 2: 100}, button=2))
    assert st["findings"] == []
    assert st["phase"] == "postdraw" and st["pot"] == 16
    assert {"verb": "bet", "min": 4, "max": 4} in st["legal"]


def test_folding_at_the_draw_is_allowed_and_play_goes_on():
    acts = PREDRAW + ["p1 draw 3", "p3 draw 2", "p4 fold"]
    st = table_state(session(acts))
    assert st["findings"] == [] and st["phase"] == "postdraw" and st["to_act"] == 3
    assert st["in_hand"] == [1, 3]


def test_a_discard_reshuffled_to_another_seat_is_not_a_duplicate():
    # clasico, 4 players, 32 cards: seat 4 gets one of seat 1's discards after the stub ran out
    stacks = {1: 200, 2: 200, 3: 200, 4: 200}
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p2 call",
            "p3 call", "p4 call", "p1 draw 4 7c7d8c8d", "p2 draw 4", "p3 draw 4",
            "p4 draw 4", "d serve p4 7c9s9hTs"]
    hand = play(acts, rules=CLASICO, stacks=stacks)
    assert "duplicate_card" not in [k for k, _ in kinds(hand)]
