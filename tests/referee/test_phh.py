"""PHH in and out (``referee.phh``): the real WSOP draw hands, variants, positions to seats,
action translation, awards from finishing stacks, ``.phhs`` files, export and round trips.

PokerKit's own PHH reader (``pokerkit.HandHistory``) is the independent cross-check: a hand
read by ``load_phh`` and written back by ``dump_phh`` must replay in PokerKit to the same
finishing stacks as the original file.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import tomllib

import pytest
from handgen import generate_hand
from paths import ROOT
from phh_samples import BLIND_BLIND
from pokerkit import HandHistory

from referee.phh import PHHError, dump_phh, export_main, load_phh, load_phh_all, variant_code
from referee.rules import resolve_rules

REAL = ["arieh-yockey-2019.phh"] + [f"wsop_2023_43_5_{n}.phh" for n in
                                    (41, 42, 43, 44, 45, 46, 47, 55, 56, 57, 58, 59, 60, 61)]


def _read(shared, name: str) -> str:
    return (shared / "data" / "phh" / name).read_text()


def _pokerkit_final(text: str) -> list[int]:
    *_, state = iter(HandHistory.loads(text))
    return list(state.stacks)


def test_all_fifteen_draw_files_are_listed(shared):
    names = sorted(p.name for p in (shared / "data" / "phh").glob("*.phh"))
    draw = [n for n in names if tomllib.loads(_read(shared, n))["variant"] in ("N2L1D", "F2L3D")]
    assert sorted(REAL) == draw


@pytest.mark.parametrize("name", REAL)
def test_real_hand_written_back_replays_in_pokerkit_to_the_same_stacks(shared, name):
    """load_phh then dump_phh keeps every chip: PokerKit replays both texts alike."""
    text = _read(shared, name)
    again = dump_phh(load_phh(text))
    assert _pokerkit_final(again) == _pokerkit_final(text)
    recorded = tomllib.loads(text).get("finishing_stacks")
    if recorded:
        assert tomllib.loads(again)["finishing_stacks"] == recorded


def test_positions_sit_in_seats_one_to_n_with_the_button_last(shared):
    s = load_phh(_read(shared, "wsop_2023_43_5_45.phh"))
    assert [p["seat"] for p in s["players"]] == [1, 2, 3, 4, 5]
    assert [p["name"] for p in s["players"]][:2] == ["Brian Rast", "Matthew Ashton"]
    assert [p["stack"] for p in s["players"]] == [13950000, 7200000, 2975000, 4800000, 775000]
    assert s["hands"][0]["button"] == 5


def test_n2l1d_is_deuce_to_seven_no_limit_one_draw_with_big_blind_ante(shared):
    """WSOP 2023 #43 posts a big blind ante: PHH antes = [0, 225000, 0, 0, 0]."""
    s = load_phh(_read(shared, "wsop_2023_43_5_45.phh"))
    assert s["rules"] == {"preset": "deuce_to_seven", "betting": "no_limit", "draws": 1,
                          "min_bet": 150000, "small_blind": 75000, "big_blind": 150000,
                          "blinds_allowed": True, "ante": 225000, "big_blind_ante": True}
    assert s["hands"][0]["actions"][:3] == ["p2 ante 225000", "p1 blind 75000", "p2 straddle 150000"]


def test_f2l3d_is_deuce_to_seven_fixed_limit_three_draws(shared):
    s = load_phh(_read(shared, "wsop_2023_43_5_60.phh"))
    r = resolve_rules(s["rules"])
    assert (r.ranking, r.betting, r.draws, r.small_bet, r.big_bet) == (
        "deuce_to_seven", "fixed_limit", 3, 250000, 500000)
    assert r.ante == 0 and r.opening is None


