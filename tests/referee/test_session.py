"""A session across hands: stacks carried, rebuys between hands, the button moving in the
direction of play, stated stacks, misdeals, the ladder resetting once a pot is won; the
file-level errors; ``table_state``'s shape."""

import pytest

from referee import SessionError, check, table_state

JACKPOTS = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}


def base(hands, rules=JACKPOTS, stacks=None):
    stacks = stacks or {1: 100, 3: 100, 4: 100}
    return {"format": "tapete/1", "rules": rules,
            "players": [{"seat": s, "name": f"P{s}", "stack": c} for s, c in stacks.items()],
            "hands": hands}


def won_by(seat, seats=(1, 3, 4)):
    """Antes, ``seat`` opens 10 and everyone else folds; seat shows openers."""
    acts = [f"p{s} ante 5" for s in seats] + [f"p{seat} open 10"]
    k = seats.index(seat)
    acts += [f"p{s} fold" for s in seats[k + 1:] + seats[:k]]
    return acts + [f"p{seat} show JsJd4c3h2s", f"d award p{seat} {5 * len(seats) + 10}"]


def test_stacks_carry_from_hand_to_hand_and_rebuys_add_between_hands():
    s = base([{"button": 4, "actions": won_by(1)},
              {"rebuys": {"3": 50}, "actions": won_by(4)}])
    hands = check(s)["hands"]
    assert hands[0]["stacks"] == {"1": 110, "3": 95, "4": 95}
    assert hands[1]["stacks"] == {"1": 105, "3": 140, "4": 105}


def test_the_button_moves_clockwise_to_the_next_occupied_seat():
    # hand 2: the button moves from 4 to 1, so seat 3 speaks first
    s = base([{"button": 4, "actions": won_by(1)},
              {"actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5"]}])
    assert table_state(s)["button"] == 1 and table_state(s)["to_act"] == 3


def test_the_button_moves_counterclockwise_in_pocker():
    rules = {"preset": "pocker", "ante": 5, "min_bet": 10}
    s = base([{"button": 4, "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5",
                                        "p3 check", "p1 check", "p4 check"]},
              {"actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5"]}], rules=rules)
    st = table_state(s)
    assert st["button"] == 3 and st["to_act"] == 1 and st["opening"] == "Q"
    assert st["pot"] == 30


def test_the_ladder_resets_once_a_pot_is_won():
    rules = {"preset": "pocker", "ante": 5, "min_bet": 10}
    passed = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p3 check", "p1 check", "p4 check"]
    hands = [{"button": 4, "actions": passed}, {"actions": passed}, {"actions": passed}]
    out = check(base(hands, rules=rules))["hands"]
    assert [h["next_opening"] for h in out] == ["Q", "K", "A"]
    assert [h["carried"] for h in out] == [15, 30, 45]
    # the fourth deal (button on seat 3... clockwise order reversed) is won: back to jacks
    win = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p4 AsAd7c5h2s", "p4 open 10",
           "p3 fold", "p1 fold", "d award p4 70"]
    out = check(base(hands + [{"actions": win}], rules=rules))["hands"]
    assert out[3]["next_opening"] == "J" and out[3]["carried"] == 0
    assert out[3]["awards"] == {"4": 70}


def test_a_stated_stack_that_differs_is_a_stack_mismatch():
    s = base([{"button": 4, "actions": won_by(1)},
              {"stacks": {"1": 110, "3": 90, "4": 95}, "actions": won_by(3)}])
    hand = check(s)["hands"][1]
    found = [(f["kind"], f["seat"]) for f in hand["findings"]]
    assert found == [("stack_mismatch", 3)]
    assert hand["stacks"]["3"] == 90 - 15 + 25


def test_a_misdeal_returns_the_chips_and_keeps_the_button():
    s = base([{"button": 4, "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "d misdeal"]},
              {"actions": ["p1 ante 5"]}])
    hands = check(s)["hands"]
    assert hands[0]["stacks"] == {"1": 100, "3": 100, "4": 100}
    assert [f["kind"] for f in hands[0]["findings"]] == ["misdeal"]
    assert table_state(s)["button"] == 4


@pytest.mark.parametrize("bad", [[], "x", {"players": []}, {"players": [{"seat": 11, "stack": 5}]},
                                 {"players": [{"seat": 1, "stack": -1}]},
                                 {"rules": "no_such_game", "players": [{"seat": 1, "stack": 5}]},
                                 {"players": [{"seat": 1, "stack": 5}], "hands": "nope"}])
def test_a_file_that_cannot_be_read_raises_session_error(bad):
    with pytest.raises(SessionError):
        check(bad)


def test_the_rules_argument_overrides_the_sessions():
    s = base([{"button": 4, "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 bet 30"]}])
    assert "bet_too_large" in [f["kind"] for f in check(s)["hands"][0]["findings"]]
    out = check(s, rules={"preset": "basico", "ante": 5, "betting": "no_limit", "min_bet": 10})
    assert "bet_too_large" not in [f["kind"] for f in out["hands"][0]["findings"]]


def test_table_state_before_any_action_asks_for_the_antes():
    st = table_state(base([{"button": 4, "actions": []}]))
    assert st["phase"] == "predeal" and st["to_act"] == 1
    assert st["legal"] == [{"verb": "ante", "min": 5, "max": 5}]
    assert set(st) == {"hand", "phase", "to_act", "legal", "pot", "pots", "bets", "stacks",
                       "in_hand", "dealt_in", "acted", "opening", "button", "proposed_awards",
                       "awards", "recorded_awards", "findings", "known_cards", "dead", "show_openers", "legal_if_due",
                       "chips_on_table",   # issue 24: the chips each seat physically holds
                       "exposed_cards",    # issue 27: cards exposed in the deal, seen by all
                       "miscount",         # issue 27: the line of a seat's wrong count of cards
                       "irregular",        # issue 27: the irregularities' lines offered now
                       "sat_out"}          # issue 27: the seats that said they abstain
    assert st["chips_on_table"] == st["stacks"]
    assert st["known_cards"] == {"1": ["??"] * 5, "3": ["??"] * 5, "4": ["??"] * 5}
    assert st["dead"] == [] and st["show_openers"] is None
    assert st["acted"] == [] and st["pots"] == [] and st["recorded_awards"] == {}


def test_every_hand_reports_the_contract_keys():
    out = check(base([{"button": 4, "actions": won_by(1)}]))
    assert set(out["hands"][0]) == {"hand", "findings", "pots", "awards", "recorded_awards",
                                    "stacks", "carried", "next_opening",
                                    # issue 24: the chips each seat holds (CONTRACT.md 4)
                                    "chips_on_table", "table_differences"}
    assert out["hands"][0]["hand"] == 1


def test_rules_preset_argument_keeps_the_sessions_stakes():
    # --rules basico: no opening minimum, but still ante 5 and the session's stakes
    s = base([{"button": 4, "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 bet 10",
                                        "p3 fold", "p4 fold", "d award p1 25"]}])
    hand = check(s, rules="basico")["hands"][0]
    assert hand["findings"] == [] and hand["awards"] == {"1": 25}
    assert hand["next_opening"] is None
