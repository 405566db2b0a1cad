"""Every finding kind carries the structured facts of its message in ``details``
(CONTRACT.md section 4: callers read details, never parse message), with the keys
``referee.findings.DETAILS`` documents for it."""

from __future__ import annotations

import json
import random

import pytest
from paths import SHARED
from replay_helpers import JACKPOTS, NO_LIMIT, play
from walkgen import mutate, walk_session

from referee import check
from referee.findings import DEFAULT_SEVERITY, DETAILS

SHARED = SHARED
ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
POCKER = {"preset": "pocker", "ante": 5}
POCKER_BLINDS = dict(POCKER, blind_with_jackpot=True)
"""Pocker with its blinds allowed beside the antes (seed 000 forbids them: issue 11)."""


def _two_hands(second: dict) -> dict:
    return {"rules": JACKPOTS, "players": [{"seat": 1, "stack": 100}, {"seat": 3, "stack": 100}],
            "hands": [{"button": 3, "actions": ["p1 ante 5", "p3 ante 5", "p1 check", "p3 check"]},
                      second]}


def _case(name: str) -> dict:
    return check(json.loads((SHARED / "cases" / f"{name}.json").read_text()))["hands"][0]


# kind -> [(the hand's check entry, the finding's action index, the details it must have)]
EXAMPLES = {
    "unreadable": [
        (lambda: play(ANTES + ["p1 dance"]), 3, {"line": "p1 dance", "reason": "unparsable"}),
        (lambda: play(["p2 ante 5"] + ANTES), 0,
         {"line": "p2 ante 5", "reason": "seat_not_at_table"}),
        (lambda: check(_two_hands({"rebuys": [1], "actions": []}))["hands"][1], None,
         {"line": None, "reason": "bad_field", "field": "rebuys"}),
        (lambda: check(dict(_two_hands({"actions": []}), cash_out={"1": "all"}))["night"], None,
         {"line": None, "reason": "bad_field", "field": "cash_out"}),
    ],
    "out_of_turn": [
        (lambda: play(ANTES + ["p3 open 10"]), 3, {"due": 1, "verb": "open"}),
        (lambda: play(ANTES + ["p1 open 10", "p3 call", "p4 call", "p3 draw 1"]), 6,
         {"due": 1, "verb": "draw"}),
    ],
    "not_in_hand": [
        (lambda: play(ANTES + ["p1 fold", "p1 check"]), 4, {"verb": "check", "reason": "folded"}),
    ],
    "illegal_check": [
        (lambda: play(ANTES + ["p1 open 10", "p3 check"]), 4, {"facing": 10, "to_call": 10}),
    ],
    "bet_too_small": [
        (lambda: play(ANTES + ["p1 open 5"]), 3,
         {"recorded": 5, "expected": 10, "reason": "fixed_limit"}),
        (lambda: play(ANTES + ["p1 bet 10", "p3 raise 15"], rules=NO_LIMIT), 4,
         {"recorded": 15, "minimum": 20, "raise_by": 5, "min_raise": 10, "reason": "min_raise"}),
    ],
    "bet_too_large": [
        (lambda: play(ANTES + ["p1 open 20"]), 3,
         {"recorded": 20, "expected": 10, "reason": "fixed_limit"}),
        (lambda: play(ANTES + ["p1 bet 600"], rules=NO_LIMIT), 3,
         {"recorded": 600, "maximum": 495, "reason": "stack"}),
    ],
    "raise_cap": [
        (lambda: play(ANTES + ["p1 open 10", "p3 raise 20", "p4 raise 30"],
                      rules=dict(JACKPOTS, raise_cap=1)), 5, {"raises": 2, "cap": 1}),
    ],
    "not_reopened": [
        (lambda: play(ANTES + ["p1 bet 20", "p3 call", "p4 allin", "p1 raise 70"], rules=NO_LIMIT,
                      stacks={1: 500, 3: 500, 4: 40}), 6,
         {"recorded": 70, "facing": 35, "reason": "short_allin", "raiser": 4}),
    ],
    "wrong_amount": [
        (lambda: play(ANTES + ["p1 open 10", "p3 call 15"]), 4,
         {"expected": 10, "recorded": 15, "reason": "call"}),
        (lambda: play(["p1 ante 3", "p3 ante 5", "p4 ante 5"]), 0,
         {"expected": 5, "recorded": 3, "reason": "ante"}),
    ],
    "missing_ante": [
        (lambda: play(["p1 ante 5", "p3 ante 5", "p1 check", "p3 check", "p4 check"]), 4,
         {"ante": 5}),
    ],
    "blind_irregular": [
        (lambda: play(ANTES + ["p1 blind 10"]), 3, {"reason": "not_allowed", "double": False}),
        (lambda: play(ANTES + ["p1 blind 10"], rules=POCKER_BLINDS), 3,
         {"reason": "wrong_seat", "due": 3, "double": False, "book": False}),
        (lambda: play(ANTES + ["p3 blind 7"], rules=POCKER_BLINDS), 3,
         {"reason": "wrong_size", "expected": 10, "recorded": 7, "double": False,
          "book": False}),
        (lambda: play(ANTES + ["p3 blind 10"], rules=POCKER), 3,
         {"reason": "jackpot", "double": False}),
        (lambda: play(["d deal p3 5", "p3 blind 4", "p1 call", "p4 call"],
                      rules={"preset": "pocker", "ante": 0, "opening": None}), 1,
         {"reason": "looked", "double": False}),
    ],
    "wrong_card_count": [
        (lambda: _case("six_cards_after_draw"), None,
         {"cards": 6, "drawn": 2, "served": 3, "reason": "served"}),
        (lambda: play(ANTES + ["d deal p1 4"]), 3, {"cards": 4, "reason": "dealt"}),
    ],
    "draw_limit": [
        (lambda: play(ANTES + ["p1 open 10", "p3 call", "p4 call", "p1 draw 4"],
                      rules=dict(JACKPOTS, max_draw=3)), 6, {"cards": 4, "max_draw": 3}),
    ],
    "duplicate_card": [
        (lambda: play(ANTES + ["d deal p1 AsKsQsJsTs", "d deal p3 As2d3d4d5d"]), 4,
         {"card": "As", "holder": 1, "reason": "seen_twice"}),
    ],
    "card_not_in_deck": [
        (lambda: play(ANTES + ["d deal p1 JkKsQsJsTs"]), 3, {"card": "Jk"}),
    ],
    "deck_exhausted": [
        (lambda: play(ANTES + ["d deal p1 JsJd4c3h2s", "p1 open 10", "p3 call", "p4 call",
                               "p1 draw 1 2s", "d serve p1 2s"]), 8,
         {"card": "2s", "reason": "own_discard"}),
    ],
    "unjustified_opening": [
        (lambda: _case("false_opener"), None,
         {"opening": "J", "source": "deal", "hand": ["Ts", "Td", "9c", "5h", "2s"]}),
    ],
    "openers_not_shown": [
        (lambda: play(ANTES + ["p1 open 10", "p3 fold", "p4 fold", "d award p1 25"]), 6,
         {"opening": "J", "reason": "took_pot"}),
    ],
    "showdown_order": [
        (lambda: play(ANTES + ["p1 open 10", "p3 call", "p4 fold", "p1 draw 0", "p3 draw 0",
                               "p1 bet 20", "p3 call", "p3 show 9s8d7c6h5s",
                               "p1 show JsJd4c3h2s"]), 10, {"due": 1}),
    ],
    "wrong_award": [
        (lambda: _case("split_pot_odd_chip"), None,
         {"expected": {"2": 43, "3": 42}, "recorded": {"2": 42, "3": 43},
          "reason": "odd_chip"}),
    ],
    "chips_not_conserved": [
        (lambda: play(ANTES + ["p1 open 10", "p3 fold", "p4 fold", "p1 show JsJd4c3h2s",
                               "d award p1 20"]), 7, {"recorded": 20, "pot": 25}),
        # issue 24: more pushed than the pot holds, on a hand that never finished
        (lambda: play(ANTES + ["d award p1 999999"]), 3,
         {"recorded": 999999, "pot": 15, "reason": "over_pot"}),
        # issue 24: a d move of more chips than the seat holds (seat 3: 495 after its ante)
        (lambda: play(ANTES + ["p1 open 10", "p3 fold", "p4 fold", "p1 show JsJd4c3h2s",
                               "d award p1 25", "d move p3 p1 600"]), 8,
         {"recorded": 600, "held": 495, "to": 1, "reason": "move"}),
    ],
    "incomplete_hand": [
        (lambda: play(ANTES + ["p1 check"]), 3,
         {"due": 3, "phase": "predraw", "reason": "log_ends"}),
    ],
    "stack_mismatch": [
        (lambda: check(_two_hands({"stacks": {"1": 1}, "actions": []}))["hands"][1], None,
         {"expected": 95, "recorded": 1}),
        (lambda: check(dict(_two_hands({"actions": []}), cash_out={"3": 90}))["night"], None,
         {"reason": "cash_out", "name": None, "recorded": 90, "expected": 95, "referee": 95,
          "difference": -5, "after": 2}),
    ],
    "chips_added_mid_hand": [
        (lambda: play(ANTES + ["p1 check", "p1 rebuy 50"]), 4, {"chips": 50}),
    ],
    "passed_out": [
        (lambda: play(ANTES + ["p1 check", "p3 check", "p4 check"]), 5,
         {"reason": "nobody_opened", "pot": 15}),
    ],
    "misdeal": [
        (lambda: play(ANTES + ["d misdeal"]), 3, {"returned": {"1": 5, "3": 5, "4": 5}}),
    ],
    "exposed_card": [
        (lambda: play(ANTES + ["d expose p3 Ah"]), 3, {"card": "Ah", "exposed": 1, "reason": "kept"}),
        (lambda: play(ANTES + ["d expose p3 Ah", "d expose p3 Kd"]), 4,
         {"card": "Kd", "exposed": 2, "reason": "second_misdeal", "returned": {"1": 5, "3": 5, "4": 5}}),
        (lambda: play(ANTES + ["p3 withdraw"]), 3, {"exposed": 0, "reason": "withdraw_not_allowed"}),
        (lambda: play(ANTES + ["d expose p3 Ah", "d expose p3 Kd", "d expose p3 Qc"],
                      rules=dict(JACKPOTS, double_exposure="withdraw")), 5,
         {"card": "Qc", "exposed": 3, "reason": "further"}),
    ],
    "sitout_irregular": [
        (lambda: play(["p1 ante 5", "p3 ante 5", "p3 sitout", "p4 ante 5"]), 2, {"reason": "after_ante"}),
        (lambda: play(["p1 ante 5", "p3 ante 5", "p4 ante 5", "d deal p3 5", "p3 sitout"]), 4,
         {"reason": "after_deal", "anted": True}),
        (lambda: play(ANTES + ["p1 open 10", "p3 sitout"]), 4, {"reason": "after_betting"}),
        (lambda: play(["p3 sitout", "p4 blind 5", "p1 blind 10"], rules=dict(NO_LIMIT, ante=0, small_blind=5,
                                                                            big_blind=10, blinds_allowed=True)),
         0, {"reason": "no_pot"}),
    ],
}