def test_cbr_becomes_raise_over_the_blinds_and_bet_after_the_draw(shared):
    acts = load_phh(_read(shared, "wsop_2023_43_5_60.phh"))["hands"][0]["actions"]
    assert "p3 raise 500000" in acts  # pre-draw, over the big blind
    j = acts.index("d serve p3 7d2s")
    assert acts[j + 1:j + 5] == ["p2 bet 250000", "p3 raise 500000", "p2 raise 750000", "p3 call"]


def test_cbr_becomes_open_before_the_draw_when_nobody_has_bet():
    text = """variant = "N2L1D"
antes = [5, 5]
blinds_or_straddles = [0, 0]
min_bet = 10
starting_stacks = [100, 100]
actions = ["d dh p1 7h5d4c3s2h", "d dh p2 KsKd9c8h2d", "p2 cc", "p1 cbr 10", "p2 cc",
           "p1 sd", "p2 sd Ks", "d dh p2 3d", "p1 cc", "p2 cbr 20", "p1 f"]
finishing_stacks = [85, 115]
"""
    acts = load_phh(text)["hands"][0]["actions"]
    assert acts == ["p1 ante 5", "p2 ante 5", "d deal p1 7h5d4c3s2h", "d deal p2 KsKd9c8h2d",
                    "p2 check", "p1 open 10", "p2 call", "p1 draw 0", "p2 draw 1 Ks",
                    "d serve p2 3d", "p1 check", "p2 bet 20", "p1 fold", "d award p2 50"]


def test_serves_follow_each_seats_own_draw(shared):
    acts = load_phh(_read(shared, "wsop_2023_43_5_45.phh"))["hands"][0]["actions"]
    j = acts.index("p2 draw 2 JsJd")
    assert acts[j:j + 4] == ["p2 draw 2 JsJd", "d serve p2 Qh8c", "p5 draw 1 9h", "d serve p5 4s"]


def test_award_is_finishing_stack_less_what_was_left(shared):
    """Hand 41: seat 4 raises to 200,000, all fold: the pot of blinds, ante and the
    uncalled raise (50,000 + 100,000 + 150,000 + 200,000) is pushed to seat 4."""
    acts = load_phh(_read(shared, "wsop_2023_43_5_41.phh"))["hands"][0]["actions"]
    assert [a for a in acts if a.startswith("d award")] == ["d award p4 500000"]


def test_no_award_lines_without_finishing_stacks(shared):
    acts = load_phh(_read(shared, "arieh-yockey-2019.phh"))["hands"][0]["actions"]
    assert not [a for a in acts if a.startswith("d award")]
    assert acts[-2:] == ["p1 show 7h6c4c3d2c", "p4 show 2h4d7c5c3c"]


def test_sm_without_cards_is_a_muck(shared):
    acts = load_phh(_read(shared, "wsop_2023_43_5_57.phh"))["hands"][0]["actions"]
    assert "p2 muck" in acts and "p5 show 7h3d2s5c6h" in acts


def test_partly_unseen_cards_keep_their_question_marks(shared):
    acts = load_phh(_read(shared, "wsop_2023_43_5_60.phh"))["hands"][0]["actions"]
    assert "d deal p1 5" in acts and "d deal p2 Kh7c6d2c??" in acts and "p2 draw 2 Kh??" in acts


def test_badugi_is_refused_with_the_reason(shared):
    with pytest.raises(ValueError, match="badugi.*four-card"):
        load_phh(_read(shared, "alice-carol-wikipedia.phh"))


@pytest.mark.parametrize("variant", ["NT", "FR", "F7S"])
def test_other_variants_are_refused(variant):
    with pytest.raises(ValueError, match=f"variant '{variant}' is not a five-card draw variant"):
        load_phh(f'variant = "{variant}"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [10, 10]\nactions = []\n')


def test_finishing_stacks_below_what_was_left_are_refused():
    text = """variant = "N2L1D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 ??????????", "d dh p2 ??????????", "p2 f"]
finishing_stacks = [90, 101]
"""
    with pytest.raises(PHHError, match="p1: finishing stack 90 is below"):
        load_phh(text)


