"""The close of the night (issue 11): the chips counted at the cash-out against the stacks
the referee rules. A count that differs is a night finding (``referee.check``'s
``night``): ``stack_mismatch`` with reason ``cash_out``, who, how many, and the last hand
after which the seat's chips agreed with the referee.

Seed 002: "es aconsejable la institución de una caja y de un jugador-cajera para controlar
el cambio de dinero al comienzo del juego y durante las manos individuales".
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from walkgen import walk_session

from referee import check
from referee.citations import citation
from referee.count import Count, cash_out_findings

JACKPOTS = {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20}
SEATS = (1, 3, 4)


def won_by(seat: int, pushed_to: int | None = None) -> list[str]:
    """Antes of 5, ``seat`` opens 10, the others fold, openers shown; the dealer pushes
    the 25 to ``pushed_to`` (default the winner)."""
    acts = [f"p{s} ante 5" for s in SEATS] + [f"p{seat} open 10"]
    k = SEATS.index(seat)
    acts += [f"p{s} fold" for s in SEATS[k + 1:] + SEATS[:k]]
    return acts + [f"p{seat} show JsJd4c3h2s", f"d award p{pushed_to or seat} 25"]


PASSED = [f"p{s} ante 5" for s in SEATS] + [f"p{s} check" for s in (1, 3, 4)]


def night(hands: list[dict], cash_out=None, **extra) -> dict:
    session = {"format": "tapete/1", "rules": JACKPOTS,
               "players": [{"seat": 1, "name": "Ana", "stack": 100},
                           {"seat": 3, "name": "Bruno", "stack": 100},
                           {"seat": 4, "name": "Chus", "stack": 100}],
               "hands": [dict(hands[0], button=4)] + hands[1:], **extra}
    if cash_out is not None:
        session["cash_out"] = cash_out
    return session


def night_findings(session: dict) -> list[dict]:
    return check(session)["night"]["findings"]


def test_a_pot_pushed_to_the_wrong_seat_is_in_the_chips_on_the_table_and_counting_them_is_no_finding():
    """CONTRACT.md 4: "The chips a player physically holds ("chips on the table") are the
    stacks plus, per hand, what the dealer's pushes gave beyond the rules' awards ... A
    night's cash_out counts are compared with the chips on the table." Hand 2 is won by
    seat 3 but pushed to seat 1 (a ``wrong_award``); both count the chips as pushed: no
    finding, though each count differs from the referee's stack by the pot."""
    session = night([{"actions": won_by(1)}, {"actions": won_by(3, pushed_to=1)},
                     {"actions": won_by(4)}], cash_out={"1": 125, "3": 75, "4": 100})
    last = check(session)["hands"][-1]
    assert last["chips_on_table"] == {"1": 125, "3": 75, "4": 100}
    assert last["stacks"] == {"1": 100, "3": 100, "4": 100}
    assert night_findings(session) == []


def test_a_count_of_the_referee_s_stack_after_a_wrong_push_differs_from_the_chips_on_the_table():
    """The issue's night: the chips were handed back by hand at the table but no ``d move``
    says so. The count equal to the referee's stack is compared with the chips on the
    table (the pushes stand in the log): a finding, with the referee's stack beside the
    figure and the reason, hand by hand."""
    session = night([{"actions": won_by(1)}, {"actions": won_by(3, pushed_to=1)},
                     {"actions": won_by(4)}], cash_out={"1": 100, "3": 100, "4": 100})
    found = night_findings(session)
    assert [(f["kind"], f["seat"], f["severity"], f["action"]) for f in found] == [
        ("stack_mismatch", 1, "error", None), ("stack_mismatch", 3, "error", None)]
    ana, bruno = (f["details"] for f in found)
    assert ana == {"reason": "cash_out", "name": "Ana", "recorded": 100, "expected": 125,
                   "referee": 100, "difference": -25, "after": 3,
                   "table_differences": [{"hand": 2, "reason": "pushed", "chips": 25,
                                          "other": None}]}
    assert (bruno["expected"], bruno["referee"], bruno["difference"]) == (75, 100, 25)
    assert bruno["table_differences"] == [{"hand": 2, "reason": "pushed", "chips": -25,
                                           "other": None}]
    assert found[0]["rule"] == citation("stack_mismatch", "en", "cash_out")
    assert found[0]["rule"].startswith("«Póker» (“Poker”): «es aconsejable la institución de una caja y de "
                                       "un jugador-cajera")
    assert "chips on the table" in found[0]["rule"]
    assert "Ana" in found[0]["message"] and "chips on the table are 125" in found[0]["message"]


