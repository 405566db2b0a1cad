"""Irregular logs: unreadable actions, bad input shapes, card accounting, and one cause
reported once (CONTRACT.md sections 2, 4 and 5; the rulings of issue 3's review)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from referee import SessionError, check, table_state

ROOT = Path(__file__).resolve().parents[1]
JACKPOTS = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
NO_LIMIT = {"preset": "basico", "ante": 5, "betting": "no_limit", "min_bet": 10}
ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
# a clean jackpots hand: seat 3 opens, wins at showdown with jacks up; 85 pushed
CLEAN = ANTES + ["p1 check", "p3 open 10", "p4 call", "p1 call", "p1 draw 3", "p3 draw 3",
                 "p4 draw 1", "p3 bet 20", "p4 fold", "p1 call", "p3 show JhJd8c8s3d",
                 "p1 show 9s9d5c4h2s", "d award p3 85"]


def session(actions, rules=JACKPOTS, stacks=None, button=None):
    stacks = stacks or {1: 500, 3: 500, 4: 500}
    return {"rules": rules,
            "players": [{"seat": s, "name": f"P{s}", "stack": c} for s, c in stacks.items()],
            "hands": [{"button": button if button is not None else max(stacks), "actions": actions}]}


def play(actions, **kw):
    return check(session(actions, **kw))["hands"][0]


def kinds(hand):
    return [(f["kind"], f["action"]) for f in hand["findings"]]


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