@pytest.mark.parametrize("text,reason", [
    ("variant = ", "not PHH"),
    ('variant = "N2L1D"\nantes = [0, 0]\nstarting_stacks = [1, 1]\nactions = []\n', "min_bet is required"),
    ('variant = "N2L1D"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [9, 9]\nactions = 5\n',
     "'actions' must be a list"),
    ('variant = "N2L1D"\nantes = [0, "x"]\nmin_bet = 2\nstarting_stacks = [9, 9]\nactions = []\n',
     "antes: 'x' is not a whole number"),
    ('variant = ["N2L1D"]\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [9, 9]\nactions = []\n',
     "variant must be a code"),
    ('variant = "N2L1D"\nantes = [0, 0]\nmin_bet = 2\nstarting_stacks = [9, 9]\nactions = []\nplayers = 5\n',
     "players must be a list"),
])
def test_bad_phh_gets_a_clear_error(text, reason):
    with pytest.raises(ValueError, match=reason):
        load_phh(text)


@pytest.mark.parametrize("action,reason", [
    ("d db AsKsQs", "not a draw-poker dealer action"),
    ("p3 f", "'p3' is not a player p1..p2"),
    ("p2 cbr 2x0000", "the amount '2x0000' is not a whole number of chips"),
    ("p2 dance", "is not a five-card draw action"),
    ("p2 sd XxYy", "PHH action 'p2 sd XxYy'"),
])
def test_a_bad_phh_action_is_an_unreadable_finding_on_that_action(action, reason):
    """One bad action does not refuse the whole file: the check reports it as unreadable
    (CONTRACT.md 2), with a message free of Python internals."""
    import referee

    text = ('variant = "N2L1D"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n'
            'starting_stacks = [9, 9]\n'
            f'actions = ["d dh p1 ??????????", "d dh p2 ??????????", "{action}", "p2 f"]\n')
    hand = referee.check(load_phh(text))["hands"][0]
    bad = [f for f in hand["findings"] if f["kind"] == "unreadable"]
    assert len(bad) == 1 and bad[0]["action"] == 4 and reason in bad[0]["message"]
    assert "int()" not in bad[0]["message"] and "Error" not in bad[0]["message"]


def test_heads_up_button_posts_the_small_blind_and_p1_the_big():
    """Heads-up (RRoP section 4; PokerKit): the button (p2) posts the small blind."""
    text = """variant = "N2L1D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 80]
actions = ["d dh p1 ??????????", "d dh p2 ??????????", "p2 f"]
finishing_stacks = [51, 79]
"""
    s = load_phh(text)
    acts = s["hands"][0]["actions"]
    assert acts[:2] == ["p2 blind 1", "p1 straddle 2"]
    assert acts[-2:] == ["p2 fold", "d award p1 3"]
    assert s["hands"][0]["button"] == 2


def test_phhs_of_one_table_becomes_one_session_seated_by_name(shared):
    """Hands 42 and 43 are consecutive at one level: the button moves one seat, stacks carry."""
    text = "[1]\n" + _read(shared, "wsop_2023_43_5_42.phh") + "\n\n[2]\n" + _read(shared, "wsop_2023_43_5_43.phh")
    s = load_phh(text)
    assert len(s["hands"]) == 2
    seat = {p["name"]: p["seat"] for p in s["players"]}
    assert s["hands"][0]["button"] == seat["Matthew Ashton"]
    assert s["hands"][1]["button"] == seat["Kristopher Tong"]
    assert s["hands"][1]["stacks"] == {str(seat["Kristopher Tong"]): 2525000, str(seat["James Obst"]): 4425000,
                                       str(seat["Talal Shakerchi"]): 1225000, str(seat["Brian Rast"]): 14325000,
                                       str(seat["Matthew Ashton"]): 7200000}
    assert f"p{seat['James Obst']} raise 1000000" in s["hands"][1]["actions"]
    assert len(load_phh_all(text)) == 2


