"""The chips on the table (issue 24; CONTRACT.md sections 2 and 4): pushes never credit
chips the pot did not hold, ``d move`` lines hand chips over at the table, and the figure
each seat physically holds, beside the referee's stacks, with why they differ.

CONTRACT.md 4: "recorded awards credit at most what the pot holds: the excess is
``chips_not_conserved`` at that award line, in every phase, finished or not" and "The chips
a player physically holds ("chips on the table") are the stacks plus, per hand, what the
dealer's pushes gave beyond the rules' awards (or minus what they withheld), plus the
``d move`` lines."
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from replay_helpers import JACKPOTS, kinds, play, session
from walkgen import walk_session

from referee import check, table_state
from referee.actions import ActionError, parse_action
from referee.check import check_main
from referee.chips_on_table import gap_from_json, gap_json, hand_gap, on_table
from referee.messages import action_sentence, sentence, table_difference
from referee.session import Carry

ANTES = ["p1 ante 5", "p3 ante 5", "p4 ante 5"]
WON_BY_1 = ANTES + ["p1 open 10", "p3 fold", "p4 fold", "p1 show JsJd4c3h2s"]
"""Seat 1 opens and the others fold: the rules give seat 1 the pot of 25."""
SHOWDOWN_35 = ["p1 ante 5", "p2 ante 5", "p3 ante 5", "p1 open 10", "p2 call", "p3 fold",
               "p1 draw 1", "p2 draw 2", "p1 check", "p2 check", "p1 show JsJd4c3h2s",
               "p2 show 9s9d4d3c2c"]
"""A pot of 35 shown down: the rules give it to seat 1 (jacks over nines)."""
THREE = {1: 300, 2: 300, 3: 300}


def _night(hands: list[dict], stacks=None, **extra) -> dict:
    stacks = stacks or {1: 100, 3: 100, 4: 100}
    return {"rules": JACKPOTS, "players": [{"seat": s, "name": f"P{s}", "stack": c}
                                           for s, c in stacks.items()],
            "hands": [dict(hands[0], button=max(stacks))] + hands[1:], **extra}


# ------------------------------------------------------------------ d move, as a line
def test_a_move_names_the_seat_that_hands_over_the_seat_that_takes_and_the_chips():
    a = parse_action("d move p3 p5 17")
    assert (a.actor, a.verb, a.seat, a.to, a.amount) == ("d", "move", 3, 5, 17)
    assert parse_action("d award p3 17").to is None


@pytest.mark.parametrize("line", ["d move p3 p3 17", "d move p3 17", "d move p3 p5",
                                  "d move p3 p5 -1", "d move p3 p5 1.5", "d move p3 x5 17",
                                  "d move p3 p5 17 18"])
def test_a_move_that_cannot_be_read_is_never_guessed_at(line):
    """CONTRACT.md 2: "Bad input ... is never guessed at"; a seat handing chips to itself
    is no move."""
    with pytest.raises(ActionError):
        parse_action(line)
    hand = play(WON_BY_1 + ["d award p1 25", line])
    assert kinds(hand) == [("unreadable", 8)]
    assert hand["chips_on_table"] == hand["stacks"] == {"1": 510, "3": 495, "4": 495}


@pytest.mark.parametrize("line", ["d move p2 p3 10", "d move p3 p2 10"])
def test_a_move_naming_a_seat_nobody_sits_in_is_unreadable(line):
    hand = play(WON_BY_1 + ["d award p1 25", line])
    (f,) = hand["findings"]
    assert (f["kind"], f["action"], f["details"]["reason"]) == ("unreadable", 8, "seat_not_at_table")
    assert f["seat"] == 2


def test_a_move_is_said_in_words_in_both_languages():
    a = {"actor": "d", "seat": 3, "to": 5, "verb": "move", "amount": 17}
    assert action_sentence(a, "es", {3: "Pepe", 5: "Chema"}) == "Pepe entrega 17 fichas en la mesa; las recibe Chema"
    assert action_sentence(a, "en", {3: "Pepe", 5: "Chema"}) == "Pepe hands 17 chips to Chema at the table"
    assert action_sentence(a, "es") == "El asiento 3 entrega 17 fichas en la mesa; las recibe el asiento 5"


# ------------------------------------------------------------------ d move, its effect
def test_a_move_changes_the_chips_on_the_table_not_the_pots_the_stacks_or_the_betting():
    """CONTRACT.md 2: a ``d move`` "changes the chips on the table, not the pots", wherever
    it stands in the log."""
    clean = play(WON_BY_1 + ["d award p1 25"])
    assert "moves" not in clean   # (only a hand whose d move lines moved chips says what they moved)
    for at in (len(WON_BY_1) + 1, 3, 0):
        actions = WON_BY_1 + ["d award p1 25"]
        actions.insert(at, "d move p3 p4 20")
        hand = play(actions)
        assert hand["findings"] == [] and hand["pots"] == clean["pots"]
        assert hand["stacks"] == clean["stacks"] == {"1": 510, "3": 495, "4": 495}
        assert hand["chips_on_table"] == {"1": 510, "3": 475, "4": 515}
        assert hand["moves"] == [{"from": 3, "to": 4, "chips": 20}]
        assert hand["table_differences"] == {
            "3": [{"hand": 1, "reason": "moved", "chips": -20, "other": 4}],
            "4": [{"hand": 1, "reason": "moved", "chips": 20, "other": 3}]}


def test_a_move_of_more_chips_than_the_seat_holds_moves_only_what_it_holds():
    """No chip is conjured: seat 3 holds 495 after its ante; a move of 600 is
    ``chips_not_conserved`` at that line and hands over 495."""
    hand = play(WON_BY_1 + ["d award p1 25", "d move p3 p1 600", "d move p3 p4 1"])
    assert kinds(hand) == [("chips_not_conserved", 8), ("chips_not_conserved", 9)]
    first, second = (f["details"] for f in hand["findings"])
    assert first == {"recorded": 600, "held": 495, "to": 1, "reason": "move"}
    assert second == {"recorded": 1, "held": 0, "to": 4, "reason": "move"}
    assert hand["findings"][0]["severity"] == "error" and hand["findings"][0]["seat"] == 3
    assert hand["chips_on_table"] == {"1": 1005, "3": 0, "4": 495}
    assert sum(hand["chips_on_table"].values()) == 1500
    # what the lines moved (the store takes it off a ruling's moves): the second, nothing
    assert hand["moves"] == [{"from": 3, "to": 1, "chips": 495}]
    said = sentence(hand["findings"][0], "es", {1: "Ana", 3: "Bruno"})
    assert said == "Bruno entrega en la mesa 600 fichas para Ana, pero solo tiene 495: solo se entregan esas."


def test_a_move_counts_the_chips_a_wrong_push_gave_the_seat():
    """Seat 3 was pushed the pot of 25 the rules give seat 1: it holds 520 on the table
    (its stack 495), so the ruling settled at the table hands the 25 back with no finding,
    and the chips on the table are the stacks again."""
    hand = play(WON_BY_1 + ["d award p3 25", "d move p3 p1 25"])
    assert kinds(hand) == [("wrong_award", 7)]
    assert hand["stacks"] == hand["chips_on_table"] == {"1": 510, "3": 495, "4": 495}
    assert hand["table_differences"] == {}
    assert hand["moves"] == [{"from": 3, "to": 1, "chips": 25}]


# ------------------------------------------------------------------ pushes beyond the pot
def test_an_award_beyond_the_pot_of_an_unfinished_hand_credits_only_the_pot():
    """The issue's case: ``p1 ante 5``, ``p2 ante 5``, ``p3 ante 5``, ``d award p1
    999999``, end: ``chips_not_conserved`` (error) at the award line; seat 1 is credited
    the pot of 15, never 1,000,294 chips, and the next hand carries what was there."""
    s = session(["p1 ante 5", "p2 ante 5", "p3 ante 5", "d award p1 999999"], stacks=THREE)
    s["hands"].append({"actions": ["p1 ante 5", "p2 ante 5", "p3 ante 5"]})
    first, second = check(s)["hands"]
    assert [(f["kind"], f["action"], f["severity"]) for f in first["findings"]] == [
        ("incomplete_hand", 3, "warning"), ("chips_not_conserved", 3, "error")]
    assert first["findings"][1]["details"] == {"recorded": 999999, "pot": 15, "reason": "over_pot"}
    assert first["stacks"] == first["chips_on_table"] == {"1": 310, "2": 295, "3": 295}
    assert second["stacks"] == {"1": 310, "2": 295, "3": 295}
    assert first["recorded_awards"] == {"1": 999999}   # the line as logged


@pytest.mark.parametrize("finished", [True, False])
def test_forty_pushed_from_a_pot_of_35_credits_35_finished_or_not(finished):
    """The issue's second case: a pot of 35, ``d award p2 40``: 5 chips would be created.
    Finished (the rules give seat 1 the pot) or cut short before the showdown."""
    actions = SHOWDOWN_35 if finished else SHOWDOWN_35[:8]
    hand = play(actions + ["d award p2 40"], stacks=THREE)
    over = [f for f in hand["findings"] if f["kind"] == "chips_not_conserved"]
    assert [(f["action"], f["details"]) for f in over] == [
        (len(actions), {"recorded": 40, "pot": 35, "reason": "over_pot"})]
    assert sum(hand["stacks"].values()) + hand["carried"] == 900
    assert sum(hand["chips_on_table"].values()) == 900
    assert hand["chips_on_table"]["2"] == 300 - 15 + 35
    if finished:
        assert hand["stacks"] == {"1": 320, "2": 285, "3": 295}
        assert [f["kind"] for f in hand["findings"]] == ["chips_not_conserved", "wrong_award"]
        assert hand["table_differences"]["2"] == [{"hand": 1, "reason": "pushed", "chips": 35,
                                                   "other": None}]


def test_the_finding_is_at_the_award_line_that_passes_the_pot():
    """Two lines of 20 from a pot of 35: the first is within it, the second passes it
    (CONTRACT.md 4: "the excess is chips_not_conserved at that award line")."""
    hand = play(SHOWDOWN_35[:8] + ["d award p1 20", "d award p2 20"], stacks=THREE)
    assert [(f["kind"], f["action"]) for f in hand["findings"]
            if f["kind"] == "chips_not_conserved"] == [("chips_not_conserved", 9)]
    assert hand["stacks"]["1"] == 285 + 20 and hand["stacks"]["2"] == 285 + 15


def test_pushes_within_the_pot_are_judged_as_before():
    """A push short of the pot on a finished hand stays the miscount it was: at the first
    line that differs, the pot being pushed."""
    hand = play(WON_BY_1 + ["d award p1 20"])
    (f,) = hand["findings"]
    assert (f["kind"], f["action"], f["details"]) == ("chips_not_conserved", 7, {"recorded": 20, "pot": 25})
    assert hand["stacks"]["1"] == 510   # the rules' award: the dealer owes 5
    assert hand["chips_on_table"]["1"] == 505


def test_after_an_unreadable_line_the_pushes_stay_within_the_pot_unsaid():
    """CONTRACT.md 2: an unreadable player line is reported once; what it put in is
    unknown, so is the pot: no ``chips_not_conserved``, but nothing beyond the chips the log
    shows in the pot is credited (the session's chips still add up)."""
    hand = play(WON_BY_1[:4] + ["p3 dance", "p4 fold", "p1 show JsJd4c3h2s", "d award p1 999"])
    assert kinds(hand) == [("unreadable", 4)]
    assert sum(hand["stacks"].values()) + hand["carried"] == 1500


def test_the_tablet_sees_the_chips_on_the_table_beside_the_stacks():
    s = session(WON_BY_1 + ["d award p3 25"])
    view = table_state(s)
    assert view["chips_on_table"] == {"1": 485, "3": 520, "4": 495}
    assert view["stacks"] == {"1": 510, "3": 495, "4": 495}
    s["hands"].append({"actions": ["p1 ante 5"]})
    view = table_state(s)
    assert view["chips_on_table"] == {"1": 480, "3": 520, "4": 495}
    assert view["stacks"] == {"1": 505, "3": 495, "4": 495}


# ------------------------------------------------------------------ across hands
def test_a_wrong_push_stays_on_the_table_hand_after_hand_until_the_seat_leaves_or_is_stated():
    hands = [{"actions": WON_BY_1 + ["d award p3 25"]},
             {"actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 check", "p4 check"]},
             {"stacks": {"3": 525}, "actions": []}]
    entries = check(_night(hands))["hands"]
    assert entries[1]["table_differences"] == entries[0]["table_differences"] == {
        "1": [{"hand": 1, "reason": "pushed", "chips": -25, "other": None}],
        "3": [{"hand": 1, "reason": "pushed", "chips": 25, "other": None}]}
    assert entries[1]["chips_on_table"] == {"1": 80, "3": 115, "4": 90}
    # hand 3 states seat 3's stack as it stands on the table: the referee plays on from it
    assert entries[2]["table_differences"] == {"1": entries[0]["table_differences"]["1"]}
    assert entries[2]["chips_on_table"] == {"1": 80, "3": 525, "4": 90}


