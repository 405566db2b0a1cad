"""Irregular logs: unreadable actions, bad input shapes, card accounting, and one cause
reported once (CONTRACT.md sections 2, 4 and 5; the rulings of issue 3's review)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from paths import ROOT
from replay_helpers import NO_LIMIT, kinds, play, session

import referee
from referee import SessionError, check, table_state

ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
# a clean jackpots hand: seat 3 opens, wins at showdown with jacks up; 85 pushed
CLEAN = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 call", "p1 draw 3", "p3 draw 3",
                 "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call", "p3 show JhJd8c8s3d",
                 "p1 show 9s9d5c4h2s", "d award p3 85"]


def test_clean_reference_hand_has_no_finding():
    hand = play(CLEAN)
    assert kinds(hand) == [] and hand["awards"] == {"3": 85}


# ------------------------------------------------------------------ 1. unreadable actions
@pytest.mark.parametrize("bad", ["p3 open 1O", "p3 dance", "p3 open -10", "p3 bet \u0661\u0660",
                                 "p9 open 10"])
def test_unreadable_action_is_reported_once_and_leaves_the_result_undecided(bad):
    # CONTRACT.md 2: bad input is never guessed at; what the line did is unknown, so the
    # hand's result cannot be judged from the log, and nothing else follows from it
    acts = list(CLEAN)
    acts[4] = bad
    hand = play(acts)
    assert kinds(hand) == [("unreadable", 4)]
    assert hand["awards"] is None and hand["recorded_awards"] == {"3": 85}


def test_unreadable_action_by_the_seat_due_counts_as_its_turn_for_turn_order():
    st = table_state(session(ANTES + ["p1 check", "p3 dance"]))
    assert st["to_act"] == 4
    assert [f["kind"] for f in st["findings"]] == ["unreadable"]


def test_unreadable_line_after_the_award_changes_nothing():
    hand = play(CLEAN + ["p1 dance"])
    assert kinds(hand) == [("unreadable", 16)] and hand["awards"] == {"3": 85}


# ------------------------------------------------------------------ 2. input shapes
@pytest.mark.parametrize("bad", [{"p1": "check"}, ["p1", "check"], 7, None, True, 2.5])
def test_an_action_that_is_not_a_string_is_unreadable(bad):
    acts = ANTES + [bad, "p3 check", "p4 check"]
    hand = play(acts)
    assert ("unreadable", 3) in kinds(hand)
    assert [k for k, _ in kinds(hand) if k not in ("unreadable",)] == []


@pytest.mark.parametrize("hand", [
    {"button": 4, "actions": "p1 ante 5"},
    {"button": 4, "actions": ANTES, "stacks": [1, 2]},
    {"button": 4, "actions": ANTES, "stacks": {"1": "x"}},
    {"button": 4, "actions": ANTES, "rebuys": [5]},
    {"button": 4, "actions": ANTES, "rebuys": {"1": 2.5}},
    {"button": 4, "actions": ANTES, "rebuys": {"x": 5}},
    {"button": [4], "actions": ANTES},
    {"button": {"a": 1}, "actions": ANTES},
])
def test_wrong_shapes_inside_a_hand_are_unreadable_findings_not_crashes(hand):
    s = session([])
    s["hands"] = [hand]
    out = check(s)["hands"][0]
    assert "unreadable" in [f["kind"] for f in out["findings"]]


@pytest.mark.parametrize("bad", [{"players": [{"seat": 1, "stack": 5}], "hands": {"a": 1}},
                                 {"players": [{"seat": 1, "stack": 5}], "hands": [5]},
                                 {"players": {"seat": 1}}, {"players": [{"seat": "1", "stack": 5}]},
                                 {"players": [{"seat": 1, "stack": 5.5}]},
                                 {"players": [{"seat": 1, "stack": 5}], "rules": 5},
                                 {"players": [{"seat": 1, "stack": 5}], "rules": ["jackpots"]},
                                 {"players": [{"seat": 1, "stack": 5}],
                                  "rules": {"preset": "jackpots", "ante": "x"}}])
def test_unreadable_session_shapes_raise_session_error(bad):
    with pytest.raises(SessionError):
        check(bad)


def test_a_button_not_at_the_table_is_one_unreadable_finding():
    s = session(ANTES, button=7)
    found = [f["kind"] for f in check(s)["hands"][0]["findings"]]
    assert found.count("unreadable") == 1


def test_phh_actions_not_a_list_exits_2_with_one_line(tmp_path):
    path = tmp_path / "bad.phh"
    path.write_text('variant = "N2L1D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
                    'min_bet = 2\nstarting_stacks = [100, 100]\nactions = 5\n')
    res = subprocess.run([sys.executable, "-m", "referee", "check", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 2 and res.stdout == "" and res.stderr.count("\n") == 1
    assert "Traceback" not in res.stderr


# ------------------------------------------------------------------ 9. missing awards
def test_a_decided_hand_without_any_award_line_is_a_wrong_award_at_the_last_action():
    # CONTRACT.md 4: wrong_award "at the hand's last action when an award is missing"
    hand = play(CLEAN[:-1])
    assert kinds(hand) == [("wrong_award", 14)] and hand["awards"] == {"3": 85}


def test_a_hand_marked_without_recorded_awards_is_not_compared():
    s = session(CLEAN[:-1])
    s["hands"][0]["awards_recorded"] = False
    hand = check(s)["hands"][0]
    assert kinds(hand) == [] and hand["awards"] == {"3": 85}


def test_a_passed_out_hand_needs_no_award_line():
    hand = play(ANTES + ["p1 check", "p3 check", "p4 check"])
    assert [k for k, _ in kinds(hand)] == ["passed_out"]


# ------------------------------------------------------------------ 3. card accounting
CLASICO = {"preset": "clasico", "ante": 5, "betting": "no_limit", "min_bet": 10}
FOUR = {1: 200, 2: 200, 3: 200, 4: 200}
CLASICO_DRAW = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p2 open 10",
                "p3 call", "p4 fold", "p1 fold", "p2 draw 2"]


def test_a_served_card_outside_the_stripped_deck_is_card_not_in_deck_at_the_serve():
    # seed 001: four players play 7 to ace; a 2 cannot be served, nor a joker
    hand = play(CLASICO_DRAW + ["d serve p2 2cAs", "p3 draw 1", "d serve p3 Jk"],
                rules=CLASICO, stacks=FOUR)
    assert ("card_not_in_deck", 10) in kinds(hand) and ("card_not_in_deck", 12) in kinds(hand)
    assert [k for k, _ in kinds(hand)].count("card_not_in_deck") == 2


def test_the_same_card_served_twice_in_one_serve_is_a_duplicate():
    acts = ANTES + ["d deal p1 AsAdKs7h8h", "p1 open 10", "p3 call", "p4 fold", "p1 draw 2 7h8h",
                    "d serve p1 QcQc"]
    assert kinds(play(acts)) .count(("duplicate_card", 8)) == 1


def test_a_card_served_that_the_seat_was_dealt_is_a_duplicate():
    acts = ANTES + ["d deal p1 AsAdKs7h8h", "p1 open 10", "p3 call", "p4 fold", "p1 draw 2 7h8h",
                    "d serve p1 AsQc"]
    assert ("duplicate_card", 8) in kinds(play(acts))


def test_the_same_card_twice_in_one_deal_is_a_duplicate():
    acts = ANTES + ["d deal p1 AsAsKs7h8h"]
    assert kinds(play(acts)) == [("duplicate_card", 3)]


def test_a_discard_served_while_the_stub_still_has_cards_is_a_duplicate():
    # 52 cards, 3 players: 37 in the stub; nobody's discards are shuffled back yet
    acts = ANTES + ["d deal p1 AsAdKs7h8h", "p1 open 10", "p3 call", "p4 fold",
                    "p1 draw 3 Ks7h8h", "p3 draw 1", "d serve p3 Ks"]
    assert ("duplicate_card", 9) in kinds(play(acts))


def test_showing_a_card_the_seat_discarded_is_not_the_hand_held():
    """RRoP section 4: cards speak for the hand held; the one 7h was thrown, so the show
    is not the seat's hand (dead), not a duplicate (RRoP section 13 needs two cards)."""
    acts = ANTES + ["d deal p1 AsAdKs7h8h", "p1 open 10", "p3 call", "p4 fold",
                    "p1 draw 3 Ks7h8h", "p3 draw 1", "p1 bet 20", "p3 call",
                    "p1 show AsAd7h2c3c", "p3 show 4s4d5c6hKd"]
    found = kinds(play(acts))
    assert ("wrong_card_count", 11) in found and not any(k == "duplicate_card"
                                                         for k, _ in found)