def test_phhs_across_a_blind_level_change_is_refused_by_load_phh(shared):
    """A session has one set of house rules; hand 41 (50,000/100,000) and 42 (75,000/150,000) differ."""
    text = "[1]\n" + _read(shared, "wsop_2023_43_5_41.phh") + "\n\n[2]\n" + _read(shared, "wsop_2023_43_5_42.phh")
    with pytest.raises(ValueError, match="other rules"):
        load_phh(text)


def test_phhs_of_different_tables_is_refused_by_load_phh(shared):
    text = "[1]\n" + _read(shared, "wsop_2023_43_5_41.phh") + "\n\n[2]\n" + _read(shared, "arieh-yockey-2019.phh")
    with pytest.raises(ValueError, match="other players"):
        load_phh(text)
    assert [len(s["players"]) for s in load_phh_all(text)] == [5, 4]


@pytest.mark.parametrize("rules,code", [
    ("jackpots", "F5CD"),
    ({"preset": "basico", "betting": "no_limit"}, "N5CD"),
    ({"preset": "basico", "betting": "pot_limit"}, "P5CD"),
    ({"preset": "deuce_to_seven"}, "N2L1D"),
    ({"preset": "deuce_to_seven", "betting": "fixed_limit", "draws": 3}, "F2L3D"),
])
def test_variant_codes(rules, code):
    assert variant_code(resolve_rules(rules)) == code


def test_jackpots_case_exports_with_house_rules_and_reads_back(shared):
    session = json.loads((shared / "cases" / "clean_jackpot_hand.json").read_text())
    text = dump_phh(session)
    fields = tomllib.loads(text)
    assert fields["variant"] == "F5CD"
    assert fields["_tapete_rules"] == session["rules"]
    assert fields["seats"] == [1, 3, 4]  # position order: after the button (4) .. button
    assert fields["antes"] == [5, 5, 5]
    assert fields["finishing_stacks"] == [465, 550, 485]
    back = load_phh(text)
    assert back["rules"] == session["rules"]
    assert back["players"] == session["players"]
    assert back["hands"][0]["button"] == 4
    assert back["hands"][0]["actions"] == session["hands"][0]["actions"]


def _plain(actions: list[str]) -> list[str]:
    """Actions with recorded call amounts dropped (PHH ``cc`` has none)."""
    return [" ".join(a.split()[:2]) if a.split()[1] == "call" else a for a in actions]


@pytest.mark.parametrize("seed", range(60))
def test_generated_session_round_trips_through_phh(seed):
    """dump_phh then load_phh gives back the session, call amounts and 'allin' included
    (PHH writes them as cc/cbr, the log's line rides along as a ``# tapete:`` comment);
    PokerKit replays exported 2-7 hands to the same stacks."""
    hand = generate_hand(seed)
    text = dump_phh(hand.session)
    assert tomllib.loads(text)["variant"] == hand.variant
    if hand.variant in ("N2L1D", "F2L3D"):  # PokerKit has no five-card draw code to read
        assert _pokerkit_final(text) == [hand.final_stacks[s] for s in hand.order]
    assert tomllib.loads(text)["finishing_stacks"] == [hand.final_stacks[s] for s in hand.order]
    back = load_phh(text)
    assert back["rules"] == hand.session["rules"]
    assert back["players"] == hand.session["players"]
    assert back["hands"][0]["button"] == hand.session["hands"][0]["button"]
    assert back["hands"][0]["actions"] == hand.actions
    assert dump_phh(back) == text