def test_the_table_between_hands_keeps_the_differences_and_forgets_a_seat_that_left():
    gap = hand_gap({}, 4, {3: 17, 5: -17}, [])
    carry = Carry({3: 181, 5: 215}, gap=gap)
    again = Carry.from_dict(json.loads(json.dumps(carry.as_dict())))
    assert again.gap == gap and again.on_table() == {3: 198, 5: 198}
    assert "gap" not in Carry({3: 181}).as_dict()   # a table that agrees: the form it had
    assert Carry.from_dict({"stacks": {"3": 1}, "carried": 0, "step": 0, "button": None,
                            "last_outcome": None}).gap == {}
    left = carry.seated({3: 181, 7: 0})
    assert left.gap == {3: gap[3]} and left.on_table() == {3: 198, 7: 0}
    assert gap_from_json(gap_json(gap)) == gap
    assert on_table({3: 181, 5: 215, 7: 9}, gap) == {3: 198, 5: 198, 7: 9}


@pytest.mark.parametrize("item,es,en", [
    ({"hand": 4, "reason": "pushed", "chips": 17, "other": None},
     "+17: el bote de la mano 4 que se le entregó de más",
     "+17: the pot of hand 4, pushed to them beyond the rules"),
    ({"hand": 4, "reason": "pushed", "chips": -17, "other": None},
     "\u221217: el bote de la mano 4, que le dan las reglas y no se le entregó",
     "\u221217: the pot of hand 4, which the rules give them and the dealer did not push"),
    ({"hand": 6, "reason": "moved", "chips": -17, "other": 5},
     "\u221217: entregadas en la mesa en la mano 6; las recibió Chema",
     "\u221217: handed to Chema at the table in hand 6"),
    ({"hand": 6, "reason": "moved", "chips": 17, "other": 3},
     "+17: se las entregó el asiento 3 en la mesa en la mano 6",
     "+17: handed over by seat 3 at the table in hand 6"),
])
def test_why_the_figures_differ_is_said_in_words(item, es, en):
    """The issue: "the referee's own figure is shown beside it only where they differ, with
    the reason in words ("+17: el bote de la mano 4 que se le entregó de más")"."""
    assert table_difference(item, "es", {5: "Chema"}) == es
    assert table_difference(item, "en", {5: "Chema"}) == en