def test_discarding_a_card_the_seat_was_not_dealt_is_a_wrong_card_count():
    acts = ANTES + ["d deal p1 AsAdKs7h8h", "p1 open 10", "p3 call", "p4 fold",
                    "p1 draw 3 Ks7h9h", "p3 draw 1"]
    found = [f for f in play(acts)["findings"] if f["kind"] == "wrong_card_count"]
    assert [(f["action"], f["seat"]) for f in found] == [(7, 1)]
    assert "9h" in found[0]["message"] and "not dealt" in found[0]["message"]


# ------------------------------------------------------------------ 10. duplicate ruling
def test_duplicate_card_voids_the_hand_and_returns_the_chips_robert_rules():
    # RRoP Irregularities: "all action is void, and all chips in the pot are returned to
    # the players who put them in"
    rules = {"preset": "pocker", "ante": 10, "betting": "no_limit", "min_bet": 10}
    acts = ["p1 ante 10", "p2 ante 10", "p3 ante 10", "p2 open 20", "p1 call", "p3 fold",
            "p2 draw 0", "p1 draw 0", "p2 check", "p1 check", "p2 show KsKdKhJk2s",
            "p1 show KcKd2c2h3d", "d award p2 70"]
    hand = play(acts, rules=rules, stacks={1: 300, 2: 300, 3: 300}, button=3)
    assert ("duplicate_card", 11) in kinds(hand) and ("wrong_award", 12) in kinds(hand)
    assert hand["awards"] == {"1": 30, "2": 30, "3": 10} and hand["carried"] == 0
    assert hand["stacks"] == {"1": 300, "2": 300, "3": 300}
    assert "all chips in the pot are returned" in hand["findings"][0]["rule"]