def test_generated_phh_reads_as_the_generated_session():
    """The generator's own PHH fields (PokerKit's action order) read as its tapete log."""
    from handgen import phh_text
    rng = random.Random(5)
    for _ in range(40):
        hand = generate_hand(rng.randrange(2**32))
        s = load_phh(phh_text(hand.phh))
        assert s["hands"][0]["button"] == hand.session["hands"][0]["button"]
        got = s["hands"][0]["actions"]
        if not any(a.endswith(" allin") for a in hand.actions):
            assert got == _plain(hand.actions)


def test_export_command_writes_the_file(tmp_path, shared):
    out = tmp_path / "hand.phh"
    assert export_main([str(shared / "cases" / "side_pot_allin.json"), "-o", str(out)]) == 0
    fields = tomllib.loads(out.read_text())
    assert fields["variant"] == "N5CD" and fields["finishing_stacks"] == [180, 200, 200, 160]


@pytest.mark.slow
def test_export_command_line_prints_phh_and_fails_cleanly(tmp_path, shared):
    ok = subprocess.run([sys.executable, "-m", "referee", "export", str(shared / "cases" / "split_pot_odd_chip.json")],
                        capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0 and tomllib.loads(ok.stdout)["variant"] == "N5CD"
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    res = subprocess.run([sys.executable, "-m", "referee", "export", str(bad)],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 2 and res.stderr.count("\n") == 1 and "bad.json" in res.stderr


@pytest.mark.slow
def test_check_command_reads_phh_files(shared):
    """``python -m referee check FILE.phh`` replays a real hand (exit 0) and refuses badugi
    with a one-line reason (exit 2)."""
    ok = subprocess.run([sys.executable, "-m", "referee", "check",
                         str(shared / "data" / "phh" / "wsop_2023_43_5_45.phh")],
                        capture_output=True, text=True, cwd=ROOT)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["hands"][0]["stacks"] == {
        "1": 13875000, "2": 6200000, "3": 2975000, "4": 4800000, "5": 1850000}
    bad = subprocess.run([sys.executable, "-m", "referee", "check",
                          str(shared / "data" / "phh" / "alice-carol-wikipedia.phh")],
                         capture_output=True, text=True, cwd=ROOT)
    assert bad.returncode == 2 and "badugi" in bad.stderr and bad.stderr.count("\n") == 1


def test_check_command_reads_a_phhs_of_consecutive_hands(tmp_path, shared):
    """Hands 42 and 43 as one .phhs: one session, stacks carried with no stack_mismatch."""
    path = tmp_path / "two.phhs"
    path.write_text("[1]\n" + _read(shared, "wsop_2023_43_5_42.phh") + "\n\n[2]\n"
                    + _read(shared, "wsop_2023_43_5_43.phh"))
    res = subprocess.run([sys.executable, "-m", "referee", "check", str(path)],
                         capture_output=True, text=True, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    hands = json.loads(res.stdout)["hands"]
    assert [h["findings"] for h in hands] == [[], []]
    names = load_phh(path.read_text())["players"]
    seat = {p["name"]: str(p["seat"]) for p in names}
    assert hands[1]["stacks"][seat["James Obst"]] == 4800000
    assert hands[1]["stacks"][seat["Talal Shakerchi"]] == 850000


def _judged(result: dict) -> list:
    return [([(f["kind"], f["action"]) for f in h["findings"]], h["awards"], h["stacks"], h["carried"])
            for h in result["hands"]]


@pytest.mark.parametrize("case", ["clasico_flush_beats_full", "clean_jackpot_hand", "false_opener",
                                  "out_of_turn_open", "pocker_repoker", "progressive_openers",
                                  "side_pot_allin", "six_cards_after_draw", "split_pot_odd_chip"])
def test_worked_case_judged_the_same_after_a_phh_round_trip(shared, case):
    """Export then import keeps every finding (kind and action index), award, stack and
    carried pot of the worked cases, house rules included (``_tapete_rules``)."""
    import referee

    session = json.loads((shared / "cases" / f"{case}.json").read_text())
    back = load_phh(dump_phh(session))
    assert _judged(referee.check(back)) == _judged(referee.check(session))


def test_actions_without_a_phh_form_travel_as_tapete_comments():
    """A misdeal, a note and a split of openers have no PHH action: they are written as
    ``# tapete (seat numbers): ...`` comments (PokerKit skips them) and read back; after the misdeal the
    next hand starts with the antes returned and the same button."""
    import referee

    session = {"format": "tapete/1", "rules": "jackpots",
               "players": [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bea", "stack": 100},
                           {"seat": 4, "name": "Cris", "stack": 100}],
               "hands": [{"button": 4, "actions": ["p1 ante 1", "p2 ante 1", "p4 ante 1", "d misdeal"]},
                         {"actions": ["p1 ante 1", "p2 ante 1", "p4 ante 1", "d note new deck", "p1 open 2",
                                      "p2 call", "p4 fold", "p1 split", "p1 draw 1 Jc", "p2 draw 2",
                                      "p1 check", "p2 check", "p1 show JsJd9c4h2s", "p2 show 8s8d5c4d2c",
                                      "d award p1 7"]}]}
    text = dump_phh(session)
    fields = tomllib.loads(text)
    assert fields["1"]["actions"] == ["# tapete (seat numbers): d misdeal"]
    assert "# tapete (seat numbers): p1 split" in fields["2"]["actions"]
    assert fields["2"]["starting_stacks"] == [100, 100, 100] and fields["2"]["seats"] == [1, 2, 4]
    back = load_phh(text)
    assert [h["actions"] for h in back["hands"]] == [h["actions"] for h in session["hands"]]
    assert _judged(referee.check(back)) == _judged(referee.check(session))


def test_export_finishing_stacks_are_the_referees_and_the_next_hand_starts_from_them():
    """A pushed pot the rules keep (opener mucked without showing openers): the referee's
    stacks are the finishing stacks, and the next hand's starting stacks match them; the
    dealer's push travels as a comment action and reads back as it was logged."""
    import referee

    session = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
               "players": [{"seat": s, "name": f"P{s}", "stack": 500} for s in (1, 3, 4)],
               "hands": [{"button": 4, "actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check",
                                                   "p3 open 10", "p4 fold", "p1 fold", "p3 muck",
                                                   "d award p3 25"]},
                         {"actions": ["p1 ante 5", "p3 ante 5", "p4 ante 5"]}]}
    fields = tomllib.loads(dump_phh(session))
    assert fields["1"]["finishing_stacks"] == [495, 485, 495]  # seats 1, 3, 4: 25 carried
    starting = dict(zip(fields["2"]["seats"], fields["2"]["starting_stacks"]))
    assert starting == dict(zip(fields["1"]["seats"], fields["1"]["finishing_stacks"]))
    back = load_phh(dump_phh(session))
    assert back["hands"][0]["actions"] == session["hands"][0]["actions"]
    assert _judged(referee.check(back)) == _judged(referee.check(session))


@pytest.mark.parametrize("actions", [
    ["p1 ante 5", "p3 ante 5", "p4 ante 5", "p1 check", "p3 blind 10", "p4 fold", "p1 fold", "d award p3 25"],
    ["p1 ante 5", "p3 ante 5", "p1 check", "p3 check", "p4 ante 5"],
    ["p1 ante 5", "p3 ante 3", "p4 ante 7", "p1 check", "p3 check", "p4 check"],
])
def test_irregular_antes_and_blinds_survive_export_in_place(actions):
    import referee

    session = {"format": "tapete/1", "rules": {"preset": "jackpots", "ante": 5, "small_bet": 10, "big_bet": 20},
               "players": [{"seat": s, "name": f"P{s}", "stack": 100} for s in (1, 3, 4)],
               "hands": [{"button": 4, "actions": actions}]}
    back = load_phh(dump_phh(session))
    assert back["hands"][0]["actions"] == actions
    assert _judged(referee.check(back)) == _judged(referee.check(session))


def test_export_deals_unseen_cards_where_the_log_wrote_no_deal(shared):
    session = json.loads((shared / "cases" / "clean_jackpot_hand.json").read_text())
    fields = tomllib.loads(dump_phh(session))
    assert fields["actions"][:3] == ["d dh p1 ??????????", "d dh p2 ??????????", "d dh p3 ??????????"]
    assert load_phh(dump_phh(session))["hands"][0]["actions"] == session["hands"][0]["actions"]


# ---------------------------------------------------------------- a big blind logged as `blind`


def _pokerkit_by_seat(text: str) -> dict[int, int]:
    fields = tomllib.loads(text)
    return dict(zip(fields["seats"], _pokerkit_final(text)))


@pytest.mark.parametrize("heads_up", [False, True])
def test_a_big_blind_logged_as_blind_is_exported_as_the_phh_big_blind(heads_up):
    """A second ``blind`` line is the double blind, as the referee reads it: the export posts
    it in ``blinds_or_straddles`` (not as a comment), PokerKit replays the PHH to the stacks
    the referee rules, and load_phh reads the log back line for line (the verb travels in
    ``_tapete_double_blind``)."""
    session = json.loads(json.dumps(BLIND_BLIND))
    if heads_up:
        session["players"] = session["players"][1:]
        session["hands"][0]["actions"] = [
            "p3 blind 5", "p2 blind 10", "p3 call", "p2 check", "p2 draw 0", "p3 draw 1",
            "p2 bet 10", "p3 call", "p2 show KhQdJc9s7h", "p3 show 8h6d5c4s2h", "d award p3 40"]
        session["hands"][0]["button"] = 3
    import referee

    judged = referee.check(session)
    assert judged["hands"][0]["findings"] == []
    text = dump_phh(session)
    fields = tomllib.loads(text)
    # (positions from the seat after the button; heads-up PokerKit reads the list reversed)
    assert fields["seats"] == ([2, 3] if heads_up else [2, 3, 1])
    assert fields["blinds_or_straddles"] == ([5, 10] if heads_up else [5, 10, 0])
    assert not any("blind" in a for a in fields["actions"])
    assert fields["_tapete_double_blind"] == "blind"
    stacks = {int(s): c for s, c in judged["hands"][0]["stacks"].items()}
    assert _pokerkit_by_seat(text) == stacks
    back = load_phh(text)
    assert back["hands"][0]["actions"] == session["hands"][0]["actions"]
    assert _judged(referee.check(back)) == _judged(judged)


def test_tapete_comments_say_their_seat_numbering_and_old_ones_still_read():
    """A ``# tapete`` comment carries the session log's line, whose ``pN`` is seat N, while
    PHH's ``pN`` is position N: the comment says which numbering ("seat numbers", the
    file's ``seats`` field). Exports written with the old ``# tapete: `` prefix still read."""
    text = dump_phh(BLIND_BLIND)
    fields = tomllib.loads(text)
    comments = [a for a in fields["actions"] if "#" in a]
    assert comments == ["# tapete (seat numbers): d award p3 50"]
    assert fields["seats"][2] == 1  # (PHH p3 is Ana, seat 1; the comment's p3 is Chus, seat 3)
    old = text.replace("# tapete (seat numbers): ", "# tapete: ")
    assert load_phh(old) == load_phh(text)
    assert load_phh(text)["hands"][0]["actions"][-1] == "d award p3 50"


def test_a_straddle_exports_without_the_blind_verb_field():
    session = json.loads(json.dumps(BLIND_BLIND))
    session["hands"][0]["actions"][1] = "p3 straddle 10"
    fields = tomllib.loads(dump_phh(session))
    assert "_tapete_double_blind" not in fields and fields["blinds_or_straddles"] == [5, 10, 0]
    assert load_phh(dump_phh(session))["hands"][0]["actions"][1] == "p3 straddle 10"