CASES = [(kind, n) for kind, examples in EXAMPLES.items() for n in range(len(examples))]


@pytest.mark.parametrize("kind,n", CASES, ids=[f"{k}-{n}" for k, n in CASES])
def test_the_finding_carries_the_facts_of_its_message(kind, n):
    build, action, want = EXAMPLES[kind][n]
    found = [f for f in build()["findings"] if f["kind"] == kind]
    if action is not None:
        found = [f for f in found if f["action"] == action]
    assert found, f"no {kind} finding"
    assert found[0]["details"] == want
    assert set(want) <= set(DETAILS[kind])


def test_every_kind_has_an_example_and_documented_keys():
    assert set(EXAMPLES) == set(DEFAULT_SEVERITY)
    assert set(DETAILS) == set(DEFAULT_SEVERITY)
    for kind, keys in DETAILS.items():
        assert keys, kind
        assert all(isinstance(k, str) and isinstance(v, str) and v for k, v in keys.items())


def _keys_as_documented(hands: list[dict]) -> set[str]:
    seen = set()
    for hand in hands:
        for f in hand["findings"]:
            documented = DETAILS[f["kind"]]
            always = {k for k, v in documented.items() if not v.startswith("(some)")}
            assert set(f["details"]) <= set(documented), f
            assert always <= set(f["details"]), f
            json.dumps(f["details"])  # (JSON as it is)
            seen.add(f["kind"])
    return seen


@pytest.mark.slow
def test_details_keep_to_the_documented_keys_over_many_sessions():
    rng = random.Random(7)
    seen: set[str] = set()
    for example in EXAMPLES.values():
        for build, _, _ in example:
            seen |= _keys_as_documented([build()])
    for seed in range(40):
        walk = walk_session(seed)
        seen |= _keys_as_documented(check(walk)["hands"])
        for _ in range(3):
            seen |= _keys_as_documented(check(mutate(walk, rng))["hands"])
    assert seen == set(DEFAULT_SEVERITY)
