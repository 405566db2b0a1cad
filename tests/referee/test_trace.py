"""``referee.trace``: the state after each action of a hand, in agreement with
``referee.check`` (the same findings, each at exactly one step; the ruling on the last step
of a decided hand), chips conserved at every step, one replay stepped once per action."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
from handgen import hands_strategy
from hypothesis import given, settings
from hypothesis import strategies as st
from paths import SHARED
from walkgen import walk_session

import referee
from referee.hand import HandStart
from referee.replay import HandReplay
from referee.rules import resolve_rules

SHARED = SHARED
CASES = sorted(p for p in (SHARED / "cases").glob("*.json") if not p.name.endswith(".expect.json"))
JACKPOTS = resolve_rules("jackpots", ante=5, small_bet=10, big_bet=20)


def _key(finding: dict) -> str:
    return json.dumps(finding, sort_keys=True)


def _agrees_with_check(session: dict) -> int:
    """Trace every hand of ``session`` and compare with its check; returns the hands."""
    checked = referee.check(session)["hands"]
    for hand in checked:
        t = referee.trace_session(session, hand["hand"])
        assert t["result"] == hand
        steps = t["steps"]
        assert [s["index"] for s in steps] == list(range(len(steps)))
        # every finding of the check at exactly one place: its action's step, or loose
        placed = [f for s in steps for f in s["findings"]] + t["findings_without_action"]
        assert Counter(map(_key, placed)) == Counter(map(_key, hand["findings"]))
        for s in steps:
            assert all(f["action"] == s["index"] for f in s["findings"])
        assert all(f["action"] is None for f in t["findings_without_action"])
        if steps and steps[-1]["ruled"]:
            assert steps[-1]["stacks"] == hand["stacks"]
            assert steps[-1]["pots"] == hand["pots"]
            assert steps[-1]["pot"] == hand["carried"]
        assert not any(s["ruled"] for s in steps[:-1])
    return len(checked)


def _conserved(session: dict) -> None:
    """At every step of every hand: chips behind plus the middle = what was there at the
    start of the hand (stacks plus the carried pot)."""
    for hand in referee.check(session)["hands"]:
        t = referee.trace_session(session, hand["hand"])
        at_start = sum(t["start"]["stacks"].values()) + t["start"]["carried"]
        for s in t["steps"]:
            assert sum(s["stacks"].values()) + s["pot"] == at_start, (hand["hand"], s["index"])


@pytest.mark.parametrize("case", CASES, ids=[p.stem for p in CASES])
def test_trace_agrees_with_check_on_the_worked_cases(case: Path):
    assert _agrees_with_check(json.loads(case.read_text())) >= 1


def test_there_are_worked_cases():
    assert len(CASES) >= 9


@pytest.mark.parametrize("seed", range(12))
def test_trace_agrees_with_check_on_random_walks(seed: int):
    session = walk_session(seed)
    assert _agrees_with_check(session) >= 1
    _conserved(session)


@pytest.mark.parametrize("push", ["d award p1 999", "d award p1 20", "d award p3 40"])
def test_chips_are_conserved_at_every_step_even_when_the_pushes_pass_the_pot(push):
    """Issue 24 (CONTRACT.md 4: "recorded awards credit at most what the pot holds"): a
    hand checked down to a showdown where no hand was shown is ruled as the dealer pushed
    (the cards that decide were never recorded); its last step's stacks hold no chip that
    was not in the pot of 35."""
    actions = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 open 10", "p3 call", "p4 fold",
               "p1 draw 0", "p3 draw 0", "p1 check", "p3 check", push]
    session = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
               "players": [{"seat": s, "stack": 100} for s in (1, 3, 4)],
               "hands": [{"button": 4, "actions": actions}]}
    (hand,) = referee.check(session)["hands"]
    assert hand["awards"] is None and hand["pots"] == [{"amount": 35, "seats": [1, 3]}]
    assert referee.trace_session(session, 1)["steps"][-1]["ruled"]
    _conserved(session)


@pytest.mark.slow
@settings(max_examples=60)
@given(st.integers(min_value=0, max_value=10**6))
def test_chips_are_conserved_at_every_step_of_a_walk(seed: int):
    _conserved(walk_session(seed))


@settings(max_examples=40)
@given(hands_strategy())
def test_chips_are_conserved_at_every_step_of_a_pokerkit_hand(hand):
    _conserved(hand.session)
    _agrees_with_check(hand.session)


def test_due_and_actor_on_an_action_out_of_turn():
    start = HandStart(rules=JACKPOTS, button=4, stacks={1: 100, 3: 100, 4: 100})
    t = referee.trace(start, ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p3 open 10", "p1 check",
                              "p4 call", "p1 call"])
    oot = t["steps"][3]
    assert (oot["actor"], oot["due"], oot["next_due"]) == (3, 1, 1)
    assert [(f["kind"], f["details"]["due"]) for f in oot["findings"]] == [("out_of_turn", 1)]
    assert (oot["pot"], oot["bets"], oot["to_call"]) == (25, {"1": 0, "3": 10, "4": 0}, 10)
    assert oot["stacks"] == {"1": 95, "3": 85, "4": 95}
    # the action backs up to the seat due, which keeps the check it had (TDA 53)
    skipped = t["steps"][4]
    assert (skipped["actor"], skipped["due"], skipped["next_due"]) == (1, 1, 4)
    assert skipped["findings"] == [] and skipped["to_call"] == 10
    assert [(s["due"], s["next_due"]) for s in t["steps"][5:]] == [(4, 1), (1, 1)]
    assert t["steps"][0]["actor"] == 1 and t["steps"][0]["due"] == 1
    assert t["steps"][-1]["phase"] == "draw" and t["steps"][-1]["next_due"] == 1


def test_a_dealer_line_has_no_actor_and_cards_show_what_was_logged():
    start = HandStart(rules=JACKPOTS, button=2, stacks={1: 100, 2: 100})
    t = referee.trace(start, ["p1 ante 5", "p2 ante 5", "d deal p1 JsJd4c3h2s", "p1 open 10",
                              "p2 call", "p1 draw 1 2s", "d serve p1 9h", "p2 draw 0",
                              "p1 check", "p2 check", "p1 show JsJd4c3h9h", "p2 muck",
                              "d award p1 30"])
    deal, serve, show = t["steps"][2], t["steps"][6], t["steps"][10]
    assert deal["actor"] is None and deal["due"] == 1
    assert deal["cards"]["1"] == {"held": ["Js", "Jd", "4c", "3h", "2s"], "shown": None, "exposed": []}
    assert deal["cards"]["2"]["held"] == ["??"] * 5
    assert serve["cards"]["1"]["held"] == ["Js", "Jd", "4c", "3h", "9h"]
    assert show["cards"]["1"]["shown"] == ["Js", "Jd", "4c", "3h", "9h"]
    assert t["steps"][5]["phase"] == "draw" and t["steps"][8]["phase"] == "postdraw"
    last = t["steps"][-1]
    assert last["ruled"] and last["stacks"] == {"1": 115, "2": 85} and last["pot"] == 0
    assert last["pots"] == [{"amount": 30, "seats": [1]}] == t["result"]["pots"]
    assert t["start"] == {"stacks": {"1": 100, "2": 100}, "button": 2, "carried": 0,
                          "opening": "J"}


def test_findings_without_an_action_and_a_carried_pot_are_kept_apart():
    session = {"rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
               "players": [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}],
               "hands": [{"button": 2, "actions": ["p1 ante 5", "p2 ante 5", "p1 check",
                                                   "p2 check"]},
                         {"stacks": {"1": 90}, "actions": ["p1 ante 5", "p2 ante 5"]}]}
    first = referee.trace_session(session, 1)
    assert first["steps"][-1]["ruled"] and first["steps"][-1]["pot"] == 10
    assert [f["kind"] for f in first["steps"][-1]["findings"]] == ["passed_out"]
    second = referee.trace_session(session, 2)
    assert second["start"]["carried"] == 10 and second["start"]["stacks"] == {"1": 90, "2": 95}
    assert [f["kind"] for f in second["findings_without_action"]] == ["stack_mismatch"]
    assert second["steps"][-1]["pot"] == 20 and not second["steps"][-1]["ruled"]
    with pytest.raises(IndexError):
        referee.trace_session(session, 3)


def test_one_replay_stepped_once_per_action(monkeypatch):
    calls = Counter()
    real_step, real_init = HandReplay.step, HandReplay.__init__

    def step(self, i):
        calls["step"] += 1
        return real_step(self, i)

    def init(self, *args, **kwargs):
        calls["replay"] += 1
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(HandReplay, "step", step)
    monkeypatch.setattr(HandReplay, "__init__", init)
    start = HandStart(rules=JACKPOTS, button=4, stacks={1: 100, 3: 100, 4: 100})
    actions = ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 check", "p4 open 10",
               "p1 fold", "p3 call"]
    t = referee.trace(start, actions)
    assert len(t["steps"]) == len(actions)
    assert calls == {"replay": 1, "step": len(actions)}