def test_a_wrong_push_handed_back_with_a_d_move_leaves_the_chips_on_the_table_at_the_stacks():
    """CONTRACT.md 2: ``d move pA pB A``: "after a hand, A chips handed from seat A to seat
    B at the table outside the betting (a ruling settled at the table); changes the chips
    on the table, not the pots". The ruling of hand 2 settled at the table: the counts
    equal to the referee's stacks are no finding; counts as pushed now are."""
    hands = [{"actions": won_by(1)}, {"actions": won_by(3, pushed_to=1) + ["d move p1 p3 25"]},
             {"actions": won_by(4)}]
    entries = check(night(hands))["hands"]
    assert entries[1]["findings"][-1]["kind"] == "wrong_award"   # the push stays wrong
    assert [e["chips_on_table"] for e in entries] == [e["stacks"] for e in entries]
    assert [e["table_differences"] for e in entries] == [{}, {}, {}]
    assert night_findings(night(hands, cash_out={"1": 100, "3": 100, "4": 100})) == []
    found = night_findings(night(hands, cash_out={"1": 125, "3": 75, "4": 100}))
    assert [(f["seat"], f["details"]["difference"], f["details"]["referee"]) for f in found] == [
        (1, 25, 100), (3, -25, 100)]
    assert "table_differences" not in found[0]["details"]


def test_counts_equal_to_the_referee_stacks_are_no_finding():
    session = night([{"actions": won_by(1)}, {"actions": won_by(3)}],
                    cash_out={"1": 105, "3": 105, "4": 90})
    assert check(session)["hands"][-1]["stacks"] == {"1": 105, "3": 105, "4": 90}
    assert night_findings(session) == []


def test_a_difference_no_push_explains_is_not_in_the_log():
    """The log's pushes are all right: the chips on the table are the stacks, and the
    difference arose outside the log (a miscount, chips handed over)."""
    session = night([{"actions": won_by(1)}, {"actions": won_by(3)}],
                    cash_out={"1": 100, "3": 110, "4": 90})
    found = night_findings(session)
    assert [(f["seat"], f["details"]["difference"]) for f in found] == [(1, -5), (3, 5)]
    assert all(f["details"]["referee"] == f["details"]["expected"]
               and "table_differences" not in f["details"] for f in found)
    assert all(f["message"].endswith("the difference is not in the log") for f in found)


def test_pushes_that_cancel_out_leave_the_chips_on_the_table_at_the_stack():
    """Hand 1 pushed 25 wrong to seat 1, hand 2 pushed 25 wrong back to seat 3: after hand
    2 both hold their stacks; hand 3 pushed wrong to seat 1 again: one difference, hand
    3's."""
    session = night([{"actions": won_by(3, pushed_to=1)}, {"actions": won_by(1, pushed_to=3)},
                     {"actions": won_by(4, pushed_to=1)}])
    entries = check(session)["hands"]
    assert entries[1]["table_differences"] == {}
    assert entries[2]["table_differences"] == {
        "1": [{"hand": 3, "reason": "pushed", "chips": 25, "other": None}],
        "4": [{"hand": 3, "reason": "pushed", "chips": -25, "other": None}]}
    pushed = {"1": 100 + 25 - 5 - 5 + 25 - 15, "3": 100 - 5 + 25 - 15 - 5, "4": 100 - 5 - 5 - 15}
    assert entries[2]["chips_on_table"] == pushed
    session["cash_out"] = pushed
    assert night_findings(session) == []


def test_a_rebuy_between_hands_is_in_the_expected_stack():
    """Seed 002: "existe la posibilidad de comprar nuevas fichas desde el cajón, entre una
    mano y la otra": the count includes the chips bought."""
    hands = [{"actions": won_by(1)}, {"rebuys": {"4": 50}, "actions": won_by(3)}]
    assert night_findings(night(hands, cash_out={"1": 105, "3": 105, "4": 140})) == []
    (forgot,) = night_findings(night(hands, cash_out={"1": 105, "3": 105, "4": 90}))
    assert forgot["seat"] == 4 and forgot["details"]["expected"] == 140
    assert forgot["details"]["difference"] == -50