# ------------------------------------------------------------------ properties
_PROPERTY = settings(max_examples=40, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


def _bought(session: dict) -> list[int]:
    """The chips brought to the table by the start of each hand (the stacks and the rebuys
    up to it), hand by hand."""
    total = sum(p["stack"] for p in session["players"])
    seats = {str(p["seat"]) for p in session["players"]}
    out = []
    for hand in session["hands"]:
        rebuys = hand.get("rebuys")
        if isinstance(rebuys, dict):
            total += sum(c for seat, c in rebuys.items()
                         if str(seat) in seats and type(c) is int and c >= 0)
        out.append(total)
    return out


@pytest.mark.slow
@_PROPERTY
@given(seed=st.integers(0, 10_000), data=st.data())
def test_no_push_ever_puts_more_chips_in_the_stacks_than_were_bought(seed, data):
    """The referee's books always add up: over random nights with award lines of any size
    added anywhere (the issue's 10**25 among them), the stacks plus the pot carried are
    the chips bought, hand after hand, and every push beyond the pot is a
    ``chips_not_conserved`` at an award line."""
    s = copy.deepcopy(walk_session(seed))
    for hand in s["hands"]:
        s.pop("cash_out", None)
        hand.pop("stacks", None)   # (a stated stack is a count, not chips bought)
        if data.draw(st.booleans()):
            seat = data.draw(st.sampled_from([p["seat"] for p in s["players"]]))
            chips = data.draw(st.sampled_from([1, 40, 999999, 10**25]))
            at = data.draw(st.integers(0, len(hand["actions"])))
            hand["actions"].insert(at, f"d award p{seat} {chips}")
    bought = _bought(s)
    for entry in check(s)["hands"]:
        assert sum(entry["stacks"].values()) + entry["carried"] == bought[entry["hand"] - 1]
        lines = [a for i, a in enumerate(s["hands"][entry["hand"] - 1]["actions"])
                 if isinstance(a, str) and a.startswith("d award")]
        for f in entry["findings"]:
            if f["details"].get("reason") == "over_pot":
                assert s["hands"][entry["hand"] - 1]["actions"][f["action"]] in lines


def _wrong_pushes(session: dict, rng: random.Random, table: bool) -> tuple[int, dict[str, int]]:
    """Push the pot of some clean hands of ``session`` to another seat (in place); with
    ``table`` the ruling is settled at the table (``d move`` lines handing it back), else
    in money. Returns the number of hands pushed wrong and the ledger's adjustments by
    seat (the rules' awards less the pushes), which the close adds to each count."""
    adjustments: dict[str, int] = {}
    wrong = 0
    entries = check(session)["hands"]
    for hand, entry in zip(session["hands"], entries):
        awards = entry["awards"]
        if (not awards or entry["recorded_awards"] != awards or entry["findings"]
                or rng.random() < 0.2):
            continue
        pot = sum(awards.values())
        seats = [s for s in sorted(entry["stacks"], key=int) if awards.get(s, 0) != pot]
        if not seats:
            continue
        target = rng.choice(seats)
        wrong += 1
        hand["actions"] = [a for a in hand["actions"] if not a.startswith("d award")]
        hand["actions"].append(f"d award p{target} {pot}")
        for seat, chips in awards.items():
            if seat == target:
                continue
            if table:
                hand["actions"].append(f"d move p{target} p{seat} {chips}")
            else:
                adjustments[seat] = adjustments.get(seat, 0) + chips
                adjustments[target] = adjustments.get(target, 0) - chips
    return wrong, adjustments


@pytest.mark.slow
@_PROPERTY
@given(seed=st.integers(0, 10_000), table=st.booleans(), data=st.data())
def test_a_ruling_settled_at_the_table_or_in_money_counts_the_chips_once(seed, table, data):
    """The issue's property, as the referee sees it: random nights with wrong pushes, each
    ruling settled at the table (``d move``: the chips on the table change, the ledger
    does not) or in money (the chips stay, the ledger moves the difference). Counts equal
    to the chips on the table are no finding, and every net (count + adjustments -
    bought) is what the rules give (the referee's stack - bought): never both, never
    neither."""
    s = copy.deepcopy(walk_session(seed))
    for hand in s["hands"]:
        hand.pop("stacks", None)
    # (a walk's own irregular pushes, such as a carried pot pushed to a seat, are no
    # ruling's to settle: no seat is owed those chips)
    assume(not any(e["table_differences"] for e in check(s)["hands"]))
    wrong, adjustments = _wrong_pushes(s, random.Random(data.draw(st.integers(0, 99))), table)
    assume(wrong)
    last = check(s)["hands"][-1]
    counts = last["chips_on_table"]
    if table:
        assert counts == last["stacks"] and adjustments == {}
    # (a seat the pushes left short may go on to bet chips it no longer holds in a random
    # walk, which a real table cannot: its figure is then below 0, no count to make)
    s["cash_out"] = {seat: chips for seat, chips in counts.items() if chips >= 0}
    assert check(s)["night"]["findings"] == []
    for seat, stack in last["stacks"].items():
        assert counts[seat] + adjustments.get(seat, 0) == stack


def test_the_check_command_s_text_says_the_chips_on_the_table_where_they_differ(tmp_path, capsys):
    path = tmp_path / "night.json"
    path.write_text(json.dumps(session(WON_BY_1 + ["d award p3 25"])))
    assert check_main([str(path), "--format", "text", "--lang", "es"]) == 1
    lines = capsys.readouterr().out.splitlines()
    at = lines.index("  fichas en la mesa: P1: 485, P3: 520, P4: 495")
    assert lines[at - 1] == "  fichas tras la mano: P1: 510, P3: 495, P4: 495"
    assert lines[at + 1:at + 3] == [
        "    P1: \u221225: el bote de la mano 1, que le dan las reglas y no se le entregó",
        "    P3: +25: el bote de la mano 1 que se le entregó de más"]
    path.write_text(json.dumps(session(WON_BY_1 + ["d award p1 25"])))
    assert check_main([str(path), "--format", "text"]) == 0
    assert "chips on the table" not in capsys.readouterr().out