# ------------------------------------------------------------------ 4. short all-ins
def test_short_all_ins_adding_up_to_a_full_raise_reopen_the_betting_tda_47():
    # bet 50; all in to 75 (25 more), all in to 110 (35 more): 60 in all over seat 1's 50,
    # at least the last full raise (50), so seat 1 may raise again
    stacks = {1: 1000, 2: 1000, 3: 80, 4: 115}
    antes = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5"]
    acts = antes + ["p1 bet 50", "p2 call", "p3 allin", "p4 allin"]
    st = table_state(session(acts, rules=NO_LIMIT, stacks=stacks))
    assert "raise" in {l["verb"] for l in st["legal"]}
    hand = play(acts + ["p1 raise 300"], rules=NO_LIMIT, stacks=stacks)
    assert "not_reopened" not in [k for k, _ in kinds(hand)]
    # one short all-in alone still does not reopen it
    hand = play(antes + ["p1 bet 50", "p2 call", "p3 allin", "p4 call", "p1 raise 300"],
                rules=NO_LIMIT, stacks=stacks)
    assert ("not_reopened", 8) in kinds(hand)


# ------------------------------------------------------------------ 5. never dealt in
def test_a_seat_never_dealt_in_that_shows_is_not_in_hand_and_wins_nothing():
    acts = ["p1 ante 5", "p3 ante 5", "p1 check", "p3 open 10", "p1 call", "p1 draw 1",
            "p3 draw 1", "p3 check", "p1 check", "p3 show JsJd2c3c4c", "p1 show 5s5d6c7c8c",
            "p4 show AsAdAcKsKd", "d award p3 30"]
    hand = play(acts)
    assert kinds(hand) == [("not_in_hand", 11)]
    assert hand["awards"] == {"3": 30} and hand["stacks"]["4"] == 500


