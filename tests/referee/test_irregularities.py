"""Issue 27, the referee's third round: the seeds' dealing irregularities (``d expose``, ``pN
withdraw``, ``pN sitout``, ``d fix``), the ``table_stakes`` key, who answers for a wrong ante,
and the three readings made switches. The worked cases are in ``tests/referee/cases``
(run by ``test_worked_cases.py``); here: each case said by ``python -m referee check`` in
both languages with its seed sentence, the exposed card visible to everyone, the presets,
the switches' values and the new lines' syntax.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from paths import ROOT

from referee import check, compare, messages, rank, resolve_rules, table_state
from referee.actions import ActionError, parse_action
from referee.rules import RulesError
from referee.trace import trace_session

CASES = ROOT / "tests" / "referee" / "cases"

QUOTES = {
    "table_stakes_false_open_box": "con una caja libre (sin límite en las apuestas)",
    "sitout_late": "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas.",
    "ante_liable_dealer": "De la irregularidad de las puestas es responsable el que da.",
    "expose_one_kept": "Si una carta se descubre por error, el receptor debe aceptarla",
    "expose_two_withdraw": "dos cartas se descubren, ambas destinadas al mismo jugador",
    "expose_two_misdeal": "dos cartas se descubren, ambas destinadas al mismo jugador",
    "withdraw_without_right": "esto puede retirarse de la mano",
    "fix_in_time": "hará que rectifique el que las dio",
    "fix_too_late": "no podrá tomar parte en la jugada",
    "fix_wrong": "hará que rectifique el que las dio",
    "fix_short_serve": "hará que rectifique el que las dio",
    "fix_twice": "hará que rectifique el que las dio",
    "sitout_after_ante": "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas.",
    # issue 27, the third round
    "expose_third": "Si una carta se descubre por error, el receptor debe aceptarla",
    "sitout_after_deal": "Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas.",
    "sitout_blinds_only": "El pot es obligatorio o convencional.",
    "expose_not_in_deal": "Si una carta se descubre por error, el receptor debe aceptarla",
    "fix_card_never_dealt": "hará que rectifique el que las dio",
    "circular_straight_off": "Como la escalera es circular, el as puede ir delante del rey o "
                             "después del dos, a voluntad.",
    "unposted_blind_min_big_blind": "Esta ciega no es obligatoria",
    "circular_straight_kings_paid": "Como la escalera es circular",
}
"""Case -> the seed sentence its finding quotes (seed 000 or 002)."""


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "referee", "check", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)


def _load(name: str) -> dict:
    return json.loads((CASES / f"{name}.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", sorted(QUOTES))
def test_the_command_quotes_the_seed_sentence_in_spanish_and_english(name):
    for lang, rendering in (("es", None), ("en", "“")):
        proc = _cli(str(CASES / f"{name}.json"), "--lang", lang, "--format", "text")
        assert proc.returncode in (0, 1), proc.stderr
        assert QUOTES[name] in proc.stdout, (lang, proc.stdout)
        if rendering:  # English beside the Spanish quote
            assert rendering in proc.stdout
        as_json = json.loads(_cli(str(CASES / f"{name}.json"), "--lang", lang).stdout)
        texts = [f["text"] for h in as_json["hands"] for f in h["findings"]]
        assert any(QUOTES[name] in t for t in texts), texts


def test_the_spanish_sentences_say_the_dealer_and_what_is_owed():
    result = check(_load("ante_liable_dealer"))

    found = {f["kind"]: f for f in result["hands"][0]["findings"]}
    es = messages.sentence(found["missing_ante"], "es", {1: "Ana", 2: "Bruno", 3: "Chus"})
    en = messages.sentence(found["missing_ante"], "en", {1: "Ana", 2: "Bruno", 3: "Chus"})
    assert "Chus" in es and "el repartidor" in es and "5" in es
    assert "the dealer, Chus" in en and "owes the pot 5" in en
    short = found["wrong_amount"]
    assert short["details"]["owed"] == 2 and short["details"]["dealer"] == 3


def test_an_exposed_card_is_visible_to_everyone_and_no_other_card_is():
    session = _load("expose_one_kept")
    session["hands"][0]["actions"] = session["hands"][0]["actions"][:5]  # up to Ana's deal
    state = table_state(session)
    assert state["exposed_cards"] == {"2": ["Ah"]}
    assert "Ah" in state["known_cards"]["2"]
    steps = trace_session(session, 1)["steps"]
    assert steps[3]["cards"]["2"]["exposed"] == ["Ah"]
    assert steps[2]["cards"]["2"]["exposed"] == []
    assert steps[4]["cards"]["1"]["exposed"] == []  # Ana's dealt cards stay her own


def test_the_presets_follow_their_seeds_and_the_rest_keep_todays_reading():
    assert resolve_rules("pocker").ante_liable == "dealer"         # seed 000
    assert resolve_rules("internacional").double_exposure == "withdraw"  # seed 002
    for name in ("jackpots", "clasico", "basico", "deuce_to_seven", "pocker", "internacional"):
        r = resolve_rules(name)
        assert (r.table_stakes, r.jackpot_without_pot, r.unposted_blind_min,
                r.circular_straight) == (True, True, "big_blind", False), name
    for name in ("jackpots", "clasico", "basico", "deuce_to_seven"):
        r = resolve_rules(name)
        assert (r.ante_liable, r.double_exposure) == ("player", "misdeal"), name


@pytest.mark.parametrize("key,bad", [("table_stakes", "false"), ("ante_liable", "host"),
                                     ("double_exposure", "fold"), ("jackpot_without_pot", 0),
                                     ("unposted_blind_min", "ante"), ("circular_straight", 1)])
def test_a_switch_takes_only_its_values(key, bad):
    with pytest.raises(RulesError) as exc:
        resolve_rules({"preset": "jackpots", key: bad})
    assert exc.value.key == key


def test_the_circular_straight_turns_the_corner_below_the_wheel():
    on = {"preset": "jackpots", "circular_straight": True}
    assert rank("QsKdAh2c3d", on).name == "straight"
    assert rank("QsKdAh2c3d", "jackpots").name == "high card"
    assert rank("KsAd2h3c4d", on).name == "straight"
    assert compare("KsAd2h3c4d", "As2d3h4c5s", on) == -1   # below the wheel
    assert compare("JsQdKhAc2d", "QsKdAh2c3d", on) == -1   # 2 high below 3 high
    assert compare("JsQdKhAc2d", "KsKd9h6h3c", on) == 1    # a straight beats a pair
    assert rank("QsKsAs2s3s", on).name == "straight flush"
    assert rank("TsJdQhKcAd", on).ranks == (14,)            # the top straight is unchanged


def test_the_new_lines_parse_and_bad_ones_are_never_guessed_at():
    assert parse_action("d fix p2 +2 AhKd").count == 2
    assert parse_action("d fix p2 -1").count == -1
    assert parse_action("p4 sitout").verb == "sitout"
    assert parse_action("p4 withdraw").verb == "withdraw"
    for bad in ("d fix p2 1", "d fix p2 +0", "d fix p2 +2 Ah", "d expose p2", "d expose p2 AhKd",
                "d expose p2 ??", "p4 sitout 5"):
        with pytest.raises(ActionError):
            parse_action(bad)


def test_with_table_stakes_a_rebuy_during_the_hand_waits_and_with_an_open_box_it_plays():
    session = _load("table_stakes_false_open_box")
    actions = session["hands"][0]["actions"]
    session["hands"][0]["actions"] = actions[:7] + ["p2 rebuy 100"] + actions[7:]
    open_box = check(session)["hands"][0]
    assert not any(f["action"] == 7 for f in open_box["findings"])  # plays at once
    assert open_box["stacks"]["2"] == 195
    session["rules"]["table_stakes"] = True
    stakes = check(session)["hands"][0]
    assert [f["details"] for f in stakes["findings"] if f["action"] == 7] == [{"chips": 100}]


def test_an_abstaining_seat_owes_no_ante_and_its_cards_make_it_dealt_in():
    quiet = check(_load("sitout_abstains"))["hands"][0]
    assert [f for f in quiet["findings"] if f["severity"] != "info"] == []
    dealt = check(_load("sitout_dealt_anyway"))["hands"][0]
    assert [(f["kind"], f["seat"]) for f in dealt["findings"]] == [("missing_ante", 2)]


# ------------------------------------------------ a fresh tester's findings (issue 27)
def _found(name: str) -> list[tuple[str, int, str | None]]:
    hand = check(_load(name))["hands"][0]
    return [(f["kind"], f["action"], f["details"].get("reason")) for f in hand["findings"]]


def test_play_after_a_misdeal_is_one_finding_and_every_chip_goes_back():
    # RRoP section 13: a misdeal voids the deal; the chips put in (the antes, and Ana's
    # opening of 10 made after it) go back; the dealer's push of 25 to Ana is judged
    # against those returns, and the chips on the table keep the 300 chips there were
    hand = check(_load("misdeal_played_on"))["hands"][0]
    found = [(f["kind"], f["action"], f["details"].get("reason")) for f in hand["findings"]]
    assert [f for f in found if f[0] == "not_in_hand"] == [("not_in_hand", 5, "misdeal")]
    assert ("wrong_award", 8, "misdeal") in found
    assert not any(k == "chips_not_conserved" for k, _, _ in found)
    wrong = next(f for f in hand["findings"] if f["kind"] == "wrong_award")
    assert wrong["details"]["expected"] == {"1": 15, "2": 5, "3": 5}
    assert hand["stacks"] == {"1": 100, "2": 100, "3": 100}
    assert hand["chips_on_table"] == {"1": 110, "2": 95, "3": 95}
    assert sum(hand["chips_on_table"].values()) == 300
    es = check(_load("misdeal_played_on"), lang="es")["hands"][0]["findings"]
    assert any("mal reparto" in f["text"] for f in es if f["kind"] == "not_in_hand")


def test_the_explicit_misdeal_line_then_play_is_flagged_too():
    session = _load("misdeal_played_on")
    acts = session["hands"][0]["actions"]
    session["hands"][0]["actions"] = acts[:3] + ["d misdeal", "p1 open 10", "p2 call",
                                                 "p3 fold", "d award p1 35"]
    hand = check(session)["hands"][0]
    assert [(f["kind"], f["action"]) for f in hand["findings"] if f["kind"] == "not_in_hand"] \
        == [("not_in_hand", 4)]
    assert sum(hand["chips_on_table"].values()) == 300
    assert hand["chips_on_table"] == {"1": 120, "2": 85, "3": 95}
    assert hand["stacks"] == {"1": 100, "2": 100, "3": 100}  # the rules: all goes back


def test_a_withdrawal_that_leaves_one_player_ends_the_hand_with_the_award():
    session = _load("withdraw_leaves_one")
    session["hands"][0]["actions"] = session["hands"][0]["actions"][:-1]  # before the push
    state = table_state(session)
    assert state["phase"] == "complete" and state["to_act"] is None
    assert state["legal"] == []
    assert state["proposed_awards"] == {"1": 10}


def test_a_sitout_after_the_ante_is_too_late_and_the_ante_stays():
    # seed 000: «Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas»
    assert _found("sitout_after_ante") == [("sitout_irregular", 2, "after_ante")]
    hand = check(_load("sitout_after_ante"))["hands"][0]
    assert hand["stacks"]["2"] == 95 and hand["awards"] == {"1": 35}


def test_every_line_of_a_seat_that_left_is_a_finding():
    left = [f for f in _found("acting_after_withdraw") if f[0] == "not_in_hand"]
    assert left == [("not_in_hand", 8, "withdrew"), ("not_in_hand", 11, "withdrew"),
                    ("not_in_hand", 14, "withdrew")]
    session = _load("sitout_abstains")
    acts = session["hands"][0]["actions"]
    session["hands"][0]["actions"] = acts[:5] + ["p2 call"] + acts[5:7] + ["p2 draw 1"] + acts[7:]
    out = check(session)["hands"][0]["findings"]
    assert [(f["action"], f["details"]["reason"]) for f in out if f["kind"] == "not_in_hand"] \
        == [(5, "sat_out"), (8, "sat_out")]
    late = _load("sitout_late")  # a fold: its second and third stray lines are reported too
    acts = late["hands"][0]["actions"]
    late["hands"][0]["actions"] = acts[:7] + ["p2 call", "p2 draw 2"] + acts[7:9] + ["p2 check"] \
        + acts[9:]
    out = check(late)["hands"][0]["findings"]
    assert [f["action"] for f in out if f["kind"] == "not_in_hand"] == [7, 8, 11]


def test_an_exposure_after_the_deal_is_a_warning_of_its_own_and_counts_toward_nothing():
    session = _load("expose_two_withdraw")
    session["hands"][0]["actions"] = [
        "p1 ante 5", "p2 ante 5", "p3 ante 5", "d expose p2 Ah", "p1 open 10",
        "d expose p2 Kc", "p2 withdraw", "p3 call"]
    found = _found_in(session)
    assert ("exposed_card", 5, "late") in found
    assert not any(r == "second_withdraw" for _, _, r in found)
    assert ("exposed_card", 6, "withdraw_not_allowed") in found  # one early card: no right
    state = table_state(session)
    assert state["exposed_cards"] == {"2": ["Ah", "Kc"]}  # known to everyone all the same


def test_an_exposed_card_after_a_sitout_is_reported_at_the_expose_line():
    session = _load("sitout_abstains")
    acts = session["hands"][0]["actions"]
    session["hands"][0]["actions"] = acts[:3] + ["d expose p2 Ah"] + acts[3:]
    assert [(k, i) for k, i, _ in _found_in(session) if k == "missing_ante"] \
        == [("missing_ante", 3)]


def _found_in(session: dict) -> list[tuple[str, int, str | None]]:
    hand = check(session)["hands"][0]
    return [(f["kind"], f["action"], f["details"].get("reason")) for f in hand["findings"]]


@pytest.mark.parametrize("lowest", ["2", "5", "7"])
def test_the_circular_straights_said_are_the_rankers_in_its_order(lowest):
    """Seed 000: «Como la escalera es circular, el as puede ir delante del rey o después del
    dos, a voluntad.» The runs :func:`referee.circular.circular_straights` says (for the
    form and the rules' words) are straights for :func:`referee.rank`, in that order, all
    below the lowest straight without the switch; with a lowball ranking, none."""
    from referee.circular import circular_straights

    on = {"preset": "jackpots", "circular_straight": True, "lowest_rank": lowest}
    [(deck, runs, bottom)] = circular_straights(on)
    assert deck == 4 * (15 - int(lowest))
    suits = "shdcs"
    hands = ["".join(r + suits[k] for k, r in enumerate(run.split("-"))) for run in runs + (bottom,)]
    assert all(rank(h, on).name == "straight" for h in hands)
    assert [compare(a, b, on) for a, b in zip(hands, hands[1:])] == [-1] * len(runs)
    assert rank(hands[0], dict(on, circular_straight=False)).name == "high card"
    assert circular_straights({"preset": "deuce_to_seven", "circular_straight": True}) == ()
    assert [d for d, _, _ in circular_straights("clasico")] == [52, 48, 44, 40, 36, 32]


# ------------------------------------------------------------ issue 27, the third round
def test_a_third_exposed_card_is_worded_as_a_further_one_not_as_the_first():
    """Seed 002 speaks of one exposed card and of two; the third to the same seat is one
    more it keeps (reason ``further``), said as such in both languages."""
    found = _found("expose_third")
    assert found == [("exposed_card", 3, "kept"), ("exposed_card", 4, "second_withdraw"),
                     ("exposed_card", 5, "further")]
    third = check(_load("expose_third"))["hands"][0]["findings"][2]
    names = {1: "Ana", 2: "Bruno", 3: "Chus"}
    first = check(_load("expose_third"))["hands"][0]["findings"][0]
    for lang, word in (("en", "further"), ("es", "otra carta")):
        said = messages.sentence(third, lang, names)
        assert word in said and "3" in said and said != messages.sentence(first, lang, names)


def test_a_sitout_after_the_deal_is_its_own_finding():
    # seed 000: «Si un jugador quiere abstenerse, lo dirá, y no se le darán cartas»
    assert _found("sitout_after_deal") == [("sitout_irregular", 5, "after_deal")]
    hand = check(_load("sitout_after_deal"))["hands"][0]
    assert hand["stacks"]["2"] == 95 and hand["awards"] == {"1": 35}


def test_a_sitout_in_a_hand_without_a_pot_is_flagged():
    """Seed 000: «El pot es obligatorio o convencional. Si un jugador quiere abstenerse, lo
    dirá, y no se le darán cartas.»: abstaining is from a pot; a hand of blinds only has
    none. Bruno is dealt nothing all the same."""
    assert _found("sitout_blinds_only") == [("sitout_irregular", 0, "no_pot")]
    hand = check(_load("sitout_blinds_only"))["hands"][0]
    assert hand["stacks"]["2"] == 100 and hand["awards"] == {"1": 20}
    # with antes the same sitout is the seed's abstaining: no finding
    quiet = check(_load("sitout_abstains"))["hands"][0]
    assert not [f for f in quiet["findings"] if f["kind"] == "sitout_irregular"]


def test_an_exposed_card_missing_from_the_deal_and_a_fix_of_a_card_never_dealt_are_flagged():
    assert ("wrong_card_count", 5, "exposed_not_dealt") in _found("expose_not_in_deal")
    found = _found("fix_card_never_dealt")
    assert ("wrong_card_count", 11, "fix_not_held") in found
    assert ("wrong_card_count", 11, "fixed") in found  # the count is put right all the same
    # the exposure after a deal logged card by card that lacks it: the same finding
    session = _load("expose_not_in_deal")
    acts = session["hands"][0]["actions"]
    acts[3], acts[5] = acts[5], acts[3]  # the deal first, the exposure after it
    assert ("wrong_card_count", 5, "exposed_not_dealt") in _found_in(session)
    # a card that may have been among the unseen ones is no finding
    session = _load("fix_in_time")
    assert not [f for f in _found_in(session) if f[2] == "fix_not_held"]


def test_a_sitout_after_the_ante_is_said_as_what_happened_and_names_no_seat_due():
    """Issue 27: the title said "out of turn" and the replay "Was due: Bea · Acted: Ana"."""
    hand = check(_load("sitout_after_ante"))["hands"][0]
    (f,) = hand["findings"]
    assert f["kind"] == "sitout_irregular" and "due" not in f["details"]
    assert "anteing" in messages.sentence(f, "en", {2: "Bruno"})
    assert messages.label(f["kind"], "es") == "abstención irregular"
    step = trace_session(_load("sitout_after_ante"), 1)["steps"][2]
    assert step["actor"] == 2 and step["due"] is None


def test_the_house_rankings_and_the_unposted_blind_cite_their_seed_sentences():
    """Seed 000: «Como la escalera es circular, el as puede ir delante del rey o después del
    dos, a voluntad.»; «Esta ciega no es obligatoria»."""
    (award,) = check(_load("circular_straight_off"))["hands"][0]["findings"]
    assert award["details"]["reason"] == "not_circular"
    assert "Como la escalera es circular" in award["rule"]
    assert "3-2-A-K-Q no están permitidas" in award["rule"]
    (award,) = [f for f in check(_load("circular_straight_kings_paid"))["hands"][0]["findings"]
                if f["kind"] == "wrong_award"]
    assert award["details"]["reason"] == "circular"
    assert "Como la escalera es circular" in award["rule"]
    (small,) = check(_load("unposted_blind_min_big_blind"))["hands"][0]["findings"]
    assert small["details"] == {"recorded": 10, "minimum": 20, "reason": "min_bet",
                                "basis": "unposted_blind"}
    assert "Esta ciega no es obligatoria" in small["rule"]


# ------------------------------------------ a second fresh tester's findings (issue 27)
TWO = [{"seat": 1, "name": "Ana", "stack": 100}, {"seat": 2, "name": "Bruno", "stack": 100},
       {"seat": 3, "name": "Chus", "stack": 100}]


def _hand(actions: list[str], preset: str = "internacional") -> dict:
    return check({"format": "tapete/1", "rules": {"preset": preset}, "players": TWO,
                  "hands": [{"button": 3, "actions": actions}]})["hands"][0]


def test_a_withdrawal_after_playing_on_is_a_fold_with_a_warning():
    """Seed 002: «dos cartas se descubren, ambas destinadas al mismo jugador, esto puede
    retirarse de la mano»: the right answers the deal; Bruno, who called, then withdrew,
    folded (as a withdrawal without the right is)."""
    acts = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "d expose p2 5c", "d expose p2 6c",
            "p1 open 2", "p2 call", "p2 withdraw", "p3 fold", "d award p1 7"]
    found = [(f["kind"], f["action"], f["details"].get("reason"), f["severity"])
             for f in _hand(acts)["findings"] if f["action"] == 7]
    assert found == [("exposed_card", 7, "withdraw_after_acting", "warning")]
    before = acts[:5] + ["p2 withdraw", "p1 open 2", "p3 fold", "d award p1 5"]
    assert not [f for f in _hand(before)["findings"] if f["severity"] != "info"
                and f["kind"] == "exposed_card"]  # withdrawing at the deal: its right


def test_a_card_exposed_after_the_pot_is_pushed_changes_nothing_and_is_said_so():
    acts = ["p1 ante 1", "p2 ante 1", "p3 ante 1", "d deal p1 AsAhKd7c2h",
            "d deal p2 JsJh9d8c3s", "p1 open 2", "p2 call", "p3 fold", "p1 draw 0",
            "p2 draw 0", "p1 check", "p2 check", "p1 show AsAhKd7c2h", "p2 show JsJh9d8c3s",
            "d award p1 7", "d expose p1 Qs"]
    hand = _hand(acts, "jackpots")
    assert [(f["kind"], f["details"].get("reason")) for f in hand["findings"]] == [
        ("not_in_hand", "pot_pushed")]
    es = check({"format": "tapete/1", "rules": {"preset": "jackpots"}, "players": TWO,
                "hands": [{"button": 3, "actions": acts}]}, lang="es")["hands"][0]["findings"]
    assert "después de repartido el bote" in es[0]["text"]
    # during the betting, a card the seat's known cards lack is named as such
    late = _hand(acts[:8] + ["d expose p1 Qs"], "jackpots")
    texts = [f for f in late["findings"] if f["kind"] == "exposed_card"]
    assert [f["details"]["reason"] for f in texts] == ["late_not_held"]
    assert "not among the cards logged" in messages.sentence(texts[0], "en", {1: "Ana"})