def test_a_player_who_left_is_counted_against_the_chips_on_the_table_when_leaving():
    """A count ``{"chips", "after": K}`` is compared with the chips on the table after
    hand K, not at the end of the night."""
    hands = [{"actions": won_by(4)}, {"actions": won_by(1)}]
    session = night(hands, cash_out={"4": {"chips": 110, "after": 1}})
    assert check(session)["hands"][0]["chips_on_table"]["4"] == 110
    assert night_findings(session) == []
    (short,) = night_findings(night(hands, cash_out={"4": {"chips": 100, "after": 1}}))
    assert short["details"]["after"] == 1 and short["details"]["difference"] == -10
    (before,) = night_findings(night(hands, cash_out={"3": {"chips": 90, "after": 0}}))
    assert before["details"]["expected"] == before["details"]["referee"] == 100
    pushed = [{"actions": won_by(4, pushed_to=3)}, {"actions": won_by(1)}]
    assert night_findings(night(pushed, cash_out={"3": {"chips": 120, "after": 1}})) == []


def test_a_pot_carried_at_the_end_of_the_night_is_nobody_s_stack():
    """The last deal is passed out: the 15 chips stay in the middle; the counts add up to
    15 less than the chips bought, and each seat's count is its stack: no finding."""
    session = night([{"actions": won_by(1)}, {"actions": PASSED}],
                    cash_out={"1": 105, "3": 90, "4": 90})
    assert check(session)["hands"][-1]["carried"] == 15
    assert night_findings(session) == []


def test_a_stated_stack_is_a_count_from_which_the_chips_agree_again():
    """Hand 2 states seat 1's stack as the dealer pushed it after hand 1's wrong award:
    the referee starts hand 2 from it (``stack_mismatch`` at hand 2) and seat 1's chips on
    the table are its stack again; seat 3, not stated, still holds 25 fewer."""
    hands = [{"actions": won_by(3, pushed_to=1)}, {"stacks": {"1": 120}, "actions": won_by(4)}]
    entries = check(night(hands))["hands"]
    assert entries[0]["table_differences"].keys() == {"1", "3"}
    assert entries[1]["table_differences"].keys() == {"3"}
    assert entries[1]["chips_on_table"] == {"1": 115, "3": 80, "4": 105}
    assert entries[1]["stacks"] == {"1": 115, "3": 105, "4": 105}
    assert night_findings(night(hands, cash_out={"1": 115, "3": 80, "4": 105})) == []


def test_bad_counts_are_unreadable_findings_never_guessed_at():
    """CONTRACT.md 2: bad input is never guessed at (an ``unreadable`` finding)."""
    session = night([{"actions": won_by(1)}],
                    cash_out={"1": -5, "2": 10, "3": "lots", "4": {"chips": 95, "after": 7}})
    found = night_findings(session)
    assert [f["kind"] for f in found] == ["unreadable"] * 4
    assert all(f["details"] == {"line": None, "reason": "bad_field", "field": "cash_out"}
               for f in found)
    assert night_findings(night([{"actions": won_by(1)}], cash_out=[105]))[0]["kind"] == "unreadable"