# ------------------------------------------------------------------ 6. out of turn, check
def test_a_seat_skipped_by_a_bet_out_of_turn_may_still_check_tda_53():
    stacks = {1: 500, 2: 500, 3: 500, 4: 500}
    acts = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5", "p3 bet 10", "p1 check",
            "p2 call", "p4 call", "p1 call"]
    hand = play(acts, rules=NO_LIMIT, stacks=stacks)
    assert [k for k, _ in kinds(hand) if k != "incomplete_hand"] == ["out_of_turn"]
    # a seat not skipped (after the bet) may not
    hand = play(acts[:7] + ["p4 check"], rules=NO_LIMIT, stacks=stacks)
    assert ("illegal_check", 7) in kinds(hand)


# ------------------------------------------------------------------ 7. undecided hands
def test_a_log_stopping_after_the_final_call_is_incomplete_and_keeps_its_chips():
    acts = CLEAN[:13]  # ... p3 bet 20, p4 fold, p1 call: nobody shows, nothing pushed
    s = session(acts)
    s["hands"].append({"actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5"]})
    first, second = check(s)["hands"]
    assert kinds(first) == [("incomplete_hand", 12)] and first["awards"] is None
    assert sum(first["stacks"].values()) + first["carried"] == 1500
    assert first["stacks"] == {"1": 500, "3": 500, "4": 500}  # nothing pushed: chips go back
    assert sum(second["stacks"].values()) + second["carried"] == 1500


def test_pocker_checkdown_without_a_show_is_incomplete():
    rules = {"preset": "pocker", "ante": 10, "min_bet": 10}
    acts = ["p1 ante 10", "p2 ante 10", "p3 ante 10", "d deal p2 QsQd7c5h2s", "p2 open 20",
            "p1 call", "p3 fold", "p2 draw 3", "p1 draw 2", "p2 check", "p1 check"]
    hand = play(acts, rules=rules, stacks={1: 300, 2: 300, 3: 300}, button=3)
    assert kinds(hand) == [("incomplete_hand", 10)] and hand["awards"] is None
    # nothing pushed: the chips go back to who put them in, none vanish
    assert hand["stacks"] == {"1": 300, "2": 300, "3": 300} and hand["carried"] == 0


# ------------------------------------------------------------------ 8. after the hand
def test_an_action_after_the_award_is_one_finding_and_changes_nothing():
    hand = play(CLEAN + ["p1 raise 40"])
    assert kinds(hand) == [("not_in_hand", 16)] and hand["awards"] == {"3": 85}
    hand = play(CLEAN + ["p1 raise 40", "p4 call"])
    assert kinds(hand) == [("not_in_hand", 16), ("not_in_hand", 17)]


# ------------------------------------------------------------------ 11. one cause once
def test_a_missing_side_pot_line_is_a_wrong_award_only():
    stacks = {1: 100, 2: 300, 5: 300, 6: 40}
    acts = ["p1 ante 5", "p2 ante 5", "p5 ante 5", "p6 ante 5",
            "p1 bet 20", "p2 call", "p5 call", "p6 allin", "p1 call", "p2 call", "p5 call",
            "p1 draw 2", "p2 draw 1", "p5 draw 3", "p6 draw 0", "p1 allin", "p2 call", "p5 call",
            "p1 show QsQdQc5s2d", "p2 show 8s8d4c4d2c", "p5 show AsAdTcTh7c",
            "p6 show KhJh9h6h3h", "d award p6 160"]
    assert kinds(play(acts, rules=NO_LIMIT, stacks=stacks, button=6)) == [("wrong_award", 22)]


def test_a_bet_when_everyone_is_all_in_is_one_finding():
    acts = ANTES + ["p1 allin", "p3 allin", "p4 allin", "p1 bet 10"]
    hand = play(acts, rules=NO_LIMIT, stacks={1: 100, 3: 100, 4: 100})
    assert [k for k, _ in kinds(hand) if k != "incomplete_hand"] == ["out_of_turn"]


def test_drawing_more_than_a_hand_is_a_draw_limit_only():
    hand = play(ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 call", "p1 draw 99"])
    assert [k for k, _ in kinds(hand) if k != "incomplete_hand"] == ["draw_limit"]


# ------------------------------------------------------------------ 12. messages
def test_a_short_serve_counts_the_cards_held():
    acts = ANTES + ["p1 open 10", "p3 call", "p4 fold", "p1 draw 3", "d serve p1 2"]
    found = [f for f in play(acts)["findings"] if f["kind"] == "wrong_card_count"]
    assert "served 2: 4 cards" in found[0]["message"]


def test_a_bad_draw_count_speaks_of_cards_not_chips():
    hand = play(ANTES + ["p1 draw x"])
    assert "whole number of cards" in hand["findings"][0]["message"]


def test_only_ascii_digits_are_numbers():
    hand = play(ANTES + ["p1 bet \u0661\u0660"])
    assert kinds(hand) == [("unreadable", 3)]


def test_text_format_prints_seats_and_chips_not_python_dicts(tmp_path):
    path = tmp_path / "s.json"
    path.write_text(json.dumps(session(CLEAN)))
    res = subprocess.run([sys.executable, "-m", "referee", "check", str(path), "--format", "text"],
                         capture_output=True, text=True, cwd=ROOT)
    assert "P3: 85" in res.stdout and "P1: 465" in res.stdout   # (the players by name)
    assert "{" not in res.stdout and "'" not in res.stdout.split("rule:")[0]


def test_a_check_logged_during_the_draw_is_named_a_check():
    acts = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 call", "p1 draw 3", "p3 check"]
    found = [f["message"] for f in play(acts)["findings"] if f["kind"] == "out_of_turn"]
    assert found == ["seat 3 checked during the draw, before drawing"]


# ------------------------------------------------------------------ 13. blinds by the pot
def test_internacional_blind_is_double_the_pot_and_the_contra_four_times_seed_002():
    # seed 002: "un valor doble de lo que ya se encuentra"; "cuatro veces el bote"
    rules = {"preset": "internacional", "ante": 5, "small_bet": 10, "big_bet": 20}
    stacks = {1: 500, 2: 500, 3: 500, 4: 500}
    antes = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p4 ante 5"]
    hand = play(antes + ["p1 blind 40", "p2 straddle 80", "p3 fold", "p4 fold", "p1 fold",
                         "d award p2 140"], rules=rules, stacks=stacks)
    assert kinds(hand) == []
    hand = play(antes + ["p1 blind 10"], rules=rules, stacks=stacks)
    assert ("blind_irregular", 4) in kinds(hand)


def test_an_unreadable_dealer_line_that_may_be_an_award_leaves_the_pushes_unjudged():
    acts = CLEAN[:-1] + ["d awrd p3 85"]
    hand = play(acts)
    assert kinds(hand) == [("unreadable", 15)] and hand["awards"] == {"3": 85}


def test_a_seat_with_no_chips_is_not_dealt_in_and_its_line_is_not_in_hand():
    # table stakes (Robert's Rules of Poker, section 3): a seat that starts the hand with no
    # chips is not dealt in, so it is never due to act and nobody acts "out of turn" before it
    acts = ["p1 ante 1", "p6 ante 1", "p1 check", "p6 open 2", "p1 call", "p4 call",
            "p1 draw 2", "p6 draw 1", "p6 check", "p1 check",
            "p6 show AsAhAdKsKh", "p1 show 2c3c4c5c7d", "d award p6 6"]
    rules = {"preset": "jackpots", "ante": 1, "small_bet": 2, "big_bet": 4}
    hand = play(acts, rules=rules, stacks={1: 300, 4: 0, 6: 100}, button=6)
    assert kinds(hand) == [("not_in_hand", 5)]
    assert hand["awards"] == {"6": 6} and hand["stacks"] == {"1": 297, "4": 0, "6": 103}


# --- lines logged after the hand was decided (found by a tester) ---------------------------

_JACKPOTS3 = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
              "players": [{"seat": s, "stack": 100} for s in (1, 2, 3)]}