def _run(tmp_path, session: dict, *args: str) -> subprocess.CompletedProcess:
    path = tmp_path / "night.json"
    path.write_text(json.dumps(session))
    return subprocess.run([sys.executable, "-m", "referee", "check", str(path), *args],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.slow
def test_the_check_command_exits_1_on_a_count_that_differs(tmp_path):
    hands = [{"actions": won_by(1)}, {"actions": won_by(3)}]
    right = _run(tmp_path, night(hands, cash_out={"1": 105, "3": 105, "4": 90}))
    assert right.returncode == 0, right.stderr
    assert json.loads(right.stdout)["night"] == {"findings": []}
    wrong = _run(tmp_path, night(hands, cash_out={"1": 105, "3": 125, "4": 90}))
    assert wrong.returncode == 1, wrong.stderr
    (f,) = json.loads(wrong.stdout)["night"]["findings"]
    assert f["seat"] == 3 and f["details"]["difference"] == 20
    text = _run(tmp_path, night(hands, cash_out={"1": 105, "3": 125, "4": 90}), "--format", "text")
    assert text.returncode == 1, text.stderr
    lines = text.stdout.splitlines()
    at = lines.index("night: error   stack mismatch: Bruno counted 125 chips at the cash-out "
                     "after hand 2; the chips on the table are 105 (difference: +20): the "
                     "difference is not in the log (count again?).")
    assert lines[at + 1] == "          rule: " + citation("stack_mismatch", "en", "cash_out")
    assert "«Póker» (“Poker”): «es aconsejable la institución de una caja" in lines[at + 1]
    spanish = _run(tmp_path, night(hands, cash_out={"1": 105, "3": 125, "4": 90}), "--format",
                   "text", "--lang", "es").stdout.splitlines()
    at = spanish.index("la noche: error   fichas distintas de las del árbitro: Bruno entregó 125 "
                       "fichas en la caja tras la mano 2; fichas en la mesa: 105 "
                       "(diferencia: +20): la diferencia no está en la anotación (¿contar de "
                       "nuevo?).")
    assert spanish[at + 1] == "          regla: " + citation("stack_mismatch", "es", "cash_out")
    (said,) = check(night(hands, cash_out={"1": 105, "3": 125, "4": 90}), lang="es")["night"]["findings"]
    assert said["text"] == f"{spanish[at].split(': ', 2)[2]} Regla: {citation('stack_mismatch', 'es', 'cash_out')}"


def test_a_count_beside_a_wrong_push_says_the_referee_s_stack_and_why_in_both_languages():
    """The issue's words: the referee's own figure beside the chips on the table only where
    they differ, with the reason ("+17: el bote de la mano 4 que se le entregó de más")."""
    session = night([{"actions": won_by(3, pushed_to=1)}], cash_out={"1": 100, "3": 100})
    es = {f["seat"]: f["text"] for f in check(session, lang="es")["night"]["findings"]}
    en = {f["seat"]: f["text"] for f in check(session, lang="en")["night"]["findings"]}
    assert es[1].startswith("Ana entregó 100 fichas en la caja tras la mano 1; fichas en la "
                            "mesa: 120 (diferencia: \u221220): la diferencia no está en la "
                            "anotación (¿contar de nuevo?). Según el árbitro: 95 (+25: el bote "
                            "de la mano 1 que se le entregó de más).")
    assert es[3].startswith("Bruno entregó 100 fichas en la caja tras la mano 1; fichas en la "
                            "mesa: 85 (diferencia: +15): la diferencia no está en la anotación "
                            "(¿contar de nuevo?). Según el árbitro: 110 (\u221225: el bote de la "
                            "mano 1, que le dan las reglas y no se le entregó).")
    assert en[1].startswith("Ana counted 100 chips at the cash-out after hand 1; the chips on "
                            "the table are 120 (difference: \u221220): the difference is not in "
                            "the log (count again?). The referee's stack is 95 (+25: the pot of "
                            "hand 1, pushed to them beyond the rules).")


DUPLICATE_PUSHED = ["p1 ante 5", "p2 ante 5", "p1 open 10", "p2 call", "p1 draw 0",
                    "p2 draw 0", "p1 check", "p2 check", "p1 show JsJd4c3h2s",
                    "p2 show JsQdQc8h7d", "d award p2 30"]
"""A heads-up jackpot where the Js is seen twice and the dealer pushes the pot of 30 to
seat 2 anyway."""


def _void_night(actions: list[str]) -> dict:
    return {"format": "tapete/1", "rules": JACKPOTS,
            "players": [{"seat": 1, "name": "Ana", "stack": 500},
                        {"seat": 2, "name": "Bruno", "stack": 500}],
            "hands": [{"button": 2, "actions": actions}], "cash_out": {"1": 485, "2": 515}}


@pytest.mark.parametrize("unreadable", [False, True])
def test_a_void_hand_s_wrong_push_is_judged_even_after_an_unreadable_line(tmp_path, unreadable):
    """Robert's Rules of Poker, section 13: with two cards of the same rank and suit "all
    action is void, and all chips in the pot are returned to the players who put them in";
    CONTRACT.md 2: bad input is never guessed at, but the rest of the hand is judged. The
    void returns 15 to each seat whatever the unreadable line ``p1 foo`` did, so the push
    of 30 to seat 2 is a ``wrong_award`` with or without it; the counts (485/515, as
    pushed) are the chips on the table: no night finding (the exit status is the hand's
    error)."""
    actions = list(DUPLICATE_PUSHED)
    if unreadable:
        actions[2:2] = ["d note café", "p1 foo"]
    run = _run(tmp_path, _void_night(actions))
    assert run.returncode == 1, run.stderr
    out = json.loads(run.stdout)
    (hand,) = out["hands"]
    shift = 2 if unreadable else 0
    found = [(f["kind"], f["action"]) for f in hand["findings"]]
    assert found == [("unreadable", 3)] * unreadable + [
        ("duplicate_card", 9 + shift), ("wrong_award", 10 + shift)]
    assert hand["awards"] == {"1": 15, "2": 15} and hand["recorded_awards"] == {"2": 30}
    wrong = hand["findings"][-1]
    assert wrong["details"]["expected"] == {"1": 15, "2": 15}
    assert wrong["details"]["recorded"] == {"2": 30}
    assert hand["stacks"] == {"1": 500, "2": 500}
    assert hand["chips_on_table"] == {"1": 485, "2": 515}
    assert out["night"]["findings"] == []
    session = _void_night(actions)
    session["cash_out"] = {"1": 500, "2": 500}   # as the referee has it: the pushes stand
    found = {f["seat"]: f["details"] for f in check(session)["night"]["findings"]}
    assert {s: (d["expected"], d["referee"]) for s, d in found.items()} == {
        1: (485, 500), 2: (515, 500)}


# ---------------------------------------------------------------- properties
_PROPERTY = settings(max_examples=40, deadline=None,
                     suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.slow
@_PROPERTY
@given(seed=st.integers(0, 10_000), data=st.data())
def test_counts_equal_to_the_chips_on_the_table_give_no_finding_and_one_changed_gives_that_seat(seed, data):
    """Random house-game nights (openers, passed-out deals, carried pots, wrong awards and
    other irregularities): counting every seat's chips on the table is no finding;
    changing one count by D is exactly one finding, that seat's, with difference D."""
    session = walk_session(seed)
    hands = check(session)["hands"]
    final = {int(s): c for s, c in hands[-1]["chips_on_table"].items()}
    session["cash_out"] = {str(s): c for s, c in final.items() if c >= 0}
    assert check(session)["night"]["findings"] == []
    seat = data.draw(st.sampled_from(sorted(int(s) for s in session["cash_out"])))
    delta = data.draw(st.integers(-final[seat], 500).filter(lambda d: d != 0))
    session["cash_out"][str(seat)] += delta
    (f,) = check(session)["night"]["findings"]
    assert (f["kind"], f["seat"], f["severity"]) == ("stack_mismatch", seat, "error")
    assert f["details"]["difference"] == delta and f["details"]["expected"] == final[seat]
    assert f["details"]["referee"] == int(hands[-1]["stacks"][str(seat)])


@pytest.mark.slow
@_PROPERTY
@given(seed=st.integers(0, 10_000), data=st.data())
def test_a_count_when_leaving_is_compared_with_the_chips_on_the_table_after_that_hand(seed, data):
    """The same for counts made after any hand K (a player leaving), through
    :func:`cash_out_findings` with the check's entries."""
    session = walk_session(seed)
    entries = check(session)["hands"]
    after = data.draw(st.integers(1, len(entries)))
    held = entries[after - 1]["chips_on_table"]
    counts = [Count(int(s), c, after) for s, c in held.items()]
    assert cash_out_findings(entries, counts) == []
    k = data.draw(st.integers(0, len(counts) - 1))
    delta = data.draw(st.integers(1, 300))
    counts[k] = Count(counts[k].seat, counts[k].chips + delta, after, name="X")
    (f,) = cash_out_findings(entries, counts)
    assert f.seat == counts[k].seat and f.details["difference"] == delta