_TAKEN = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 fold", "p3 fold",
          "p1 show JsJd4c3h2s", "d award p1 25"]


@pytest.mark.parametrize("late", ["p2 show JsJd4c3h2s", "d serve p1 1"])
def test_a_line_after_the_pot_was_pushed_leaves_the_result_standing(late):
    """RRoP section 3: once the pot is pushed the hand is over. A clashing show or a stray
    serve afterwards is one warning; the award stands (no void, nothing carried)."""
    session = dict(_JACKPOTS3, hands=[{"button": 3, "actions": _TAKEN + [late]}])
    hand = referee.check(session)["hands"][0]
    assert hand["awards"] == {"1": 25} and hand["carried"] == 0
    assert hand["stacks"] == {"1": 110, "2": 95, "3": 95}
    assert [(f["action"], f["severity"]) for f in hand["findings"]] == [(8, "warning")]


def test_a_second_different_show_by_the_same_seat_is_a_finding():
    actions = ["p1 ante 5", "p2 ante 5", "d deal p1 JsJd4c3h2s", "d deal p2 KsQd9c8h7s",
               "p1 open 10", "p2 call", "p1 draw 3 4c3h2s", "d serve p1 5c6h8d", "p2 draw 1 7s",
               "d serve p2 Ah", "p1 check", "p2 check", "p1 show JsJd5c6h8d",
               "p2 show KsQd9c8hAh", "p1 show KsQd9c8hAh", "d award p1 30"]
    session = {"rules": _JACKPOTS3["rules"], "players": _JACKPOTS3["players"][:2],
               "hands": [{"button": 2, "actions": actions}]}
    hand = referee.check(session)["hands"][0]
    assert [(f["kind"], f["action"]) for f in hand["findings"]] == [("wrong_card_count", 14)]
    assert hand["awards"] == {"1": 30}  # the first hand shown stands


_HEADS_UP = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
             "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}]}
_DEALT = ["p1 ante 5", "p2 ante 5", "d deal p1 JsJd4c3h2s", "d deal p2 QsQd9c8h7s",
          "p1 open 10", "p2 call"]


@pytest.mark.parametrize("draws, shown", [
    (["p1 draw 0", "d serve p1 0", "p2 draw 0", "d serve p2 0"], "AcAd4c3h2s"),  # never held
    (["p1 draw 3 4c3h2s", "d serve p1 5h6h7h", "p2 draw 0", "d serve p2 0"], "JsJd5h6h8h"),
    (["p1 draw 3 4c3h2s", "d serve p1 5h6h7h", "p2 draw 0", "d serve p2 0"], "JsJd4c3h2s"),  # discards
])
def test_a_shown_hand_must_be_the_hand_the_seat_holds(draws, shown):
    """RRoP section 4 (cards speak for the hand held): a show without a card the seat is
    recorded as holding is not its hand: wrong_card_count, the hand is dead, the other
    hand wins (no void: it is the show that is wrong, not the deck)."""
    actions = _DEALT + draws + ["p1 check", "p2 check", f"p1 show {shown}",
                                "p2 show QsQd9c8h7s", "d award p2 30"]
    hand = referee.check(dict(_HEADS_UP, hands=[{"button": 2, "actions": actions}]),
                         )["hands"][0]
    assert [(f["kind"], f["seat"]) for f in hand["findings"]] == [("wrong_card_count", 1)]
    assert hand["awards"] == {"2": 30} and hand["stacks"] == {"1": 85, "2": 115}


def test_the_hand_held_shown_in_another_order_is_fine():
    actions = _DEALT + ["p1 draw 3 4c3h2s", "d serve p1 5h6h7h", "p2 draw 0", "d serve p2 0",
                        "p1 check", "p2 check", "p1 show 7h6h5hJdJs", "p2 show QsQd9c8h7s",
                        "d award p2 30"]
    hand = referee.check(dict(_HEADS_UP, hands=[{"button": 2, "actions": actions}]),
                         )["hands"][0]
    assert hand["findings"] == [] and hand["awards"] == {"2": 30}
